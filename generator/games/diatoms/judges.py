"""The guest judges: optional two-sided cards that change the end scoring.

Each card is data (`judges:` in data/diatoms.yaml): a name, and on each side a few terms, each a
number of points for something the board shows (a colour, a shape, a ring or a straight line). The
green side is easy going and only awards points; the pink side is persnickety: it takes some points
off and awards others. The pink side is the card's back, printed behind the green.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from generator.kit.layouts import (Face, UnknownField, box_of, draw_cells, drawer_style, element_boxes, filled,
                                   frame_of, register_drawer, stacked, text_lines, unknown_field)
from generator.kit.prose import overflowing_words
from generator.kit.symbols import draw_symbol
from generator.model import Area, Component, Piece, PieceGeometry
from generator.schema import spec_field, where
from generator.styles import Style
from generator.validate import error, warning

from .faces import drawn_parts, face
from .tiles import SHAPES
from .rulebook import GUEST_JUDGES, MOST_JUDGE_POINTS, rules
from .symbols import shape_symbol
from .wording import component_title

SIDES = ("green", "pink")  # the front, easy going; the back, persnickety (their headings: judge.side.<side>)


@dataclass(kw_only=True)
class Term:
    points: int = spec_field(minimum=-MOST_JUDGE_POINTS, maximum=MOST_JUDGE_POINTS)  # for each one, or once (the text says which)
    scores: Literal["colour", "shape", "ring", "line"]  # what of the board it looks at
    name: str  # which colour, shape, ring or line
    text: str  # what earns or costs the points, in a few words


@dataclass(kw_only=True)
class Judge:
    name: str
    green: list[Term] = spec_field(default_factory=list)
    pink: list[Term] = spec_field(default_factory=list)


@dataclass(kw_only=True)
class Judges:
    piece: PieceGeometry = spec_field(None, template="pieces")  # left out: a poker card
    cards: list[Judge] = spec_field(default_factory=list)


def subjects(spec) -> dict[str, list[str]]:
    """What a term may name, for each thing of the board it looks at."""
    return {"colour": [colour.name for colour in spec.colours], "shape": list(SHAPES),
            "ring": [ring.name for ring in spec.board.rings], "line": [line.name for line in spec.board.lines]}


@rules.rule("diatoms.judges", "each guest judge's green side only awards points; its pink side deducts and awards")
def check_judges(spec):
    known = subjects(spec)
    cards = spec.judges.cards
    if len(cards) < GUEST_JUDGES:
        yield warning(where(spec.judges, "cards"), f"{len(cards)} guest judges; the game offers at least {GUEST_JUDGES}")
    for index, judge in enumerate(cards):
        here = where(spec.judges, f"cards[{index}]")
        if not judge.green:
            yield error(here, f"{judge.name}'s green side scores nothing; give it a term that awards points")
        for term in judge.green:
            if term.points <= 0:
                yield error(where(term, "points"), f"{judge.name}'s green side {_signed(term.points)} {term.text}: "
                                                   "the green side only awards points")
        if not any(term.points < 0 for term in judge.pink):
            yield error(here, f"{judge.name}'s pink side takes no points off; the pink side deducts as well as awards")
        if not any(term.points > 0 for term in judge.pink):
            yield error(here, f"{judge.name}'s pink side awards no points; the pink side awards as well as deducts")
        if not judge.name.strip():
            yield error(where(judge, "name"), f"guest judge {index + 1} has no name to print")
        first = next(i for i, other in enumerate(cards) if other.name.strip().lower() == judge.name.strip().lower())
        if first < index and judge.name.strip():
            yield error(where(judge, "name"), f'guest judges {first + 1} and {index + 1} are both "{judge.name}"; '
                                              "each judge is one card")
        for side in SIDES:
            terms = getattr(judge, side)
            for k, term in enumerate(terms):
                if any((term.scores, term.name, term.text) == (t.scores, t.name, t.text) for t in terms[:k]):
                    yield error(where(term, "text"), f"{judge.name}'s {side} side scores \"{term.text}\" twice; "
                                                     "give each term once, with its points added up")
        for term in judge.green + judge.pink:
            if not term.text.strip():
                yield error(where(term, "text"), f"{judge.name or f'guest judge {index + 1}'}'s "
                                                 f"{_signed(term.points)} term has no words saying what it scores")
            if term.scores == "colour" and not spec.colours:
                continue  # no colours at all: diatoms.colours says so
            if term.name not in known[term.scores]:
                shown = f" ({', '.join(known[term.scores])})" if known[term.scores] else \
                    f": it shows no {term.scores}s at all"
                yield error(where(term, "name"), f'{judge.name} scores the {term.scores} "{term.name}", which the '
                                                 f"board does not show{shown}")


def judge_words(spec, number: int, part: str, given: str) -> str:
    """A judge's name or a term's words: the game file's own, unless a chosen translation or copy of
    the words gives `judge.<number>.<part>` (the card's place in the game file, from 1)."""
    key = f"judge.{number}.{part}"
    return spec.words.prefer(key, given) if number and spec.words.has(key) else given


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"\u2212{-points}" if points < 0 else "0"


# ---------------------------------------------------------------------------------------------
# Drawing: both sides alike, full-bleed in the side's colour so a shifted back shows no edge. The
# card is layout guest-judge of diatoms-faces; its terms, each a picture of what it looks at, its
# points and its words, are drawn by diatoms.judge-terms.
# ---------------------------------------------------------------------------------------------

def subject(spec, term: Term) -> tuple | None:
    """What a term looks at, as its picture needs it: ("colour", fill, mark), ("shape", symbol),
    ("ring", which, of how many) or ("line", angle); None for a name the board lacks (diatoms.judges
    reports it)."""
    if term.scores == "colour":
        colour = next((c for c in spec.colours if c.name == term.name), None)
        return ("colour", colour.colour, colour.mark) if colour else None
    if term.scores == "shape":
        return ("shape", shape_symbol(term.name)) if term.name in SHAPES else None
    if term.scores == "ring":
        rings = [ring.name for ring in spec.board.rings]
        return ("ring", rings.index(term.name), len(rings)) if term.name in rings else None
    line = next((line for line in spec.board.lines if line.name == term.name), None)
    return ("line", line.angle_deg) if line else None


def draw_subject(canvas, subject: tuple | None, x: float, y: float, size: float, style: Style,
                 tone: str | None = None) -> None:
    """A small picture of what a term looks at, centred on (x, y); `tone` draws it in one colour."""
    if subject is None:
        return
    ink, faint = tone or style.ink, tone or style.muted
    kind = subject[0]
    if kind == "colour":
        _, fill, mark = subject
        if tone:
            draw_symbol(canvas, mark, x, y, size, tone)
            return
        canvas.circle(x, y, size / 2, fill=fill, stroke=style.ink, width=style.line_mm * 0.5)
        draw_symbol(canvas, mark, x, y, size * 0.55, style.ink_on(fill))
    elif kind == "shape":
        draw_symbol(canvas, subject[1], x, y, size, ink)
    elif kind == "ring":
        _, chosen, count = subject
        for i in range(count):
            canvas.circle(x, y, size / 2 * (i + 1) / count, stroke=ink if i == chosen else faint,
                          width=size * (0.07 if i == chosen else 0.02))
    else:
        angle = math.radians(subject[1])
        canvas.circle(x, y, size / 2, stroke=faint, width=size * 0.03)
        dx, dy = math.cos(angle) * size / 2, -math.sin(angle) * size / 2
        canvas.line(x - dx, y - dy, x + dx, y + dy, stroke=ink, width=size * 0.07)


def judge_terms(spec, judge: Judge, side: str) -> tuple:
    """The row's terms of one side: (points as printed, words, subject) each."""
    number = spec.judges.cards.index(judge) + 1 if judge in spec.judges.cards else 0
    return tuple((_signed(term.points), judge_words(spec, number, f"{side}.{k}", term.text), subject(spec, term))
                 for k, term in enumerate(getattr(judge, side), start=1))


TERMS = "diatoms.judge-terms"


def term_cells(layouts, terms: tuple, box, style: Style, gap: float) -> list[tuple]:
    """((row box, words box), row) of each term down from the top of `box`, `gap` apart: a row as deep
    as its judge-term (the picture, the points) reaches or, from that layout's top, as its words
    (judge-term-words) are lines, whichever is deeper (words centred on a picture take their
    lines' room below it). The words' box starts where the card's widest points end, measured as
    they are laid out. Words of more lines than the picture is tall, centred on it, climb above their
    row into the gap kept over it (under the rule, or after the term above); past three quarters of
    it they would run into the rule or the words above, so they start there instead, inside the
    room kept for their lines."""
    x, y, width, _ = box
    rows = [{"points": points, "words": words, "subject": what} for points, words, what in terms]
    blank = Area(width, 0.0, 0.0)
    widest = max((right - left for row in rows for name, (left, _, right, _) in
                  element_boxes(Face(layouts, "judge-term", tuple(row.items()), style), blank).items()
                  if name == "points"), default=0.0)
    top = min((box_of(element, blank)[1] for _, element in layouts.layouts["judge-term"]), default=0.0)
    cells = []
    for ((_, _, _, reach), row) in stacked(layouts, "judge-term", rows, (x, y, width, 0.0), style):
        depth = max(reach, top + _lines_depth(layouts, "judge-term-words", row, width - widest, style)) + gap
        down = max(0.0, -_ink_top(layouts, "judge-term-words", row, width - widest, style) - 0.75 * gap)
        cells.append((((x, y, width, depth), (x + widest, y + down, width - widest, depth - down)), row))
        y += depth
    return cells


def _ink_top(layouts, layout: str, row: dict, width: float, style: Style) -> float:
    """How far below the top of a cell `width` wide the ink of `layout` begins (less than 0: above it)."""
    boxes = element_boxes(Face(layouts, layout, tuple(row.items()), style), Area(width, 0.0, 0.0))
    return min((top for _, top, _, _ in boxes.values()), default=0.0)


def _lines_depth(layouts, layout: str, row: dict, width: float, style: Style) -> float:
    """How deep the texts of `layout` are, in lines at their pitch, in a cell `width` wide."""
    area, depth = Area(width, 0.0, 0.0), 0.0
    for _, element in layouts.layouts[layout]:
        if element.kind == "text":
            try:
                text = filled(element.text, row)
            except UnknownField as missing:  # a copy's element naming what a term has not
                raise unknown_field(element, missing, row, layout) from None
            size, lines, _ = text_lines(element, text, box_of(element, area, style), style, frame_of(element, area))
            depth = max(depth, len(lines) * size * element.leading)
    return depth


def _draw_terms(canvas, layouts, terms: tuple, box, style: Style, gap: float, source=None) -> float:
    """The terms down from the top of the box; returns where the room they leave below begins."""
    cells = term_cells(layouts, terms, box, style, gap)
    draw_cells(canvas, layouts, "judge-term", [(row_box, row) for (row_box, _), row in cells], style, source)
    draw_cells(canvas, layouts, "judge-term-words", [(words, row) for (_, words), row in cells], style, source)
    return sum((depth for ((_, _, _, depth), _), _ in cells), box[1])


@register_drawer(TERMS)
def draw_judge_terms(canvas, box, row, face, element) -> None:
    """A side's terms from the top of the box (in the element's colours and sizes: `role: body` their
    words, index their points), `gap_mm` under each; the judge's emblem (judge-emblem), in the fill, in
    the room they leave below."""
    x, y, width, height = box
    terms, style = row["terms"], drawer_style(face, element, row)
    end = _draw_terms(canvas, face.layouts, terms, box, style, element.gap_mm or 0.0, element.where)
    if terms:
        draw_cells(canvas, face.layouts, "judge-emblem", [((x, end, width, y + height - end),
                                                            {"subject": terms[0][2]})], style, element.where)


@register_drawer("diatoms.term-subject")
def draw_term_subject(canvas, box, row, face, element) -> None:
    """What a term looks at (row: subject), as large as the box's smaller side, in its own colours."""
    x, y, width, height = box
    draw_subject(canvas, row["subject"], x + width / 2, y + height / 2, min(width, height),
                 drawer_style(face, element, row))


@register_drawer("diatoms.judge-emblem")
def draw_judge_emblem(canvas, box, row, face, element) -> None:
    """The row's subject in the element's fill, as large as the box's smaller side; nothing where that
    is under `size` of the box's width (an emblem too small to tell)."""
    x, y, width, height = box
    style = drawer_style(face, element, row)
    if min(width, height) >= (element.size or 0.0) * width:
        draw_subject(canvas, row["subject"], x + width / 2, y + height / 2, min(width, height), style,
                     tone=style.panel)


def terms_over(layouts, terms: tuple, box, style: Style, gap: float) -> float:
    """How far the terms run past the bottom of their box (0 or less: they fit); the gap under the
    last is room, not words."""
    _, y, _, height = box
    cells = term_cells(layouts, terms, box, style, gap)
    return sum((depth for ((_, _, _, depth), _), _ in cells), y) - gap - (y + height)


MIN_CARD_MM = 40.0  # narrower, and a term's words no longer fit beside its points


def judge_geometry(spec) -> PieceGeometry:
    return spec.judges.piece or PieceGeometry(width_mm=63.5, height_mm=88.9, corner_radius_mm=3.0)


def judge_style(spec, side: str, piece_id: str | None = None) -> Style:
    return spec.style.resolve("guest-judge", side, piece=piece_id, safe_mm=judge_geometry(spec).safe_mm)


@rules.rule("diatoms.judge-card", "a guest judge's card holds its words; its green and pink sides differ in colour")
def check_judge_card(spec):
    if spec.judges.cards:
        green, pink = judge_style(spec, "green").panel, judge_style(spec, "pink").panel
        # By the colour the style names: a greyscale palette may print both in one grey (the headings tell them)
        if getattr(green, "name", str(green)) == getattr(pink, "name", str(pink)):
            yield error(where(spec, "style"), f"the guest judges' green and pink sides print on one colour "
                        f"({getattr(green, 'name', green)}); give style.components.guest-judge.groups.green and "
                        ".pink their own panel colours")
    geometry = judge_geometry(spec)
    here = where(spec.judges, "piece") if spec.judges.piece else where(spec.judges)
    if min(geometry.width_mm, geometry.height_mm) < MIN_CARD_MM:
        yield error(here, f"guest judge cards of {geometry.width_mm:g} x {geometry.height_mm:g} mm are too small for "
                          f"their words; use at least {MIN_CARD_MM:g} mm a side (a poker card is 63.5 x 88.9)")
        return
    area = Area(geometry.width_mm, geometry.height_mm, 0.0)
    term_elements = [element for _, element in spec.layouts.layouts["guest-judge"] if element.draw == TERMS]
    for judge in spec.judges.cards:
        for side in SIDES:
            terms = judge_terms(spec, judge, side)
            parts = zip(term_elements, drawn_parts(spec, "guest-judge", TERMS, area, judge_style(spec, side)))
            if any(terms_over(spec.layouts, terms, box, style, element.gap_mm or 0.0) > 0
                   for element, (box, style) in parts):
                # a translation's words, told at the longest of them; the game file's, at the judges' piece
                there, shorten = overflowing_words(spec, [words for _, words, _ in terms], here)
                yield error(there, f"{judge.name}'s {side} side does not fit a {geometry.width_mm:g} x "
                                   f"{geometry.height_mm:g} mm card; use a larger piece (poker-card) or "
                                   f"{shorten or 'fewer words'}")


def judge_face(spec, judge: Judge, side: str, piece_id: str):
    number = spec.judges.cards.index(judge) + 1
    return face(spec, "guest-judge", judge_style(spec, side, piece_id), judge_geometry(spec).corner_radius_mm,
                heading=spec.words(f"judge.side.{side}"), name=judge_words(spec, number, "name", judge.name),
                terms=judge_terms(spec, judge, side), foot=spec.words("judge.foot"))


def judge_component(spec) -> Component:
    judges = spec.judges
    shape = judge_geometry(spec).rect()
    pieces = []
    for n, judge in enumerate(judges.cards, start=1):
        piece_id = f"guest-judge-{n}"
        pieces.append(Piece(piece_id, shape, *(judge_face(spec, judge, side, piece_id) for side in SIDES)))
    return Component("guest-judge", component_title(spec, "guest-judge"), pieces)
