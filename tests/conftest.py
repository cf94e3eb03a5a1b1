"""Small shared helpers: the bundled Diamonds file, and running `pnp` the way a user does."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

from generator.cli import main

REPO = Path(__file__).resolve().parent.parent
DIAMONDS_YAML = REPO / "data" / "diamonds.yaml"


def run_pnp(*args, cwd) -> tuple[int, str, str]:
    """Run `pnp ARGS` in `cwd` inside this process, as the console script would; (exit code,
    stdout, stderr). An exception that escapes shows as a traceback on stderr, as it would for a user."""
    arguments = [str(arg) for arg in args]
    stdout, stderr = io.StringIO(), io.StringIO()
    here = os.getcwd()
    code = 0
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                main(arguments)
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
            except Exception:  # noqa: BLE001: a test wants to see it, as a user would
                traceback.print_exc()
                code = 1
    finally:
        os.chdir(here)
    return code, stdout.getvalue(), stderr.getvalue()


def run_pnp_process(*args, cwd, timeout: float = 300) -> tuple[int, str, str]:
    """Run `python -m generator ARGS` in `cwd`, as a separate process; (exit code, stdout, stderr)."""
    completed = subprocess.run(
        [sys.executable, "-m", "generator", *(str(arg) for arg in args)],
        cwd=cwd,
        capture_output=True,
        timeout=timeout,
    )
    decode = lambda data: data.decode("utf-8", errors="replace")  # noqa: E731
    return completed.returncode, decode(completed.stdout), decode(completed.stderr)


@pytest.fixture
def diamonds_copy(tmp_path) -> Path:
    """A user's own copy of data/diamonds.yaml, in the test's temporary directory."""
    target = tmp_path / "diamonds.yaml"
    shutil.copyfile(DIAMONDS_YAML, target)
    return target


def load_text(tmp_path: Path, text: str, overrides=()):
    """A game file with the given text, loaded as a user's own copy would be."""
    from generator.load import load_game

    path = tmp_path / "game.yaml"
    path.write_text(text)
    return load_game(str(path), tuple(overrides))


def errors_in(tmp_path: Path, text: str, overrides=()) -> set[str]:
    """The ids of the rules a game file breaks."""
    return {finding.rule for finding in load_text(tmp_path, text, overrides).findings() if finding.level == "error"}
