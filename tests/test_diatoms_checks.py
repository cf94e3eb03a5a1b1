"""Diatoms sets that used to crash or pass: each is now one finding (issue 21)."""

from __future__ import annotations

import pytest

from conftest import run_pnp
from generator.load import load_game


@pytest.mark.parametrize("setting, rule, says", [
    ("tiles.start=GBRYP", "diatoms.start-tile", 'starting tile "GBRYP"'),
    ("judges.cards.0.green.0.scores=shape", None, None),  # a shape term naming a shape is fine
    ("judges.cards.2.green.0.scores=shape", "diatoms.judges", 'scores the shape "outer"'),
    ("setup.hand=4", "diatoms.players", "a hand of 4 tiles; the rules give each player 2"),
])
def test_a_broken_diatoms_set_is_a_finding_not_a_crash(tmp_path, setting, rule, says):
    code, stdout, stderr = run_pnp("validate", "diatoms", "--set", setting, cwd=tmp_path)
    assert "Traceback" not in stdout + stderr
    if rule is None:
        assert code == 0, stdout
    else:
        assert code in (1, 2) and f"[{rule}]" in stdout + stderr and says in stdout + stderr, stdout + stderr


def test_a_two_player_set_prints_two_boards_and_two_notebooks():
    loaded = load_game("diatoms", ("players=[2]", "setup.rounds={2: 10}", "setup.removed={2: 12}"))
    assert not [f for f in loaded.findings() if f.level == "error"]
    counts = {component.name: len(component.pieces) for component in loaded.components()}
    assert counts["player-board"] == 2 and counts["field-notebook"] == 2
