"""The layout engine's edges (kit.layouts): a pattern of layouts counted against the bound on a face
before it is drawn; a table row with more cells than columns; keys a frame or a line cannot honour;
elements that draw nothing; a drawn layout's background; two keys one element writes that say one
thing, and keys that do nothing beside the others; where a colour's mistake is told; an animated PNG.
Each mistake is one line at the place to mend, exit 2."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from PIL import Image

from conftest import run_pnp
from generator.load import load_game
from generator.model import Area
from generator.recording import record_face

GAME = """game: custom
title: Edges
components:
  card:
    piece: poker-card
    rows:
      - {id: a, name: Alpha, prices: "A | 1\\nB | 2\\nC"}
    front: front
layouts:
  front:
    x: {rect: true, fill: panel, at: [0.5, 0.5], box: [0.5, 0.2]}
"""


def game(tmp_path: Path, elements: str = "", extra: str = "", piece: str = "poker-card") -> Path:
    """GAME with `elements` (lines of the front layout, replacing its own) and `extra` (more layouts)."""
    text = GAME.replace("piece: poker-card", f"piece: {piece}")
    if elements:
        text = text.replace("    x: {rect: true, fill: panel, at: [0.5, 0.5], box: [0.5, 0.2]}\n", elements)
    path = tmp_path / "game.yaml"
    path.write_text(text + extra, encoding="utf-8")
    return path


def refused(path: Path, rule: str | None = None) -> list[str]:
    code, _, stderr = run_pnp("validate", path.name, cwd=path.parent)
    lines = stderr.strip().splitlines()
    assert code == 2 and "Traceback" not in stderr and lines, stderr
    if rule is not None:
        assert all(line.endswith(f"[{rule}]") for line in lines), stderr
    return lines


def accepted(path: Path) -> str:
    code, _, stderr = run_pnp("validate", path.name, cwd=path.parent)
    assert code == 0, stderr
    return stderr


def place(path: Path, marker: str, key: str, value: bool = False) -> str:
    """`file:line:col` of `key:` (or, with value, of its value) on the line holding `marker`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(index for index, line in enumerate(lines, start=1) if marker in line)
    column = re.search(rf"(?<![\w]){key}: ", lines[number - 1]).start() + 1 + (len(key) + 2 if value else 0)
    return f"{path.name}:{number}:{column}"


# 1. A pattern (`every`) of a drawn layout counts its places -------------------------------------

def big_layout(elements: int) -> str:
    return "  big:\n" + "".join(f"    e{index}: {{rect: {{fill: accent}}, at: [0.5, 0.5], box: [0.5, 0.5]}}\n"
                                for index in range(elements))


def test_a_pattern_of_a_drawn_layout_counts_each_place_and_is_refused_at_once(tmp_path):
    # 300 rectangles at every place of a 0.02 step: 60 s and 2.4 GB before; now one line at the layout.
    path = game(tmp_path, "    x: {layout: big, at: [0, 0], box: [0.02, 0.02], every: [0.02, 0.02]}\n",
                big_layout(300))
    start = time.perf_counter()
    [line] = refused(path, "input.too-large")
    assert time.perf_counter() - start < 2.0
    assert line.startswith("game.yaml:11:5: error: layout \"front\" would draw ") and \
        "a face may draw at most 300,000" in line and "a larger step in every" in line, line


def test_a_pattern_is_counted_on_the_piece_it_is_drawn_on(tmp_path):
    # 20 rectangles at a 0.02 step: a few thousand places on a card, but 20,000 on a strip 20 times
    # as tall as it is wide, 400,000 things on its face.
    from generator.load import load_game

    front = "    x: {layout: big, at: [0, 0], box: [0.02, 0.02], every: [0.02, 0.02]}\n"
    [cards] = load_game(str(game(tmp_path, front, big_layout(20)))).components()  # counted, not drawn
    assert len(cards.pieces) == 1
    [line] = refused(game(tmp_path, front, big_layout(20), piece="{width_mm: 20, height_mm: 400}"), "input.too-large")
    assert line.startswith('game.yaml:11:5: error: card: layout "front" would draw more than 300,000 things on one '
                           "face of its 20 x 400 mm piece"), line


# 2. A table row with more cells than columns ---------------------------------------------------

TABLE = '    x: {table: "{prices}", at: [0.5, 0.5], box: [0.8, 0.3], columns_at: [0.1, 0.9], columns_align: [left, right]}\n'


def test_a_table_row_with_more_cells_than_columns_is_an_error_and_fewer_leave_columns_empty(tmp_path):
    path = game(tmp_path, TABLE)
    accepted(path)  # "C", one cell of two: its second column empty
    loaded = load_game(str(path))
    drawn = record_face(loaded.components()[0].pieces[0].front, Area(63.5, 88.9, 0.0))
    assert [text.text for text in drawn.texts] == ["A", "1", "B", "2", "C"]
    path.write_text(path.read_text().replace("A | 1\\nB", "A | 1 | z\\nB"))
    [line] = refused(path, "input.element")
    assert line == ('game.yaml:11:8: error: table: row 1 of "{prices}" ("A | 1 | z") has 3 cells, and the table 2 '
                    "columns (columns_at): its last would not print; give the row at most 2, or the table more "
                    "columns [input.element]"), line


# 3. and 7. Keys a kind does not read where it stands --------------------------------------------

DOING_NOTHING = [  # (element, the key told, what is said)
    # a frame follows the cut: turned, it would not
    ("{frame: true, stroke: accent, rotate: 45}", "rotate",
     '"rotate" is a key of every kind but a frame; a frame follows the cut, so it does not read it'),
    ("{frame: true, head_to_head: true}", "head_to_head",
     '"head_to_head" is a key of every kind but a frame; a frame follows the cut'),
    # a line runs from at to to: a box and its anchor place nothing
    ("{line: true, at: [0.1, 0.5], to: [0.9, 0.5], box: [0.2, 0.2]}", "box",
     '"box" is a key of every kind but a frame and a line; a line runs from its at to its to'),
    ("{line: true, at: [0.1, 0.5], to: [0.9, 0.5], anchor: top-left}", "anchor",
     '"anchor" is a key of every kind but a frame and a line'),
    # a symbol sized in mm without a box is drawn centred on at, whatever its anchor
    ("{symbol: heart, size_mm: 3, at: [0.5, 0.5], anchor: top-left}", "anchor",
     '"anchor" says which point of its box `at` is, and a symbol without a box is drawn centred on at'),
    # a text at size_pt: max_size bounds a size it does not have
    ('{text: "Hi", at: [0.5, 0.5], box: [0.5, 0.1], size_pt: 10, max_size: 0.1}', "max_size",
     '"max_size" bounds size (a fraction of the piece\'s width), which it does not give (it is printed at size_pt)'),
    # a rectangle with a fill only has no outline to size or dash
    ("{rect: {fill: accent}, at: [0.5, 0.5], box: [0.3, 0.3], stroke_mm: 2}", "stroke_mm",
     '"stroke_mm" shapes its outline, and a rect without a stroke colour has none'),
    ("{rect: {fill: accent}, at: [0.5, 0.5], box: [0.3, 0.3], dash_mm: [1, 1]}", "dash_mm",
     '"dash_mm" shapes its outline, and a rect without a stroke colour has none'),
    # a polygon's corners and a line's ends place them: other places draw them again on themselves
    ("{polygon: [[0.1, 0.1], [0.3, 0.1], [0.2, 0.3]], fill: red, every: [0.3, 0.3]}", "every",
     '"every" repeats an element at other places, and a polygon is drawn where its corners'),
    ("{line: true, at: [0.1, 0.5], to: [0.4, 0.6], at_each: [[0.2, 0.2], [0.7, 0.7]]}", "at_each",
     '"at_each" repeats an element at other places, and a line is drawn where its ends (at and to) say'),
    ("{polygon: [[0.1, 0.1], [0.3, 0.1], [0.2, 0.3]], fill: red, at: [0.7, 0.7]}", "at",
     '"at" places a box, and a polygon is drawn where its corners (polygon or polygon_mm) say'),
    # bleed without a box draws over the whole bleed box, wherever at would put it
    ("{rect: {fill: accent}, bleed: true, at: [0.2, 0.2]}", "at",
     '"at" places a box, and bleed without a box draws over the whole bleed box'),
]


def test_a_frame_reads_only_if_and_a_line_its_own_keys(tmp_path):
    accepted(game(tmp_path, "    x: {frame: true, only_if: frame, stroke: accent, stroke_mm: 0.5}\n"
                            "    y: {line: true, at: [0.1, 0.5], to: [0.9, 0.5], rotate: 10, stroke_mm: 1}\n"
                            "    z: {rect: {fill: accent, stroke: ink}, at: [0.5, 0.5], box: [0.3, 0.3], dash_mm: [1, 1]}\n"
                            "    w: {symbol: heart, at: [0.2, 0.2], box: [0.1, 0.1], anchor: top-left}\n"))


# 4. Elements that draw nothing ------------------------------------------------------------------

@pytest.mark.parametrize("element, message", [
    ("{polygon: [[0.1, 0.1], [0.5, 0.5], [0.9, 0.9]], fill: accent}", "its corners lie on one line (or at one point)"),
    ("{polygon: [[0.1, 0.1], [0.1, 0.1], [0.1, 0.1]], fill: accent}", "its corners lie on one line (or at one point)"),
    ("{polygon_mm: [[10, 10], [20, 20], [40, 40], [30, 30]], stroke: ink}", "its corners lie on one line"),
    ('{text: "\\u200b", at: [0.5, 0.5], box: [0.7, 0.2]}', "the text holds only characters that show as nothing "
                                                           "(U+200B), so it draws nothing"),
    ('{text: "\\u200d \\ufeff\\u2060", at: [0.5, 0.5], box: [0.7, 0.2]}', "(U+200D U+FEFF U+2060)"),
    ("{rect: true, at: [0.5, 0.5], box: [0.3, 0.3]}", "a rect with neither a fill nor a stroke draws nothing"),
    ("{circle: {radius_mm: 5}, at: [0.5, 0.5]}", "a circle with neither a fill nor a stroke draws nothing"),
])
def test_an_element_that_draws_nothing_is_an_error_at_its_line(tmp_path, element, message):
    path = game(tmp_path, f"    x: {element}\n")
    [line] = refused(path, "input.element")
    assert line.startswith("game.yaml:11:8: error: layouts.front.x: ") and message in line, line


def test_a_thin_polygon_and_a_text_with_a_joiner_draw(tmp_path):
    accepted(game(tmp_path, "    x: {polygon: [[0.1, 0.1], [0.5, 0.5001], [0.9, 0.9]], fill: accent}\n"
                            '    y: {text: "a\\u200db", at: [0.5, 0.3], box: [0.7, 0.1]}\n'))


# 5. A drawn layout's background -----------------------------------------------------------------

def test_a_drawn_layouts_background_fills_the_box_it_is_drawn_in(tmp_path):
    path = game(tmp_path, "    x: {layout: part, at: [0.5, 0.5], box: [0.5, 0.3]}\n",
                '  part:\n    background: "#f4e3b0"\n    y: {text: "Part", at: [0.5, 0.5], box: [0.8, 0.3]}\n')
    accepted(path)
    drawn = record_face(load_game(str(path)).components()[0].pieces[0].front, Area(63.5, 88.9, 0.0))
    [panel] = [drawn_path for drawn_path in drawn.paths if drawn_path.fill == "#f4e3b0"]
    assert panel.box == pytest.approx((15.875, 31.115, 47.625, 57.785))  # the element's box, not the piece
    assert [(text.text, text.behind) for text in drawn.texts] == [("Part", "#f4e3b0")]


# 6. Two keys one element writes that say one thing ----------------------------------------------

SAID_TWICE = [  # (element, the second of the two keys, what is said)
    ("{rect: {fill: accent}, at: [0.5, 0.5], at_mm: [10, 10], box: [0.3, 0.3]}", "at_mm",
     "it gives both at and at_mm, and only at_mm is read (at would do nothing); keep one of them"),
    ("{rect: {fill: accent}, box_mm: [10, 10], at: [0.5, 0.5], box: [0.3, 0.3]}", "box",
     "it gives both box and box_mm, and only box_mm is read"),
    ("{symbol: heart, size_mm: 3, at_each: [[0.3, 0.3]], at_each_mm: [[30, 30]]}", "at_each_mm",
     "it gives both at_each and at_each_mm, and only at_each_mm is read"),
    ("{symbol: heart, size_mm: 3, at: [0.1, 0.1], at_each: [[0.3, 0.3], [0.6, 0.7]]}", "at_each",
     "it gives both at and at_each, and only at_each is read"),
    ("{symbol: heart, size_mm: 3, at_each: [[0.3, 0.3], [0.6, 0.7]], every: [0.3, 0.3]}", "every",
     "every repeats a pattern from one point, and at_each gives 2: all but the first would do nothing"),
    ('{text: "Hi", at: [0.5, 0.5], box: [0.5, 0.1], size_pt: 10, size: 0.1}', "size",
     "it gives both size_pt and size, and only size is read"),
    ("{circle: {fill: accent}, at: [0.5, 0.5], box: [0.3, 0.3], radius_mm: 5}", "radius_mm",
     "it gives both box and radius_mm, and only radius_mm is read"),
]


@pytest.mark.parametrize("element, key, message", DOING_NOTHING + SAID_TWICE)
def test_a_key_that_does_nothing_or_says_again_what_another_does_is_an_error_at_it(tmp_path, element, key, message):
    """A key that would do nothing where it stands, or the second of two keys that say one thing (told
    at the second, naming the one read)."""
    path = game(tmp_path, f"    x: {element}\n")
    [line] = refused(path, "input.element-key")
    assert line.startswith(f"{place(path, '    x:', key)}: error: layouts.front.x: {message}"), line


def test_a_key_that_says_again_what_a_layout_it_extends_says_is_a_change_unless_it_is_not_read(tmp_path):
    # The card moves base's rectangle in mm: its own at_mm over base's at is a change, not a mistake.
    accepted(game(tmp_path, "    extends: base\n    x: {at_mm: [20, 30]}\n",
                  "  base:\n    x: {rect: {fill: accent}, at: [0.5, 0.5], box: [0.3, 0.3]}\n"))
    # Its own at under base's at_mm would not move it: told, with the way to say it.
    path = game(tmp_path, "    extends: base\n    x: {at: [0.3, 0.3]}\n",
                "  base:\n    x: {rect: {fill: accent}, at_mm: [20, 30], box: [0.3, 0.3]}\n")
    [line] = refused(path, "input.element-key")
    assert line == (f'{place(path, "x: {at:", "at")}: error: layouts.front.x: "at" would do nothing: the element '
                    "has at_mm already (from a layout it extends or changes), which is read instead; write at_mm: "
                    "null beside it to use at [input.element-key]"), line
    path.write_text(path.read_text().replace("x: {at: [0.3, 0.3]}", "x: {at: [0.3, 0.3], at_mm: null}"))
    accepted(path)


# 8. Messages ------------------------------------------------------------------------------------

def test_an_unknown_colour_is_told_at_its_value(tmp_path):
    path = game(tmp_path, '    x: {rect: {fill: "#f00"}, at: [0.5, 0.5], box: [0.5, 0.2]}\n')
    [line] = refused(path, "input.unknown-colour")
    assert line.startswith(f"{place(path, '    x:', 'fill', value=True)}: error: layouts.front.x.fill: \"#f00\" is no "
                           "colour"), line


def test_a_layout_that_draws_itself_and_an_extends_with_no_other_layout_say_so(tmp_path):
    [line] = refused(game(tmp_path, extra="  a:\n    x: {layout: a, at: [0.5, 0.5], box: [0.5, 0.5]}\n"))
    assert line == ('game.yaml:13:8: error: layout "a" draws itself; a layout may draw only other layouts '
                    "[input.extends-cycle]"), line
    [line] = refused(game(tmp_path, "    extends: nope\n"))
    assert line == ('game.yaml:11:14: error: layout "front" extends "nope", which is not a layout; there is no other '
                    "layout to extend [input.unknown-layout]"), line


# 9. An animated PNG, as an animated GIF ---------------------------------------------------------

def test_an_animated_png_is_refused_as_an_animated_gif_is(tmp_path):
    frames = [Image.new("RGB", (40, 40), colour) for colour in ("red", "green", "blue")]
    frames[0].save(tmp_path / "anim.png", save_all=True, append_images=frames[1:], duration=100)
    frames[0].save(tmp_path / "still.png")
    path = game(tmp_path, "    x: {image: anim.png, at: [0.5, 0.5], box: [0.3, 0.3]}\n")
    [line] = refused(path, "input.image")
    assert line == ('game.yaml:11:8: error: image "anim.png": an animated PNG of 3 frames, of which a page would '
                    "print only the first; save the frame to print as a PNG of its own [input.image]"), line
    path.write_text(path.read_text().replace("anim.png", "still.png"))
    assert "error" not in accepted(path)


def test_a_back_the_pieces_share_counts_its_pattern_once_in_the_games_bound(tmp_path):
    """A deck of 200 cards behind one patterned back (some 1,800 diamonds) draws that back once: the
    game's bound of 200,000 elements counts it once, not once a card (360,000, refused)."""
    (tmp_path / "cards.csv").write_text("id,name\n" + "".join(f"c{n},Card {n}\n" for n in range(200)))
    (tmp_path / "game.yaml").write_text("""game: custom
title: Patterned
components:
  card: {piece: poker-card, rows: cards.csv, front: front, back: back}
layouts:
  front:
    name: {text: "{name}", at: [0.5, 0.5], box: [0.8, 0.2]}
  back:
    pattern: {symbol: diamond, at: [0.5, 0.5], every: [0.03, 0.03], size: 0.02}
""")
    from generator.load import load_game

    [cards] = load_game(str(tmp_path / "game.yaml")).components()
    assert len(cards.pieces) == 200 and len({id(piece.back) for piece in cards.pieces}) == 1
    assert cards.pieces[0].back.layouts.marks("back") * 200 > 200_000  # what counting it once a card came to
