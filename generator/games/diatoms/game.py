"""Diatoms: a tile-laying game for 2-4 players who sample a pond of hex tiles for diatoms and arrange
them on their own boards (rules/diatoms.md).

Each tile is six coloured triangles. Placed tiles must match along their edges (white is wild), and
every corner where three tiles meet is a sample point: its runs of same-coloured triangles pay out
diatoms, one shape per run length. The rules give no tile list, token counts, board or judges; this
game designs them as data, and the validator (with a seeded self-play) shows the design plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from generator.colour_rules import MeaningColour
from generator.kit.prose import RulesSheet
from generator.kit.symbols import SUITS
from generator.plugins import Game, GameSpec
from generator.schema import Colour, spec_field, where

from . import checks  # noqa: F401  (its rules join the book)
from .board import Board, Judges, paper_components
from .faces import FaceLayouts
from .paper import Notebook
from .pieces import piece_components
from .rulebook import rules
from .tiles import Setup, Tiles, Tokens


@dataclass(kw_only=True)
class DiatomColour:
    name: str
    letter: str  # how tiles write it
    colour: Colour
    mark: Literal[SUITS]  # type: ignore[valid-type]  # the pattern on its triangles, for colour-blind eyes
    label: str = ""  # what prints, if not the words file's name for it (data/words/diatoms.yaml: colour.<name>)


@dataclass(kw_only=True)
class DiatomsSpec(GameSpec):
    layouts: FaceLayouts  # the faces: templates/layouts.yaml's diatoms-faces, changed key by key
    colours: list[DiatomColour]
    wild: Colour  # the white triangles
    setup: Setup
    tiles: Tiles
    tokens: Tokens
    board: Board
    judges: Judges
    score_pad: RulesSheet  # a sheet of paper, as the rules sheet is
    field_notebook: Notebook
    rules_sheet: RulesSheet = spec_field(default_factory=RulesSheet)


def components(spec: DiatomsSpec):
    return piece_components(spec) + paper_components(spec)


def meaning_colours(spec: DiatomsSpec) -> list[MeaningColour]:
    """The five triangle colours, each with its mark, and white, the wild colour, which carries none:
    only its colour tells a wild triangle from a coloured one."""
    return [MeaningColour(colour.name, colour.colour, colour.mark, where(colour, "colour")) for colour in spec.colours] + [
        MeaningColour("wild", spec.wild, None, where(spec, "wild"))]


GAME = Game(name="diatoms", spec=DiatomsSpec, components=components, rules=rules, meaning_colours=meaning_colours)
