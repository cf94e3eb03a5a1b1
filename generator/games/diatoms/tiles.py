"""The water tiles: six triangles each, matched edge to edge; the corners where three tiles meet are
the sample points that pay out diatoms.

A tile is written as six letters, one per triangle, clockwise from the north-east edge of a
pointy-top hexagon: NE, E, SE, SW, W, NW. Triangle i has its base on edge i and its apex at the
centre, so two tiles touching along an edge compare one triangle each. W is white, the wild colour.

Tiles sit on an axial hex grid (q, r). The neighbour across edge i is cell + STEPS[i]; it touches
back with its edge (i + 3) % 6. Corner i of a tile is where its edges i and i + 1 meet; when the
tiles across both of those edges are on the table, the corner is a sample point.

Sample points, in our reading of the rules:
- the six triangles round the corner form a ring; each run of neighbouring triangles of one colour
  is a group (white gives nothing); sizes 1-5 give a circle, oval, triangle, square or star;
- a ring all of one colour is split into two groups, as the player chooses (3 + 3, 4 + 2 or 5 + 1),
  each taking its own shape (and, if that has run out, split like any other group);
- when the shape a group wants has run out, the player splits the group once into two groups of their
  choice (5 -> 4 + 1 or 3 + 2, 4 -> 3 + 1 or 2 + 2, ...), and each takes its own shape if any is left;
  a group of 1 cannot split, and gives nothing.
The scripted players (`collect` with a supply) choose the split that takes the most diatoms, weighed
by what each shape is worth to them; on a tie the more even split. With no supply, `collect` gives
the optional fixed split of the rules sheet's variant: a ring of 6 gives two triangles.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from typing import Literal

from generator.kit.text import counted
from generator.model import PieceGeometry
from generator.schema import spec_field, where
from generator.validate import error

from .rulebook import (COLOURS, LARGEST_GROUP, MOST_HAND, MOST_REMOVED, MOST_ROUNDS, MOST_TOKENS, OPPOSITE,
                       PLAYER_COUNTS, REMOVED, ROUNDS, SIDES, SINGLE_GAMES, rules)

WHITE = "W"
EDGES = ("NE", "E", "SE", "SW", "W", "NW")
SHAPES = ("circle", "oval", "triangle", "square", "star")  # for groups of 1 to 5 triangles
STEPS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))  # the neighbour across edge NE, E, ...
ON_TABLE = 2  # the starting tile and the one laid beside it


@dataclass(kw_only=True)
class Tiles:
    piece: PieceGeometry = spec_field(template="pieces")  # width_mm: across the flats of the hexagon
    start: str  # the starting tile: each colour once and one white
    set: list[str]  # the other tiles


@dataclass(kw_only=True)
class Setup:
    hand: int = spec_field(2, minimum=0, maximum=MOST_HAND)  # tiles each player starts with
    rounds: dict[int, int] = spec_field(default_factory=dict, minimum=1, maximum=MOST_ROUNDS)  # by player count
    removed: dict[int, int] = spec_field(default_factory=dict, minimum=0, maximum=MOST_REMOVED)  # tiles set aside


@dataclass(kw_only=True)
class Tokens:
    """How many diatoms of each shape there are in each colour, and how they are cut."""

    per_colour: dict[str, int] = spec_field(minimum=0, maximum=MOST_TOKENS)  # shape -> count
    cut: Literal["circle", "square"] = "circle"  # what home cutting does best
    size_mm: float = spec_field(19.0, positive=True, minimum=10, maximum=40)


# ---------------------------------------------------------------------------------------------
# Tiles and the table
# ---------------------------------------------------------------------------------------------

def rotate(tile: str, turns: int) -> str:
    """The tile turned clockwise by `turns` sixths: the triangle on edge i moves to edge i + turns."""
    turns %= SIDES
    return tile[-turns:] + tile[:-turns] if turns else tile


def rotations(tile: str) -> list[str]:
    """The tile's distinct orientations (a tile with a symmetry has fewer than six)."""
    return list(dict.fromkeys(rotate(tile, turns) for turns in range(SIDES)))


def canonical(tile: str) -> str:
    """One name for a tile whichever way it is turned: the smallest of its rotations."""
    return min(rotations(tile))


def neighbour(cell: tuple[int, int], edge: int) -> tuple[int, int]:
    step = STEPS[edge]
    return cell[0] + step[0], cell[1] + step[1]


def match(a: str, b: str) -> bool:
    """Two triangles meeting across an edge: the same colour, or one of them white."""
    return a == b or a == WHITE or b == WHITE


def fits(table: dict, cell: tuple[int, int], tile: str) -> bool:
    """A tile, turned as written, may go on an empty cell: it touches the table, and every edge matches."""
    if cell in table:
        return False
    touching = False
    for edge in range(SIDES):
        other = table.get(neighbour(cell, edge))
        if other is not None:
            touching = True
            if not match(tile[edge], other[(edge + OPPOSITE) % SIDES]):
                return False
    return touching


def matches_a_colour(table: dict, cell: tuple[int, int], tile: str) -> bool:
    """Whether the tile on `cell` meets a tile of the table with one colour on both sides of an edge.
    White is wild, so it matches anything, but it is no colour: setup lays the tile beside the
    starting tile "matching a color"."""
    for edge in range(SIDES):
        other = table.get(neighbour(cell, edge))
        if other is not None and tile[edge] != WHITE and tile[edge] == other[(edge + OPPOSITE) % SIDES]:
            return True
    return False


def open_cells(table: dict) -> set[tuple[int, int]]:
    """The empty cells touching at least one tile."""
    return {neighbour(cell, edge) for cell in table for edge in range(SIDES)} - table.keys()


def placements(table: dict, tile: str) -> list[tuple[tuple[int, int], str]]:
    """Every legal way to put the tile on the table: (cell, the tile turned to fit)."""
    return [(cell, turned) for cell in sorted(open_cells(table)) for turned in rotations(tile) if fits(table, cell, turned)]


def setup_placements(start: str, tile: str) -> list[tuple[tuple[int, int], str]]:
    """The ways setup may lay a tile beside the starting tile: matching, and matching a colour."""
    table = {(0, 0): start}
    return [(cell, turned) for cell, turned in placements(table, tile) if matches_a_colour(table, cell, turned)]


def sample_points(table: dict, cell: tuple[int, int], tile: str) -> list[str]:
    """The new sample points a tile makes on `cell`: for each corner whose two other tiles are on the
    table, the ring of six triangles round it (the tile's two, then the next tile's, then the last's)."""
    rings = []
    for corner in range(SIDES):
        before, after = table.get(neighbour(cell, corner)), table.get(neighbour(cell, (corner + 1) % SIDES))
        if before is not None and after is not None:
            rings.append(tile[corner] + tile[(corner + 1) % SIDES] + after[(corner - 2) % SIDES] + after[(corner - 1) % SIDES]
                         + before[(corner + 2) % SIDES] + before[(corner + OPPOSITE) % SIDES])
    return rings


def groups(ring: str) -> list[tuple[str, int]]:
    """The groups at a sample point: (colour, size) for each run of one colour round the ring."""
    if len(set(ring)) == 1:
        return [] if ring[0] == WHITE else [(ring[0], LARGEST_GROUP)]
    start = next(i for i in range(SIDES) if ring[i] != ring[i - 1])  # a run starts here
    found, size = [], 0
    for step in range(SIDES):
        letter = ring[(start + step) % SIDES]
        size = size + 1 if step and letter == ring[(start + step - 1) % SIDES] else 1
        if step == SIDES - 1 or ring[(start + step + 1) % SIDES] != letter:
            if letter != WHITE:
                found.append((letter, size))
    return found


def splits(size: int) -> list[tuple[int, int]]:
    """The ways to split a group of `size` into two groups, the most even first: 5 -> (3, 2), (4, 1)."""
    return [(size - small, small) for small in range(size // 2, 0, -1)]


def _take(colour: str, shape: str, supply: Counter, taken: list) -> bool:
    if supply[colour, shape] > 0:
        supply[colour, shape] -= 1
        taken.append((colour, shape))
        return True
    return False


def _best_split(colour: str, size: int, supply: Counter, worth, group) -> tuple[int, int]:
    """The split a scripted player chooses: the one whose diatoms are worth the most to it (each
    part played out by `group` on a copy of the supply); the more even one on a tie."""
    def value(split) -> float:
        trial, taken = Counter(supply), []
        for part in split:
            group(colour, part, trial, taken)
        return sum(worth.get(shape, 1) for _, shape in taken)

    return max(splits(size), key=value)  # max keeps the first of equals: the most even


def collect(colour: str, size: int, supply: Counter | None = None, worth: dict | None = None,
            wants: list | None = None) -> list[tuple[str, str]]:
    """The diatoms (colour, shape) a group gives, taking them from `supply` ((colour, shape) -> count
    left; None: an endless supply, and the fixed split: a ring of 6 gives two triangles). A ring of 6
    splits into two groups; a group whose shape has run out splits once into two groups, each taking
    its shape if any is left. Where the rules let the player choose the split, the split worth most
    by `worth` (shape -> value, 1 if left out) is chosen. `wants` gets (shape, found) for each group
    that asked for a shape."""
    worth = worth or {}
    if supply is None:
        return [(colour, "triangle")] * 2 if size == LARGEST_GROUP else [(colour, SHAPES[size - 1])]
    taken: list = []

    def group(colour, size, supply, taken, wants=None) -> None:
        shape = SHAPES[size - 1]
        if wants is not None:
            wants.append((shape, supply[colour, shape] > 0))
        if _take(colour, shape, supply, taken) or size == 1:
            return
        for part in _best_split(colour, size, supply, worth, lambda c, p, s, t: _take(c, SHAPES[p - 1], s, t)):
            _take(colour, SHAPES[part - 1], supply, taken)

    if size == LARGEST_GROUP:
        for part in _best_split(colour, LARGEST_GROUP, supply, worth, group):
            group(colour, part, supply, taken, wants)
    else:
        group(colour, size, supply, taken, wants)
    return taken


# ---------------------------------------------------------------------------------------------
# The rules about tiles, setup and tokens
# ---------------------------------------------------------------------------------------------

def letters(spec) -> list[str]:
    return [colour.letter for colour in spec.colours]


def colours_broken(spec) -> bool:
    """Whether the colours themselves are wrong (not 5, or two of one letter): diatoms.colours and
    diatoms.tokens say so, and the tiles, written in those letters, cannot be judged."""
    found = letters(spec)
    return len(found) != COLOURS or len(set(found)) != len(found) or any(len(letter) != 1 for letter in found)


def total_needed(setup: Setup, players: int) -> int | None:
    """How many tiles a game of `players` uses up: the two laid at setup, those set aside and one per
    player per round (every tile in hand and in the piles gets placed)."""
    if players not in setup.rounds:
        return None
    return ON_TABLE + setup.removed.get(players, 0) + setup.rounds[players] * players


def piles(setup: Setup, players: int, tiles: int) -> int:
    """The tiles left for the two piles once the table, the removed tiles and the hands are dealt."""
    return tiles - ON_TABLE - setup.removed.get(players, 0) - players * setup.hand


HAND = 2  # tiles each player holds (rules/diatoms.md, setup)


@rules.rule("diatoms.players", "2-4 players; 8 rounds, or 10 for 2 players; 12 tiles set aside for 2, 8 for 3; "
                               "a hand of 2")
def check_players(spec):
    for index, players in enumerate(spec.players):
        if players not in PLAYER_COUNTS:
            yield error(where(spec, f"players[{index}]"), f"{counted(players, 'player')}: Diatoms is played by 2, 3 or 4")
    if not spec.players:
        yield error(where(spec), "players is empty; Diatoms is played by 2, 3 or 4")
    for players in sorted({p for p in spec.players if spec.players.count(p) > 1}):
        yield error(where(spec, "players"), f"players names {players} more than once; name each player count once")
    setup = spec.setup
    for players in spec.players:
        if players not in PLAYER_COUNTS:
            continue
        rounds = setup.rounds.get(players)
        if rounds is None:
            yield error(where(setup, "rounds"), f"no number of rounds for {players} players; the rules say {ROUNDS[players]}")
        elif rounds != ROUNDS[players]:
            yield error(where(setup, "rounds"), f"{rounds} rounds for {players} players; the rules say {ROUNDS[players]}")
        removed = setup.removed.get(players, 0)
        if removed != REMOVED[players]:
            yield error(where(setup, "removed"), f"{removed} tiles removed for {players} players; "
                                                 f"the rules say {REMOVED[players]}")
    for name, given in (("rounds", setup.rounds), ("removed", setup.removed)):
        for players in sorted(set(given) - set(PLAYER_COUNTS)):  # counts of a file's other tables are fine
            yield error(where(setup, name), f"{name} for {players} players; Diatoms is played by 2, 3 or 4")
    if setup.hand != HAND:
        yield error(where(setup, "hand"), f"a hand of {setup.hand} tiles; the rules give each player {HAND}")


@rules.rule("diatoms.tiles", "every player count uses all the tiles: the table, hands and two equal piles")
def check_tile_count(spec):
    setup, tiles = spec.setup, 1 + len(spec.tiles.set)
    for players in spec.players:
        needed = total_needed(setup, players)
        if needed is None:
            continue  # diatoms.players names it
        pile = piles(setup, players, tiles)
        placed = setup.rounds[players] * players
        if needed != tiles:
            yield error(where(spec.tiles, "set"), f"{players} players need {needed} tiles ({ON_TABLE} on the table, "
                        f"{setup.removed.get(players, 0)} removed, {setup.rounds[players]} rounds x {players} placed); "
                        f"there are {tiles} (the starting tile and {len(spec.tiles.set)} more)")
        elif pile < 0 or pile % 2:
            yield error(where(setup, "hand"), f"{players} players: {pile} tiles left after the hands, "
                        "which do not make two equal piles")
        elif placed != players * setup.hand + pile:
            yield error(where(setup, "hand"), f"{players} players place {placed} tiles but hold "
                        f"{players * setup.hand} and draw {pile}")


def start_tile_ok(spec) -> bool:
    return sorted(spec.tiles.start) == sorted(letters(spec) + [WHITE])


@rules.rule("diatoms.start-tile", "the starting tile has each colour once and one white")
def check_start(spec):
    if colours_broken(spec):
        return
    if not start_tile_ok(spec):
        yield error(where(spec.tiles, "start"), f'starting tile "{spec.tiles.start}": it must have each of '
                    f'{", ".join(letters(spec))} once and one {WHITE} (white)')


def tile_problems(spec) -> list[tuple[int, str]]:
    """(index, what is wrong) for each tile of the set whose letters or length are wrong."""
    known = set(letters(spec)) | {WHITE}
    found = []
    for index, tile in enumerate(spec.tiles.set):
        strange = sorted(set(tile) - known)
        if len(tile) != SIDES:
            found.append((index, f'tile "{tile}" has {len(tile)} triangles; a tile has {SIDES}'))
        if strange:
            found.append((index, f'tile "{tile}" uses {", ".join(strange)}; the letters are '
                                 f'{", ".join(letters(spec))} and {WHITE} (white)'))
    return found


def colour_shares(spec) -> Counter:
    """How many triangles of each colour the whole set (starting tile included) holds."""
    return Counter(letter for tile in [spec.tiles.start, *spec.tiles.set] for letter in tile if letter != WHITE)


@rules.rule("diatoms.tile-set", "six triangles of the six letters, no tile twice, colours balanced")
def check_tile_set(spec):
    tiles = spec.tiles
    if colours_broken(spec):
        return
    problems = tile_problems(spec)
    for index, message in problems:
        yield error(where(tiles, f"set[{index}]"), message)
    if problems:
        return
    seen: dict[str, int] = {canonical(tiles.start): -1}
    for index, tile in enumerate(tiles.set):
        first = seen.setdefault(canonical(tile), index)
        if first != index:
            twin = "the starting tile" if first < 0 else f'tile {first + 1} ("{tiles.set[first]}")'
            yield error(where(tiles, f"set[{index}]"), f'tile {index + 1} ("{tile}") is {twin} turned')
    shares = colour_shares(spec)
    mean = sum(shares.values()) / len(spec.colours)
    for letter in letters(spec):
        if abs(shares[letter] - mean) > 0.1 * mean:
            yield error(where(tiles, "set"), f"{letter} is on {shares[letter]} triangles; each colour should be on "
                        f"{mean:.0f} within 10 % ({mean * 0.9:.1f}-{mean * 1.1:.1f})")


@rules.rule("diatoms.setup-tile", "any tile may be the random one setup lays beside the starting tile, matching "
                                  "a colour: every tile has a colour the starting tile has")
def check_setup_tile(spec):
    tiles = spec.tiles
    if colours_broken(spec) or tile_problems(spec) or not start_tile_ok(spec):
        return  # the other tile rules say what is wrong; a tile of unknown letters cannot be judged
    for index, tile in enumerate(tiles.set):
        if setup_placements(tiles.start, tile):
            continue
        what = ("is all white (wild, but no colour)" if set(tile) == {WHITE}
                else "shares no colour with the starting tile")
        yield error(where(tiles, f"set[{index}]"), f'tile {index + 1} ("{tile}") {what}, so setup, which lays a '
                    "random tile beside the starting tile matching a colour, could not lay it; give it a coloured "
                    "triangle")


@rules.rule("diatoms.tokens", "5 shapes in each of the 5 colours")
def check_tokens(spec):
    tokens = spec.tokens
    names = list(tokens.per_colour)
    for shape in SHAPES:
        if shape not in tokens.per_colour:
            yield error(where(tokens, "per_colour"), f"no {shape} diatoms; each colour has {', '.join(SHAPES)}")
        elif tokens.per_colour[shape] <= 0:
            yield error(where(tokens, "per_colour"), f"{tokens.per_colour[shape]} {shape} diatoms per colour; "
                        "each shape needs at least one")
    for name in names:
        if name not in SHAPES:
            yield error(where(tokens, "per_colour"), f'"{name}" is not a diatom shape; the shapes are {", ".join(SHAPES)}')
    if len(spec.colours) != COLOURS:
        yield error(where(spec, "colours"), f"{len(spec.colours)} colours; the diatoms come in {COLOURS}")


PLAYABLE_GAMES = SINGLE_GAMES
STALL_LIMIT = 0.01  # of turns, a player may hold no tile that fits


def unplayable(spec) -> bool:
    """Whether the set is too broken for a self-play (the other rules say why)."""
    if colours_broken(spec) or tile_problems(spec) or not start_tile_ok(spec):
        return True
    if any(True for _ in check_setup_tile(spec)):
        return True  # a tile setup cannot lay
    if any(shape not in spec.tokens.per_colour for shape in SHAPES):
        return True
    counts = [players for players in spec.players if players in PLAYER_COUNTS]
    return not counts or any(True for _ in check_tile_count(spec)) or any(True for _ in check_players(spec))


@rules.rule("diatoms.playable", "a seeded self-play: a player rarely holds no tile that fits, every group size occurs")
def check_playable(spec):
    if unplayable(spec):
        return
    played = self_play(spec)
    turns, stalls, sizes = played["turns"], played["stalls"], {int(size): n for size, n in played["sizes"].items()}
    rate = stalls / turns if turns else 0.0
    if rate > STALL_LIMIT:
        yield error(where(spec.tiles, "set"), f"in {turns} self-play turns a player held no tile that fits "
                    f"{stalls} times ({rate:.1%}); keep it under {STALL_LIMIT:.0%}")
    missing = [size for size in range(1, LARGEST_GROUP + 1) if not sizes.get(size)]
    if missing:
        yield error(where(spec.tiles, "set"), f"in {played['games']} self-play games no group of "
                    f"{', '.join(map(str, missing))} triangles ever formed; every size 1-6 should occur")


def self_play_inputs(spec) -> dict:
    """Everything the self-play reads, as JSON: what the spec gives `selfplay.simulate` (the tile set,
    the colours' letters, the diatom counts, the setup, the players and the board's spots), the
    number of games and the seed, and the interpreter's version, since `random`'s shuffle and choice
    are standard-library code that no source hash of ours covers. tests/test_proofs.py records what
    `simulate` reads from a spec and fails when it reads anything not named here."""
    from . import selfplay

    board = selfplay.board_spots(spec)
    return {"games": PLAYABLE_GAMES, "seed": 1, "players": list(spec.players),
            "colours": [colour.letter for colour in spec.colours], "start": spec.tiles.start,
            "tiles": list(spec.tiles.set), "per_colour": dict(spec.tokens.per_colour),
            "hand": spec.setup.hand, "rounds": {str(k): v for k, v in spec.setup.rounds.items()},
            "removed": {str(k): v for k, v in spec.setup.removed.items()},
            "board": dict(board) if board is not None else None, "python": list(sys.version_info[:3])}


def self_play(spec) -> dict:
    """The validator's self-play, kept between runs (generator/cache.py) under everything it reads
    (self_play_inputs) and the code that plays: a check of an unchanged set takes no time over it."""
    from generator.cache import proof

    from . import selfplay

    def play() -> dict:
        report = selfplay.simulate(spec, games=PLAYABLE_GAMES, seed=1)
        return {"games": report.games, "turns": report.turns, "stalls": report.stalls,
                "sizes": {str(size): count for size, count in sorted(report.sizes.items())}}

    return proof("diatoms-self-play", self_play_inputs(spec), play, sources=(selfplay.__file__, __file__))
