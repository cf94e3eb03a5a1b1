"""Blood Diamonds: warlords race for diamonds on a piecepack field, for 3-6 players (rules/blood_diamonds.md).

The game needs a "six pack": a piecepack in six suits (sun, moon, clubs, diamonds, hearts, spades),
each suit with six tiles and six coins ranked null, ace, 2-5, one die and one pawn. Each player gets a
reference card; a 0-99 score track (laps counted on the die, so 600 can be reached) and a diamond
sale payoff chart complete the set. The chart is computed: a sale scores the product of the coins'
values, a null coin makes it 0, and the swindler's highest coin counts 2 more.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Literal

from generator.canvas import PT, Canvas
from generator.fonts import wrap
from generator.kit import tracks
from generator.kit.nets import FlatNet, cube_net, unfold
from generator.kit.symbols import SUITS, draw_symbol
from generator.kit.text import fit_line
from generator.model import Area, Component, Piece, PieceGeometry, fill_bleed
from generator.plugins import Game, GameSpec
from generator.schema import Colour, spec_field, where
from generator.shapes import Circle, Outline, Rect
from generator.validate import RuleBook, error

RANKS = ("null", "ace", "2", "3", "4", "5")
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
class Suit:
    name: str
    symbol: Literal[SUITS]  # type: ignore[valid-type]
    colour: Colour
    tile: str
    coin: str
    power: str


@dataclass(kw_only=True)
class Tiles:
    piece: PieceGeometry = spec_field(template="pieces")
    ranks: list[int | str]
    face: Colour
    back: Colour
    back_lines: Colour


@dataclass(kw_only=True)
class Coins:
    piece: PieceGeometry = spec_field(template="pieces")
    ranks: list[int | str]
    face: Colour
    gutter_mm: float = spec_field(4.0, minimum=0, maximum=20)


@dataclass(kw_only=True)
class Dice:
    faces: list[int | str]
    face_mm: float = spec_field(16.0, positive=True, maximum=60)
    tab_mm: float = spec_field(5.0, positive=True, maximum=20)


@dataclass(kw_only=True)
class Pawns:
    per_suit: int = spec_field(1, count=True, maximum=10)
    width_mm: float = spec_field(16.0, positive=True, maximum=60)
    height_mm: float = spec_field(24.0, positive=True, maximum=80)
    base_mm: float = spec_field(10.0, positive=True, maximum=40)


@dataclass(kw_only=True)
class ReferenceCard:
    copies: int = spec_field(count=True, maximum=20)
    piece: PieceGeometry = spec_field(template="pieces")
    title: str
    turn: list[str]
    notes: list[str] = spec_field(default_factory=list)


@dataclass(kw_only=True)
class ScoreTrack:
    square_mm: float = spec_field(18.0, positive=True, maximum=60)
    columns: int = spec_field(10, minimum=1, maximum=100)
    rows: int = spec_field(10, minimum=1, maximum=100)
    path: Literal["serpentine", "rows"] = "serpentine"
    first: int = 0
    win: int = spec_field(600, positive=True, maximum=10000)
    colour: Colour
    line: Colour


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


def payoff_row(row: list, bonus: int) -> tuple[str, int | None, int | None]:
    """(coins as text, normal payoff, swindler payoff) for one chart row; None means 'ignore this coin'."""
    names = list(sale_key(row))
    if MORE in names:
        coin = names[0]
        if coin == "ace":  # among other coins an ace multiplies by 1: it changes nothing
            return f"{coin} with others", None, None
        others = 2  # the smallest real coin stands for "any others": a null still zeroes the sale
        values = [RANK_VALUES[coin], others]
        return f"{coin} with others", sale_payoff(values), sale_payoff(values, True, bonus)
    values = [RANK_VALUES[name] for name in names]
    label = " ".join(names) + (" alone" if len(names) == 1 and names[0] in ("null", "ace") else "")
    return label, sale_payoff(values), sale_payoff(values, True, bonus)


def full_payoff_chart() -> list[tuple[str, ...]]:
    """Every distinct sale, freshly enumerated: the null and the ace alone and with others, then
    every set of the numbered coins 2-5, smallest first (the order of the rulebook's Table 2)."""
    from itertools import combinations

    rows = [("null",), ("null", MORE), ("ace",), ("ace", MORE)]
    for size in range(1, 5):
        rows += [tuple(str(v) for v in combo) for combo in combinations((2, 3, 4, 5), size)]
    return rows


def track_squares(track: ScoreTrack) -> list[tracks.Square]:
    """(number, column, row) of every square, numbered along the track's path from the bottom-left."""
    return tracks.track_squares(track.columns, track.rows, track.first, track.path)


# ---------------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------------

rules = RuleBook()


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
        yield error(where(spec, "suits"), f"{len(spec.suits)} suits; a six pack has 6")
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


@rules.rule("blood_diamonds.pieces", "per suit one tile and one coin of each rank, a die with the six ranks, a pawn")
def check_pieces(spec: BloodDiamondsSpec):
    yield from _rank_set_problems(spec, "ranks", spec.ranks, "ranks")
    yield from _rank_set_problems(spec.tiles, "ranks", spec.tiles.ranks, "tiles")
    yield from _rank_set_problems(spec.coins, "ranks", spec.coins.ranks, "coins")
    yield from _rank_set_problems(spec.dice, "faces", spec.dice.faces, "die faces")
    if spec.pawns.per_suit != 1:
        yield error(where(spec.pawns, "per_suit"), f"{spec.pawns.per_suit} pawns per suit; each suit has one")


@rules.rule("blood_diamonds.players", "3 to 6 players, never more than suits")
def check_players(spec: BloodDiamondsSpec):
    for index, count in enumerate(spec.players):
        if not 3 <= count <= 6:
            yield error(where(spec, f"players[{index}]"), f"{count} players: Blood Diamonds is for 3 to 6")
        elif count > len(spec.suits):
            yield error(where(spec, f"players[{index}]"), f"{count} players but only {len(spec.suits)} suits to draw")
    if not spec.players:
        yield error(where(spec), "players is empty; Blood Diamonds is for 3 to 6")


@rules.rule("blood_diamonds.sizes", "coins at most half a tile wide, die faces large enough to read")
def check_sizes(spec: BloodDiamondsSpec):
    tile, coin = spec.tiles.piece, spec.coins.piece
    if coin.width_mm > tile.width_mm / 2 + 1e-9:
        yield error(where(spec.coins, "piece"),
                    f"coins {coin.width_mm:g} mm across are more than half a {tile.width_mm:g} mm tile")
    if spec.dice.face_mm < 12.0:
        yield error(where(spec.dice, "face_mm"), f"die faces of {spec.dice.face_mm:g} mm are too small to read; use 12 mm or more")
    if spec.score_track.square_mm < spec.dice.face_mm:
        yield error(where(spec.score_track, "square_mm"),
                    f"score squares of {spec.score_track.square_mm:g} mm cannot hold a {spec.dice.face_mm:g} mm die")


@rules.rule("blood_diamonds.score-track", "the track covers 0-99 once, each square next to the one before")
def check_score_track(spec: BloodDiamondsSpec):
    track = spec.score_track
    squares = track_squares(track)
    numbers = [number for number, _, _ in squares]
    if sorted(numbers) != list(range(100)):
        yield error(where(track), f"the track numbers {numbers[0]} to {numbers[-1]} ({len(numbers)} squares); "
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
                    f"{spec.reference_card.copies} reference cards for up to {most} players; "
                    f"every player gets one: use copies: {most}")


@rules.rule("blood_diamonds.win", "a score of 600 wins")
def check_win(spec: BloodDiamondsSpec):
    if spec.score_track.win != WIN:
        yield error(where(spec.score_track, "win"),
                    f"a win at {spec.score_track.win} points; the rules end the game the moment a score reaches {WIN}")


@rules.rule("blood_diamonds.suit-roles", "each suit's tile, coin action and power are the rules' (Table 1)")
def check_suit_roles(spec: BloodDiamondsSpec):
    for suit in spec.suits:
        wanted = SUIT_ROLES.get(suit.symbol)
        if wanted is None:
            continue
        for field, what in (("tile", "tile"), ("coin", "coin action"), ("power", "power")):
            value, name = getattr(suit, field), wanted[field]
            if value.casefold() != name.casefold():
                yield error(where(suit, field),
                            f'suit {suit.name} (symbol {suit.symbol}): its {what} is "{value}"; the rules say "{name}"')


# ---------------------------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------------------------

CAP_HEIGHT = 0.73  # Vera's capital height, as a fraction of the font size


def draw_rank(canvas: Canvas, rank: str, cx: float, cy: float, height: float, colour: str) -> None:
    """A rank centred on (cx, cy), `height` mm tall: the null is an empty ring, the ace an A."""
    if rank == "null":
        canvas.circle(cx, cy, height * 0.42, stroke=colour, width=height * 0.12)
        return
    label = "A" if rank == "ace" else rank
    size = height / CAP_HEIGHT
    canvas.text(cx, cy + height / 2, label, size, fill=colour, face="bold", anchor="middle")


def suit_named(spec: BloodDiamondsSpec, name: str) -> Suit:
    return next(suit for suit in spec.suits if suit.name == name)


# ---------------------------------------------------------------------------------------------
# Tiles and coins
# ---------------------------------------------------------------------------------------------

def draw_tile_face(canvas: Canvas, area: Area, spec: BloodDiamondsSpec, suit: Suit, rank: str) -> None:
    """The rank large in the middle, the suit in the top-left corner; the corner and the bar along
    the top edge say which way is up."""
    fill_bleed(canvas, area, spec.tiles.face)
    w, h = area.width, area.height
    inset = spec.tiles.piece.safe_mm
    canvas.rect(inset, inset, w - 2 * inset, h - 2 * inset, radius=2.0, stroke=suit.colour, width=0.6)
    draw_symbol(canvas, suit.symbol, inset + 5.5, inset + 5.5, 8.0, suit.colour)
    canvas.rect(w / 2 - 6, inset + 1.6, 12, 1.4, radius=0.7, fill=suit.colour)  # orientation bar: top
    draw_rank(canvas, rank, w / 2, h / 2 + 2.5, h * 0.42, suit.colour)


def draw_tile_back(canvas: Canvas, area: Area, spec: BloodDiamondsSpec) -> None:
    """The same for every tile: a 2 x 2 grid of squares, full bleed, no suit and no rank."""
    tiles = spec.tiles
    fill_bleed(canvas, area, tiles.back)
    w, h = area.width, area.height
    canvas.line(w / 2, -area.bleed, w / 2, h + area.bleed, stroke=tiles.back_lines, width=0.8)
    canvas.line(-area.bleed, h / 2, w + area.bleed, h / 2, stroke=tiles.back_lines, width=0.8)
    for x in (w / 4, 3 * w / 4):
        for y in (h / 4, 3 * h / 4):
            canvas.circle(x, y, 1.0, fill=tiles.back_lines)


def draw_coin_side(canvas: Canvas, area: Area, spec: BloodDiamondsSpec, suit: Suit, rank: str | None) -> None:
    """One side of a coin: the suit symbol (rank None) or the rank. Both sides share the same
    background and ring, so only what is printed in the middle tells them apart."""
    fill_bleed(canvas, area, spec.coins.face)
    r = area.width / 2
    canvas.circle(r, r, r - 1.1, stroke=suit.colour, width=0.5)
    if rank is None:
        draw_symbol(canvas, suit.symbol, r, r, area.width * 0.5, suit.colour)
    else:
        draw_rank(canvas, rank, r, r, area.width * 0.42, suit.colour)


# ---------------------------------------------------------------------------------------------
# Dice and pawns: paper models, cut and folded along the lines the core draws
# ---------------------------------------------------------------------------------------------

def die_net(dice: Dice) -> FlatNet:
    """The cross-shaped cube net with its seven glue tabs; face n shows the die's n-th face."""
    return unfold(cube_net(dice.face_mm, dice.tab_mm))


def draw_die_net(canvas: Canvas, area: Area, spec: BloodDiamondsSpec, suit: Suit, net: FlatNet) -> None:
    fill_bleed(canvas, area, "#eeeeee")  # the tabs, and the bleed past the cut line
    f = spec.dice.face_mm
    for name, rank in zip(sorted(net.faces), [rank_name(face) for face in spec.dice.faces]):
        x, y = min(p[0] for p in net.faces[name]), min(p[1] for p in net.faces[name])
        canvas.rect(x, y, f, f, fill="#ffffff")
        draw_rank(canvas, rank, x + f / 2, y + f / 2, f * 0.5, suit.colour)
        draw_symbol(canvas, suit.symbol, x + f * 0.16, y + f * 0.16, f * 0.18, suit.colour)


def pawn_shape(pawns: Pawns) -> Rect:
    """A fold-over standee: base, panel, fold, panel, base, folded along the four lines between."""
    w, h, b = pawns.width_mm, pawns.height_mm, pawns.base_mm
    folds = tuple(((0.0, y), (w, y)) for y in (b, b + h, b + 2 * h))
    return Rect(w, 2 * h + 2 * b, fold_lines=folds)


def draw_pawn(canvas: Canvas, area: Area, spec: BloodDiamondsSpec, suit: Suit) -> None:
    """The lower panel is drawn upside down so both faces stand upright once folded; the bases
    fold out opposite ways and glue to a coin."""
    p = spec.pawns
    w, h, b = p.width_mm, p.height_mm, p.base_mm
    top_panel, fold = b, b + h
    fill_bleed(canvas, area, "#eeeeee")
    for y0, turned in ((top_panel, True), (fold, False)):
        with canvas.saved():
            if turned:
                canvas.translate(w, y0 + h)
                canvas.rotate(180)
            else:
                canvas.translate(0, y0)
            canvas.rect(0, 0, w, h, fill=suit.colour)
            canvas.circle(w / 2, h * 0.42, w * 0.4, fill="#ffffff")
            draw_symbol(canvas, suit.symbol, w / 2, h * 0.42, w * 0.55, suit.colour)
            canvas.text(w / 2, h - 2.0, suit.name.upper(), 2.4, fill="#ffffff", face="bold", anchor="middle")


# ---------------------------------------------------------------------------------------------
# Reference card, score track and payoff chart
# ---------------------------------------------------------------------------------------------

def _ink(spec: BloodDiamondsSpec) -> str:
    return suit_named(spec, "spades").colour if any(s.name == "spades" for s in spec.suits) else "#000000"


def draw_reference_card(canvas: Canvas, area: Area, spec: BloodDiamondsSpec) -> None:
    """Turned sideways for a wide table: suit, tile, coin and power, then the turn and two reminders."""
    fill_bleed(canvas, area, "#ffffff")
    ink = _ink(spec)
    with canvas.saved():
        canvas.translate(area.width, 0)
        canvas.rotate(90)
        _reference_table(canvas, area.height, spec, ink)  # the card seen sideways: as wide as it is tall


def _reference_table(canvas: Canvas, width: float, spec: BloodDiamondsSpec, ink: str) -> None:
    ref = spec.reference_card
    safe = ref.piece.safe_mm + 0.5
    left, right = safe, width - safe
    canvas.text(width / 2, safe + 4.2, ref.title, 4.2, fill=ink, face="bold", anchor="middle")
    columns = [left + 6.0, left + 6.0 + (right - left - 6.0) * 0.36, left + 6.0 + (right - left - 6.0) * 0.70]
    rooms = [b - a - 1.0 for a, b in zip(columns, columns[1:])] + [right - columns[-1]]  # 1 mm between columns
    size = 6.2 * PT
    y = safe + 9.2
    for x, heading in zip(columns, ("Tile", "Coin", "Power")):
        canvas.text(x, y, heading, size, fill="#666666", face="bold")
    canvas.line(left, y + 1.0, right, y + 1.0, stroke="#999999", width=0.2)
    y += 4.0
    for suit in spec.suits:
        draw_symbol(canvas, suit.symbol, left + 2.2, y - size * 0.35, 3.2, suit.colour)
        for x, room, name in zip(columns, rooms, (suit.tile, suit.coin, suit.power)):
            canvas.text(x, y, name, fit_line(name, size, room), fill=ink)  # a long name shrinks, never spills
        y += 3.5
    y += 1.2
    body = 5.6 * PT
    for number, step in enumerate(ref.turn, start=1):
        canvas.text(left, y, f"{number}.", body, fill=ink, face="bold")
        y = canvas.text_block(left + 3.0, y, wrap(step, body, right - left - 3.0), body, fill=ink) + 0.5
    for note in ref.notes:
        y = canvas.text_block(left, y, wrap(note, body, right - left), body, fill=ink, face="italic") + 0.3


TRACK_MARGIN, TRACK_HEADER = 2.0, 13.0  # mm: round the squares; above them, for the title and the note


def track_size(track: ScoreTrack) -> tuple[float, float]:
    return (track.columns * track.square_mm + 2 * TRACK_MARGIN,
            track.rows * track.square_mm + 2 * TRACK_MARGIN + TRACK_HEADER)


def draw_score_track(canvas: Canvas, area: Area, spec: BloodDiamondsSpec) -> None:
    """The track, every tenth square tinted; past 99 the die beside a marker counts the hundreds."""
    track = spec.score_track
    fill_bleed(canvas, area, track.colour)
    ink = _ink(spec)
    canvas.text(TRACK_MARGIN + 1, 6.5, "Score track", 5.0, fill=ink, face="bold")
    note = f"Past 99, turn your die to its next face to count the hundreds. {track.win} points wins at once."
    canvas.text(TRACK_MARGIN + 1, 11.0, note, fit_line(note, 2.7, area.width - 2 * (TRACK_MARGIN + 1)), fill=ink)
    style = tracks.TrackStyle(square_mm=track.square_mm, ink=ink, line=track.line,
                              highlight="#f1e6c8", highlight_every=10)
    tracks.draw_track(canvas, track_squares(track), style, TRACK_MARGIN, TRACK_MARGIN + TRACK_HEADER)


def draw_payoff_chart(canvas: Canvas, area: Area, spec: BloodDiamondsSpec) -> None:
    chart = spec.payoff_chart
    fill_bleed(canvas, area, "#ffffff")
    ink = _ink(spec)
    diamonds = next((s for s in spec.suits if s.symbol == "diamond"), spec.suits[0])
    safe = chart.piece.safe_mm + 0.5
    left, right = safe, area.width - safe
    draw_symbol(canvas, "diamond", left + 2.0, safe + 2.6, 4.0, diamonds.colour)
    canvas.text(left + 5.0, safe + 4.0, "Diamond sales", 3.4, fill=ink, face="bold")
    rows = [payoff_row(row, chart.swindler_bonus) for row in chart.rows]
    size = 6.0 * PT
    pitch = min(3.4, (area.height - 2 * safe - 13.0) / max(len(rows), 1))
    y = safe + 9.5
    normal_x, swindler_x = right - 15.0, right
    canvas.text(left, y, "Coins", size, fill="#666666", face="bold")
    canvas.text(normal_x, y, "Normal", size, fill="#666666", face="bold", anchor="end")
    canvas.text(swindler_x, y, "Swindler", size, fill="#666666", face="bold", anchor="end")
    canvas.line(left, y + 0.9, right, y + 0.9, stroke="#999999", width=0.2)
    for index, (label, normal, swindler) in enumerate(rows):
        y += pitch
        if index % 2:
            canvas.rect(left - 0.5, y - pitch * 0.72, right - left + 1.0, pitch, fill="#f3eef8")
        canvas.text(left, y, label, size, fill=ink)
        canvas.text(normal_x, y, "ignore it" if normal is None else str(normal), size, fill=ink, anchor="end")
        canvas.text(swindler_x, y, "ignore it" if swindler is None else str(swindler), size, fill=ink, anchor="end")
    canvas.text(left, area.height - safe - 0.5, "Product of the coins; a null makes 0.", 5.0 * PT, fill="#666666",
                face="italic")


# ---------------------------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------------------------

def components(spec: BloodDiamondsSpec) -> list[Component]:
    tile, coin = spec.tiles.piece.rect(), Circle(spec.coins.piece.width_mm)
    net, pawn = die_net(spec.dice), pawn_shape(spec.pawns)
    tile_back = partial(draw_tile_back, spec=spec)
    tiles, coins, dice, pawns = [], [], [], []
    for suit in spec.suits:
        for rank in map(rank_name, spec.tiles.ranks):
            tiles.append(Piece(f"tile-{suit.name}-{rank}", tile,
                               partial(draw_tile_face, spec=spec, suit=suit, rank=rank), tile_back))
        for rank in map(rank_name, spec.coins.ranks):
            coins.append(Piece(f"coin-{suit.name}-{rank}", coin,
                               partial(draw_coin_side, spec=spec, suit=suit, rank=None),
                               partial(draw_coin_side, spec=spec, suit=suit, rank=rank)))
        dice.append(Piece(f"die-{suit.name}", Outline(net.outline, net.folds),
                          partial(draw_die_net, spec=spec, suit=suit, net=net)))
        for n in range(spec.pawns.per_suit):
            pawns.append(Piece(f"pawn-{suit.name}" + (f"-{n + 1}" if n else ""), pawn,
                               partial(draw_pawn, spec=spec, suit=suit)))
    ref, chart = spec.reference_card, spec.payoff_chart
    references = [Piece(f"reference-card-{n + 1}", ref.piece.rect(),
                        partial(draw_reference_card, spec=spec)) for n in range(ref.copies)]
    charts = [Piece(f"payoff-chart-{n + 1}", chart.piece.rect(),
                    partial(draw_payoff_chart, spec=spec)) for n in range(chart.copies)]
    track = [Piece("score-track", Rect(*track_size(spec.score_track)), partial(draw_score_track, spec=spec))]
    return [
        Component("tile", "Tiles", tiles),
        Component("coin", "Coins", coins, gutter=spec.coins.gutter_mm),
        Component("die", "Dice", dice, gutter=4.0),
        Component("pawn", "Pawns", pawns, gutter=4.0),
        Component("reference-card", "Reference cards", references),
        Component("score-track", "Score track", track),
        Component("payoff-chart", "Payoff chart", charts),
    ]


GAME = Game(name="blood_diamonds", spec=BloodDiamondsSpec, components=components, rules=rules)
