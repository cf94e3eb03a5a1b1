"""What a designer met writing games of their own from the README alone: a pattern over a card's
back, a face's background colour, empty values, a stock whose name holds a comma, a validate with
warnings only, a polygon of two corners. Each is a starter (`pnp new deck`) edited as a designer
would, and each message is one line at the place to mend."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest
from PIL import Image

from conftest import REPO, run_pnp


def starter(tmp_path, kind: str, name: str):
    """A `pnp new` starter, its game file and a function that edits it (old text, new text)."""
    assert run_pnp("new", kind, name, cwd=tmp_path)[0] == 0
    game = tmp_path / name / f"{name}.yaml"

    def edit(old: str, new: str) -> None:
        text = game.read_text()
        assert old in text, old
        game.write_text(text.replace(old, new, 1))

    return game, edit


@pytest.fixture
def deck(tmp_path):
    return starter(tmp_path, "deck", "g")


@pytest.fixture
def board(tmp_path):
    return starter(tmp_path, "board", "b")


def first_page_text(pdf) -> str:
    """Page 1's words, each run of spaces and line breaks one space."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        return " ".join(document[0].get_textpage().get_text_range().split())
    finally:
        document.close()


def line_of(game, text: str) -> int:
    return next(number for number, line in enumerate(game.read_text().splitlines(), 1) if text in line)


def test_a_pattern_repeated_over_the_bleed_is_on_the_piece(deck):
    """`every:` starts its pattern in the bleed, off the piece: one copy on it is enough."""
    game, edit = deck
    edit("    background: back\n", "    background: back\n"
         "    dots: {symbol: diamond, colour: back_pattern, at: [0.5, 0.5], every: [0.2, 0.12], size: 0.05}\n")
    code, _, stderr = run_pnp("validate", game.name, cwd=game.parent)
    assert code == 0 and "dots" not in stderr, stderr
    # An element placed off the piece is still told.
    edit("    dots: {symbol: diamond", "    lost: {symbol: diamond, at: [1.8, 1.8]}\n    dots: {symbol: diamond")
    code, _, stderr = run_pnp("validate", game.name, cwd=game.parent)
    assert code == 2 and "card-back.lost lies wholly off" in stderr, stderr


@pytest.mark.parametrize("colour, says", [
    ("navvy", 'unknown colour "navvy" in palette "classic"; did you mean "navy"?'),
    ('"#abc"', '"#abc" is no colour; write "#rrggbb", six hex digits (0-9, a-f)'),
])
def test_a_backgrounds_unknown_colour_is_told_at_its_line(deck, colour, says):
    game, edit = deck
    edit("    background: back\n", f"    background: {colour}\n")
    code, _, stderr = run_pnp("validate", game.name, cwd=game.parent)
    line = line_of(game, f"background: {colour}")
    assert code == 2 and stderr.splitlines() == [
        f"g.yaml:{line}:17: error: layouts.card-back.background: {says} [input.unknown-colour]"], stderr


@pytest.mark.parametrize("old, new, key", [
    ("    background: back\n", "    background:\n", "layouts.card-back.background"),
    ("{rect: true, fill: panel, radius_mm: 2,", "{rect: {fill: , radius_mm: 2},", "layouts.card-front.text-band.rect.fill"),
])
def test_a_key_with_nothing_after_it_is_an_error_not_a_default(deck, old, new, key):
    game, edit = deck
    edit(old, new)
    code, _, stderr = run_pnp("validate", game.name, cwd=game.parent)
    line = line_of(game, new.strip().split(":")[0] + ":")
    assert code == 2 and len(stderr.splitlines()) == 1, stderr
    assert stderr.startswith(f"g.yaml:{line}:") and f"{key} is empty; give it a value" in stderr, stderr


def test_a_set_with_warnings_only_is_ok_and_says_how_many(deck):
    game, edit = deck
    Image.new("RGB", (60, 40), "#336699").save(game.parent / "small.png")  # 60 px over 26 mm: under 300 dpi
    edit("    background: back\n", '    background: back\n    art: {image: small.png, at: [0.5, 0.3], box: [0.4, 0.2]}\n')
    code, stdout, stderr = run_pnp("validate", game.name, cwd=game.parent)
    assert code == 0 and "[custom.picture-dpi]" in stderr, stderr
    assert stdout.startswith("g.yaml: ok, ") and stdout.endswith(" rules hold (1 warning above)\n"), stdout


def test_a_polygon_of_two_corners_is_told_at_its_corners(deck):
    game, edit = deck
    edit("    piece: poker-card ", "    shape: polygon\n    points_mm: [[0, 0], [40, 0]]\n    piece: poker-card ")
    edit("    piece: poker-card ", "    # piece: poker-card ")
    code, _, stderr = run_pnp("validate", game.name, cwd=game.parent)
    line = line_of(game, "points_mm:")
    assert code == 2 and stderr.splitlines() == [
        f"g.yaml:{line}:16: error: card: its points_mm give 2 corners; a polygon needs at least three [x, y] corners "
        "in mm [input.out-of-range]"], stderr


@pytest.mark.parametrize("width_mm, height_mm, in_parts", [(190, 270, True), (170, 240, False)])
def test_page_one_says_a_piece_prints_in_parts_when_the_job_splits_it(tmp_path, width_mm, height_mm, in_parts):
    """190 x 270 mm fits A4's printable area, but not with its bleed and crop marks round it: the job
    splits it, and page 1 says how to join the parts (it said nothing when the sizes alone fitted)."""
    (tmp_path / "poster.yaml").write_text(f"""game: custom
id: poster
title: Near the edge
components:
  poster:
    title: Poster
    piece: {{width_mm: {width_mm}, height_mm: {height_mm}}}
    rows: [{{n: 1}}]
    front: plain
layouts:
  plain:
    background: panel
    label: {{symbol: star, at: [0.5, 0.5], size_mm: 3}}
""")
    code, _, stderr = run_pnp("build", "poster.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    manifest = json.loads((tmp_path / "out" / "poster" / "manifest.json").read_text())
    parts = [piece["part"]["label"] for page in manifest["pages"] for piece in page["pieces"] if "part" in piece]
    assert bool(parts) == in_parts, parts
    said = first_page_text(tmp_path / "out" / "poster" / "poster.pdf")
    assert ("prints in parts" in said) == in_parts and ("Join a piece printed in parts" in said) == in_parts, said


def test_a_text_too_long_for_its_box_is_one_error_not_a_second_at_the_cut(deck):
    """A text run past its box reaches where it may (the cut); that follows from the one mistake,
    which the text-fit error tells."""
    game, edit = deck
    edit('text: {text: "{text}"', 'text: {text: "{text} {text} {text} {text} {text} {text} {text} {text} {text}"')
    code, _, stderr = run_pnp("validate", game.name, cwd=game.parent)
    errors = [line for line in stderr.splitlines() if ": error: " in line]
    assert code == 1 and len(errors) == 1 and errors[0].endswith("[custom.layout]"), stderr


def test_two_texts_printed_into_each_other_are_a_warning_at_the_element(deck):
    game, edit = deck
    edit("    text-band:", '    o1: {text: "HI", at: [0.5, 0.5], box: [0.3, 0.1], size_pt: 8}\n'
         '    o2: {text: "HO", at: [0.5, 0.5], box: [0.3, 0.1], size_pt: 8}\n    text-band:')
    code, stdout, stderr = run_pnp("validate", game.name, cwd=game.parent)
    lines = stderr.splitlines()
    assert code == 0 and len(lines) == 1 and lines[0].endswith("[layout.text-overlap]"), stderr
    assert lines[0].startswith((f"g.yaml:{line_of(game, 'o1:')}:", f"g.yaml:{line_of(game, 'o2:')}:")), stderr
    assert ": warning: card: " in lines[0], stderr
    assert '"HI" runs into "HO"' in lines[0] or '"HO" runs into "HI"' in lines[0], stderr
    assert "(1 warning above)" in stdout


def test_a_text_too_long_in_a_layout_many_extend_is_one_error(tmp_path):
    """A Diamonds copy's card layout is extended by a layout for each rank: a text added to it that
    cannot fit is one mistake, told once at its line (it was fourteen lines, one a rank)."""
    from conftest import DIAMONDS_YAML

    text = DIAMONDS_YAML.read_text()
    assert "\nlayouts:" not in text
    (tmp_path / "d.yaml").write_text(text + 'layouts:\n  card:\n    note: {text: "' + "many words " * 12
                                     + '", at: [0.5, 0.5], box: [0.3, 0.05]}\n')
    code, _, stderr = run_pnp("validate", "d.yaml", cwd=tmp_path)
    lines = [line for line in stderr.splitlines() if "[layout.text-fit]" in line]
    assert code == 1 and len(lines) == 1 and lines[0].startswith(f"d.yaml:{text.count(chr(10)) + 3}:"), stderr


@pytest.mark.parametrize("written, typed", [('"kraft card, 350 gsm"', "kraft card, 350 gsm"),
                                             ('"kraft\\n  card"', "kraft card")])
def test_a_stock_name_is_quoted_in_page_ones_command_and_read_as_typed(deck, tmp_path, written, typed):
    """Page 1's command to print a stock alone is one to copy: quoted when the name holds a comma or
    a space, and a name written over two lines, or with two spaces, is the one it prints and --stock takes."""
    game, edit = deck
    edit("    piece: poker-card ", f"    stock: {written}\n    piece: poker-card ")
    code, _, stderr = run_pnp("build", game.name, "--out", tmp_path / "out", cwd=game.parent)
    assert code == 0, stderr
    assert f"--stock '{typed}'" in first_page_text(tmp_path / "out" / "g" / "g.pdf")
    code, _, stderr = run_pnp("build", game.name, "--stock", "kraft", "--out", tmp_path / "out", cwd=game.parent)
    assert code == 2 and f'its stocks are "plain", "{typed}" (' in stderr, stderr
    code, _, stderr = run_pnp("build", game.name, "--stock", typed, "--out", tmp_path / "out", cwd=game.parent)
    assert code == 0, stderr


def test_a_tracks_start_label_takes_the_rows_fields_on_one_line_and_fits_its_track(board, tmp_path):
    game, edit = board
    edit("    front: board\n", "    front: board\n    rows: [{go: Départ}]\n")
    edit("first: 0,", 'first: 0, start: "{go} ici",')
    code, _, stderr = run_pnp("build", game.name, "--out", tmp_path / "out", cwd=game.parent)
    assert code == 0, stderr
    document = pdfium.PdfDocument(str(tmp_path / "out" / "b" / "b.pdf"))
    try:
        said = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in document)
    finally:
        document.close()
    assert "Départ ici" in said and "{go}" not in said
    edit('start: "{go} ici"', 'start: "Départ\\nici"')
    code, _, stderr = run_pnp("validate", game.name, cwd=game.parent)
    assert code == 2 and stderr.splitlines() == [
        f"b.yaml:{line_of(game, 'track: {')}:12: error: layouts.board.track: its start label is printed on one line "
        "under the first square; write it without a line break [input.element]"], stderr
    # A value too wide for the track even at 7 pt is told at its row.
    edit('start: "Départ\\nici"', 'start: "{go}"')
    edit("rows: [{go: Départ}]", "rows: [{go: " + "a very long way to the start " * 6 + "}]")
    code, _, stderr = run_pnp("validate", game.name, cwd=game.parent)
    assert code == 1 and stderr.splitlines() == [
        f'b.yaml:{line_of(game, "rows: [{go:")}:12: error: board.track: "a very long way to the start a very long" is '
        "wider than its track on board at 7 pt; give a shorter start label, or a wider box [custom.layout]"], stderr


def test_validate_counts_each_rule_a_designer_writes(deck):
    game, edit = deck
    counted = []
    for _ in range(2):
        code, stdout, stderr = run_pnp("validate", game.name, cwd=game.parent)
        assert code == 0, stderr
        counted.append(int(stdout.split("ok, ")[1].split()[0]))
        edit("rules:\n", "rules:\n  - {id: some-cost, of: card, sum: cost, at_least: 1}\n")
    assert counted[1] == counted[0] + 1, counted


def test_a_copys_layout_naming_a_field_its_pieces_lack_is_one_line(tmp_path):
    """A text or a track's start label in a Diamonds copy's card layout naming no field of a card: one
    line at the element, not a traceback."""
    from conftest import DIAMONDS_YAML

    text = DIAMONDS_YAML.read_text()
    for element in ('{text: "{nope}", at: [0.5, 0.8], box: [0.6, 0.1]}',
                    '{track: true, columns: 3, rows: 1, start: "{nope}", at: [0.5, 0.5], box: [0.6, 0.2]}'):
        (tmp_path / "d.yaml").write_text(text + f"layouts:\n  card:\n    extra: {element}\n")
        code, _, stderr = run_pnp("validate", "d.yaml", cwd=tmp_path)
        assert code == 2 and stderr.splitlines() == [
            f'd.yaml:{text.count(chr(10)) + 3}:12: error: "{{nope}}" names no field of the pieces it is drawn on '
            "(their fields: colour, rank, suit, symbol) [input.unknown-field]"], stderr


def test_a_copys_picture_named_by_a_field_its_pieces_lack_is_an_error_not_left_out(tmp_path):
    """`image: "{nope}.png"` where no card has a `nope`: a mistake, told at its line (an empty field of
    a piece that has it leaves the picture off that piece, but no field at all is no such case)."""
    from conftest import DIAMONDS_YAML

    text = DIAMONDS_YAML.read_text()
    (tmp_path / "d.yaml").write_text(text + 'layouts:\n  card:\n    extra: {image: "{nope}.png", at: [0.5, 0.5], '
                                     "box: [0.2, 0.2]}\n")
    code, _, stderr = run_pnp("validate", "d.yaml", cwd=tmp_path)
    assert code == 2 and stderr.startswith(f"d.yaml:{text.count(chr(10)) + 3}:12: error: \"{{nope}}\" names no field")


@pytest.mark.parametrize("element, says", [
    ('{text: "{nope}", at: [0.5, 0.5], box: [0.3, 0.1]}', '"{nope}" names no field of the pieces it is drawn on'),
    ('{text: "{item}", each: nope, at: [0.5, 0.5], box: [0.3, 0.3]}', 'each: "nope" is no list of this piece\'s'),
])
def test_a_copys_movement_card_element_that_names_what_its_cards_lack_is_one_line(tmp_path, element, says):
    """Diamond Mine measures its movement cards' words before it draws them (a card grows to hold a
    translation): what that measure reads is told as the drawing tells it, not as a traceback."""
    text = (REPO / "data" / "diamond_mine.yaml").read_text()
    (tmp_path / "m.yaml").write_text(text + f"\nlayouts:\n  movement-front:\n    extra: {element}\n")
    code, _, stderr = run_pnp("validate", "m.yaml", cwd=tmp_path)
    assert code == 2 and len(stderr.splitlines()) == 1 and says in stderr, stderr


def test_a_copys_judge_term_naming_what_a_term_lacks_is_one_line(tmp_path):
    """Diatoms measures its judges' term words before it draws them: a copy's element there naming no
    field of a term is told at its line, not a traceback."""
    text = (REPO / "data" / "diatoms.yaml").read_text()
    (tmp_path / "d.yaml").write_text(text + '\nlayouts:\n  judge-term-words:\n    extra: {text: "{nope}", '
                                     "at: [0.5, 0.5], box: [0.3, 0.1]}\n")
    code, _, stderr = run_pnp("validate", "d.yaml", cwd=tmp_path)
    assert code == 2 and len(stderr.splitlines()) == 1, stderr
    assert stderr.startswith("d.yaml:") and '"{nope}" names no field' in stderr, stderr
