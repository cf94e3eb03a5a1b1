"""Issue 8: every class of bad input gives compiler-style lines and exit code 2, never a traceback or a hang.

Each class is tested across the games (and the files) it can reach, not only through the issue's
example: numbers (NaN, infinity, huge, out of range), nesting deep enough to crash PyYAML, lists of
the wrong length where a fixed one is expected, palette files, an unquoted "#" in --set, --set errors
that name the game, ids with spaces, and files with more than one mistake.
"""

from __future__ import annotations

import dataclasses
import math
import re
import typing
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import DIAMONDS_YAML, run_pnp
from generator.errors import MAX_REPORTED, InputError, InputErrors, Location, combine
from generator.load import load_game
from generator.palette import load_palette
from generator.plugins import games
from generator.schema import MAX_SIZE_MM, SANE_NUMBER, Context, Limits, build, spec_field
from generator.templates import Templates
from generator.yamlio import MAX_DEPTH, parse_yaml

REPO = Path(__file__).resolve().parent.parent
DIAMONDS = DIAMONDS_YAML.read_text(encoding="utf-8")
DIAOMINOS = (REPO / "data" / "diaominos.yaml").read_text(encoding="utf-8")
BLOOD = (REPO / "data" / "blood_diamonds.yaml").read_text(encoding="utf-8")

ERROR_LINE = re.compile(r"^(?P<where>.+?): error: (?P<message>.+) \[(?P<rule>[A-Za-z0-9][A-Za-z0-9_.-]*)\]$")


def error_lines(result, count: int | None = 1) -> list[re.Match]:
    """Exit code 2, `count` compiler-style lines on stderr (any number if None), no traceback."""
    code, stdout, stderr = result
    shown = f"exit code {code}\n--- stdout ---\n{stdout}\n--- stderr ---\n{stderr}"
    assert "Traceback" not in stdout + stderr, shown
    assert code == 2, shown
    lines = stderr.splitlines()
    if count is not None:
        assert len(lines) == count, f"expected {count} line(s) on stderr\n{shown}"
    matches = [ERROR_LINE.match(line) for line in lines]
    assert all(matches), f"not `file:line:col: error: message [rule-id]`\n{shown}"
    return matches


def one_error(result) -> re.Match:
    return error_lines(result, 1)[0]


def replaced(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"test setup: {old!r} must occur once"
    return text.replace(old, new)


def write(tmp_path: Path, name: str, text: str) -> str:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return name


# ---------------------------------------------------------------------------------------------
# 1. Numbers: finite, and in a stated range, in every game
# ---------------------------------------------------------------------------------------------

NON_FINITE = [
    ("blood_diamonds", "dice.face_mm"),  # the example
    ("blood_diamonds", "coins.piece.width_mm"),
    ("blood_diamonds", "score_track.square_mm"),
    ("blood_diamonds", "coins.gutter_mm"),
    ("diamonds", "deck.piece.width_mm"),
    ("diamonds", "deck.piece.corner_radius_mm"),
    ("diamonds", "dig_site_mat.gap_mm"),
    ("diaominos", "board.square_mm"),
    ("diaominos", "player_sheet.grid.cell_mm"),
    ("diaominos", "rules_sheet.height_mm"),
]


@pytest.mark.parametrize("value", [".nan", ".NaN", ".inf", "-.inf", "1e999"])
@pytest.mark.parametrize("game, key", NON_FINITE, ids=lambda item: str(item))
def test_nan_and_infinity_are_refused(tmp_path, game, key, value):
    match = one_error(run_pnp("validate", game, "--set", f"{key}={value}", cwd=tmp_path))
    assert match["where"] == f"--set {key}={value}"
    assert match["rule"] == "input.not-finite", match.string
    assert key in match["message"] and "expected a finite number" in match["message"], match.string


def test_nan_in_a_file_is_located(tmp_path):
    target = write(tmp_path, "g.yaml", replaced(BLOOD, "  face_mm: 16.0", "  face_mm: .nan"))
    match = one_error(run_pnp("build", target, "--out", tmp_path / "out", cwd=tmp_path))
    line = BLOOD[: BLOOD.index("  face_mm: 16.0")].count("\n") + 1
    assert match["where"] == f"g.yaml:{line}:12"
    assert match["message"] == ("dice.face_mm is .nan (not a number); expected a finite number greater than 0 "
                                "and at most 60")
    assert not (tmp_path / "out").exists()


def test_nan_in_a_list_names_the_item(tmp_path):
    target = write(tmp_path, "g.yaml", replaced(DIAMONDS, "players: [2, 3]", "players: [2, .nan]"))
    match = one_error(run_pnp("validate", target, cwd=tmp_path))
    assert match["where"] == "g.yaml:3:14" and match["rule"] == "input.not-finite"
    assert match["message"].startswith("players[1] is .nan (not a number)")


@pytest.mark.parametrize("game, key, value, says, rule", [
    ("blood_diamonds", "dice.face_mm", "1e308", "dice.face_mm is 1e+308; it must be at most 60", "input.out-of-range"),
    ("blood_diamonds", "dice.face_mm", "1.0e+308", "it must be at most 60", "input.out-of-range"),
    ("diamonds", "deck.piece.width_mm", "1e308", "deck.piece.width_mm is 1e+308; it must be at most 1000",
     "input.out-of-range"),
    ("diamonds", "deck.piece.height_mm", "5000", "it must be at most 1000", "input.out-of-range"),
    ("diamonds", "deck.piece.width_mm", "0.001", "it must be at least 5", "input.out-of-range"),
    ("diaominos", "player_sheet.width_mm", "1e9", "it must be at most 1000", "input.out-of-range"),
    ("diaominos", "cube.sticker_mm", "0.01", "it must be at least 5", "input.out-of-range"),
    ("diaominos", "cube.seed", "-1", "cube.seed is -1; it must be at least 0", "input.out-of-range"),
    ("blood_diamonds", "score_track.first", "99999999", f"it must be at most {SANE_NUMBER}", "input.out-of-range"),
    ("diamonds", "win_targets.2", "-99999999", "it must be at least 1", "input.out-of-range"),
    ("diamonds", "reference_card.copies", "100000", "at most 20 is allowed", "input.too-many"),
])
def test_numbers_out_of_range_are_refused(tmp_path, game, key, value, says, rule):
    match = one_error(run_pnp("validate", game, "--set", f"{key}={value}", cwd=tmp_path))
    assert match["rule"] == rule and says in match["message"], match.string


def test_a_whole_number_too_long_to_read_is_one_line(tmp_path):
    digits = "7" * 5000  # Python refuses to read more than 4300 digits
    match = one_error(run_pnp("validate", "diaominos", "--set", f"cube.seed={digits}", cwd=tmp_path))
    assert match["rule"] == "input.out-of-range" and "5000 digits" in match["message"]
    assert len(match.string) < 400, "the message repeats the number"


def test_numbers_without_a_point_are_numbers():
    """YAML 1.2 reads 2e1 as a number (YAML 1.1 as text, which surprised users)."""
    assert parse_yaml("[2e1, 1E-1, -3e+2, 1.5e3]", "x") == [20.0, 0.1, -300.0, 1500.0]


def test_yes_no_on_and_off_stay_text_and_only_true_and_false_are_booleans():
    assert parse_yaml("[yes, No, ON, off, y, true, False, TRUE]", "x") == ["yes", "No", "ON", "off", "y", True, False,
                                                                          True]
    assert parse_yaml("{yes: 10, no: 22, off: 1}", "x") == {"yes": 10, "no": 22, "off": 1}


def test_a_yes_and_no_column_counts_styles_and_prints_as_written(tmp_path):
    """A field of yes and no: its values name style groups, take counts and print; `off` names an element."""
    game = (tmp_path / "game.yaml")
    game.write_text("""game: custom
id: starters
title: Starters
components:
  card:
    piece: poker-card
    group: starter
    rows: [{id: a, starter: yes}, {id: b, starter: no}, {id: c, starter: no}]
    front: front
layouts:
  front:
    off: {text: "{starter}", at: [0.5, 0.5], box: [0.8, 0.1]}
style:
  groups: {yes: {accent: "#c0392b"}}
rules:
  - {id: starters, of: card, per: starter, count: {yes: 1, no: 2}}
""")
    code, stdout, stderr = run_pnp("build", "game.yaml", "--out", "out", "--format", "svg", cwd=tmp_path)
    assert code == 0, stderr
    pages = "".join(path.read_text() for path in sorted((tmp_path / "out" / "starters" / "svg").glob("*.svg")))
    assert ">yes<" in pages and ">no<" in pages


def test_dates_stay_text():
    assert parse_yaml("title: 2024-05-01", "x") == {"title": "2024-05-01"}


@dataclass
class _Sizes:
    size_mm: float = spec_field(positive=True)
    limited_mm: float = spec_field(1.0, positive=True, maximum=60)
    number: int = 0


def _build_sizes(data: str):
    return build(_Sizes, parse_yaml(data, "t.yaml"), Location("t.yaml", 1, 1), Context(load_palette(), Templates()), "")


def test_a_size_has_a_maximum_even_when_its_field_gives_none():
    with pytest.raises(InputError) as raised:
        _build_sizes("size_mm: 5000")
    assert str(raised.value) == (f"t.yaml:1:10: error: size_mm is 5000.0; a size must be at most {MAX_SIZE_MM} mm "
                                 "(is it a typo?) [input.out-of-range]")
    assert _build_sizes("size_mm: 999").size_mm == 999


def test_a_number_without_a_range_has_the_default_one():
    with pytest.raises(InputError) as raised:
        _build_sizes(f"size_mm: 1\nnumber: {SANE_NUMBER + 1}")
    assert raised.value.rule == "input.out-of-range" and f"at most {SANE_NUMBER}" in raised.value.message


def _spec_classes():
    """Every dataclass a game file (or a template) is read into."""
    seen, todo = [], [game.spec for game in games().values()]
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.append(cls)
        for hint in typing.get_type_hints(cls).values():
            for part in [hint, *_type_args(hint)]:
                if dataclasses.is_dataclass(part):
                    todo.append(part)
    return seen


def _type_args(hint):
    for arg in typing.get_args(hint):
        yield arg
        yield from _type_args(arg)


def _has_numbers(hint) -> bool:
    return hint in (int, float) or any(arg in (int, float) for arg in _type_args(hint))


def test_every_number_field_of_every_game_has_a_finite_range():
    checked = 0
    for cls in _spec_classes():
        hints = typing.get_type_hints(cls)
        for spec in dataclasses.fields(cls):
            if not _has_numbers(hints[spec.name]):
                continue
            limits = Limits.of(spec.metadata)
            assert math.isfinite(limits.low) and math.isfinite(limits.high), f"{cls.__name__}.{spec.name}"
            if limits.positive:
                assert 0 < limits.high <= MAX_SIZE_MM or limits.maximum is not None, f"{cls.__name__}.{spec.name}"
            checked += 1
    assert checked > 30


# ---------------------------------------------------------------------------------------------
# 2. Nesting deep enough to crash PyYAML: refused before it recurses
# ---------------------------------------------------------------------------------------------

DEEP_FLOW = "[" * 500 + "]" * 500


def _deep_block(levels: int) -> str:
    return "".join("  " * i + f"k{i}:\n" for i in range(levels)) + "  " * levels + "end\n"


@pytest.mark.parametrize("text", [
    f"game: diamonds\ntitle: {DEEP_FLOW}\n",
    "game: diamonds\n" + _deep_block(500),
    "game: diamonds\nx: " + "{a: " * 500 + "1" + "}" * 500 + "\n",
    "game: diamonds\nx:\n" + "".join("  " * i + "- \n" for i in range(1, 500)),
], ids=["flow-lists", "block-mappings", "flow-mappings", "block-lists"])
def test_deep_nesting_in_a_game_file(tmp_path, text):
    target = write(tmp_path, "deep.yaml", text)
    match = one_error(run_pnp("validate", target, cwd=tmp_path))
    assert match["rule"] == "input.too-deep", match.string
    assert re.fullmatch(r"deep\.yaml:\d+:\d+", match["where"]), match.string
    assert f"more than {MAX_DEPTH} levels" in match["message"]


def test_deep_nesting_in_a_palette_file(tmp_path):
    write(tmp_path, "deep-colours.yaml", f"extends: classic\nnavy: {DEEP_FLOW}\n")
    match = one_error(run_pnp("validate", "diamonds", "--palette", "deep-colours.yaml", cwd=tmp_path))
    assert match["rule"] == "input.too-deep" and match["where"].startswith("deep-colours.yaml:2:")


def test_deep_nesting_through_set(tmp_path):
    match = one_error(run_pnp("validate", "diamonds", "--set", f"deck.ranks={DEEP_FLOW}", cwd=tmp_path))
    assert match["rule"] == "input.too-deep" and match["where"].startswith("--set deck.ranks=")
    assert len(match.string) < 400, "the location repeats 1000 brackets"


def test_nesting_under_the_limit_is_read():
    depth = MAX_DEPTH - 1
    value = parse_yaml("[" * depth + "1" + "]" * depth, "x")
    for _ in range(depth - 1):
        value = value[0]
    assert value == [1]


def test_aliases_cannot_nest_past_the_limit(tmp_path):
    levels = ["a0: &a0 " + "[" * 40 + "1" + "]" * 40]
    levels += [f"a{i}: &a{i} " + "[" * 40 + f"*a{i - 1}" + "]" * 40 for i in range(1, 30)]
    target = write(tmp_path, "aliases.yaml", "game: diamonds\n" + "\n".join(levels) + "\n")
    match = one_error(run_pnp("validate", target, cwd=tmp_path))
    assert match["rule"] == "input.too-deep"


def test_a_billion_laughs_is_refused(tmp_path):
    lines = ["game: diamonds", "l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, 9)]
    target = write(tmp_path, "laughs.yaml", "\n".join(lines) + "\n")
    match = one_error(run_pnp("validate", target, cwd=tmp_path))
    assert match["rule"] == "input.too-large" and "aliases" in match["message"]


@pytest.mark.parametrize("tag", ["!!set {a, b}", "!!binary aGk=", "!!timestamp 2024-05-01", "!!omap [a: 1]"])
def test_tags_that_build_other_values_are_refused(tmp_path, tag):
    target = write(tmp_path, "tags.yaml", replaced(DIAMONDS, "\ntitle: Diamonds\n", f"\ntitle: {tag}\n"))
    match = one_error(run_pnp("validate", target, cwd=tmp_path))
    assert match["rule"] == "input.yaml-syntax" and "not accepted" in match["message"], match.string


# ---------------------------------------------------------------------------------------------
# 3. Fixed-length coordinates
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("key, value, says", [
    ("board.spaces.F", "[0]", "board.spaces.F is [0]; expected 2 numbers [column, row], got 1"),
    ("board.spaces.F", "[0, 1, 2]", "board.spaces.F is [0, 1, 2]; expected 2 numbers [column, row], got 3"),
    ("board.spaces.F", "[]", "expected 2 numbers [column, row], got none"),
    ("board.spaces.F", "3", "board.spaces.F is the number 3; expected 2 numbers [column, row]"),
    ("board.spaces.F", "[a, 1]", 'the column of board.spaces.F is "a"; expected a whole number'),
    ("board.spaces.F", "[0, -1]", "the row of board.spaces.F is -1; it must be at least 0"),
    ("player_sheet.polyominoes.0.cells.1", "[0]",
     "player_sheet.polyominoes[0].cells[1] is [0]; expected 2 numbers [column, row], got 1"),
    ("player_sheet.polyominoes.2.cells.0", "[0, 0, 0]", "expected 2 numbers [column, row], got 3"),
    ("player_sheet.polyominoes.2.cells.0", "[0, 9]", "it must be at most 3"),
])
def test_coordinates_of_the_wrong_length(tmp_path, key, value, says):
    match = one_error(run_pnp("validate", "diaominos", "--set", f"{key}={value}", cwd=tmp_path))
    assert says in match["message"], match.string


def test_coordinates_in_a_file_are_located(tmp_path):
    target = write(tmp_path, "d.yaml", replaced(DIAOMINOS, "    F: [0, 1]", "    F: [0]"))
    match = one_error(run_pnp("validate", target, cwd=tmp_path))
    line = DIAOMINOS[: DIAOMINOS.index("    F: [0, 1]")].count("\n") + 1
    assert match["where"] == f"d.yaml:{line}:8" and match["rule"] == "input.type"


def test_the_bundled_diaominos_still_loads_with_tuples():
    spec = load_game("diaominos").spec
    assert spec.board.spaces["A"] == (0, 2)
    assert all(isinstance(cell, tuple) and len(cell) == 2 for shape in spec.player_sheet.polyominoes
               for cell in shape.cells)


# ---------------------------------------------------------------------------------------------
# 4. Palette files
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("extends, kind", [("[classic]", "a list"), ("{name: classic}", "a mapping"),
                                           ("12", "the number 12")])
def test_palette_extends_must_be_a_name(tmp_path, extends, kind):
    write(tmp_path, "mine.yaml", f"extends: {extends}\nnavy: '#10204a'\n")
    match = one_error(run_pnp("validate", "diamonds", "--palette", "mine.yaml", cwd=tmp_path))
    assert match["where"] == "mine.yaml:1:10" and match["rule"] == "input.type"
    assert f"extends is {kind}; give the name of one palette (classic, ink-saver, greyscale, colour-blind)" in match["message"]


def test_an_unknown_colour_name_in_a_palette_file(tmp_path):
    write(tmp_path, "mine.yaml", "extends: classic\nnavvy: '#10204a'\n")
    match = one_error(run_pnp("build", "diamonds", "--palette", "mine.yaml", "--out", tmp_path / "o", cwd=tmp_path))
    assert match["where"] == "mine.yaml:2:1" and match["rule"] == "input.unknown-colour"
    assert '"navvy" is not a colour name; did you mean "navy"?' in match["message"]


def test_a_palette_file_may_be_called_like_the_palette_it_extends(tmp_path):
    write(tmp_path, "classic.yaml", "extends: classic\nnavy: '#10204a'\n")
    assert run_pnp("validate", "diamonds", "--palette", "classic.yaml", cwd=tmp_path)[0] == 0


def test_a_missing_palette_file_gets_a_palette_hint(tmp_path):
    match = one_error(run_pnp("validate", "diamonds", "--palette", "mine.yaml", cwd=tmp_path))
    assert match["where"] == "mine.yaml" and match["rule"] == "input.missing-file"
    assert "palette name (classic, ink-saver, greyscale, colour-blind)" in match["message"] and "game" not in match["message"]


def test_an_unquoted_hex_in_a_palette_file(tmp_path):
    write(tmp_path, "mine.yaml", "navy: #10204a\n")
    match = one_error(run_pnp("validate", "diamonds", "--palette", "mine.yaml", cwd=tmp_path))
    assert match["where"].startswith("mine.yaml:1:") and "comment" in match["message"]


def test_every_mistake_in_a_palette_file(tmp_path):
    write(tmp_path, "mine.yaml", "navvy: '#10204a'\ngold: 12\nred: '#12'\n")
    matches = error_lines(run_pnp("validate", "diamonds", "--palette", "mine.yaml", cwd=tmp_path), 3)
    assert [m["where"] for m in matches] == ["mine.yaml:1:1", "mine.yaml:2:7", "mine.yaml:3:6"]


# ---------------------------------------------------------------------------------------------
# 5. An unquoted "#" on the command line, or in a file
# ---------------------------------------------------------------------------------------------

def test_set_with_an_unquoted_hash(tmp_path):
    match = one_error(run_pnp("validate", "diamonds", "--set", "style.back=#ff00ff", cwd=tmp_path))
    assert match["where"] == "--set style.back=#ff00ff" and match["rule"] == "input.set-syntax"
    assert "is nothing" not in match["message"]
    assert 'YAML reads "#" as the start of a comment' in match["message"]
    assert """--set 'style.back="#ff00ff"'""" in match["message"]


def test_set_with_a_quoted_hash_works(tmp_path):
    code, _, stderr = run_pnp("validate", "diamonds", "--set", 'style.back="#ff00ff"', cwd=tmp_path)
    assert code == 0, stderr


def test_a_set_value_of_null_is_not_blamed_on_the_command_line(tmp_path):
    match = one_error(run_pnp("validate", "diamonds", "--set", "style.back=~", cwd=tmp_path))
    assert match["rule"] == "input.type" and "style.back is empty" in match["message"]


def test_an_unquoted_hash_in_a_game_file(tmp_path):
    target = write(tmp_path, "g.yaml", replaced(DIAMONDS, "  back: navy", "  back: #ff00ff"))
    match = one_error(run_pnp("validate", target, cwd=tmp_path))
    assert "style.back is empty" in match["message"] and "comment" in match["message"], match.string


# ---------------------------------------------------------------------------------------------
# 6. --set errors name the game they were applied to
# ---------------------------------------------------------------------------------------------

def test_set_without_a_target_names_the_game(tmp_path):
    """With no target, --set applies to every bundled game; one that has no such key is named."""
    match = one_error(run_pnp("validate", "--set", "deck.jokers=2", cwd=tmp_path))
    assert match["where"] == "--set deck.jokers=2"
    assert re.search(r"\(--set applied to \S*blood_diamonds\.yaml\)$", match["message"]), match.string


@pytest.mark.parametrize("assignment", ["deck.jokers=two", "deck.jokers.x=1", "deck.ranks.99=1",
                                        "style.back=#abc", "deck.ranks=[1"])
def test_every_set_error_names_the_game(tmp_path, diamonds_copy, assignment):
    match = one_error(run_pnp("validate", diamonds_copy.name, "--set", assignment, cwd=tmp_path))
    assert match["where"].startswith(f"--set {assignment}")
    assert match["message"].endswith("(--set applied to diamonds.yaml)"), match.string


def test_file_errors_do_not_name_a_set(tmp_path):
    target = write(tmp_path, "g.yaml", replaced(DIAMONDS, "  jokers: 2", "  jokers: two"))
    match = one_error(run_pnp("validate", target, "--set", "style.back=green", cwd=tmp_path))
    assert "--set" not in match["message"]


# ---------------------------------------------------------------------------------------------
# 7. ids: what is wrong with them, and escaping --out only when that is the problem
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id, says", [
    ("my diamonds!", 'id "my diamonds!" has a space and "!"; an id names the output folder, so use letters, '
                     'digits, "-" and "_" only (e.g. "my-diamonds")'),
    ("a.b", 'has "."'),
    ("café", 'has "é"'),
    ("-x", 'starts with "-"; start it with a letter or a digit (e.g. "x")'),
    ("a" * 70, "70 characters long"),
])
def test_an_id_that_is_not_a_folder_name(tmp_path, game_id, says):
    target = write(tmp_path, "g.yaml", replaced(DIAMONDS, "title: Diamonds\n", f'title: Diamonds\nid: "{game_id}"\n'))
    match = one_error(run_pnp("build", target, "--out", tmp_path / "out", cwd=tmp_path))
    assert match["where"] == "g.yaml:3:5" and match["rule"] == "input.bad-id"
    assert says in match["message"] and "outside" not in match["message"], match.string
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("game_id", ["../x", "a/b", "a\\\\b", "..", "x..y"])
def test_an_id_that_would_escape_out(tmp_path, game_id):
    target = write(tmp_path, "g.yaml", replaced(DIAMONDS, "title: Diamonds\n", f'title: Diamonds\nid: "{game_id}"\n'))
    match = one_error(run_pnp("validate", target, cwd=tmp_path))
    assert match["rule"] == "input.unsafe-id" and "would write outside --out" in match["message"]


# ---------------------------------------------------------------------------------------------
# 8. Every mistake in a file, not only the first
# ---------------------------------------------------------------------------------------------

def test_every_error_in_a_file_is_reported_in_file_order(tmp_path):
    text = replaced(DIAMONDS, "  jokers: 2", "  jokrs: 2")
    text = replaced(text, "  joker_colours: [red, ink]", "  joker_colours: [red, nk]")
    text = replaced(text, "  gap_mm: 8.0", "  gap_mm: -8")
    text = replaced(text, "title: Diamonds\n", "title: Diamonds\nid: my diamonds\n")
    target = write(tmp_path, "g.yaml", text)
    matches = error_lines(run_pnp("build", target, "--out", tmp_path / "out", cwd=tmp_path), 4)
    assert [m["rule"] for m in matches] == ["input.bad-id", "input.unknown-key", "input.unknown-colour",
                                            "input.not-positive"]
    lines = [int(m["where"].split(":")[1]) for m in matches]
    assert lines == sorted(lines)
    assert not (tmp_path / "out").exists()


def test_a_misspelt_required_key_is_one_error(tmp_path):
    target = write(tmp_path, "g.yaml", replaced(DIAMONDS, "\ntitle: Diamonds", "\ntitel: Diamonds"))
    match = one_error(run_pnp("validate", target, cwd=tmp_path))
    assert match["message"] == 'unknown key "titel" in the game file; did you mean "title"?'


def test_errors_in_nested_mappings_and_lists_are_all_reported(tmp_path):
    text = replaced(DIAOMINOS, "    F: [0, 1]", "    F: [0]")
    text = replaced(text, "    - {name: O, cells: [[0, 0], [1, 0], [0, 1], [1, 1]]}",
                    "    - {name: O, cells: [[0, 0], [1], [0, 1], [1, 1, 1]]}")
    text = replaced(text, "  cube_mm: 50.0", "  cube_mm: .inf")
    target = write(tmp_path, "d.yaml", text)
    matches = error_lines(run_pnp("validate", target, cwd=tmp_path), 4)
    assert [m["rule"] for m in matches] == ["input.not-finite", "input.type", "input.type", "input.type"]


def test_at_most_twenty_errors_then_a_count(tmp_path):
    ranks = ", ".join(["[1]"] * 30)
    target = write(tmp_path, "g.yaml", replaced(DIAMONDS, "  ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]",
                                                f"  ranks: [{ranks}]"))
    matches = error_lines(run_pnp("validate", target, cwd=tmp_path), MAX_REPORTED + 1)
    assert all(m["rule"] == "input.type" for m in matches[:MAX_REPORTED])
    assert matches[-1]["where"] == "g.yaml" and matches[-1]["rule"] == "input.too-many-errors"
    assert matches[-1]["message"].startswith("10 more errors not shown")


def test_input_errors_behave_as_their_first():
    first = InputError(Location("a.yaml", 3, 4), "first", "input.type")
    second = InputError(Location("a.yaml", 1, 2), "second", "input.unknown-key")
    combined = combine([first, second])
    assert isinstance(combined, InputErrors)
    assert (combined.location, combined.message, combined.rule) == (second.location, "second", "input.unknown-key")
    assert str(combined).splitlines() == [str(second), str(first)]
    assert combine([first]) is first


def test_a_message_quoting_a_newline_stays_one_line(tmp_path):
    match = one_error(run_pnp("validate", "diamonds", "--set", 'id="a\\nb"', cwd=tmp_path))
    assert match["rule"] == "input.bad-id" and 'id "a\\nb" has "\\n"' in match["message"]


def _same_data(fast, slow, path="") -> None:
    assert type(fast) is type(slow), path
    if isinstance(fast, dict):
        assert list(fast) == list(slow), path
        assert (fast.location, fast.value_locations, fast.key_locations) == \
               (slow.location, slow.value_locations, slow.key_locations), path
        for key in fast:
            _same_data(fast[key], slow[key], f"{path}/{key}")
    elif isinstance(fast, list):
        assert (len(fast), fast.location, fast.item_locations) == (len(slow), slow.location, slow.item_locations), path
        for index, (a, b) in enumerate(zip(fast, slow)):
            _same_data(a, b, f"{path}[{index}]")
    else:
        assert fast == slow, path


BUNDLED_YAML = [*sorted(DIAMONDS_YAML.parent.glob("*.yaml")),
                *sorted((DIAMONDS_YAML.parent.parent / "templates").glob("*.yaml"))]


@pytest.mark.parametrize("path", BUNDLED_YAML, ids=lambda path: path.name)
def test_libyaml_reads_every_bundled_file_as_the_checked_loader_does(path):
    """Valid files are read by libyaml for speed; what it builds, positions included, is what the
    pure-Python loader (which every complaint goes to) builds."""
    from generator import yamlio

    text = path.read_text(encoding="utf-8")
    if yamlio._FastLoader is None:
        pytest.fail("PyYAML was built without libyaml: every file takes the slow path")
    checked = yamlio._LocatingLoader(text, path.name)
    try:
        _same_data(yamlio._parse_fast(text, path.name), checked.get_single_data())
    finally:
        checked.dispose()


def test_a_document_past_the_limits_never_reaches_libyamls_composer():
    from generator import yamlio

    assert not yamlio._shape_ok("[" * 60 + "]" * 60)
    laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(6))
    assert not yamlio._shape_ok(laughs)
    assert yamlio._shape_ok("a: [1, [2, [3]]]\nb: {c: d}\n")


def test_set_cannot_change_which_game_a_file_is(tmp_path):
    code, _, stderr = run_pnp("validate", "diamonds", "--set", "game=diatoms", cwd=tmp_path)
    assert code == 2 and "cannot change which game" in stderr and len(stderr.strip().splitlines()) == 1


def test_a_file_is_read_in_what_it_holds_not_in_room_for_its_cap(tmp_path):
    """A 1 KB CSV file is not read into a buffer of its kind's 20 MB cap (a picture's is 50 MB)."""
    import tracemalloc

    from generator.reading import read_file

    (tmp_path / "cards.csv").write_text("id,name\n" + "a,Alpha\n" * 120)
    tracemalloc.start()
    try:
        data = read_file(tmp_path / "cards.csv", "rows", Location("game.yaml", 3), "cards.csv")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert data.startswith(b"id,name\n") and len(data) == 968 and peak < 64 * 1024, peak


@pytest.mark.parametrize("grows_to, refused", [(2000, False), (21 * 1024 * 1024, True)])
def test_a_file_that_grows_while_it_is_read_is_read_whole_or_refused(tmp_path, monkeypatch, grows_to, refused):
    """The size a file had when it was looked at is only where reading starts: one that grew since is
    read to its end, and refused past its cap."""
    import os

    from generator import reading

    path = tmp_path / "cards.csv"
    path.write_bytes(b"x" * grows_to)
    real_stat = os.stat

    def stat_before_it_grew(target, *args, **kwargs):  # st_size is field 6
        status = real_stat(target, *args, **kwargs)
        return os.stat_result((*status[:6], 100, *status[7:])) if Path(target) == path else status

    monkeypatch.setattr(reading.os, "stat", stat_before_it_grew)
    if refused:
        with pytest.raises(InputError, match="is over 20 MB, the most a CSV file may be"):
            reading.read_file(path, "rows", Location("game.yaml", 3), "cards.csv")
    else:
        assert len(reading.read_file(path, "rows", Location("game.yaml", 3), "cards.csv")) == grows_to
