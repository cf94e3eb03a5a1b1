"""Diaominos faces from layouts in data (templates/layouts.yaml, diaominos-faces), changed key by key
from a copy of the game file, and `pnp layouts diaominos`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from conftest import face_drawn as drawn, game_with_layouts, run_pnp
from test_diaominos_craft import strokes
from generator.canvas import PT
from generator.load import load_game
from generator.model import Area
from generator.canvas import Canvas
from generator.recording import Recording

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "diaominos.yaml").read_text()
README = (ROOT / "README.md").read_text(encoding="utf-8")


def diaominos_with(tmp_path, layouts: str) -> Path:
    return game_with_layouts(tmp_path, "diaominos", layouts)


def piece(target, component: str, index: int = 0):
    parts = {part.name: part for part in load_game(str(target)).components()}
    return parts[component].pieces[index]


def test_a_smaller_round_card_heading_is_a_yaml_edit(tmp_path):
    def heading(target):
        return next(text for text in drawn(piece(target, "round-card")).texts if text.text == "Game 1 · Round 1")

    before = heading("diaominos")
    after = heading(diaominos_with(tmp_path, "  round-card:\n    heading: {size_pt: 9}\n"))
    assert before.size == pytest.approx(11 * PT) and after.size == pytest.approx(9 * PT)
    assert (after.box[0] + after.box[2]) / 2 == pytest.approx((before.box[0] + before.box[2]) / 2, abs=0.01)


def test_the_stickers_cut_line_is_restyled_from_the_file(tmp_path):
    def lines(target):
        found = piece(target, "cube-sticker")
        return [(colour, width) for colour, width, _, _ in strokes(found.front, found.width, found.height)]

    style = load_game("diaominos").spec.style.resolve("cube-sticker", "white", piece="cube-sticker-white-1")
    assert lines("diaominos") == [(style.background, 0.75), (style.ink, 0.25)]
    changed = diaominos_with(tmp_path, "  cube-sticker:\n    cut: {stroke_mm: 0.5}\n    halo: null\n")
    assert lines(changed) == [(style.ink, 0.5)]  # the band left out, the ink line wider


def test_a_new_element_adds_to_the_back_and_the_board_loses_its_roll_key(tmp_path):
    target = diaominos_with(tmp_path, "  round-card-back:\n    note: {text: PLAY ME, at: [0.5, 0.1], role: small}\n"
                                      "  board:\n    roll-key: null\n")
    back_texts = [text.text for text in drawn(piece(target, "round-card"), "back").texts]
    assert "PLAY ME" in back_texts and "Game 1 · Round 1" in back_texts
    moves = re.compile(r"^[A-E]-[B-F]$")  # the roll key's "A-B"...
    assert any(moves.match(text.text) for text in drawn(piece("diaominos", "board")).texts)
    assert not any(moves.match(text.text) for text in drawn(piece(target, "board")).texts)


def test_a_player_sheet_part_left_out_and_the_seats_recoloured(tmp_path):
    target = diaominos_with(tmp_path, "  player-sheet:\n    total: null\n"
                                      "  round-card:\n    seat-faces: {colour: \"#000000\"}\n")
    total = load_game("diaominos").spec.words("sheet.total")
    assert total in [text.text for text in drawn(piece("diaominos", "player-sheet")).texts]
    assert total not in [text.text for text in drawn(piece(target, "player-sheet")).texts]
    card = piece(target, "round-card")
    seat = next(text for text in drawn(card).texts if text.text == "Seat 1")
    assert seat.fill == "#000000"


def test_a_layout_mistake_points_at_its_line_and_names_the_games_drawers(tmp_path):
    target = diaominos_with(tmp_path, "  board:\n    routes: {draw: diaominos.rotues}\n")
    code, out, err = run_pnp("validate", target, cwd=tmp_path)
    assert code == 2 and "Traceback" not in err
    line = len(BUNDLED.splitlines()) + 4  # the blank line and layouts: before it
    assert f"diaominos.yaml:{line}:" in err and 'no drawer is called "diaominos.rotues"' in err
    assert "diaominos.routes" in err  # did you mean
    # Another game's drawer is refused in this game's layouts.
    target = diaominos_with(tmp_path, "  board:\n    routes: {draw: diamonds.pips}\n")
    code, _, err = run_pnp("validate", target, cwd=tmp_path)
    assert code == 2 and 'no drawer is called "diamonds.pips"' in err


def test_pnp_layouts_prints_the_set_with_a_comment_for_every_layout(tmp_path):
    code, out, err = run_pnp("layouts", "diaominos", cwd=tmp_path)
    assert code == 0, err
    layouts = yaml.safe_load(out)["layouts"]
    assert set(layouts) == {"board", "player-sheet", "colour-key-entry", "polyomino-card", "round-row",
                            "cube-sticker", "round-card", "round-card-back"}
    for name in layouts:  # a comment names the piece each layout draws
        assert re.search(rf"^  {name}: +# the ", out, re.M), name
    # The printed set, pasted into a copy of the game file, builds the same faces.
    copy = tmp_path / "copy.yaml"
    copy.write_text(BUNDLED + "\n" + out)
    def texts(target):
        return [(text.text, text.box, text.size) for text in drawn(piece(target, "round-card")).texts]

    assert texts(copy) == texts("diaominos")


def test_the_readme_edit_builds_as_shown(tmp_path):
    block = re.search(r"^```yaml\n(layouts:\n  round-card:\n.*?)^```", README, re.M | re.S).group(1)
    target = tmp_path / "my-diaominos.yaml"
    target.write_text(BUNDLED + "\n" + block)
    code, _, err = run_pnp("build", target, "--only", "round-card", "--out", tmp_path / "out", "-q", cwd=tmp_path)
    assert code == 0, err
    card = piece(target, "round-card")
    assert (card.front.style.accent, 0.8) in [(c, w) for c, w, _, _ in strokes(card.front, card.width, card.height)]
    seat = next(text for text in drawn(card).texts if text.text == "Seat 1")
    assert seat.face == card.front.style.body.face
    board = drawn(piece(target, "board")).texts
    assert not any(re.match(r"^[A-E]-[B-F]$", text.text) for text in board)


# Every element of every layout answers an edit from the game file --------------------------------

LAYOUT_PIECES = {"board": ("board", "front"), "player-sheet": ("player-sheet", "front"),
                 "colour-key-entry": ("player-sheet", "front"), "polyomino-card": ("player-sheet", "front"),
                 "round-row": ("player-sheet", "front"),
                 "cube-sticker": ("cube-sticker", "front"), "round-card": ("round-card", "front"),
                 "round-card-back": ("round-card", "back")}
SET = load_game("diaominos").spec.layouts.layouts
TEXT_KINDS = ("text", "draw")  # the drawers that write words: all but the squares, routes and the card's back face
SILENT_TEXT = {"board.squares", "board.routes", "round-card.top-face", "round-card-back.face"}


def printed(target) -> dict[str, tuple]:
    """Each layout's face as the print shows it: its texts and paths, where and in what colour."""
    parts = {part.name: part for part in load_game(str(target)).components()}
    faces, recordings = {}, {}
    for layout, (component, side) in LAYOUT_PIECES.items():
        if (component, side) not in recordings:  # the player sheet holds four of the layouts: drawn once
            recordings[component, side] = drawn(parts[component].pieces[0], side)
        recording = recordings[component, side]
        faces[layout] = (tuple((t.text, tuple(round(v, 3) for v in t.box), t.fill, t.face, round(t.size, 4))
                               for t in recording.texts),
                         tuple((tuple(round(v, 3) for v in p.box), p.fill, p.stroke) for p in recording.paths))
    return faces


def edits(kind: str) -> list[dict[str, tuple[str, str]]]:
    """Rounds of edits, each changing at most one element of each layout: (element, YAML of the edit)."""
    rounds = []
    for layout, elements in SET.items():
        chosen = []
        for name, element in elements:
            if kind == "colour":
                key = "fill" if element.kind in ("rect",) or name in ("squares", "spaces", "face") else "colour"
                key = "stroke" if element.kind == "line" else key
                if name == "label" and layout == "round-card-back":
                    key = "fill"
                chosen.append((name, f'{{{key}: "#2a7f62"}}'))
            elif kind == "size":
                if element.kind in TEXT_KINDS and f"{layout}.{name}" not in SILENT_TEXT:
                    chosen.append((name, "{size_pt: 12}"))
            elif kind == "at":
                chosen.append((name, "{at: [0.1, 0.12]}"))
            else:
                chosen.append((name, "null"))
        for index, edit in enumerate(chosen):
            while len(rounds) <= index:
                rounds.append({})
            rounds[index][layout] = edit
    return rounds


BUNDLED_PRINT = {}


@pytest.mark.parametrize("kind", ["at", "colour", "size", "null"])
def test_every_element_of_every_layout_answers_an_edit_in_the_print(tmp_path, kind):
    before = BUNDLED_PRINT.setdefault("faces", printed("diaominos"))
    unseen = []
    for number, edit in enumerate(edits(kind)):
        text = "".join(f"  {layout}:\n    {name}: {change}\n" for layout, (name, change) in edit.items())
        folder = tmp_path / str(number)
        folder.mkdir()
        after = printed(diaominos_with(folder, text))
        unseen += [f"{layout}.{name}: {change}" for layout, (name, change) in edit.items()
                   if after[layout] == before[layout]]
    assert not unseen, unseen


# The player sheet's parts as elements, and its tables repeated over the file's lists -----------------

def sheet_paths(target, overrides=()):
    found = {part.name: part for part in load_game(str(target), tuple(overrides)).components()}["player-sheet"]
    recording = Recording()
    found.pieces[0].front(Canvas(recording), Area(found.pieces[0].width, found.pieces[0].height, 0.0))
    return [(call[1].bounds(), call[2]) for call in recording.calls if call[0] == "path"]


def test_the_readme_player_sheet_edit_builds_as_shown(tmp_path):
    block = re.search(r"^```yaml\n(layouts:\n  player-sheet:\n.*?)^```", README, re.M | re.S).group(1)
    target = tmp_path / "my-diaominos.yaml"
    target.write_text(BUNDLED + "\n" + block)
    code, _, err = run_pnp("validate", target, cwd=tmp_path)
    assert code == 0, err

    def score_box(paths):  # the box to write the score in, right of its label in the final score's box
        score = next(text for text in drawn(piece(target, "player-sheet")).texts if text.text == "Score")
        return next(bounds for bounds, style in paths if style.stroke and bounds[0] > score.box[2]
                    and bounds[1] < (score.box[1] + score.box[3]) / 2 < bounds[3])

    before, after = score_box(sheet_paths("diaominos")), score_box(sheet_paths(target))
    assert after[2] - after[0] == pytest.approx(0.16 * 250) and before[2] - before[0] == pytest.approx(0.0806 * 250)
    assert after[3] - after[1] == pytest.approx(0.05 * 178)
    dashed = [style for _, style in sheet_paths("diaominos") if style.dash]
    assert len(dashed) == 6 * 4  # a slot for each face facing the player, in each round
    assert not [style for _, style in sheet_paths(target) if style.dash]


def test_the_sheets_rounds_and_slots_follow_the_game_file():
    def slots(overrides):
        return [bounds for bounds, style in sheet_paths("diaominos", overrides) if style.dash]

    assert len(slots(())) == 24
    more = slots(("player_sheet.rounds=8",))
    assert len(more) == 8 * 4
    assert max(b[3] for b in more) == pytest.approx(max(b[3] for b in slots(())), abs=0.5)  # in the same box
    rows = sorted({round(b[1], 3) for b in more})
    assert len(rows) == 8


def test_the_validators_layout_rules_read_the_sheets_repeated_parts_at_their_lines(tmp_path):
    target = diaominos_with(tmp_path, "  polyomino-card:\n    name: {size_pt: 5, min_pt: 5}\n"
                                      "  player-sheet:\n    title: {at: [0.0, 0.0]}\n")
    code, _, err = run_pnp("validate", target, cwd=tmp_path)
    assert code == 1 and "Traceback" not in err
    card_line, title_line = (len(BUNDLED.splitlines()) + n for n in (4, 6))
    assert re.search(rf'diaominos\.yaml:{card_line}:\d+: error: player-sheet: "I" .* at 5\.0 pt .*\[layout\.text-size\]',
                     err), err
    assert re.search(rf'diaominos\.yaml:{title_line}:\d+: error: player-sheet: "Diaominos" .* 0\.0 mm from the cut'
                     r'.*\[layout\.safe-area\]', err), err
