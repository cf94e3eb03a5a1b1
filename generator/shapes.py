"""Cut outlines: what shape a piece is when it comes off the sheet.

Every piece has one: a rectangle (perhaps with round corners), a circle, a regular polygon (a hex
tile) or any closed polygon (a net's outline), plus optional fold lines. A shape lives in the
piece's own millimetres, origin at the top-left of its bounding box, y down. The core uses it to
clip the art to the outline grown by the bleed, to draw cut and fold lines, and to tell the
manifest where the cut runs; a game only says which shape its pieces are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import ClassVar

from generator.geometry import Path

Point = tuple[float, float]
Segment = tuple[Point, Point]
#: A corner of a cut contour and how the edge to the next corner runs: straight (bulge 0) or along a
#: circular arc, its bulge the tangent of a quarter of the angle it turns through, positive turning
#: clockwise on the page (y down). A DXF polyline keeps its arcs the same way.
Vertex = tuple[float, float, float]
#: The bulge of a quarter circle: tan(90 degrees / 4).
QUARTER_BULGE = math.tan(math.pi / 8)

#: A corner sharper than this is bevelled when grown: a mitre would run far past the art it frames.
MITRE_LIMIT = 3.0

#: Points that stand for a circle in the manifest: every one lies on the cut.
CIRCLE_POINTS = 72


@dataclass(frozen=True)
class Shape:
    """Base of all cut outlines. `width` and `height` are the bounding box of the trim."""

    kind: ClassVar[str]
    #: A polygon cut with straight lines that a guillotine can follow in a grid (crop marks).
    straight_cuts: ClassVar[bool] = False
    #: Inner cuts: windows and holes cut out of the piece (the Diatoms lens's window).
    holes: tuple["Hole", ...] = field(default=(), kw_only=True)

    @property
    def width(self) -> float:
        raise NotImplementedError

    @property
    def height(self) -> float:
        raise NotImplementedError

    @property
    def folds(self) -> tuple[Segment, ...]:
        return ()

    def outline(self, grow: float = 0.0) -> Path:
        """The cut line, or with `grow` > 0 the line `grow` mm outside it (where bleed art stops)."""
        return Path.polygon(self.points(grow))

    def points(self, grow: float = 0.0) -> list[Point]:
        """The outline as points in order (clockwise on the page); a curve is sampled finely."""
        raise NotImplementedError

    def contour(self) -> list[Vertex]:
        """The cut line as a closed contour, clockwise on the page, its arcs kept as arcs (what a
        cutting machine's file holds); a polygon's corners joined by straight edges."""
        return [(x, y, 0.0) for x, y in self.points()]

    def hole_contours(self) -> list[list[Vertex]]:
        """Each inner cut's contour, in the piece's coordinates."""
        return [[(hole.x + x, hole.y + y, bulge) for x, y, bulge in hole.shape.contour()] for hole in self.holes]

    def nests_in_rows(self, turned: bool) -> bool:
        """Whether rows of this shape (turned 90 degrees or not) pack like a honeycomb when every
        other row shifts by half a piece: circles, and hexagons with a point at the top."""
        return False

    @property
    def symmetric_under_quarter_turn(self) -> bool:
        """Turning it 90 degrees gives the same footprint (no point in trying both)."""
        return math.isclose(self.width, self.height)

    def mirrored(self) -> "Shape":
        """The shape seen from behind, turned over side to side (x becomes width - x): what a back is
        drawn in, so that its art follows the cut it prints inside. A rectangle, a circle and a
        regular polygon are their own mirror images; their holes may not be."""
        return replace(self, holes=_mirrored_holes(self.holes, self.width)) if self.holes else self


@dataclass(frozen=True)
class Rect(Shape):
    """A card, a tile, a board: cut straight, corners rounded by `radius` (with a corner cutter)."""

    w: float
    h: float
    radius: float = 0.0
    fold_lines: tuple[Segment, ...] = ()

    kind: ClassVar[str] = "rect"

    @property
    def width(self) -> float:
        return self.w

    @property
    def height(self) -> float:
        return self.h

    @property
    def straight_cuts(self) -> bool:
        # A folded model (a standee) is cut out with scissors along its printed line.
        return not self.fold_lines

    @property
    def folds(self) -> tuple[Segment, ...]:
        return self.fold_lines

    def outline(self, grow: float = 0.0) -> Path:
        # The bleed box has square corners: rounding is cut after the straight cuts.
        if grow:
            return Path.rect(-grow, -grow, self.w + 2 * grow, self.h + 2 * grow)
        return Path.rect(0, 0, self.w, self.h, self.radius)

    def points(self, grow: float = 0.0) -> list[Point]:
        return [(-grow, -grow), (self.w + grow, -grow), (self.w + grow, self.h + grow), (-grow, self.h + grow)]

    def contour(self) -> list[Vertex]:
        if self.radius <= 0:
            return super().contour()
        w, h = self.w, self.h
        r = min(self.radius, w / 2, h / 2)
        # Each side, then the quarter circle round the next corner (a side as long as 2r is no side).
        corners = [((r, 0.0), (w - r, 0.0)), ((w, r), (w, h - r)), ((w - r, h), (r, h)), ((0.0, h - r), (0.0, r))]
        contour: list[Vertex] = []
        for start, end in corners:
            if math.dist(start, end) > 1e-9:
                contour.append((*start, 0.0))
            contour.append((*end, QUARTER_BULGE))
        return contour


@dataclass(frozen=True)
class Circle(Shape):
    """A coin or a token, `diameter` across."""

    diameter: float

    kind: ClassVar[str] = "circle"

    @property
    def width(self) -> float:
        return self.diameter

    @property
    def height(self) -> float:
        return self.diameter

    def outline(self, grow: float = 0.0) -> Path:
        r = self.diameter / 2
        return Path.circle(r, r, r + grow)

    def contour(self) -> list[Vertex]:
        r = self.diameter / 2
        return [(r, 0.0, 1.0), (r, 2 * r, 1.0)]  # two half circles, the right one first

    def points(self, grow: float = 0.0) -> list[Point]:
        r = self.diameter / 2
        step = 2 * math.pi / CIRCLE_POINTS
        return [(r + (r + grow) * math.cos(i * step - math.pi / 2), r + (r + grow) * math.sin(i * step - math.pi / 2))
                for i in range(CIRCLE_POINTS)]

    def nests_in_rows(self, turned: bool) -> bool:
        return True


@dataclass(frozen=True)
class RegularPolygon(Shape):
    """`sides` equal sides around a circle of radius `radius` (centre to corner).

    `pointy_top` puts a corner at the top; otherwise a side lies along the top. A hex tile is
    `RegularPolygon.hexagon(across_flats=50.8)`.
    """

    sides: int
    radius: float
    pointy_top: bool = False

    kind: ClassVar[str] = "polygon"

    @classmethod
    def hexagon(cls, across_flats: float, pointy_top: bool = False) -> "RegularPolygon":
        return cls(6, across_flats / math.sqrt(3), pointy_top)

    def _corners(self, radius: float) -> list[Point]:
        """Corners around the origin, clockwise on the page, starting at the top."""
        start = -math.pi / 2 if self.pointy_top else -math.pi / 2 + math.pi / self.sides
        step = 2 * math.pi / self.sides
        return [(radius * math.cos(start + i * step), radius * math.sin(start + i * step)) for i in range(self.sides)]

    @property
    def _offset(self) -> Point:
        corners = self._corners(self.radius)
        return -min(x for x, _ in corners), -min(y for _, y in corners)

    @property
    def width(self) -> float:
        xs = [x for x, _ in self._corners(self.radius)]
        return max(xs) - min(xs)

    @property
    def height(self) -> float:
        ys = [y for _, y in self._corners(self.radius)]
        return max(ys) - min(ys)

    @property
    def centre(self) -> Point:
        return self._offset

    def points(self, grow: float = 0.0) -> list[Point]:
        # Growing every side outwards by `grow` moves each corner out by grow / cos(half the turn).
        dx, dy = self._offset
        grown = self.radius + grow / math.cos(math.pi / self.sides)
        return [(x + dx, y + dy) for x, y in self._corners(grown)]

    def nests_in_rows(self, turned: bool) -> bool:
        # A hexagon turned a quarter turn swaps a flat top for a pointed one.
        return self.sides == 6 and self.pointy_top != turned


@dataclass(frozen=True)
class Outline(Shape):
    """Any closed polygon, such as a net's outline, with fold lines inside it."""

    corners: tuple[Point, ...]
    fold_lines: tuple[Segment, ...] = ()

    kind: ClassVar[str] = "path"

    def __post_init__(self):
        # Keep the bounding box at the origin and the corners clockwise on the page.
        x0 = min(x for x, _ in self.corners)
        y0 = min(y for _, y in self.corners)
        corners = [(x - x0, y - y0) for x, y in self.corners]
        if signed_area(corners) < 0:
            corners.reverse()
        folds = tuple(((ax - x0, ay - y0), (bx - x0, by - y0)) for (ax, ay), (bx, by) in self.fold_lines)
        object.__setattr__(self, "corners", tuple(corners))
        object.__setattr__(self, "fold_lines", folds)
        object.__setattr__(self, "holes", tuple(replace(hole, x=hole.x - x0, y=hole.y - y0) for hole in self.holes))

    @property
    def width(self) -> float:
        return max(x for x, _ in self.corners)

    @property
    def height(self) -> float:
        return max(y for _, y in self.corners)

    @property
    def folds(self) -> tuple[Segment, ...]:
        return self.fold_lines

    def points(self, grow: float = 0.0) -> list[Point]:
        return grown_polygon(list(self.corners), grow) if grow else list(self.corners)

    def mirrored(self) -> "Outline":
        width = self.width
        return Outline(tuple((width - x, y) for x, y in self.corners),
                       tuple(((width - ax, ay), (width - bx, by)) for (ax, ay), (bx, by) in self.fold_lines),
                       holes=_mirrored_holes(self.holes, width))


@dataclass(frozen=True)
class Hole:
    """An inner cut: `shape` with its box's top-left corner at (x, y) in the piece."""

    shape: Shape
    x: float
    y: float


def _mirrored_holes(holes: tuple[Hole, ...], width: float) -> tuple[Hole, ...]:
    """Inner cuts of a piece `width` wide, seen from behind."""
    return tuple(Hole(hole.shape.mirrored(), width - hole.x - hole.shape.width, hole.y) for hole in holes)


def signed_area(points: list[Point]) -> float:
    """Shoelace area; positive when the points run clockwise on a y-down page."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1])) / 2


#: The least area an outline may have, in mm²: a smaller one is a slip of the pen, not a piece.
MIN_OUTLINE_AREA = 1.0


def outline_problem(corners: list[tuple[float, float]]) -> str | None:
    """What makes `corners` no piece's outline: no area (corners in a line), or sides that cross
    (a bow-tie, corners out of order), whose art would fill one lobe and not the other."""
    sides = list(zip(corners, corners[1:] + corners[:1]))
    for i, first in enumerate(sides):
        for j in range(i + 2, len(sides)):
            if i == 0 and j == len(sides) - 1:
                continue  # the first and last sides meet at the first corner
            if _cross(*first, *sides[j]):
                return f"make sides {i + 1} and {j + 1} cross each other"
    if abs(signed_area(corners)) < MIN_OUTLINE_AREA:
        return f"enclose less than {MIN_OUTLINE_AREA:g} mm² (its corners lie in a line)"
    return None


def _cross(a, b, c, d) -> bool:
    """Whether segments ab and cd cross (touching at an end does not count)."""
    def turn(p, q, r) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return turn(a, b, c) * turn(a, b, d) < 0 and turn(c, d, a) * turn(c, d, b) < 0


def grown_polygon(points: list[Point], distance: float) -> list[Point]:
    """The clockwise polygon with every side moved `distance` outwards (inwards, when negative).

    Neighbouring sides meet at a mitre. Where they grow apart at a corner so sharp that the mitre
    would reach more than MITRE_LIMIT times the distance past it (a triangle's tip grown out, a
    notch's corner taken in), the corner is cut square `distance` past it instead, across its
    bisector: the art still runs the whole bleed beyond a sharp tip, and no farther. Where they grow
    into each other (a tip taken in, a notch grown out) they always meet at the mitre, inside.
    """
    count = len(points)
    # Outward normal of the side from point i to point i+1 (clockwise on a y-down page: left-hand).
    normals = []
    for i in range(count):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % count]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        normals.append(((y1 - y0) / length, (x0 - x1) / length))
    grown = []
    for i in range(count):
        (ax, ay), (bx, by) = normals[i - 1], normals[i]
        (px, py), (x, y), (nx, ny) = points[i - 1], points[i], points[(i + 1) % count]
        mitre = 1 + ax * bx + ay * by
        convex = (x - px) * (ny - y) - (y - py) * (nx - x) > 0
        if mitre > 2 / MITRE_LIMIT ** 2 or convex != (distance > 0):
            # The mitre point lies along the bisector at distance / cos(half the turn).
            scale = distance / max(mitre, 1e-12)
            grown.append((x + (ax + bx) * scale, y + (ay + by) * scale))
            continue
        # Cut square: a line across the bisector `distance` past the corner, from side to side.
        ux, uy = ax + bx, ay + by
        length = math.hypot(ux, uy)
        if length < 1e-9:  # a side folded back on itself: the corner points along the side coming in
            ux, uy, length = x - px, y - py, math.hypot(x - px, y - py) or 1.0
        ux, uy = ux / length, uy / length
        wx, wy = -uy, ux  # along the cut
        for nx_, ny_ in ((ax, ay), (bx, by)):
            across = wx * nx_ + wy * ny_
            along = distance * (1 - (ux * nx_ + uy * ny_)) / across if abs(across) > 1e-12 else 0.0
            grown.append((x + ux * distance + wx * along, y + uy * distance + wy * along))
    return grown
