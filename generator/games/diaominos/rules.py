"""The Diaominos rules the validator holds a game file to (rules/diaominos.md): the cube, the board's
spaces and the promise its layout keeps, the polyominoes, the grid, the rounds, the round cards, and
sizes large enough to write on and to read."""

from __future__ import annotations

import math
from collections import Counter

from generator import fonts
from generator.canvas import PT
from generator.colour_rules import distances
from generator.fonts import text_width
from generator.kit.prose import FLOOR_PT, rules_sheet_errors
from generator.kit.layouts import box_of, restyled
from generator.kit.text import counted
from generator.model import Area
from generator.schema import where
from generator.validate import RuleBook, error

from .board import LETTERS, board_path, board_row, board_size, roll_key, seat_label_size
from .cube import SEATS, is_l_move, keeps_promise
from .paper import element_text, game_rounds, game_seeds, rules_blocks, seat_facelet
from .sheet import fits_its_box, grid_cell, part_on_sheet, polyomino_cube
from .rulebook import (COLOUR_COUNT_A_GAME, CUBE_COLOURS, FACELETS_PER_COLOUR, GRID_CUBES, KEY_FLOOR_PT,
                       MAX_CORNER_SHARE, MAX_ROUND_CARD_MM, MIN_CELL_MM, MIN_FACELET_MM, MIN_PLAYER_SHEET_MM,
                       MIN_ROUND_CARD_MM, MIN_SEAT_LABEL_PT, MIN_STICKER_SHARE, PLAYERS, POLYOMINO_CUBES, POLYOMINOES,
                       ROUNDS, SAME_INK_DELTA_E, SEAT_LABEL_SHARE, SLOTS_PER_ROUND)
from .polyominoes import FREE_TETROMINOES, canonical, connected
from .spec import DiaominosSpec, colour_label, grid_cells


rules = RuleBook()


@rules.rule("diaominos.players", "1 to 4 players, one at each side of the board")
def check_players(spec: DiaominosSpec):
    for index, count in enumerate(spec.players):
        if not PLAYERS[0] <= count <= PLAYERS[1]:
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


@rules.rule("diaominos.routes", "a colour of its own for each move's route, or none (the accent for all), and a "
                               "dash pattern of its own, which tells the routes apart in greyscale")
def check_routes(spec: DiaominosSpec):
    board = spec.board
    colours, moves = board.move_colours, len(LETTERS) - 1
    if len(colours) > moves:
        yield error(where(board, "move_colours"), f"{counted(len(colours), 'colour')} for {moves} moves; the "
                                                  f"ones after the {moves}th would colour no route")
    elif colours and len(set(colours[:moves])) < moves:
        yield error(where(board, "move_colours"), f"{counted(len(set(colours[:moves])), 'different colour')} "
                                                  f"for {moves} moves; give each move's route its own colour")
    # Routes are followed by their patterns where colours do not show (a greyscale print, a colour-blind
    # player), each as route_dash gives it: the list cycled, and all solid when it gives none.
    patterns = [tuple(board.move_dashes[number % len(board.move_dashes)]) if board.move_dashes else ()
                for number in range(moves)]
    if len(set(patterns)) < moves:
        alike = next(f"{LETTERS[a]} to {LETTERS[a + 1]} and {LETTERS[b]} to {LETTERS[b + 1]}"
                     for a in range(moves) for b in range(a + 1, moves) if patterns[a] == patterns[b])
        yield error(where(board, "move_dashes"), f"the routes {alike} share a dash pattern "
                                                 f"({counted(len(set(patterns)), 'pattern')} for {moves} moves), so a "
                                                 "greyscale print cannot tell them apart; give each move its own, [] "
                                                 "for one solid")


@rules.rule("diaominos.promise", "rolling A to F puts every surface on top once and before every seat once")
def check_promise(spec: DiaominosSpec):
    path = board_path(spec)
    moves_ok = len(path) == len(LETTERS) and all(is_l_move(a, b) for a, b in zip(path, path[1:]))
    if moves_ok and not keeps_promise(path):
        yield error(where(spec.board, "spaces"),
                    "rolling the cube from A to F does not bring every surface to the top once and "
                    "before every seat once; choose another layout of the spaces")


@rules.rule("diaominos.cube", "six distinct colours of four facelets each, stickers that cover the facelets")
def check_cube(spec: DiaominosSpec):
    cube = spec.cube
    if len(cube.colours) != CUBE_COLOURS:
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
                def named(at: int) -> str:  # by its place, and its name unless the names are what is alike
                    return f"colour {at + 1}" + ("" if kind == "name" else f" ({cube.colours[at].name})")

                yield error(where(cube, f"colours[{index}]"), f'{named(index)} has {what} "{shown}", as '
                                                              f"{named(first)} does: every colour needs its own")
    for index, colour in enumerate(cube.colours):
        for other in cube.colours[:index]:
            if str(colour.colour) != str(other.colour) and \
                    distances(str(colour.colour), str(other.colour))["normal vision"] < SAME_INK_DELTA_E:
                ink, like = (getattr(c.colour, "name", None) or str(c.colour) for c in (colour, other))
                yield error(where(colour, "colour"), f'{colour.name}\'s ink "{ink}" looks the same as {other.name}\'s '
                                                     f'("{like}"); every colour needs its own')
    if cube.facelets_per_colour != FACELETS_PER_COLOUR:
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
    if len(shapes) != POLYOMINOES:
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
        if len(cells) != POLYOMINO_CUBES or len(set(cells)) != POLYOMINO_CUBES or not connected(cells):
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
    if not GRID_CUBES[0] <= len(cells) <= GRID_CUBES[1]:
        yield error(here, f"the grid has {counted(len(cells), 'cube')}; the game wants {GRID_CUBES[0]} to {GRID_CUBES[1]}")
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
    if sheet.rounds != ROUNDS:
        yield error(where(sheet, "rounds"), f"{counted(sheet.rounds, 'round row')}; the game has {ROUNDS} rounds")
    if sheet.slots_per_round != SLOTS_PER_ROUND:
        yield error(where(sheet, "slots_per_round"), f"{counted(sheet.slots_per_round, 'slot')} a round; 4 faces "
                                                     "face each player")


@rules.rule("diaominos.round-cards", "in every game the cards deal, each colour is on top 4 times and before "
                                     "each seat 4 times")
def check_round_cards(spec: DiaominosSpec):
    if len(board_path(spec)) != len(LETTERS) or len(spec.cube.colours) != CUBE_COLOURS:
        return
    names = [colour.name for colour in spec.cube.colours]
    for game, seed in enumerate(game_seeds(spec), start=1):
        rounds = game_rounds(spec, seed)
        views = {"on top": [c for r in rounds for c in r.top]}
        views.update({f"before seat {seat}": [c for r in rounds for c in r.seats[seat]] for seat in SEATS})
        for view, seen in views.items():
            counts = Counter(seen)
            wrong = [f"{names[c]} {counts[c]}x" for c in range(CUBE_COLOURS) if counts[c] != COLOUR_COUNT_A_GAME]
            if wrong:
                yield error(where(spec.cube, "seed"), f"game {game}'s round cards show colours {view} unevenly "
                                                      f"({', '.join(wrong)}); each should come {COLOUR_COUNT_A_GAME} times")
                return


@rules.rule("diaominos.sizes", "sheets large enough to write on, a board border that holds the seat labels, "
                               "round cards that hold their facelets, rules that fit their sheet at 7 pt")
def check_sizes(spec: DiaominosSpec):
    board, style = spec.board, spec.style.resolve("board", piece="board")
    row = board_row(spec)
    board_layout = dict(spec.layouts.layouts.get("board", ()))
    labels = board_layout.get("seat-1")  # the seats' labels, as the layout writes the first
    label_text = element_text(style, labels) if labels is not None else style.title
    if labels is not None and seat_label_size(board, row["seats"], style, label_text) < MIN_SEAT_LABEL_PT * PT:
        along = min(board_size(board)) * SEAT_LABEL_SHARE
        longest = max(row["seats"], key=lambda label: text_width(label, MIN_SEAT_LABEL_PT * PT, label_text.face))
        if text_width(longest, MIN_SEAT_LABEL_PT * PT, label_text.face) > along:
            yield error(where(board, "border_mm"), f'the seat label "{longest}" is too long for the board\'s border at '
                                                   f"{MIN_SEAT_LABEL_PT:g} pt ({along:.0f} mm of it); use fewer words")
        else:
            low, high = fonts.inked_height("".join(row["seats"]), label_text.face)
            least = 2 * style.safe_mm + (high - low) * MIN_SEAT_LABEL_PT * PT
            yield error(where(board, "border_mm"), f"a {board.border_mm:g} mm border has no room for the seat labels "
                                                   f"{style.safe_mm:g} mm clear of the cut; use at least {least:.1f} mm")
    key = board_layout.get("roll-key")
    if row["routes"] and key is not None and key.kind == "draw" and \
            roll_key(board, box_of(key, Area(*board_size(board), 0.0), style), list(row["routes"]), row["moves"],
                     element_text(style, key, "body")) is None:
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
    # Each part as the layout places it: the grid's cubes shrink to the room its box leaves them, less
    # with larger text; a part the layout leaves out is not checked.
    for n in range(sheet.copies):
        style = spec.style.resolve("player-sheet", piece=f"player-sheet-{n + 1}")
        key = part_on_sheet(spec, style, "colour-key", "name")
        for colour in spec.cube.colours if key else ():
            name = colour_label(spec, colour)
            if not fits_its_box(key[0], name, key[1], style):
                yield error(where(colour, "label" if colour.label is not None else "name"),
                            f'the colour name "{name}" does not fit the player sheet\'s colour key at {FLOOR_PT:g} '
                            "pt; use a shorter name or label")
                return
        grid = part_on_sheet(spec, style, "grid")
        cell = grid_cell(sheet.grid, grid[1], restyled(style, grid[0], grid[2])) if grid and grid[0].kind == "draw" \
            else MIN_CELL_MM
        if cell < MIN_CELL_MM:
            yield error(where(sheet, "grid"), f"the grid's cubes come out {mm_down(cell)} mm on "
                                              f"player sheet {n + 1}, too small to mark; the least is {MIN_CELL_MM:g} mm: "
                                              "give the sheet more room, fewer layers or smaller text")
            return
        shape = part_on_sheet(spec, style, "polyominoes", "shape")
        cube = polyomino_cube(shape[1]) if shape else MIN_CELL_MM
        if cube < MIN_CELL_MM - 1e-9:
            yield error(where(sheet, "polyominoes"), f"the polyominoes' cubes come out {mm_down(cube)} "
                                                     f"mm on player sheet {n + 1}, too small to mark; the least is "
                                                     f"{MIN_CELL_MM:g} mm: give the sheet more room or fewer polyominoes")
            return


def mm_down(size: float) -> str:
    """A size in mm to the hundredth, rounded down: a size too small is never said to be larger."""
    return f"{math.floor(size * 100) / 100:.2f}"


def round_card_errors(spec: DiaominosSpec):
    """Each round card's seats show their facelets at MIN_FACELET_MM or more in the box the layout gives
    them, however its style sizes the labels above them; the first card that does not is reported."""
    card = spec.round_cards.piece
    seats = [element for _, element in spec.layouts.layouts.get("round-card", ()) if element.draw == "diaominos.seat-faces"]
    for game in range(1, spec.round_cards.games + 1):
        for number in range(1, ROUNDS + 1):
            style = spec.style.resolve("round-card", f"game-{game}", piece=f"round-card-g{game}-r{number}",
                                       safe_mm=card.safe_mm)
            for element in seats:
                small = seat_facelet(box_of(element, Area(card.width_mm, card.height_mm, 0.0), style),
                                     element_text(style, element, "body").size)
                if small < MIN_FACELET_MM:
                    yield error(where(spec.round_cards, "piece"),
                                f"the seats' facelets come out {max(small, 0):.1f} mm on round card {number} of game "
                                f"{game}, too small to tell apart; the least is {MIN_FACELET_MM:g} mm: use a larger "
                                "card or smaller text")
                    return
