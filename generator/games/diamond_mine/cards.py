"""The movement cards: an ace, a 2 and a 3 for every player, in the player's colour. Each round a
player lays one face down; the card says how many squares to move, in one straight line.

All players' cards share one back, full bleed and with nothing near the cut: a back that showed a
duplex printer's shift, or told a 3 from an ace, would give the secret choice away.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

from generator.canvas import PT
from generator.kit.prose import FLOOR_PT
from generator.kit.symbols import draw_symbol
from generator.fonts import text_width
from generator.kit.text import centred_baseline, counted, fit_box, fit_line
from generator.model import Area, Component, Piece, PieceGeometry, fill_bleed
from generator.schema import spec_field, where
from generator.styles import Style
from generator.validate import error

from .names import colour_label, colour_mark
from .rulebook import MOVES, rules

WORDS_PT = 8.0  # "Move 2 squares" and "any straight line" under the star
BAND = 0.16  # the coloured bands naming the player, top and bottom, as a fraction of the card's height


@dataclass(kw_only=True)
class MovementCards:
    piece: PieceGeometry = spec_field(template="pieces")
    #: Each card's rank and the squares it moves: an ace, a 2 and a 3 from a deck of cards.
    cards: dict[str, int] = spec_field(default_factory=lambda: dict(MOVES), minimum=1, maximum=8)


def draw_movement_front(canvas, area: Area, style: Style, rank: str, moves: int, name: str, colour: str,
                        words: tuple[str, str]) -> None:
    """The player's colour to the bleed; in a paper panel the rank, large, and the move drawn as a star:
    the pawn in the middle of a patch of board, an arrow in each of the eight straight lines, rows,
    columns and diagonals, to the square `moves` away; under it the move in words. The player's colour
    is named at the top and the foot, so that no one needs to tell colours apart."""
    w, h = area.width, area.height
    safe = style.safe_mm
    fill_bleed(canvas, area, colour)
    mark = style.ink_on(colour)
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
    big = fit_box(rank, index.size * 3.2, panel_w * 0.8, panel_h * RANK_TALL, index.face)
    canvas.text(w / 2, centred_baseline(rank, big, index.face, panel_y + panel_h * RANK_AT), rank, big,
                fill=style.ink, face=index.face, anchor="middle")
    star_top, star_bottom = panel_y + panel_h * STAR_TOP, panel_y + panel_h * STAR_BOTTOM
    draw_star(canvas, w / 2, (star_top + star_bottom) / 2, min(panel_w * 0.9, star_bottom - star_top), moves,
              colour, style)
    for text, at in zip(words, WORDS_AT):
        size = fit_line(text, WORDS_PT * PT, words_room(w, style), style.body.face)
        canvas.text(w / 2, centred_baseline(text, size, style.body.face, panel_y + panel_h * at), text, size,
                    fill=style.ink, face=style.body.face, anchor="middle")


# Where things sit in the card's paper panel, as fractions of its height
RANK_AT, RANK_TALL = 0.16, 0.24  # the rank's middle and its greatest height
STAR_TOP, STAR_BOTTOM = 0.32, 0.79  # the star of moves
WORDS_AT = (0.855, 0.945)  # the two lines of words: how far, which way


def words_room(width: float, style: Style) -> float:
    """The width "Move 3 squares" has on a card: the paper panel inside the safe margin, less a mm a side."""
    return width - 2 * style.safe_mm - 2.0


DIRECTIONS = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


def draw_star(canvas, cx: float, cy: float, across: float, moves: int, colour: str, style: Style) -> None:
    """A patch of board `across` mm wide round the pawn: the squares of the eight straight lines, rows,
    columns and diagonals, shaded, and an arrow along each line into the square `moves` away."""
    cells = 2 * moves + 1
    cell = min(across / cells, across * 0.3)
    x0, y0 = cx - cell * cells / 2, cy - cell * cells / 2
    thin = style.line_mm * 0.5
    for row in range(cells):
        for col in range(cells):
            dx, dy = col - moves, row - moves
            on_line = (dx or dy) and (dx == 0 or dy == 0 or abs(dx) == abs(dy))
            canvas.rect(x0 + col * cell, y0 + row * cell, cell, cell, fill=style.panel if on_line else style.background,
                        stroke=style.line, width=thin)
    head = min(cell * 0.5, 2.4)
    for dx, dy in DIRECTIONS:
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        start = cell * 0.3 * length
        tip = (moves + 0.3) * cell * length  # inside the square the move ends on
        ex, ey = cx + ux * tip, cy + uy * tip
        bx, by = cx + ux * (tip - head), cy + uy * (tip - head)
        canvas.line(cx + ux * start, cy + uy * start, bx, by, stroke=style.ink, width=style.line_mm * 1.2)
        px, py = -uy * head * 0.5, ux * head * 0.5
        canvas.polygon([(ex, ey), (bx + px, by + py), (bx - px, by - py)], fill=style.ink)
    # the pawn: a pyramid seen from the side, in the player's colour
    canvas.polygon([(cx - cell * 0.26, cy + cell * 0.24), (cx, cy - cell * 0.3), (cx + cell * 0.26, cy + cell * 0.24)],
                   fill=colour, stroke=style.ink, width=style.line_mm * 0.6)


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


def card_words(spec, moves: int) -> tuple[str, str]:
    return spec.words("movement.squares", moves=moves), spec.words("movement.line")


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
            name = spec.words("colour.named", colour=colour_label(spec, player), mark=colour_mark(spec, player))
            front = partial(draw_movement_front, style=style, rank=str(rank), moves=moves, name=name,
                            colour=colour.colour, words=card_words(spec, moves))
            pieces.append(Piece(piece_id, cards.piece.rect(), front, back))
    return Component("movement-card", spec.words("component.movement-card"), pieces)


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
            yield error(place, f"the {rank} moves {counted(moves, 'square')}; it moves {counted(MOVES[rank], 'square')}, "
                               "as its rank says")
    piece = spec.movement_cards.piece
    yield from card_size_errors(where(spec.movement_cards, "piece"), "movement card", piece)
    style = spec.style.resolve("movement-card", safe_mm=piece.safe_mm)
    said = [text for moves in cards.values() for text in card_words(spec, moves)]
    longest = max(said, key=lambda text: text_width(text, WORDS_PT * PT, style.body.face), default="")
    fits = fit_line(longest, WORDS_PT * PT, words_room(piece.width_mm, style), style.body.face) >= FLOOR_PT * PT
    if not fits or piece.height_mm * BAND - style.safe_mm < FLOOR_PT * PT:
        yield error(where(spec.movement_cards, "piece"),
                    f"a {piece.width_mm:g} x {piece.height_mm:g} mm movement card cannot show \"{longest}\" and "
                    f"its player's colour at {FLOOR_PT:g} pt; use mini-card or larger")


CARD_MOST_MM = (190.0, 250.0)  # a card on one sheet of A4 or Letter: one cut out of a part glued to others is no card


def card_size_errors(place, what: str, piece):
    """A card is one piece of one sheet, with corners rounded no more than a quarter of its width."""
    short, long = sorted((piece.width_mm, piece.height_mm))
    if short > CARD_MOST_MM[0] or long > CARD_MOST_MM[1]:
        yield error(place, f"a {piece.width_mm:g} x {piece.height_mm:g} mm {what} would print in parts; a card "
                           f"is at most {CARD_MOST_MM[0]:g} x {CARD_MOST_MM[1]:g} mm, one piece of one sheet")
    if piece.corner_radius_mm > short / 4:
        yield error(place, f"the {what}'s corners are rounded {piece.corner_radius_mm:g} mm, more than a quarter "
                           f"of its {short:g} mm width: they would cut into its words; at most {short / 4:.1f} mm")
