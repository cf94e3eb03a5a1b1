"""Small shared helpers: the bundled Diamonds file, and running `pnp` the way a user does."""

from __future__ import annotations

import atexit
import contextlib
import functools
import gc
import io
import os
import shutil
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

# Proofs kept between runs (generator/cache.py) go to a folder of this test session's own, set before
# the generator is imported or any test runs: shared by the session's tests (a game's self-play is
# played once) and by the `pnp` processes they start, and never the user's own cache folder.
_SESSION_CACHE = tempfile.mkdtemp(prefix="pnp-test-cache-")
os.environ["PNP_CACHE_DIR"] = _SESSION_CACHE
atexit.register(shutil.rmtree, _SESSION_CACHE, ignore_errors=True)

import pytest  # noqa: E402

from generator.cli import COLLECTION_THRESHOLDS, main  # noqa: E402

# A worker of the suite keeps its session's builds and the generator's caches alive, thousands of
# objects that the collector walks again and again: collected as seldom as `pnp` collects, from the
# start, the same tests take a quarter less CPU (measured on the Diaominos and Diatoms test files).
gc.set_threshold(*COLLECTION_THRESHOLDS)

REPO = Path(__file__).resolve().parent.parent
DIAMONDS_YAML = REPO / "data" / "diamonds.yaml"


def pytest_configure(config):
    # In case something changed it between this file's import and the session's start.
    os.environ["PNP_CACHE_DIR"] = _SESSION_CACHE


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


FORMATS = ("pdf", "svg", "png", "cut", "dxf")


@pytest.fixture(scope="session")
def bundled_build(tmp_path_factory):
    """A bundled game built once per test session for each paper, format list and further options,
    and shared by every test that only reads what it wrote: `bundled_build("diamonds", "letter")` is
    the folder of that build (its PDF, manifest.json, ...), `bundled_build("diatoms", "a4",
    "pdf,svg,png", "--dpi", "30")` one with more files. The formats' order does not matter. A test that
    checks the act of building (its exit code, its messages, a rebuild) builds for itself instead."""
    built: dict[tuple, Path] = {}

    def build(game: str, paper: str = "a4", formats: str = "pdf", *options: str) -> Path:
        wanted = {name.strip() for name in formats.split(",")}
        assert wanted <= set(FORMATS), formats
        formats = ",".join(name for name in FORMATS if name in wanted)
        key = (game, paper, formats, *map(str, options))
        if key not in built:
            out = tmp_path_factory.mktemp(f"bundled-{game}-{paper}")
            code, _, stderr = run_pnp("build", game, "--out", out, "--paper", paper, "--format", formats, "-q",
                                      *options, cwd=REPO)
            assert code == 0, stderr
            built[key] = out / game
        return built[key]

    return build


@pytest.fixture(scope="session")
def german_build(bundled_build):
    """A bundled game built in German (`--lang de`) once per test session, on A4 as a PDF:
    `german_build("diatoms")` is the folder of that build. The build is bundled_build's, so a test
    that asks for the same build with more options shares it too."""
    return lambda game: bundled_build(game, "a4", "pdf", "--lang", "de")


def shared_game(target: str, overrides=(), palette: str | None = None):
    """A game file loaded once per test session for each list of overrides and palette name, and
    shared by the tests that only read it: its spec, its components (built once) and its faces'
    recordings (`loaded.faces(draw, area)`, each face recorded once, the very recordings its
    findings read). Never change what it returns; load a game of the test's own to do that, or to
    watch the loading itself (self-plays counted, a drawer patched before its face is recorded)."""
    return _shared_game(str(target), tuple(overrides), palette)


@functools.lru_cache(maxsize=None)
def _shared_game(target: str, overrides: tuple[str, ...], palette: str | None):
    from generator.load import load_game
    from generator.palette import load_palette

    return load_game(target, overrides, load_palette(palette) if palette is not None else None)


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    """A cache folder of the test's own (generator/cache.py), in normal (not --fresh) mode."""
    from generator import cache

    folder = tmp_path / "cache"
    monkeypatch.setenv("PNP_CACHE_DIR", str(folder))
    monkeypatch.setattr(cache, "_fresh", False)
    return folder


@pytest.fixture
def self_plays(monkeypatch) -> list:
    """One entry for each Diatoms self-play (a call of selfplay.simulate) the test causes."""
    from generator.games.diatoms import selfplay

    plays = []
    real = selfplay.simulate

    def counted(*args, **kwargs):
        plays.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(selfplay, "simulate", counted)
    return plays


@pytest.fixture
def diamonds_copy(tmp_path) -> Path:
    """A user's own copy of data/diamonds.yaml, in the test's temporary directory."""
    target = tmp_path / "diamonds.yaml"
    shutil.copyfile(DIAMONDS_YAML, target)
    return target


def game_with_layouts(tmp_path: Path, game: str, layouts: str) -> Path:
    """A copy of a bundled game's file with a `layouts:` block (its lines indented) that changes its
    faces' layouts key by key, as a user's copy would."""
    path = tmp_path / f"{game}.yaml"
    path.write_text((REPO / "data" / f"{game}.yaml").read_text() + "\nlayouts:\n" + layouts)
    return path


def face_drawn(piece, side: str = "front", bleed: float = 0.0):
    """What one side of a piece draws, recorded alone at its trim size (recording.record_face)."""
    from generator.model import Area
    from generator.recording import record_face

    return record_face(getattr(piece, side), Area(piece.width, piece.height, bleed))


def piece_of(target, piece_id: str):
    """The piece `piece_id` of the game a bundled name or game file gives (loaded afresh)."""
    from generator.load import load_game

    found = next((piece for component in load_game(str(target)).components() for piece in component.pieces
                  if piece.id == piece_id), None)
    if found is None:
        raise KeyError(piece_id)
    return found


def load_text(tmp_path: Path, text: str, overrides=()):
    """A game file with the given text, loaded as a user's own copy would be."""
    from generator.load import load_game

    path = tmp_path / "game.yaml"
    path.write_text(text)
    return load_game(str(path), tuple(overrides))


def errors_in(tmp_path: Path, text: str, overrides=()) -> set[str]:
    """The ids of the rules a game file breaks."""
    return {finding.rule for finding in load_text(tmp_path, text, overrides).findings() if finding.level == "error"}


def error_messages(tmp_path: Path, text: str, overrides=()) -> dict[str, list[str]]:
    """The messages of the errors a game file gets, by rule id."""
    found: dict[str, list[str]] = {}
    for finding in load_text(tmp_path, text, overrides).findings():
        if finding.level == "error":
            found.setdefault(finding.rule, []).append(finding.message)
    return found


def words_below(pieces, floor_pt: float, bleed: float = 3.0, record=None) -> list[str]:
    """Each text the pieces' faces draw smaller than `floor_pt`, as "piece: 'text' at N pt". The faces
    are recorded by `record` (a shared game's `faces`, to read the recordings it already has), else
    afresh."""
    from generator.canvas import PT
    from generator.model import Area
    from generator.recording import record_face

    record = record or record_face
    small = []
    for piece in pieces:
        for draw in (piece.front, piece.back):
            if draw is None:
                continue
            for text in record(draw, Area(piece.width, piece.height, bleed, piece.shape)).texts:
                if text.size < floor_pt * PT - 1e-6:
                    small.append(f"{piece.id}: {text.text!r} at {text.size / PT:.1f} pt")
    return small
