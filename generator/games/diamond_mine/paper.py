"""The words of Diamond Mine: a reference card for each player and the rules sheet, all in our own
phrasing. The numbers they print (the carry limit, when the game ends, what diamonds score) come from
the file's `reference_card:` block, which diamond_mine.reference holds to the rules; the setup's
numbers come from the rules and the pyramids that print.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from generator.kit.prose import FLOOR_PT, columns_of, flow, prose_size, rules_sheet_component, rules_sheet_errors
from generator.kit.text import centred_baseline, counted, fit_line
from generator.model import Area, Component, Piece, PieceGeometry, fill_bleed
from generator.schema import spec_field, where
from generator.shapes import Rect
from generator.styles import Style
from generator.validate import error

from .board import opposite_homes, quadrants
from .cards import squares_word
from .pyramids import PIPS, flawless_stash, pyramid_counts
from .rulebook import (CARRY_PIPS, END_EXHAUSTED, FLAWLESS_ADDED_FOR, FLAWLESS_TIMES, MOVES, NESTS,
                       OWN_COLOUR_TIMES, PLAYER_COUNTS, POINTS, rules)


@dataclass(kw_only=True)
class ReferenceCard:
    piece: PieceGeometry = spec_field(template="pieces")
    carry_pips: int = spec_field(CARRY_PIPS, minimum=1, maximum=20)  # a small is 1 pip, a medium 2
    end_exhausted: dict[int, int] = spec_field(default_factory=lambda: dict(END_EXHAUSTED), minimum=1, maximum=64)
    points: dict[str, int] = spec_field(default_factory=lambda: dict(POINTS), minimum=0, maximum=100)
    own_colour_times: int = spec_field(OWN_COLOUR_TIMES, minimum=1, maximum=10)
    flawless_times: int = spec_field(FLAWLESS_TIMES, minimum=1, maximum=10)

    def __post_init__(self) -> None:
        # An entry the file leaves out is the rules' own, so the card never lacks a number.
        self.end_exhausted = {**END_EXHAUSTED, **self.end_exhausted}
        self.points = {**POINTS, **self.points}


SHEET_SAFE_MM = 6.0  # the rules sheet's margin inside its trim


# ---------------------------------------------------------------------------------------------
# Words, with the numbers taken from the spec
# ---------------------------------------------------------------------------------------------

def names(items: list[str], joint: str = "and") -> str:
    """"red", "red and blue", "red, green and blue" (or with "or")."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return items[0] if items else "none"
    return ", ".join(items[:-1]) + f" {joint} " + items[-1]


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def player_counts(spec) -> list[int]:
    """The player counts the words speak of: the file's, as far as the rules know them."""
    return sorted({n for n in spec.players if n in PLAYER_COUNTS}) or list(PLAYER_COUNTS)


def end_text(spec) -> str:
    """When the game ends, for each player count: the rules count exhausted veins."""
    ends = spec.reference_card.end_exhausted
    moments = []
    for players in player_counts(spec):
        veins = ends[players]
        moment = (f"the last of the {veins} veins is exhausted" if veins == NESTS[players]
                  else f"a {ordinal(veins)} vein is exhausted")
        moments.append((players, moment))
    (first, moment), rest = moments[0], moments[1:]
    return (f"With {counted(first, 'player')} the game ends the moment {moment}"
            + "".join(f"; with {counted(players, 'player')}, the moment {moment}" for players, moment in rest) + ".")


def carry_text(spec) -> str:
    return (f"Carry at most {counted(spec.reference_card.carry_pips, 'pip')}: a small has {PIPS['small']}, a "
            f"medium {PIPS['medium']} (so a medium and a small, or three smalls).")


def seats_text(spec) -> str:
    """Two players sit at opposite corners: the colours whose homes face each other across the board."""
    pairs = [f"{a} and {b}" for a, b in opposite_homes(spec)]  # none: diamond_mine.board says so
    return "With 2 players, take two colours whose homes are opposite corners" + (
        f": {', or '.join(pairs)}." if pairs else ".")


def flawless_text(spec) -> str:
    """Which diamonds are flawless: with 2 players a colour no one plays, drawn at random; with 4 the
    optional fifth colour."""
    counts, flawless = player_counts(spec), spec.flawless
    words = [f"Flawless diamonds score {times_word(spec.reference_card.flawless_times)} for anyone."]
    if 2 in counts:
        words.append("With 2 players, one of the bag colours no one plays is flawless: draw which at random.")
    if FLAWLESS_ADDED_FOR in counts:
        words.append(f"With {FLAWLESS_ADDED_FOR} players every bag colour belongs to someone: play with flawless "
                     "diamonds only if you add "
                     + (f"the {flawless.name} ones to the bag." if flawless is not None
                        else "a fifth coloured stash of your own to the bag."))
    return " ".join(words)


def times_word(times: int) -> str:
    return {2: "double", 3: "triple"}.get(times, f"x{times}")


def scoring_blocks(spec) -> list[tuple]:
    ref = spec.reference_card
    return [
        ("b", f"Only banked diamonds count: a small scores {ref.points['small']}, a medium "
              f"{ref.points['medium']}."),
        ("b", f"Diamonds of your own colour score {times_word(ref.own_colour_times)} (x{ref.own_colour_times}); "
              f"flawless ones score {times_word(ref.flawless_times)} (x{ref.flawless_times}) for anyone."),
        ("b", "Most points wins; players who tie share the win."),
    ]


MOVE_LINE = "along a row, a column or a diagonal"
FIRST_PLAYER = "whoever placed the first nest"  # who leads round 1: the rules leave it open


def reference_blocks(spec) -> list[tuple]:
    """The rules in brief: a round, moving, diamonds, exhausted veins, the end and scoring."""
    ref = spec.reference_card
    counts = player_counts(spec)
    ends = ", or ".join(f"{'all ' if ref.end_exhausted[n] == NESTS[n] else ''}{ref.end_exhausted[n]} with "
                        f"{counted(n, 'player')}" for n in counts)
    flawless = []
    if 2 in counts:
        flawless.append("2 players: an unplayed bag colour, drawn at random")
    if FLAWLESS_ADDED_FOR in counts:
        flawless.append(f"{FLAWLESS_ADDED_FOR} players: " + (f"{spec.flawless.name}, if added" if spec.flawless
                                                             else "a fifth colour, if added"))
    return [
        ("h", "Each round"),
        ("n", "Everyone chooses a movement card in secret, face down; all reveal at once."),
        ("n", "From the round's first player, clockwise: move exactly that many squares in one straight line "
              f"({MOVE_LINE})."),
        ("n", f"The lead passes clockwise: the first player now goes last next round. Round 1: {FIRST_PLAYER} "
              "leads."),
        ("h", "Moving"),
        ("b", "The board's edge, pawns, tipped veins and other players' homes block a line; intact veins do not."),
        ("b", "If the full move is possible in any direction, you must make it; if in none, stay put."),
        ("h", "Diamonds"),
        ("b", "End on an intact vein: lift it, show everyone, take what you can carry: at most "
              f"{counted(ref.carry_pips, 'pip')}, a small has {PIPS['small']}, a medium {PIPS['medium']}."),
        ("b", "While moving, drop diamonds on empty squares, one per square; anyone passing may pick them up."),
        ("b", "Touch your home: everything you carry is banked."),
        ("h", "Exhausted veins"),
        ("b", "Tip an empty vein over. It blocks every pawn, unless it is next to a home."),
        ("h", "End and scoring"),
        ("b", f"The game ends when exhausted veins reach {ends}."),
        ("b", f"Banked diamonds only: small {ref.points['small']}, medium {ref.points['medium']}; your own "
              f"colour x{ref.own_colour_times}, flawless x{ref.flawless_times} ({'; '.join(flawless)}). A tie "
              "shares the win."),
    ]


def rules_blocks(spec) -> list[tuple]:
    counts = pyramid_counts(spec)
    players = player_counts(spec)
    opaque = [c.name for c in spec.colours if c.opaque]
    bag = [c.name for c in spec.colours if not c.opaque]
    nests = sum(counts.get((name, "large"), 0) for name in opaque)
    per = spec.pyramids.stash
    flawless = spec.flawless.name if spec.flawless is not None else None
    adds_flawless = flawless_stash(spec) is not None
    nest_rows = [("b", f"{counted(n, 'player')}: {NESTS[n]} nests, each player placing {NESTS[n] // n}.")
                 for n in players]
    cards = names([rank for rank in spec.movement_cards.cards])
    in_box = [
        ("b", f"A board in {len(quadrants(spec.board))} quadrants. Butt them edge to edge so the half diamonds in "
              "the border meet; tape the seams underneath if you like."),
        ("b", f"{counted(nests, 'large pyramid')} in {names(opaque)}: the veins, also called nests. They are "
              "opaque: no one sees what they hide."),
        ("b", f"Small and medium pyramids in {names(bag)}, {per} of each size per colour: the diamonds."
              + (f" {per} small and {per} medium in {flawless}: flawless diamonds, which {FLAWLESS_ADDED_FOR} "
                 "players may add." if adds_flawless else "")),
        ("b", f"A large pyramid in each of {names(spec.player_colours)}: the pawns."),
        ("b", f"For each player colour the movement cards {cards}, and a reference card."),
    ]
    return [
        ("title", f"{spec.title}: the rules"),
        ("p", f"Prospectors for {names([str(n) for n in players], 'or')} players hunt a mine for diamonds hidden "
              "in veins, carry them home and score, most of all for diamonds of their own colour."),
        ("h", "In the print"),
        *in_box,
        ("h", "You also need"),
        ("b", "An opaque bag (a cloth bag or a sock) to draw diamonds from."),
        ("b", "Scissors or a craft knife, and glue or tape for the pyramids."),
        ("h", "Making the pyramids"),
        ("p", "Cut along the solid lines; fold along the dashed ones, print outside; glue the tab inside the "
              "face across from it. Leave the base open: a small fits inside a medium, a medium inside a large."),
        ("h", "Setting up"),
        ("n", "Lay out the board. Each player takes a colour with its pawn, its movement cards and a "
              "reference card, and sits by that colour's home corner."
              + (f" {seats_text(spec)}" if 2 in players else "")),
        ("n", "Put the small and medium diamonds in the bag and shake it"
              + (f" (the {flawless} ones only if {FLAWLESS_ADDED_FOR} players choose to play with flawless "
                 "diamonds)." if adds_flawless else ".")),
        ("n", "Fill the nests: under each opaque large goes one small and one medium drawn unseen from the bag. "
              "Someone not playing can fill them, or put a nest in the bag and fill it by touch. Diamonds left "
              "in the bag stay there."),
        *nest_rows,
        ("n", "Choose a first player at random. Starting with them and going clockwise, place the nests one at "
              "a time on empty squares outside your own territory, the quadrant of your home corner."),
        ("n", "Stand your pawn on your home corner."),
        ("n", flawless_text(spec)),
        ("h", "A round"),
        ("n", "Each player chooses one of their movement cards in secret and lays it face down."),
        ("n", "When all have chosen, reveal them together."),
        ("n", f"The round's first player moves (in round 1, {FIRST_PLAYER}), then the others clockwise. "
              f"Move exactly as many squares as your card says "
              f"({', '.join(f'{rank} is {squares_word(n)}' for rank, n in MOVES.items())}) in one straight line, "
              f"{MOVE_LINE}."),
        ("n", "Take your card back. The lead passes clockwise, so this round's first player is last next round."),
        ("h", "Moving"),
        ("b", "A line is blocked by the board's edge, another pawn, an exhausted vein or another player's home "
              "square, which no one else may enter. Intact veins and dropped diamonds do not block."),
        ("b", "If you can make the full move in any direction you must, even when you would rather not. If you "
              "cannot in any direction, you stay where you are."),
        ("h", "Exploring veins"),
        ("b", "When you end a move on an intact vein, lift it and show everyone what it holds. Take any of its "
              "diamonds you can carry, and put the vein back over the rest."),
        ("b", carry_text(spec)),
        ("b", "At any point of your move you may drop a diamond on an empty square, one diamond per square. "
              "Whoever moves through a square with a dropped diamond may pick it up for free."),
        ("b", "The moment your pawn touches your home square, everything you carry is banked: put it by you "
              "for scoring. Diamonds still carried at the end do not score."),
        ("h", "Exhausted veins"),
        ("b", "A vein with no diamonds left is exhausted: lay it on its side. It blocks every pawn for the rest "
              "of the game, except a vein on a square next to a home, which blocks no one."),
        ("h", "The end"),
        ("p", end_text(spec)),
        ("h", "Scoring"),
        *scoring_blocks(spec),
        ("h", "Fine points"),
        ("b", "Moves are made one after another, so a pawn that has already moved may block, or free, the line "
              "you planned. Check your move when your turn comes."),
        ("b", "Passing over a vein does not explore it: only the square where your move ends."),
        ("b", "You may always enter your own home square. A tipped vein next to any home counts as an empty "
              "square for every pawn's moves."),
        ("b", "What you leave in a vein stays hidden under it again, but everyone has seen it."),
    ]


# ---------------------------------------------------------------------------------------------
# Faces
# ---------------------------------------------------------------------------------------------

REFERENCE_TITLE = "Diamond Mine at a glance"


def reference_band(spec) -> float:
    """The height of the coloured band naming the player at the top of a reference card."""
    style = spec.style.resolve("reference-card", safe_mm=spec.reference_card.piece.safe_mm)
    return style.safe_mm + style.title.size * 1.8


def draw_reference(canvas, area: Area, blocks: list[tuple], style: Style, body: float, player: str,
                   colour: str, band: float) -> None:
    """The player's colour across the top to the bleed, naming the card; the words below it."""
    fill_bleed(canvas, area, style.background)
    canvas.rect(-area.bleed, -area.bleed, area.width + 2 * area.bleed, band + area.bleed, fill=colour)
    mark = style.ink_on(colour)
    title = f"{REFERENCE_TITLE}: {player.capitalize()}"
    size = fit_line(title, style.title.size, area.width - 2 * style.safe_mm, style.title.face)
    middle = style.safe_mm + (band - style.safe_mm) / 2 - size * 0.1  # under the safe margin
    canvas.text(area.width / 2, centred_baseline(title, size, style.title.face, middle), title, size, fill=mark,
                face=style.title.face, anchor="middle")
    inner = Area(area.width, area.height - band + style.safe_mm * 0.5, area.bleed)
    with canvas.saved():  # the words start half a margin below the band
        canvas.translate(0, band - style.safe_mm * 0.5)
        flow(canvas, columns_of(inner, style, 1, style.safe_mm), blocks, style, body)


def reference_fit(spec) -> tuple[float, float]:
    """(body size, overflow) of the reference card's words; overflow above 0 means they do not fit."""
    piece = spec.reference_card.piece
    style = spec.style.resolve("reference-card", safe_mm=piece.safe_mm)
    band = reference_band(spec)
    inner = Area(piece.width_mm, piece.height_mm - band + style.safe_mm * 0.5, 0.0)
    return prose_size(inner, reference_blocks(spec), style, 1)


def reference_component(spec) -> Component:
    piece = spec.reference_card.piece
    colours = {c.name: c for c in spec.colours}
    blocks = reference_blocks(spec)
    body, _ = reference_fit(spec)
    pieces = []
    for player in spec.player_colours:
        if player not in colours:
            continue
        piece_id = f"reference-card-{player}"
        style = spec.style.resolve("reference-card", player, piece=piece_id, safe_mm=piece.safe_mm)
        pieces.append(Piece(piece_id, piece.rect(), partial(
            draw_reference, blocks=blocks, style=style, body=body, player=player, colour=colours[player].colour,
            band=reference_band(spec))))
    return Component("reference-card", "Reference cards", pieces)


def rules_component(spec) -> Component:
    return rules_sheet_component(spec, rules_blocks(spec))


# ---------------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------------

@rules.rule("diamond_mine.reference", "the reference card prints the rules' numbers (carry limit, end, "
                                      "scores); it and the rules sheet hold their words at a legible size")
def check_reference(spec):
    ref = spec.reference_card
    if ref.carry_pips != CARRY_PIPS:
        yield error(where(ref, "carry_pips"), f"the card says a player carries {counted(ref.carry_pips, 'pip')}; the "
                                              f"rules allow {CARRY_PIPS} (a small and a medium, or three smalls)")
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
    _, overflow = reference_fit(spec)
    if overflow > 0:
        yield error(where(ref, "piece"), f"the reference card's words do not fit a {ref.piece.width_mm:g} x "
                                         f"{ref.piece.height_mm:g} mm card at {FLOOR_PT:g} pt ({overflow:.1f} mm "
                                         "over); give it a larger piece")
    yield from rules_sheet_errors(spec, rules_blocks(spec))
