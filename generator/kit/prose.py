"""Prose on a sheet: rules sheets, reference cards and notebooks, written as blocks that flow down
columns at the largest body size that fits, but never below the legible floor.

A block is a tuple whose first item says what it is:

* `("title", text)`: the sheet's title, one line, shrunk to the column if it must;
* `("h", text)`: a heading with a rule under it, kept with the block that follows;
* `("p", text)`: a paragraph;
* `("b", text)`: a bulleted paragraph;
* `("n", text)`: a numbered step; the numbers restart after every heading;
* `(Figure, ...)`: a figure that measures and draws itself (a chart, a diagram).

Sizes are in millimetres, like every text size on a Canvas.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable

from generator.canvas import FLOOR_PT, LEADING, PT, Canvas
from generator.fonts import wrap
from generator.shaping import right_to_left
from generator.kit.symbols import draw_symbol
from generator.kit.text import fit_line, fit_size, top_baseline
from generator.model import Area, Component, Piece, fill_bleed
from generator.schema import spec_field, where
from generator.shapes import Rect
from generator.styles import Style
from generator.validate import error


@dataclass(frozen=True)
class Figure:
    """A block that is not words: `height(width, style, body)` says how tall it is drawn in a column
    `width` wide; `draw(canvas, x, y, width, style, body)` draws it from top y and returns its bottom."""

    height: Callable[[float, Style, float], float]
    draw: Callable[..., float]


def symbol_heading(symbols: list[tuple[str, str]], text: str) -> Figure:
    """A heading led by symbols, each (symbol, colour): a suit's or a role's name on an aid."""

    def height(width, style, body):
        return body * 1.12 * 1.45

    def draw(canvas, x, y, width, style, body):
        size = body * 1.12
        base = y + size * 1.1
        for i, (symbol, colour) in enumerate(symbols):
            draw_symbol(canvas, symbol, x + size * 0.5 + i * size * 1.15, base - size * 0.36, size * 1.05, colour)
        left = x + len(symbols) * size * 1.15 + size * 0.3
        canvas.text(left, base, text, fit_line(text, size, x + width - left, style.title.face), fill=style.ink,
                    face=style.title.face)
        return y + height(width, style, body)

    return Figure(height, draw)


def block_height(block: tuple, width: float, style: Style, body: float) -> float:
    kind = block[0]
    if isinstance(kind, Figure):
        return kind.height(width, style, body)
    if kind == "title":
        size, lines = _title_lines(block[1], width, style, body)
        return size * 1.6 + (len(lines) - 1) * size * LEADING
    if kind == "h":
        return body * 1.2 * 1.7
    indent = body * 1.4 if kind in ("b", "n") else 0.0
    lines = wrap(block[1], body, width - indent, style.body.face, break_words=True)
    return len(lines) * body * LEADING + body * 0.35


def flow(canvas: Canvas | None, columns: list[tuple[float, float, float, float]], blocks: list[tuple],
         style: Style, body: float) -> float:
    """Draw `blocks` down `columns` (x, top, width, bottom); return how far past its bottom the last
    column was filled (0 or less: it all fits). With no canvas nothing is drawn, only measured: the
    fit tries many sizes, and laying words out is a small part of drawing them."""
    column, number = 0, 0
    x, y, width, bottom = columns[0]
    for i, block in enumerate(blocks):
        need = block_height(block, width, style, body)
        if block[0] == "h" and i + 1 < len(blocks):  # a heading keeps with the block it heads, which never splits
            need += min(block_height(blocks[i + 1], width, style, body), bottom - columns[column][1] - need)
        if y + need > bottom and column + 1 < len(columns) and y > columns[column][1]:
            column += 1
            x, y, width, bottom = columns[column]
        number = number + 1 if block[0] == "n" else 0 if block[0] in ("h", "title") else number
        y = _draw_block(canvas, block, x, y, width, style, body, number)
    return y - bottom


def _draw_block(canvas: Canvas | None, block, x, y, width, style: Style, body: float, number: int) -> float:
    """Draw one block from top y (on `canvas`, if there is one); return its bottom."""
    kind, ink = block[0], style.ink
    if isinstance(kind, Figure):  # measured by its height, drawn only on a real canvas
        return kind.draw(canvas, x, y, width, style, body) if canvas else y + kind.height(width, style, body)
    # A Hebrew or Arabic block starts at the column's right edge, its bullet or number on the right.
    rtl = right_to_left(block[1])
    side = "right" if rtl else "left"

    def at(offset: float) -> float:  # `offset` in from the edge the block's lines start at
        return x + width - offset if rtl else x + offset

    if kind == "title":
        size, lines = _title_lines(block[1], width, style, body)
        if canvas:
            base = top_baseline(lines[0], size, style.title.face, y)
            for line in lines:
                canvas.text(at(0.0), base, line, size, fill=ink, face=style.title.face, align=side)
                base += size * LEADING
        return y + size * 1.6 + (len(lines) - 1) * size * LEADING
    if kind == "h":
        size = body * 1.2
        base = y + size * 1.25
        if canvas:
            canvas.text(at(0.0), base, block[1], size, fill=ink, face=style.title.face, align=side)
            canvas.line(x, base + size * 0.3, x + width, base + size * 0.3, stroke=style.accent, width=style.line_mm)
        return y + size * 1.7
    indent = body * 1.4 if kind in ("b", "n") else 0.0
    lines = wrap(block[1], body, width - indent, style.body.face, break_words=True)
    base = y + body
    if canvas and kind == "b":
        canvas.circle(at(body * 0.45), base - body * 0.3, body * 0.15, fill=style.accent)
    elif canvas and kind == "n":
        canvas.text(at(0.0), base, f"{number}.", body, fill=ink, face=style.title.face, align=side)
    if canvas:
        for line in lines:
            canvas.text(at(indent), base, line, body, fill=ink, face=style.body.face, align=side)
            base += body * LEADING
    return y + len(lines) * body * LEADING + body * 0.35


def _title_lines(text: str, width: float, style: Style, body: float) -> tuple[float, list[str]]:
    """A title's size and lines: one line, shrunk to the column; but a title that would shrink below
    the body size (a long translation, a narrow sheet) wraps instead, at the body size or more, so no
    title prints smaller than the words under it."""
    largest = style.title.size
    size = fit_line(text, largest, width, style.title.face)
    if size >= min(largest, body) - 1e-9:
        return size, [text]
    size = min(largest, max(body * 1.2, fit_line(text, largest, width * 2, style.title.face)))
    lines = wrap(text, size, width, style.title.face, break_words=True)
    return min(fit_line(line, size, width, style.title.face) for line in lines), lines


def columns_of(area: Area, style: Style, count: int, top: float, gap: float = 6.0) -> list[tuple]:
    """`count` equal columns across the face inside its safe margin, from `top` down."""
    safe = style.safe_mm
    width = (area.width - 2 * safe - gap * (count - 1)) / count
    return [(safe + i * (width + gap), top, width, area.height - safe) for i in range(count)]


def header_height(header: str, area: Area, style: Style) -> float:
    if not header:
        return 0.0
    return fit_line(header, style.title.size, area.width - 2 * style.safe_mm, style.title.face) * 1.5


def draw_prose(canvas, area: Area, blocks: list[tuple], style: Style, count: int, body: float,
               header: str = "") -> None:
    """A face of prose: the background, an optional header line across all columns, then the blocks."""
    fill_bleed(canvas, area, style.background)
    top = style.safe_mm
    if header:
        size = fit_line(header, style.title.size, area.width - 2 * style.safe_mm, style.title.face)
        canvas.text(style.safe_mm, top_baseline(header, size, style.title.face, top), header, size, fill=style.ink,
                    face=style.title.face)
    flow(canvas, columns_of(area, style, count, top + header_height(header, area, style)), blocks, style, body)


def prose_size(area: Area, blocks: list[tuple], style: Style, count: int, header: str = "",
               floor_pt: float = FLOOR_PT) -> tuple[float, float]:
    """The body size (mm) at which the blocks fit, from the style's size down to the floor, and how far
    past the bottom they still reach at that size (0 or less: they fit)."""
    columns = columns_of(area, style, count, style.safe_mm + header_height(header, area, style))
    reach = partial(flow, None, columns, blocks, style)
    body = fit_size(reach, 0.0, start=style.body.size, floor=min(style.body.size, floor_pt * PT))
    return body, reach(body)


def prose_face(area: Area, blocks: list[tuple], style: Style, count: int, header: str = ""):
    """A face drawer for the blocks, at the size that fits (worked out once, not per drawing)."""
    body, _ = prose_size(area, blocks, style, count, header)
    return partial(draw_prose, blocks=blocks, style=style, count=count, body=body, header=header)


def prose_pieces(spec, component: str, ids: list[str], shape: Rect, pages: list[list[tuple]], count: int,
                 header: str = "", safe_mm: float = 6.0) -> list[Piece]:
    """One one-sided piece per page of blocks, each styled as its own piece of `component`."""
    pieces = []
    for piece_id, blocks in zip(ids, pages):
        style = spec.style.resolve(component, piece=piece_id, safe_mm=safe_mm)
        area = Area(shape.width, shape.height, 0.0)
        pieces.append(Piece(piece_id, shape, prose_face(area, blocks, style, count, header)))
    return pieces


# The rules sheet every game prints ---------------------------------------------------------------

RULES_COLUMNS = 2
RULES_SAFE_MM = 6.0  # the rules sheet's margin inside its trim


# The most a sheet printed whole may measure, short side and long: it fits A4 and Letter inside their
# margins, either way round. The rules sheet and a game's large aids (a chart, a card) keep to it.
PAPER_ROOM_MM = (200.0, 255.0)


@dataclass(kw_only=True)
class RulesSheet:
    """A game file's `rules_sheet:`: the sheet its rules print on, which must fit a sheet of paper."""

    width_mm: float = spec_field(180.0, positive=True, minimum=100, maximum=PAPER_ROOM_MM[0])
    height_mm: float = spec_field(250.0, positive=True, minimum=100, maximum=PAPER_ROOM_MM[1])


def rules_sheet_style(spec) -> Style:
    return spec.style.resolve("rules-sheet", piece="rules-sheet", safe_mm=RULES_SAFE_MM)


def rules_sheet_fit(spec, blocks: list[tuple]) -> tuple[float, float]:
    """(body size, overflow) of the rules on the game's rules sheet; an overflow above 0 does not fit."""
    sheet = spec.rules_sheet
    return prose_size(Area(sheet.width_mm, sheet.height_mm, 0.0), blocks, rules_sheet_style(spec), RULES_COLUMNS)


def rules_pages(spec, blocks: list[tuple], more: tuple | None = None, least_pt: float = FLOOR_PT,
                most: int = 4) -> list[list[tuple]]:
    """The rules on the game's rules sheets (`flow_pages`), a sheet after the first opening with `more`
    (a "continued" title; by default the words' `rules.title.more`). A long translation flows on like
    this rather than shrinking under the legible floor; what still does not fit is the validator's."""
    return flow_pages(blocks, partial(rules_sheet_fit, spec), more or _more_title(spec), least_pt, most)


def flow_pages(blocks: list[tuple], fit: Callable[[list[tuple]], tuple[float, float]], more: tuple | None = None,
               least_pt: float = FLOOR_PT, most: int = 4) -> list[list[tuple]]:
    """Blocks on pages, `fit(page)` giving a page's body size and overflow: one page, if they fit it at
    `least_pt` or more; else two, split before the heading that lets both print largest; else as many
    as they take (up to `most`), each filled with as many headings' worth as it holds. A page after
    the first opens with `more`, if given."""
    body, over = fit(blocks)
    if over <= 0 and body >= least_pt * PT - 1e-9:
        return [blocks]
    lead = [more] if more else []
    heads = [i for i, block in enumerate(blocks) if block[0] == "h" and i > 0]
    best, largest = None, 0.0
    for cut in heads:
        pages = [blocks[:cut], lead + blocks[cut:]]
        sizes = [fit(page) for page in pages]
        if all(over <= 0 for _, over in sizes) and min(size for size, _ in sizes) > largest:
            best, largest = pages, min(size for size, _ in sizes)
    if best:
        return best
    pages, start = [], 0
    while start < len(blocks) and len(pages) < most:
        head = lead if pages else []
        ends = [end for end in heads + [len(blocks)] if end > start]
        fitting = [end for end in ends if fit(head + blocks[start:end])[1] <= 0]
        if not fitting:  # a part between headings longer than a sheet: it breaks between blocks
            fitting = [end for end in range(start + 1, len(blocks) + 1) if fit(head + blocks[start:end])[1] <= 0]
        end = max(fitting, default=start + 1)
        pages.append(head + blocks[start:end])
        start = end
    if start < len(blocks):
        pages[-1] = pages[-1] + blocks[start:]  # more than `most` sheets hold: the validator says so
    return pages


def _more_title(spec) -> tuple:
    words = getattr(spec, "words", None)
    if words is not None and words.has("rules.title.more"):
        return ("title", words("rules.title.more", title=spec.title))
    return ("title", spec.title)


def rules_sheet_errors(spec, blocks: list[tuple], more: tuple | None = None, least_pt: float = FLOOR_PT,
                       most: int = 4):
    """The validator's finding when the rules do not fit their sheets at the legible floor."""
    pages = rules_pages(spec, blocks, more, least_pt, most)
    over = max(rules_sheet_fit(spec, page)[1] for page in pages)
    if over > 0:
        sheet = spec.rules_sheet
        flowing = "" if len(pages) == 1 else ", even flowing onto a second" if len(pages) == 2 else \
            f", even flowing onto {len(pages)} sheets"
        here, shorten = overflowing_words(spec, block_texts(blocks), where(spec, "rules_sheet"))
        yield error(here, f"the rules do not fit a {sheet.width_mm:g} x {sheet.height_mm:g} mm sheet at {FLOOR_PT:g} "
                          f"pt{flowing} ({over:.1f} mm over); make the sheet larger or {shorten or 'the words fewer'}")


def block_texts(blocks: list[tuple]) -> list[str]:
    """The words of prose blocks (a figure's aside)."""
    return [block[1] for block in blocks if isinstance(block[0], str) and isinstance(block[1], str)]


def overflowing_words(spec, texts: list[str], here):
    """Where to tell that `texts` do not fit their piece, and what to shorten: `here` (the piece in the
    game file) and "" when the bundled words gave them all; else the longest text a words file of the
    user's gave (a translation), at its line, as "shorten KEY"."""
    words = getattr(spec, "words", None)
    given = [(len(text), key, place) for text in texts
             for key, place in (words.keys_of(text) if words is not None else ())]
    if not given:
        return here, ""
    _, key, place = max(given, key=lambda entry: entry[0])
    return place, f"shorten {key}"


def rules_sheet_component(spec, blocks: list[tuple], more: tuple | None = None, least_pt: float = FLOOR_PT,
                          most: int = 4) -> Component:
    """The rules sheet (`rules-sheet`), and any sheets the rules flow onto (`rules-sheet-2`, ...)."""
    sheet = spec.rules_sheet
    pages = rules_pages(spec, blocks, more, least_pt, most)
    ids = ["rules-sheet"] + [f"rules-sheet-{n}" for n in range(2, len(pages) + 1)]
    pieces = prose_pieces(spec, "rules-sheet", ids, Rect(sheet.width_mm, sheet.height_mm), pages, RULES_COLUMNS,
                          safe_mm=RULES_SAFE_MM)
    words = getattr(spec, "words", None)
    title = words("component.rules-sheet") if words is not None and words.has("component.rules-sheet") else "Rules sheet"
    return Component("rules-sheet", title, pieces, cut_guides=False)
