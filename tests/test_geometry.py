"""Geometry of a real Diamonds build, read back from manifest.json and from the files themselves."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from conftest import run_pnp
from generator.impose import SEAM_OVERLAP

ROOT = Path(__file__).resolve().parent.parent
MM_PER_PT = 25.4 / 72
TOLERANCE = 0.05
MARGIN = 6.35
CARD = (63.5, 88.9)
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
DPI = 40  # low, to keep the suite quick; the size rule is the same at any dpi


def pnp(*args: str) -> None:
    """Run pnp from the repository root and insist that it succeeds."""
    code, _, stderr = run_pnp(*args, cwd=ROOT)
    assert code == 0, stderr


@pytest.fixture(scope="module", params=sorted(PAPERS))
def build(request, bundled_build):
    """A full Diamonds build (pdf, svg, png) on one paper."""
    folder = bundled_build("diamonds", request.param, "pdf,svg,png", "--dpi", str(DPI))
    return request.param, folder, json.loads((folder / "manifest.json").read_text())


def pdf_page_sizes_mm(pdf: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", pdf)
    return [((float(x1) - float(x0)) * MM_PER_PT, (float(y1) - float(y0)) * MM_PER_PT) for x0, y0, x1, y1 in boxes]


def close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def test_pages_have_the_paper_size(build):
    paper, folder, manifest = build
    width, height = PAPERS[paper]
    assert manifest["paper"] == {"name": paper, "width_mm": width, "height_mm": height}
    sizes = pdf_page_sizes_mm((folder / "diamonds.pdf").read_bytes())
    assert len(sizes) == len(manifest["pages"])
    for (pdf_w, pdf_h), page in zip(sizes, manifest["pages"]):
        assert sorted((page["width_mm"], page["height_mm"])) == sorted((width, height))
        assert close(pdf_w, page["width_mm"]) and close(pdf_h, page["height_mm"])


def test_every_card_has_the_exact_poker_size(build):
    _, _, manifest = build
    cards = [p for page in manifest["pages"] for p in page["pieces"] if p["component"] == "card"]
    assert len([c for c in cards if c["face"] == "front"]) == 54
    for card in cards:
        size = (card["width_mm"], card["height_mm"])[::-1 if card["rotation"] in (90, 270) else 1]
        assert close(size[0], CARD[0]) and close(size[1], CARD[1]), card
    # Every sheet of cards holds them one way round (A4 upright holds eight poker cards turned).
    for page in manifest["pages"]:
        assert len({card["rotation"] for card in page["pieces"] if card["component"] == "card"}) <= 1, page["number"]
    # The reference cards are larger, to hold their words at 7 pt: 92 x 124 mm, four to a sheet.
    aids = [p for page in manifest["pages"] for p in page["pieces"] if p["component"] == "reference-card"]
    assert len(aids) == 6 and all(close(a["width_mm"], 92.0) and close(a["height_mm"], 124.0) for a in aids)


def test_the_deck_is_complete_front_and_back(build):
    _, _, manifest = build
    placed = [(p["id"], p["face"]) for page in manifest["pages"] for p in page["pieces"] if p["component"] == "card"]
    fronts = [i for i, face in placed if face == "front"]
    backs = [i for i, face in placed if face == "back"]
    assert len(set(fronts)) == 54 and sorted(fronts) == sorted(backs)
    assert "card-AS" in fronts and "card-10D" in fronts and "card-JOKER-2" in fronts


def test_every_trim_box_is_inside_the_printable_area(build):
    _, _, manifest = build
    for page in manifest["pages"]:
        for piece in page["pieces"]:
            assert piece["x_mm"] >= MARGIN - TOLERANCE, piece
            assert piece["y_mm"] >= MARGIN - TOLERANCE, piece
            assert piece["x_mm"] + piece["width_mm"] <= page["width_mm"] - MARGIN + TOLERANCE, piece
            assert piece["y_mm"] + piece["height_mm"] <= page["height_mm"] - MARGIN + TOLERANCE, piece


def test_cards_turn_on_the_sheet_and_every_page_keeps_the_jobs_one_orientation(build):
    paper, _, manifest = build
    assert manifest["pages"][0]["components"][0] == "print-guide"  # page 1: how to print and build
    assert len({(page["width_mm"], page["height_mm"]) for page in manifest["pages"]}) == 1
    first = next(page for page in manifest["pages"] if page["components"] == ["card"])
    upright = first["width_mm"] < first["height_mm"]
    # A4 upright holds 2 x 4 turned; Letter 3 x 2 upright, or 4 x 2 on its side, and the job that
    # takes fewer sheets in all wins (Diamonds on Letter: as many either way, so upright).
    assert len(first["pieces"]) == (8 if paper == "a4" or not upright else 6)
    assert upright


def mirrored(front: dict, page: dict, flip: str) -> tuple[float, float]:
    """Where the back of `front` belongs after the printer turns the sheet over its `flip` edge."""
    portrait = page["width_mm"] <= page["height_mm"]
    swaps_left_right = (flip == "long") == portrait
    if swaps_left_right:
        return page["width_mm"] - front["x_mm"] - front["width_mm"], front["y_mm"]
    return front["x_mm"], page["height_mm"] - front["y_mm"] - front["height_mm"]


def check_backs_mirror_fronts(manifest: dict, flip: str) -> int:
    """Pages alternate front, back from the first to the last (one double-sided print job), and
    each back sits behind its front; a sheet without backs has a blank back page."""
    pages = manifest["pages"]
    assert len(pages) % 2 == 0
    assert [page["side"] for page in pages] == ["front", "back"] * (len(pages) // 2)
    checked = 0
    for before, page in zip(pages[0::2], pages[1::2]):
        assert before["component"] == page["component"]
        assert (before["width_mm"], before["height_mm"]) == (page["width_mm"], page["height_mm"])
        fronts = {p["id"]: p for p in before["pieces"]}
        assert {p["id"] for p in page["pieces"]} <= set(fronts)
        for back in page["pieces"]:
            x, y = mirrored(fronts[back["id"]], page, flip)
            assert close(back["x_mm"], x) and close(back["y_mm"], y), (back, fronts[back["id"]])
            checked += 1
    return checked


def test_each_back_is_at_the_mirrored_place_of_its_front(build):
    _, _, manifest = build
    assert manifest["duplex"] == "long"
    assert check_backs_mirror_fronts(manifest, "long") == 54 + 3


@pytest.mark.parametrize("flip", ["short", "off"])
def test_other_duplex_modes(flip, tmp_path):
    pnp("build", "diamonds", "--out", str(tmp_path), "--duplex", flip)
    manifest = json.loads((tmp_path / "diamonds" / "manifest.json").read_text())
    backs = [page for page in manifest["pages"] if page["side"] == "back"]
    if flip == "off":  # only the reference cards' second side, to glue behind them
        assert backs and {piece["component"] for page in backs for piece in page["pieces"]} == {"reference-card"}
    else:
        assert check_backs_mirror_fronts(manifest, flip) == 54 + 3
        # Upright sheets flipped on their short edge swap top and bottom: a back keeps its front's x.
        cards = [page for page in manifest["pages"] if page["components"] == ["card"]]
        assert cards[0]["width_mm"] < cards[0]["height_mm"]
        assert any(back["pieces"][0]["x_mm"] == cards[0]["pieces"][0]["x_mm"] for back in cards if back["side"] == "back")


def test_svg_pages_match_pdf_pages(build):
    _, folder, manifest = build
    svgs = sorted((folder / "svg").glob("page-*.svg"))
    assert len(svgs) == len(manifest["pages"])
    for path, page in zip(svgs, manifest["pages"]):
        root = ET.parse(path).getroot()
        assert close(float(root.get("width").removesuffix("mm")), page["width_mm"])
        assert close(float(root.get("height").removesuffix("mm")), page["height_mm"])
        assert root.get("viewBox") == f"0 0 {page['width_mm']:g} {page['height_mm']:g}"


SVG = "{http://www.w3.org/2000/svg}"


def svg_clip_boxes(path: Path) -> list[tuple[float, float, float, float]]:
    """Bounding boxes of the clips of the page's top-level groups: one per placed piece."""
    root = ET.parse(path).getroot()
    clips = {clip.get("id"): clip for clip in root.iter(f"{SVG}clipPath")}
    boxes = []
    for group in root.findall(f"{SVG}g"):
        clip = clips[group.get("clip-path")[len("url(#"):-1]]
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", clip[0].get("d"))]
        xs, ys = numbers[0::2], numbers[1::2]
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes


def test_svg_draws_each_piece_where_the_manifest_says(build):
    """The files agree with the manifest: each piece's art is clipped to its trim box plus bleed,
    and the bleed is cut to a hair only where two pieces share a cut line."""
    _, folder, manifest = build
    bleed = manifest["bleed_mm"]
    for page in manifest["pages"]:
        if page["component"] != "card":
            continue
        boxes = svg_clip_boxes(folder / "svg" / f"page-{page['number']:02d}.svg")
        assert len(boxes) == len(page["pieces"])
        for piece, (x0, y0, x1, y1) in zip(page["pieces"], boxes):
            left, top = piece["x_mm"], piece["y_mm"]
            right, bottom = left + piece["width_mm"], top + piece["height_mm"]
            corners = [(p["x_mm"], p["y_mm"]) for p in page["pieces"] if p is not piece]

            def bleed_towards(dx: float, dy: float) -> float:
                """A hair past a cut line shared with a neighbour (no seam of paper between them), the
                full bleed elsewhere."""
                shared = any(close(nx, piece["x_mm"] + dx) and close(ny, piece["y_mm"] + dy) for nx, ny in corners)
                return SEAM_OVERLAP if shared else bleed

            assert close(x0, left - bleed_towards(-piece["width_mm"], 0))
            assert close(x1, right + bleed_towards(piece["width_mm"], 0))
            assert close(y0, top - bleed_towards(0, -piece["height_mm"]))
            assert close(y1, bottom + bleed_towards(0, piece["height_mm"]))


def test_png_pixel_size_matches_the_dpi(build):
    _, folder, manifest = build
    pngs = sorted((folder / "png").glob("page-*.png"))
    assert len(pngs) == len(manifest["pages"])
    for path, page in zip(pngs, manifest["pages"]):
        with Image.open(path) as image:
            assert image.size == (round(page["width_mm"] / 25.4 * DPI), round(page["height_mm"] / 25.4 * DPI))


def test_png_backs_are_printed_where_the_manifest_puts_them(build):
    """Sample the raster: the middle of every back is the deck's dark blue, the page corner is white."""
    _, folder, manifest = build
    for page in manifest["pages"]:
        if page["side"] != "back" or page["component"] != "card":
            continue
        with Image.open(folder / "png" / f"page-{page['number']:02d}.png") as image:
            image = image.convert("RGB")
            px = DPI / 25.4
            assert image.getpixel((2, 2)) == (255, 255, 255)
            for piece in page["pieces"]:
                r, g, b = image.getpixel((round((piece["x_mm"] + 3) * px), round((piece["y_mm"] + 20) * px)))
                assert b > r + 20 and b > 40 and r < 110, (piece, (r, g, b))


def test_fonts_are_embedded(build):
    _, folder, _ = build
    pdf = (folder / "diamonds.pdf").read_bytes()
    fonts = re.findall(rb"/BaseFont /([A-Za-z+\-]+)", pdf)
    assert fonts, "no fonts found"
    assert not any(name in pdf for name in (b"/Helvetica", b"/Times-Roman", b"/Courier"))
    assert pdf.count(b"/FontFile2") >= len(set(fonts)) - pdf.count(b"/Subtype /Type0")


def test_two_builds_are_byte_identical(tmp_path):
    for run in ("one", "two"):
        pnp("build", "diamonds", "--out", str(tmp_path / run), "--format", "pdf,svg")
    one, two = tmp_path / "one" / "diamonds", tmp_path / "two" / "diamonds"
    assert (one / "diamonds.pdf").read_bytes() == (two / "diamonds.pdf").read_bytes()
    svgs = sorted(p.name for p in (one / "svg").iterdir())
    assert svgs and svgs == sorted(p.name for p in (two / "svg").iterdir())
    for name in svgs:
        assert (one / "svg" / name).read_bytes() == (two / "svg" / name).read_bytes()


def test_the_mat_is_tiled_and_its_parts_cover_it(build):
    _, _, manifest = build
    parts = [(page, p) for page in manifest["pages"] for p in page["pieces"] if p["component"] == "dig-site-mat"]
    assert len(parts) > 1, "the mat is larger than a sheet and must be tiled"
    info = parts[0][1]["part"]
    width, height = info["piece_width_mm"], info["piece_height_mm"]
    assert len(parts) == info["rows"] * info["cols"]
    # Every point of the mat is on some page (checked on a 1 mm lattice), and neighbours overlap.
    for gx in range(int(width) + 1):
        for gy in range(0, int(height) + 1, 7):
            assert any(
                p["part"]["x_mm"] - TOLERANCE <= gx <= p["part"]["x_mm"] + p["width_mm"] + TOLERANCE
                and p["part"]["y_mm"] - TOLERANCE <= gy <= p["part"]["y_mm"] + p["height_mm"] + TOLERANCE
                for _, p in parts
            ), (gx, gy)
    first_row = sorted((p for _, p in parts if p["part"]["row"] == 0), key=lambda p: p["part"]["col"])
    for left, right in zip(first_row, first_row[1:]):
        assert left["part"]["x_mm"] + left["width_mm"] - right["part"]["x_mm"] >= 5.0
