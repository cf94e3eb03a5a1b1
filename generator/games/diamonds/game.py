"""Diamonds: a 2-3 player card game of digging for diamonds (rules/diamonds.md).

The deck is a standard 52 cards, aces high, plus two jokers. Diamonds are the treasure, spades
the shovels (rank = strength) and hearts and clubs the rocks (rank = hardness). The 54 cards are
dealt into nine piles of six in a 3 x 3 grid, so the game prints a deck, a reference card for each
player and a dig-site mat with the nine pile spaces and a place for the debris.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from generator import shaping
from generator.colour_rules import MeaningColour
from generator.errors import InputError
from generator.kit.layouts import Face, Layouts
from generator.kit.prose import FLOOR_PT, RulesSheet, block_texts, overflowing_words, rules_sheet_errors
from generator.kit.symbols import SUITS
from generator.kit.text import counted
from generator.model import Component, Piece, PieceGeometry, spread
from generator.plugins import Game, GameSpec
from generator.schema import Colour, spec_field, where
from generator.shapes import Rect
from generator.styles import Style
from generator.validate import RuleBook, error, warning

from .mat import dig_site, mat_row
from .paper import (reference_back, reference_component, reference_fits, reference_front, reference_piece, rules_blocks,
                    rules_component)

STANDARD_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
COURTS = ("J", "Q", "K")
# The four suits of a standard deck: each one's symbol and its role in the game (rules/diamonds.md).
STANDARD_SUITS = {
    "spades": ("spade", "shovel"),
    "hearts": ("heart", "rock"),
    "diamonds": ("diamond", "treasure"),
    "clubs": ("club", "rock"),
}
ROLE_WORDS = {"treasure": "treasure", "shovel": "shovels", "rock": "rocks"}


# ---------------------------------------------------------------------------------------------
# What a Diamonds file says
# ---------------------------------------------------------------------------------------------

@dataclass(kw_only=True)
class Suit:
    name: str  # the suit's identity, which the rules check: spades, hearts, diamonds or clubs
    symbol: Literal[SUITS]  # type: ignore[valid-type]
    colour: Colour
    role: Literal["treasure", "shovel", "rock"]
    label: str = ""  # what prints, if not the name (or the words file's name for it)


@dataclass(kw_only=True)
class Deck:
    piece: PieceGeometry = spec_field(template="pieces")
    ranks: list[int | str] = spec_field(default_factory=list)
    suits: list[Suit] = spec_field(default_factory=list)
    jokers: int = spec_field(2, count=True, maximum=20)
    joker_colours: list[Colour] = spec_field(default_factory=list)


@dataclass(kw_only=True)
class Deal:
    piles_across: int = spec_field(3, minimum=1, maximum=10)
    piles_down: int = spec_field(3, minimum=1, maximum=10)
    cards_per_pile: int = spec_field(6, minimum=1, maximum=60)

    @property
    def piles(self) -> int:
        return self.piles_across * self.piles_down


@dataclass(kw_only=True)
class ReferenceCard:
    """Its words come from the words file (data/words/diamonds.yaml); any given here win."""

    copies: int = spec_field(count=True, maximum=20)
    piece: PieceGeometry = spec_field(None, template="pieces")  # left out: the size of the cards
    title: str | None = None
    roles: dict[str, str] | None = None
    turn: list[str] | None = None
    joker: str | None = None
    snags: list[str] | None = None  # the edge cases, on the card's back


@dataclass(kw_only=True)
class DigSiteMat:
    title: str | None = None  # left out: the words file's
    gap_mm: float = spec_field(8.0, positive=True, maximum=50)
    margin_mm: float = spec_field(10.0, positive=True, maximum=50)


CardLayouts = Layouts.over("diamonds-cards")


@dataclass(kw_only=True)
class DiamondsSpec(GameSpec):
    layouts: CardLayouts
    deck: Deck
    deal: Deal
    win_targets: dict[int, int] = spec_field(count=True, minimum=1)  # diamonds to win, by players
    reference_card: ReferenceCard
    dig_site_mat: DigSiteMat
    rules_sheet: RulesSheet = spec_field(default_factory=RulesSheet)


def rank_label(rank) -> str:
    return str(rank).upper()


def card_id(rank, suit: Suit) -> str:
    return f"card-{rank_label(rank)}{suit.name[0].upper()}"


def suits_with_role(spec: DiamondsSpec, role: str) -> list[Suit]:
    return [suit for suit in spec.deck.suits if suit.role == role]


def treasure_count(spec: DiamondsSpec) -> int:
    return len(spec.deck.ranks) * len(suits_with_role(spec, "treasure"))


# ---------------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------------

rules = RuleBook()


@rules.rule("diamonds.players", "Diamonds is for 2 or 3 players")
def check_players(spec: DiamondsSpec):
    for index, count in enumerate(spec.players):
        if count not in (2, 3):
            yield error(where(spec, f"players[{index}]"), f"{counted(count, 'player')}: Diamonds is played by 2 or 3")
    if not spec.players:
        yield error(where(spec), "players is empty; Diamonds is played by 2 or 3")


@rules.rule("diamonds.title", "a title to print on the rules, the reference cards and every footer")
def check_title(spec: DiamondsSpec):
    if not spec.title.strip():
        yield error(where(spec, "title"), "the title is empty; the rules, the reference cards and every footer print "
                                          "it")


@rules.rule("diamonds.suit-roles", "diamonds are the treasure, hearts and clubs the rocks, spades the shovels")
def check_suit_roles(spec: DiamondsSpec):
    seen: dict[str, int] = {}
    for index, suit in enumerate(spec.deck.suits):
        name = suit.name.lower()
        if name in seen:
            yield error(where(spec.deck, f"suits[{index}]"), f'suit name "{suit.name}" is used twice (also suit {seen[name] + 1})')
            continue
        seen[name] = index
        if name not in STANDARD_SUITS:
            yield error(where(suit, "name"), f'suit "{suit.name}" is not a suit of a standard deck '
                                             f"({', '.join(STANDARD_SUITS)})")
            continue
        symbol, role = STANDARD_SUITS[name]
        if suit.role != role:
            yield error(where(suit, "role"), f"{suit.name} are the {ROLE_WORDS[role]}, not the {ROLE_WORDS[suit.role]}; "
                                             f"set role: {role}")
        if suit.symbol != symbol:
            yield error(where(suit, "symbol"), f"{suit.name} are marked with the {symbol} symbol in a standard deck, "
                                               f"not the {suit.symbol}; set symbol: {symbol}")


@rules.rule("diamonds.deck", "13 ranks x 4 suits + 2 jokers, no card missing or repeated")
def check_deck(spec: DiamondsSpec):
    deck = spec.deck
    labels = [rank_label(rank) for rank in deck.ranks]
    here = where(deck, "ranks")
    for index, label in enumerate(labels):
        if labels.index(label) != index:
            for suit in deck.suits:
                yield error(where(deck, f"ranks[{index}]"), f"duplicate card {label} of {suit.name}")
        elif label not in STANDARD_RANKS:
            yield error(where(deck, f"ranks[{index}]"), f'rank "{label}" is not in a standard deck (2-10, J, Q, K, A)')
    for label in STANDARD_RANKS:
        if label not in labels:
            for suit in deck.suits:
                yield error(here, f"missing card {label} of {suit.name}")
    if [label for label in labels if label in STANDARD_RANKS] != [r for r in STANDARD_RANKS if r in labels]:
        yield error(here, "ranks must run lowest to highest, 2 to 10, J, Q, K, A (aces high)")
    if len(deck.suits) != 4:
        yield error(where(deck, "suits"), f"{len(deck.suits)} suits; a standard deck has 4 suits of 13 cards")
    if deck.jokers != 2:
        yield error(where(deck, "jokers"), f"{deck.jokers} jokers; the game uses 2")
    if len(deck.joker_colours) < deck.jokers:
        yield error(where(deck, "joker_colours"), f"{len(deck.joker_colours)} joker colours for {deck.jokers} jokers")


@rules.rule("diamonds.deal", "the deck deals out exactly into 9 piles of 6 in a 3 x 3 grid")
def check_deal(spec: DiamondsSpec):
    deal, deck = spec.deal, spec.deck
    cards = len(deck.ranks) * len(deck.suits) + deck.jokers
    if (deal.piles_across, deal.piles_down) != (3, 3):
        yield error(where(deal), f"a {deal.piles_across} x {deal.piles_down} grid of piles; the game deals a 3 x 3 grid")
    if cards != deal.piles * deal.cards_per_pile:
        yield error(
            where(deal, "cards_per_pile"),
            f"{cards} cards do not deal into {deal.piles} piles of {deal.cards_per_pile} "
            f"({deal.piles * deal.cards_per_pile} places); 54 cards = 9 piles x 6",
        )


def win_target(diamonds: int, players: int) -> int | None:
    """The one target that beats an equal share and that somebody is sure to reach, or None.

    Above an equal share: no two players can both reach it. At most an equal share plus one: the
    diamonds cannot all be dealt out before somebody reaches it (pigeonhole). Both hold only for
    diamonds // players + 1, and only when the diamonds do not split evenly."""
    target = diamonds // players + 1
    return target if players * (target - 1) < diamonds else None


def win_target_advice(diamonds: int, players: int) -> str:
    target = win_target(diamonds, players)
    if target is not None:
        return f"use {target}"
    if diamonds == 0:
        return "no target works: the deck has no diamonds (no suit is the treasure)"
    return (f"no target works: {diamonds} diamonds split evenly, {diamonds // players} to each of {players} players, "
            "so a target above an equal share may never be reached and any other is no majority")


@rules.rule("diamonds.win-target", "a win target for 2 and for 3 players, each one a majority or plurality can reach")
def check_win_targets(spec: DiamondsSpec):
    diamonds = treasure_count(spec)
    for index, players in enumerate(spec.players):
        if players in (2, 3) and players not in spec.win_targets:
            yield error(where(spec, f"players[{index}]"), f"no win target for {counted(players, 'player')}; add it under win_targets")
    for players, target in spec.win_targets.items():
        here = where(spec, f"win_targets[{players}]")
        if players not in (2, 3):
            yield error(here, f"a win target for {counted(players, 'player')}, but Diamonds is played by 2 or 3; remove it")
            continue
        if target * players <= diamonds:
            yield error(here, f"{target} of {counted(diamonds, 'diamond')} for {counted(players, 'player')} is not a majority or plurality; "
                              + win_target_advice(diamonds, players))
        elif players * (target - 1) >= diamonds:
            yield error(here, f"{counted(target, 'diamond')} for {counted(players, 'player')} may never be reached "
                              f"with {counted(diamonds, 'diamond')}; " + win_target_advice(diamonds, players))


#: The smallest card that holds a corner index, the pips and a court panel: a little under a mini card.
MIN_CARD_MM = (40.0, 55.0)


@rules.rule("diamonds.card-size", "cards large enough for their index, pips and court panels")
def check_card_size(spec: DiamondsSpec):
    card = spec.deck.piece
    if card.width_mm < MIN_CARD_MM[0] or card.height_mm < MIN_CARD_MM[1]:
        yield error(where(spec.deck, "piece"), f"cards of {card.width_mm:g} x {card.height_mm:g} mm are too small for "
                                               f"an index and pips; use at least {MIN_CARD_MM[0]:g} x {MIN_CARD_MM[1]:g} "
                                               "mm (a mini card is 44.45 x 63.5)")


@rules.rule("diamonds.reference-card", "the reference card and the rules sheet hold their words at a legible size")
def check_reference_fits(spec: DiamondsSpec):
    piece = reference_piece(spec)
    sides = zip(("front", "back"), reference_fits(spec), (reference_front(spec), reference_back(spec)))
    for side, (_, overflow), blocks in sides:
        if overflow > 0:
            here = where(spec.reference_card, "piece") if spec.reference_card.piece else where(spec.deck, "piece")
            here, shorten = overflowing_words(spec, block_texts(blocks), here)
            yield error(here, f"the reference card's {side} does not fit a {piece.width_mm:g} x {piece.height_mm:g} "
                              f"mm card at {FLOOR_PT:g} pt ({overflow:.1f} mm over); give reference_card a larger "
                              f"piece or {shorten or 'shorten its words'}")
    yield from rules_sheet_errors(spec, rules_blocks(spec))


@rules.rule("diamonds.reference-copies", "a reference card for every player")
def check_reference_copies(spec: DiamondsSpec):
    most = max(spec.players, default=0)
    if spec.reference_card.copies < most:
        yield warning(where(spec.reference_card, "copies"),
                      f"{counted(spec.reference_card.copies, 'reference card')} for up to {counted(most, 'player')}")


# ---------------------------------------------------------------------------------------------
# Card faces: drawn from the layouts of templates/layouts.yaml (diamonds-cards), which the file's
# `layouts:` may change. A suit card shows layout rank-<rank>, a joker "joker", every back "back".
# ---------------------------------------------------------------------------------------------

def card_face(spec: DiamondsSpec, layout: str, style: Style, corner_mm: float | None = None, **row) -> Face:
    """The face `layout` draws with the row's fields, its frame following a card's corners (or corner_mm)."""
    if layout not in spec.layouts.layouts:
        raise InputError(where(spec, "layouts"), f'no layout "{layout}" for the faces; add it under layouts: '
                         "(templates/layouts.yaml, diamonds-cards, has one for each rank and the mat)",
                         "input.unknown-layout")
    corner = spec.deck.piece.corner_radius_mm if corner_mm is None else corner_mm
    return Face(spec.layouts, layout, tuple(sorted(row.items())), style, corner)


# ---------------------------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------------------------

def components(spec: DiamondsSpec) -> list[Component]:
    deck = spec.deck
    card = deck.piece.rect()
    safe = deck.piece.safe_mm
    # One back for every card: a back styled per suit or rank would mark its card.
    back = card_face(spec, "back", spec.style.resolve("card", safe_mm=safe))
    cards = []
    for suit in deck.suits:
        for rank in deck.ranks:
            label, piece_id = rank_label(rank), card_id(rank, suit)
            style = spec.style.resolve("card", suit.name, label, piece_id, safe_mm=safe)
            front = card_face(spec, f"rank-{label}", style, rank=label, symbol=suit.symbol, colour=suit.colour,
                              suit=suit.name)
            cards.append(Piece(piece_id, card, front, back, style.safe_mm))
    for index in range(deck.jokers):
        colours = deck.joker_colours or [deck.suits[0].colour]
        piece_id = f"card-JOKER-{index + 1}"
        style = spec.style.resolve("card", "jokers", "JOKER", piece_id, safe_mm=safe)
        word = spec.words("card.joker")
        joker = card_face(spec, "joker", style, colour=colours[index % len(colours)], joker=word,
                          joker_down="\n".join(shaping.letters(word)))
        cards.append(Piece(piece_id, card, joker, back, style.safe_mm))
    mat_style = spec.style.resolve("dig-site-mat", piece="dig-site-mat", safe_mm=spec.dig_site_mat.margin_mm)
    site = dig_site(spec, mat_style)
    mat = [Piece("dig-site-mat", Rect(*site.size()), card_face(spec, "mat", mat_style, 0.0, site=site, **mat_row(spec)),
                 splits=site.splits())]
    return [
        # Dealt round the suits, so that every sheet holds a few of each: a sheet's duplex shift
        # marks its backs alike, and a suit gathered on two sheets would share a tell.
        Component("card", spec.words("component.card"), spread(cards, group=lambda piece: piece.id[-1])),
        reference_component(spec),
        Component("dig-site-mat", spec.words("component.dig-site-mat"), mat),
        rules_component(spec),
    ]


def meaning_colours(spec: DiamondsSpec) -> list[MeaningColour]:
    """The suit colours: hearts and diamonds share red on purpose, and their symbols tell them apart."""
    return [MeaningColour(suit.name, suit.colour, suit.symbol, where(suit, "colour")) for suit in spec.deck.suits]


GAME = Game(name="diamonds", spec=DiamondsSpec, components=components, rules=rules, meaning_colours=meaning_colours)
