"""Styles as data: a user restyles a game from YAML alone, and only what was asked changes.

Each restyle is built next to the bundled game and the two PDFs are read back with pdfium: every
character's font, size, colour and place, and every path's box and paint, page by page.
"""

from __future__ import annotations

import io
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from fontTools import subset
from fontTools.ttLib import TTFont

import pdfprobe
from conftest import DIAMONDS_YAML, REPO, run_pnp, shared_game
from generator import fonts
from generator.canvas import PT
from generator.load import load_game

INDEX_PT = 17  # data/diamonds.yaml: style.index.size
FOOTER = pdfprobe.hex_rgb("#555555")  # templates/sheet.yaml: footer_colour, the sheet furniture's text


# ---------------------------------------------------------------------------------------------
# Fonts made for the tests: Vera under other names (the same metrics, so layout cannot move)
# ---------------------------------------------------------------------------------------------

def renamed_vera(path: Path, family: str) -> Path:
    font = TTFont(io.BytesIO(fonts.face_bytes("regular")))
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = family
        elif record.nameID == 6:
            record.string = family.replace(" ", "")
    font.save(path)
    return path


def cff_vera(path: Path) -> Path:
    """Vera's printable ASCII as an OpenType font with PostScript (CFF) outlines."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    source = TTFont(io.BytesIO(fonts.face_bytes("regular")))
    cmap = {code: name for code, name in source.getBestCmap().items() if 32 <= code < 127}
    order = [".notdef"] + sorted(set(cmap.values()))
    glyphs, metrics = source.getGlyphSet(), source["hmtx"].metrics
    charstrings = {}
    for name in order:
        pen = T2CharStringPen(metrics[name][0], glyphs)
        glyphs[name].draw(pen)
        charstrings[name] = pen.getCharString()
    builder = FontBuilder(source["head"].unitsPerEm, isTTF=False)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap(cmap)
    builder.setupCFF("TestSerifCFF", {"FullName": "Test CFF"}, charstrings, {})
    builder.setupHorizontalMetrics({name: metrics[name] for name in order})
    builder.setupHorizontalHeader(ascent=source["hhea"].ascent, descent=source["hhea"].descent)
    builder.setupNameTable({"familyName": "Test CFF", "styleName": "Regular", "psName": "TestCFF-Regular"})
    builder.setupOS2(sTypoAscender=source["OS/2"].sTypoAscender, usWinAscent=source["OS/2"].usWinAscent,
                     usWinDescent=source["OS/2"].usWinDescent)
    builder.setupPost()
    builder.save(path)
    return path


@pytest.fixture(scope="session")
def test_ttf(tmp_path_factory) -> Path:
    """Vera renamed Test Sans: one file for the session, so the builds that use it are shared too."""
    return renamed_vera(tmp_path_factory.mktemp("fonts") / "TestSans.ttf", "Test Sans")


@pytest.fixture(scope="module")
def baseline(bundled_build):
    return pdfprobe.read(bundled_build("diamonds") / "diamonds.pdf")


def restyled(bundled_build, *settings):
    """What the Diamonds PDF holds with these --set changes (a build shared by the tests that read it)."""
    folder = bundled_build("diamonds", "a4", "pdf", *[arg for setting in settings for arg in ("--set", setting)])
    return pdfprobe.read(folder / "diamonds.pdf")


def is_vera(font: str) -> bool:
    return font.startswith("BitstreamVera")


# ---------------------------------------------------------------------------------------------
# One change at a time: that change, and nothing else
# ---------------------------------------------------------------------------------------------

def test_style_font_sets_every_text_on_the_pieces_and_nothing_else(bundled_build, baseline, test_ttf):
    """The test font is Vera Roman renamed; the default title and index faces are bold, so text set
    in them may move a little: the words, their colours and every path's paint stay as they were."""
    after = restyled(bundled_build, f"style.font={test_ttf}")
    assert len(after) == len(baseline)
    on_pieces = 0
    for (chars_before, shapes_before), (chars_after, shapes_after) in zip(baseline, after):
        paint = lambda shapes: Counter((s.fill, s.stroke) for s in shapes)  # noqa: E731
        assert paint(shapes_after) == paint(shapes_before)
        assert [(c.char, c.fill) for c in chars_after] == [(c.char, c.fill) for c in chars_before]
        for before, now in zip(chars_before, chars_after):
            if before.font == "BitstreamVeraSans-Roman":
                assert (now.size, now.x, now.y) == (before.size, before.x, before.y)  # the same metrics
            if now.fill == FOOTER:
                assert is_vera(now.font), now  # sheet furniture keeps the default face
            else:
                assert now.font.startswith("TestSans-"), now
                on_pieces += 1
    assert on_pieces > 1000


@pytest.mark.parametrize("game", ["diamonds", "blood_diamonds", "diaominos", "diatoms", "diamond_mine"])
def test_style_font_reaches_every_text_of_every_game(bundled_build, test_ttf, game):
    pages = pdfprobe.read(bundled_build(game, "a4", "pdf", "--set", f"style.font={test_ttf}") / f"{game}.pdf")
    used = Counter(c.font.split("-")[0] for chars, _ in pages for c in chars if c.fill != FOOTER)
    assert set(used) == {"TestSans"} and sum(used.values()) > 500, used


def test_card_background_changes_the_card_faces_only(bundled_build, baseline):
    after = restyled(bundled_build, "style.components.card.background=cream")
    changed = Counter()
    for (chars_before, shapes_before), (chars_after, shapes_after) in zip(baseline, after):
        assert chars_after == chars_before
        assert len(shapes_after) == len(shapes_before)
        for before, now in zip(shapes_before, shapes_after):
            if now != before:
                assert (before.box, before.stroke, before.fill) == (now.box, now.stroke, (255, 255, 255)), before
                changed[now.fill] += 1
    assert changed == {pdfprobe.hex_rgb("#fbf6ea"): 54}  # cream, behind each of the 54 cards


def test_index_size_changes_the_corner_indexes_only(bundled_build, baseline):
    """Every text drawn in the index role (the ranks, JOKER down the side, a "10" squeezed to its
    column) grows by 20/17; every other text keeps its font, size and colour."""
    after = restyled(bundled_build, "style.index.size=20")
    index_mm = round(INDEX_PT * PT, 3)
    grown = at_index_size = 0
    for (chars_before, _), (chars_after, _) in zip(baseline, after):
        assert [(c.char, c.font, c.fill) for c in chars_after] == [(c.char, c.font, c.fill) for c in chars_before]
        for before, now in zip(chars_before, chars_after):
            if now.size != before.size:
                assert now.size / before.size == pytest.approx(20 / INDEX_PT, abs=0.005), (before, now)
                grown += 1
                at_index_size += before.size == index_mm
    assert at_index_size >= 2 * 48  # both corners of every card but the tens, at least
    assert grown >= at_index_size + 2 * 4 * 2 + 2 * 2 * 5  # and the tens, and JOKER down both jokers


def test_a_frame_on_one_suit_frames_those_cards_and_nothing_else(bundled_build, baseline):
    after = restyled(bundled_build, "style.components.card.groups.hearts.frame=true")
    added = Counter()
    for (chars_before, shapes_before), (chars_after, shapes_after) in zip(baseline, after):
        assert chars_after == chars_before
        extra = Counter(shapes_after) - Counter(shapes_before)
        assert not Counter(shapes_before) - Counter(shapes_after)
        for shape, count in extra.items():
            assert shape.fill is None and shape.stroke == pdfprobe.hex_rgb("#c41e3a"), shape  # in the hearts' red
            added[shape.stroke] += count
    assert sum(added.values()) == 13


def test_a_whole_restyle_from_yaml_alone(tmp_path, baseline, test_ttf):
    """The four changes together, written in the game file's style: block, font path relative to it."""
    shutil.copy(test_ttf, tmp_path / "TestSans.ttf")
    text = DIAMONDS_YAML.read_text()
    text = text.replace("style:\n", "style:\n  font: TestSans.ttf\n", 1)
    text = text.replace("    card:\n      frame: false",
                        "    card:\n      background: cream\n      frame: false\n"
                        "      groups:\n        clubs: {frame: true}", 1)
    text = text.replace("  index: {size: 17}", "  index: {size: 19}", 1)
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "restyled.yaml").write_text(text)
    shutil.move(tmp_path / "TestSans.ttf", tmp_path / "games" / "TestSans.ttf")
    code, _, stderr = run_pnp("build", "games/restyled.yaml", "--out", "out", "-q", cwd=tmp_path)
    assert code == 0, stderr
    after = pdfprobe.read(tmp_path / "out" / "diamonds" / "diamonds.pdf")
    fonts_used = Counter(c.font for chars, _ in after for c in chars if c.fill != FOOTER)
    assert len(fonts_used) == 1 and next(iter(fonts_used)).startswith("TestSans-")
    sizes = Counter(c.size for chars, _ in after for c in chars)
    assert sizes[round(19 * PT, 3)] > 0 and sizes[round(INDEX_PT * PT, 3)] == 0
    fills = Counter(s.fill for _, shapes in after for s in shapes)
    assert fills[pdfprobe.hex_rgb("#fbf6ea")] >= 54  # cream cards
    black_frames = sum(1 for _, shapes in after for s in shapes if s.fill is None
                       and s.stroke == pdfprobe.hex_rgb("#1d1d24") and s.box[2] - s.box[0] > 50)
    assert black_frames == 13  # one frame on each club


# ---------------------------------------------------------------------------------------------
# Fonts: embedded and subset in PDF and SVG, OTF too; a missing character is an input error
# ---------------------------------------------------------------------------------------------

def test_a_user_font_is_embedded_in_the_svg(bundled_build, test_ttf):
    folder = bundled_build("diamonds", "a4", "svg", "--set", f"style.font={test_ttf}")
    svg = (folder / "svg" / "page-01.svg").read_text()
    family = re.search(r"@font-face\{font-family:(TestSans-\w+);", svg)
    assert family, svg[:500]
    assert f'font-family="{family.group(1)}, ' in svg
    data = re.search(r"font-family:TestSans-\w+;[^}]*base64,([A-Za-z0-9+/=]+)", svg).group(1)
    import base64

    embedded = TTFont(io.BytesIO(base64.b64decode(data)))
    assert len(embedded.getGlyphOrder()) < 80  # a subset: the glyphs of page 1, not the whole face


def test_an_otf_with_postscript_outlines_is_converted_and_embedded(tmp_path, bundled_build):
    otf = cff_vera(tmp_path / "TestCFF.otf")
    assert "CFF " in TTFont(otf)
    after = restyled(bundled_build, f"style.font={otf}", "style.components.card.frame=true")
    names = {c.font for chars, _ in after for c in chars if c.fill != FOOTER}
    assert len(names) == 1 and next(iter(names)).startswith("TestCFF-Regular-")


def test_a_character_no_font_has_is_an_input_error(tmp_path):
    code, _, stderr = run_pnp("build", "diamonds", "--out", "out", "--set",
                              "reference_card.title=Diamonds \U0001d11e", cwd=tmp_path)
    assert code == 2 and stderr.count("\n") == 1, stderr
    assert '"\U0001d11e" (U+1D11E)' in stderr and "Vera Bold" in stderr and "[input.missing-glyph]" in stderr
    assert not (tmp_path / "out" / "diamonds").exists()


def test_a_user_font_lacking_characters_borrows_them_from_the_fallback(tmp_path):
    font = TTFont(io.BytesIO(fonts.face_bytes("regular")))
    subsetter = subset.Subsetter()
    subsetter.populate(text="abcdefghijklmnopqrstuvwxyz ")
    subsetter.subset(font)
    font.save(tmp_path / "Lower.ttf")
    code, _, stderr = run_pnp("build", "diamonds", "--only", "rules-sheet", "--out", "out", "--set",
                              "style.font=Lower.ttf", cwd=tmp_path)
    assert code == 0 and stderr == "", stderr
    assert b"DejaVuSans" in (tmp_path / "out" / "diamonds" / "diamonds.pdf").read_bytes()  # the capitals, digits
    code, _, stderr = run_pnp("build", "diamonds", "--out", "out", "--set", "style.font=Lower.ttf", "--set",
                              "reference_card.title=Diamonds \U0001d11e", cwd=tmp_path)
    assert code == 2 and stderr.count("\n") == 1 and "tried Lower.ttf, DejaVu Sans, DejaVu Serif" in stderr
    assert "[input.missing-glyph]" in stderr


@pytest.mark.parametrize("value, says", [
    ("missing.ttf", "no such file"),
    ("README.md", "nor a .ttf or .otf file"),
    ("Helvetica", "is neither a bundled face nor"),
    ("bolt", 'did you mean "bold"'),
])
def test_a_bad_font_choice_is_one_clear_line(tmp_path, value, says):
    shutil.copy(REPO / "README.md", tmp_path / "README.md")
    code, _, stderr = run_pnp("validate", "diamonds", "--set", f"style.font={value}", cwd=tmp_path)
    assert code == 2 and stderr.count("\n") == 1, stderr
    assert says in stderr and "Traceback" not in stderr


def test_a_file_that_is_not_a_font(tmp_path):
    (tmp_path / "fake.ttf").write_text("not a font")
    code, _, stderr = run_pnp("validate", "diamonds", "--set", "style.font=fake.ttf", cwd=tmp_path)
    assert code == 2 and "is not a font" in stderr and "[input.font]" in stderr, stderr


# ---------------------------------------------------------------------------------------------
# The cascade
# ---------------------------------------------------------------------------------------------

def loaded_with(*settings):
    return load_game("diamonds", settings)


def test_narrower_levels_win():
    spec = loaded_with("style.accent=red", "style.components.card.accent=green",
                       "style.groups.hearts.accent=blue", "style.ranks.K.accent=purple",
                       "style.pieces.card-KH.accent=orange").spec
    accent = lambda *where: spec.style.resolve(*where).accent.name  # noqa: E731
    assert accent("reference-card") == "red"
    assert accent("card") == "green"
    assert accent("card", "hearts", "2", "card-2H") == "blue"
    assert accent("card", "spades", "K", "card-KS") == "purple"
    assert accent("card", "hearts", "K", "card-KH") == "orange"


def test_a_block_inside_a_component_narrows_to_that_component():
    spec = loaded_with("style.groups.hearts.ink=red", "style.components.card.groups.hearts.ink=green").spec
    assert spec.style.resolve("card", "hearts").ink.name == "green"
    assert spec.style.resolve("reference-card", "hearts").ink.name == "red"


def test_font_sets_every_role_and_a_role_key_overrides_it():
    style = loaded_with("style.font=italic", "style.title.font=bold", "style.body.size=9").spec.style.resolve("card")
    assert (style.title.face, style.index.face, style.body.face, style.small.face) == ("bold", "italic", "italic",
                                                                                      "italic")
    assert style.body.size == pytest.approx(9 * PT)


def test_the_base_style_fills_what_the_game_leaves_out():
    style = shared_game("diamonds").spec.style.resolve("dig-site-mat")
    assert style.muted.name == "slate" and style.line_mm == pytest.approx(0.35)


def test_every_style_key_reaches_the_drawers_from_set(tmp_path):
    """--set reaches the style like any other value: a new key under a block that did not exist."""
    code, _, stderr = run_pnp("validate", "diamonds", "--set", "style.pieces.card-AS.line_mm=0.5", cwd=tmp_path)
    assert code == 0, stderr


@pytest.mark.parametrize("setting, rule, says", [
    ("style.bakground=red", "input.unknown-key", 'did you mean "background"'),
    ("style.components.crad.ink=red", "input.unknown-style-name", 'did you mean "card"'),
    ("style.groups.heart.ink=red", "input.unknown-style-name", 'did you mean "hearts"'),
    ("style.pieces.card-1S.ink=red", "input.unknown-style-name", 'no piece "card-1S"'),
    ("style.ink=reed", "input.unknown-colour", 'did you mean "red"'),
    ("style.ink=~", "input.type", "style.ink is empty"),
    ("style.body.size=0", "input.out-of-range", "style.body.size"),
    ("style.frame=maybe", "input.type", "true or false"),
    # A deck's one back takes the component's style: per suit or per card it printed nowhere.
    ("style.groups.hearts.back=red", "input.unknown-key", "give it at style.components.card.back"),
    ("style.pieces.card-AS.back_pattern=red", "input.unknown-key", "give it at style.components.card.back_pattern"),
    ("style.components.card.groups.hearts.back=red", "input.unknown-key", "print nowhere"),
])
def test_style_mistakes_are_input_errors(tmp_path, setting, rule, says):
    code, _, stderr = run_pnp("validate", "diamonds", "--set", setting, cwd=tmp_path)
    assert code == 2 and stderr.count("\n") == 1, stderr
    assert f"[{rule}]" in stderr and says in stderr, stderr


def test_a_back_styled_per_group_is_taken_where_each_piece_has_a_back_of_its_own(tmp_path):
    """A deck whose backs show their row (a name on each) styles them per group; a shared back would not."""
    game = tmp_path / "deck.yaml"
    text = ("game: custom\ntitle: T\ncomponents:\n  card: {piece: poker-card, rows: [{id: a, suit: heart}, "
            "{id: b, suit: spade}], group: suit, front: f, back: b}\nlayouts:\n  f: {}\n"
            "  b: {background: back, name: {text: \"{id}\", colour: background}}\nstyle:\n  groups:\n    heart: {back: red}\n")
    game.write_text(text)
    code, _, stderr = run_pnp("validate", "deck.yaml", cwd=tmp_path)
    assert code == 0, stderr
    game.write_text(text.replace('{text: \"{id}\"', '{text: \"Back\"'))
    code, _, stderr = run_pnp("validate", "deck.yaml", cwd=tmp_path)
    assert code == 2 and "style.groups.heart.back: the pieces share one back" in stderr, stderr


@pytest.mark.parametrize("game, settings, says", [
    ("diamonds", ("style.components.card.frame=true", "style.components.card.border_mm=40"), "under 31.6"),
    ("blood_diamonds", ("style.components.tile.border_mm=40",), "under 25.1"),
    ("blood_diamonds", ("style.components.coin.frame=true", "style.components.coin.border_mm=20"), "under 9.3"),
])
def test_a_border_past_half_the_piece_is_an_error_not_a_frame_turned_inside_out(tmp_path, game, settings, says):
    code, _, stderr = run_pnp("validate", game, *(word for setting in settings for word in ("--set", setting)),
                              cwd=tmp_path)
    assert code == 2 and stderr.count("\n") == 1 and "leaves no frame inside" in stderr and says in stderr, stderr


def test_no_hex_colour_in_game_code():
    offenders = [f"{path.relative_to(REPO)}:{number}" for path in (REPO / "generator" / "games").rglob("*.py")
                 for number, line in enumerate(path.read_text().splitlines(), 1)
                 if re.search(r"#[0-9a-fA-F]{6}", line)]
    assert not offenders


def test_the_base_style_must_give_every_key_a_value():
    from generator.styles import StyleBlock, is_complete

    assert set(is_complete(StyleBlock())) == {"background", "ink", "accent", "panel", "line", "muted", "back",
                                              "back_pattern", "title", "index", "body", "small", "line_mm",
                                              "border_mm", "frame"}
    base = shared_game("diamonds").spec.style.base
    assert is_complete(base) == []


def test_a_style_block_for_a_component_left_empty_is_not_a_typo(tmp_path):
    """A component with no pieces this time (a `--set` that empties it) still has its name: its
    style block is unused, not unknown; a misspelt name is still refused."""
    from conftest import run_pnp

    game = tmp_path / "deck.yaml"
    game.write_text("game: custom\ntitle: T\ncomponents:\n  card: {piece: poker-card, rows: [{id: a}], front: f}\n"
                    "  token: {piece: {width_mm: 20}, shape: circle, rows: [], front: f}\n"
                    "layouts:\n  f: {}\nstyle:\n  components:\n    token: {background: cream}\n")
    code, _, stderr = run_pnp("validate", "deck.yaml", cwd=tmp_path)
    assert code == 0 and "input.unknown-style-name" not in stderr
    game.write_text(game.read_text().replace("    token: {background", "    tokens: {background"))
    code, _, stderr = run_pnp("validate", "deck.yaml", cwd=tmp_path)
    assert code == 2 and 'no component "tokens"; did you mean "token"?' in stderr


def test_svg_text_as_outlines_draws_every_letter_as_a_path(tmp_path, test_ttf):
    """--svg-text outlines: no text elements and no embedded fonts, so resvg, librsvg and cutters
    show the right letters; each glyph sits where the PDF sets it (plain advances)."""
    from conftest import run_pnp
    from generator import fonts
    from generator.backends.outlines import glyph_outline, text_outline

    code, _, stderr = run_pnp("build", "diamonds", "--only", "reference-card", "--format", "svg", "--svg-text",
                              "outlines", "--set", f"style.font={test_ttf}", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    svg = (tmp_path / "out" / "diamonds" / "svg" / "page-01.svg").read_text()
    assert "<text" not in svg and "@font-face" not in svg and svg.count("<path") > 100
    capital, advance = glyph_outline("regular", "H")
    x0, y0, x1, y1 = capital.bounds()
    assert y1 == pytest.approx(fonts.inked_height("H", "regular")[1], abs=0.01)  # em units, y up
    assert advance * 10 == pytest.approx(fonts.text_width("H", 10, "regular"), abs=1e-6)
    word = text_outline("HH", "regular", 10.0)
    assert word.bounds()[2] == pytest.approx(fonts.text_width("H", 10, "regular") + x1 * 10, abs=1e-6)


def test_a_safe_margin_that_leaves_no_room_is_one_error_naming_it(tmp_path):
    """`safe_mm: 40` on a poker card: no text fits, and the message says why, not "shorten the words"."""
    assert run_pnp("new", "deck", "mine", cwd=tmp_path)[0] == 0
    code, _, stderr = run_pnp("validate", "mine/mine.yaml", "--set", "style.components.card.safe_mm=40", cwd=tmp_path)
    assert code == 2 and stderr.count("\n") == 1, stderr
    assert "a safe margin of 40 mm (its style's safe_mm) leaves no room inside its 63.5 x 88.9 mm pieces" in stderr
    assert "give safe_mm under 31.8" in stderr
