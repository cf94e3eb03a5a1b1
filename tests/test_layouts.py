"""Shapes, layouts and shared sheets, on a small test game built in code: hex tiles in nested rows,
a pyramid net and tokens sharing the room the tiles leave. Positions are read back from the manifest and the files."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
import zlib

import pytest

from generator.geometry import Path
from generator.impose import Paper, PrintSettings, impose
from generator.kit.nets import square_pyramid_net, unfold
from generator.model import Component, Piece, fill_bleed
from generator.render import manifest, render
from generator.shapes import Circle, Outline, Rect, RegularPolygon, grown_polygon

A4 = Paper("a4", 210.0, 297.0, 6.35)
BLEED, HEX_GUTTER, TOKEN_GUTTER = 3.0, 4.0, 3.0
# Shaped pieces keep at least twice the bleed apart, whatever gutter their component asks for.
HEX_SPACING = max(HEX_GUTTER, 2 * BLEED)
ACROSS_FLATS = 50.8
TOL = 0.05
SVG = "{http://www.w3.org/2000/svg}"


def paint(colour):
    def face(canvas, area):
        fill_bleed(canvas, area, colour)
    return face


def small_game() -> list[Component]:
    hexes = [Piece(f"hex-{i}", RegularPolygon.hexagon(ACROSS_FLATS, pointy_top=True), paint("#2a9d8f"), paint("#264653"))
             for i in range(10)]
    net = unfold(square_pyramid_net(25.4, 44.5))
    pyramid = [Piece("pyramid-1", Outline(net.outline, net.folds), paint("#e76f51"))]
    tokens = [Piece(f"token-{i}", Circle(20.0), paint("#e9c46a")) for i in range(5)]
    return [
        Component("hex-tile", "Hex tiles", hexes, gutter=HEX_GUTTER),
        Component("pyramid", "Pyramids", pyramid, gutter=4.0, stock="card"),  # a net on card, to share
        Component("token", "Tokens", tokens, gutter=TOKEN_GUTTER),
    ]


@pytest.fixture(scope="module", params=["long", "short"])
def built(request):
    settings = PrintSettings(paper=A4, duplex=request.param, bleed=BLEED)
    pages = impose(small_game(), settings)
    data = manifest("test", pages, settings)
    outputs = render(pages, settings, "Test", ("pdf", "svg", "cut"), dpi=40)
    return settings, pages, data, outputs


def pieces(data, component, face="front"):
    return [(page, p) for page in data["pages"] for p in page["pieces"] if p["component"] == component and p["face"] == face]


def centre(piece) -> tuple[float, float]:
    xs, ys = zip(*piece["outline"])
    return sum(xs) / len(xs), sum(ys) / len(ys)


# --- outlines in the manifest -----------------------------------------------------------------

def test_hex_outline_points_are_a_regular_hexagon_in_its_box(built):
    _, _, data, _ = built
    radius = ACROSS_FLATS / math.sqrt(3)
    for _, piece in pieces(data, "hex-tile") + pieces(data, "hex-tile", "back"):
        assert piece["shape"] == "polygon" and len(piece["outline"]) == 6
        cx, cy = centre(piece)
        assert cx == pytest.approx(piece["x_mm"] + piece["width_mm"] / 2, abs=TOL)
        assert cy == pytest.approx(piece["y_mm"] + piece["height_mm"] / 2, abs=TOL)
        for x, y in piece["outline"]:
            assert math.dist((x, y), (cx, cy)) == pytest.approx(radius, abs=TOL)
        top = min(piece["outline"], key=lambda p: p[1])
        assert top[0] == pytest.approx(cx, abs=TOL)  # pointy top, as the game asked


def test_hexes_nest_in_rows_with_the_gutter_between_neighbours(built):
    _, _, data, _ = built
    page, _ = pieces(data, "hex-tile")[0]
    hexes = [p for p in page["pieces"] if p["component"] == "hex-tile"]
    rows = sorted({round(p["y_mm"], 3) for p in hexes})
    assert len(rows) >= 3
    pitch = ACROSS_FLATS + HEX_SPACING
    for upper, lower in zip(rows, rows[1:]):
        assert lower - upper == pytest.approx(pitch * math.sqrt(3) / 2, abs=TOL)  # rows close up
    first_x = [min(p["x_mm"] for p in hexes if round(p["y_mm"], 3) == row) for row in rows[:2]]
    assert abs(first_x[1] - first_x[0]) == pytest.approx(pitch / 2, abs=TOL)  # every other row shifts
    centres = [centre(p) for p in hexes]
    nearest = min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1:])
    assert nearest == pytest.approx(pitch, abs=TOL)  # across the flats plus the gutter
    assert len(hexes) == 10 and len(rows) == 4  # 3 + 2 + 3 + 2 on an A4 page


def test_pyramid_net_outline_and_folds_come_from_the_kit(built):
    _, _, data, _ = built
    ((_, piece),) = pieces(data, "pyramid")
    net = unfold(square_pyramid_net(25.4, 44.5))
    assert piece["shape"] == "path" and len(piece["outline"]) == len(net.outline)
    expected = Outline(net.outline).corners
    # The net may be placed turned: its outline keeps the kit's edges, in order, whichever way it lies.
    def edges(points):
        return [math.dist(a, b) for a, b in zip(points, points[1:] + points[:1])]
    assert edges(piece["outline"]) == pytest.approx(edges(expected), abs=TOL)
    xs, ys = zip(*piece["outline"])
    assert (min(xs), min(ys)) == pytest.approx((piece["x_mm"], piece["y_mm"]), abs=TOL)


def test_components_share_sheets_and_pieces_without_backs_get_blank_backs(built):
    settings, pages, data, _ = built
    shared = [page for page in data["pages"] if page["side"] == "front" and "pyramid" in page["components"]]
    assert len(shared) == 1 and {"pyramid", "token"} <= set(shared[0]["components"])
    assert "hex-tile" in shared[0]["components"]  # the net and the tokens fill the room the tiles leave
    behind = data["pages"][shared[0]["number"]]  # numbers count from 1: this is the next page
    assert behind["side"] == "back" and {piece["component"] for piece in behind["pieces"]} == {"hex-tile"}
    assert len(data["pages"]) == 2  # one sheet, the net and the tokens beside the hexes, and its backs


def test_every_back_is_behind_its_front(built):
    settings, _, data, _ = built
    pages = data["pages"]
    assert [p["side"] for p in pages] == ["front", "back"] * (len(pages) // 2)
    for front_page, back_page in zip(pages[0::2], pages[1::2]):
        width, height = front_page["width_mm"], front_page["height_mm"]
        left_right = (settings.duplex == "long") == (width <= height)
        fronts = {p["id"]: p for p in front_page["pieces"]}
        for back in back_page["pieces"]:
            front = fronts[back["id"]]
            if left_right:
                assert back["x_mm"] == pytest.approx(width - front["x_mm"] - front["width_mm"], abs=TOL)
                assert back["y_mm"] == pytest.approx(front["y_mm"], abs=TOL)
                mirror = [[width - x, y] for x, y in front["outline"]]
            else:
                assert back["x_mm"] == pytest.approx(front["x_mm"], abs=TOL)
                assert back["y_mm"] == pytest.approx(height - front["y_mm"] - front["height_mm"], abs=TOL)
                mirror = [[x, height - y] for x, y in front["outline"]]
            for point, expected in zip(sorted(back["outline"]), sorted(mirror)):
                assert point == pytest.approx(expected, abs=TOL)


# --- what the files draw ----------------------------------------------------------------------

def svg_root(outputs, number):
    return ET.fromstring(outputs["svg"][number])


def points_of(d: str) -> list[tuple[float, float]]:
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(numbers[0::2], numbers[1::2]))


def flat(points) -> list[float]:
    return [v for point in points for v in point]


def test_art_is_clipped_to_the_outline_grown_by_the_bleed(built):
    _, pages, data, outputs = built
    root = svg_root(outputs, 1)
    clips = {c.get("id"): c[0].get("d") for c in root.iter(f"{SVG}clipPath")}
    groups = root.findall(f"{SVG}g")
    placed = data["pages"][0]["pieces"]
    assert len(groups) == len(placed)
    grow = min(BLEED, HEX_SPACING / 2)
    radius = ACROSS_FLATS / math.sqrt(3) + grow / math.cos(math.pi / 6)
    hexes = [(group, piece) for group, piece in zip(groups, placed) if piece["component"] == "hex-tile"]
    assert hexes
    for group, piece in hexes:
        outline = points_of(clips[group.get("clip-path")[5:-1]])
        cx, cy = centre(piece)
        assert len(set(outline)) == 6
        for point in outline:
            assert math.dist(point, (cx, cy)) == pytest.approx(radius, abs=TOL)


def test_cut_lines_and_fold_lines_are_drawn_in_one_style(built):
    settings, pages, data, outputs = built
    sheet = settings.sheet
    shared = next(p for p in data["pages"] if "pyramid" in p["components"] and p["side"] == "front")
    root = svg_root(outputs, shared["number"])
    paths = list(root.iter(f"{SVG}path"))
    cuts = [p for p in paths if p.get("stroke") == sheet.cut_colour and not p.get("stroke-dasharray")]
    folds = [p for p in paths if p.get("stroke") == sheet.fold_colour and p.get("stroke-dasharray")]
    casings = [p for p in paths if p.get("stroke") == sheet.halo_colour]
    assert len(cuts) == len(shared["pieces"])  # hexes, the pyramid, five tokens: each its own cut line
    assert len(folds) == 4  # three between the faces, one for the glue tab: grey, dashed, thinner
    assert sheet.fold_colour != sheet.cut_colour
    assert len(casings) == len(cuts) + len(folds)  # a light casing under every line, for dark art
    # A fold's casing is dashed like the fold, so on dark art it never reads as a cut.
    assert len([p for p in casings if p.get("stroke-dasharray")]) == len(folds)
    pyramid = next(p for p in shared["pieces"] if p["component"] == "pyramid")
    cut = next(points_of(p.get("d")) for p in cuts if len(points_of(p.get("d"))) == len(pyramid["outline"]))
    assert flat(cut) == pytest.approx(flat(pyramid["outline"]), abs=TOL)
    # Crop marks only where cuts are straight: none on a sheet of hexes, nets and tokens.
    assert all(not page.crop_marks for page in pages)
    # Backs carry no cut lines: a shifted back would show them.
    back = svg_root(outputs, 2)
    assert not [p for p in back.iter(f"{SVG}path") if p.get("stroke") == sheet.cut_colour]


def test_cut_files_hold_the_outlines_of_each_front_page(built):
    """Read as a cutting machine's software reads them: closed outlines inside the page, no clip
    paths, cuts and folds in their own colours and their own named groups."""
    _, _, data, outputs = built
    fronts = [p["number"] for p in data["pages"] if p["side"] == "front"]
    assert sorted(outputs["cut"]) == fronts and sorted(outputs["cut-merged"]) == fronts
    for number in fronts:
        root = svg_root(outputs, number)
        page = data["pages"][number - 1]
        cut_svg = ET.fromstring(outputs["cut"][number])
        assert (cut_svg.get("width"), cut_svg.get("height")) == (root.get("width"), root.get("height"))
        assert not list(cut_svg.iter(f"{SVG}text")) and not list(cut_svg.iter(f"{SVG}clipPath"))
        groups = {group.get("id"): group for group in cut_svg.iter(f"{SVG}g")}
        assert groups["cut"].get("stroke") == "#ff0000" and groups["fold"].get("stroke") == "#0000ff"
        cuts = list(groups["cut"].iter(f"{SVG}path"))
        assert len(cuts) == len(page["pieces"])
        for path in cuts:
            d = path.get("d")
            assert d.rstrip().endswith("Z")  # closed
            xs, ys = zip(*points_of(d))
            assert 0 <= min(xs) and max(xs) <= page["width_mm"] and 0 <= min(ys) and max(ys) <= page["height_mm"]
        folds = list(groups["fold"].iter(f"{SVG}path"))
        assert len(folds) == sum(4 for piece in page["pieces"] if piece["component"] == "pyramid")


def test_cut_files_of_a_tiled_piece_hold_each_part_closed_inside_its_page():
    settings = PrintSettings(paper=A4, duplex="long", bleed=BLEED)
    board = Component("board", "Board", [Piece("board", Rect(330.0, 250.0), paint("#cccccc"))])
    pages = impose([board], settings)
    outputs = render(pages, settings, "Test", ("cut",), dpi=40)
    fronts = [page for page in pages if page.side == "front"]
    assert len(fronts) > 1
    for page in fronts:
        [cut] = ET.fromstring(outputs["cut"][page.number]).find(f"{SVG}g[@id='cut']")
        xs, ys = zip(*points_of(cut.get("d")))
        x0, y0, x1, y1 = page.placements[0].window
        assert min(xs) >= x0 - TOL and max(xs) <= x1 + TOL and min(ys) >= y0 - TOL and max(ys) <= y1 + TOL
        assert max(xs) - min(xs) < page.width and cut.get("d").endswith("Z")


def test_merged_cut_files_cut_each_shared_edge_once():
    settings = PrintSettings(paper=A4, duplex="long", bleed=BLEED)
    cards = Component("card", "Cards", [Piece(f"c{i}", Rect(63.5, 88.9), paint("#ffffff")) for i in range(9)])
    pages = impose([cards], settings)
    outputs = render(pages, settings, "Test", ("cut",), dpi=40)
    merged = ET.fromstring(outputs["cut-merged"][1]).find(f"{SVG}g[@id='cut']")
    lines = [points_of(path.get("d")) for path in merged]
    placed = [p for p in pages[0].placements]
    across = {round(p.x, 2) for p in placed} | {round(p.x + p.size[0], 2) for p in placed}
    down = {round(p.y, 2) for p in placed} | {round(p.y + p.size[1], 2) for p in placed}
    assert len(lines) == len(across) + len(down)  # one line per cut, however many cards it passes
    separate = ET.fromstring(outputs["cut"][1]).find(f"{SVG}g[@id='cut']")
    assert len(list(separate)) == len(placed)


def pdf_page_streams(pdf: bytes) -> list[bytes]:
    """The decompressed content stream of each page, in page order."""
    objects = {}
    for match in re.finditer(rb"(\d+) 0 obj\s*<<((?:(?!endobj).)*?)>>\s*stream\r?\n", pdf, re.S):
        length = int(re.search(rb"/Length (\d+)", match.group(2)).group(1))
        objects[int(match.group(1))] = zlib.decompress(pdf[match.end():match.end() + length])
    return [objects[int(n)] for n in re.findall(rb"/Contents (\d+) 0 R", pdf)]


def test_pdf_and_svg_draw_the_same_path_coordinates(built):
    _, pages, _, outputs = built
    streams = pdf_page_streams(outputs["pdf"])
    assert len(streams) == len(pages)
    for number in (1, 2):  # a sheet of fronts and its backs
        pdf_points = []
        for operands in re.findall(rb"^((?:-?[\d.]+ )+)[mlc]$", streams[number - 1], re.M):
            pdf_points += points_of(operands.decode())
        svg_points = []
        for element in svg_root(outputs, number).iter(f"{SVG}path"):
            svg_points += points_of(element.get("d"))
        assert len(pdf_points) > 100
        assert flat(sorted(pdf_points)) == pytest.approx(flat(sorted(svg_points)), abs=0.002)


def test_rect_pieces_turn_when_that_fits_more():
    # 60 x 91 mm cards: upright, an A4 sheet holds 3 x 2 (portrait) or 4 x 1 (landscape, where
    # the footer takes some height); turned, 2 x 4 on a portrait sheet.
    cards = [Piece(f"card-{i}", Rect(60.0, 91.0), paint("#000000")) for i in range(8)]
    settings = PrintSettings(paper=A4, duplex="off")
    pages = impose([Component("card", "Cards", cards)], settings)
    data = manifest("test", pages, settings)
    assert len(pages) == 1 and pages[0].width < pages[0].height
    for piece in data["pages"][0]["pieces"]:
        assert piece["rotation"] == 90 and (piece["width_mm"], piece["height_mm"]) == (91.0, 60.0)


def test_grown_polygon_keeps_every_side_the_bleed_away():
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    assert grown_polygon(square, 2.0) == [(-2, -2), (12, -2), (12, 12), (-2, 12)]
    spike = [(0.0, 0.0), (100.0, 5.0), (0.0, 10.0)]  # a very sharp corner is bevelled, not mitred far out
    grown = grown_polygon(spike, 1.0)
    assert len(grown) == 4 and max(x for x, _ in grown) < 103.0
    assert Path.polygon(grown).bounds()[0] == pytest.approx(-1.0)


def test_spread_deals_the_pieces_round_their_groups():
    from generator.model import Piece, spread
    from generator.shapes import Rect

    pieces = [Piece(f"{suit}{rank}", Rect(10, 10), front=lambda c, a: None) for suit in "SHD" for rank in range(3)]
    dealt = spread(pieces, group=lambda piece: piece.id[0])
    assert [piece.id for piece in dealt] == ["S0", "H0", "D0", "S1", "H1", "D1", "S2", "H2", "D2"]
    uneven = spread(pieces[:4], group=lambda piece: piece.id[0])  # three spades and a heart
    assert [piece.id for piece in uneven] == ["S0", "H0", "S1", "S2"]


@pytest.mark.parametrize("layout", ["pieces", "tts"])
def test_cut_files_are_refused_where_no_sheets_print(tmp_path, layout):
    from conftest import run_pnp

    code, _, stderr = run_pnp("build", "diamonds", "--layout", layout, "--format", "cut", "--out", "out", cwd=tmp_path)
    assert code == 2 and len(stderr.splitlines()) == 1 and "cut files go with the printed sheets" in stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("shape", ["hexagon", "hexagon-flat", "circle", "rect"])
def test_a_frame_follows_the_cut_of_any_shape(tmp_path, shape):
    """A frame is the cut's own line, border_mm inside it: a hex tile's frame is a hexagon, not a
    rectangle clipped to the hex."""
    from generator.load import load_game
    from generator.model import Area
    from generator.recording import record_face

    (tmp_path / "tiles.yaml").write_text(f"""game: custom
title: Tiles
components:
  tile:
    piece: hex-tile
    shape: {shape}
    rows: [{{id: a}}]
    front: front
layouts:
  front:
    edge: {{frame: true, stroke: "#ff0000", stroke_mm: 0.5}}
style: {{border_mm: 2}}
""")
    loaded = load_game(str(tmp_path / "tiles.yaml"))
    piece = loaded.components()[0].pieces[0]
    drawn = record_face(piece.front, Area(piece.width, piece.height, 0.0, piece.shape))
    frames = [path for kind, path, *rest in drawn.calls if kind == "path" and rest[0].stroke == "#ff0000"]
    assert len(frames) == 1
    corners = [(command[-2], command[-1]) for command in frames[0].commands if command[0] != "Z"]
    if shape.startswith("hexagon"):
        expected = piece.shape.points(-2.0)
        assert len(corners) == 6 and all(min(math.dist(c, e) for e in expected) < 1e-6 for c in corners), corners
    elif shape == "circle":
        centre = (piece.width / 2, piece.height / 2)
        assert all(abs(math.dist(c, centre) - (piece.width / 2 - 2.0)) < 1e-6 for c in corners), corners
    else:
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((2, 2, piece.width - 2, piece.height - 2))


def test_a_sharp_corner_grown_out_is_cut_square_the_whole_distance_past_it_and_taken_in_stays_inside():
    triangle = [(0.0, 0.0), (40.0, 0.0), (0.0, 30.0)]  # a 36.9-degree tip at (40, 0)
    grown = grown_polygon(triangle, 3.0)
    tip = (40.0, 0.0)
    inward = (-1.0 - 0.8, 0.0 + 0.6)  # the sides' directions from the tip, summed: along its bisector
    length = math.hypot(*inward)
    reach = max(-((x - tip[0]) * inward[0] + (y - tip[1]) * inward[1]) / length for x, y in grown)
    assert reach == pytest.approx(3.0, abs=0.01)  # the bleed runs its whole 3 mm beyond the tip
    inset = grown_polygon(triangle, -1.0)
    assert all(30 * x + 40 * y <= 1200 - 50 + 1e-6 and x >= 1 - 1e-6 and y >= 1 - 1e-6 for x, y in inset), inset
