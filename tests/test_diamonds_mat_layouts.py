"""The Diamonds dig-site mat and the reference card's goal band are layouts of diamonds-cards (issue 31):
the mat's frame and title (mat), a pile's space (mat-pile), the debris (mat-debris), the turn under it
(mat-turn) and the goal band (goal-band). An edit of one element in a copy of the game file shows in
the print, in exactly the places that layout is drawn, and the validator's layout rules read them."""

from __future__ import annotations

import pytest

from conftest import face_drawn, game_with_layouts, piece_of
from generator.canvas import PT
from generator.load import load_game

RED = "#ff0000"
PILES = 9  # the rules' 3 x 3 grid

# layout -> (the piece that shows it, the element, the key of it set to red)
EDITS = {
    "mat": ("dig-site-mat", "title", "colour"),
    "mat-pile": ("dig-site-mat", "cards", "colour"),
    "mat-debris": ("dig-site-mat", "heading", "colour"),
    "mat-turn": ("dig-site-mat", "panel", "stroke"),
    "goal-band": ("reference-card-1", "panel", "fill"),
}


def drawn(piece):
    return face_drawn(piece)


@pytest.fixture(scope="module")
def bundled():
    return {piece_id: drawn(piece_of("diamonds", piece_id)) for piece_id in ("dig-site-mat", "reference-card-1")}


@pytest.mark.parametrize("layout", list(EDITS))
def test_an_edit_of_each_mat_layout_shows_where_it_is_drawn(tmp_path, layout):
    piece_id, element, key = EDITS[layout]
    path = game_with_layouts(tmp_path, "diamonds", f"  {layout}:\n    {element}: {{{key}: '{RED}'}}\n")
    face = drawn(piece_of(path, piece_id))
    texts = [text.text for text in face.texts if text.fill.lower() == RED]
    shapes = [path for path in face.paths if RED in {(path.fill or "").lower(), (path.stroke or "").lower()}]
    expected = {
        "mat": (["Dig site"], 0),
        "mat-pile": (["6 cards"] * PILES, 0),
        "mat-debris": (["Debris"], 0),
        "mat-turn": ([], 1),  # the turn's panel
        "goal-band": ([], 1),
    }[layout]
    assert (texts, len(shapes)) == expected


def test_the_pile_number_grows_and_the_title_moves_from_the_game_file(tmp_path, bundled):
    path = game_with_layouts(tmp_path, "diamonds", "  mat:\n    title: {inset_mm: [30, 10]}\n"
                                                   "  mat-pile:\n    number: {size_pt: 20}\n")
    face = drawn(piece_of(path, "dig-site-mat"))

    def title(recording):
        return next(text for text in recording.texts if text.text == "Dig site")

    def numbers(recording):
        return [text for text in recording.texts if text.text.startswith("pile ")]

    assert title(face).box[0] == pytest.approx(title(bundled["dig-site-mat"]).box[0] + 20, abs=1e-6)
    assert title(face).box[1] == pytest.approx(title(bundled["dig-site-mat"]).box[1], abs=1e-6)
    assert len(numbers(face)) == PILES and {round(text.size / PT, 6) for text in numbers(face)} == {20}
    assert {round(text.size / PT, 6) for text in numbers(bundled["dig-site-mat"])} == {14}  # the mat's body


def test_the_goal_band_is_as_deep_as_its_words(tmp_path, bundled):
    """A band whose words start further right wraps them onto more lines, and its panel grows with them."""
    path = game_with_layouts(tmp_path, "diamonds", "  goal-band:\n    goal: {at: [0.5, 0], box: [0.48, 0]}\n")
    face = drawn(piece_of(path, "reference-card-1"))

    def panel(recording):
        return max((p for p in recording.paths if p.fill == "#efe0a8"), key=lambda p: p.box[3])

    def goal_lines(recording):
        return [t for t in recording.texts if t.box[1] > panel(recording).box[1]]

    assert len(goal_lines(face)) > len(goal_lines(bundled["reference-card-1"]))
    assert panel(face).box[3] - panel(face).box[1] > panel(bundled["reference-card-1"]).box[3] - \
        panel(bundled["reference-card-1"]).box[1]
    assert all(t.box[3] < panel(face).box[3] for t in goal_lines(face))  # every line on the panel


def test_the_layout_rules_read_the_mat(tmp_path):
    """A pile number at 5 pt breaks layout.text-size, a title moved to the cut layout.safe-area."""
    path = game_with_layouts(tmp_path, "diamonds", "  mat:\n    title: {inset_mm: [0.5, 0]}\n"
                                                   "  mat-pile:\n    number: {size_pt: 5}\n")
    findings = {finding.rule: finding for finding in load_game(str(path)).findings()}
    assert "dig-site-mat" in findings["layout.text-size"].message
    assert "5.0 pt" in findings["layout.text-size"].message
    assert "dig-site-mat" in findings["layout.safe-area"].message
    assert not {"layout.text-size", "layout.safe-area"} & {finding.rule for finding in load_game("diamonds").findings()}
