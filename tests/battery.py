"""A battery of broken and harmless variants of game files, to find what crashes.

    python tests/battery.py [GAME | FILE.yaml ...] [--per-game N] [--build]

A bundled game by its name, or a game file of your own (a starter's, an example's), tried in a copy
of its folder beside its CSV files and pictures. Each variant is a game file with one change (a key
left out, a null, a zero, a negative, a huge or a wrong-typed value, an empty, shortened or doubled
list), validated in-process as `pnp validate FILE` would be (and, with --build, built when it
validates). A variant passes when it gives an exit code of 0, 1 or 2 and no traceback; the battery
prints those that do not, one line each, and a tally. Not part of `make test` (a few minutes): run
it after changing a game's schema or checks.
"""

from __future__ import annotations

import copy
import random
import shutil
import sys
import tempfile
import traceback
from pathlib import Path

import yaml
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from generator.cli import cli  # noqa: E402

GAMES = ["diamonds", "blood_diamonds", "diamond_mine", "diaominos", "diatoms"]


def paths(node, prefix=()):
    """Every path into the tree, with the value there."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield prefix + (key,), value
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node[:3]):
            yield prefix + (index,), value
            yield from paths(value, prefix + (index,))


def changes(value):
    """What to do to one value: (label, new value or DELETE)."""
    yield "left out", DELETE
    yield "null", None
    if isinstance(value, bool):
        yield "flipped", not value
    elif isinstance(value, (int, float)):
        yield from (("zero", 0), ("negative", -abs(value) - 1), ("huge", value * 1000 + 1000),
                    ("tiny", value / 1000 if value else 0.001), ("a word", "lots"))
    elif isinstance(value, str):
        yield from (("empty", ""), ("unknown", "zzz-unknown"), ("a number", 7), ("long", value * 20))
    elif isinstance(value, list):
        yield from (("empty list", []), ("a word", "zzz"), ("a map", {"a": 1}))
        if value:
            yield "shortened", value[1:]
            yield "doubled", value + copy.deepcopy(value)
            yield "reversed", list(reversed(value))
    elif isinstance(value, dict):
        yield from (("empty map", {}), ("a list", [1, 2]), ("a word", "zzz"))


DELETE = object()


def changed(data, path, new):
    data = copy.deepcopy(data)
    node = data
    for key in path[:-1]:
        node = node[key]
    if new is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = new
    return data


def run(args):
    result = CliRunner().invoke(cli, args, catch_exceptions=True)
    output = result.output + (getattr(result, "stderr", "") or "")
    if result.exception and not isinstance(result.exception, SystemExit):
        where = traceback.extract_tb(result.exception.__traceback__)[-1]
        return None, f"{type(result.exception).__name__}: {result.exception} ({Path(where.filename).name}:{where.lineno})"
    if "Traceback" in output:
        return None, output.strip().splitlines()[-1]
    return result.exit_code, output


def battery(game: str, per_game: int, build: bool, seed: int = 1):
    source = ROOT / "data" / f"{game}.yaml" if game in GAMES else Path(game).resolve()
    data = yaml.safe_load(source.read_text())
    variants = [(path, label, new) for path, value in paths(data) for label, new in changes(value)]
    random.Random(seed).shuffle(variants)
    tally = {"crash": 0, 0: 0, 1: 0, 2: 0}
    with tempfile.TemporaryDirectory() as folder:
        if game not in GAMES:  # its rows and pictures beside it
            shutil.copytree(source.parent, folder, dirs_exist_ok=True)
        for path, label, new in variants[:per_game]:
            file = Path(folder) / source.name
            file.write_text(yaml.safe_dump(changed(data, path, new), allow_unicode=True, sort_keys=False))
            name = ".".join(map(str, path))
            code, output = run(["validate", str(file)])
            if code == 0 and build:
                code, output = run(["build", str(file), "--out", str(Path(folder) / "out"), "-q"])
            if code is None or code not in (0, 1, 2):
                tally["crash"] += 1
                print(f"{game}: {name} {label}: {output}")
            else:
                tally[code] += 1
    return tally


def main(argv):
    build = "--build" in argv
    per_game = int(argv[argv.index("--per-game") + 1]) if "--per-game" in argv else 120
    games = [a for a in argv if a in GAMES or a.endswith((".yaml", ".yml"))] or GAMES
    for game in games:
        tally = battery(game, per_game, build)
        print(f"{game}: {tally['crash']} crashes; exit 0: {tally[0]}, 1: {tally[1]}, 2: {tally[2]}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
