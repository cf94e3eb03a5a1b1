"""The movement cards: an ace, a 2 and a 3 for every player, in the player's colour. Each round a
player lays one face down; the card says how many squares to move, in one straight line.

All players' cards share one back, full bleed and with nothing near the cut: a back that showed a
duplex printer's shift, or told a 3 from an ace, would give the secret choice away.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from generator.canvas import PT
from generator.kit.prose import FLOOR_PT
from generator.geometry import Path
from generator.kit.symbols import draw_symbol
from generator.kit.text import centred_baseline, fit_box, fit_line
from generator.model import Area, Component, Piece, PieceGeometry, fill_bleed
from generator.schema import spec_field, where
from generator.styles import Style
from generator.validate import error

from .rulebook import MOVES, rules

WORDS_PT = 8.0  # "Move 2 squares" under the rank
BAND = 0.16  # the coloured bands naming the player, top and bottom, as a fraction of the card's height


@dataclass(kw_only=True)
class MovementCards:
    piece: PieceGeometry = spec_field(template="pieces")
    #: Each card's rank and the squares it moves: an ace, a 2 and a 3 from a deck of cards.
    cards: dict[str, int] = spec_field(default_factory=lambda: dict(MOVES), minimum=1, maximum=8)


def squares_word(count: int) -> str:
    return f"{count} square" + ("" if count == 1 else "s")


def draw_movement_front(canvas, area: Area, style: Style, rank: str, moves: int, player: str,
                        colour: str) -> None:
    """The player's colour to the bleed; in a paper panel the rank, large, and the move drawn as a
    row of squares; the player's colour named at the top, so that no one needs to tell colours apart."""
    w, h = area.width, area.height
    safe = style.safe_mm
    fill_bleed(canvas, area, colour)
    mark = style.ink_on(colour)
    name = player.capitalize()
    band = h * BAND  # the coloured band at the top and bottom that names the player
    size = fit_line(name, style.title.size * 1.1, w - 2 * safe, style.title.face)
    canvas.text(w / 2, centred_baseline(name, size, style.title.face, safe + (band - safe) / 2 + 0.5), name, size,
                fill=mark, face=style.title.face, anchor="middle")
    with canvas.saved():  # the same name upside down at the foot, for a card held either way up
        canvas.translate(w, h)
        canvas.rotate(180)
        canvas.text(w / 2, centred_baseline(name, size, style.title.face, safe + (band - safe) / 2 + 0.5), name,
                    size, fill=mark, face=style.title.face, anchor="middle")
    panel_x, panel_y, panel_w, panel_h = safe, band, w - 2 * safe, h - 2 * band
    canvas.rect(panel_x, panel_y, panel_w, panel_h, radius=2.0, fill=style.background, stroke=mark,
                width=style.line_mm)
    index = style.index
    big = fit_box(rank, index.size * 3.2, panel_w * 0.8, panel_h * 0.42, index.face)
    canvas.text(w / 2, centred_baseline(rank, big, index.face, panel_y + panel_h * 0.3), rank, big, fill=style.ink,
                face=index.face, anchor="middle")
    # The move's squares sit between the rank (down to 0.51 of the panel) and the words (from 0.83):
    # on a wide card they grow no taller than that band.
    draw_move(canvas, w / 2, panel_y + panel_h * 0.64, panel_w * 0.86, moves, colour, style, panel_h * 0.24)
    words = f"Move {squares_word(moves)}"
    size = fit_line(words, WORDS_PT * PT, words_room(w, style), style.body.face)
    canvas.text(w / 2, centred_baseline(words, size, style.body.face, panel_y + panel_h * 0.86), words, size,
                fill=style.ink, face=style.body.face, anchor="middle")


def words_room(width: float, style: Style) -> float:
    """The width "Move 3 squares" has on a card: the paper panel inside the safe margin, less a mm a side."""
    return width - 2 * style.safe_mm - 2.0


def draw_move(canvas, cx: float, cy: float, width: float, moves: int, colour: str, style: Style,
              tallest: float) -> None:
    """A row of squares: the pawn's square, then `moves` squares with an arrow to the last; a square is
    at most `tallest` high."""
    cells = max(MOVES.values()) + 1
    cell = min(width / cells, width * 0.25, tallest)
    x0 = cx - cell * (moves + 1) / 2
    for k in range(moves + 1):
        canvas.rect(x0 + k * cell, cy - cell / 2, cell, cell, fill=style.panel if k else style.background,
                    stroke=style.line, width=style.line_mm * 0.7)
    # the pawn: a pyramid seen from the side, in the player's colour
    px = x0 + cell / 2
    canvas.polygon([(px - cell * 0.3, cy + cell * 0.32), (px, cy - cell * 0.36), (px + cell * 0.3, cy + cell * 0.32)],
                   fill=colour, stroke=style.ink, width=style.line_mm * 0.6)
    end = x0 + (moves + 0.5) * cell
    arrow = Path().move_to(px + cell * 0.4, cy).line_to(end, cy)
    canvas.draw(arrow, stroke=style.ink, width=style.line_mm * 1.6)
    head = cell * 0.22
    canvas.polygon([(end + head * 0.3, cy), (end - head, cy - head * 0.7), (end - head, cy + head * 0.7)],
                   fill=style.ink)


def draw_movement_back(canvas, area: Area, style: Style) -> None:
    """The back colour to the bleed with a lattice of diamonds running off every edge, and a mine's
    emblem in the middle: nothing lines up with the cut, so a shifted back looks like any other."""
    x, y, w, h = area.bleed_box()
    canvas.rect(x, y, w, h, fill=style.back)
    step = area.width / 5
    cx, cy = area.width / 2, area.height / 2
    with canvas.saved():
        canvas.clip_rect(x, y, w, h)
        rows = int(h / step) + 3
        cols = int(w / step) + 3
        for r in range(-rows // 2 - 1, rows // 2 + 2):
            for c in range(-cols // 2 - 1, cols // 2 + 2):
                offset = step / 2 if r % 2 else 0.0
                draw_symbol(canvas, "diamond", cx + c * step + offset, cy + r * step * 0.6, step * 0.34,
                            style.back_pattern)
    emblem = area.width * 0.5
    canvas.circle(cx, cy, emblem * 0.62, fill=style.back, stroke=style.accent, width=style.line_mm * 2)
    draw_symbol(canvas, "diamond", cx, cy, emblem * 0.7, style.accent)
    draw_symbol(canvas, "diamond", cx, cy, emblem * 0.3, style.back)


def movement_component(spec) -> Component:
    cards = spec.movement_cards
    colours = {c.name: c for c in spec.colours}
    back_style = spec.style.resolve("movement-card", safe_mm=cards.piece.safe_mm)
    back = partial(draw_movement_back, style=back_style)
    pieces = []
    for player in spec.player_colours:
        colour = colours.get(player)
        if colour is None:  # diamond_mine.colours says so
            continue
        for rank, moves in cards.cards.items():
            piece_id = f"movement-{player}-{rank}"
            style = spec.style.resolve("movement-card", player, rank, piece_id, safe_mm=cards.piece.safe_mm)
            front = partial(draw_movement_front, style=style, rank=str(rank), moves=moves, player=player,
                            colour=colour.colour)
            pieces.append(Piece(piece_id, cards.piece.rect(), front, back))
    return Component("movement-card", "Movement cards", pieces)


@rules.rule("diamond_mine.cards", "each player has an ace, a 2 and a 3, moving 1, 2 and 3 squares")
def check_cards(spec):
    cards = {str(rank): moves for rank, moves in spec.movement_cards.cards.items()}
    place = where(spec.movement_cards, "cards")
    missing = [rank for rank in MOVES if rank not in cards]
    extra = [rank for rank in cards if rank not in MOVES]
    if missing or extra:
        said = []
        if missing:
            said.append(f"no {' or '.join(missing)}")
        if extra:
            said.append(f"an extra {', '.join(extra)}")
        yield error(place, f"the movement cards have {' and '.join(said)}: each player holds an ace, a 2 and a 3 "
                           "(the rules: \"an Ace, 2 and 3 from a deck of playing cards\")")
    for rank, moves in cards.items():
        if rank in MOVES and moves != MOVES[rank]:
            yield error(place, f"the {rank} moves {squares_word(moves)}; it moves {squares_word(MOVES[rank])}, "
                               "as its rank says")
    piece = spec.movement_cards.piece
    style = spec.style.resolve("movement-card", safe_mm=piece.safe_mm)
    longest = max((f"Move {squares_word(moves)}" for moves in cards.values()), key=len, default="")
    fits = fit_line(longest, WORDS_PT * PT, words_room(piece.width_mm, style), style.body.face) >= FLOOR_PT * PT
    if not fits or piece.height_mm * BAND - style.safe_mm < FLOOR_PT * PT:
        yield error(where(spec.movement_cards, "piece"),
                    f"a {piece.width_mm:g} x {piece.height_mm:g} mm movement card cannot show \"{longest}\" and "
                    f"its player's colour at {FLOOR_PT:g} pt; use mini-card or larger")
