"""The dig-site mat: a space for each pile of the deal, the debris beside them, and under the debris a
turn and its snags, which players look up most.

Where the spaces lie follows from the rules and the file (the cards' size, the deal's grid, the mat's
gap and margin); what sits in each, and the mat's frame and title, are the layouts mat, mat-pile,
mat-debris and mat-turn of templates/layouts.yaml (diamonds-cards), which a game file's `layouts:`
changes key by key.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from generator.canvas import PT
from generator.kit.layouts import Face, box_of, draw_cells, drawer_style, register_drawer
from generator.kit.prose import FLOOR_PT, flow
from generator.kit.text import fit_size
from generator.model import Area

from .paper import reference_words, suits_with_role

TURN_WORDS = "diamonds.turn-words"


@dataclass(frozen=True)
class DigSite:
    """The mat's grid, in mm: the piles `across` x `down`, card-sized and `gap` apart, inside a
    `margin` and under a `band` for the title; the debris one more gap right of the piles, past a
    rule in the middle of that gap, and the turn under the debris."""

    card: tuple[float, float]
    gap: float
    margin: float
    band: float
    across: int
    down: int

    @property
    def top(self) -> float:
        return self.margin + self.band

    def size(self) -> tuple[float, float]:
        (width, height), gap = self.card, self.gap
        return (2 * self.margin + (self.across + 1) * (width + gap),
                2 * self.margin + self.band + self.down * (height + gap) - gap)

    def splits(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Where the mat may be split over sheets: the middles of the gaps between the spaces (and the
        debris), so that no seam runs through a pile."""
        (width, height), gap = self.card, self.gap
        return (tuple(self.margin + column * (width + gap) - gap / 2 for column in range(1, self.across + 1)),
                tuple(self.top + row * (height + gap) - gap / 2 for row in range(1, self.down)))

    def piles(self) -> list[tuple[float, float, float, float]]:
        """Each pile's space, row by row, left to right (pile 1 first)."""
        (width, height), gap = self.card, self.gap
        return [(self.margin + column * (width + gap), self.top + row * (height + gap), width, height)
                for row in range(self.down) for column in range(self.across)]

    def debris(self) -> tuple[float, float, float, float]:
        (width, height), gap = self.card, self.gap
        return self.margin + self.across * (width + gap) + gap, self.top, width, height

    def rule(self) -> float:
        """Where the rule between the piles and the debris runs, across."""
        return self.debris()[0] - self.gap

    def turn(self, mat_height: float) -> tuple[float, float, float, float]:
        """The room under the debris, down to the margin."""
        x, y, width, height = self.debris()
        top = y + height + self.gap
        return x, top, width, mat_height - self.margin - top


def dig_site(spec, style) -> DigSite:
    """The spec's dig site, its band as deep as the mat layout's title box (none without a title)."""
    title = dict(spec.layouts.layouts["mat"]).get("title")
    _, _, _, band = box_of(title, Area(0.0, 0.0, 0.0), style) if title is not None else (0.0, 0.0, 0.0, 0.0)
    card, mat, deal = spec.deck.piece, spec.dig_site_mat, spec.deal
    return DigSite((card.width_mm, card.height_mm), mat.gap_mm, mat.margin_mm, band, deal.piles_across,
                   deal.piles_down)


def mat_row(spec) -> dict:
    """The mat layout's fields: its title, and what the dig site shows."""
    words, deal = spec.words, spec.deal
    treasure = (suits_with_role(spec, "treasure") or spec.deck.suits)[0]
    ref = reference_words(spec)
    cards = words("mat.cards", cards=deal.cards_per_pile)
    return {
        "title": words.prefer("mat.title", spec.dig_site_mat.title),
        "piles": tuple((("symbol", treasure.symbol), ("pile", words("mat.pile", number=number)), ("cards", cards))
                       for number in range(1, deal.piles + 1)),
        "debris": words("mat.debris"), "note": words("mat.debris.note"),
        "rocks": tuple((("symbol", suit.symbol), ("colour", suit.colour)) for suit in suits_with_role(spec, "rock")),
        "turn": (("h", words("reference.turn.heading")), *(("n", step) for step in ref["turn"]),
                 ("h", words("reference.back.snags")), *(("b", snag) for snag in ref["snags"])),
    }


@register_drawer("diamonds.dig-site")
def draw_dig_site(canvas, box, row, face, element) -> None:
    """The piles' spaces (mat-pile), the rule in the element's stroke and dash, the debris (mat-debris)
    and, where its words fit, the turn under it (mat-turn), in the element's colours and sizes
    (row: site, piles, debris, note, rocks, turn)."""
    site, style, layouts = row["site"], drawer_style(face, element, row), face.layouts
    draw_cells(canvas, layouts, "mat-pile", [(space, dict(pile)) for space, pile in zip(site.piles(), row["piles"])],
               style, element.where)
    _, y, _, height = box
    canvas.line(site.rule(), site.top, site.rule(), y + height - site.margin, stroke=style.line, width=style.line_mm,
                dash=element.dash_mm)
    draw_cells(canvas, layouts, "mat-debris", [(site.debris(), row)], style, element.where)
    turn = site.turn(y + height)
    if _turn_fits(layouts, turn, row["turn"], style):
        draw_cells(canvas, layouts, "mat-turn", [(turn, row)], style, element.where)


def _turn_fits(layouts, cell, blocks, style) -> bool:
    """Whether the turn's words fit the boxes mat-turn gives them in `cell` at 7 pt or more."""
    blank, (_, _, width, height) = Face(layouts, "mat-turn", (), style), cell
    return all(turn_size(box_of(element, Area(width, height, 0.0)), blocks, drawer_style(blank, element, {}))
               is not None for _, element in layouts.layouts["mat-turn"] if element.draw == TURN_WORDS)


def turn_size(box, blocks, style) -> float | None:
    """The body size at which the blocks fit `box`, from the style's down to 7 pt; None where even
    that will not."""
    x, y, width, height = box
    if width <= 0 or height <= 0:
        return None
    reach = partial(flow, None, [(x, y, width, y + height)], list(blocks), style)
    body = fit_size(reach, 0.0, start=style.body.size, floor=FLOOR_PT * PT)
    return None if reach(body) > 0 else body


@register_drawer(TURN_WORDS)
def draw_turn_words(canvas, box, row, face, element) -> None:
    """A turn and its snags (row: turn) flowed down the box at the largest body size that fits, the
    headings and steps in the element's colours and sizes; nothing where even 7 pt will not fit."""
    style = drawer_style(face, element, row)
    body = turn_size(box, row["turn"], style)
    if body is not None:
        x, y, width, height = box
        flow(canvas, [(x, y, width, y + height)], list(row["turn"]), style, body)
