"""Pieces larger than a sheet, tiled over several in overlapping parts (generator/impose.py), read
back from what a build writes: every cut edge a part holds is marked on its own page, a glue strip
marks only the piece, and a part's outline in manifest.json is the one its cut file cuts."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy
import pypdfium2 as pdfium
import pytest

import pdfprobe
from conftest import run_pnp

MARGIN, FOOTER = 6.35, 5.0  # the printable area: the paper less its margin and the footer band
MARK_OFFSET = 0.5  # templates/sheet.yaml: a crop mark begins this far past the art
TOLERANCE = 0.05
PX_PER_MM = 8


#: A board's face: a grid of lines over a panel colour.
GRID = "    field: {grid: {columns: 8, rows: 8}, at: [0.5, 0.5], box: [0.9, 0.9], stroke_mm: 0.4}\n"


def tiled_game(tmp_path: Path, piece: str, paper: str = "a4", formats: str = "pdf", face: str = GRID
               ) -> tuple[Path, dict]:
    """A game of one board (`piece`: its component's keys) larger than the paper, its face a panel
    colour and `face`'s elements, built: the folder of its files and its manifest."""
    (tmp_path / "board.yaml").write_text(f"""game: custom
title: Big board
components:
  board:
{piece}
    front: board
layouts:
  board:
    background: panel
{face}""")
    code, _, stderr = run_pnp("build", "board.yaml", "--out", "out", "--paper", paper, "--format", formats, "-q",
                              cwd=tmp_path)
    assert code == 0, stderr
    folder = tmp_path / "out" / "board"
    return folder, json.loads((folder / "manifest.json").read_text())


def rect_piece(width: float, height: float) -> str:
    return f"    piece: {{width_mm: {width}, height_mm: {height}}}"


def parts_of(manifest: dict) -> list[tuple[dict, dict]]:
    """(page, piece) for every part of a tiled piece on a page of fronts."""
    return [(page, piece) for page in manifest["pages"] if page["side"] == "front"
            for piece in page["pieces"] if "part" in piece]


# --- crop marks: every cut edge a part holds, marked at both ends on its page ------------------------

def held_edges(piece: dict) -> list[tuple[str, float, float, float]]:
    """The trim edges of the whole piece that a part holds, as its page has them: ("h", y, x0, x1) for
    a horizontal edge, ("v", x, y0, y1) for a vertical one, from one end of the part to the other."""
    part = piece["part"]
    x, y, w, h = piece["x_mm"], piece["y_mm"], piece["width_mm"], piece["height_mm"]
    edges = []
    if part["row"] == 0:
        edges.append(("h", y, x, x + w))
    if part["row"] == part["rows"] - 1:
        edges.append(("h", y + h, x, x + w))
    if part["col"] == 0:
        edges.append(("v", x, y, y + h))
    if part["col"] == part["cols"] - 1:
        edges.append(("v", x + w, y, y + h))
    return edges


def art_box(piece: dict, bleed: float) -> tuple[float, float, float, float]:
    """Where a part's art prints: its share of the trim, and the bleed past the piece's own edges (at a
    seam the art stops at the part's edge)."""
    part = piece["part"]
    x, y, w, h = piece["x_mm"], piece["y_mm"], piece["width_mm"], piece["height_mm"]
    return (x - (bleed if part["col"] == 0 else 0.0), y - (bleed if part["row"] == 0 else 0.0),
            x + w + (bleed if part["col"] == part["cols"] - 1 else 0.0),
            y + h + (bleed if part["row"] == part["rows"] - 1 else 0.0))


def marks_beyond(page: dict, axis: str, at: float, end: float, direction: int, bleed: float) -> list:
    """The page's crop marks in line with the edge (`axis` "h": the line y = at) that begin just beyond
    its `end` (direction -1: before it, +1: after it): past the bleed at a corner of the piece, just
    past the part's edge at a seam."""
    found = []
    for x0, y0, x1, y1 in page["crop_marks"]:
        across, (low, high) = ((y0, y1), sorted((x0, x1))) if axis == "h" else ((x0, x1), sorted((y0, y1)))
        if max(abs(v - at) for v in across) > TOLERANCE:
            continue
        gap = low - end if direction > 0 else end - high
        if MARK_OFFSET - TOLERANCE <= gap <= bleed + MARK_OFFSET + TOLERANCE:
            found.append((x0, y0, x1, y1))
    return found


def check_marks(manifest: dict) -> list[str]:
    """What is wrong with the crop marks of a build's tiled parts (nothing: [])."""
    bleed, problems = manifest["bleed_mm"], []
    parts = parts_of(manifest)
    assert parts, "nothing was tiled"
    for page, piece in parts:
        where = f"page {page['number']} part {piece['part']['label']}"
        for axis, at, start, end in held_edges(piece):
            for direction, tip in ((-1, start), (1, end)):
                if len(marks_beyond(page, axis, at, tip, direction, bleed)) != 1:
                    problems.append(f"{where}: no crop mark in line with its {axis} edge at {at:.2f} beyond {tip:.2f}")
    for page in {id(page): page for page, _ in parts}.values():
        width, height = page["width_mm"], page["height_mm"]
        arts = [art_box(piece, bleed) for piece in page["pieces"] if "part" in piece]
        for x0, y0, x1, y1 in page["crop_marks"]:
            if not (MARGIN - TOLERANCE <= min(x0, x1) and max(x0, x1) <= width - MARGIN + TOLERANCE
                    and MARGIN - TOLERANCE <= min(y0, y1) and max(y0, y1) <= height - MARGIN - FOOTER + TOLERANCE):
                problems.append(f"page {page['number']}: crop mark {(x0, y0, x1, y1)} off the printable area")
            for left, top, right, bottom in arts:
                if (min(x0, x1) < right - TOLERANCE and max(x0, x1) > left + TOLERANCE
                        and min(y0, y1) < bottom - TOLERANCE and max(y0, y1) > top + TOLERANCE):
                    problems.append(f"page {page['number']}: crop mark {(x0, y0, x1, y1)} runs into the art")
    return problems


@pytest.mark.parametrize("width, height, paper", [
    (600, 80, "a4"),  # a long track: parts A1 to A4, the middle two holding no corner
    (600, 80, "letter"),
    (80, 600, "a4"),  # the same standing up: its middle part's left and right edges
    (600, 600, "a4"),  # a grid of parts: edges without their corners, and parts with no edge at all
])
def test_every_cut_edge_a_part_holds_is_marked_at_both_ends_on_its_page(tmp_path, width, height, paper):
    """A part of a tiled piece is cut out on its own before the parts are joined: each cut edge of
    the piece that it holds needs a mark in line with it beyond each of its ends, as a whole piece's
    edges have, outside the art and on the printable area. The piece's corner marks give that only
    at its corners, so the middle part of a long track had nothing on its page for its two edges."""
    _, manifest = tiled_game(tmp_path, rect_piece(width, height), paper)
    problems = check_marks(manifest)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game, paper", [("diamonds", "a4"), ("diamonds", "letter"),
                                         ("diaominos", "a4"), ("diaominos", "letter")])
def test_the_bundled_tiled_boards_mark_every_cut_edge_on_each_page(bundled_build, game, paper):
    """Diamonds' mat and Diaominos' board: each part holds a corner, and edges that run from it into a
    seam; an edge marked at one end only cannot be cut with a ruler."""
    manifest = json.loads((bundled_build(game, paper) / "manifest.json").read_text())
    problems = check_marks(manifest)
    assert not problems, "\n".join(problems)


def test_a_part_inside_the_piece_has_no_crop_marks_only_seams(tmp_path):
    """The middle parts of a board split both ways hold no edge of it: every side of theirs is a seam,
    cut along the print's edge or hidden under a neighbour, so their pages have no crop mark at all."""
    from generator.impose import Paper, PrintSettings, impose
    from generator.load import load_game

    _, manifest = tiled_game(tmp_path, rect_piece(600, 600))
    inner = [(page, piece) for page, piece in parts_of(manifest) if not held_edges(piece)]
    assert inner and all(len(page["pieces"]) == 1 for page, _ in inner)
    assert all(page["crop_marks"] == [] for page, _ in inner)
    # ...and seams on all four sides: the strips to glue on the right and below, laid over on the left and above.
    [board] = load_game(str(tmp_path / "board.yaml")).components()
    pages = impose([board], PrintSettings(Paper("a4", 210.0, 297.0, 6.35)))
    labels = {piece["part"]["label"] for _, piece in inner}
    for page in pages:
        if page.side == "front" and page.part.label in labels:
            assert {(seam.side, seam.under) for seam in page.seams} == {
                ("left", False), ("top", False), ("right", True), ("bottom", True)}


# --- glue strips: only on the piece ------------------------------------------------------------------

#: An L-shaped board: the glue strip right of part A1 runs down past the end of the L's arm, where
#: the paper is cut away; the strip's middle lies off the piece.
L_SHAPE = """    shape: polygon
    points_mm: [[0, 0], [400, 0], [400, 100], [100, 100], [100, 400], [0, 400]]"""
SHAPED = {"circle": "    piece: {width_mm: 420, height_mm: 420}\n    shape: circle",
          "hexagon": "    piece: {width_mm: 400, height_mm: 400}\n    shape: hexagon",
          "L": L_SHAPE}


def inside(points: numpy.ndarray, polygon: list) -> numpy.ndarray:
    """Whether each point (rows of x, y) lies inside the polygon (even-odd rule)."""
    x, y = points[:, 0:1], points[:, 1:2]
    ax, ay = numpy.array([p[0] for p in polygon]), numpy.array([p[1] for p in polygon])
    bx, by = numpy.roll(ax, -1), numpy.roll(ay, -1)
    crosses = ((ay > y) != (by > y)) & (x < ax + (y - ay) * (bx - ax) / numpy.where(by == ay, 1e-12, by - ay))
    return crosses.sum(axis=1) % 2 == 1


def distance_to(points: numpy.ndarray, polygon: list) -> numpy.ndarray:
    """Each point's distance from the polygon's outline."""
    x, y = points[:, 0:1], points[:, 1:2]
    ax, ay = numpy.array([p[0] for p in polygon]), numpy.array([p[1] for p in polygon])
    bx, by = numpy.roll(ax, -1), numpy.roll(ay, -1)
    dx, dy = bx - ax, by - ay
    t = numpy.clip(((x - ax) * dx + (y - ay) * dy) / numpy.maximum(dx * dx + dy * dy, 1e-12), 0.0, 1.0)
    return numpy.hypot(x - (ax + t * dx), y - (ay + t * dy)).min(axis=1)


@pytest.mark.parametrize("shape", sorted(SHAPED))
def test_a_shaped_pieces_glue_strips_mark_only_the_piece(tmp_path, shape):
    """A glue strip runs along a part's edge; where that edge is off a shaped piece (past a round
    board's curve, beyond the end of an L's arm) the paper is cut away, and hatching or a note there
    tells the user to glue on nothing. Nothing dark prints more than 1 mm outside the outline (the
    cut line is on it), and the glue notes lie on the piece. (The board is a plain colour, so that
    nothing of its own is dark in its bleed.)"""
    folder, manifest = tiled_game(tmp_path, SHAPED[shape], face="")
    document = pdfium.PdfDocument(str(folder / "board.pdf"))
    try:
        for page, piece in parts_of(manifest):
            outline = piece["outline"]
            image = numpy.asarray(document[page["number"] - 1].render(scale=PX_PER_MM * 25.4 / 72).to_pil().convert("L"))
            left, top, right, bottom = art_box(piece, manifest["bleed_mm"])
            rows, cols = numpy.nonzero(image < 128)
            points = numpy.column_stack(((cols + 0.5) / PX_PER_MM, (rows + 0.5) / PX_PER_MM))
            points = points[(points[:, 0] >= left) & (points[:, 0] <= right)
                            & (points[:, 1] >= top) & (points[:, 1] <= bottom)]
            assert len(outline) >= 3, f"page {page['number']}: a part that holds none of the piece was printed"
            # more than 1 mm outside the outline: neither the piece's own colour nor its cut line
            off = points[~inside(points, outline) & (distance_to(points, outline) > 1.0)]
            assert not len(off), f"page {page['number']}: {len(off)} dark pixels off the piece, e.g. {off[:3].tolist()}"
        chars, _ = zip(*pdfprobe.read(folder / "board.pdf"))
        noted = 0
        for page, piece in parts_of(manifest):
            notes = [c for c in chars[page["number"] - 1] if c.fill == (0x55, 0x55, 0x55)
                     and page["height_mm"] - c.y < page["height_mm"] - MARGIN - FOOTER and c.char.strip()]
            noted += len(notes)
            origins = numpy.array([(c.x, page["height_mm"] - c.y) for c in notes]).reshape(-1, 2)
            astray = origins[~inside(origins, piece["outline"])]
            assert not len(astray), f"page {page['number']}: glue note letters off the piece at {astray[:3].tolist()}"
        assert noted  # the strips' notes were found, and are where they belong
    finally:
        document.close()


def test_the_l_shapes_glue_note_moves_onto_the_piece(tmp_path):
    """The note of the strip beside the L's arm goes where the strip meets the piece, not in the
    strip's middle (past the arm's end)."""
    folder, manifest = tiled_game(tmp_path, L_SHAPE)
    page, piece = next((page, piece) for page, piece in parts_of(manifest) if piece["part"]["label"] == "A1")
    chars = pdfprobe.read(folder / "board.pdf")[page["number"] - 1][0]
    right = piece["x_mm"] + piece["width_mm"]  # the glue strip on the part's right, 8 mm wide
    along_arm = [page["height_mm"] - c.y for c in chars if c.fill == (0x55, 0x55, 0x55) and c.char.strip()
                 and right - 8.0 <= c.x <= right and page["height_mm"] - c.y < piece["y_mm"] + piece["height_mm"] - 8.0]
    assert along_arm and max(along_arm) < piece["y_mm"] + 100.0  # the arm ends 100 mm down


# --- the manifest's outline of a part is what its cut file cuts -------------------------------------

def svg_polygons(svg: str) -> list[list[tuple[float, float]]]:
    group = svg.split('<g id="cut"', 1)[1].split("</g>", 1)[0]
    polygons = []
    for data in re.findall(r'd="([^"]+)"', group):
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", data)]
        polygons.append(list(zip(numbers[0::2], numbers[1::2])))
    return polygons


@pytest.mark.parametrize("shape", sorted(SHAPED))
def test_a_parts_outline_in_the_manifest_is_the_one_its_cut_file_cuts(tmp_path, shape):
    """manifest.json gives a tiled part's own box (its share of the trim) and so its own cut outline:
    the piece's outline within the part's window, on its page, as the cut file cuts it; not the whole
    piece's, most of which lies off the page."""
    folder, manifest = tiled_game(tmp_path, SHAPED[shape], formats="pdf,cut")
    for page, piece in parts_of(manifest):
        outline = piece["outline"]
        x, y, w, h = piece["x_mm"], piece["y_mm"], piece["width_mm"], piece["height_mm"]
        for px, py in outline:  # within the part's box, so on its page
            assert x - TOLERANCE <= px <= x + w + TOLERANCE and y - TOLERANCE <= py <= y + h + TOLERANCE, (px, py)
        [cut] = svg_polygons((folder / "cut" / f"page-{page['number']:02d}.svg").read_text())
        cut = cut[:-1] if cut[-1] == cut[0] else cut  # closed by a line back to its start
        assert len(cut) == len(outline), page["number"]
        for (ax, ay), (bx, by) in zip(cut, outline):
            assert math.dist((ax, ay), (bx, by)) <= TOLERANCE, (page["number"], (ax, ay), (bx, by))


# --- a part that would hold none of the piece is not printed -----------------------------------------

#: L-shaped boards split on their bounding box: 2 x 2 parts on A4, B2 in the L's empty corner; and
#: 2 x 3, B2 and B3 there.
#: Ls split on their bounding boxes, and the part their empty corner leaves with none of them: in the
#: third, the inner corner lies on the seams, so that part would hold only what its neighbours print.
L_SHAPES = {"2x2": ([[0, 0], [300, 0], [300, 80], [80, 80], [80, 300], [0, 300]], "B2"),
            "2x3": ([[0, 0], [400, 0], [400, 100], [100, 100], [100, 400], [0, 400]], "B2"),
            "2x2 on the seams": ([[0, 0], [200, 0], [200, 150], [400, 150], [400, 300], [0, 300]], "A2")}
#: A part's label as a page prints it (in a footer or a glue note): a row letter and a column number.
PART_LABEL = re.compile(r"(?<![\w×])[A-Z][0-9]+(?![\w×])")


def polygon_piece(points: list) -> str:
    return f"    shape: polygon\n    points_mm: {points}"


def page_texts(path: Path) -> list[str]:
    document = pdfium.PdfDocument(str(path))
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


def polygon_area(points: list) -> float:
    return abs(sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]))) / 2


@pytest.mark.parametrize("name", sorted(L_SHAPES))
def test_a_part_that_would_hold_none_of_the_piece_is_not_printed(tmp_path, name):
    """An L split on its bounding box leaves parts in its empty corner (or, its inner corner on the
    seams, one that holds only what its neighbours print). Such a part would print a
    wasted sheet (and its blank back) whose footer says to lay it over its neighbours, with an empty
    outline and an empty cut file: it prints nothing at all. The others keep their labels (the grid's
    places), nothing names a part that is not printed, and together they still hold the whole L."""
    from generator.impose import Paper, PrintSettings, impose
    from generator.load import load_game

    points, empty = L_SHAPES[name]
    folder, manifest = tiled_game(tmp_path, polygon_piece(points), formats="pdf,cut", face="")
    parts = parts_of(manifest)
    printed = {piece["part"]["label"] for _, piece in parts}
    rows, cols = parts[0][1]["part"]["rows"], parts[0][1]["part"]["cols"]
    assert f"{rows}x{cols}" == name.split()[0]
    # Fewer sheets than the grid has places: one for each part that holds some of the L.
    assert len(printed) == len(parts) < rows * cols, printed
    assert len({page["number"] for page, _ in parts}) == len(parts)
    assert "A1" in printed and "B1" in printed and empty not in printed
    for page, piece in parts:  # each part's outline is a piece of the L, and its cut file cuts it
        assert len(piece["outline"]) >= 3 and polygon_area(piece["outline"]) > 1.0, piece["part"]["label"]
        assert len(svg_polygons((folder / "cut" / f"page-{page['number']:02d}.svg").read_text())) == 1
    fronts = {page["number"] for page in manifest["pages"] if page["side"] == "front"}
    assert {int(path.stem.split("-")[1]) for path in (folder / "cut").glob("page-*.svg")} == fronts
    # No page names a part that is not printed: no footer, no glue note.
    for number, text in enumerate(page_texts(folder / "board.pdf"), 1):
        named = set(PART_LABEL.findall(text))
        assert named <= printed, f"page {number} names {sorted(named - printed)}: {text!r}"
    # ...and no seam leads to one.
    [board] = load_game(str(tmp_path / "board.yaml")).components()
    for page in impose([board], PrintSettings(Paper("a4", 210.0, 297.0, 6.35))):
        for seam in page.seams:
            assert seam.part in printed and seam.neighbour in printed, seam
    # Every point of the L lies in some printed part's share of it (its box in the piece's own mm).
    width, height = max(x for x, _ in points), max(y for _, y in points)
    grid = numpy.mgrid[0.5:width:2.0, 0.5:height:2.0].reshape(2, -1).T
    samples = grid[inside(grid, points)]
    held = numpy.zeros(len(samples), dtype=bool)
    for _, piece in parts:
        part = piece["part"]
        x0, y0 = part["x_mm"], part["y_mm"]
        held |= ((samples[:, 0] >= x0) & (samples[:, 0] <= x0 + part["width_mm"])
                 & (samples[:, 1] >= y0) & (samples[:, 1] <= y0 + part["height_mm"]))
    assert held.all(), f"{(~held).sum()} points of the L in no printed part, e.g. {samples[~held][:3].tolist()}"


def test_parts_beside_each_other_that_share_none_of_the_piece_are_not_joined(tmp_path):
    """A comb: its left and middle teeth fall in parts B1 and B2, side by side, but the overlap between
    those parts lies in the gap between the teeth. B2 is laid over A2 only; nothing tells the user to
    lay it over B1, where no paper of either part meets, and B1 has no glue strip for it."""
    from generator.impose import Paper, PrintSettings, impose
    from generator.load import load_game

    comb = [[0, 0], [400, 0], [400, 100], [230, 100], [230, 400], [180, 400], [180, 100], [100, 100],
            [100, 400], [0, 400]]
    tiled_game(tmp_path, polygon_piece(comb), face="")
    [board] = load_game(str(tmp_path / "board.yaml")).components()
    pages = impose([board], PrintSettings(Paper("a4", 210.0, 297.0, 6.35)))
    seams = {(seam.part, seam.neighbour, seam.under) for page in pages for seam in page.seams}
    assert ("B2", "A2", False) in seams and ("A2", "B2", True) in seams
    assert not {seam for seam in seams if {"B1", "B2"} == {seam[0], seam[1]}}, seams
