"""Imposition: where every piece goes on which sheet of paper.

Pieces keep their exact trim size; nothing is ever scaled. Each sheet is filled with blocks of
pieces of one shape (see packing.py), in shelves down the printable area, centred on it.
- Components share sheets, so that six dice nets and six pawns take one page, not two half-empty
  ones, and the last few cards of a deck leave room for a reference card. Blocks go side by side
  while the room beside the last one holds some of the next, then on a shelf below. Each sheet of fronts is
  followed by its sheet of backs, every back behind its front for the printer's duplex flip (blank
  behind a piece without one).
- Pieces of components without backs of one shape pool into one block, whichever component they
  belong to; a component with backs keeps its pieces in blocks of its own, in its order.
- A piece larger than the printable area is tiled across several sheets that overlap: the part to
  the right or below goes on top, and the part beneath carries the glue strip and the line its
  neighbour's edge goes on. Each cut edge of the piece that a part holds has its crop marks on the
  part's page, at both ends: at a corner of the piece as a whole piece has them, at a seam just past
  the part's window (room is kept beside the window for them). The windows split the piece's bounding
  box, so a shaped piece's may miss it (the empty corner of an L): a part that would hold none of the
  piece, or only what its neighbours print in their overlaps with it, is not printed, and the others
  keep their labels, the places of the grid (A1, A2, B1 without
  B2). Two parts are joined only where they share some of the piece: no seam, glue strip or footer
  note leads to a part that is not printed, nor to one that lies beside the part but touches none of it.
With duplex on, the pages alternate front, back from first to last, so the PDF prints as one
double-sided job: a sheet without backs gets a blank back page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import NamedTuple

from generator.geometry import Matrix, Path
from generator.interning import interned
from generator.packing import Block, arrange, footprint
from generator.model import Area, Component, Piece
from generator.options import DEFAULT_BLEED
from generator.recording import record_face
from generator.shapes import Point, Rect, Segment, Shape, signed_area
from generator.stocks import stock_of

EPSILON = 1e-6

#: How far art runs past the trim unless the user says otherwise (1/8 in is 3.175 mm).
SEAM_OVERLAP = 0.05  # mm: how far art runs past a cut line shared with a neighbour

#: A piece that needs more sheets than this is a mistake in its size, not a board to tape together.
MAX_SHEETS_PER_PIECE = 25
#: A print run of 10,000 poker cards takes 1,116 sheets of A4; many more is a typo in a count or a
#: size (or --copies on a large piece), not a print run.
MAX_SHEETS = 2500
#: Paper between two parts of a tiled piece printed on one sheet, to cut them apart.
PART_GAP_MM = 6.0
#: The least paper between two shaped pieces (hexes, coins, nets), even with no bleed: room for scissors.
SHAPED_GAP_MM = 2.0


class TooManySheets(Exception):
    """The pieces would take more paper than any game needs; the message says which and how much."""


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float
    margin: float


@dataclass(frozen=True)
class SheetStyle:
    crop_mark_length: float = 2.5
    crop_mark_offset: float = 0.5
    footer_height: float = 5.0
    calibration: float = 50.0
    tile_overlap: float = 8.0
    mark_colour: str = "#000000"
    footer_colour: str = "#555555"
    cut_colour: str = "#000000"
    cut_width: float = 0.25
    fold_dash: tuple[float, ...] = (1.2, 1.0)
    halo_colour: str = "#ffffff"  # the casing either side of cut and fold lines
    halo_width: float = 0.25  # on each side
    fold_colour: str = "#6b6b6b"


@dataclass(frozen=True)
class PrintSettings:
    paper: Paper
    sheet: SheetStyle = SheetStyle()
    duplex: str = "long"  # long | short | off
    bleed: float = DEFAULT_BLEED
    crop_marks: bool = True

    @property
    def crop_mark_reach(self) -> float:
        """How far outside the bleed the crop marks reach."""
        return self.sheet.crop_mark_offset + self.sheet.crop_mark_length if self.crop_marks else 0.0


@dataclass(frozen=True)
class TilePart:
    """Which part of a tiled piece a page holds, in the piece's own coordinates."""

    row: int
    col: int
    rows: int
    cols: int
    x: float
    y: float
    width: float
    height: float

    @property
    def label(self) -> str:
        return part_label(self.row, self.col)


def part_label(row: int, col: int) -> str:
    """A tiled part's name: its row as a letter, its column as a number (B1 is below A1)."""
    return f"{chr(ord('A') + row)}{col + 1}"


@dataclass(frozen=True)
class Seam:
    """Where a tiled part overlaps a neighbour: the overlap strip along one side of its window.

    The part to the right of or below a seam goes on top; the part under it has its strip hidden
    once they are joined, so that strip (never the part on top) carries the glue marks.
    """

    strip: tuple[float, float, float, float]  # x0, y0, x1, y1 on the page
    side: str  # left, top, right or bottom: the window's edge the strip runs along
    neighbour: str  # the neighbouring part's label
    under: bool  # this part lies under its neighbour here
    part: str  # the label of the part whose strip it is


@dataclass(slots=True)
class Placement:
    """One side of one piece on one page."""

    piece: Piece
    component: Component
    face: str  # front | back
    x: float  # the footprint's top-left corner on the page (for a tiled part, the whole piece's)
    y: float
    turned: bool  # turned a quarter turn clockwise to fit more on the sheet
    #: How far the art runs past the trim: left, top, right, bottom on the page. A straight-cut
    #: piece in a grid reaches less towards a neighbour sharing its cut line.
    reach: tuple[float, float, float, float]
    cut_lines: bool  # draw the cut outline and fold lines over the art
    part: TilePart | None = None
    window: tuple[float, float, float, float] | None = None  # a tiled part: the page's share of it
    front: "Placement | None" = None  # a back: the front it prints behind
    mirror: Matrix | None = None  # a back: how the duplex flip maps the front page onto this one

    @property
    def size(self) -> tuple[float, float]:
        """The footprint on the page: width and height, as turned."""
        return footprint(self.piece.shape, self.turned)

    @property
    def rotation(self) -> int:
        return 90 if self.turned else 0

    @property
    def matrix(self) -> Matrix:
        """Piece coordinates (trim box top-left at the origin) to page coordinates, for the art.

        A back is drawn as a player sees it who turns the piece over like a book's page, about its
        own upright axis: upright above an upright front. Where the sheet's flip runs across the
        piece instead (a turned piece on a sheet flipped left to right, an upright one on a sheet
        flipped top to bottom) that takes a half turn more than the front's."""
        x, y, w, h = self.x, self.y, self.piece.width, self.piece.height
        turn = self.rotation
        if self.mirror is not None and (self.mirror.d < 0) != self.turned:
            turn += 180
        if turn == 0:
            return Matrix.translation(x, y)
        if turn == 90:
            return Matrix.translation(x + h, y) @ Matrix.rotation(90)
        if turn == 180:
            return Matrix.translation(x + w, y + h) @ Matrix.rotation(180)
        return Matrix.translation(x, y + w) @ Matrix.rotation(270)

    @property
    def cut_matrix(self) -> Matrix:
        """Piece to page coordinates for the cut outline: a back's outline registers exactly behind
        its front's (the mirror image of it), whatever the shape."""
        return self.mirror @ self.front.matrix if self.front else self.matrix

    def outline(self) -> list[Point]:
        """The cut outline as points on the page."""
        m = self.cut_matrix
        return [m.apply(x, y) for x, y in self.piece.shape.points()]

    def hole_outlines(self) -> list[list[Point]]:
        """The inner cuts (windows, holes) as points on the page."""
        m = self.cut_matrix
        return [[m.apply(hole.x + x, hole.y + y) for x, y in hole.shape.points()] for hole in self.piece.shape.holes]

    def folds(self) -> list[Segment]:
        m = self.cut_matrix
        return [(m.apply(*a), m.apply(*b)) for a, b in self.piece.shape.folds]

    def clips(self) -> list[Path]:
        """Where the art may land: the trim grown by the bleed (and, for a tiled part, the window)."""
        paths = []
        if self.window:
            x0, y0, x1, y1 = self.window
            paths.append(Path.rect(x0, y0, x1 - x0, y1 - y0))
        left, top, right, bottom = self.reach
        if isinstance(self.piece.shape, Rect):
            w, h = self.size
            paths.append(Path.rect(self.x - left, self.y - top, w + left + right, h + top + bottom))
        else:
            paths.append(self.piece.shape.outline(left).transformed(self.cut_matrix))
        return paths

    def visible_trim(self) -> tuple[float, float, float, float]:
        """x, y, width, height of the part of the footprint this page holds."""
        if self.part is None:
            return (self.x, self.y, *self.size)
        return self.x + self.part.x, self.y + self.part.y, self.part.width, self.part.height


@dataclass
class Page:
    side: str  # front | back
    width: float
    height: float
    components: list[Component] = field(default_factory=list)
    #: A back page's are made from its front's as they are read (Behind)
    placements: list[Placement] | Sequence[Placement] = field(default_factory=list)
    crop_marks: list[tuple[float, float, float, float]] = field(default_factory=list)
    seams: list[Seam] = field(default_factory=list)  # a tiled part's overlaps with its neighbours
    furniture: bool = True  # the footer and its ruler; a page that is one piece alone has none
    footer_at_top: bool = False  # a back mirrored top-to-bottom carries its footer at the top
    number: int = 0
    stock: str = "plain"  # what the sheet is printed on: one stock to a sheet (generator/stocks.py)
    total: int = 0  # the pages of the whole job (a --stock build prints some of them, numbered as in it)

    @property
    def component(self) -> Component:
        return self.components[0]

    @property
    def part(self) -> TilePart | None:
        return self.placements[0].part if self.placements else None

    @property
    def parts(self) -> list[TilePart]:
        """The parts of a tiled piece on this page (the short parts of a wide piece share one)."""
        return [placement.part for placement in self.placements if placement.part]


def printable(paper_width: float, paper_height: float, settings: PrintSettings) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of the area a home printer reaches, less the footer band."""
    m = settings.paper.margin
    return m, m, paper_width - m, paper_height - m - settings.sheet.footer_height


def orientations(paper: Paper) -> list[tuple[float, float]]:
    """The paper upright (portrait), then on its side (landscape)."""
    portrait = (min(paper.width, paper.height), max(paper.width, paper.height))
    return [portrait, (portrait[1], portrait[0])]


def mirror_for_duplex(page_width: float, page_height: float, duplex: str) -> str:
    """Which way a back page mirrors its front: 'x' (left-right) or 'y' (top-bottom).

    The printer turns the sheet over about one physical edge of the paper. On a portrait page the
    long edges are the left and right sides, so a long-edge flip swaps left and right; on a
    landscape page the long edges are top and bottom, so the same flip swaps top and bottom.
    """
    portrait = page_width <= page_height
    return "x" if (duplex == "long") == portrait else "y"


# ---------------------------------------------------------------------------------------------
# Sheets being filled
# ---------------------------------------------------------------------------------------------

@dataclass
class _Block:
    placements: list[Placement]
    crop_marks: bool


@dataclass
class _Shelf:
    """A row of blocks side by side, filled from the left; centred across the sheet when done."""

    top: float
    right: float  # where the room beside its last block begins
    blocks: list[_Block] = field(default_factory=list)


@dataclass
class _Sheet:
    """A sheet of fronts being filled in shelves from the top down."""

    page: Page
    cursor: float  # below every shelf so far: where the next shelf starts
    glued: bool = False  # a one-sided print's sheet of pieces whose backs are glued on (see _glued)
    shelves: list[_Shelf] = field(default_factory=list)


class _Imposer:
    def __init__(self, settings: PrintSettings, size: tuple[float, float], keep_whole: bool = True):
        self.settings = settings
        self.size = size  # every sheet's width and height: one orientation for the whole job
        #: A run one sheet holds waits for a sheet with room for all of it, rather than fill the
        #: gaps of two (four payoff charts together); `kept_whole` says whether one ever waited.
        self.keep_whole, self.kept_whole = keep_whole, False
        self.seams_off_splits = 0  # tiled pieces whose seams miss the places they may be split
        self.sheets: list[_Sheet | list[Page]] = []  # in print order; tiled pieces are page lists
        self.sheets_used = 0  # sheets of fronts so far (a tiled piece's pages each one)
        self._content: dict[int, bool] = {}  # carries_content, by component, asked once each
        self._fronts: list[Page] | None = None  # the sheets finished (fronts)

    def _glued(self, component: Component) -> bool:
        """Whether a one-sided print gives the component's pieces a sheet of backs to glue behind
        theirs: such pieces keep to sheets of their own, so that those sheets of backs are full too."""
        if self.settings.duplex != "off":
            return False
        if id(component) not in self._content:
            self._content[id(component)] = carries_content(component)
        return self._content[id(component)]

    # what a run of equal pieces needs ----------------------------------------------------------
    def _gutter(self, component: Component, piece: Piece) -> float:
        """The gap between neighbours. Pieces cut straight may share cut lines; a shaped piece (a hex,
        a coin, a net) keeps twice the bleed from its neighbours, its bleed inside the gap, so that
        a cut a millimetre or two off the line, or a duplex shift of its back, shows no neighbour's
        colour along an edge; and never less than SHAPED_GAP_MM, paper for scissors between shapes."""
        if piece.shape.straight_cuts:
            return component.gutter
        return max(component.gutter, 2 * self.settings.bleed, SHAPED_GAP_MM)

    def _near_bleed(self, component: Component, piece: Piece) -> float:
        """The bleed towards a neighbour: half the gutter at most, so that no piece's art runs
        into its neighbour's (none where pieces share a cut line)."""
        return min(self.settings.bleed, self._gutter(component, piece) / 2)

    def _ring(self, component: Component, piece: Piece) -> float:
        """How far outside its pieces' footprints a block reaches: bleed, then crop marks. A sheet used
        as printed (no cut guides: a rules sheet, page 1's box) that only a large bleed keeps off its
        sheet goes without bleed (_printed_whole), rather than be split into parts to glue."""
        if not isinstance(piece.shape, Rect):  # half the gutter, so blocks of shapes keep it between them
            return max(self._near_bleed(component, piece), self._gutter(component, piece) / 2)
        if self._printed_whole(component, piece):
            return 0.0
        marks = self.settings.crop_mark_reach if crop_marked(self.settings, component, piece) else 0.0
        return self.settings.bleed + marks

    def _printed_whole(self, component: Component, piece: Piece) -> bool:
        """Whether a piece used as printed (never cut) fits its sheet only without its bleed."""
        if component.cut_guides or not isinstance(piece.shape, Rect):
            return False
        x0, y0, x1, y1 = printable(*self.size, self.settings)
        room = (x1 - x0 - 2 * self.settings.bleed, y1 - y0 - 2 * self.settings.bleed)
        return not arrange(piece.shape, component.gutter, 1, *room).count and \
            bool(arrange(piece.shape, component.gutter, 1, x1 - x0, y1 - y0).count)

    def _fit(self, run: list[tuple[Component, Piece]], width: float, height: float) -> tuple[Block, float]:
        """The best block of the run in a box, and the ring it keeps around its footprints."""
        component, piece = run[0]
        ring = self._ring(component, piece)
        return arrange(piece.shape, self._gutter(component, piece), len(run), width - 2 * ring, height - 2 * ring), ring

    # placing -------------------------------------------------------------------------------------
    def place(self, run: list[tuple[Component, Piece]]) -> None:
        """Put a run of pieces of one shape (and one gutter) in the room sheets have left, opening more."""
        remaining = list(run)
        x0, y0, x1, y1 = printable(*self.size, self.settings)
        whole = self.keep_whole and self._fit(remaining, x1 - x0, y1 - y0)[0].count == len(remaining)
        stock, glued = stock_of(run[0][0]), self._glued(run[0][0])
        for sheet in self.sheets:
            if not remaining:
                return
            # never two stocks on a sheet, nor pieces with backs to glue beside pieces without
            if isinstance(sheet, _Sheet) and sheet.page.stock == stock and sheet.glued == glued:
                if whole and self._room(sheet, remaining)[2] < len(remaining):
                    self.kept_whole = True
                    continue
                remaining = remaining[self._fill(sheet, remaining):]
        while remaining:
            sheet = self._open_sheet(remaining, stock, glued)
            if sheet is None:  # larger than any sheet: tile it
                component, piece = remaining.pop(0)
                pages, off_splits = _tile(component, piece, self.settings, self.size, stock)
                self.sheets.append(pages)
                self.sheets_used += len(pages)
                self.seams_off_splits += off_splits
            else:
                remaining = remaining[self._fill(sheet, remaining):]
            self._refuse_past_the_limit()

    def _refuse_past_the_limit(self) -> None:
        """A job past MAX_SHEETS stops as it passes it: ten thousand tiles are not laid out to be refused."""
        if self.sheets_used > MAX_SHEETS:
            raise TooManySheets(f"the pieces would take more than {MAX_SHEETS} sheets of {self.settings.paper.name}; "
                                f"a job may take at most {MAX_SHEETS}: check the counts and sizes")

    def _open_sheet(self, run: list[tuple[Component, Piece]], stock: str, glued: bool) -> _Sheet | None:
        """A new sheet of the stock, if it holds any of the run (turned on it if that holds more)."""
        width, height = self.size
        x0, y0, x1, y1 = printable(width, height, self.settings)
        if not self._fit(run, x1 - x0, y1 - y0)[0].count:
            return None
        sheet = _Sheet(Page("front", width, height, stock=stock), y0, glued)
        self.sheets.append(sheet)
        self.sheets_used += 1
        return sheet

    def _room(self, sheet: _Sheet, run: list[tuple[Component, Piece]]) -> tuple[_Shelf | None, tuple, int]:
        """Where the run goes on the sheet and how many it holds there: beside the last block (on
        that block's shelf) or on a new shelf below everything (None), whichever holds more (beside,
        if they hold as many)."""
        x0, _, x1, y1 = printable(sheet.page.width, sheet.page.height, self.settings)
        below = self._fit(run, x1 - x0, y1 - sheet.cursor)[0].count
        if sheet.shelves:
            shelf = sheet.shelves[-1]
            beside = self._fit(run, x1 - shelf.right, y1 - shelf.top)[0].count
            if beside and beside >= below:
                return shelf, (shelf.right, shelf.top, x1, y1), beside
        return None, (x0, sheet.cursor, x1, y1), below

    def _fill(self, sheet: _Sheet, run: list[tuple[Component, Piece]]) -> int:
        """Place as much of the run as `_room` finds room for on the sheet; return how many."""
        shelf, box, _ = self._room(sheet, run)
        if shelf is not None:
            return self._place_block(sheet, shelf, run, box)
        shelf = _Shelf(sheet.cursor, box[0])
        placed = self._place_block(sheet, shelf, run, box)
        if placed:
            sheet.shelves.append(shelf)
        return placed

    def _place_block(self, sheet: _Sheet, shelf: _Shelf, run: list[tuple[Component, Piece]],
                     box: tuple[float, float, float, float]) -> int:
        """The best block of the run in `box`, at its top left; return how many it holds."""
        left_edge, top_edge, right_edge, bottom_edge = box
        component, first = run[0]
        block, ring = self._fit(run, right_edge - left_edge, bottom_edge - top_edge)
        if not block.count:
            return 0
        left, top = left_edge + ring, top_edge + ring
        used = {(slot.row, slot.col) for slot in block.slots}
        placements = []
        for slot, (belongs_to, piece) in zip(block.slots, run):
            placements.append(Placement(
                piece, belongs_to, "front", left + slot.x, top + slot.y, block.turned,
                reach=self._reach(belongs_to, piece, slot.row, slot.col, used, block.nested),
                cut_lines=belongs_to.cut_guides and not piece.shape.straight_cuts,
            ))
            if belongs_to not in sheet.page.components:
                sheet.page.components.append(belongs_to)
        shelf.blocks.append(_Block(placements, crop_marked(self.settings, component, first)))
        shelf.right = left + block.width + ring
        sheet.cursor = max(sheet.cursor, top + block.height + ring)
        return block.count

    def _reach(self, component, piece, row, col, used, nested) -> tuple[float, float, float, float]:
        """Full bleed where a grid has no neighbour; elsewhere (and for curved or slanted
        outlines, grown evenly) the bleed towards a neighbour."""
        if self._printed_whole(component, piece):
            return (0.0,) * 4  # no bleed to run into: it is never cut
        near, full = self._near_bleed(component, piece), self.settings.bleed
        if nested or not isinstance(piece.shape, Rect):
            return (near,) * 4
        # On a shared cut line each piece's art reaches a hair past it, so that the two do not leave
        # a hairline of paper between them where a renderer smooths both edges.
        near = max(near, SEAM_OVERLAP) if full else near
        return interned(tuple(near if (row + dr, col + dc) in used else full
                            for dr, dc in ((0, -1), (-1, 0), (0, 1), (1, 0))))

    # finishing -----------------------------------------------------------------------------------
    def fronts(self) -> list[Page]:
        """The sheets' pages of fronts, each sheet finished once (a tiled piece's pages as they are)."""
        if self._fronts is None:
            self._refuse_past_the_limit()
            self._fronts = [front for sheet in self.sheets
                            for front in (sheet if isinstance(sheet, list) else [self._finish(sheet)])]
            self.sheets = []
        return self._fronts

    def _has_back_page(self, front: Page) -> bool:
        return self.settings.duplex != "off" or any(self._glued(component) for component in front.components)

    def page_count(self) -> int:
        """How many pages `pages` will make, told from the fronts alone."""
        return sum(1 + self._has_back_page(front) for front in self.fronts())

    def pages(self) -> list[Page]:
        """Every page: each front, then the page printed behind it (a duplex back, or the backs to
        glue behind it), numbered."""
        pages = []
        for front in self.fronts():
            pages.append(front)
            if self.settings.duplex != "off":
                pages.append(backs_of(front, self.settings))
            elif self._has_back_page(front):
                pages.append(glued_backs(front, self.settings, self._glued))
        for number, page in enumerate(pages, start=1):
            page.number, page.total = number, len(pages)
        return pages

    def _finish(self, sheet: _Sheet) -> Page:
        """Centre each shelf across the printable area and the shelves down it; add crop marks."""
        page = sheet.page
        _, _, x1, y1 = printable(page.width, page.height, self.settings)
        down = (y1 - sheet.cursor) / 2
        for shelf in sheet.shelves:
            across = (x1 - shelf.right) / 2
            for block in shelf.blocks:
                for placement in block.placements:
                    placement.x = interned(placement.x + across)
                    placement.y = interned(placement.y + down)
                    page.placements.append(placement)
                if block.crop_marks:
                    page.crop_marks += _crop_marks(block.placements, self.settings)
        return page


def impose(components: list[Component], settings: PrintSettings) -> list[Page]:
    """Every piece of every component on numbered pages, in the order the components come.

    Every page of a job has one orientation: a piece wider than tall turns on the sheet, never the
    page, so that no printer driver's auto-rotate turns one sheet's backs against its fronts, and
    one test sheet tests them all. Portrait, unless landscape takes fewer sheets (poker cards on
    Letter: eight to a landscape sheet, six to a portrait one), or as many with fewer mostly empty,
    and splits a board only where it may be split.
    Each way, runs are kept whole on a sheet where they can be, unless splitting them takes fewer."""
    best, best_key, refused = None, None, None
    for size in orientations(settings.paper):
        for keep_whole in (True, False):
            try:
                imposer = _impose(components, settings, _Imposer(settings, size, keep_whole))
                # A seam through a board's words costs more than a sheet of paper; then the fewest
                # sheets, then the fewest mostly empty; the first among equals. Told from the
                # fronts, and only the best kept: a deck of ten thousand is laid out more than once.
                key = (imposer.seams_off_splits, imposer.page_count(), _thin_sheets(imposer.fronts(), settings))
            except TooManySheets as problem:  # the other orientation may take fewer
                refused = refused or problem
                break
            if best is None or key < best_key:
                best, best_key = imposer, key
            if not imposer.kept_whole:  # else the other way would place every piece alike
                break
    if best is None:
        raise refused
    return best.pages()


#: A sheet whose pieces cover less of its printable area than this is mostly empty paper.
THIN_COVER = 0.3


def _thin_sheets(pages: list[Page], settings: PrintSettings) -> int:
    """How many sheets of fronts are mostly empty (a tiled part's sheet holds what its piece has left)."""
    thin = 0
    for page in pages:
        if page.side != "front" or page.part is not None:
            continue
        x0, y0, x1, y1 = printable(page.width, page.height, settings)
        if sum(p.piece.width * p.piece.height for p in page.placements) < THIN_COVER * (x1 - x0) * (y1 - y0):
            thin += 1
    return thin


def _impose(components: list[Component], settings: PrintSettings, imposer: _Imposer) -> _Imposer:
    # Components without backs pool their pieces: pieces of one shape and gutter go in one block,
    # whichever component they belong to, placed when the first of them comes up.
    shared: dict[tuple, list[tuple[Component, Piece]]] = {}
    first_of: dict[tuple, str] = {}
    for component in components:
        if not component.has_backs:
            stock = stock_of(component)
            for piece in component.pieces:
                key = (piece.shape, component.gutter, component.cut_guides, stock)
                shared.setdefault(key, []).append((component, piece))
                first_of.setdefault(key, component.name)
    for component in components:
        if component.has_backs:
            for run in _runs_of_equal_shape([(component, piece) for piece in component.pieces]):
                imposer.place(run)
        else:
            for key, run in shared.items():
                if first_of[key] == component.name:
                    imposer.place(run)
    return imposer


def _runs_of_equal_shape(pieces: list[tuple[Component, Piece]]) -> list[list[tuple[Component, Piece]]]:
    runs: list[list[tuple[Component, Piece]]] = []
    for entry in pieces:
        if runs and runs[-1][0][1].shape == entry[1].shape:
            runs[-1].append(entry)
        else:
            runs.append([entry])
    return runs


def backs_of(front: Page, settings: PrintSettings, keeps=None) -> Page:
    """The page printed behind `front`: each back at the mirror place of its front (blank if none);
    with `keeps`, only the backs of the components it keeps."""
    axis = mirror_for_duplex(front.width, front.height, settings.duplex)
    return Page("back", front.width, front.height, list(front.components), Behind(front, axis, keeps),
                footer_at_top=axis == "y", stock=front.stock)


class Behind(Sequence):
    """A back page's placements, made from its front page's as they are read: a deck of ten thousand
    cards holds one placement a card, not one a side. The few pages read last are kept as made (a
    page is read a few times over as it is drawn), so a back placement read twice in a row is one object."""

    __slots__ = ("front", "axis", "keeps")

    def __init__(self, front: Page, axis: str, keeps=None):
        self.front, self.axis, self.keeps = front, axis, keeps

    def __len__(self) -> int:
        return len(_backs_behind(self))

    def __getitem__(self, index):
        return _backs_behind(self)[index]

    def __iter__(self):
        return iter(_backs_behind(self))

    def __bool__(self) -> bool:  # told without making them
        return any(self.shows(placement) for placement in self.front.placements)

    def shows(self, front: Placement) -> bool:
        """Whether a front placement has a back on this page."""
        return front.piece.back is not None and (self.keeps is None or self.keeps(front.component))


@lru_cache(maxsize=8)
def _backs_behind(behind: Behind) -> list[Placement]:
    front, axis = behind.front, behind.axis
    if axis == "x":
        mirror = Matrix(a=-1.0, e=front.width)
    else:
        mirror = Matrix(d=-1.0, f=front.height)
    backs = []
    for p in front.placements:
        if not behind.shows(p):
            continue
        w, h = p.size
        left, top, right, bottom = p.reach
        window, part = p.window, p.part
        if axis == "x":
            x, y, reach = interned(front.width - p.x - w), p.y, interned((right, top, left, bottom))
            if window:  # a tiled part: its back holds the mirror-image share of the piece's back
                window = (front.width - window[2], window[1], front.width - window[0], window[3])
                part = replace(part, x=w - part.x - part.width)
        else:
            x, y, reach = p.x, interned(front.height - p.y - h), interned((left, bottom, right, top))
            if window:
                window = (window[0], front.height - window[3], window[2], front.height - window[1])
                part = replace(part, y=h - part.y - part.height)
        backs.append(Placement(p.piece, p.component, "back", x, y, p.turned, reach, False, part, window, p, mirror))
    return backs


def carries_content(component: Component) -> bool:
    """Whether the component's backs say something a player needs (a coin's value, a card's second
    side of rules) or show a designer's art: pieces with backs of their own, pieces printed alike on
    both sides (a tile either side up in play), or one shared back with words or a picture on it. A
    plain shared back (a deck's pattern, drawn in lines and fills) is one a one-sided print can do
    without."""
    if not component.has_backs:
        return False
    backs = {id(piece.back): piece for piece in component.pieces if piece.back is not None}
    if len(backs) > 1 or any(piece.back is piece.front for piece in backs.values()):
        return True
    piece = next(iter(backs.values()))
    drawn = record_face(piece.back, Area(piece.width, piece.height, 0.0))
    return (any(text.text.strip() for text in drawn.texts)
            or any(path.picture and path.box[0] < path.box[2] and path.box[1] < path.box[3] for path in drawn.paths))


def glued_backs(front: Page, settings: PrintSettings, keeps=carries_content) -> Page:
    """For a one-sided print: the backs that carry something (`keeps`), where they would land behind
    their fronts if the sheet were turned over its long edge, so that the two sheets glued back to back
    (lined up against the light) make two-sided pieces."""
    page = backs_of(front, replace(settings, duplex="long"), keeps)
    page.components = [c for c in page.components if any(p.component is c for p in page.placements)]
    return page


def _crop_marks(placements: list[Placement], settings: PrintSettings) -> list[tuple[float, float, float, float]]:
    """Short lines outside the bleed, in line with every cut, on all four sides of the block."""
    sheet, bleed = settings.sheet, settings.bleed
    xs = sorted({round(v, 6) for p in placements for v in (p.x, p.x + p.size[0])})
    ys = sorted({round(v, 6) for p in placements for v in (p.y, p.y + p.size[1])})
    near, far = sheet.crop_mark_offset, sheet.crop_mark_offset + sheet.crop_mark_length
    top, bottom = min(ys) - bleed, max(ys) + bleed
    left, right = min(xs) - bleed, max(xs) + bleed
    marks = []
    for x in xs:
        marks += [interned((x, top - far, x, top - near)), interned((x, bottom + near, x, bottom + far))]
    for y in ys:
        marks += [interned((left - far, y, left - near, y)), interned((right + near, y, right + far, y))]
    return marks


# ---------------------------------------------------------------------------------------------
# Tiling a piece larger than a sheet
# ---------------------------------------------------------------------------------------------

def crop_marked(settings: PrintSettings, component: Component, piece: Piece) -> bool:
    """Whether the piece gets crop marks: the settings ask for them, and its cut is straight lines."""
    return settings.crop_marks and component.cut_guides and piece.shape.straight_cuts


def _tile(component: Component, piece: Piece, settings: PrintSettings, page: tuple[float, float], stock: str
          ) -> tuple[list[Page], bool]:
    """Split a piece too big for one sheet into windows that overlap by the tile overlap: equal
    ones, or, where the piece names places it may be split (`Piece.splits`), windows whose seams
    fall there, as long as each part still fits its sheet. The pages, and whether a seam had to
    miss the places named."""
    marked = crop_marked(settings, component, piece)
    ring = settings.bleed + (settings.crop_mark_reach if marked else 0.0)
    overlap = settings.sheet.tile_overlap
    # Room on the sheet beside a window cut off at its seams, for the crop marks there (_seam_marks):
    # a piece a few mm too long for n parts with that room takes n + 1, rather than marks cut short.
    beside = 2 * settings.crop_mark_reach if marked else 0.0

    width, height = page
    x0, y0, x1, y1 = printable(width, height, settings)
    columns = _spans(piece.width, ring, overlap, x1 - x0, piece.splits[0], beside)
    rows_ = _spans(piece.height, ring, overlap, y1 - y0, piece.splits[1], beside)
    cols, rows = len(columns), len(rows_)
    if cols * rows > MAX_SHEETS_PER_PIECE:
        raise TooManySheets(f'{component.name} "{piece.id}" ({piece.width:g} x {piece.height:g} mm) would be tiled '
                            f"over {cols * rows} sheets of {settings.paper.name}; at most {MAX_SHEETS_PER_PIECE} "
                            f"are allowed: check its size")
    # The parts in reading order, stacked down a sheet while they fit (the short parts of a wide piece
    # share one), each group centred in the printable area. A window whose own share of the piece (up
    # to the middles of its overlaps, where the seams are) holds none of it has no part: in the empty
    # corner of an L it would be a sheet with nothing to cut out, and beside an L's inner corner on a
    # seam one that prints only what its neighbours print. (The shares cover the piece between them.)
    groups: list[list[_Window]] = [[]]
    printed: set[str] = set()
    for row, (oy, bottom) in enumerate(rows_):
        for col, (ox, right) in enumerate(columns):
            window, group = _Window(row, col, ox, oy, right, bottom), groups[-1]
            own = (ox + (overlap / 2 if col else 0.0), oy + (overlap / 2 if row else 0.0),
                   right - (overlap / 2 if col < cols - 1 else 0.0), bottom - (overlap / 2 if row < rows - 1 else 0.0))
            if not holds_some_of(piece.shape, own):
                continue
            if group and _stacked(group + [window]) > y1 - y0 + EPSILON:
                groups.append(group := [])
            group.append(window)
            printed.add(part_label(row, col))
    pages = [_tile_page(component, piece, settings, group, (width, height), (rows, cols), marked, stock, printed)
             for group in groups]
    return pages, _off_splits(columns, piece.splits[0]) or _off_splits(rows_, piece.splits[1])


def _off_splits(spans: list, splits: tuple[float, ...]) -> bool:
    """Whether some seam between the windows misses the places the piece may be split (so that it
    may run through a word or a place on it)."""
    seams = [(before[1] + after[0]) / 2 for before, after in zip(spans, spans[1:])]
    return bool(splits) and any(min(abs(seam - split) for split in splits) > EPSILON for seam in seams)


class _Window(NamedTuple):
    """A part's window in the piece's trim coordinates, from (ox, oy) to (right, bottom)."""

    row: int
    col: int
    ox: float
    oy: float
    right: float
    bottom: float


def _stacked(group: list[_Window]) -> float:
    """How tall the group's windows are, one above the other with paper between."""
    return sum(w.bottom - w.oy for w in group) + PART_GAP_MM * (len(group) - 1)


def _tile_page(component: Component, piece: Piece, settings: PrintSettings, group: list[_Window],
               page: tuple[float, float], grid: tuple[int, int], marked: bool, stock: str, printed: set[str]) -> Page:
    """A sheet of one or more parts of a tiled piece, one above the other, centred."""
    width, height = page
    rows, cols = grid
    x0, y0, x1, y1 = printable(width, height, settings)
    overlap, bleed = settings.sheet.tile_overlap, settings.bleed
    page_ = Page("front", width, height, [component], [], stock=stock)
    win_y = y0 + (y1 - y0 - _stacked(group)) / 2
    for row, col, ox, oy, right, bottom in group:
        window_w, window_h = right - ox, bottom - oy
        win_x = x0 + (x1 - x0 - window_w) / 2
        window = (win_x, win_y, win_x + window_w, win_y + window_h)
        vis_x0, vis_y0 = max(0.0, ox), max(0.0, oy)
        vis_x1, vis_y1 = min(piece.width, right), min(piece.height, bottom)
        part = TilePart(row, col, rows, cols, vis_x0, vis_y0, vis_x1 - vis_x0, vis_y1 - vis_y0)
        placement = Placement(piece, component, "front", win_x - ox, win_y - oy, False, (bleed,) * 4,
                              cut_lines=component.cut_guides and not piece.shape.straight_cuts,
                              part=part, window=window)
        page_.placements.append(placement)
        if marked:
            page_.crop_marks += _clip_lines(_crop_marks([replace(placement, part=None)], settings), window)
            # Parts stacked on a sheet may leave less room above and below than a lone one.
            page_.crop_marks += _clip_lines(_seam_marks(placement, window, settings), (x0, y0, x1, y1))
        # Parts are joined where they share some of the piece: a strip that holds none of it has
        # nothing to glue (a neighbour that is not printed, or one beside the L's arm that touches none).
        page_.seams += [seam for seam in _seams(window, row, col, rows, cols, overlap) if seam.neighbour in printed
                        and holds_some_of(piece.shape, _moved(seam.strip, -placement.x, -placement.y))]
        win_y += window_h + PART_GAP_MM
    return page_


def _spans(length: float, ring: float, overlap: float, room: float, splits: tuple[float, ...],
           beside: float) -> list:
    """The windows along one side of a tiled piece, as (start, end) in its trim coordinates: from the
    ring outside one edge to the ring outside the other, each overlapping the next by `overlap`, and
    none longer than `room` (less `beside` where the side is split). As few as fit; their seams (the
    middles of the overlaps) at the split places nearest to equal parts where those keep every window
    within the room."""
    full = length + 2 * ring
    if full > room + EPSILON:
        room -= beside
    count = max(1, math.ceil((full - overlap - EPSILON) / (room - overlap)))
    equal = (full + (count - 1) * overlap) / count
    seams = [-ring + i * (equal - overlap) + equal - overlap / 2 for i in range(count - 1)]
    if splits and count > 1:
        chosen, start = [], -ring
        for seam in seams:
            fitting = [s for s in splits if start + EPSILON < s - overlap / 2 and s + overlap / 2 - start <= room + EPSILON]
            if not fitting:
                break
            # The split nearest to an equal part, unless what is left would then not fit: the farthest.
            nearest = min(fitting, key=lambda s: abs(s - seam))
            left = count - 1 - len(chosen)  # windows after this seam
            fits_rest = length + ring - (nearest - overlap / 2) <= left * (room - overlap) + overlap + EPSILON
            chosen.append(nearest if fits_rest else max(fitting))
            start = chosen[-1] - overlap / 2
        if len(chosen) == len(seams) and length + ring - start <= room + EPSILON:
            seams = chosen
    edges = [-ring, *seams, length + ring]
    return [(max(-ring, edges[i] - (overlap / 2 if i else 0)), edges[i + 1] + (overlap / 2 if i + 1 < len(edges) - 1 else 0))
            for i in range(len(edges) - 1)]


def _seam_marks(placement: Placement, window: tuple[float, float, float, float], settings: PrintSettings
                ) -> list[tuple[float, float, float, float]]:
    """Crop marks where the cut edges a tiled part holds run into its seams. The piece's own marks
    stand at its corners, so a part holding an edge but not both its corners (the middle parts of a
    long track, the parts down a board's side) would have that edge marked at one end or at none, and
    could not be cut along it before the parts are joined: each end of it at a seam gets a mark in
    line with it, just past the window, on paper that is cut away there. A part that holds no edge (the
    middle of a board split three ways each way) gets none: every side of it is a seam, where it is
    cut along the print's edge or hidden under a neighbour."""
    part, sheet = placement.part, settings.sheet
    near, far = sheet.crop_mark_offset, sheet.crop_mark_offset + sheet.crop_mark_length
    wx0, wy0, wx1, wy1 = window
    left, top = placement.x, placement.y
    right, bottom = left + placement.piece.width, top + placement.piece.height
    marks = []
    for y, held in ((top, part.row == 0), (bottom, part.row == part.rows - 1)):
        if held and part.col > 0:
            marks.append((wx0 - far, y, wx0 - near, y))
        if held and part.col < part.cols - 1:
            marks.append((wx1 + near, y, wx1 + far, y))
    for x, held in ((left, part.col == 0), (right, part.col == part.cols - 1)):
        if held and part.row > 0:
            marks.append((x, wy0 - far, x, wy0 - near))
        if held and part.row < part.rows - 1:
            marks.append((x, wy1 + near, x, wy1 + far))
    return marks


def holds_some_of(shape: Shape, box: tuple[float, float, float, float]) -> bool:
    """Whether the box (x0, y0, x1, y1 in the piece's own mm) holds some of the piece: of its outline
    less its inner cuts, more than an edge."""
    area = abs(signed_area(clip_polygon(shape.points(), box)))
    for hole in shape.holes:
        area -= abs(signed_area(clip_polygon([(hole.x + x, hole.y + y) for x, y in hole.shape.points()], box)))
    return area > EPSILON


def _moved(box: tuple[float, float, float, float], dx: float, dy: float) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return x0 + dx, y0 + dy, x1 + dx, y1 + dy


def clip_polygon(points: list[Point], window: tuple[float, float, float, float]) -> list[Point]:
    """The polygon cut to the window (Sutherland-Hodgman: one window edge at a time)."""
    x0, y0, x1, y1 = window
    edges = ((lambda p: p[0] >= x0, lambda a, b: _at_x(a, b, x0)), (lambda p: p[0] <= x1, lambda a, b: _at_x(a, b, x1)),
             (lambda p: p[1] >= y0, lambda a, b: _at_y(a, b, y0)), (lambda p: p[1] <= y1, lambda a, b: _at_y(a, b, y1)))
    for inside, cross in edges:
        if not points:
            break
        kept = []
        for i, current in enumerate(points):
            previous = points[i - 1]
            if inside(current):
                if not inside(previous):
                    kept.append(cross(previous, current))
                kept.append(current)
            elif inside(previous):
                kept.append(cross(previous, current))
        points = kept
    return points


def _at_x(a, b, x):
    t = (x - a[0]) / (b[0] - a[0])
    return x, a[1] + t * (b[1] - a[1])


def _at_y(a, b, y):
    t = (y - a[1]) / (b[1] - a[1])
    return a[0] + t * (b[0] - a[0]), y


def _clip_lines(lines, window):
    x0, y0, x1, y1 = window
    inside = []
    for ax, ay, bx, by in lines:
        cx0, cx1 = max(min(ax, bx), x0), min(max(ax, bx), x1)
        cy0, cy1 = max(min(ay, by), y0), min(max(ay, by), y1)
        if cx0 <= cx1 + EPSILON and cy0 <= cy1 + EPSILON and (cx1 - cx0) + (cy1 - cy0) > EPSILON:
            inside.append((cx0, cy0, cx1, cy1))
    return inside


def _seams(window, row, col, rows, cols, overlap) -> list[Seam]:
    """A part's overlap strips: it goes under its right and lower neighbours, on top of the others."""
    x0, y0, x1, y1 = window
    own = part_label(row, col)
    seams = []
    if col > 0:
        seams.append(Seam((x0, y0, x0 + overlap, y1), "left", part_label(row, col - 1), under=False, part=own))
    if row > 0:
        seams.append(Seam((x0, y0, x1, y0 + overlap), "top", part_label(row - 1, col), under=False, part=own))
    if col < cols - 1:
        seams.append(Seam((x1 - overlap, y0, x1, y1), "right", part_label(row, col + 1), under=True, part=own))
    if row < rows - 1:
        seams.append(Seam((x0, y1 - overlap, x1, y1), "bottom", part_label(row + 1, col), under=True, part=own))
    return seams
