"""The core on its own: located YAML, templates, palettes, imposition and the three surfaces."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from generator.backends.pdf import PdfSurface
from generator.backends.png import render_png_pages
from generator.backends.svg import SvgSurface
from generator.backends import TeeSurface
from generator.canvas import Canvas
from generator.fonts import text_width
from generator.recording import Recording
from generator.errors import InputError
from generator.geometry import Matrix, Path
from generator.impose import Paper, PrintSettings, impose, mirror_for_duplex
from generator.shapes import Rect
from generator.model import Area, Component, Piece
from generator.palette import load_palette
from generator.templates import Templates
from generator.yamlio import apply_override, parse_yaml

A4 = Paper("a4", 210.0, 297.0, 6.35)
LETTER = Paper("letter", 215.9, 279.4, 6.35)


# --- located YAML ----------------------------------------------------------------------------

def test_values_remember_their_line_and_column():
    data = parse_yaml("game: x\ndeck:\n  jokers: 2\n  ranks: [2, 3]\n", "f.yaml")
    assert str(data["deck"].where("jokers")) == "f.yaml:3:11"
    assert str(data["deck"]["ranks"].where(1)) == "f.yaml:4:14"
    assert str(data["deck"].key_locations["ranks"]) == "f.yaml:4:3"


def test_set_overrides_a_nested_value_and_says_where_it_came_from():
    data = parse_yaml("deck:\n  back:\n    colour: navy\n", "f.yaml")
    apply_override(data, "deck.back.colour=gold")
    assert data["deck"]["back"]["colour"] == "gold"
    assert str(data["deck"]["back"].where("colour")) == "--set deck.back.colour=gold"
    apply_override(data, "deck.jokers=3")
    assert data["deck"]["jokers"] == 3


# --- templates and palettes ------------------------------------------------------------------

def test_a_template_can_be_extended_field_by_field():
    templates = Templates()
    bridge = templates.get("pieces", "bridge-card", None, "piece")
    assert bridge["width_mm"] == 57.15 and bridge["height_mm"] == 88.9  # height inherited from poker-card
    custom = parse_yaml("extends: poker-card\ncorner_radius_mm: 0\n", "f.yaml")
    merged = templates.expand("pieces", custom, custom.location, "piece")
    assert merged["corner_radius_mm"] == 0 and merged["width_mm"] == 63.5
    assert str(merged.where("corner_radius_mm")) == "f.yaml:2:19"


def test_a_template_file_is_parsed_once_a_process_and_again_when_it_changes(tmp_path):
    """Every game loaded in a process (a test session, a preview rebuilding on each save) shares one
    parse of a template file, until the file is edited."""
    import os

    (tmp_path / "pieces.yaml").write_text("card: {width_mm: 60, height_mm: 90}\n")
    first, second = Templates(tmp_path), Templates(tmp_path)
    assert first.kind("pieces") is second.kind("pieces")
    (tmp_path / "pieces.yaml").write_text("card: {width_mm: 61, height_mm: 90}\n")
    os.utime(tmp_path / "pieces.yaml", ns=(1, 1))  # an edit seen even within one tick of the clock
    assert Templates(tmp_path).get("pieces", "card", None, "piece")["width_mm"] == 61
    assert first.kind("pieces")["card"]["width_mm"] == 60  # a Templates keeps what it was given


def test_unknown_template_names_the_closest():
    with pytest.raises(InputError) as raised:
        Templates().get("pieces", "pokercard", None, "deck.piece")
    assert 'did you mean "poker-card"' in raised.value.message
    assert raised.value.rule == "input.unknown-template"


def test_palettes_resolve_names_and_extend_each_other():
    classic, saver = load_palette(), load_palette("ink-saver")
    assert classic.resolve("navy", None, "c") != saver.resolve("navy", None, "c")
    assert classic.resolve("gold", None, "c") == saver.resolve("gold", None, "c")
    assert classic.resolve("#AbCdEf", None, "c") == "#abcdef"
    with pytest.raises(InputError, match='did you mean "navy"'):
        classic.resolve("nvy", None, "c")


# --- imposition ------------------------------------------------------------------------------

def settings(paper=A4, **overrides) -> PrintSettings:
    return PrintSettings(paper=paper, **overrides)


def cards(count: int, back=None) -> Component:
    return Component("card", "Cards", [Piece(f"card-{i}", Rect(63.5, 88.9), blank, back) for i in range(count)])


@pytest.mark.parametrize("paper, portrait, turned", [(A4, True, True), (LETTER, False, False)])
def test_poker_cards_fit_eight_to_a_sheet_turned_on_it_not_the_page_turned(paper, portrait, turned):
    # A4 holds eight turned on an upright sheet; Letter only on its side, so the whole job is landscape.
    pages = impose([cards(24)], settings(paper))
    assert len(pages) == 6 and len(pages[0].placements) == 8 and all(p.turned == turned for p in pages[0].placements)
    assert {page.width < page.height for page in pages} == {portrait}


def test_every_page_of_a_job_has_one_orientation_whatever_its_pieces():
    wide, tall = Piece("wide", Rect(250, 150), blank), Piece("tall", Rect(150, 250), blank)
    board = Piece("board", Rect(500, 300), blank)  # tiled over several sheets
    pages = impose([Component("wide", "Wide", [wide]), Component("tall", "Tall", [tall]),
                    Component("board", "Board", [board])], settings(A4))
    assert len(pages) > 3 and len({(page.width, page.height) for page in pages}) == 1
    portrait = pages[0].width < pages[0].height
    placed = {p.piece.id: p for page in pages for p in page.placements}
    assert placed["wide"].turned == portrait and placed["tall"].turned != portrait


def test_without_bleed_and_marks_more_fit():
    first = impose([cards(20)], settings(bleed=0.0, crop_marks=False))[0]
    assert first.width < first.height and len(first.placements) == 9


def test_a_large_job_holds_each_place_bleed_and_crop_mark_once_and_backs_for_the_chosen_layout_alone(monkeypatch):
    """Sheets of a deck repeat their places: the same slot on two sheets shares its numbers, so ten
    thousand cards do not hold ten thousand of each. And of the ways tried (portrait, landscape),
    only the one chosen gets its backs made (they double what a job holds)."""
    import generator.impose as imposing

    made = []
    monkeypatch.setattr(imposing, "backs_of", lambda front, settings, real=imposing.backs_of:
                        made.append(front) or real(front, settings))
    pages = impose([cards(40, back=blank)], settings(LETTER))
    fronts = [page for page in pages if page.side == "front"]
    assert made == fronts and len(fronts) == 5  # landscape, eight a sheet, chosen over portrait's six
    first, second = fronts[0].placements[0], fronts[1].placements[0]
    assert (first.x, first.y) == (second.x, second.y) and first.x is second.x and first.y is second.y
    assert first.reach is second.reach and pages[1].placements[0].reach is pages[3].placements[0].reach
    assert fronts[0].crop_marks == fronts[1].crop_marks
    assert all(a is b for a, b in zip(fronts[0].crop_marks, fronts[1].crop_marks))


def test_a_back_page_holds_no_placements_of_its_own_but_makes_them_from_its_fronts():
    """Ten thousand cards hold a placement a card, not one a side: a back page's are made from its
    front's as they are read (the last few pages' kept), the same each time, each behind its front."""
    import gc

    from generator.impose import Placement

    def placements_alive() -> int:
        return sum(isinstance(thing, Placement) for thing in gc.get_objects())

    before = placements_alive()
    pages = impose([cards(400, back=blank)], settings(A4))
    backs = [page for page in pages if page.side == "back"]
    read = [[(p.x, p.y, p.front) for p in back.placements] for back in backs]
    assert placements_alive() - before <= 400 + 8 * 9  # the fronts, and the last eight backs read
    again = [[(p.x, p.y, p.front) for p in back.placements] for back in backs]
    assert again == read and sum(map(len, read)) == 400
    front = pages[0].placements[0]
    assert read[0][0][2] is front and read[0][0][0] == pytest.approx(210.0 - front.x - front.size[0])


@pytest.mark.parametrize("width, height, duplex, axis", [
    (210, 297, "long", "x"), (210, 297, "short", "y"), (297, 210, "long", "y"), (297, 210, "short", "x"),
])
def test_duplex_flip_follows_the_paper_edge(width, height, duplex, axis):
    assert mirror_for_duplex(width, height, duplex) == axis


def blank(canvas, area):
    canvas.rect(0, 0, area.width, area.height, fill="#ff0000")


def test_a_gutter_gives_each_piece_its_own_bleed():
    pieces = [Piece(f"tile-{i}", Rect(19.05, 19.05), blank, blank) for i in range(4)]
    pages = impose([Component("tile", "Tiles", pieces, gutter=8.0)], settings())
    first = pages[0].placements[0]
    assert first.reach == (3.0, 3.0, 3.0, 3.0)
    assert first.clips()[0].bounds() == pytest.approx((first.x - 3, first.y - 3, first.x + 22.05, first.y + 22.05))


def test_a_piece_larger_than_the_sheet_is_tiled_with_overlap():
    board = Piece("board", Rect(400.0, 300.0), blank)
    pages = [page for page in impose([Component("board", "Board", [board])], settings()) if page.side == "front"]
    parts = [page.part for page in pages]
    assert len(pages) == parts[0].rows * parts[0].cols > 1
    right = next(p for p in parts if p.row == 0 and p.col == 1)
    assert parts[0].x + parts[0].width - right.x >= 8.0 - 1e-6
    # Each overlap is one part's glue strip (the part left of or above it) and the other part's top.
    for page in pages:
        part = page.part
        under = {seam.side for seam in page.seams if seam.under}
        over = {seam.side for seam in page.seams if not seam.under}
        assert under == {side for side, more in (("right", part.col < part.cols - 1), ("bottom", part.row < part.rows - 1)) if more}
        assert over == {side for side, more in (("left", part.col > 0), ("top", part.row > 0)) if more}
        for seam in page.seams:  # every strip lies on the sheet, the overlap's width across
            x0, y0, x1, y1 = seam.strip
            across = x1 - x0 if seam.side in ("left", "right") else y1 - y0
            assert across == pytest.approx(8.0)


# --- the drawing model and its surfaces ------------------------------------------------------

def test_matrix_composition_applies_right_to_left():
    m = Matrix.translation(10, 0) @ Matrix.rotation(90)
    assert m.apply(1, 0) == pytest.approx((10, 1))


def test_arc_ends_where_it_should():
    path = Path().arc(0, 0, 5, 0, 270)
    assert path.commands[-1][-2:] == pytest.approx((0, -5))


def draw_test_page(surface):
    canvas = Canvas(surface)
    surface.begin_page(1, 40.0, 20.0)
    with canvas.saved():
        canvas.clip_rect(0, 0, 20, 20)
        canvas.rect(-5, -5, 50, 30, fill="#ff0000")  # clipped to the left half
    canvas.text(30, 15, "Ab", 5.0, fill="#0000ff", align="centre")
    with canvas.saved():
        canvas.translate(30, 5)
        canvas.rotate(180)
        canvas.text(0, 0, "up", 3.0)
    surface.end_page()
    surface.close()


def test_one_drawing_gives_the_same_page_in_every_format():
    pdf, svg = PdfSurface("t"), SvgSurface()
    draw_test_page(TeeSurface([pdf, svg]))
    data = pdf.getvalue()
    png = render_png_pages(data, [(40.0, 20.0)], dpi=254)  # 10 px per mm
    assert re.search(rb"/MediaBox \[\s*0 0 113\.3858", data)
    root = ET.fromstring(svg.pages[1])
    assert (root.get("width"), root.get("height")) == ("40mm", "20mm")
    assert b"font-family" in svg.pages[1] and b"@font-face" in svg.pages[1]
    with Image.open(__import__("io").BytesIO(png[1])) as image:
        image = image.convert("RGB")
        assert image.size == (400, 200)
        assert image.getpixel((100, 100)) == (255, 0, 0)  # inside the clip
        assert image.getpixel((250, 20)) == (255, 255, 255)  # outside it
        blue = [image.getpixel((x, y)) for x in range(250, 350) for y in range(100, 150)]
        assert any(b > 200 and r < 80 for r, g, b in blue), "the text was not drawn"


def test_surfaces_are_deterministic():
    def render():
        pdf, svg = PdfSurface("t"), SvgSurface()
        draw_test_page(TeeSurface([pdf, svg]))
        return pdf.getvalue(), svg.pages[1]

    assert render() == render()


def test_area_bleed_box():
    assert Area(10, 20, 3).bleed_box() == (-3, -3, 16, 26)


def test_a_check_that_cannot_run_on_a_set_already_failed_adds_nothing_and_otherwise_raises():
    from generator.errors import Location
    from generator.validate import RuleBook, error

    book = RuleBook()

    @book.rule("t.first", "the deck has suits")
    def first(spec):
        if not spec["suits"]:
            yield error(Location("t.yaml", 1), "no suits")

    @book.rule("t.second", "the treasure is the first suit")
    def second(spec):
        spec["suits"][0]
        return ()

    assert [f.rule for f in book.run({"suits": []})] == ["t.first"]
    book.rules.pop(0)  # with nothing failed first, the second rule's crash is a bug, and shows
    with pytest.raises(IndexError):
        book.run({"suits": []})


def test_text_is_aligned_in_the_words_layouts_use():
    recording = Recording()
    canvas = Canvas(recording)
    for align in ("left", "centre", "right"):
        canvas.text(30, 10, "Ab", 5.0, align=align)
    width = text_width("Ab", 5.0)
    lefts = [call[-1].e for call in recording.calls if call[0] == "text"]
    assert lefts == pytest.approx([30, 30 - width / 2, 30 - width])
    with pytest.raises(ValueError, match="left, centre, right"):
        canvas.text(30, 10, "Ab", 5.0, align="middle")  # the words of SVG's text-anchor are not ours


def test_a_sheet_used_as_printed_goes_without_bleed_rather_than_be_split_into_parts():
    """A 180 x 250 mm rules sheet on Letter with a 6 mm bleed: with its bleed it fits no sheet, and was
    split into two parts to glue, their seam over its words. It is never cut, so it prints whole,
    its art stopping at its edge; a piece that is cut keeps its bleed and is split."""
    sheet = Component("rules-sheet", "Rules", [Piece("rules-sheet", Rect(180.0, 250.0), blank)], cut_guides=False)
    cut = Component("board", "Board", [Piece("board", Rect(180.0, 250.0), blank)])
    [front] = [page for page in impose([sheet], settings(LETTER, bleed=6.0)) if page.side == "front"]
    [placement] = front.placements
    assert placement.part is None and placement.reach == (0.0,) * 4
    assert {page.part.label for page in impose([cut], settings(LETTER, bleed=6.0)) if page.side == "front"} == {"A1", "B1"}
    [placement] = [page for page in impose([sheet], settings(LETTER)) if page.side == "front"][0].placements
    assert placement.reach == (settings().bleed,) * 4  # where it fits with its bleed, it keeps it
