"""The drawers the layouts of templates/layouts.yaml (blood_diamonds-faces) place for what is computed
rather than placed: a frame or ring its style's border_mm inside its box, a rank (the null an empty
ring, every glyph one height), a die net's faces, a pawn's two panels, and the aids' whole faces (the
reference card's flowed words, the score track). Each draws in its element's box,
in its element's colours, and sizes its words by the element's role, size_pt and scale."""

from __future__ import annotations

from contextlib import contextmanager

from generator import fonts
from generator.canvas import PT
from generator.kit.layouts import drawer_style, filled, frame_fits, register_drawer
from generator.kit.symbols import draw_symbol
from generator.model import Area

from .pieces import DIE_SYMBOL, RANK_GLYPHS, die_rank_height, draw_rank


@contextmanager
def in_box(canvas, box):
    """Draw as on a piece the size of `box`, at the box."""
    x, y, width, height = box
    with canvas.saved():
        canvas.translate(x, y)
        yield Area(width, height, 0.0)


def colour_of(face, element, row, default: str = "{colour}") -> str:
    """The element's colour, its row's suit colour when it gives none."""
    return face.colour(filled(element.colour or default, row), element.where)


def stroke_of(face, element, row) -> tuple[str, float]:
    """The element's line: its stroke (else its colour, else the suit's) and stroke_mm (else the style's)."""
    return (face.colour(filled(element.stroke or element.colour or "{colour}", row), element.where),
            element.stroke_mm or face.style.line_mm)


# Frames and ranks ----------------------------------------------------------------------------------

@register_drawer("blood_diamonds.frame")
def draw_tile_frame(canvas, box, row, face, element) -> None:
    """A frame whose outer edge runs the style's border_mm inside the box (the piece, as bundled): the
    nearer a frame runs to the cut, the more a slip of the knife shows. Corners round by radius_mm."""
    x, y, width, height = box
    stroke, line = stroke_of(face, element, row)
    frame_fits(element, face.style.border_mm, line, width, height)
    inset = face.style.border_mm + line / 2
    canvas.rect(x + inset, y + inset, width - 2 * inset, height - 2 * inset, radius=element.radius_mm, stroke=stroke,
                width=line)


@register_drawer("blood_diamonds.ring")
def draw_coin_ring(canvas, box, row, face, element) -> None:
    """A coin's ring, likewise: its outer edge border_mm inside the circle the box holds."""
    x, y, width, height = box
    stroke, line = stroke_of(face, element, row)
    frame_fits(element, face.style.border_mm, line, width, height)
    radius = min(width, height) / 2 - face.style.border_mm - line / 2
    canvas.circle(x + width / 2, y + height / 2, radius, stroke=stroke, width=line)


@register_drawer("blood_diamonds.rank")
def draw_rank_in_box(canvas, box, row, face, element) -> None:
    """The row's rank centred in the box, as tall as the box (every rank one height, so a set reads
    evenly; size_pt sets the glyphs' size instead), in the element's role's font."""
    x, y, width, height = box
    role = getattr(face.style, element.role)
    if element.size_pt:
        height = element.size_pt * PT * fonts.inked_height(RANK_GLYPHS, role.face)[1]
    draw_rank(canvas, row["rank"], x + width / 2, y + box[3] / 2, height * element.scale, colour_of(face, element, row),
              role.face, face.style.background)


@register_drawer("blood_diamonds.tile-grid")
def draw_tile_grid(canvas, box, row, face, element) -> None:
    """Lines across the middle of the box both ways (give it `bleed: true` to run them into the bleed),
    a touch bolder than a face's frame: the grid is the back's whole art."""
    x, y, width, height = box
    stroke = colour_of(face, element, row, element.stroke or "back_pattern")
    line = element.stroke_mm or face.style.line_mm
    with canvas.saved():
        canvas.clip_rect(x, y, width, height)
        canvas.line(x + width / 2, y, x + width / 2, y + height, stroke=stroke, width=line)
        canvas.line(x, y + height / 2, x + width, y + height / 2, stroke=stroke, width=line)


# Dice and pawns ----------------------------------------------------------------------------------

@register_drawer("blood_diamonds.die-faces")
def draw_die_faces(canvas, box, row, face, element) -> None:
    """Each face of the net (the row's `net`: its faces' top-left corners, in order) with its rank in
    the middle and the suit's symbol in the corner."""
    style, f = drawer_style(face, element, row), row["face_mm"]
    colour = colour_of(face, element, row)
    symbol_at, symbol_size = DIE_SYMBOL
    rank_face = getattr(style, element.role).face
    with in_box(canvas, box):
        for (x, y), rank in zip(row["net"], row["ranks"]):
            canvas.rect(x, y, f, f, fill=face.colour(filled(element.fill or "background", row), element.where))
            height = die_rank_height(f, style) * element.scale
            if element.size_pt:
                height = element.size_pt * PT * element.scale * fonts.inked_height(RANK_GLYPHS, rank_face)[1]
            draw_rank(canvas, rank, x + f / 2, y + f / 2, height, colour, rank_face, style.background)
            draw_symbol(canvas, row["symbol"], x + f * symbol_at, y + f * symbol_at, f * symbol_size, colour)


@register_drawer("blood_diamonds.pawn-panels")
def draw_pawn_panels(canvas, box, row, face, element) -> None:
    """The pawn's two panels between its folds, in the element's colour (the suit's): the net's
    geometry, from the row's width_mm, height_mm and base_mm. What stands on them is the layout's."""
    w, h, b = row["width_mm"], row["height_mm"], row["base_mm"]
    with in_box(canvas, box):
        canvas.rect(0, b, w, 2 * h, fill=colour_of(face, element, row))


# The aids: whole faces a module computes (reference card sides, score track, payoff chart) ------------

@register_drawer("blood_diamonds.sheet")
def draw_sheet(canvas, box, row, face, element) -> None:
    """The row's `sheet`: a drawing of the whole face (words flowed and shrunk to fit, a computed table),
    drawn in the box with the style's text sizes and ink as the element sets them."""
    with in_box(canvas, box) as area:
        row["sheet"](canvas, area, style=drawer_style(face, element, row))
