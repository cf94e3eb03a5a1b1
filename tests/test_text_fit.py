"""Text fitting: the largest size at which a line fits a width, or a drawn block fits above a line."""

from __future__ import annotations

import pytest

from generator.canvas import LEADING, PT
from generator.fonts import text_width, wrap
from generator.kit.text import fit_line, fit_size


def test_fit_size_keeps_the_start_size_when_it_fits():
    tried = []
    assert fit_size(lambda size: tried.append(size) or size, limit=10, start=8, floor=4) == 8
    assert tried == [8]


def test_fit_size_takes_the_first_step_down_that_fits():
    size = fit_size(lambda size: size * 10, limit=70, start=8, floor=4)
    assert size == pytest.approx(8 * 0.95 ** 3)  # 8, 7.6, 7.22 overflow; 6.859 fits
    assert size * 10 <= 70 < size / 0.95 * 10


def test_fit_size_stops_at_the_floor_when_nothing_fits():
    tried = []
    assert fit_size(lambda size: tried.append(size) or 100, limit=1, start=8, floor=4, step=0.6) == 4
    assert tried == [8, 4.8]  # 4.8 * 0.6 is below the floor: the floor it is, fitting or not


def test_fit_size_refuses_a_step_that_does_not_shrink():
    with pytest.raises(ValueError, match="step"):
        fit_size(lambda size: size, limit=1, start=8, floor=4, step=1.0)


def test_a_wrapped_block_fits_above_a_line():
    words = "Choose a pile and turn over its top card; a rock your shovel cannot break ends the turn. " * 3

    def reach(size: float) -> float:  # the last baseline of the words wrapped 40 mm wide, from 10 mm down
        return 10 + (len(wrap(words, size, 40)) - 1) * size * LEADING

    size = fit_size(reach, limit=30, start=9 * PT, floor=4 * PT)
    assert reach(size) <= 30 < reach(size / 0.95)


def test_fit_line_shrinks_a_long_line_to_the_width():
    text = "Goal: 7 diamonds (2 players), 5 (3 players)"
    size = fit_line(text, 4.0, 30.0, "bold")
    assert size < 4.0
    assert text_width(text, size, "bold") == pytest.approx(30.0)


def test_fit_line_never_grows_a_short_line():
    assert fit_line("Joker", 4.0, 100.0) == 4.0
    assert fit_line("", 4.0, 10.0) == 4.0


def test_prose_cuts_a_word_wider_than_its_column_and_a_fit_keeps_it_whole():
    from generator.fonts import text_width, wrap

    word = "Donaudampfschifffahrtsgesellschaftskapitän"
    lines = wrap(f"the {word} sails", 3.0, 30.0, break_words=True)
    assert "".join(lines).replace(" ", "") == f"the{word}sails"
    assert all(text_width(line, 3.0) <= 30.0 + 1e-9 for line in lines)
    assert word in wrap(f"the {word} sails", 3.0, 30.0)  # a fit shrinks the text instead


def test_a_heading_moves_to_the_next_column_with_the_block_it_heads():
    from generator.canvas import Canvas
    from generator.kit.prose import block_height, flow
    from generator.recording import Recording

    from generator.load import load_game

    style = load_game("diamonds").spec.style.resolve("rules-sheet", piece="rules-sheet")
    body = 3.0
    paragraph = ("p", "word " * 60)
    tall = block_height(paragraph, 60.0, style, body)
    columns = [(0.0, 0.0, 60.0, tall * 1.5), (70.0, 0.0, 60.0, tall * 1.5)]
    recording = Recording()
    flow(Canvas(recording), columns, [paragraph, ("h", "Heading"), paragraph], style, body)
    heading = next(text for text in recording.texts if text.text == "Heading")
    assert heading.box[0] >= 70.0  # not left alone at the foot of the first column
