"""YAML with positions: every mapping and list remembers where each of its values came from.

Loaded with PyYAML's SafeLoader only. The result is plain dicts and lists (subclasses) so game code
can treat it as ordinary data, while error messages can still name file, line and column.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.errors import InputError, Location


class YamlMap(dict):
    """A mapping that knows where it starts and where each of its values and keys is."""

    location: Location
    value_locations: dict
    key_locations: dict

    def where(self, key) -> Location:
        return self.value_locations.get(key, self.location)


class YamlList(list):
    """A list that knows where it starts and where each item is."""

    location: Location
    item_locations: list

    def where(self, index: int) -> Location:
        if 0 <= index < len(self.item_locations):
            return self.item_locations[index]
        return self.location


def _location(mark) -> Location:
    return Location(mark.name, mark.line + 1, mark.column + 1)


class _LocatingLoader(yaml.SafeLoader):
    """SafeLoader whose mappings and sequences carry positions and refuse duplicate keys."""


def _construct_mapping(loader: _LocatingLoader, node: yaml.MappingNode) -> YamlMap:
    loader.flatten_mapping(node)
    result = YamlMap()
    result.location = _location(node.start_mark)
    result.value_locations = {}
    result.key_locations = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        where = _location(key_node.start_mark)
        if not isinstance(key, (str, int, float, bool)) or key is None:
            raise InputError(where, "a key must be a plain word or number", "input.type")
        if key in result:
            first = result.key_locations[key]
            raise InputError(
                where, f'duplicate key "{key}" (first given on line {first.line}); keep one', "input.duplicate-key"
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_locations[key] = where
        result.value_locations[key] = _location(value_node.start_mark)
    return result


def _construct_sequence(loader: _LocatingLoader, node: yaml.SequenceNode) -> YamlList:
    result = YamlList(loader.construct_object(child, deep=True) for child in node.value)
    result.location = _location(node.start_mark)
    result.item_locations = [_location(child.start_mark) for child in node.value]
    return result


_LocatingLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LocatingLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def read_text(path: Path, display: str) -> str:
    """The file's text, refusing files that are missing, binary or not UTF-8."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(Location(display), "no such file; give a bundled game name or a path to a game YAML", "input.missing-file") from None
    except IsADirectoryError:
        raise InputError(Location(display), "is a directory; give a game YAML file", "input.missing-file") from None
    except OSError as error:
        raise InputError(Location(display), f"cannot read the file ({error.strerror})", "input.missing-file") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        col = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise InputError(
            Location(display, line, col), "the file is not UTF-8 text; save it as UTF-8 YAML", "input.encoding"
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise InputError(Location(display, line, 1), "the file holds binary data, not YAML text", "input.encoding")
    return text.lstrip("\ufeff")


def parse_yaml(text: str, display: str):
    """Parse YAML text into YamlMap/YamlList/scalars, turning every parser complaint into one InputError."""
    loader = _LocatingLoader(text)
    loader.name = display
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = _location(mark) if mark else Location(display)
        problem = " ".join(str(error.problem or error.context or "invalid YAML").split())
        if isinstance(error, yaml.constructor.ConstructorError):
            problem += " (only plain YAML is accepted: mappings, lists, text and numbers)"
        raise InputError(where, f"invalid YAML: {problem}", "input.yaml-syntax") from None
    except yaml.YAMLError as error:
        raise InputError(Location(display), f"invalid YAML: {error}", "input.yaml-syntax") from None
    finally:
        loader.dispose()


def load_yaml(path: Path, display: str | None = None):
    display = display or str(path)
    return parse_yaml(read_text(path, display), display)


def apply_override(root: YamlMap, assignment: str) -> None:
    """Apply one `--set dotted.path=value` to loaded data; the value is read as a YAML scalar."""
    where = Location(f"--set {assignment}")
    key_path, sep, raw_value = assignment.partition("=")
    if not sep or not key_path.strip():
        raise InputError(where, "expected KEY=VALUE, e.g. deck.back.colour=navy", "input.set-syntax")
    value = parse_yaml(raw_value, f"--set {assignment}") if raw_value.strip() else ""
    if isinstance(value, (YamlMap, YamlList)):
        _relocate(value, where)
    node = root
    parts = key_path.strip().split(".")
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        if isinstance(node, YamlList):
            if not part.isdigit() or int(part) >= len(node):
                raise InputError(where, f'"{part}" is not an index of the list at {".".join(parts[:depth])} (0 to {len(node) - 1})', "input.set-syntax")
            index = int(part)
            if last:
                node[index] = value
                node.item_locations[index] = where
            else:
                node = node[index]
        elif isinstance(node, YamlMap):
            if part not in node and part.isdigit():
                part = int(part)  # `win_targets.2` names the number key 2, as YAML reads it
            if last:
                node[part] = value
                node.value_locations[part] = where
                node.key_locations.setdefault(part, where)
            else:
                if isinstance(node.get(part), str):
                    # A name that refers to a template stands for {extends: name}; setting one of its
                    # fields (`deck.piece.width_mm=57`) extends the template instead of replacing it.
                    node[part] = _mapping({"extends": node[part]}, node.where(part))
                if part not in node:
                    node[part] = _mapping({}, where)
                    node.value_locations[part] = node.key_locations[part] = where
                node = node[part]
        else:
            raise InputError(where, f'cannot set inside "{".".join(parts[:depth])}", which is a single value', "input.set-syntax")


def _mapping(items: dict, where: Location) -> YamlMap:
    result = YamlMap(items)
    result.location = where
    result.value_locations = {key: where for key in items}
    result.key_locations = dict(result.value_locations)
    return result


def _relocate(value, where: Location) -> None:
    """Give a value parsed from the command line the command line as its location."""
    if isinstance(value, YamlMap):
        value.location = where
        value.value_locations = {key: where for key in value}
        value.key_locations = dict(value.value_locations)
        children = value.values()
    else:
        value.location = where
        value.item_locations = [where] * len(value)
        children = value
    for child in children:
        if isinstance(child, (YamlMap, YamlList)):
            _relocate(child, where)
