"""The paper side of Diatoms: the field boards (rule diatoms.board), the guest judges (rule
diatoms.judges), the score pad, the field notebooks and the rules sheet. Each rule fires on a
broken copy of data/diatoms.yaml; every sheet is there in the right number, stays in its bleed,
keeps its words in the safe margin and prints none smaller than 7 pt."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import error_messages, run_pnp, shared_game, words_below
from generator.games.diatoms.board import board_spots, line_pairs, most_of_one_colour
from generator.model import Area
from generator.recording import record_face
from test_piece_presets import BLEED, problems_of

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "diatoms.yaml").read_text()
INNER = "{name: inner, radius: 0.345, start_deg: 0, spots: [circle, oval, triangle, star, circle, square, oval, triangle]}"
OUTER_LINE = "    - {name: outer, radius: 0.855, start_deg: 0, spots: [oval, circle, triangle, star, triangle, circle, oval, square]}\n"
PAPER = {"player-board": 4, "score-pad": 1, "field-notebook": 4, "guest-judge": 8, "rules-sheet": 1}


def errors(tmp_path, text: str = BUNDLED, overrides=()) -> dict[str, list[str]]:
    return error_messages(tmp_path, text, overrides)


@pytest.fixture(scope="module")
def game():
    return shared_game("diatoms")


def test_the_bundled_board_and_judges_keep_their_rules(tmp_path):
    found = errors(tmp_path)
    assert "diatoms.board" not in found and "diatoms.judges" not in found, found


def test_the_bundled_board(game):
    spots = board_spots(game.spec.board)
    assert len(spots) == 24
    assert sum(spot.crossing for spot in spots) == 18
    assert len(line_pairs(game.spec.board)) == 15  # 5 along each straight line
    assert most_of_one_colour(game.spec) >= 8


BOARD_BROKEN = [
    ("two rings", (OUTER_LINE, ""), "a board has three: inner, middle, outer"),
    ("a ring without a star", (INNER, INNER.replace("triangle, star, circle", "triangle, oval, circle")), "inner ring has no spot for: star"),
    ("no crossings", ("start_deg: 0,", "start_deg: 22.5,"), "no spot sits where a straight line crosses a ring"),
    ("two straight lines", ("    - {name: diagonal, angle_deg: 45}\n", ""), "a board has three: horizontal, vertical"),
    ("a crooked vertical line", ("{name: vertical, angle_deg: 90}", "{name: vertical, angle_deg: 80}"),
     "the vertical line runs at 80 degrees"),
]


@pytest.mark.parametrize("broken, change, message", BOARD_BROKEN, ids=[b for b, _, _ in BOARD_BROKEN])
def test_the_board_rule_fires(tmp_path, broken, change, message):
    old, new = change
    assert old in BUNDLED, f"the bundled file changed; update the test for {broken}"
    found = errors(tmp_path, BUNDLED.replace(old, new))
    assert any(message in text for text in found.get("diatoms.board", [])), found


def test_the_board_rule_fires_when_8_of_a_colour_cannot_fit(tmp_path):
    overrides = tuple(f"tokens.per_colour.{shape}=1" for shape in ("circle", "oval", "triangle", "square", "star"))
    found = errors(tmp_path, overrides=overrides)
    assert any("at most 5 diatoms of one colour" in text for text in found.get("diatoms.board", [])), found


JUDGE_BROKEN = [
    ("a green side that deducts", ("{points: 3, scores: shape, name: oval, text: for each oval on your board}",
                                   "{points: -3, scores: shape, name: oval, text: for each oval on your board}"),
     "the green side only awards points"),
    ("a pink side that only awards", ("{points: -3, scores: shape, name: circle,", "{points: 3, scores: shape, name: circle,"),
     "pink side takes no points off"),
    ("a pink side that only deducts", ("{points: 5, scores: shape, name: oval,", "{points: -5, scores: shape, name: oval,"),
     "pink side awards no points"),
    ("a judge of a colour the board lacks", ("scores: colour, name: red,", "scores: colour, name: orange,"),
     'scores the colour "orange"'),
    ("a judge of a ring the board lacks", ("scores: ring, name: outer, text: once", "scores: ring, name: rim, text: once"),
     'scores the ring "rim"'),
]


@pytest.mark.parametrize("broken, change, message", JUDGE_BROKEN, ids=[b for b, _, _ in JUDGE_BROKEN])
def test_the_judges_rule_fires(tmp_path, broken, change, message):
    old, new = change
    assert old in BUNDLED, f"the bundled file changed; update the test for {broken}"
    found = errors(tmp_path, BUNDLED.replace(old, new, 1))
    assert any(message in text for text in found.get("diatoms.judges", [])), found


def test_the_paper_is_listed_with_its_counts(tmp_path):
    code, stdout, stderr = run_pnp("list", cwd=tmp_path)
    assert code == 0, stderr
    section = stdout.split("diatoms:", 1)[1]
    for name, count in PAPER.items():
        assert any(line.split()[:2] == [name, str(count)] for line in section.splitlines()), (name, section)


def paper_pieces(game):
    return [piece for component in game.components() if component.name in PAPER for piece in component.pieces]


def test_the_paper_stays_in_its_bleed_and_its_words_in_the_safe_margin(game):
    problems = [problem for piece in paper_pieces(game) for problem in problems_of(piece, game.faces)]
    assert not problems, "\n".join(problems[:15])


def test_no_word_on_the_paper_is_under_7_pt(game):
    small = words_below(paper_pieces(game), 7.0, BLEED, game.faces)
    assert not small, "\n".join(small[:15])


def test_each_sheet_fits_a4_and_letter(game):
    for piece in paper_pieces(game):
        for width, height in ((210.0, 297.0), (215.9, 279.4)):
            room_w, room_h = width - 2 * 6.35, height - 2 * 6.35 - 5.0  # home printer margins, the footer
            assert piece.width + 2 * BLEED <= room_w and piece.height + 2 * BLEED <= room_h, piece.id


def test_the_pad_and_notebook_state_the_pairs_reading_and_what_to_do_when_stuck(game):
    for name in ("score-pad", "field-notebook-1", "rules-sheet"):
        piece = next(p for p in paper_pieces(game) if p.id == name)
        words = " ".join(t.text for t in record_face(piece.front, Area(piece.width, piece.height, BLEED)).texts)
        assert "Follow each straight line" in words or "follow each straight line" in words, name
        assert "Keep the tile you drew and pass your placement" in words, name


@pytest.mark.parametrize("preset", ["piecepack-coin", "piecepack-tile"])
def test_the_judge_card_rule_fires_on_a_card_too_small_for_its_words(tmp_path, preset):
    found = errors(tmp_path, overrides=(f"judges.piece={preset}",))
    assert "diatoms.judge-card" in found, found


def test_a_poker_or_bridge_card_holds_every_judge(tmp_path):
    for preset in ("poker-card", "bridge-card"):
        assert "diatoms.judge-card" not in errors(tmp_path, overrides=(f"judges.piece={preset}",)), preset
