"""The words of Diamond Mine: a reference card for each player and the rules sheet, all in our own
phrasing. The numbers they print (the carry limit, when the game ends, what diamonds score) come from
the file's `reference_card:` block, which diamond_mine.reference holds to the rules; the setup's
numbers come from the rules and the pyramids that print.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from generator.kit.prose import (FLOOR_PT, columns_of, flow, flow_pages, prose_size, rules_sheet_component,
                                 rules_sheet_errors)
from generator.kit.prose import rules_pages as prose_rules_pages
from generator.kit.layouts import register_drawer
from generator.kit.text import counted, listed
from generator.model import Area, Component, Piece, PieceGeometry
from generator.schema import spec_field, where
from generator.validate import error

from .board import opposite_homes, quadrants
from .cards import card_size_errors
from .faces import element_box, face
from .names import colour_label, colour_mark, labels, times_word, title
from .pyramids import PIPS, flawless_stash, pyramid_counts
from .rulebook import (CARRY_PIPS, END_EXHAUSTED, FLAWLESS_ADDED_FOR, FLAWLESS_TIMES, MOVES, NESTS,
                       OWN_COLOUR_TIMES, PLAYER_COUNTS, POINTS, rules)


@dataclass(kw_only=True)
class ReferenceCard:
    piece: PieceGeometry = spec_field(template="pieces")
    carry_pips: int = spec_field(CARRY_PIPS, minimum=1, maximum=20)  # a small is 1 pip, a medium 2
    #: The exhausted veins that end the game, for each player count it is played with; the whole mapping
    #: left out is the rules', but one given must name every count (diamond_mine.reference).
    end_exhausted: dict[int, int] = spec_field(default_factory=lambda: dict(END_EXHAUSTED), minimum=1, maximum=64)
    #: What a small and a medium diamond score: likewise, the rules' if left out, else both.
    points: dict[str, int] = spec_field(default_factory=lambda: dict(POINTS), minimum=0, maximum=100)
    own_colour_times: int = spec_field(OWN_COLOUR_TIMES, minimum=1, maximum=10)
    flawless_times: int = spec_field(FLAWLESS_TIMES, minimum=1, maximum=10)

    def ends(self) -> dict[int, int]:
        """The end the card prints for each player count: the file's. An entry it leaves out is an error
        (diamond_mine.reference); a draft prints the rules' number there rather than none."""
        return {**END_EXHAUSTED, **self.end_exhausted}

    def scores(self) -> dict[str, int]:
        """What the card prints a small and a medium diamond score: the file's (in a draft, the rules' where
        it gives none)."""
        return {**POINTS, **self.points}


# ---------------------------------------------------------------------------------------------
# Words, with the numbers taken from the spec (data/words/diamond_mine.yaml holds the sentences)
# ---------------------------------------------------------------------------------------------

def player_counts(spec) -> list[int]:
    """The player counts the words speak of: the file's, as far as the rules know them."""
    return sorted({n for n in spec.players if n in PLAYER_COUNTS}) or list(PLAYER_COUNTS)


def end_text(spec) -> str:
    """When the game ends, for each player count: the rules count exhausted veins."""
    words, ends = spec.words, spec.reference_card.ends()
    said = []
    for players in player_counts(spec):
        veins = ends[players]
        moment = words("end.moment.all" if veins == NESTS[players] else "end.moment.count", veins=veins)
        said.append(words("end.next" if said else "end.first", players=players, moment=moment))
    return "".join(said) + words("end.close")


def carry_text(spec) -> str:
    return spec.words("carry", pips=spec.reference_card.carry_pips, small=PIPS["small"], medium=PIPS["medium"])


def seats_text(spec) -> str:
    """Two players sit at opposite corners: the colours whose homes face each other across the board."""
    words = spec.words
    pairs = [words("seats.pair", first=colour_label(spec, a), second=colour_label(spec, b))
             for a, b in opposite_homes(spec)]  # none: diamond_mine.board says so
    if not pairs:
        return words("seats")
    return words("seats.pairs", pairs=f", {words('or')} ".join(pairs))


def flawless_text(spec) -> str:
    """Which diamonds are flawless: with 2 players a colour no one plays, drawn at random; with 4 the
    optional fifth colour."""
    counts, flawless, words = player_counts(spec), spec.flawless, spec.words
    said = [words("flawless.score", times=times_word(spec, spec.reference_card.flawless_times))]
    if 2 in counts:
        said.append(words("flawless.two"))
    if FLAWLESS_ADDED_FOR in counts:
        said.append(words("flawless.four", players=FLAWLESS_ADDED_FOR, colour=colour_label(spec, flawless.name))
                    if flawless is not None else words("flawless.four.none", players=FLAWLESS_ADDED_FOR))
    return " ".join(said)


def scoring_blocks(spec) -> list[tuple]:
    ref, words = spec.reference_card, spec.words
    points = ref.scores()
    return [
        ("b", words("scoring.points", small=points["small"], medium=points["medium"])),
        ("b", words("scoring.times", own=times_word(spec, ref.own_colour_times), own_times=ref.own_colour_times,
                    flawless=times_word(spec, ref.flawless_times), flawless_times=ref.flawless_times)),
        ("b", words("scoring.win")),
    ]


def reference_blocks(spec) -> list[tuple]:
    """The rules in brief: a round, moving, diamonds, exhausted veins, the end and scoring."""
    ref, words = spec.reference_card, spec.words
    counts, veins, points = player_counts(spec), ref.ends(), ref.scores()
    ends = f", {words('or')} ".join(
        words("reference.end.all" if veins[n] == NESTS[n] else "reference.end.count", veins=veins[n], players=n)
        for n in counts)
    flawless = []
    if 2 in counts:
        flawless.append(words("reference.flawless.two"))
    if FLAWLESS_ADDED_FOR in counts:
        flawless.append(words("reference.flawless.four", players=FLAWLESS_ADDED_FOR,
                              colour=colour_label(spec, spec.flawless.name)) if spec.flawless is not None
                        else words("reference.flawless.four.none", players=FLAWLESS_ADDED_FOR))
    pips = dict(pips=ref.carry_pips, small=PIPS["small"], medium=PIPS["medium"])
    return [
        ("h", words("reference.round")),
        ("n", words("reference.round.choose")),
        ("n", words("reference.round.move", line=words("move.line"))),
        ("n", words("reference.round.lead", first=words("first.player"))),
        ("h", words("reference.moving")),
        ("b", words("reference.moving.block")),
        ("b", words("reference.moving.must")),
        ("h", words("reference.diamonds")),
        ("b", words("reference.diamonds.explore", **pips)),
        ("b", words("reference.diamonds.drop")),
        ("b", words("reference.diamonds.bank")),
        ("h", words("reference.exhausted")),
        ("b", words("reference.exhausted.tip")),
        ("h", words("reference.end")),
        ("b", words("reference.end.when", ends=ends)),
        ("b", words("reference.score", small=points["small"], medium=points["medium"],
                    own=ref.own_colour_times, flawless=ref.flawless_times,
                    who=words("reference.flawless.join").join(flawless))),
    ]


def rules_blocks(spec) -> list[tuple]:
    words = spec.words
    counts = pyramid_counts(spec)
    players = player_counts(spec)
    opaque = [c.name for c in spec.colours if c.opaque]
    bag = [c.name for c in spec.colours if not c.opaque]
    nests = sum(counts.get((name, "large"), 0) for name in opaque)
    per = spec.pyramids.stash
    flawless = colour_label(spec, spec.flawless.name) if spec.flawless is not None else None
    adds_flawless = flawless_stash(spec) is not None
    marked = [*bag, *([spec.flawless.name] if adds_flawless else [])]
    marks = ", ".join(f"{colour_mark(spec, name)} {colour_label(spec, name)}" for name in marked)
    nest_rows = [("b", words("rules.setup.nests", players=n, nests=NESTS[n], each=NESTS[n] // n)) for n in players]
    cards = listed(spec.words, spec.movement_cards.cards, none=spec.words("none"))
    in_box = [
        ("b", words("rules.print.board", quadrants=len(quadrants(spec.board)))),
        ("b", words("rules.print.nests", nests=nests, colours=labels(spec, opaque))),
        ("b", words("rules.print.diamonds", colours=labels(spec, bag), per=per, marks=marks)
         + (" " + words("rules.print.flawless", per=per, colour=flawless, players=FLAWLESS_ADDED_FOR)
            if adds_flawless else "")),
        ("b", words("rules.print.pawns", colours=labels(spec, spec.player_colours))),
        ("b", words("rules.print.cards", cards=cards)),
    ]
    moves = ", ".join(words("rules.round.card", rank=rank, moves=n) for rank, n in MOVES.items())
    return [
        ("title", words("rules.title", title=title(spec))),
        ("p", words("rules.intro", players=listed(spec.words, players, "or", none=spec.words("none")))),
        ("h", words("rules.print")),
        *in_box,
        ("h", words("rules.need")),
        ("b", words("rules.need.bag")),
        ("b", words("rules.need.tools")),
        ("h", words("rules.making")),
        ("p", words("rules.making.text")),
        ("h", words("rules.setup")),
        ("n", words("rules.setup.board") + (f" {seats_text(spec)}" if 2 in players else "")),
        ("n", words("rules.setup.bag.flawless", colour=flawless, players=FLAWLESS_ADDED_FOR) if adds_flawless
         else words("rules.setup.bag")),
        ("n", words("rules.setup.fill")),
        *nest_rows,
        ("n", words("rules.setup.place")),
        ("n", words("rules.setup.pawn")),
        ("n", flawless_text(spec)),
        ("h", words("rules.round")),
        ("n", words("rules.round.choose")),
        ("n", words("rules.round.reveal")),
        ("n", words("rules.round.move", first=words("first.player"), cards=moves, line=words("move.line"))),
        ("n", words("rules.round.lead")),
        ("h", words("rules.moving")),
        ("b", words("rules.moving.block")),
        ("b", words("rules.moving.must")),
        ("h", words("rules.explore")),
        ("b", words("rules.explore.lift")),
        ("b", carry_text(spec)),
        ("b", words("rules.explore.drop")),
        ("b", words("rules.explore.bank")),
        ("h", words("rules.exhausted")),
        ("b", words("rules.exhausted.text")),
        ("h", words("rules.end")),
        ("p", end_text(spec)),
        ("h", words("rules.scoring")),
        *scoring_blocks(spec),
        ("h", words("rules.fine")),
        ("b", words("rules.fine.order")),
        ("b", words("rules.fine.pass")),
        ("b", words("rules.fine.home")),
        ("b", words("rules.fine.seen")),
    ]


# ---------------------------------------------------------------------------------------------
# Faces
# ---------------------------------------------------------------------------------------------

# A reference card's face is the layout reference-card (templates/layouts.yaml, diamond_mine-faces):
# the player's colour across the top naming the card, and the rules in brief in its `rules` box.

RULES_TEXT = "diamond_mine.rules-text"


@register_drawer(RULES_TEXT)
def draw_rules_text(canvas, box, row: dict, face, element) -> None:
    """The row's blocks of words flowing down the box, inside the safe margin, at the row's body size."""
    x, y, w, h = box
    with canvas.saved():
        canvas.translate(x, y)
        flow(canvas, columns_of(Area(w, h, 0.0), face.style, 1, face.style.safe_mm), list(row["blocks"]), face.style,
             row["body"])


def reference_area(spec, style) -> Area:
    """The box the reference card's words flow in, where its layout puts them, as an Area."""
    piece = spec.reference_card.piece
    box = element_box(spec, "reference-card", RULES_TEXT, Area(piece.width_mm, piece.height_mm, 0.0), style)
    if box is None:  # a layout without the words: measured on the whole card
        return Area(piece.width_mm, piece.height_mm, 0.0)
    _, _, width, height = box
    return Area(width, height, 0.0)


def reference_fit(spec, blocks: list[tuple] | None = None) -> tuple[float, float]:
    """(body size, overflow) of the reference card's words (or of one side's `blocks`) in the box its
    layout gives them; overflow above 0 means they do not fit."""
    style = spec.style.resolve("reference-card", safe_mm=spec.reference_card.piece.safe_mm)
    return prose_size(reference_area(spec, style), reference_blocks(spec) if blocks is None else blocks, style, 1)


def reference_sides(spec) -> list[list[tuple]]:
    """The reference card's words on its front, or, if they do not fit there at all, on its front and its
    back (a longer translation turns the card over rather than failing). Only then: a build with
    --duplex off prints no backs."""
    return flow_pages(reference_blocks(spec), partial(reference_fit, spec), most=2)


def reference_component(spec) -> Component:
    piece = spec.reference_card.piece
    colours = {c.name: c for c in spec.colours}
    sides = reference_sides(spec)
    body = min(reference_fit(spec, side)[0] for side in sides)
    pieces = []
    for player in spec.player_colours:
        if player not in colours:
            continue
        piece_id = f"reference-card-{player}"
        style = spec.style.resolve("reference-card", player, piece=piece_id, safe_mm=piece.safe_mm)
        card_title = spec.words("reference.title", title=title(spec), player=colour_label(spec, player),
                                mark=colour_mark(spec, player))
        colour = colours[player].colour
        faces = [face(spec, "reference-card", style, piece.corner_radius_mm, title=card_title, colour=colour,
                      on_colour=style.ink_on(colour), blocks=tuple(side), body=body) for side in sides]
        pieces.append(Piece(piece_id, piece.rect(), *faces))
    return Component("reference-card", spec.words("component.reference-card"), pieces)


SPLIT_PT = 7.5  # rules that would print smaller than this on one sheet flow onto a second
RULES_SHEETS = 2


def more_title(spec) -> tuple:
    return ("title", spec.words("rules.title.more", title=title(spec)))


def rules_pages(spec) -> list[list[tuple]]:
    """The rules sheet's pages: one sheet, or two if the rules print under SPLIT_PT on one (a longer
    translation flows on rather than shrinking under the legible floor)."""
    return prose_rules_pages(spec, rules_blocks(spec), more_title(spec), SPLIT_PT, RULES_SHEETS)


def rules_component(spec) -> Component:
    return rules_sheet_component(spec, rules_blocks(spec), more_title(spec), SPLIT_PT, RULES_SHEETS)


# ---------------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------------

def rules_end(players: int) -> str:
    """When the rules end a game of `players`, in the validator's words."""
    veins = END_EXHAUSTED[players]
    return (f"when all {veins} veins are exhausted" if veins == NESTS[players]
            else f"when {veins} veins are exhausted")


@rules.rule("diamond_mine.reference", "the reference card prints the rules' numbers (carry limit, the end for "
                                      "each player count, scores); it and the rules sheet hold their words at a "
                                      "legible size")
def check_reference(spec):
    ref = spec.reference_card
    if ref.carry_pips != CARRY_PIPS:
        yield error(where(ref, "carry_pips"), f"the card says a player carries {counted(ref.carry_pips, 'pip')}; the "
                                              f"rules allow {CARRY_PIPS} (a small and a medium, or three smalls)")
    # Every player count the game is played with needs its end, or a table of that many cannot know it.
    for players in player_counts(spec):
        if players not in ref.end_exhausted:
            yield error(where(ref, "end_exhausted"),
                        f"the card does not say when a {players} player game ends; the rules end it "
                        f"{rules_end(players)}; add {players}: {END_EXHAUSTED[players]} to end_exhausted")
    for players, veins in ref.end_exhausted.items():
        place = where(ref, f"end_exhausted[{players}]")
        rule = END_EXHAUSTED.get(players)
        if rule is None:
            yield error(place, f"the card ends a {players} player game, which the rules do not know: they end a "
                               + " and a ".join(f"{n} player game at {END_EXHAUSTED[n]} exhausted veins"
                                                for n in END_EXHAUSTED) + "; remove it")
        elif veins != rule:
            yield error(place, f"the card ends a {players} player game at {counted(veins, 'exhausted vein')}; the "
                               f"rules end it at {rule}")
    for size, points in POINTS.items():
        if size not in ref.points:
            yield error(where(ref, "points"), f"the card does not say what a {size} diamond scores; the rules score "
                                              f"it {points}; add {size}: {points} to points")
    for size, points in ref.points.items():
        place = where(ref, f"points[{size}]")
        if size not in POINTS:
            yield error(place, f"the card scores {size!r} pyramids, which the rules do not: only small and medium "
                               "pyramids are diamonds (large ones are the nests and pawns); remove it")
        elif points != POINTS[size]:
            yield error(place, f"the card scores a {size} diamond {points}; the rules score it {POINTS[size]}")
    if ref.own_colour_times != OWN_COLOUR_TIMES:
        yield error(where(ref, "own_colour_times"), f"the card multiplies your own colour by {ref.own_colour_times}; "
                                                    f"the rules double it (x{OWN_COLOUR_TIMES})")
    if ref.flawless_times != FLAWLESS_TIMES:
        yield error(where(ref, "flawless_times"), f"the card multiplies flawless diamonds by {ref.flawless_times}; "
                                                  f"the rules triple them (x{FLAWLESS_TIMES})")
    yield from card_size_errors(where(ref, "piece"), "reference card", ref.piece)
    overflow = max(reference_fit(spec, side)[1] for side in reference_sides(spec))
    if overflow > 0:
        yield error(where(ref, "piece"), f"the reference card's words do not fit a {ref.piece.width_mm:g} x "
                                         f"{ref.piece.height_mm:g} mm card at {FLOOR_PT:g} pt, even on both sides "
                                         f"({overflow:.1f} mm over); give it a larger piece")
    yield from rules_sheet_errors(spec, rules_blocks(spec), more_title(spec), SPLIT_PT, RULES_SHEETS)
