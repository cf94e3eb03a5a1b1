"""Packing: how many pieces of one shape fit in a box, and where each goes.

Two arrangements, each tried with the pieces upright and turned a quarter turn:
- a grid, the guillotine's layout: rows and columns `gutter` apart;
- nested rows for circles and pointy-top hexagons: every other row shifts by half a piece and
  the rows close up, so the pieces pack like a honeycomb with `gutter` between neighbours.
The arrangement that holds the most wins; pieces turn only where that holds more, and among
equals the one that leaves most of the box free wins.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.shapes import Shape

EPSILON = 1e-6


@dataclass(frozen=True)
class Slot:
    """Where one piece goes: its footprint's top-left corner, relative to the block."""

    x: float
    y: float
    row: int
    col: int


@dataclass(frozen=True)
class Block:
    """Pieces of one shape arranged in a box; `width` and `height` are what they take of it."""

    slots: tuple[Slot, ...]
    width: float
    height: float
    turned: bool  # every piece is turned 90 degrees clockwise
    nested: bool  # rows shift by half a piece (no shared straight cuts)

    @property
    def count(self) -> int:
        return len(self.slots)


def footprint(shape: Shape, turned: bool) -> tuple[float, float]:
    return (shape.height, shape.width) if turned else (shape.width, shape.height)


def grid_slots(size: tuple[float, float], gutter: float, width: float, height: float, limit: int) -> list[Slot]:
    """The first `limit` slots of the grid, row by row."""
    w, h = size
    cols = max(0, math.floor((width + gutter + EPSILON) / (w + gutter)))
    rows = max(0, math.floor((height + gutter + EPSILON) / (h + gutter)))
    if cols == 0:
        return []
    rows = min(rows, math.ceil(limit / cols))  # tiny pieces: no need to list a page's worth of slots
    return [Slot(c * (w + gutter), r * (h + gutter), r, c) for r in range(rows) for c in range(cols)][:limit]


def nested_slots(size: tuple[float, float], gutter: float, width: float, height: float, limit: int) -> list[Slot]:
    """The first `limit` slots of rows `gutter` apart along the line between centres of diagonal
    neighbours."""
    w, h = size
    pitch = w + gutter
    rise = pitch * math.sqrt(3) / 2  # neighbours in the next row sit at 60 degrees, one pitch away
    if h > height + EPSILON:
        return []
    rows = 1 + math.floor((height - h + EPSILON) / rise)
    slots = []
    for r in range(rows):
        shift = pitch / 2 if r % 2 else 0.0
        cols = max(0, math.floor((width - shift + gutter + EPSILON) / pitch))
        slots += [Slot(shift + c * pitch, r * rise, r, c) for c in range(cols)]
        if len(slots) >= limit:
            break
    return slots[:limit]


def arrange(shape: Shape, gutter: float, count: int, width: float, height: float, allow_turn: bool = True) -> Block:
    """The best block of at most `count` pieces in a `width` x `height` box (count 0 if none fits)."""
    best: Block | None = None
    best_key = None
    turns = (False, True) if allow_turn and not shape.symmetric_under_quarter_turn else (False,)
    for turned in turns:
        size = footprint(shape, turned)
        layouts = [(False, grid_slots)]
        if shape.nests_in_rows(turned):
            layouts.append((True, nested_slots))
        for nested, slots_in in layouts:
            slots = slots_in(size, gutter, width, height, count)
            block = _block(slots, size, turned, nested)
            # Most pieces first; pieces turn only where that fits more. Then the least height
            # used (room for the next block), the least width, and plain grids, the easiest to cut.
            key = (block.count, not turned, -round(block.height, 6), -round(block.width, 6), not nested)
            if best_key is None or key > best_key:
                best, best_key = block, key
    return best


def _block(slots: list[Slot], size: tuple[float, float], turned: bool, nested: bool) -> Block:
    if not slots:
        return Block((), 0.0, 0.0, turned, nested)
    width = max(s.x for s in slots) + size[0]
    height = max(s.y for s in slots) + size[1]
    return Block(tuple(slots), width, height, turned, nested)
