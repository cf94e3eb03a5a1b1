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


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    """A folder like a user's: the README's palette file exists there, as the README says to write it."""
    folder = tmp_path_factory.mktemp("user")
    (folder / "my-colours.yaml").write_text('extends: classic\nnavy: "#10204a"\n')
    # The plug-in and its game file, as the README shows them (a block whose first line names the file).
    for name, text in re.findall(r"^```(?:python|yaml)\n# (\S+)\n(.*?)^```", README, re.M | re.S):
        (folder / name).write_text(text)
    return folder


@pytest.mark.parametrize("command", readme_commands())
def test_readme_command_works(command, workspace):
    words = shlex.split(command)
    if words[0] == "cp":
        shutil.copyfile(ROOT / words[1], workspace / words[2])
        return
    code, _, stderr = run_pnp(*words[1:], cwd=workspace)
    assert code == 0, f"{command}\n{stderr}"
