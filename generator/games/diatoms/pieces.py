"""The pieces to cut: water tiles, diatom tokens, the lens tool and the petri dishes.

Every coloured triangle and every token carries its colour's mark as well as its colour, so the set
plays for colour-blind players and from a greyscale print.
"""

from __future__ import annotations

import math
from functools import partial

from generator.canvas import PT
from generator.fonts import wrap
from generator.kit.prose import FLOOR_PT
from generator.kit.symbols import draw_symbol
from generator.kit.text import centred_baseline, fit_box
from generator.model import Area, Component, Piece, fill_bleed
from generator.shapes import Circle, Hole, Outline, Rect, RegularPolygon
from generator.styles import Style

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
    centre = side * MARK_AT * math.cos(math.radians(30))  # from the tile's centre to a mark's centre
    apart = math.sqrt(side ** 2 + centre ** 2 - 2 * side * centre * math.cos(math.radians(30)))
    return apart + side * MARK_SIZE / 2 * math.sqrt(2)  # and the mark's half-diagonal


def hex_corner(cx: float, cy: float, radius: float, k: int) -> tuple[float, float]:
    """Corner k of a pointy-top hexagon: 0 at the top, then clockwise."""
    angle = math.radians(-90 + 60 * k)
    return cx + radius * math.cos(angle), cy + radius * math.sin(angle)


def draw_tile(canvas, area: Area, spec, style: Style, letters: str, start: bool) -> None:
    """Six triangles from the centre, each in its colour with its colour's mark; white is left
    plain. The same drawing serves both sides, so a tile reads the same either way up."""
    cx, cy = area.width / 2, area.height / 2
    radius = area.height / 2
    reach = radius + area.bleed * 2  # past the cut, into the bleed
    colours = {colour.letter: colour for colour in spec.colours}
    with canvas.saved():
        canvas.clip_rect(*area.bleed_box())
        for i, letter in enumerate(letters):
            colour = colours.get(letter)
            fill = colour.colour if colour else spec.wild
            canvas.polygon([(cx, cy), hex_corner(cx, cy, reach, i), hex_corner(cx, cy, reach, i + 1)], fill=fill)
    for i in range(6):  # the seams between triangles, so runs of one colour still show their parts
        canvas.line(cx, cy, *hex_corner(cx, cy, radius, i), stroke=style.line, width=style.line_mm * 0.5)
    mark = radius * MARK_SIZE
    for i, letter in enumerate(letters):
        colour = colours.get(letter)
        if colour is None:
            continue
        # The mark sits where the triangle is widest, toward its base: a third of the way in from the edge.
        mx, my = hex_corner(cx, cy, radius * MARK_AT, i)
        nx, ny = hex_corner(cx, cy, radius * MARK_AT, i + 1)
        draw_symbol(canvas, colour.mark, (mx + nx) / 2, (my + ny) / 2, mark, style.ink_on(colour.colour))
    if start:
        ring = radius * 0.242  # START stays 7 pt or more on tiles down to 44 mm across (README)
        canvas.circle(cx, cy, ring, fill=style.background, stroke=style.ink, width=style.line_mm)
        word = spec.words("tile.start")
        face = style.title.face
        lines, size = [word], fit_box(word, style.title.size, ring * 1.6, ring * 0.8, face)
        if size < FLOOR_PT * PT and " " in word.strip():  # a longer translation: two lines in the ring
            size = style.title.size
            while size > FLOOR_PT * PT / 2 and (len(wrap(word, size, ring * 1.5, face)) > 2 or size * 2.4 > ring * 1.4):
                size *= 0.95
            lines = wrap(word, size, ring * 1.5, face)
        base = centred_baseline(word, size, face, cy) - (len(lines) - 1) * size * 1.2 / 2
        for line in lines:
            canvas.text(cx, base, line, size, fill=style.ink, face=face, anchor="middle")
            base += size * 1.2


def tile_pieces(spec) -> list[Piece]:
    shape = RegularPolygon.hexagon(spec.tiles.piece.width_mm, pointy_top=True)
    pieces = []
    for index, letters in enumerate([spec.tiles.start] + list(spec.tiles.set)):
        piece_id = "hex-tile-start" if index == 0 else f"hex-tile-{index}"
        style = spec.style.resolve("hex-tile", piece=piece_id, safe_mm=spec.tiles.piece.safe_mm)
        draw = partial(draw_tile, spec=spec, style=style, letters=letters, start=index == 0)
        pieces.append(Piece(piece_id, shape, draw, draw))
    return pieces


# ---------------------------------------------------------------------------------------------
# Diatom tokens: the shape in its colour, the colour's mark beside it; the same on both sides
# ---------------------------------------------------------------------------------------------

def draw_token(canvas, area: Area, colour, shape: str, style: Style) -> None:
    fill_bleed(canvas, area, colour.colour)
    ink = style.ink_on(colour.colour)
    size = area.width
    draw_symbol(canvas, shape_symbol(shape), size / 2, size * 0.46, size * 0.5, ink)
    draw_symbol(canvas, colour.mark, size / 2, size * 0.82, size * 0.16, ink)


def token_pieces(spec) -> list[Piece]:
    tokens = spec.tokens
    shape = Circle(tokens.size_mm) if tokens.cut == "circle" else Rect(tokens.size_mm, tokens.size_mm)
    pieces = []
    for colour in spec.colours:
        for name in SHAPES:
            for n in range(tokens.per_colour.get(name, 0)):
                piece_id = f"diatom-{colour.name}-{name}-{n + 1}"
                style = spec.style.resolve("diatom", colour.name, name, piece_id, safe_mm=1.0)
                draw = partial(draw_token, colour=colour, shape=name, style=style)
                pieces.append(Piece(piece_id, shape, draw, draw))
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


def draw_lens(canvas, area: Area, spec, style: Style, radius: float, window: float) -> None:
    fill_bleed(canvas, area, style.panel)
    cx = cy = radius
    # The window, cut out along the cut line the core draws round it (the shape's hole), then laid with
    # its centre on a corner where three tiles meet.
    canvas.circle(cx, cy, window, fill=style.background)
    for k in range(6):  # ticks along the three seams that meet under the centre
        angle = math.radians(-90 + 60 * k)
        inner, outer = window + 1.0, window + radius * 0.12
        canvas.line(cx + inner * math.cos(angle), cy + inner * math.sin(angle),
                    cx + outer * math.cos(angle), cy + outer * math.sin(angle), stroke=style.ink,
                    width=style.line_mm)
    note = spec.words("lens.window")
    size = fit_box(note, style.body.size, window * 1.7, window * 0.3, style.body.face)
    canvas.text(cx, centred_baseline(note, size, style.body.face, cy), note, size, fill=style.muted,
                face=style.body.face, anchor="middle")
    label = spec.words("lens.label")
    handle_mid = radius * 2 + (area.height - radius * 2) / 2
    with canvas.saved():
        canvas.translate(cx, handle_mid)
        canvas.rotate(-90)
        size = fit_box(label, style.title.size, (area.height - radius * 2) * 0.7, spec_handle(radius) * 0.6,
                       style.title.face)
        canvas.text(0, centred_baseline(label, size, style.title.face, 0), label, size, fill=style.ink,
                    face=style.title.face, anchor="middle")


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
    return [Piece("lens-tool", outline, partial(draw_lens, spec=spec, style=style, radius=radius, window=window))]


# ---------------------------------------------------------------------------------------------
# Petri dishes: one per colour on one side, one per shape on the other, so the supply can be
# sorted either way
# ---------------------------------------------------------------------------------------------

DISH_MM = 80.0
GUTTER_MM = 6.0  # between shaped pieces, even built with --bleed 0 (the core keeps twice the bleed at least)


def draw_dish_colour(canvas, area: Area, colour, label: str, style: Style) -> None:
    r = area.width / 2
    fill_bleed(canvas, area, style.background)
    canvas.circle(r, r, r - style.border_mm, fill=colour.colour, stroke=style.line, width=style.line_mm)
    canvas.circle(r, r, r * 0.62, fill=style.background)
    ink = style.ink_on(colour.colour)
    for k in range(6):
        angle = math.radians(-90 + 60 * k)
        draw_symbol(canvas, colour.mark, r + r * 0.78 * math.cos(angle), r + r * 0.78 * math.sin(angle), r * 0.16, ink)
    size = fit_box(label, style.title.size, r * 1.1, r * 0.3, style.title.face)
    canvas.text(r, centred_baseline(label, size, style.title.face, r), label, size, fill=style.ink,
                face=style.title.face, anchor="middle")


def draw_dish_shape(canvas, area: Area, shape: str, label: str, style: Style) -> None:
    r = area.width / 2
    fill_bleed(canvas, area, style.background)
    canvas.circle(r, r, r - style.border_mm, fill=style.panel, stroke=style.line, width=style.line_mm)
    draw_symbol(canvas, shape_symbol(shape), r, r * 0.9, r * 0.6, style.ink)
    size = fit_box(label, style.body.size, r * 1.1, r * 0.2, style.title.face)
    canvas.text(r, centred_baseline(label, size, style.title.face, r * 1.5), label, size, fill=style.ink,
                face=style.title.face, anchor="middle")


def dish_pieces(spec) -> list[Piece]:
    pieces = []
    for colour, shape in zip(spec.colours, SHAPES):
        piece_id = f"petri-dish-{colour.name}"
        style = spec.style.resolve("petri-dish", colour.name, piece=piece_id, safe_mm=3.0)
        pieces.append(Piece(piece_id, Circle(DISH_MM),
                            partial(draw_dish_colour, colour=colour, label=colour_label(spec, colour), style=style),
                            partial(draw_dish_shape, shape=shape, label=shape_label(spec, shape), style=style)))
    return pieces


def piece_components(spec) -> list[Component]:
    return [
        Component("hex-tile", component_title(spec, "hex-tile"), tile_pieces(spec)),
        Component("diatom", component_title(spec, "diatom"), token_pieces(spec), gutter=3.0),
        Component("lens-tool", component_title(spec, "lens-tool"), lens_pieces(spec), gutter=GUTTER_MM),
        Component("petri-dish", component_title(spec, "petri-dish"), dish_pieces(spec), gutter=GUTTER_MM),
    ]
