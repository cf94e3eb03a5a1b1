"""What a colour, a list or a count prints as, in the words of data/words/diamond_mine.yaml.

A colour has an identity, its `name:` (the rules check it: player colours, homes, the flawless colour),
and a printed label: its own `label:` in the game file, else the words file's `colour.<name>`, else
the name. Its mark is the letter its pyramids and a player's cards carry, so that colours tell
apart in greyscale and for colour-blind players: its own `mark:`, else the words file's
`colour.<name>.mark`, else the label's first letter, capitalised.
"""

from __future__ import annotations

from generator.schema import where
from generator.validate import error
from generator.kit.text import label_of, listed

from .rulebook import rules


def colour_entry(spec, name: str):
    """The stash colour (or the flawless one) named `name`, or None."""
    for colour in [*spec.colours, *([spec.flawless] if spec.flawless is not None else [])]:
        if colour.name == name:
            return colour
    return None


def colour_label(spec, name: str) -> str:
    colour = colour_entry(spec, name)
    return label_of(spec.words, "colour", name, colour.label if colour is not None else None)


def colour_mark(spec, name: str) -> str:
    colour = colour_entry(spec, name)
    if colour is not None and colour.mark:
        return colour.mark
    key = f"colour.{str(name).lower()}.mark"
    if spec.words.has(key):
        return spec.words(key)
    return colour_label(spec, name)[:1].upper()


def labels(spec, names: list[str]) -> str:
    return listed(spec.words, [colour_label(spec, name) for name in names], none=spec.words("none"))


def times_word(spec, times: int) -> str:
    key = f"times.{times}"
    return spec.words(key) if spec.words.has(key) else spec.words("times.other", times=times)


def title(spec) -> str:
    """The game's printed name: a translation's, else the game file's, else the words file's."""
    return spec.words.prefer("title", spec.title or None)


MARK_MOST = 2  # characters in a colour's letter: it stands on the smallest pyramid's face


@rules.rule("diamond_mine.labels", "every colour prints a name, and every coloured pyramid a letter of at most "
                                   f"{MARK_MOST} characters that no other colour's pyramids carry")
def check_labels(spec):
    printed = [*spec.colours, *([spec.flawless] if flawless_printed(spec) else [])]
    seen: dict[str, str] = {}
    for colour in printed:
        if not str(colour.name).strip():
            continue  # diamond_mine.colours says so
        if not colour_label(spec, colour.name).strip():
            yield error(where(colour, "label" if colour.label else "name"),
                        f"the colour {colour.name} prints with no name (its label, or the words' "
                        f"colour.{str(colour.name).lower()}, is empty)")
        if colour.opaque:
            continue  # nests carry no letter: any nest hides diamonds alike
        mark = colour_mark(spec, colour.name)
        place = where(colour, "mark" if colour.mark else "name")
        if not mark.strip():
            yield error(place, f"the colour {colour.name} has an empty letter: its pyramids need one to tell "
                               "them apart in greyscale")
        elif len(mark) > MARK_MOST:
            yield error(place, f"the colour {colour.name}'s letter {mark!r} is {len(mark)} characters; at most "
                               f"{MARK_MOST} stand on a small pyramid's face")
        elif mark.casefold() in seen:
            yield error(place, f"{colour.name} and {seen[mark.casefold()]} both carry the letter {mark!r}: give one "
                               "a `mark:` of its own, so their pyramids tell apart in greyscale")
        else:
            seen[mark.casefold()] = colour.name


def flawless_printed(spec) -> bool:
    from .pyramids import flawless_stash

    return flawless_stash(spec) is not None
