"""Every `pnp` command the README shows works as shown (its `cp` steps too)."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from conftest import run_pnp

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def readme_commands() -> list[str]:
    """The `pnp` and `cp` lines of the README's code blocks, without their comments."""
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", (ROOT / "README.md").read_text(encoding="utf-8"), re.M | re.S)
    lines = [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith(("pnp ", "cp "))]


def test_the_readme_shows_commands():
    commands = readme_commands()
    assert len([c for c in commands if c.startswith("pnp build")]) >= 8
    assert any(c.startswith("pnp validate") for c in commands)


@pytest.fixture
def workspace(tmp_path_factory) -> Path:
    """A folder like a user's, holding the files the README shows."""
    folder = tmp_path_factory.mktemp("user")
    # The palette, the plug-in and its game file, as the README shows them before the commands that use
    # them (a block whose first line names the file).
    for name, text in re.findall(r"^```(?:python|yaml)\n# (\S+)\n(.*?)^```", README, re.M | re.S):
        (folder / name).write_text(text)
    return folder


def shared_build(words: list[str]) -> tuple | None:
    """`pnp build GAME OPTIONS` of a bundled game that names no file of the reader's, as the arguments
    of the session's shared build (tests/conftest.py bundled_build): the same build other tests read."""
    from generator.load import bundled_targets

    if words[1] != "build" or len(words) < 3 or words[2] not in bundled_targets():
        return None
    options, paper, formats = [], "a4", "pdf"
    rest = iter(words[3:])
    for word in rest:
        if word == "--out" or word.endswith((".yaml", ".ttf", ".py", ".csv")):
            return None
        if word == "--paper":
            paper = next(rest)
        elif word == "--format":
            formats = next(rest)
        elif word != "-q":
            options.append(word)
    if "tts" in options and "--format" not in words:
        formats = "png"  # the one format a TTS build writes (the fixture names one; the reader did not)
    return (words[2], paper, formats, *options)


def bundled_game_builds() -> list[str]:
    """The README's builds of a bundled game that read no file of the reader's: each its own test, so
    that the workers of a parallel run share them out."""
    return [command for command in readme_commands() if command.startswith("pnp ")
            and shared_build(shlex.split(command)) is not None]


@pytest.mark.parametrize("command", bundled_game_builds())
def test_readme_builds_of_a_bundled_game_work(command, bundled_build):
    # Built once for the session, the build other tests read: the fixture asserts that it built.
    assert any(bundled_build(*shared_build(shlex.split(command))).rglob("manifest.json")), command


def test_readme_commands_work_in_order(workspace, monkeypatch):
    """One after another, in one folder, as a reader would type them: a `cp` or `--out` makes a file a
    later command reads (so they are one test, which no worker of a parallel run splits). The builds of
    a bundled game that read none of the reader's files are tests of their own (above)."""
    shared = bundled_game_builds()
    for command in readme_commands():
        if command not in shared:
            run_readme_command(command, workspace, monkeypatch)


def run_readme_command(command: str, workspace: Path, monkeypatch) -> None:
    words = shlex.split(command)
    if words[0] == "cp":
        shutil.copyfile(ROOT / words[1], workspace / words[2])
        return
    asked = []
    if words[1] == "preview":  # a server until Ctrl-C (tests/test_preview.py runs it): its command line is checked
        from generator import preview

        monkeypatch.setattr(preview, "serve", lambda options, *rest, **named: asked.append(options) or
                            preview.check_options(options))
    code, _, stderr = run_pnp(*words[1:], cwd=workspace)
    assert code == 0, f"{command}\n{stderr}"
    assert words[1] != "preview" or asked, command


def test_every_file_a_command_names_is_shown_before_it(workspace):
    """A reader goes down the page: a file a command names is one the README showed (or copied) above it."""
    shown = set()
    for match in re.finditer(r"^```(?:python|yaml)\n# (\S+)\n|^(?:pnp|cp) .*$", README, re.M):
        if match.group(1):
            shown.add(match.group(1))
            continue
        words = shlex.split(match.group(0).split("  #")[0])
        if words[0] == "cp":
            shown.add(words[2])
            continue
        if "--out" in words:  # a file the command writes (pnp words ... --out FILE)
            shown.add(words[words.index("--out") + 1])
        for word in words:
            if word.endswith((".yaml", ".py", ".ttf")) and not word.startswith(("data/", "generator/")) and \
                    words[words.index(word) - 1] != "--out":
                assert word in shown or word in ("my-paper.yaml",), f"{match.group(0)} names {word} before it is shown"


def test_the_error_examples_are_what_validate_prints(tmp_path):
    """The README's two examples of mistakes, made as it says, print exactly the lines it shows."""
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", README, re.M | re.S)
    bundled = (ROOT / "data" / "diamonds.yaml").read_text()
    mine = tmp_path / "my-diamonds.yaml"
    for old, new, code in (("  jokers: 2", "  jokrs: 2", 2), ("  2: 7", "  2: 6", 1)):
        assert bundled.count(old) == 1
        mine.write_text(bundled.replace(old, new))
        result = run_pnp("validate", "my-diamonds.yaml", cwd=tmp_path)
        assert result[0] == code and result[2] in blocks, result


def test_the_style_example_added_to_a_copy_validates(tmp_path):
    """The worked style example, its keys added to the copy's `style:` block as the README says, with
    the font the README copies beside it."""
    import yaml

    block = re.search(r"^```yaml\n(style:\n  font: my-serif.ttf\n.*?)^```", README, re.M | re.S).group(1)
    shutil.copyfile(ROOT / "generator" / "typefaces" / "DejaVuSerif.ttf", tmp_path / "my-serif.ttf")
    game = yaml.safe_load((ROOT / "data" / "diamonds.yaml").read_text())

    def add(into: dict, keys: dict) -> None:
        for key, value in keys.items():
            if isinstance(value, dict) and isinstance(into.get(key), dict):
                add(into[key], value)
            else:
                into[key] = value

    add(game, yaml.safe_load(block))
    (tmp_path / "serif-diamonds.yaml").write_text(yaml.safe_dump(game, sort_keys=False, allow_unicode=True))
    code, stdout, stderr = run_pnp("validate", "serif-diamonds.yaml", cwd=tmp_path)
    assert code == 0, stderr
