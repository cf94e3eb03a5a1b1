"""Score tracks from the kit: the numbering along a path, and what a printed track shows."""

from __future__ import annotations

import pytest

from generator.canvas import Canvas, NullSurface
from generator.kit.tracks import Square, TrackStyle, draw_track, track_squares


class Recorder(NullSurface):
    """Keeps what a canvas hands over: paths with their fill, text with its position."""

    def __init__(self):
        self.paths: list[tuple[tuple[float, ...], str | None]] = []
        self.tips: list[tuple[float, float]] = []  # each path's third point: an arrowhead's tip
        self.texts: list[tuple[str, str, float, float]] = []

    def draw_path(self, path, style) -> None:
        self.paths.append((path.bounds(), style.fill))
        self.tips.append(path.commands[2][1:3])

    def draw_text(self, text, face, size, fill, matrix) -> None:
        self.texts.append((text, face, matrix.e, matrix.f))


def test_a_serpentine_runs_back_along_every_other_row_from_the_bottom_left():
    assert track_squares(3, 2) == [(0, 0, 1), (1, 1, 1), (2, 2, 1), (3, 2, 0), (4, 1, 0), (5, 0, 0)]


def test_rows_all_run_left_to_right_and_numbering_starts_at_first():
    squares = track_squares(3, 2, first=1, path="rows")
    assert squares == [(1, 0, 1), (2, 1, 1), (3, 2, 1), (4, 0, 0), (5, 1, 0), (6, 2, 0)]


@pytest.mark.parametrize("columns, rows", [(1, 1), (10, 10), (7, 3), (1, 5), (5, 1)])
def test_on_a_serpentine_every_square_is_next_to_the_one_before(columns, rows):
    squares = track_squares(columns, rows)
    assert sorted((s.column, s.row) for s in squares) == sorted((c, r) for c in range(columns) for r in range(rows))
    assert all(abs(a.column - b.column) + abs(a.row - b.row) == 1 for a, b in zip(squares, squares[1:]))


def test_an_unknown_path_is_refused():
    with pytest.raises(ValueError, match="serpentine or rows"):
        track_squares(3, 3, path="spiral")


def test_a_printed_track_numbers_its_squares_tints_milestones_and_marks_turns_and_start():
    surface = Recorder()
    style = TrackStyle(square_mm=10, paper="#ffffff", highlight="#eeeeee", highlight_every=5)
    draw_track(Canvas(surface), track_squares(5, 3), style, x=2, y=4)
    squares = [(bounds, fill) for bounds, fill in surface.paths if bounds[2] - bounds[0] == pytest.approx(10)]
    arrows = [(bounds, fill) for bounds, fill in surface.paths if bounds[2] - bounds[0] < 10]
    assert len(squares) == 15
    assert [fill for _, fill in squares].count("#eeeeee") == 3  # 0, 5 and 10
    assert squares[0][0] == pytest.approx((2, 24, 12, 34))  # square 0: bottom-left
    assert len(arrows) == 2 and all(fill == style.line for _, fill in arrows)  # one per change of row
    (x0, y0, x1, y1), _ = arrows[0]  # square 4, bottom-right, going up into square 5
    assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx((47, 24))
    assert surface.tips[surface.paths.index(arrows[0])] == pytest.approx((47, y0))  # pointing up
    numbers = {text: face for text, face, _, _ in surface.texts if text.isdigit()}
    assert sorted(map(int, numbers)) == list(range(15))
    assert [n for n, face in numbers.items() if face == "bold"] == ["0", "5", "10"]
    (label, _, lx, ly), = [t for t in surface.texts if not t[0].isdigit()]
    assert label == "start" and 2 < lx < 12 and 24 < ly < 34


def test_a_downward_path_points_its_arrows_down_and_a_track_may_have_no_milestones():
    surface = Recorder()
    down = [Square(0, 0, 0), Square(1, 0, 1)]
    draw_track(Canvas(surface), down, TrackStyle(square_mm=10, highlight="#eeeeee", highlight_every=0, start_label=""))
    assert all(fill != "#eeeeee" for _, fill in surface.paths)
    (arrow,) = [p for p in surface.paths if p[0][2] - p[0][0] < 10]
    bounds = arrow[0]
    assert (bounds[1] + bounds[3]) / 2 == pytest.approx(10)  # astride the edge between the two squares
    assert surface.tips[surface.paths.index(arrow)] == pytest.approx((5, bounds[3]))  # pointing down
    assert [text for text, *_ in surface.texts] == ["0", "1"]
