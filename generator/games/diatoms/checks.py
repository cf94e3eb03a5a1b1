"""Rules about the colours and the board's geometry: each diatom colour its own name, letter, mark
and ink, white never a colour's ink; no two spots of a board on top of each other, and a token no
wider than the room between the spots it sits on."""

from __future__ import annotations

import math
from itertools import combinations

from generator.schema import where
from generator.validate import error

from .board import Board, board_spots, ring_scale
from .rulebook import PLAYER_COUNTS, rules
from .tiles import WHITE

SAME_INK = 5.0  # CIEDE2000 in normal vision: closer than this, two inks print as one colour


def ink_distance(a: str, b: str) -> float:
    if str(a).lower() == str(b).lower():
        return 0.0
    from generator.colour_rules import distances

    return distances(a, b)["normal vision"]


def _ink(colour) -> str:
    name = getattr(colour, "name", None)
    return f"{name} ({colour})" if name and name != colour else str(colour)


@rules.rule("diatoms.colours", "each diatom colour has its own name, letter, mark and ink; white is no colour's ink")
def check_colours(spec):
    colours = spec.colours
    for index, colour in enumerate(colours):
        here = where(spec, f"colours[{index}]")
        if len(colour.letter) != 1 or not colour.letter.isalpha() or colour.letter.upper() != colour.letter:
            yield error(where(colour, "letter"), f'the {colour.name} letter "{colour.letter}": a tile writes each '
                                                 "colour as one capital letter")
        elif colour.letter == WHITE:
            yield error(where(colour, "letter"), f'the {colour.name} letter "{WHITE}" is white\'s, the wild colour')
        if not colour.name.strip():
            yield error(here, f"colour {index + 1} has no name")
    for (i, a), (j, b) in combinations(enumerate(colours), 2):
        if a.name.strip().lower() == b.name.strip().lower():
            yield error(where(spec, f"colours[{j}]"), f'colours {i + 1} and {j + 1} are both named "{b.name}"; '
                                                      "each diatom colour needs its own name")
        if a.letter == b.letter:
            yield error(where(b, "letter"), f'{a.name} and {b.name} are both written "{b.letter}" on the tiles')
        if a.mark == b.mark:
            yield error(where(b, "mark"), f"{a.name} and {b.name} both carry the {b.mark} mark; each colour needs "
                                          "its own, for colour-blind players and greyscale prints")
        apart = ink_distance(a.colour, b.colour)
        if apart < SAME_INK:
            yield error(where(b, "colour"), f"{a.name} and {b.name} print in one ink ({_ink(a.colour)} and "
                                            f"{_ink(b.colour)}, {apart:.1f} apart in CIEDE2000; at least "
                                            f"{SAME_INK:g}): the tiles' colours could not be matched")
    for colour in colours:
        apart = ink_distance(spec.wild, colour.colour)
        if apart < SAME_INK:
            yield error(where(spec, "wild"), f"white, the wild colour, prints in {colour.name}'s ink "
                                             f"({_ink(spec.wild)} and {_ink(colour.colour)}, {apart:.1f} apart): "
                                             "a wild triangle would pass for a coloured one")


def spot_positions(board: Board, half: float) -> list[tuple[object, float, float]]:
    """(spot, x, y) in mm from the rings' centre, for every spot of the board, a ring of radius 1
    spanning `half` mm."""
    return [(spot, spot.radius * half * math.cos(math.radians(spot.angle)),
             spot.radius * half * math.sin(math.radians(spot.angle))) for spot in board_spots(board)]


def closest_spots(board: Board, half: float):
    """The two spots whose centres are nearest, and how far apart (mm); None with fewer than two."""
    best = None
    for (a, ax, ay), (b, bx, by) in combinations(spot_positions(board, half), 2):
        apart = math.hypot(ax - bx, ay - by)
        if best is None or apart < best[2]:
            best = (a, b, apart)
    return best


def _spot(spot) -> str:
    return f"the {spot.ring} ring's {spot.shape} at {spot.angle:g} degrees"


@rules.rule("diatoms.spots", "no two spots of a board overlap, and a diatom token is no wider than the room "
                             "between the spots it sits on")
def check_spots(spec):
    board = spec.board
    half = ring_scale(spec)  # a ring of radius 1, in mm as printed
    stacked = False
    for (i, a), (j, b) in combinations(enumerate(board.rings), 2):
        if abs(a.radius - b.radius) * half < board.spot_mm:
            yield error(where(board, f"rings[{j}]"), f"the {a.name} and {b.name} rings lie {a.radius:g} and "
                        f"{b.radius:g} of the way out, so their {board.spot_mm:g} mm spots overlap; keep rings at "
                        f"least {board.spot_mm / half:.3f} apart")
            stacked = True
    closest = closest_spots(board, half)
    if closest is None:
        return
    a, b, apart = closest
    if apart < board.spot_mm - 1e-6:
        if stacked:
            return  # the rings' own error says why
        yield error(where(board, "spot_mm"), f"{_spot(a)} and {_spot(b)} are {apart:.1f} mm apart, so their "
                                             f"{board.spot_mm:g} mm spots lie on top of each other; use smaller "
                                             "spots, fewer spots a ring or rings further apart")
    elif spec.tokens.size_mm > apart + 1e-6:
        yield error(where(spec.tokens, "size_mm"), f"{spec.tokens.size_mm:g} mm diatoms on spots {apart:.1f} mm "
                    f"apart ({_spot(a)} and {_spot(b)}) overlap their neighbours; make the tokens at most "
                    f"{math.floor(apart * 10) / 10:g} mm")
    if spec.tokens.size_mm > board.spot_mm + 2.0:
        yield error(where(spec.tokens, "size_mm"), f"{spec.tokens.size_mm:g} mm diatoms hide their "
                    f"{board.spot_mm:g} mm spots and the shapes printed round them; make the spots at least "
                    f"as large as the tokens (board.spot_mm)")


@rules.rule("diatoms.paper", "a field board and a field notebook for every player; a title to print")
def check_paper(spec):
    most = max((players for players in spec.players if players in PLAYER_COUNTS), default=0)
    for name, copies in (("board", spec.board.copies), ("field_notebook", spec.field_notebook.copies)):
        if copies < most:
            what = "field board" if name == "board" else "field notebook"
            yield error(where(getattr(spec, name), "copies"), f"{copies} {what}{'' if copies == 1 else 's'} "
                        f"for up to {most} players; each player needs one, so print at least {most}")
    if not spec.title.strip():
        yield error(where(spec, "title"), "the title is empty; the sheets print it")


TILE_MM = (25.0, 120.0)  # across the flats: smaller, and the marks and START are too small to read; larger,
# and a tile no longer fits a sheet with its neighbours


@rules.rule("diatoms.tile-size", "a hex tile 25-120 mm across its flats")
def check_tile_size(spec):
    width = spec.tiles.piece.width_mm
    if not TILE_MM[0] <= width <= TILE_MM[1]:
        yield error(where(spec.tiles, "piece"), f"hex tiles {width:g} mm across the flats; make them "
                                                f"{TILE_MM[0]:g}-{TILE_MM[1]:g} mm (the bundled tiles are 50.8)")


@rules.rule("diatoms.sheets", "the rules sheet (one or two sheets) and the field notebook (grown by half at most) "
                              "hold their words at 7 pt")
def check_sheets(spec):
    from .paper import notebook_size, sheet_overflows

    grown = notebook_size(spec)
    for piece, over in sheet_overflows(spec):
        name = "rules_sheet" if piece.startswith("rules") else "field_notebook"
        size = getattr(spec, name)
        even = f", even grown to {grown.height_mm:g} mm" if name == "field_notebook" and grown != size else ""
        yield error(where(spec, name), f"the words of {piece} do not fit its {size.width_mm:g} x {size.height_mm:g} mm "
                                       f"sheet at 7 pt{even} ({over:.1f} mm over); make it larger or the words shorter")
