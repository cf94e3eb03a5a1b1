"""Proofs kept between runs (generator/cache.py): reused while nothing they read changes, recomputed
when anything does, with --fresh, or when the kept file is damaged; never an error of their own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import DIAMONDS_YAML, run_pnp
from generator import cache

ROOT = Path(__file__).resolve().parent.parent
DIATOMS_YAML = ROOT / "data" / "diatoms.yaml"


def counted(result):
    calls = []

    def compute():
        calls.append(1)
        return result
    return compute, calls


def code_file(tmp_path: Path, text: str = "x = 1\n") -> str:
    path = tmp_path / "code.py"
    path.write_text(text)
    cache.code_version.cache_clear()
    return str(path)


def test_a_proof_is_kept_and_reused_for_the_same_inputs_and_code(cache_dir, tmp_path):
    source = code_file(tmp_path)
    compute, calls = counted({"stalls": 3, "sizes": {"1": 10}})
    assert cache.proof("p", {"tiles": ["GBRYPW"]}, compute, (source,)) == {"stalls": 3, "sizes": {"1": 10}}
    assert cache.proof("p", {"tiles": ["GBRYPW"]}, compute, (source,)) == {"stalls": 3, "sizes": {"1": 10}}
    assert len(calls) == 1
    assert [p.parent for p in cache_dir.iterdir()] == [cache_dir]  # in the cache folder, nowhere else


def test_a_change_in_the_inputs_or_the_code_computes_again(cache_dir, tmp_path):
    source = code_file(tmp_path)
    compute, calls = counted(1)
    cache.proof("p", {"tiles": ["GBRYPW"]}, compute, (source,))
    cache.proof("p", {"tiles": ["GBRYPP"]}, compute, (source,))
    assert len(calls) == 2
    source = code_file(tmp_path, "x = 2\n")
    cache.proof("p", {"tiles": ["GBRYPW"]}, compute, (source,))
    assert len(calls) == 3


def test_fresh_computes_again_and_keeps_the_new_result(cache_dir, tmp_path):
    source = code_file(tmp_path)
    cache.proof("p", [1], counted("old")[0], (source,))
    cache.fresh()
    assert cache.proof("p", [1], counted("new")[0], (source,)) == "new"
    cache.fresh(False)
    compute, calls = counted("newer")
    assert cache.proof("p", [1], compute, (source,)) == "new" and not calls


def test_a_damaged_or_unwritable_cache_only_means_computing(cache_dir, tmp_path, monkeypatch):
    source = code_file(tmp_path)
    cache.proof("p", [1], counted(7)[0], (source,))
    [entry] = cache_dir.iterdir()
    entry.write_text('{"key": "')  # cut short
    compute, calls = counted(7)
    assert cache.proof("p", [1], compute, (source,)) == 7 and len(calls) == 1
    entry.write_text(json.dumps({"key": "someone else's", "result": 99}))
    assert cache.proof("p", [1], counted(7)[0], (source,)) == 7
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocked / "cache"))
    compute, calls = counted(8)
    assert cache.proof("p", [2], compute, (source,)) == 8 and cache.proof("p", [2], compute, (source,)) == 8
    assert len(calls) == 2


def test_a_memo_is_read_back_by_the_next_run(cache_dir, tmp_path):
    source = code_file(tmp_path)
    calls = []

    def ratio(a, b):
        calls.append((a, b))
        return len(a) / len(b)

    first = cache.Memo("ratio", ratio, (source,))
    assert first("#ab", "#abcde") == 0.5 and first("#ab", "#abcde") == 0.5
    first.save()  # as the process ends
    second = cache.Memo("ratio", ratio, (source,))  # as a new process would
    assert second("#ab", "#abcde") == 0.5
    assert calls == [("#ab", "#abcde")]


def test_editing_a_diatoms_tile_reruns_the_self_play(cache_dir, tmp_path, self_plays):
    from conftest import load_text

    text = DIATOMS_YAML.read_text()

    def playable_errors(game_text):
        return [f for f in load_text(tmp_path, game_text).findings() if f.rule == "diatoms.playable"]

    assert playable_errors(text) == [] and len(self_plays) == 1
    assert playable_errors(text) == [] and len(self_plays) == 1  # unchanged: kept
    tile = next(line for line in text.splitlines() if line.strip().startswith("- ") and len(line.strip()) == 8)
    swapped = tile.replace(tile.strip()[2:], tile.strip()[2:][::-1])
    edited = text.replace(tile, swapped, 1)
    assert edited != text
    playable_errors(edited)
    assert len(self_plays) == 2  # a tile changed: played again


def test_validate_fresh_recomputes(cache_dir, tmp_path):
    assert run_pnp("validate", "diatoms", cwd=ROOT)[0] == 0
    [entry] = [p for p in cache_dir.iterdir() if p.name.startswith("diatoms-self-play")]
    entry.write_text(json.dumps({"key": json.loads(entry.read_text())["key"],
                                 "result": {"games": 150, "turns": 10, "stalls": 10, "sizes": {}}}))
    code, _, stderr = run_pnp("validate", "diatoms", cwd=ROOT)
    assert code == 1 and "diatoms.playable" in stderr  # what was kept is what is reported...
    code, _, stderr = run_pnp("validate", "--fresh", "diatoms", cwd=ROOT)
    assert code == 0, stderr  # ...until --fresh plays again
    cache.fresh(False)


def test_a_pdf_build_imports_only_what_it_needs(cache_dir, tmp_path):
    """coloraide once the colours were seen before; never PDFium, fontTools or svgwrite for a PDF."""
    script = ("import sys; from generator.cli import main\n"
              "try: main(['build', sys.argv[1], '--out', sys.argv[2], '-q'])\n"
              "except SystemExit as done: assert not done.code, done.code\n"
              "print(*sorted(m for m in ('coloraide', 'pypdfium2', 'fontTools', 'svgwrite') if m in sys.modules))")
    runs = [subprocess.run([sys.executable, "-c", script, str(DIAMONDS_YAML), str(tmp_path / "out")], cwd=ROOT,
                           capture_output=True, text=True, env={**os.environ, "PNP_CACHE_DIR": str(cache_dir)})
            for _ in range(2)]
    assert [run.stdout.split() for run in runs] == [["coloraide"], []], [run.stderr for run in runs]


def test_code_that_cannot_be_read_is_never_cached(cache_dir, tmp_path):
    cache.code_version.cache_clear()
    missing = str(tmp_path / "gone.py")  # an install without its sources: a change could not be seen
    compute, calls = counted(5)
    assert cache.proof("p", [1], compute, (missing,)) == 5 and cache.proof("p", [1], compute, (missing,)) == 5
    assert len(calls) == 2 and not cache_dir.exists()


def test_the_folder_is_kept_under_its_size_the_entries_used_longest_ago_going_first(cache_dir, tmp_path):
    """A preview that saves a new title a hundred times keeps a hundred font subsets: past MAX_BYTES
    the entries used longest ago go, down to three quarters of it; an entry read is used again."""
    source = code_file(tmp_path)
    for number in range(10):
        cache.proof("p", {"n": number}, lambda number=number: {"n": number, "pad": "x" * 1000}, (source,))
    by_number = {json.loads(path.read_text())["result"]["n"]: path for path in cache_dir.glob("p-*.json")}
    for number, path in by_number.items():
        os.utime(path, (1_000_000 + number, 1_000_000 + number))  # made in order, number 0 first
    assert cache.proof("p", {"n": 0}, lambda: "recomputed", (source,))["n"] == 0  # read: used now
    (cache_dir / "notes.txt").write_text("not an entry")
    cache.prune(cache_dir, limit=by_number[5].stat().st_size * 8)  # ten entries, down to six
    kept = {json.loads(path.read_text())["result"]["n"] for path in cache_dir.glob("p-*.json")}
    assert kept == {0, 5, 6, 7, 8, 9} and (cache_dir / "notes.txt").exists()
