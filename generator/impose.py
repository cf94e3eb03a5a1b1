"""Imposition: where every piece goes on which sheet of paper.

Pieces keep their exact trim size; nothing is ever scaled. Pieces that fit the printable area are
laid out in a grid (the paper orientation that holds the most wins), each sheet of fronts followed
by its sheet of backs mirrored for the printer's duplex flip. Pieces larger than the printable area
are tiled across several sheets with an overlap and alignment targets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from generator.model import Component, Piece

EPSILON = 1e-6


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


@dataclass(frozen=True)
class PrintSettings:
    paper: Paper
    sheet: SheetStyle = SheetStyle()
    duplex: str = "long"  # long | short | off
    bleed: float = 3.0
    crop_marks: bool = True

    @property
    def ring(self) -> float:
        """How far outside the trim the bleed and the crop marks reach."""
        marks = self.sheet.crop_mark_offset + self.sheet.crop_mark_length if self.crop_marks else 0.0
        return self.bleed + marks


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
        return f"{chr(ord('A') + self.row)}{self.col + 1}"


@dataclass
class Placement:
    piece: Piece
    face: str  # front | back
    x: float  # the trim box's top-left corner on the page (outside the page for a tile's far parts)
    y: float
    clip: tuple[float, float, float, float]  # x0, y0, x1, y1: where the art may land on the page
    part: TilePart | None = None

    def visible_trim(self) -> tuple[float, float, float, float]:
        """x, y, width, height of the part of the trim box this page holds."""
        if self.part is None:
            return self.x, self.y, self.piece.width, self.piece.height
        return self.x + self.part.x, self.y + self.part.y, self.part.width, self.part.height


@dataclass
class Page:
    component: Component
    side: str  # front | back
    width: float
    height: float
    placements: list[Placement]
    crop_marks: list[tuple[float, float, float, float]] = field(default_factory=list)
    targets: list[tuple[float, float]] = field(default_factory=list)  # tile alignment targets
    footer_at_top: bool = False  # a back mirrored top-to-bottom carries its footer at the top
    number: int = 0

    @property
    def part(self) -> TilePart | None:
        return self.placements[0].part if self.placements else None


def printable(paper_width: float, paper_height: float, settings: PrintSettings) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of the area a home printer reaches, less the footer band."""
    m = settings.paper.margin
    return m, m, paper_width - m, paper_height - m - settings.sheet.footer_height


def orientations(paper: Paper) -> list[tuple[float, float]]:
    portrait = (min(paper.width, paper.height), max(paper.width, paper.height))
    return [portrait, (portrait[1], portrait[0])]


def grid_capacity(page: tuple[float, float], size: tuple[float, float], gutter: float, settings: PrintSettings) -> tuple[int, int]:
    x0, y0, x1, y1 = printable(*page, settings)
    inner_w = x1 - x0 - 2 * settings.ring
    inner_h = y1 - y0 - 2 * settings.ring
    cols = max(0, math.floor((inner_w + gutter + EPSILON) / (size[0] + gutter)))
    rows = max(0, math.floor((inner_h + gutter + EPSILON) / (size[1] + gutter)))
    return cols, rows


def mirror_for_duplex(page_width: float, page_height: float, duplex: str) -> str:
    """Which way a back page mirrors its front: 'x' (left-right) or 'y' (top-bottom).

    The printer turns the sheet over about one physical edge of the paper. On a portrait page the
    long edges are the left and right sides, so a long-edge flip swaps left and right; on a
    landscape page the long edges are top and bottom, so the same flip swaps top and bottom.
    """
    portrait = page_width <= page_height
    return "x" if (duplex == "long") == portrait else "y"


def impose_component(component: Component, settings: PrintSettings) -> list[Page]:
    pages: list[Page] = []
    for run in _runs_of_equal_size(component.pieces):
        size = (run[0].width, run[0].height)
        best = max(
            orientations(settings.paper),
            key=lambda page: math.prod(grid_capacity(page, size, component.gutter, settings)),
        )
        cols, rows = grid_capacity(best, size, component.gutter, settings)
        if cols * rows:
            pages += _impose_grid(component, run, best, cols, rows, settings)
        else:
            for piece in run:
                pages += _impose_tiled(component, piece, settings)
    return pages


def impose(components: list[Component], settings: PrintSettings) -> list[Page]:
    pages = [page for component in components for page in impose_component(component, settings)]
    for number, page in enumerate(pages, start=1):
        page.number = number
    return pages


def _runs_of_equal_size(pieces: list[Piece]) -> list[list[Piece]]:
    runs: list[list[Piece]] = []
    for piece in pieces:
        if runs and (runs[-1][0].width, runs[-1][0].height) == (piece.width, piece.height):
            runs[-1].append(piece)
        else:
            runs.append([piece])
    return runs


def _impose_grid(component, pieces, page, cols, rows, settings) -> list[Page]:
    width, height = page
    w, h = pieces[0].width, pieces[0].height
    gap = component.gutter
    x0, y0, x1, y1 = printable(width, height, settings)
    block_w = cols * w + (cols - 1) * gap
    block_h = rows * h + (rows - 1) * gap
    left = x0 + (x1 - x0 - block_w) / 2
    top = y0 + (y1 - y0 - block_h) / 2
    inner_bleed = min(settings.bleed, gap / 2)
    per_page = cols * rows
    pages = []
    for start in range(0, len(pieces), per_page):
        chunk = pieces[start:start + per_page]
        occupied = {divmod(i, cols) for i in range(len(chunk))}
        placements = []
        for i, piece in enumerate(chunk):
            r, c = divmod(i, cols)
            x, y = left + c * (w + gap), top + r * (h + gap)
            # Art runs the full bleed where no neighbour is, and only half the gutter where one is.
            reach = {(dr, dc): inner_bleed if (r + dr, c + dc) in occupied else settings.bleed
                     for dr, dc in ((0, -1), (-1, 0), (0, 1), (1, 0))}
            clip = (x - reach[0, -1], y - reach[-1, 0], x + w + reach[0, 1], y + h + reach[1, 0])
            placements.append(Placement(piece, "front", x, y, clip))
        front = Page(component, "front", width, height, placements)
        if settings.crop_marks and component.crop_marks:
            front.crop_marks = _crop_marks(placements, settings)
        pages.append(front)
        if settings.duplex != "off" and any(p.piece.back for p in placements):
            pages.append(_backs_of(front, settings))
    return pages


def _backs_of(front: Page, settings: PrintSettings) -> Page:
    axis = mirror_for_duplex(front.width, front.height, settings.duplex)
    backs = []
    for p in front.placements:
        if p.piece.back is None:
            continue
        x0, y0, x1, y1 = p.clip
        if axis == "x":
            backs.append(replace(p, face="back", x=front.width - p.x - p.piece.width,
                                 clip=(front.width - x1, y0, front.width - x0, y1)))
        else:
            backs.append(replace(p, face="back", y=front.height - p.y - p.piece.height,
                                 clip=(x0, front.height - y1, x1, front.height - y0)))
    return Page(front.component, "back", front.width, front.height, backs, footer_at_top=axis == "y")


def _crop_marks(placements: list[Placement], settings: PrintSettings) -> list[tuple[float, float, float, float]]:
    """Short lines outside the bleed, in line with every cut, on all four sides of the block."""
    sheet, bleed = settings.sheet, settings.bleed
    xs = sorted({round(v, 6) for p in placements for v in (p.x, p.x + p.piece.width)})
    ys = sorted({round(v, 6) for p in placements for v in (p.y, p.y + p.piece.height)})
    near, far = sheet.crop_mark_offset, sheet.crop_mark_offset + sheet.crop_mark_length
    top, bottom = min(ys) - bleed, max(ys) + bleed
    left, right = min(xs) - bleed, max(xs) + bleed
    marks = []
    for x in xs:
        marks += [(x, top - far, x, top - near), (x, bottom + near, x, bottom + far)]
    for y in ys:
        marks += [(left - far, y, left - near, y), (right + near, y, right + far, y)]
    return marks


def _impose_tiled(component: Component, piece: Piece, settings: PrintSettings) -> list[Page]:
    """Split a piece too big for one sheet into equal windows that overlap by the tile overlap."""
    ring, overlap = settings.ring, settings.sheet.tile_overlap
    full_w, full_h = piece.width + 2 * ring, piece.height + 2 * ring  # the piece with bleed and marks

    def layout(page):
        x0, y0, x1, y1 = printable(*page, settings)
        cols = max(1, math.ceil((full_w - overlap - EPSILON) / (x1 - x0 - overlap)))
        rows = max(1, math.ceil((full_h - overlap - EPSILON) / (y1 - y0 - overlap)))
        return cols, rows

    page = min(orientations(settings.paper), key=lambda p: math.prod(layout(p)))
    width, height = page
    cols, rows = layout(page)
    window_w = (full_w + (cols - 1) * overlap) / cols
    window_h = (full_h + (rows - 1) * overlap) / rows
    x0, y0, x1, y1 = printable(width, height, settings)
    win_x = x0 + (x1 - x0 - window_w) / 2
    win_y = y0 + (y1 - y0 - window_h) / 2
    pages = []
    for row in range(rows):
        for col in range(cols):
            # Window origin in the coordinates of the piece's trim box.
            ox, oy = col * (window_w - overlap) - ring, row * (window_h - overlap) - ring
            trim_x, trim_y = win_x - ox, win_y - oy
            vis_x0, vis_y0 = max(0.0, ox), max(0.0, oy)
            vis_x1, vis_y1 = min(piece.width, ox + window_w), min(piece.height, oy + window_h)
            part = TilePart(row, col, rows, cols, vis_x0, vis_y0, vis_x1 - vis_x0, vis_y1 - vis_y0)
            bleed = settings.bleed
            clip = (
                max(win_x, trim_x - bleed), max(win_y, trim_y - bleed),
                min(win_x + window_w, trim_x + piece.width + bleed), min(win_y + window_h, trim_y + piece.height + bleed),
            )
            placement = Placement(piece, "front", trim_x, trim_y, clip, part)
            window = (win_x, win_y, win_x + window_w, win_y + window_h)
            page_ = Page(component, "front", width, height, [placement])
            if settings.crop_marks and component.crop_marks:
                page_.crop_marks = _clip_lines(_crop_marks([replace(placement, part=None)], settings), window)
            page_.targets = _alignment_targets(window, row, col, rows, cols, overlap)
            pages.append(page_)
    return pages


def _clip_lines(lines, window):
    x0, y0, x1, y1 = window
    inside = []
    for ax, ay, bx, by in lines:
        cx0, cx1 = max(min(ax, bx), x0), min(max(ax, bx), x1)
        cy0, cy1 = max(min(ay, by), y0), min(max(ay, by), y1)
        if cx0 <= cx1 + EPSILON and cy0 <= cy1 + EPSILON and (cx1 - cx0) + (cy1 - cy0) > EPSILON:
            inside.append((cx0, cy0, cx1, cy1))
    return inside


def _alignment_targets(window, row, col, rows, cols, overlap) -> list[tuple[float, float]]:
    """Targets in the middle of each overlap band; the same targets print on both neighbours."""
    x0, y0, x1, y1 = window
    targets = []
    for fraction in (0.25, 0.75):
        if col > 0:
            targets.append((x0 + overlap / 2, y0 + (y1 - y0) * fraction))
        if col < cols - 1:
            targets.append((x1 - overlap / 2, y0 + (y1 - y0) * fraction))
        if row > 0:
            targets.append((x0 + (x1 - x0) * fraction, y0 + overlap / 2))
        if row < rows - 1:
            targets.append((x0 + (x1 - x0) * fraction, y1 - overlap / 2))
    return targets
