"""Games outside the package: a Python file named with --plugin, or an installed package's `pnp.games`
entry point. A plug-in's own exception is one line at its file and line, exit 2; --debug shows it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import run_pnp
from generator import plugins

TINY = '''"""A tiny game outside the package: a few numbered cards."""

from dataclasses import dataclass

from generator.model import Component, Piece, fill_bleed
from generator.plugins import Game, GameSpec
from generator.schema import spec_field, where
from generator.shapes import Rect
from generator.validate import RuleBook, error

rules = RuleBook()


@dataclass(kw_only=True)
class TinySpec(GameSpec):
    cards: int = spec_field(3, minimum=0, maximum=60)
    broken: bool = False


@rules.rule("tiny.cards", "at least one card")
def check_cards(spec):
    if spec.cards < 1:
        yield error(where(spec, "cards"), "a game needs at least one card")


def card_front(number, broken):
    def draw(canvas, area):
        fill_bleed(canvas, area, "#ffffff")
        if broken:
            raise ZeroDivisionError("division by zero")  # line 30
        canvas.text(area.width / 2, area.height / 2, str(number), 12.0, align="centre")
    return draw


def components(spec):
    pieces = [Piece(f"card-{n}", Rect(63.5, 88.9), card_front(n, spec.broken)) for n in range(1, spec.cards + 1)]
    return [Component("card", "Cards", pieces)]


GAME = Game(name="tiny", spec=TinySpec, components=components, rules=rules)
'''
BROKEN_LINE = 30


@pytest.fixture
def tiny(tmp_path, monkeypatch) -> Path:
    """A folder with the plug-in and a game file for it; the registry forgets it afterwards."""
    monkeypatch.setattr(plugins, "_added", {})
    monkeypatch.setattr(plugins, "show_tracebacks", False)
    (tmp_path / "tiny.py").write_text(TINY)
    (tmp_path / "tiny.yaml").write_text("game: tiny\ntitle: Tiny\ncards: 3\n")
    return tmp_path


def one_error(code: int, stderr: str, pattern: str) -> str:
    lines = stderr.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in stderr, stderr
    assert re.fullmatch(pattern, lines[0]), lines[0]
    return lines[0]


def test_a_plugin_file_builds_and_validates_like_a_bundled_game(tiny):
    code, stdout, stderr = run_pnp("build", "tiny.yaml", "--plugin", "tiny.py", "--out", "out", cwd=tiny)
    assert code == 0, stderr
    manifest = json.loads((tiny / "out" / "tiny" / "manifest.json").read_text())
    assert [p["id"] for page in manifest["pages"] for p in page["pieces"]] == ["print-guide", "card-1", "card-2",
                                                                              "card-3"]
    code, _, stderr = run_pnp("validate", "tiny.yaml", "--plugin", "tiny.py", "--set", "cards=0", cwd=tiny)
    assert code == 1 and stderr.startswith("--set cards=0: error: ") and "[tiny.cards]" in stderr
    code, stdout, _ = run_pnp("list", "--pieces", "tiny.yaml", "--plugin", "tiny.py", cwd=tiny)
    assert code == 0 and "card-1 card-2 card-3" in stdout


def test_a_game_file_for_a_plugin_not_named_says_how_to_load_it(tiny):
    code, _, stderr = run_pnp("build", "tiny.yaml", "--out", "out", cwd=tiny)
    line = one_error(code, stderr, r'tiny\.yaml:1:7: error: unknown game "tiny".*\[input\.unknown-game\]')
    assert "--plugin FILE.py" in line


def test_an_exception_in_a_plugin_is_one_line_at_its_file_and_line(tiny):
    code, _, stderr = run_pnp("build", "tiny.yaml", "--plugin", "tiny.py", "--out", "out", "--set", "broken=true",
                              cwd=tiny)
    line = one_error(code, stderr, rf"tiny\.py:{BROKEN_LINE}: error: the plug-in raised ZeroDivisionError: division "
                                   r"by zero .*\[plugin\.error\]")
    assert "--debug" in line
    assert not (tiny / "out" / "tiny").exists()  # nothing half written


def test_debug_shows_the_plugins_traceback(tiny):
    code, _, stderr = run_pnp("--debug", "build", "tiny.yaml", "--plugin", "tiny.py", "--out", "out",
                              "--set", "broken=true", cwd=tiny)
    assert code != 0 and "Traceback" in stderr and f'tiny.py", line {BROKEN_LINE}' in stderr


@pytest.mark.parametrize("source, pattern", [
    ("x = (\n", r"bad\.py:1:5: error: the plug-in does not compile: .+ \[plugin\.error\]"),
    ("import math\n\nraise RuntimeError('not ready')\n",
     r"bad\.py:3: error: the plug-in raised RuntimeError: not ready .*\[plugin\.error\]"),
    ("VALUE = 1\n", r"bad\.py: error: the plug-in defines no game: .+ \[plugin\.no-game\]"),
])
def test_a_plugin_that_cannot_load_is_one_line(tiny, source, pattern):
    (tiny / "bad.py").write_text(source)
    code, _, stderr = run_pnp("validate", "tiny.yaml", "--plugin", "bad.py", cwd=tiny)
    one_error(code, stderr, pattern)


def test_a_missing_plugin_file_is_one_line(tiny):
    code, _, stderr = run_pnp("build", "tiny.yaml", "--plugin", "nowhere.py", cwd=tiny)
    one_error(code, stderr, r'--plugin: error: no such file "nowhere\.py"; .+ \[input\.missing-file\]')


def test_an_installed_package_offers_its_game_through_the_entry_point(tiny, monkeypatch):
    import importlib.metadata

    class EntryPoint:
        name, value = "tiny", "tiny_game:GAME"

        def load(self):
            return plugins.load_plugin_file(str(tiny / "tiny.py"))[0]

    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group: [EntryPoint()] if group == plugins.ENTRY_POINT_GROUP else [])
    plugins._installed_games.cache_clear()
    try:
        plugins._added.clear()  # only the entry point knows it now
        code, _, stderr = run_pnp("build", "tiny.yaml", "--out", "out", cwd=tiny)
        assert code == 0, stderr
        assert (tiny / "out" / "tiny" / "tiny.pdf").is_file()
    finally:
        plugins._installed_games.cache_clear()


def test_a_bug_in_the_generator_itself_is_not_blamed_on_a_plugin(tiny, monkeypatch):
    def broken(*args, **kwargs):
        raise KeyError("ours")

    monkeypatch.setattr("generator.build.impose", broken)
    code, _, stderr = run_pnp("build", "tiny.yaml", "--plugin", "tiny.py", "--out", "out", cwd=tiny)
    assert code == 1 and "Traceback" in stderr and "plugin.error" not in stderr
