"""Typed specs from located YAML: dataclasses declare what a game file may say, this module checks it.

A spec class is an ordinary dataclass. Field options (`spec_field`) add the checks a user needs
explained: sizes must be positive, counts have a sane ceiling, colours come from the palette,
geometries come from `templates/`. Every check fails with one InputError naming file, line and column.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import MISSING, dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Union

from generator.errors import InputError, Location, did_you_mean
from generator.yamlio import YamlList, YamlMap

if TYPE_CHECKING:
    from generator.palette import Palette
    from generator.templates import Templates

#: No component of a tabletop game needs more copies than this; more is a typo, not a print run.
SANE_COUNT = 500


class Colour(str):
    """A resolved colour: the string is '#rrggbb', `.name` is the palette name it came from."""

    name: str

    def __new__(cls, hex_value: str, name: str = ""):
        colour = super().__new__(cls, hex_value)
        colour.name = name or hex_value
        return colour


def spec_field(
    default: Any = MISSING,
    *,
    positive: bool = False,
    minimum: float | None = None,
    maximum: float | None = None,
    count: bool = False,
    template: str | None = None,
    default_factory: Any = MISSING,
):
    """A dataclass field with the checks the loader applies to it.

    positive: a size, must be > 0.  count: a number of copies, 1..SANE_COUNT unless narrowed.
    template: the value names an entry of templates/<template>.yaml (or extends one field by field).
    """
    if count:
        minimum = 0 if minimum is None else minimum
        maximum = SANE_COUNT if maximum is None else maximum
    metadata = {"positive": positive, "minimum": minimum, "maximum": maximum, "template": template}
    if default_factory is not MISSING:
        return field(default_factory=default_factory, metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass
class Context:
    """What conversion needs besides the data: the palette and the template library."""

    palette: Palette
    templates: Templates


def where(spec: Any, name: str | None = None) -> Location:
    """The location of a spec object, or of one of its fields (`name`) or items (`'field[key]'`)."""
    places = getattr(spec, "_where", {})
    if name is not None and name in places:
        return places[name]
    if name is not None and "[" in name:
        return places.get(name.split("[")[0], getattr(spec, "_location", Location("?")))
    return getattr(spec, "_location", Location("?"))


def describe(tp) -> str:
    origin = typing.get_origin(tp)
    if tp is int:
        return "a whole number"
    if tp is float:
        return "a number"
    if tp is str:
        return "text"
    if tp is bool:
        return "true or false"
    if tp is Colour:
        return "a colour name"
    if origin in (list, tuple):
        return "a list"
    if origin is dict or dataclasses.is_dataclass(tp):
        return "a mapping of keys to values"
    if origin is Literal:
        return "one of " + ", ".join(str(choice) for choice in typing.get_args(tp))
    if origin in (Union, types.UnionType):
        return " or ".join(describe(arg) for arg in typing.get_args(tp) if arg is not type(None))
    return getattr(tp, "__name__", str(tp))


def _kind_of(value) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (YamlMap, dict)):
        return "a mapping"
    if isinstance(value, (YamlList, list)):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    return f'"{value}"'


def convert(tp, value, location: Location, context: Context, label: str):
    """Turn a located YAML value into an instance of type hint `tp`, or raise InputError."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        options = typing.get_args(tp)
        if value is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return convert(option, value, location, context, label)
            except InputError as error:
                errors.append(error)
        if len(errors) == 1:
            raise errors[0]
        raise InputError(location, f"{label} is {_kind_of(value)}; expected {describe(tp)}", "input.type")
    if dataclasses.is_dataclass(tp):
        return build(tp, value, location, context, label)
    if origin is Literal:
        choices = typing.get_args(tp)
        if value not in choices:
            raise InputError(location, f"{label} is {_kind_of(value)}; expected one of {', '.join(map(str, choices))}{did_you_mean(value, choices)}", "input.type")
        return value
    if origin is list:
        if not isinstance(value, list):
            raise InputError(location, f"{label} is {_kind_of(value)}; expected a list", "input.type")
        (item_type,) = typing.get_args(tp)
        places = value.item_locations if isinstance(value, YamlList) else [location] * len(value)
        return [convert(item_type, item, places[i], context, f"{label}[{i}]") for i, item in enumerate(value)]
    if origin is dict:
        if not isinstance(value, dict):
            raise InputError(location, f"{label} is {_kind_of(value)}; expected a mapping", "input.type")
        key_type, value_type = typing.get_args(tp)
        result = {}
        for key, item in value.items():
            place = value.where(key) if isinstance(value, YamlMap) else location
            result[convert(key_type, key, place, context, f"a key of {label}")] = convert(
                value_type, item, place, context, f"{label}.{key}"
            )
        return result
    if tp is Colour:
        if not isinstance(value, str):
            raise InputError(location, f"{label} is {_kind_of(value)}; expected a colour name from the palette", "input.type")
        return context.palette.resolve(value, location, label)
    if tp is bool:
        if not isinstance(value, bool):
            raise InputError(location, f"{label} is {_kind_of(value)}; expected true or false", "input.type")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(location, f"{label} is {_kind_of(value)}; expected a whole number", "input.type")
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InputError(location, f"{label} is {_kind_of(value)}; expected a number", "input.type")
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            raise InputError(location, f"{label} is {_kind_of(value)}; expected text", "input.type")
        return value
    if tp is Any:
        return value
    raise TypeError(f"spec type {tp!r} is not supported")  # a programming error, not a user's


def _check_limits(meta, value, location: Location, label: str) -> None:
    numbers = value if isinstance(value, list) else [value]
    for number in numbers:
        if not isinstance(number, (int, float)) or isinstance(number, bool):
            continue
        if meta.get("positive") and number <= 0:
            raise InputError(location, f"{label} is {number}; a size must be greater than 0", "input.not-positive")
        if meta.get("minimum") is not None and number < meta["minimum"]:
            raise InputError(location, f"{label} is {number}; it must be at least {meta['minimum']}", "input.out-of-range")
        if meta.get("maximum") is not None and number > meta["maximum"]:
            raise InputError(
                location, f"{label} is {number}; at most {meta['maximum']} is allowed (is it a typo?)", "input.too-many"
            )


def build(cls, data, location: Location, context: Context, label: str):
    """Build dataclass `cls` from a located mapping, checking keys, types and limits."""
    label_text = label or "the game file"
    if not isinstance(data, dict):
        raise InputError(location, f"{label_text} is {_kind_of(data)}; expected a mapping with keys {', '.join(f.name for f in dataclasses.fields(cls))}", "input.type")
    hints = typing.get_type_hints(cls)
    known = {f.name: f for f in dataclasses.fields(cls) if f.init}
    key_places = data.key_locations if isinstance(data, YamlMap) else {}
    for key in data:
        if key not in known:
            raise InputError(
                key_places.get(key, location),
                f'unknown key "{key}" in {label_text}{did_you_mean(key, known)}',
                "input.unknown-key",
            )
    values: dict[str, Any] = {}
    places: dict[str, Location] = {}
    for name, spec in known.items():
        place = data.where(name) if isinstance(data, YamlMap) else location
        places[name] = place
        if name not in data:
            if spec.default is MISSING and spec.default_factory is MISSING:
                raise InputError(location, f'{label_text} is missing the key "{name}" ({describe(hints[name])})', "input.missing-key")
            continue
        raw = data[name]
        field_label = f"{label}.{name}" if label else name
        template_kind = spec.metadata.get("template")
        if template_kind:
            raw = context.templates.expand(template_kind, raw, place, field_label)
        values[name] = convert(hints[name], raw, place, context, field_label)
        _check_limits(spec.metadata, values[name], place, field_label)
        _remember_items(places, name, raw, place)
    instance = cls(**values)
    object.__setattr__(instance, "_where", places)
    object.__setattr__(instance, "_location", location)
    return instance


def _remember_items(places: dict, name: str, raw, place: Location) -> None:
    if isinstance(raw, YamlList):
        for index, item_place in enumerate(raw.item_locations):
            places[f"{name}[{index}]"] = item_place
    elif isinstance(raw, YamlMap):
        for key, item_place in raw.value_locations.items():
            places[f"{name}[{key}]"] = item_place
