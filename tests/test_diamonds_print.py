"""Diamonds as a player meets it in print: court cards that read cleanly, an aid that answers the
table's questions, a reference card with its own back, and suits spread over the sheets."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest

from conftest import error_messages, run_pnp, words_below
from generator.games.diamonds import game as diamonds
from generator.games.diamonds.mat import dig_site
from generator.kit.layouts import box_of, frame_of, point_of, symbol_size
from generator.load import load_game
from generator.model import Area
from generator.recording import record_face

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "diamonds.yaml").read_text()


def spec_with(*overrides):
    return load_game("diamonds", overrides).spec


def components(*overrides):
    spec = spec_with(*overrides)
    return {component.name: component for component in diamonds.components(spec)}


# Court cards -----------------------------------------------------------------------------------

def _side(x: float, y: float, start, end) -> float:
    """Signed distance (mm) of (x, y) from the line start-end; negative above-left of it."""
    (x0, y0), (x1, y1) = start, end
    return ((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) / math.hypot(x1 - x0, y1 - y0)


def _corners(box):
    return [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("card", ["poker-card", "bridge-card", "mini-card"])
@pytest.mark.parametrize("rank", ["J", "Q", "K"])
def test_a_court_cards_letter_and_figure_stay_clear_of_the_diagonal_and_the_pip(card, rank):
    spec = spec_with(f"deck.piece={card}")
    piece = next(p for p in diamonds.components(spec)[0].pieces if p.id == f"card-{rank}S")
    area = Area(piece.width, piece.height, 0.0)
    drawn = record_face(piece.front, area)
    style, court = piece.front.style, dict(spec.layouts.layouts[f"rank-{rank}"])
    body = frame_of(court["diagonal"], area)
    diagonal = point_of(court["diagonal"].at, None, body), point_of(court["diagonal"].to, None, body)
    pip = symbol_size(court["pip"], box_of(court["pip"], area), body)
    panel_left, _, panel_width, _ = box_of(court["panel"], area)

    inside = lambda box: panel_left < box[0] and box[2] < panel_left + panel_width  # noqa: E731
    letters = [t for t in drawn.texts if t.text == rank and inside(t.box)]  # not the corner index
    figures = [p for p in drawn.paths if p.fill == style.accent]  # crown or cap, filled with the trim
    colour = dict(piece.front.row)["colour"]
    pips = [p for p in drawn.paths if p.fill == colour and inside(p.box)
            and 0.8 * pip <= p.box[3] - p.box[1] <= 1.2 * pip]
    assert len(letters) == 2 and len(figures) >= 2 and len(pips) == 2
    for upper, lower in (sorted(letters, key=lambda t: t.box[1]), sorted(figures, key=lambda p: p.box[1])[::len(figures) - 1]):
        # The upright half lies above-left of the diagonal, its half-turned twin below-right.
        assert max(_side(x, y, *diagonal) for x, y in _corners(upper.box)) < -1.0
        assert min(_side(x, y, *diagonal) for x, y in _corners(lower.box)) > 1.0
    for mark in pips:
        distances = [_side(x, y, *diagonal) for x, y in _corners(mark.box)]
        assert max(distances) < -0.5 or min(distances) > 0.5
        assert not any(_overlap(mark.box, figure.box) for figure in figures)
        assert not any(_overlap(mark.box, letter.box) for letter in letters)
    # The corner index (rank and suit down the left) never reaches a figure.
    x, _, w, _ = box_of(court["index"], area, style)
    index_right = x + w
    index = [t for t in drawn.texts if t.box[0] < index_right and t.text == rank]
    assert index and all(not _overlap(t.box, f.box) for t in index for f in figures)
    assert all(f.box[0] > index_right and f.box[2] < area.width - index_right for f in figures)


# The reference card ------------------------------------------------------------------------------

def _words(piece) -> str:
    area = Area(piece.width, piece.height, 0.0)
    return " ".join(t.text for draw in (piece.front, piece.back) for t in record_face(draw, area).texts)


def test_the_reference_card_answers_the_tables_questions():
    card = components()["reference-card"].pieces[0]
    words = " ".join(_words(card).split())
    assert "Aces are high: 2 is the lowest rank" in words
    assert "Six layers of nine make nine piles of six" in words
    assert "whole top layer" in words
    assert "Unwanted spades stay on top of their piles" in words
    assert "7 diamonds with 2 players" in words and "5 diamonds with 3 players" in words


def test_the_reference_card_words_follow_the_deal_and_the_ranks():
    card = components("deal.piles_across=2", "deal.cards_per_pile=9",
                      "deck.ranks=[A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]", "deck.jokers=0",
                      "deal.piles_down=3")["reference-card"].pieces[0]
    words = " ".join(_words(card).split())
    assert "Nine layers of six make six piles of nine" in words
    assert "K is high: A is the lowest rank" in words


def test_the_reference_card_has_its_own_back_and_every_word_at_7_pt():
    parts = components()
    deck_back = parts["card"].pieces[0].back
    cards = parts["reference-card"].pieces
    assert len(cards) == 3
    for card in cards:
        assert card.back is not None and card.back is not deck_back
        assert (card.width, card.height) == (92.0, 124.0)
    assert words_below(cards + parts["rules-sheet"].pieces, 7.0) == []


def test_a_reference_card_too_small_for_its_words_at_7_pt_is_an_error(tmp_path):
    found = error_messages(tmp_path, BUNDLED, ("reference_card.piece=mini-card",))
    assert any("does not fit a 44.45 x 63.5 mm card at 7 pt" in m for m in found["diamonds.reference-card"])


def test_the_rules_sheet_covers_the_game_in_our_words():
    sheet = components()["rules-sheet"].pieces[0]
    words = " ".join(t.text for t in record_face(sheet.front, Area(sheet.width, sheet.height, 0.0)).texts)
    for heading in ("In the print", "You also need", "Setting up", "Your turn", "Jokers", "Snags", "Winning"):
        assert heading in words
    rules_text = (ROOT.parent / "shared" / "rules" / "diamonds.md").read_text() if (ROOT.parent / "shared").exists() else ""
    for sentence in [s.strip() for s in rules_text.replace("\n", " ").split(".") if len(s.split()) >= 8]:
        assert sentence not in " ".join(words.split())


# The deck on the sheets --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def manifest(bundled_build):
    return json.loads((bundled_build("diamonds") / "manifest.json").read_text())


def test_every_suit_is_spread_over_many_sheets(manifest):
    fronts = [page for page in manifest["pages"] if page["side"] == "front"]
    suits = "SHDC"
    for suit in suits:
        per_sheet = Counter(page["number"] for page in fronts for piece in page["pieces"]
                            if piece["id"].startswith("card-") and piece["id"][-1] == suit)
        assert len(per_sheet) >= 4, (suit, per_sheet)
        assert max(per_sheet.values()) <= 3, (suit, per_sheet)


def test_every_word_on_the_card_faces_is_legible():
    assert words_below(components()["card"].pieces, 7.0) == []


def test_the_reference_card_gives_the_jokers_whole_rule():
    """Not "never your winning one": a diamond that would win the game may not be stolen; and a
    player with no shovel may still swap (rules/diamonds.md)."""
    words = " ".join(_words(components()["reference-card"].pieces[0]).split())
    assert "unless that diamond would win you the game" in words
    assert "even if you have none" in words


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_dig_site_mat_is_split_between_piles_never_through_one(tmp_path, paper):
    """The mat is larger than a sheet: its parts meet in the gaps between the pile spaces."""
    code, _, stderr = run_pnp("build", "diamonds", "--only", "dig-site-mat", "--paper", paper, "--out", "out",
                              cwd=tmp_path)
    assert code == 0, stderr
    manifest = json.loads((tmp_path / "out" / "diamonds" / "manifest.json").read_text())
    parts = [piece["part"] for page in manifest["pages"] if page["side"] == "front" for piece in page["pieces"]]
    assert len(parts) > 1
    spec = spec_with()
    card, mat = spec.deck.piece, spec.dig_site_mat
    style = spec.style.resolve("dig-site-mat", piece="dig-site-mat", safe_mm=mat.margin_mm)
    top = dig_site(spec, style).top  # under the title's band
    columns = [(mat.margin_mm + c * (card.width_mm + mat.gap_mm), card.width_mm) for c in range(4)]
    rows = [(top + r * (card.height_mm + mat.gap_mm), card.height_mm) for r in range(3)]
    for part in parts:
        for start, size in columns:  # a part's edge never falls inside a pile space
            for edge in (part["x_mm"], part["x_mm"] + part["width_mm"]):
                assert not start + 1 < edge < start + size - 1, (part, start)
        for start, size in rows:
            for edge in (part["y_mm"], part["y_mm"] + part["height_mm"]):
                assert not start + 1 < edge < start + size - 1, (part, start)


def test_the_mat_column_under_the_debris_holds_a_turn_at_7_pt_or_more():
    mat = components()["dig-site-mat"].pieces[0]
    drawn = record_face(mat.front, Area(mat.width, mat.height, 0.0)).texts
    card = spec_with().deck.piece
    debris_column = [t for t in drawn if t.box[0] > mat.width - card.width_mm - 12]
    words = " ".join(t.text for t in debris_column)
    assert "Your turn" in words and "Snags" in words and "Choose a pile" in words
    assert min(t.size for t in debris_column) >= 7 * 25.4 / 72 - 1e-6
