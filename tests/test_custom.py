"""`game: custom`: a game in YAML alone (generator/games/custom): components, layouts with extends,
rows inline or from CSV, rules as data, each mistake one line at its file and line."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from conftest import run_pnp
from generator.load import load_game

ROOT = Path(__file__).resolve().parent.parent

GAME = """game: custom
title: Test deck
components:
  card:
    piece: poker-card
    rows:
      - {id: a, name: Alpha, suit: heart}
      - {id: b, name: Beta, suit: spade, count: 2}
    front: front
    back: back
layouts:
  base:
    name: {text: "{name}", at: [0.5, 0.1], box: [0.8, 0.1], role: title}
    pip: {symbol: "{suit}", at: [0.5, 0.5], size_mm: 20}
  front:
    extends: base
    name: {role: body}
    corner: {rect: {fill: panel}, at: [0, 0], anchor: top-left, box_mm: [10, 10]}
  back:
    background: back
    logo: {symbol: diamond, size_mm: 30, colour: back_pattern}
"""


@pytest.fixture
def game(tmp_path) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(GAME)
    return path


def edited(path: Path, old: str, new: str) -> Path:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def one_error(tmp_path, *args, rule: str) -> str:
    code, _, stderr = run_pnp(*args, cwd=tmp_path)
    lines = stderr.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in stderr, stderr
    assert lines[0].endswith(f"[{rule}]"), lines[0]
    return lines[0]


def example_build(tmp_path, name: str, *options: str) -> tuple[Path, list[dict]]:
    """An example copied as a user would, validated and built: its output folder and its front pieces."""
    folder = tmp_path / name
    shutil.copytree(ROOT / "docs" / "examples" / name, folder)
    code, _, stderr = run_pnp("validate", f"{name}.yaml", cwd=folder)
    assert code == 0, stderr
    code, _, stderr = run_pnp("build", f"{name}.yaml", "--out", "out", *options, cwd=folder)
    assert code == 0, stderr
    manifest = json.loads((folder / "out" / name / "manifest.json").read_text())
    assert manifest["pages"][0]["pieces"][0]["component"] == "print-guide"  # page 1 says how to print it
    return folder / "out" / name, [piece for page in manifest["pages"] if page["side"] == "front"
                                   for piece in page["pieces"] if piece["component"] != "print-guide"]


def test_the_hex_tile_example_builds_tiles_tokens_a_board_and_a_track(tmp_path):
    _, fronts = example_build(tmp_path, "hex-tiles", "--paper", "letter")
    shapes = {piece["component"]: piece["shape"] for piece in fronts}
    assert shapes == {"tile": "polygon", "token": "circle", "board": "rect", "track": "rect"}
    assert sum(piece["component"] == "tile" for piece in fronts) == 24


def test_grid_track_and_polygon_elements_draw_what_they_say(game):
    from generator.model import Area
    from generator.recording import record_face

    edited(game, "  back:\n", "  sheet:\n"
                                "    pad: {grid: {columns: 4, rows: 3}, at: [0.5, 0.3], box: [0.8, 0.3]}\n"
                                "    score: {track: {columns: 5, rows: 2, first: 1}, at: [0.5, 0.7], box: [0.8, 0.3]}\n"
                                "    arrow: {polygon: [[0.1, 0.9], [0.2, 0.95], [0.1, 1.0]], fill: ink}\n"
                                "  back:\n")
    edited(game, "    back: back\n", "    back: sheet\n")
    [cards] = load_game(str(game)).components()
    drawn = record_face(cards.pieces[0].back, Area(63.5, 88.9, 0.0))
    numbers = sorted(int(text.text) for text in drawn.texts if text.text.isdigit())
    assert numbers == list(range(1, 11))  # a track of 5 x 2 squares numbered from 1
    lines = [call for call in drawn.calls if call[0] == "path" and len(call[1].commands) == 2]
    assert len(lines) == 3 + 2  # the grid's inner lines: 3 between 4 columns, 2 between 3 rows
    triangles = [call for call in drawn.calls if call[0] == "path" and len(call[1].commands) == 4]
    assert triangles  # the polygon (three corners and a close)


def test_a_table_draws_its_rows_from_a_field_on_its_column_edges(game):
    """A `table` element: each row of the field a band, every other one in the fill, each cell on its
    column's edge; text too wide for its column shrinks, and a bad column list is one error at its line."""
    from generator.model import Area
    from generator.recording import record_face

    edited(game, "      - {id: a, name: Alpha, suit: heart}\n",
           "      - {id: a, name: Alpha, suit: heart, prices: \"Ruby | 5\\nEmerald | 12\\nPearl | 3\"}\n")
    edited(game, "suit: spade, count: 2}", "suit: spade, count: 2, prices: Ruby | 4}")
    edited(game, "    corner:", "    prices: {table: \"{prices}\", at: [0.1, 0.6], anchor: top-left, box: [0.8, 0.3], "
                                "fill: '#abcdef', leading: 4, columns_at: [0, 1], columns_align: [left, right]}\n    corner:")
    [cards] = load_game(str(game)).components()
    drawn = record_face(cards.pieces[0].front, Area(63.5, 88.9, 0.0))
    cells = {text.text: text for text in drawn.texts}
    assert [text.text for text in drawn.texts if text.text in ("Ruby", "5", "Emerald", "12", "Pearl", "3")] == \
        ["Ruby", "5", "Emerald", "12", "Pearl", "3"]
    assert cells["Ruby"].box[0] == pytest.approx(0.1 * 63.5, abs=0.3)  # from the left edge, rightwards
    assert cells["12"].box[2] == pytest.approx(0.9 * 63.5, abs=0.3)  # to the right edge
    pitch = 0.3 * 88.9 / 3
    assert cells["Emerald"].box[1] - cells["Ruby"].box[1] == pytest.approx(pitch, abs=0.3)
    stripes = [path for path in drawn.paths if path.fill == "#abcdef"]
    assert len(stripes) == 1 and stripes[0].box[1] == pytest.approx(0.6 * 88.9 + pitch, abs=1e-6)
    edited(game, "columns_at: [0, 1],", "columns_at: [0, 1, 0.5],")
    with pytest.raises(Exception, match=r"columns_at \(3\) and columns_align \(2\)"):
        load_game(str(game))


def test_the_card_example_builds_thirty_cards_from_its_csv(tmp_path):
    out, fronts = example_build(tmp_path, "star-traders", "--format", "pdf,svg,cut")
    ids = [piece["id"] for piece in fronts]
    assert len(ids) == 30 and ids[:2] == ["sun-1", "sun-2"] and "heart-10" in ids
    pdf = (out / "star-traders.pdf").read_bytes()
    assert pdf.count(b"/Subtype /Image") == 1  # the back's picture, stored once behind thirty cards


def test_rows_layouts_and_a_shared_back(game):
    loaded = load_game(str(game))
    [cards] = loaded.components()
    assert [piece.id for piece in cards.pieces] == ["a", "b", "b-2"]
    assert len({id(piece.back) for piece in cards.pieces}) == 1  # one back, drawn once
    assert not [f for f in loaded.findings() if f.level == "error"]
    from generator.model import Area
    from generator.recording import record_face

    piece = cards.pieces[0]
    drawn = record_face(piece.front, Area(piece.width, piece.height, 0.0))
    assert [text.text for text in drawn.texts] == ["Alpha"]
    sizes = {text.text: text.size for text in drawn.texts}
    body = loaded.spec.style.resolve("card", piece="a").body.size
    assert sizes["Alpha"] <= body + 1e-9  # `front` changed the inherited name's role to body


def test_an_extended_element_can_be_left_out(game):
    edited(game, "    name: {role: body}\n", "    name: null\n")
    [cards] = load_game(str(game)).components()
    from generator.model import Area
    from generator.recording import record_face

    drawn = record_face(cards.pieces[0].front, Area(63.5, 88.9, 0.0))
    assert drawn.texts == []


def test_layouts_that_extend_in_a_circle_are_refused(game, tmp_path):
    edited(game, "  base:\n", "  base:\n    extends: front\n")
    line = one_error(tmp_path, "validate", "game.yaml", rule="input.extends-cycle")
    assert "front -> base -> front" in line or "base -> front -> base" in line


def test_a_face_naming_an_unknown_layout_is_refused(game, tmp_path):
    edited(game, "    back: back\n", "    back: bak\n")
    line = one_error(tmp_path, "validate", "game.yaml", rule="input.unknown-layout")
    assert line.startswith("game.yaml:10:") and 'did you mean "back"' in line


@pytest.mark.parametrize("old, new, rule, where", [
    ("suit: spade, count: 2}", "suit: spades, count: 2}", "input.unknown-symbol", "game.yaml:8:"),
    ("{id: a, name: Alpha, suit: heart}", "{id: a, suit: heart}", "input.missing-field", "game.yaml:7:"),
    ("count: 2}", "count: many}", "input.type", "game.yaml:8:"),
    ("{id: b,", "{id: a,", "input.duplicate-id", "game.yaml:8:"),
    ('size_mm: 20}', 'size_mm: 20, colour: "{suit}"}', "input.unknown-colour", "game.yaml:7:"),
])
def test_a_bad_row_is_one_error_at_its_line(game, tmp_path, old, new, rule, where):
    edited(game, old, new)
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    lines = stderr.strip().splitlines()
    assert code == 2 and "Traceback" not in stderr and lines, stderr
    assert all(line.endswith(f"[{rule}]") for line in lines) and lines[0].startswith(where), stderr


def test_csv_rows_and_their_mistakes_at_file_and_line(game, tmp_path):
    (tmp_path / "cards.csv").write_text("id,name,suit,count\nh1,Alpha,heart,1\ns1,Beta,spade,3\n", encoding="utf-8")
    text = game.read_text()
    start, end = text.index("    rows:\n"), text.index("    front: front")
    game.write_text(text[:start] + "    rows: cards.csv\n" + text[end:])
    [cards] = load_game(str(game)).components()
    assert [piece.id for piece in cards.pieces] == ["h1", "s1", "s1-2", "s1-3"]
    (tmp_path / "cards.csv").write_text("id,name,suit,count\nh1,Alpha,heart,1\ns1,Beta,spade\n", encoding="utf-8")
    line = one_error(tmp_path, "validate", "game.yaml", rule="input.csv")
    assert line.startswith("cards.csv:3: error: 3 values for 4 columns")
    (tmp_path / "cards.csv").write_text("id,name,suit\nh1,Alpha,clover\n", encoding="utf-8")
    assert one_error(tmp_path, "build", "game.yaml", rule="input.unknown-symbol").startswith("cards.csv:2:")
    (tmp_path / "cards.csv").unlink()
    assert "cards.csv" in one_error(tmp_path, "validate", "game.yaml", rule="input.missing-file")


def _csv_rows(tmp_path, text: str):
    """The rows of cards.csv (written as `text`) as a component reads them, or the error lines."""
    from generator.errors import InputError, Location
    from generator.games.custom.rows import read_rows
    from generator.reading import Reader

    (tmp_path / "cards.csv").write_bytes(text.encode())
    try:
        return read_rows("cards.csv", Location("game.yaml", 6), "card", Reader(tmp_path))
    except InputError as problem:
        return [line.split(str(tmp_path) + "/")[-1] for line in str(problem).splitlines()]


@pytest.mark.parametrize("text, says", [
    ("id,count\nb-2,1\nb,2\n", 'cards.csv:2: error: the id "b-2" is also the id the row at line 3 gives its copy'),
    ("id,count\nb,2\nb-2,1\n", 'cards.csv:3: error: the id "b-2" is also the id the row at line 2 gives its copy'),
    ("id,count\nb-2,0\nb,2\n", 'cards.csv:2: error: the id "b-2" is also the id the row at line 3 gives its copy'),
    ("id,name\n,A\ncard-1,B\n", 'cards.csv:3: error: the id "card-1" is also the id the row at line 2 gives its piece'),
    ("id,name\ncard-2,B\n,A\n", 'cards.csv:2: error: the id "card-2" is also the id the row at line 3 gives its piece'),
])
def test_an_id_another_row_makes_is_refused_whichever_row_comes_first(tmp_path, text, says):
    [line] = _csv_rows(tmp_path, text)
    assert line.startswith(says) and line.endswith("[input.duplicate-id]"), line


def test_a_csv_file_is_read_with_any_line_end(tmp_path):
    """\\n, \\r\\n or \\r alone, as a spreadsheet of any system writes them: a quoted cell's line break
    is one, whichever it is, and the lines are counted alike."""
    for end in ("\n", "\r\n", "\r"):
        rows = _csv_rows(tmp_path, end.join(["id,name", "a,Alpha", 'b,"Be' + end + 'ta"', "c,Gamma", ""]))
        assert [(row.id, row.fields["name"], row.location.line) for row in rows] == \
            [("a", "Alpha", 2), ("b", "Be\nta", 3), ("c", "Gamma", 5)], repr(end)
    lines = _csv_rows(tmp_path, "id,name\ra,Alpha\r\nb\rc,Gamma,x\n")
    assert [line.split(": error: ")[0] for line in lines] == ["cards.csv:3", "cards.csv:4"], lines


def test_every_mistake_of_a_csv_file_is_told_at_once(tmp_path):
    """A row short of a value, a bad count and a repeated id: each at its line, in one run."""
    lines = _csv_rows(tmp_path, "id,name,count\na,Alpha,1\nb,Beta\nc,Gamma,many\na,Delta,1\n")
    assert [line.split(" [")[-1] for line in lines] == ["input.csv]", "input.type]", "input.duplicate-id]"], lines
    assert [line.split(": error: ")[0] for line in lines] == ["cards.csv:3", "cards.csv:4", "cards.csv:5"], lines


def test_reading_a_csv_file_holds_little_beside_its_rows(tmp_path):
    """Its rows are made as the file is read: no list of every row's fields beside them, no second
    copy of the file (the old way peaked at twice what the rows hold)."""
    import gc
    import tracemalloc

    text = "id,name,suit,text\n" + "".join(f"c{i},Card {i},sun,gain {i} and draw one card\n" for i in range(5000))
    (tmp_path / "cards.csv").write_text(text)
    gc.collect()
    tracemalloc.start()
    try:
        rows = _csv_rows(tmp_path, text)
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(rows) == 5000 and peak < 1.4 * held, (held, peak)


def test_a_bad_number_and_a_missing_picture_are_told_together(game, tmp_path):
    """A row's mistakes and a summed field that is not a number: every line at once, each at its row."""
    (tmp_path / "cards.csv").write_text("id,name,suit,cost,art\nh1,Alpha,heart,two,h1.png\ns1,Beta,spade,3,s1.png\n",
                                        encoding="utf-8")
    text = game.read_text()
    start, end = text.index("    rows:\n"), text.index("    front: front")
    game.write_text(text[:start] + "    rows: cards.csv\n" + text[end:]
                    + '    art: {image: "{art}", at: [0.5, 0.5], box: [0.6, 0.3]}\n'
                    + "rules:\n  - {id: economy, of: card, sum: cost, equals: 5}\n")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 2 and "Traceback" not in stderr, stderr
    lines = stderr.strip().splitlines()
    assert [line.split(": error: ")[0] for line in lines] == ["cards.csv:2", "cards.csv:2", "cards.csv:3"], stderr
    assert '"h1.png": no such file' in lines[0] and 'cost "two" is not a number' in lines[1], stderr
    assert '"s1.png": no such file' in lines[2], stderr


RULES = """rules:
  - {id: deck-size, of: card, count: 4}
  - {id: two-each, of: card, per: suit, count: 2}
  - {id: names, of: card, unique: name}
  - {id: suits, of: card, field: suit, allowed: [heart, spade]}
  - {id: values, of: card, sum: value, equals: 10}
"""


@pytest.mark.parametrize("old, new, rule, fragment", [
    ("count: 4}", "count: 5}", "custom.count", "rule deck-size: card has 4 pieces; the rule says 5"),
    ("per: suit, count: 2}", "per: suit, count: 1}", "custom.count", 'rule two-each: 2 card pieces have suit "spade"'),
    ("allowed: [heart, spade]", "allowed: [heart]", "custom.allowed", 'rule suits: suit "spade" is not one of heart'),
    ("equals: 10}", "equals: 8}", "custom.sum", "rule values: card's value values add up to 10; the rule says 8"),
    ("{id: names, of: card, unique: name}", "{id: names, of: card, unique: set}", "custom.unique",
     'rule names: set "base" is also on the piece at line 7'),
    ("of: card, count: 4}", "of: cards, count: 4}", "custom.rule", 'rule deck-size: no component "cards"'),
])
def test_each_data_rule_fires_on_a_set_that_breaks_it(game, tmp_path, old, new, rule, fragment):
    game.write_text(GAME.replace("suit: heart}", "suit: heart, set: base, value: 3, count: 2}")
                    .replace("suit: spade, count: 2}", "suit: spade, set: base, value: 2, count: 2}") + RULES)
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 0, stderr  # the set as written keeps every rule
    edited(game, old, new)
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    lines = [line for line in stderr.splitlines() if line.endswith(f"[{rule}]")]
    refused = rule == "custom.rule"  # a rule that cannot run as written is refused with the input's mistakes
    assert code == (2 if refused else 1) and any(fragment in line for line in lines), stderr
    assert all(line.startswith(("game.yaml:", "cards.csv:")) for line in lines)


def test_text_that_cannot_fit_its_box_at_7_pt_is_a_layout_error(game, tmp_path):
    edited(game, "{id: b, name: Beta,", "{id: b, name: " + "Alphabetical " * 12 + ",")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    [line] = [line for line in stderr.splitlines() if line.endswith("[custom.layout]")]
    assert code == 1 and line.startswith("game.yaml:8:9: error: front.name: \"Alphabetical Alphabetical Alphabetical A\" ")
    assert "does not fit its box on card at 7 pt" in line


def test_a_text_too_long_is_told_beside_a_rule_that_fails(game, tmp_path):
    """A custom game's faces are read whatever its rules found: the designer learns of both at once."""
    game.write_text(GAME.replace("{id: a, name: Alpha,", "{id: a, name: " + "Alphabetical " * 12 + ",")
                    + "rules:\n  - {id: deck, of: card, count: 4}\n")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    rules = sorted(line.rsplit("[", 1)[1] for line in stderr.splitlines())
    assert code == 1 and rules == ["custom.count]", "custom.layout]"], stderr


def test_the_rows_are_let_go_once_the_rules_have_run_and_read_again_if_asked(game, tmp_path):
    """The pieces hold what they print, so a deck's rows go once its rules have run (ten thousand
    rows are some 1.5 MiB); a text too long for its box is still told at its row, read again."""
    text = game.read_text()
    start, end = text.index("    rows:\n"), text.index("    front: front")
    game.write_text(text[:start] + "    rows: cards.csv\n" + text[end:] + "rules:\n  - {id: deck, of: card, count: 2}\n")
    for name, findings in (("Beta", []), ("Alphabetical " * 12, ["custom.layout at cards.csv:3"])):
        (tmp_path / "cards.csv").write_text(f"id,name,suit\nh1,Alpha,heart\ns1,{name},spade\n")
        loaded = load_game(str(game))
        assert loaded.spec.rows("card")  # read as the game loaded, and held for its rules
        assert [f"{finding.rule} at {finding.location}".replace(f"{tmp_path}/", "")
                for finding in loaded.findings()] == findings
        assert ("_rows" in loaded.spec.__dict__) == bool(findings)  # let go, and read again to tell where


def test_each_text_of_a_large_deck_is_measured_once(tmp_path, monkeypatch):
    """More different texts than the measure cache holds (2,048): the layout check reads what the
    drawing measured, rather than measuring each text again for itself."""
    from generator.kit import layouts

    measured = []
    real = layouts.fit_tokens

    def counting(paragraphs, *args, **kwargs):
        measured.append(" ".join(" ".join(tokens) for tokens in paragraphs))
        return real(paragraphs, *args, **kwargs)

    monkeypatch.setattr(layouts, "fit_tokens", counting)
    rows = "".join(f"c{i},Card number {i},A line of words for card {i}\n" for i in range(1100))
    (tmp_path / "cards.csv").write_text("id,name,text\n" + rows)
    (tmp_path / "deck.yaml").write_text("""game: custom
title: Many texts
components:
  card:
    piece: mini-card
    rows: cards.csv
    front: face
layouts:
  face:
    name: {text: "{name}", at: [0.5, 0.2], box: [0.8, 0.2]}
    text: {text: "{text}", at: [0.5, 0.7], box: [0.8, 0.4]}
""")
    code, _, stderr = run_pnp("build", "deck.yaml", "--out", tmp_path / "out", "-q", cwd=tmp_path)
    assert code == 0, stderr
    texts = [text for text in measured if "number" in text or "words" in text]
    assert len(texts) == 2200 and len(set(texts)) == 2200  # 1,100 names and 1,100 lines, each once


def test_a_picture_from_the_games_folder(game, tmp_path):
    from PIL import Image

    Image.new("RGB", (60, 90), (200, 40, 40)).save(tmp_path / "back.png")
    edited(game, "    logo: {symbol: diamond", "    art: {image: back.png, at: [0.5, 0.5], box: [1, 1], fit: fill}\n"
                                                "    logo: {symbol: diamond")
    code, _, stderr = run_pnp("build", "game.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    edited(game, "image: back.png", "image: front.png")
    line = one_error(tmp_path, "build", "game.yaml", "--out", "out", rule="input.image")
    assert line.startswith("game.yaml:") and '"front.png": no such file' in line


def test_text_or_a_symbol_outside_the_safe_area_is_a_layout_error(game, tmp_path):
    assert run_pnp("validate", "game.yaml", cwd=tmp_path)[0] == 0
    edited(game, "at: [0.5, 0.1], box: [0.8, 0.1]", "at: [0.5, 0.02], box: [0.8, 0.1]")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 1 and "[layout.safe-area]" in stderr and '"Alpha" on a (front)' in stderr
    assert "keep text 3 mm inside it" in stderr  # the preset's safe margin
    edited(game, "at: [0.5, 0.02], box: [0.8, 0.1]", "at: [0.5, 0.1], box: [0.8, 0.1]")
    edited(game, "pip: {symbol: \"{suit}\", at: [0.5, 0.5], size_mm: 20}", "pip: {symbol: \"{suit}\", at: [0.9, 0.5], size_mm: 20}")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 1 and "game.yaml:" in stderr and "front.pip reaches outside the 3 mm safe area of card" in stderr


def test_a_picture_under_300_dpi_is_a_warning_naming_it(game, tmp_path):
    from PIL import Image

    Image.new("RGB", (60, 90), (200, 40, 40)).save(tmp_path / "small.png")  # 60 px over 63.5 mm: 24 dpi
    Image.new("RGB", (760, 1060), (200, 40, 40)).save(tmp_path / "sharp.png")  # over 304 dpi
    edited(game, "    logo: {symbol: diamond", "    art: {image: small.png, at: [0.5, 0.5], box: [1, 1], fit: fill}\n"
                                                "    logo: {symbol: diamond")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 0 and '"small.png" prints at 24 dpi' in stderr and "[custom.picture-dpi]" in stderr
    edited(game, "image: small.png", "image: sharp.png")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 0 and "picture-dpi" not in stderr


def test_every_game_refuses_text_under_7_pt_on_a_piece(game, tmp_path):
    edited(game, 'box: [0.8, 0.1], role: title}', 'box: [0.8, 0.1], role: title, size_pt: 5}')
    edited(game, "    name: {role: body}\n", "")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 1 and "[layout.text-size]" in stderr and "prints at 5.0 pt" in stderr


def test_a_track_from_first_to_last_works_out_its_shape_and_counts_its_squares(game, tmp_path):
    from generator.model import Area
    from generator.recording import record_face

    edited(game, "  back:\n", "  sheet:\n"
                                "    score: {track: {first: 1, last: 60}, at: [0.5, 0.5], box: [0.9, 0.6]}\n"
                                "  back:\n")
    edited(game, "    back: back\n", "    back: sheet\n")
    loaded = load_game(str(game))
    assert loaded.spec.layouts.marks("sheet") == 60  # the bound on a game counts the squares first..last
    drawn = record_face(loaded.components()[0].pieces[0].back, Area(63.5, 88.9, 0.0))
    assert sorted(int(text.text) for text in drawn.texts if text.text.isdigit()) == list(range(1, 61))
    line = game.read_text().splitlines().index(next(x for x in game.read_text().splitlines() if "score:" in x)) + 1
    for track, rule, said in [("first: 9, last: 2", "input.element", "last number (2) comes before its first (9)"),
                              ("columns: 7, rows: 8, first: 1, last: 60", "input.element", "7 x 8 has 56 squares"),
                              ("columns: 7, rows: 10, first: 1, last: 60", "input.element", "leave the rest empty"),
                              ("first: 1, last: 1001", "input.too-large", "at most 1,000")]:
        edited(game, next(x for x in game.read_text().splitlines() if "score:" in x),
               "    score: {track: {" + track + "}, at: [0.5, 0.5], box: [0.9, 0.6]}")
        message = one_error(tmp_path, "validate", "game.yaml", rule=rule)
        assert message.startswith(f"game.yaml:{line}:") and said in message, message


def test_a_value_that_fails_its_check_is_reported_at_every_row_that_gives_it(game, tmp_path):
    """The rows' check remembers only the values that passed (a deck's suits are looked up once):
    a misspelt suit is an error at each row that has it, not once for the first."""
    edited(game, "{id: a, name: Alpha, suit: heart}", "{id: a, name: Alpha, suit: hartz}")
    edited(game, "{id: b, name: Beta, suit: spade, count: 2}",
           "{id: b, name: Beta, suit: spade, count: 2}\n      - {id: c, name: Gamma, suit: spade}\n"
           "      - {id: d, name: Delta, suit: hartz}")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    lines = stderr.strip().splitlines()
    assert code == 2 and "Traceback" not in stderr, stderr
    assert [line.split(": ")[0] for line in lines] == ["game.yaml:7:9", "game.yaml:10:9"], stderr
    assert all('unknown symbol "hartz"' in line for line in lines), stderr


def test_a_face_holds_its_rows_values_beside_the_components_one_tuple_of_names(game):
    """Ten thousand rows hold no (field, value) pair each: a face's row is its values beside names
    every face of the component shares, and reads as the pairs a layout fills in."""
    loaded = load_game(str(game))
    [card, *_] = loaded.components()
    pieces = {piece.id: piece for piece in card.pieces}
    alpha, beta, beta_copy = pieces["a"], pieces["b"], pieces["b-2"]
    assert dict(alpha.front.row) == {"name": "Alpha", "suit": "heart"}
    assert alpha.front.row.names is beta.front.row.names
    assert beta.front == beta_copy.front and hash(beta.front) == hash(beta_copy.front) and alpha.front != beta.front
    # A face that shows every field of its row holds the row's own values; rows hold a suit once.
    rows = {row.id: row for row in loaded.spec.rows("card")}
    assert alpha.front.row.values is rows["a"].values and alpha.front.row.names is rows["a"].names
    assert rows["b"].value("suit") is rows["b-2"].value("suit")


def test_a_face_that_shows_some_fields_or_the_id_holds_them_in_column_order(game, tmp_path):
    """A front showing two of three columns holds those two, as the file orders them; a back that
    prints the id (no column holds it) holds that alone."""
    (tmp_path / "cards.csv").write_text("id,suit,name,note\nh1,heart,Alpha,x\ns1,spade,Beta,y\n", encoding="utf-8")
    text = game.read_text()
    start, end = text.index("    rows:\n"), text.index("    front: front")
    game.write_text(text[:start] + "    rows: cards.csv\n" + text[end:]
                    + '    code: {text: "{id}", at: [0.5, 0.8], box: [0.6, 0.1]}\n')  # on the back
    [card] = load_game(str(game)).components()
    first, second = card.pieces[0], card.pieces[1]
    assert tuple(first.front.row) == (("suit", "heart"), ("name", "Alpha"))
    assert tuple(first.back.row) == (("id", "h1"),) and tuple(second.back.row) == (("id", "s1"),)
    assert first.front.row.names is second.front.row.names


def _deck_from_csv(game: Path, csv: str, elements: str = "") -> None:
    """The test deck's rows from cards.csv (written as `csv`), its front with `elements` added."""
    (game.parent / "cards.csv").write_text(csv, encoding="utf-8")
    text = game.read_text()
    if "rows: cards.csv" in text:
        return  # a second file for the same deck
    start, end = text.index("    rows:\n"), text.index("    front: front")
    text = text[:start] + "    rows: cards.csv\n" + text[end:]
    game.write_text(text.replace("  back:\n", elements + "  back:\n", 1) if elements else text)


def test_a_bad_count_or_id_does_not_hide_what_the_rows_name(game, tmp_path):
    """A bad count, a repeated id, an unknown symbol and two missing pictures: one run tells them all,
    each at its row; a row whose count or id is wrong has its symbol and picture checked too."""
    from PIL import Image

    Image.new("RGB", (40, 40)).save(tmp_path / "ok.png")
    _deck_from_csv(game, "id,name,suit,count,art\n"
                         "a,Alpha,heart,1,ok.png\n"
                         "b,Beta,spade,many,ok.png\n"      # 3: a bad count
                         "c,Gamma,hearts,1,ok.png\n"       # 4: an unknown symbol
                         "a,Delta,heart,1,ok.png\n"        # 5: a repeated id
                         "e,Epsilon,spade,1,gone.png\n"    # 6: a missing picture
                         "f,Zeta,club,2.5,lost.png\n",     # 7: a bad count and a missing picture
                   '    art: {image: "{art}", at: [0.5, 0.5], box: [0.6, 0.3]}\n')
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    lines = stderr.strip().splitlines()
    assert code == 2 and "Traceback" not in stderr, stderr
    assert [(line.split(": error: ")[0], line.rsplit(" [", 1)[1]) for line in lines] == [
        ("cards.csv:3", "input.type]"), ("cards.csv:4", "input.unknown-symbol]"),
        ("cards.csv:5", "input.duplicate-id]"), ("cards.csv:6", "input.image]"), ("cards.csv:7", "input.type]"),
        ("cards.csv:7", "input.image]")], stderr
    assert '"gone.png": no such file' in lines[3] and '"lost.png": no such file' in lines[5], stderr


def test_a_rows_copies_share_its_faces_unless_a_face_shows_their_ids(game):
    """`count: 3` makes three pieces of one row: they share its faces, drawn and checked once (a deck
    of 60 cards from 20 rows draws 20 fronts), and a front that shows {id} tells them apart."""
    from generator.recording import distinct_faces

    _deck_from_csv(game, "id,name,suit,count\na,Alpha,heart,3\nb,Beta,spade,2\nc,Alpha,heart,1\n")
    [cards] = load_game(str(game)).components()
    assert sorted(piece.id for piece in cards.pieces) == ["a", "a-2", "a-3", "b", "b-2", "c"]
    assert distinct_faces([cards]) == 4  # a's, b's and c's fronts (c shows what a does, and is a row of its own), one back
    edited(game, "    name: {role: body}\n", '    name: {role: body}\n    ident: {text: "{id}", at: [0.5, 0.8]}\n')
    [cards] = load_game(str(game)).components()
    assert distinct_faces([cards]) == 7


def test_every_row_whose_text_does_not_fit_is_named_at_once(game, tmp_path):
    """Three rows too long for one element: one error at the first, naming the others' lines (a row's
    copies are that row), so that one run tells every row to mend."""
    long = "Alphabetical " * 12
    _deck_from_csv(game, f"id,name,suit,count\na,{long},heart,1\nb,Beta,spade,1\nc,{long},heart,2\n"
                         f"d,Delta,spade,1\ne,{long}x,heart,1\n")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    [line] = [line for line in stderr.splitlines() if line.endswith("[custom.layout]")]
    assert code == 1 and line.startswith('cards.csv:2: error: front.name: "Alphabetical Alphabetical'), stderr
    assert line.endswith("fewer words; 2 more rows (lines 4, 6) do not fit either [custom.layout]"), line
    _deck_from_csv(game, f"id,name,suit\na,Alpha,heart\nb,{long},spade\n" + "".join(
        f"c{n},{long},heart\n" for n in range(7)))
    stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)[2]
    [line] = [line for line in stderr.splitlines() if line.endswith("[custom.layout]")]
    assert line.startswith("cards.csv:3: ") and "; 7 more rows (lines 4, 5, 6, 7, 8, ...) do not fit either" in line


@pytest.mark.parametrize("csv, says", [
    ("id;name;suit\na;Alpha;heart\n", 'the header "id;name;suit" is one column: the file separates its columns '
                                      'with ";"'),
    ("id\tname\tsuit\na\tAlpha\theart\n", 'the header "id\\tname\\tsuit" is one column: the file separates its columns '
                                          "with tabs"),
])
def test_a_csv_file_separated_by_semicolons_or_tabs_says_so(game, tmp_path, csv, says):
    """Excel's CSV where a comma is the decimal point (much of Europe) separates columns with ";": one
    error at the header saying so, not a field that no row has."""
    _deck_from_csv(game, csv)
    line = one_error(tmp_path, "validate", "game.yaml", rule="input.csv")
    assert line.startswith(f"cards.csv:1: error: {says}; save it as CSV with commas"), line
    assert "CSV UTF-8 (Comma delimited)" in line


def test_an_empty_picture_cell_leaves_the_picture_off_that_piece(game, tmp_path):
    """`image: "{art}"` with an empty `art` cell: that piece has no picture (as Squib skips a nil
    file), while a name written empty in the layout stays an error at its line."""
    from generator.model import Area
    from generator.recording import record_face

    from PIL import Image

    Image.new("RGB", (40, 40)).save(tmp_path / "h1.png")
    _deck_from_csv(game, "id,name,suit,art\nh1,Alpha,heart,h1.png\ns1,Beta,spade,\n",
                   '    art: {image: "{art}", at: [0.5, 0.5], box: [0.6, 0.3]}\n')
    [cards] = load_game(str(game)).components()  # its inputs checked as it loads
    images = [sum(call[0] == "image" for call in record_face(piece.front, Area(63.5, 88.9, 0.0)).calls)
              for piece in cards.pieces]
    assert images == [1, 0]
    assert cards.pieces[1].front.content_key() is not None  # a preview keeps the face it drew
    edited(game, 'image: "{art}"', 'image: ""')
    line = one_error(tmp_path, "validate", "game.yaml", rule="input.image")
    assert line.startswith("game.yaml:") and "the picture's file name is empty" in line


def test_an_empty_picture_cell_validates_and_builds(game, tmp_path):
    from PIL import Image

    Image.new("RGB", (800, 800)).save(tmp_path / "h1.png")
    _deck_from_csv(game, "id,name,suit,art\nh1,Alpha,heart,h1.png\ns1,Beta,spade,\n",
                   '    art: {image: "{art}", at: [0.5, 0.5], box: [0.6, 0.3]}\n')
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 0, stderr
    code, _, stderr = run_pnp("build", "game.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr


@pytest.mark.parametrize("count, says", [("-1", 'count "-1" is less than 0; give 0 or more copies'),
                                         ("two", 'count "two" is not a whole number; give 0 or more copies')])
def test_a_count_says_what_is_wrong_with_it(game, tmp_path, count, says):
    edited(game, "suit: spade, count: 2}", f"suit: spade, count: '{count}'}}")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 2 and says in stderr, stderr


def bounded_game(tmp_path: Path, cells: list[str], front: str, piece: str = "poker-card", shape: str = "") -> Path:
    """A game of one component whose rows each hold `cells` in the field `t`, drawn by `front`."""
    import csv

    with open(tmp_path / "rows.csv", "w", newline="") as file:
        csv.writer(file).writerows([["id", "t"], *([f"r{i}", cell] for i, cell in enumerate(cells))])
    (tmp_path / "g.yaml").write_text(f"game: custom\ntitle: G\ncomponents:\n  card:\n    piece: {piece}\n{shape}"
                                     f"    rows: rows.csv\n    front: f\nlayouts:\n  f:\n    t: {front}\n")
    return tmp_path / "g.yaml"


@pytest.mark.parametrize("cell, front, marks", [
    # 299 rows of 1,666 inline symbols took 81 s and 4.5 GB: each symbol is drawn as a path of its own.
    (" ".join([":sun:"] * 1000), '{text: "{t}", box: [0.8, 0.8]}', 299 * (1 + 1000)),
    # a table's lines were no elements either: 299 x 2,498 lines took 80 s (here, 500 lines of 2 cells)
    ("x | y\n" * 500, '{table: "{t}", box: [0.8, 0.8], columns_at: [0.1, 0.6], columns_align: [left, left]}',
     299 * (1 + 500 * 2)),
])
def test_inline_symbols_and_table_cells_count_against_the_games_elements(tmp_path, cell, front, marks):
    bounded_game(tmp_path, [cell] * 299, front)
    started = time.monotonic()
    code, _, stderr = run_pnp("validate", "g.yaml", cwd=tmp_path)
    assert time.monotonic() - started < 10
    assert code == 2 and f"would draw {marks:,} elements in all" in stderr, stderr


def test_a_table_that_does_not_fit_its_box_is_an_error_not_a_smear(tmp_path):
    bounded_game(tmp_path, ["x | y\n" * 100],
                 '{table: "{t}", box: [0.8, 0.8], columns_at: [0.1, 0.6], columns_align: [left, left]}')
    code, _, stderr = run_pnp("validate", "g.yaml", cwd=tmp_path)
    assert code == 1 and stderr.startswith("rows.csv:2:") and "(a table) does not fit its box" in stderr, stderr


def test_polygon_pieces_have_a_bound_on_their_corners_in_all(tmp_path):
    import math as m

    star = [[round(50 + (40 if i % 2 else 20) * m.cos(m.tau * i / 1000), 3),
             round(50 + (40 if i % 2 else 20) * m.sin(m.tau * i / 1000), 3)] for i in range(1000)]
    bounded_game(tmp_path, ["x"] * 501, '{text: "{t}"}', piece="{width_mm: 100, height_mm: 100}",
                 shape=f"    shape: polygon\n    points_mm: {star}\n")
    code, _, stderr = run_pnp("validate", "g.yaml", cwd=tmp_path)
    assert code == 2 and "outlines come to 501,000 corners in all; a game may cut at most 500,000" in stderr, stderr


def test_the_faces_kept_recorded_have_a_bound_on_their_drawing_calls(monkeypatch):
    """256 faces of 660 inline symbols each were kept recorded: 1.8 GB."""
    from generator import recording
    from generator.recording import FaceRecordings, Recording

    def recorded(draw, area, check_numbers=False):
        made = Recording()
        made.calls = [("unclip",)] * 10_000
        return made

    monkeypatch.setattr(recording, "record_face", recorded)
    faces = FaceRecordings()
    drawers = [lambda canvas, area: None for _ in range(40)]
    for draw in drawers:
        faces(draw, (10.0, 10.0, 0.0))
    assert len(faces._recorded.entries) == FaceRecordings.CALLS_KEPT // 10_000 < len(drawers)


def test_an_element_drawn_alike_on_many_faces_is_drawn_once_for_each_look(tmp_path, monkeypatch):
    """A deck of different cards draws its panel once, a suit's symbol once a suit and each name once,
    and every face records the very calls it would record drawing each element itself."""
    from generator.kit import layouts as kit_layouts
    from generator.model import Area
    from generator.recording import record_face

    rows = "".join(f"c{i},Card {i},{('sun', 'moon', 'heart')[i % 3]}\n" for i in range(30))
    (tmp_path / "cards.csv").write_text("id,name,suit\n" + rows)
    (tmp_path / "g.yaml").write_text(
        "game: custom\ntitle: G\ncomponents:\n  card:\n    piece: poker-card\n    rows: cards.csv\n    front: f\n"
        "layouts:\n  f:\n    band: {rect: {fill: panel}, at: [0.5, 0.75], box: [0.9, 0.3]}\n"
        '    suit: {symbol: "{suit}", at: [0.14, 0.1], size_mm: 7}\n    name: {text: "{name}", at: [0.5, 0.1]}\n')
    pieces = load_game(str(tmp_path / "g.yaml")).components()[0].pieces
    area = Area(63.5, 88.9, 0.0)
    drawn: list[str] = []
    real = kit_layouts.draw_placed
    monkeypatch.setattr(kit_layouts, "draw_placed", lambda canvas, area, element, row, face: drawn.append(
        element.kind) or real(canvas, area, element, row, face))
    monkeypatch.setattr(kit_layouts, "_drawn_alike", kit_layouts.DrawnAlike())
    reused = [record_face(piece.front, area).calls for piece in pieces]
    assert (drawn.count("rect"), drawn.count("symbol"), drawn.count("text")) == (1, 3, 30)
    monkeypatch.setattr(kit_layouts, "REUSED_KINDS", frozenset())
    alone = [record_face(piece.front, area).calls for piece in pieces]

    def plain(calls):
        return [tuple(part.commands if hasattr(part, "commands") else part for part in call) for call in calls]

    assert [plain(calls) for calls in reused] == [plain(calls) for calls in alone]
