"""A seeded self-play of Diatoms: scripted players lay the bundled tiles by the rules, and we count
what happens, to show the tile set and the diatom counts play well.

Setup follows the rules: the starting tile in the middle, a random tile laid beside it (matching a colour),
tiles set aside by player count, two tiles in each hand, the rest in two equal piles.

A turn: the player draws the top tile of either pile, at random (if one pile is empty, the other; if
both are, nothing): a careless draw, so the stall count errs high. Then the player lays one tile from
hand where it touches the table and every edge matches (white is wild), in any of six turns, and
collects at every new sample point from a shared supply, with the run-out rule of tiles.collect
(where the rules let a player choose how to split a group, the player takes the split worth most).
Two scripted players (STRATEGIES): the greedy one lays where it collects the most diatoms; the seeker
counts a square twice and a star four times, as a player after the ring bonus would. Ties are broken
at random. The validator plays the greedy one.

When no tile in hand fits anywhere (the rules do not say), the player keeps the tile drawn and passes:
the score pad tells players so. Such turns are the stalls the report counts; the bundled set keeps
them under 1 % of turns.

Each player's board has so many spots of each shape (spec.board.rings); a diatom with no free spot
of its shape goes back to the supply at once, as the rules say. Without a board in the spec nothing
goes back, and the run-outs are an upper bound. (Which spot a diatom takes does not matter here.)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from .rulebook import LARGEST_GROUP, OPPOSITE, PLAYER_COUNTS, SIDES
from .tiles import SHAPES, STEPS, WHITE, collect, groups, neighbour, rotations, setup_placements


@dataclass
class Report:
    games: int = 0
    turns: int = 0
    stalls: int = 0  # turns when no tile in hand fit anywhere
    sizes: Counter = field(default_factory=Counter)  # group size (1-6) -> how many formed
    wanted: Counter = field(default_factory=Counter)  # shape -> how often a group wanted it
    ran_out: Counter = field(default_factory=Counter)  # shape -> how often it had run out when wanted
    diatoms: int = 0  # collected by all players
    collected: Counter = field(default_factory=Counter)  # shape -> how many were collected
    returned: int = 0  # diatoms that found no free spot on the board and went back
    player_games: int = 0  # players x games
    empty_supply_games: Counter = field(default_factory=Counter)  # shape -> games in which a colour of it ran out

    @property
    def stall_rate(self) -> float:
        return self.stalls / self.turns if self.turns else 0.0

    def add(self, other: Report) -> None:
        for name in ("games", "turns", "stalls", "diatoms", "player_games", "returned"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("sizes", "wanted", "ran_out", "empty_supply_games", "collected"):
            getattr(self, name).update(getattr(other, name))

    def lines(self, title: str) -> list[str]:
        total = sum(self.sizes.values()) or 1
        sizes = ", ".join(f"{size}: {self.sizes[size] / total:.1%}" for size in range(1, LARGEST_GROUP + 1))
        runs = ", ".join(f"{shape} {self.ran_out[shape] / self.wanted[shape]:.1%}" if self.wanted[shape] else f"{shape} -"
                         for shape in SHAPES)
        games = ", ".join(f"{shape} {self.empty_supply_games[shape] / self.games:.0%}" for shape in SHAPES)
        return [
            f"{title}: {self.games} games, {self.turns} turns",
            f"  no tile fits: {self.stalls} turns ({self.stall_rate:.2%})",
            f"  group sizes: {sizes} ({sum(self.sizes.values())} groups)",
            f"  wanted shape had run out: {runs}",
            f"  games where some colour of a shape ran out: {games}",
            f"  diatoms per player: {self.diatoms / max(self.player_games, 1):.1f} ("
            + ", ".join(f"{shape} {self.collected[shape] / max(self.player_games, 1):.1f}" for shape in SHAPES)
            + f"), {self.returned / max(self.player_games, 1):.1f} of them back to the supply (no free spot)",
        ]


class Kinds:
    """A number for each kind of open cell, (the letters it must match, its corners), shared by the
    games, so what a tile does on a kind of cell is worked out once."""

    def __init__(self):
        self.numbers: dict = {}
        self.kinds: list = []

    def number(self, needs: int, corners) -> int:
        found = self.numbers.get((needs, corners))
        if found is None:
            found = self.numbers[needs, corners] = len(self.kinds)
            self.kinds.append((needs, corners))
        return found


class Table:
    """The tiles laid so far, and for each open cell what the greedy player needs to judge it fast:
    the letters it must match, as bits (colour x 6 + edge), and the other four triangles of each of
    its corners that would become a sample point."""

    def __init__(self, start: str, colours: dict[str, int], kinds: Kinds):
        self.colours = colours
        self.kinds = kinds
        self.tiles = {(0, 0): start}
        self.open: dict = {}
        self.refresh((0, 0))

    def lay(self, cell, tile: str) -> None:
        self.tiles[cell] = tile
        self.open.pop(cell, None)
        self.refresh(cell)

    def refresh(self, cell) -> None:
        for edge in range(SIDES):
            other = neighbour(cell, edge)
            if other not in self.tiles:
                self.open[other] = self.kind_of(other)

    def kind_of(self, cell) -> int:
        q, r = cell
        around = [self.tiles.get((q + dq, r + dr)) for dq, dr in STEPS]
        needs = 0
        for edge, other in enumerate(around):
            if other is not None and other[(edge + OPPOSITE) % SIDES] != WHITE:
                needs |= 1 << (self.colours[other[(edge + OPPOSITE) % SIDES]] * SIDES + edge)
        corners = tuple((corner, around[(corner + 1) % SIDES][(corner - 2) % SIDES] + around[(corner + 1) % SIDES][(corner - 1) % SIDES]
                         + around[corner][(corner + 2) % SIDES] + around[corner][(corner + OPPOSITE) % SIDES])
                        for corner in range(SIDES) if around[corner] is not None and around[(corner + 1) % SIDES] is not None)
        return self.kinds.number(needs, corners)


def misfits(turned: str, colours: dict[str, int]) -> int:
    """The bits (colour x 6 + edge) a turned tile cannot match: a cell fits it when it needs none of them."""
    bits = 0
    for edge, letter in enumerate(turned):
        for colour, index in colours.items():
            if letter != colour and letter != WHITE:
                bits |= 1 << (index * SIDES + edge)
    return bits


STRATEGIES = {
    # what a group of each size is worth to a scripted player
    "greedy": {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2},  # the most diatoms
    "seeker": {1: 1, 2: 1, 3: 1, 4: 2, 5: 4, 6: 2},  # the most, but squares and stars count extra
}


class Shared:
    """What the games of one simulation share: each tile's turns with the letters they cannot match,
    the kinds of cell, and what a tile is worth on each kind (worked out once)."""

    def __init__(self, spec, strategy: str):
        colours = {colour.letter: index for index, colour in enumerate(spec.colours)}
        self.colours = colours
        self.turned = {tile: [(turned, misfits(turned, colours)) for turned in rotations(tile)]
                       for tile in [spec.tiles.start, *spec.tiles.set]}
        self.known: dict = {tile: {} for tile in self.turned}  # tile -> {kind of cell: (worth, [(turned, rings)])}
        self.kinds = Kinds()
        self.worth = STRATEGIES[strategy]
        self.shape_worth = {shape: self.worth[size] for size, shape in enumerate(SHAPES, start=1)}
        self.values: dict = {}  # (turned tile, corners) -> (worth, rings)

    def value(self, turned: str, corners) -> tuple[int, list[str]]:
        found = self.values.get((turned, corners))
        if found is None:
            rings = [turned[corner] + turned[(corner + 1) % SIDES] + rest for corner, rest in corners]
            worth = sum(self.worth[size] for ring in rings for _, size in ring_groups(ring))
            found = self.values[turned, corners] = (worth, rings)
        return found


_GROUPS: dict = {}


def ring_groups(ring: str) -> list[tuple[str, int]]:
    found = _GROUPS.get(ring)
    if found is None:
        found = _GROUPS[ring] = groups(ring)
    return found


def board_spots(spec) -> Counter | None:
    """How many spots of each shape a personal board has; None: the spec has no board to say."""
    rings = getattr(getattr(spec, "board", None), "rings", None)
    return Counter(shape for ring in rings for shape in ring.spots) if rings else None


class Player:
    def __init__(self, hand: list[str], spots: Counter | None):
        self.hand = hand
        self.diatoms: list[tuple[str, str]] = []
        self.free = Counter(spots) if spots is not None else None  # shape -> empty spots left


class Game:
    def __init__(self, spec, players: int, rng: random.Random, shared: Shared):
        self.rng = rng
        self.spec = spec
        self.supply = Counter({(colour.letter, shape): spec.tokens.per_colour.get(shape, 0)
                               for colour in spec.colours for shape in SHAPES})
        self.report = Report(games=1, player_games=players)
        self.shared = shared
        bag = list(spec.tiles.set)
        rng.shuffle(bag)
        self.table = Table(spec.tiles.start, shared.colours, shared.kinds)
        first = bag.pop()
        cell, tile = rng.choice(setup_placements(spec.tiles.start, first))
        self.table.lay(cell, tile)
        del bag[:spec.setup.removed.get(players, 0)]
        hand = spec.setup.hand
        spots = board_spots(spec)
        self.players = [Player([bag.pop() for _ in range(hand)], spots) for _ in range(players)]
        half = len(bag) // 2
        self.piles = [bag[:half], bag[half:]]
        self.rounds = spec.setup.rounds[players]

    def moves(self, tiles: list[str]):
        """For each tile: (its best count of diatoms, [(cell, [(turned tile, rings)])] giving it); None:
        it fits nowhere. What a tile does on a cell is worked out once per surroundings and kept."""
        cells = self.table.open.items()
        kinds = self.shared.kinds.kinds
        best: list = []
        for tile in tiles:
            top, choices = -1, []
            known = self.shared.known[tile]
            for cell, kind in cells:
                found = known.get(kind)
                if found is None:
                    found = known[kind] = self.judge(tile, *kinds[kind])
                worth, options = found
                if worth > top:
                    top, choices = worth, [(cell, options)]
                elif worth == top and worth >= 0:
                    choices.append((cell, options))
            best.append((top, choices) if choices else None)
        return best

    def judge(self, tile: str, needs: int, corners) -> tuple[int, list]:
        """The best the tile does on a cell, and the ways it does it: [(turned tile, rings)]."""
        top, options = -1, []
        for turned, bad in self.shared.turned[tile]:
            if not needs & bad:
                worth, rings = self.shared.value(turned, corners) if corners else (0, [])
                if worth > top:
                    top, options = worth, [(turned, rings)]
                elif worth == top:
                    options.append((turned, rings))
        return top, options

    def turn(self, player: Player) -> None:
        rng, report = self.rng, self.report
        report.turns += 1
        tops = [pile for pile in self.piles if pile]
        if tops:
            player.hand.append(rng.choice(tops).pop())
        held = self.moves(player.hand)
        top = max((option[0] for option in held if option), default=None)
        if top is None:
            report.stalls += 1  # no tile fits: keep the tile drawn and pass
            return
        choices = [(index, cell, choice) for index, option in enumerate(held) if option and option[0] == top
                   for cell, options in option[1] for choice in options]
        index, cell, (turned, rings) = rng.choice(choices)
        player.hand.pop(index)
        self.table.lay(cell, turned)
        for ring in rings:
            for colour, size in ring_groups(ring):
                report.sizes[size] += 1
                wants: list = []
                taken = collect(colour, size, self.supply, self.shared.shape_worth, wants)
                for shape, found in wants:
                    report.wanted[shape] += 1
                    if not found:
                        report.ran_out[shape] += 1
                report.diatoms += len(taken)
                report.collected.update(shape for _, shape in taken)
                for diatom in taken:
                    self.place(player, diatom)

    def place(self, player: Player, diatom: tuple[str, str]) -> None:
        """On the board if a spot of its shape is free; else back to the supply."""
        if player.free is None or player.free[diatom[1]] > 0:
            player.diatoms.append(diatom)
            if player.free is not None:
                player.free[diatom[1]] -= 1
        else:
            self.supply[diatom] += 1
            self.report.returned += 1

    def play(self) -> Report:
        for _ in range(self.rounds):
            for player in self.players:
                self.turn(player)
        for shape in SHAPES:
            if any(self.supply[colour.letter, shape] <= 0 for colour in self.spec.colours):
                self.report.empty_supply_games[shape] += 1
        return self.report


def simulate(spec, games: int, seed: int = 0, players: tuple[int, ...] | None = None,
             strategy: str = "greedy") -> Report:
    """`games` seeded games for each player count; the counts of all of them together."""
    rng = random.Random(seed)
    report = Report()
    shared = Shared(spec, strategy)
    for count in players or [players for players in spec.players if players in PLAYER_COUNTS]:
        for _ in range(games):
            report.add(Game(spec, count, rng, shared).play())
    return report


def reports(spec, games: int, seed: int = 0, strategy: str = "greedy") -> dict[int, Report]:
    """One report per player count."""
    return {count: simulate(spec, games, seed + count, (count,), strategy)
            for count in spec.players if count in PLAYER_COUNTS}
