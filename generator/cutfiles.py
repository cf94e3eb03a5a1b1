"""Cut files for cutting machines (Silhouette Studio, Cricut Design Space, LightBurn), one per page
of fronts, as those programs read them: closed outlines inside the page and no clip paths, cuts and
folds apart (the programs assign an operation per colour or per layer, and ignore dashes).

- `cut/page-NN.svg`: every piece's own closed outline (a piece printed in parts: the outline of the
  part on that page) and each of its inner cuts (a window, a hole) as a closed outline of its own, in
  the group "cut", pure red; fold lines in the group "fold", pure blue.
- `cut/page-NN.dxf`: the same in a DXF drawing in millimetres, on the layers CUT and FOLD: each
  outline a closed polyline whose round parts are arcs (bulges), as Silhouette Studio's basic
  edition, which opens DXF but not SVG, and any CAD or laser program read them.
- `cut/merged/page-NN.svg` and `.dxf`: the same cuts with every straight edge that neighbours share
  drawn once, for a blade that should not run twice down a shared cut line; a rounded corner stays
  an arc of its own, and curved outlines stay whole.

Only pieces are cut: page 1's printing guide and any other furniture (`Component.cut_guides` off)
have no outline here, as they have no cut line on the sheet.
"""

from __future__ import annotations

import io
import math
from contextlib import contextmanager
from dataclasses import dataclass

from generator.geometry import Matrix, Path, number
from generator.impose import Page, Placement, clip_polygon
from generator.shapes import Point, Rect, Vertex

CUT_COLOUR, FOLD_COLOUR = "#ff0000", "#0000ff"
CUT_LAYER, FOLD_LAYER = "CUT", "FOLD"
HAIRLINE_MM = 0.1
EPSILON = 1e-6


@dataclass(frozen=True)
class Contour:
    """A cut on the page: its corners (x, y, bulge of the edge to the next, see shapes.Vertex) and
    whether the last joins the first."""

    vertices: tuple[Vertex, ...]
    closed: bool = True


#: Each kind of cut file render_pages yields: its folder and suffix.
CUT_FILES = {"cut": ("cut", "svg"), "cut-merged": ("cut/merged", "svg"),
             "dxf": ("cut", "dxf"), "dxf-merged": ("cut/merged", "dxf")}


def cut_files(pages: list[Page], formats: tuple[str, ...] = ("cut",)):
    """For every page of fronts: (kind, page number, bytes) of each kind of CUT_FILES the build's
    `formats` ask for: `cut` both SVG and DXF, `dxf` the DXF alone. A plain file holds each piece's
    outline and inner cuts; a merged one, the shared straight edges once."""
    kinds = [kind for kind in CUT_FILES if CUT_FILES[kind][1] == "dxf" or "cut" in formats]
    writers = {"svg": _svg, "dxf": _dxf}
    for page in pages:
        if page.side != "front":
            continue
        cut = [placement for placement in page.placements if placement.component.cut_guides]
        folds = [fold for placement in cut for fold in _folds(placement)]
        separate = [contour for placement in cut for contour in contours(placement)]
        merged = _merged(cut)
        for kind in kinds:
            yield kind, page.number, writers[CUT_FILES[kind][1]](page, merged if "merged" in kind else separate, folds)


def contours(placement: Placement) -> list[Contour]:
    """The placement's cut outline and inner cuts on the page: its shape's, or, for a part of a tiled
    piece, the closed outlines of what lies inside the part's window (a part whose window would miss
    the piece, in the empty corner of an L, is not printed: impose.holds_some_of)."""
    shape = placement.piece.shape
    matrix = placement.cut_matrix
    if placement.window is None:
        return [_placed(shape.contour(), matrix)] + [_placed(hole, matrix) for hole in shape.hole_contours()]
    outline, holes = cut_outlines(placement)
    return [Contour(tuple((x, y, 0.0) for x, y in points)) for points in (outline, *holes) if points]


def cut_outlines(placement: Placement) -> tuple[list[Point], list[list[Point]]]:
    """The placement's cut outline and its inner cuts, as points on the page. A part of a tiled piece
    is cut out on its own: its outline is the piece's within the part's window, closed along the
    window's edges where it is cut at its seams, and its inner cuts those that reach into the window.
    manifest.json gives these as a piece's `outline` and `holes`, so that a part's outline there is
    the one its cut file cuts, within the part's own box."""
    if placement.window is None:
        return placement.outline(), placement.hole_outlines()
    outline = clip_polygon(placement.outline(), placement.window)
    holes = [clip_polygon(hole, placement.window) for hole in placement.hole_outlines()]
    return (outline if len(outline) >= 3 else []), [hole for hole in holes if len(hole) >= 3]


def _placed(vertices: list[Vertex], matrix: Matrix) -> Contour:
    """A contour in piece coordinates moved onto the page; a mirror turns its arcs the other way."""
    turn = 1.0 if matrix.a * matrix.d - matrix.b * matrix.c > 0 else -1.0
    return Contour(tuple((*matrix.apply(x, y), bulge * turn) for x, y, bulge in vertices))


def _folds(placement: Placement) -> list[tuple]:
    segments = placement.folds()
    if placement.window is not None:
        segments = [clip_segment(a, b, placement.window) for a, b in segments]
    return [segment for segment in segments if segment]


def _merged(placements: list[Placement]) -> list[Contour]:
    """Each straight edge of the rectangles drawn once: the edges laid end to end on one line become
    one segment; a rounded corner stays an arc of its own; other outlines, and every inner cut, whole."""
    straight: dict[tuple, list[tuple[float, float]]] = {}
    others: list[Contour] = []
    for placement in placements:
        outline, *holes = contours(placement)  # a part of a tiled piece holds some of it (impose)
        others += holes
        if not isinstance(placement.piece.shape, Rect) or placement.window is not None:
            others.append(outline)
            continue
        corners = outline.vertices
        for (x0, y0, bulge), (x1, y1, _) in zip(corners, corners[1:] + corners[:1]):
            if abs(bulge) > EPSILON:
                others.append(Contour(((x0, y0, bulge), (x1, y1, 0.0)), closed=False))
            elif abs(y0 - y1) < EPSILON:
                straight.setdefault(("h", round(y0, 3)), []).append((min(x0, x1), max(x0, x1)))
            else:
                straight.setdefault(("v", round(x0, 3)), []).append((min(y0, y1), max(y0, y1)))
    lines = []
    for (axis, at), spans in sorted(straight.items()):
        for start, end in _joined(spans):
            a, b = ((start, at), (end, at)) if axis == "h" else ((at, start), (at, end))
            lines.append(Contour(((*a, 0.0), (*b, 0.0)), closed=False))
    return lines + others


def _joined(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    joined: list[list[float]] = []
    for start, end in sorted(spans):
        if joined and start <= joined[-1][1] + EPSILON:
            joined[-1][1] = max(joined[-1][1], end)
        else:
            joined.append([start, end])
    return [(start, end) for start, end in joined]


# SVG ------------------------------------------------------------------------------------------------

def contour_path(contour: Contour) -> Path:
    """A contour as a path: straight edges as lines, arcs as the cubic curves SVG tools all read."""
    path = Path()
    corners = contour.vertices
    path.move_to(*corners[0][:2])
    edges = zip(corners, corners[1:] + (corners[:1] if contour.closed else ()))
    for (x0, y0, bulge), (x1, y1, _) in edges:
        if abs(bulge) < EPSILON:
            path.line_to(x1, y1)
            continue
        cx, cy, radius, start, sweep = arc_of(x0, y0, x1, y1, bulge)
        before = len(path.commands)
        path.arc(cx, cy, radius, start, start + sweep)
        line = path.commands[before]  # the arc's line to its start: where the path is (x0, y0), or nearly
        if line[0] == "L" and math.dist(line[1:], (x0, y0)) < EPSILON:
            del path.commands[before]  # a cutter would take a line of no length for a cut
    return path.close() if contour.closed else path


def arc_of(x0: float, y0: float, x1: float, y1: float, bulge: float) -> tuple[float, float, float, float, float]:
    """The circle an edge of `bulge` runs along from (x0, y0) to (x1, y1): its centre, radius, the
    angle of the start and the angle swept (degrees, positive clockwise on the page)."""
    sweep = 4 * math.atan(bulge)
    chord = math.dist((x0, y0), (x1, y1))
    radius = chord / (2 * math.sin(abs(sweep) / 2))
    # The centre lies off the chord's middle, on the side the arc turns towards.
    offset = chord / 2 / math.tan(sweep / 2)
    nx, ny = -(y1 - y0) / chord, (x1 - x0) / chord
    cx, cy = (x0 + x1) / 2 + nx * offset, (y0 + y1) / 2 + ny * offset
    start = math.degrees(math.atan2(y0 - cy, x0 - cx))
    return cx, cy, radius, start, math.degrees(sweep)


def _svg(page: Page, cuts: list[Contour], folds: list[tuple]) -> bytes:
    from generator.backends.svg import path_data  # svgwrite, which it loads, is slow to load

    width, height = number(page.width), number(page.height)
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
        f'width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">',
        f'<g id="cut" inkscape:groupmode="layer" inkscape:label="cut" fill="none" stroke="{CUT_COLOUR}" '
        f'stroke-width="{number(HAIRLINE_MM)}">',
        *(f'<path d="{path_data(contour_path(contour))}"/>' for contour in cuts),
        "</g>",
        f'<g id="fold" inkscape:groupmode="layer" inkscape:label="fold" fill="none" stroke="{FOLD_COLOUR}" '
        f'stroke-width="{number(HAIRLINE_MM)}">',
        *(f'<path d="M{number(a[0])} {number(a[1])}L{number(b[0])} {number(b[1])}"/>' for a, b in folds),
        "</g>",
        "</svg>",
    ]
    return ("\n".join(lines) + "\n").encode("utf-8")


# DXF ------------------------------------------------------------------------------------------------

def _dxf(page: Page, cuts: list[Contour], folds: list[tuple]) -> bytes:
    """The page's cuts as a DXF drawing (R2000, which the cutters' and laser programs read): units
    millimetres ($INSUNITS 4), y up from the page's bottom-left corner as DXF has it, every cut a
    polyline on the layer CUT (red), every fold a line on the layer FOLD (blue)."""
    import ezdxf  # only a build that asks for DXF pays for loading it

    with _fixed_metadata(ezdxf):
        drawing = ezdxf.new("R2000")
        drawing.units = ezdxf.units.MM  # $INSUNITS = 4
        drawing.header["$MEASUREMENT"] = 1  # metric
        # The page's extent and limits (ezdxf writes its modelspace's over the header's, so both)
        space = drawing.modelspace()
        space.dxf.extmin, space.dxf.extmax = (0.0, 0.0, 0.0), (page.width, page.height, 0.0)
        space.dxf.limmin, space.dxf.limmax = (0.0, 0.0), (page.width, page.height)
        drawing.header["$EXTMIN"], drawing.header["$EXTMAX"] = space.dxf.extmin, space.dxf.extmax
        drawing.header["$LIMMIN"], drawing.header["$LIMMAX"] = space.dxf.limmin, space.dxf.limmax
        drawing.layers.add(CUT_LAYER, color=1)  # AutoCAD colour index 1: red; 5: blue
        drawing.layers.add(FOLD_LAYER, color=5)
        for contour in cuts:
            # Flipping y mirrors the page, so every arc turns the other way.
            points = [(_round(x), _round(page.height - y), -bulge) for x, y, bulge in contour.vertices]
            space.add_lwpolyline(points, format="xyb", close=contour.closed, dxfattribs={"layer": CUT_LAYER})
        for (ax, ay), (bx, by) in folds:
            space.add_line((_round(ax), _round(page.height - ay)), (_round(bx), _round(page.height - by)),
                           dxfattribs={"layer": FOLD_LAYER})
        text = io.StringIO()
        drawing.write(text)
    return text.getvalue().encode(drawing.output_encoding)


def _round(value: float) -> float:
    """To 1/10000 mm: the same on every run and far below a blade's precision."""
    return round(value, 4) + 0.0


@contextmanager
def _fixed_metadata(ezdxf):
    """ezdxf stamps each drawing with the time and random GUIDs; fixed ones keep a build byte-identical."""
    before = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True
    try:
        yield
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = before


# Clipping to a part's window (x0, y0, x1, y1); a polygon's clipping is impose.clip_polygon ---------

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
