"""Blood Diamonds: warlords race for diamonds on a piecepack field, for 3-6 players (rules/blood_diamonds.md).

The game needs a "six pack": a piecepack in six suits (sun, moon, clubs, diamonds, hearts, spades),
each suit with six tiles and six coins ranked null, ace, 2-5, one die and one pawn. Each player gets a
reference card; a 0-99 score track (laps counted on the die, so 600 can be reached) and a diamond
sale payoff chart complete the set. The chart is computed: a sale scores the product of the coins'
values, a null coin makes it 0, and the swindler's highest coin counts 2 more.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache, partial, wraps
from itertools import combinations
from typing import Literal

from generator import fonts
from generator.canvas import PT, Canvas
from generator.colour_rules import MeaningColour, legible
from generator.errors import InputError, Location, did_you_mean
from generator.fonts import text_width, wrap
from generator.kit import tracks
from generator.kit.nets import FlatNet, cube_net, unfold
from generator.kit.prose import FLOOR_PT, RulesSheet
from generator.kit.symbols import SUITS, draw_symbol
from generator.kit.text import counted, fit_line, fit_size, measure_drawing, top_baseline
from generator.model import Area, Component, Piece, PieceGeometry, fill_bleed, spread
from generator.plugins import Game, GameSpec
from generator.schema import Colour, build, spec_field, where
from generator.shapes import Circle, Outline, Rect
from generator.styles import Style
from generator.validate import RuleBook, error
from generator.words import Words

from .labels import bundled, role_label, role_label_from_words, suit_label, word_place, words_of
from .paper import (growth, reference_back, reference_component, reference_fits, reference_height,
                    role_labels, rules_component, rules_errors)

GAME_NAME = "blood_diamonds"
RANKS = ("null", "ace", "2", "3", "4", "5")
SUIT_NAME = re.compile(r"^[^\W_]+([-_][^\W_]+)*$")  # a word: letters or digits of any script, parts joined by - or _
RANK_VALUES = {"null": 0, "ace": 1, "2": 2, "3": 3, "4": 4, "5": 5}
SUIT_SYMBOLS = {"sun", "moon", "club", "diamond", "heart", "spade"}
MORE = "more"  # a payoff chart row "X with other coins"
WIN = 600  # "The moment any player's score reaches or exceeds 600 points, that player wins."

# Table 1 and the reference card: each suit's tile, coin action and special bonus power, by its symbol.
SUIT_ROLES = {
    "sun": {"tile": "Market", "coin": "Movement", "power": "Jumpy"},
    "moon": {"tile": "Oasis", "coin": "Rest & Recover", "power": "Scrounger"},
    "club": {"tile": "War Zone", "coin": "Beatings", "power": "Thug"},
    "diamond": {"tile": "Diamond Mine", "coin": "Raw Diamonds", "power": "Swindler"},
    "heart": {"tile": "Holy Site", "coin": "Health", "power": "Tough Guy"},
    "spade": {"tile": "Evil Spy's Lair", "coin": "Spades", "power": "Digger"},
}


# ---------------------------------------------------------------------------------------------
# What a Blood Diamonds file says
# ---------------------------------------------------------------------------------------------

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
    gutter_mm: float = spec_field(4.0, minimum=0, maximum=20)


@dataclass(kw_only=True)
class Dice:
    faces: list[int | str]
    face_mm: float = spec_field(16.0, positive=True, maximum=60)
    tab_mm: float = spec_field(5.0, positive=True, maximum=20)


@dataclass(kw_only=True)
class Pawns:
    per_suit: int = spec_field(1, count=True, maximum=10)
    width_mm: float = spec_field(19.0, positive=True, maximum=60)
    height_mm: float = spec_field(24.0, positive=True, maximum=80)
    base_mm: float = spec_field(10.0, positive=True, maximum=40)


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
    square_mm: float = spec_field(18.0, positive=True, maximum=60)
    columns: int = spec_field(10, minimum=1, maximum=100)
    rows: int = spec_field(10, minimum=1, maximum=100)
    path: Literal["serpentine", "rows"] = "serpentine"
    first: int = 0
    win: int = spec_field(600, positive=True, maximum=10000)


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


def rank_name(rank) -> str:
    return str(rank).lower()


# ---------------------------------------------------------------------------------------------
# The arithmetic: diamond sales and the score track
# ---------------------------------------------------------------------------------------------

def sale_payoff(values: list[int], swindler: bool = False, bonus: int = 2) -> int:
    """Points for selling these diamond coins at a black market.

    The product of the values, so a null coin (0) makes the whole sale worthless and an ace (1)
    alone pays 1 but adds nothing among other coins. The swindler's highest coin counts `bonus` more.
    """
    values = sorted(values)
    if swindler:
        values[-1] += bonus
    return math.prod(values)


def sale_key(row: list) -> tuple[str, ...]:
    """A chart row as the sale it stands for: the order its coins are written in is no rule, so the
    null or ace comes first, then "more", and the numbered coins run smallest first."""
    order = {name: index for index, name in enumerate((*RANKS, MORE))}
    names = [rank_name(coin) for coin in row]
    return tuple(sorted(names, key=lambda name: (order.get(name, len(order)), name)))


def payoff_row(row: list, bonus: int, words: Words | None = None) -> tuple[str, int | None, int | None]:
    """(coins as text, normal payoff, swindler payoff) for one chart row; None means 'ignore this coin'.
    The text is in `words` (the bundled English without)."""
    words = words or bundled()
    names = list(sale_key(row))

    def said(name: str) -> str:
        return words(f"rank.{name}") if words.has(f"rank.{name}") else name

    if MORE in names:
        coin = names[0]
        label = words("payoff.with-others", coin=said(coin))
        if coin == "ace":  # among other coins an ace multiplies by 1: it changes nothing
            return label, None, None
        others = 2  # the smallest real coin stands for "any others": a null still zeroes the sale
        values = [RANK_VALUES[coin], others]
        return label, sale_payoff(values), sale_payoff(values, True, bonus)
    values = [RANK_VALUES[name] for name in names]
    label = " ".join(map(said, names))
    if len(names) == 1 and names[0] in ("null", "ace"):
        label = words("payoff.alone", coin=label)
    return label, sale_payoff(values), sale_payoff(values, True, bonus)


def is_sale(row: list) -> bool:
    """Whether a chart row is a sale the chart can price (any other row is the validator's to report)."""
    return sale_key(row) in full_payoff_chart()


@lru_cache(maxsize=None)
def full_payoff_chart() -> tuple[tuple[str, ...], ...]:
    """Every distinct sale, freshly enumerated: the null and the ace alone and with others, then
    every set of the numbered coins 2-5, smallest first (the order of the rulebook's Table 2)."""
    rows = [("null",), ("null", MORE), ("ace",), ("ace", MORE)]
    for size in range(1, 5):
        rows += [tuple(str(v) for v in combo) for combo in combinations((2, 3, 4, 5), size)]
    return tuple(rows)


def track_squares(track: ScoreTrack) -> list[tracks.Square]:
    """(number, column, row) of every square, numbered along the track's path from the bottom-left."""
    return tracks.track_squares(track.columns, track.rows, track.first, track.path)


# ---------------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------------

rules = RuleBook()


@rules.rule("blood_diamonds.characters", "every word the print carries has a font that draws it")
def check_characters(spec: BloodDiamondsSpec):
    """A character no font has (in the faces the pieces use, or their fallbacks) stops the check at the
    text that holds it: the game file's line, or the words file's. It runs first, so that no later rule
    meets the character while measuring and reports it at the font instead."""
    faces: set[str] = set()
    for component in COMPONENT_NAMES:
        style = spec.style.resolve(component)
        faces |= {style.title.face, style.body.face, style.small.face}
    words = words_of(spec)
    texts = [(text, place) for text, place in printed_texts(spec)]
    texts += [(text, None, key) for key, text in words.texts.items()]
    for text, place, *key in texts:
        for face in sorted(faces):
            try:
                fonts.check_characters(text, face)
            except InputError as problem:
                if getattr(problem, "character", None) is None:
                    raise
                where_ = word_place(words, key[0]) if key else place
                moved = InputError(where_, (f'words "{key[0]}": ' if key else "") + problem.message, problem.rule)
                moved.character = problem.character
                raise moved from None
    return ()


def _rank_set_problems(owner, field: str, ranks: list, what: str):
    names = [rank_name(rank) for rank in ranks]
    for index, name in enumerate(names):
        if name not in RANKS:
            yield error(where(owner, f"{field}[{index}]"), f'{what}: "{name}" is not a piecepack rank (null, ace, 2-5)')
        elif names.index(name) != index:
            yield error(where(owner, f"{field}[{index}]"), f"{what}: rank {name} appears twice")
    for name in RANKS:
        if name not in names:
            yield error(where(owner, field), f"{what}: rank {name} is missing")


@rules.rule("blood_diamonds.suits", "six distinct suits: sun, moon, clubs, diamonds, hearts, spades")
def check_suits(spec: BloodDiamondsSpec):
    if len(spec.suits) != 6:
        yield error(where(spec, "suits"), f"{counted(len(spec.suits), 'suit')}; a six pack has 6")
    for index, suit in enumerate(spec.suits):
        if not SUIT_NAME.match(suit.name):
            # The name also names the suit's pieces (tile-hearts-3) for --only, styles and piece files.
            yield error(where(suit, "name"), f'suit name "{suit.name}": write one word of letters or digits (a - or _ '
                                             "may join parts); it names the suit's pieces, as in tile-hearts-3")
    for kind in ("name", "symbol"):
        seen = set()
        for index, suit in enumerate(spec.suits):
            value = getattr(suit, kind)
            if value in seen:
                yield error(where(spec, f"suits[{index}]"), f'suit {kind} "{value}" is used twice')
            seen.add(value)
    missing = SUIT_SYMBOLS - {suit.symbol for suit in spec.suits}
    if missing:
        yield error(where(spec, "suits"), f"no suit with the symbol {', '.join(sorted(missing))}")
    # A six pack gives every suit a colour of its own: a player finds their pawn, die and coins by it.
    coloured: dict[str, str] = {}
    for index, suit in enumerate(spec.suits):
        colour = getattr(suit.colour, "name", str(suit.colour))
        if colour in coloured and coloured[colour] != suit.name:
            yield error(where(suit, "colour"), f"suits {coloured[colour]} and {suit.name} are both {colour}; give each "
                                               "suit a colour of its own, so players find their pieces at a glance")
        coloured.setdefault(colour, suit.name)
    # What prints for each suit (its label, or the words' name for it) tells the pawns and the card apart.
    printed: dict[str, str] = {}
    words = words_of(spec)
    for suit in spec.suits:
        label, chosen = suit_label(spec, suit), f"suit.{suit.name}" in words.chosen
        place = words.source if chosen and words.source else where(suit, "label" if suit.label is not None else "name")
        named = f'words "suit.{suit.name}": ' if chosen else ""
        key = " ".join(label.split()).casefold()
        if suit.label is None and not SUIT_NAME.match(suit.name) and not chosen:
            continue  # the name is reported above, and prints only until it is fixed
        if not key:
            yield error(place, f"{named}suit {suit.name} prints no name (on its pawns and the reference card); give it "
                               "a label, or leave label out for the words file's")
        elif key in printed and printed[key] != suit.name:  # a name used twice is reported above
            yield error(place, f'{named}suits {printed[key]} and {suit.name} both print as "{label}"; players could '
                               "not tell their pawns apart")
        printed.setdefault(key, suit.name)


@rules.rule("blood_diamonds.pieces", "per suit one tile and one coin of each rank, a die with the six ranks, a pawn")
def check_pieces(spec: BloodDiamondsSpec):
    yield from _rank_set_problems(spec, "ranks", spec.ranks, "ranks")
    yield from _rank_set_problems(spec.tiles, "ranks", spec.tiles.ranks, "tiles")
    yield from _rank_set_problems(spec.coins, "ranks", spec.coins.ranks, "coins")
    yield from _rank_set_problems(spec.dice, "faces", spec.dice.faces, "die faces")
    if spec.pawns.per_suit != 1:
        yield error(where(spec.pawns, "per_suit"),
                    f"{counted(spec.pawns.per_suit, 'pawn')} per suit; each suit has one")


@rules.rule("blood_diamonds.players", "3 to 6 players, never more than suits")
def check_players(spec: BloodDiamondsSpec):
    for index, count in enumerate(spec.players):
        if count in spec.players[:index]:
            yield error(where(spec, f"players[{index}]"), f"{counted(count, 'player')} is listed twice; name each "
                                                          "player count once")
        elif not 3 <= count <= 6:
            yield error(where(spec, f"players[{index}]"), f"{counted(count, 'player')}: Blood Diamonds is for 3 to 6")
        elif count > len(spec.suits):
            yield error(where(spec, f"players[{index}]"),
                        f"{counted(count, 'player')} but only {counted(len(spec.suits), 'suit')} to draw")
    if not spec.players:
        yield error(where(spec), "players is empty; Blood Diamonds is for 3 to 6")


# A card or chart must fit a sheet of A4 or Letter inside its margins, either way round, as the rules sheet must.
SHEET_MM = (200.0, 255.0)


@rules.rule("blood_diamonds.sizes", "square tiles with corners that still meet, coins at most half a tile wide, die "
                                    "faces large enough to read, glue tabs that fit inside the die, cards that fit a "
                                    "sheet")
def check_sizes(spec: BloodDiamondsSpec):
    tile, coin = spec.tiles.piece, spec.coins.piece
    if abs(tile.width_mm - tile.height_mm) > 1e-6:
        yield error(where(spec.tiles, "piece"), f"tiles {tile.width_mm:g} x {tile.height_mm:g} mm are not square; the "
                                                "diamond field is laid by whole and half tile edges, so a piecepack "
                                                "tile is square (piecepack-tile)")
    elif tile.corner_radius_mm > tile.width_mm / 4:
        yield error(where(spec.tiles, "piece"), f"tile corners rounded {tile.corner_radius_mm:g} mm on a "
                                                f"{tile.width_mm:g} mm tile leave its edges too short to meet along "
                                                f"half an edge; round them {tile.width_mm / 4:g} mm at most")
    for owner, what in ((spec.reference_card, "reference card"), (spec.payoff_chart, "payoff chart")):
        size = sorted((owner.piece.width_mm, owner.piece.height_mm))
        if size[0] > SHEET_MM[0] or size[1] > SHEET_MM[1]:
            yield error(where(owner, "piece"), f"a {what} {owner.piece.width_mm:g} x {owner.piece.height_mm:g} mm does "
                                               f"not fit a sheet of A4 or Letter ({SHEET_MM[0]:g} x {SHEET_MM[1]:g} mm "
                                               "at most, either way round)")
    if coin.width_mm > tile.width_mm / 2 + 1e-9:
        yield error(where(spec.coins, "piece"),
                    f"coins {coin.width_mm:g} mm across are more than half a {tile.width_mm:g} mm tile")
    if spec.dice.face_mm < 12.0:
        yield error(where(spec.dice, "face_mm"), f"die faces of {spec.dice.face_mm:g} mm are too small to read; use 12 mm or more")
    if spec.dice.tab_mm > spec.dice.face_mm / 2:
        # Folded in, the tabs on opposite edges of a face would meet in its middle and overlap.
        yield error(where(spec.dice, "tab_mm"), f"glue tabs {spec.dice.tab_mm:g} mm deep are more than half a "
                                                f"{spec.dice.face_mm:g} mm die face; inside the cube they would "
                                                "overlap")
    if spec.score_track.square_mm < spec.dice.face_mm:
        yield error(where(spec.score_track, "square_mm"),
                    f"score squares of {spec.score_track.square_mm:g} mm cannot hold a {spec.dice.face_mm:g} mm die")


@rules.rule("blood_diamonds.score-track", "the track covers 0-99 once, each square next to the one before")
def check_score_track(spec: BloodDiamondsSpec):
    track = spec.score_track
    squares = track_squares(track)
    numbers = [number for number, _, _ in squares]
    if sorted(numbers) != list(range(100)):
        yield error(where(track), f"the track numbers {numbers[0]} to {numbers[-1]} "
                                  f"({counted(len(numbers), 'square')}); "
                                  "it must cover 0 to 99 exactly once")
    for (n0, c0, r0), (n1, c1, r1) in zip(squares, squares[1:]):
        if abs(c0 - c1) + abs(r0 - r1) != 1:
            yield error(where(track, "path"), f"square {n1} is not next to square {n0}; use path: serpentine")
            break


@rules.rule("blood_diamonds.payoff-chart", "the payoff chart lists every sale, each once, computed from the coins")
def check_payoff_chart(spec: BloodDiamondsSpec):
    chart = spec.payoff_chart
    fresh = full_payoff_chart()
    listed: dict[tuple[str, ...], int] = {}
    for index, row in enumerate(chart.rows):
        written = ", ".join(rank_name(coin) for coin in row)
        names = sale_key(row)
        here = where(chart, f"rows[{index}]")
        if names not in fresh:
            yield error(here, f"[{written}] is not a sale the chart can price "
                              "(one null or ace, alone or with 'more', or different coins of 2-5 in any order)")
        elif names in listed:
            yield error(here, f"[{written}] is listed twice (also row {listed[names] + 1}); "
                              "the order of the coins makes no other sale")
        listed.setdefault(names, index)
    for names in fresh:
        if names not in listed:
            yield error(where(chart, "rows"), f"the chart is missing the sale [{', '.join(names)}]")
    if chart.swindler_bonus != 2:
        yield error(where(chart, "swindler_bonus"), f"the swindler's highest coin counts 2 more, not {chart.swindler_bonus}")


@rules.rule("blood_diamonds.reference-cards", "one reference card for each player")
def check_reference_cards(spec: BloodDiamondsSpec):
    most = max(spec.players, default=0)
    if spec.reference_card.copies < most:
        yield error(where(spec.reference_card, "copies"),
                    f"{counted(spec.reference_card.copies, 'reference card')} for up to {counted(most, 'player')}; "
                    f"every player gets one: use copies: {most}")


@rules.rule("blood_diamonds.words", "every title and sentence the print carries has words; the card's back has a turn")
def check_words(spec: BloodDiamondsSpec):
    card = spec.reference_card
    if not spec.title.strip():
        yield error(where(spec, "title"), "the title is empty; it heads the rules sheet and every page's footer")
    if card.title is not None and not card.title.strip():
        yield error(where(card, "title"), 'reference_card.title is empty; it heads both sides of the card (say "Blood '
                                          'Diamonds", or leave it out for the game\'s title)')
    if not [block for block in reference_back(spec) if block[0] == "n"]:
        yield error(where(card, "turn"), "reference_card.turn is empty; the card's back walks through a turn: explore, "
                                         "then act (leave it out for the words file's)")
    for field in ("turn", "notes"):
        for index, words in enumerate(getattr(card, field) or []):
            if not words.strip():
                yield error(where(card, f"{field}[{index}]"), f"reference_card.{field}[{index}] has no words; write "
                                                               "them or leave the line out")


COMPONENT_NAMES = ("tile", "coin", "die", "pawn", "reference-card", "score-track", "payoff-chart", "rules-sheet")


@rules.rule("blood_diamonds.printing", "page 1's printing words name this game's pieces, and every line has words")
def check_printing(spec: BloodDiamondsSpec):
    printing = spec.printing
    for name, text in printing.stock.items():
        if name not in COMPONENT_NAMES:
            meant = did_you_mean(str(name), COMPONENT_NAMES) or f" (the components: {', '.join(COMPONENT_NAMES)})"
            yield error(where(printing, "stock"), f'printing.stock names no component "{name}"{meant}')
        elif not str(text or "").strip():
            yield error(where(printing, f"stock[{name}]"), f"printing.stock.{name} has no words; say what to print "
                                                           "it on, or leave it out for the words file's")
    for field in ("bring", "steps"):
        for index, text in enumerate(getattr(printing, field)):
            if not str(text).strip():
                yield error(where(printing, f"{field}[{index}]"), f"printing.{field}[{index}] has no words; write "
                                                                  "them or leave the line out")


@rules.rule("blood_diamonds.win", "a score of 600 wins")
def check_win(spec: BloodDiamondsSpec):
    if spec.score_track.win != WIN:
        yield error(where(spec.score_track, "win"),
                    f"a win at {counted(spec.score_track.win, 'point')}; the rules end the game the moment a score "
                    f"reaches {WIN}")


ROLE_KINDS = {"tile": "tile", "coin": "coin action", "power": "power"}
# Every name in Table 1, in any case, and whose it is: (symbol, tile | coin | power).
TABLE_1_NAMES = {name.casefold(): (symbol, kind)
                 for symbol, roles in SUIT_ROLES.items() for kind, name in roles.items()}


def role_identity(role: Role) -> tuple[str, str] | None:
    """Whose role this is in Table 1, (symbol, kind), as the file says it: by its id, else by a label
    that is one of Table 1's names; None for a label of the file's own (a translation)."""
    return TABLE_1_NAMES.get((role.id if role.id is not None else role.label).casefold())


def _role_problem(spec: BloodDiamondsSpec, suit: Suit, kind: str) -> str | None:
    """What is wrong with one of the suit's roles, in words, or None. The label checked is the one that
    prints: the game file's, or a chosen words file's."""
    role, name, what = getattr(suit, kind), SUIT_ROLES[suit.symbol][kind], ROLE_KINDS[kind]
    mine, label = (suit.symbol, kind), role_label(spec, suit, kind)
    if role.id is not None and role_identity(role) is None:
        return f'its {what} id "{role.id}" is not a name in the rules\' Table 1; the rules say "{name}"'
    if role_identity(role) not in (None, mine):
        return f'its {what} is "{role.id or role.label}"; the rules say "{name}"'
    if TABLE_1_NAMES.get(" ".join(label.split()).casefold(), mine) != mine:
        # The right role under another role's name would send players to the wrong line of the card.
        return f'its {what} would print as "{label}", the rules\' name for another; label it "{name}" or a ' \
               "translation of it"
    if not label.strip():
        return f'its {what} has no label to print; give it words ("{name}" or a translation)'
    return None


def label_place(spec: BloodDiamondsSpec, suit: Suit, kind: str) -> tuple[Location, str]:
    """Where a role's printed label comes from, and how a message names it: the game file's role, or the
    chosen words file's key."""
    if role_label_from_words(spec, suit, kind):
        words = words_of(spec)
        return words.source or getattr(suit, kind).location, f'words "{kind}.{suit.symbol}": '
    return getattr(suit, kind).location, ""


@rules.rule("blood_diamonds.suit-roles", "each suit's tile, coin action and power are the rules' (Table 1), each "
                                         "with a label of its own to print")
def check_suit_roles(spec: BloodDiamondsSpec):
    for suit in spec.suits:
        for kind in ROLE_KINDS:
            problem = _role_problem(spec, suit, kind)
            if problem:
                place, named = label_place(spec, suit, kind) if "print" in problem else (getattr(suit, kind).location,
                                                                                           "")
                yield error(place, f"{named}suit {suit.name} (symbol {suit.symbol}): {problem}")
    for kind, what in ROLE_KINDS.items():
        seen: dict[str, str] = {}
        for suit in spec.suits:
            printed = role_label(spec, suit, kind)
            label = " ".join(printed.split()).casefold()
            if label in TABLE_1_NAMES:
                continue  # one of the rules' names: on the wrong suit, it is reported above
            if label and label in seen:
                place, named = label_place(spec, suit, kind)
                yield error(place, f'{named}the {what}s of {seen[label]} and {suit.name} both print as '
                                   f'"{printed}"; players could not tell them apart')
            seen.setdefault(label, suit.name)


BUNDLED_FONTS = {entry[2] for entry in fonts.BUNDLED.values()}  # "Vera Bold": where a bundled face's errors point


def printed_texts(spec: BloodDiamondsSpec):
    """(text, where the file says it) for every text the file gives the print."""
    card = spec.reference_card
    yield spec.title, where(spec, "title")
    if card.title is not None:
        yield card.title, where(card, "title")
    for field in ("turn", "notes"):
        yield from ((words, where(card, f"{field}[{index}]")) for index, words in enumerate(getattr(card, field) or []))
    words = words_of(spec)
    for suit in spec.suits:
        if suit.label is not None and f"suit.{suit.name}" not in words.chosen:
            yield suit.label, where(suit, "label")
        yield suit.name, where(suit, "name")
        yield from ((getattr(suit, kind).label, getattr(suit, kind).location) for kind in ROLE_KINDS
                    if not role_label_from_words(spec, suit, kind))


def at_the_text(check):
    """A rule that measures words meets a character the bundled font lacks: the error points at the
    file's text that holds it, as no font was chosen and the text is what to change."""
    @wraps(check)
    def checked(spec: BloodDiamondsSpec):
        try:
            yield from check(spec)
        except InputError as problem:
            char = getattr(problem, "character", None)
            if char is None or problem.location.file not in BUNDLED_FONTS:
                raise
            place = next((place for text, place in printed_texts(spec) if char in text), None)
            if place is None:
                raise
            moved = InputError(place, problem.message, problem.rule)
            moved.character = char
            raise moved from None
    return checked


@rules.rule("blood_diamonds.text-fits", "the reference card, the payoff chart and the rules sheet hold their words at "
                                        "7 pt or more")
@at_the_text
def check_text_fits(spec: BloodDiamondsSpec):
    card = spec.reference_card.piece
    height = reference_height(spec)
    for side, (_, overflow) in zip(("front", "back"), reference_fits(spec, height)):
        if overflow > 0:
            yield error(where(spec.reference_card, "piece"),
                        f"the reference card's {side} does not fit a {card.width_mm:g} x {card.height_mm:g} mm card"
                        f"{'' if height == card.height_mm else f', nor one {height:g} mm tall,'} at {TEXT_FLOOR_PT:g} "
                        f"pt ({overflow:.1f} mm over); give reference_card a larger piece (a6-card) or fewer words")
    chart = spec.payoff_chart.piece
    style = payoff_style(spec)
    width, height = payoff_size(spec)
    if payoff_spill(spec, Area(width, height, 0.0), style, floor_scale(style)) > 1e-6:
        grown = "" if (width, height) == (chart.width_mm, chart.height_mm) else f", nor one {width:g} x {height:g} mm"
        yield error(where(spec.payoff_chart, "piece"),
                    f"the payoff chart does not fit a {chart.width_mm:g} x {chart.height_mm:g} mm card{grown} at "
                    f"{TEXT_FLOOR_PT:g} pt; give payoff_chart a larger piece (poker-card) or fewer words")
    yield from rules_errors(spec)


CLEARANCE = 0.05  # mm: parts that only touch do not clash


def _overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > CLEARANCE and min(a[3], b[3]) - max(a[1], b[1]) > CLEARANCE


def _outside(part: Box, field: Box) -> bool:
    return (part[0] < field[0] - CLEARANCE or part[1] < field[1] - CLEARANCE or part[2] > field[2] + CLEARANCE
            or part[3] > field[3] + CLEARANCE)


def clash(parts: dict[str, Box], field: Box, edge: str) -> str | None:
    """The first clash on a face, in words: a part that leaves its field, or two parts that overlap."""
    for name, box in parts.items():
        if box[2] - box[0] < 0 or box[3] - box[1] < 0 or _outside(box, field):
            return f"its {name} reaches past {edge}"
    for (a, box_a), (b, box_b) in combinations(parts.items(), 2):
        if _overlap(box_a, box_b):
            return f"its {a} and its {b} overlap"
    return None


def coin_clash(width: float, style: Style, rank: str) -> str | None:
    """Whether the symbol or the rank in the middle of a coin reaches over its ring."""
    if not style.frame:
        return None
    r = width / 2
    for side in (None, rank):
        face = coin_face(width, style, side)
        for what, box in face.parts(style.index.face).items():
            if farthest(box, r) > face.inside_ring + CLEARANCE:
                return f"its {what} reaches over the ring" + ("" if side is None else " on its value side")
    return None


def farthest(box: Box, r: float) -> float:
    """How far the corner of `box` farthest from a coin's centre (r, r) lies from it."""
    return max(math.hypot(x - r, y - r) for x in (box[0], box[2]) for y in (box[1], box[3]))


def layout_clashes(spec: BloodDiamondsSpec):
    """(component, piece id, clash or None) for every tile, coin, die and pawn, its parts placed as
    the sizes and styles in the file place them."""
    tile, coin, f = spec.tiles.piece, spec.coins.piece, spec.dice.face_mm
    for suit in spec.suits:
        for piece_id, rank, style in tile_styles(spec, suit):
            face = tile_face(tile.width_mm, tile.height_mm, style, tile_name(spec, suit, rank))
            yield "tile", piece_id, clash(face.parts(style.index.face, rank, style.title.face), face.field, "the frame")
        for piece_id, rank, style in coin_styles(spec, suit):
            yield "coin", piece_id, coin_clash(coin.width_mm, style, rank)
        piece_id, style = die_style(spec, suit)
        faces = (clash(die_face_parts(f, style, rank_name(rank)), (0, 0, f, f), "the face") for rank in spec.dice.faces)
        yield "die", piece_id, next(filter(None, faces), None)
        pawns = drawn_pawns(spec)
        panel = (0, 0, pawns.width_mm, pawns.height_mm)
        for piece_id, style in pawn_styles(spec, suit):
            yield "pawn", piece_id, clash(pawn_parts(pawns, style), panel, "the panel")


LAYOUT_FIX = {
    "tile": ("tiles", "piece", "give the tiles more room, or the tile style a smaller border_mm, line_mm, safe_mm or "
                               "body size"),
    "coin": ("coins", "piece", "give the coins more room, a larger safe_mm in the coin style, or no ring (frame: false)"),
    "die": ("dice", "face_mm", "give the die faces more room, or the die style a smaller safe_mm"),
    "pawn": ("pawns", "height_mm", "make the pawns taller, or the pawn style's title size smaller"),
}

# Tiles and coins are printed on both sides, and a duplex printer lays a back 1-2 mm off its front: a
# ring or frame near the cut would then sit off-centre on one side or the other. So within this much
# of the cut a two-sided piece shows nothing but its background, on either side (issue 22).
SHIFT_CLEAR_MM = 2.5


def tile_edges(width: float, height: float, style: Style, name: str, rank: str) -> dict[str, float]:
    """How far each part of a tile's face lies inside its cut, in mm: the frame's outer edge, and the
    nearest side of every other part's box."""
    face = tile_face(width, height, style, name)
    edges = {"frame": style.border_mm} if style.frame else {}
    for name, (left, top, right, bottom) in face.parts(style.index.face, rank, style.title.face).items():
        edges[name] = min(left, top, width - right, height - bottom)
    return edges


def tile_back_edges(width: float, height: float) -> dict[str, float]:
    """The back's dots, likewise. Its grid lines cross the whole tile and run on into the bleed, as its
    background does: shifted, they still cross the cut at right angles, and no edge runs along it."""
    return {"dots": min(min(dot[0], dot[1], width - dot[2], height - dot[3]) for dot in tile_back_dots(width, height))}


def coin_edges(width: float, style: Style, rank: str | None) -> dict[str, float]:
    """How far each part of a coin's side lies inside its cut: the ring's outer edge, and the corner of
    each other part's box farthest from the middle."""
    face, r = coin_face(width, style, rank), width / 2
    edges = {"ring": style.border_mm} if face.ring is not None else {}
    edges.update((name, r - farthest(box, r)) for name, box in face.parts(style.index.face).items())
    return edges


def shift_margins(spec: BloodDiamondsSpec):
    """(component, piece id, problem or None) for every tile and coin: the first part, on either side,
    that comes nearer its cut than SHIFT_CLEAR_MM."""
    def nearest(sides) -> str | None:
        for side, edges in sides:
            for name, edge in edges.items():
                if edge < SHIFT_CLEAR_MM - 1e-6:
                    return f"its {name} ({side}) comes {max(edge, 0.0):.1f} mm from the cut"
        return None

    tile, coin = spec.tiles.piece, spec.coins.piece
    back = tile_back_edges(tile.width_mm, tile.height_mm)
    for suit in spec.suits:
        for piece_id, rank, style in tile_styles(spec, suit):
            yield "tile", piece_id, nearest((("face", tile_edges(tile.width_mm, tile.height_mm, style,
                                                                            tile_name(spec, suit, rank), rank)),
                                             ("back", back)))
        for piece_id, rank, style in coin_styles(spec, suit):
            yield "coin", piece_id, nearest((("suit side", coin_edges(coin.width_mm, style, None)),
                                             ("value side", coin_edges(coin.width_mm, style, rank))))


SHIFT_FIX = {
    "tile": ("tiles", "piece", "keep the tile style's border_mm (where its frame runs) and safe_mm at "
                               f"{SHIFT_CLEAR_MM:g} or more"),
    "coin": ("coins", "piece", f"keep the coin style's safe_mm at {SHIFT_CLEAR_MM:g} or more, and a ring's border_mm "
                               "too (or no ring: frame: false)"),
}


@rules.rule("blood_diamonds.layout", "no part drawn on a tile, coin, die or pawn overlaps another or leaves its face; "
                                     f"a tile or coin shows nothing but background within {SHIFT_CLEAR_MM:g} mm of "
                                     "its cut, on either side")
@at_the_text
def check_layout(spec: BloodDiamondsSpec):
    for found, fixes, why in ((layout_clashes(spec), LAYOUT_FIX, ""),
                              (shift_margins(spec), SHIFT_FIX,
                               f"; a piece printed on both sides keeps {SHIFT_CLEAR_MM:g} mm inside its cut clear "
                               "on each, as a back may print 1-2 mm off its front")):
        first: dict[str, tuple[str, str]] = {}
        count: dict[str, int] = {}
        for component, piece_id, problem in found:
            if problem:
                first.setdefault(component, (piece_id, problem))
                count[component] = count.get(component, 0) + 1
        for component, (piece_id, problem) in first.items():
            field, key, fix = fixes[component]
            more = f" (and {counted(count[component] - 1, 'more piece')})" if count[component] > 1 else ""
            yield error(where(getattr(spec, field), key), f"{piece_id}: {problem}{more}{why}: {fix}"
                        if why else f"{piece_id}: {problem}{more}; {fix}")


# ---------------------------------------------------------------------------------------------
# Drawing helpers. Every position on a face is a fraction of the face or follows from the sizes
# its style hands it (safe margin, border, line width, text roles), so any piece preset works.
# ---------------------------------------------------------------------------------------------

RANK_GLYPHS = "A2345"  # every rank drawn as a glyph: they share one size, so a set reads evenly
TEXT_FLOOR_PT = FLOOR_PT  # the smallest text the payoff chart shrinks to: legible at the table


def draw_rank(canvas: Canvas, rank: str, cx: float, cy: float, height: float, colour: str, face: str,
              on: str) -> None:
    """A rank centred on (cx, cy), `height` mm tall, on paint `on`: the null is an empty ring, the ace
    an A, in the suit's colour or the shade of it that reads as text there."""
    if rank == "null":
        canvas.circle(cx, cy, height * 0.42, stroke=colour, width=height * 0.12)
        return
    size = height / fonts.inked_height(RANK_GLYPHS, face)[1]
    canvas.text(cx, cy + height / 2, "A" if rank == "ace" else rank, size, fill=legible(colour, on, size, face),
                face=face, anchor="middle")


Box = tuple[float, float, float, float]  # left, top, right, bottom: a part of a face, in mm from its top-left


def rank_box(rank: str, cx: float, cy: float, height: float, face: str) -> Box:
    """The box `draw_rank` inks: a null's ring with its line, or the rank's glyph."""
    if rank == "null":
        r = height * 0.48  # the ring's radius, 0.42, and half its line, 0.06
        return cx - r, cy - r, cx + r, cy + r
    half = text_width("A" if rank == "ace" else rank, height / fonts.inked_height(RANK_GLYPHS, face)[1], face) / 2
    return cx - half, cy - height / 2, cx + half, cy + height / 2


def text_box(text: str, size: float, cx: float, baseline: float, face: str) -> Box:
    """The box of one line of text centred on cx: its advance across, its ink up and down."""
    low, high = fonts.inked_height(text, face)
    half = text_width(text, size, face) / 2
    return cx - half, baseline - high * size, cx + half, baseline - low * size


def rank_aspect(face: str) -> float:
    """How wide the widest rank glyph is for its height, in this face."""
    return max(text_width(glyph, 1.0, face) for glyph in RANK_GLYPHS) / fonts.inked_height(RANK_GLYPHS, face)[1]


def floor_scale(style: Style) -> float:
    """How far a card may shrink its text: until its smaller text role reaches TEXT_FLOOR_PT (text that
    starts smaller than that is never shrunk)."""
    return min(1.0, TEXT_FLOOR_PT * PT / min(style.body.size, style.small.size))


def fitted_scale(spill, floor: float) -> float:
    """The largest scale of the text, from 1 down to `floor`, at which `spill(scale)` is 0 or less."""
    return fit_size(spill, 0.0, start=1.0, floor=floor)


# ---------------------------------------------------------------------------------------------
# Tiles and coins
# ---------------------------------------------------------------------------------------------

def draw_frame(canvas: Canvas, area: Area, style: Style, colour: str) -> None:
    """The frame, if the style wants one, its outer edge `border_mm` inside the trim: the nearer a
    frame runs to the cut, the more a slip of the knife shows."""
    if style.frame:
        inset = style.border_mm + style.line_mm / 2
        canvas.rect(inset, inset, area.width - 2 * inset, area.height - 2 * inset,
                    radius=min(area.width, area.height) * 0.04, stroke=colour, width=style.line_mm)


def inner_edge(style: Style) -> float:
    """Where the art inside a frame may begin: clear of the frame's line, and never nearer the cut
    than the safe margin."""
    frame = style.border_mm + style.line_mm if style.frame else 0.0
    return max(style.safe_mm, frame)


def tile_name(spec: BloodDiamondsSpec, suit: Suit, rank: str) -> str:
    """The words along a tile's foot: where it puts a warlord; every null tile is a black market."""
    return words_of(spec)("tile.black-market") if rank == "null" else role_label(spec, suit, "tile")


@dataclass(frozen=True)
class TileFace:
    """Where the parts of a tile's face go, in mm from its top-left: the drawing and the layout rule
    read the same numbers."""

    field: Box  # inside the frame, where the parts must stay
    corner: Box  # the suit symbol
    bar: Box  # the bar along the top edge
    rank: tuple[float, float, float]  # the rank's centre and height
    name: tuple[str, ...]  # where the tile puts a warlord (every null tile is a black market), in lines
    name_size: float
    name_baseline: float  # the last line's

    def baselines(self) -> list[float]:
        pitch = self.name_size * NAME_LEADING
        return [self.name_baseline - pitch * (len(self.name) - 1 - n) for n in range(len(self.name))]

    def parts(self, face: str, rank: str, name_face: str) -> dict[str, Box]:
        middle = self.field[0] + (self.field[2] - self.field[0]) / 2
        boxes = [text_box(line, self.name_size, middle, base, name_face)
                 for line, base in zip(self.name, self.baselines())]
        name = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        return {"suit symbol": self.corner, "bar": self.bar, "rank": rank_box(rank, *self.rank, face), "name": name}


NAME_LEADING = 1.15  # a tile name on two lines: the pitch of its lines, in its size


def tile_name_lines(name: str, size: float, room: float, face: str) -> tuple[tuple[str, ...], float]:
    """A tile's name as it fits its foot: one line, shrunk if it must, down to 7 pt; a name that would
    shrink further (a long translation) takes two lines instead, as large as they fit."""
    one = fit_line(name, size, room, face)
    floor = min(size, TEXT_FLOOR_PT * PT)
    if one >= floor - 1e-9 or " " not in name.strip():
        return (name,), one
    two = size
    while True:
        lines = wrap(name, two, room, face)
        if len(lines) <= 2 and all(text_width(line, two, face) <= room + 1e-9 for line in lines):
            return tuple(lines), two
        if two <= floor:
            return (name,), one  # even two lines need smaller text: layout.text-size says so
        two = max(two * 0.95, floor)


def tile_face(width: float, height: float, style: Style, name: str) -> TileFace:
    side, inner = min(width, height), inner_edge(style)
    top = inner + side * 0.025  # a little air inside the frame
    corner = side * 0.16
    bar_width, bar_height = side * 0.24, side * 0.028
    room = width - 2 * (inner + side * 0.02)
    lines, size = tile_name_lines(name, style.body.size, room, style.title.face)
    return TileFace(field=(inner, inner, width - inner, height - inner),
                    corner=(top, top, top + corner, top + corner),
                    bar=((width - bar_width) / 2, top, (width + bar_width) / 2, top + bar_height),
                    rank=(width / 2, height / 2 + side * 0.03, side * 0.38),
                    name=lines, name_size=size, name_baseline=height - inner - side * 0.045)


def draw_tile_face(canvas: Canvas, area: Area, style: Style, suit: Suit, rank: str, name: str) -> None:
    """The rank large in the middle, the suit in the top-left corner and the location's name along
    the bottom; the corner and the bar along the top edge say which way is up."""
    fill_bleed(canvas, area, style.background)
    draw_frame(canvas, area, style, suit.colour)
    face = tile_face(area.width, area.height, style, name)
    left, top, right, bottom = face.corner
    draw_symbol(canvas, suit.symbol, (left + right) / 2, (top + bottom) / 2, right - left, suit.colour)
    left, top, right, bottom = face.bar
    canvas.rect(left, top, right - left, bottom - top, radius=(bottom - top) / 2, fill=suit.colour)
    draw_rank(canvas, rank, *face.rank, suit.colour, style.index.face, style.background)
    for line, baseline in zip(face.name, face.baselines()):
        canvas.text(area.width / 2, baseline, line, face.name_size, fill=style.ink, face=style.title.face,
                    anchor="middle")


def tile_back_dots(width: float, height: float) -> list[Box]:
    """The dots in the middle of the back's four squares."""
    radius = min(width, height) * 0.02
    return [(x - radius, y - radius, x + radius, y + radius)
            for x in (width / 4, 3 * width / 4) for y in (height / 4, 3 * height / 4)]


def draw_tile_back(canvas: Canvas, area: Area, style: Style) -> None:
    """The same for every tile: a 2 x 2 grid of squares, full bleed, no suit and no rank."""
    fill_bleed(canvas, area, style.back)
    w, h = area.width, area.height
    grid = style.line_mm * 1.3  # a touch bolder than a face's frame: the grid is the back's whole art
    with canvas.saved():
        canvas.clip_rect(*area.bleed_box())  # the lines run into the bleed, and no further
        canvas.line(w / 2, -area.bleed, w / 2, h + area.bleed, stroke=style.back_pattern, width=grid)
        canvas.line(-area.bleed, h / 2, w + area.bleed, h / 2, stroke=style.back_pattern, width=grid)
    for left, top, right, bottom in tile_back_dots(w, h):
        canvas.circle((left + right) / 2, (top + bottom) / 2, (right - left) / 2, fill=style.back_pattern)


VALUE_SYMBOL = 0.72  # the value side's suit symbol, for the rank's height
VALUE_GAP = 0.14  # the air between that symbol and the rank, likewise


@dataclass(frozen=True)
class CoinFace:
    """Where one side of a coin puts its parts, in mm from the coin's top-left: the drawing and the
    layout rule read the same numbers. The suit side shows the suit's symbol, large; the value side
    its rank with the symbol above it, so a coin lying either way up tells its suit without colour."""

    ring: float | None  # the radius of the ring's centre line; None: no ring
    inside_ring: float  # the radius inside the ring's line
    symbol: tuple[float, float, float]  # the suit symbol's centre and size
    rank: tuple[float, float, float] | None  # the rank's centre and height; None on the suit side
    rank_name: str | None

    def parts(self, face: str) -> dict[str, Box]:
        x, y, size = self.symbol
        parts = {"suit symbol": (x - size / 2, y - size / 2, x + size / 2, y + size / 2)}
        if self.rank is not None:
            parts["rank"] = rank_box(self.rank_name, *self.rank, face)
        return parts


def coin_face(width: float, style: Style, rank: str | None) -> CoinFace:
    """One side of a coin (rank None: the suit side). Its middle fills the circle `safe_mm` inside the
    cut; a ring, if the style wants one, has its outer edge `border_mm` inside the cut."""
    r = width / 2
    ring = r - style.border_mm - style.line_mm / 2 if style.frame else None
    inside_ring = r - style.border_mm - style.line_mm if style.frame else r
    room = max(r - style.safe_mm, 0.0)  # the radius the middle keeps inside
    if rank is None:
        size = min(width * 0.5, room * math.sqrt(2))  # the largest square in that circle
        return CoinFace(ring, inside_ring, (r, r, size), None, None)
    height, rank_y = value_stack(room, rank_aspect(style.index.face))
    size = height * VALUE_SYMBOL
    symbol_y = rank_y - height / 2 - height * VALUE_GAP - size / 2
    return CoinFace(ring, inside_ring, (r, r + symbol_y, size), (r, r + rank_y, height), rank)


@lru_cache(maxsize=None)
def value_stack(room: float, aspect: float) -> tuple[float, float]:
    """The rank's height on a coin's value side, and its centre below the coin's, for the largest rank
    that fits with its symbol above it in a circle of radius `room`. Every rank shares one size, the
    widest glyph's (`aspect`, its width for its height)."""
    def fits(height: float) -> float | None:
        size, gap = height * VALUE_SYMBOL, height * VALUE_GAP
        if aspect * height / 2 >= room or size / 2 >= room:
            return None
        lowest = math.sqrt(room ** 2 - (aspect * height / 2) ** 2) - height / 2  # the rank's foot on the circle
        highest = height / 2 + gap + size - math.sqrt(room ** 2 - (size / 2) ** 2)  # the symbol's top on it
        if highest > lowest:
            return None
        y = (highest + lowest) / 2
        top = y - height / 2  # the rank's top corners, beside the symbol's foot
        if math.hypot(aspect * height / 2, top) > room:
            return None
        return y

    low, high = 0.0, 2 * room
    for _ in range(50):
        middle = (low + high) / 2
        low, high = (middle, high) if fits(middle) is not None else (low, middle)
    return low, fits(low) or 0.0


def draw_coin_side(canvas: Canvas, area: Area, style: Style, suit: Suit, rank: str | None) -> None:
    """One side of a coin: the suit symbol (rank None), or the rank with the suit symbol above it. Both
    sides share the background, so what is printed in the middle tells them apart; nothing but the
    background comes near the cut, where a back printed a little off its front would show it."""
    fill_bleed(canvas, area, style.background)
    face = coin_face(area.width, style, rank)
    r = area.width / 2
    if face.ring is not None and face.ring > 0:
        canvas.circle(r, r, face.ring, stroke=suit.colour, width=style.line_mm)
    draw_symbol(canvas, suit.symbol, *face.symbol, suit.colour)
    if face.rank is not None:
        draw_rank(canvas, rank, *face.rank, suit.colour, style.index.face, style.background)


# ---------------------------------------------------------------------------------------------
# Dice and pawns: paper models, cut and folded along the lines the core draws
# ---------------------------------------------------------------------------------------------

def die_net(dice: Dice) -> FlatNet:
    """The cross-shaped cube net with its seven glue tabs; face n shows the die's n-th face."""
    return unfold(cube_net(dice.face_mm, dice.tab_mm))


def die_rank_height(face_mm: float, style: Style) -> float:
    room = face_mm - 2 * style.safe_mm  # a face may lie on the cut line: its rank keeps the safe margin from it
    return max(0.0, min(face_mm * 0.42, room, room / rank_aspect(style.index.face)))


# A die face's suit symbol: its centre, across and down, and its size, in faces. Large enough to tell the
# suits apart in greyscale (the die is all a player has on the score track), the rank a little smaller to make room.
DIE_SYMBOL = (0.165, 0.21)


def die_face_parts(face_mm: float, style: Style, rank: str) -> dict[str, Box]:
    """Where a die face's rank and its small suit symbol go, in mm from the face's top-left."""
    f, (centre, size) = face_mm, DIE_SYMBOL
    low, high = f * (centre - size / 2), f * (centre + size / 2)
    return {"rank": rank_box(rank, f / 2, f / 2, die_rank_height(f, style), style.index.face),
            "suit symbol": (low, low, high, high)}


def draw_die_net(canvas: Canvas, area: Area, style: Style, suit: Suit, net: FlatNet, dice: Dice) -> None:
    fill_bleed(canvas, area, style.panel)  # the tabs, and the bleed past the cut line
    f = dice.face_mm
    for name, rank in zip(sorted(net.faces), map(rank_name, dice.faces)):
        x, y = min(p[0] for p in net.faces[name]), min(p[1] for p in net.faces[name])
        canvas.rect(x, y, f, f, fill=style.background)
        draw_rank(canvas, rank, x + f / 2, y + f / 2, die_rank_height(f, style), suit.colour, style.index.face,
                  style.background)
        draw_symbol(canvas, suit.symbol, x + f * DIE_SYMBOL[0], y + f * DIE_SYMBOL[0], f * DIE_SYMBOL[1], suit.colour)


def pawn_shape(pawns: Pawns) -> Rect:
    """A fold-over standee: base, panel, fold, panel, base, folded along the four lines between."""
    w, h, b = pawns.width_mm, pawns.height_mm, pawns.base_mm
    folds = tuple(((0.0, y), (w, y)) for y in (b, b + h, b + 2 * h))
    return Rect(w, 2 * h + 2 * b, fold_lines=folds)


def pawn_disc(pawns: Pawns) -> float:
    """How wide the suit's disc is drawn: the pawn's width, but no more than 0.8 of its height (a pawn
    widened for a long name keeps its disc clear of the name)."""
    return min(pawns.width_mm, pawns.height_mm * 0.8)


def pawn_name(spec: BloodDiamondsSpec, suit: Suit) -> str:
    return words_of(spec)("pawn.name", suit=suit_label(spec, suit))


def drawn_pawns(spec: BloodDiamondsSpec) -> Pawns:
    """The pawns as drawn: the file's, or, printing a chosen words file, wider (up to MAX_GROWTH times) so
    that every suit's name fits its label at 7 pt; a long translated name widens the pawn rather than
    print too small."""
    pawns, floor = spec.pawns, TEXT_FLOOR_PT * PT
    need = pawns.width_mm
    for suit in spec.suits:
        for _, style in pawn_styles(spec, suit):
            label = style.title
            need = max(need, text_width(pawn_name(spec, suit), min(label.size, floor), label.face)
                       + 2 * (style.safe_mm + label.size * 0.3))
    if need <= pawns.width_mm + 1e-9:
        return pawns
    width = min(pawns.width_mm * growth(spec), math.ceil(need * 2) / 2)
    return pawns if width <= pawns.width_mm else replace(pawns, width_mm=width)


def pawn_parts(pawns: Pawns, style: Style) -> dict[str, Box]:
    """Where a pawn panel's suit symbol (on its disc) and name label go, in mm from the panel's top-left
    as it stands."""
    w, h = pawns.width_mm, pawns.height_mm
    band, middle, disc = style.title.size * 1.6, h * 0.875, pawn_disc(pawns) * 0.4
    return {"suit symbol": (w / 2 - disc, h * 0.42 - disc, w / 2 + disc, h * 0.42 + disc),
            "name": (style.safe_mm, middle - band / 2, w - style.safe_mm, middle + band / 2)}


def draw_pawn(canvas: Canvas, area: Area, style: Style, pawns: Pawns, suit: Suit, name: str) -> None:
    """The lower panel is drawn upside down so both faces stand upright once folded; the bases
    fold out opposite ways, to be glued to a scrap of card (never a game coin)."""
    w, h, b = pawns.width_mm, pawns.height_mm, pawns.base_mm
    fill_bleed(canvas, area, style.panel)
    # The suit's name on a paper label: pale letters on a mid suit colour (orange, green) are hard to read.
    label = style.title
    parts = pawn_parts(pawns, style)
    disc_left, disc_top, disc_right, disc_bottom = parts["suit symbol"]
    band_left, band_top, band_right, band_bottom = parts["name"]
    band = band_bottom - band_top
    pad = label.size * 0.3
    size = fit_line(name, label.size, w - 2 * (style.safe_mm + pad), label.face)
    for y0, turned in ((b, True), (b + h, False)):
        with canvas.saved():
            if turned:
                canvas.translate(w, y0 + h)
                canvas.rotate(180)
            else:
                canvas.translate(0, y0)
            canvas.rect(0, 0, w, h, fill=suit.colour)
            canvas.circle(w / 2, (disc_top + disc_bottom) / 2, (disc_right - disc_left) / 2, fill=style.background)
            draw_symbol(canvas, suit.symbol, w / 2, (disc_top + disc_bottom) / 2, pawn_disc(pawns) * 0.55, suit.colour)
            canvas.rect(band_left, band_top, band_right - band_left, band, radius=band * 0.3, fill=style.background)
            baseline = (band_top + band_bottom) / 2 + size * fonts.inked_height(name, label.face)[1] / 2
            canvas.text(w / 2, baseline, name, size, fill=style.ink, face=label.face, anchor="middle")


# ---------------------------------------------------------------------------------------------
# Score track
# ---------------------------------------------------------------------------------------------

TRACK_MARGIN = 2.0  # mm round the squares, unless the score track's style sets a safe_mm


def track_style(spec: BloodDiamondsSpec) -> Style:
    return spec.style.resolve("score-track", piece="score-track", safe_mm=TRACK_MARGIN)


def track_header(style: Style) -> float:
    """The band above the squares: the title."""
    return style.title.size * 1.4


START_DICE = (3, 2)  # the start holds every die, in this many columns and rows: six suits, six dice
DIE_ROOM = 2.0  # mm round each die in the start, so a finger can push one out


def start_size(dice: Dice) -> tuple[float, float]:
    """The start, below square 0: room for every die, each with DIE_ROOM round it."""
    cell = dice.face_mm + DIE_ROOM
    return START_DICE[0] * cell + DIE_ROOM, START_DICE[1] * cell + DIE_ROOM


def track_size(track: ScoreTrack, dice: Dice, style: Style) -> tuple[float, float]:
    margin = style.safe_mm
    return (track.columns * track.square_mm + 2 * margin,
            track.rows * track.square_mm + 2 * margin + track_header(style) + start_size(dice)[1] + margin)


def draw_score_track(canvas: Canvas, area: Area, track: ScoreTrack, dice: Dice, style: Style, words: Words) -> None:
    """The track, every tenth square tinted, and below square 0 the start, where every die waits at 0
    (null face up) for its first sale; past 99 the die's face counts the hundreds."""
    fill_bleed(canvas, area, style.background)
    margin = style.safe_mm
    title, body = style.title, style.body
    indent = margin + title.size * 0.2
    room = area.width - 2 * indent
    heading = words("track.title")
    canvas.text(indent, margin + title.size * 0.9, heading, fit_line(heading, title.size, room, title.face),
                fill=style.ink, face=title.face)
    squares = track_squares(track)
    widest = str(max(number for number, _, _ in squares))
    top = margin + track_header(style)
    look = tracks.TrackStyle(square_mm=track.square_mm, ink=style.ink, line=style.line, paper=style.panel,
                             highlight=style.accent, highlight_every=10,
                             number_size=fit_line(widest, style.index.size, track.square_mm * 0.8, style.index.face),
                             start_label="", line_width=style.line_mm, number_face=style.body.face,
                             milestone_face=style.index.face)
    tracks.draw_track(canvas, squares, look, margin, top)
    # The start hangs below square 0, so the way from it onto the track is plain.
    first = squares[0]
    width, height = start_size(dice)
    x = margin + first.column * track.square_mm
    y = top + track.rows * track.square_mm + margin
    canvas.rect(x, y, width, height, radius=DIE_ROOM, fill=style.accent, stroke=style.line, width=style.line_mm)
    cell = dice.face_mm + DIE_ROOM
    for column in range(START_DICE[0]):
        for row in range(START_DICE[1]):
            canvas.rect(x + DIE_ROOM + column * cell, y + DIE_ROOM + row * cell, dice.face_mm, dice.face_mm,
                        radius=1.0, stroke=style.line, width=style.line_mm * 0.6, dash=(1.0, 1.0))
    # Beside it, what the start is, how the hundreds are counted and what tied dice do: wrapped to
    # the room beside the start and shrunk, if it must, to end level with it.
    left = x + width + margin * 2
    room = area.width - margin - left
    said = start_words(track, words)
    size = fit_size(lambda s: _start_words(None, left, y, room, said, style, s), y + height,
                    start=body.size, floor=0.1 * body.size)  # below 7 pt, layout.text-size says so
    _start_words(canvas, left, y, room, said, style, size)


def start_words(track: ScoreTrack, words: Words) -> list[tuple[str, str]]:
    """What the track says beside its start, as (words, text role) paragraphs."""
    last = max(number for number, _, _ in track_squares(track))
    return [(words("track.start", first=track.first), "title"),
            (words("track.move", last=last), "body"),
            (words("track.stack"), "body"),
            (words("track.win", win=track.win), "title")]


def _start_words(canvas: Canvas | None, left: float, top: float, width: float, said: list[tuple[str, str]],
                 style: Style, size: float) -> float:
    """Draw the words beside the start at `size` (nothing without a canvas); return where the last line's ink ends."""
    baseline = top + size
    for words, role in said:
        face = getattr(style, role).face
        lines = wrap(words, size, max(width, 0.0), face)
        if canvas:
            canvas.text_block(left, baseline, lines, size, leading=1.3, fill=style.ink, face=face)
        baseline += size * 1.3 * len(lines) + size * 0.25
    return baseline - size * 1.55 + size * 0.25  # the last baseline, and a descender below it


# ---------------------------------------------------------------------------------------------
# Payoff chart: Table 2, computed. Like the reference card, its words shrink until they fit.
# ---------------------------------------------------------------------------------------------

def payoff_words(spec: BloodDiamondsSpec) -> tuple[str, tuple[str, str, str], str]:
    """The chart's title, its three column headings and the note at its foot."""
    words = words_of(spec)
    headings = (words("payoff.coins"), words("payoff.normal"),
                words("payoff.swindler", swindler=role_labels(spec)["swindler"]))
    return words("payoff.title"), headings, words("payoff.note")


def payoff_style(spec: BloodDiamondsSpec, piece_id: str | None = None) -> Style:
    return spec.style.resolve("payoff-chart", piece=piece_id, safe_mm=spec.payoff_chart.piece.safe_mm)


def payoff_cells(spec: BloodDiamondsSpec) -> list[tuple[str, str, str]]:
    """Each row of the chart as printed: the coins, the normal payoff, the swindler's."""
    def shown(points: int | None) -> str:
        return words("payoff.ignore") if points is None else str(points)

    # A row that is no sale ([2, 6], [more]) has no price; the payoff-chart rule reports it, and a
    # --draft print leaves it out.
    words = words_of(spec)
    rows = [payoff_row(row, spec.payoff_chart.swindler_bonus, words) for row in spec.payoff_chart.rows if is_sale(row)]
    return [(label, shown(normal), shown(swindler)) for label, normal, swindler in rows]


def payoff_spill(spec: BloodDiamondsSpec, area: Area, style: Style, scale: float) -> float:
    """How far the chart reaches past the safe margin, across or down, at `scale` (0 or less: it fits)."""
    return max(measure_drawing(_payoff_chart, area, spec, style, scale))


def payoff_size(spec: BloodDiamondsSpec) -> tuple[float, float]:
    """The chart's width and height: the file's card, or, printing a chosen words file, one wider or taller
    (up to MAX_GROWTH times each way) until its words fit at 7 pt: a longer translation widens the
    columns and the title."""
    piece = spec.payoff_chart.piece
    style = payoff_style(spec)
    width, height = piece.width_mm, piece.height_mm
    for _ in range(5):
        across, down = measure_drawing(_payoff_chart, Area(width, height, 0.0), spec, style, floor_scale(style))
        most = growth(spec)
        grown = (min(piece.width_mm * most, math.ceil(width + across)) if across > 1e-6 else width,
                 min(piece.height_mm * most, math.ceil(height + down)) if down > 1e-6 else height)
        if grown == (width, height):
            break
        width, height = grown
    return width, height


def draw_payoff_chart(canvas: Canvas, area: Area, spec: BloodDiamondsSpec, style: Style) -> None:
    fill_bleed(canvas, area, style.background)
    scale = fitted_scale(lambda s: payoff_spill(spec, area, style, s), floor_scale(style))
    _payoff_chart(canvas, area, spec, style, scale)


def _payoff_chart(canvas: Canvas, area: Area, spec: BloodDiamondsSpec, style: Style,
                  scale: float) -> tuple[float, float]:
    """Draw the chart at `scale` times the style's sizes; return how far it spills past the safe margin,
    across and down. The title and the note shrink to fit their line, but not below 7 pt: what they
    still need counts as spilling across."""
    ink, bold, plain = style.ink, style.title.face, style.body.face
    body, title, note = style.body.size * scale, style.title.size * scale, style.small.size * scale
    safe = style.safe_mm
    pad = body * 0.25  # the words' distance from the ends of the tinted rows
    left, right = safe + pad, area.width - safe - pad
    cells = payoff_cells(spec)
    heading_text, headings, note_text = payoff_words(spec)
    widths = [max([text_width(heading, body, bold)] + [text_width(row[i], body, plain) for row in cells])
              for i, heading in enumerate(headings)]
    gap = body * 1.5
    spill_across = sum(widths) + 2 * gap - (right - left)
    colour = next((s.colour for s in spec.suits if s.symbol == "diamond"), ink)
    y = top_baseline(heading_text, title, bold, safe + title / 4)
    draw_symbol(canvas, "diamond", left + title * 0.55, y - title * 0.35, title * 1.15, colour)
    canvas.text(left + title * 1.45, y, heading_text, fit_line(heading_text, title, right - left - title * 1.45, bold),
                fill=ink, face=bold)
    y += body * 2.6
    swindler_x = right
    normal_x = swindler_x - widths[2] - gap
    for x, heading, anchor in zip((left, normal_x, swindler_x), headings, ("start", "end", "end")):
        canvas.text(x, y, heading, body, fill=style.muted, face=bold, anchor=anchor)
    canvas.line(safe, y + body * 0.42, area.width - safe, y + body * 0.42, stroke=style.line,
                width=style.line_mm * 0.6)
    # The note stands at the foot of the card; the rows spread out to fill the room above it, from
    # a tight 1.3 lines apart to an airy 1.6.
    size = fit_line(note_text, note, right - left, style.small.face)
    low, high = fonts.inked_height(note_text, style.small.face)
    bottom = area.height - safe
    canvas.text(left, bottom + low * size, note_text, size, fill=style.muted, face=style.small.face)
    above_note = bottom - (high - low) * size - note * 0.6
    rows_end = len(cells) + 0.28  # the last row's tint reaches 0.28 of a pitch below its baseline
    pitch = max(body * 1.3, min(body * 1.6, (above_note - y) / rows_end))
    for index, (coins, normal, swindler) in enumerate(cells):
        y += pitch
        if index % 2:
            canvas.rect(safe, y - pitch * 0.72, area.width - 2 * safe, pitch, fill=style.panel)
        canvas.text(left, y, coins, body, fill=ink, face=plain)
        canvas.text(normal_x, y, normal, body, fill=ink, face=plain, anchor="end")
        canvas.text(swindler_x, y, swindler, body, fill=ink, face=plain, anchor="end")
    spill_down = y + pitch * 0.28 - above_note
    floor = TEXT_FLOOR_PT * PT
    title_spill = text_width(heading_text, min(title, floor), bold) - (right - left - title * 1.45)
    note_spill = text_width(note_text, min(note, floor), style.small.face) - (right - left)
    return max(spill_across, title_spill, note_spill), spill_down


# ---------------------------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------------------------

# Each piece's style: the component's, narrowed by the suit (group), the rank and the piece's id.
def tile_styles(spec: BloodDiamondsSpec, suit: Suit):
    for rank in map(rank_name, spec.tiles.ranks):
        piece_id = f"tile-{suit.name}-{rank}"
        yield piece_id, rank, spec.style.resolve("tile", suit.name, rank, piece_id, safe_mm=spec.tiles.piece.safe_mm)


def coin_styles(spec: BloodDiamondsSpec, suit: Suit):
    for rank in map(rank_name, spec.coins.ranks):
        piece_id = f"coin-{suit.name}-{rank}"
        yield piece_id, rank, spec.style.resolve("coin", suit.name, rank, piece_id, safe_mm=spec.coins.piece.safe_mm)


def die_style(spec: BloodDiamondsSpec, suit: Suit) -> tuple[str, Style]:
    piece_id = f"die-{suit.name}"
    return piece_id, spec.style.resolve("die", suit.name, piece=piece_id)


def pawn_styles(spec: BloodDiamondsSpec, suit: Suit):
    for n in range(spec.pawns.per_suit):
        piece_id = f"pawn-{suit.name}" + (f"-{n + 1}" if n else "")
        yield piece_id, spec.style.resolve("pawn", suit.name, piece=piece_id)


def printing_words(spec: BloodDiamondsSpec) -> None:
    """Page 1's box says what only this game knows (a bag, card for the tiles, how to fold the dice and
    pawns): the game file's `printing:` lists where it gives them, else the words file's, and a chosen
    translation's beat both. Filled into the spec's `printing` in place, before the build draws page 1;
    doing it twice changes nothing."""
    printing, words = spec.printing, words_of(spec)
    printing.bring = words.prefer_list("printing.bring.", printing.bring or None)
    printing.steps = words.prefer_list("printing.step.", printing.steps or None)
    prefix = "printing.stock."
    for key in [key for key in words.texts if key.startswith(prefix)]:
        name = key[len(prefix):]
        printing.stock[name] = words.prefer(key, printing.stock.get(name))


def components(spec: BloodDiamondsSpec) -> list[Component]:
    """Every piece, each drawn in the style resolved for it: component, suit (group), rank, piece id."""
    printing_words(spec)
    tile_piece, coin_piece = spec.tiles.piece, spec.coins.piece
    tile, coin = tile_piece.rect(), Circle(coin_piece.width_mm)
    drawn = drawn_pawns(spec)
    net, pawn = die_net(spec.dice), pawn_shape(drawn)
    # One back for every tile: a back styled per suit or rank would mark its tile.
    tile_back = partial(draw_tile_back, style=spec.style.resolve("tile", safe_mm=tile_piece.safe_mm))
    tiles, coins, dice, pawns = [], [], [], []
    for component in ("coin", "die", "pawn"):
        # Each component's style is read even when it has no pieces (a --draft of a set with no suits),
        # so a style block for it is not taken for a typo.
        spec.style.resolve(component)
    for suit in spec.suits:
        for piece_id, rank, style in tile_styles(spec, suit):
            tiles.append(Piece(piece_id, tile, partial(draw_tile_face, style=style, suit=suit, rank=rank,
                                                       name=tile_name(spec, suit, rank)), tile_back))
        for piece_id, rank, style in coin_styles(spec, suit):
            # Both sides of a coin tell something (its suit, its rank), so both take the coin's own style.
            coins.append(Piece(piece_id, coin, partial(draw_coin_side, style=style, suit=suit, rank=None),
                               partial(draw_coin_side, style=style, suit=suit, rank=rank)))
        piece_id, style = die_style(spec, suit)
        dice.append(Piece(piece_id, Outline(net.outline, net.folds),
                          partial(draw_die_net, style=style, suit=suit, net=net, dice=spec.dice)))
        for piece_id, style in pawn_styles(spec, suit):
            pawns.append(Piece(piece_id, pawn, partial(draw_pawn, style=style, pawns=drawn, suit=suit,
                                                        name=pawn_name(spec, suit))))
    words = words_of(spec)
    chart = spec.payoff_chart
    chart_size = payoff_size(spec)
    chart_shape = chart.piece.rect() if chart_size == (chart.piece.width_mm, chart.piece.height_mm) else \
        Rect(*chart_size, chart.piece.corner_radius_mm)
    charts = [Piece(f"payoff-chart-{n}", chart_shape,
                    partial(draw_payoff_chart, spec=spec, style=payoff_style(spec, f"payoff-chart-{n}")))
              for n in range(1, chart.copies + 1)]
    board = track_style(spec)
    track = [Piece("score-track", Rect(*track_size(spec.score_track, spec.dice, board)),
                   partial(draw_score_track, track=spec.score_track, dice=spec.dice, style=board,
                           words=words_of(spec)))]
    return [
        # Dealt round the suits, so each sheet holds a few of every suit: a sheet's duplex shift marks
        # its backs alike, and a suit gathered on one sheet would tell which tile is coming.
        Component("tile", words("component.tile"), spread(tiles, group=lambda piece: piece.id.split("-")[1])),
        Component("coin", words("component.coin"), coins, gutter=spec.coins.gutter_mm),
        Component("die", words("component.die"), dice, gutter=4.0),
        Component("pawn", words("component.pawn"), pawns, gutter=4.0),
        reference_component(spec),
        Component("score-track", words("component.score-track"), track),
        Component("payoff-chart", words("component.payoff-chart"), charts),
        rules_component(spec),
    ]


def meaning_colours(spec: BloodDiamondsSpec) -> list[MeaningColour]:
    """The suit colours, which tell a suit's tiles, coins, die and pawn apart; every suit has its own symbol too."""
    return [MeaningColour(suit.name, suit.colour, suit.symbol, where(suit, "colour")) for suit in spec.suits]


GAME = Game(name=GAME_NAME, spec=BloodDiamondsSpec, components=components, rules=rules,
            meaning_colours=meaning_colours)
