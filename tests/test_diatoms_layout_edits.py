"""Every layout of Diatoms' set follows an edit made in a copy of the game file: a size, a move, a
colour or a removal of one of its elements shows in what the face draws (issue 31), the drawers'
elements (the tiles' triangles, the lens's window, a judge's terms, the score table, the board's
rings, the notebook's words) as much as its texts and shapes."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import face_drawn as drawn, game_with_layouts, run_pnp
from generator.canvas import PT
from generator.load import load_game

ROOT = Path(__file__).resolve().parent.parent
DIATOMS = (ROOT / "data" / "diatoms.yaml").read_text()
RED = "#ff0000"

# layout -> (the piece that shows it, the edit of one element)
EDITS = {
    "hex-tile": ("hex-tile-1", f"triangles: {{stroke: '{RED}'}}"),
    "hex-tile-start": ("hex-tile-start", "ring: null"),
    "diatom": ("diatom-green-oval-1", "shape: {at: [0.5, 0.3]}"),
    "lens-tool": ("lens-tool", f"window: {{fill: '{RED}'}}"),
    "petri-dish-colour": ("petri-dish-green", "label: {size_pt: 14}"),
    "petri-dish-shape": ("petri-dish-green", f"shape: {{colour: '{RED}'}}"),
    "guest-judge": ("guest-judge-1", "terms: {size_pt: 12}"),
    "score-pad": ("score-pad", f"table: {{fill: '{RED}'}}"),
    "player-board": ("player-board-1", f"rings: {{stroke: '{RED}'}}"),
    "field-notebook": ("field-notebook-1", f"words: {{colour: '{RED}'}}"),
    "score-heading": ("score-pad", "player: {size_pt: 14}"),
    "score-row": ("score-pad", "cells: {stroke_mm: 0.6}"),
    "score-colour": ("score-pad", "mark: {size: 0.03}"),
    "score-pairs": ("score-pad", f"spots: {{fill: '{RED}'}}"),
    "score-ring": ("score-pad", f"rings: {{colour: '{RED}'}}"),
    "score-judge": ("score-pad", "guide: null"),
    "score-tie": ("score-pad", "rule: {stroke_mm: 1.5}"),
    "score-total": ("score-pad", "label: {size_pt: 13}"),
    "board-spot": ("player-board-1", "label: {size_pt: 9}"),
    "board-crossing": ("player-board-1", f"halo: {{fill: '{RED}'}}"),
    "score-note": ("score-pad", f"bullet: {{fill: '{RED}'}}"),
    "board-centre": ("player-board-1", "dot: {size: 0.3}"),
    "group-size": ("field-notebook-1", f"number: {{colour: '{RED}'}}"),
    "group-size-split": ("field-notebook-1", f"rings: {{stroke: '{RED}'}}"),
    "judge-term": ("guest-judge-1", "points: {size_pt: 20}"),
    "judge-term-words": ("guest-judge-1", f"words: {{colour: '{RED}'}}"),
    "judge-emblem": ("guest-judge-1", "emblem: {box: [0.4, 1]}"),
}


def pieces(target) -> dict:
    wanted = {piece_id for piece_id, _ in EDITS.values()}
    return {p.id: p for c in load_game(str(target), ()).components() for p in c.pieces if p.id in wanted}


@pytest.fixture(scope="module")
def bundled():
    return pieces("diatoms")


@pytest.fixture(scope="module")
def edited(tmp_path_factory):
    """One copy of the game file with one edit in every layout of the set."""
    return pieces(game_with_layouts(tmp_path_factory.mktemp("edited"), "diatoms",
                                    "".join(f"  {layout}:\n    {edit}\n" for layout, (_, edit) in EDITS.items())))


def paints(recording) -> set:
    return {colour.lower() for path in recording.paths for colour in (path.fill, path.stroke) if colour} | \
        {text.fill.lower() for text in recording.texts}


def test_every_layout_of_the_set_has_an_edit_here():
    code, out, _ = run_pnp("layouts", "diatoms", cwd=ROOT)
    names = {line.strip().rstrip(":") for line in out.splitlines() if line.startswith("  ") and
             not line.startswith("   ") and line.strip().endswith(":")}
    assert code == 0 and names == set(EDITS)


@pytest.mark.parametrize("layout", EDITS)
def test_an_edit_of_each_layout_shows_in_the_print(layout, bundled, edited):
    piece_id, _ = EDITS[layout]
    side = "back" if layout == "petri-dish-shape" else "front"
    before, after = drawn(bundled[piece_id], side), drawn(edited[piece_id], side)
    assert (before.paths, before.texts) != (after.paths, after.texts)


def test_the_tiles_seams_take_the_stroke(bundled, edited):
    assert RED in paints(drawn(edited["hex-tile-1"])) and RED not in paints(drawn(bundled["hex-tile-1"]))


def test_the_start_tiles_ring_left_out(bundled, edited):
    assert len(drawn(edited["hex-tile-start"]).paths) == len(drawn(bundled["hex-tile-start"]).paths) - 1


def test_the_tokens_shape_moved_up(bundled, edited):
    def top(found):
        return min(path.box[1] for path in drawn(found).paths[1:])  # past the background

    assert top(edited["diatom-green-oval-1"]) < top(bundled["diatom-green-oval-1"]) - 2


def test_the_lens_window_takes_the_fill(edited):
    assert RED in paints(drawn(edited["lens-tool"]))


def test_the_dish_sides_restyled(edited):
    assert next(t for t in drawn(edited["petri-dish-green"]).texts if t.text == "green").size == pytest.approx(14 * PT)
    assert RED in paints(drawn(edited["petri-dish-green"], "back"))


def test_a_judges_terms_sized_by_their_element(bundled, edited):
    """`size_pt` sizes the element's role (body, the terms' words); the heading and name stay."""
    def sizes(found):
        return {round(t.size / PT, 2) for t in drawn(found).texts}

    assert 12.0 in sizes(edited["guest-judge-1"]) and 12.0 not in sizes(bundled["guest-judge-1"])
    assert drawn(edited["guest-judge-1"]).texts[:2] == drawn(bundled["guest-judge-1"]).texts[:2]


def test_the_score_tables_shading_and_the_boards_rings_recoloured(bundled, edited):
    for piece_id in ("score-pad", "player-board-1"):
        assert RED in paints(drawn(edited[piece_id])) and RED not in paints(drawn(bundled[piece_id]))


def test_the_notebooks_words_recoloured_and_its_title_stays(bundled, edited):
    after, before = drawn(edited["field-notebook-1"]), drawn(bundled["field-notebook-1"])
    assert {t.fill.lower() for t in after.texts[1:]} == {RED}
    assert after.texts[0] == before.texts[0] and before.texts[0].text == "Diatoms: field notebook"


def test_the_notebooks_words_moved_sized_or_left_out(tmp_path, bundled):
    def notebook(edit: str):
        path = tmp_path / "diatoms.yaml"
        path.write_text(DIATOMS + "\nlayouts:\n  field-notebook:\n    " + edit + "\n")
        return drawn(next(p for c in load_game(str(path), ()).components() for p in c.pieces
                          if p.id == "field-notebook-1"))

    before = drawn(bundled["field-notebook-1"])
    moved = notebook("words: {inset_mm: [20, 6]}")
    assert min(t.box[0] for t in moved.texts[1:]) == pytest.approx(min(t.box[0] for t in before.texts[1:]) + 14, abs=0.01)
    assert len(notebook("words: {columns: 2}").texts) != len(before.texts)
    assert max(t.size for t in notebook("words: {size_pt: 6}").texts[1:]) < \
        max(t.size for t in before.texts[1:])
    assert [t.text for t in notebook("words: null").texts] == ["Diatoms: field notebook"]


def test_a_notebook_whose_words_do_not_fit_their_box_is_a_finding(tmp_path):
    path = tmp_path / "diatoms.yaml"
    path.write_text(DIATOMS + "\nlayouts:\n  field-notebook:\n    words: {box: [0.3, 0.3]}\n")
    code, _, stderr = run_pnp("validate", str(path), cwd=tmp_path)
    assert code == 1 and "field-notebook" in stderr and "Traceback" not in stderr, stderr


def test_a_broken_gap_is_one_line_exit_2(tmp_path):
    path = tmp_path / "diatoms.yaml"
    path.write_text(DIATOMS + "\nlayouts:\n  field-notebook:\n    words: {gap_mm: -3}\n")
    code, _, stderr = run_pnp("validate", str(path), cwd=tmp_path)
    lines = stderr.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "gap_mm" in lines[0] and "diatoms.yaml:" in lines[0], stderr
