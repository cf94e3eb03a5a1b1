"""Diatoms drawn from layouts in data: every face comes from templates/layouts.yaml's diatoms-faces,
and a copy of the game file changes it key by key (README, the Diatoms section)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import game_with_layouts, piece_of, run_pnp
from generator.canvas import PT
from generator.load import load_game
from generator.model import Area
from generator.recording import record_face

ROOT = Path(__file__).resolve().parent.parent
DIATOMS = (ROOT / "data" / "diatoms.yaml").read_text()
README = (ROOT / "README.md").read_text()


def diatoms_with(tmp_path, layouts: str) -> Path:
    return game_with_layouts(tmp_path, "diatoms", layouts)


piece = piece_of


def drawn(found, side: str = "front"):
    return record_face(getattr(found, side), Area(found.width, found.height, 0.0))


def text(found, words: str, side: str = "front"):
    return next(t for t in drawn(found, side).texts if t.text == words)


@pytest.fixture(scope="module")
def bundled():
    ids = ("guest-judge-1", "score-pad", "diatom-green-oval-1", "player-board-1", "petri-dish-green", "lens-tool",
           "hex-tile-start")
    game = load_game("diatoms", ())
    return {p.id: p for c in game.components() for p in c.pieces if p.id in ids}


def test_the_judge_cards_title_restyled_from_the_game_file(tmp_path, bundled):
    before = text(bundled["guest-judge-1"], "Professor Pennate", "back")
    after = text(piece(diatoms_with(tmp_path, "  guest-judge:\n    title: {size_pt: 13}\n"), "guest-judge-1"),
                 "Professor Pennate", "back")
    assert before.size == pytest.approx(11 * PT) and after.size == pytest.approx(13 * PT)
    assert after.box[1] < before.box[1] and after.box[0] < before.box[0]  # grown up and out from its baseline


def test_the_score_pads_title_moved(tmp_path, bundled):
    before = text(bundled["score-pad"], "Diatoms: score pad")
    moved = piece(diatoms_with(tmp_path, "  score-pad:\n    title: {inset_mm: [20, 16.0992]}\n"), "score-pad")
    after = text(moved, "Diatoms: score pad")
    assert after.box[0] - before.box[0] == pytest.approx(14.0, abs=1e-6)
    assert after.box[1] - before.box[1] == pytest.approx(10.0, abs=1e-6)
    assert drawn(moved).paths == drawn(bundled["score-pad"]).paths  # the table stays where it was


def test_an_element_left_out_and_one_added(tmp_path, bundled):
    edited = diatoms_with(tmp_path, "  diatom:\n    mark: null\n  player-board:\n"
                                    "    owner: {text: 'Mine', role: small, at: [0.5, 0.985], anchor: bottom}\n")
    token = drawn(piece(edited, "diatom-green-oval-1"))
    assert len(token.paths) < len(drawn(bundled["diatom-green-oval-1"]).paths)
    owner = text(piece(edited, "player-board-1"), "Mine")
    assert owner.box[3] == pytest.approx(0.985 * 215, abs=0.5)


def test_the_dish_the_lens_and_the_start_tile_follow_their_layouts(tmp_path, bundled):
    edited = diatoms_with(tmp_path, "  petri-dish-colour:\n    label: {size_pt: 14}\n"
                                    "  lens-tool:\n    label: {rotate: 90}\n"
                                    "  hex-tile-start:\n    start: {colour: accent}\n")
    assert text(piece(edited, "petri-dish-green"), "green").size == pytest.approx(14 * PT)
    assert text(bundled["petri-dish-green"], "green").size == pytest.approx(10 * PT)
    assert text(piece(edited, "lens-tool"), "LENS").box != text(bundled["lens-tool"], "LENS").box
    assert text(piece(edited, "hex-tile-start"), "START").fill != text(bundled["hex-tile-start"], "START").fill


def test_the_rings_box_is_what_the_spot_check_measures(tmp_path):
    """The board's rings scale to the box the layout gives them; squeezed, their spots overlap, and
    the check that measures spots says so."""
    edited = diatoms_with(tmp_path, "  player-board:\n    rings: {box: [0.5, 0.4]}\n")
    code, _, stderr = run_pnp("validate", str(edited), cwd=tmp_path)
    assert code == 1 and "[diatoms.spots]" in stderr and "Traceback" not in stderr, stderr


def test_a_judges_terms_in_too_small_a_box_are_a_finding(tmp_path):
    edited = diatoms_with(tmp_path, "  guest-judge:\n    terms: {box: [1, 0.1]}\n")
    code, _, stderr = run_pnp("validate", str(edited), cwd=tmp_path)
    assert code == 1 and "[diatoms.judge-card]" in stderr and "does not fit" in stderr, stderr


def test_an_unknown_drawer_is_an_input_error_at_its_line(tmp_path):
    edited = diatoms_with(tmp_path, "  hex-tile:\n    triangles: {draw: diatoms.triangels}\n")
    code, _, stderr = run_pnp("validate", str(edited), cwd=tmp_path)
    lines = stderr.strip().splitlines()  # once for each layout drawing it: hex-tile and hex-tile-start
    assert code == 2 and "Traceback" not in stderr and lines, stderr
    assert all(re.match(r"\S*diatoms\.yaml:\d+:\d+: error: .*diatoms\.triangels.*did you mean "
                        r"\"diatoms\.tile-triangles\"", line) for line in lines), stderr


def test_pnp_layouts_prints_the_set_with_its_comments(tmp_path):
    code, out, _ = run_pnp("layouts", "diatoms", cwd=tmp_path)
    assert code == 0
    for layout in ("hex-tile", "hex-tile-start", "diatom", "lens-tool", "petri-dish-colour", "petri-dish-shape",
                   "player-board", "score-pad", "guest-judge"):
        assert re.search(rf"^  {layout}:", out, re.M), layout
    assert "# The guest judges (guest-judge-N)" in out and "diamonds-cards" not in out
    # What it prints is a game file's layouts block: pasted into a copy, it builds the same faces.
    pasted = tmp_path / "pasted.yaml"
    pasted.write_text(DIATOMS + "\n" + out)
    def placed(target):
        return [(t.text, t.box, t.size) for t in drawn(piece(target, "guest-judge-1")).texts]

    assert placed(pasted) == placed("diatoms")


def test_the_readme_edit_builds(tmp_path):
    """The README's Diatoms edit, as written, in a copy of the game file: the judge's name at 13 pt,
    a name line on each board, the score pad's player boxes wider, and its labels still at their size."""
    [snippet] = [block for block in re.findall(r"^```yaml\n(.*?)^```", README, re.M | re.S)
                 if "guest-judge:" in block]
    game = tmp_path / "my-diatoms.yaml"
    game.write_text(DIATOMS + "\n" + snippet)
    code, _, stderr = run_pnp("build", str(game), "--out", str(tmp_path / "out"), "--only", "guest-judge", "--only", "player-board",
                              "--only", "score-pad", "-q", cwd=tmp_path)
    assert code == 0, stderr
    assert (tmp_path / "out" / "diatoms" / "diatoms.pdf").is_file()
    assert text(piece(game, "guest-judge-1"), "Professor Pennate").size == pytest.approx(13 * PT)
    assert text(piece(game, "player-board-2"), "Naturalist: ____________").size == pytest.approx(7 * PT)

    def player_boxes(target) -> list[float]:  # the widths of the players' score boxes, in mm, their rule's too
        pad = drawn(piece(target, "score-pad"))
        return [p.box[2] - p.box[0] for p in pad.paths if p.box[0] >= 0.3 * 180 and p.fill is None]

    table = 180 - 2 * 6  # the pad less its 6 mm margins, 4 players
    for target, share in ((game, 0.66), ("diatoms", 0.6)):
        assert len(player_boxes(target)) == 4 * 13 and all(0 < width - share * table / 4 < 0.4
                                                            for width in player_boxes(target))
    assert text(piece(game, "score-pad"), "Pairs on the lines").size == pytest.approx(10.5 * PT)
