"""Diatoms draws its oval as the document's "two pointed" oval: a lens, not an ellipse (issue 21)."""

from __future__ import annotations

from generator.games.diatoms.symbols import LENS, lens_path, shape_symbol
from generator.kit.symbols import extent, symbol_paths


def test_the_oval_is_a_lens_with_two_points():
    assert shape_symbol("oval") == LENS and shape_symbol("star") == "star"
    commands = lens_path().commands
    assert commands[0][0] == "M" and abs(commands[0][1]) < 1e-9 and abs(commands[0][2] + 0.5) < 1e-9  # a top point
    ends = [command[-2:] for command in commands if command[0] in "CL"]
    assert any(abs(x) < 1e-9 and abs(y - 0.5) < 1e-9 for x, y in ends)  # and a bottom one
    x0, y0, x1, y1 = extent(symbol_paths(LENS))
    assert abs(y1 - y0 - 1.0) < 1e-6 and 0.5 < x1 - x0 < 0.7  # upright, narrower than high


def test_an_oval_token_draws_the_lens(monkeypatch):
    from conftest import shared_game

    loaded = shared_game("diatoms")
    token = next(p for c in loaded.components() if c.name == "diatom" for p in c.pieces if "-oval-" in p.id)
    drawn = []
    from generator.kit import layouts  # the token's face is a layout: its symbols are drawn there

    monkeypatch.setattr(layouts, "draw_symbol", lambda canvas, name, *args, **kwargs: drawn.append(name))
    from generator.canvas import Canvas, NullSurface
    from generator.model import Area

    token.front(Canvas(NullSurface()), Area(19.0, 19.0, 3.0))
    assert LENS in drawn and "oval" not in drawn
