"""Diamond Mine: 2 or 4 prospectors dig diamonds out of hidden veins (rules/diamond_mine.md).

An Icehouse game: the veins are opaque large pyramids, each hiding a small and a medium pyramid (the
diamonds) drawn from a bag; the pawns are large pyramids in the players' colours. Most players own no
pyramids, so the game prints them as paper nets, with the chessboard in four quadrants, an ace, 2 and
3 for each player to choose their move in secret, a reference card each and the rules sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.colour_rules import MeaningColour
from generator.plugins import Game, GameSpec
from generator.schema import Colour, spec_field, where

from .board import Board, board_component
from .cards import MovementCards, movement_component
from .faces import FaceLayouts
from generator.kit.prose import RulesSheet

from .names import colour_mark, title
from .paper import ReferenceCard, reference_component, rules_component
from .pyramids import Pyramids, flawless_stash, pyramid_components
from .rulebook import rules


@dataclass(kw_only=True)
class StashColour:
    """One Icehouse stash: a colour name players say, the palette colour it prints in, and whether it is
    one of the two opaque colours (their large pyramids are the nests)."""

    name: str  # the identity the rules check (player colours, homes, the flawless colour)
    colour: Colour
    opaque: bool = False
    label: str = ""  # what prints, if not the words file's name for it (data/words/diamond_mine.yaml)
    mark: str = ""  # the letter its pyramids and cards carry, if not the words file's


@dataclass(kw_only=True)
class DiamondMineSpec(GameSpec):
    layouts: FaceLayouts  # every face's layout: templates/layouts.yaml's diamond_mine-faces, changed key by key
    colours: list[StashColour]
    player_colours: list[str]  # in seating order, clockwise; each is a coloured stash
    flawless: StashColour | None = None
    pyramids: Pyramids
    board: Board
    movement_cards: MovementCards
    reference_card: ReferenceCard
    rules_sheet: RulesSheet = spec_field(default_factory=RulesSheet)


def printing(spec: DiamondMineSpec):
    """Page 1's box: the game file's `printing:` words, or else (and under a translation) the words file's."""
    given, words = spec.printing, spec.words
    chosen = any(key.startswith("printing.") for key in words.chosen)
    bring = [words("printing.bring.glue"), words("printing.bring.bag")] if chosen or not given.bring else given.bring
    steps = [words("printing.step.fold")] if chosen or not given.steps else given.steps
    return given.with_lines(bring, given.stock, steps)


def components(spec: DiamondMineSpec):
    # The board first: the nets fill the room its quadrants leave on their sheets.
    return [rules_component(spec), board_component(spec), *pyramid_components(spec), movement_component(spec),
            reference_component(spec)]


def meaning_colours(spec: DiamondMineSpec) -> list[MeaningColour]:
    """The six stash colours and the flawless one. A coloured pyramid's faces carry its colour's letter
    as well (its symbol here); the opaque nests carry none, so their colours alone tell them apart."""
    def entry(colour: StashColour) -> MeaningColour:
        return MeaningColour(colour.name, colour.colour, None if colour.opaque else colour_mark(spec, colour.name),
                             where(colour, "colour"))

    entries = [entry(c) for c in spec.colours]
    if flawless_stash(spec) is not None:  # a set for 2 players prints none
        entries.append(entry(spec.flawless))
    return entries


GAME = Game(name="diamond_mine", spec=DiamondMineSpec, components=components, rules=rules,
            meaning_colours=meaning_colours, title=title, printing=printing)
