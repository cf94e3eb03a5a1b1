"""Cut files for cutting machines (Silhouette Studio, Cricut Design Space, LightBurn), one SVG per
page of fronts, as those programs read an SVG: closed outlines inside the page and no clip paths,
cuts and folds in separate colours and separate named groups (the programs assign an operation per
colour or per layer, and ignore dashes).

- `cut/page-NN.svg`: every piece's own closed outline (a piece printed in parts: the outline of the
  part on that page), in the group "cut", pure red; fold lines in the group "fold", pure blue.
- `cut/merged/page-NN.svg`: the same cuts with every straight edge that neighbours share drawn
  once, for a blade that should not run twice down a shared cut line (curved outlines stay whole).
"""

from __future__ import annotations

from generator.backends.svg import path_data
from generator.geometry import Path, number
from generator.impose import Page, Placement
from generator.shapes import Rect

CUT_COLOUR, FOLD_COLOUR = "#ff0000", "#0000ff"
HAIRLINE_MM = 0.1
EPSILON = 1e-6


def cut_files(pages: list[Page]):
    """For every page of fronts: ("cut", page number, SVG bytes) with each piece's outline, then
    ("cut-merged", page number, SVG bytes) with shared straight edges once."""
    for page in pages:
        if page.side != "front":
            continue
        outlines, folds = [], []
        for placement in page.placements:
            outlines.extend((placement, outline) for outline in _outlines(placement))
            folds.extend(_folds(placement))
        yield "cut", page.number, _svg(page, [path_data(outline) for _, outline in outlines], folds)
        yield "cut-merged", page.number, _svg(page, _merged(outlines), folds)


def _outlines(placement: Placement) -> list[Path]:
    """The placement's cut outline on the page: its shape's, or, for a part of a tiled piece, the
    closed outline of what lies inside the part's window."""
    if placement.window is None:
        return [placement.piece.shape.outline().transformed(placement.cut_matrix)]
    clipped = clip_polygon(placement.outline(), placement.window)
    return [Path.polygon(clipped)] if len(clipped) >= 3 else []


def _folds(placement: Placement) -> list[tuple]:
    segments = placement.folds()
    if placement.window is not None:
        segments = [clip_segment(a, b, placement.window) for a, b in segments]
    return [segment for segment in segments if segment]


def _merged(outlines: list[tuple[Placement, Path]]) -> list[str]:
    """Path data with each straight edge of the rectangles drawn once: the edges laid end to end on
    one line become one segment (round corners are left to a corner cutter); other outlines as
    they are."""
    straight: dict[tuple, list[tuple[float, float]]] = {}
    others = []
    for placement, outline in outlines:
        if isinstance(placement.piece.shape, Rect) and placement.window is None:
            x0, y0, x1, y1 = outline.bounds()
            for key, start, end in ((("h", round(y0, 3)), x0, x1), (("h", round(y1, 3)), x0, x1),
                                    (("v", round(x0, 3)), y0, y1), (("v", round(x1, 3)), y0, y1)):
                straight.setdefault(key, []).append((start, end))
        else:
            others.append(path_data(outline))
    lines = []
    for (axis, at), spans in sorted(straight.items()):
        for start, end in _joined(spans):
            a, b = ((start, at), (end, at)) if axis == "h" else ((at, start), (at, end))
            lines.append(f"M{number(a[0])} {number(a[1])}L{number(b[0])} {number(b[1])}")
    return lines + others


def _joined(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    joined: list[list[float]] = []
    for start, end in sorted(spans):
        if joined and start <= joined[-1][1] + EPSILON:
            joined[-1][1] = max(joined[-1][1], end)
        else:
            joined.append([start, end])
    return [(start, end) for start, end in joined]


def _svg(page: Page, cuts: list[str], folds: list[tuple]) -> bytes:
    width, height = number(page.width), number(page.height)
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
        f'width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">',
        f'<g id="cut" inkscape:groupmode="layer" inkscape:label="cut" fill="none" stroke="{CUT_COLOUR}" '
        f'stroke-width="{number(HAIRLINE_MM)}">',
        *(f'<path d="{d}"/>' for d in cuts),
        "</g>",
        f'<g id="fold" inkscape:groupmode="layer" inkscape:label="fold" fill="none" stroke="{FOLD_COLOUR}" '
        f'stroke-width="{number(HAIRLINE_MM)}">',
        *(f'<path d="M{number(a[0])} {number(a[1])}L{number(b[0])} {number(b[1])}"/>' for a, b in folds),
        "</g>",
        "</svg>",
    ]
    return ("\n".join(lines) + "\n").encode("utf-8")


# Clipping to a part's window (x0, y0, x1, y1) ------------------------------------------------------

def clip_polygon(points: list[tuple[float, float]], window) -> list[tuple[float, float]]:
    """The polygon cut to the window (Sutherland-Hodgman: one window edge at a time)."""
    x0, y0, x1, y1 = window
    edges = ((lambda p: p[0] >= x0, lambda a, b: _at_x(a, b, x0)), (lambda p: p[0] <= x1, lambda a, b: _at_x(a, b, x1)),
             (lambda p: p[1] >= y0, lambda a, b: _at_y(a, b, y0)), (lambda p: p[1] <= y1, lambda a, b: _at_y(a, b, y1)))
    for inside, cross in edges:
        if not points:
            break
        kept = []
        for i, current in enumerate(points):
            previous = points[i - 1]
            if inside(current):
                if not inside(previous):
                    kept.append(cross(previous, current))
                kept.append(current)
            elif inside(previous):
                kept.append(cross(previous, current))
        points = kept
    return points


def clip_segment(a, b, window):
    """The part of the segment a-b inside the window, or None (Liang-Barsky)."""
    x0, y0, x1, y1 = window
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if abs(p) < EPSILON:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    return (a[0] + low * dx, a[1] + low * dy), (a[0] + high * dx, a[1] + high * dy)


def _at_x(a, b, x):
    t = (x - a[0]) / (b[0] - a[0])
    return x, a[1] + t * (b[1] - a[1])


def _at_y(a, b, y):
    t = (y - a[1]) / (b[1] - a[1])
    return a[0] + t * (b[0] - a[0]), y
