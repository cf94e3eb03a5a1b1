"""Input that cannot be used is refused before anything is drawn.

The contract (DESIGN.md, "The command-line contract"): exit code 2 and ONE compiler-style line on
stderr, `file:line:col: error: what is wrong and what is expected [rule-id]`, naming the YAML file as
the user gave it (or the option, `--set ...`, `--palette`, `--paper`, `--format`), with the line and
column of the offending spot for problems inside a file. Never a traceback, never a half-written file.

Each broken file is data/diamonds.yaml with one thing changed (or a few lines of YAML), so the line
and column each test expects can be read off the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import DIAMONDS_YAML, run_pnp, run_pnp_process

DIAMONDS = DIAMONDS_YAML.read_text(encoding="utf-8")

#: Where each broken file is written (relative to the working directory) and how it is named on
#: the command line: the message must name it exactly so.
TARGET = "games/broken.yaml"

ERROR_LINE = re.compile(r"^(?P<where>.+?): error: (?P<message>.+) \[(?P<rule>[A-Za-z0-9][A-Za-z0-9_.-]*)\]$")


def diamonds_with(old: str, new: str) -> str:
    """data/diamonds.yaml with the one occurrence of `old` replaced by `new`."""
    assert DIAMONDS.count(old) == 1, f"test setup: {old!r} must occur exactly once in data/diamonds.yaml"
    return DIAMONDS.replace(old, new)


# ---------------------------------------------------------------------------------------------
# Checks shared by every case
# ---------------------------------------------------------------------------------------------

def files_under(directory: Path) -> set[str]:
    return {str(path.relative_to(directory)) for path in directory.rglob("*")}


def the_error_line(result) -> re.Match:
    """Exit code 2, one non-empty compiler-style line on stderr, and no traceback anywhere."""
    code, stdout, stderr = result
    shown = f"exit code {code}\n--- stdout ---\n{stdout}\n--- stderr ---\n{stderr}"
    assert "Traceback" not in stdout + stderr, shown
    assert code == 2, shown
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].strip(), f"expected exactly one line on stderr\n{shown}"
    match = ERROR_LINE.match(lines[0])
    assert match, f"not `file:line:col: error: message [rule-id]`\n{shown}"
    return match


def assert_names_file(match: re.Match, file: str, line: int | tuple[int, ...] | None, col: int | None) -> None:
    """The location is `file:line:col` (line and col when given; `file` alone when line is None)."""
    where = match["where"]
    if line is None:
        assert where == file, f"expected the location {file!r}, got {where!r}"
        return
    located = re.fullmatch(re.escape(file) + r":(\d+):(\d+)", where)
    assert located, f"expected {file}:LINE:COL, got {where!r}"
    lines = line if isinstance(line, tuple) else (line,)
    assert int(located[1]) in lines, f"expected line {' or '.join(map(str, lines))}, got {where!r}"
    if col is not None:
        assert int(located[2]) == col, f"expected column {col}, got {where!r}"


def assert_names_option(match: re.Match, option: str) -> None:
    where = match["where"]
    assert where == option or re.fullmatch(re.escape(option) + r"(:\d+){1,2}", where), (
        f"expected the location {option!r}, got {where!r}"
    )


def assert_says(match: re.Match, rule: str, says: tuple[str, ...]) -> None:
    assert match["rule"] == rule, f"expected the rule [{rule}], got [{match['rule']}] in: {match.string}"
    for words in says:
        assert words in match["message"], f"expected the message to say {words!r}: {match.string}"


def command_line(command: str, target: str, out: Path, extra=()) -> list[str]:
    """`build TARGET --out OUT ...` or `validate TARGET ...` (validate writes nothing and has no --out)."""
    if command == "build":
        return ["build", target, "--out", str(out), *extra]
    return ["validate", target, *extra]


def assert_nothing_written(cwd: Path, before: set[str], out: Path) -> None:
    assert not out.exists() or not any(out.iterdir()), f"files were written into --out: {files_under(out)}"
    assert files_under(cwd) == before, f"new files appeared: {sorted(files_under(cwd) - before)}"


# ---------------------------------------------------------------------------------------------
# Broken game files
# ---------------------------------------------------------------------------------------------

@dataclass
class BadFile:
    id: str
    content: str | bytes | None  # None: the named file does not exist
    line: int | tuple[int, ...] | None  # a tuple lists the acceptable lines; None: no line (e.g. missing file)
    col: int | None  # None: any column (but there must be one when there is a line)
    rule: str
    says: tuple[str, ...] = ()


BAD_FILES = [
    # 1. YAML syntax
    BadFile(
        "yaml-unclosed-bracket",
        diamonds_with("  ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]", "  ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A"),
        (8, 9), None,  # the "[" (line 8), or where the parser finds the list cannot go on (line 9)
        "input.yaml-syntax",
    ),
    BadFile("yaml-key-indented-too-far", diamonds_with("\n  ranks:", "\n   ranks:"), 8, None, "input.yaml-syntax"),
    BadFile("yaml-key-dedented", diamonds_with("\n  jokers: 2", "\n jokers: 2"), 14, 2, "input.yaml-syntax"),
    BadFile("yaml-tab-indent", diamonds_with("\n  jokers: 2", "\n\tjokers: 2"), 14, 1, "input.yaml-syntax"),
    # 2. wrong type
    BadFile("type-jokers-word", diamonds_with("  jokers: 2", "  jokers: two"), 14, 11, "input.type",
            ("jokers", "expected")),
    BadFile("type-win-targets-number", diamonds_with("win_targets:\n  2: 7\n  3: 5\n", "win_targets: 7\n"), 24, 14,
            "input.type", ("win_targets", "expected")),
    # 3. unknown key, with a suggestion
    BadFile("unknown-key-typo", diamonds_with("  jokers: 2", "  jokrs: 2"), 14, 3, "input.unknown-key",
            ('"jokrs"', 'did you mean "jokers"')),
    # 4. missing required key (reported at the mapping that lacks it: the top of the file)
    BadFile("missing-deal", diamonds_with(
        "# Nine piles of six in a 3 x 3 grid, dealt one layer of nine at a time.\n"
        "deal:\n  piles_across: 3\n  piles_down: 3\n  cards_per_pile: 6\n", ""),
        1, 1, "input.missing-key", ('"deal"',)),
    BadFile("missing-title", diamonds_with("title: Diamonds\n", ""), 1, 1, "input.missing-key", ('"title"',)),
    # 5. unknown game
    BadFile("unknown-game", diamonds_with("game: diamonds", "game: diamondz"), 1, 7, "input.unknown-game",
            ('"diamondz"', 'did you mean "diamonds"')),
    # 6. unknown colour and template names
    BadFile("unknown-colour", diamonds_with("  back: navy", "  back: nvy"), 66, 9, "input.unknown-colour",
            ('"nvy"', 'did you mean "navy"')),
    BadFile("unknown-template", diamonds_with("  piece: poker-card", "  piece: pokr-card"), 7, 10,
            "input.unknown-template", ('"pokr-card"', 'did you mean "poker-card"')),
    # 7. sizes that are not positive
    BadFile("negative-gap", diamonds_with("  gap_mm: 8.0", "  gap_mm: -8.0"), 52, 11, "input.not-positive", ("gap_mm",)),
    BadFile("zero-width-extending-template",
            diamonds_with("  piece: poker-card", "  piece: {extends: poker-card, width_mm: 0}"), 7, 42,
            "input.not-positive", ("width_mm",)),
    # 8. counts past a sane limit
    BadFile("too-many-copies", diamonds_with("  copies: 3", "  copies: 100000"), 31, 11, "input.too-many",
            ("copies", "100000")),
    # 9. ids that would write outside --out
    BadFile("id-parent-dirs", diamonds_with("title: Diamonds\n", "title: Diamonds\nid: ../../escape\n"), 3, 5,
            "input.unsafe-id", ("../../escape",)),
    BadFile("id-absolute", diamonds_with("title: Diamonds\n", "title: Diamonds\nid: /tmp/x\n"), 3, 5,
            "input.unsafe-id", ("/tmp/x",)),
    # 10. not UTF-8 text, binary, missing
    BadFile("latin-1", diamonds_with("\ntitle: Diamonds\n", "\ntitle: Caf\xe9\n").encode("latin-1"), 2, 11, "input.encoding",
            ("UTF-8",)),
    BadFile("binary-png-header", b"\x89PNG\r\n\x1a\n" + bytes(range(256)), 1, 1, "input.encoding"),
    BadFile("binary-nul-bytes", b"game: diamonds\n\x00\x00\x00\x01\x02", 2, 1, "input.encoding"),
    BadFile("missing-file", None, None, None, "input.missing-file"),
    # 11. first key not `game`
    BadFile("first-key-not-game", diamonds_with("game: diamonds\ntitle: Diamonds\n", "title: Diamonds\ngame: diamonds\n"),
            1, 1, "input.missing-key", ('"game"',)),
    BadFile("no-game-key", diamonds_with("game: diamonds\n", ""), 1, 1, "input.missing-key", ('"game"',)),
    BadFile("empty-file", "", 1, 1, "input.type", ("game",)),
    BadFile("top-level-list", "- game: diamonds\n- title: Diamonds\n", 1, 1, "input.type", ("game",)),
    # 13. YAML that tries to build Python objects: the safe loader refuses it (and runs nothing)
    BadFile("python-object-apply",
            diamonds_with("\ntitle: Diamonds\n", '\ntitle: !!python/object/apply:os.system ["echo hi; touch pwned"]\n'),
            2, 8, "input.yaml-syntax"),
    BadFile("python-name", diamonds_with("\ntitle: Diamonds\n", "\ntitle: !!python/name:os.system\n"), 2, 8, "input.yaml-syntax"),
    # 14. duplicate keys
    BadFile("duplicate-key-nested", diamonds_with("  jokers: 2\n", "  jokers: 2\n  jokers: 3\n"), 15, 3,
            "input.duplicate-key", ('"jokers"', "14")),
    BadFile("duplicate-key-top-level", DIAMONDS + "title: Again\n", DIAMONDS.count("\n") + 1, 1,
            "input.duplicate-key", ('"title"', "2")),
]


@pytest.mark.parametrize("command", ["build", "validate"])
@pytest.mark.parametrize("case", BAD_FILES, ids=lambda case: case.id)
def test_bad_file_is_refused(tmp_path, case: BadFile, command: str):
    path = tmp_path / TARGET
    path.parent.mkdir(parents=True)
    if isinstance(case.content, bytes):
        path.write_bytes(case.content)
    elif case.content is not None:
        path.write_text(case.content, encoding="utf-8")
    out = tmp_path / "out"
    before = files_under(tmp_path)

    result = run_pnp(*command_line(command, TARGET, out), cwd=tmp_path)

    match = the_error_line(result)
    assert_names_file(match, TARGET, case.line, case.col)
    assert_says(match, case.rule, case.says)
    assert_nothing_written(tmp_path, before, out)
    assert "hi" not in result[1].split(), "the YAML ran a shell command"


def test_ids_do_not_escape_out(tmp_path):
    """An id of ../../escape would put the game two levels above --out/<id>: nothing appears there."""
    path = tmp_path / TARGET
    path.parent.mkdir(parents=True)
    path.write_text(diamonds_with("title: Diamonds\n", "title: Diamonds\nid: ../../escape\n"), encoding="utf-8")
    out = tmp_path / "out"
    escaped = (out / "../../escape").resolve()
    existed = escaped.exists()

    result = run_pnp("build", TARGET, "--out", out, cwd=tmp_path)

    the_error_line(result)
    assert existed or not escaped.exists(), f"{escaped} was written"


# ---------------------------------------------------------------------------------------------
# Targets that are neither a bundled game nor a file
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["build", "validate"])
@pytest.mark.parametrize("target, says", [
    ("nosuchgame", ('"nosuchgame"',)),
    ("diamond", ('did you mean "diamonds"',)),
    ("no/such/dir/game.yaml", ()),
], ids=["unknown-name", "near-miss-name", "missing-path"])
def test_unknown_target_is_refused(tmp_path, command, target, says):
    out = tmp_path / "out"
    before = files_under(tmp_path)

    result = run_pnp(*command_line(command, target, out), cwd=tmp_path)

    match = the_error_line(result)
    assert_names_file(match, target, None, None)
    for words in says:
        assert words in match["message"], match.string
    assert_nothing_written(tmp_path, before, out)


def test_directory_as_target_is_refused(tmp_path):
    (tmp_path / "folder.yaml").mkdir()
    out = tmp_path / "out"
    before = files_under(tmp_path)

    match = the_error_line(run_pnp("build", "folder.yaml", "--out", out, cwd=tmp_path))

    assert_names_file(match, "folder.yaml", None, None)
    assert_nothing_written(tmp_path, before, out)


# ---------------------------------------------------------------------------------------------
# Bad options (the game file itself is a good copy of data/diamonds.yaml)
# ---------------------------------------------------------------------------------------------

@dataclass
class BadOption:
    id: str
    args: tuple[str, ...]
    where: str  # the option as the message must name it
    rule: str | None  # None: any rule id
    commands: tuple[str, ...] = ("build", "validate")
    says: tuple[str, ...] = ()


BAD_OPTIONS = [
    # 12. option syntax and names
    BadOption("set-without-equals", ("--set", "deck.jokers"), "--set deck.jokers", "input.set-syntax", says=("KEY=VALUE",)),
    BadOption("set-without-key", ("--set", "=3"), "--set =3", "input.set-syntax"),
    BadOption("unknown-palette", ("--palette", "ink-savr"), "--palette", "input.unknown-palette",
              says=('did you mean "ink-saver"',)),
    BadOption("missing-palette-file", ("--palette", "mine.yaml"), "mine.yaml", "input.missing-file"),
    BadOption("unknown-paper", ("--paper", "a7"), "--paper", "input.unknown-paper", commands=("build",),
              says=('unknown paper "a7"; did you mean "a5"?',)),
    BadOption("missing-paper-file", ("--paper", "mine.yaml"), "mine.yaml", "input.missing-file", commands=("build",)),
    BadOption("unknown-format", ("--format", "pdf,jpg"), "--format", "input.unknown-format", commands=("build",),
              says=('"jpg"',)),
    # 2, 7, 8, 9 through --set: the option is named instead of a file line
    BadOption("set-wrong-type", ("--set", "deck.jokers=two"), "--set deck.jokers=two", "input.type"),
    BadOption("set-zero-width", ("--set", "deck.piece.width_mm=0"), "--set deck.piece.width_mm=0", "input.not-positive",
              says=("width_mm",)),
    BadOption("set-negative-gap", ("--set", "dig_site_mat.gap_mm=-1"), "--set dig_site_mat.gap_mm=-1",
              "input.not-positive", says=("gap_mm",)),
    BadOption("set-too-many", ("--set", "reference_card.copies=100000"), "--set reference_card.copies=100000",
              "input.too-many"),
    BadOption("set-unsafe-id", ("--set", "id=../../escape"), "--set id=../../escape", "input.unsafe-id"),
    BadOption("set-unknown-colour", ("--set", "style.back=nvy"), "--set style.back=nvy",
              "input.unknown-colour", says=('did you mean "navy"',)),
    # Beyond the list: other option values a user can get wrong.
    BadOption("bleed-out-of-range", ("--bleed", "50"), "--bleed", "input.out-of-range", commands=("build",)),
    BadOption("unknown-duplex", ("--duplex", "sideways"), "--duplex", None, commands=("build",)),
]


@pytest.mark.parametrize("case, command", [
    pytest.param(case, command, id=f"{case.id}-{command}") for case in BAD_OPTIONS for command in case.commands
])
def test_bad_option_is_refused(tmp_path, diamonds_copy, case: BadOption, command: str):
    out = tmp_path / "out"
    before = files_under(tmp_path)

    result = run_pnp(*command_line(command, diamonds_copy.name, out, case.args), cwd=tmp_path)

    match = the_error_line(result)
    assert_names_option(match, case.where)
    if case.rule is not None:
        assert_says(match, case.rule, case.says)
    assert_nothing_written(tmp_path, before, out)


def test_the_unbroken_copy_builds(tmp_path, diamonds_copy):
    """The cases above break one thing each in a file that is otherwise good: check it is."""
    out = tmp_path / "out"
    code, stdout, stderr = run_pnp("build", diamonds_copy.name, "--out", out, cwd=tmp_path)
    assert code == 0, stderr
    assert (out / "diamonds" / "manifest.json").is_file()


# ---------------------------------------------------------------------------------------------
# End to end: the cases above run inside the test process; a few run as the user's `pnp` would
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", [BAD_FILES[0], next(c for c in BAD_FILES if c.id == "unknown-key-typo")],
                         ids=lambda case: case.id)
def test_bad_files_end_to_end(tmp_path, case: BadFile):
    (tmp_path / TARGET).parent.mkdir(parents=True)
    (tmp_path / TARGET).write_text(case.content, encoding="utf-8")
    match = the_error_line(run_pnp_process("build", TARGET, "--out", tmp_path / "out", cwd=tmp_path))
    assert_names_file(match, TARGET, case.line, case.col)
    assert_says(match, case.rule, case.says)


def test_usage_mistake_end_to_end(tmp_path):
    match = the_error_line(run_pnp_process("build", "diamonds", "--duplex", "sideways", cwd=tmp_path))
    assert_names_option(match, "--duplex")
