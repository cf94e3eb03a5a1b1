"""Diatoms' self-play as a proof kept between runs (generator/cache.py; its own tests are in
test_cache.py: reuse, a changed input or code, --fresh, a damaged entry, the folder). Here: the key
names everything the self-play reads, so a kept result can never hide an edit, and an edit the
self-play never reads keeps it."""

from __future__ import annotations

import copy
import dataclasses
import sys
from pathlib import Path

import pytest

from conftest import load_text
from generator import cache
from generator.games.diatoms import selfplay, tiles
from generator.load import load_game

DIATOMS_YAML = Path(__file__).resolve().parent.parent / "data" / "diatoms.yaml"

# What `selfplay.simulate` may read from a spec, each a path of attributes ("[]": any item of a list);
# every leaf is in tiles.self_play_inputs, and MUTATIONS below shows a change to it changes the key.
READ = {"players", "colours", "colours[].letter", "tiles", "tiles.start", "tiles.set", "tokens",
        "tokens.per_colour", "setup", "setup.hand", "setup.rounds", "setup.removed", "board", "board.rings",
        "board.rings[].spots"}


@pytest.fixture(scope="module")
def spec():
    return load_game(str(DIATOMS_YAML)).spec


class Reading:
    """A spec that notes the path of every attribute read from it (or from its parts)."""

    def __init__(self, target, path: str, seen: set[str]):
        self.__dict__.update(_target=target, _path=path, _seen=seen)

    def __getattr__(self, name):
        value = getattr(self._target, name)
        path = f"{self._path}.{name}" if self._path else name
        self._seen.add(path)
        if dataclasses.is_dataclass(value):
            return Reading(value, path, self._seen)
        if isinstance(value, list) and value and all(dataclasses.is_dataclass(item) for item in value):
            return [Reading(item, f"{path}[]", self._seen) for item in value]
        return value


def test_the_self_play_reads_nothing_its_key_leaves_out(spec):
    seen: set[str] = set()
    watched = selfplay.simulate(Reading(spec, "", seen), games=5, seed=1)
    assert seen
    assert not seen - READ, f"simulate reads {sorted(seen - READ)}: add them to tiles.self_play_inputs"
    plain = selfplay.simulate(spec, games=5, seed=1)
    assert vars(watched) == vars(plain)  # the watching changed nothing
    assert tiles.self_play_inputs(spec)["python"] == list(sys.version_info[:3])  # random's code is the interpreter's


def _set_tile(spec):
    spec.tiles.set[0] = tiles.rotate(spec.tiles.set[0], 1) if len(set(spec.tiles.set[0])) > 1 else "GBRYPW"


MUTATIONS = {
    "players": lambda s: setattr(s, "players", [2, 3]),
    "colours[].letter": lambda s: setattr(s.colours[0], "letter", "X"),
    "tiles.start": lambda s: setattr(s.tiles, "start", tiles.rotate(s.tiles.start, 1)),
    "tiles.set": _set_tile,
    "tokens.per_colour": lambda s: s.tokens.per_colour.update(star=s.tokens.per_colour["star"] + 1),
    "setup.hand": lambda s: setattr(s.setup, "hand", s.setup.hand + 1),
    "setup.rounds": lambda s: s.setup.rounds.update({2: s.setup.rounds[2] + 1}),
    "setup.removed": lambda s: s.setup.removed.update({3: s.setup.removed[3] + 2}),
    "board.rings[].spots": lambda s: s.board.rings[0].spots.__setitem__(
        0, "star" if s.board.rings[0].spots[0] != "star" else "circle"),
}


def test_every_leaf_the_self_play_reads_has_a_mutation_below():
    leaves = {path for path in READ if not any(other.startswith(path + ".") or other.startswith(path + "[]")
                                               for other in READ)}
    assert leaves == set(MUTATIONS)


@pytest.mark.parametrize("path", sorted(MUTATIONS))
def test_a_change_to_anything_the_self_play_reads_changes_its_key(spec, path):
    changed = copy.deepcopy(spec)
    MUTATIONS[path](changed)
    assert tiles.self_play_inputs(changed) != tiles.self_play_inputs(spec)


def test_what_the_self_play_never_reads_keeps_its_key(spec):
    changed = copy.deepcopy(spec)
    changed.board.width_mm += 10
    changed.colours[0].colour = "#123456"
    changed.tokens.size_mm += 1
    assert tiles.self_play_inputs(changed) == tiles.self_play_inputs(spec)


def test_a_kept_self_play_gives_the_findings_a_fresh_one_gives(cache_dir, tmp_path, monkeypatch, self_plays):
    plays = self_plays
    monkeypatch.setattr(tiles, "STALL_LIMIT", -1.0)  # every stall rate is too high: an error to compare
    text = DIATOMS_YAML.read_text()

    def playable(game_text):
        return [str(f) for f in load_text(tmp_path, game_text).findings() if f.rule == "diatoms.playable"]

    first = playable(text)
    assert len(plays) == 1 and first and "self-play turns" in first[0]
    assert playable(text) == first and len(plays) == 1  # read back: the same error, no play
    cache.fresh()
    try:
        assert playable(text) == first and len(plays) == 2  # played again: still the same
    finally:
        cache.fresh(False)
    width = "  width_mm: 180.0\n"
    assert playable(text.replace(width, "  width_mm: 190.0\n", 1)) == first and len(plays) == 2  # not read
    star = "star: 3}"
    assert playable(text.replace(star, "star: 4}", 1)) and len(plays) == 3  # read: played again
    assert list(cache_dir.iterdir())
