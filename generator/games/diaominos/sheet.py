"""The player sheet, a player's score pad page: the grid they load, the polyominoes they mark, a row a
round and the score. The layout diaominos-faces.player-sheet places every part; the rules compute only
the grid's cubes (from the file's layers) and each polyomino's shape and marking order, which its
drawers draw in the boxes the layout gives them. The sheet hands its layouts the words and lists
(colours, shapes, rounds, slots) as fields, never coordinates."""

from __future__ import annotations

from generator.canvas import Canvas
from generator.fonts import text_width
from generator.kit.layouts import (box_of, drawer_style, each_cell, frame_of, ink_line_size, register_drawer,
                                   text_fits)
from generator.kit.text import centred_baseline, fit_box, top_baseline
from generator.model import Area

from .polyominoes import marking_order
from .rulebook import POLYOMINO_BOX
from .spec import DiaominosSpec, Grid, colour_label, grid_cells


def player_sheet_row(spec: DiaominosSpec, style) -> dict:
    """The fields the player sheet's layouts show: its words, the file's grid, and the lists its
    repeats run over: each cube colour (its printed name, colour, symbol and the ink that reads on
    it), each shape, each round and each slot of a round."""
    sheet, words = spec.player_sheet, spec.words
    return {
        "title": spec.title, "player": words("sheet.player"), "seat": words("sheet.seat"), "grid": sheet.grid,
        "grid_note": "\n".join(words(key) for key in ("sheet.grid.layers", "sheet.grid.start", "sheet.grid.wild")),
        "wild": words("sheet.wild"), "layers": words("sheet.layers"), "marks": words("sheet.marks"),
        "score": words("sheet.score"), "marking": words("sheet.marking"), "shape_colour": words("sheet.colour"),
        "first": words("sheet.first"), "rounds_note": words("sheet.rounds", slots=sheet.slots_per_round),
        "scoring": words("sheet.scoring"), "total": words("sheet.total"),
        "colours": tuple((("name", colour_label(spec, colour)), ("colour", colour.colour), ("symbol", colour.symbol),
                          ("mark", style.ink_on(colour.colour))) for colour in spec.cube.colours),
        "shapes": tuple((("name", shape.name), ("cells", tuple(map(tuple, shape.cells))))
                        for shape in sheet.polyominoes),
        "rounds": tuple(range(1, sheet.rounds + 1)), "slots": tuple(range(1, sheet.slots_per_round + 1)),
    }


def part_on_sheet(spec: DiaominosSpec, style, *names: str):
    """The element a path of names reaches from the player sheet's layout (a part of a part: through
    the layouts its `layout:` elements draw, in the first cell of a repeat) and its box on the sheet
    (x, y, width, height in mm), for the validator; None where the layout leaves a part out."""
    sheet, layouts = spec.player_sheet, spec.layouts.layouts
    row, layout = player_sheet_row(spec, style), "player-sheet"
    area, origin, element, box = Area(sheet.width_mm, sheet.height_mm, 0.0), (0.0, 0.0), None, None
    for name in names:
        element = dict(layouts.get(layout, ())).get(name)
        if element is None:
            return None
        box, row = next(each_cell(element, box_of(element, area, style), row), (None, row))
        if box is None:  # a repeat over an empty list
            return None
        x, y, width, height = box
        box = (origin[0] + x, origin[1] + y, width, height)
        if element.kind == "layout":
            layout, area, origin = element.layout, Area(width, height, 0.0), box[:2]
    return element, box, row


def fits_its_box(element, text: str, box, style) -> bool:
    """Whether `text` fits its element's box at the element's floor or larger: on one line for an
    `ink` text, else wrapped (a colour's name in the key)."""
    _, _, width, height = box
    area = Area(width, height, 0.0)
    return (element.ink and ink_line_size(element, text, box, style, frame_of(element, area)) is not None) or \
        text_fits(element, text, box, style, area)


# The grid ----------------------------------------------------------------------------------------

def layer_numbers_width(grid: Grid, style) -> float:
    """The column left of the grid that numbers its layers: the widest number and a space of the body's size."""
    body = style.body
    return text_width(str(len(grid.layers)), body.size, body.face) + body.size


def grid_cell(grid: Grid, box, style) -> float:
    """The grid's cubes: the file's cell_mm, or less so that every layer and column fits the box."""
    _, _, width, height = box
    columns = max((len(layer) for layer in grid.layers), default=1) or 1  # no cubes: diaominos.grid says so
    across = (width - layer_numbers_width(grid, style)) / columns
    return min(grid.cell_mm, across, height / max(len(grid.layers), 1))


@register_drawer("diaominos.sheet-grid")
def draw_grid(canvas: Canvas, box, row, face, element) -> None:
    """The big grid in its box, the start filled, its layers numbered in the body's text at its left
    (from the bottom or the top, as the file says), in the element's colours and stroke_mm."""
    style, grid = drawer_style(face, element, row), row["grid"]
    body, size = style.body, grid_cell(grid, box, style)
    x0, y0 = box[0] + layer_numbers_width(grid, style), box[1]
    for (column, row_), mark in grid_cells(grid).items():
        filled = style.ink if mark == "S" else style.background  # the start comes marked
        canvas.rect(x0 + column * size, y0 + row_ * size, size, size, fill=filled, stroke=style.line,
                    width=style.line_mm)
    layers = len(grid.layers)
    gap = body.size * NUMBER_GAP
    for index in range(layers):
        number = str(layers - index if grid.number_layers_from == "bottom" else index + 1)
        digits = fit_box(number, body.size, x0 - box[0] - gap, size * NUMBER_OF_CELL, body.face)
        canvas.text(x0 - gap, centred_baseline(number, digits, body.face, y0 + (index + 0.5) * size), number, digits,
                    fill=style.ink, face=body.face, align="right")


NUMBER_GAP, NUMBER_OF_CELL = 0.6, 0.7  # a layer's number: this many sizes clear of the grid, at most this of a cube high


# A polyomino ---------------------------------------------------------------------------------------

def polyomino_cube(box) -> float:
    """A polyomino's cube in its box: the box's smaller side holds POLYOMINO_BOX of them."""
    _, _, width, height = box
    return min(width, height) / POLYOMINO_BOX


@register_drawer("diaominos.polyomino")
def draw_polyomino(canvas: Canvas, box, row, face, element) -> None:
    """One shape in its fixed orientation, centred across its box and in its rows, each cube in the
    element's fill and numbered at its corner, in the element's role, in the order it is marked."""
    style = drawer_style(face, element, row)
    text, cells, cell = getattr(style, element.role), row["cells"], polyomino_cube(box)
    columns = max((c for c, _ in cells), default=0) + 1  # no cells: diaominos.polyominoes says so
    rows = max((r for _, r in cells), default=0) + 1
    left = box[0] + (box[2] - columns * cell) / 2
    top = box[1] + (POLYOMINO_BOX - rows) * cell / 2
    order = {cell_: n for n, cell_ in enumerate(marking_order(cells), start=1)}
    inset = cell * ORDER_INSET
    for column, row_ in cells:
        cx, cy = left + column * cell, top + row_ * cell
        canvas.rect(cx, cy, cell, cell, fill=style.panel, stroke=style.line, width=style.line_mm)
        number = str(order[(column, row_)])
        canvas.text(cx + inset, top_baseline(number, text.size, text.face, cy + inset), number, text.size,
                    fill=style.ink, face=text.face)


ORDER_INSET = 0.1  # a cube's order number, this much of the cube in from its corner
