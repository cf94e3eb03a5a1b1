"""Colours by name: data files say `navy`, data/palettes.yaml says what navy is in each palette.

The base palette (`default:` in data/palettes.yaml, classic) names every colour there is; other
palettes, bundled or a user's file, `extends` one and give some of those names other values. A
name the base palette does not know is a typo, and is refused with a suggestion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.errors import ErrorList, InputError, Location, did_you_mean
from generator.paths import PALETTES_FILE, display_path
from generator.schema import Colour, _kind_of
from generator.yamlio import YamlMap, load_yaml

HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


#: What a palette is meant to print in (its `prints_in:`, inherited through `extends`): a colour
#: palette is judged as colour-blind eyes see it; a greyscale one (and colour-blind, meant for
#: greyscale copies too) also as a black-and-white printer prints it.
PRINTS_IN = ("colour", "greyscale")


@dataclass
class Palette:
    name: str
    colours: dict[str, str]
    prints_in: str = "colour"

    def resolve(self, value: str, location: Location, label: str) -> Colour:
        if value in self.colours:
            return Colour(self.colours[value].lower(), value)
        if HEX.match(value):
            return Colour(value.lower(), value)
        if value.startswith("#"):  # "#abc", "#12345": a colour of this form is six hex digits
            raise InputError(location, f'{label}: "{value}" is no colour; write "#rrggbb", six hex digits (0-9, a-f)',
                             "input.unknown-colour")
        raise InputError(
            location,
            f'{label}: unknown colour "{value}" in palette "{self.name}"{did_you_mean(value, self.colours)}',
            "input.unknown-colour",
        )


class _Palettes:
    """The palettes that may be extended, and the colour names a palette may give."""

    def __init__(self, entries: YamlMap, base: str):
        self.entries = entries
        self.bundled = [name for name in entries if isinstance(name, str)]
        body = entries.get(base)
        self.names = {str(key) for key in body if key not in ("extends", "prints_in")} \
            if isinstance(body, YamlMap) else set()
        self.base = base

    def read(self, key: str, body, where: Location, seen: tuple = ()) -> dict[str, str]:
        """The colours of palette `key` (its `body` laid over what it extends), or every error in it."""
        if not isinstance(body, YamlMap):
            raise InputError(where, f"palette {key} must map colour names to #rrggbb", "input.type")
        errors = ErrorList()
        colours: dict[str, str] = {}
        if "extends" in body:
            with errors.guard():
                colours.update(self._parent(key, body, seen))
        for colour, value in body.items():
            if colour in ("extends", "prints_in"):
                continue
            with errors.guard():
                self._check_colour(key, body, colour, value)
                colours[str(colour)] = value
        errors.raise_if_any()
        return colours

    def prints_in(self, body, seen: tuple = ()) -> str:
        """What palette `body` is meant to print in: its own prints_in, or what it extends'."""
        if not isinstance(body, YamlMap):
            return "colour"
        if "prints_in" in body:
            value = body["prints_in"]
            if value not in PRINTS_IN:
                raise InputError(body.where("prints_in"), f'prints_in is "{value}"; write colour or greyscale',
                                 "input.type")
            return value
        parent = body.get("extends")
        if isinstance(parent, str) and parent in self.entries and parent not in seen:
            return self.prints_in(self.entries[parent], seen + (parent,))
        return "colour"

    def _parent(self, key: str, body: YamlMap, seen: tuple) -> dict[str, str]:
        parent, where = body["extends"], body.where("extends")
        if not isinstance(parent, str):
            raise InputError(where, f"palette {key}: extends is {_kind_of(parent)}; give the name of one palette "
                             f"({', '.join(self.bundled)})", "input.type")
        if parent in seen + (key,):
            raise InputError(where, f"palette {key} extends itself", "input.unknown-palette")
        if parent not in self.entries:
            raise InputError(where, f'unknown palette "{parent}"{did_you_mean(parent, self.bundled)}',
                             "input.unknown-palette")
        return self.read(parent, self.entries[parent], self.entries.where(parent), seen + (key,))

    def _check_colour(self, key: str, body: YamlMap, colour, value) -> None:
        where = body.key_locations.get(colour, body.where(colour))
        if self.names and key != self.base and str(colour) not in self.names:
            raise InputError(where, f'palette {key}: "{colour}" is not a colour name{did_you_mean(colour, self.names)} '
                             f"(a palette gives new values to the colours of {self.base})", "input.unknown-colour")
        if value is None:
            raise InputError(body.where(colour), f'colour {colour} is empty; write "#rrggbb" in quotes (unquoted, '
                             'YAML reads "#" as the start of a comment)', "input.type")
        if not isinstance(value, str) or not HEX.match(value):
            raise InputError(body.where(colour), f'colour {colour} is {_kind_of(value)}; expected "#rrggbb" (in quotes)', "input.type")


def is_palette_file(choice: str) -> bool:
    """`--palette` names a YAML file rather than a palette of data/palettes.yaml."""
    return choice.lower().endswith((".yaml", ".yml")) or "/" in choice or "\\" in choice


def load_palette(choice: str | None = None, option: str = "--palette") -> Palette:
    """The palette named `choice` in data/palettes.yaml, or one read from a YAML file of that path
    (an unknown name is an error at `option`, the command-line option that gave it)."""
    bundled = load_yaml(PALETTES_FILE, display_path(PALETTES_FILE), kind="palette")
    entries = bundled["palettes"]
    palettes = _Palettes(entries, bundled["default"])
    name = choice or bundled["default"]
    if choice and is_palette_file(choice):
        path = Path(choice)
        display = display_path(path)
        hint = f"give a palette name ({', '.join(palettes.bundled)}) or the path of a palette YAML file"
        custom = load_yaml(path, display, hint=hint, kind="palette")
        if not isinstance(custom, YamlMap):
            raise InputError(getattr(custom, "location", Location(display)),
                             "a palette file maps colour names to #rrggbb", "input.type")
        custom.setdefault("extends", bundled["default"])
        # Keyed by the file's path, so that a file called classic.yaml may extend classic.
        return Palette(path.stem, palettes.read(display, custom, custom.location), palettes.prints_in(custom))
    if name not in entries:
        raise InputError(Location(option), f'unknown palette "{name}"{did_you_mean(name, palettes.bundled)}',
                         "input.unknown-palette")
    return Palette(name, palettes.read(name, entries[name], entries.where(name)), palettes.prints_in(entries[name]))


def bundled_palette_names() -> list[str]:
    """The palettes of data/palettes.yaml, the default first."""
    bundled = load_yaml(PALETTES_FILE, display_path(PALETTES_FILE), kind="palette")
    names = [name for name in bundled["palettes"] if isinstance(name, str)]
    return sorted(names, key=lambda name: name != bundled["default"])
