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

from generator.canvas import PT, Canvas
from generator.fonts import text_width
from generator.geometry import Path
from generator.kit.symbols import SUITS, draw_symbol
from generator.model import Area, Component, Piece, fill_bleed
from generator.plugins import Game, GameSpec
from generator.schema import Colour, spec_field, where
from generator.shapes import Rect
from generator.validate import RuleBook, error

from .cube import SEATS, Cube, is_l_move, keeps_promise, play_rounds

LETTERS = ("A", "B", "C", "D", "E", "F")


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
    colour: Colour
    line: Colour
    path: Colour
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
    ink: Colour
    fill: Colour
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


def board_path(spec: DiaominosSpec) -> list[tuple[int, int]]:
    return [tuple(spec.board.spaces[letter]) for letter in LETTERS if letter in spec.board.spaces]


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


# ---------------------------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------------------------

def _light(colour: str) -> bool:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b > 150


def draw_swatch(canvas: Canvas, colour: CubeColour, x: float, y: float, size: float, radius: float = 0.8) -> None:
    """A facelet: its colour with its symbol, outlined so white shows on white paper."""
    canvas.rect(x, y, size, size, radius=radius, fill=colour.colour, stroke="#555555", width=0.2)
    mark = "#1d1d24" if _light(colour.colour) else "#ffffff"
    draw_symbol(canvas, colour.symbol, x + size / 2, y + size / 2, size * 0.5, mark)


def draw_sticker(canvas: Canvas, area: Area, spec: DiaominosSpec, colour: CubeColour) -> None:
    fill_bleed(canvas, area, colour.colour)
    mark = "#1d1d24" if _light(colour.colour) else "#ffffff"
    draw_symbol(canvas, colour.symbol, area.width / 2, area.height / 2, area.width * 0.42, mark)


def board_size(board: Board) -> tuple[float, float]:
    return board.columns * board.square_mm + 2 * board.border_mm, board.rows * board.square_mm + 2 * board.border_mm


def draw_board(canvas: Canvas, area: Area, spec: DiaominosSpec) -> None:
    board = spec.board
    s, b = board.square_mm, board.border_mm
    fill_bleed(canvas, area, board.colour)
    centre = lambda square: (b + (square[0] + 0.5) * s, b + (square[1] + 0.5) * s)  # noqa: E731
    for column in range(board.columns):
        for row in range(board.rows):
            canvas.rect(b + column * s, b + row * s, s, s, fill="#ffffff", stroke=board.line, width=0.5)
    # The L path between consecutive spaces: along the long leg first, then the short one.
    # Each move is shifted a little along the diagonal, so moves that share a row stay apart.
    path = board_path(spec)
    for index, (start, end) in enumerate(zip(path, path[1:])):
        shift = (index - 2) * 2.8
        (x0, y0), (x1, y1) = centre(start), centre(end)
        x0, y0, x1, y1 = x0 + shift, y0 + shift, x1 + shift, y1 + shift
        corner = (x1, y0) if abs(end[0] - start[0]) == 2 else (x0, y1)
        canvas.draw(Path.polygon([(x0, y0), corner, (x1, y1)], closed=False), stroke=board.path, width=1.8)
        _arrow_head(canvas, corner, (x1, y1), board.path)
    for letter, square in zip(LETTERS, path):
        x, y = centre(square)
        canvas.circle(x, y, s * 0.22, fill=board.colour, stroke=board.path, width=1.2)
        canvas.text(x, y + s * 0.11, letter, s * 0.3, fill=board.line, face="bold", anchor="middle")
    canvas.text(b + 2, b - 4, "Diaominos: roll the cube A to F, one L a round", 3.2, fill=board.line)
    # The seats: each label reads upright for the player sitting at that edge.
    width, height = area.width, area.height
    for seat, (cx, cy, turn) in {1: (width / 2, height - b / 2, 0), 2: (b / 2, height / 2, 90),
                                 3: (width / 2, b / 2, 180), 4: (width - b / 2, height / 2, 270)}.items():
        with canvas.saved():
            canvas.translate(cx, cy)
            canvas.rotate(turn)
            canvas.text(0, 2.0, f"Seat {seat}", 5.0, fill=board.line, face="bold", anchor="middle")


def _arrow_head(canvas: Canvas, start, end, colour: str) -> None:
    """A small arrowhead pointing from `start` towards `end`, short of the space's circle."""
    (x0, y0), (x1, y1) = start, end
    length = max(abs(x1 - x0), abs(y1 - y0))
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * 13.5, y1 - uy * 13.5)
    back = (tip[0] - ux * 5, tip[1] - uy * 5)
    canvas.polygon([tip, (back[0] - uy * 3, back[1] + ux * 3), (back[0] + uy * 3, back[1] - ux * 3)], fill=colour)


def draw_player_sheet(canvas: Canvas, area: Area, spec: DiaominosSpec) -> None:
    sheet = spec.player_sheet
    ink, fill = sheet.ink, sheet.fill
    fill_bleed(canvas, area, "#ffffff")
    canvas.text(6, 10, spec.title, 7.0, fill=ink, face="bold")
    canvas.text(60, 10, "Player", 3.2, fill=ink)
    canvas.line(72, 10.5, 118, 10.5, stroke=ink, width=0.3)
    bottom = _draw_grid(canvas, sheet, 14.0, 18.0)
    # Wild colour and the end-of-game score, under the grid.
    y = bottom + 6
    canvas.rect(6, y, 112, 26, radius=1.5, stroke=ink, width=0.4)
    canvas.text(10, y + 6, "Wild colour", 3.4, fill=ink, face="bold")
    canvas.rect(40, y + 1.8, 30, 6.5, radius=1, stroke=ink, width=0.3)
    x = 10.0
    for words in ("Game end: layers completed", "+ diamond marks left"):  # each followed by a blank
        canvas.text(x, y + 15, words, 3.0, fill=ink)
        x += text_width(words, 3.0) + 1.0
        canvas.line(x, y + 15.5, x + 11, y + 15.5, stroke=ink, width=0.3)
        x += 13.0
    canvas.text(10, y + 22.5, "Score", 3.4, fill=ink, face="bold")
    canvas.rect(24, y + 17.8, 20, 6.5, radius=1, stroke=ink, width=0.3)
    _draw_polyominoes(canvas, sheet, 126.0, 14.0)
    _draw_rounds(canvas, sheet, 126.0, 76.0)
    canvas.rect(126, area.height - 24, 118, 18, radius=1.5, stroke=ink, width=0.6, fill=fill)
    canvas.text(131, area.height - 12.5, "Total", 5.0, fill=ink, face="bold")
    canvas.rect(200, area.height - 21, 40, 12, radius=1, fill="#ffffff", stroke=ink, width=0.4)


def _draw_grid(canvas: Canvas, sheet: PlayerSheet, x0: float, y0: float) -> float:
    """The big grid with layer numbers at the left; returns the y below it."""
    grid, ink = sheet.grid, sheet.ink
    size = grid.cell_mm
    cells = grid_cells(grid)
    layers = len(grid.layers)
    for (column, row), mark in cells.items():
        x, y = x0 + column * size, y0 + row * size
        canvas.rect(x, y, size, size, fill=ink if mark == "S" else "#ffffff", stroke=ink, width=0.3)
    for row in range(layers):
        number = layers - row if grid.number_layers_from == "bottom" else row + 1
        canvas.text(x0 - 3, y0 + row * size + size * 0.68, str(number), size * 0.42, fill=ink, anchor="end")
    bottom = y0 + layers * size
    canvas.text(x0 - 8, bottom + 4.5, "Layers count from the bottom. Loading starts at the filled cube:", 2.6, fill=ink,
                face="italic")
    canvas.text(x0 - 8, bottom + 8.0, "your first polyomino must touch it.", 2.6, fill=ink, face="italic")
    return bottom + 8.0


def _draw_polyominoes(canvas: Canvas, sheet: PlayerSheet, x0: float, y0: float) -> None:
    """Each shape in its fixed orientation, with the order its cubes are marked, a box for its
    colour and a Score line."""
    ink, fill = sheet.ink, sheet.fill
    width, gap, cell = 22.0, 2.0, 4.6
    canvas.text(x0, y0 - 2, "Mark the bottom-most, then right-most, unmarked cube", 2.8, fill=ink, face="italic")
    for index, shape in enumerate(sheet.polyominoes):
        x = x0 + index * (width + gap)
        canvas.rect(x, y0, width, 54, radius=1.5, stroke=ink, width=0.4)
        canvas.text(x + 2, y0 + 5, "Colour", 2.6, fill=ink)
        canvas.rect(x + 2, y0 + 6.5, width - 4, 6, radius=1, stroke=ink, width=0.3)
        cols = max(c for c, _ in shape.cells) + 1
        rows = max(r for _, r in shape.cells) + 1
        left = x + (width - cols * cell) / 2
        top = y0 + 16 + (4 - rows) * cell / 2
        order = {cell_: n for n, cell_ in enumerate(marking_order(shape.cells), start=1)}
        for column, row in shape.cells:
            cx, cy = left + column * cell, top + row * cell
            canvas.rect(cx, cy, cell, cell, fill=fill, stroke=ink, width=0.35)
            canvas.text(cx + 0.7, cy + 1.9, str(order[(column, row)]), 1.5, fill=ink)
        canvas.text(x + width / 2, y0 + 40, shape.name, 4.0, fill=ink, face="bold", anchor="middle")
        canvas.text(x + 2, y0 + 50, "Score", 2.6, fill=ink)
        canvas.line(x + 10, y0 + 50.5, x + width - 2, y0 + 50.5, stroke=ink, width=0.3)


def _draw_rounds(canvas: Canvas, sheet: PlayerSheet, x0: float, y0: float) -> None:
    ink = sheet.ink
    canvas.text(x0, y0, "Rounds: initials of the four faces facing you; cross each off as you load it", 2.8,
                fill=ink, face="italic")
    for index in range(sheet.rounds):
        y = y0 + 3 + index * 10
        canvas.text(x0 + 3, y + 6.5, str(index + 1), 4.0, fill=ink, face="bold", anchor="middle")
        for slot in range(sheet.slots_per_round):
            canvas.rect(x0 + 9 + slot * 27, y + 1, 24, 7.5, radius=1, stroke=ink, width=0.35, dash=(1.2, 0.9))


def draw_round_sheet(canvas: Canvas, area: Area, spec: DiaominosSpec) -> None:
    """No spare cube? The seeded scramble rolled along the board: what each round shows."""
    sheet_ink = spec.player_sheet.ink
    colours = spec.cube.colours
    fill_bleed(canvas, area, "#ffffff")
    rounds = play_rounds(Cube.scrambled(spec.cube.seed), dict(zip(LETTERS, board_path(spec))))
    canvas.text(6, 10, f"{spec.title}: round sheet (scramble {spec.cube.seed})", 6.0, fill=sheet_ink, face="bold")
    canvas.text(6, 16, "For a game without a cube: each round, mark the colours on top; then load the four faces "
                       "in your seat's column, as you see them from your seat.", 3.0, fill=sheet_ink)
    headings = ["Round", "On top"] + [f"Seat {seat}" for seat in SEATS]
    left, top, swatch = 6.0, 24.0, 7.0
    column_width = (area.width - 2 * left - 22) / 5
    for index, heading in enumerate(headings):
        x = left if index == 0 else left + 22 + (index - 1) * column_width
        canvas.text(x, top, heading, 3.4, fill=sheet_ink, face="bold")
    row_height = (area.height - top - 8) / 6
    for r in rounds:
        y = top + 3 + (r.number - 1) * row_height
        if r.number % 2 == 0:
            canvas.rect(left - 2, y - 1, area.width - 2 * left + 4, row_height, fill="#f4f1e8")
        canvas.text(left, y + row_height / 2 + 1.5, f"{r.number}  ({r.space})", 4.0, fill=sheet_ink, face="bold")
        for index, face in enumerate([r.top] + [r.seats[seat] for seat in SEATS]):
            x = left + 22 + index * column_width
            for k, colour in enumerate(face):
                draw_swatch(canvas, colours[colour], x + (k % 2) * (swatch + 0.8), y + 1 + (k // 2) * (swatch + 0.8),
                            swatch)
            names = " ".join(colours[c].name[:1].upper() for c in face)
            canvas.text(x + 2 * swatch + 3, y + swatch + 1.5, names, 6.0 * PT, fill=sheet_ink)


# ---------------------------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------------------------

def components(spec: DiaominosSpec) -> list[Component]:
    sheet, cube = spec.player_sheet, spec.cube
    board = [Piece("board", Rect(*board_size(spec.board)), partial(draw_board, spec=spec))]
    sheets = [Piece(f"player-sheet-{n + 1}", Rect(sheet.width_mm, sheet.height_mm), partial(draw_player_sheet, spec=spec))
              for n in range(sheet.copies)]
    stickers = [Piece(f"cube-sticker-{colour.name}-{n + 1}", Rect(cube.sticker_mm, cube.sticker_mm),
                      partial(draw_sticker, spec=spec, colour=colour))
                for colour in cube.colours for n in range(cube.facelets_per_colour)]
    round_sheet = [Piece("round-sheet", Rect(spec.round_sheet.width_mm, spec.round_sheet.height_mm),
                         partial(draw_round_sheet, spec=spec))]
    return [
        Component("board", "Board", board),
        Component("player-sheet", "Player sheet", sheets, cut_guides=False),
        Component("cube-sticker", "Cube stickers", stickers, gutter=3.0),
        Component("round-sheet", "Round sheet", round_sheet, cut_guides=False),
    ]


GAME = Game(name="diaominos", spec=DiaominosSpec, components=components, rules=rules)
