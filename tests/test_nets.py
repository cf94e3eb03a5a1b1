"""Paper-model nets: the cut outline, fold lines and glue tabs of a cube and of an open square pyramid.

The checks here use their own geometry (shoelace area, segment tests), not the module's helpers.
"""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from generator.kit.nets import Net, cube_net, square_pyramid_net, unfold

TOL = 1e-6


# --- plain geometry, for checking ----------------------------------------------------------------------------


def area(polygon) -> float:
    """Shoelace area, signed: positive when the polygon runs clockwise on the page (y down)."""
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(polygon, [*polygon[1:], polygon[0]])) / 2


def edges(polygon):
    return list(zip(polygon, [*polygon[1:], polygon[0]]))


def cross(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def on_segment(x, a, b, tol=TOL) -> bool:
    """Whether point x lies on the segment ab."""
    length = math.dist(a, b)
    if abs(cross(a, b, x)) / length > tol:
        return False
    t = ((x[0] - a[0]) * (b[0] - a[0]) + (x[1] - a[1]) * (b[1] - a[1])) / length**2
    return -tol <= t * length <= length + tol


def segments_meet(p, q, r, s) -> bool:
    """Whether segments pq and rs share any point."""
    d1, d2, d3, d4 = cross(r, s, p), cross(r, s, q), cross(p, q, r), cross(p, q, s)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return on_segment(p, r, s) or on_segment(q, r, s) or on_segment(r, p, q) or on_segment(s, p, q)


def same_segment(a, b) -> bool:
    return {tuple(map(round6, a[0])), tuple(map(round6, a[1]))} == {tuple(map(round6, b[0])), tuple(map(round6, b[1]))}


def round6(value: float) -> float:
    return round(value, 6) + 0.0


def assert_simple_closed_clockwise(outline) -> None:
    """One closed loop, not repeating its first point, with no collinear corners and no edge meeting another."""
    n = len(outline)
    assert n >= 3
    assert math.dist(outline[0], outline[-1]) > TOL, "the closing point must not be repeated"
    for i in range(n):
        a, b, c = outline[i - 1], outline[i], outline[(i + 1) % n]
        assert math.dist(a, b) > TOL, f"repeated point {b}"
        assert abs(cross(a, b, c)) > TOL, f"collinear corner {b}"
    sides = edges(outline)
    for i, j in combinations(range(n), 2):
        if j - i not in (1, n - 1):
            assert not segments_meet(*sides[i], *sides[j]), f"outline edges {sides[i]} and {sides[j]} meet"
    assert area(outline) > 0, "the outline must run clockwise on the page"


def bounding_box(points):
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def assert_outline_is_made_of_pieces(flat) -> None:
    """Each outline corner is on the boundary of a face or tab, and so are points along each outline edge.

    (An outline edge may run along several pieces, where collinear sides of neighbouring pieces were merged.)
    """
    pieces = [*flat.faces.values(), *flat.tabs]
    for corner in flat.outline:
        assert any(on_segment(corner, a, b) for piece in pieces for a, b in edges(piece)), corner
    for p, q in edges(flat.outline):
        for t in (0.2, 0.5, 0.8):
            point = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
            assert any(on_segment(point, a, b) for piece in pieces for a, b in edges(piece)), (p, q, t)


def assert_no_fold_on_outline(flat) -> None:
    for p, q in flat.folds:
        middle = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        assert not any(on_segment(middle, a, b) for a, b in edges(flat.outline)), (p, q)


def assert_tabs_are_trapezoids(flat, depth: float) -> None:
    """Four corners: the base is an edge of a face, the outer side parallel to it at `depth`, shorter, centred."""
    for base_end, base_start, outer_start, outer_end in flat.tabs:
        base = math.dist(base_start, base_end)
        assert abs(cross(base_start, base_end, outer_start)) / base == pytest.approx(depth)
        assert abs(cross(base_start, base_end, outer_end)) / base == pytest.approx(depth)
        outer = math.dist(outer_start, outer_end)
        assert base / 3 - TOL <= outer < base  # the ends never cross, however short the edge
        assert math.dist(base_start, outer_start) == pytest.approx(math.dist(base_end, outer_end))
        assert area((base_end, base_start, outer_start, outer_end)) > 0
        assert any(
            same_segment((base_start, base_end), side) for face in flat.faces.values() for side in edges(face)
        ), "a tab must sit on an edge of a face"


# --- the cube ------------------------------------------------------------------------------------------------

CUBES = [(16.0, 5.0), (25.4, 6.0), (10.0, 5.0), (7, 2)]  # (10, 5) and (7, 2) have tabs steepened on short edges


@pytest.mark.parametrize("edge,tab", CUBES)
def test_cube_counts(edge, tab):
    flat = unfold(cube_net(edge, tab))
    assert sorted(flat.faces) == ["0", "1", "2", "3", "4", "5"]
    assert len(flat.tabs) == 7
    assert all(len(t) == 4 for t in flat.tabs)
    assert len(flat.folds) == 12


@pytest.mark.parametrize("edge,tab", CUBES)
def test_cube_outline_is_one_simple_polygon_of_faces_and_tabs(edge, tab):
    flat = unfold(cube_net(edge, tab))
    assert_simple_closed_clockwise(flat.outline)
    tab_area = sum(area(t) for t in flat.tabs)
    assert all(area(t) > 0 for t in flat.tabs)
    assert area(flat.outline) == pytest.approx(6 * edge**2 + tab_area)
    # A trapezoid's area, with the ends slanted at 45 degrees or, on a short edge, moved in by a third of it.
    inset = min(tab, edge / 3)
    assert tab_area == pytest.approx(7 * tab * (edge - inset))
    assert_outline_is_made_of_pieces(flat)
    assert_no_fold_on_outline(flat)
    assert_tabs_are_trapezoids(flat, tab)


@pytest.mark.parametrize("edge,tab", CUBES)
def test_cube_bounding_box(edge, tab):
    """The tab goes on the first edge of each pair, as the net lists them.

    Six of those edges face an empty cell of the 3 x 4 grid (tabs never reach past a neighbouring cell, as
    tab < edge), so only the tab under the bottom face sticks out of the grid: the box is 3 x 4 cells plus one
    tab below. (Tabs on both the top and the bottom edge would need two tabs for one pair.)
    """
    flat = unfold(cube_net(edge, tab))
    assert (flat.width, flat.height) == pytest.approx((3 * edge, 4 * edge + tab))
    assert bounding_box(flat.outline) == pytest.approx((0, 0, 3 * edge, 4 * edge + tab))
    everything = [p for piece in [*flat.faces.values(), *flat.tabs] for p in piece]
    assert bounding_box(everything) == pytest.approx((0, 0, flat.width, flat.height))


def test_cube_layout_and_folds():
    edge, tab = 16.0, 5.0
    net = cube_net(edge, tab)
    flat = unfold(net)
    cells = [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3)]
    for name, (column, row) in zip("012345", cells):
        x, y = column * edge, row * edge
        assert flat.faces[name] == ((x, y), (x + edge, y), (x + edge, y + edge), (x, y + edge))
    assert flat.faces == net.faces  # nothing sticks out above or left of the grid, so nothing moves

    # The five edges between faces: the cross's spine and its arms.
    between_faces = [
        ((16, 16), (32, 16)),  # 0 | 2
        ((16, 16), (16, 32)),  # 1 | 2
        ((32, 16), (32, 32)),  # 2 | 3
        ((16, 32), (32, 32)),  # 2 | 4
        ((16, 48), (32, 48)),  # 4 | 5
    ]
    for fold in between_faces:
        assert sum(same_segment(fold, f) for f in flat.folds[:5]) == 1, fold

    # The tab folds: the first edge of each glued pair, in pair order, each the base of its own tab.
    for (first, _), fold, tab_polygon in zip(net.glued, flat.folds[5:], flat.tabs):
        name, index = first
        face = flat.faces[name]
        assert same_segment(fold, (face[index], face[(index + 1) % 4]))
        assert same_segment(fold, (tab_polygon[0], tab_polygon[1]))
    assert unfold(net) == flat  # the same every time


# --- the pyramid ---------------------------------------------------------------------------------------------

PYRAMIDS = [(25.4, 44.5, 5.0), (40.0, 30.0, 5.0), (20.0, 100.0, 4.0), (30.0, 9.0, 3.0)]  # the last one is squat


def apex_of(faces) -> tuple[float, float]:
    """The corner all the triangles share."""
    (apex,) = set.intersection(*({tuple(map(round6, p)) for p in face} for face in faces.values()))
    return apex


@pytest.mark.parametrize("base,height,tab", PYRAMIDS)
def test_pyramid_triangles(base, height, tab):
    flat = unfold(square_pyramid_net(base, height, tab))
    slant = math.hypot(height, base / 2)
    assert sorted(flat.faces) == ["0", "1", "2", "3"]
    apex = apex_of(flat.faces)
    for face in flat.faces.values():
        assert len(face) == 3
        rim = [p for p in face if tuple(map(round6, p)) != apex]
        assert len(rim) == 2
        assert math.dist(*rim) == pytest.approx(base)
        assert math.dist(apex, rim[0]) == pytest.approx(math.dist(apex, rim[1]))  # isosceles
        middle = ((rim[0][0] + rim[1][0]) / 2, (rim[0][1] + rim[1][1]) / 2)
        assert math.dist(apex, middle) == pytest.approx(slant)
        assert area(face) == pytest.approx(base * slant / 2)


@pytest.mark.parametrize("base,height,tab", PYRAMIDS)
def test_pyramid_tab_folds_and_outline(base, height, tab):
    net = square_pyramid_net(base, height, tab)
    flat = unfold(net)
    slant = math.hypot(height, base / 2)
    assert len(flat.tabs) == 1
    assert len(flat.folds) == 4
    assert_simple_closed_clockwise(flat.outline)
    assert area(flat.outline) == pytest.approx(4 * base * slant / 2 + area(flat.tabs[0]))
    assert_outline_is_made_of_pieces(flat)
    assert_no_fold_on_outline(flat)
    assert_tabs_are_trapezoids(flat, tab)
    # The three folds between faces are legs shared by neighbouring triangles of the fan.
    apex = apex_of(flat.faces)
    for k, fold in enumerate(flat.folds[:3]):
        assert apex in {tuple(map(round6, p)) for p in fold}
        for name in (str(k), str(k + 1)):
            assert any(same_segment(fold, side) for side in edges(flat.faces[name]))


@pytest.mark.parametrize("base,height,tab", PYRAMIDS)
def test_pyramid_glued_legs_and_folding(base, height, tab):
    net = square_pyramid_net(base, height, tab)
    ((first, second),) = net.glued
    lengths = []
    for name, index in (first, second):
        face = net.faces[name]
        lengths.append(math.dist(face[index], face[(index + 1) % len(face)]))
    assert lengths[0] == pytest.approx(lengths[1])
    assert lengths[0] == pytest.approx(math.hypot(height, base / 2, base / 2))  # a leg: apex to base corner

    # The four angles at the apex leave a gap, so the fan closes into a pyramid rather than lying flat.
    flat = unfold(net)
    apex = apex_of(flat.faces)
    total = 0.0
    for face in flat.faces.values():
        a, b = [p for p in face if tuple(map(round6, p)) != apex]
        total += math.degrees(
            math.acos(
                ((a[0] - apex[0]) * (b[0] - apex[0]) + (a[1] - apex[1]) * (b[1] - apex[1]))
                / (math.dist(a, apex) * math.dist(b, apex))
            )
        )
    assert 0 < total < 360
    assert total == pytest.approx(4 * math.degrees(2 * math.atan2(base / 2, math.hypot(height, base / 2))))


@pytest.mark.parametrize("base,height,tab", PYRAMIDS)
def test_pyramid_layout_is_compact(base, height, tab):
    """No turn of the flat net has a smaller bounding box; it stands upright with the apex in the upper half."""
    flat = unfold(square_pyramid_net(base, height, tab))
    assert bounding_box(flat.outline) == pytest.approx((0, 0, flat.width, flat.height))
    chosen = flat.width * flat.height
    for step in range(720):
        angle = math.radians(step / 4)
        c, s = math.cos(angle), math.sin(angle)
        x0, y0, x1, y1 = bounding_box([(c * x - s * y, s * x + c * y) for x, y in flat.outline])
        assert (x1 - x0) * (y1 - y0) >= chosen - 1e-6
    assert flat.width <= flat.height + TOL
    assert apex_of(flat.faces)[1] <= flat.height / 2


def test_squat_pyramid_tab_fits_the_gap_at_the_apex():
    """Four apex angles of a squat pyramid leave a narrow gap; the tab's end must slant into it, not past it."""
    base, height, tab = 30.0, 9.0, 3.0
    net = square_pyramid_net(base, height, tab)
    gap = 360 - 4 * math.degrees(2 * math.atan2(base / 2, math.hypot(height, base / 2)))
    assert gap < 45
    assert net.tab_angle == pytest.approx(gap / 2)
    assert square_pyramid_net(25.4, 44.5).tab_angle == 45
    # With the usual 45 degrees the tab would run into triangle "3".
    with pytest.raises(ValueError, match="crosses itself"):
        unfold(Net(net.faces, net.glued, tab, 45.0))
    # A pyramid too flat even for that is refused rather than drawn with overlapping pieces.
    with pytest.raises(ValueError, match="crosses itself"):
        unfold(square_pyramid_net(30.0, 5.0, 3.0))


# --- faces given the other way round -------------------------------------------------------------------------


def test_counter_clockwise_faces_give_the_same_net():
    """Reversing a face's corners turns its edge i into edge n - 2 - i; the net itself does not change."""
    net = cube_net(16.0, 5.0)
    reversed_faces = {name: tuple(reversed(corners)) for name, corners in net.faces.items()}
    assert all(area(face) < 0 for face in reversed_faces.values())
    glued = tuple(((a, (4 - 2 - i) % 4), (b, (4 - 2 - j) % 4)) for (a, i), (b, j) in net.glued)
    original, flipped = unfold(net), unfold(Net(reversed_faces, glued, 5.0))
    assert flipped.outline == original.outline
    assert flipped.tabs == original.tabs
    assert [frozenset(f) for f in flipped.folds] == [frozenset(f) for f in original.folds]
    for name, face in flipped.faces.items():
        assert area(face) > 0
        assert set(face) == set(original.faces[name])
        assert face[0] == reversed_faces[name][0]


# --- nets that cannot be made ---------------------------------------------------------------------------------


def square(x: float, y: float, size: float = 10.0):
    return ((x, y), (x + size, y), (x + size, y + size), (x, y + size))


def test_gluing_a_shared_edge_fails():
    net = cube_net(16.0)
    with pytest.raises(ValueError, match="fold"):
        unfold(Net(net.faces, ((("0", 2), ("5", 0)),)))  # face 0's bottom is the fold to face 2


def test_gluing_edges_of_different_lengths_fails():
    faces = {"a": square(0, 0), "b": ((10, 0), (30, 0), (30, 10), (10, 10))}  # b is 20 x 10, right of a
    with pytest.raises(ValueError, match="length"):
        unfold(Net(faces, ((("a", 0), ("b", 0)),)))  # a's top is 10 mm, b's top 20 mm


def test_an_edge_in_two_pairs_fails():
    net = cube_net(16.0)
    with pytest.raises(ValueError, match="twice"):
        unfold(Net(net.faces, ((("1", 0), ("0", 3)), (("0", 1), ("1", 0)))))
    with pytest.raises(ValueError, match="twice"):
        unfold(Net(net.faces, ((("1", 0), ("1", 0)),)))


def test_unknown_edges_fail():
    net = cube_net(16.0)
    with pytest.raises(ValueError, match="no face"):
        unfold(Net(net.faces, ((("9", 0), ("0", 3)),)))
    with pytest.raises(ValueError, match="edges 0 to 3"):
        unfold(Net(net.faces, ((("1", 4), ("0", 3)),)))


def test_bad_faces_and_tabs_fail():
    with pytest.raises(ValueError, match="3 corners"):
        unfold(Net({"a": ((0, 0), (1, 0))}, ()))
    with pytest.raises(ValueError, match="no area"):
        unfold(Net({"a": ((0, 0), (1, 0), (2, 0))}, ()))
    with pytest.raises(ValueError, match="tab_depth"):
        unfold(Net({"a": square(0, 0)}, (), tab_depth=0))
    with pytest.raises(ValueError, match="tab_angle"):
        unfold(Net({"a": square(0, 0)}, (), tab_angle=120))


def test_pieces_that_cannot_be_cut_as_one_fail():
    with pytest.raises(ValueError, match="separate loops"):
        unfold(Net({"a": square(0, 0), "b": square(20, 0)}, ()))
    with pytest.raises(ValueError, match="single point"):
        unfold(Net({"a": square(0, 0), "b": square(10, 10)}, ()))
    # A U of five squares: a tab deeper than the gap between the arms runs into the other arm.
    u = {"a": square(0, 0), "b": square(0, 10), "c": square(10, 10), "d": square(20, 10), "e": square(20, 0)}
    assert unfold(Net(u, ((("a", 1), ("e", 3)),), tab_depth=5)).tabs
    with pytest.raises(ValueError, match="crosses itself"):
        unfold(Net(u, ((("a", 1), ("e", 3)),), tab_depth=12))
