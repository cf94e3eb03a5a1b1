"""Diaominos: the rolling cube against DESIGN's counts, each rule on a broken layout, and a real build."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from conftest import error_messages, errors_in, load_text, run_pnp
from generator.games.diaominos import game as dm
from generator.games.diaominos.cube import DIRECTIONS, SEATS, UP, Cube, keeps_promise, play_rounds, roll

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "diaominos.yaml").read_text()
KNIGHT = [(2, 1), (2, -1), (-2, 1), (-2, -1), (1, 2), (1, -2), (-1, 2), (-1, -2)]
# An L path of six squares on the 4 x 4 board that breaks the promise (found by the same search).
BROKEN_LAYOUT = {"A": (0, 1), "B": (2, 2), "C": (0, 3), "D": (1, 1), "E": (3, 2), "F": (1, 3)}


def test_rolling_matches_the_known_counts():
    """DESIGN: of the 18,584 L-paths of six distinct squares, exactly 256 keep the promise."""
    paths = kept = 0
    for moves in itertools.product(KNIGHT, repeat=5):
        path = [(0, 0)]
        for dx, dy in moves:
            path.append((path[-1][0] + dx, path[-1][1] + dy))
        if len(set(path)) == 6:
            paths += 1
            kept += keeps_promise(path)
    assert (paths, kept) == (18584, 256)


def test_a_roll_turns_the_top_the_way_the_cube_goes():
    assert roll(UP, "E") == (1, 0, 0) and roll(UP, "N") == (0, 1, 0)
    for heading in "NESW":
        v = (1, 2, 3)
        for _ in range(4):
            v = roll(v, heading)
        assert v == (1, 2, 3)


def test_faces_are_read_from_each_seat():
    cube = Cube.scrambled(3)
    a, b, c, d = cube.face(UP, 1)
    assert cube.face(UP, 3) == [d, c, b, a]  # the player opposite sees the top upside down
    # Seat 2 sits west, looking east: the east edge is far, north is on the left.
    assert cube.face(UP, 2) == [b, d, a, c]
    assert cube.face(UP, 4) == [c, a, d, b]
    solved = Cube.solved()
    for seat, direction in SEATS.items():
        assert len(set(solved.face(direction, seat))) == 1


def test_a_scramble_is_legal_and_lively():
    for seed in range(20):
        cube = Cube.scrambled(seed)
        assert Counter(f.colour for f in cube.facelets) == {c: 4 for c in range(6)}
        assert all(len(set(cube.face(d))) > 1 for d in DIRECTIONS)


def spec_from(tmp_path, text=BUNDLED, overrides=()):
    return load_text(tmp_path, text, overrides)


def test_the_bundled_layout_keeps_the_promise(tmp_path):
    loaded = spec_from(tmp_path)
    assert loaded.game.rules.run(loaded.spec) == []
    assert keeps_promise(dm.board_path(loaded.spec))


@pytest.mark.parametrize("seed", [1, 7, 42, 2026])
def test_the_round_sheet_shows_each_colour_four_times_everywhere(tmp_path, seed):
    spec = spec_from(tmp_path, overrides=(f"cube.seed={seed}",)).spec
    rounds = play_rounds(Cube.scrambled(seed), dict(zip(dm.LETTERS, dm.board_path(spec))))
    assert len(rounds) == 6
    assert Counter(c for r in rounds for c in r.top) == {c: 4 for c in range(6)}
    for seat in SEATS:
        assert Counter(c for r in rounds for c in r.seats[seat]) == {c: 4 for c in range(6)}


def broken_layout_overrides():
    return tuple(f"board.spaces.{letter}=[{c}, {r}]" for letter, (c, r) in BROKEN_LAYOUT.items())


def test_a_layout_that_breaks_the_promise_is_caught(tmp_path):
    fired = errors_in(tmp_path, BUNDLED, broken_layout_overrides())
    assert {"diaominos.promise", "diaominos.round-cards"} <= fired
    assert "diaominos.spaces" not in fired  # every move is still an L


BROKEN = [
    ("diaominos.spaces", "a space off the board", ("    F: [0, 1]", "    F: [0, 4]")),
    ("diaominos.spaces", "two spaces on one square", ("    F: [0, 1]", "    F: [0, 2]")),
    ("diaominos.spaces", "a move that is not an L", ("    B: [2, 3]", "    B: [1, 3]")),
    ("diaominos.spaces", "a missing space", ("    F: [0, 1]\n", "")),
    ("diaominos.cube", "five colours", ("    - {name: green, colour: green, symbol: club}\n", "")),
    ("diaominos.cube", "a symbol twice", ("{name: green, colour: green, symbol: club}", "{name: green, colour: green, symbol: spade}")),
    ("diaominos.cube", "three facelets a colour", ("  facelets_per_colour: 4", "  facelets_per_colour: 3")),
    ("diaominos.polyominoes", "two I shapes", ("{name: L, cells: [[0, 0], [0, 1], [0, 2], [1, 2]]}", "{name: L, cells: [[0, 0], [1, 0], [2, 0], [3, 0]]}")),
    ("diaominos.polyominoes", "a mirrored S counted as new", ("{name: L, cells: [[0, 0], [0, 1], [0, 2], [1, 2]]}", "{name: L, cells: [[0, 0], [1, 0], [1, 1], [2, 1]]}")),
    ("diaominos.polyominoes", "a shape in two pieces", ("{name: O, cells: [[0, 0], [1, 0], [0, 1], [1, 1]]}", "{name: O, cells: [[0, 0], [1, 0], [0, 2], [1, 2]]}")),
    ("diaominos.grid", "no loading start", ('      - ".....SX....."', '      - ".....XX....."')),
    ("diaominos.grid", "a grid in two pieces", ('      - ".....SX....."', '      - "S.........X."')),
    ("diaominos.grid", "layers numbered from the top", ("    number_layers_from: bottom", "    number_layers_from: top")),
    ("diaominos.grid", "too few cubes", ('      - "XXXXXXXXXXXX"\n      - "XXXXXXXXXXXX"\n', '')),
    ("diaominos.rounds", "five rounds", ("  rounds: 6", "  rounds: 5")),
    ("diaominos.rounds", "three slots", ("  slots_per_round: 4", "  slots_per_round: 3")),
    ("diaominos.players", "five players", ("players: [1, 2, 3, 4]", "players: [1, 2, 3, 4, 5]")),
    ("diaominos.sizes", "a border too narrow for the seat labels", ("  border_mm: 14.0", "  border_mm: 7.0")),
    ("diaominos.sizes", "a player sheet too small to write on", ("  height_mm: 178.0", "  height_mm: 120.0")),
    ("diaominos.sizes", "a grid box too low for its layers", ("players: [1, 2, 3, 4]", "players: [1, 2, 3, 4]\n"
                                                                "layouts: {player-sheet: {grid: {box: [0.448, 0.25]}}}")),
    ("diaominos.sizes", "round-card text that squeezes the seats' facelets", ("      body: {size: 8}", "      body: {size: 20}")),
    ("diaominos.players", "no player count", ("players: [1, 2, 3, 4]", "players: []")),
    ("diaominos.polyominoes", "a polyomino without a name", ("{name: T, cells", "{name: '', cells")),
    ("diaominos.polyominoes", "two polyominoes with one name", ("{name: T, cells", "{name: O, cells")),
    ("diaominos.cube", "two colours in one ink", ("{name: yellow, colour: yellow", "{name: yellow, colour: white")),
]


@pytest.mark.parametrize("rule, broken, change", BROKEN, ids=[b for _, b, _ in BROKEN])
def test_rule_fires_on_a_broken_set(tmp_path, rule, broken, change):
    old, new = change
    assert old in BUNDLED, f"the bundled file changed; update the test for {broken}"
    assert rule in errors_in(tmp_path, BUNDLED.replace(old, new, 1))


def test_counts_of_one_read_in_the_singular(tmp_path):
    found = error_messages(tmp_path, BUNDLED, ("player_sheet.copies=1", "player_sheet.rounds=1",
                                               "player_sheet.slots_per_round=1", "cube.facelets_per_colour=1"))
    said = [message for messages in found.values() for message in messages]
    for words in ("1 player sheet for up to 4 players", "1 round row;", "1 slot a round", "1 facelet a colour"):
        assert any(words in message for message in said), (words, said)


def test_two_colours_in_one_ink_are_named_in_plain_words(tmp_path):
    found = error_messages(tmp_path, BUNDLED, ("cube.colours.1.colour=white",))
    assert 'colour 2 (yellow) has the ink "white", as colour 1 (white) does' in " ".join(found["diaominos.cube"])


BAD_INPUT = [
    ("no player counts", ("players=[]",)),
    ("no cube colours", ("cube.colours=[]",)),
    ("no polyominoes", ("player_sheet.polyominoes=[]",)),
    ("no layers", ("player_sheet.grid.layers=[]",)),
    ("no spaces", ("board.spaces={}",)),
    ("a polyomino without a name", ("player_sheet.polyominoes.0.name=''",)),
    ("round-card text too large", ("style.components.round-card.body.size=24",)),
    ("a polyomino without cubes", ("player_sheet.polyominoes.0.cells=[]",)),
    ("no player sheets", ("player_sheet.copies=0",)),
]


@pytest.mark.parametrize("broken, change", BAD_INPUT, ids=[b for b, _ in BAD_INPUT])
def test_bad_input_is_one_line_per_problem_and_a_draft_still_builds(tmp_path, broken, change):
    """No traceback for a malformed set: `pnp validate` gives compiler-style lines and exit 1 or 2; a
    draft of a set that breaks the rules (exit 1) still builds."""
    path = tmp_path / "diaominos.yaml"
    path.write_text(BUNDLED)
    sets = [arg for item in change for arg in ("--set", item)]
    code, out, err = run_pnp("validate", path, *sets, cwd=tmp_path)
    errors = [line for line in (out + err).strip().splitlines() if ": warning: " not in line]
    assert code in (1, 2) and errors, (code, out, err)
    assert "Traceback" not in out + err and "None" not in out + err
    assert all(re.match(r"^(\S+\.yaml(:\d+)*|--set [^:]+): error: .+ \[[a-z_.-]+\]$", line) for line in errors), errors
    if code == 1:
        code, out, err = run_pnp("build", path, *sets, "--draft", "-q", "--out", tmp_path / "out", cwd=tmp_path)
        assert code == 0 and "Traceback" not in err, err


@pytest.mark.parametrize("overrides", [
    (),
    ("player_sheet.width_mm=260", "player_sheet.height_mm=190", "round_cards.piece=bridge-card"),
    ("player_sheet.width_mm=250", "player_sheet.height_mm=178", "round_cards.piece={width_mm: 55, height_mm: 80}"),
    ("player_sheet.width_mm=420", "player_sheet.height_mm=297", "board.square_mm=40", "board.border_mm=9"),
    ("style.font=bold-italic", "style.components.board.title.size=40"),
])
def test_every_face_stays_in_its_bleed_and_its_text_in_the_safe_box(tmp_path, overrides):
    """The sheets and the board are laid out in proportion, down to the smallest sizes the rules accept
    (the sheet's layout wants 178 mm down for cubes of 6 mm on its polyomino cards)."""
    from test_piece_presets import problems_of

    loaded = spec_from(tmp_path, overrides=overrides)
    assert not [f for f in loaded.findings() if f.level == "error"]
    problems = [problem for component in loaded.components() for piece in component.pieces
                for problem in problems_of(piece, loaded.faces)]  # the faces as the findings recorded them
    assert not problems, "\n".join(problems[:10])


def painted(piece) -> set[str]:
    from generator.model import Area
    from generator.recording import record_face

    drawn = record_face(piece.front, Area(piece.width, piece.height, 3.0, piece.shape))
    return {path.fill for path in drawn.paths} | {path.stroke for path in drawn.paths} | {t.fill for t in drawn.texts}


def test_a_sticker_group_is_its_colour_name(tmp_path):
    """style.components.cube-sticker.groups.white restyles the white stickers' symbols and nothing else."""
    loaded = spec_from(tmp_path, overrides=("style.components.cube-sticker.groups.white.ink=purple",))
    purple = loaded.spec.style.resolve("cube-sticker", "white").ink
    stickers = next(c for c in loaded.components() if c.name == "cube-sticker").pieces
    assert all((purple in painted(piece)) == piece.id.startswith("cube-sticker-white") for piece in stickers)


def test_a_symbol_takes_the_ink_or_the_paper_whichever_stands_out():
    import dataclasses

    from generator.load import load_game

    style = dataclasses.replace(load_game("diaominos").spec.style.resolve("cube-sticker"), ink="#1d1d24",
                                background="#ffffff")
    assert style.ink_on("#ffffff") == "#1d1d24" and style.ink_on("#2a6fb0") == "#ffffff"


def test_the_sheets_take_their_look_from_the_style(tmp_path):
    """The player sheets' pale fills are the style's panel: restyled from YAML, with no colour field."""
    loaded = spec_from(tmp_path, overrides=("style.components.player-sheet.panel=sand",))
    sand = loaded.spec.style.resolve("player-sheet").panel
    sheet = next(c for c in loaded.components() if c.name == "player-sheet").pieces[0]
    board = next(c for c in loaded.components() if c.name == "board").pieces[0]
    assert sand in painted(sheet) and sand not in painted(board)


def test_marking_order_is_bottom_then_right():
    assert dm.marking_order([(0, 0), (1, 0), (2, 0), (1, 1)]) == [(1, 1), (2, 0), (1, 0), (0, 0)]


@pytest.fixture(scope="module", params=["a4", "letter"])
def manifest(request, bundled_build):
    return json.loads((bundled_build("diaominos", request.param, "pdf,svg") / "manifest.json").read_text())


def test_the_build_holds_every_component(manifest):
    fronts = Counter(p["component"] for page in manifest["pages"] for p in page["pieces"] if p["face"] == "front")
    parts = [p for page in manifest["pages"] for p in page["pieces"] if p["component"] == "board"]
    assert fronts["player-sheet"] == 4 and fronts["cube-sticker"] == 24 and fronts["round-card"] == 24
    assert len(parts) == parts[0]["part"]["rows"] * parts[0]["part"]["cols"] > 1  # the board is tiled
    assert parts[0]["part"]["piece_width_mm"] == pytest.approx(4 * 56 + 2 * 14)
    for sticker in (p for page in manifest["pages"] for p in page["pieces"] if p["component"] == "cube-sticker"):
        assert abs(sticker["width_mm"] - 22.0) <= 0.05 and abs(sticker["height_mm"] - 22.0) <= 0.05
    for page in manifest["pages"]:
        for piece in page["pieces"]:
            assert piece["x_mm"] >= 6.35 - 0.05 and piece["x_mm"] + piece["width_mm"] <= page["width_mm"] - 6.35 + 0.05
