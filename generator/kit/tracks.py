"""Score tracks: a grid of numbered squares that a marker moves along, and how to print one.

A track is `columns` x `rows` squares numbered from `first` in the bottom-left corner, up the page
row by row (or the squares from `first` to `last`, filling the cells in path order, so that only the
last row may be part-filled: `track_shape` works out a side left out). The numbers run along one of
two paths:

* "serpentine": each row runs back the way the last one came, so every square is next to the one
  before and a marker never jumps;
* "rows": every row runs left to right, like lines of text; where a row ends, a marker goes on
  at the start of the next.

`track_squares` lays the numbers out; `draw_track` prints any list of squares, so a game with a
path of its own (round the edge of a board, say) lays out its squares and still prints them here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, NamedTuple

from generator import fonts
from generator.canvas import Canvas

TrackPath = Literal["serpentine", "rows"]

DIGIT_HEIGHT = 0.73  # Vera's digits stand as tall as its capitals: this fraction of the font size
START_GAP = 1.0  # mm between the first square's edge and the start label's ink
MOST_ALONG = 100  # columns, or rows, a worked-out shape may have (as many as a layout may give)


class Square(NamedTuple):
    number: int
    column: int  # 0 is the left column
    row: int  # 0 is the top row, as printed (y down)


def track_squares(columns: int, rows: int, first: int = 0, path: TrackPath = "serpentine",
                  last: int | None = None) -> list[Square]:
    """Every square in the order a marker moves along them, numbered from `first` at the bottom-left:
    every cell of the grid, or only the first squares to `last`, in path order."""
    if path not in ("serpentine", "rows"):
        raise ValueError(f'unknown track path "{path}"; use serpentine or rows')
    count = columns * rows if last is None else min(columns * rows, last - first + 1)
    squares = []
    for index in range(count):
        row_up, along = divmod(index, columns)  # rows counted up from the bottom, squares along the row
        backwards = path == "serpentine" and row_up % 2 == 1
        column = columns - 1 - along if backwards else along
        squares.append(Square(first + index, column, rows - 1 - row_up))
    return squares


def track_shape(count: int, width: float, height: float, columns: int | None = None,
                rows: int | None = None) -> tuple[int, int]:
    """The columns and rows of a track of `count` squares, filled in path order (only the last row
    part-filled). A side given is kept, and the other is the fewest that hold the squares. With
    neither given, the shape whose squares are largest in a `width` x `height` box (mm): a long
    strip for a wide box, a block for a square one; among shapes with squares of one size, the one
    with the fewest empty cells, then the fewest rows. The caller checks that the shape it gets
    fits its bounds (a given side can ask for more than MOST_ALONG of the other)."""
    if columns and rows:
        return columns, rows
    if columns:
        return columns, math.ceil(count / columns)
    if rows:
        return math.ceil(count / rows), rows
    best, shape = None, (1, 1)
    for across in range(math.ceil(count / MOST_ALONG), min(count, MOST_ALONG) + 1):
        down = math.ceil(count / across)
        rank = (min(width / across, height / down), -(across * down - count), -down)
        if best is None or rank > best:
            best, shape = rank, (across, down)
    return shape


@dataclass(frozen=True)
class TrackStyle:
    """How a track prints. Sizes in millimetres, colours '#rrggbb'."""

    square_mm: float
    ink: str = "#000000"  # the numbers and the start label
    line: str = "#000000"  # the squares' edges and the arrows
    paper: str = "#ffffff"  # an ordinary square
    highlight: str = "#ffffff"  # a milestone square; its number is bold too
    highlight_every: int = 10  # numbers divisible by this are milestones, to count at a glance; 0 for none
    number_size: float = 6.0
    start_label: str = "start"  # beside the first square, outside the track (start_room); "" for none
    start_size: float = 2.4
    number_face: str = "regular"  # font face keys (generator/fonts.py)
    milestone_face: str = "bold"
    start_face: str = "regular"
    line_width: float = 0.35
    arrow_mm: float = 3.2  # an arrowhead's width; it is three quarters as tall


def draw_track(canvas: Canvas, squares: list[Square], style: TrackStyle, x: float = 0.0, y: float = 0.0) -> None:
    """The squares with their numbers, the top-left square's corner at (x, y); an arrow where the path
    leaves a row, so the way on is never in doubt (astride the edge into the next square, or, where the
    path jumps to the far end of the next row, one arrow out of the row's end and one into the next
    row's start: `_jump`); and the start label outside the first square (below it, on a track from
    `track_squares`: leave `start_room` for it under the squares)."""
    s = style.square_mm
    for number, column, row in squares:
        left, top = x + column * s, y + row * s
        milestone = style.highlight_every > 0 and number % style.highlight_every == 0
        canvas.rect(left, top, s, s, fill=style.highlight if milestone else style.paper, stroke=style.line,
                    width=style.line_width)
        canvas.text(left + s / 2, top + (s + style.number_size * DIGIT_HEIGHT) / 2, str(number), style.number_size,
                    fill=style.ink, face=style.milestone_face if milestone else style.number_face, align="centre")
    for index, (here, after) in enumerate(zip(squares, squares[1:])):
        if abs(after.column - here.column) + abs(after.row - here.row) != 1:
            _jump(canvas, squares, index, style, x, y)
        elif after.row != here.row:
            _arrow(canvas, x + (here.column + 0.5) * s, y + here.row * s, style, up=after.row < here.row)
    if squares and style.start_label:
        _start_label(canvas, squares, style, x, y)


def start_room(style: TrackStyle) -> float:
    """The height (mm) the start label takes below or above the track: the gap and the label's ink."""
    if not style.start_label:
        return 0.0
    low, high = fonts.inked_height(style.start_label, style.start_face)
    return START_GAP + (high - min(low, 0.0)) * style.start_size


def _start_label(canvas: Canvas, squares: list[Square], style: TrackStyle, x: float, y: float) -> None:
    """The start label just outside the first square, on a side no square takes: below it (a track
    from `track_squares` starts at its bottom-left corner), else above, else left or right. Inside the
    square it crowded the first number once squares grew small (17 across 180 mm) and cannot fit at
    all once the square is narrower than the label at 7 pt; outside, it is clear of every number at
    any square size. Below or above it is centred on the square, but kept within the track's width
    (a label wider than the first square runs along the track, not off its side). A path whose first
    square has squares on all four sides has no clear place for it: start such a path at an edge."""
    s, size, label = style.square_mm, style.start_size, style.start_label
    first = squares[0]
    taken = {(square.column, square.row) for square in squares}
    low, high = fonts.inked_height(label, style.start_face)
    low = min(low, 0.0)
    width = fonts.text_width(label, size, style.start_face)
    left, top = x + first.column * s, y + first.row * s
    track_left = x + min(square.column for square in squares) * s
    track_right = x + (max(square.column for square in squares) + 1) * s
    along = max(track_left, min(left + (s - width) / 2, track_right - width))
    if (first.column, first.row + 1) not in taken:  # below
        at = (along, top + s + START_GAP + high * size)
    elif (first.column, first.row - 1) not in taken:  # above
        at = (along, top - START_GAP + low * size)
    else:  # beside, its ink centred on the square's middle
        baseline = top + s / 2 + (high + low) / 2 * size
        at = (left - START_GAP - width, baseline) if (first.column - 1, first.row) not in taken else \
            (left + s + START_GAP, baseline)
    canvas.text(*at, label, size, fill=style.ink, face=style.start_face)


def _arrow(canvas: Canvas, cx: float, edge: float, style: TrackStyle, up: bool) -> None:
    """An arrowhead astride a square's top edge (or its bottom edge, going down), pointing the way on."""
    half_width, half_height = style.arrow_mm / 2, style.arrow_mm * 3 / 8
    if not up:
        edge += style.square_mm
        half_height = -half_height  # flip the arrowhead: its tip below the edge
    canvas.polygon([(cx - half_width, edge + half_height), (cx + half_width, edge + half_height),
                    (cx, edge - half_height)], fill=style.line)


def _jump(canvas: Canvas, squares: list[Square], index: int, style: TrackStyle, x: float, y: float) -> None:
    """Where the path leaves squares[index] for a square not next to it (a "rows" path: the end of a
    row, then the start of the next), an arrowhead inside the row's last square, its tip on the edge
    the row runs out of, and one inside the next square, coming in from its open side: "out here, in
    there", like a line of text that wraps. Each keeps to the corner nearer the other square's row,
    clear of the number, and is drawn only on an edge of the track: an arrow that pointed into a
    cell, empty or another square's, would send a marker the wrong way."""
    s = style.square_mm
    here, after = squares[index], squares[index + 1]
    before = squares[index - 1] if index > 0 else None
    beyond = squares[index + 2] if index + 2 < len(squares) else None
    # The way each row runs: as the path came into the row's end, and as it leaves the next row's start
    # (left to right, as "rows" runs, where a row is one square).
    out = _along(before, here) or 1
    into = _along(after, beyond) or 1
    low, high = min(square.column for square in squares), max(square.column for square in squares)
    toward = (after.row > here.row) - (after.row < here.row)  # +1: the next row is lower on the page
    if not low <= here.column + out <= high:
        edge = x + (here.column + (1 if out > 0 else 0)) * s
        _side_arrow(canvas, edge, y + here.row * s, style, out, toward, tip_on_edge=True)
    if not low <= after.column - into <= high:
        edge = x + (after.column + (0 if into > 0 else 1)) * s
        _side_arrow(canvas, edge, y + after.row * s, style, into, -toward, tip_on_edge=False)


def _along(start: Square | None, end: Square | None) -> int:
    """+1 or -1: the way along a row from `start` to `end`, its neighbour there; 0 if they are not."""
    if start is None or end is None or start.row != end.row or abs(end.column - start.column) != 1:
        return 0
    return end.column - start.column


def _side_arrow(canvas: Canvas, edge: float, top: float, style: TrackStyle, way: int, corner: int,
                tip_on_edge: bool) -> None:
    """An arrowhead pointing `way` (+1 right, -1 left) inside the square whose side is at x = `edge`
    and top at `top`: its tip on that side (leaving the square) or its base (entering it). `corner`
    +1 keeps it to the square's lower part, -1 to its upper part, 0 centres it; the number stands
    in the middle."""
    s = style.square_mm
    half_width, depth = style.arrow_mm / 2, style.arrow_mm * 3 / 4
    shift = max(0.0, s / 2 - half_width * 1.5)  # from the middle to a quarter arrow's width off the corner
    cy = top + s / 2 + corner * shift
    base = edge - way * depth if tip_on_edge else edge
    canvas.polygon([(base, cy - half_width), (base, cy + half_width), (base + way * depth, cy)], fill=style.line)
