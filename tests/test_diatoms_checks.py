"""Diatoms sets that used to crash or pass: each is now one finding (issue 21), and a battery of
broken and harmless `--set` variants never shows a traceback."""

from __future__ import annotations

import pytest

from conftest import run_pnp
from generator.load import load_game

BROKEN = [
    ("tiles.start=GBRYP", "diatoms.start-tile", 'starting tile "GBRYP"'),
    ("judges.cards.2.green.0.scores=shape", "diatoms.judges", 'scores the shape "outer"'),
    ("setup.hand=4", "diatoms.players", "a hand of 4 tiles; the rules give each player 2"),
    # the colours: a name, a letter, a mark and an ink each; white is no colour's ink
    ("colours.1.name=green", "diatoms.colours", 'colours 1 and 2 are both named "green"'),
    ("colours.1.name=Green", "diatoms.colours", 'colours 1 and 2 are both named "Green"'),
    ("colours.1.colour=algae", "diatoms.colours", "green and blue print in one ink"),
    ('colours.1.colour="#00ad7e"', "diatoms.colours", "green and blue print in one ink"),  # all but algae
    ("colours.1.letter=G", "diatoms.colours", 'green and blue are both written "G"'),
    ("colours.1.letter=W", "diatoms.colours", "white's, the wild colour"),
    ("colours.1.mark=club", "diatoms.colours", "both carry the club mark"),
    ("wild=algae", "diatoms.colours", "white, the wild colour, prints in green's ink"),
    ('wild="#01ad7d"', "diatoms.colours", "white, the wild colour, prints in green's ink"),
    ("colours=[]", "diatoms.tokens", "0 colours; the diatoms come in 5"),
    # the board: no spots on top of each other, tokens no wider than the room between spots
    ("board.rings.1.radius=0.345", "diatoms.spots", "the inner and middle rings lie 0.345 and 0.345"),
    ("board.spot_mm=30", "diatoms.spots", "spots overlap"),
    ("board.rings.0.spots=[circle, oval, triangle, star, circle, square, oval, triangle, circle, oval, star]",
     "diatoms.spots", "lie on top of each other"),
    ("tokens.size_mm=30", "diatoms.spots", "30 mm diatoms on spots 22.9 mm apart"),
    ("tokens.size_mm=24", "diatoms.spots", "24 mm diatoms on spots 22.9 mm apart"),
    ("tokens.size_mm=23", "diatoms.spots", "23 mm diatoms hide their 20 mm spots"),
    # text too small to read: the core's layout rule sees the START of 38 mm tiles
    ("tiles.piece.width_mm=38", "layout.text-size", '"START" on hex-tile-start (front) prints at 6.6 pt'),
    ("tiles.piece.width_mm=1000", "diatoms.tile-size", "hex tiles 1000 mm across the flats"),
    ("tiles.piece.width_mm=10", "diatoms.tile-size", "hex tiles 10 mm across the flats"),
    # the paper: a board and a notebook for every player, words to print
    ("board.copies=3", "diatoms.paper", "3 field boards for up to 4 players"),
    ("field_notebook.copies=0", "diatoms.paper", "0 field notebooks for up to 4 players"),
    ('title=""', "diatoms.paper", "the title is empty"),
    ('judges.cards.0.name=""', "diatoms.judges", "guest judge 1 has no name"),
    ('judges.cards.0.green.0.text=""', "diatoms.judges", "+3 term has no words"),
    ("board.rings.0.spots=[circle]", "diatoms.board", "no spot for: oval, triangle, square, star"),
    ("setup.rounds={2: 10, 3: 8, 4: 8, 5: 8}", "diatoms.players", "rounds for 5 players; Diatoms is played by 2, 3 or 4"),
    ("players=[2, 3, 4, 2]", "diatoms.players", "players names 2 more than once"),
    ("judges.cards.1.name=Professor Pennate", "diatoms.judges", 'guest judges 1 and 2 are both "Professor Pennate"'),
    ("judges.cards.0.green=[{points: 3, scores: shape, name: oval, text: for each oval}, "
     "{points: 3, scores: shape, name: oval, text: for each oval}]", "diatoms.judges", 'scores "for each oval" twice'),
    ("style.components.guest-judge.groups.pink.panel=pale-green", "diatoms.judge-card",
     "green and pink sides print on one colour"),
    ("field_notebook.width_mm=100", "diatoms.sheets",
     "the words of field-notebook do not fit its 100 x 122 mm sheet at 7 pt, even grown to 183 mm"),
]


@pytest.mark.parametrize("setting, rule, says", BROKEN, ids=[s for s, _, _ in BROKEN])
def test_a_broken_diatoms_set_is_a_finding_not_a_crash(tmp_path, setting, rule, says):
    code, _, stderr = run_pnp("validate", "diatoms", "--set", setting, cwd=tmp_path)
    out = stderr
    assert "Traceback" not in out
    assert code == 1 and f"[{rule}]" in out and says in out, out


def test_no_colour_means_one_error_not_one_per_tile(tmp_path):
    code, _, stderr = run_pnp("validate", "diatoms", "--set", "colours=[]", cwd=tmp_path)
    out = stderr
    assert code == 1 and "[diatoms.tile-set]" not in out and "[diatoms.start-tile]" not in out, out


HARMLESS = ["judges.cards.0.green.0.scores=shape", "wild=paper", "tokens.cut=square", "tokens.size_mm=10",
            "tiles.piece.width_mm=80", "board.copies=8", "board.rings.0.start_deg=22.5", "rules_sheet.height_mm=150",
            "players=[2]", "players=[3, 4]", "tiles.piece.width_mm=44"]  # 44: as the README suggests


@pytest.mark.parametrize("setting", HARMLESS)
def test_a_harmless_change_validates(tmp_path, setting):
    code, _, stderr = run_pnp("validate", "diatoms", "--set", setting, cwd=tmp_path)
    assert code == 0 and "Traceback" not in stderr, stderr


def test_no_guest_judges_is_a_warning_that_says_so_and_builds(tmp_path):
    code, stdout, stderr = run_pnp("validate", "diatoms", "--set", "judges.cards=[]", cwd=tmp_path)
    assert code == 0 and "0 guest judges; the game offers at least 6 [diatoms.judges]" in stdout + stderr
    assert "did you mean" not in stdout + stderr
    code, stdout, stderr = run_pnp("build", "diatoms", "--set", "judges.cards=[]", "--out", tmp_path, "-q",
                                   cwd=tmp_path)
    assert code == 0 and "Traceback" not in stdout + stderr, stdout + stderr
    assert "guest" not in (tmp_path / "diatoms" / "manifest.json").read_text()
    from generator.games.diatoms.paper import notebook_blocks, pad_rows, rules_blocks

    spec = load_game("diatoms", ("judges.cards=[]",)).spec  # no judge is spoken of where none is printed
    said = " ".join(str(block[1]) for block in rules_blocks(spec) + notebook_blocks(spec) if len(block) > 1)
    assert "judge" not in said.lower() and "judge" not in " ".join(row[0] for row in pad_rows(spec)).lower()


# Deleted, zero, negative, huge, of the wrong type, empty: each an error at its place, never a traceback.
BATTERY = [
    "players=[]", "players=[5]", "players=[1]", "players=4", "players=null", 'players=["x"]', "colours=null",
    "colours.0=null", 'colours.0.name=""', 'colours.0.letter=""', "colours.0.letter=GG", "colours.0.colour=nosuch",
    "colours.0.mark=nosuch", "wild=null", "setup=null", "setup.hand=0", "setup.hand=-1", "setup.hand=100",
    "setup.rounds={}", "setup.rounds=null", "setup.rounds={4: 0}", "setup.removed={}", "setup.rounds.4=9",
    "tiles=null", 'tiles.start=""', "tiles.start=null", "tiles.set=[]", 'tiles.set.0=""', "tiles.set.0=XXXXXX",
    "tiles.set.0=123", "tiles.piece=nosuch", "tiles.piece.width_mm=0", "tiles.piece.width_mm=-5",
    "tokens=null", "tokens.per_colour={}", "tokens.per_colour.star=0", "tokens.per_colour.star=-1",
    "tokens.per_colour.star=1000", "tokens.per_colour.blob=3", "tokens.cut=hexagon", "tokens.size_mm=0",
    'tokens.size_mm="big"', "board=null", "board.copies=-1", "board.copies=100", "board.width_mm=120",
    "board.height_mm=1000", "board.spot_mm=0", "board.rings=[]", "board.rings.0.spots=[]",
    "board.rings.0.spots.0=blob", "board.rings.0.radius=0", "board.rings.2.radius=1.0", "board.rings.0.name=x",
    "board.lines=[]", "board.lines.0.angle_deg=200", "board.lines.0.name=x", "judges=null", "judges.cards=null",
    "judges.cards.0.green=[]", "judges.cards.0.pink=[]", "judges.cards.0.green.0.points=0",
    "judges.cards.0.green.0.points=1000", "judges.cards.0.green.0.scores=nosuch",
    "judges.cards.0.green.0.name=blob", "judges.piece=nosuch", "judges.piece.width_mm=20", "score_pad=null",
    "score_pad.width_mm=0", "field_notebook.width_mm=100", "rules_sheet=null", "title=null", "printing=null",
]


@pytest.mark.parametrize("setting", BATTERY)
def test_a_broken_value_is_an_error_never_a_traceback(tmp_path, setting):
    code, _, stderr = run_pnp("validate", "diatoms", "--set", setting, cwd=tmp_path)
    assert "Traceback" not in stderr and code in (1, 2), (code, stderr)
    assert " error: " in stderr


def test_a_two_player_set_prints_two_boards_and_two_notebooks():
    loaded = load_game("diatoms", ("players=[2]", "setup.rounds={2: 10}", "setup.removed={2: 12}"))
    assert not [f for f in loaded.findings() if f.level == "error"]
    counts = {component.name: len(component.pieces) for component in loaded.components()}
    assert counts["player-board"] == 2 and counts["field-notebook"] == 2


@pytest.mark.parametrize("height, sheets", [(250, (1,)), (150, (2,)), (100, (3, 4))])
def test_rules_too_long_for_their_sheet_flow_onto_more_sheets(height, sheets):
    loaded = load_game("diatoms", (f"rules_sheet.height_mm={height}",))
    assert not [f for f in loaded.findings() if f.level == "error"]
    rules = next(c for c in loaded.components() if c.name == "rules-sheet")
    ids = [p.id for p in rules.pieces]
    assert len(ids) in sheets and ids == ["rules-sheet"] + [f"rules-sheet-{n}" for n in range(2, len(ids) + 1)]


@pytest.mark.parametrize("palette", ["classic", "ink-saver", "greyscale", "colour-blind"])
def test_every_bundled_palette_keeps_the_diatoms_rules(tmp_path, palette):
    code, _, stderr = run_pnp("validate", "diatoms", "--palette", palette, cwd=tmp_path)
    assert code == 0, stderr
