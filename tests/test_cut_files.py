"""Cut files read back as a cutting machine's software reads them: the DXF through ezdxf (layers CUT
and FOLD, millimetres, closed polylines with arcs), the SVG as paths; only pieces cut, inner cuts
separate, merged files keeping round corners."""

from __future__ import annotations

import io
import json
import math
import re
import xml.etree.ElementTree as ET

import ezdxf
import pytest
from ezdxf import bbox

from conftest import run_pnp, shared_game
from generator.cutfiles import arc_of
from generator.impose import Paper, PrintSettings, impose
from generator.model import Component, Piece, fill_bleed
from generator.render import manifest, render
from generator.shapes import Circle, Hole, Outline, Rect, RegularPolygon

A4 = Paper("a4", 210.0, 297.0, 6.35)
SETTINGS = PrintSettings(paper=A4, duplex="long", bleed=3.0)
SVG = "{http://www.w3.org/2000/svg}"
TOL = 0.05
CARD = (63.5, 88.9, 3.0)  # a poker card with 3 mm corners


def paint(canvas, area):
    fill_bleed(canvas, area, "#88aacc")


def read_dxf(data: bytes):
    return ezdxf.read(io.StringIO(data.decode("ascii")))


def cuts_of(drawing) -> list:
    return list(drawing.modelspace().query('LWPOLYLINE[layer=="CUT"]'))


def page_box(entity, page_height: float) -> tuple[float, float, float, float]:
    """An entity's extent in page millimetres, y down from the top (DXF has y up)."""
    extent = bbox.extents([entity])
    return extent.extmin.x, page_height - extent.extmax.y, extent.extmax.x, page_height - extent.extmin.y


@pytest.fixture(scope="module")
def small_build():
    """Rounded cards, a piece with a window, hexes, and a sheet used as printed (no cut guides)."""
    # Each on a stock of its own, so on sheets of its own.
    cards = Component("card", "Cards", [Piece(f"c{i}", Rect(*CARD), paint, paint) for i in range(6)],
                      stock="light-card")
    window = Outline(((0, 0), (40, 0), (40, 60), (0, 60)), holes=(Hole(Circle(16.0), 12.0, 10.0),))
    framed = Component("frame", "Frames", [Piece("frame", window, paint)], gutter=6.0, stock="card")
    hexes = Component("hex", "Hexes", [Piece(f"h{i}", RegularPolygon.hexagon(30.0), paint) for i in range(3)],
                      gutter=6.0, stock="card")
    pad = Component("pad", "Score pad", [Piece("pad", Rect(100.0, 60.0), paint)], cut_guides=False, stock="sticker")
    pages = impose([cards, framed, hexes, pad], SETTINGS)
    outputs = render(pages, SETTINGS, "Test", ("cut",), dpi=30)
    return pages, manifest("test", pages, SETTINGS), outputs


def test_dxf_has_the_layers_cut_and_fold_in_millimetres(small_build):
    pages, data, outputs = small_build
    fronts = [page["number"] for page in data["pages"] if page["side"] == "front"]
    assert sorted(outputs["dxf"]) == fronts == sorted(outputs["dxf-merged"])
    for number in fronts:
        drawing = read_dxf(outputs["dxf"][number])
        assert drawing.header["$INSUNITS"] == 4 and drawing.units == ezdxf.units.MM
        assert {"CUT", "FOLD"} <= {layer.dxf.name for layer in drawing.layers}
        for entity in drawing.modelspace():
            assert entity.dxf.layer in ("CUT", "FOLD"), entity.dxftype()
            assert entity.dxftype() == ("LWPOLYLINE" if entity.dxf.layer == "CUT" else "LINE")


def test_a_dxf_says_its_page_is_its_extent_and_an_svg_cut_has_no_line_of_no_length(small_build):
    """A program that frames a drawing by its header's extents sees the page (they were 1e20 and -1e20,
    empty, with A3 limits); a rounded corner's arc follows its edge with no line of no length first,
    which a cutter would take for a cut."""
    pages, data, outputs = small_build
    paths = []
    for page in data["pages"]:
        if page["side"] != "front":
            continue
        drawing = read_dxf(outputs["dxf"][page["number"]])
        size = (page["width_mm"], page["height_mm"])
        assert tuple(drawing.header["$EXTMIN"])[:2] == (0, 0) and tuple(drawing.header["$EXTMAX"])[:2] == size
        assert tuple(drawing.header["$LIMMIN"]) == (0, 0) and tuple(drawing.header["$LIMMAX"]) == size
        paths += re.findall(r' d="([^"]*)"', outputs["cut"][page["number"]].decode())
    assert any("C" in path for path in paths)  # the cards' rounded corners
    assert not any(re.search(r"L([-\d.]+ [-\d.]+)L\1(?![\d.])", path) for path in paths), paths


def test_dxf_outlines_are_closed_at_the_manifest_size(small_build):
    _, data, outputs = small_build
    for page in data["pages"]:
        if page["side"] != "front":
            continue
        cut = [piece for piece in page["pieces"] if piece["component"] != "pad"]
        outlines = [entity for entity in cuts_of(read_dxf(outputs["dxf"][page["number"]]))]
        holes = sum(1 for piece in cut if piece["component"] == "frame")
        assert len(outlines) == len(cut) + holes
        assert all(entity.closed for entity in outlines)
        boxes = sorted(page_box(entity, page["height_mm"]) for entity in outlines)
        for piece in cut:
            expected = (piece["x_mm"], piece["y_mm"], piece["x_mm"] + piece["width_mm"],
                        piece["y_mm"] + piece["height_mm"])
            assert any(box == pytest.approx(expected, abs=TOL) for box in boxes), (piece, boxes)


def test_round_corners_are_arcs_not_segments(small_build):
    _, data, outputs = small_build
    page = next(page for page in data["pages"] if "card" in page["components"] and page["side"] == "front")
    for entity in cuts_of(read_dxf(outputs["dxf"][page["number"]])):
        bulges = [bulge for *_, bulge in entity.get_points("xyb") if bulge]
        # Quarter circles, clockwise as the outline runs (a negative bulge in the y-up DXF).
        assert len(bulges) == 4 and all(bulge == pytest.approx(-math.tan(math.pi / 8)) for bulge in bulges)
        points = entity.get_points("xy")
        assert len(points) == 8  # four sides, four corners: no corner broken into little lines


def test_the_printed_sheet_and_other_furniture_get_no_cut(small_build, bundled_build):
    _, data, outputs = small_build
    page = next(page for page in data["pages"] if "pad" in page["components"])
    assert not cuts_of(read_dxf(outputs["dxf"][page["number"]]))
    # Page 1 of a bundled game: the printing guide shares it with pieces, and only they are cut.
    folder = bundled_build("diamonds", "a4", "pdf,cut")
    first = json.loads((folder / "manifest.json").read_text())["pages"][0]
    assert "print-guide" in first["components"]
    guide = next(piece for piece in first["pieces"] if piece["component"] == "print-guide")
    pieces = [piece for piece in first["pieces"] if piece["component"] != "print-guide"]
    drawing = ezdxf.readfile(folder / "cut" / "page-01.dxf")
    boxes = [page_box(entity, first["height_mm"]) for entity in cuts_of(drawing)]
    assert len(boxes) == len(pieces)
    assert not any(box[0] < guide["x_mm"] + guide["width_mm"] and guide["x_mm"] < box[2]
                   and box[1] < guide["y_mm"] + guide["height_mm"] and guide["y_mm"] < box[3] for box in boxes)
    svg = ET.parse(folder / "cut" / "page-01.svg").getroot().find(f"{SVG}g[@id='cut']")
    assert len(list(svg)) == len(pieces)


def test_inner_cuts_are_closed_outlines_of_their_own(small_build):
    _, data, outputs = small_build
    page = next(page for page in data["pages"] if "frame" in page["components"])
    (frame,) = [piece for piece in page["pieces"] if piece["component"] == "frame"]
    (window,) = frame["holes"]  # the manifest gives the window's outline on the page
    cx, cy = sum(x for x, _ in window) / len(window), sum(y for _, y in window) / len(window)
    assert (cx, cy) == pytest.approx((frame["x_mm"] + 20.0, frame["y_mm"] + 18.0), abs=TOL)
    outlines = cuts_of(read_dxf(outputs["dxf"][page["number"]]))
    box = (cx - 8, cy - 8, cx + 8, cy + 8)
    assert sum(1 for entity in outlines if page_box(entity, page["height_mm"]) == pytest.approx(box, abs=TOL)) == 1
    svg = ET.fromstring(outputs["cut"][page["number"]]).find(f"{SVG}g[@id='cut']")
    assert sum(path.get("d").count("M") for path in svg) == len(outlines)  # each cut a path of its own


def test_the_diatoms_lens_window_is_cut(tmp_path):
    loaded = shared_game("diatoms")
    lens = [component for component in loaded.components() if component.name == "lens-tool"]
    pages = impose(lens, SETTINGS)
    outputs = render(pages, SETTINGS, "Test", ("dxf",), dpi=30)
    assert "cut" not in outputs  # dxf alone: no SVG
    drawing = read_dxf(outputs["dxf"][1])
    outline, window = sorted(cuts_of(drawing), key=lambda entity: -bbox.extents([entity]).size.x)
    assert window.closed and outline.closed
    inner, outer = bbox.extents([window]), bbox.extents([outline])
    assert outer.extmin.x < inner.extmin.x and inner.extmax.x < outer.extmax.x  # the window lies inside the lens
    assert inner.size.x == pytest.approx(inner.size.y, abs=TOL)  # round


def test_merged_files_keep_round_corners_and_cut_shared_edges_once(small_build):
    pages, data, outputs = small_build
    page = next(page for page in data["pages"] if "card" in page["components"] and page["side"] == "front")
    cards = [piece for piece in page["pieces"] if piece["component"] == "card"]
    drawing = read_dxf(outputs["dxf-merged"][page["number"]])
    arcs, lines = [], []
    for entity in cuts_of(drawing):
        points = entity.get_points("xyb")
        (arcs if any(bulge for *_, bulge in points) else lines).append(points)
    assert len(arcs) == 4 * len(cards)
    height = page["height_mm"]
    corners = {(round(piece["x_mm"] + dx * (piece["width_mm"] - 2 * CARD[2]) + CARD[2], 2),
                round(piece["y_mm"] + dy * (piece["height_mm"] - 2 * CARD[2]) + CARD[2], 2))
               for piece in cards for dx in (0, 1) for dy in (0, 1)}
    centres = set()
    for (x0, y0, bulge), (x1, y1, _) in arcs:
        cx, cy, radius, _, sweep = arc_of(x0, height - y0, x1, height - y1, -bulge)
        assert radius == pytest.approx(CARD[2], abs=TOL) and abs(sweep) == pytest.approx(90)
        centres.add((round(cx, 2), round(cy, 2)))
    assert centres == corners  # every corner of every card, on its own circle
    for points in lines:
        assert len(points) == 2 and not points[0][2]
    # Straight cuts shared by neighbours are one line each: fewer than four per card.
    assert len(lines) < 4 * len(cards)
    svg = ET.fromstring(outputs["cut-merged"][page["number"]]).find(f"{SVG}g[@id='cut']")
    assert sum(1 for path in svg if "C" in path.get("d")) == len(arcs)


def test_cut_files_are_byte_identical_from_build_to_build(small_build):
    pages, _, outputs = small_build
    again = render(pages, SETTINGS, "Test", ("cut",), dpi=30)
    for kind in ("cut", "cut-merged", "dxf", "dxf-merged"):
        assert again[kind] == outputs[kind], kind


def test_format_dxf_writes_the_dxf_alone_and_is_refused_without_sheets(tmp_path):
    code, stdout, stderr = run_pnp("build", "diamonds", "--format", "dxf", "--only", "card:card-AS", "--out", "out",
                                   cwd=tmp_path)
    assert code == 0, stderr
    folder = tmp_path / "out" / "diamonds"
    assert sorted(p.name for p in (folder / "cut").iterdir()) == ["merged", "page-01.dxf"]
    assert "1 DXF cut files in cut/" in stdout
    code, _, stderr = run_pnp("build", "diamonds", "--layout", "pieces", "--format", "dxf", "--out", "out2",
                              cwd=tmp_path)
    assert code == 2 and len(stderr.splitlines()) == 1 and "leave dxf out" in stderr
    assert not (tmp_path / "out2").exists()
