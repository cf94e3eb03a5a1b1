"""`pnp --help`, `--version` and any command's `--help` start as fast as Python does: they load no
drawing, imposition or export code (checked in a fresh interpreter, where nothing is loaded yet)."""

from __future__ import annotations

import subprocess
import sys

import pytest

#: Modules that draw, impose, export or read game files: none is needed to say what the commands are.
HEAVY = ("reportlab", "PIL", "svgwrite", "yaml", "ezdxf", "watchfiles", "pypdfium2", "coloraide", "fontTools",
         "generator.impose", "generator.render", "generator.canvas", "generator.fonts", "generator.exports",
         "generator.cutfiles", "generator.kit.layouts", "generator.preview", "generator.games")

PROBE = """
import importlib.util, sys
from generator.cli import cli
try:
    cli.main({args!r}, prog_name="pnp", standalone_mode=False)
except SystemExit:
    pass
# A module loaded on first use sits in sys.modules before then as a _LazyModule: not loaded.
loaded = [name for name, module in sys.modules.items() if not isinstance(module, importlib.util._LazyModule)]
print(" ".join(loaded))
"""


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["build", "--help"], ["validate", "--help"],
                                  ["list", "--help"], ["preview", "--help"], ["new", "--help"]])
def test_help_and_version_load_no_drawing_code(args):
    result = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True,
                            timeout=60, check=True)
    loaded = result.stdout.split()
    assert "generator.cli" in loaded
    heavy = [name for name in loaded if name.startswith(HEAVY)]
    assert heavy == []


def test_a_command_that_draws_loads_what_it_needs():
    probe = PROBE.format(args=["list"]).replace("print(", "print('generator.build' in loaded, ")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    assert result.stdout.splitlines()[-1].split()[0] == "True"  # loaded on first use: `list` reads the games


def test_debug_lasts_one_command(tmp_path):
    from conftest import run_pnp
    from generator import plugins

    run_pnp("--debug", "list", cwd=tmp_path)
    assert plugins.show_tracebacks
    run_pnp("list", cwd=tmp_path)
    assert not plugins.show_tracebacks  # a later command in the same process shows one line again
