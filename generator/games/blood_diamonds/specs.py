"""What a Blood Diamonds file says: its suits and their roles, the pieces' sizes, the aids. The sizes
have no defaults here: the game file gives them (data/blood_diamonds.yaml), as a copy of it does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from generator.errors import InputError, Location
from generator.kit.layouts import Layouts
from generator.kit.prose import RulesSheet
from generator.kit.symbols import SUITS
from generator.model import PieceGeometry
from generator.plugins import GameSpec
from generator.schema import Colour, build, spec_field, where


# ---------------------------------------------------------------------------------------------
# What a Blood Diamonds file says
# ---------------------------------------------------------------------------------------------

# Every face is drawn from a layout of this set; a file's `layouts:` changes it key by key.
FaceLayouts = Layouts.over("blood_diamonds-faces")


@dataclass(kw_only=True)
class _RoleFields:
    id: str = None
    label: str = None
    extends: str = None  # what `--set suits.0.tile.label=...` makes of a role written as text: see Role


@dataclass(frozen=True)
class Role:
    """A suit's tile, coin action or power. Its identity (`id`), the name Table 1 gives it, is what
    the rules check; its `label` is what prints, so a translation ("Marché") changes the label alone.

    A file writes either plain text, the label, or `{id: Market, label: Marché}`. Plain text that is
    one of Table 1's names is read as that role, so a suit given another suit's role is caught;
    any other text is a label of the role Table 1 gives the suit's symbol.
    """

    label: str
    id: str | None = None
    location: Location = Location("?")

    @classmethod
    def from_spec(cls, value, location: Location, context, label: str) -> Role:
        if isinstance(value, str):
            return cls(value, None, location)
        if isinstance(value, dict):
            fields = build(_RoleFields, value, location, context, label)
            # `--set suits.0.tile.label=Marché` on a role written as text (tile: Market) extends it, the way
            # a template is extended: {extends: Market, label: Marché}. What it extends stands for both.
            written = fields.id if fields.id is not None else fields.label
            if fields.extends is not None:
                return cls(fields.label if fields.label is not None else fields.extends,
                           fields.id if fields.id is not None else fields.extends,
                           where(fields, "id" if fields.id is not None else "extends"))
            if written is None:
                raise InputError(location, f"{label} gives neither an id nor a label; write {{id: <the name Table 1 "
                                           "gives it>, label: <the words to print>}", "input.missing-key")
            return cls(fields.label if fields.label is not None else fields.id, fields.id,
                       where(fields, "id" if fields.id is not None else "label"))
        shown = ("missing or empty" if value is None else "a list" if isinstance(value, list)
                 else "true/false" if isinstance(value, bool) else f"the number {value}")
        raise InputError(location, f"{label} is {shown}; write its name as text, or {{id: <the name Table 1 "
                                   "gives it>, label: <the words to print>}", "input.type")


@dataclass(kw_only=True)
class Suit:
    name: str  # names the suit's pieces (tile-hearts-3); prints unless a label or the words name it
    symbol: Literal[SUITS]  # type: ignore[valid-type]  # the suit's identity, which the rules check
    colour: Colour
    tile: Role
    coin: Role
    power: Role
    label: str | None = None  # what prints for the suit; left out: the words file's name for it


@dataclass(kw_only=True)
class Tiles:
    piece: PieceGeometry = spec_field(template="pieces")
    ranks: list[int | str]


@dataclass(kw_only=True)
class Coins:
    piece: PieceGeometry = spec_field(template="pieces")
    ranks: list[int | str]
    gutter_mm: float = spec_field(minimum=0, maximum=20)


@dataclass(kw_only=True)
class Dice:
    faces: list[int | str]
    face_mm: float = spec_field(positive=True, maximum=60)
    tab_mm: float = spec_field(positive=True, maximum=20)


@dataclass(kw_only=True)
class Pawns:
    per_suit: int = spec_field(1, count=True, maximum=10)
    width_mm: float = spec_field(positive=True, maximum=60)
    height_mm: float = spec_field(positive=True, maximum=80)
    base_mm: float = spec_field(positive=True, maximum=40)


@dataclass(kw_only=True)
class ReferenceCard:
    """Its words come from the words file (data/words/blood_diamonds.yaml); any given here win, unless a
    chosen translation gives them too."""

    copies: int = spec_field(count=True, maximum=20)
    piece: PieceGeometry = spec_field(template="pieces")
    title: str | None = None  # left out: the game's title
    turn: list[str] | None = None
    notes: list[str] | None = None


@dataclass(kw_only=True)
class ScoreTrack:
    square_mm: float = spec_field(positive=True, maximum=60)
    columns: int = spec_field(minimum=1, maximum=100)
    rows: int = spec_field(minimum=1, maximum=100)
    path: Literal["serpentine", "rows"] = "serpentine"
    first: int = 0
    win: int = spec_field(positive=True, maximum=10000)


@dataclass(kw_only=True)
class PayoffChart:
    copies: int = spec_field(count=True, maximum=20)
    piece: PieceGeometry = spec_field(template="pieces")
    swindler_bonus: int = spec_field(2, minimum=0, maximum=20)
    rows: list[list[int | str]]


@dataclass(kw_only=True)
class BloodDiamondsSpec(GameSpec):
    ranks: list[int | str]
    suits: list[Suit]
    tiles: Tiles
    coins: Coins
    dice: Dice
    pawns: Pawns
    reference_card: ReferenceCard
    score_track: ScoreTrack
    payoff_chart: PayoffChart
    rules_sheet: RulesSheet = spec_field(default_factory=RulesSheet)
    layouts: FaceLayouts  # the faces' layouts: templates/layouts.yaml's blood_diamonds-faces, as changed here


def rank_name(rank) -> str:
    return str(rank).lower()
