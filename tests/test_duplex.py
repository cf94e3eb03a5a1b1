"""Every bundled game prints as one double-sided job, and the previews are the print."""

from __future__ import annotations

import json
import math

import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageStat

from generator.impose import impose
from generator.kit.nets import cube_net, unfold
from generator.load import bundled_targets, load_game
from generator.render import manifest
from generator.palette import load_palette
from generator.schema import Context
from generator.settings import print_settings
from generator.templates import Templates

TOL = 0.05


def build_manifest(game: str, paper: str, duplex: str) -> tuple[list, dict]:
    context = Context(load_palette(None), Templates())
    settings = print_settings(paper, duplex, 3.0, True, context)
    loaded = load_game(game)
    pages = impose(loaded.game.components(loaded.spec), settings)
    return pages, manifest(game, pages, settings)


def behind(front: dict, page: dict, duplex: str) -> tuple[float, float]:
    """Where the back of `front` belongs once the printer turns the sheet over the edge named."""
    portrait = page["width_mm"] <= page["height_mm"]
    if (duplex == "long") == portrait:  # the flip swaps left and right
        return page["width_mm"] - front["x_mm"] - front["width_mm"], front["y_mm"]
    return front["x_mm"], page["height_mm"] - front["y_mm"] - front["height_mm"]


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", bundled_targets())
def test_pages_alternate_front_and_back_with_each_back_behind_its_front(game, paper, duplex):
    pages, data = build_manifest(game, paper, duplex)
    sides = [page["side"] for page in data["pages"]]
    assert len(sides) % 2 == 0 and sides == ["front", "back"] * (len(sides) // 2)
    backs_seen = 0
    for front_page, back_page in zip(data["pages"][0::2], data["pages"][1::2]):
        assert (front_page["width_mm"], front_page["height_mm"]) == (back_page["width_mm"], back_page["height_mm"])
        fronts = {(p["id"], p.get("part", {}).get("label")): p for p in front_page["pieces"]}
        for back in back_page["pieces"]:
            front = fronts[back["id"], back.get("part", {}).get("label")]
            assert back["face"] == "back" and back["rotation"] == front["rotation"]
            x, y = behind(front, back_page, duplex)
            assert back["x_mm"] == pytest.approx(x, abs=TOL) and back["y_mm"] == pytest.approx(y, abs=TOL)
            backs_seen += 1
    # Every piece with a back has it printed once, behind its front.
    assert backs_seen == sum(1 for page in pages for p in page.placements if p.face == "front" and p.piece.back)


@pytest.mark.parametrize("duplex", ["long", "short", "off"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_back_is_upright_behind_its_front_for_a_piece_turned_over_like_a_page(paper, duplex):
    # Turned over about its own upright axis, a piece shows its back's point (u, v) where its front
    # has (width - u, v): so the back's top lies behind the front's top, whichever way the sheet
    # flips and whether or not the piece is turned on it.
    kinds = set()
    for game in bundled_targets():
        pages, _ = build_manifest(game, paper, duplex)
        for page in pages:
            for back in (p for p in page.placements if p.front is not None):
                width, height = back.piece.width, back.piece.height
                for u, v in ((0, 0), (width, 0), (0, height), (width / 3, height / 4)):
                    seen = back.mirror.apply(*back.matrix.apply(u, v))
                    assert seen == pytest.approx(back.front.matrix.apply(width - u, v), abs=1e-6), (game, page.number)
                kinds.add((back.turned, back.mirror.d < 0))
    assert len(kinds) >= 2  # turned and upright pieces, or sheets flipped both ways


def test_duplex_off_prints_only_the_backs_that_carry_something_to_glue_behind_their_fronts():
    pages, data = build_manifest("blood_diamonds", "a4", "off")
    backs = [page for page in pages if page.side == "back"]
    # Coins keep their value sides and reference cards their second side; the tiles' plain back goes.
    assert {p.component.name for page in backs for p in page.placements} == {"coin", "reference-card"}
    for page in backs:
        front = pages[page.number - 2]
        assert page.number == front.number + 1 and front.side == "front"
        page_data = data["pages"][page.number - 1]
        fronts = {piece["id"]: piece for piece in data["pages"][front.number - 1]["pieces"]}
        for back in page_data["pieces"]:
            x, y = behind(fronts[back["id"]], page_data, "long")  # glued back to back, turned on the long edge
            assert back["x_mm"] == pytest.approx(x, abs=TOL) and back["y_mm"] == pytest.approx(y, abs=TOL)
    _, plain = build_manifest("diamonds", "a4", "off")
    assert [page["components"] for page in plain["pages"] if page["side"] == "back"] == [["reference-card"]]
    # Tiles and diatoms print alike on both sides, and play either side up: their backs are glued on too.
    pages, same = build_manifest("diatoms", "a4", "off")
    assert {c for page in same["pages"] if page["side"] == "back" for c in page["components"]} == {
        "hex-tile", "diatom", "petri-dish", "guest-judge"}
    tiles = [piece for page in same["pages"] for piece in page["pieces"] if piece["component"] == "hex-tile"]
    assert len([t for t in tiles if t["face"] == "back"]) == len([t for t in tiles if t["face"] == "front"]) > 0


@pytest.mark.parametrize("game", ["blood_diamonds", "diatoms", "diaominos"])
def test_a_sheet_of_backs_to_glue_is_filled_like_any_other(game):
    # Pieces whose backs are glued on keep to sheets of their own: no sheet of backs holds one dish
    # behind a sheet of pieces whose backs were left out.
    pages, _ = build_manifest(game, "a4", "off")
    for page in pages:
        if page.side == "back":
            front = pages[page.number - 2]
            assert {p.component.name for p in page.placements} == {c.name for c in front.components}, page.number


def test_blood_diamonds_pieces_have_their_shapes_and_share_sheets():
    pages, data = build_manifest("blood_diamonds", "a4", "long")
    assert len(data["pages"]) // 2 <= 10  # tiles and coins 3, dice and pawns 1, aids 4, score track 1, rules 1
    placed = [(page, piece) for page in pages for piece in page.placements]
    coins = [(page, p) for page, p in placed if p.component.name == "coin"]
    assert len(coins) == 72
    for page, placement in coins:  # a circle is cut along its line: no guillotine's crop mark reaches it
        left, top = placement.x - 1.0, placement.y - 1.0
        right, bottom = placement.x + placement.size[0] + 1.0, placement.y + placement.size[1] + 1.0
        for x0, y0, x1, y1 in page.crop_marks:
            assert max(x0, x1) < left or min(x0, x1) > right or max(y0, y1) < top or min(y0, y1) > bottom
    for page in data["pages"]:
        for piece in page["pieces"]:
            if piece["component"] == "coin":
                assert piece["shape"] == "circle"
                cx, cy = piece["x_mm"] + piece["width_mm"] / 2, piece["y_mm"] + piece["height_mm"] / 2
                for point in piece["outline"]:
                    assert math.dist(point, (cx, cy)) == pytest.approx(piece["width_mm"] / 2, abs=TOL)
    net = unfold(cube_net(16.0, 5.0))
    dice = [p for page in data["pages"] for p in page["pieces"] if p["component"] == "die"]
    assert len(dice) == 6 and all(d["shape"] == "path" and len(d["outline"]) == len(net.outline) for d in dice)
    # Dice and pawns fill the room other components leave: no sheet holds them alone.
    for page in data["pages"]:
        if page["side"] == "front" and {"die", "pawn"} & set(page["components"]):
            assert len(page["pieces"]) > 6, page["components"]
    assert all(len(p.piece.shape.folds) == 12 for _, p in placed if p.component.name == "die")


@pytest.fixture(scope="module")
def png_build(bundled_build):
    return bundled_build("blood_diamonds", "a4", "pdf,png,cut", "--dpi", "30")


def test_png_pages_are_the_pdf_pages_rendered(png_build):
    data = json.loads((png_build / "manifest.json").read_text())
    document = pypdfium2.PdfDocument(str(png_build / "blood_diamonds.pdf"))
    assert len(document) == len(data["pages"])
    for index, page in enumerate(data["pages"]):
        with Image.open(png_build / "png" / f"page-{index + 1:02d}.png") as image:
            image = image.convert("RGB")
            size = (round(page["width_mm"] / 25.4 * 30), round(page["height_mm"] / 25.4 * 30))
            assert image.size == size
            reference = document[index].render(scale=30 / 72).to_pil().convert("RGB").crop((0, 0, *size))
            difference = ImageStat.Stat(ImageChops.difference(image, reference).convert("L")).mean[0] / 255
            assert difference < 0.01


def test_cut_files_come_for_each_front_page(png_build):
    data = json.loads((png_build / "manifest.json").read_text())
    fronts = [page["number"] for page in data["pages"] if page["side"] == "front"]
    assert sorted(int(p.stem.split("-")[1]) for p in (png_build / "cut").glob("page-*.svg")) == fronts


PICTURE_DECK = """game: custom
title: Picture backs
components:
  card:
    piece: poker-card
    rows: [{id: a, name: Alpha}, {id: b, name: Beta}, {id: c, name: Gamma}]
    front: front
    back: back
layouts:
  front:
    name: {text: "{name}", at: [0.5, 0.5], box: [0.8, 0.2], role: title}
  back:
    background: back
"""


@pytest.mark.parametrize("back, kept", [
    pytest.param("    art: {image: back.png, at: [0.5, 0.5], box: [1, 1], fit: fill}\n", True, id="back-art"),
    pytest.param("    logo: {image: back.png, at: [0.5, 0.5], box: [0.3, 0.3]}\n", True, id="small-picture"),
    pytest.param("    pattern: {lattice: true, step: 0.1, stroke: back_pattern}\n", False, id="plain-pattern"),
])
def test_duplex_off_keeps_a_shared_back_that_shows_a_picture(tmp_path, back, kept):
    Image.new("RGB", (60, 90), (40, 60, 160)).save(tmp_path / "back.png")
    (tmp_path / "deck.yaml").write_text(PICTURE_DECK + back)
    pages, data = build_manifest(str(tmp_path / "deck.yaml"), "a4", "off")
    [card] = list({p.component.name: p.component for page in pages for p in page.placements}.values())
    assert len({id(piece.back) for piece in card.pieces}) == 1  # one back shared by the deck
    backs = [page for page in data["pages"] if page["side"] == "back"]
    assert bool(backs) == kept
    for page in backs:  # on a sheet of its own after its fronts, to glue behind them
        fronts = {piece["id"]: piece for piece in data["pages"][page["number"] - 2]["pieces"]}
        assert sorted(piece["id"] for piece in page["pieces"]) == sorted(fronts) == ["a", "b", "c"]
        for piece in page["pieces"]:
            x, y = behind(fronts[piece["id"]], page, "long")
            assert piece["x_mm"] == pytest.approx(x, abs=TOL) and piece["y_mm"] == pytest.approx(y, abs=TOL)


@pytest.mark.parametrize("duplex", ["long", "short", "off"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_an_asymmetric_pieces_back_is_drawn_in_its_shape_seen_from_behind(tmp_path, paper, duplex):
    """An L and a right triangle printed on both sides: each back's art is laid out in the mirror
    image of the piece's shape, so that it covers exactly the cut it prints inside."""
    from generator.model import face_area

    (tmp_path / "shapes.yaml").write_text("""game: custom
title: Shapes
components:
  ell: {shape: polygon, points_mm: [[0,0],[40,0],[40,10],[10,10],[10,40],[0,40]], front: f, back: b}
  tri: {shape: polygon, points_mm: [[0,0],[40,0],[0,30]], front: f, back: b}
layouts:
  f: {background: gold}
  b: {background: navy, mark: {text: B, at: [0.3, 0.3], colour: background}}
""")
    loaded = load_game(str(tmp_path / "shapes.yaml"))
    settings = print_settings(paper, duplex, 3.0, True, Context(load_palette(None), Templates()))
    backs = [p for page in impose(loaded.components(), settings) for p in page.placements if p.face == "back"]
    assert len(backs) == 2
    for back in backs:
        drawn = face_area(back.piece, "back", settings.bleed).shape
        art = sorted((round(x, 6), round(y, 6)) for x, y in map(lambda q: back.matrix.apply(*q), drawn.points()))
        cut = sorted((round(x, 6), round(y, 6)) for x, y in map(lambda q: back.cut_matrix.apply(*q),
                                                                  back.piece.shape.points()))
        assert art == cut, back.piece.id
