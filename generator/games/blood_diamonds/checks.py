"""The validator's rules for a Blood Diamonds file: the six pack, the players, the sizes, the words,
and whether the parts on a tile, coin, die or pawn stay clear of each other and of the cut."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import wraps
from itertools import combinations

from generator import fonts
from generator.errors import InputError, Location, did_you_mean
from generator.kit.layouts import Layouts, element_boxes
from generator.kit.prose import FLOOR_PT, PAPER_ROOM_MM, block_texts, overflowing_words
from generator.kit.text import counted
from generator.model import Area
from generator.schema import where
from generator.styles import Style
from generator.validate import error

from .labels import role_label, role_label_from_words, suit_label, word_place, words_of
from .paper import reference_back, reference_fits, reference_front, reference_height, rules_errors
from .rulebook import (CLEARANCE_MM, MIN_DIE_FACE_MM, PLAYERS, RANKS, SHIFT_CLEAR_MM, SUIT_ROLES, SUIT_SYMBOLS, SUITS,
                       TRACK_SQUARES, WIN, rules)
from .specs import BloodDiamondsSpec, Role, Suit, rank_name
from .pieces import (Box, coin_sides, coin_styles, die_face_parts, die_style, drawn_pawns, face, pawn_face,
                     pawn_styles, tile_back, tile_front, tile_styles)
from .payoff import full_payoff_chart, payoff_fields, payoff_fits, payoff_size, payoff_style, sale_key
from .track import track_squares


SUIT_NAME = re.compile(r"^[^\W_]+([-_][^\W_]+)*$")  # a word: letters or digits of any script, parts joined by - or _
# ---------------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------------

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
    if len(spec.suits) != SUITS:
        yield error(where(spec, "suits"), f"{counted(len(spec.suits), 'suit')}; a six pack has {SUITS}")
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
        elif not PLAYERS[0] <= count <= PLAYERS[1]:
            yield error(where(spec, f"players[{index}]"), f"{counted(count, 'player')}: Blood Diamonds is for "
                                                          f"{PLAYERS[0]} to {PLAYERS[1]}")
        elif count > len(spec.suits):
            yield error(where(spec, f"players[{index}]"),
                        f"{counted(count, 'player')} but only {counted(len(spec.suits), 'suit')} to draw")
    if not spec.players:
        yield error(where(spec), f"players is empty; Blood Diamonds is for {PLAYERS[0]} to {PLAYERS[1]}")


@rules.rule("blood_diamonds.sizes", "square tiles with corners that still meet, coins at most half a tile wide, die "
                                    "faces large enough to read, glue tabs that fit inside the die, cards that fit a "
                                    "sheet")
def check_sizes(spec: BloodDiamondsSpec):
    tile, coin = spec.tiles.piece, spec.coins.piece
    if abs(tile.width_mm - tile.height_mm) > 1e-6:
        yield error(where(spec.tiles, "piece"), f"tiles {tile.width_mm:g} x {tile.height_mm:g} mm are not square; the "
                                                "diamond field is laid by whole and half tile edges, so a piecepack "
                                                "tile is square (piecepack-tile)")
    elif tile.corner_radius_mm > (most := (tile.width_mm / 2) / 2):  # half an edge straight, the corners share the rest
        yield error(where(spec.tiles, "piece"), f"tile corners rounded {tile.corner_radius_mm:g} mm on a "
                                                f"{tile.width_mm:g} mm tile leave its edges too short to meet along "
                                                f"half an edge; round them {most:g} mm at most")
    for owner, what in ((spec.reference_card, "reference card"), (spec.payoff_chart, "payoff chart")):
        size = sorted((owner.piece.width_mm, owner.piece.height_mm))
        short, long = PAPER_ROOM_MM
        if size[0] > short or size[1] > long:
            yield error(where(owner, "piece"), f"a {what} {owner.piece.width_mm:g} x {owner.piece.height_mm:g} mm does "
                                               f"not fit a sheet of A4 or Letter ({short:g} x {long:g} mm "
                                               "at most, either way round)")
    if coin.width_mm > tile.width_mm / 2 + 1e-9:
        yield error(where(spec.coins, "piece"),
                    f"coins {coin.width_mm:g} mm across are more than half a {tile.width_mm:g} mm tile")
    if spec.dice.face_mm < MIN_DIE_FACE_MM:
        yield error(where(spec.dice, "face_mm"), f"die faces of {spec.dice.face_mm:g} mm are too small to read; use "
                                                 f"{MIN_DIE_FACE_MM:g} mm or more")
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
    if sorted(numbers) != list(range(TRACK_SQUARES)):
        yield error(where(track), f"the track numbers {numbers[0]} to {numbers[-1]} "
                                  f"({counted(len(numbers), 'square')}); "
                                  f"it must cover 0 to {TRACK_SQUARES - 1} exactly once")
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


def printing(spec: BloodDiamondsSpec):
    """Page 1's box says what only this game knows (a bag, card for the tiles, how to fold the dice and
    pawns): the game file's `printing:` lists where it gives them, else the words file's, and a chosen
    translation's beat both."""
    given, words = spec.printing, words_of(spec)
    prefix = "printing.stock."
    stock = dict(given.stock)
    for key in [key for key in words.texts if key.startswith(prefix)]:
        stock[key[len(prefix):]] = words.prefer(key, given.stock.get(key[len(prefix):]))
    return given.with_lines(words.prefer_list("printing.bring.", given.bring or None), stock,
                            words.prefer_list("printing.step.", given.steps or None))


@rules.rule("blood_diamonds.printing", "page 1's printing words name this game's pieces, and every line has words")
def check_printing(spec: BloodDiamondsSpec):
    box = printing(spec)
    for name, text in box.stock.items():
        if name not in COMPONENT_NAMES:
            meant = did_you_mean(str(name), COMPONENT_NAMES) or f" (the components: {', '.join(COMPONENT_NAMES)})"
            yield error(where(box, "stock"), f'printing.stock names no component "{name}"{meant}')
        elif not str(text or "").strip():
            yield error(where(box, f"stock[{name}]"), f"printing.stock.{name} has no words; say what to print "
                                                      "it on, or leave it out for the words file's")
    for field in ("bring", "steps"):
        for index, text in enumerate(getattr(box, field)):
            if not str(text).strip():
                yield error(where(box, f"{field}[{index}]"), f"printing.{field}[{index}] has no words; write "
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
    sides = zip(("front", "back"), reference_fits(spec, height), (reference_front(spec), reference_back(spec)))
    for side, (_, overflow), blocks in sides:
        if overflow > 0:
            here, shorten = overflowing_words(spec, block_texts(blocks), where(spec.reference_card, "piece"))
            yield error(here, f"the reference card's {side} does not fit a {card.width_mm:g} x {card.height_mm:g} mm "
                              f"card{'' if height == card.height_mm else f', nor one {height:g} mm tall,'} at "
                              f"{FLOOR_PT:g} pt ({overflow:.1f} mm over); give reference_card a larger piece (a6-card) "
                              f"or {shorten or 'fewer words'}")
    chart = spec.payoff_chart.piece
    chart_face = face(spec, "payoff-chart", payoff_style(spec), **payoff_fields(spec))
    width, height = payoff_size(spec, chart_face)
    if not payoff_fits(chart_face, width, height):
        grown = "" if (width, height) == (chart.width_mm, chart.height_mm) else f", nor one {width:g} x {height:g} mm"
        yield error(where(spec.payoff_chart, "piece"),
                    f"the payoff chart does not fit a {chart.width_mm:g} x {chart.height_mm:g} mm card{grown} at "
                    f"{FLOOR_PT:g} pt; give payoff_chart a larger piece (poker-card) or fewer words")
    yield from rules_errors(spec)


def _overlap(a: Box, b: Box) -> bool:
    (a_left, a_top, a_right, a_bottom), (b_left, b_top, b_right, b_bottom) = a, b
    return (min(a_right, b_right) - max(a_left, b_left) > CLEARANCE_MM
            and min(a_bottom, b_bottom) - max(a_top, b_top) > CLEARANCE_MM)


def _outside(part: Box, field: Box) -> bool:
    (left, top, right, bottom), (field_left, field_top, field_right, field_bottom) = part, field
    return (left < field_left - CLEARANCE_MM or top < field_top - CLEARANCE_MM or right > field_right + CLEARANCE_MM
            or bottom > field_bottom + CLEARANCE_MM)


def clash(parts: dict[str, Box], field: Box, edge: str) -> str | None:
    """The first clash on a face, in words: a part that leaves its field, or two parts that overlap."""
    for name, (left, top, right, bottom) in parts.items():
        if right < left or bottom < top or _outside((left, top, right, bottom), field):
            return f"its {name} reaches past {edge}"
    for (a, box_a), (b, box_b) in combinations(parts.items(), 2):
        if _overlap(box_a, box_b) and not _within(box_a, box_b) and not _within(box_b, box_a):
            return f"its {a} and its {b} overlap"  # a part wholly on another (a symbol on its disc) stands on it
    return None


def _within(part: Box, ground: Box) -> bool:
    return not _outside(part, ground)


def inked(face, width: float, height: float) -> tuple[dict[str, Box], dict[str, Box]]:
    """Where a face's elements put their ink, as its layout places them: (the parts, the frames), a
    frame or ring (a drawer of the style's border) being the edge the parts keep inside, not a part."""
    parts = element_boxes(face, Area(width, height, 0.0))
    frames = {name: parts.pop(name) for name, element in face.layouts.layouts[face.layout]
              if element.draw in FRAME_DRAWERS and name in parts}
    return parts, frames


FRAME_DRAWERS = ("blood_diamonds.frame", "blood_diamonds.ring", "blood_diamonds.pawn-panels")  # grounds, not parts


def tile_clash(face, width: float, height: float, style: Style) -> str | None:
    """Whether a tile's parts overlap, or leave the field inside its frame (and the safe margin)."""
    parts, frames = inked(face, width, height)
    left, top, right, bottom = style.safe_mm, style.safe_mm, width - style.safe_mm, height - style.safe_mm
    line = style.line_mm
    for frame_left, frame_top, frame_right, frame_bottom in frames.values():  # its inner edge: a line inside its ink
        left, top = max(left, frame_left + line), max(top, frame_top + line)
        right, bottom = min(right, frame_right - line), min(bottom, frame_bottom - line)
    return clash(parts, (left, top, right, bottom), "the frame")


def pawn_clash(face, pawns) -> str | None:
    """Whether the parts on a pawn's upright panel (the lower) overlap, or leave it: its elements drawn
    once, the turned copies on the upper panel being the same parts."""
    layouts = face.layouts
    once = [(name, replace(element, head_to_head=False)) for name, element in layouts.layouts[face.layout]]
    upright = replace(face, layouts=Layouts({**layouts.layouts, face.layout: once}, layouts.backgrounds,
                                            layouts.palette, layouts.reader))
    parts, _ = inked(upright, pawns.width_mm, 2 * (pawns.height_mm + pawns.base_mm))
    low, high = pawns.base_mm + pawns.height_mm, pawns.base_mm + 2 * pawns.height_mm
    return clash(parts, (0, low, pawns.width_mm, high), "the panel")


def coin_clash(sides, width: float, style: Style) -> str | None:
    """Whether the symbol or the rank in the middle of a coin reaches over its ring."""
    r = width / 2
    for side, face in zip((None, "value"), sides):
        parts, rings = inked(face, width, width)
        for ring in rings.values():
            inside = (ring[2] - ring[0]) / 2 - style.line_mm
            for what, box in parts.items():
                if farthest(box, r) > inside + CLEARANCE_MM:
                    return f"its {what} reaches over the ring" + ("" if side is None else " on its value side")
    return None


def farthest(box: Box, r: float) -> float:
    """How far the corner of `box` farthest from a coin's centre (r, r) lies from it."""
    left, top, right, bottom = box
    return max(math.hypot(x - r, y - r) for x in (left, right) for y in (top, bottom))


def layout_clashes(spec: BloodDiamondsSpec):
    """(component, piece id, clash or None) for every tile, coin, die and pawn, its parts placed as
    the layouts, sizes and styles in the file place them."""
    tile, coin, f = spec.tiles.piece, spec.coins.piece, spec.dice.face_mm
    for suit in spec.suits:
        for piece_id, rank, style in tile_styles(spec, suit):
            yield "tile", piece_id, tile_clash(tile_front(spec, suit, rank, style), tile.width_mm, tile.height_mm, style)
        for piece_id, rank, style in coin_styles(spec, suit):
            yield "coin", piece_id, coin_clash(coin_sides(spec, suit, rank, style), coin.width_mm, style)
        piece_id, style = die_style(spec, suit)
        faces = (clash(die_face_parts(f, style, rank_name(rank)), (0, 0, f, f), "the face") for rank in spec.dice.faces)
        yield "die", piece_id, next(filter(None, faces), None)
        pawns = drawn_pawns(spec)
        for piece_id, style in pawn_styles(spec, suit):
            yield "pawn", piece_id, pawn_clash(pawn_face(spec, suit, style, pawns), pawns)


LAYOUT_FIX = {
    "tile": ("tiles", "piece", "give the tiles more room, the tile style a smaller border_mm, line_mm, safe_mm or "
                               "title size, or move the part in layouts.tile (pnp layouts blood_diamonds)"),
    "coin": ("coins", "piece", "give the coins more room, no ring (frame: false), or smaller parts in layouts.coin-suit "
                               "and coin-value (pnp layouts blood_diamonds)"),
    "die": ("dice", "face_mm", "give the die faces more room, or the die style a smaller safe_mm"),
    "pawn": ("pawns", "height_mm", "make the pawns taller, the pawn style's title size smaller, or move the part in "
                                   "layouts.pawn (pnp layouts blood_diamonds)"),
}

# Tiles and coins are printed on both sides, and a duplex printer lays a back 1-2 mm off its front: a
# ring or frame near the cut would then sit off-centre on one side or the other. So within
# SHIFT_CLEAR_MM of the cut a two-sided piece shows nothing but its background, on either side.

def edges(face, width: float, height: float, round_piece: bool = False) -> dict[str, float]:
    """How far each element of a face keeps its ink inside the cut, in mm: the nearest side of its box,
    or on a coin the corner farthest from the middle (a ring: its box's side). An element that runs
    into the bleed (`bleed: true`, a back's grid) crosses the cut at right angles however the back
    shifts, as the background does, and no edge of it runs along the cut."""
    parts, frames = inked(face, width, height)
    bled = {name for name, element in face.layouts.layouts[face.layout] if element.bleed}
    found = {name: min(left, top, width - right, height - bottom) for name, (left, top, right, bottom)
             in frames.items()}
    for name, (left, top, right, bottom) in parts.items():
        if name not in bled:
            found[name] = width / 2 - farthest((left, top, right, bottom), width / 2) if round_piece else \
                min(left, top, width - right, height - bottom)
    return found


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
    back = edges(tile_back(spec), tile.width_mm, tile.height_mm)
    for suit in spec.suits:
        for piece_id, rank, style in tile_styles(spec, suit):
            front = edges(tile_front(spec, suit, rank, style), tile.width_mm, tile.height_mm)
            yield "tile", piece_id, nearest((("face", front), ("back", back)))
        for piece_id, rank, style in coin_styles(spec, suit):
            suit_side, value_side = (edges(side, coin.width_mm, coin.width_mm, round_piece=True)
                                     for side in coin_sides(spec, suit, rank, style))
            yield "coin", piece_id, nearest((("suit side", suit_side), ("value side", value_side)))


SHIFT_FIX = {
    "tile": ("tiles", "piece", f"keep the tile style's border_mm (where its frame runs) at {SHIFT_CLEAR_MM:g} or "
                               "more, and the parts in layouts.tile that far inside the cut"),
    "coin": ("coins", "piece", f"keep a ring's border_mm at {SHIFT_CLEAR_MM:g} or more (or no ring: frame: false), and "
                               "the parts in layouts.coin-suit and coin-value that far inside the cut"),
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
