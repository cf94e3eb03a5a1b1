"""What Diatoms prints for the names its rules check, and lists in the words' own "and" and "or".

A colour, shape, ring or straight line has a name the rules check (green, oval, inner, diagonal);
what prints is its label: a colour's own `label:` in the game file, else the words file's
`colour.<name>` (`shape.<name>`, `ring.<name>`, `line.<name>`), else the name itself.
"""

from __future__ import annotations


def _label(spec, kind: str, name: str) -> str:
    key = f"{kind}.{name}"
    return spec.words(key) if spec.words.has(key) else name


def colour_label(spec, colour) -> str:
    return getattr(colour, "label", None) or _label(spec, "colour", colour.name)


def shape_label(spec, shape: str) -> str:
    return _label(spec, "shape", shape)


def shapes_count(spec, shape: str, n: int) -> str:
    """"6 circles": a number of one shape, in the language's plural."""
    key = f"shapes.{shape}"
    return spec.words(key, n=n) if spec.words.has(key) else f"{n} {shape}"


def ring_label(spec, name: str) -> str:
    return _label(spec, "ring", name)


def line_label(spec, name: str) -> str:
    return _label(spec, "line", name)


def component_title(spec, name: str) -> str:
    return spec.words(f"component.{name}")
