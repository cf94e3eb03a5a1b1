"""The piecepack: tiles, coins, paper dice and pawns, and the helpers their faces share."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from generator import fonts
from generator.canvas import PT, Canvas
from generator.colour_rules import legible
from generator.fonts import text_width, wrap
from generator.kit.nets import FlatNet, cube_net, unfold
from generator.kit.prose import FLOOR_PT
from generator.kit.text import fit_line, fit_size
from generator.model import Area
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
TEXT_FLOOR_PT = FLOOR_PT  # the smallest text the payoff chart shrinks to: legible at the table


def draw_rank(canvas: Canvas, rank: str, cx: float, cy: float, height: float, colour: str, face: str,
              on: str) -> None:
    """A rank centred on (cx, cy), `height` mm tall, on paint `on`: the null is an empty ring, the ace
    an A, in the suit's colour or the shade of it that reads as text there."""
    if rank == "null":
        canvas.circle(cx, cy, height * 0.42, stroke=colour, width=height * 0.12)
        return
    size = height / fonts.inked_height(RANK_GLYPHS, face)[1]
    canvas.text(cx, cy + height / 2, "A" if rank == "ace" else rank, size, fill=legible(colour, on, size, face),
                face=face, anchor="middle")


Box = tuple[float, float, float, float]  # left, top, right, bottom: a part of a face, in mm from its top-left


def rank_box(rank: str, cx: float, cy: float, height: float, face: str) -> Box:
    """The box `draw_rank` inks: a null's ring with its line, or the rank's glyph."""
    if rank == "null":
        r = height * 0.48  # the ring's radius, 0.42, and half its line, 0.06
        return cx - r, cy - r, cx + r, cy + r
    half = text_width("A" if rank == "ace" else rank, height / fonts.inked_height(RANK_GLYPHS, face)[1], face) / 2
    return cx - half, cy - height / 2, cx + half, cy + height / 2


def text_box(text: str, size: float, cx: float, baseline: float, face: str) -> Box:
    """The box of one line of text centred on cx: its advance across, its ink up and down."""
    low, high = fonts.inked_height(text, face)
    half = text_width(text, size, face) / 2
    return cx - half, baseline - high * size, cx + half, baseline - low * size


def rank_aspect(face: str) -> float:
    """How wide the widest rank glyph is for its height, in this face."""
    return max(text_width(glyph, 1.0, face) for glyph in RANK_GLYPHS) / fonts.inked_height(RANK_GLYPHS, face)[1]


def floor_scale(style: Style) -> float:
    """How far a card may shrink its text: until its smaller text role reaches TEXT_FLOOR_PT (text that
    starts smaller than that is never shrunk)."""
    return min(1.0, TEXT_FLOOR_PT * PT / min(style.body.size, style.small.size))


def fitted_scale(spill, floor: float) -> float:
    """The largest scale of the text, from 1 down to `floor`, at which `spill(scale)` is 0 or less."""
    return fit_size(spill, 0.0, start=1.0, floor=floor)


# ---------------------------------------------------------------------------------------------
# Tiles and coins
# ---------------------------------------------------------------------------------------------

def draw_frame(canvas: Canvas, area: Area, style: Style, colour: str) -> None:
    """The frame, if the style wants one, its outer edge `border_mm` inside the trim: the nearer a
    frame runs to the cut, the more a slip of the knife shows."""
    if style.frame:
        inset = style.border_mm + style.line_mm / 2
        canvas.rect(inset, inset, area.width - 2 * inset, area.height - 2 * inset,
                    radius=min(area.width, area.height) * 0.04, stroke=colour, width=style.line_mm)


def inner_edge(style: Style) -> float:
    """Where the art inside a frame may begin: clear of the frame's line, and never nearer the cut
    than the safe margin."""
    frame = style.border_mm + style.line_mm if style.frame else 0.0
    return max(style.safe_mm, frame)


def tile_name(spec: BloodDiamondsSpec, suit: Suit, rank: str) -> str:
    """The words along a tile's foot: where it puts a warlord; every null tile is a black market."""
    return words_of(spec)("tile.black-market") if rank == "null" else role_label(spec, suit, "tile")


@dataclass(frozen=True)
class TileFace:
    """Where the parts of a tile's face go, in mm from its top-left: the drawing and the layout rule
    read the same numbers."""

    field: Box  # inside the frame, where the parts must stay
    corner: Box  # the suit symbol
    bar: Box  # the bar along the top edge
    rank: tuple[float, float, float]  # the rank's centre and height
    name: tuple[str, ...]  # where the tile puts a warlord (every null tile is a black market), in lines
    name_size: float
    name_baseline: float  # the last line's

    def baselines(self) -> list[float]:
        pitch = self.name_size * NAME_LEADING
        return [self.name_baseline - pitch * (len(self.name) - 1 - n) for n in range(len(self.name))]

    def parts(self, face: str, rank: str, name_face: str) -> dict[str, Box]:
        middle = self.field[0] + (self.field[2] - self.field[0]) / 2
        boxes = [text_box(line, self.name_size, middle, base, name_face)
                 for line, base in zip(self.name, self.baselines())]
        name = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        return {"suit symbol": self.corner, "bar": self.bar, "rank": rank_box(rank, *self.rank, face), "name": name}


NAME_LEADING = 1.15  # a tile name on two lines: the pitch of its lines, in its size


def tile_name_lines(name: str, size: float, room: float, face: str) -> tuple[tuple[str, ...], float]:
    """A tile's name as it fits its foot: one line, shrunk if it must, down to 7 pt; a name that would
    shrink further (a long translation) takes two lines instead, as large as they fit."""
    one = fit_line(name, size, room, face)
    floor = min(size, TEXT_FLOOR_PT * PT)
    if one >= floor - 1e-9 or " " not in name.strip():
        return (name,), one
    two = size
    while True:
        lines = wrap(name, two, room, face)
        if len(lines) <= 2 and all(text_width(line, two, face) <= room + 1e-9 for line in lines):
            return tuple(lines), two
        if two <= floor:
            return (name,), one  # even two lines need smaller text: layout.text-size says so
        two = max(two * 0.95, floor)


def tile_face(width: float, height: float, style: Style, name: str) -> TileFace:
    side, inner = min(width, height), inner_edge(style)
    top = inner + side * 0.025  # a little air inside the frame
    corner = side * 0.16
    bar_width, bar_height = side * 0.24, side * 0.028
    room = width - 2 * (inner + side * 0.02)
    lines, size = tile_name_lines(name, style.body.size, room, style.title.face)
    return TileFace(field=(inner, inner, width - inner, height - inner),
                    corner=(top, top, top + corner, top + corner),
                    bar=((width - bar_width) / 2, top, (width + bar_width) / 2, top + bar_height),
                    rank=(width / 2, height / 2 + side * 0.03, side * 0.38),
                    name=lines, name_size=size, name_baseline=height - inner - side * 0.045)


def tile_back_dots(width: float, height: float) -> list[Box]:
    """The dots in the middle of the back's four squares."""
    radius = min(width, height) * 0.02
    return [(x - radius, y - radius, x + radius, y + radius)
            for x in (width / 4, 3 * width / 4) for y in (height / 4, 3 * height / 4)]


VALUE_SYMBOL = 0.72  # the value side's suit symbol, for the rank's height
VALUE_GAP = 0.14  # the air between that symbol and the rank, likewise


@dataclass(frozen=True)
class CoinFace:
    """Where one side of a coin puts its parts, in mm from the coin's top-left: the drawing and the
    layout rule read the same numbers. The suit side shows the suit's symbol, large; the value side
    its rank with the symbol above it, so a coin lying either way up tells its suit without colour."""

    ring: float | None  # the radius of the ring's centre line; None: no ring
    inside_ring: float  # the radius inside the ring's line
    symbol: tuple[float, float, float]  # the suit symbol's centre and size
    rank: tuple[float, float, float] | None  # the rank's centre and height; None on the suit side
    rank_name: str | None

    def parts(self, face: str) -> dict[str, Box]:
        x, y, size = self.symbol
        parts = {"suit symbol": (x - size / 2, y - size / 2, x + size / 2, y + size / 2)}
        if self.rank is not None:
            parts["rank"] = rank_box(self.rank_name, *self.rank, face)
        return parts


def coin_face(width: float, style: Style, rank: str | None) -> CoinFace:
    """One side of a coin (rank None: the suit side). Its middle fills the circle `safe_mm` inside the
    cut; a ring, if the style wants one, has its outer edge `border_mm` inside the cut."""
    r = width / 2
    ring = r - style.border_mm - style.line_mm / 2 if style.frame else None
    inside_ring = r - style.border_mm - style.line_mm if style.frame else r
    room = max(r - style.safe_mm, 0.0)  # the radius the middle keeps inside
    if rank is None:
        size = min(width * 0.5, room * math.sqrt(2))  # the largest square in that circle
        return CoinFace(ring, inside_ring, (r, r, size), None, None)
    height, rank_y = value_stack(room, rank_aspect(style.index.face))
    size = height * VALUE_SYMBOL
    symbol_y = rank_y - height / 2 - height * VALUE_GAP - size / 2
    return CoinFace(ring, inside_ring, (r, r + symbol_y, size), (r, r + rank_y, height), rank)


@lru_cache(maxsize=None)
def value_stack(room: float, aspect: float) -> tuple[float, float]:
    """The rank's height on a coin's value side, and its centre below the coin's, for the largest rank
    that fits with its symbol above it in a circle of radius `room`. Every rank shares one size, the
    widest glyph's (`aspect`, its width for its height)."""
    def fits(height: float) -> float | None:
        size, gap = height * VALUE_SYMBOL, height * VALUE_GAP
        if aspect * height / 2 >= room or size / 2 >= room:
            return None
        lowest = math.sqrt(room ** 2 - (aspect * height / 2) ** 2) - height / 2  # the rank's foot on the circle
        highest = height / 2 + gap + size - math.sqrt(room ** 2 - (size / 2) ** 2)  # the symbol's top on it
        if highest > lowest:
            return None
        y = (highest + lowest) / 2
        top = y - height / 2  # the rank's top corners, beside the symbol's foot
        if math.hypot(aspect * height / 2, top) > room:
            return None
        return y

    low, high = 0.0, 2 * room
    for _ in range(50):
        middle = (low + high) / 2
        low, high = (middle, high) if fits(middle) is not None else (low, middle)
    return low, fits(low) or 0.0


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


def pawn_disc(pawns: Pawns) -> float:
    """How wide the suit's disc is drawn: the pawn's width, but no more than 0.8 of its height (a pawn
    widened for a long name keeps its disc clear of the name)."""
    return min(pawns.width_mm, pawns.height_mm * 0.8)


def pawn_name(spec: BloodDiamondsSpec, suit: Suit) -> str:
    return words_of(spec)("pawn.name", suit=suit_label(spec, suit))


def drawn_pawns(spec: BloodDiamondsSpec) -> Pawns:
    """The pawns as drawn: the file's, or, printing a chosen words file, wider (up to MAX_GROWTH times) so
    that every suit's name fits its label at 7 pt; a long translated name widens the pawn rather than
    print too small."""
    pawns, floor = spec.pawns, TEXT_FLOOR_PT * PT
    need = pawns.width_mm
    for suit in spec.suits:
        for _, style in pawn_styles(spec, suit):
            label = style.title
            need = max(need, text_width(pawn_name(spec, suit), min(label.size, floor), label.face)
                       + 2 * (style.safe_mm + label.size * 0.3))
    if need <= pawns.width_mm + 1e-9:
        return pawns
    width = min(pawns.width_mm * growth(spec), math.ceil(need * 2) / 2)
    return pawns if width <= pawns.width_mm else replace(pawns, width_mm=width)


def pawn_parts(pawns: Pawns, style: Style) -> dict[str, Box]:
    """Where a pawn panel's suit symbol (on its disc) and name label go, in mm from the panel's top-left
    as it stands."""
    w, h = pawns.width_mm, pawns.height_mm
    band, middle, disc = style.title.size * 1.6, h * 0.875, pawn_disc(pawns) * 0.4
    return {"suit symbol": (w / 2 - disc, h * 0.42 - disc, w / 2 + disc, h * 0.42 + disc),
            "name": (style.safe_mm, middle - band / 2, w - style.safe_mm, middle + band / 2)}


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
