"""What Diatoms prints for the names its rules check, and lists in the words' own "and" and "or".

A colour, shape, ring or straight line has a name the rules check (green, oval, inner, diagonal);
what prints is its label: a colour's own `label:` in the game file (unless a chosen translation names
it), else the words file's `colour.<name>` (`shape.<name>`, `ring.<name>`, `line.<name>`), else the
name itself (kit.text.label_of).
"""

from __future__ import annotations

from generator.kit.text import label_of


def colour_label(spec, colour) -> str:
    return label_of(spec.words, "colour", colour.name, getattr(colour, "label", None))


def shape_label(spec, shape: str) -> str:
    return label_of(spec.words, "shape", shape)


def shapes_count(spec, shape: str, n: int) -> str:
    """"6 circles": a number of one shape, in the language's plural."""
    key = f"shapes.{shape}"
    return spec.words(key, n=n) if spec.words.has(key) else f"{n} {shape}"


def ring_label(spec, name: str) -> str:
    return label_of(spec.words, "ring", name)


def line_label(spec, name: str) -> str:
    return label_of(spec.words, "line", name)


def component_title(spec, name: str) -> str:
    return spec.words(f"component.{name}")
