"""Fitting text to the room it has: the largest size at which the words still fit.

Two cases come up on every game's cards and boards:

* one line that must fit a width (a title, a goal band, a label): `fit_line` works it out directly,
  since a line's width grows in proportion to its size;
* a block of wrapped paragraphs, headings or lists that must end above some line: `fit_size` tries
  sizes from the largest down, each measured by laying the words out (kit.prose.flow without a
  canvas, kit.layouts.stacked), never by drawing them.

Sizes are in millimetres, like every text size on a Canvas (`9 * PT` reads as 9 pt).
"""

from __future__ import annotations

from typing import Callable

from generator.fonts import inked_height, text_width


def fit_size(measure: Callable[[float], float], limit: float, start: float, floor: float,
             step: float = 0.95) -> float:
    """The largest size from `start` down to `floor` at which `measure(size) <= limit`.

    Sizes are tried in steps of `step` (0.95: about a twentieth smaller each time, fine enough that
    no one sees the step, coarse enough to settle in a few tries). If even `floor` does not fit,
    `floor` it is: the smallest legible text that overflows beats text too small to read.
    """
    if not 0 < step < 1:
        raise ValueError(f"step {step} must be between 0 and 1, so each size tried is smaller")
    size = start
    while size > floor and measure(size) > limit:
        size = max(size * step, floor)
    return size


def fit_line(text: str, size: float, width: float, face: str = "regular") -> float:
    """The size, at most `size`, at which `text` fits on one line `width` wide."""
    natural = text_width(text, size, face)
    if natural <= width:
        return size
    return size * width / natural


def fit_box(text: str, size: float, width: float, height: float, face: str) -> float:
    """The size, at most `size`, at which the ink of `text` fits in `width` x `height`."""
    low, high = inked_height(text, face)
    return min(fit_line(text, size, width, face), height / (high - low) if high > low else size)


def centred_baseline(text: str, size: float, face: str, middle: float) -> float:
    """The baseline that centres the ink of `text` on the line y = `middle`."""
    low, high = inked_height(text, face)
    return middle + (high + low) / 2 * size


def top_baseline(text: str, size: float, face: str, top: float) -> float:
    """The baseline that puts the top of the ink of `text` at y = `top`."""
    return top + inked_height(text, face)[1] * size


def label_of(words, kind: str, name, label: str | None = None, otherwise: str | None = None) -> str:
    """A thing's printed name (a colour's, a shape's): its own `label` from the game file, unless a
    chosen translation or copy of the words names it; else the words' `<kind>.<name>`; else
    `otherwise`, or its name as written."""
    key = f"{kind}.{str(name).strip().lower()}"
    if label:
        return words.prefer(key, label) if words.has(key) else label
    return words(key) if words.has(key) else (otherwise if otherwise is not None else str(name))


def listed(words, items, joiner: str = "and", none: str = "") -> str:
    """"a", "a and b", "a, b and c": joined by the words' own "and" (or "or", `joiner`); `none` when
    there are none. `words` is a game's Words (anything that gives the joiner's word for its key)."""
    items = [str(item) for item in items]
    if not items:
        return none
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {words(joiner)} " + items[-1]


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """"1 player", "3 players": a count and the word for that many (`plural` when adding "s" is wrong)."""
    return f"{count} {singular if count == 1 else plural or singular + 's'}"
