"""Typed specs from located YAML: dataclasses declare what a game file may say, this module checks it.

A spec class is an ordinary dataclass. Field options (`spec_field`) add the checks a user needs
explained: sizes must be positive, counts have a sane ceiling, colours come from the palette,
geometries come from `templates/`. Every number must be finite and in a stated range: a field's own
(`minimum`, `maximum`), else MAX_SIZE_MM for a size and +-SANE_NUMBER for any other number.
Fixed-length lists (`tuple[int, int]`, such as [column, row]) must have exactly that many items.
A type with a `from_spec` classmethod reads itself (a style sheet, a font choice); left out of a
file, it is read from nothing (None), so that a game without a `style:` gets the base style.

Every check fails with an InputError naming file, line and column. `build` goes on past a field it
cannot use, so that one run reports every mistake in a file (errors.combine orders them).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import types
import typing
from dataclasses import MISSING, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Union

from generator.errors import ErrorList, InputError, Location, closest, did_you_mean
from generator.yamlio import YamlList, YamlMap

if TYPE_CHECKING:
    from generator.palette import Palette
    from generator.templates import Templates

#: No component of a tabletop game needs more copies than this; more is a typo, not a print run.
SANE_COUNT = 500
#: A size (a `positive` field) is at most this many mm unless its field says less: nothing printed
#: at home is a metre across, so more is a typo (and would take the imposer forever).
MAX_SIZE_MM = 1000
#: Any other number lies between -SANE_NUMBER and SANE_NUMBER unless its field narrows it.
SANE_NUMBER = 1_000_000
#: A text has at most this many characters unless its field says fewer: a card's or a rule's words
#: run to hundreds; ten thousand is a mistake (a pasted file), and would take long to lay out.
MAX_TEXT = 10_000


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
    parts: tuple[str, ...] | None = None,
    max_length: int | None = None,
    default_factory: Any = MISSING,
):
    """A dataclass field with the checks the loader applies to it.

    positive: a size, must be > 0 and at most `maximum` (MAX_SIZE_MM mm unless given).
    count: a number of copies, 0..SANE_COUNT unless narrowed.
    minimum/maximum: the range of every number in the field (in a list, of every item).
    template: the value names an entry of templates/<template>.yaml (or extends one field by field).
    parts: the names of a fixed-length list's items, for messages: ("column", "row").
    max_length: the most characters a text may have (MAX_TEXT unless given).
    """
    if count:
        minimum = 0 if minimum is None else minimum
        maximum = SANE_COUNT if maximum is None else maximum
    metadata = {"positive": positive, "minimum": minimum, "maximum": maximum, "count": count,
                "template": template, "parts": parts, "max_length": max_length}
    if default_factory is not MISSING:
        return field(default_factory=default_factory, metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass(frozen=True)
class Limits:
    """The range a field's numbers must be in (each number of a list or mapping, too), and the
    length of its texts."""

    positive: bool = False
    minimum: float | None = None
    maximum: float | None = None
    count: bool = False
    parts: tuple[str, ...] | None = None
    max_length: int | None = None

    @classmethod
    def of(cls, metadata) -> Limits:
        return cls(bool(metadata.get("positive")), metadata.get("minimum"), metadata.get("maximum"),
                   bool(metadata.get("count")), metadata.get("parts"), metadata.get("max_length"))

    @property
    def low(self) -> float:
        if self.minimum is not None:
            return self.minimum
        return 0 if self.positive else -SANE_NUMBER

    @property
    def high(self) -> float:
        if self.maximum is not None:
            return self.maximum
        return MAX_SIZE_MM if self.positive else SANE_NUMBER

    def text(self) -> str:
        """The range in words: "greater than 0 and at most 60", "from 1 to 20"."""
        if self.positive and (self.minimum is None or self.minimum <= 0):
            return f"greater than 0 and at most {_number(self.high)}"
        return f"from {_number(self.low)} to {_number(self.high)}"


NO_LIMITS = Limits()


@dataclass
class Context:
    """What conversion needs besides the data: the palette and the template library."""

    palette: Palette
    templates: Templates
    words: str | None = None  # --words FILE: an edited or translated copy of a game's words
    lang: str | None = None  # --lang CODE: a bundled translation
    allowed: tuple = ()  # --allow-path: folders outside its own that a game file may read from
    reader: Any = None  # the game being read's files (reading.Reader); None: the file's own folder

    def reader_for(self, location: Location):
        """The reader of the game being read, or one for the folder of the file at `location`."""
        if self.reader is None:
            from generator.reading import Reader

            return Reader(Path(location.file).parent, self.allowed)
        return self.reader


def where(spec: Any, name: str | None = None) -> Location:
    """The location of a spec object, or of one of its fields (`name`) or items (`'field[key]'`)."""
    places = getattr(spec, "_where", {})
    if name is not None and name in places:
        return places[name]
    if name is not None and "[" in name:
        return places.get(name.split("[")[0], getattr(spec, "_location", Location("?")))
    return getattr(spec, "_location", Location("?"))


def written_at(spec: Any, printed: str) -> Location | None:
    """Where the game file gives the text that printed `printed`: a value that is the text, or holds it
    as a line it wrapped to, or that the text holds whole (a suit's label joined with another's, "X
    and Clubs"; two words at least, the longest such); None if no value gave it (a words file's, a
    number, a layout's own text). For a finding about a printed text, such as a label too long for
    its card, to stand at the value to mend."""
    tokens = printed.split()
    if not tokens:
        return None
    line = f" {' '.join(tokens)} "
    inside: list[tuple[int, Location]] = []  # the values the text holds, by their length

    def walk(value, parent, key) -> Location | None:
        if isinstance(value, str):
            text = f" {' '.join(value.split())} "
            if parent is None or text == "  ":
                return None
            if text == line or (len(tokens) > 1 and line in text):
                return where(parent, key)
            if len(text.split()) > 1 and text in line:
                inside.append((len(text), where(parent, key)))
            return None
        if dataclasses.is_dataclass(value) and hasattr(value, "_where"):  # read from the file (not its words)
            items = ((field.name, getattr(value, field.name)) for field in dataclasses.fields(value))
            return next((found for name, item in items if (found := walk(item, value, name))), None)
        if isinstance(value, (list, tuple)):
            return next((found for index, item in enumerate(value) if (found := walk(item, parent, f"{key}[{index}]"))),
                        None)
        if isinstance(value, dict):
            return next((found for name, item in value.items() if (found := walk(item, parent, f"{key}[{name}]"))),
                        None)
        return None

    return walk(spec, None, None) or max(inside, key=lambda found: found[0], default=(0, None))[1]


def describe(tp, parts: tuple[str, ...] | None = None) -> str:
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
    if origin is tuple and not _is_open_tuple(tp):
        items = typing.get_args(tp)
        names = ", ".join(_part_names(len(items), parts))
        if all(item in (int, float) for item in items):
            return f"{len(items)} numbers [{names}]"
        return f"a list of {len(items)} values [{names}]"
    if origin in (list, tuple):
        return "a list"
    if origin is dict or dataclasses.is_dataclass(tp):
        return "a mapping of keys to values"
    if origin is Literal:
        return "one of " + ", ".join(str(choice) for choice in typing.get_args(tp))
    if origin in (Union, types.UnionType):
        return " or ".join(describe(arg) for arg in typing.get_args(tp) if arg is not type(None))
    return getattr(tp, "__name__", str(tp))


def _is_open_tuple(tp) -> bool:
    """tuple[int, ...]: any length, like a list."""
    items = typing.get_args(tp)
    return len(items) == 2 and items[1] is Ellipsis


def _part_names(size: int, parts: tuple[str, ...] | None) -> tuple[str, ...]:
    if parts and len(parts) == size:
        return tuple(parts)
    return ("x", "y", "z")[:size] if size <= 3 else tuple(f"item {i + 1}" for i in range(size))


def _number(number) -> str:
    """A number as a message shows it: as written for ordinary ones, shortened for huge ones."""
    if isinstance(number, float) and math.isnan(number):
        return ".nan"
    if isinstance(number, float) and math.isinf(number):
        return ".inf" if number > 0 else "-.inf"
    try:
        text = str(number)
    except ValueError:  # a whole number of more than 4300 digits
        return "a number of thousands of digits"
    if len(text) > 16:
        try:
            return f"{float(number):.4g}"
        except OverflowError:
            return f"a number of {len(text)} digits"
    return text


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
        return f"the number {_number(value)}"
    text = str(value)
    return f'"{text if len(text) <= 60 else text[:57] + "..."}"'


def _what(value) -> str:
    """The value as a message describes it: "is empty" says more than "is nothing"."""
    return "empty" if value is None else _kind_of(value)


def _show(value) -> str:
    """A short list as written in YAML flow style: [0, 1]."""
    if isinstance(value, list):
        text = "[" + ", ".join(_show(item) for item in value[:6]) + (", ..." if len(value) > 6 else "") + "]"
    elif isinstance(value, dict):
        text = "{...}"
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        text = _number(value)
    else:
        text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."


#: After a colour that came out empty: the likely reason.
_HASH_HINT = 'write a colour name from the palette, or "#rrggbb" in quotes (unquoted, YAML reads "#" as the ' \
             "start of a comment)"


def _shaped_as(tp, value) -> bool:
    """Whether `value` is the kind of collection `tp` is (a mapping for a dict, a list for a list), so
    that what is wrong with it is inside it, not its kind."""
    origin = typing.get_origin(tp)
    return (isinstance(value, dict) and origin is dict) or (isinstance(value, list) and origin in (list, tuple))


class RowText(str):
    """A value a rule compares with a row's cells, which are text: kept as the file wrote it (010,
    3/4, 1.50, TRUE), where YAML would read 8, a date, 1.5 and true."""


def convert(tp, value, location: Location, context: Context, label: str, limits: Limits = NO_LIMITS):
    """Turn a located YAML value into an instance of type hint `tp`, or raise InputError.

    `limits` is the range of every number in the value. A list or mapping goes on past a bad item,
    so the error raised carries every bad item (see errors.combine).
    """
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
                return convert(option, value, location, context, label, limits)
            except InputError as error:
                errors.append(error)
                if _shaped_as(option, value):  # a mapping where a mapping may go: its own item is wrong
                    raise
        if len(errors) == 1:
            raise errors[0]
        fitting = [error for error in errors if error.rule != "input.type"]  # the right kind, out of range
        if fitting:
            raise fitting[0]
        raise InputError(location, f"{label} is {_what(value)}; expected {describe(tp)}", "input.type")
    if hasattr(tp, "from_spec"):  # a type that reads itself (a style sheet, a font choice)
        return tp.from_spec(value, location, context, label)
    if dataclasses.is_dataclass(tp):
        return build(tp, value, location, context, label)
    if tp is not Any:
        refuse_set_inside(value, location)
    if origin is Literal:
        choices = typing.get_args(tp)
        if not any(type(value) is type(choice) and value == choice for choice in choices):
            close = closest(str(value), [str(choice) for choice in choices])
            raise InputError(location, f"{label} is {_what(value)}; expected one of {', '.join(map(str, choices))}"
                             + (f' (did you mean "{close}"?)' if close else ""), "input.type")
        return value
    if origin is tuple and not _is_open_tuple(tp):
        return _convert_tuple(tp, value, location, context, label, limits)
    if origin in (list, tuple):
        if not isinstance(value, list):
            raise InputError(location, f"{label} is {_what(value)}; expected a list", "input.type")
        (item_type,) = typing.get_args(tp)[:1]
        places = value.item_locations if isinstance(value, YamlList) else [location] * len(value)
        written = getattr(value, "texts", None) or [None] * len(value)
        errors = ErrorList()
        items = []
        for i, item in enumerate(value):
            with errors.guard():
                if item_type is RowText and written[i] is not None and not isinstance(item, (dict, list)):
                    item = written[i]  # as written: the rows' cells are text
                items.append(convert(item_type, item, places[i], context, f"{label}[{i}]", limits))
        errors.raise_if_any()
        return items if origin is list else tuple(items)
    if origin is dict:
        if not isinstance(value, dict):
            raise InputError(location, f"{label} is {_what(value)}; expected a mapping", "input.type")
        key_type, value_type = typing.get_args(tp)
        errors = ErrorList()
        result = {}
        for key, item in value.items():
            place = value.where(key) if isinstance(value, YamlMap) else location
            key_place = value.key_locations.get(key, place) if isinstance(value, YamlMap) else location
            with errors.guard():
                written = value.key_texts.get(key, key) if key_type is RowText and isinstance(value, YamlMap) else key
                converted_key = convert(key_type, written, key_place, context, f"a key of {label}")
                result[converted_key] = convert(value_type, item, place, context, f"{label}.{written}", limits)
        errors.raise_if_any()
        return result
    if tp is RowText:
        if isinstance(value, (dict, list)) or value is None:
            raise InputError(location, f"{label} is {_what(value)}; expected a value as a row holds it", "input.type")
        return RowText(value)
    if tp is Colour:
        if value is None:
            raise InputError(location, f"{label} is empty; {_HASH_HINT}", "input.type")
        if not isinstance(value, str):
            raise InputError(location, f"{label} is {_what(value)}; expected a colour name from the palette", "input.type")
        return context.palette.resolve(value, location, label)
    if tp is bool:
        if not isinstance(value, bool):
            raise InputError(location, f"{label} is {_what(value)}; expected true or false", "input.type")
        return value
    if tp is int:
        if isinstance(value, float) and not math.isfinite(value):
            _check_number(limits, value, location, label)  # says what .nan or .inf is
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(location, f"{label} is {_what(value)}; expected a whole number", "input.type")
        _check_number(limits, value, location, label)
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InputError(location, f"{label} is {_what(value)}; expected a number", "input.type")
        number = float(value)
        _check_number(limits, number, location, label)
        return number
    if tp is str:
        if not isinstance(value, str):
            quote = "; put it in quotes to make it text" if isinstance(value, (bool, int, float)) else ""
            raise InputError(location, f"{label} is {_what(value)}; expected text{quote}", "input.type")
        longest = limits.max_length or MAX_TEXT
        if len(value) > longest:
            raise InputError(location, f"{label} is {len(value):,} characters long; it may have at most {longest:,}",
                             "input.too-large")
        return value
    if tp is Any:
        return value
    raise TypeError(f"spec type {tp!r} is not supported")  # a programming error, not a user's


def _convert_tuple(tp, value, location: Location, context: Context, label: str, limits: Limits) -> tuple:
    """A fixed-length list such as [column, row]: exactly as many items as the type has."""
    item_types = typing.get_args(tp)
    expected = describe(tp, limits.parts)
    if not isinstance(value, list):
        raise InputError(location, f"{label} is {_what(value)}; expected {expected}", "input.type")
    if len(value) != len(item_types):
        raise InputError(location, f"{label} is {_show(value)}; expected {expected}, got {len(value) or 'none'}",
                         "input.type")
    places = value.item_locations if isinstance(value, YamlList) else [location] * len(value)
    names = _part_names(len(item_types), limits.parts)
    errors = ErrorList()
    items = []
    for i, (item_type, item) in enumerate(zip(item_types, value)):
        item_label = f"the {names[i]} of {label}" if limits.parts else f"{label}[{i}]"
        with errors.guard():
            items.append(convert(item_type, item, places[i], context, item_label, limits))
    errors.raise_if_any()
    return tuple(items)


def _check_number(limits: Limits, number, location: Location, label: str) -> None:
    """A number must be finite and in its field's range (or the default range)."""
    if isinstance(number, float) and not math.isfinite(number):
        what = ".nan (not a number)" if math.isnan(number) else f"{_number(number)} (infinite)"
        raise InputError(location, f"{label} is {what}; expected a finite number {limits.text()}", "input.not-finite")
    if limits.positive and number <= 0:
        raise InputError(location, f"{label} is {number}; a size must be greater than 0", "input.not-positive")
    if number < limits.low:
        raise InputError(location, f"{label} is {_number(number)}; it must be at least {limits.low}", "input.out-of-range")
    if number > limits.high:
        if limits.count:
            message = f"at most {limits.high} is allowed (is it a typo?)"
            rule = "input.too-many"
        elif limits.positive and limits.maximum is None:
            message = f"a size must be at most {MAX_SIZE_MM} mm (is it a typo?)"
            rule = "input.out-of-range"
        else:
            message = f"it must be at most {_number(limits.high)}"
            rule = "input.out-of-range"
        raise InputError(location, f"{label} is {_number(number)}; {message}", rule)


def refuse_set_inside(value, location: Location) -> None:
    """A key that `--set title.x=1` set inside a single value (yamlio.apply_override) is refused where
    the value is read: only a template's name, or what reads an `extends:`, takes keys so."""
    if isinstance(value, YamlMap) and value.set_inside_value:  # (a plain value has no such attribute to look up)
        raise InputError(location, f'cannot set inside "{value.set_inside_value}", which is a single value',
                         "input.set-syntax")


@functools.lru_cache(maxsize=None)
def _fields_of(cls) -> tuple[dict, dict]:
    """A dataclass's resolved type hints and its init fields by name: worked out once per class (the
    hints are strings to evaluate, and a layout builds a hundred elements of one class)."""
    return typing.get_type_hints(cls), {f.name: f for f in dataclasses.fields(cls) if f.init}


def build(cls, data, location: Location, context: Context, label: str):
    """Build dataclass `cls` from a located mapping, checking keys, types and limits.

    Every unknown key, missing key and bad value is reported, not only the first (one InputError
    carrying them all, in the order of the file).
    """
    label_text = label or "the game file"
    if not isinstance(data, dict):
        raise InputError(location, f"{label_text} is {_what(data)}; expected a mapping with keys {', '.join(f.name for f in dataclasses.fields(cls))}", "input.type")
    hints, known = _fields_of(cls)
    if "extends" not in known:
        refuse_set_inside(data, location)
    key_places = data.key_locations if isinstance(data, YamlMap) else {}
    errors = ErrorList()
    meant: set[str] = set()  # known keys that an unknown key is probably a typo of
    for key in data:
        if key not in known:
            suggestion = closest(key, known)
            if suggestion is not None:
                meant.add(suggestion)
            errors.add(InputError(
                key_places.get(key, location),
                f'unknown key "{key}" in {label_text}{did_you_mean(key, known)}',
                "input.unknown-key",
            ))
    values: dict[str, Any] = {}
    places: dict[str, Location] = {}
    for name, spec in known.items():
        if name not in data and (spec.default is not MISSING or spec.default_factory is not MISSING):
            places[name] = location  # left out, with a default: nothing to check (most keys of an element)
            continue
        place = data.where(name) if isinstance(data, YamlMap) else location
        places[name] = place
        if name not in data and hasattr(hints[name], "from_spec") and spec.default is MISSING:
            with errors.guard():  # left out: a type that reads itself decides what nothing means
                values[name] = convert(hints[name], None, location, context, f"{label}.{name}" if label else name)
            continue
        if name not in data:
            if spec.default is MISSING and spec.default_factory is MISSING and name not in meant:
                errors.add(InputError(location, f'{label_text} is missing the key "{name}" ({describe(hints[name])})',
                                      "input.missing-key"))
            continue
        raw = data[name]
        field_label = f"{label}.{name}" if label else name
        with errors.guard():
            template_kind = spec.metadata.get("template")
            if template_kind:
                raw = context.templates.expand(template_kind, raw, place, field_label)
            values[name] = convert(hints[name], raw, place, context, field_label, Limits.of(spec.metadata))
            _remember_items(places, name, raw, place)
    errors.raise_if_any()
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
