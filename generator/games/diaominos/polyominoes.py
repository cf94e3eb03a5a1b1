"""Polyomino shapes: a shape up to turns and mirrors, the five free tetrominoes, the order marks fill
a shape, and whether cubes join (the grid's, a shape's)."""

from __future__ import annotations

def canonical(cells) -> tuple:
    """The shape up to rotation and reflection: the smallest of its eight normalised forms."""
    forms = []
    points = [tuple(cell) for cell in cells]
    for _ in range(2):
        for _ in range(4):
            points = [(y, -x) for x, y in points]
            x0, y0 = min(x for x, _ in points), min(y for _, y in points)
            forms.append(tuple(sorted((x - x0, y - y0) for x, y in points)))
        points = [(-x, y) for x, y in points]
    return min(forms)


#: The five free tetrominoes, as the game's facts.
FREE_TETROMINOES = {
    name: canonical(cells) for name, cells in {
        "I": [(0, 0), (0, 1), (0, 2), (0, 3)], "O": [(0, 0), (1, 0), (0, 1), (1, 1)],
        "T": [(0, 0), (1, 0), (2, 0), (1, 1)], "S": [(1, 0), (2, 0), (0, 1), (1, 1)],
        "L": [(0, 0), (0, 1), (0, 2), (1, 2)],
    }.items()
}


def marking_order(cells) -> list[tuple[int, int]]:
    """The order marks fill a polyomino: bottom-most first, then right-most (row 0 is the top)."""
    return sorted((tuple(cell) for cell in cells), key=lambda cell: (-cell[1], -cell[0]))


def connected(cells) -> bool:
    cells = set(map(tuple, cells))
    if not cells:
        return False
    seen, todo = set(), [next(iter(cells))]
    while todo:
        x, y = todo.pop()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        todo += [n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in cells]
    return seen == cells

