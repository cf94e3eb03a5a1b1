"""Exports: a piece to a page for print shops (`--layout pieces`), Tabletop Simulator deck sheets
(`--layout tts`), and reprinting chosen pieces (`--only`, `--copies`, `pnp list --pieces`). Sizes are
read from the files themselves: image pixels, PDF page boxes."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from conftest import run_pnp
from test_tts import check_table

CARD = (63.5, 88.9)
MM_PER_PT = 25.4 / 72


def pdf_page_sizes(path: Path) -> list[tuple[float, float]]:
    document = pdfium.PdfDocument(str(path))
    try:
        return [tuple(v * MM_PER_PT for v in page.get_size()) for page in document]
    finally:
        document.close()


@pytest.fixture(scope="module", params=[(3.0, 300), (3.175, 100)], ids=["3.0", "3.175"])
def pieces_build(request, bundled_build):
    """(bleed, dpi, folder, pieces.json) of Diamonds built a piece to a page: as the README's build
    does (300 dpi and a 3 mm bleed, what --layout pieces takes unless told), and with a bleed and a
    dpi of the user's own (1/8 in at 300 dpi is the TGC preset's test)."""
    bleed, dpi = request.param
    told = ["--bleed", str(bleed), "--dpi", str(dpi)] if bleed != 3.0 else []
    folder = bundled_build("diamonds", "a4", "pdf,png", "--layout", "pieces", *told)
    folder = folder / "pieces"  # a layout of its own, beside the sheets of an earlier build
    return bleed, dpi, folder, json.loads((folder / "pieces.json").read_text())


def test_pieces_writes_every_card_face_as_an_image_of_the_exact_size(pieces_build):
    bleed, dpi, folder, listing = pieces_build
    width = round((CARD[0] + 2 * bleed) / 25.4 * dpi)
    height = round((CARD[1] + 2 * bleed) / 25.4 * dpi)
    faces = [face for face in listing["faces"] if face["component"] == "card"]
    assert sorted({face["face"] for face in faces}) == ["back", "front"]
    assert sum(face["face"] == "front" for face in faces) == 54 and sum(face["face"] == "back" for face in faces) == 54
    references = [face for face in listing["faces"] if face["component"] == "reference-card"]
    assert sum(face["face"] == "front" for face in references) == 3 and len(references) == 6  # each with its back
    for face in faces:
        assert face["png"] == f"card/{face['id']}-{face['face']}.png"
        with Image.open(folder / face["png"]) as image:
            assert image.size == (width, height) == (face["width_px"], face["height_px"])
        assert face["trim_mm"] == list(CARD) and face["bleed_mm"] == bleed


def test_pieces_pdf_pages_are_the_trim_plus_the_bleed(pieces_build):
    bleed, _, folder, listing = pieces_build
    sizes = pdf_page_sizes(folder / "diamonds.pdf")
    assert len(sizes) == len(listing["faces"])
    for face in listing["faces"]:
        width, height = sizes[face["pdf_page"] - 1]
        assert width == pytest.approx(face["trim_mm"][0] + 2 * bleed, abs=0.05)
        assert height == pytest.approx(face["trim_mm"][1] + 2 * bleed, abs=0.05)


def test_pieces_manifest_records_the_layout_and_no_marks(pieces_build):
    _, _, folder, _ = pieces_build
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["layout"] == "pieces"
    for page in manifest["pages"]:
        assert page["crop_marks"] == [] and len(page["pieces"]) == 1
        (piece,) = page["pieces"]
        assert (piece["x_mm"], piece["y_mm"]) == pytest.approx((manifest["bleed_mm"],) * 2)


def test_a_round_piece_keeps_a_transparent_outside(bundled_build):
    folder = bundled_build("blood_diamonds", "a4", "png", "--layout", "pieces", "--only", "coin")
    images = sorted((folder / "pieces" / "coin").glob("*.png"))
    assert len(images) == 72  # 36 coins, both sides
    with Image.open(images[0]) as image:
        assert image.mode == "RGBA"
        assert image.getpixel((0, 0))[3] == 0  # the corner lies outside the round cut
        assert image.getpixel((image.width // 2, image.height // 2))[3] == 255


def test_tts_gives_one_sheet_of_54_cards_and_its_back(bundled_build):
    folder = bundled_build("diamonds", "a4", "png", "--layout", "tts")
    decks = json.loads((folder / "tts" / "decks.json").read_text())
    (cards,) = [deck for deck in decks["decks"] if deck["component"] == "card"]
    (sheet,) = cards["sheets"]
    # 8 x 7 lets a poker card be drawn larger than 10 x 6 does (167 dpi, not 163), with a slot to spare
    assert (sheet["columns"], sheet["rows"], sheet["count"]) == (8, 7, 54)
    assert sheet["image"] == "tts/card-01.png" and sheet["back"] == "tts/card-back.png"
    assert len(sheet["ids"]) == 54 and len(set(sheet["ids"])) == 54
    face_w, face_h = sheet["face_px"]
    with Image.open(folder / sheet["image"]) as image:
        assert image.size == (8 * face_w, 7 * face_h)
        assert max(image.size) <= 4096
    with Image.open(folder / sheet["back"]) as back:
        assert back.size == (face_w, face_h)
    assert face_h / face_w == pytest.approx(CARD[1] / CARD[0], abs=0.01)
    assert json.loads((folder / "tts" / "manifest.json").read_text())["layout"] == "tts"


def test_only_one_card_gives_its_front_and_its_back_behind_it(bundled_build):
    folder = bundled_build("diamonds", "a4", "pdf", "--only", "card:card-AS")
    manifest = json.loads((folder / "manifest.json").read_text())
    front, back = manifest["pages"]
    assert (front["side"], back["side"]) == ("front", "back")
    ((ace,), (behind,)) = front["pieces"], back["pieces"]
    assert ace["id"] == behind["id"] == "card-AS"
    mirrored_x = front["width_mm"] - ace["x_mm"] - ace["width_mm"]  # long-edge flip of a portrait sheet
    assert (behind["x_mm"], behind["y_mm"]) == pytest.approx((mirrored_x, ace["y_mm"]), abs=0.05)


def test_copies_repeat_the_selection(bundled_build):
    folder = bundled_build("diamonds", "a4", "pdf", "--only", "card:card-AS,card-KD", "--copies", "3")
    manifest = json.loads((folder / "manifest.json").read_text())
    fronts = [piece["id"] for page in manifest["pages"] if page["side"] == "front" for piece in page["pieces"]]
    assert sorted(fronts) == sorted(["card-AS", "card-AS-copy-2", "card-AS-copy-3",
                                     "card-KD", "card-KD-copy-2", "card-KD-copy-3"])


def test_list_pieces_names_what_only_takes(tmp_path):
    code, stdout, stderr = run_pnp("list", "--pieces", "diamonds", "--json", cwd=tmp_path)
    assert code == 0, stderr
    (game,) = json.loads(stdout)
    cards = next(component for component in game["components"] if component["name"] == "card")
    assert "card-AS" in cards["pieces"] and len(cards["pieces"]) == 54
    # the style groups its cards take (README, "Styles"): what `style.groups` may name
    assert cards["groups"] == ["spades", "hearts", "diamonds", "clubs", "jokers"]
    assert "groups" not in next(component for component in game["components"] if component["name"] == "rules-sheet")


@pytest.mark.parametrize("only, says", [
    ("crad", 'no component "crad"; did you mean "card"?'),
    ("card:card-ZZ", 'card has no piece "card-ZZ"'),
])
def test_only_refuses_what_the_game_lacks_in_one_line(tmp_path, only, says):
    code, _, stderr = run_pnp("build", "diamonds", "--out", tmp_path / "out", "--only", only, cwd=tmp_path)
    assert code == 2
    assert stderr.count("\n") == 1 and says in stderr and "Traceback" not in stderr
    assert not (tmp_path / "out").exists()


def test_pieces_pdf_pages_carry_their_trim_and_bleed_boxes(pieces_build):
    bleed, _, folder, listing = pieces_build
    document = pdfium.PdfDocument(str(folder / "diamonds.pdf"))
    try:
        for face in listing["faces"][:12]:
            page = document[face["pdf_page"] - 1]
            trim = [v * MM_PER_PT for v in page.get_trimbox()]
            assert trim == pytest.approx([bleed, bleed, bleed + face["trim_mm"][0], bleed + face["trim_mm"][1]], abs=0.05)
            assert [v * MM_PER_PT for v in page.get_bleedbox()] == pytest.approx(
                [0, 0, face["trim_mm"][0] + 2 * bleed, face["trim_mm"][1] + 2 * bleed], abs=0.05)
    finally:
        document.close()


def test_every_png_carries_its_dpi(pieces_build, bundled_build):
    _, dpi, folder, listing = pieces_build
    for face in listing["faces"][:6]:
        with Image.open(folder / face["png"]) as image:
            assert image.info["dpi"] == pytest.approx((dpi, dpi), abs=0.01)
    sheets = bundled_build("diamonds", "a4", "png", "--dpi", "100")
    with Image.open(next((sheets / "png").glob("page-*.png"))) as image:
        assert image.info["dpi"] == pytest.approx((100, 100), abs=0.01)


def test_builds_of_other_layouts_and_formats_keep_each_others_files(tmp_path):
    """One --out, many builds: each layout and format replaces only its own files."""
    out = tmp_path / "out"
    assert run_pnp("build", "diamonds", "--out", out, cwd=tmp_path)[0] == 0
    pdf = (out / "diamonds" / "diamonds.pdf").read_bytes()
    assert run_pnp("build", "diamonds", "--out", out, "--layout", "tts", "--dpi", "60", cwd=tmp_path)[0] == 0
    assert run_pnp("build", "diamonds", "--out", out, "--layout", "pieces", "--format", "png", "--dpi", "30",
                   "--only", "card:card-AS", cwd=tmp_path)[0] == 0
    assert run_pnp("build", "diamonds", "--out", out, "--format", "cut", cwd=tmp_path)[0] == 0
    folder = out / "diamonds"
    assert (folder / "diamonds.pdf").read_bytes() == pdf  # the sheets' PDF survives them all
    assert (folder / "tts" / "decks.json").is_file() and (folder / "cut" / "page-01.svg").is_file()
    assert sorted(p.name for p in (folder / "pieces" / "card").iterdir()) == ["card-AS-back.png", "card-AS-front.png"]
    # A rebuild of a layout replaces its own files whole: a pieces build of one other card leaves no AS.
    assert run_pnp("build", "diamonds", "--out", out, "--layout", "pieces", "--format", "png", "--dpi", "30",
                   "--only", "card:card-KD", cwd=tmp_path)[0] == 0
    assert sorted(p.name for p in (folder / "pieces" / "card").iterdir()) == ["card-KD-back.png", "card-KD-front.png"]
    assert json.loads((folder / "manifest.json").read_text())["layout"] == "sheets"
    assert sorted(p.name for p in out.iterdir()) == ["diamonds"]  # no staging folder left behind


@pytest.mark.parametrize("shop, size", [("tgc", (825, 1125)), ("makeplayingcards", (822, 1122))])
def test_a_print_shop_preset_gives_its_template_size_per_card(tmp_path, shop, size):
    """The Game Crafter's poker template is 825 x 1125 px at 300 dpi (1/8 in bleed); MakePlayingCards'
    is 822 x 1122 px (36 px bleed). --shop sets the layout, bleed, dpi and file type to match."""
    code, _, stderr = run_pnp("build", "diamonds", "--shop", shop, "--only", "card:card-AS,card-KD", "--out", "out",
                              cwd=tmp_path)
    assert code == 0, stderr
    folder = tmp_path / "out" / "diamonds" / "pieces"
    images = sorted((folder / "card").glob("*.png"))
    assert len(images) == 4 and not list(folder.glob("*.pdf"))  # PNG only, as the shop takes
    for path in images:
        with Image.open(path) as image:
            assert image.size == size and image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_an_unknown_shop_is_one_line_naming_the_known_ones(tmp_path):
    code, _, stderr = run_pnp("build", "diamonds", "--shop", "mpc", "--out", "out", cwd=tmp_path)
    assert code == 2 and len(stderr.splitlines()) == 1 and "makeplayingcards, tgc" in stderr


def test_tts_sheets_hold_69_faces_and_the_hidden_card_in_the_last_slot(tmp_path):
    code, _, stderr = run_pnp("build", "diamonds", "--layout", "tts", "--only", "card", "--copies", "2", "--dpi", "60",
                              "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    folder = tmp_path / "out" / "diamonds"
    decks = json.loads((folder / "tts" / "decks.json").read_text())
    (cards,) = decks["decks"]
    assert [sheet["count"] for sheet in cards["sheets"]] == [69, 108 - 69]
    for sheet in cards["sheets"]:
        columns, rows = sheet["columns"], sheet["rows"]
        assert columns <= 10 and rows <= 7 and sheet["count"] <= columns * rows - 1
        assert sheet["hidden_slot"] == columns * rows - 1
        face_w, face_h = sheet["face_px"]
        with Image.open(folder / sheet["image"]) as image, Image.open(folder / sheet["back"]) as back:
            slot = ((columns - 1) * face_w, (rows - 1) * face_h)
            hidden = image.crop((*slot, slot[0] + face_w, slot[1] + face_h)).convert("RGB")
            assert hidden.tobytes() == back.convert("RGB").tobytes()  # the back, shown for hidden cards


def test_tts_saved_object_brings_in_every_deck_and_piece_by_file_url(tmp_path):
    code, _, stderr = run_pnp("build", "diamonds", "--layout", "tts", "--only", "card", "--only", "reference-card",
                              "--copies", "2", "--dpi", "60", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    folder = tmp_path / "out" / "diamonds"
    saved = json.loads((folder / "tts" / "diamonds.json").read_text())  # named after the game
    decks = [state for state in saved["ObjectStates"] if state["Name"] == "DeckCustom"]
    (deck,) = decks
    cards = deck["ContainedObjects"]
    assert len(cards) == 108 and deck["DeckIDs"] == [card["CardID"] for card in cards]
    assert sorted(deck["CustomDeck"]) == ["1", "2"]  # one key per sheet; a card's id is key x 100 + its slot
    assert cards[0]["CardID"] == 100 and cards[69]["CardID"] == 200 and cards[-1]["CardID"] == 238
    for key, sheet in deck["CustomDeck"].items():
        assert sheet["BackIsHidden"] and sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
        for url in (sheet["FaceURL"], sheet["BackURL"]):
            assert url.startswith("file:///") and Path(url[len("file://"):]).is_file()
    others = [state for state in saved["ObjectStates"] if state["Name"] != "DeckCustom"]
    assert others and all(state["Name"] in ("Custom_Tile", "Custom_Token") for state in others)
    assert not (folder / "tts" / "saved-object.json").exists()
    for state in others:
        image = state["CustomImage"]
        assert Path(image["ImageURL"][len("file://"):]).is_file()
        assert Path(image["ImageSecondaryURL"][len("file://"):]).is_file()
        assert state["Name"] != "Custom_Tile" or image["CustomTile"]["Type"] in (0, 1, 2, 3)


@pytest.mark.parametrize("game", ["diamond_mine", "diatoms", "blood_diamonds"])
def test_tts_exports_every_piece_within_4096_px_and_lists_the_ones_that_are_not_decks(tmp_path, game):
    # Diamond Mine's movement cards are the sheet that met the limit at the default dpi; the others list
    # their pieces as well at a lower one, in a third of the time.
    dpi = () if game == "diamond_mine" else ("--dpi", "100")
    code, _, stderr = run_pnp("build", game, "--layout", "tts", *dpi, "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    folder = tmp_path / "out" / game
    listing = json.loads((folder / "tts" / "decks.json").read_text())
    for png in (folder / "tts").rglob("*.png"):
        with Image.open(png) as image:
            assert max(image.size) <= 4096, png
    in_decks = {piece_id for deck in listing["decks"] for sheet in deck["sheets"] for piece_id in sheet["ids"]}
    listed = {entry["id"] for entry in listing["objects"]}
    manifest = json.loads((folder / "tts" / "manifest.json").read_text())
    assert listed and not in_decks & listed
    for entry in listing["objects"]:
        assert (folder / entry["front"]).is_file()
        assert entry["tts"]["object"] in ("Custom_Tile", "Custom_Token") and entry["width_mm"] > 0
        if entry["tts"]["object"] == "Custom_Tile":
            assert entry["tts"]["type"] == {"rect": entry["tts"]["type"], "circle": 2, "polygon": 1}[entry["shape"]]
    assert manifest["layout"] == "tts"
    check_table(json.loads((folder / "tts" / f"{game}.json").read_text()), listing)


def _boxes_inside_the_page(path: Path) -> int:
    """Every page's TrimBox inside its BleedBox inside its MediaBox, read back as a preflight reads
    them, to the last digit (no tolerance); the number of pages read."""
    document = pdfium.PdfDocument(str(path))
    try:
        for page in document:
            media, bleed, trim = page.get_mediabox(), page.get_bleedbox(), page.get_trimbox()
            for outer, inner in ((media, bleed), (bleed, trim)):
                assert outer[0] <= inner[0] and outer[1] <= inner[1], (path, outer, inner)
                assert inner[2] <= outer[2] and inner[3] <= outer[3], (path, outer, inner)
        return len(document)
    finally:
        document.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_boxes_lie_inside_the_media_box_to_the_last_digit(bundled_build, paper):
    assert _boxes_inside_the_page(bundled_build("diamonds", paper) / "diamonds.pdf") > 10


def test_piece_pages_boxes_lie_inside_the_media_box_to_the_last_digit(pieces_build):
    """The piece pages' sizes (69.5 x 94.9 mm at 3 mm bleed) are no whole number of points: the boxes
    were rounded otherwise than the MediaBox and stuck out of it by a hair."""
    _, _, folder, listing = pieces_build
    assert _boxes_inside_the_page(folder / "diamonds.pdf") == len(listing["faces"])


@pytest.mark.parametrize("option, value", [("--format", "pdf"), ("--format", "png,pdf"), ("--bleed", "3"),
                                           ("--dpi", "150")])
def test_a_shop_with_a_conflicting_option_is_one_line_and_exit_2(tmp_path, option, value):
    code, _, stderr = run_pnp("build", "diamonds", "--shop", "tgc", option, value, "--out", "out", cwd=tmp_path)
    assert code == 2 and len(stderr.splitlines()) == 1 and "Traceback" not in stderr
    assert stderr.startswith(f"{option}: error: --shop tgc sets {option}") and not (tmp_path / "out").exists()


def test_a_shop_takes_an_option_that_says_what_its_template_says(tmp_path):
    code, _, stderr = run_pnp("build", "diamonds", "--shop", "tgc", "--format", "png", "--bleed", "3.175", "--dpi",
                              "300", "--only", "card:card-AS", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr


def test_a_shop_build_lists_only_files_it_wrote_and_says_what_it_left_out(tmp_path):
    code, _, stderr = run_pnp("build", "diamonds", "--shop", "tgc", "--only", "card:card-AS", "--only",
                              "reference-card", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    assert "left out reference-card (92 x 124 mm)" in stderr and "The Game Crafter has no template" in stderr
    folder = tmp_path / "out" / "diamonds" / "pieces"
    listing = json.loads((folder / "pieces.json").read_text())
    assert [face["id"] for face in listing["faces"]] == ["card-AS", "card-AS"]
    for face in listing["faces"]:
        assert "pdf" not in face and "pdf_page" not in face  # no PDF was written
        for key in ("png", "svg", "pdf"):
            assert key not in face or (folder / face[key]).is_file()
    code, _, stderr = run_pnp("build", "diamonds", "--shop", "tgc", "--only", "dig-site-mat", "--out", "out2",
                              cwd=tmp_path)
    assert code == 2 and len(stderr.splitlines()) == 1 and "has templates for poker-card (63.5 x 88.9 mm)" in stderr
    assert not (tmp_path / "out2").exists()


def test_text_in_a_shops_safe_zone_is_a_finding(tmp_path):
    """The Game Crafter's safe zone is 1/8 in (3.175 mm) inside the trim; Diamonds' indexes sit 3 mm in."""
    code, _, stderr = run_pnp("validate", "diamonds", "--shop", "tgc", cwd=tmp_path)
    assert code == 0  # a warning: the files can still be made
    (line,) = [line for line in stderr.splitlines() if "[shop.safe-zone]" in line]
    assert "warning: card:" in line and "3.0 mm from the cut" in line and "3.175 mm inside it" in line
    code, _, stderr = run_pnp("validate", "diamonds", cwd=tmp_path)
    assert "shop.safe-zone" not in stderr  # only a shop's own zone
    # A deck whose text keeps well inside has nothing to hear.
    assert run_pnp("new", "deck", "inside", cwd=tmp_path)[0] == 0
    code, stdout, stderr = run_pnp("validate", tmp_path / "inside" / "inside.yaml", "--shop", "tgc", cwd=tmp_path)
    assert code == 0 and "shop.safe-zone" not in stderr and "ok" in stdout


def test_every_shop_preset_gives_each_figure_with_its_source():
    from generator.shops import shop_named
    from generator.templates import Templates

    templates = Templates()
    text = (templates.directory / "shops.yaml").read_text()
    for name in templates.names("shops"):
        shop = shop_named(name, templates)
        assert shop.bleed_mm > 0 and shop.safe_mm > 0 and shop.dpi >= 300 and shop.pieces
    assert shop_named("tgc").safe_mm == pytest.approx(25.4 / 8)  # 1/8 in, 75 px at 300 dpi
    assert text.count("squib") >= 3 and "unconfirmed" in text


def test_every_png_says_its_colours_are_srgb(pieces_build, bundled_build):
    _, _, folder, listing = pieces_build
    sheets = bundled_build("diamonds", "a4", "png", "--dpi", "100")
    tts = bundled_build("diamonds", "a4", "png", "--layout", "tts")
    paths = [folder / listing["faces"][0]["png"], next((sheets / "png").glob("page-*.png")),
             *(tts / "tts").glob("card-*.png")]
    for path in paths:
        with Image.open(path) as image:
            assert image.info.get("srgb") == 0, path  # rendering intent perceptual


def test_a_png_page_past_150_million_pixels_is_refused_before_anything_is_drawn(tmp_path):
    """A3 at 1,200 dpi would be 278 million pixels, some 3 GB to render (a 1,500 mm paper, some 55 GB):
    one line at --dpi that says the most it may be, and no folder written."""
    code, _, stderr = run_pnp("build", "diamonds", "--only", "card", "--format", "png", "--dpi", "1200", "--paper", "a3",
                              "--out", tmp_path / "out", cwd=tmp_path)
    assert code == 2 and len(stderr.strip().splitlines()) == 1 and "Traceback" not in stderr, stderr
    assert stderr.startswith("--dpi: error: page 1 (297 x 420 mm) would be a PNG of 14,031 x 19,843 pixels at 1200 "
                             "dpi; a PNG page may have at most 150 million: give --dpi 880 or less"), stderr
    assert stderr.rstrip().endswith("[input.too-large]") and not (tmp_path / "out").exists()


@pytest.mark.parametrize("paper, dpi, refused", [
    ((210, 297), 1200, False),  # A4 at the most --dpi gives: 139 million
    ((215.9, 279.4), 1200, False),  # Letter: 135 million
    ((297, 420), 880, False),  # A3 at what the message above offers
    ((297, 420), 881, True),
    ((1003, 1003), 300, False),  # a 1,000 mm board with 1.5 mm bleed, at --layout pieces' own dpi: 141 million
    ((1500, 1500), 150, False),  # the largest paper there is, at the sheets' own dpi: 78 million
    ((1500, 1500), 300, True),
])
def test_the_png_bound_holds_letter_and_a4_at_1200_dpi_and_every_default(paper, dpi, refused):
    from generator.build import Request, refuse_huge_pngs
    from generator.errors import InputError
    from generator.impose import Page

    pages = [Page("front", *paper, number=1)]
    request = Request(("pdf", "png"), "sheets", dpi)
    if refused:
        with pytest.raises(InputError):
            refuse_huge_pngs(pages, request)
    else:
        refuse_huge_pngs(pages, request)


@pytest.mark.parametrize("layout", ["pieces", "tts"])
def test_a_file_to_each_face_is_refused_past_25000_pieces_before_one_is_drawn(tmp_path, layout):
    """The sheets stop at 2,500; a file to each face stops at about as many pieces as they hold, so that
    --copies 1000 (59,000 pieces of Diamonds, some hours of files) is one line at once."""
    code, _, stderr = run_pnp("build", "diamonds", "--layout", layout, "--copies", "1000", "--out", tmp_path / "out",
                              cwd=tmp_path)
    assert code == 2 and len(stderr.strip().splitlines()) == 1 and "Traceback" not in stderr, stderr
    assert f"--layout {layout} would make 59,000 pieces" in stderr and "at most 25,000" in stderr, stderr
    assert stderr.rstrip().endswith("[input.too-large]") and not (tmp_path / "out").exists()


@pytest.mark.parametrize("layout, says", [
    ("sheets", "the pieces would take more than 2500 sheets of a4"),
    ("pieces", "--layout pieces would make 3,000,000 pieces"),
])
def test_copies_past_a_bound_are_refused_before_one_is_made(tmp_path, monkeypatch, layout, says):
    """3,000 rows and --copies 1000: three million pieces were made (a minute and some GB for a deck
    of ten thousand) before imposing refused them; now their count or their area alone refuses them."""
    from generator import build, exports
    from generator.errors import InputError

    rows = "".join(f"c{i},Card {i}\n" for i in range(3000))
    (tmp_path / "cards.csv").write_text("id,name\n" + rows)
    (tmp_path / "deck.yaml").write_text("game: custom\ntitle: Many\ncomponents:\n  card:\n    piece: poker-card\n"
                                        "    rows: cards.csv\n    front: face\nlayouts:\n  face:\n"
                                        '    name: {text: "{name}", at: [0.5, 0.5], box: [0.8, 0.2]}\n')
    copies_made = []
    real = exports.select
    monkeypatch.setattr(build, "select", lambda components, only, copies: copies_made.append(copies)
                        or real(components, only, copies))
    loaded = build.load([str(tmp_path / "deck.yaml")])[0]
    settings = build.settings_for("a4", "long", 3.0, True, build.input_context(None))
    with pytest.raises(InputError, match=says):
        build.impose_job(loaded, settings, build.Request(layout=layout, copies=1000))
    assert copies_made == [1]


def test_a_face_alone_on_its_page_is_upright_a_landscape_back_too():
    """A back on a page of its own (--layout pieces, TTS) is drawn as it is seen, upright: no printer
    turns it over. Its outline is the front's seen from behind, side to side."""
    from generator.exports import piece_pages
    from generator.load import load_game
    from generator.palette import load_palette
    from generator.schema import Context
    from generator.settings import print_settings
    from generator.templates import Templates

    settings = print_settings("a4", "long", 3.0, True, Context(load_palette(None), Templates()))
    shapes = set()
    pages = [page for game in ("blood_diamonds", "diamonds") for page in piece_pages(load_game(game).components(),
                                                                                    settings)]
    for page in pages:
        [placement] = page.placements
        matrix = placement.matrix
        assert (matrix.a, matrix.b, matrix.c, matrix.d) == (1, 0, 0, 1), (page.side, placement.piece.id)
        if page.side == "back":
            assert placement.mirror.a == -1 and placement.mirror.d == 1  # side to side
            shapes.add(page.width > page.height)
    assert shapes == {True, False}  # backs of landscape pieces and of portrait ones


def test_a_deck_sheets_grid_is_the_shape_that_draws_its_faces_largest():
    """Six A6 reference cards went on a 7 x 1 sheet at 100 dpi (seven across fill 4096 px); 2 x 4
    holds them and their back at 247 dpi. A full sheet is 10 x 7, whatever the cards."""
    from generator.exports import tts_dpi, tts_grid

    assert tts_grid(6, 148.0, 105.0, 300) == (2, 4)
    assert tts_dpi(148.0, 105.0, 2, 4, 300) == 247 and tts_dpi(148.0, 105.0, 7, 1, 300) == 100
    assert tts_grid(69, 63.5, 88.9, 300) == (10, 7) and tts_grid(1, 63.5, 88.9, 300) == (2, 1)
