"""The layout engine's repeats over a row's lists (`each`), layouts drawn in a box (`layout:`) and
dashed strokes (`dash_mm`), in general: a table whose rows come from data."""

from __future__ import annotations

import pytest

from conftest import game_with_layouts, run_pnp
from generator.kit.layouts import Element, Face, Layouts
from generator.load import load_game
from generator.model import Area
from generator.recording import Recording, record_face


STYLE = load_game("diaominos").spec.style.resolve("player-sheet", piece="player-sheet-1")


class _Palette:
    colours: dict = {}

    @staticmethod
    def resolve(name, location, label):
        return name


def _face(layouts: dict, row: dict) -> Face:
    found = Layouts({name: list(elements.items()) for name, elements in layouts.items()},
                    {name: None for name in layouts}, _Palette(), None)
    return Face(found, "face", tuple(row.items()), STYLE)


def test_each_draws_an_element_once_an_item_in_equal_cells_with_the_items_fields():
    row = {"shapes": ((("name", "I"),), (("name", "O"),), (("name", "T"),))}
    face = _face({"face": {
        "card": Element(rect=True, each="shapes", gap_mm=2.0, at=(0, 0), anchor="top-left", box=(1, 0.5),
                        stroke="ink"),
        "label": Element(text="{number}. {name}", each="shapes", flow="down", at=(0, 0.5), anchor="top-left",
                         box=(1, 0.5))}}, row)
    drawn = record_face(face, Area(64.0, 40.0, 0.0))
    cards = [path.box for path in drawn.paths if path.stroke]  # not the background
    widths = [round(box[2] - box[0] - STYLE.line_mm, 6) for box in cards]  # less the stroke's width
    assert widths == [20.0, 20.0, 20.0]  # (64 - 2 gaps of 2) / 3
    assert [round(box[0] + STYLE.line_mm / 2, 6) for box in cards] == [0.0, 22.0, 44.0]
    labels = drawn.texts
    assert [text.text for text in labels] == ["1. I", "2. O", "3. T"]
    tops = [text.box[1] for text in labels]
    assert tops[0] < tops[1] < tops[2] and tops[0] >= 20.0  # down the lower half, a cell each


def test_a_layout_element_draws_another_layout_in_its_box_restyled_and_each_item_in_its_cell():
    row = {"rounds": (1, 2)}
    face = _face({
        "face": {"rows": Element(layout="row", each="rounds", flow="down", at=(0.5, 0), anchor="top-left",
                                 box=(0.5, 1), colour="#2a7f62")},
        "row": {"number": Element(text="{item}", at=(0, 0.5), anchor="left"),
                "slot": Element(rect=True, at=(0.5, 0), anchor="top-left", box=(0.5, 1), stroke="line",
                                dash_mm=(1.0, 0.5))}}, row)
    recording = Recording()
    from generator.canvas import Canvas

    face(Canvas(recording), Area(40.0, 20.0, 0.0))
    texts, paths = recording.texts, recording.paths
    assert [(text.text, text.fill) for text in texts] == [("1", "#2a7f62"), ("2", "#2a7f62")]  # colour: the ink
    assert texts[0].box[0] == pytest.approx(20.0) and texts[1].box[1] > 10.0  # the right half, a row each
    slots = [path for path in paths if path.stroke]
    assert [round(path.box[0] + STYLE.line_mm / 2, 6) for path in slots] == [30.0, 30.0]  # half of the row's half
    dashes = [call[2].dash for call in recording.calls if call[0] == "path" and call[2].stroke]
    assert dashes == [(1.0, 0.5), (1.0, 0.5)]


def test_a_layout_that_draws_itself_or_no_layout_is_an_error_at_its_line(tmp_path):
    target = game_with_layouts(tmp_path, "diaominos", "  round-row:\n    again: {layout: round-row, box: [1, 1]}\n")
    code, _, err = run_pnp("validate", str(target), cwd=tmp_path)
    assert code == 2 and "Traceback" not in err
    assert 'layout "round-row" draws itself; a layout may draw only other layouts' in err and "diaominos.yaml:" in err
    target = game_with_layouts(tmp_path, "diaominos", "  player-sheet:\n    rounds: {layout: round-rows}\n")
    code, _, err = run_pnp("validate", str(target), cwd=tmp_path)
    assert code == 2 and 'draws the layout "round-rows", which is not a layout; did you mean "round-row"' in err


def test_each_over_a_field_that_is_no_list_is_an_error_at_its_line(tmp_path):
    target = game_with_layouts(tmp_path, "diaominos", "  player-sheet:\n    rounds: {each: title}\n")
    code, _, err = run_pnp("build", str(target), "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert code == 2 and "Traceback" not in err and 'each: "title" is no list' in err, err


def test_a_layout_drawn_in_a_custom_games_face_shows_the_rows_fields_and_asks_for_them(tmp_path):
    game = """game: custom
id: badges
title: Badges
components:
  card:
    piece: poker-card
    rows: [{id: a, name: Amber}, {id: b, name: Blue}]
    front: card-front
layouts:
  card-front:
    plate: {layout: badge, at: [0.5, 0.5], box: [0.8, 0.3]}
  badge:
    ring: {rect: true, at: [0, 0], anchor: top-left, box: [1, 1], stroke: ink}
    name: {text: "{name}", at: [0.5, 0.5], box: [0.9, 0.5]}
"""
    target = tmp_path / "badges.yaml"
    target.write_text(game)
    cards = {part.name: part for part in load_game(str(target)).components()}["card"].pieces
    texts = [text for text in record_face(cards[1].front, Area(cards[1].width, cards[1].height, 0.0)).texts]
    assert [text.text for text in texts] == ["Blue"]
    assert cards[1].width * 0.1 < texts[0].box[0] and texts[0].box[2] < cards[1].width * 0.9  # in the badge
    target.write_text(game.replace("{id: b, name: Blue}", "{id: b, label: Blue}"))
    code, _, err = run_pnp("validate", str(target), cwd=tmp_path)
    assert code == 2 and "Traceback" not in err and "this row has no name" in err, err
