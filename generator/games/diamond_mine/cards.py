"""The movement cards: an ace, a 2 and a 3 for every player, in the player's colour. Each round a
player lays one face down; the card says how many squares to move, in one straight line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.kit.layouts import FLOOR_PT, register_drawer
from generator.kit.text import counted
from generator.model import Area, Component, Piece, PieceGeometry
from generator.schema import spec_field, where
from generator.validate import error

from .faces import face, unfitting_texts
from .names import colour_label, colour_mark
from .rulebook import BOARD_SQUARES, CARD_MOST_MM, CORNER_MOST, MOVES, rules

@dataclass(kw_only=True)
class MovementCards:
    piece: PieceGeometry = spec_field(template="pieces")
    #: Each card's rank and the squares it moves: an ace, a 2 and a 3 from a deck of cards.
    cards: dict[str, int] = spec_field(default_factory=lambda: dict(MOVES), minimum=1, maximum=BOARD_SQUARES)


# A movement card's face is the layout movement-front (templates/layouts.yaml, diamond_mine-faces):
# the player's colour to the bleed, named at the top and the foot, so that no one needs to tell
# colours apart; in a paper panel the rank, the move drawn as a star, and the move in words. All
# players' cards share movement-back: a back that showed a duplex printer's shift, or told a 3 from
# an ace, would give the secret choice away.

DIRECTIONS = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
PAWN = ((-0.26, 0.24), (0.0, -0.3), (0.26, 0.24))  # a pyramid seen from the side, in cells
ARROW_OFF = 0.3  # an arrow starts this far from the pawn's centre and ends this far into its square, in cells


@register_drawer("diamond_mine.moves")
def draw_moves(canvas, box, row: dict, face, element) -> None:
    """The move as a star filling the box: a patch of board round the pawn, the squares of the eight
    straight lines (rows, columns and diagonals) shaded, and an arrow along each line into the square
    `moves` away, stroke_mm wide, its head half a cell long but no longer than size_mm (on a large card)."""
    x, y, w, h = box
    style, moves, colour = face.style, int(row["moves"]), face.colour(row["colour"])
    cx, cy, across = x + w / 2, y + h / 2, min(w, h)
    cells = 2 * moves + 1
    cell = min(across / cells, across * 0.3)
    x0, y0 = cx - cell * cells / 2, cy - cell * cells / 2
    for row_ in range(cells):
        for col in range(cells):
            dx, dy = col - moves, row_ - moves
            on_line = (dx or dy) and (dx == 0 or dy == 0 or abs(dx) == abs(dy))
            canvas.rect(x0 + col * cell, y0 + row_ * cell, cell, cell, fill=style.panel if on_line else style.background,
                        stroke=style.line, width=style.line_mm * 0.5)
    head = min(cell * 0.5, element.size_mm or cell)
    for dx, dy in DIRECTIONS:
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        start = cell * ARROW_OFF * length
        tip = (moves + ARROW_OFF) * cell * length  # inside the square the move ends on
        ex, ey = cx + ux * tip, cy + uy * tip
        bx, by = cx + ux * (tip - head), cy + uy * (tip - head)
        canvas.line(cx + ux * start, cy + uy * start, bx, by, stroke=style.ink, width=element.stroke_mm or style.line_mm)
        px, py = -uy * head * 0.5, ux * head * 0.5
        canvas.polygon([(ex, ey), (bx + px, by + py), (bx - px, by - py)], fill=style.ink)
    canvas.polygon([(cx + cell * px, cy + cell * py) for px, py in PAWN], fill=colour, stroke=style.ink,
                   width=style.line_mm * 0.6)


def card_words(spec, moves: int) -> dict[str, str]:
    return {"squares": spec.words("movement.squares", moves=moves), "line": spec.words("movement.line")}


def movement_rows(spec) -> list[tuple[str, dict]]:
    """(piece id, fields) of every movement card: a card per player colour and rank."""
    colours = {c.name: c for c in spec.colours}
    rows = []
    for player in spec.player_colours:
        colour = colours.get(player)
        if colour is None:  # diamond_mine.colours says so
            continue
        name = spec.words("colour.named", colour=colour_label(spec, player), mark=colour_mark(spec, player))
        for rank, moves in spec.movement_cards.cards.items():
            rows.append((f"movement-{player}-{rank}", dict(player=player, rank=str(rank), moves=moves, name=name,
                                                           colour=colour.colour, **card_words(spec, moves))))
    return rows


def movement_component(spec) -> Component:
    cards = spec.movement_cards
    corner = cards.piece.corner_radius_mm
    back = face(spec, "movement-back", spec.style.resolve("movement-card", safe_mm=cards.piece.safe_mm), corner)
    pieces = []
    for piece_id, row in movement_rows(spec):
        style = spec.style.resolve("movement-card", row["player"], row["rank"], piece_id, safe_mm=cards.piece.safe_mm)
        front = face(spec, "movement-front", style, corner, on_colour=style.ink_on(row["colour"]), **row)
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
    # The words and the player's colour, measured where the layout sets them.
    style = spec.style.resolve("movement-card", safe_mm=piece.safe_mm)
    rows = [row for _, row in movement_rows(spec)]
    unfitting = unfitting_texts(spec, "movement-front", Area(piece.width_mm, piece.height_mm, 0.0), style, rows)
    if unfitting:
        # A translation's words are named by their key, which is the other place to mend them.
        given = spec.words.written_at(unfitting[0])
        shown = f'words "{given[0]}" ("{unfitting[0]}")' if given else f'"{unfitting[0]}"'
        shorter = f', or shorten "{given[0]}"' if given else ""
        yield error(where(spec.movement_cards, "piece"),
                    f"a {piece.width_mm:g} x {piece.height_mm:g} mm movement card cannot show {shown} at "
                    f"{FLOOR_PT:g} pt where its layout puts it; use mini-card or larger{shorter}")


def card_size_errors(place, what: str, piece):
    """A card is one piece of one sheet, with corners rounded no more than a quarter of its width."""
    short, long = sorted((piece.width_mm, piece.height_mm))
    if short > CARD_MOST_MM[0] or long > CARD_MOST_MM[1]:
        yield error(place, f"a {piece.width_mm:g} x {piece.height_mm:g} mm {what} would print in parts; a card "
                           f"is at most {CARD_MOST_MM[0]:g} x {CARD_MOST_MM[1]:g} mm, one piece of one sheet")
    if piece.corner_radius_mm > short * CORNER_MOST:
        yield error(place, f"the {what}'s corners are rounded {piece.corner_radius_mm:g} mm, more than a quarter "
                           f"of its {short:g} mm width: they would cut into its words; at most {short * CORNER_MOST:.1f} mm")
