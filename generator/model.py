"""What a game plug-in hands to the core: components made of pieces, each with drawn faces."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from generator.canvas import Canvas
from generator.schema import spec_field
from generator.shapes import Rect, Shape


@dataclass(frozen=True)
class Area:
    """What a face drawer is given: the trim size and how far past it the art should run (bleed).

    The drawer's origin is the trim box's top-left corner; full-bleed art covers
    (-bleed, -bleed) to (width + bleed, height + bleed). The core clips whatever falls outside.
    """

    width: float
    height: float
    bleed: float
    shape: Shape | None = None

    def bleed_box(self) -> tuple[float, float, float, float]:
        return -self.bleed, -self.bleed, self.width + 2 * self.bleed, self.height + 2 * self.bleed


def face_area(piece, side: str, bleed: float) -> Area:
    """Where a piece's `side` is drawn: its trim and bleed, in the piece's shape, and a back in that
    shape seen from behind (an L's back is a mirrored L), so that the back's art follows its cut."""
    shape = piece.shape.mirrored() if side == "back" and piece.shape is not None else piece.shape
    return Area(piece.width, piece.height, bleed, shape)


Face = Callable[[Canvas, Area], None]


def fill_bleed(canvas: Canvas, area: Area, colour: str) -> None:
    """Paint the whole bleed box: a full-bleed background survives a cut a little off the line."""
    x, y, w, h = area.bleed_box()
    canvas.rect(x, y, w, h, fill=colour)


@dataclass(frozen=True, slots=True)
class Piece:
    """One physical thing to cut out: a card, a tile, a coin, a die net. Sizes in mm, exact.

    `shape` is its cut outline; the faces draw in the shape's box, origin at its top-left.
    """

    id: str
    shape: Shape
    front: Face
    back: Face | None = None
    safe_mm: float | None = None  # how far inside the cut text stays; None: the core's default (layout_rules)
    #: Where a piece too large for a sheet may be split (x, then y, in mm from its top-left): the
    #: middles of the gaps between the places on a board, so that no seam runs through one.
    splits: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())

    @property
    def width(self) -> float:
        return self.shape.width

    @property
    def height(self) -> float:
        return self.shape.height


@dataclass
class Component:
    """A kind of piece, under a stable manifest name (`card`, `reference-card`, `dig-site-mat`)."""

    name: str
    title: str
    pieces: list[Piece] = field(default_factory=list)
    #: Space between neighbouring pieces on a sheet. 0 packs them edge to edge on shared cut lines.
    gutter: float = 0.0
    #: False for sheets used as printed (a score pad page): no crop marks and no cut lines.
    cut_guides: bool = True
    #: The style groups its pieces fall in (a suit, a colour), for `pnp list`; empty when it names none.
    groups: tuple[str, ...] = ()
    #: What its sheets are printed on (generator/stocks.py); None: what its pieces call for.
    stock: str | None = None

    @property
    def has_backs(self) -> bool:
        return any(piece.back for piece in self.pieces)


@dataclass(kw_only=True)
class PieceGeometry:
    """A piece's size and shape, as templates/pieces.yaml gives it (names end in _mm).

    A side is 5 to 1000 mm: a smaller piece cannot be cut out (and thousands of them would fit a
    sheet), a bigger one is a typo (a piece larger than the paper is tiled over a few sheets).
    """

    width_mm: float = spec_field(positive=True, minimum=5, maximum=1000)
    #: Left out for square and round pieces, so that changing the width alone resizes them.
    height_mm: float | None = spec_field(None, positive=True, minimum=5, maximum=1000)
    corner_radius_mm: float = spec_field(0.0, minimum=0, maximum=100)
    safe_mm: float = spec_field(3.0, minimum=0, maximum=50)

    def __post_init__(self):
        if self.height_mm is None:
            self.height_mm = self.width_mm

    def rect(self) -> Rect:
        return Rect(self.width_mm, self.height_mm, self.corner_radius_mm)


def spread(pieces: list[Piece], group: Callable[[Piece], object]) -> list[Piece]:
    """The pieces dealt round their groups in turn (a spade, a heart, a diamond, a club, a spade...),
    so that sheets printed in this order each hold a few of every group. A duplex printer shifts each
    sheet's backs by its own amount; a group gathered on one or two sheets would share a tell."""
    groups: dict[object, list[Piece]] = {}
    for piece in pieces:
        groups.setdefault(group(piece), []).append(piece)
    queues = list(groups.values())
    dealt = []
    for turn in range(max((len(queue) for queue in queues), default=0)):
        dealt += [queue[turn] for queue in queues if turn < len(queue)]
    return dealt
