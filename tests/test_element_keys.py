"""A layout element's keys: each kind reads its own (kit.layouts.KEYS_BY_KIND), and a key its kind does
not read, which would do nothing, is an error at that key's line naming the kinds that read it; and a
track's start label, a word like any other printed word, is data (`start:`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import DIAMONDS_YAML, run_pnp
from generator.load import load_game
from generator.model import Area
from generator.recording import record_face

GAME = """game: custom
title: Keys
components:
  card:
    piece: poker-card
    rows:
      - {id: a, name: Alpha}
    front: front
    back: back
layouts:
  base:
    name: {text: "{name}", at: [0.5, 0.1], box: [0.8, 0.1], role: title}
  front:
    extends: base
    band: {rect: true, fill: panel, at: [0.5, 0.45], box: [0.8, 0.1]}
    pip: {symbol: heart, at: [0.5, 0.3], size_mm: 10}
    pad: {grid: {columns: 2, rows: 2}, at: [0.5, 0.62], box: [0.6, 0.1]}
    words: {text: "Hello", at: [0.5, 0.75], box: [0.6, 0.08]}
    disc: {circle: true, fill: accent, at: [0.2, 0.88], box_mm: [8, 8]}
    border: {frame: true, stroke: line}
  back:
    extends: base
    score: {track: {columns: 5, rows: 2}, at: [0.5, 0.6], box: [0.8, 0.3]}
"""


def write(tmp_path: Path, old: str | None = None, new: str = "", text: str = GAME) -> Path:
    if old is not None:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def place(path: Path, marker: str, key: str) -> str:
    """`file:line:col` of `key:` on the line holding `marker`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    number = line_of(path, marker)
    return f"{path.name}:{number}:{lines[number - 1].index(f' {key}: ') + 2}"


def line_of(path: Path, marker: str) -> int:
    return next(index for index, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
                if marker in line)


def refused(path: Path) -> list[str]:
    code, _, stderr = run_pnp("validate", path.name, cwd=path.parent)
    assert code == 2 and "Traceback" not in stderr, stderr
    lines = stderr.strip().splitlines()
    assert all(line.endswith("[input.element-key]") for line in lines), stderr
    return lines


def accepted(path: Path) -> None:
    code, _, stderr = run_pnp("validate", path.name, cwd=path.parent)
    assert code == 0, stderr


def test_the_game_as_written_is_ok(tmp_path):
    accepted(write(tmp_path))


def test_a_tracks_keys_on_a_text_are_each_an_error_at_its_key(tmp_path):
    path = write(tmp_path, 'box: [0.6, 0.08]}', 'box: [0.6, 0.08], first: 5, path: rows, columns: 3}')
    lines = refused(path)
    assert lines == [
        f'{place(path, "Hello", "first")}: error: layouts.front.words: "first" is a key of a track; a text does not '
        "read it, so it would do nothing [input.element-key]",
        f'{place(path, "Hello", "path")}: error: layouts.front.words: "path" is a key of a track; a text does not '
        "read it, so it would do nothing [input.element-key]",
        f'{place(path, "Hello", "columns")}: error: layouts.front.words: "columns" is a key of a grid, a track or a '
        "draw; a text does not read it, so it would do nothing [input.element-key]"]


@pytest.mark.parametrize("marker, old, new, key, readers, kind", [
    # a lattice's pitch on a grid
    ("pad:", "pad: {grid: {columns: 2, rows: 2},", "pad: {grid: {columns: 2, rows: 2}, step: 0.1,", "step",
     "a lattice", "a grid"),
    # a line's other end on a rectangle
    ("band:", "band: {rect: true,", "band: {rect: true, to: [1, 1],", "to", "a line", "a rect"),
    # a text's size on a symbol
    ("pip:", "size_mm: 10}", "size_mm: 10, scale: 2}", "scale",
     "a text, a table, a draw or a layout, or of an element with box_em", "a symbol without box_em"),
    # a table's columns on a text
    ("Hello", 'box: [0.6, 0.08]}', 'box: [0.6, 0.08], columns_at: [0.2]}', "columns_at", "a table", "a text"),
    # a symbol's size on a circle (its size is radius_mm, size or its box)
    ("disc:", "box_mm: [8, 8]}", "box_mm: [8, 8], size_mm: 6}", "size_mm", "a symbol or a draw", "a circle"),
    # corners a frame does not round (it follows the piece's)
    ("border:", "stroke: line}", "stroke: line, radius_mm: 3}", "radius_mm", "a rect, a circle or a draw",
     "a frame"),
    # paint a kind does not use: a text has no fill, a rectangle no colour, a track neither
    ("Hello", 'box: [0.6, 0.08]}', 'box: [0.6, 0.08], fill: panel}', "fill",
     "a rect, a circle, a polygon, a grid, a frame, a table, a draw or a layout", "a text"),
    ("band:", "fill: panel,", "fill: panel, colour: accent,", "colour",
     "a text, a symbol, a frame, a lattice, a table, a draw or a layout", "a rect"),
    # a picture's fit on a symbol
    ("pip:", "size_mm: 10}", "size_mm: 10, fit: fill}", "fit", "an image", "a symbol"),
    # a track's start word on a grid
    ("pad:", "pad: {grid: {columns: 2, rows: 2},", 'pad: {grid: {columns: 2, rows: 2}, start: "Go",', "start",
     "a track", "a grid"),
])
def test_a_key_of_another_kind_is_an_error_naming_the_kinds_that_read_it(tmp_path, marker, old, new, key, readers,
                                                                          kind):
    path = write(tmp_path, old, new)
    [line] = refused(path)
    element = {"pad:": "pad", "band:": "band", "pip:": "pip", "Hello": "words", "disc:": "disc",
               "border:": "border"}[marker]
    assert line == (f'{place(path, marker, key)}: error: layouts.front.{element}: "{key}" is a key of {readers}; '
                    f"{kind} does not read it, so it would do nothing [input.element-key]"), line


def test_flow_and_gap_mm_are_read_with_each_and_the_size_keys_with_box_em(tmp_path):
    # Without each, a flow and a gap split nothing; with each, they split its box.
    path = write(tmp_path, "band: {rect: true,", "band: {rect: true, flow: down,")
    [line] = refused(path)
    assert line.startswith(place(path, "band:", "flow")) and \
        '"flow" is a key of an element with each; a rect without each does not read it' in line, line
    bundled = Path(DIAMONDS_YAML).read_text(encoding="utf-8")  # Diamonds' rocks: a symbol each rock
    game = tmp_path / "my-diamonds.yaml"
    game.write_text(bundled + "layouts:\n  mat-debris:\n    rocks: {flow: down, gap_mm: 1}\n", encoding="utf-8")
    accepted(game)
    # A box in its text size, box_em, is sized by the keys a text is: on a rectangle too.
    path = write(tmp_path, "band: {rect: true,", "band: {rect: true, role: title,")
    [line] = refused(path)
    assert '"role" is a key of a text, a table, a draw or a layout, or of an element with box_em; a rect ' \
           "without box_em does not read it" in line, line
    accepted(write(tmp_path, "band: {rect: true, fill: panel, at: [0.5, 0.45], box: [0.8, 0.1]}",
                   "band: {rect: true, fill: panel, at: [0.5, 0.45], box_em: [4, 1.5], role: title, scale: 1.5}"))


def test_what_a_games_drawers_read_a_draw_element_may_give_and_nothing_else(tmp_path):
    # Diamonds' dig site (site: {draw: diamonds.dig-site}) in the mat layout: a drawer reads colours,
    # lines, sizes, gap_mm and columns (every game's drawers, taken together), never a text's leading.
    bundled = Path(DIAMONDS_YAML).read_text(encoding="utf-8")
    game = tmp_path / "my-diamonds.yaml"
    game.write_text(bundled + "layouts:\n  mat:\n    site: {stroke_mm: 0.5, size_pt: 9, gap_mm: 2}\n",
                    encoding="utf-8")
    accepted(game)
    game.write_text(bundled + "layouts:\n  mat:\n    site: {stroke_mm: 0.5, leading: 1.4}\n", encoding="utf-8")
    [line] = refused(game)
    column = "    site: {stroke_mm: 0.5, leading: 1.4}".index("leading") + 1
    assert line == (f"my-diamonds.yaml:{len(bundled.splitlines()) + 3}:{column}: error: layouts.mat.site: "
                    '"leading" is a key of a text or a table; a draw does not read it, so it would do nothing '
                    "[input.element-key]"), line


def test_a_key_an_element_inherits_is_checked_where_it_is_written_and_told_once(tmp_path):
    # base's name, which front and back both extend: one line, at base's.
    path = write(tmp_path, 'role: title}', 'role: title, dash_mm: [1, 1]}')
    [line] = refused(path)
    assert line.startswith(f'{place(path, "name: {text", "dash_mm")}: error: layouts.base.name: "dash_mm" is a key '
                           "of a rect, a line or a draw; a text does not read it"), line
    # Diamonds' corner suit, which every suit card's layout extends, made a text by a game file: the
    # template's `size_mm`, a symbol's, is one mistake at the template's line, told once.
    bundled = Path(DIAMONDS_YAML).read_text(encoding="utf-8")
    game = tmp_path / "my-diamonds.yaml"
    game.write_text(bundled + 'layouts:\n  card:\n    index-suit: {symbol: null, text: "{rank}"}\n', encoding="utf-8")
    [line] = refused(game)
    template = Path(DIAMONDS_YAML).parent.parent / "templates" / "layouts.yaml"
    [number] = [index for index, text in enumerate(template.read_text(encoding="utf-8").splitlines(), start=1)
                if text.startswith("    index-suit: {")]
    assert f"layouts.yaml:{number}:" in line and \
        '"size_mm" is a key of a symbol or a draw; a text does not read it' in line, line


def track_words(tmp_path, track: str, box: str = "[0.8, 0.3]") -> list[str]:
    """The words the back's track prints (its numbers left out)."""
    path = write(tmp_path, "score: {track: {columns: 5, rows: 2}, at: [0.5, 0.6], box: [0.8, 0.3]}",
                 f"score: {{track: {{{track}}}, at: [0.5, 0.6], box: {box}}}")
    loaded = load_game(str(path))
    drawn = record_face(loaded.components()[0].pieces[0].back, Area(63.5, 88.9, 0.0))
    return [text.text for text in drawn.texts if not text.text.isdigit() and text.text != "Alpha"]


def test_a_tracks_start_label_is_its_start_key_and_empty_prints_none(tmp_path):
    assert track_words(tmp_path, "columns: 5, rows: 2") == ["start"]  # as before
    assert track_words(tmp_path, 'columns: 5, rows: 2, start: "Départ"') == ["Départ"]
    assert track_words(tmp_path, 'columns: 5, rows: 2, start: ""') == []
    # Built, the PDF prints the word.
    path = write(tmp_path, "columns: 5, rows: 2}", 'columns: 5, rows: 2, start: "Départ"}')
    code, _, stderr = run_pnp("build", path.name, "--out", "out", "-q", cwd=tmp_path)
    assert code == 0, stderr
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(tmp_path / "out" / "game" / "game.pdf"))
    printed = "".join(page.get_textpage().get_text_range() for page in pdf)
    assert "Départ" in printed and "start" not in printed


def test_a_start_label_keeps_to_its_track_and_its_box(tmp_path):
    """The squares leave room under the track for the word as written (its descender too), and a word
    wider than the track shrinks to its width, as a label does, down to 7 pt; one that is wider even
    then is an error at the track's line."""
    from generator.canvas import FLOOR_PT, PT

    word = "Le départ de la partie"
    path = write(tmp_path, "score: {track: {columns: 5, rows: 2}, at: [0.5, 0.6], box: [0.8, 0.3]}",
                 f'score: {{track: {{columns: 2, rows: 1, start: "{word}"}}, at: [0.5, 0.6], box: [0.5, 0.3]}}')
    loaded = load_game(str(path))
    drawn = record_face(loaded.components()[0].pieces[0].back, Area(63.5, 88.9, 0.0))
    squares = [p.box for p in drawn.paths if abs((p.box[2] - p.box[0]) - (p.box[3] - p.box[1])) < 1e-6
               and p.box[2] - p.box[0] > 2]
    assert len(squares) == 2
    (label,) = [text for text in drawn.texts if text.text == word]
    left, right, square = min(b[0] for b in squares), max(b[2] for b in squares), squares[0][2] - squares[0][0]
    assert FLOOR_PT * PT - 1e-9 <= label.size < square * 0.2 - 0.01  # shrunk from its size beside these squares
    assert left - 1e-6 <= label.box[0] and label.box[2] <= right + 1e-6  # ...to the track's width
    box_top, box_bottom = 88.9 * 0.6 - 88.9 * 0.15, 88.9 * 0.6 + 88.9 * 0.15
    assert max(b[3] for b in squares) < label.box[1] and label.box[3] <= box_bottom + 1e-6  # under it, in the box
    assert box_top - 1e-6 <= min(b[1] for b in squares)

    path = write(tmp_path, "score: {track: {columns: 5, rows: 2}, at: [0.5, 0.6], box: [0.8, 0.3]}",
                 'score: {track: {columns: 1, rows: 3, start: "Commencez ici, au premier"}, at: [0.5, 0.6], '
                 "box: [0.1, 0.3]}")
    code, _, stderr = run_pnp("validate", path.name, cwd=tmp_path)
    lines = stderr.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].endswith("[input.element]"), stderr
    assert lines[0].startswith(f"game.yaml:{line_of(path, 'score:')}:") and \
        '"Commencez ici, au premier"' in lines[0] and "7 pt" in lines[0], lines[0]
