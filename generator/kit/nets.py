"""Nets for paper models: from faces laid flat to what a printer needs.

A *net* is a paper model unfolded flat: polygons (the faces) laid out so that neighbouring faces share an
edge. To print it we need three things:

* the **cut outline**: one closed line around all the faces and glue tabs;
* the **fold lines**: every edge that two faces share, and every edge between a face and its tab;
* the **glue tabs**: a trapezoid on one edge of each pair of free edges that meet when the model is folded.

`unfold` works all three out from a `Net`; `cube_net` and `square_pyramid_net` build two classic nets.

Units are millimetres, y points down and the origin is the top-left corner, as everywhere in the generator.
"Clockwise" means clockwise as seen on the page; with y down, that is a positive shoelace sum.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

Point = tuple[float, float]
EdgeRef = tuple[str, int]  # (face name, edge index); edge i runs from corner i to corner i + 1 (wrapping)
Key = tuple[float, float]  # a point rounded to 1e-6 mm: points with the same key are the same point

DIGITS = 6  # points that agree to 6 decimals (1e-6 mm) are the same point
EPS = 1e-6  # mm: lengths, distances and areas below this count as zero
TAB_DEPTH = 5.0
TAB_ANGLE = 45.0


@dataclass(frozen=True)
class Net:
    """A paper model laid flat, and which of its free edges meet when it is folded."""

    faces: dict[str, tuple[Point, ...]]  # the flat layout; neighbouring faces share an edge exactly
    glued: tuple[tuple[EdgeRef, EdgeRef], ...]  # free edges that meet when folded; the tab goes on the FIRST
    tab_depth: float = TAB_DEPTH  # how far a tab reaches out from its edge
    tab_angle: float = TAB_ANGLE  # the slant of a tab's ends, in degrees from the edge (steeper on short edges)


@dataclass(frozen=True)
class FlatNet:
    """A net ready to print, moved so that its bounding box starts at (0, 0)."""

    outline: tuple[Point, ...]  # the cut line around faces and tabs: one clockwise loop, not closed explicitly
    folds: tuple[tuple[Point, Point], ...]  # face-face folds (in face and edge order), then tab folds (pair order)
    faces: dict[str, tuple[Point, ...]]  # the faces, clockwise (a counter-clockwise face is reversed, same corner 0)
    tabs: tuple[tuple[Point, ...], ...]  # the glue tabs, one trapezoid per glued pair, clockwise
    width: float
    height: float


# --- unfolding --------------------------------------------------------------------------------------------


def unfold(net: Net) -> FlatNet:
    """The cut outline, fold lines and glue tabs of `net`.

    Raises ValueError when the net cannot be cut out as one piece: a face with fewer than three corners or no
    area; a glued edge that is unknown, shared by two faces or in more than one pair; glued edges of different
    lengths; pieces (faces and tabs) that overlap, meet at a single point, or do not all connect.
    """
    if not net.tab_depth > 0:
        raise ValueError(f"tab_depth must be positive, not {net.tab_depth}")
    if not 0 < net.tab_angle <= 90:
        raise ValueError(f"tab_angle must be more than 0 and at most 90 degrees, not {net.tab_angle}")

    faces = {name: _clockwise(name, corners) for name, corners in net.faces.items()}
    shared = _shared_edges(faces)
    folds = list(shared.values())
    tabs = []
    for p, q in _tab_edges(net, shared):
        tabs.append(_tab(p, q, net.tab_depth, net.tab_angle))
        folds.append((p, q))
    outline = _outline([*faces.values(), *tabs])

    # Every corner of the union's convex hull is a corner of the outline, so the outline gives the bounding box.
    left = min(x for x, _ in outline)
    top = min(y for _, y in outline)

    def move(points):
        return tuple((_clean(x - left), _clean(y - top)) for x, y in points)

    return FlatNet(
        outline=move(outline),
        folds=tuple(move(fold) for fold in folds),
        faces={name: move(corners) for name, corners in faces.items()},
        tabs=tuple(move(tab) for tab in tabs),
        width=_clean(max(x for x, _ in outline) - left),
        height=_clean(max(y for _, y in outline) - top),
    )


def _clockwise(name: str, corners) -> tuple[Point, ...]:
    """The corners of a face in clockwise order, starting from the same corner; checks that it is a real polygon."""
    corners = tuple((float(x), float(y)) for x, y in corners)
    if len(corners) < 3:
        raise ValueError(f"face {name!r} needs at least 3 corners, not {len(corners)}")
    if any(math.dist(p, q) <= EPS for p, q in _edges(corners)):
        raise ValueError(f"face {name!r} has two neighbouring corners in the same place")
    area = _area(corners)
    if abs(area) <= EPS:
        raise ValueError(f"face {name!r} has no area")
    return corners if area > 0 else (corners[0], *reversed(corners[1:]))


def _shared_edges(faces: dict[str, tuple[Point, ...]]) -> dict[frozenset[Key], tuple[Point, Point]]:
    """The fold between every two faces that share an edge, keyed by its two (unordered) ends.

    The folds come in the order faces and their edges are listed, each as its first face walks it.
    """
    sides: dict[frozenset[Key], list[tuple[str, Point, Point]]] = {}
    for name, corners in faces.items():
        for p, q in _edges(corners):
            sides.setdefault(_edge_key(p, q), []).append((name, p, q))
    shared = {}
    for key, owners in sides.items():
        if len(owners) > 2:
            names = ", ".join(repr(name) for name, _, _ in owners)
            raise ValueError(f"faces {names} all share the edge {_show(owners[0][1])}-{_show(owners[0][2])}")
        if len(owners) == 2:
            _, p, q = owners[0]
            shared[key] = (p, q)
    return shared


def _tab_edges(net: Net, shared: dict[frozenset[Key], tuple[Point, Point]]) -> list[tuple[Point, Point]]:
    """The edge that carries the tab of each glued pair, walked clockwise; checks that the pairs make sense."""
    used: dict[frozenset[Key], EdgeRef] = {}
    tab_edges = []
    for first, second in net.glued:
        pair = []
        for ref in (first, second):
            p, q = _edge_of(net, ref)
            key = _edge_key(p, q)
            if key in shared:
                raise ValueError(f"edge {ref} is a fold between two faces, so it cannot be glued")
            if key in used:
                raise ValueError(f"edge {ref} is glued twice (it is also {used[key]}); an edge can be in one pair only")
            used[key] = ref
            pair.append((p, q))
        (p, q), (r, s) = pair
        if abs(math.dist(p, q) - math.dist(r, s)) > EPS:
            raise ValueError(
                f"glued edges {first} and {second} differ in length: "
                f"{math.dist(p, q):.3f} mm and {math.dist(r, s):.3f} mm"
            )
        tab_edges.append(pair[0])
    return tab_edges


def _edge_of(net: Net, ref: EdgeRef) -> tuple[Point, Point]:
    """The ends of the edge `ref` names (in the face's own corner order), in the order a clockwise walk meets them."""
    name, index = ref
    if name not in net.faces:
        raise ValueError(f"glued edge {ref}: there is no face {name!r}")
    corners = tuple((float(x), float(y)) for x, y in net.faces[name])
    if not 0 <= index < len(corners):
        raise ValueError(f"glued edge {ref}: face {name!r} has edges 0 to {len(corners) - 1}")
    p, q = corners[index], corners[(index + 1) % len(corners)]
    return (p, q) if _area(corners) > 0 else (q, p)


def _tab(p: Point, q: Point, depth: float, angle: float) -> tuple[Point, ...]:
    """A trapezoid glue tab on the outside of the edge p -> q of a clockwise face; clockwise, from q.

    The tab's ends slant inward at `angle` degrees from the edge. On a short edge those ends would cross, so each
    end moves in by at most a third of the edge: the tab's outer side stays at least a third as long as its edge,
    and its ends get steeper than `angle`.
    """
    length = math.dist(p, q)
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length  # along the edge
    nx, ny = uy, -ux  # outward: with y down, a clockwise walk has the face on its right, the outside on its left
    inset = min(depth / math.tan(math.radians(angle)), length / 3)
    return (
        q,
        p,
        (p[0] + depth * nx + inset * ux, p[1] + depth * ny + inset * uy),
        (q[0] + depth * nx - inset * ux, q[1] + depth * ny - inset * uy),
    )


# --- the outline ------------------------------------------------------------------------------------------


def _outline(polygons: list[tuple[Point, ...]]) -> list[Point]:
    """The boundary of the union of clockwise polygons that meet only along whole edges, as one clockwise loop.

    Every polygon adds its edges as arrows, all clockwise. Where two polygons meet, their common edge appears
    once in each direction; such pairs lie inside the union and cancel. The arrows that remain are the boundary.
    Each corner keeps as many arrows in as out, so they form closed loops, and a net that can be cut out in one
    piece has exactly one. The loop starts at its top-most corner (left-most of those).
    """
    where: dict[Key, Point] = {}
    arrows: dict[tuple[Key, Key], None] = {}  # a dict rather than a set: it keeps insertion order
    for polygon in polygons:
        for p, q in _edges(polygon):
            a, b = _key(p), _key(q)
            where.setdefault(a, p)
            if (a, b) in arrows:
                raise ValueError(f"two pieces overlap along the edge {_show(p)}-{_show(q)}")
            arrows[(a, b)] = None

    after: dict[Key, Key] = {}
    for a, b in arrows:
        if (b, a) in arrows:
            continue  # an edge between two pieces: folded, not cut
        if a in after:
            raise ValueError(f"the outline touches itself at {_show(where[a])}: pieces must not meet at a single point")
        after[a] = b

    loops = []
    unvisited = set(after)
    for start in sorted(after, key=_top_left):
        if start in unvisited:
            loop = [start]
            while (corner := after[loop[-1]]) != start:
                loop.append(corner)
            unvisited.difference_update(loop)
            loops.append(loop)
    if len(loops) != 1:
        raise ValueError(
            f"the outline falls into {len(loops)} separate loops, not one: "
            f"some pieces do not connect to the rest, or they enclose a hole"
        )

    outline = _merge_collinear([where[key] for key in loops[0]])
    _check_simple(outline)
    first = min(range(len(outline)), key=lambda i: _top_left(outline[i]))
    return outline[first:] + outline[:first]


def _merge_collinear(loop: list[Point]) -> list[Point]:
    """`loop` without the corners that lie on a straight line between their neighbours."""
    loop = list(loop)
    merged = True
    while merged and len(loop) > 3:
        merged = False
        for i, b in enumerate(loop):
            a, c = loop[i - 1], loop[(i + 1) % len(loop)]
            u = (b[0] - a[0], b[1] - a[1])
            v = (c[0] - b[0], c[1] - b[1])
            # |u x v| / the longer arm: how far the shorter arm's far end is from the longer arm's line, in mm.
            if abs(u[0] * v[1] - u[1] * v[0]) <= EPS * max(math.hypot(*u), math.hypot(*v)):
                if u[0] * v[0] + u[1] * v[1] < 0:
                    raise ValueError(f"the outline doubles back at {_show(b)}: pieces overlap along part of an edge")
                del loop[i]
                merged = True
                break
    return loop


def _check_simple(loop: list[Point]) -> None:
    """Raise ValueError unless no two edges of `loop` meet, except neighbours at their common corner."""
    edges = list(_edges(loop))
    for i, j in combinations(range(len(edges)), 2):
        if j - i in (1, len(edges) - 1):
            continue
        if _segments_meet(*edges[i], *edges[j]):
            where = _show(edges[i][0])
            raise ValueError(f"the outline crosses itself near {where}: a tab or face overlaps another piece")


def _segments_meet(p: Point, q: Point, r: Point, s: Point) -> bool:
    """Whether the segments pq and rs cross or touch (to within EPS)."""

    def side(a, b, c):  # signed distance of c from the line through a and b
        return ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / math.dist(a, b)

    d1, d2, d3, d4 = side(r, s, p), side(r, s, q), side(p, q, r), side(p, q, s)
    if _opposite(d1, d2) and _opposite(d3, d4):
        return True  # a clean crossing
    return any(_distance_to_segment(x, a, b) <= EPS for x, a, b in ((p, r, s), (q, r, s), (r, p, q), (s, p, q)))


def _opposite(a: float, b: float) -> bool:
    """Whether two signed distances are clearly on opposite sides of a line."""
    return (a > EPS and b < -EPS) or (a < -EPS and b > EPS)


def _distance_to_segment(x: Point, a: Point, b: Point) -> float:
    ab = (b[0] - a[0], b[1] - a[1])
    t = ((x[0] - a[0]) * ab[0] + (x[1] - a[1]) * ab[1]) / (ab[0] ** 2 + ab[1] ** 2)
    t = min(1.0, max(0.0, t))
    return math.dist(x, (a[0] + t * ab[0], a[1] + t * ab[1]))


# --- two classic nets -------------------------------------------------------------------------------------

TOP, RIGHT, BOTTOM, LEFT = range(4)  # the edges of a square listed clockwise from its top-left corner

# The cross: the cells (column, row) of a 3 x 4 grid that hold faces "0" to "5", in that order.
CROSS = ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3))

# The seven pairs of free edges of the cross that meet on the folded cube, as (cell, side); the tab goes on the
# first. The other five edges that meet are folds.
CUBE_GLUE = (
    (((0, 1), TOP), ((1, 0), LEFT)),
    (((2, 1), TOP), ((1, 0), RIGHT)),
    (((1, 2), LEFT), ((0, 1), BOTTOM)),
    (((1, 2), RIGHT), ((2, 1), BOTTOM)),
    (((1, 3), LEFT), ((0, 1), LEFT)),
    (((1, 3), RIGHT), ((2, 1), RIGHT)),
    (((1, 3), BOTTOM), ((1, 0), TOP)),
)


def cube_net(edge: float, tab_depth: float = TAB_DEPTH) -> Net:
    """The cross-shaped net of a cube with sides `edge` mm: six squares on a 3 x 4 grid, seven glue tabs.

    Face "0" is the top of the cross, "1" to "3" the row of three, "4" and "5" the long arm below (see CROSS).
    Each square's corners run clockwise from its top-left corner, so its edges are TOP, RIGHT, BOTTOM, LEFT.
    Six tabs lie in empty cells of the grid (while tab_depth <= edge); only the one under face "5" reaches
    outside it, so the net measures 3 * edge by 4 * edge + tab_depth.
    """
    if not edge > 0:
        raise ValueError(f"a cube's edge must be positive, not {edge}")
    edge = float(edge)
    name = {cell: str(i) for i, cell in enumerate(CROSS)}
    faces = {
        name[(column, row)]: (
            (column * edge, row * edge),
            ((column + 1) * edge, row * edge),
            ((column + 1) * edge, (row + 1) * edge),
            (column * edge, (row + 1) * edge),
        )
        for column, row in CROSS
    }
    glued = tuple(((name[a], side_a), (name[b], side_b)) for (a, side_a), (b, side_b) in CUBE_GLUE)
    return Net(faces, glued, tab_depth)


def square_pyramid_net(base: float, height: float, tab_depth: float = TAB_DEPTH) -> Net:
    """The net of a square pyramid with an open base (so pyramids nest): four triangles fanned around the apex.

    Each triangle has a base edge of `base` mm and a slant height (base edge's midpoint to apex) of
    sqrt(height^2 + (base/2)^2); its legs run from the apex. Triangle k is (apex, rim corner k, rim corner k+1):
    edge 0 and edge 2 are legs, edge 1 is the base edge, which is cut and gets no tab. Neighbouring triangles
    share a leg; the free leg of triangle "0" carries the one tab and is glued to the free leg of triangle "3".

    Layout: the fan is turned so that its bounding box, tab included, has the least possible area. A
    least-area bounding box has a side parallel to an edge of the points' convex hull, hence to the line through
    two of the points, so trying the direction of every pair of corners finds the exact minimum (no sweep of
    angles needed). Of the four quarter turns of that box, the upright one (no wider than tall) with the apex in
    the upper half is used.
    """
    if not (base > 0 and height > 0):
        raise ValueError(f"a pyramid's base and height must be positive, not {base} and {height}")
    if not tab_depth > 0:
        raise ValueError(f"tab_depth must be positive, not {tab_depth}")
    half = base / 2
    leg = math.hypot(math.hypot(height, half), half)  # apex to a base corner
    apex_angle = 2 * math.asin(half / leg)  # of one triangle; below 90 degrees, so the four fit round the apex

    def fan(turn: float) -> list[Point]:
        """The five rim corners, at `turn` + k * apex_angle round the apex at (0, 0); with y down that is clockwise."""
        return [(leg * math.cos(turn + k * apex_angle), leg * math.sin(turn + k * apex_angle)) for k in range(5)]

    # The tab's end at the apex slants into the gap the fan leaves there; on a squat pyramid that gap is narrow,
    # so the end slants at no more than half of it. (A pyramid so flat that the tab still meets triangle "3"
    # makes unfold raise ValueError; a shallower tab_depth helps then.)
    gap = math.degrees(2 * math.pi - 4 * apex_angle)
    tab_angle = min(TAB_ANGLE, gap / 2)

    apex = (0.0, 0.0)
    rim = fan(0.0)
    turn = _least_box_turn([apex, *rim, *_tab(apex, rim[0], tab_depth, tab_angle)], apex)

    rim = fan(turn)
    tab = _tab(apex, rim[0], tab_depth, tab_angle)
    left = min(x for x, _ in (apex, *rim, *tab))
    top = min(y for _, y in (apex, *rim, *tab))
    apex, *rim = [(_clean(x - left), _clean(y - top)) for x, y in (apex, *rim)]
    faces = {str(k): (apex, rim[k], rim[k + 1]) for k in range(4)}
    return Net(faces, ((("0", 0), ("3", 2)),), tab_depth, tab_angle)


def _least_box_turn(points: list[Point], apex: Point) -> float:
    """The angle to turn `points` by, about the origin, so that their bounding box is smallest; upright, apex up."""

    def box(turn: float) -> tuple[float, float, bool]:
        """Width, height and whether the apex is in the lower half, after turning by `turn`."""
        xs, ys = zip(*(_turn(p, turn) for p in points))
        apex_y = _turn(apex, turn)[1]
        return max(xs) - min(xs), max(ys) - min(ys), apex_y > (min(ys) + max(ys)) / 2 + EPS

    def area(turn: float) -> float:
        width, height, _ = box(turn)
        return round(width * height, DIGITS)

    # Turning by -angle(line) makes a line horizontal; a quarter turn more gives the same box, stood on its side.
    quarter = math.pi / 2
    candidates = sorted({-math.atan2(q[1] - p[1], q[0] - p[0]) % quarter for p, q in combinations(points, 2)})
    best = min(candidates, key=area)

    def awkward(turn: float) -> tuple[bool, bool]:
        width, height, apex_low = box(turn)
        return width > height + EPS, apex_low

    return min((best + k * quarter for k in range(4)), key=awkward)


# --- small helpers ----------------------------------------------------------------------------------------


def _edges(polygon):
    """The edges of a closed polygon, as (start, end) pairs."""
    return zip(polygon, (*polygon[1:], polygon[0]))


def _area(polygon) -> float:
    """The shoelace area: positive for a clockwise polygon on the page (y down)."""
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in _edges(polygon)) / 2


def _turn(p: Point, angle: float) -> Point:
    """`p` turned about the origin by `angle` radians (clockwise on the page, where y points down)."""
    c, s = math.cos(angle), math.sin(angle)
    return c * p[0] - s * p[1], s * p[0] + c * p[1]


def _key(p: Point) -> Key:
    return round(p[0], DIGITS) + 0.0, round(p[1], DIGITS) + 0.0


def _edge_key(p: Point, q: Point) -> frozenset[Key]:
    return frozenset((_key(p), _key(q)))


def _top_left(p: Point) -> tuple[float, float]:
    return p[1], p[0]


def _clean(value: float) -> float:
    """`value` without float noise below 1e-9 mm, and never -0.0: the same numbers on every run."""
    return round(value, 9) + 0.0


def _show(p: Point) -> str:
    return f"({p[0]:.3f}, {p[1]:.3f})"
