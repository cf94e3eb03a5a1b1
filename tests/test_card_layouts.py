"""Card faces from layouts in data: the Diamonds deck drawn from templates/layouts.yaml and changed
from its game file, and the layout elements a deck of playing cards needs (generator/kit/layouts.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_pnp
from generator.load import load_game
from generator.model import Area
from generator.recording import record_face

ROOT = Path(__file__).resolve().parent.parent
DIAMONDS = (ROOT / "data" / "diamonds.yaml").read_text()


def diamonds_with(tmp_path, layouts: str) -> Path:
    path = tmp_path / "diamonds.yaml"
    path.write_text(DIAMONDS + "\nlayouts:\n" + layouts)
    return path


def card(target, piece_id: str, *overrides):
    [cards, *_] = load_game(str(target), overrides).components()
    return next(piece for piece in cards.pieces if piece.id == piece_id)


def drawn(piece, side: str = "front"):
    return record_face(getattr(piece, side), Area(piece.width, piece.height, 0.0))


def corner_index(piece):
    """The rank drawn upright in the top-left corner."""
    return min((text for text in drawn(piece).texts if text.text == "7"), key=lambda text: text.box[1])


def test_moving_the_corner_index_is_a_yaml_edit(tmp_path):
    before = corner_index(card("diamonds", "card-7H"))
    moved = card(diamonds_with(tmp_path, "  card:\n    index: {at_mm: [5, 6]}\n"), "card-7H")
    after = corner_index(moved)
    assert after.box[0] - before.box[0] == pytest.approx(2.0, abs=1e-6)
    assert after.box[1] - before.box[1] == pytest.approx(3.0, abs=1e-6)
    # Every other element stays: the pips and the turned index are the same paths as before.
    assert drawn(moved).paths == drawn(card("diamonds", "card-7H")).paths


def test_every_card_face_comes_from_its_layout(tmp_path):
    """The seven shows seven pips plus the two index suits; a layout for the sevens with one more
    pip shows eight: what sits on a card is data."""
    def pips(piece):
        return len([path for path in drawn(piece).paths if path.fill == "#c41e3a"])

    assert pips(card("diamonds", "card-7H")) == 7 + 2
    extra = diamonds_with(tmp_path, "  rank-7:\n    extra: {symbol: '{symbol}', colour: '{colour}', at: [0.5, 0.9], "
                                    "size: 0.05}\n")
    assert pips(card(extra, "card-7H")) == 7 + 2 + 1


def test_a_translated_joker_and_a_restyled_back_come_from_the_file(tmp_path):
    changed = diamonds_with(tmp_path, "  joker:\n    word: {text: JOKER-DE}\n"
                                      "  back:\n    ring: null\n")
    joker = card(changed, "card-JOKER-1")
    assert "JOKER-DE" in [text.text for text in drawn(joker).texts]
    rings = [path for path in drawn(joker, "back").paths if path.stroke and path.fill]
    assert rings == []  # the ring round the back's emblem is left out


def test_the_jokers_letters_run_down_the_index_column_in_the_index_role():
    joker = card("diamonds", "card-JOKER-1")
    letters = [text for text in drawn(joker).texts if len(text.text) == 1]
    assert "".join(text.text for text in letters) == "JOKERJOKER"  # upright, then turned round
    upright = letters[:5]
    assert len({round(text.box[0] + text.box[2], 3) for text in upright}) == 1  # one centred column
    assert all(b.box[1] > a.box[1] for a, b in zip(upright, upright[1:]))  # top to bottom


def test_a_layout_mistake_in_the_game_file_points_at_its_line(tmp_path):
    broken = diamonds_with(tmp_path, "  card:\n    index: {anchor: middle}\n")
    code, _, stderr = run_pnp("validate", str(broken), cwd=tmp_path)
    line = len(DIAMONDS.splitlines()) + 4
    assert code == 2 and "Traceback" not in stderr
    assert f"diamonds.yaml:{line}:" in stderr and 'anchor is "middle"' in stderr, stderr


# The layout elements a deck needs, in a game of your own ----------------------------------------

DECK = """game: custom
title: Elements
components:
  card:
    piece: poker-card
    rows: [{id: a, rank: "10", suit: heart}]
    front: front
layouts:
  front:
    frame: {frame: true, only_if: frame, stroke: accent}
    index: {text: "{rank}", role: index, at_mm: [3, 3], anchor: top-left, box_em: [1.0, 0], head_to_head: true}
    pips: {symbol: "{suit}", colour: red, inset_mm: [10, 5], at_each: [[0, 0], [1, 1]], size: 0.1, rotate: 180}
    lines: {text: "A\\nB\\nC", at: [0.5, 0.5], leading: 2, anchor: top}
    crown: {symbol: king-crown, colour: accent, stroke: ink, stroke_mm: 0.4, at: [0.5, 0.3], size: 0.3}
    pattern: {lattice: true, bleed: true, step_mm: 5, stroke: muted}
"""


@pytest.fixture
def deck(tmp_path) -> Path:
    path = tmp_path / "deck.yaml"
    path.write_text(DECK)
    return path


def test_head_to_head_draws_an_element_again_turned_round_the_centre(deck):
    face = drawn(card(deck, "a"))
    index = [text for text in face.texts if text.text == "10"]
    assert len(index) == 2
    (x0, y0, x1, y1), (u0, v0, u1, v1) = sorted(text.box for text in index)
    assert (x0 + u1, y0 + v1) == pytest.approx((63.5, 88.9), abs=1e-6)  # mirrored through the centre


def test_box_em_narrows_a_word_to_a_column_in_its_own_size(deck):
    loaded = load_game(str(deck))
    style = loaded.spec.style.resolve("card", piece="a")
    ten = next(text for text in drawn(card(deck, "a")).texts if text.text == "10")
    assert ten.size < style.index.size  # "10" is wider than 1 em, so it narrows...
    assert ten.box[2] - ten.box[0] <= style.index.size + 1e-6  # ...to the column


def test_at_each_places_an_element_at_every_point_of_its_inset_frame(deck):
    pips = [path for path in drawn(card(deck, "a")).paths if path.fill == "#c41e3a"]
    centres = sorted(((p.box[0] + p.box[2]) / 2, (p.box[1] + p.box[3]) / 2) for p in pips)
    assert centres == [pytest.approx((10, 5), abs=0.05), pytest.approx((53.5, 83.9), abs=0.05)]
    heights = {round(p.box[3] - p.box[1], 2) for p in pips}
    assert heights == {round(0.1 * (63.5 - 20), 2)}  # size is of the frame's width


def test_a_new_line_starts_a_line_and_leading_spaces_them(deck):
    lines = [text for text in drawn(card(deck, "a")).texts if text.text in "ABC"]
    baselines = [text.box[3] for text in lines]
    assert [text.text for text in lines] == ["A", "B", "C"]
    pitch = baselines[1] - baselines[0]
    assert pitch == pytest.approx(baselines[2] - baselines[1], abs=0.1) and pitch > 1.9 * lines[0].size


def test_a_frame_is_drawn_only_when_the_style_asks_for_one(deck):
    def framed(*overrides):
        face = drawn(card(deck, "a", *overrides))
        return [path for path in face.paths if path.stroke == "#c9a227" and path.fill is None]

    assert framed("style.frame=false") == []
    [frame] = framed("style.frame=true", "style.border_mm=4")
    assert frame.box == pytest.approx((4, 4, 59.5, 84.9), abs=0.2)


def test_an_outlined_symbol_and_a_lattice_clipped_to_the_bleed(deck):
    face = drawn(card(deck, "a"))
    assert [path for path in face.paths if path.fill == "#c9a227" and path.stroke == "#1d1d24"]  # the crown
    calls = [call[0] for call in face.calls]
    assert "clip" in " ".join(calls)  # the lattice stays inside its box


def test_an_index_moved_into_the_margin_breaks_the_safe_area_of_a_bundled_game(tmp_path):
    assert run_pnp("validate", "diamonds", cwd=tmp_path)[0] == 0
    moved = diamonds_with(tmp_path, "  card:\n    index: {at_mm: [1, 1]}\n    index-suit: {at_mm: [4, 9]}\n")
    code, _, stderr = run_pnp("validate", str(moved), cwd=tmp_path)
    assert code == 1 and "[layout.safe-area]" in stderr, stderr
    assert "keep text 3 mm inside it" in stderr  # the poker card's safe margin
    line = len(DIAMONDS.splitlines()) + 5
    [suit] = [finding for finding in stderr.splitlines() if ".index-suit reaches outside" in finding]
    assert suit.startswith(f"diamonds.yaml:{line}:") and "the 3 mm safe area of card" in suit  # once, at its line


def crossings(lines, x: float) -> set[float]:
    """Where the lattice's lines cross the vertical x, rounded, within the card's height."""
    found = set()
    for (x0, y0), (x1, y1) in lines:
        if x1 != x0 and min(x0, x1) <= x <= max(x0, x1):
            y = y0 + (y1 - y0) * (x - x0) / (x1 - x0)
            if 0 <= y <= 88.9:
                found.add(round(y, 3))
    return found


@pytest.mark.parametrize("piece", ["poker-card", "bridge-card", "mini-card"])
def test_the_card_back_lattice_runs_on_unbroken_into_the_next_card(piece):
    """Cards share cut lines: the lattice must meet itself across them. It is whole cells across and
    down the card, so its lines cross the left and right edges (and top and bottom) at the same places."""
    back = card("diamonds", "card-7H", f"deck.piece={piece}").back
    face = record_face(back, Area(*{"poker-card": (63.5, 88.9), "bridge-card": (57.15, 88.9),
                                    "mini-card": (44.45, 63.5)}[piece], 3.0))
    [lattice] = [call[1] for call in face.calls if call[0] == "path" and len(call[1].commands) > 40]
    points = [command[1:] for command in lattice.commands]
    lines = list(zip(points[::2], points[1::2]))
    width = {"poker-card": 63.5, "bridge-card": 57.15, "mini-card": 44.45}[piece]
    assert crossings(lines, 0.0) and crossings(lines, 0.0) == crossings(lines, width)
