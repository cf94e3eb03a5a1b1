"""The pieces to cut: water tiles, diatom tokens, the lens tool and the petri dishes.

Every coloured triangle and every token carries its colour's mark as well as its colour, so the set
plays for colour-blind players and from a greyscale print.
"""

from __future__ import annotations

import math

from generator.kit.layouts import drawer_style, register_drawer
from generator.kit.symbols import draw_symbol
from generator.model import Component, Piece
from generator.shapes import Circle, Hole, Outline, Rect, RegularPolygon

from .faces import face
from .rulebook import SIDES
from .symbols import shape_symbol
from .tiles import SHAPES
from .wording import colour_label, component_title, shape_label


# ---------------------------------------------------------------------------------------------
# Water tiles: a pointy-top hexagon of six triangles, triangle i on edge i (NE, E, SE, SW, W, NW)
# ---------------------------------------------------------------------------------------------

MARK_AT = 0.62  # a triangle's mark: centred between the points this far out towards its two corners
MARK_SIZE = 0.2  # of a triangle's side


def mark_reach(side: float) -> float:
    """How far from a tile's corner the far edge of the marks of the six triangles round it reach,
    for tiles whose triangles have sides `side` mm: a window this wide shows those marks whole."""
    centre = side * MARK_AT * math.cos(math.pi / SIDES)  # from the tile's centre to a mark's centre
    apart = math.sqrt(side ** 2 + centre ** 2 - 2 * side * centre * math.cos(math.pi / SIDES))
    return apart + side * MARK_SIZE / 2 * math.sqrt(2)  # and the mark's half-diagonal


def corner_angle(k: int) -> float:
    """The direction of corner k of a pointy-top hexagon from its centre, in radians on the page:
    0 straight up, then clockwise."""
    return -math.pi / 2 + math.tau * k / SIDES


def hex_corner(cx: float, cy: float, radius: float, k: int) -> tuple[float, float]:
    """Corner k of a pointy-top hexagon: 0 at the top, then clockwise."""
    angle = corner_angle(k)
    return cx + radius * math.cos(angle), cy + radius * math.sin(angle)


@register_drawer("diatoms.tile-triangles")
def draw_tile_triangles(canvas, box, row, face, element) -> None:
    """Six triangles from the centre of the box, each in its colour with its colour's mark (in the
    element's `colour`, if it gives one, else whichever of ink and paper stands out on the
    triangle); white is left plain. The box is the tile's, run on into the bleed (`bleed: true`):
    the triangles fill it to its edges, the seams (the element's stroke) and marks keep to the trim.
    The same drawing serves both sides, so a tile reads the same either way up."""
    x, y, w, h = box
    bleed = max(0.0, -x, -y)  # a box run on into the bleed starts that far before the trim
    cx, cy = x + w / 2, y + h / 2
    radius = h / 2 - bleed  # a pointy-top hexagon is its corners' circle high
    reach = radius + bleed * 2  # past the cut, into the bleed
    style = drawer_style(face, element, row)
    with canvas.saved():
        canvas.clip_rect(*box)
        for i, (fill, _) in enumerate(row["triangles"]):
            canvas.polygon([(cx, cy), hex_corner(cx, cy, reach, i), hex_corner(cx, cy, reach, i + 1)],
                           fill=fill or row["wild"])
    for i in range(SIDES):  # the seams between triangles, so runs of one colour still show their parts
        canvas.line(cx, cy, *hex_corner(cx, cy, radius, i), stroke=style.line, width=style.line_mm)
    mark = radius * MARK_SIZE
    for i, (fill, symbol) in enumerate(row["triangles"]):
        if symbol is None:
            continue
        # The mark sits where the triangle is widest, toward its base: a third of the way in from the edge.
        mx, my = hex_corner(cx, cy, radius * MARK_AT, i)
        nx, ny = hex_corner(cx, cy, radius * MARK_AT, i + 1)
        draw_symbol(canvas, symbol, (mx + nx) / 2, (my + ny) / 2, mark, style.ink if element.colour else
                    style.ink_on(fill))


def _paint(colour) -> tuple:
    """(fill, mark) of a triangle: its colour's, or (None, None) for a white one, wild and plain."""
    return (colour.colour, colour.mark) if colour else (None, None)


def tile_pieces(spec) -> list[Piece]:
    shape = RegularPolygon.hexagon(spec.tiles.piece.width_mm, pointy_top=True)
    colours = {colour.letter: colour for colour in spec.colours}
    pieces = []
    for index, letters in enumerate([spec.tiles.start] + list(spec.tiles.set)):
        piece_id = "hex-tile-start" if index == 0 else f"hex-tile-{index}"
        style = spec.style.resolve("hex-tile", piece=piece_id, safe_mm=spec.tiles.piece.safe_mm)
        draw = face(spec, "hex-tile-start" if index == 0 else "hex-tile", style, start=spec.words("tile.start"),
                    wild=spec.wild, triangles=tuple(_paint(colours.get(letter)) for letter in letters))
        pieces.append(Piece(piece_id, shape, draw, draw))
    return pieces


# ---------------------------------------------------------------------------------------------
# Diatom tokens: the shape in its colour, the colour's mark beside it; the same on both sides
# ---------------------------------------------------------------------------------------------

TOKEN_SAFE_MM = 1.0  # a token's shape and mark stay this far inside its cut, down to a 10 mm token


def token_pieces(spec) -> list[Piece]:
    tokens = spec.tokens
    shape = Circle(tokens.size_mm) if tokens.cut == "circle" else Rect(tokens.size_mm, tokens.size_mm)
    pieces = []
    for colour in spec.colours:
        for name in SHAPES:
            for n in range(tokens.per_colour.get(name, 0)):
                piece_id = f"diatom-{colour.name}-{name}-{n + 1}"
                style = spec.style.resolve("diatom", colour.name, name, piece_id, safe_mm=TOKEN_SAFE_MM)
                draw = face(spec, "diatom", style, colour=colour.colour, ink=style.ink_on(colour.colour),
                            shape=shape_symbol(name), mark=colour.mark)
                pieces.append(Piece(piece_id, shape, draw, draw, safe_mm=TOKEN_SAFE_MM))
    return pieces


# ---------------------------------------------------------------------------------------------
# The lens tool: a round lens with a handle; its window sits over the corner three tiles share
# ---------------------------------------------------------------------------------------------

def lens_outline(radius: float, handle: float, length: float) -> list[tuple[float, float]]:
    """The lens's cut: a circle of `radius` centred at (radius, radius), with a handle `handle` wide
    running `length` down from it."""
    half = handle / 2
    start = math.asin(half / radius)  # where the handle leaves the circle, from straight down
    points = []
    steps = 72
    for step in range(steps + 1):
        angle = math.pi / 2 + start + (2 * math.pi - 2 * start) * step / steps
        points.append((radius + radius * math.cos(angle), radius + radius * math.sin(angle)))
    bottom = radius * 2 + length
    points += [(radius + half, bottom), (radius - half, bottom)]
    return points


@register_drawer("diatoms.lens-window")
def draw_lens_window(canvas, box, row, face, element) -> None:
    """The window, `window_mm` across the middle of the box (the lens's round head), cut out along
    the cut line the core draws round it (the shape's hole), then laid with its centre on a corner
    where three tiles meet; ticks on the rim along the three seams that meet under it. The window
    is the element's fill, the ticks its colour and stroke_mm."""
    x, y, w, h = box
    cx, cy, radius, window = x + w / 2, y + h / 2, min(w, h) / 2, row["window_mm"]
    style = drawer_style(face, element, row)
    canvas.circle(cx, cy, window, fill=style.panel)
    for k in range(SIDES):
        angle = corner_angle(k)
        inner, outer = window + 1.0, window + radius * 0.12
        canvas.line(cx + inner * math.cos(angle), cy + inner * math.sin(angle),
                    cx + outer * math.cos(angle), cy + outer * math.sin(angle), stroke=style.ink,
                    width=style.line_mm)


def spec_handle(radius: float) -> float:
    return radius * 0.8


def lens_size(spec) -> tuple[float, float]:
    """(the lens's radius, its window's radius), in mm: the window shows the six marks round a sample
    point whole, and the rim round it holds the ticks along the seams."""
    tile_radius = spec.tiles.piece.width_mm / math.sqrt(3)  # a triangle's side
    window = mark_reach(tile_radius) + 1.0
    return window + tile_radius * 0.22, window


def lens_pieces(spec) -> list[Piece]:
    radius, window = lens_size(spec)
    window_cut = Hole(Circle(2 * window), radius - window, radius - window)
    outline = Outline(tuple(lens_outline(radius, spec_handle(radius), radius * 1.6)), holes=(window_cut,))
    style = spec.style.resolve("lens-tool", piece="lens-tool", safe_mm=2.0)
    return [Piece("lens-tool", outline, face(spec, "lens-tool", style, window_mm=window,
                                             window=spec.words("lens.window"), label=spec.words("lens.label")))]


# ---------------------------------------------------------------------------------------------
# Petri dishes: one per colour on one side, one per shape on the other, so the supply can be
# sorted either way
# ---------------------------------------------------------------------------------------------

DISH_MM = 80.0
GUTTER_MM = 6.0  # between shaped pieces, even built with --bleed 0 (the core keeps twice the bleed at least)


def dish_pieces(spec) -> list[Piece]:
    pieces = []
    for colour, shape in zip(spec.colours, SHAPES):
        piece_id = f"petri-dish-{colour.name}"
        style = spec.style.resolve("petri-dish", colour.name, piece=piece_id)
        pieces.append(Piece(piece_id, Circle(DISH_MM),
                            face(spec, "petri-dish-colour", style, colour=colour.colour, mark=colour.mark,
                                 ink=style.ink_on(colour.colour), label=colour_label(spec, colour)),
                            face(spec, "petri-dish-shape", style, shape=shape_symbol(shape),
                                 label=shape_label(spec, shape))))
    return pieces


def piece_components(spec) -> list[Component]:
    return [
        Component("hex-tile", component_title(spec, "hex-tile"), tile_pieces(spec)),
        Component("diatom", component_title(spec, "diatom"), token_pieces(spec), gutter=3.0),
        Component("lens-tool", component_title(spec, "lens-tool"), lens_pieces(spec), gutter=GUTTER_MM),
        Component("petri-dish", component_title(spec, "petri-dish"), dish_pieces(spec), gutter=GUTTER_MM),
    ]
