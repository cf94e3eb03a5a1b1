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

from generator import fonts
from generator.canvas import PT, Canvas
from generator.colour_rules import MeaningColour
from generator.fonts import text_width
from generator.kit import tracks
from generator.kit.nets import FlatNet, cube_net, unfold
from generator.kit.prose import FLOOR_PT, RulesSheet, rules_sheet_errors
from generator.kit.symbols import SUITS, draw_symbol
from generator.kit.text import fit_line, fit_size, measure_drawing, top_baseline
from generator.model import Area, Component, Piece, PieceGeometry, fill_bleed, spread
from generator.plugins import Game, GameSpec
from generator.schema import Colour, spec_field, where
from generator.shapes import Circle, Outline, Rect
from generator.styles import Style
from generator.validate import RuleBook, error

from .paper import reference_component, reference_fits, rules_blocks, rules_component

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


@rules.rule("blood_diamonds.text-fits", "the reference card, the payoff chart and the rules sheet hold their words at "
                                        "7 pt or more")
def check_text_fits(spec: BloodDiamondsSpec):
    card = spec.reference_card.piece
    for side, (_, overflow) in zip(("front", "back"), reference_fits(spec)):
        if overflow > 0:
            yield error(where(spec.reference_card, "piece"),
                        f"the reference card's {side} does not fit a {card.width_mm:g} x {card.height_mm:g} mm card at "
                        f"{TEXT_FLOOR_PT:g} pt ({overflow:.1f} mm over); give reference_card a larger piece (a6-card)")
    chart = spec.payoff_chart.piece
    style = payoff_style(spec)
    if payoff_spill(spec, Area(chart.width_mm, chart.height_mm, 0.0), style, floor_scale(style)) > 1e-6:
        yield error(where(spec.payoff_chart, "piece"),
                    f"the payoff chart does not fit a {chart.width_mm:g} x {chart.height_mm:g} mm card at "
                    f"{TEXT_FLOOR_PT:g} pt; give payoff_chart a larger piece (poker-card)")
    yield from rules_sheet_errors(spec, rules_blocks(spec))


# ---------------------------------------------------------------------------------------------
# Drawing helpers. Every position on a face is a fraction of the face or follows from the sizes
# its style hands it (safe margin, border, line width, text roles), so any piece preset works.
# ---------------------------------------------------------------------------------------------

RANK_GLYPHS = "A2345"  # every rank drawn as a glyph: they share one size, so a set reads evenly
TEXT_FLOOR_PT = FLOOR_PT  # the smallest text the payoff chart shrinks to: legible at the table


def draw_rank(canvas: Canvas, rank: str, cx: float, cy: float, height: float, colour: str, face: str) -> None:
    """A rank centred on (cx, cy), `height` mm tall: the null is an empty ring, the ace an A."""
    if rank == "null":
        canvas.circle(cx, cy, height * 0.42, stroke=colour, width=height * 0.12)
        return
    size = height / fonts.inked_height(RANK_GLYPHS, face)[1]
    canvas.text(cx, cy + height / 2, "A" if rank == "ace" else rank, size, fill=colour, face=face, anchor="middle")


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


BLACK_MARKET = "Black market"


def draw_tile_face(canvas: Canvas, area: Area, style: Style, suit: Suit, rank: str) -> None:
    """The rank large in the middle, the suit in the top-left corner and the location's name along
    the bottom; the corner and the bar along the top edge say which way is up."""
    fill_bleed(canvas, area, style.background)
    draw_frame(canvas, area, style, suit.colour)
    w, h = area.width, area.height
    side = min(w, h)
    top = inner_edge(style) + side * 0.025  # a little air inside the frame
    corner = side * 0.16
    draw_symbol(canvas, suit.symbol, top + corner / 2, top + corner / 2, corner, suit.colour)
    bar_width, bar_height = side * 0.24, side * 0.028
    canvas.rect((w - bar_width) / 2, top, bar_width, bar_height, radius=bar_height / 2, fill=suit.colour)
    draw_rank(canvas, rank, w / 2, h / 2 + side * 0.03, side * 0.38, suit.colour, style.index.face)
    # Where the tile puts a warlord, along the bottom: every null tile is a black market.
    name = BLACK_MARKET if rank == "null" else suit.tile
    room = w - 2 * (inner_edge(style) + side * 0.02)
    size = fit_line(name, style.body.size, room, style.title.face)
    canvas.text(w / 2, h - inner_edge(style) - side * 0.045, name, size, fill=style.ink, face=style.title.face,
                anchor="middle")


def draw_tile_back(canvas: Canvas, area: Area, style: Style) -> None:
    """The same for every tile: a 2 x 2 grid of squares, full bleed, no suit and no rank."""
    fill_bleed(canvas, area, style.back)
    w, h = area.width, area.height
    grid = style.line_mm * 1.3  # a touch bolder than a face's frame: the grid is the back's whole art
    with canvas.saved():
        canvas.clip_rect(*area.bleed_box())  # the lines run into the bleed, and no further
        canvas.line(w / 2, -area.bleed, w / 2, h + area.bleed, stroke=style.back_pattern, width=grid)
        canvas.line(-area.bleed, h / 2, w + area.bleed, h / 2, stroke=style.back_pattern, width=grid)
    for x in (w / 4, 3 * w / 4):
        for y in (h / 4, 3 * h / 4):
            canvas.circle(x, y, min(w, h) * 0.02, fill=style.back_pattern)


def draw_coin_side(canvas: Canvas, area: Area, style: Style, suit: Suit, rank: str | None) -> None:
    """One side of a coin: the suit symbol (rank None) or the rank. Both sides share the same
    background and ring, so only what is printed in the middle tells them apart."""
    fill_bleed(canvas, area, style.background)
    r = area.width / 2
    if style.frame:
        canvas.circle(r, r, r - style.border_mm, stroke=suit.colour, width=style.line_mm)
    room = area.width - 2 * style.safe_mm  # the circle inside the safe margin: a box in it has this diagonal
    if rank is None:
        draw_symbol(canvas, suit.symbol, r, r, min(area.width * 0.5, room / math.sqrt(2)), suit.colour)
    else:
        height = min(area.width * 0.42, room / math.hypot(1.0, rank_aspect(style.index.face)))
        draw_rank(canvas, rank, r, r, height, suit.colour, style.index.face)


# ---------------------------------------------------------------------------------------------
# Dice and pawns: paper models, cut and folded along the lines the core draws
# ---------------------------------------------------------------------------------------------

def die_net(dice: Dice) -> FlatNet:
    """The cross-shaped cube net with its seven glue tabs; face n shows the die's n-th face."""
    return unfold(cube_net(dice.face_mm, dice.tab_mm))


def draw_die_net(canvas: Canvas, area: Area, style: Style, suit: Suit, net: FlatNet, dice: Dice) -> None:
    fill_bleed(canvas, area, style.panel)  # the tabs, and the bleed past the cut line
    f = dice.face_mm
    room = f - 2 * style.safe_mm  # a face may lie on the cut line: its rank keeps the safe margin from it
    height = min(f * 0.5, room, room / rank_aspect(style.index.face))
    for name, rank in zip(sorted(net.faces), map(rank_name, dice.faces)):
        x, y = min(p[0] for p in net.faces[name]), min(p[1] for p in net.faces[name])
        canvas.rect(x, y, f, f, fill=style.background)
        draw_rank(canvas, rank, x + f / 2, y + f / 2, height, suit.colour, style.index.face)
        draw_symbol(canvas, suit.symbol, x + f * 0.16, y + f * 0.16, f * 0.18, suit.colour)


def pawn_shape(pawns: Pawns) -> Rect:
    """A fold-over standee: base, panel, fold, panel, base, folded along the four lines between."""
    w, h, b = pawns.width_mm, pawns.height_mm, pawns.base_mm
    folds = tuple(((0.0, y), (w, y)) for y in (b, b + h, b + 2 * h))
    return Rect(w, 2 * h + 2 * b, fold_lines=folds)


def draw_pawn(canvas: Canvas, area: Area, style: Style, pawns: Pawns, suit: Suit) -> None:
    """The lower panel is drawn upside down so both faces stand upright once folded; the bases
    fold out opposite ways and glue to a coin."""
    w, h, b = pawns.width_mm, pawns.height_mm, pawns.base_mm
    fill_bleed(canvas, area, style.panel)
    # The suit's name on a paper label: pale letters on a mid suit colour (orange, green) are hard to read.
    name, label = suit.name.capitalize(), style.title
    pad = label.size * 0.3
    size = fit_line(name, label.size, w - 2 * (style.safe_mm + pad), label.face)
    band, middle = label.size * 1.6, h * 0.875
    for y0, turned in ((b, True), (b + h, False)):
        with canvas.saved():
            if turned:
                canvas.translate(w, y0 + h)
                canvas.rotate(180)
            else:
                canvas.translate(0, y0)
            canvas.rect(0, 0, w, h, fill=suit.colour)
            canvas.circle(w / 2, h * 0.42, w * 0.4, fill=style.background)
            draw_symbol(canvas, suit.symbol, w / 2, h * 0.42, w * 0.55, suit.colour)
            canvas.rect(style.safe_mm, middle - band / 2, w - 2 * style.safe_mm, band, radius=band * 0.3,
                        fill=style.background)
            baseline = middle + size * fonts.inked_height(name, label.face)[1] / 2
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


def draw_score_track(canvas: Canvas, area: Area, track: ScoreTrack, dice: Dice, style: Style) -> None:
    """The track, every tenth square tinted, and below square 0 the start, where every die waits at 0
    (null face up) for its first sale; past 99 the die's face counts the hundreds."""
    fill_bleed(canvas, area, style.background)
    margin = style.safe_mm
    title, body = style.title, style.body
    indent = margin + title.size * 0.2
    room = area.width - 2 * indent
    heading = "Score track"
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
    # Beside it, what the start is and how the hundreds are counted.
    left = x + width + margin * 2
    lines = [("Start: every die here at 0, null face up.", title.face),
             ("Move yours on by what each sale scores.", body.face),
             ("Past 99, turn the die to its next face:", body.face),
             ("it counts the hundreds.", body.face),
             (f"{track.win} points wins at once.", title.face)]
    size = min(fit_line(words, body.size, area.width - margin - left, face) for words, face in lines)
    baseline = y + size
    for words, face in lines:
        canvas.text(left, baseline, words, size, fill=style.ink, face=face)
        baseline += size * 1.45


# ---------------------------------------------------------------------------------------------
# Payoff chart: Table 2, computed. Like the reference card, its words shrink until they fit.
# ---------------------------------------------------------------------------------------------

PAYOFF_TITLE = "Diamond sales"
PAYOFF_HEADINGS = ("Coins", "Normal", "Swindler")
PAYOFF_NOTE = "Product of the coins; a null makes 0."


def payoff_style(spec: BloodDiamondsSpec, piece_id: str | None = None) -> Style:
    return spec.style.resolve("payoff-chart", piece=piece_id, safe_mm=spec.payoff_chart.piece.safe_mm)


def payoff_cells(spec: BloodDiamondsSpec) -> list[tuple[str, str, str]]:
    """Each row of the chart as printed: the coins, the normal payoff, the swindler's."""
    def shown(points: int | None) -> str:
        return "ignore it" if points is None else str(points)

    rows = [payoff_row(row, spec.payoff_chart.swindler_bonus) for row in spec.payoff_chart.rows]
    return [(label, shown(normal), shown(swindler)) for label, normal, swindler in rows]


def payoff_spill(spec: BloodDiamondsSpec, area: Area, style: Style, scale: float) -> float:
    """How far the chart reaches past the safe margin, across or down, at `scale` (0 or less: it fits)."""
    return measure_drawing(_payoff_chart, area, spec, style, scale)


def draw_payoff_chart(canvas: Canvas, area: Area, spec: BloodDiamondsSpec, style: Style) -> None:
    fill_bleed(canvas, area, style.background)
    scale = fitted_scale(lambda s: payoff_spill(spec, area, style, s), floor_scale(style))
    _payoff_chart(canvas, area, spec, style, scale)


def _payoff_chart(canvas: Canvas, area: Area, spec: BloodDiamondsSpec, style: Style, scale: float) -> float:
    """Draw the chart at `scale` times the style's sizes; return how far it spills past the safe margin."""
    ink, bold, plain = style.ink, style.title.face, style.body.face
    body, title, note = style.body.size * scale, style.title.size * scale, style.small.size * scale
    safe = style.safe_mm
    pad = body * 0.25  # the words' distance from the ends of the tinted rows
    left, right = safe + pad, area.width - safe - pad
    cells = payoff_cells(spec)
    widths = [max(text_width(heading, body, bold), *(text_width(row[i], body, plain) for row in cells))
              for i, heading in enumerate(PAYOFF_HEADINGS)]
    gap = body * 1.5
    spill_across = sum(widths) + 2 * gap - (right - left)
    diamonds = next((s for s in spec.suits if s.symbol == "diamond"), spec.suits[0])
    y = top_baseline(PAYOFF_TITLE, title, bold, safe + title / 4)
    draw_symbol(canvas, "diamond", left + title * 0.55, y - title * 0.35, title * 1.15, diamonds.colour)
    canvas.text(left + title * 1.45, y, PAYOFF_TITLE, fit_line(PAYOFF_TITLE, title, right - left - title * 1.45, bold),
                fill=ink, face=bold)
    y += body * 2.6
    swindler_x = right
    normal_x = swindler_x - widths[2] - gap
    for x, heading, anchor in zip((left, normal_x, swindler_x), PAYOFF_HEADINGS, ("start", "end", "end")):
        canvas.text(x, y, heading, body, fill=style.muted, face=bold, anchor=anchor)
    canvas.line(safe, y + body * 0.42, area.width - safe, y + body * 0.42, stroke=style.line,
                width=style.line_mm * 0.6)
    # The note stands at the foot of the card; the rows spread out to fill the room above it, from
    # a tight 1.3 lines apart to an airy 1.6.
    size = fit_line(PAYOFF_NOTE, note, right - left, style.small.face)
    low, high = fonts.inked_height(PAYOFF_NOTE, style.small.face)
    bottom = area.height - safe
    canvas.text(left, bottom + low * size, PAYOFF_NOTE, size, fill=style.muted, face=style.small.face)
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
    return max(spill_across, spill_down)


# ---------------------------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------------------------

def components(spec: BloodDiamondsSpec) -> list[Component]:
    """Every piece, each drawn in the style resolved for it: component, suit (group), rank, piece id."""
    tile_piece, coin_piece = spec.tiles.piece, spec.coins.piece
    tile, coin = tile_piece.rect(), Circle(coin_piece.width_mm)
    net, pawn = die_net(spec.dice), pawn_shape(spec.pawns)
    # One back for every tile: a back styled per suit or rank would mark its tile.
    tile_back = partial(draw_tile_back, style=spec.style.resolve("tile", safe_mm=tile_piece.safe_mm))
    tiles, coins, dice, pawns = [], [], [], []
    for suit in spec.suits:
        for rank in map(rank_name, spec.tiles.ranks):
            piece_id = f"tile-{suit.name}-{rank}"
            style = spec.style.resolve("tile", suit.name, rank, piece_id, safe_mm=tile_piece.safe_mm)
            tiles.append(Piece(piece_id, tile, partial(draw_tile_face, style=style, suit=suit, rank=rank), tile_back))
        for rank in map(rank_name, spec.coins.ranks):
            # Both sides of a coin tell something (its suit, its rank), so both take the coin's own style.
            piece_id = f"coin-{suit.name}-{rank}"
            style = spec.style.resolve("coin", suit.name, rank, piece_id, safe_mm=coin_piece.safe_mm)
            coins.append(Piece(piece_id, coin, partial(draw_coin_side, style=style, suit=suit, rank=None),
                               partial(draw_coin_side, style=style, suit=suit, rank=rank)))
        piece_id = f"die-{suit.name}"
        style = spec.style.resolve("die", suit.name, piece=piece_id)
        dice.append(Piece(piece_id, Outline(net.outline, net.folds),
                          partial(draw_die_net, style=style, suit=suit, net=net, dice=spec.dice)))
        for n in range(spec.pawns.per_suit):
            piece_id = f"pawn-{suit.name}" + (f"-{n + 1}" if n else "")
            style = spec.style.resolve("pawn", suit.name, piece=piece_id)
            pawns.append(Piece(piece_id, pawn, partial(draw_pawn, style=style, pawns=spec.pawns, suit=suit)))
    chart = spec.payoff_chart
    charts = [Piece(f"payoff-chart-{n}", chart.piece.rect(),
                    partial(draw_payoff_chart, spec=spec, style=payoff_style(spec, f"payoff-chart-{n}")))
              for n in range(1, chart.copies + 1)]
    board = track_style(spec)
    track = [Piece("score-track", Rect(*track_size(spec.score_track, spec.dice, board)),
                   partial(draw_score_track, track=spec.score_track, dice=spec.dice, style=board))]
    return [
        # Dealt round the suits, so each sheet holds a few of every suit: a sheet's duplex shift marks
        # its backs alike, and a suit gathered on one sheet would tell which tile is coming.
        Component("tile", "Tiles", spread(tiles, group=lambda piece: piece.id.split("-")[1])),
        Component("coin", "Coins", coins, gutter=spec.coins.gutter_mm),
        Component("die", "Dice", dice, gutter=4.0),
        Component("pawn", "Pawns", pawns, gutter=4.0),
        reference_component(spec),
        Component("score-track", "Score track", track),
        Component("payoff-chart", "Payoff chart", charts),
        rules_component(spec),
    ]


def meaning_colours(spec: BloodDiamondsSpec) -> list[MeaningColour]:
    """The suit colours, which tell a suit's tiles, coins, die and pawn apart; every suit has its own symbol too."""
    return [MeaningColour(suit.name, suit.colour, suit.symbol, where(suit, "colour")) for suit in spec.suits]


GAME = Game(name="blood_diamonds", spec=BloodDiamondsSpec, components=components, rules=rules,
            meaning_colours=meaning_colours)
