"""What a Diaominos file says: the cube, the board, the player sheet, the round cards, the rules
sheet and the layouts its faces are drawn from (templates/layouts.yaml, diaominos-faces)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from generator.errors import InputError
from generator.kit.layouts import Face, Layouts
from generator.kit.prose import RulesSheet
from generator.kit.symbols import SUITS
from generator.kit.text import label_of
from generator.model import PieceGeometry
from generator.plugins import GameSpec
from generator.schema import Colour, spec_field, where

from .rulebook import (BOARD_SQUARES, BOARD_SQUARES_MOST, BORDER_MM, BORDER_MM_MOST, CUBE_MM, CUBE_MM_RANGE,
                       DASH_MOST, FACELETS_MOST, FACELETS_PER_COLOUR, GRID_CELL_MM, GRID_CELL_MM_MOST, POLYOMINO_CELL_MOST,
                       ROUND_CARD_GAMES, ROUND_CARD_GAMES_MOST, ROUNDS, ROUNDS_MOST, SEED, SEED_MOST, SHEET_COPIES,
                       SHEET_COPIES_MOST, SHEET_MM, SHEET_MM_RANGE, SLOTS_MOST, SLOTS_PER_ROUND, SPACE_INDEX_MOST,
                       SQUARE_MM, SQUARE_MM_RANGE, STICKER_MM, STICKER_MM_RANGE)

#: The faces' layouts: the set diaominos-faces, changed key by key by a game file's `layouts:`.
FaceLayouts = Layouts.over("diaominos-faces")


@dataclass(kw_only=True)
class CubeColour:
    name: str  # the identity the rules check (six different names), and the stickers' style group
    colour: Colour
    symbol: Literal[SUITS]  # type: ignore[valid-type]
    label: str | None = None  # what prints for it; else the words' colour.<name>, else the name


def colour_label(spec, colour: CubeColour) -> str:
    """A cube colour's printed name: its own label, the words' name for it, or its name."""
    return label_of(spec.words, "colour", colour.name, colour.label, otherwise=colour.name.capitalize())


@dataclass(kw_only=True)
class CubeSpec:
    colours: list[CubeColour]
    facelets_per_colour: int = spec_field(FACELETS_PER_COLOUR, minimum=1, maximum=FACELETS_MOST)
    cube_mm: float = spec_field(CUBE_MM, positive=True, minimum=CUBE_MM_RANGE[0], maximum=CUBE_MM_RANGE[1])
    sticker_mm: float = spec_field(STICKER_MM, positive=True, minimum=STICKER_MM_RANGE[0], maximum=STICKER_MM_RANGE[1])
    seed: int = spec_field(SEED, minimum=0, maximum=SEED_MOST)


@dataclass(kw_only=True)
class Board:
    columns: int = spec_field(BOARD_SQUARES, minimum=1, maximum=BOARD_SQUARES_MOST)
    rows: int = spec_field(BOARD_SQUARES, minimum=1, maximum=BOARD_SQUARES_MOST)
    square_mm: float = spec_field(SQUARE_MM, positive=True, minimum=SQUARE_MM_RANGE[0], maximum=SQUARE_MM_RANGE[1])
    border_mm: float = spec_field(BORDER_MM, positive=True, maximum=BORDER_MM_MOST)
    #: Each space's square, [column, row]: two whole numbers (on the board: the rules check that).
    spaces: dict[str, tuple[int, int]] = spec_field(minimum=0, maximum=SPACE_INDEX_MOST, parts=("column", "row"))
    #: A colour for each move's route (A to B, B to C...), so a route is followed by its colour.
    move_colours: list[Colour] = spec_field(default_factory=list)
    #: A dash pattern for each move's route, in widths of its line ([] solid), so that a route is
    #: followed by its pattern in greyscale too, on the board and in the roll key.
    move_dashes: list[list[float]] = spec_field(default_factory=list, positive=True, maximum=DASH_MOST)


@dataclass(kw_only=True)
class Grid:
    cell_mm: float = spec_field(GRID_CELL_MM, positive=True, maximum=GRID_CELL_MM_MOST)
    number_layers_from: Literal["bottom", "top"] = "bottom"
    layers: list[str]


@dataclass(kw_only=True)
class Polyomino:
    name: str
    #: [column, row] of each cube, in a 4 x 4 box (POLYOMINO_BOX) (row 0 at the top), as the player sheet draws it.
    cells: list[tuple[int, int]] = spec_field(minimum=0, maximum=POLYOMINO_CELL_MOST, parts=("column", "row"))


@dataclass(kw_only=True)
class PlayerSheet:
    copies: int = spec_field(SHEET_COPIES, count=True, minimum=1, maximum=SHEET_COPIES_MOST)
    width_mm: float = spec_field(SHEET_MM[0], positive=True, minimum=SHEET_MM_RANGE[0], maximum=SHEET_MM_RANGE[1])
    height_mm: float = spec_field(SHEET_MM[1], positive=True, minimum=SHEET_MM_RANGE[0], maximum=SHEET_MM_RANGE[1])
    grid: Grid
    polyominoes: list[Polyomino]
    rounds: int = spec_field(ROUNDS, minimum=0, maximum=ROUNDS_MOST)
    slots_per_round: int = spec_field(SLOTS_PER_ROUND, minimum=0, maximum=SLOTS_MOST)


@dataclass(kw_only=True)
class RoundCards:
    games: int = spec_field(ROUND_CARD_GAMES, count=True, maximum=ROUND_CARD_GAMES_MOST)  # scrambles dealt, six cards each
    piece: PieceGeometry = spec_field(template="pieces")


@dataclass(kw_only=True)
class DiaominosSpec(GameSpec):
    layouts: FaceLayouts
    cube: CubeSpec
    board: Board
    player_sheet: PlayerSheet
    round_cards: RoundCards
    rules_sheet: RulesSheet = spec_field(default_factory=RulesSheet)


def grid_cells(grid: Grid) -> dict[tuple[int, int], str]:
    """(column, row) -> 'X' or 'S' for every cube of the grid; row 0 is the top layer."""
    return {(c, r): mark for r, layer in enumerate(grid.layers) for c, mark in enumerate(layer) if mark in "XS"}


def face_of(spec: DiaominosSpec, layout: str, style, corner_mm: float = 0.0, **row) -> Face:
    """A piece's face: the layout `layout` of the game's set, showing the row's fields in the piece's style."""
    if layout not in spec.layouts.layouts:
        raise InputError(where(spec, "layouts"), f'no layout "{layout}" for the {layout.split("-")[0]}; add it under '
                         "layouts: (templates/layouts.yaml, diaominos-faces, has one for each piece)",
                         "input.unknown-layout")
    return Face(spec.layouts, layout, tuple(row.items()), style, corner_mm)
