"""The box on the first page of every PDF: how to print this file and how to build the game from it.

Most of it follows from the build itself: print at 100 %, the duplex edge this file was built for,
and for each kind of piece what to print it on and how to cut it (crop marks, a cut line, folds, a
piece printed in parts). A game file adds what only its rules know in a `printing:` block:

    printing:
      bring: [a pencil for each player, a cloth bag]
      stock: {coin: card stock (300 gsm), or paper glued to card}   # by component name
      steps: [Fold the nets before gluing, ...]                        # in order

or, so that a translation carries them, its words file's `printing.bring.N`, `printing.stock.<component>`
and `printing.step.N` (`printing_of`).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, replace
from functools import partial

from generator.canvas import PT
from generator.errors import InputError, did_you_mean
from generator.impose import PrintSettings, carries_content, crop_marked, printable
from generator.kit.prose import prose_face, prose_size
from generator.model import Area, Component, Piece
from generator.schema import spec_field, where
from generator.shapes import Rect
from generator.stocks import STOCKS, stock_name, stock_of
from generator.validate import Finding
from generator.words import common_words

COMPONENT = "print-guide"
WIDTH_MM = 180.0  # the rules sheet's width: it fits A4 and Letter inside their margins and bleed
BODY_PT = 8.0
SAFE_MM = 5.0
RULES = {"print.stock": "page 1's printing: stock: names components the game has"}


@dataclass(kw_only=True)
class Printing:
    """A game file's `printing:` block: what the first page's box says that the build cannot know."""

    # Bounded as the words of page 1 are (generator/words.py PLACED_LIMITS): the box has one page.
    bring: list[str] = spec_field(default_factory=list, max_length=900)  # what else the table needs
    stock: dict[str, str] = spec_field(default_factory=dict, max_length=160)  # component name: what to print it on
    steps: list[str] = spec_field(default_factory=list, max_length=900)  # how to put it together, in order

    def with_lines(self, bring, stock, steps) -> Printing:
        """A printing block of these lines that is where this one is in its file (for messages at its
        lines): what a game makes of its file's block and its words, the block itself left as read."""
        made = Printing(bring=list(bring), stock=dict(stock), steps=list(steps))
        for attribute in ("_where", "_location"):
            if hasattr(self, attribute):
                setattr(made, attribute, getattr(self, attribute))
        return made


def guide_component(spec, title: str, printing: Printing, components: list[Component], settings: PrintSettings,
                    sheets: dict[str, tuple[list[int], bool]] | None = None,
                    tiled: frozenset[str] | None = None) -> Component:
    """The one-piece component the imposer puts first: page 1's box, on plain paper, headed by the game's
    `title` and saying its `printing` (as the game makes them: LoadedGame.title, .printing). `sheets`:
    each stock's pages and whether they print double-sided (stock_sheets), and `tiled`: the components
    printed in parts (tiled_components), once the job is imposed."""
    for finding in stock_findings(spec, components):
        raise InputError(finding.location, finding.message, finding.rule)
    words = getattr(spec, "words", None) or common_words()
    blocks = guide_blocks(title, printing_of(printing, words), components, settings, words, sheets or {}, tiled)
    style = spec.style.resolve(COMPONENT, piece=COMPONENT, safe_mm=SAFE_MM)
    style = _with_body(style, BODY_PT * PT)
    x0, y0, x1, y1 = printable(settings.paper.width, settings.paper.height, settings)
    width = min(WIDTH_MM, x1 - x0 - 2 * settings.bleed)
    height = _height(blocks, style, width, y1 - y0 - 2 * settings.bleed)
    shape = Rect(width, height)
    face = prose_face(Area(width, height, 0.0), blocks, style, 2)
    piece = Piece(COMPONENT, shape, partial(_boxed, face=face, style=style), safe_mm=SAFE_MM)
    return Component(COMPONENT, words("print.component-title"), [piece], cut_guides=False, stock="plain")


def tiled_components(pages) -> frozenset[str]:
    """The components with a piece the job prints in parts (too large for a sheet), told from the
    fronts (a part's back is behind it)."""
    return frozenset(placement.component.name for page in pages if page.side == "front"
                     for placement in page.placements if placement.part)


def stock_sheets(pages) -> dict[str, tuple[list[int], bool]]:
    """Each stock's page numbers in the job, in the order they first come, and whether they print
    double-sided (a back of that stock holds something)."""
    sheets: dict[str, tuple[list[int], bool]] = {}
    for page in pages:
        numbers, both = sheets.setdefault(page.stock, ([], False))
        numbers.append(page.number)
        if page.side == "back" and page.placements:
            sheets[page.stock] = (numbers, True)
    return sheets


def page_ranges(numbers: list[int]) -> str:
    """3, 4, 5, 6, 9, 10 as "3-6, 9-10"."""
    ranges: list[list[int]] = []
    for number in sorted(numbers):
        if ranges and number == ranges[-1][1] + 1:
            ranges[-1][1] = number
        else:
            ranges.append([number, number])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in ranges)


def printing_of(given: Printing, words) -> Printing:
    """What page 1 says that only the game knows: the game's `printing:` (its file's block, or what
    the game made of its words), or else the words file's `printing.bring.*`,
    `printing.stock.<component>` and `printing.step.*`, in the file's order."""
    keys = [key for key in getattr(words, "texts", {}) if key.startswith("printing.")]
    if not keys or given.bring or given.stock or given.steps:
        return given
    prefix = "printing.stock."
    return Printing(bring=[words(key) for key in keys if key.startswith("printing.bring.")],
                    stock={key[len(prefix):]: words(key) for key in keys if key.startswith(prefix)},
                    steps=[words(key) for key in keys if key.startswith("printing.step.")])


def stock_findings(spec, components: list[Component]) -> list[Finding]:
    """print.stock: the `printing: stock:` block names components the game has (checked by
    `pnp validate` for every game, and again before page 1 is drawn)."""
    printing = getattr(spec, "printing", None)
    known = {component.name for component in components}
    return [Finding("error", where(printing, "stock"), f'printing.stock names no component "{name}"'
                    f"{did_you_mean(str(name), known)}", "print.stock")
            for name in (printing.stock if printing else {}) if name not in known]


def _boxed(canvas, area: Area, face, style) -> None:
    face(canvas, area)
    inset = SAFE_MM / 2
    canvas.rect(inset, inset, area.width - 2 * inset, area.height - 2 * inset, radius=2.0, stroke=style.accent,
                width=style.line_mm)


def _with_body(style, size: float):
    return replace(style, body=style.body.__class__(style.body.face, size))


def _height(blocks, style, width: float, most: float) -> float:
    """The shortest box in which the blocks fit at the body size, in two columns (5 mm steps)."""
    height = 40.0
    while height < most:
        body, overflow = prose_size(Area(width, height, 0.0), blocks, style, 2, floor_pt=BODY_PT)
        if overflow <= 0 and body >= BODY_PT * PT - 1e-9:
            return height
        height += 5.0
    return most


def guide_blocks(title: str, printing: Printing, components: list[Component], settings: PrintSettings,
                 words, sheets: dict[str, tuple[list[int], bool]] | None = None,
                 tiled: frozenset[str] | None = None) -> list:
    if tiled is None:  # not imposed yet: as far as the sizes tell
        tiled = frozenset(component.name for component in components
                          if any(_tiled(component, piece, settings) for piece in component.pieces))
    blocks: list[tuple] = [("title", words("print.title", title=title))]
    blocks.append(("p", words("print.scale", mm=f"{settings.sheet.calibration:g}")))
    blocks.append(("p", _sides(settings.duplex, components, words, sheets)))
    blocks.append(("h", words("print.paper")))
    for stock, (numbers, both) in (sheets or {}).items():
        # Each stock is a job of its own (pnp build --stock); a double-sided one is tested with its first sheet.
        if settings.duplex == "off":  # no blank backs: fronts, each perhaps followed by its backs to glue
            key = "print.stock-job.glue" if both else "print.stock-job.fronts"
        else:
            key = "print.stock-job.both" if both else "print.stock-job.one"
        first = f"{numbers[0]}-{numbers[1]}" if len(numbers) > 1 else f"{numbers[0]}"
        blocks.append(("b", words(key, stock=stock_name(stock, words), count=len(numbers), pages=page_ranges(numbers),
                                  first=first, option=shlex.quote(stock))))  # as typed: "kraft card, 350 gsm" quoted
    for component in components:
        if not component.pieces:
            continue  # left out of this print (no guest judges, say): nothing to cut
        given = printing.stock.get(component.name)
        stock = given if given and given not in STOCKS else stock_name(stock_of(component), words)
        blocks.append(("b", words("print.component", title=component.title, count=len(component.pieces), stock=stock,
                                  cutting=cutting(component, settings, words, component.name in tiled))))
    if printing.bring:
        blocks.append(("h", words("print.bring")))
        items = [str(item) for item in printing.bring]
        joined = items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {words('and')} " + items[-1]
        blocks.append(("p", joined[:1].upper() + joined[1:] + "."))
    blocks.append(("h", words("print.build")))
    for step in assembly_steps(components, words, tiled) + list(printing.steps):
        blocks.append(("n", step))
    return blocks


def _sides(duplex: str, components: list[Component], words, sheets: dict[str, tuple[list[int], bool]] | None = None
           ) -> str:
    if duplex == "off":
        if any(carries_content(component) for component in components):
            return words("print.one-sided.glue")
        return words("print.one-sided.backs" if any(c.has_backs for c in components) else "print.one-sided")
    # A duplex job keeps its blank back pages, but with nothing behind any front the flip edge means
    # nothing: say so, rather than promise backs that land behind their fronts.
    backed = any(both for _, both in sheets.values()) if sheets else any(c.has_backs for c in components)
    return words(f"print.duplex.{duplex}" if backed else "print.no-backs")


def cutting(component: Component, settings: PrintSettings, words, tiled: bool = False) -> str:
    """How a player cuts this kind of piece from the sheet (`tiled`: printed in parts)."""
    if not component.cut_guides:
        return words("print.cut.none")
    pieces = component.pieces
    if all(piece.shape.straight_cuts for piece in pieces):
        how = words("print.cut.marks" if settings.crop_marks else "print.cut.edges")
    else:
        how = words("print.cut.line")
    if any(piece.shape.folds for piece in pieces):
        how += words("print.cut.fold")
    if tiled:
        how += words("print.cut.parts")
    return how


def assembly_steps(components: list[Component], words, tiled: frozenset[str]) -> list[str]:
    steps = [words("print.build.cut")]
    if any(component.name in tiled for component in components):
        steps.append(words("print.build.parts"))
    if any(piece.shape.folds for component in components for piece in component.pieces):
        steps.append(words("print.build.fold"))
    return steps


def _tiled(component: Component, piece: Piece, settings: PrintSettings) -> bool:
    """Whether the piece is larger than a page can hold, turned either way, with its bleed and crop
    marks: it prints in parts. (Before the job is imposed; tiled_components tells it after.)"""
    x0, y0, x1, y1 = printable(settings.paper.width, settings.paper.height, settings)
    ring = settings.bleed + (settings.crop_mark_reach if crop_marked(settings, component, piece) else 0.0)
    room = sorted((x1 - x0 - 2 * ring, y1 - y0 - 2 * ring))
    size = sorted((piece.width, piece.height))
    return size[0] > room[0] or size[1] > room[1]
