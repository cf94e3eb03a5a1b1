"""A plug-in's odd file name, its own BaseException, a words file's odd keys: each one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_pnp



def plugin_game(folder: Path, body: str) -> None:
    """A plug-in game of one card whose components() runs `body` first, and a game file for it."""
    (folder / "plug.txt").write_text(f'''from dataclasses import dataclass
from generator.model import Component, Piece, fill_bleed
from generator.plugins import Game, GameSpec
from generator.shapes import Rect
from generator.validate import RuleBook


@dataclass(kw_only=True)
class Spec(GameSpec):
    pass


def draw(canvas, area):
    fill_bleed(canvas, area, "#ffffff")


def components(spec):
    {body}
    return [Component("card", "Cards", [Piece("a", Rect(63.5, 88.9), draw, None)])]


GAME = Game(name="edge", spec=Spec, components=components, rules=RuleBook())
''')
    (folder / "game.yaml").write_text("game: edge\ntitle: Edge\n")


def test_a_plug_in_not_named_py_is_loaded_as_python(tmp_path):
    plugin_game(tmp_path, "pass")
    code, stdout, stderr = run_pnp("list", "game.yaml", "--plugin", "plug.txt", "--json", cwd=tmp_path)
    assert code == 0 and json.loads(stdout)[0]["components"][0]["count"] == 1, stderr


def test_a_plug_ins_own_base_exception_is_one_line(tmp_path):
    plugin_game(tmp_path, 'raise BaseException("odd")')
    code, _, stderr = run_pnp("validate", "game.yaml", "--plugin", "plug.txt", cwd=tmp_path)
    assert code == 2 and stderr.splitlines() == [
        "plug.txt:18: error: the plug-in raised BaseException: odd (--debug shows the traceback) [plugin.error]"], stderr


def test_what_a_plug_in_prints_stays_out_of_the_json(tmp_path):
    plugin_game(tmp_path, 'print("hello from the plug-in")')
    code, stdout, stderr = run_pnp("list", "game.yaml", "--plugin", "plug.txt", "--json", cwd=tmp_path)
    assert code == 0 and json.loads(stdout)[0]["game"] == "edge" and "hello from the plug-in" in stderr


def test_a_words_key_that_yaml_reads_as_a_number_is_one_line(tmp_path):
    (tmp_path / "words.yaml").write_text("words:\n  mat.title: Dig\n  123: x\n")
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "words.yaml", cwd=tmp_path)
    assert code == 2 and stderr.splitlines() == [
        'words.yaml:3:8: error: words key 123 is not a key of the words; keys are names such as "mat.title" (see '
        "`pnp words GAME`) [input.type]"], stderr
