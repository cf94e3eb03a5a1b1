"""The 0-99 score track, with the start below square 0 where every die waits."""

from __future__ import annotations

import math

from generator.canvas import Canvas
from generator.fonts import wrap
from generator.kit import tracks
from generator.kit.text import fit_line, fit_size
from generator.model import Area
from generator.styles import Style
from generator.words import Words

from .specs import BloodDiamondsSpec, Dice, ScoreTrack


def track_squares(track: ScoreTrack) -> list[tracks.Square]:
    """(number, column, row) of every square, numbered along the track's path from the bottom-left."""
    return tracks.track_squares(track.columns, track.rows, track.first, track.path)


# ---------------------------------------------------------------------------------------------
# Score track
# ---------------------------------------------------------------------------------------------

TRACK_MARGIN = 2.0  # mm round the squares, unless the score track's style sets a safe_mm


def track_style(spec: BloodDiamondsSpec) -> Style:
    return spec.style.resolve("score-track", piece="score-track", safe_mm=TRACK_MARGIN)


def track_header(style: Style) -> float:
    """The band above the squares, where the layout puts the title."""
    return style.title.size * 1.4


START_ROWS = 2  # the start holds every die, one per suit, in two rows
DIE_ROOM = 2.0  # mm round each die in the start, so a finger can push one out


def start_grid(dice_count: int) -> tuple[int, int]:
    return math.ceil(dice_count / START_ROWS), START_ROWS


def start_size(dice: Dice, dice_count: int) -> tuple[float, float]:
    """The start, below square 0: room for every die, each with DIE_ROOM round it."""
    cell = dice.face_mm + DIE_ROOM
    columns, rows = start_grid(dice_count)
    return columns * cell + DIE_ROOM, rows * cell + DIE_ROOM


def track_size(track: ScoreTrack, dice: Dice, dice_count: int, style: Style) -> tuple[float, float]:
    margin = style.safe_mm
    return (track.columns * track.square_mm + 2 * margin,
            track.rows * track.square_mm + 2 * margin + track_header(style) + start_size(dice, dice_count)[1] + margin)


def draw_score_track(canvas: Canvas, area: Area, track: ScoreTrack, dice: Dice, dice_count: int, style: Style,
                     words: Words) -> None:
    """The track, every tenth square tinted, and below square 0 the start, where every die waits at 0
    (null face up) for its first sale; past 99 the die's face counts the hundreds."""
    margin, body = style.safe_mm, style.body
    squares = track_squares(track)
    widest = str(max(number for number, _, _ in squares))
    top = margin + track_header(style)
    look = tracks.TrackStyle(square_mm=track.square_mm, ink=style.ink, line=style.line, paper=style.panel,
                             highlight=style.accent, highlight_every=10,
                             number_size=fit_line(widest, style.index.size, track.square_mm * 0.8, style.index.face),
                             start_label="", line_width=style.line_mm, number_face=style.body.face,
                             milestone_face=style.index.face)
    tracks.draw_track(canvas, squares, look, margin, top)
    # The start hangs below square 0, so the way from it onto the track is plain.
    first = squares[0]
    width, height = start_size(dice, dice_count)
    x = margin + first.column * track.square_mm
    y = top + track.rows * track.square_mm + margin
    canvas.rect(x, y, width, height, radius=DIE_ROOM, fill=style.accent, stroke=style.line, width=style.line_mm)
    cell = dice.face_mm + DIE_ROOM
    columns, rows = start_grid(dice_count)
    for column in range(columns):
        for row in range(rows):
            canvas.rect(x + DIE_ROOM + column * cell, y + DIE_ROOM + row * cell, dice.face_mm, dice.face_mm,
                        radius=1.0, stroke=style.line, width=style.line_mm * 0.6, dash=(1.0, 1.0))
    # Beside it, what the start is, how the hundreds are counted and what tied dice do: wrapped to
    # the room beside the start and shrunk, if it must, to end level with it.
    left = x + width + margin * 2
    room = area.width - margin - left
    said = start_words(track, words)
    size = fit_size(lambda s: _start_words(None, left, y, room, said, style, s), y + height,
                    start=body.size, floor=0.1 * body.size)  # below 7 pt, layout.text-size says so
    _start_words(canvas, left, y, room, said, style, size)


def start_words(track: ScoreTrack, words: Words) -> list[tuple[str, str]]:
    """What the track says beside its start, as (words, text role) paragraphs."""
    last = max(number for number, _, _ in track_squares(track))
    return [(words("track.start", first=track.first), "title"),
            (words("track.move", last=last), "body"),
            (words("track.stack"), "body"),
            (words("track.win", win=track.win), "title")]


def _start_words(canvas: Canvas | None, left: float, top: float, width: float, said: list[tuple[str, str]],
                 style: Style, size: float) -> float:
    """Draw the words beside the start at `size` (nothing without a canvas); return where the last line's ink ends."""
    baseline = top + size
    for words, role in said:
        face = getattr(style, role).face
        lines = wrap(words, size, max(width, 0.0), face)
        if canvas:
            canvas.text_block(left, baseline, lines, size, leading=1.3, fill=style.ink, face=face)
        baseline += size * 1.3 * len(lines) + size * 0.25
    return baseline - size * 1.55 + size * 0.25  # the last baseline, and a descender below it
