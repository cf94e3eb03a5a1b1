"""What a Diaominos file says: the cube, the board, the player sheet, the round cards, the rules
sheet and the layouts its faces are drawn from (templates/layouts.yaml, diaominos-faces)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from generator.errors import InputError
from generator.kit.layouts import Face, Layouts
from generator.kit.prose import RulesSheet
from generator.kit.symbols import SUITS
from generator.model import PieceGeometry
from generator.plugins import GameSpec
from generator.schema import Colour, spec_field, where

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
