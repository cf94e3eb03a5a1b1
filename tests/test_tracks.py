"""Score tracks from the kit: the numbering along a path, and what a printed track shows."""

from __future__ import annotations

import pytest

from generator.canvas import PT, Canvas, NullSurface
from generator.fonts import text_width
from generator.kit.tracks import Square, TrackStyle, draw_track, start_room, track_shape, track_squares


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
    # Under square 0, outside the track (the room start_room says), never over its number.
    assert label == "start" and 2 <= lx and lx + text_width(label, style.start_size) <= 12
    assert 34 < ly <= 34 + start_room(style)


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


def test_squares_from_first_to_last_fill_the_cells_in_path_order_leaving_only_the_last_row_short():
    assert track_squares(4, 2, first=0, last=5) == [(0, 0, 1), (1, 1, 1), (2, 2, 1), (3, 3, 1), (4, 3, 0), (5, 2, 0)]
    assert track_squares(4, 2, first=1, path="rows", last=6)[-2:] == [(5, 0, 0), (6, 1, 0)]
    assert len(track_squares(17, 3, last=50)) == 51


@pytest.mark.parametrize("count, width, height", [(51, 180, 50), (51, 180, 12), (51, 40, 180), (100, 150, 150),
                                                  (1000, 180, 250), (1, 50, 50), (7, 100, 100)])
def test_a_worked_out_shape_holds_every_square_with_no_empty_row_and_the_largest_squares(count, width, height):
    columns, rows = track_shape(count, width, height)
    assert columns * rows >= count > columns * (rows - 1) and max(columns, rows) <= 100
    best = max(min(width / c, height / -(-count // c)) for c in range(1, min(count, 100) + 1) if -(-count // c) <= 100)
    assert min(width / columns, height / rows) == pytest.approx(best)


def test_a_worked_out_shape_is_a_strip_in_a_strip_and_a_block_in_a_square():
    assert track_shape(100, 150, 150) == (10, 10)
    assert track_shape(51, 180, 55) == (13, 4)  # squares of 13.75 mm: 17 x 3 would give 10.6 mm
    assert track_shape(20, 400, 20) == (20, 1)
    assert track_shape(51, 180, 55, columns=17) == (17, 3) and track_shape(51, 180, 55, rows=5) == (11, 5)
    assert track_shape(51, 180, 55, columns=10, rows=6) == (10, 6)  # both given: kept (the layout checks them)


TRACK_GAME = """game: custom
title: Tracks
components:
  track:
    piece: {{width_mm: 200, height_mm: 120, safe_mm: 5}}
    rows: [{{id: t}}]
    front: track
layouts:
  track:
    squares: {{track: {{{track}}}, at_mm: [100, 60], box_mm: [180, {height}]}}
"""


def recorded_track(tmp_path, track: str, height: float = 100):
    from generator.load import load_game
    from generator.model import Area
    from generator.recording import record_face

    path = tmp_path / "tracks.yaml"
    path.write_text(TRACK_GAME.format(track=track, height=height))
    [component] = load_game(str(path)).components()
    piece = component.pieces[0]
    return record_face(piece.front, Area(piece.width, piece.height, 0.0))


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("track", ["columns: 5, rows: 3", "columns: 10, rows: 3", "columns: 17, rows: 3",
                                   "columns: 25, rows: 3", "columns: 40, rows: 3", "columns: 17, last: 50",
                                   "last: 50", "first: 1, last: 100", "columns: 25, rows: 2, first: -9"])
@pytest.mark.parametrize("height", [100, 30])
def test_the_start_label_is_clear_of_every_number_at_7_pt_or_more_inside_the_box(tmp_path, track, height):
    drawn = recorded_track(tmp_path, track, height)
    [label] = [text for text in drawn.texts if text.text == "start"]
    numbers = [text for text in drawn.texts if text.text != "start"]
    first = min(numbers, key=lambda text: int(text.text))
    assert label.size >= 7 * PT - 1e-9
    assert not overlap(label.box, first.box), (label.box, first.box)
    assert not any(overlap(label.box, number.box) for number in numbers)
    box = (10, 60 - height / 2, 190, 60 + height / 2)  # the element's box: the label takes room in it
    assert box[0] <= label.box[0] and label.box[2] <= box[2] and box[1] <= label.box[1] and label.box[3] <= box[3]
    assert label.box[1] > first.box[3]  # below the first square, which is the bottom-left one


def test_a_track_from_first_to_last_numbers_exactly_those_squares(tmp_path):
    for track, numbers in [("last: 50", range(51)), ("first: 1, last: 100, columns: 17", range(1, 101)),
                           ("first: -5, last: 5, rows: 1", range(-5, 6))]:
        drawn = recorded_track(tmp_path, track)
        assert sorted(int(text.text) for text in drawn.texts if text.text != "start") == list(numbers)


def test_a_box_too_low_for_the_label_keeps_the_numbers_alone(tmp_path):
    drawn = recorded_track(tmp_path, "columns: 10, rows: 1", height=2)
    assert [text.text for text in drawn.texts][:3] == ["0", "1", "2"] and "start" not in {t.text for t in drawn.texts}


def test_a_path_of_its_own_gets_its_start_label_on_a_side_of_the_first_square_no_square_takes():
    style = TrackStyle(square_mm=10)
    for squares, where in [([Square(0, 0, 1), Square(1, 0, 0)], "below"),  # up from the bottom
                           ([Square(0, 0, 0), Square(1, 0, 1)], "above"),  # down from the top
                           ([Square(0, 1, 1), Square(1, 1, 0), Square(2, 1, 2), Square(3, 2, 2)], "left")]:
        surface = Recorder()
        draw_track(Canvas(surface), squares, style)
        [(_, _, lx, ly)] = [t for t in surface.texts if t[0] == "start"]
        first = squares[0]
        left, top = first.column * 10, first.row * 10
        if where == "below":
            assert ly > top + 10 and left <= lx < left + 10
        elif where == "above":
            assert ly < top and left <= lx < left + 10
        else:
            assert lx + text_width("start", style.start_size) < left and top < ly < top + 10


def test_a_rows_path_marks_where_each_row_ends_and_the_next_begins_never_pointing_into_a_cell():
    """On a "rows" path 7 goes on at 8, the left end of the row above: an arrowhead inside 7 points
    out of the track's right side, and one inside 8 points in from its left side. None points up
    from 7 into 15, nor from 23 into the empty cell above it."""
    surface = Recorder()
    squares = track_squares(8, 4, path="rows", last=30)
    draw_track(Canvas(surface), squares, TrackStyle(square_mm=10, start_label=""))
    at = {square.number: square for square in squares}
    arrows = [(bounds, tip) for (bounds, _), tip in zip(surface.paths, surface.tips) if bounds[2] - bounds[0] < 10]
    assert len(arrows) == 6  # out of 7, 15 and 23; into 8, 16 and 24
    for (x0, y0, x1, y1), (tip_x, tip_y) in arrows:
        assert tip_x == pytest.approx(x1) and y0 < tip_y < y1  # each points right, along the rows
        assert 0 <= x0 and x1 <= 80 and 0 <= y0 and y1 <= 40  # inside the track: no cell beyond it
    for end, start in [(7, 8), (15, 16), (23, 24)]:
        leaving, entering = at[end], at[start]
        top = leaving.row * 10
        assert any(tip == pytest.approx((80, tip[1])) and top < tip[1] < top + 10 for _, tip in arrows), end
        top = entering.row * 10
        assert any(bounds[0] == pytest.approx(0) and top < bounds[1] < bounds[3] < top + 10
                   for bounds, _ in arrows), start


def test_a_rows_track_keeps_its_marks_clear_of_every_number_even_three_digit_milestones(tmp_path):
    drawn = recorded_track(tmp_path, "columns: 10, path: rows, first: 1, last: 120")
    numbers = [text for text in drawn.texts if text.text != "start"]
    square = next(text for text in drawn.texts if text.text == "1").box  # a number is narrower than its square
    arrows = [path for path in drawn.paths if path.box[2] - path.box[0] < square[2] - square[0]]
    assert len(arrows) == 2 * 11  # twelve rows: an end and a start at each of eleven breaks
    assert not any(overlap(arrow.box, number.box) for arrow in arrows for number in numbers)


def test_a_serpentine_still_turns_with_one_arrow_astride_the_edge_between_rows():
    surface = Recorder()
    draw_track(Canvas(surface), track_squares(8, 4, last=30), TrackStyle(square_mm=10, start_label=""))
    arrows = [bounds for bounds, _ in surface.paths if bounds[2] - bounds[0] < 10]
    assert len(arrows) == 3 and all((y0 + y1) / 2 in (pytest.approx(10), pytest.approx(20), pytest.approx(30))
                                    for _, y0, _, y1 in arrows)
