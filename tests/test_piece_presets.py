"""Layouts proportional to the piece: every game, with every piece preset its components accept,
draws each face inside its bleed box and keeps every text inside the safe margin.

A face is drawn alone on a recording surface: each path's box (cut to the face's own clips) must
lie in the trim grown by the bleed, and each text's inked box in the piece's outline shrunk by the
safe margin of the style the face was handed.
"""

from __future__ import annotations

import math

import pytest

from conftest import shared_game
from generator.load import load_game
from generator.model import Area
from generator.recording import record_face
from generator.templates import Templates
from generator.validate import has_errors

BLEED = 3.0
TOLERANCE = 0.05  # mm

#: Each game's fields that name a piece preset.
PIECE_FIELDS = {
    "diamonds": ["deck.piece", "reference_card.piece"],
    "blood_diamonds": ["tiles.piece", "coins.piece", "reference_card.piece", "payoff_chart.piece"],
    "diaominos": [],
    "diatoms": ["tiles.piece", "judges.piece"],
    "diamond_mine": ["movement_cards.piece", "reference_card.piece"],
}
PRESETS = Templates().names("pieces")


def cases():
    for game, fields in PIECE_FIELDS.items():
        yield game, None
        for field in fields:
            for preset in PRESETS:
                yield game, f"{field}={preset}"


def _inside_polygon(x: float, y: float, points) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _distance_to_edges(x: float, y: float, points) -> float:
    best = math.inf
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        dx, dy = x2 - x1, y2 - y1
        t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(x - x1 - t * dx, y - y1 - t * dy))
    return best


def problems_of(piece, record=record_face) -> list[str]:
    """What of the piece's faces leaves its bleed box or enters its safe margin. The faces are
    recorded by `record`: afresh, or by a loaded game's `faces` (the recordings its findings read)."""
    found = []
    outline = piece.shape.points()
    for side, draw in (("front", piece.front), ("back", piece.back)):
        if draw is None:
            continue
        style = getattr(draw, "style", None) or getattr(draw, "keywords", {}).get("style")
        assert style is not None, f"{piece.id} {side}: its drawer was not handed a style"
        drawn = record(draw, Area(piece.width, piece.height, BLEED, piece.shape))
        low_x, low_y, high_x, high_y = -BLEED - TOLERANCE, -BLEED - TOLERANCE, \
            piece.width + BLEED + TOLERANCE, piece.height + BLEED + TOLERANCE
        for path in drawn.paths:
            left, top, right, bottom = path.box
            if right < left or bottom < top:
                continue  # clipped away entirely
            if left < low_x or top < low_y or right > high_x or bottom > high_y:
                found.append(f"{piece.id} {side}: a path reaches {tuple(round(v, 2) for v in path.box)}, "
                             f"past the bleed box of {piece.width:g} x {piece.height:g} mm")
        for text in drawn.texts:
            left, top, right, bottom = text.box
            for x, y in ((left, top), (right, top), (left, bottom), (right, bottom)):
                if not _inside_polygon(x, y, outline) or _distance_to_edges(x, y, outline) < style.safe_mm - TOLERANCE:
                    found.append(f'{piece.id} {side}: "{text.text}" reaches ({x:.2f}, {y:.2f}), inside the '
                                 f"{style.safe_mm:g} mm safe margin")
                    break
    return found


@pytest.mark.parametrize("game, assignment", list(cases()), ids=lambda v: str(v))
def test_every_face_stays_in_its_bleed_and_its_text_in_the_safe_box(game, assignment):
    loaded = shared_game(game) if assignment is None else load_game(game, (assignment,))
    if has_errors(loaded.findings()):
        assert assignment is not None, f"bundled {game} breaks its rules"
        return  # the game refuses this preset for this component: nothing is printed with it
    # The faces as the findings recorded them (at the same bleed): each drawn once, for both checks.
    problems = [problem for component in loaded.components() for piece in component.pieces
                for problem in problems_of(piece, loaded.faces)]
    assert not problems, "\n".join(problems[:15]) + (f"\n... {len(problems)} in all" if len(problems) > 15 else "")


def test_the_check_sees_a_text_in_the_margin():
    """The check is not blind: a face that writes across the trim fails it."""
    from functools import partial

    from generator.model import Piece
    from generator.shapes import Rect

    style = shared_game("diamonds").spec.style.resolve("card")

    def careless(canvas, area, style):
        canvas.text(0.5, 4, "edge", style.body.size, face=style.body.face)
        canvas.rect(-5, -5, 10, 10, fill=style.ink)

    piece = Piece("careless", Rect(63.5, 88.9), partial(careless, style=style))
    found = problems_of(piece)
    assert any('"edge"' in problem for problem in found) and any("past the bleed box" in p for p in found), found
