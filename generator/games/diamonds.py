"""Diamonds: a 2-3 player card game of digging for diamonds (rules/diamonds.md).

The deck is a standard 52 cards, aces high, plus two jokers. Diamonds are the treasure, spades
the shovels (rank = strength) and hearts and clubs the rocks (rank = hardness). The 54 cards are
dealt into nine piles of six in a 3 x 3 grid, so the game prints a deck, a reference card for each
player and a dig-site mat with the nine pile spaces and a place for the debris.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Literal

from generator.canvas import PT, Canvas
from generator.fonts import wrap
from generator.geometry import Matrix, Path
from generator.kit.symbols import SUITS, draw_symbol
from generator.kit.text import fit_line, fit_size, measure_drawing
from generator.model import Area, Component, Piece, PieceGeometry, fill_bleed
from generator.plugins import Game, GameSpec
from generator.schema import Colour, spec_field, where
from generator.shapes import Rect
from generator.validate import RuleBook, error, warning

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
    name: str
    symbol: Literal[SUITS]  # type: ignore[valid-type]
    colour: Colour
    role: Literal["treasure", "shovel", "rock"]


@dataclass(kw_only=True)
class CardFace:
    paper: Colour
    court_panel: Colour
    court_trim: Colour
    joker_colours: list[Colour]


@dataclass(kw_only=True)
class CardBack:
    colour: Colour
    lattice: Colour
    accent: Colour


@dataclass(kw_only=True)
class Deck:
    piece: PieceGeometry = spec_field(template="pieces")
    ranks: list[int | str] = spec_field(default_factory=list)
    suits: list[Suit] = spec_field(default_factory=list)
    jokers: int = spec_field(2, count=True, maximum=20)
    face: CardFace = spec_field()
    back: CardBack = spec_field()


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
    copies: int = spec_field(count=True, maximum=20)
    title: str = spec_field()
    roles: dict[str, str] = spec_field()
    turn: list[str] = spec_field()
    joker: str = spec_field()
    stuck: str = ""


@dataclass(kw_only=True)
class DigSiteMat:
    title: str
    background: Colour
    space: Colour
    line: Colour
    gap_mm: float = spec_field(8.0, positive=True, maximum=50)
    margin_mm: float = spec_field(10.0, positive=True, maximum=50)


@dataclass(kw_only=True)
class DiamondsSpec(GameSpec):
    deck: Deck
    deal: Deal
    win_targets: dict[int, int]
    reference_card: ReferenceCard
    dig_site_mat: DigSiteMat


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
            yield error(where(spec, f"players[{index}]"), f"{count} players: Diamonds is played by 2 or 3")
    if not spec.players:
        yield error(where(spec), "players is empty; Diamonds is played by 2 or 3")


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
    if len(deck.face.joker_colours) < deck.jokers:
        yield error(where(deck.face, "joker_colours"), f"{len(deck.face.joker_colours)} joker colours for {deck.jokers} jokers")


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
            yield error(where(spec, f"players[{index}]"), f"no win target for {players} players; add it under win_targets")
    for players, target in spec.win_targets.items():
        here = where(spec, f"win_targets[{players}]")
        if players not in (2, 3):
            yield error(here, f"a win target for {players} players, but Diamonds is played by 2 or 3; remove it")
            continue
        if target * players <= diamonds:
            yield error(here, f"{target} of {diamonds} diamonds for {players} players is not a majority or plurality; "
                              + win_target_advice(diamonds, players))
        elif players * (target - 1) >= diamonds:
            yield error(here, f"{target} diamonds for {players} players may never be reached "
                              f"with {diamonds} diamonds; " + win_target_advice(diamonds, players))


@rules.rule("diamonds.reference-copies", "a reference card for every player")
def check_reference_copies(spec: DiamondsSpec):
    most = max(spec.players, default=0)
    if spec.reference_card.copies < most:
        yield warning(where(spec.reference_card, "copies"),
                      f"{spec.reference_card.copies} reference cards for up to {most} players")


# ---------------------------------------------------------------------------------------------
# Card faces
# ---------------------------------------------------------------------------------------------

# Pip positions on a 3-column, 9-row lattice over the pip area (column 0-2, row 0-8), the layouts
# of a traditional French-suited deck. Pips below the middle row are drawn upside down.
PIP_LAYOUTS = {
    "2": [(1, 0), (1, 8)],
    "3": [(1, 0), (1, 4), (1, 8)],
    "4": [(0, 0), (2, 0), (0, 8), (2, 8)],
    "5": [(0, 0), (2, 0), (1, 4), (0, 8), (2, 8)],
    "6": [(0, 0), (2, 0), (0, 4), (2, 4), (0, 8), (2, 8)],
    "7": [(0, 0), (2, 0), (1, 2), (0, 4), (2, 4), (0, 8), (2, 8)],
    "8": [(0, 0), (2, 0), (1, 2), (0, 4), (2, 4), (1, 6), (0, 8), (2, 8)],
    "9": [(0, 0), (2, 0), (0, 8 / 3), (2, 8 / 3), (1, 4), (0, 16 / 3), (2, 16 / 3), (0, 8), (2, 8)],
    "10": [(0, 0), (2, 0), (1, 4 / 3), (0, 8 / 3), (2, 8 / 3), (0, 16 / 3), (2, 16 / 3), (1, 20 / 3), (0, 8), (2, 8)],
}


def head_to_head(canvas: Canvas, area: Area):
    """Run the loop body twice: upright, then turned half round, as a double-ended card is drawn."""
    for turn in (0, 180):
        with canvas.saved():
            if turn:
                canvas.translate(area.width, area.height)
                canvas.rotate(turn)
            yield


def draw_index(canvas: Canvas, area: Area, label: str, symbol: str, colour: str) -> None:
    """Rank and suit in the top-left corner, and again upside down in the bottom-right."""
    size = 6.2 if len(label) == 1 else 5.2
    for _ in head_to_head(canvas, area):
        canvas.text(5.6, 4.0 + size * 0.74, label, size, fill=colour, face="bold", anchor="middle")
        draw_symbol(canvas, symbol, 5.6, 4.0 + size * 0.74 + 3.6, 4.2, colour)


def draw_number_card(canvas: Canvas, area: Area, spec: DiamondsSpec, rank: str, suit: Suit) -> None:
    deck = spec.deck
    fill_bleed(canvas, area, deck.face.paper)
    draw_index(canvas, area, rank, suit.symbol, suit.colour)
    cx = area.width / 2
    if rank == "A":
        draw_symbol(canvas, suit.symbol, cx, area.height / 2, 24.0, suit.colour)
        return
    left, right = 17.5, area.width - 17.5
    top, bottom = 16.5, area.height - 16.5
    for column, row in PIP_LAYOUTS[rank]:
        x = left + (right - left) * column / 2
        y = top + (bottom - top) * row / 8
        draw_symbol(canvas, suit.symbol, x, y, 9.5, suit.colour, rotate=180 if row > 4 else 0)


def _crown(points: int, width: float, height: float) -> Path:
    """A crown outline with `points` spikes, base at y=0, spikes up to -height, centred on x=0."""
    half = width / 2
    outline = [(-half, 0.0), (-half, -height)]
    for i in range(points - 1):
        x_valley = -half + width * (i + 0.5) / (points - 1)
        x_spike = -half + width * (i + 1) / (points - 1)
        outline += [(x_valley, -height * 0.45), (x_spike, -height)]
    outline.append((half, 0.0))
    return Path.polygon(outline)


def draw_court_emblem(canvas: Canvas, rank: str, colour: str, trim: str) -> None:
    """One half of a court figure, drawn upright about (0, 0); the card draws it twice, head to head."""
    if rank == "K":
        canvas.draw(_crown(5, 15, 8).transformed(Matrix.translation(0, -6)), fill=trim, stroke=colour, width=0.35)
        canvas.rect(-7.5, -6.8, 15, 2.6, fill=colour)
        for x in (-5, 0, 5):
            canvas.circle(x, -14.4, 0.9, fill=colour)
    elif rank == "Q":
        canvas.draw(_crown(3, 12, 7).transformed(Matrix.translation(0, -6)), fill=trim, stroke=colour, width=0.35)
        canvas.rect(-6, -6.8, 12, 2.6, fill=colour)
        for x in (-6, 0, 6):
            canvas.circle(x, -13.4, 1.3, fill=colour)
    else:  # Jack: a feathered cap
        cap = Path().move_to(-7, -4.5).curve_to(-7, -11, 2, -13.5, 7, -8).line_to(7, -4.5).close()
        canvas.draw(cap, fill=trim, stroke=colour, width=0.35)
        feather = Path().move_to(-2, -9.5).curve_to(-6, -15, -10, -15, -11, -17).curve_to(-9, -12, -7, -10.5, -3, -8.5).close()
        canvas.draw(feather, fill=colour)
        canvas.rect(-7.5, -5.6, 15, 1.8, fill=colour)


def draw_court_card(canvas: Canvas, area: Area, spec: DiamondsSpec, rank: str, suit: Suit) -> None:
    face = spec.deck.face
    fill_bleed(canvas, area, face.paper)
    draw_index(canvas, area, rank, suit.symbol, suit.colour)
    # A framed panel split on the diagonal, each half a head-to-head mirror of the other.
    px, py = 11.5, 8.5
    pw, ph = area.width - 2 * px, area.height - 2 * py
    canvas.rect(px, py, pw, ph, radius=1.5, fill=face.court_panel, stroke=suit.colour, width=0.5)
    canvas.rect(px + 1.4, py + 1.4, pw - 2.8, ph - 2.8, radius=1.0, stroke=face.court_trim, width=0.35)
    canvas.line(px + 1.4, py + ph - 1.4, px + pw - 1.4, py + 1.4, stroke=face.court_trim, width=0.35)
    for _ in head_to_head(canvas, area):
        canvas.translate(area.width / 2, area.height / 2)
        with canvas.saved():
            canvas.translate(-3.0, -10.5)
            canvas.scale(1.2)
            draw_court_emblem(canvas, rank, suit.colour, face.court_trim)
        canvas.text(-3.0, -4.5, rank, 12.0, fill=suit.colour, face="bold", anchor="middle")
        draw_symbol(canvas, suit.symbol, 8.5, -27.0, 6.0, suit.colour)


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> Path:
    import math

    corners = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        corners.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return Path.polygon(corners)


def draw_joker(canvas: Canvas, area: Area, spec: DiamondsSpec, colour: str) -> None:
    face = spec.deck.face
    fill_bleed(canvas, area, face.paper)
    for _ in head_to_head(canvas, area):
        for i, letter in enumerate("JOKER"):
            canvas.text(5.6, 7.5 + i * 4.3, letter, 4.0, fill=colour, face="bold", anchor="middle")
    cx, cy = area.width / 2, area.height / 2
    canvas.draw(_star(cx, cy - 6, 17, 7), fill=face.court_panel, stroke=colour, width=0.6)
    canvas.draw(_star(cx, cy - 6, 8, 3.3), fill=colour)
    # A jester's collar of points under the star.
    collar = [(cx - 16 + 4 * i, cy + 14 + (3.5 if i % 2 else 0)) for i in range(9)]
    canvas.polygon([(cx - 16, cy + 11)] + collar + [(cx + 16, cy + 11)], fill=colour)
    for i in range(0, 9, 2):
        canvas.circle(cx - 16 + 4 * i, cy + 14.8, 1.0, fill=face.court_trim)
    canvas.text(cx, cy + 27, "JOKER", 6.5, fill=colour, face="bold", anchor="middle")


def draw_card_back(canvas: Canvas, area: Area, spec: DiamondsSpec) -> None:
    """Full bleed and the same after a half turn, so a back tells nothing about its card."""
    back = spec.deck.back
    x, y, w, h = area.bleed_box()
    canvas.rect(x, y, w, h, fill=back.colour)
    cx, cy = area.width / 2, area.height / 2
    # A diagonal lattice centred on the card, so it is symmetric under a half turn: lines at 45
    # degrees through points `step` apart on the centre line, as many as can cross the bleed box.
    step, half = 5.0, h / 2
    lattice = Path()
    for i in range(-int((w / 2 + half) / step) - 1, int((w / 2 + half) / step) + 2):
        x0 = cx + i * step
        lattice.move_to(x0 - half, cy - half).line_to(x0 + half, cy + half)
        lattice.move_to(x0 + half, cy - half).line_to(x0 - half, cy + half)
    with canvas.saved():
        canvas.clip_rect(x, y, w, h)
        canvas.draw(lattice, stroke=back.lattice, width=0.8)
    inset = spec.deck.piece.safe_mm + 1.5
    canvas.rect(inset, inset, area.width - 2 * inset, area.height - 2 * inset, radius=2.5, stroke=back.accent, width=0.7)
    canvas.rect(inset + 1.5, inset + 1.5, area.width - 2 * inset - 3, area.height - 2 * inset - 3, radius=1.8,
                stroke=back.accent, width=0.3)
    canvas.circle(cx, cy, 13.5, fill=back.colour, stroke=back.accent, width=0.7)
    draw_symbol(canvas, "diamond", cx, cy, 19.0, back.accent)
    draw_symbol(canvas, "diamond", cx, cy, 8.0, back.colour)
    for dy in (-30.0, 30.0):
        draw_symbol(canvas, "diamond", cx, cy + dy, 6.0, back.accent)


# ---------------------------------------------------------------------------------------------
# Reference card
# ---------------------------------------------------------------------------------------------

def reference_text_size(spec: DiamondsSpec, area: Area) -> float:
    """The largest text size, from 6.6 pt down to 4.5 pt, at which the card's words clear the goal band."""
    goal_top = area.height - spec.deck.piece.safe_mm - 1.0 - 5.6

    def reach(body: float) -> float:  # how far down the words go at this size
        return measure_drawing(_reference_text, area, spec, body)

    return fit_size(reach, goal_top, start=6.6 * PT, floor=4.5 * PT)


def draw_reference_card(canvas: Canvas, area: Area, spec: DiamondsSpec, body: float) -> None:
    fill_bleed(canvas, area, spec.deck.face.paper)
    _reference_text(canvas, area, spec, body)
    _reference_goal(canvas, area, spec, body * 1.12)


def _reference_text(canvas: Canvas, area: Area, spec: DiamondsSpec, body: float) -> float:
    """Draw the suits, the turn and the joker; return how far down the text reached."""
    deck, ref = spec.deck, spec.reference_card
    ink = _ink(spec)
    safe = deck.piece.safe_mm + 0.8
    left, width = safe, area.width - 2 * safe
    heading = body * 1.12
    y = safe + 4.0
    canvas.text(area.width / 2, y, ref.title, 3.6, fill=ink, face="bold", anchor="middle")
    y += 2.2
    canvas.line(left, y, left + width, y, stroke=deck.face.court_trim, width=0.4)
    y += 1.2 + heading
    # Suits, grouped by role in the order the game introduces them.
    for role in ("treasure", "shovel", "rock"):
        suits = suits_with_role(spec, role)
        if not suits:
            continue
        for i, suit in enumerate(suits):
            draw_symbol(canvas, suit.symbol, left + 1.6 + i * 3.6, y - heading * 0.36, heading * 1.05, suit.colour)
        names = " and ".join(s.name.capitalize() for s in suits)
        canvas.text(left + 1.6 + len(suits) * 3.6, y, names, heading, fill=ink, face="bold")
        y += heading * 1.15
        y = canvas.text_block(left, y, wrap(ref.roles.get(role, ""), body, width), body, fill=ink)
        y += body * 0.35
    y += body * 0.4
    canvas.text(left, y, "Your turn", heading, fill=ink, face="bold")
    y += heading * 1.2
    for number, step in enumerate(ref.turn, start=1):
        canvas.text(left, y, f"{number}.", body, fill=ink, face="bold")
        y = canvas.text_block(left + 3.2, y, wrap(step, body, width - 3.2), body, fill=ink) + body * 0.12
    y += body * 0.4
    canvas.text(left, y, "Joker", heading, fill=ink, face="bold")
    y = canvas.text_block(left, y + heading * 1.2, wrap(ref.joker, body, width), body, fill=ink)
    if ref.stuck:
        y = canvas.text_block(left, y + body * 0.4, wrap(ref.stuck, body, width), body, fill=ink, face="italic")
    return y - body


def _reference_goal(canvas: Canvas, area: Area, spec: DiamondsSpec, size: float) -> None:
    """The win targets in a band along the bottom edge, by the treasure suit's symbol."""
    deck = spec.deck
    safe = deck.piece.safe_mm + 0.8
    left, width = safe, area.width - 2 * safe
    treasure = (suits_with_role(spec, "treasure") or deck.suits)[0]
    targets = sorted(spec.win_targets.items())
    goal = f"Goal: {targets[0][1]} diamonds ({targets[0][0]} players)" if targets else ""
    goal += "".join(f", {t} ({n} players)" for n, t in targets[1:])
    bottom = area.height - safe - 1.0
    canvas.rect(left, bottom - 4.6, width, 6.0, radius=1.2, fill=deck.face.court_panel)
    draw_symbol(canvas, treasure.symbol, left + 3.0, bottom - 1.6, 4.0, treasure.colour)
    size = fit_line(goal, size, width - 7.0, "bold")  # right of the symbol
    canvas.text(left + 6.0, bottom - 0.6, goal, size, fill=_ink(spec), face="bold")


def _ink(spec: DiamondsSpec) -> str:
    """Text colour: the shovel suit's colour, the darkest in a standard deck."""
    shovels = suits_with_role(spec, "shovel")
    return shovels[0].colour if shovels else "#000000"


# ---------------------------------------------------------------------------------------------
# Dig-site mat
# ---------------------------------------------------------------------------------------------

TITLE_BAND_MM = 14.0


def mat_size(spec: DiamondsSpec) -> tuple[float, float]:
    card, mat, deal = spec.deck.piece, spec.dig_site_mat, spec.deal
    width = 2 * mat.margin_mm + (deal.piles_across + 1) * card.width_mm + deal.piles_across * mat.gap_mm + mat.gap_mm
    height = 2 * mat.margin_mm + TITLE_BAND_MM + deal.piles_down * card.height_mm + (deal.piles_down - 1) * mat.gap_mm
    return width, height


def draw_dig_site_mat(canvas: Canvas, area: Area, spec: DiamondsSpec) -> None:
    card, mat, deal = spec.deck.piece, spec.dig_site_mat, spec.deal
    fill_bleed(canvas, area, mat.background)
    canvas.rect(mat.margin_mm / 2, mat.margin_mm / 2, area.width - mat.margin_mm, area.height - mat.margin_mm,
                radius=4, stroke=mat.line, width=0.6)
    top = mat.margin_mm + TITLE_BAND_MM
    treasure = (suits_with_role(spec, "treasure") or spec.deck.suits)[0]
    canvas.text(mat.margin_mm, mat.margin_mm + 8.5, mat.title, 9.0, fill=mat.line, face="bold")
    for row in range(deal.piles_down):
        for col in range(deal.piles_across):
            sx = mat.margin_mm + col * (card.width_mm + mat.gap_mm)
            sy = top + row * (card.height_mm + mat.gap_mm)
            number = row * deal.piles_across + col + 1
            canvas.rect(sx, sy, card.width_mm, card.height_mm, radius=card.corner_radius_mm, fill=mat.space,
                        stroke=mat.line, width=0.5, dash=(2.0, 1.2))
            draw_symbol(canvas, treasure.symbol, sx + card.width_mm / 2, sy + card.height_mm / 2 - 4, 22, mat.background)
            canvas.text(sx + card.width_mm / 2, sy + card.height_mm / 2 + 20, f"pile {number}", 5.0,
                        fill=mat.line, anchor="middle")
            canvas.text(sx + card.width_mm / 2, sy + card.height_mm / 2 + 26, f"{deal.cards_per_pile} cards",
                        3.0, fill=mat.line, anchor="middle")
    # The debris: broken rocks and spent jokers, face up beside the grid.
    dx = mat.margin_mm + deal.piles_across * (card.width_mm + mat.gap_mm) + mat.gap_mm
    canvas.line(dx - mat.gap_mm, top, dx - mat.gap_mm, area.height - mat.margin_mm, stroke=mat.line, width=0.4,
                dash=(1.0, 1.5))
    canvas.rect(dx, top, card.width_mm, card.height_mm, radius=card.corner_radius_mm, fill=mat.space,
                stroke=mat.line, width=0.5)
    canvas.text(dx + card.width_mm / 2, top + card.height_mm / 2, "Debris", 7.0, fill=mat.line, face="bold",
                anchor="middle")
    canvas.text(dx + card.width_mm / 2, top + card.height_mm / 2 + 6, "broken rocks, spent jokers", 3.0,
                fill=mat.line, anchor="middle")
    rocks = suits_with_role(spec, "rock")
    for i, suit in enumerate(rocks):
        draw_symbol(canvas, suit.symbol, dx + card.width_mm / 2 + (i - (len(rocks) - 1) / 2) * 10,
                    top + card.height_mm / 2 - 14, 7, suit.colour)


# ---------------------------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------------------------

def components(spec: DiamondsSpec) -> list[Component]:
    deck = spec.deck
    card = deck.piece.rect()
    back = partial(draw_card_back, spec=spec)
    cards = []
    for suit in deck.suits:
        for rank in deck.ranks:
            label = rank_label(rank)
            drawer = draw_court_card if label in COURTS else draw_number_card
            cards.append(Piece(card_id(rank, suit), card, partial(drawer, spec=spec, rank=label, suit=suit), back))
    for index in range(deck.jokers):
        colours = deck.face.joker_colours or [deck.suits[0].colour]
        colour = colours[index % len(colours)]
        cards.append(Piece(f"card-JOKER-{index + 1}", card, partial(draw_joker, spec=spec, colour=colour), back))
    reference_front = partial(draw_reference_card, spec=spec, body=reference_text_size(spec, Area(card.width, card.height, 0.0)))
    reference = [Piece(f"reference-card-{n + 1}", card, reference_front, back) for n in range(spec.reference_card.copies)]
    mat = [Piece("dig-site-mat", Rect(*mat_size(spec)), partial(draw_dig_site_mat, spec=spec))]
    return [
        Component("card", "Cards", cards),
        Component("reference-card", "Reference card", reference),
        Component("dig-site-mat", "Dig-site mat", mat),
    ]


GAME = Game(name="diamonds", spec=DiamondsSpec, components=components, rules=rules)
