"""Rules sheets in the prose kit: rules that do not fit one sheet at 7 pt flow onto a second or third
(a small sheet, a long translation) under a "continued" title, and only rules that fit none of them
are the validator's error."""

from __future__ import annotations

import pytest

from conftest import words_below
from generator.load import load_game
from test_words import words_file

KEY = {"diamonds": "rules.need.tools", "diaominos": "rules.print.board"}  # a sentence of the rules alone


@pytest.mark.parametrize("game", ["diamonds", "diaominos"])
def test_rules_too_long_for_one_small_sheet_flow_onto_more_at_7_pt_or_more(game):
    loaded = load_game(game, ("rules_sheet.width_mm=100", "rules_sheet.height_mm=100"))
    assert not [f for f in loaded.findings() if f.level == "error"]
    sheets = next(c for c in loaded.components() if c.name == "rules-sheet")
    assert [p.id for p in sheets.pieces][:2] == ["rules-sheet", "rules-sheet-2"]
    assert words_below(sheets.pieces, 7.0) == []


@pytest.mark.parametrize("game", ["diamonds", "diaominos"])
def test_rules_that_fit_no_number_of_sheets_are_one_error(tmp_path, game):
    path = words_file(tmp_path, game)
    text = path.read_text()
    line = next(line for line in text.splitlines() if line.startswith(f"  {KEY[game]}:"))
    path.write_text(text.replace(line, f"  {KEY[game]}: \"{' '.join(['A sentence that goes on and on.'] * 400)}\""))
    found = [f for f in load_game(game, words=str(path)).findings() if f.level == "error"]
    assert len(found) == 1 and "the rules do not fit a 180 x 250 mm sheet at 7 pt, even flowing onto 4 sheets" \
        in found[0].message, found
