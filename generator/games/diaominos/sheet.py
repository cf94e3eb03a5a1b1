"""The player sheet, a player's score pad page: the grid they load, the polyominoes they mark, a row a
round and the score. The layout diaominos-faces.player-sheet places its parts; each part is a drawer
here, because where its lines and boxes go follows from the game file's grid, shapes and rounds and
from the style's text sizes (the grid's cubes take the room the rest leaves them)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.canvas import PT, Canvas
from generator.fonts import text_width, wrap
from generator.kit.layouts import box_of, drawer_style, register_drawer, restyled
from generator.model import Area
from generator.kit.prose import FLOOR_PT
from generator.kit.text import centred_baseline, fit_box, fit_line, top_baseline
from generator.styles import Style

from .paper import draw_facelet
from .polyominoes import marking_order
from .spec import DiaominosSpec, Grid, Polyomino, colour_label, grid_cells

@dataclass(frozen=True)
class SheetWords:
    """The player sheet's words, from the game's words file."""

    player: str
    seat: str
    grid_note: str  # lines apart
    wild: str
    game_end: tuple[str, ...]  # each followed by a blank to fill in
    score: str
    marking: str
    colour: str
    first: str
    rounds: str
    scoring: str
    total: str


def sheet_words(spec) -> SheetWords:
    words = spec.words
    return SheetWords(
        player=words("sheet.player"), seat=words("sheet.seat"),
        grid_note="\n".join(words(key) for key in ("sheet.grid.layers", "sheet.grid.start", "sheet.grid.wild")),
        wild=words("sheet.wild"), game_end=(words("sheet.layers"), words("sheet.marks")), score=words("sheet.score"),
        marking=words("sheet.marking"), colour=words("sheet.colour"), first=words("sheet.first"),
        rounds=words("sheet.rounds", slots=spec.player_sheet.slots_per_round), scoring=words("sheet.scoring"),
        total=words("sheet.total"))


def note_lines(text: str, role, width: float) -> tuple[float, list[str]]:
    """A one-line note at its role's size, shrunk to fit its column; a note that would shrink below
    the legible floor wraps onto more lines at its size instead."""
    size = fit_line(text, role.size, width, role.face)
    if size >= min(role.size, FLOOR_PT * PT) - 1e-9:
        return size, [text]
    return role.size, wrap(text, role.size, width, role.face)


POLYOMINO_CELL_MM = 6.5  # a polyomino's cubes: room for a pencil mark beside the order digit


@dataclass(frozen=True)
class SheetLayout:
    """Where things go on a player sheet. The left column holds the heading, the grid and the final
    score; the right one the polyominoes, the rounds and the total. Columns are fractions of the
    sheet's width and the right column's rows fractions of its height, as on the 250 x 178 mm sheet;
    the grid's cells are `cell_mm`, or smaller if the left column has less room."""

    width: float
    height: float
    title: str
    grid: Grid
    style: Style
    words: SheetWords
    key_names: tuple[str, ...] = ()  # the colour key's names, as printed
    colours: tuple = ()  # the cube's colours (CubeColour), for the key's chips
    shapes: tuple[Polyomino, ...] = ()
    rounds: int = 0
    slots: int = 0  # a round's slots: the faces facing the player

    @property
    def left(self) -> tuple[float, float]:
        return self.style.safe_mm, self.width * 0.472

    @property
    def right(self) -> tuple[float, float]:
        return self.width * 0.504, self.width - self.style.safe_mm

    @property
    def title_size(self) -> float:
        """The title's size: the title role's, or less so that it takes at most 45 % of the left column."""
        title, (x0, x1) = self.style.title, self.left
        return fit_line(self.title, title.size, (x1 - x0) * 0.45, title.face)

    @property
    def title_baseline(self) -> float:
        return top_baseline(self.title, self.title_size, self.style.title.face, self.style.safe_mm)

    @property
    def grid_top(self) -> float:
        return self.title_baseline + self.title_size * 1.15

    @property
    def grid_left(self) -> float:
        """Right of the layer numbers' column."""
        body = self.style.body
        widest = str(len(self.grid.layers))
        return self.left[0] + text_width(widest, body.size, body.face) + body.size

    def note_lines(self) -> list[str]:
        small = self.style.small
        return wrap(self.words.grid_note, small.size, self.left[1] - self.left[0], small.face)

    @property
    def score_row(self) -> float:
        """A row of the final-score box: room for a label and a box to write in."""
        return max(self.style.index.size, self.style.body.size) * 2.5

    @property
    def below_grid(self) -> float:
        """What goes under the grid: its note, a gap and the final-score box."""
        small = self.style.small
        return (small.size * (0.5 + 1.25 * len(self.note_lines())) + self.score_row * 0.7 + self.score_row * 3.2
                + self.key_row)

    def card_width(self, count: int) -> float:
        """A polyomino card's width: `count` cards share the right column, with a small gap between."""
        x0, x1 = self.right
        return (x1 - x0 - (count - 1) * self.card_gap) / max(count, 1)

    @property
    def card_gap(self) -> float:
        return (self.right[1] - self.right[0]) * 0.017

    @property
    def key_chip(self) -> float:
        return self.style.small.size * 1.9

    @property
    def key_columns(self) -> int:
        """Chips in a row of the colour key: all of them if every name fits at the small size, else
        as many as do, so no name shrinks below it."""
        small = self.style.small
        widest = max((text_width(name, small.size, small.face) for name in self.key_names), default=0.0)
        room = self.key_chip + small.size * 1.3 + widest
        return max(1, min(len(self.key_names), int((self.left[1] - self.left[0]) // room)))

    def key_name_size(self, name: str) -> float:
        """A colour's name in the key: the small size, or less so that it fits its share of the row."""
        small = self.style.small
        share = (self.left[1] - self.left[0]) / self.key_columns
        return fit_line(name, small.size, share - self.key_chip - small.size * 0.9, small.face)

    @property
    def key_row(self) -> float:
        """The colour key under the final score: a chip and a name for each colour, in rows."""
        rows = -(-len(self.key_names) // self.key_columns)
        return self.style.small.size * (3.2 + 2.4 * (rows - 1))

    @property
    def cell(self) -> float:
        columns = max((len(layer) for layer in self.grid.layers), default=1) or 1  # no cubes: diaominos.grid says so
        across = (self.left[1] - self.grid_left) / columns
        down = (self.height - self.style.safe_mm - self.below_grid - self.grid_top) / max(len(self.grid.layers), 1)
        return min(self.grid.cell_mm, across, down)


    @property
    def score_top(self) -> float:
        """Below the grid and its note: where the final-score box's gap starts."""
        small = self.style.small.size
        return self.grid_top + len(self.grid.layers) * self.cell + small * 1.5 + (len(self.note_lines()) - 1) * small * 1.25

    @property
    def key_top(self) -> float:
        return self.score_top + self.score_row * (0.7 + 3.2)

    def marking_note(self) -> tuple[float, list[str]]:
        return note_lines(self.words.marking, self.style.small, self.right[1] - self.right[0])

    @property
    def cards_top(self) -> float:
        """Under the marking rule, over the polyomino cards."""
        small = self.style.small
        size, lines = self.marking_note()
        first = top_baseline(lines[0], size, small.face, self.style.safe_mm)
        return first + (len(lines) - 1) * size * 1.25 + small.size * 0.8

    @property
    def card_height(self) -> float:
        return polyomino_card_height(self.style, polyomino_cell(self.card_width(len(self.shapes))))


def player_sheet_row(spec: DiaominosSpec) -> dict:
    """The fields the player sheet's layout hands its drawers: the file's grid, shapes and rounds, and
    the words and colour names as printed."""
    sheet = spec.player_sheet
    return {"title": spec.title, "grid": sheet.grid, "words": sheet_words(spec),
            "key_names": tuple(colour_label(spec, colour) for colour in spec.cube.colours),
            "colours": tuple(spec.cube.colours), "shapes": tuple(sheet.polyominoes), "rounds": sheet.rounds,
            "slots": sheet.slots_per_round}


def sheet_layout(width: float, height: float, row: dict, style: Style) -> SheetLayout:
    return SheetLayout(width, height, row["title"], row["grid"], style, row["words"], row["key_names"],
                       row["colours"], row["shapes"], row["rounds"], row["slots"])


def player_sheet_layout(spec: DiaominosSpec, style: Style) -> SheetLayout:
    sheet = spec.player_sheet
    return sheet_layout(sheet.width_mm, sheet.height_mm, player_sheet_row(spec), style)


def part_layout(spec: DiaominosSpec, style: Style, name: str) -> SheetLayout | None:
    """The sheet as its part `name` lays itself out, for the validator: in its element's box, in the
    style as the element changes it; None where the layout leaves the part out (or draws it otherwise)."""
    element = dict(spec.layouts.layouts.get("player-sheet", ())).get(name)
    if element is None or element.draw != f"diaominos.sheet-{name}":
        return None
    sheet, row = spec.player_sheet, player_sheet_row(spec)
    _, _, width, height = box_of(element, Area(sheet.width_mm, sheet.height_mm, 0.0), style)
    return sheet_layout(width, height, row, restyled(style, element, row))


def sheet_drawer(name: str):
    """Register a part of the player sheet as the drawer diaominos.<name>: it lays the sheet out from
    the row's fields and the style as its element changes it (its colour the ink, its size_pt its
    role's size...: kit.layouts.restyled), in the element's box, and draws its part."""
    def register(draw_part):
        @register_drawer(f"diaominos.{name}")
        def draw(canvas, box, row, face, element):
            with canvas.saved():
                canvas.translate(box[0], box[1])
                draw_part(canvas, sheet_layout(box[2], box[3], row, drawer_style(face, element, row)))
        return draw_part
    return register


@sheet_drawer("sheet-heading")
def _draw_heading(canvas: Canvas, layout: SheetLayout) -> None:
    """The game's title, a line for the player's name after it and a box for their seat."""
    style, (x0, x1) = layout.style, layout.left
    title, body = style.title, style.body
    baseline = layout.title_baseline
    size = layout.title_size
    canvas.text(x0, baseline, layout.title, size, fill=style.ink, face=title.face)
    x = x0 + text_width(layout.title, size, title.face) + (x1 - x0) * 0.05
    seat_box = body.size * 2.4
    seat_left = x1 - seat_box
    words = layout.words
    seat_words = x1 - seat_box - body.size * 0.4 - text_width(words.seat, body.size, body.face)
    canvas.text(x, baseline, words.player, body.size, fill=style.ink, face=body.face)
    x += text_width(words.player, body.size, body.face) + body.size * 0.4
    canvas.line(x, baseline + 0.5 * style.line_mm, max(seat_words - body.size, x), baseline + 0.5 * style.line_mm,
                stroke=style.line, width=style.line_mm * 0.85)
    canvas.text(seat_words, baseline, words.seat, body.size, fill=style.ink, face=body.face)
    canvas.rect(seat_left, baseline - seat_box * 0.75, seat_box, seat_box, radius=seat_box * 0.12, stroke=style.line,
                width=style.line_mm * 1.15)


@sheet_drawer("sheet-grid")
def _draw_grid(canvas: Canvas, layout: SheetLayout) -> None:
    """The big grid, its layers numbered at the left and its note under it."""
    style, grid, size = layout.style, layout.grid, layout.cell
    body, small = style.body, style.small
    x0, y0 = layout.grid_left, layout.grid_top
    for (column, row), mark in grid_cells(grid).items():
        filled = style.ink if mark == "S" else style.background  # the start comes marked
        canvas.rect(x0 + column * size, y0 + row * size, size, size, fill=filled, stroke=style.line,
                    width=style.line_mm * 0.85)
    layers = len(grid.layers)
    for row in range(layers):
        number = str(layers - row if grid.number_layers_from == "bottom" else row + 1)
        digits = fit_box(number, body.size, x0 - layout.left[0] - body.size * 0.6, size * 0.7, body.face)
        canvas.text(x0 - body.size * 0.6, centred_baseline(number, digits, body.face, y0 + (row + 0.5) * size),
                    number, digits, fill=style.ink, face=body.face, anchor="end")
    first = y0 + layers * size + small.size * 1.5
    canvas.text_block(layout.left[0], first, layout.note_lines(), small.size, fill=style.ink, face=small.face)


@sheet_drawer("sheet-final-score")
def _draw_final_score(canvas: Canvas, layout: SheetLayout) -> None:
    """The wild colour and the end-of-game score, in a box under the grid: three rows."""
    style, (x0, x1) = layout.style, layout.left
    label, body, row = style.index, style.body, layout.score_row
    y = layout.score_top + row * 0.7
    canvas.rect(x0, y, x1 - x0, row * 3.2, radius=row * 0.18, stroke=style.line, width=style.line_mm * 1.15)
    pad, middle = row * 0.45, lambda n: y + row * (0.1 + n + 0.5)  # noqa: E731

    def labelled_box(n: int, words: str, width: float) -> None:
        size = fit_box(words, label.size, (x1 - x0) * 0.4, row * 0.5, label.face)
        canvas.text(x0 + pad, centred_baseline(words, size, label.face, middle(n)), words, size, fill=style.ink,
                    face=label.face)
        left = x0 + pad + text_width(words, size, label.face) + row * 0.5
        canvas.rect(left, middle(n) - row * 0.38, width, row * 0.76, radius=row * 0.12, stroke=style.line,
                    width=style.line_mm * 0.85)

    labelled_box(0, layout.words.wild, (x1 - x0) * 0.27)
    game_end = layout.words.game_end
    # The game-end line: words and blanks, shrunk together if the column is narrow.
    blank, before, after = 3.7, 0.33, 0.67  # in ems of the text
    natural = sum(text_width(words, body.size, body.face) for words in game_end) + len(game_end) * (
        before + blank + after) * body.size
    size = min(body.size, body.size * (x1 - x0 - 2 * pad) / natural)
    x = x0 + pad
    baseline = centred_baseline("".join(game_end), size, body.face, middle(1))
    for words in game_end:
        canvas.text(x, baseline, words, size, fill=style.ink, face=body.face)
        x += text_width(words, size, body.face) + before * size
        canvas.line(x, baseline + 0.5 * style.line_mm, x + blank * size, baseline + 0.5 * style.line_mm,
                    stroke=style.line, width=style.line_mm * 0.85)
        x += (blank + after) * size
    labelled_box(2, layout.words.score, (x1 - x0) * 0.18)


@sheet_drawer("sheet-colour-key")
def _draw_colour_key(canvas: Canvas, layout: SheetLayout) -> None:
    """Each cube colour as a chip with its symbol and its name, so a colour written as a word or an
    initial reads back in a greyscale print."""
    style, (x0, x1) = layout.style, layout.left
    small, chip, columns = style.small, layout.key_chip, layout.key_columns
    share = (x1 - x0) / columns
    top = layout.key_top
    for index, (colour, name) in enumerate(zip(layout.colours, layout.key_names)):
        x = x0 + (index % columns) * share
        middle = top + small.size * (1.75 + 2.4 * (index // columns))
        draw_facelet(canvas, colour, x, middle - chip / 2, chip, style)
        size = layout.key_name_size(name)
        canvas.text(x + chip + small.size * 0.4, centred_baseline(name, size, small.face, middle), name,
                    size, fill=style.ink, face=small.face)


@sheet_drawer("sheet-polyominoes")
def _draw_polyominoes(canvas: Canvas, layout: SheetLayout) -> None:
    """A card for each shape, under the rule for marking it."""
    style, (x0, x1) = layout.style, layout.right
    small = style.small
    size, lines = layout.marking_note()
    canvas.text_block(x0, top_baseline(lines[0], size, small.face, style.safe_mm), lines, size, fill=style.ink,
                      face=small.face)
    top, gap = layout.cards_top, layout.card_gap
    width, height = layout.card_width(len(layout.shapes)), layout.card_height
    for index, shape in enumerate(layout.shapes):
        _draw_polyomino_card(canvas, style, layout.words, shape, x0 + index * (width + gap), top, width, height)


def polyomino_cell(card_width: float) -> float:
    """A polyomino's cube on its card: POLYOMINO_CELL_MM, or less if three do not fit across."""
    return min(POLYOMINO_CELL_MM, card_width * 0.82 / 3)


def polyomino_card_height(style: Style, cell: float) -> float:
    """Colour box, the shape (4 cubes tall at most), its name, the score line and the first-player box."""
    body, name = style.body, style.index
    return body.size * 1.5 + cell * 1.1 + cell * 4.4 + name.size * 1.5 + body.size * 2.0 + cell * 1.25 + cell * 0.4


def _draw_polyomino_card(canvas: Canvas, style: Style, words: SheetWords, shape: Polyomino, x: float, y: float,
                         w: float, h: float) -> None:
    """One shape in its fixed orientation, its cubes numbered in the order they are marked, with a
    box for the colour it takes, a line for its score and a box for the first player's bonus."""
    body, name, small = style.body, style.index, style.small
    pad = w * 0.09
    cell = polyomino_cell(w)
    canvas.rect(x, y, w, h, radius=w * 0.07, stroke=style.line, width=style.line_mm * 1.15)
    y_ = y + body.size * 1.3
    canvas.text(x + pad, y_, words.colour, fit_line(words.colour, body.size, w - 2 * pad, body.face),
                fill=style.ink, face=body.face)
    canvas.rect(x + pad, y_ + body.size * 0.4, w - 2 * pad, cell * 1.1, radius=w * 0.045, stroke=style.line,
                width=style.line_mm * 0.85)
    area_top = y_ + body.size * 0.4 + cell * 1.1 + cell * 0.4
    columns = max((c for c, _ in shape.cells), default=0) + 1  # no cells: diaominos.polyominoes says so
    rows = max((r for _, r in shape.cells), default=0) + 1
    left, top = x + (w - columns * cell) / 2, area_top + (4 - rows) * cell / 2
    order = {cell_: n for n, cell_ in enumerate(marking_order(shape.cells), start=1)}
    for column, row in shape.cells:
        cx, cy = left + column * cell, top + row * cell
        canvas.rect(cx, cy, cell, cell, fill=style.panel, stroke=style.line, width=style.line_mm)
        number = str(order[(column, row)])
        canvas.text(cx + cell * 0.1, top_baseline(number, small.size, small.face, cy + cell * 0.1), number,
                    small.size, fill=style.ink, face=small.face)
    y_ = area_top + cell * 4 + name.size * 1.2
    size = fit_box(shape.name, name.size, w - 2 * pad, name.size, name.face)
    canvas.text(x + w / 2, y_, shape.name, size, fill=style.ink, face=name.face, anchor="middle")
    y_ += body.size * 1.8
    size = fit_line(words.score, body.size, w * 0.45, body.face)
    if size < FLOOR_PT * PT:  # a long word takes more of the line it labels
        size = fit_line(words.score, body.size, w * 0.78 - 2 * pad, body.face)
    canvas.text(x + pad, y_, words.score, size, fill=style.ink, face=body.face)
    start = x + pad + text_width(words.score, size, body.face) + w * 0.05
    canvas.line(start, y_ + 0.5 * style.line_mm, x + w - pad, y_ + 0.5 * style.line_mm, stroke=style.line,
                width=style.line_mm * 0.85)
    # The bonus for the first player at the table to score this shape: tick the box.
    box = cell * 0.9
    y_ += cell * 0.45
    size, lines = note_lines(words.first, small, w - 2 * pad - box - small.size * 0.3)
    top = centred_baseline(lines[0], size, small.face, y_ + box / 2) - (len(lines) - 1) * size * 0.6
    canvas.text_block(x + pad, top, lines, size, leading=1.2, fill=style.ink, face=small.face)
    canvas.rect(x + w - pad - box, y_, box, box, radius=box * 0.15, stroke=style.line, width=style.line_mm * 0.85)


@sheet_drawer("sheet-rounds")
def _draw_rounds(canvas: Canvas, layout: SheetLayout) -> None:
    """A row a round: a dashed slot for each face facing the player, in the room between the cards
    and the scoring strip."""
    style, (x0, x1) = layout.style, layout.right
    small, number = style.small, style.index
    baseline = layout.cards_top + layout.card_height + small.size * 2.2
    size, lines = note_lines(layout.words.rounds, small, x1 - x0)
    baseline = canvas.text_block(x0, baseline, lines, size, fill=style.ink, face=small.face) - size * 1.25
    bottom = summary_top(layout) - small.size
    pitch = min(number.size * 3.0, (bottom - baseline - small.size * 0.5) / max(layout.rounds, 1))
    label = (x1 - x0) * 0.076
    slot = (x1 - x0 - label) / max(layout.slots, 1)
    dash = (style.line_mm * 3.4, style.line_mm * 2.6)
    for index in range(layout.rounds):
        y = baseline + small.size * 0.5 + index * pitch
        text = str(index + 1)
        size = fit_box(text, number.size, label * 0.7, pitch * 0.6, number.face)
        canvas.text(x0 + label / 3, centred_baseline(text, size, number.face, y + pitch * 0.475), text, size,
                    fill=style.ink, face=number.face, anchor="middle")
        for n in range(layout.slots):
            canvas.rect(x0 + label + n * slot, y + pitch * 0.1, slot * 0.89, pitch * 0.75, radius=pitch * 0.1,
                        stroke=style.line, width=style.line_mm, dash=dash)


def total_height(layout: SheetLayout) -> float:
    """The total's band: a line and a half of the heading, at most a tenth of the sheet."""
    return min(layout.style.title.size * 1.6, layout.height * 0.1)


def summary_top(layout: SheetLayout) -> float:
    """Where the scoring strip starts: its lines and a gap above the total."""
    style, (x0, x1) = layout.style, layout.right
    lines = wrap(layout.words.scoring, style.small.size, x1 - x0 - style.small.size * 1.2, style.small.face)
    strip = len(lines) * style.small.size * 1.25 + style.small.size * 0.9
    return layout.height - style.safe_mm - total_height(layout) - style.small.size - strip


@sheet_drawer("sheet-total")
def _draw_total(canvas: Canvas, layout: SheetLayout) -> None:
    """The scoring in a strip, then the final total in a band along the bottom of the right column."""
    style, (x0, x1) = layout.style, layout.right
    small = style.small
    top = summary_top(layout)
    lines = wrap(layout.words.scoring, small.size, x1 - x0 - small.size * 1.2, small.face)
    strip = len(lines) * small.size * 1.25 + small.size * 0.9
    canvas.rect(x0, top, x1 - x0, strip, radius=small.size * 0.4, fill=style.panel)
    canvas.text_block(x0 + small.size * 0.6, top + small.size * 1.35, lines, small.size, fill=style.ink,
                      face=small.face)
    heading = style.title.scaled(0.7)  # a step below the sheet's title
    height = total_height(layout)
    y = layout.height - style.safe_mm - height
    canvas.rect(x0, y, x1 - x0, height, radius=height * 0.083, fill=style.panel, stroke=style.line,
                width=style.line_mm * 1.7)
    total = layout.words.total
    size = fit_box(total, heading.size, (x1 - x0) * 0.4, height * 0.5, heading.face)
    canvas.text(x0 + (x1 - x0) * 0.042, centred_baseline(total, size, heading.face, y + height / 2), total, size,
                fill=style.ink, face=heading.face)
    box = (x1 - x0) * 0.34
    canvas.rect(x1 - (x1 - x0) * 0.034 - box, y + height / 6, box, height * 2 / 3, radius=height * 0.055,
                fill=style.background, stroke=style.line, width=style.line_mm * 1.15)


