"""Print craft, read from what every bundled game prints (DESIGN.md, "Print craft"):

* every PDF carries a rules sheet;
* no text on a piece is smaller than 7 pt: sizes are read back from the PDF and charged to the piece
  they sit on (the page furniture round the pieces, footer and ruler, is tests/test_furniture.py's);
* a back that hides its front (one back shared by every piece of a component) shows nothing a duplex
  printer's 1-2 mm shift would give away: its backs are rendered from the PDF, and across the band from
  2 mm outside the trim to 5 mm inside, every line parallel to the cut looks alike, so no frame, line
  or colour edge runs along it;
* no sheet is mostly empty.
"""

from __future__ import annotations

import itertools
import json

import pypdfium2 as pdfium
import pytest

import pdfprobe
from conftest import run_pnp, shared_game

GAMES = ["diamonds", "blood_diamonds", "diaominos", "diatoms", "diamond_mine"]
FLOOR_PT = 7.0
DPI = 100
BAND_IN_MM, BAND_OUT_MM = 5.0, 2.0  # inside the trim (where a shift would show), and the shift
LEAST_COVER = 0.3  # the share of a sheet's printable area its pieces cover


def build_all(bundled_build, paper: str) -> dict:
    folders = {game: bundled_build(game, paper) for game in GAMES}
    return {game: (json.loads((folder / "manifest.json").read_text()), folder / f"{game}.pdf")
            for game, folder in folders.items()}


@pytest.fixture(scope="module")
def builds(bundled_build):
    """Every game built once, A4 with long-edge duplex: its manifest and its PDF."""
    return build_all(bundled_build, "a4")


@pytest.fixture(scope="module")
def letter_builds(bundled_build):
    return build_all(bundled_build, "letter")


@pytest.mark.parametrize("game", GAMES)
def test_every_pdf_carries_a_rules_sheet(builds, game):
    manifest, _ = builds[game]
    components = {piece["component"] for page in manifest["pages"] for piece in page["pieces"]}
    assert "rules-sheet" in components, sorted(components)


def _holder(page: dict, x: float, y: float) -> dict | None:
    """The piece placed under the point (mm from the page's top left), if any."""
    for piece in page["pieces"]:
        if (piece["x_mm"] - 0.5 <= x <= piece["x_mm"] + piece["width_mm"] + 0.5
                and piece["y_mm"] - 0.5 <= y <= piece["y_mm"] + piece["height_mm"] + 0.5):
            return piece
    return None


@pytest.mark.parametrize("game", GAMES)
def test_no_text_on_a_piece_is_under_7_pt(builds, game):
    manifest, pdf = builds[game]
    floor_mm = FLOOR_PT * 25.4 / 72
    small: dict[str, tuple[float, str]] = {}
    for page, (chars, _) in zip(manifest["pages"], pdfprobe.read(pdf)):
        for char in chars:
            piece = _holder(page, char.x, page["height_mm"] - char.y)
            if piece is None or char.size >= floor_mm - 1e-3 or char.char.isspace():
                continue
            where = f"{piece['component']} {piece['face']}"
            if where not in small or char.size < small[where][0]:
                small[where] = (char.size, f"{piece['id']} on page {page['number']}: {char.char!r}")
    assert not small, "; ".join(f"{where} at {size * 72 / 25.4:.1f} pt ({what})" for where, (size, what) in small.items())


def _common_backs(game: str) -> set[str]:
    """Components whose pieces all share one back: that back hides which piece is in front."""
    found = set()
    for component in shared_game(game).components():
        backs = {id(piece.back) for piece in component.pieces}
        if len(component.pieces) > 1 and len(backs) == 1 and component.pieces[0].back is not None:
            found.add(component.name)
    return found


def _profile(image, box_px, side: str) -> list[tuple[float, float, float]]:
    """The mean colour of each line of pixels parallel to `side` of the box, from BAND_OUT_MM outside
    the trim to BAND_IN_MM inside; the lines run along the side less its corners."""
    left, top, right, bottom = box_px
    px = DPI / 25.4
    out, inside = round(BAND_OUT_MM * px), round(BAND_IN_MM * px)
    corner = round((BAND_IN_MM + 3) * px)
    pixels = image.load()
    profile = []
    for depth in range(-out, inside):
        if side in ("left", "right"):
            x = left + depth if side == "left" else right - 1 - depth
            points = [(x, y) for y in range(top + corner, bottom - corner)]
        else:
            y = top + depth if side == "top" else bottom - 1 - depth
            points = [(x, y) for x in range(left + corner, right - corner)]
        colours = [pixels[p][:3] for p in points]
        profile.append(tuple(sum(c[k] for c in colours) / len(colours) for k in range(3)))
    return profile


@pytest.mark.parametrize("game", GAMES)
def test_shared_backs_show_nothing_along_the_cut(builds, game):
    manifest, pdf = builds[game]
    common = _common_backs(game)
    if not common:
        assert all(piece["face"] == "front" or piece["component"] not in common
                   for page in manifest["pages"] for piece in page["pieces"])
        return
    document = pdfium.PdfDocument(str(pdf))
    problems = []
    try:
        seen = set()
        for index, page in enumerate(manifest["pages"]):
            backs = [piece for piece in page["pieces"] if piece["face"] == "back" and piece["component"] in common]
            if not backs:
                continue
            image = document[index].render(scale=DPI / 72).to_pil().convert("RGB")
            px = DPI / 25.4
            for piece in backs:
                if piece["component"] in seen:
                    continue  # one back of each component on each... the first is enough: they are alike
                box = (round(piece["x_mm"] * px), round(piece["y_mm"] * px),
                       round((piece["x_mm"] + piece["width_mm"]) * px), round((piece["y_mm"] + piece["height_mm"]) * px))
                for side in ("left", "top", "right", "bottom"):
                    profile = _profile(image, box, side)
                    spread = max(max(c[k] for c in profile) - min(c[k] for c in profile) for k in range(3))
                    if spread > 24:
                        problems.append(f"{piece['id']} back, {side} side: colour along the cut varies by {spread:.0f} "
                                        f"of 255 within {BAND_IN_MM:g} mm of the trim")
                seen.add(piece["component"])
    finally:
        document.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_sheet_is_mostly_empty(builds, letter_builds, game, paper):
    # One sheet of a stock may be what that stock has left over: no other stock's pieces may fill it
    # (page 1's box alone on plain paper, a game's one sheet of stickers).
    manifest, _ = (builds if paper == "a4" else letter_builds)[game]
    margin, footer = 6.35, 5.0
    thin: dict[str, list[str]] = {}
    for page in manifest["pages"]:
        if page["side"] != "front" or any("part" in piece for piece in page["pieces"]):
            continue  # a tiled part fills what its piece has left
        room = (page["width_mm"] - 2 * margin) * (page["height_mm"] - 2 * margin - footer)
        cover = sum(piece["width_mm"] * piece["height_mm"] for piece in page["pieces"]) / room
        if cover < LEAST_COVER:
            thin.setdefault(page["stock"], []).append(f"page {page['number']} ({', '.join(page['components'])}): "
                                                      f"{cover:.0%} covered")
    assert all(len(pages) == 1 for pages in thin.values()), thin


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_words_on_a_tiled_pieces_seams(builds, letter_builds, game, paper):
    """A piece tiled over several sheets is joined where its parts overlap: words there would be cut
    in two or hidden under the part on top, so every text keeps clear of the overlap strips. A4
    and Letter split a piece differently (the Diaominos board across on one, down on the other)."""
    from generator.model import Area

    manifest, _ = (builds if paper == "a4" else letter_builds)[game]
    parts: dict[str, list[dict]] = {}
    for page in manifest["pages"]:
        for piece in page["pieces"]:
            if "part" in piece and piece["face"] == "front":
                parts.setdefault(piece["id"], []).append(piece)
    if not parts:
        assert all("part" not in piece for page in manifest["pages"] for piece in page["pieces"])
        return
    loaded = shared_game(game)
    pieces = {piece.id: piece for component in loaded.components() for piece in component.pieces}
    crossing = []
    for piece_id, placed in parts.items():
        strips = []  # overlap strips in the piece's own coordinates: where two parts both print
        for a in placed:
            for b in placed:
                pa, pb = a["part"], b["part"]
                if pb["col"] == pa["col"] + 1 and pb["row"] == pa["row"]:
                    strips.append(("x", pb["x_mm"], pa["x_mm"] + a["width_mm"]))
                if pb["row"] == pa["row"] + 1 and pb["col"] == pa["col"]:
                    strips.append(("y", pb["y_mm"], pa["y_mm"] + a["height_mm"]))
        piece = pieces[piece_id]
        for text in loaded.faces(piece.front, Area(piece.width, piece.height, 3.0, piece.shape)).texts:
            left, top, right, bottom = text.box
            for axis, low, high in strips:
                start, end = (left, right) if axis == "x" else (top, bottom)
                if start < high and end > low:
                    crossing.append(f"{piece_id}: {text.text!r} lies on the overlap {low:.1f}-{high:.1f} mm ({axis})")
    assert not crossing, "\n".join(crossing)


def test_shaped_pieces_keep_paper_between_them_with_no_bleed(tmp_path):
    code, _, stderr = run_pnp("build", "diatoms", "--bleed", "0", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    manifest = json.loads((tmp_path / "out" / "diatoms" / "manifest.json").read_text())
    for page in manifest["pages"]:
        shaped = [piece for piece in page["pieces"] if piece["shape"] != "rect"] if page["side"] == "front" else []
        for a, b in itertools.combinations(shaped, 2):
            gap = max(b["x_mm"] - a["x_mm"] - a["width_mm"], a["x_mm"] - b["x_mm"] - b["width_mm"],
                      b["y_mm"] - a["y_mm"] - a["height_mm"], a["y_mm"] - b["y_mm"] - b["height_mm"])
            assert gap >= 2.0 - 0.05 or a["component"] == b["component"], (page["number"], a["id"], b["id"], gap)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_mats_short_parts_share_a_sheet(builds, letter_builds, paper):
    manifest, _ = (builds if paper == "a4" else letter_builds)["diamonds"]
    sheets = [[piece["part"]["label"] for piece in page["pieces"]] for page in manifest["pages"]
              if page["side"] == "front" and "dig-site-mat" in page["components"]]
    assert sheets == [["A1", "A2"], ["B1"], ["B2"]]
    for page in manifest["pages"]:  # parts on one sheet do not overlap, and stay on the page
        parts = [piece for piece in page["pieces"] if "part" in piece]
        boxes = [(p["x_mm"], p["y_mm"], p["width_mm"], p["height_mm"]) for p in parts]  # the part's own trim
        for x, y, w, h in boxes:
            assert 0 <= x and x + w <= page["width_mm"] and 0 <= y and y + h <= page["height_mm"]
        for (ax, ay, aw, ah), (bx, by, bw, bh) in itertools.combinations(boxes, 2):
            assert ay + ah <= by or by + bh <= ay or ax + aw <= bx or bx + bw <= ax
