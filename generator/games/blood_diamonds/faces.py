"""The faces of the piecepack, as drawers the layouts of templates/layouts.yaml (blood_diamonds-faces)
place: a tile's corner symbol, bar, rank and name, a coin's ring and middle, a die net's faces, a pawn's
panels. Where each part goes is computed from the piece's size and style (pieces.py), the numbers the
validator's layout rule reads; a layout's element chooses the parts, their colours and order, and its
`at`/`box` moves a part: each drawer draws its part as on a piece the size of its box, at the box
(the whole piece unless the element says otherwise). `scale` and `size_pt` size the part's words."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

from generator import fonts
from generator.canvas import PT
from generator.kit.layouts import filled, register_drawer
from generator.kit.symbols import draw_symbol
from generator.kit.text import fit_line
from generator.model import Area

from .specs import Pawns
from .pieces import coin_face, die_rank_height, draw_frame, draw_rank, pawn_disc, pawn_parts, tile_face, DIE_SYMBOL


@contextmanager
def in_box(canvas, box):
    """Draw as on a piece the size of `box`, at the box."""
    x, y, width, height = box
    with canvas.saved():
        canvas.translate(x, y)
        yield Area(width, height, 0.0)


def styled(style, element):
    """The face's style with the element's text sizes: every role `scale` times its size, and the
    element's role `size_pt` (times `scale`) when it gives one."""
    if element.scale == 1 and not element.size_pt:
        return style
    roles = {role: replace(getattr(style, role), size=getattr(style, role).size * element.scale)
             for role in ("title", "body", "small", "index")}
    if element.size_pt:
        roles[element.role] = replace(getattr(style, element.role), size=element.size_pt * PT * element.scale)
    return replace(style, **roles)


def colour_of(face, element, row, default: str = "{colour}") -> str:
    """The element's colour, its row's suit colour when it gives none."""
    return face.colour(filled(element.colour or default, row), element.where)


# Tiles -------------------------------------------------------------------------------------------

@register_drawer("blood_diamonds.tile-frame")
def draw_tile_frame(canvas, box, row, face, element) -> None:
    with in_box(canvas, box) as area:
        draw_frame(canvas, area, face.style, colour_of(face, element, row))


@register_drawer("blood_diamonds.tile-symbol")
def draw_tile_symbol(canvas, box, row, face, element) -> None:
    with in_box(canvas, box) as area:
        left, top, right, bottom = tile_face(area.width, area.height, face.style, row["name"]).corner
        draw_symbol(canvas, row["symbol"], (left + right) / 2, (top + bottom) / 2, right - left,
                    colour_of(face, element, row))


@register_drawer("blood_diamonds.tile-bar")
def draw_tile_bar(canvas, box, row, face, element) -> None:
    with in_box(canvas, box) as area:
        left, top, right, bottom = tile_face(area.width, area.height, face.style, row["name"]).bar
        canvas.rect(left, top, right - left, bottom - top, radius=(bottom - top) / 2,
                    fill=colour_of(face, element, row))


@register_drawer("blood_diamonds.tile-rank")
def draw_tile_rank(canvas, box, row, face, element) -> None:
    style = face.style
    with in_box(canvas, box) as area:
        rank = tile_face(area.width, area.height, style, row["name"]).rank
        draw_rank(canvas, row["rank"], *rank, colour_of(face, element, row), style.index.face, style.background)


@register_drawer("blood_diamonds.tile-name")
def draw_tile_name(canvas, box, row, face, element) -> None:
    style = styled(face.style, element)
    with in_box(canvas, box) as area:
        tile = tile_face(area.width, area.height, style, row["name"])
        for line, baseline in zip(tile.name, tile.baselines()):
            canvas.text(area.width / 2, baseline, line, tile.name_size, fill=colour_of(face, element, row, "ink"),
                        face=style.title.face, anchor="middle")


@register_drawer("blood_diamonds.tile-grid")
def draw_tile_grid(canvas, box, row, face, element) -> None:
    """Lines across the middle of the box both ways (give it `bleed: true` to run them into the bleed),
    a touch bolder than a face's frame: the grid is the back's whole art."""
    x, y, width, height = box
    style = face.style
    stroke = colour_of(face, element, row, "back_pattern")
    line = element.stroke_mm or style.line_mm
    with canvas.saved():
        canvas.clip_rect(x, y, width, height)
        canvas.line(x + width / 2, y, x + width / 2, y + height, stroke=stroke, width=line)
        canvas.line(x, y + height / 2, x + width, y + height / 2, stroke=stroke, width=line)


# Coins -------------------------------------------------------------------------------------------

@register_drawer("blood_diamonds.coin-ring")
def draw_coin_ring(canvas, box, row, face, element) -> None:
    with in_box(canvas, box) as area:
        coin = coin_face(area.width, face.style, None)
        if coin.ring is not None and coin.ring > 0:
            r = area.width / 2
            canvas.circle(r, r, coin.ring, stroke=colour_of(face, element, row), width=face.style.line_mm)


@register_drawer("blood_diamonds.coin-middle")
def draw_coin_middle(canvas, box, row, face, element) -> None:
    """The suit side's large symbol, or (with a rank in the row) the rank with the symbol above it."""
    style, rank = face.style, row.get("rank")
    colour = colour_of(face, element, row)
    with in_box(canvas, box) as area:
        coin = coin_face(area.width, style, rank)
        draw_symbol(canvas, row["symbol"], *coin.symbol, colour)
        if coin.rank is not None:
            draw_rank(canvas, rank, *coin.rank, colour, style.index.face, style.background)


# Dice and pawns ----------------------------------------------------------------------------------

@register_drawer("blood_diamonds.die-faces")
def draw_die_faces(canvas, box, row, face, element) -> None:
    """Each face of the net (the row's `net`: its faces' top-left corners, in order) with its rank in
    the middle and the suit's symbol in the corner."""
    style, f = face.style, row["face_mm"]
    colour = colour_of(face, element, row)
    symbol_at, symbol_size = DIE_SYMBOL
    with in_box(canvas, box):
        for (x, y), rank in zip(row["net"], row["ranks"]):
            canvas.rect(x, y, f, f, fill=style.background)
            draw_rank(canvas, rank, x + f / 2, y + f / 2, die_rank_height(f, style), colour, style.index.face,
                      style.background)
            draw_symbol(canvas, row["symbol"], x + f * symbol_at, y + f * symbol_at, f * symbol_size, colour)


@register_drawer("blood_diamonds.pawn-panels")
def draw_pawn_panels(canvas, box, row, face, element) -> None:
    """The pawn's two panels in the suit's colour, each with the symbol on a disc and the name on a
    paper label (pale letters on a mid suit colour are hard to read). The lower panel is drawn upside
    down so both faces stand upright once folded; the bases fold out opposite ways."""
    style = styled(face.style, element)
    w, h, b = row["width_mm"], row["height_mm"], row["base_mm"]
    pawns, name, colour = Pawns(width_mm=w, height_mm=h, base_mm=b), row["name"], colour_of(face, element, row)
    label = style.title
    disc_left, disc_top, disc_right, disc_bottom = pawn_parts(pawns, style)["suit symbol"]
    band_left, band_top, band_right, band_bottom = pawn_parts(pawns, style)["name"]
    band = band_bottom - band_top
    size = fit_line(name, label.size, w - 2 * (style.safe_mm + label.size * 0.3), label.face)
    with in_box(canvas, box):
        for y0, turned in ((b, True), (b + h, False)):
            with canvas.saved():
                if turned:
                    canvas.translate(w, y0 + h)
                    canvas.rotate(180)
                else:
                    canvas.translate(0, y0)
                canvas.rect(0, 0, w, h, fill=colour)
                middle = (disc_top + disc_bottom) / 2
                canvas.circle(w / 2, middle, (disc_right - disc_left) / 2, fill=style.background)
                draw_symbol(canvas, row["symbol"], w / 2, middle, pawn_disc(pawns) * 0.55, colour)
                canvas.rect(band_left, band_top, band_right - band_left, band, radius=band * 0.3, fill=style.background)
                baseline = (band_top + band_bottom) / 2 + size * fonts.inked_height(name, label.face)[1] / 2
                canvas.text(w / 2, baseline, name, size, fill=style.ink, face=label.face, anchor="middle")


# The aids: whole faces a module computes (reference card sides, score track, payoff chart) ------------

@register_drawer("blood_diamonds.sheet")
def draw_sheet(canvas, box, row, face, element) -> None:
    """The row's `sheet`: a drawing of the whole face (words flowed and shrunk to fit, a computed table),
    drawn in the box with the style's text sizes as the element sets them."""
    with in_box(canvas, box) as area:
        row["sheet"](canvas, area, style=styled(face.style, element))
