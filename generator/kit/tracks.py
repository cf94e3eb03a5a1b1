"""Score tracks: a grid of numbered squares that a marker moves along, and how to print one.

A track is `columns` x `rows` squares numbered from `first` in the bottom-left corner, up the page
row by row. The numbers run along one of two paths:

* "serpentine": each row runs back the way the last one came, so every square is next to the one
  before and a marker never jumps;
* "rows": every row runs left to right, like lines of text.

`track_squares` lays the numbers out; `draw_track` prints any list of squares, so a game with a
path of its own (round the edge of a board, say) lays out its squares and still prints them here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from generator.canvas import Canvas

TrackPath = Literal["serpentine", "rows"]

DIGIT_HEIGHT = 0.73  # Vera's digits stand as tall as its capitals: this fraction of the font size
START_INSET = 2.0  # mm from the first square's bottom edge up to the start label's baseline


class Square(NamedTuple):
    number: int
    column: int  # 0 is the left column
    row: int  # 0 is the top row, as printed (y down)


def track_squares(columns: int, rows: int, first: int = 0, path: TrackPath = "serpentine") -> list[Square]:
    """Every square in the order a marker moves along them, numbered from `first` at the bottom-left."""
    if path not in ("serpentine", "rows"):
        raise ValueError(f'unknown track path "{path}"; use serpentine or rows')
    squares = []
    for index in range(columns * rows):
        row_up, along = divmod(index, columns)  # rows counted up from the bottom, squares along the row
        backwards = path == "serpentine" and row_up % 2 == 1
        column = columns - 1 - along if backwards else along
        squares.append(Square(first + index, column, rows - 1 - row_up))
    return squares


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
    start_label: str = "start"  # under the first number; "" for none
    start_size: float = 2.4
    number_face: str = "regular"  # font face keys (generator/fonts.py)
    milestone_face: str = "bold"
    start_face: str = "regular"
    line_width: float = 0.35
    arrow_mm: float = 3.2  # an arrowhead's width; it is three quarters as tall


def draw_track(canvas: Canvas, squares: list[Square], style: TrackStyle, x: float = 0.0, y: float = 0.0) -> None:
    """The squares with their numbers, the top-left square's corner at (x, y); an arrow where the path
    leaves a row, so the way on is never in doubt; and the start label in the first square."""
    s = style.square_mm
    for number, column, row in squares:
        left, top = x + column * s, y + row * s
        milestone = style.highlight_every > 0 and number % style.highlight_every == 0
        canvas.rect(left, top, s, s, fill=style.highlight if milestone else style.paper, stroke=style.line,
                    width=style.line_width)
        canvas.text(left + s / 2, top + (s + style.number_size * DIGIT_HEIGHT) / 2, str(number), style.number_size,
                    fill=style.ink, face=style.milestone_face if milestone else style.number_face, anchor="middle")
    for here, after in zip(squares, squares[1:]):
        if after.row != here.row:
            _arrow(canvas, x + (here.column + 0.5) * s, y + here.row * s, style, up=after.row < here.row)
    if squares and style.start_label:
        first = squares[0]
        canvas.text(x + (first.column + 0.5) * s, y + (first.row + 1) * s - START_INSET, style.start_label,
                    style.start_size, fill=style.ink, face=style.start_face, anchor="middle")


def _arrow(canvas: Canvas, cx: float, edge: float, style: TrackStyle, up: bool) -> None:
    """An arrowhead astride a square's top edge (or its bottom edge, going down), pointing the way on."""
    half_width, half_height = style.arrow_mm / 2, style.arrow_mm * 3 / 8
    if not up:
        edge += style.square_mm
        half_height = -half_height  # flip the arrowhead: its tip below the edge
    canvas.polygon([(cx - half_width, edge + half_height), (cx + half_width, edge + half_height),
                    (cx, edge - half_height)], fill=style.line)
