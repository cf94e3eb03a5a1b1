"""The Diaominos board: the squares, the lettered spaces A to F, the path the cube rolls along,
and a border that names each seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.canvas import Canvas
from generator.fonts import text_width
from generator.geometry import Path
from generator.kit.text import centred_baseline, fit_box
from generator.model import Area, fill_bleed
from generator.styles import Style

if TYPE_CHECKING:
    from .game import Board, DiaominosSpec

LETTERS = ("A", "B", "C", "D", "E", "F")


def board_path(spec: DiaominosSpec) -> list[tuple[int, int]]:
    """The spaces' squares in the order the cube visits them."""
    return [tuple(spec.board.spaces[letter]) for letter in LETTERS if letter in spec.board.spaces]


def board_size(board: Board) -> tuple[float, float]:
    return board.columns * board.square_mm + 2 * board.border_mm, board.rows * board.square_mm + 2 * board.border_mm


def seat_label_size(board: Board, style: Style) -> float:
    """The seat labels' size: the title role's, or less so that they fit the border, `safe_mm`
    clear of the cut and of the squares."""
    room = board.border_mm - 2 * style.safe_mm
    along = min(board_size(board)) * 0.4
    return fit_box("Seat 4", style.title.size, along, max(room, 0.0), style.title.face)


def draw_board(canvas: Canvas, area: Area, spec: DiaominosSpec, style: Style) -> None:
    """The squares, the path from A to F, and a border that names each seat."""
    board = spec.board
    s, b = board.square_mm, board.border_mm
    fill_bleed(canvas, area, style.background)
    for column in range(board.columns):
        for row in range(board.rows):
            canvas.rect(b + column * s, b + row * s, s, s, fill=style.panel, stroke=style.line, width=style.line_mm)
    _draw_path(canvas, spec, style)
    _draw_border(canvas, area, spec, style)


def _draw_path(canvas: Canvas, spec: DiaominosSpec, style: Style) -> None:
    """Each move as an L, along the long leg first, then the lettered spaces over the path. The
    path's lines, arrows and rings are art of the board and grow with its squares."""
    s, b = spec.board.square_mm, spec.board.border_mm
    radius, ring = s * 0.22, s * 0.021
    centre = lambda square: (b + (square[0] + 0.5) * s, b + (square[1] + 0.5) * s)  # noqa: E731
    path = board_path(spec)
    moves = list(zip(path, path[1:]))
    for index, (start, end) in enumerate(moves):
        # Each move is shifted a little along the diagonal, so moves that share a row stay apart.
        shift = (index - (len(moves) - 1) / 2) * s * 0.05
        (x0, y0), (x1, y1) = centre(start), centre(end)
        x0, y0, x1, y1 = x0 + shift, y0 + shift, x1 + shift, y1 + shift
        corner = (x1, y0) if abs(end[0] - start[0]) == 2 else (x0, y1)
        canvas.draw(Path.polygon([(x0, y0), corner, (x1, y1)], closed=False), stroke=style.accent, width=s * 0.032)
        _arrow_head(canvas, corner, (x1, y1), radius + ring, s * 0.09, style.accent)
    index = style.index
    for letter, square in zip(LETTERS, path):
        x, y = centre(square)
        canvas.circle(x, y, radius, fill=style.background, stroke=style.accent, width=ring)
        size = fit_box(letter, index.size, radius * 1.3, radius * 1.3, index.face)
        canvas.text(x, centred_baseline(letter, size, index.face, y), letter, size, fill=style.ink, face=index.face,
                    anchor="middle")


def _arrow_head(canvas: Canvas, start, end, short: float, length: float, colour: str) -> None:
    """An arrowhead pointing from `start` towards `end`, stopping `short` of it (the space's ring)."""
    (x0, y0), (x1, y1) = start, end
    span = max(abs(x1 - x0), abs(y1 - y0))
    ux, uy = (x1 - x0) / span, (y1 - y0) / span
    tip = (x1 - ux * short, y1 - uy * short)
    back, half = (tip[0] - ux * length, tip[1] - uy * length), length * 0.6
    canvas.polygon([tip, (back[0] - uy * half, back[1] + ux * half), (back[0] + uy * half, back[1] - ux * half)],
                   fill=colour)


def _draw_border(canvas: Canvas, area: Area, spec: DiaominosSpec, style: Style) -> None:
    """A label in the border before each seat, upright for the player sitting there, and along
    the top the rule of the path, left of seat 3's label."""
    b, title, body = spec.board.border_mm, style.title, style.body
    size = seat_label_size(spec.board, style)
    width, height = area.width, area.height
    for seat, (cx, cy, turn) in {1: (width / 2, height - b / 2, 0), 2: (b / 2, height / 2, 90),
                                 3: (width / 2, b / 2, 180), 4: (width - b / 2, height / 2, 270)}.items():
        label = f"Seat {seat}"
        with canvas.saved():
            canvas.translate(cx, cy)
            canvas.rotate(turn)
            canvas.text(0, centred_baseline(label, size, title.face, 0), label, size, fill=style.ink, face=title.face,
                        anchor="middle")
    caption = f"{spec.title}: roll the cube A to F, one L a round"
    room = width / 2 - text_width("Seat 3", size, title.face) / 2 - size - b  # an em clear of seat 3
    if room > 0 and size > 0:
        small = fit_box(caption, body.size, room, b - 2 * style.safe_mm, body.face)
        canvas.text(b, centred_baseline(caption, small, body.face, b / 2), caption, small, fill=style.ink,
                    face=body.face)
