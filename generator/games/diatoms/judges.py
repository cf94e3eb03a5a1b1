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

from generator.fonts import text_width, wrap
from generator.kit.layouts import drawer_style, register_drawer
from generator.kit.symbols import draw_symbol
from generator.kit.text import measure_drawing
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
                yield error(where(term, "name"), f'{judge.name} scores the {term.scores} "{term.name}", which the '
                                                 f"board does not show ({', '.join(known[term.scores])})")


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


def _draw_terms(canvas, terms: tuple, x: float, y: float, width: float, style: Style) -> float:
    """The terms down from y, each its picture, its points and its words; returns where the room
    they leave below begins."""
    body, index = style.body, style.index
    icon = index.size * 0.9
    points_w = max((text_width(points, index.size, index.face) for points, _, _ in terms), default=0) + 1.5
    for points, words, what in terms:
        y += index.size * 0.2
        draw_subject(canvas, what, x + icon / 2, y + icon / 2, icon, style)
        canvas.text(x + icon + 1.2, y + icon * 0.5 + index.size * 0.36, points, index.size, fill=style.ink,
                    face=index.face)
        text_x = x + icon + 1.2 + points_w
        lines = wrap(words, body.size, x + width - text_x, body.face)
        first = y + icon / 2 - (len(lines) - 1) * body.size * 0.62 + body.size * 0.36
        canvas.text_block(text_x, first, lines, body.size, fill=style.ink, face=body.face)
        y += max(icon, len(lines) * body.size * 1.25) + body.size * 0.7
    return y


@register_drawer("diatoms.judge-terms")
def draw_judge_terms(canvas, box, row, face, element) -> None:
    """A side's terms from the top of the box (in the element's colour and sizes: `role: body` their
    words, index their points); the judge's emblem, large, in the fill, in the room they leave below."""
    x, y, width, height = box
    terms, style = row["terms"], drawer_style(face, element, row)
    end = _draw_terms(canvas, terms, x, y, width, style)
    emblem = min(width * 0.7, y + height - end)
    if terms and emblem > width * 0.2:
        draw_subject(canvas, terms[0][2], x + width / 2, (end + y + height) / 2, emblem, style, tone=style.panel)


def terms_over(terms: tuple, box, style: Style) -> float:
    """How far the terms run past the bottom of their box (0 or less: they fit)."""
    x, y, width, height = box
    return measure_drawing(_draw_terms, terms, x, y, width, style) - style.body.size * 0.7 - (y + height)


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
    for judge in spec.judges.cards:
        for side in SIDES:
            parts = drawn_parts(spec, "guest-judge", "diatoms.judge-terms", area, judge_style(spec, side))
            if any(terms_over(judge_terms(spec, judge, side), box, style) > 0 for box, style in parts):
                yield error(here, f"{judge.name}'s {side} side does not fit a {geometry.width_mm:g} x "
                                  f"{geometry.height_mm:g} mm card; use a larger piece (poker-card) or fewer words")


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
