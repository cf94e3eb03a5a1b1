"""A 2x2 puzzle cube that rolls across the Diaominos board.

Space is x east, y north, z up, seen from seat 1 at the board's south (bottom) edge. The cube is 24
facelets, each at a corner cubie (a vector of +-1s) facing along one axis. Rolling the cube one
square is a quarter turn of the whole cube about a horizontal axis; a scramble turns one layer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .rulebook import ROUNDS, SCRAMBLE_ROLLS, SCRAMBLE_TURNS

Vector = tuple[int, int, int]

UP: Vector = (0, 0, 1)
DOWN: Vector = (0, 0, -1)
#: The side of the cube each seat looks at: seat 1 south, then clockwise seen from above.
SEATS: dict[int, Vector] = dict(enumerate([(0, -1, 0), (-1, 0, 0), (0, 1, 0), (1, 0, 0)], start=1))
DIRECTIONS: tuple[Vector, ...] = (UP, DOWN, (1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0))


def roll(v: Vector, heading: str) -> Vector:
    """Where a vector points after the cube rolls one square east, west, north or south:
    the top turns to face the way the cube went."""
    x, y, z = v
    return {"E": (z, y, -x), "W": (-z, y, x), "N": (x, z, -y), "S": (x, -z, y)}[heading]


def rolls_for_move(start: tuple[int, int], end: tuple[int, int]) -> list[str]:
    """The rolls of one L move between board squares ([column, row], row 0 at the north edge):
    two squares along the long leg, then one to the side."""
    columns, rows = end[0] - start[0], end[1] - start[1]
    east_west = "E" if columns > 0 else "W"
    north_south = "S" if rows > 0 else "N"
    if abs(columns) == 2:
        return [east_west, east_west, north_south]
    return [north_south, north_south, east_west]


def is_l_move(start, end) -> bool:
    return sorted((abs(end[0] - start[0]), abs(end[1] - start[1]))) == [1, 2]


def surface_directions(path: list[tuple[int, int]]) -> list[list[Vector]]:
    """For each of the six surfaces (named by the direction it starts in), the direction it faces
    at each space of the path."""
    facing = list(DIRECTIONS)
    history = [[d] for d in facing]
    for start, end in zip(path, path[1:]):
        for heading in rolls_for_move(start, end):
            facing = [roll(d, heading) for d in facing]
        for record, d in zip(history, facing):
            record.append(d)
    return history


def keeps_promise(path: list[tuple[int, int]]) -> bool:
    """Over six spaces, is every surface on top once and facing each seat once? (It then also
    rests on the board once, so it meets all six directions.) Depends only on the path."""
    return len(path) == ROUNDS and all(len(set(directions)) == len(DIRECTIONS)
                                       for directions in surface_directions(path))


@dataclass(frozen=True)
class Facelet:
    cubie: Vector  # the corner it sits on
    normal: Vector  # the way it faces
    colour: int  # index into the cube's colours


def _turn(v: Vector, axis: int) -> Vector:
    """A quarter turn about a coordinate axis."""
    x, y, z = v
    return [(x, -z, y), (z, y, -x), (-y, x, z)][axis]


class Cube:
    def __init__(self, facelets: list[Facelet]):
        self.facelets = facelets

    @classmethod
    def solved(cls) -> "Cube":
        """Colour i on the face that starts in DIRECTIONS[i]."""
        facelets = []
        for x in (-1, 1):
            for y in (-1, 1):
                for z in (-1, 1):
                    cubie = (x, y, z)
                    for axis in range(3):
                        normal = tuple(cubie[k] if k == axis else 0 for k in range(3))
                        facelets.append(Facelet(cubie, normal, DIRECTIONS.index(normal)))
        return cls(facelets)

    @classmethod
    def scrambled(cls, seed: int, turns: int = SCRAMBLE_TURNS) -> "Cube":
        """A legal scramble: random layer turns from the solved cube, then a random roll onto A.
        Scrambles that leave a face in one colour are turned further: they make dull rounds."""
        rng = random.Random(seed)
        cube = cls.solved()
        while any(len(set(cube.face(d))) == 1 for d in DIRECTIONS):
            for _ in range(turns):
                axis, layer, quarters = rng.randrange(3), rng.choice((-1, 1)), rng.randint(1, 3)
                for _ in range(quarters):
                    cube = cube.turn_layer(axis, layer)
        for _ in range(rng.randint(0, SCRAMBLE_ROLLS)):
            cube = cube.roll(rng.choice("NESW"))
        return cube

    def turn_layer(self, axis: int, layer: int) -> "Cube":
        return Cube([
            Facelet(_turn(f.cubie, axis), _turn(f.normal, axis), f.colour) if f.cubie[axis] == layer else f
            for f in self.facelets
        ])

    def roll(self, heading: str) -> "Cube":
        return Cube([Facelet(roll(f.cubie, heading), roll(f.normal, heading), f.colour) for f in self.facelets])

    def face(self, direction: Vector, seat: int = 1) -> list[int]:
        """The four colours facing `direction`, as the player in `seat` reads them: top row then
        bottom row, each left to right. The top face is read looking down from that seat."""
        toward = SEATS[seat]
        if direction == UP:
            up = (-toward[0], -toward[1], 0)  # the far side of the top face is "up" to the reader
            right = _cross(up, UP)
        else:
            up, right = UP, _cross(UP, direction)
        stickers = [f for f in self.facelets if f.normal == direction]
        stickers.sort(key=lambda f: (-_dot(f.cubie, up), _dot(f.cubie, right)))
        return [f.colour for f in stickers]


def _dot(a: Vector, b: Vector) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vector, b: Vector) -> Vector:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


@dataclass(frozen=True)
class Round:
    number: int
    space: str
    top: list[int]  # read from seat 1
    seats: dict[int, list[int]]


def play_rounds(cube: Cube, spaces: dict[str, tuple[int, int]]) -> list[Round]:
    """Roll the cube from A to F and read what is on top and what faces each seat at each space."""
    letters = sorted(spaces)
    rounds = []
    for number, letter in enumerate(letters, start=1):
        if number > 1:
            for heading in rolls_for_move(spaces[letters[number - 2]], spaces[letter]):
                cube = cube.roll(heading)
        seats = {seat: cube.face(direction, seat) for seat, direction in SEATS.items()}
        rounds.append(Round(number, letter, cube.face(UP, 1), seats))
    return rounds
