"""What a colour, a list or a count prints as, in the words of data/words/diamond_mine.yaml.

A colour has an identity, its `name:` (the rules check it: player colours, homes, the flawless colour),
and a printed label: its own `label:` in the game file, else the words file's `colour.<name>`, else
the name. Its mark is the letter its pyramids and a player's cards carry, so that colours tell
apart in greyscale and for colour-blind players: its own `mark:`, else the words file's
`colour.<name>.mark`, else the label's first letter, capitalised.
"""

from __future__ import annotations


def colour_entry(spec, name: str):
    """The stash colour (or the flawless one) named `name`, or None."""
    for colour in [*spec.colours, *([spec.flawless] if spec.flawless is not None else [])]:
        if colour.name == name:
            return colour
    return None


def colour_label(spec, name: str) -> str:
    colour = colour_entry(spec, name)
    if colour is not None and colour.label:
        return colour.label
    key = f"colour.{str(name).lower()}"
    return spec.words(key) if spec.words.has(key) else str(name)


def colour_mark(spec, name: str) -> str:
    colour = colour_entry(spec, name)
    if colour is not None and colour.mark:
        return colour.mark
    key = f"colour.{str(name).lower()}.mark"
    if spec.words.has(key):
        return spec.words(key)
    return colour_label(spec, name)[:1].upper()


def listed(spec, items: list, joiner: str = "and") -> str:
    """"red", "red and blue", "red, green and blue": in the words' own "and" (or "or")."""
    items = [str(item) for item in items]
    if not items:
        return spec.words("none")
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {spec.words(joiner)} " + items[-1]


def labels(spec, names: list[str]) -> str:
    return listed(spec, [colour_label(spec, name) for name in names])


def times_word(spec, times: int) -> str:
    key = f"times.{times}"
    return spec.words(key) if spec.words.has(key) else spec.words("times.other", times=times)


def title(spec) -> str:
    """The game's printed name: a translation's, else the game file's, else the words file's."""
    return spec.words.prefer("title", spec.title or None)
