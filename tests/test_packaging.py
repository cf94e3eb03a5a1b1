"""A wheel, installed the ordinary way (`pip install .`), works anywhere: it carries the games,
palettes, words, templates and fonts, and reads them from the installed package, not from a source tree.

The wheel is built from a copy of the files that make a release, then installed into a fresh virtual
environment and run from a directory that holds nothing of ours. Offline, as the whole suite runs
once `make` has installed: the wheel is built with this environment's setuptools (the [test] extra)
instead of one fetched into an isolated build, and the fresh environment gets the wheel alone, from
no index, and reads its dependencies from this environment's site-packages through a .pth file,
after its own (so `generator` is the wheel's, never the source tree's). About 3 s;
`pytest -m "not packaging"` leaves it out.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
#: What a build reads from the source tree: the rest (tests, output, .venv) must not matter.
RELEASE_FILES = ["pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "generator", "data", "templates"]

pytestmark = pytest.mark.packaging


def source_packages() -> set[str]:
    """Every package under generator/ (a folder with an __init__.py), dotted."""
    return {".".join(init.parent.relative_to(REPO).parts) for init in (REPO / "generator").rglob("__init__.py")}


def test_pyproject_lists_every_package():
    """The packages are listed by hand (the bundled data is mapped in beside them): none may be left out."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    missing = source_packages() - listed
    assert not missing, f"add {sorted(missing)} to [tool.setuptools] packages in pyproject.toml"


def run(command: list, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PNP_HOME")}
    completed = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True,
                               timeout=timeout)
    assert completed.returncode == 0, f"{' '.join(map(str, command))} failed:\n{completed.stdout}\n{completed.stderr}"
    return completed


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel `pip install .` would build, built from a copy of the release files."""
    root = tmp_path_factory.mktemp("packaging")
    source = root / "source"
    source.mkdir()
    for name in RELEASE_FILES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif (REPO / name).is_file():
            shutil.copy2(REPO / name, source / name)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
         "-w", root / "dist", source], cwd=root)
    (built,) = (root / "dist").glob("*.whl")
    return built


def test_the_wheel_holds_the_code_the_data_the_templates_and_the_fonts(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("data", "templates"):
        files = sorted((*(REPO / folder).rglob("*.yaml"), *(REPO / folder).rglob("*.csv")))  # csv: pnp new's starters
        assert files
        for path in files:
            assert f"generator/bundled/{path.relative_to(REPO).as_posix()}" in names
    typefaces = sorted(path for path in (REPO / "generator" / "typefaces").iterdir() if path.is_file())
    assert {"DejaVuSans.ttf", "LICENSE", "LICENSE-Vera"} <= {path.name for path in typefaces}
    for path in typefaces + sorted((REPO / "generator").rglob("*.py")):
        assert path.relative_to(REPO).as_posix() in names
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    assert not any(name.startswith(("data/", "templates/", "tests/")) for name in names), "nothing at the top level"


def test_an_installed_wheel_builds_from_any_directory(wheel, tmp_path):
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=tmp_path)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--disable-pip-version-check",
         "--no-index", "--no-deps", wheel], cwd=tmp_path)
    purelib = run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=tmp_path).stdout.strip()
    ours = site.getsitepackages() + ([site.getusersitepackages()] if site.ENABLE_USER_SITE else [])
    (Path(purelib) / "dependencies.pth").write_text("".join(f"{folder}\n" for folder in ours), encoding="utf-8")
    run([sys.executable, "-m", "pip", "--python", python, "check"], cwd=tmp_path)  # what the wheel requires is there
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    where = run([python, "-c", "from generator import paths; print(paths.DATA_DIR); print(paths.TEMPLATES_DIR)"],
                cwd=elsewhere).stdout.split()
    assert all(Path(folder).is_relative_to(venv) for folder in where), where

    listing = run([scripts / "pnp", "list"], cwd=elsewhere).stdout
    assert all(game in listing for game in ("diamonds", "blood_diamonds", "diaominos")), listing
    run([scripts / "pnp", "build", "diamonds", "--paper", "A5", "--out", "out"], cwd=elsewhere)
    assert (elsewhere / "out" / "diamonds" / "diamonds.pdf").stat().st_size > 0
