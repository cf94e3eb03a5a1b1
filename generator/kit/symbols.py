"""Symbols as vector paths, in a registry that any game adds to.

A symbol is drawn from a *factory*: a function returning the symbol's paths in a unit box centred on
(0, 0), at most one unit wide and one unit high; `draw_symbol` scales it to the size asked for. A
symbol is a list of paths filled with the same colour; separate paths may overlap (a club's three
lobes), which the even-odd fill rule would otherwise punch out when they were one path.

The kit registers the six suits (spade, heart, diamond, club, and the sun and moon of a six-suited
pack) and plain shapes any game may use (circle, oval, triangle, square, star, pip). A game
registers its own from its module, the same way:

    @register_symbol("gem")
    def gem() -> list[Path]:
        return [Path.polygon([(0, -0.5), (0.4, 0), (0, 0.5), (-0.4, 0)])]

Symbols are paths, never font glyphs: the fonts shipped with reportlab have no suit glyphs.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Iterable

from generator.canvas import Canvas
from generator.geometry import Matrix, Path

SymbolFactory = Callable[[], list[Path]]

_REGISTRY: dict[str, SymbolFactory] = {}

#: The six suits, for a game spec that lets a suit choose its symbol: `symbol: Literal[SUITS]`.
SUITS = ("spade", "heart", "diamond", "club", "sun", "moon")


def register_symbol(name: str) -> Callable[[SymbolFactory], SymbolFactory]:
    """Decorator: register `factory` as the symbol `name`. A name is registered once; a second
    registration is refused rather than silently changing every piece that draws the first."""

    def register(factory: SymbolFactory) -> SymbolFactory:
        if name in _REGISTRY:
            raise ValueError(f'symbol "{name}" is already registered')
        _REGISTRY[name] = factory
        return factory

    return register


def symbol_names() -> list[str]:
    """Every registered symbol's name, sorted."""
    return sorted(_REGISTRY)


def is_symbol(name: str) -> bool:
    return name in _REGISTRY


# Cached by name: a deck draws the same pip hundreds of times. Safe, since a name never changes meaning.
@lru_cache(maxsize=None)
def symbol_paths(name: str) -> tuple[Path, ...]:
    """The paths of symbol `name` in its unit box; ValueError naming the known symbols if there is none."""
    factory = _REGISTRY.get(name)
    if factory is None:
        raise ValueError(f'unknown symbol "{name}"; the known symbols are {", ".join(symbol_names())}')
    return tuple(factory())


def draw_symbol(canvas: Canvas, name: str, cx: float, cy: float, size: float, fill: str, rotate: float = 0) -> None:
    """Draw symbol `name` centred on (cx, cy), `size` mm high, optionally rotated (180 = upside down)."""
    paths = symbol_paths(name)  # before touching the canvas: an unknown name draws nothing
    with canvas.saved():
        canvas.translate(cx, cy)
        if rotate:
            canvas.rotate(rotate)
        canvas.scale(size)
        for path in paths:
            canvas.draw(path, fill=fill)


def extent(paths: Iterable[Path]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the outlines themselves: what ink covers.

    `Path.bounds` counts a curve's control points, which stand off the curve (an arc's bulge out past
    its circle), so it overstates a round symbol; this solves each cubic for where it turns instead.
    """
    xs: list[float] = []
    ys: list[float] = []
    for path in paths:
        here = start = (0.0, 0.0)
        for command in path.commands:
            op = command[0]
            if op == "Z":
                here = start
                continue
            if op == "C":
                x1, y1, x2, y2, x3, y3 = command[1:]
                (x0, y0) = here
                for t in _turns(x0, x1, x2, x3) + _turns(y0, y1, y2, y3):
                    xs.append(_cubic(t, x0, x1, x2, x3))
                    ys.append(_cubic(t, y0, y1, y2, y3))
            here = command[-2:]
            if op == "M":
                start = here
            xs.append(here[0])
            ys.append(here[1])
    return min(xs), min(ys), max(xs), max(ys)


def _cubic(t: float, p0: float, p1: float, p2: float, p3: float) -> float:
    u = 1 - t
    return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3


def _turns(p0: float, p1: float, p2: float, p3: float) -> list[float]:
    """The t in (0, 1) where one coordinate of a cubic Bezier stops and turns: its derivative's roots."""
    a, b, c = p1 - p0, p2 - p1, p3 - p2  # the derivative is 3((1-t)^2 a + 2(1-t)t b + t^2 c)
    qa, qb, qc = a - 2 * b + c, 2 * (b - a), a
    if abs(qa) < 1e-12:
        roots = [-qc / qb] if abs(qb) > 1e-12 else []
    else:
        discriminant = qb * qb - 4 * qa * qc
        if discriminant < 0:
            return []
        root = math.sqrt(discriminant)
        roots = [(-qb - root) / (2 * qa), (-qb + root) / (2 * qa)]
    return [t for t in roots if 0 < t < 1]


# ---------------------------------------------------------------------------------------------
# The suits
# ---------------------------------------------------------------------------------------------

@register_symbol("heart")
def _heart() -> list[Path]:
    p = Path().move_to(0, 0.5)
    p.curve_to(-0.1, 0.38, -0.5, 0.12, -0.5, -0.2)
    p.curve_to(-0.5, -0.4, -0.36, -0.5, -0.25, -0.5)
    p.curve_to(-0.12, -0.5, -0.03, -0.42, 0, -0.3)
    p.curve_to(0.03, -0.42, 0.12, -0.5, 0.25, -0.5)
    p.curve_to(0.36, -0.5, 0.5, -0.4, 0.5, -0.2)
    p.curve_to(0.5, 0.12, 0.1, 0.38, 0, 0.5)
    return [p.close()]


@register_symbol("spade")
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


@register_symbol("diamond")
def _diamond() -> list[Path]:
    p = Path().move_to(0, -0.5)
    p.curve_to(0.12, -0.3, 0.25, -0.14, 0.38, 0)
    p.curve_to(0.25, 0.14, 0.12, 0.3, 0, 0.5)
    p.curve_to(-0.12, 0.3, -0.25, 0.14, -0.38, 0)
    p.curve_to(-0.25, -0.14, -0.12, -0.3, 0, -0.5)
    return [p.close()]


@register_symbol("club")
def _club() -> list[Path]:
    r = 0.215
    lobes = [Path.circle(0, -0.5 + r, r), Path.circle(-0.27, 0.05, r), Path.circle(0.27, 0.05, r)]
    centre = Path.polygon([(0, -0.5 + r), (-0.27, 0.05), (0.27, 0.05)])
    stem = Path().move_to(-0.04, 0.0).line_to(0.04, 0.0)
    stem.curve_to(0.05, 0.3, 0.1, 0.44, 0.2, 0.5).line_to(-0.2, 0.5)
    stem.curve_to(-0.1, 0.44, -0.05, 0.3, -0.04, 0.0).close()
    return lobes + [centre, stem]


@register_symbol("sun")
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


@register_symbol("moon")
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
    # The crescent's box is off-centre: centre it like the others, and make it one unit high again
    # (cubic arcs bulge a hair past their circle).
    x0, y0, x1, y1 = extent([p])
    fit = Matrix.scaling(1 / (y1 - y0)) @ Matrix.translation(-(x0 + x1) / 2, -(y0 + y1) / 2)
    return [p.close().transformed(fit)]


# ---------------------------------------------------------------------------------------------
# Plain shapes. Each fills as much of the unit box as its own proportions allow, so shapes drawn at
# the same size line up along their widest or tallest edge.
# ---------------------------------------------------------------------------------------------

@register_symbol("circle")
def _circle() -> list[Path]:
    return [Path.circle(0, 0, 0.5)]


@register_symbol("oval")
def _oval() -> list[Path]:
    """Upright, two thirds as wide as high; `rotate=90` lays it down."""
    return [Path.ellipse(0, 0, 1 / 3, 0.5)]


@register_symbol("triangle")
def _triangle() -> list[Path]:
    """Equilateral, point up: a full unit wide, so sqrt(3)/2 high, centred top to bottom."""
    half_height = math.sqrt(3) / 4
    return [Path.polygon([(0, -half_height), (0.5, half_height), (-0.5, half_height)])]


@register_symbol("square")
def _square() -> list[Path]:
    return [Path.rect(-0.5, -0.5, 1, 1)]


@register_symbol("star")
def _star() -> list[Path]:
    """A regular five-pointed star, point up. Its width (2R sin 72) exceeds its height (R(1 + cos 36)),
    so the width sets the radius R; the height is then centred."""
    outer = 0.5 / math.sin(math.radians(72))
    inner = outer * math.sin(math.radians(18)) / math.sin(math.radians(54))  # the points' lines run straight
    shift = outer * (1 - math.cos(math.radians(36))) / 2  # from the star's centre to its box's centre
    corners = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        angle = math.pi * i / 5 - math.pi / 2
        corners.append((r * math.cos(angle), r * math.sin(angle) + shift))
    return [Path.polygon(corners)]


# A die's or a domino's dot. The same disc as "circle", but a game that means a pip says "pip".
register_symbol("pip")(_circle)


# ---------------------------------------------------------------------------------------------
# Court and joker figures of a deck of playing cards. A figure is two symbols drawn over each other
# at one place and size, so that it can take two colours: the figure (in a trim colour, outlined
# in the suit's) and its marks (in the suit's colour), as "king-crown" and "king-crown-marks". The
# two share one frame, in which the whole figure is centred; each is drawn in a 24-unit box.
# ---------------------------------------------------------------------------------------------

def _crown(points: int, width: float, height: float) -> Path:
    """A crown with `points` spikes, `width` wide, its base on y = -6 and spikes `height` above it."""
    half = width / 2
    outline = [(-half, 0.0), (-half, -height)]
    for i in range(points - 1):
        outline += [(-half + width * (i + 0.5) / (points - 1), -height * 0.45),
                    (-half + width * (i + 1) / (points - 1), -height)]
    outline.append((half, 0.0))
    return Path.polygon(outline).transformed(Matrix.translation(0, -6))


FIGURES = {  # name: (the figure, its marks)
    "king-crown": ([_crown(5, 15, 8)],
                   [Path.rect(-7.5, -6.8, 15, 2.6), *(Path.circle(x, -14.4, 0.9) for x in (-5, 0, 5))]),
    "queen-crown": ([_crown(3, 12, 7)],
                    [Path.rect(-6, -6.8, 12, 2.6), *(Path.circle(x, -13.4, 1.3) for x in (-6, 0, 6))]),
    "jack-cap": (  # a cap, with a feather and a band
        [Path().move_to(-7, -4.5).curve_to(-7, -11, 2, -13.5, 7, -8).line_to(7, -4.5).close()],
        [Path().move_to(-2, -9.5).curve_to(-6, -15, -10, -15, -11, -17).curve_to(-9, -12, -7, -10.5, -3, -8.5).close(),
         Path.rect(-7.5, -5.6, 15, 1.8)]),
}


def _figure_part(name: str, part: int) -> SymbolFactory:
    def factory() -> list[Path]:
        x0, y0, x1, y1 = extent(FIGURES[name][0] + FIGURES[name][1])
        frame = Matrix.scaling(1 / 24) @ Matrix.translation(-(x0 + x1) / 2, -(y0 + y1) / 2)
        return [path.transformed(frame) for path in FIGURES[name][part]]
    return factory


for _name in FIGURES:
    register_symbol(_name)(_figure_part(_name, 0))
    register_symbol(f"{_name}-marks")(_figure_part(_name, 1))


@register_symbol("joker-star")
def _joker_star() -> list[Path]:
    """A five-pointed star with fat points (its inner corners 7/17 of the way out)."""
    corners = []
    for i in range(10):
        r = 0.5 if i % 2 == 0 else 0.5 * 7 / 17
        angle = math.pi * i / 5 - math.pi / 2
        corners.append((r * math.cos(angle), r * math.sin(angle)))
    x0, y0, x1, y1 = extent([Path.polygon(corners)])
    return [Path.polygon([(x, y - (y0 + y1) / 2) for x, y in corners])]
