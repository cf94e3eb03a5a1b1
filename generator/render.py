"""Drawing imposed pages into every format, page by page, and the manifest of what went where."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import BinaryIO, Callable, Iterator

from generator import fonts, geometry, shaping
from generator.backends import TeeSurface
from generator.canvas import FLOOR_PT, PT, Canvas, Surface
from generator.cutfiles import cut_outlines
from generator.errors import InputError, Location
from generator.impose import Page, Placement, PrintSettings, Seam, clip_polygon
from generator.kit.text import listed
from generator.model import Area, Face, face_area
from generator.recording import FaceReading, FaceRecordings, Recording, record_face
from generator.shapes import signed_area
from generator.words import Words, common_words

def draw_page(canvas: Canvas, page: Page, settings: PrintSettings, game_title: str, total_pages: int,
              faces: Callable[[Face, Area], Recording] = record_face, words: Words | None = None,
              reading: FaceReading | None = None) -> None:
    """One page: each piece's face (recorded once by `faces`, replayed here, and handed to the face
    checks of `reading` as it prints), then the cut lines, crop marks, glue strips and footer."""
    for placement in page.placements:
        piece = placement.piece
        face = piece.front if placement.face == "front" else piece.back
        area = face_area(piece, placement.face, settings.bleed)
        recording = faces(face, area)
        if reading is not None:
            reading.feed(placement.component, piece, placement.face, face, area, recording)
        with canvas.saved():
            for clip in placement.clips():
                canvas.clip(clip)
            canvas.transform(placement.matrix)
            canvas.replay(recording)
    sheet = settings.sheet
    # Cut and fold lines go over all the art, so that no neighbour's bleed paints over them: first
    # every casing, then every line, so that no neighbour's casing covers a line either.
    lines = LineStyle(sheet.cut_colour, sheet.cut_width, sheet.fold_colour, sheet.fold_dash, sheet.halo_colour,
                      sheet.halo_width)
    for layer in ("casing", "line"):
        for placement in page.placements:
            if placement.cut_lines:
                draw_cut_lines(canvas, placement, lines, layer)
    for x0, y0, x1, y1 in page.crop_marks:
        canvas.line(x0, y0, x1, y1, stroke=sheet.mark_colour, width=0.2)
    parts = {placement.part.label: placement for placement in page.placements if placement.part}
    for seam in page.seams:
        if seam.under:
            draw_glue_strip(canvas, seam, parts[seam.part], sheet.mark_colour, sheet.footer_colour, words)
    if page.furniture:
        draw_footer(canvas, page, settings, game_title, total_pages, words)


@dataclass(frozen=True)
class LineStyle:
    """How cut and fold lines are drawn: a cut solid, a fold thinner, dashed and in its own colour;
    each with a casing `casing_width` wide on either side (none in a cut file)."""

    cut_colour: str
    cut_width: float
    fold_colour: str
    fold_dash: tuple[float, ...]
    casing_colour: str = "#ffffff"
    casing_width: float = 0.0

    @property
    def fold_width(self) -> float:
        return self.cut_width * 0.8


def draw_cut_lines(canvas: Canvas, placement: Placement, style: LineStyle, layer: str = "line") -> None:
    """The piece's cut outline and its fold lines where the piece lies: their `layer` "casing" (a
    light band under each line, so it shows on dark art too) or "line"."""
    if layer == "casing" and not style.casing_width:
        return
    with canvas.saved():
        if placement.window:
            x0, y0, x1, y1 = placement.window
            canvas.clip_rect(x0, y0, x1 - x0, y1 - y0)
        canvas.transform(placement.cut_matrix)
        shape = placement.piece.shape
        if layer == "casing":
            for cut in (shape.outline(), *hole_paths(shape)):
                canvas.draw(cut, stroke=style.casing_colour, width=style.cut_width + 2 * style.casing_width)
            for (ax, ay), (bx, by) in shape.folds:  # dashed like the fold, so a fold never reads as a cut
                canvas.line(ax, ay, bx, by, stroke=style.casing_colour, width=style.fold_width + 2 * style.casing_width,
                            dash=style.fold_dash)
            return
        canvas.draw(shape.outline(), stroke=style.cut_colour, width=style.cut_width)
        for hole in hole_paths(shape):
            canvas.draw(hole, stroke=style.cut_colour, width=style.cut_width)
        for (ax, ay), (bx, by) in shape.folds:
            canvas.line(ax, ay, bx, by, stroke=style.fold_colour, width=style.fold_width, dash=style.fold_dash)


def hole_paths(shape) -> list[geometry.Path]:
    """The inner cuts of a shape (a window, a hole) as paths in the piece's coordinates."""
    return [hole.shape.outline().transformed(geometry.Matrix.translation(hole.x, hole.y)) for hole in shape.holes]


#: How much of a note's room may be off the piece, in mm², for the rounding of clipped outlines.
EPSILON_MM2 = 1e-6

#: Every word printed round the pieces (glue notes, the footer's label and page number, the ruler's
#: caption): the least a person reads with ease (DESIGN.md, "Print craft").
FURNITURE_PT = FLOOR_PT


def draw_glue_strip(canvas: Canvas, seam: Seam, placement: Placement, colour: str, note_colour: str,
                    words: Words | None = None) -> None:
    """The overlap strip a neighbour will cover: hatched, a line where the neighbour's edge goes,
    and a note saying so. All of it disappears under the neighbour; the part on top stays clean.
    Only the piece is marked (`placement`, the part the strip is on): past its trim, round a shaped
    piece's outline, the strip's paper is cut away, and glue there would go on nothing. The note
    goes in the middle of the strip's stretch on the piece, if it fits there whole."""
    x0, y0, x1, y1 = seam.strip
    on_piece = clip_polygon(placement.outline(), seam.strip)
    if len(on_piece) < 3:
        return  # the strip misses the piece (beyond the end of an L's arm)
    hatch, step, span = geometry.Path(), 3.0, (x1 - x0) + (y1 - y0)
    for k in range(int(span / step) + 1):
        hatch.move_to(x0 + k * step, y0).line_to(x0 + k * step - span, y0 + span)
    edge = {"right": (x0, y0, x0, y1), "bottom": (x0, y0, x1, y0), "left": (x1, y0, x1, y1), "top": (x0, y1, x1, y1)}
    with canvas.saved():
        canvas.clip(placement.piece.shape.outline().transformed(placement.cut_matrix))
        with canvas.saved():
            canvas.clip_rect(x0, y0, x1 - x0, y1 - y0)
            canvas.draw(hatch, stroke=colour, width=0.1)
        canvas.line(*edge[seam.side], stroke=colour, width=0.35)
    note = (words or common_words())("glue.note", neighbour=seam.neighbour)
    size = FURNITURE_PT * PT
    upright = seam.side in ("left", "right")  # the strip runs down the page, and its note with it
    xs, ys = [x for x, _ in on_piece], [y for _, y in on_piece]
    centre = ((x0 + x1) / 2, (min(ys) + max(ys)) / 2) if upright else ((min(xs) + max(xs)) / 2, (y0 + y1) / 2)
    width = fonts.text_width(note, size)
    # The note and 2 mm either end of it, across 1.6 times its size, must lie on the strip's share of the piece.
    along, across = width / 2 + 2, size * 0.8
    half_w, half_h = (across, along) if upright else (along, across)
    room = (centre[0] - half_w, centre[1] - half_h, centre[0] + half_w, centre[1] + half_h)
    if abs(signed_area(clip_polygon(on_piece, room))) < 4 * half_w * half_h - EPSILON_MM2:
        return  # a strip too small for words still shows the hatching and the line
    with canvas.saved():
        canvas.translate(*centre)
        if upright:
            canvas.rotate(-90)
        canvas.rect(-width / 2 - 1, -size * 0.75, width + 2, size * 1.3, fill="#ffffff")
        canvas.text(0, size * 0.35, note, size, fill=note_colour, align="centre")


def draw_footer(canvas: Canvas, page: Page, settings: PrintSettings, game_title: str, total_pages: int,
                words: Words | None = None) -> None:
    """The footer band: the calibration ruler at the left with its caption under it, and on the
    caption's line, at the right, the page's label and number. Every word is at FURNITURE_PT, never
    shrunk: the page number prints whole, and a label too long for its room gives way, what a person
    needs least first (footer_label). Words too long for the page's side and number and the title's
    first letter to fit are an error at their line (_refuse_unfitting_words)."""
    sheet, margin, words = settings.sheet, settings.paper.margin, words or common_words()
    colour, size = sheet.footer_colour, FURNITURE_PT * PT
    bottom = margin + sheet.footer_height if page.footer_at_top else page.height - margin
    baseline = bottom - 0.7  # room for the descenders inside the band
    # The caption fits under the bar if it can (the long advice, else the short); the label starts after both.
    x, length = margin + 1.0, sheet.calibration
    captions = [words(key, mm=f"{length:g}") for key in ("footer.ruler", "footer.ruler.short")]
    caption = next((text for text in captions if fonts.text_width(text, size) <= length), captions[-1])
    left = x + max(length, fonts.text_width(caption, size)) + 3.0
    right = page.width - margin - 1.0
    number = words("footer.page", number=page.number, total=total_pages)
    room = right - fonts.text_width(number, size) - left
    _refuse_unfitting_words(page, settings, game_title, words, size, room, caption, number)
    # Ruler: a bar exactly `calibration` mm long with a tick every 10 mm, its ticks ending 0.5 mm
    # above the caption's capitals (1.8 mm tall at 7 pt).
    bar_y = baseline - 3.3
    canvas.rect(x, bar_y, length, 0.8, fill=colour)
    for tick in range(int(length // 10) + 1):
        canvas.line(x + tick * 10, bar_y - 0.8, x + tick * 10, bar_y + 1.0, stroke=colour, width=0.15)
    canvas.text(x, baseline, caption, size, fill=colour)
    canvas.text(right, baseline, number, size, fill=colour, align="right")
    label = footer_label(page, game_title, words, size, room)
    label_right = right - fonts.text_width(number, size)
    if not shaping.needs_shaping(label):
        canvas.text(label_right, baseline, label, size, fill=colour, align="right")
        return
    # Each field and separator a run of its own, left to right: a right-to-left title reads right to left
    # in its place, rather than the bidi algorithm reordering the whole line round it.
    x = label_right - fonts.text_width(label, size)
    for run in filter(None, re.split(f"({re.escape(SEPARATOR)})", label)):
        canvas.text(x, baseline, run, size, fill=colour)
        x += fonts.text_width(run, size)


SEPARATOR = " · "
ELLIPSIS = "…"


def _side_key(page: Page) -> str:
    """The words that say which side of the sheet the page is."""
    return f"footer.{page.side}" if page.placements or not page.components else "footer.blank-back"


def _least_title(game_title: str) -> str:
    """The least of the title a footer prints: its first letter and an ellipsis, then the separator."""
    return game_title[:1] + ELLIPSIS + SEPARATOR if game_title else ""


def _refuse_unfitting_words(page: Page, settings: PrintSettings, game_title: str, words: Words, size: float,
                            room: float, caption: str, number: str) -> None:
    """What a footer never cuts (the page's side, its number, the title's first letter) must fit
    beside the ruler at FURNITURE_PT. When it does not, a words file (a translation, an edited copy)
    gave words too long for this paper: an error at the line of the widest of them, naming its key,
    rather than a footer cut short or dropped. (The bundled words fit every paper settings.check_room
    lets through.)"""
    side = words(_side_key(page))
    needed = fonts.text_width(_least_title(game_title) + side + SEPARATOR, size)
    if needed <= room:
        return
    texts = {_side_key(page): side, "footer.page": number}
    if fonts.text_width(caption, size) > settings.sheet.calibration:  # the short caption, wider than its ruler
        texts["footer.ruler.short"] = caption
    key = max(texts, key=lambda name: fonts.text_width(texts[name], size))
    text = " ".join(texts[key].split())
    shown = text if len(text) <= 30 else text[:30] + ELLIPSIS
    number_width = fonts.text_width(number, size)
    place = words.places.get(key, words.source or Location(f"words of {words.game}"))
    raise InputError(place, f'words "{key}" ("{shown}") do not fit the footer on {settings.paper.name} at '
                     f"{FURNITURE_PT:g} pt: the page's side, its number and the title's first letter need "
                     f"{needed + number_width:.0f} mm beside the ruler, which leaves {room + number_width:.0f} mm "
                     f'on page {page.number}; shorten "{key}"', "layout.text-fit")


def footer_label(page: Page, game_title: str, words: Words, size: float, room: float) -> str:
    """What the page holds and how its part is joined, in at most `room` mm at `size`, ending in a
    separator before the page number. No word is cut but with an ellipsis in its place. What a person
    needs least gives way first: the components' names (the pieces show them), then the long assembly
    notes for short ones (page 1 says how to join parts), then the game's title, cut short to its first
    letter at the least. The page's side prints whole, and so does that much of the title (draw_footer
    makes sure that `room` holds them), except beside a tiled part's notes on a narrow sheet, which
    they give way to; the notes are cut short last (several parts on one narrow sheet)."""
    side = words(_side_key(page))
    components = " + ".join(component.title for component in page.components)

    def notes(over_key: str) -> list[str]:
        said = []
        for part in page.parts:
            note = words("footer.part", label=part.label, rows=part.rows, cols=part.cols)
            over = [seam.neighbour for seam in page.seams if not seam.under and seam.part == part.label]
            if over:
                note = words("footer.part.over", part=note, over=words(over_key, parts=listed(words, over)))
            said.append(note)
        return said

    long_notes, short_notes = notes("footer.over"), notes("footer.over.short")
    for fields in ([game_title, components, side, *long_notes], [game_title, side, *long_notes],
                   [game_title, side, *short_notes]):
        label = SEPARATOR.join(fields) + SEPARATOR
        if fonts.text_width(label, size) <= room:
            return label
    rest = SEPARATOR.join([side, *short_notes]) + SEPARATOR
    title = _shortened_title(game_title, size, room - fonts.text_width(rest, size))
    if title:
        return title + rest
    # Only a part's notes leave no room for the title's first letter (draw_footer makes sure that the
    # side and that much fit beside the page number). The notes say how the piece goes together: the
    # title gives way to them, then the side, an ellipsis in their place; the notes are cut last.
    for fields in ([ELLIPSIS, side, *short_notes], [ELLIPSIS, *short_notes]):
        label = SEPARATOR.join(fields) + SEPARATOR
        if fonts.text_width(label, size) <= room:
            return label
    head = ELLIPSIS + SEPARATOR
    return head + _ellipsized(SEPARATOR.join(short_notes), SEPARATOR, size, room - fonts.text_width(head, size))


def _shortened_title(game_title: str, size: float, room: float) -> str:
    """The title cut short with an ellipsis, and the separator after it, in `room` mm; "" if not even
    its first letter fits. The game's name gives way before a draft's note after it (build.page_title:
    "Diamonds · DRAFT, 2 rule errors"), so that a draft's pages still say so."""
    name, separator, note = game_title.partition(SEPARATOR)
    for cut, kept in ((name, separator + note + SEPARATOR), (game_title, SEPARATOR)):
        shortened = _ellipsized(cut, kept, size, room)
        if len(shortened) > len(ELLIPSIS + kept):  # at least a letter of it
            return shortened
    return ""


def _ellipsized(text: str, tail: str, size: float, room: float) -> str:
    """The longest start of `text` that, with an ellipsis and `tail`, fits in `room` mm ("" if none)."""
    for end in range(len(text), -1, -1):
        cut = text[:end].rstrip(SEPARATOR) + ELLIPSIS + tail  # no separator before the ellipsis
        if fonts.text_width(cut, size) <= room:
            return cut
    return ""


def manifest(game: str, pages: list[Page], settings: PrintSettings, layout: str = "sheets") -> dict:
    paper = settings.paper
    return {
        "game": game,
        "layout": layout,
        "paper": {"name": paper.name, "width_mm": _mm(paper.width), "height_mm": _mm(paper.height)},
        "duplex": settings.duplex,
        "bleed_mm": _mm(settings.bleed),
        "pages": ReadAsWritten(pages, _manifest_page),
    }


class ReadAsWritten(Sequence):
    """A list whose entries are made as they are read: a manifest of ten thousand pieces is written
    page by page instead of being held whole (a piece's entry weighs ten times its line of JSON)."""

    def __init__(self, items: list, entry: Callable):
        self.items, self.entry = items, entry

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self.entry(item) for item in self.items[index]]
        return self.entry(self.items[index])


def _manifest_page(page: Page) -> dict:
    return {
        "number": page.number,
        "side": page.side,
        "component": page.component.name,
        "components": [component.name for component in page.components],
        "stock": page.stock,
        "width_mm": _mm(page.width),
        "height_mm": _mm(page.height),
        "pieces": [_manifest_piece(placement, page.stock) for placement in page.placements],
        "crop_marks": [[_mm(v) for v in mark] for mark in page.crop_marks],
    }


def _manifest_piece(placement: Placement, stock: str) -> dict:
    # A tiled part's entry gives its own box (visible_trim: its share of the trim) and so its own cut
    # outline (cut_outlines: the piece's within the part's window), the one its cut file cuts: the
    # manifest records what is placed on the page, and the whole piece's outline runs off it.
    x, y, w, h = placement.visible_trim()
    entry = {
        "component": placement.component.name,
        "id": placement.piece.id,
        "face": placement.face,
        "x_mm": _mm(x),
        "y_mm": _mm(y),
        "width_mm": _mm(w),
        "height_mm": _mm(h),
        "rotation": placement.rotation,
        "shape": placement.piece.shape.kind,
        "stock": stock,  # the paper it prints on: its page's
    }
    shape = placement.piece.shape
    if shape.kind != "rect" or shape.holes:
        outline, holes = cut_outlines(placement)
        if shape.kind != "rect":
            entry["outline"] = [[_mm(px), _mm(py)] for px, py in outline]
        if shape.holes:  # inner cuts, each a closed outline on the page
            entry["holes"] = [[[_mm(px), _mm(py)] for px, py in hole] for hole in holes]
    if placement.part:
        part = placement.part
        entry["part"] = {
            "label": part.label, "row": part.row, "col": part.col, "rows": part.rows, "cols": part.cols,
            "x_mm": _mm(part.x), "y_mm": _mm(part.y), "width_mm": _mm(part.width), "height_mm": _mm(part.height),
            "piece_width_mm": _mm(placement.piece.width), "piece_height_mm": _mm(placement.piece.height),
        }
    return entry


def _mm(value: float) -> float:
    return round(value, 3) + 0.0


def render(pages: list[Page], settings: PrintSettings, game_title: str, formats: tuple[str, ...], dpi: int,
           on_page: Callable[[], None] = lambda: None, faces=None, svg_text: str = "text",
           words: Words | None = None) -> dict[str, object]:
    """Every format at once, in memory: {"pdf": bytes, "svg"|"png"|"cut"|...: {page number: bytes}} (the cut
    files by their kinds, cutfiles.CUT_FILES)."""
    outputs: dict[str, object] = {}
    for fmt, number, data in render_pages(pages, settings, game_title, formats, dpi, on_page, faces, svg_text, words):
        if fmt == "pdf":
            outputs["pdf"] = data
        else:
            outputs.setdefault(fmt, {})[number] = data
    return outputs


def streams_pdf(formats: tuple[str, ...]) -> bool:
    """Whether render_pages writes the PDF into a sink it is given: with every format but PNG, whose
    pages are rendered from the PDF's bytes."""
    return "pdf" in formats and "png" not in formats


def render_pages(pages: list[Page], settings: PrintSettings, game_title: str, formats: tuple[str, ...], dpi: int,
                 on_page: Callable[[], None] = lambda: None,
                 faces: Callable[[Face, Area], Recording] | None = None,
                 svg_text: str = "text", words: Words | None = None, reading: FaceReading | None = None,
                 pdf_sink: BinaryIO | None = None) -> Iterator[tuple[str, int, bytes | None]]:
    """Draw every page once into the PDF (and the SVG); PNG pages are rendered from the PDF, so a
    preview is what prints. Yields (format, page number, bytes) as each file is finished (the PDF
    with page number 0), so that a large job is written page by page and never held whole.
    `on_page` is called once per page of each format, for a progress bar. `svg_text` "outlines"
    draws the SVG's text as glyph outlines instead of text in embedded fonts. `reading`: face checks
    fed each face as it prints (see draw_page). `pdf_sink`: a file the PDF is written into as its
    pages are drawn, so that no job holds its whole document (its bytes are then yielded as None),
    when `streams_pdf(formats)`."""
    faces = faces or FaceRecordings()
    # Backends are imported only when asked for: svgwrite alone costs a fifth of a PDF build.
    surfaces: dict[str, Surface] = {}
    streamed = pdf_sink is not None and streams_pdf(formats)
    if "pdf" in formats or "png" in formats:
        from generator.backends.pdf import PdfSurface

        surfaces["pdf"] = PdfSurface(game_title, pdf_sink if streamed else None)
    if "svg" in formats:
        from generator.backends.svg import SvgSurface

        surfaces["svg"] = SvgSurface(text_as_outlines=svg_text == "outlines")
    surface = next(iter(surfaces.values())) if len(surfaces) == 1 else TeeSurface(list(surfaces.values()))
    canvas = Canvas(surface)
    for page in pages:
        surface.begin_page(page.number, page.width, page.height)
        if not page.furniture and len(page.placements) == 1:  # a piece's own page, for a print shop
            x, y, w, h = page.placements[0].visible_trim()
            bleed = settings.bleed
            surface.page_boxes((x, y, x + w, y + h), (max(0.0, x - bleed), max(0.0, y - bleed),
                                                      min(page.width, x + w + bleed), min(page.height, y + h + bleed)))
        draw_page(canvas, page, settings, game_title, page.total or len(pages), faces, words, reading)
        surface.end_page()
        if "svg" in surfaces:
            yield "svg", page.number, surfaces["svg"].pages.pop(page.number)
        on_page()
    surface.close()
    pdf = surfaces["pdf"].getvalue() if "pdf" in surfaces and not streamed else None
    del surfaces, surface, canvas  # the PDF's drawing state is no longer needed, only its bytes
    if "pdf" in formats:
        yield "pdf", 0, pdf
    if "png" in formats:
        from generator.backends.png import png_pages

        # A page that is one shaped piece alone (a coin for a print shop) keeps its outside clear.
        # The PDF's pages are counted from 1; a page's number is the job's (a --stock build prints
        # pages 3-8 of it, and its PNGs are named so, as its SVGs and cut files are).
        shaped = frozenset(place for place, page in enumerate(pages, start=1) if not page.furniture
                           and page.placements and page.placements[0].piece.shape.kind != "rect")
        for place, data in png_pages(pdf, [(p.width, p.height) for p in pages], dpi, transparent=shaped):
            yield "png", pages[place - 1].number, data
            on_page()
    if "cut" in formats or "dxf" in formats:
        from generator.cutfiles import cut_files

        yield from cut_files(pages, formats)


def json_bytes(data) -> bytes:
    """`data` as UTF-8 JSON for people and programs: the outer levels indented (a manifest's pages, one
    piece to a line), everything inside written by json's C encoder, which the indenting one is not."""
    return "".join(json_chunks(data)).encode("utf-8")


def json_chunks(data) -> Iterator[str]:
    """The text of json_bytes in pieces, to be written as they come."""
    yield from _json(data, "", 0)
    yield "\n"


#: Containers this deep or deeper go on one line (a manifest piece sits at depth 4).
JSON_FLAT_DEPTH = 4


def _json(value, indent: str, depth: int) -> Iterator[str]:
    if isinstance(value, ReadAsWritten):
        value = iter(value)  # a list of dicts, read once
        nested = True
    else:
        nested = isinstance(value, (dict, list)) and any(isinstance(item, (dict, list)) for item in
                                                         (value.values() if isinstance(value, dict) else value))
    if depth >= JSON_FLAT_DEPTH or not nested:
        yield json.dumps(value, ensure_ascii=False)
        return
    inner = indent + " "
    opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
    items = value.items() if isinstance(value, dict) else ((None, item) for item in value)
    empty = True
    for key, item in items:
        yield (opening if empty else ",") + "\n"
        yield inner if key is None else f"{inner}{json.dumps(key, ensure_ascii=False)}: "
        yield from _json(item, inner, depth + 1)
        empty = False
    yield opening + closing if empty else "\n" + indent + closing
