"""The piecepack: tiles, coins, paper dice and pawns, and the helpers their faces share."""

from __future__ import annotations

import math
from dataclasses import replace

from generator import fonts
from generator.canvas import Canvas
from generator.colour_rules import legible
from generator.errors import InputError
from generator.fonts import text_width
from generator.kit.nets import FlatNet, cube_net, unfold
from generator.kit.layouts import Face, unfitted
from generator.model import Area
from generator.schema import where
from generator.shapes import Rect
from generator.styles import Style

from .labels import role_label, suit_label, words_of
from .paper import growth
from .specs import BloodDiamondsSpec, Dice, Pawns, Suit, rank_name


# ---------------------------------------------------------------------------------------------
# Drawing helpers. Every position on a face is a fraction of the face or follows from the sizes
# its style hands it (safe margin, border, line width, text roles), so any piece preset works.
# ---------------------------------------------------------------------------------------------

RANK_GLYPHS = "A2345"  # every rank drawn as a glyph: they share one size, so a set reads evenly


def draw_rank(canvas: Canvas, rank: str, cx: float, cy: float, height: float, colour: str, face: str,
              on: str) -> None:
    """A rank centred on (cx, cy), `height` mm tall, on paint `on`: the null is an empty ring, the ace
    an A, in the suit's colour or the shade of it that reads as text there."""
    if rank == "null":
        canvas.circle(cx, cy, height * 0.42, stroke=colour, width=height * 0.12)
        return
    size = height / fonts.inked_height(RANK_GLYPHS, face)[1]
    canvas.text(cx, cy + height / 2, "A" if rank == "ace" else rank, size, fill=legible(colour, on, size, face),
                face=face, align="centre")


Box = tuple[float, float, float, float]  # left, top, right, bottom: a part of a face, in mm from its top-left


def rank_box(rank: str, cx: float, cy: float, height: float, face: str) -> Box:
    """The box `draw_rank` inks: a null's ring with its line, or the rank's glyph."""
    if rank == "null":
        r = height * 0.48  # the ring's radius, 0.42, and half its line, 0.06
        return cx - r, cy - r, cx + r, cy + r
    half = text_width("A" if rank == "ace" else rank, height / fonts.inked_height(RANK_GLYPHS, face)[1], face) / 2
    return cx - half, cy - height / 2, cx + half, cy + height / 2


def rank_aspect(face: str) -> float:
    """How wide the widest rank glyph is for its height, in this face."""
    return max(text_width(glyph, 1.0, face) for glyph in RANK_GLYPHS) / fonts.inked_height(RANK_GLYPHS, face)[1]


# ---------------------------------------------------------------------------------------------
# Tiles
# ---------------------------------------------------------------------------------------------

def tile_name(spec: BloodDiamondsSpec, suit: Suit, rank: str) -> str:
    """The words along a tile's foot: where it puts a warlord; every null tile is a black market."""
    return words_of(spec)("tile.black-market") if rank == "null" else role_label(spec, suit, "tile")


# The layouts the pieces are drawn from (a game file may change them, not leave one out).
FACES = ("tile", "tile-back", "coin-suit", "coin-value", "die", "pawn", "reference-front", "reference-back",
         "score-track", "payoff-chart")


def face(spec: BloodDiamondsSpec, layout: str, style, corner_mm: float = 0.0, **row) -> Face:
    """A face drawn from the layout `layout` of the set (templates/layouts.yaml, blood_diamonds-faces, as
    the file's `layouts:` changes it), showing the row's fields."""
    if layout not in spec.layouts.layouts:
        raise InputError(where(spec, "layouts"), f'no layout "{layout}" for Blood Diamonds\' faces; the game draws '
                         f"{', '.join(FACES)} (pnp layouts blood_diamonds)", "input.unknown-layout")
    return Face(spec.layouts, layout, tuple(sorted(row.items())), style, corner_mm)


def suit_row(spec: BloodDiamondsSpec, suit: Suit) -> dict:
    """What every piece of a suit shows: its symbol, its colour and its printed name."""
    return {"symbol": suit.symbol, "colour": suit.colour, "suit": suit_label(spec, suit)}


def tile_front(spec: BloodDiamondsSpec, suit: Suit, rank: str, style: Style) -> Face:
    return face(spec, "tile", style, spec.tiles.piece.corner_radius_mm, rank=rank, name=tile_name(spec, suit, rank),
                **suit_row(spec, suit))


def tile_back(spec: BloodDiamondsSpec) -> Face:
    """One back for every tile: a back styled per suit or rank would mark its tile."""
    piece = spec.tiles.piece
    return face(spec, "tile-back", spec.style.resolve("tile", safe_mm=piece.safe_mm), piece.corner_radius_mm)


def coin_sides(spec: BloodDiamondsSpec, suit: Suit, rank: str, style: Style) -> tuple[Face, Face]:
    """A coin's suit side and value side: both tell something, so both take the coin's own style."""
    own = suit_row(spec, suit)
    return face(spec, "coin-suit", style, **own), face(spec, "coin-value", style, rank=rank, **own)


# ---------------------------------------------------------------------------------------------
# Dice and pawns: paper models, cut and folded along the lines the core draws
# ---------------------------------------------------------------------------------------------

def die_net(dice: Dice) -> FlatNet:
    """The cross-shaped cube net with its seven glue tabs; face n shows the die's n-th face."""
    return unfold(cube_net(dice.face_mm, dice.tab_mm))


def die_rank_height(face_mm: float, style: Style) -> float:
    room = face_mm - 2 * style.safe_mm  # a face may lie on the cut line: its rank keeps the safe margin from it
    return max(0.0, min(face_mm * 0.42, room, room / rank_aspect(style.index.face)))


# A die face's suit symbol: its centre, across and down, and its size, in faces. Large enough to tell the
# suits apart in greyscale (the die is all a player has on the score track), the rank a little smaller to make room.
DIE_SYMBOL = (0.165, 0.21)


def die_face_parts(face_mm: float, style: Style, rank: str) -> dict[str, Box]:
    """Where a die face's rank and its small suit symbol go, in mm from the face's top-left."""
    f, (centre, size) = face_mm, DIE_SYMBOL
    low, high = f * (centre - size / 2), f * (centre + size / 2)
    return {"rank": rank_box(rank, f / 2, f / 2, die_rank_height(f, style), style.index.face),
            "suit symbol": (low, low, high, high)}


def pawn_shape(pawns: Pawns) -> Rect:
    """A fold-over standee: base, panel, fold, panel, base, folded along the four lines between."""
    w, h, b = pawns.width_mm, pawns.height_mm, pawns.base_mm
    folds = tuple(((0.0, y), (w, y)) for y in (b, b + h, b + 2 * h))
    return Rect(w, 2 * h + 2 * b, fold_lines=folds)


def pawn_name(spec: BloodDiamondsSpec, suit: Suit) -> str:
    return words_of(spec)("pawn.name", suit=suit_label(spec, suit))


def pawn_face(spec: BloodDiamondsSpec, suit: Suit, style: Style, pawns: Pawns) -> Face:
    return face(spec, "pawn", style, name=pawn_name(spec, suit), width_mm=pawns.width_mm, height_mm=pawns.height_mm,
                base_mm=pawns.base_mm, **suit_row(spec, suit))


def pawn_area(pawns: Pawns) -> Area:
    return Area(pawns.width_mm, 2 * (pawns.height_mm + pawns.base_mm), 0.0)


def drawn_pawns(spec: BloodDiamondsSpec) -> Pawns:
    """The pawns as drawn: the file's, or, printing a chosen words file, wider by half millimetres (up to
    MAX_GROWTH times) until every suit's name fits its place in the layout at 7 pt; a long translated
    name widens the pawn rather than print too small."""
    pawns = spec.pawns
    most = pawns.width_mm * growth(spec)

    def too_narrow(width: float) -> bool:
        wider = replace(pawns, width_mm=width)
        return any(unfitted(pawn_face(spec, suit, style, wider), pawn_area(wider))
                   for suit in spec.suits for _, style in pawn_styles(spec, suit))

    width = pawns.width_mm
    while width < most and too_narrow(width):
        width = min(most, math.floor(width * 2 + 1) / 2)
    return pawns if width == pawns.width_mm else replace(pawns, width_mm=width)


# Each piece's style: the component's, narrowed by the suit (group), the rank and the piece's id.
def tile_styles(spec: BloodDiamondsSpec, suit: Suit):
    for rank in map(rank_name, spec.tiles.ranks):
        piece_id = f"tile-{suit.name}-{rank}"
        yield piece_id, rank, spec.style.resolve("tile", suit.name, rank, piece_id, safe_mm=spec.tiles.piece.safe_mm)


def coin_styles(spec: BloodDiamondsSpec, suit: Suit):
    for rank in map(rank_name, spec.coins.ranks):
        piece_id = f"coin-{suit.name}-{rank}"
        yield piece_id, rank, spec.style.resolve("coin", suit.name, rank, piece_id, safe_mm=spec.coins.piece.safe_mm)


def die_style(spec: BloodDiamondsSpec, suit: Suit) -> tuple[str, Style]:
    piece_id = f"die-{suit.name}"
    return piece_id, spec.style.resolve("die", suit.name, piece=piece_id)


def pawn_styles(spec: BloodDiamondsSpec, suit: Suit):
    for n in range(spec.pawns.per_suit):
        piece_id = f"pawn-{suit.name}" + (f"-{n + 1}" if n else "")
        yield piece_id, spec.style.resolve("pawn", suit.name, piece=piece_id)
