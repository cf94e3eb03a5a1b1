"""Colours by name: data files say `navy`, data/palettes.yaml says what navy is in each palette."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError, Location, did_you_mean
from generator.paths import PALETTES_FILE, display_path
from generator.schema import Colour
from generator.yamlio import YamlMap, load_yaml

HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass
class Palette:
    name: str
    colours: dict[str, str]

    def resolve(self, value: str, location: Location, label: str) -> Colour:
        if value in self.colours:
            return Colour(self.colours[value].lower(), value)
        if HEX.match(value):
            return Colour(value.lower(), value)
        raise InputError(
            location,
            f'{label}: unknown colour "{value}" in palette "{self.name}"{did_you_mean(value, self.colours)}',
            "input.unknown-colour",
        )


def _read_palette(name: str, entries: YamlMap, where: Location, seen=()) -> dict[str, str]:
    if name not in entries:
        raise InputError(where, f'unknown palette "{name}"{did_you_mean(name, entries)}', "input.unknown-palette")
    body = entries[name]
    if not isinstance(body, YamlMap):
        raise InputError(entries.where(name), f"palette {name} must map colour names to #rrggbb", "input.type")
    colours: dict[str, str] = {}
    if "extends" in body:
        parent = body["extends"]
        if parent in seen + (name,):
            raise InputError(body.where("extends"), f"palette {name} extends itself", "input.unknown-palette")
        colours.update(_read_palette(parent, entries, body.where("extends"), seen + (name,)))
    for colour, value in body.items():
        if colour == "extends":
            continue
        if not isinstance(value, str) or not HEX.match(value):
            raise InputError(body.where(colour), f'colour {colour} is "{value}"; expected #rrggbb', "input.type")
        colours[str(colour)] = value
    return colours


def load_palette(choice: str | None = None) -> Palette:
    """The palette named `choice` in data/palettes.yaml, or one read from a YAML file of that path."""
    bundled = load_yaml(PALETTES_FILE, display_path(PALETTES_FILE))
    entries = bundled["palettes"]
    name = choice or bundled["default"]
    if choice and (choice.endswith((".yaml", ".yml")) or "/" in choice):
        path = Path(choice)
        custom = load_yaml(path, display_path(path))
        if not isinstance(custom, YamlMap):
            raise InputError(Location(display_path(path)), "a palette file maps colour names to #rrggbb", "input.type")
        merged = YamlMap(entries)
        merged.location, merged.key_locations = entries.location, dict(entries.key_locations)
        merged.value_locations = dict(entries.value_locations)
        merged[path.stem] = custom
        merged.value_locations[path.stem] = custom.location
        custom.setdefault("extends", bundled["default"])
        return Palette(path.stem, _read_palette(path.stem, merged, custom.location))
    return Palette(name, _read_palette(name, entries, Location("--palette")))
