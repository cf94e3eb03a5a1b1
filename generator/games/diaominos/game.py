"""Diaominos: a roll-and-write for 1-4 players around a 2x2 puzzle cube (rules/diaominos.md).

A scrambled cube rolls along the board from space A to F, one L-shaped move a round (two squares,
then one to the side). Each round the four colours on top tell players which polyominoes to mark,
and the four facelets facing each player are the polyominoes that player loads into the big grid.
The rules promise that every surface comes up once and faces every player once; the board's layout
alone decides whether it does, and the validator rolls the cube to check it.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Literal

from generator import fonts
from generator.canvas import PT, Canvas
from generator.colour_rules import MeaningColour, distances
from generator.fonts import text_width, wrap
from generator.kit.prose import FLOOR_PT, RulesSheet, rules_sheet_errors
from generator.kit.symbols import SUITS, draw_symbol
from generator.kit.text import centred_baseline, counted, fit_box, fit_line, top_baseline
from generator.model import Area, Component, Piece, PieceGeometry, fill_bleed
from generator.plugins import Game, GameSpec
from generator.print_guide import Printing
from generator.schema import Colour, spec_field, where
from generator.shapes import Rect
from generator.styles import Style
from generator.validate import RuleBook, error

from .board import (KEY_FLOOR_PT, LETTERS, board_path, board_size, draw_board, plan_routes, roll_key,
                    seat_label_size, seat_labels)
from .cube import SEATS, is_l_move, keeps_promise
from .paper import (draw_facelet, game_rounds, game_seeds, round_card_component, round_card_layout, rules_blocks,
                    rules_component, sticker_guide_component)

# ---------------------------------------------------------------------------------------------
# What a Diaominos file says
# ---------------------------------------------------------------------------------------------

@dataclass(kw_only=True)
class CubeColour:
    name: str  # the identity the rules check (six different names), and the stickers' style group
    colour: Colour
    symbol: Literal[SUITS]  # type: ignore[valid-type]
    label: str | None = None  # what prints for it; else the words' colour.<name>, else the name


def colour_label(spec, colour: CubeColour) -> str:
    """A cube colour's printed name: its own label, the words' name for it, or its name."""
    key = f"colour.{colour.name.strip().lower()}"
    if colour.label is not None:
        return spec.words.prefer(key, colour.label) if spec.words.has(key) else colour.label
    return spec.words(key) if spec.words.has(key) else colour.name.capitalize()


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
    #: A colour for each move's route (A to B, B to C...), so a route is followed by its colour.
    move_colours: list[Colour] = spec_field(default_factory=list)


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
    copies: int = spec_field(4, count=True, minimum=1, maximum=20)
    width_mm: float = spec_field(250.0, positive=True, minimum=100, maximum=1000)
    height_mm: float = spec_field(178.0, positive=True, minimum=100, maximum=1000)
    grid: Grid
    polyominoes: list[Polyomino]
    rounds: int = spec_field(6, minimum=0, maximum=20)
    slots_per_round: int = spec_field(4, minimum=0, maximum=20)


@dataclass(kw_only=True)
class RoundCards:
    games: int = spec_field(4, count=True, maximum=50)  # scrambles dealt, six cards each
    piece: PieceGeometry = spec_field(template="pieces")


@dataclass(kw_only=True)
class DiaominosSpec(GameSpec):
    cube: CubeSpec
    board: Board
    player_sheet: PlayerSheet
    round_cards: RoundCards
    rules_sheet: RulesSheet = spec_field(default_factory=RulesSheet)


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
            yield error(where(spec, f"players[{index}]"), f"{counted(count, 'player')}: the board has four sides, "
                                                          "so 1 to 4")
    if not spec.players:
        yield error(where(spec, "players"), "no player count: Diaominos is for 1 to 4 players")
    for index, count in enumerate(spec.players):
        if count in spec.players[:index] and count not in spec.players[index + 1:]:  # once, at its last
            yield error(where(spec, f"players[{index}]"), f"{counted(count, 'player')} is listed twice; name each "
                                                          "player count once")
    if spec.player_sheet.copies < max(spec.players, default=0):
        yield error(where(spec.player_sheet, "copies"), f"{counted(spec.player_sheet.copies, 'player sheet')} for up "
                                                        f"to {counted(max(spec.players), 'player')}")


@rules.rule("diaominos.title", "a title to print on the player sheets and the rules")
def check_title(spec: DiaominosSpec):
    if not spec.title.strip():
        yield error(where(spec, "title"), "the title is empty; the player sheets and the rules print it")


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


@rules.rule("diaominos.routes", "a colour of its own for each move's route, or none (the accent for all)")
def check_routes(spec: DiaominosSpec):
    colours, moves = spec.board.move_colours, len(LETTERS) - 1
    if len(colours) > moves:
        yield error(where(spec.board, "move_colours"), f"{counted(len(colours), 'colour')} for {moves} moves; the "
                                                       f"ones after the {moves}th would colour no route")
    elif colours and len(set(colours[:moves])) < moves:
        yield error(where(spec.board, "move_colours"), f"{counted(len(set(colours[:moves])), 'different colour')} "
                                                       f"for {moves} moves; give each move's route its own colour")


@rules.rule("diaominos.promise", "rolling A to F puts every surface on top once and before every seat once")
def check_promise(spec: DiaominosSpec):
    path = board_path(spec)
    moves_ok = len(path) == 6 and all(is_l_move(a, b) for a, b in zip(path, path[1:]))
    if moves_ok and not keeps_promise(path):
        yield error(where(spec.board, "spaces"),
                    "rolling the cube from A to F does not bring every surface to the top once and "
                    "before every seat once; choose another layout of the spaces")


#: Two inks nearer than this (CIEDE2000, in normal vision) look the same on the cube.
SAME_INK_DELTA_E = 3.0
#: A sticker covers most of its facelet (a cube's half side): 22 mm on a 50 mm cube is 88 %.
MIN_STICKER_SHARE = 0.7


@rules.rule("diaominos.cube", "six distinct colours of four facelets each, stickers that cover the facelets")
def check_cube(spec: DiaominosSpec):
    cube = spec.cube
    if len(cube.colours) != 6:
        yield error(where(cube, "colours"), f"{counted(len(cube.colours), 'colour')}; a cube has 6 (5 polyomino "
                                            "colours and 1 wild)")
    for index, colour in enumerate(cube.colours):
        if not colour.name.strip():
            yield error(where(cube, f"colours[{index}]"), "a colour with no name; the round sheet shows its initial")
        elif colour.label is not None and not colour.label.strip():
            yield error(where(colour, "label"), f"{colour.name} has an empty label; the player sheet's key prints it")
    labels = [colour_label(spec, colour).strip().casefold() for colour in cube.colours]
    for index, label in enumerate(labels):
        first = labels.index(label)
        if label and first != index and cube.colours[first].name.strip().casefold() != \
                cube.colours[index].name.strip().casefold():
            yield error(where(cube, f"colours[{index}]"), f"{cube.colours[index].name} prints as "
                                                          f'"{colour_label(spec, cube.colours[index])}", as '
                                                          f"{cube.colours[first].name} does: players could not tell "
                                                          "them apart on the player sheet's key")
    for kind, what in (("name", "the name"), ("colour", "the ink"), ("symbol", "the symbol")):
        values = [getattr(colour, kind) for colour in cube.colours]
        if kind == "name":  # "White" and "white" print alike
            values = [value.strip().casefold() for value in values]
        for index, value in enumerate(values):
            first = values.index(value)
            if first != index:
                shown = getattr(value, "name", value)  # a palette colour by the name the file gave it
                shown = cube.colours[index].name if kind == "name" else shown
                yield error(where(cube, f"colours[{index}]"), f'{cube.colours[index].name or "a colour"} has '
                                                              f'{what} "{shown}", as {cube.colours[first].name} does: '
                                                              "every colour needs its own")
    for index, colour in enumerate(cube.colours):
        for other in cube.colours[:index]:
            if str(colour.colour) != str(other.colour) and \
                    distances(str(colour.colour), str(other.colour))["normal vision"] < SAME_INK_DELTA_E:
                ink, like = (getattr(c.colour, "name", None) or str(c.colour) for c in (colour, other))
                yield error(where(colour, "colour"), f'{colour.name}\'s ink "{ink}" looks the same as {other.name}\'s '
                                                     f'("{like}"); every colour needs its own')
    if cube.facelets_per_colour != 4:
        yield error(where(cube, "facelets_per_colour"), f"{counted(cube.facelets_per_colour, 'facelet')} a colour; a "
                                                        "2x2 cube has 4")
    if cube.sticker_mm > cube.cube_mm / 2:
        yield error(where(cube, "sticker_mm"), f"{cube.sticker_mm:g} mm stickers do not fit a {cube.cube_mm:g} mm 2x2 cube")
    elif cube.sticker_mm < cube.cube_mm / 2 * MIN_STICKER_SHARE:
        yield error(where(cube, "sticker_mm"), f"{cube.sticker_mm:g} mm stickers are too small for the "
                                               f"{cube.cube_mm / 2:g} mm facelets of a {cube.cube_mm:g} mm cube; use at "
                                               "least "
                                               f"{cube.cube_mm / 2 * MIN_STICKER_SHARE:.1f} mm")


@rules.rule("diaominos.polyominoes", "the five free tetrominoes, none a turn or mirror of another")
def check_polyominoes(spec: DiaominosSpec):
    shapes = spec.player_sheet.polyominoes
    if len(shapes) != 5:
        yield error(where(spec.player_sheet, "polyominoes"), f"{counted(len(shapes), 'polyomino', 'polyominoes')}; "
                                                             "the game has 5")
    seen: dict[tuple, str] = {}
    names: set[str] = set()
    for index, shape in enumerate(shapes):
        here = where(spec.player_sheet, f"polyominoes[{index}]")
        if not shape.name.strip():
            yield error(here, "a polyomino with no name; its card prints the name players call it by")
        elif shape.name.casefold() in names:
            yield error(here, f"two polyominoes are called {shape.name}; give each shape a name of its own")
        names.add(shape.name.casefold())
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
        yield error(here, f"the grid has {counted(len(cells), 'cube')}; the game wants 60 to 96")
    if cells and not connected(cells):
        yield error(here, "the grid is in pieces; every cube must join the rest")
    starts = [cell for cell, mark in cells.items() if mark == "S"]
    if len(starts) != 1:
        yield error(here, f"{counted(len(starts), 'loading start')} (S); mark exactly one pre-filled cube")
    elif grid.layers and starts[0][1] != len(grid.layers) - 1:
        yield error(here, f"the loading start (S) is in layer {len(grid.layers) - starts[0][1]}; the grid fills from "
                          "the bottom up, so it belongs in the bottom layer (the last line)")
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
        yield error(where(sheet, "rounds"), f"{counted(sheet.rounds, 'round row')}; the game has 6 rounds")
    if sheet.slots_per_round != 4:
        yield error(where(sheet, "slots_per_round"), f"{counted(sheet.slots_per_round, 'slot')} a round; 4 faces "
                                                     "face each player")


@rules.rule("diaominos.round-cards", "in every game the cards deal, each colour is on top 4 times and before "
                                     "each seat 4 times")
def check_round_cards(spec: DiaominosSpec):
    if len(board_path(spec)) != 6 or len(spec.cube.colours) != 6:
        return
    names = [colour.name for colour in spec.cube.colours]
    for game, seed in enumerate(game_seeds(spec), start=1):
        rounds = game_rounds(spec, seed)
        views = {"on top": [c for r in rounds for c in r.top]}
        views.update({f"before seat {seat}": [c for r in rounds for c in r.seats[seat]] for seat in SEATS})
        for view, seen in views.items():
            counts = Counter(seen)
            wrong = [f"{names[c]} {counts[c]}x" for c in range(6) if counts[c] != 4]
            if wrong:
                yield error(where(spec.cube, "seed"), f"game {game}'s round cards show colours {view} unevenly "
                                                      f"({', '.join(wrong)}); each should come 4 times")
                return


#: The smallest player sheet whose grid, cards and rounds can still be written in: five polyomino
#: cards side by side with cubes of MIN_CELL_MM want 250 mm across.
MIN_PLAYER_SHEET_MM = (250.0, 140.0)
MAX_ROUND_CARD_MM = (130.0, 180.0)  # a card for the hand, whole on a sheet of A4 or Letter
MIN_ROUND_CARD_MM = (55.0, 80.0)  # twenty facelets, each large enough to tell at arm's length
MIN_FACELET_MM = 6.0  # a seat's facelet on a round card: its colour and symbol read across the table
MIN_CELL_MM = 6.0  # a grid or polyomino cube a pencil mark fits in
MIN_SEAT_LABEL_PT = 8.0
MAX_CORNER_SHARE = 0.12  # a round card's corner radius, of its shorter side (a poker card's 3 mm is 5 %)


@rules.rule("diaominos.sizes", "sheets large enough to write on, a board border that holds the seat labels, "
                               "round cards that hold their facelets, rules that fit their sheet at 7 pt")
def check_sizes(spec: DiaominosSpec):
    board, style = spec.board, spec.style.resolve("board", piece="board")
    if seat_label_size(spec, style) < MIN_SEAT_LABEL_PT * PT:
        labels = list(seat_labels(spec).values())
        along = min(board_size(board)) * 0.3
        longest = max(labels, key=lambda label: text_width(label, MIN_SEAT_LABEL_PT * PT, style.title.face))
        if text_width(longest, MIN_SEAT_LABEL_PT * PT, style.title.face) > along:
            yield error(where(board, "border_mm"), f'the seat label "{longest}" is too long for the board\'s border at '
                                                   f"{MIN_SEAT_LABEL_PT:g} pt ({along:.0f} mm of it); use fewer words")
        else:
            low, high = fonts.inked_height("".join(labels), style.title.face)
            least = 2 * style.safe_mm + (high - low) * MIN_SEAT_LABEL_PT * PT
            yield error(where(board, "border_mm"), f"a {board.border_mm:g} mm border has no room for the seat labels "
                                                   f"{style.safe_mm:g} mm clear of the cut; use at least {least:.1f} mm")
    if len(board_path(spec)) == len(LETTERS) and roll_key(spec, plan_routes(spec), style) is None:
        yield error(where(board, "border_mm"), f'the roll key ("{spec.words("board.move", start="A", end="B")}" and '
                                               f"its arrows, for each move) does not fit along the board's bottom "
                                               f"border at {KEY_FLOOR_PT:g} pt; use fewer words or a larger board")
    card = spec.round_cards.piece
    if card.corner_radius_mm > min(card.width_mm, card.height_mm) * MAX_CORNER_SHARE:
        yield error(where(spec.round_cards, "piece"), f"{card.corner_radius_mm:g} mm corners on {card.width_mm:g} x "
                                                      f"{card.height_mm:g} mm round cards would cut into the "
                                                      f"facelets; use at most "
                                                      f"{min(card.width_mm, card.height_mm) * MAX_CORNER_SHARE:.1f} mm")
    if max(card.width_mm, card.height_mm) > MAX_ROUND_CARD_MM[1] or min(card.width_mm, card.height_mm) > \
            MAX_ROUND_CARD_MM[0]:
        yield error(where(spec.round_cards, "piece"), f"{card.width_mm:g} x {card.height_mm:g} mm round cards would "
                                                      "print in parts, front and back, over several sheets; use at "
                                                      f"most {MAX_ROUND_CARD_MM[0]:g} x {MAX_ROUND_CARD_MM[1]:g} mm")
    if card.width_mm < MIN_ROUND_CARD_MM[0] or card.height_mm < MIN_ROUND_CARD_MM[1]:
        yield error(where(spec.round_cards, "piece"), f"{card.width_mm:g} x {card.height_mm:g} mm round cards are too "
                                                      f"small for twenty facelets; use at least {MIN_ROUND_CARD_MM[0]:g}"
                                                      f" x {MIN_ROUND_CARD_MM[1]:g} mm (a poker card)")
    else:
        yield from round_card_errors(spec)
    yield from rules_sheet_errors(spec, rules_blocks(spec))
    sheet = spec.player_sheet
    if sheet.width_mm < MIN_PLAYER_SHEET_MM[0] or sheet.height_mm < MIN_PLAYER_SHEET_MM[1]:
        yield error(where(spec, "player_sheet"), f"a {sheet.width_mm:g} x {sheet.height_mm:g} mm player sheet is too "
                                                 f"small to write on; use at least {MIN_PLAYER_SHEET_MM[0]:g} x "
                                                 f"{MIN_PLAYER_SHEET_MM[1]:g} mm")
        return
    # The grid's cubes shrink to the room the sheet leaves them, less with larger text.
    for n in range(sheet.copies):
        style = spec.style.resolve("player-sheet", piece=f"player-sheet-{n + 1}")
        layout = player_sheet_layout(spec, style)
        for colour, name in zip(spec.cube.colours, layout.key_names):
            if layout.key_name_size(name) < FLOOR_PT * PT - 1e-9:
                yield error(where(colour, "label" if colour.label is not None else "name"),
                            f'the colour name "{name}" does not fit the player sheet\'s colour key at {FLOOR_PT:g} '
                            "pt; use a shorter name or label")
                return
        if layout.cell < MIN_CELL_MM:
            yield error(where(sheet, "grid"), f"the grid's cubes come out {math.floor(layout.cell * 100) / 100:.2f} mm on player sheet "
                                              f"{n + 1}, too small to mark; the least is {MIN_CELL_MM:g} mm: give the "
                                              "sheet more room, fewer layers or smaller text")
            return
        cube = polyomino_cell(layout.card_width(len(sheet.polyominoes)))
        if cube < MIN_CELL_MM - 1e-9:
            yield error(where(sheet, "polyominoes"), f"the polyominoes' cubes come out {math.floor(cube * 100) / 100:.2f} mm on player sheet "
                                                     f"{n + 1}, too small to mark; the least is {MIN_CELL_MM:g} mm: "
                                                     "give the sheet more width or fewer polyominoes")
            return


def round_card_errors(spec: DiaominosSpec):
    """Each round card's seats show their facelets at MIN_FACELET_MM or more, however its style sizes the
    text above them; the first card that does not is reported."""
    card = spec.round_cards.piece
    for game in range(1, spec.round_cards.games + 1):
        for number in range(1, 7):
            style = spec.style.resolve("round-card", f"game-{game}", piece=f"round-card-g{game}-r{number}",
                                       safe_mm=card.safe_mm)
            small = round_card_layout(card.width_mm, card.height_mm, style,
                                      spec.words("card.heading", game=game, round=number)).small
            if small < MIN_FACELET_MM:
                yield error(where(spec.round_cards, "piece"),
                            f"the seats' facelets come out {max(small, 0):.1f} mm on round card {number} of game "
                            f"{game}, too small to tell apart; the least is {MIN_FACELET_MM:g} mm: use a larger card "
                            "or smaller text")
                return


# ---------------------------------------------------------------------------------------------
# Drawing. Each drawer is handed its piece's resolved Style and takes every colour, face and text
# size from it. Positions are fractions of the face or follow from the spec's and the style's mm,
# so a smaller sheet or a larger board is laid out by the same code.
# ---------------------------------------------------------------------------------------------

# Cube stickers and facelets ------------------------------------------------------------------

#: A sticker's cut line and the light band either side of it: the stickers sit edge to edge, so
#: each draws its half of the line it shares with a neighbour and the two halves make one line,
#: which shows on white stickers and on dark ones alike.
STICKER_CUT_MM = 0.25
STICKER_HALO_MM = 0.25


def draw_sticker(canvas: Canvas, area: Area, colour: CubeColour, style: Style) -> None:
    """A sticker for the cube: its colour past the cut, its symbol for colour-blind players, and its
    cut line on the trim (in ink, on a band of paper), half of it inside the sticker."""
    fill_bleed(canvas, area, colour.colour)
    mark = style.ink_on(colour.colour)
    draw_symbol(canvas, colour.symbol, area.width / 2, area.height / 2, area.width * 0.42, mark)
    canvas.rect(0, 0, area.width, area.height, stroke=style.background, width=STICKER_CUT_MM + 2 * STICKER_HALO_MM)
    canvas.rect(0, 0, area.width, area.height, stroke=style.ink, width=STICKER_CUT_MM)


# The player sheet ----------------------------------------------------------------------------

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


def player_sheet_layout(spec: DiaominosSpec, style: Style) -> SheetLayout:
    sheet = spec.player_sheet
    return SheetLayout(sheet.width_mm, sheet.height_mm, spec.title, sheet.grid, style, sheet_words(spec),
                       tuple(colour_label(spec, colour) for colour in spec.cube.colours))


def draw_player_sheet(canvas: Canvas, area: Area, spec: DiaominosSpec, style: Style) -> None:
    """A player's score pad page: the grid they load, the polyominoes they mark, the rounds and the score."""
    sheet = spec.player_sheet
    layout = player_sheet_layout(spec, style)
    fill_bleed(canvas, area, style.background)
    _draw_heading(canvas, layout)
    bottom = _draw_grid(canvas, layout)
    bottom = _draw_final_score(canvas, layout, bottom)
    _draw_colour_key(canvas, layout, spec.cube.colours, bottom)
    bottom = _draw_polyominoes(canvas, layout, sheet.polyominoes)
    _draw_rounds(canvas, layout, sheet, bottom)
    _draw_total(canvas, layout)


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


def _draw_final_score(canvas: Canvas, layout: SheetLayout, top: float) -> float:
    """The wild colour and the end-of-game score, in a box under the grid: three rows. Returns the y
    below the box."""
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
    return y + row * 3.2


def _draw_colour_key(canvas: Canvas, layout: SheetLayout, colours: list[CubeColour], top: float) -> None:
    """Each cube colour as a chip with its symbol and its name, so a colour written as a word or an
    initial reads back in a greyscale print."""
    style, (x0, x1) = layout.style, layout.left
    small, chip, columns = style.small, layout.key_chip, layout.key_columns
    share = (x1 - x0) / columns
    for index, (colour, name) in enumerate(zip(colours, layout.key_names)):
        x = x0 + (index % columns) * share
        middle = top + small.size * (1.75 + 2.4 * (index // columns))
        draw_facelet(canvas, colour, x, middle - chip / 2, chip, style)
        size = layout.key_name_size(name)
        canvas.text(x + chip + small.size * 0.4, centred_baseline(name, size, small.face, middle), name,
                    size, fill=style.ink, face=small.face)


def _draw_polyominoes(canvas: Canvas, layout: SheetLayout, shapes: list[Polyomino]) -> float:
    """A card for each shape, under the rule for marking it; returns the y below the cards."""
    style, (x0, x1) = layout.style, layout.right
    small = style.small
    size, lines = note_lines(layout.words.marking, small, x1 - x0)
    baseline = top_baseline(lines[0], size, small.face, style.safe_mm)
    baseline = canvas.text_block(x0, baseline, lines, size, fill=style.ink, face=small.face) - size * 1.25
    top, gap = baseline + small.size * 0.8, layout.card_gap
    width = layout.card_width(len(shapes))
    height = polyomino_card_height(style, polyomino_cell(width))
    for index, shape in enumerate(shapes):
        _draw_polyomino_card(canvas, style, layout.words, shape, x0 + index * (width + gap), top, width, height)
    return top + height


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


def _draw_rounds(canvas: Canvas, layout: SheetLayout, sheet: PlayerSheet, top: float) -> None:
    """A row a round: a dashed slot for each face facing the player, in the room between the cards
    and the scoring strip."""
    style, (x0, x1) = layout.style, layout.right
    small, number = style.small, style.index
    baseline = top + small.size * 2.2
    size, lines = note_lines(layout.words.rounds, small, x1 - x0)
    baseline = canvas.text_block(x0, baseline, lines, size, fill=style.ink, face=small.face) - size * 1.25
    bottom = summary_top(layout) - small.size
    pitch = min(number.size * 3.0, (bottom - baseline - small.size * 0.5) / max(sheet.rounds, 1))
    label = (x1 - x0) * 0.076
    slot = (x1 - x0 - label) / max(sheet.slots_per_round, 1)
    dash = (style.line_mm * 3.4, style.line_mm * 2.6)
    for index in range(sheet.rounds):
        y = baseline + small.size * 0.5 + index * pitch
        text = str(index + 1)
        size = fit_box(text, number.size, label * 0.7, pitch * 0.6, number.face)
        canvas.text(x0 + label / 3, centred_baseline(text, size, number.face, y + pitch * 0.475), text, size,
                    fill=style.ink, face=number.face, anchor="middle")
        for n in range(sheet.slots_per_round):
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


# ---------------------------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------------------------

def components(spec: DiaominosSpec) -> list[Component]:
    """Every piece with the style resolved for it: stickers by their cube colour's name as the
    group, so `groups: {white: ...}` restyles the white ones."""
    sheet, cube, words = spec.player_sheet, spec.cube, spec.words
    spec.printing = printing(spec)
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
    return [
        Component("board", words("component.board"), board),
        Component("player-sheet", words("component.player-sheet"), sheets, cut_guides=False),
        Component("cube-sticker", words("component.cube-sticker"), stickers, stock="sticker"),  # edge to edge: one cut
        sticker_guide_component(spec),
        round_card_component(spec),
        rules_component(spec),
    ]


PRINTING_KEYS = ("printing.bring.pens", "printing.bring.cube", "printing.bring.cube-or-cards",
                 "printing.stock.cube-sticker", "printing.step.stickers")


def printing(spec: DiaominosSpec) -> Printing:
    """Page 1's printing box: the game file's `printing:` block where it gives one and no chosen words
    do; else the words'."""
    given, words = spec.printing, spec.words
    if (given.bring or given.stock or given.steps) and not words.chosen & set(PRINTING_KEYS):
        return given
    cube = "printing.bring.cube-or-cards" if spec.round_cards.games else "printing.bring.cube"
    made = Printing(bring=[words("printing.bring.pens"), words(cube)],
                    stock={"cube-sticker": words("printing.stock.cube-sticker")},
                    steps=[words("printing.step.stickers", facelets=spec.cube.facelets_per_colour)])
    for attribute in ("_where", "_location"):  # where the file's block is, for the core's messages
        if hasattr(given, attribute):
            setattr(made, attribute, getattr(given, attribute))
    return made


def meaning_colours(spec: DiaominosSpec) -> list[MeaningColour]:
    """The cube's colours: each tells its facelets apart, with its symbol as a second cue."""
    return [MeaningColour(colour.name, colour.colour, colour.symbol, where(colour, "colour"))
            for colour in spec.cube.colours]


GAME = Game(name="diaominos", spec=DiaominosSpec, components=components, rules=rules, meaning_colours=meaning_colours)
