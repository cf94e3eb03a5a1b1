"""The six suit symbols as vector paths: spade, heart, diamond, club, sun, moon.

Each symbol is drawn in a unit box centred on (0, 0), one unit high, and scaled by `draw_symbol`.
A symbol is a list of paths filled with the same colour; separate paths may overlap (a club's three
lobes), which the even-odd fill rule would otherwise punch out.
"""

from __future__ import annotations

import math
from functools import lru_cache

from generator.geometry import Matrix, Path

SUITS = ("spade", "heart", "diamond", "club", "sun", "moon")


def _heart() -> list[Path]:
    p = Path().move_to(0, 0.5)
    p.curve_to(-0.1, 0.38, -0.5, 0.12, -0.5, -0.2)
    p.curve_to(-0.5, -0.4, -0.36, -0.5, -0.25, -0.5)
    p.curve_to(-0.12, -0.5, -0.03, -0.42, 0, -0.3)
    p.curve_to(0.03, -0.42, 0.12, -0.5, 0.25, -0.5)
    p.curve_to(0.36, -0.5, 0.5, -0.4, 0.5, -0.2)
    p.curve_to(0.5, 0.12, 0.1, 0.38, 0, 0.5)
    return [p.close()]


def _spade() -> list[Path]:
    p = Path().move_to(0, -0.5)
    p.curve_to(0.1, -0.34, 0.47, -0.13, 0.47, 0.12)
    p.curve_to(0.47, 0.29, 0.35, 0.37, 0.23, 0.37)
    p.curve_to(0.13, 0.37, 0.07, 0.32, 0.04, 0.25)
    p.curve_to(0.05, 0.38, 0.11, 0.46, 0.21, 0.5)
    p.line_to(-0.21, 0.5)
    p.curve_to(-0.11, 0.46, -0.05, 0.38, -0.04, 0.25)
    p.curve_to(-0.07, 0.32, -0.13, 0.37, -0.23, 0.37)
    p.curve_to(-0.35, 0.37, -0.47, 0.29, -0.47, 0.12)
    p.curve_to(-0.47, -0.13, -0.1, -0.34, 0, -0.5)
    return [p.close()]


def _diamond() -> list[Path]:
    p = Path().move_to(0, -0.5)
    p.curve_to(0.12, -0.3, 0.25, -0.14, 0.38, 0)
    p.curve_to(0.25, 0.14, 0.12, 0.3, 0, 0.5)
    p.curve_to(-0.12, 0.3, -0.25, 0.14, -0.38, 0)
    p.curve_to(-0.25, -0.14, -0.12, -0.3, 0, -0.5)
    return [p.close()]


def _club() -> list[Path]:
    r = 0.215
    lobes = [Path.circle(0, -0.5 + r, r), Path.circle(-0.27, 0.05, r), Path.circle(0.27, 0.05, r)]
    centre = Path.polygon([(0, -0.5 + r), (-0.27, 0.05), (0.27, 0.05)])
    stem = Path().move_to(-0.04, 0.0).line_to(0.04, 0.0)
    stem.curve_to(0.05, 0.3, 0.1, 0.44, 0.2, 0.5).line_to(-0.2, 0.5)
    stem.curve_to(-0.1, 0.44, -0.05, 0.3, -0.04, 0.0).close()
    return lobes + [centre, stem]


def _sun() -> list[Path]:
    shapes = [Path.circle(0, 0, 0.27)]
    rays, half = 12, math.radians(8)
    for i in range(rays):
        a = 2 * math.pi * i / rays
        inner, outer = 0.33, 0.5
        shapes.append(Path.polygon([
            (inner * math.cos(a - half * 1.6), inner * math.sin(a - half * 1.6)),
            (outer * math.cos(a), outer * math.sin(a)),
            (inner * math.cos(a + half * 1.6), inner * math.sin(a + half * 1.6)),
        ]))
    return shapes


def _moon() -> list[Path]:
    """A crescent: the outer disc less an offset disc, traced as two arcs between their crossings."""
    r1, (cx2, cy2), r2 = 0.5, (0.24, -0.1), 0.42
    d = math.hypot(cx2, cy2)
    along = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    across = math.sqrt(r1 * r1 - along * along)
    ux, uy = cx2 / d, cy2 / d
    points = [(along * ux - across * uy, along * uy + across * ux), (along * ux + across * uy, along * uy - across * ux)]
    (ax, ay), (bx, by) = points
    start1, end1 = math.degrees(math.atan2(ay, ax)), math.degrees(math.atan2(by, bx))
    if end1 < start1:
        end1 += 360
    p = Path().arc(0, 0, r1, start1, end1)
    start2 = math.degrees(math.atan2(by - cy2, bx - cx2))
    end2 = math.degrees(math.atan2(ay - cy2, ax - cx2))
    if end2 > start2:
        end2 -= 360
    p.arc(cx2, cy2, r2, start2, end2)
    # The crescent's bounding box is off-centre; shift it so the symbol sits centred like the others.
    x0, y0, x1, y1 = p.bounds()
    return [p.close().transformed(Matrix.translation(-(x0 + x1) / 2, -(y0 + y1) / 2))]


_SHAPES = {"spade": _spade, "heart": _heart, "diamond": _diamond, "club": _club, "sun": _sun, "moon": _moon}


@lru_cache(maxsize=None)
def symbol_paths(name: str) -> tuple[Path, ...]:
    return tuple(_SHAPES[name]())


def draw_symbol(canvas, name: str, cx: float, cy: float, size: float, fill: str, rotate: float = 0) -> None:
    """Draw suit `name` centred on (cx, cy), `size` mm high, optionally rotated (180 = upside down)."""
    with canvas.saved():
        canvas.translate(cx, cy)
        if rotate:
            canvas.rotate(rotate)
        canvas.scale(size)
        for path in symbol_paths(name):
            canvas.draw(path, fill=fill)
