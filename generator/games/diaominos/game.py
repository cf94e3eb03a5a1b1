"""Diaominos: a roll-and-write for 1-4 players around a 2x2 puzzle cube (rules/diaominos.md).

A scrambled cube rolls along the board from space A to F, one L-shaped move a round (two squares,
then one to the side). Each round the four colours on top tell players which polyominoes to mark,
and the four facelets facing each player are the polyominoes that player loads into the big grid.
The rules promise that every surface comes up once and faces every player once; the board's layout
alone decides whether it does, and the validator rolls the cube to check it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Literal

from generator import fonts
from generator.canvas import PT, Canvas
from generator.colour_rules import MeaningColour
from generator.fonts import text_width, wrap
from generator.kit.symbols import SUITS, draw_symbol
from generator.kit.text import centred_baseline, fit_box, fit_line, top_baseline
from generator.model import Area, Component, Piece, fill_bleed
from generator.plugins import Game, GameSpec
from generator.schema import Colour, spec_field, where
from generator.shapes import Rect
from generator.styles import Style
from generator.validate import RuleBook, error

from .board import LETTERS, board_path, board_size, draw_board, seat_label_size
from .cube import SEATS, Cube, is_l_move, keeps_promise, play_rounds

# ---------------------------------------------------------------------------------------------
# What a Diaominos file says
# ---------------------------------------------------------------------------------------------

@dataclass(kw_only=True)
class CubeColour:
    name: str
    colour: Colour
    symbol: Literal[SUITS]  # type: ignore[valid-type]


@dataclass(kw_only=True)
class CubeSpec:
    colours: list[CubeColour]
    facelets_per_colour: int = spec_field(4, minimum=1, maximum=24)
    cube_mm: float = spec_field(50.0, positive=True, minimum=10, maximum=200)
    sticker_mm: float = spec_field(22.0, positive=True, minimum=5, maximum=100)
    seed: int = spec_field(7, minimum=0, maximum=999_999_999)


@dataclass(kw_only=True)
class Board:
    columns: int = spec_field(4, minimum=1, maximum=20)
    rows: int = spec_field(4, minimum=1, maximum=20)
    square_mm: float = spec_field(56.0, positive=True, minimum=5, maximum=200)
    border_mm: float = spec_field(14.0, positive=True, maximum=60)
    #: Each space's square, [column, row]: two whole numbers (on the board: the rules check that).
    spaces: dict[str, tuple[int, int]] = spec_field(minimum=0, maximum=19, parts=("column", "row"))


@dataclass(kw_only=True)
class Grid:
    cell_mm: float = spec_field(8.0, positive=True, maximum=30)
    number_layers_from: Literal["bottom", "top"] = "bottom"
    layers: list[str]


@dataclass(kw_only=True)
class Polyomino:
    name: str
    #: [column, row] of each cube, in a 4 x 4 box (row 0 at the top), as the player sheet draws it.
    cells: list[tuple[int, int]] = spec_field(minimum=0, maximum=3, parts=("column", "row"))


@dataclass(kw_only=True)
class PlayerSheet:
    copies: int = spec_field(4, count=True, maximum=20)
    width_mm: float = spec_field(250.0, positive=True, minimum=100, maximum=1000)
    height_mm: float = spec_field(178.0, positive=True, minimum=100, maximum=1000)
    grid: Grid
    polyominoes: list[Polyomino]
    rounds: int = spec_field(6, minimum=0, maximum=20)
    slots_per_round: int = spec_field(4, minimum=0, maximum=20)


@dataclass(kw_only=True)
class RoundSheet:
    width_mm: float = spec_field(250.0, positive=True, minimum=100, maximum=1000)
    height_mm: float = spec_field(150.0, positive=True, minimum=100, maximum=1000)


@dataclass(kw_only=True)
class DiaominosSpec(GameSpec):
    cube: CubeSpec
    board: Board
    player_sheet: PlayerSheet
    round_sheet: RoundSheet


def grid_cells(grid: Grid) -> dict[tuple[int, int], str]:
    """(column, row) -> 'X' or 'S' for every cube of the grid; row 0 is the top layer."""
    return {(c, r): mark for r, layer in enumerate(grid.layers) for c, mark in enumerate(layer) if mark in "XS"}


# ---------------------------------------------------------------------------------------------
# Polyomino shapes
# ---------------------------------------------------------------------------------------------

def canonical(cells) -> tuple:
    """The shape up to rotation and reflection: the smallest of its eight normalised forms."""
    forms = []
    points = [tuple(cell) for cell in cells]
    for _ in range(2):
        for _ in range(4):
            points = [(y, -x) for x, y in points]
            x0, y0 = min(x for x, _ in points), min(y for _, y in points)
            forms.append(tuple(sorted((x - x0, y - y0) for x, y in points)))
        points = [(-x, y) for x, y in points]
    return min(forms)


#: The five free tetrominoes, as the game's facts.
FREE_TETROMINOES = {
    name: canonical(cells) for name, cells in {
        "I": [(0, 0), (0, 1), (0, 2), (0, 3)], "O": [(0, 0), (1, 0), (0, 1), (1, 1)],
        "T": [(0, 0), (1, 0), (2, 0), (1, 1)], "S": [(1, 0), (2, 0), (0, 1), (1, 1)],
        "L": [(0, 0), (0, 1), (0, 2), (1, 2)],
    }.items()
}


def marking_order(cells) -> list[tuple[int, int]]:
    """The order marks fill a polyomino: bottom-most first, then right-most (row 0 is the top)."""
    return sorted((tuple(cell) for cell in cells), key=lambda cell: (-cell[1], -cell[0]))


def connected(cells) -> bool:
    cells = set(map(tuple, cells))
    if not cells:
        return False
    seen, todo = set(), [next(iter(cells))]
    while todo:
        x, y = todo.pop()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        todo += [n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in cells]
    return seen == cells


# ---------------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------------

rules = RuleBook()


@rules.rule("diaominos.players", "1 to 4 players, one at each side of the board")
def check_players(spec: DiaominosSpec):
    for index, count in enumerate(spec.players):
        if not 1 <= count <= 4:
            yield error(where(spec, f"players[{index}]"), f"{count} players: the board has four sides, so 1 to 4")
    if spec.player_sheet.copies < max(spec.players, default=0):
        yield error(where(spec.player_sheet, "copies"), f"{spec.player_sheet.copies} player sheets for up to {max(spec.players)} players")


@rules.rule("diaominos.spaces", "spaces A-F distinct and on the board, each move an L of (2, 1) squares")
def check_spaces(spec: DiaominosSpec):
    board = spec.board
    here = where(board, "spaces")
    for letter in LETTERS:
        if letter not in board.spaces:
            yield error(here, f"space {letter} is missing; the board needs spaces A to F")
    for letter, square in board.spaces.items():
        place = where(board, f"spaces[{letter}]")
        if letter not in LETTERS:
            yield error(place, f'"{letter}" is not a space; use A to F')
        elif len(square) != 2 or not (0 <= square[0] < board.columns and 0 <= square[1] < board.rows):
            yield error(place, f"space {letter} at {square} is not on the {board.columns} x {board.rows} board")
    path = board_path(spec)
    if len(set(path)) != len(path):
        yield error(here, "two spaces share a square; A to F must be six different squares")
    for (a, start), (b, end) in zip(zip(LETTERS, path), zip(LETTERS[1:], path[1:])):
        if not is_l_move(start, end):
            yield error(where(board, f"spaces[{b}]"), f"{a} to {b} is not an L move (two squares, then one to the side)")


@rules.rule("diaominos.promise", "rolling A to F puts every surface on top once and before every seat once")
def check_promise(spec: DiaominosSpec):
    path = board_path(spec)
    moves_ok = len(path) == 6 and all(is_l_move(a, b) for a, b in zip(path, path[1:]))
    if moves_ok and not keeps_promise(path):
        yield error(where(spec.board, "spaces"),
                    "rolling the cube from A to F does not bring every surface to the top once and "
                    "before every seat once; choose another layout of the spaces")


@rules.rule("diaominos.cube", "six distinct colours of four facelets each")
def check_cube(spec: DiaominosSpec):
    cube = spec.cube
    if len(cube.colours) != 6:
        yield error(where(cube, "colours"), f"{len(cube.colours)} colours; a cube has 6 (5 polyomino colours and 1 wild)")
    for index, colour in enumerate(cube.colours):
        if not colour.name.strip():
            yield error(where(cube, f"colours[{index}]"), "a colour with no name; the round sheet shows its initial")
    for kind in ("name", "colour", "symbol"):
        values = [getattr(colour, kind) for colour in cube.colours]
        for index, value in enumerate(values):
            if values.index(value) != index:
                yield error(where(cube, f"colours[{index}]"), f'colour {kind} "{value}" is used twice')
    if cube.facelets_per_colour != 4:
        yield error(where(cube, "facelets_per_colour"), f"{cube.facelets_per_colour} facelets a colour; a 2x2 cube has 4")
    if cube.sticker_mm > cube.cube_mm / 2:
        yield error(where(cube, "sticker_mm"), f"{cube.sticker_mm:g} mm stickers do not fit a {cube.cube_mm:g} mm 2x2 cube")


@rules.rule("diaominos.polyominoes", "the five free tetrominoes, none a turn or mirror of another")
def check_polyominoes(spec: DiaominosSpec):
    shapes = spec.player_sheet.polyominoes
    if len(shapes) != 5:
        yield error(where(spec.player_sheet, "polyominoes"), f"{len(shapes)} polyominoes; the game has 5")
    seen: dict[tuple, str] = {}
    for index, shape in enumerate(shapes):
        here = where(spec.player_sheet, f"polyominoes[{index}]")
        cells = [tuple(cell) for cell in shape.cells]
        if len(cells) != 4 or len(set(cells)) != 4 or not connected(cells):
            yield error(here, f"polyomino {shape.name} is not four joined cubes")
            continue
        form = canonical(cells)
        if form in seen:
            yield error(here, f"polyomino {shape.name} is {seen[form]} turned or mirrored")
        seen[form] = shape.name
    for name, form in FREE_TETROMINOES.items():
        if form not in seen:
            yield error(where(spec.player_sheet, "polyominoes"), f"no polyomino has the {name} shape")


@rules.rule("diaominos.grid", "a connected grid of 60-96 cubes, layers numbered bottom to top, a loading start")
def check_grid(spec: DiaominosSpec):
    grid = spec.player_sheet.grid
    here = where(spec.player_sheet, "grid")
    cells = grid_cells(grid)
    if not 60 <= len(cells) <= 96:
        yield error(here, f"the grid has {len(cells)} cubes; the game wants 60 to 96")
    if cells and not connected(cells):
        yield error(here, "the grid is in pieces; every cube must join the rest")
    starts = [cell for cell, mark in cells.items() if mark == "S"]
    if len(starts) != 1:
        yield error(here, f"{len(starts)} loading starts (S); mark exactly one pre-filled cube")
    for index, layer in enumerate(grid.layers):
        if not set(layer) <= set(".XS"):
            yield error(where(grid, f"layers[{index}]"), 'use only "X" (a cube), "S" (the start) and "." (empty)')
        elif "X" not in layer and "S" not in layer:
            yield error(where(grid, f"layers[{index}]"), "an empty layer")
    if grid.number_layers_from != "bottom":
        yield error(where(grid, "number_layers_from"), "layers are numbered from the bottom up")


@rules.rule("diaominos.rounds", "six round rows of four slots")
def check_rounds(spec: DiaominosSpec):
    sheet = spec.player_sheet
    if sheet.rounds != 6:
        yield error(where(sheet, "rounds"), f"{sheet.rounds} round rows; the game has 6 rounds")
    if sheet.slots_per_round != 4:
        yield error(where(sheet, "slots_per_round"), f"{sheet.slots_per_round} slots a round; 4 faces face each player")


@rules.rule("diaominos.round-sheet", "over the game each colour is on top 4 times and before each seat 4 times")
def check_round_sheet(spec: DiaominosSpec):
    if len(board_path(spec)) != 6 or len(spec.cube.colours) != 6:
        return
    rounds = play_rounds(Cube.scrambled(spec.cube.seed), dict(zip(LETTERS, board_path(spec))))
    names = [colour.name for colour in spec.cube.colours]
    views = {"on top": [c for r in rounds for c in r.top]}
    views.update({f"before seat {seat}": [c for r in rounds for c in r.seats[seat]] for seat in SEATS})
    for view, seen in views.items():
        counts = Counter(seen)
        wrong = [f"{names[c]} {counts[c]}x" for c in range(6) if counts[c] != 4]
        if wrong:
            yield error(where(spec.cube, "seed"), f"the round sheet shows colours {view} unevenly ({', '.join(wrong)}); "
                                                  "each should come 4 times")


#: The smallest sheets whose grid, cards and rounds can still be written in (both fit A5 landscape).
MIN_PLAYER_SHEET_MM = (190.0, 130.0)
MIN_ROUND_SHEET_MM = (150.0, 100.0)
MIN_CELL_MM = 6.0  # a grid cube a pencil mark fits in
MIN_SEAT_LABEL_PT = 8.0


@rules.rule("diaominos.sizes", "sheets large enough to write on, a board border that holds the seat labels")
def check_sizes(spec: DiaominosSpec):
    board, style = spec.board, spec.style.resolve("board", piece="board")
    if seat_label_size(board, style) < MIN_SEAT_LABEL_PT * PT:
        low, high = fonts.inked_height("Seat 4", style.title.face)
        least = 2 * style.safe_mm + (high - low) * MIN_SEAT_LABEL_PT * PT
        yield error(where(board, "border_mm"), f"a {board.border_mm:g} mm border has no room for the seat labels "
                                               f"{style.safe_mm:g} mm clear of the cut; use at least {least:.1f} mm")
    sheets_fit = True
    for name, piece, (width, height) in (("player_sheet", spec.player_sheet, MIN_PLAYER_SHEET_MM),
                                         ("round_sheet", spec.round_sheet, MIN_ROUND_SHEET_MM)):
        if piece.width_mm < width or piece.height_mm < height:
            sheets_fit = False
            yield error(where(spec, name), f"a {piece.width_mm:g} x {piece.height_mm:g} mm {name.replace('_', ' ')} is "
                                           f"too small to write on; use at least {width:g} x {height:g} mm")
    if not sheets_fit:
        return
    # The grid's cubes shrink to the room the sheet leaves them, less with larger text.
    sheet = spec.player_sheet
    for n in range(sheet.copies):
        style = spec.style.resolve("player-sheet", piece=f"player-sheet-{n + 1}")
        cell = SheetLayout(sheet.width_mm, sheet.height_mm, spec.title, sheet.grid, style).cell
        if cell < MIN_CELL_MM:
            yield error(where(sheet, "grid"), f"the grid's cubes come out {cell:.1f} mm on player sheet {n + 1}, too "
                                              f"small to mark; the least is {MIN_CELL_MM:g} mm: give the sheet more "
                                              "room, fewer layers or smaller text")
            return


# ---------------------------------------------------------------------------------------------
# Drawing. Each drawer is handed its piece's resolved Style and takes every colour, face and text
# size from it. Positions are fractions of the face or follow from the spec's and the style's mm,
# so a smaller sheet or a larger board is laid out by the same code.
# ---------------------------------------------------------------------------------------------

# Cube stickers and facelets ------------------------------------------------------------------

def draw_sticker(canvas: Canvas, area: Area, colour: CubeColour, style: Style) -> None:
    """A sticker for the cube: its colour past the cut, and its symbol for colour-blind players."""
    fill_bleed(canvas, area, colour.colour)
    mark = style.ink_on(colour.colour)
    draw_symbol(canvas, colour.symbol, area.width / 2, area.height / 2, area.width * 0.42, mark)


def draw_facelet(canvas: Canvas, colour: CubeColour, x: float, y: float, size: float, style: Style) -> None:
    """A facelet on paper: its colour and symbol, outlined so white shows on white paper."""
    canvas.rect(x, y, size, size, radius=size * 0.11, fill=colour.colour, stroke=style.line, width=style.line_mm * 0.6)
    draw_symbol(canvas, colour.symbol, x + size / 2, y + size / 2, size * 0.5, style.ink_on(colour.colour))


# The player sheet ----------------------------------------------------------------------------

GRID_NOTE = "Layers count from the bottom.\nLoading starts at the filled cube: your first polyomino must touch it."
MARKING_NOTE = "Mark the bottom-most, then right-most, unmarked cube"
ROUNDS_NOTE = "Rounds: initials of the four faces facing you; cross each off as you load it"
GAME_END = ("Game end: layers completed", "+ diamond marks left")  # each followed by a blank to fill in


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

    @property
    def left(self) -> tuple[float, float]:
        return self.style.safe_mm, self.width * 0.472

    @property
    def right(self) -> tuple[float, float]:
        return self.width * 0.504, self.width - self.style.safe_mm

    @property
    def title_baseline(self) -> float:
        return top_baseline(self.title, self.style.title.size, self.style.title.face, self.style.safe_mm)

    @property
    def grid_top(self) -> float:
        return self.title_baseline + self.style.title.size * 1.15

    @property
    def grid_left(self) -> float:
        """Right of the layer numbers' column."""
        body = self.style.body
        widest = str(len(self.grid.layers))
        return self.left[0] + text_width(widest, body.size, body.face) + body.size

    def note_lines(self) -> list[str]:
        small = self.style.small
        return wrap(GRID_NOTE, small.size, self.left[1] - self.left[0], small.face)

    @property
    def score_row(self) -> float:
        """A row of the final-score box: room for a label and a box to write in."""
        return max(self.style.index.size, self.style.body.size) * 2.5

    @property
    def below_grid(self) -> float:
        """What goes under the grid: its note, a gap and the final-score box."""
        small = self.style.small
        return small.size * (0.5 + 1.25 * len(self.note_lines())) + self.score_row * 0.7 + self.score_row * 3.2

    @property
    def cell(self) -> float:
        columns = max((len(layer) for layer in self.grid.layers), default=1)
        across = (self.left[1] - self.grid_left) / columns
        down = (self.height - self.style.safe_mm - self.below_grid - self.grid_top) / max(len(self.grid.layers), 1)
        return min(self.grid.cell_mm, across, down)


def draw_player_sheet(canvas: Canvas, area: Area, spec: DiaominosSpec, style: Style) -> None:
    """A player's score pad page: the grid they load, the polyominoes they mark, the rounds and the score."""
    sheet = spec.player_sheet
    layout = SheetLayout(area.width, area.height, spec.title, sheet.grid, style)
    fill_bleed(canvas, area, style.background)
    _draw_heading(canvas, layout)
    bottom = _draw_grid(canvas, layout)
    _draw_final_score(canvas, layout, bottom)
    bottom = _draw_polyominoes(canvas, layout, sheet.polyominoes)
    _draw_rounds(canvas, layout, sheet, bottom)
    _draw_total(canvas, layout)


def _draw_heading(canvas: Canvas, layout: SheetLayout) -> None:
    """The game's title, and a line for the player's name after it."""
    style, (x0, x1) = layout.style, layout.left
    title, body = style.title, style.body
    baseline = layout.title_baseline
    size = fit_line(layout.title, title.size, (x1 - x0) * 0.5, title.face)
    canvas.text(x0, baseline, layout.title, size, fill=style.ink, face=title.face)
    x = x0 + text_width(layout.title, size, title.face) + (x1 - x0) * 0.08
    size = fit_line("Player", body.size, (x1 - x) * 0.4, body.face)  # the rest is the line to write on
    canvas.text(x, baseline, "Player", size, fill=style.ink, face=body.face)
    x += text_width("Player", size, body.face) + size * 0.4
    canvas.line(x, baseline + 0.5 * style.line_mm, x1, baseline + 0.5 * style.line_mm, stroke=style.line,
                width=style.line_mm * 0.85)


def _draw_grid(canvas: Canvas, layout: SheetLayout) -> float:
    """The big grid, its layers numbered at the left and its note under it; returns the y below."""
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
    return canvas.text_block(layout.left[0], first, layout.note_lines(), small.size, fill=style.ink,
                             face=small.face) - small.size * 1.25


def _draw_final_score(canvas: Canvas, layout: SheetLayout, top: float) -> None:
    """The wild colour and the end-of-game score, in a box under the grid: three rows."""
    style, (x0, x1) = layout.style, layout.left
    label, body, row = style.index, style.body, layout.score_row
    y = top + row * 0.7
    canvas.rect(x0, y, x1 - x0, row * 3.2, radius=row * 0.18, stroke=style.line, width=style.line_mm * 1.15)
    pad, middle = row * 0.45, lambda n: y + row * (0.1 + n + 0.5)  # noqa: E731

    def labelled_box(n: int, words: str, width: float) -> None:
        size = fit_box(words, label.size, (x1 - x0) * 0.4, row * 0.5, label.face)
        canvas.text(x0 + pad, centred_baseline(words, size, label.face, middle(n)), words, size, fill=style.ink,
                    face=label.face)
        left = x0 + pad + text_width(words, size, label.face) + row * 0.5
        canvas.rect(left, middle(n) - row * 0.38, width, row * 0.76, radius=row * 0.12, stroke=style.line,
                    width=style.line_mm * 0.85)

    labelled_box(0, "Wild colour", (x1 - x0) * 0.27)
    # The game-end line: words and blanks, shrunk together if the column is narrow.
    blank, before, after = 3.7, 0.33, 0.67  # in ems of the text
    natural = sum(text_width(words, body.size, body.face) for words in GAME_END) + len(GAME_END) * (
        before + blank + after) * body.size
    size = min(body.size, body.size * (x1 - x0 - 2 * pad) / natural)
    x = x0 + pad
    baseline = centred_baseline("".join(GAME_END), size, body.face, middle(1))
    for words in GAME_END:
        canvas.text(x, baseline, words, size, fill=style.ink, face=body.face)
        x += text_width(words, size, body.face) + before * size
        canvas.line(x, baseline + 0.5 * style.line_mm, x + blank * size, baseline + 0.5 * style.line_mm,
                    stroke=style.line, width=style.line_mm * 0.85)
        x += (blank + after) * size
    labelled_box(2, "Score", (x1 - x0) * 0.18)


def _draw_polyominoes(canvas: Canvas, layout: SheetLayout, shapes: list[Polyomino]) -> float:
    """A card for each shape, under the rule for marking it; returns the y below the cards."""
    style, (x0, x1) = layout.style, layout.right
    small = style.small
    size = fit_line(MARKING_NOTE, small.size, x1 - x0, small.face)
    baseline = top_baseline(MARKING_NOTE, size, small.face, style.safe_mm)
    canvas.text(x0, baseline, MARKING_NOTE, size, fill=style.ink, face=small.face)
    top, gap = baseline + small.size * 0.8, (x1 - x0) * 0.017
    width = (x1 - x0 - (len(shapes) - 1) * gap) / max(len(shapes), 1)
    height = layout.height * 0.303
    for index, shape in enumerate(shapes):
        _draw_polyomino_card(canvas, style, shape, x0 + index * (width + gap), top, width, height)
    return top + height


def _draw_polyomino_card(canvas: Canvas, style: Style, shape: Polyomino, x: float, y: float, w: float,
                         h: float) -> None:
    """One shape in its fixed orientation, its cubes numbered in the order they are marked, with a
    box for the colour it takes and a line for its score."""
    body, name = style.body, style.index
    pad = w * 0.09
    canvas.rect(x, y, w, h, radius=w * 0.07, stroke=style.line, width=style.line_mm * 1.15)
    size = fit_box("Colour", body.size, w - 2 * pad, h * 0.07, body.face)
    canvas.text(x + pad, y + h * 0.093, "Colour", size, fill=style.ink, face=body.face)
    canvas.rect(x + pad, y + h * 0.12, w - 2 * pad, h * 0.11, radius=w * 0.045, stroke=style.line,
                width=style.line_mm * 0.85)
    cell = min(w * 0.21, h * 0.085)
    columns = max(c for c, _ in shape.cells) + 1
    rows = max(r for _, r in shape.cells) + 1
    left, top = x + (w - columns * cell) / 2, y + h * 0.296 + (4 - rows) * cell / 2
    order = {cell_: n for n, cell_ in enumerate(marking_order(shape.cells), start=1)}
    for column, row in shape.cells:
        cx, cy = left + column * cell, top + row * cell
        canvas.rect(cx, cy, cell, cell, fill=style.panel, stroke=style.line, width=style.line_mm)
        number = str(order[(column, row)])
        digit = fit_box(number, body.size, cell * 0.22, cell * 0.3, body.face)
        canvas.text(cx + cell * 0.15, top_baseline(number, digit, body.face, cy + cell * 0.15), number, digit,
                    fill=style.ink, face=body.face)
    size = fit_box(shape.name, name.size, w - 2 * pad, h * 0.1, name.face)
    canvas.text(x + w / 2, y + h * 0.74, shape.name, size, fill=style.ink, face=name.face, anchor="middle")
    size = fit_box("Score", body.size, w * 0.45, h * 0.07, body.face)
    canvas.text(x + pad, y + h * 0.926, "Score", size, fill=style.ink, face=body.face)
    start = x + pad + text_width("Score", size, body.face) + w * 0.05
    canvas.line(start, y + h * 0.926 + 0.5 * style.line_mm, x + w - pad, y + h * 0.926 + 0.5 * style.line_mm,
                stroke=style.line, width=style.line_mm * 0.85)


def _draw_rounds(canvas: Canvas, layout: SheetLayout, sheet: PlayerSheet, top: float) -> None:
    """A row a round: a dashed slot for each face facing the player."""
    style, (x0, x1), h = layout.style, layout.right, layout.height
    small, number = style.small, style.index
    baseline = top + h * 0.045
    canvas.text(x0, baseline, ROUNDS_NOTE, fit_line(ROUNDS_NOTE, small.size, x1 - x0, small.face), fill=style.ink,
                face=small.face)
    pitch, label = h * 0.056, (x1 - x0) * 0.076
    slot = (x1 - x0 - label) / max(sheet.slots_per_round, 1)
    dash = (style.line_mm * 3.4, style.line_mm * 2.6)
    for index in range(sheet.rounds):
        y = baseline + h * 0.017 + index * pitch
        text = str(index + 1)
        size = fit_box(text, number.size, label * 0.7, pitch * 0.6, number.face)
        canvas.text(x0 + label / 3, centred_baseline(text, size, number.face, y + pitch * 0.475), text, size,
                    fill=style.ink, face=number.face, anchor="middle")
        for n in range(sheet.slots_per_round):
            canvas.rect(x0 + label + n * slot, y + pitch * 0.1, slot * 0.89, pitch * 0.75, radius=pitch * 0.1,
                        stroke=style.line, width=style.line_mm, dash=dash)


def _draw_total(canvas: Canvas, layout: SheetLayout) -> None:
    """The final total, in a band along the bottom of the right column."""
    style, (x0, x1) = layout.style, layout.right
    heading = style.title.scaled(0.7)  # a step below the sheet's title
    height = layout.height * 0.101
    y = layout.height - style.safe_mm - height
    canvas.rect(x0, y, x1 - x0, height, radius=height * 0.083, fill=style.panel, stroke=style.line,
                width=style.line_mm * 1.7)
    size = fit_box("Total", heading.size, (x1 - x0) * 0.4, height * 0.5, heading.face)
    canvas.text(x0 + (x1 - x0) * 0.042, centred_baseline("Total", size, heading.face, y + height / 2), "Total", size,
                fill=style.ink, face=heading.face)
    box = (x1 - x0) * 0.34
    canvas.rect(x1 - (x1 - x0) * 0.034 - box, y + height / 6, box, height * 2 / 3, radius=height * 0.055,
                fill=style.background, stroke=style.line, width=style.line_mm * 1.15)


# The round sheet -----------------------------------------------------------------------------

ROUND_SHEET_NOTE = ("For a game without a cube: each round, mark the colours on top; then load the four faces in your "
                    "seat's column, as you see them from your seat.")


def draw_round_sheet(canvas: Canvas, area: Area, spec: DiaominosSpec, style: Style) -> None:
    """No spare cube? The seeded scramble rolled along the board: what each round shows, on top
    and before each seat. Columns share the width; rows share the height left under the headings."""
    colours = spec.cube.colours
    title, body, heading, small = style.title, style.body, style.index, style.small
    margin = style.safe_mm
    width = area.width - 2 * margin
    fill_bleed(canvas, area, style.background)
    rounds = play_rounds(Cube.scrambled(spec.cube.seed), dict(zip(LETTERS, board_path(spec))))
    text = f"{spec.title}: round sheet (scramble {spec.cube.seed})"
    size = fit_line(text, title.size, width, title.face)
    y = top_baseline(text, size, title.face, margin)
    canvas.text(margin, y, text, size, fill=style.ink, face=title.face)
    y = canvas.text_block(margin, y + title.size * 0.4 + body.size * 1.25, wrap(ROUND_SHEET_NOTE, body.size, width,
                          body.face), body.size, fill=style.ink, face=body.face)
    # The round labels' column, as wide as its words, then one column for the top and one for each seat.
    headings = ["Round", "On top"] + [f"Seat {seat}" for seat in SEATS]
    labels = [headings[0]] + [f"{r.number}  ({r.space})" for r in rounds]
    label = min(max(text_width(words, heading.size, heading.face) for words in labels) + heading.size, width * 0.2)
    column = (width - label) / 5
    y += heading.size * 1.2  # text_block returned the baseline after its last line
    for index, words in enumerate(headings):
        x, room = (margin, label) if index == 0 else (margin + label + (index - 1) * column, column)
        canvas.text(x, y, words, fit_line(words, heading.size, room * 0.9, heading.face), fill=style.ink,
                    face=heading.face)
    top = y + heading.size * 0.8
    row = (area.height - margin - top) / len(rounds)
    swatch = min(row * 0.355, column * 0.162)
    gap = swatch * 0.114
    band = margin / 3  # the shaded rows reach a little past the text
    for r in rounds:
        y = top + (r.number - 1) * row
        middle = y + row / 2
        if r.number % 2 == 0:
            canvas.rect(margin - band, y, width + 2 * band, row, fill=style.panel)
        words = f"{r.number}  ({r.space})"
        size = fit_box(words, heading.size, label * 0.9, row * 0.6, heading.face)
        canvas.text(margin, centred_baseline(words, size, heading.face, middle), words, size, fill=style.ink,
                    face=heading.face)
        for index, face in enumerate([r.top] + [r.seats[seat] for seat in SEATS]):
            x = margin + label + index * column
            for k, colour in enumerate(face):
                draw_facelet(canvas, colours[colour], x + (k % 2) * (swatch + gap),
                             middle - swatch - gap / 2 + (k // 2) * (swatch + gap), swatch, style)
            names = " ".join(colours[c].name[:1].upper() for c in face)
            left = x + 2 * swatch + gap + swatch * 0.43
            size = fit_line(names, small.size, x + column * 0.95 - left, small.face)
            canvas.text(left, centred_baseline(names, size, small.face, middle), names, size, fill=style.ink,
                        face=small.face)


# ---------------------------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------------------------

def components(spec: DiaominosSpec) -> list[Component]:
    """Every piece with the style resolved for it: stickers by their cube colour's name as the
    group, so `groups: {white: ...}` restyles the white ones."""
    sheet, cube, round_sheet = spec.player_sheet, spec.cube, spec.round_sheet
    board_style = spec.style.resolve("board", piece="board")
    board = [Piece("board", Rect(*board_size(spec.board)), partial(draw_board, spec=spec, style=board_style))]
    sheets = []
    for n in range(sheet.copies):
        piece_id = f"player-sheet-{n + 1}"
        style = spec.style.resolve("player-sheet", piece=piece_id)
        sheets.append(Piece(piece_id, Rect(sheet.width_mm, sheet.height_mm),
                            partial(draw_player_sheet, spec=spec, style=style)))
    stickers = []
    for colour in cube.colours:
        for n in range(cube.facelets_per_colour):
            piece_id = f"cube-sticker-{colour.name}-{n + 1}"
            style = spec.style.resolve("cube-sticker", colour.name, piece=piece_id)
            stickers.append(Piece(piece_id, Rect(cube.sticker_mm, cube.sticker_mm),
                                  partial(draw_sticker, colour=colour, style=style)))
    style = spec.style.resolve("round-sheet", piece="round-sheet")
    rounds = [Piece("round-sheet", Rect(round_sheet.width_mm, round_sheet.height_mm),
                    partial(draw_round_sheet, spec=spec, style=style))]
    return [
        Component("board", "Board", board),
        Component("player-sheet", "Player sheet", sheets, cut_guides=False),
        Component("cube-sticker", "Cube stickers", stickers, gutter=3.0),
        Component("round-sheet", "Round sheet", rounds, cut_guides=False),
    ]


def meaning_colours(spec: DiaominosSpec) -> list[MeaningColour]:
    """The cube's colours: each tells its facelets apart, with its symbol as a second cue."""
    return [MeaningColour(colour.name, colour.colour, colour.symbol, where(colour, "colour"))
            for colour in spec.cube.colours]


GAME = Game(name="diaominos", spec=DiaominosSpec, components=components, rules=rules, meaning_colours=meaning_colours)
