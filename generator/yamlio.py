"""YAML with positions: every mapping and list remembers where each of its values came from.

Loaded with PyYAML's SafeLoader only. The result is plain dicts and lists (subclasses) so game code
can treat it as ordinary data, while error messages can still name file, line and column.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from yaml.events import (AliasEvent, MappingEndEvent, MappingStartEvent, ScalarEvent, SequenceEndEvent,
                         SequenceStartEvent)

from generator.errors import InputError, Location

#: Lists and mappings nest at most this deep (aliases included). A game file needs about six
#: levels; PyYAML itself recurses on nesting and would crash at a few hundred.
MAX_DEPTH = 50
#: At most this many values in one document, counting every value an alias repeats (a "billion
#: laughs" file of a few lines would otherwise expand to billions of values).
MAX_VALUES = 100_000
#: Whole numbers longer than this are refused while reading (Python refuses > 4300 digits anyway).
MAX_DIGITS = 100


class YamlMap(dict):
    """A mapping that knows where it starts and where each of its values and keys is, and the text
    of each single value as the file wrote it (`texts`: `No`, `010`, `12:30`, which YAML 1.1 reads
    as false, 8 and 750), for data whose fields are text (a game's rows)."""

    location: Location
    value_locations: dict
    key_locations: dict
    texts: dict = {}
    key_texts: dict = {}  # each key as the file wrote it (010, which YAML 1.1 reads as 8)
    #: The dotted path of a single value that `--set` set a key inside (`--set title.x=1`), which made it
    #: this mapping, {extends: value, x: 1}: a template's name is extended so, any other value cannot be.
    set_inside_value: str = ""

    def text(self, key) -> str:
        """The value of `key` as written in the file: its text, or str() of it when it was not read
        from a file."""
        if key in self.texts:
            return self.texts[key]
        value = self[key]
        return "" if value is None else str(value)

    def where(self, key) -> Location:
        return self.value_locations.get(key, self.location)


class YamlList(list):
    """A list that knows where it starts and where each item is."""

    location: Location
    item_locations: list
    texts: list = []  # each single item as the file wrote it (None for a list or mapping)

    def where(self, index: int) -> Location:
        if 0 <= index < len(self.item_locations):
            return self.item_locations[index]
        return self.location


def _location(mark) -> Location:
    return Location(mark.name, mark.line + 1, mark.column + 1)


class _LocatingLoader(yaml.SafeLoader):
    """SafeLoader whose mappings and sequences carry positions and refuse duplicate keys.

    It also refuses, with one located error each and before PyYAML recurses: nesting deeper than
    MAX_DEPTH, documents that expand (through aliases) to more than MAX_VALUES values, and whole
    numbers of more than MAX_DIGITS digits. Dates stay text, `1e3` is a number (as in YAML 1.2),
    and the tags that build other kinds of value (!!binary, !!set, !!omap, !!pairs, !!timestamp)
    are refused: game data is mappings, lists, text, numbers and true/false.
    """

    def __init__(self, stream, display: str = "<text>"):
        super().__init__(stream)
        self.name = self.display = display
        self._depth = 0
        self._measured: dict[int, tuple[yaml.Node, int, int]] = {}  # id -> (node, height, values)

    def locate(self, mark) -> Location:
        return Location(self.display, mark.line + 1, mark.column + 1)

    def compose_node(self, parent, index):
        event = self.peek_event()
        if not isinstance(event, (SequenceStartEvent, MappingStartEvent)):
            return super().compose_node(parent, index)  # a scalar or an alias: nothing nests here
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise InputError(_location(event.start_mark), _too_deep(), "input.too-deep")
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        self._measure(node)
        return node

    def _measure(self, node) -> None:
        """How deep and how many values a collection is once its aliases are expanded."""
        children = node.value if isinstance(node, yaml.SequenceNode) else [n for pair in node.value for n in pair]
        height, values = 1, 1
        for child in children:
            _, child_height, child_values = self._measured.get(id(child), (child, 0, 1))
            height = max(height, child_height + 1)
            values += child_values
        if height > MAX_DEPTH:
            raise InputError(_location(node.start_mark), _too_deep(" (counting what its aliases repeat)"),
                             "input.too-deep")
        if values > MAX_VALUES:
            raise InputError(_location(node.start_mark), f"this expands to more than {MAX_VALUES} values (aliases "
                             "repeating aliases); write the data out, or repeat less", "input.too-large")
        self._measured[id(node)] = (node, height, values)


def _too_deep(how: str = "") -> str:
    return (f"lists and mappings nest more than {MAX_DEPTH} levels deep here{how}; a game file needs only a "
            "few levels: check the brackets and the indentation")


_TIMESTAMP, _BOOL = "tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:bool"
# Dates stay text (`title: 2024-05-01` is a title, not a date), and so do yes, no, on and off (YAML
# 1.1's booleans): a column of yes and no is a designer's values, `off:` an element's name and
# `{yes: 10, no: 22}` a count per value. Only true and false are true/false, as in YAML 1.2.
_LocatingLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag not in (_TIMESTAMP, _BOOL)]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_LocatingLoader.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
# YAML 1.2 numbers without a decimal point: 1e3, 2E-2, -5e+10 (YAML 1.1 reads them as text).
_LocatingLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float", re.compile(r"^[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?[eE][-+]?[0-9]+$"), list("-+0123456789")
)


def _construct_int(loader, node: yaml.ScalarNode) -> int:
    digits = sum(char.isalnum() for char in str(node.value))  # 0x ff, 0o 17, 1:30 (base 60) included
    if digits > MAX_DIGITS:
        raise InputError(loader.locate(node.start_mark), f"a whole number of {digits} digits is far too large; "
                         "check the value", "input.out-of-range")
    try:
        return yaml.SafeLoader.construct_yaml_int(loader, node)
    except ValueError:
        raise InputError(loader.locate(node.start_mark), f'"{node.value}" is not a number YAML can read',
                         "input.yaml-syntax") from None


def _refuse_tag(loader, node: yaml.Node):
    raise yaml.constructor.ConstructorError(
        None, None, f"the tag {node.tag.replace('tag:yaml.org,2002:', '!!')} is not accepted", node.start_mark
    )


def _construct_mapping(loader, node: yaml.MappingNode) -> YamlMap:
    loader.flatten_mapping(node)
    result = YamlMap()
    result.location = loader.locate(node.start_mark)
    result.value_locations = {}
    result.key_locations = {}
    result.texts = {}
    result.key_texts = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        where = loader.locate(key_node.start_mark)
        if not isinstance(key, (str, int, float, bool)) or key is None:
            raise InputError(where, "a key must be a plain word or number", "input.type")
        if key in result:
            first = result.key_locations[key]
            raise InputError(
                where, f'duplicate key "{key}" (first given on line {first.line}); keep one', "input.duplicate-key"
            )
        result[key] = loader.construct_object(value_node, deep=True)
        if isinstance(value_node, yaml.ScalarNode):
            result.texts[key] = value_node.value
        if isinstance(key_node, yaml.ScalarNode):
            result.key_texts[key] = key_node.value
        result.key_locations[key] = where
        result.value_locations[key] = loader.locate(value_node.start_mark)
    return result


def _construct_sequence(loader, node: yaml.SequenceNode) -> YamlList:
    result = YamlList(loader.construct_object(child, deep=True) for child in node.value)
    result.location = loader.locate(node.start_mark)
    result.item_locations = [loader.locate(child.start_mark) for child in node.value]
    result.texts = [child.value if isinstance(child, yaml.ScalarNode) else None for child in node.value]
    return result


_LocatingLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LocatingLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)
_LocatingLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)
for _tag in ("binary", "set", "omap", "pairs", "timestamp"):
    _LocatingLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _refuse_tag)


if getattr(yaml, "__with_libyaml__", False):
    class _FastLoader(yaml.CSafeLoader):
        """libyaml scans, parses and composes in C (ten times PyYAML's pure-Python speed); the
        constructors and resolvers are _LocatingLoader's, so what it builds is the same. Its composer
        recurses and expands aliases unguarded, so it is only given documents that `_shape_ok` found
        within the limits, and any complaint sends the text to _LocatingLoader, whose messages the
        user sees."""

        yaml_constructors = _LocatingLoader.yaml_constructors
        yaml_implicit_resolvers = _LocatingLoader.yaml_implicit_resolvers

        def __init__(self, stream, display: str):
            super().__init__(stream)
            self.display = display

        locate = _LocatingLoader.locate
else:  # a PyYAML built without libyaml
    _FastLoader = None


def _shape_ok(text: str) -> bool:
    """Whether the document nests at most MAX_DEPTH deep and expands to at most MAX_VALUES values
    (aliases counted as what they repeat), read from libyaml's events, which it makes without
    recursing. Counted as _LocatingLoader._measure counts."""
    open_: list[list] = []  # per open collection: [height, values, anchor]
    anchors: dict[str, tuple[int, int]] = {}

    def add(height: int, values: int) -> None:
        if open_:
            parent = open_[-1]
            parent[0] = max(parent[0], height + 1)
            parent[1] += values

    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        if isinstance(event, (SequenceStartEvent, MappingStartEvent)):
            if len(open_) >= MAX_DEPTH:
                return False
            open_.append([1, 1, event.anchor])
        elif isinstance(event, (SequenceEndEvent, MappingEndEvent)):
            height, values, anchor = open_.pop()
            if height > MAX_DEPTH or values > MAX_VALUES:
                return False
            if anchor:
                anchors[anchor] = (height, values)
            add(height, values)
        elif isinstance(event, ScalarEvent):
            if event.anchor:
                anchors[event.anchor] = (0, 1)
            add(0, 1)
        elif isinstance(event, AliasEvent):
            add(*anchors.get(event.anchor, (0, 1)))
    return True


def _parse_fast(text: str, display: str):
    """The document as libyaml reads it; raises yaml.YAMLError where it has any complaint, or the
    document is outside the limits."""
    if _FastLoader is None or not _shape_ok(text):
        raise yaml.YAMLError("left to the pure-Python loader")
    loader = _FastLoader(text, display)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


GAME_FILE_HINT = "give a bundled game name or a path to a game YAML"


def read_text(path: Path, display: str, hint: str = GAME_FILE_HINT, kind: str = "game",
              location: Location | None = None) -> str:
    """The file's text, refusing files that are missing, not regular files, too large (reading.KINDS
    caps each kind), binary or not UTF-8. `hint` says what to give instead of a missing file (a
    game, by default); `location` is where the file was named (by default, the file itself)."""
    from generator.reading import KINDS, read_file

    raw = read_file(path, kind, location or Location(display), display, hint)
    noun = KINDS[kind].noun
    return decode_text(raw, display, noun, "CSV" if kind == "rows" else "YAML")


def decode_text(raw: bytes, display: str, noun: str, what: str) -> str:
    """Bytes as UTF-8 text (a byte-order mark dropped); anything else is an error at the first byte
    that is not, saying what the file is (`noun`) and how to save it (as UTF-8 `what`)."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputError(Location(display, 1, 1), f"the {noun} is UTF-16 text; save it as UTF-8 {what}",
                         "input.encoding")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        col = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise InputError(Location(display, line, col), f"the {noun} is not UTF-8 text (a latin-1 or Windows "
                         f"export?); save it as UTF-8 {what}", "input.encoding") from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise InputError(Location(display, line, 1), f"the {noun} holds binary data, not {what} text",
                         "input.encoding")
    return text.lstrip("\ufeff")


#: Characters YAML does not allow in a document (PyYAML's Reader refuses them as it opens one).
_UNPRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")


def parse_yaml(text: str, display: str):
    """Parse YAML text into YamlMap/YamlList/scalars, turning every parser complaint into one InputError."""
    unprintable = _UNPRINTABLE.search(text)
    if unprintable:
        before = text[:unprintable.start()]
        raise InputError(Location(display, before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1),
                         f"the text holds a control character (U+{ord(unprintable.group()):04X}), which YAML does not "
                         "allow; take it out", "input.encoding")
    try:
        return _parse_fast(text, display)
    except (yaml.YAMLError, RecursionError):
        pass  # read it again below, for the messages users know
    loader = _LocatingLoader(text, display)
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = _location(mark) if mark else Location(display)
        problem = " ".join(str(error.problem or error.context or "invalid YAML").split())
        if isinstance(error, yaml.constructor.ConstructorError):
            problem += " (only plain YAML is accepted: mappings, lists, text and numbers)"
        elif mark is not None and any("#" in _line(text, index) for index in (mark.line - 1, mark.line)):
            problem += ' (an unquoted "#" starts a comment, which may have eaten a bracket: write "#rrggbb" in quotes)'
        raise InputError(where, f"invalid YAML: {problem}", "input.yaml-syntax") from None
    except yaml.YAMLError as error:
        raise InputError(Location(display), f"invalid YAML: {' '.join(str(error).split())}", "input.yaml-syntax") from None
    except RecursionError:  # a last line of defence: the composer refuses deep nesting before this
        raise InputError(Location(display), _too_deep(), "input.too-deep") from None
    finally:
        loader.dispose()


def _line(text: str, index: int) -> str:
    lines = text.splitlines()
    return lines[index] if 0 <= index < len(lines) else ""


def load_yaml(path: Path, display: str | None = None, hint: str = GAME_FILE_HINT, kind: str = "game",
              location: Location | None = None):
    display = display or str(path)
    return parse_yaml(read_text(path, display, hint, kind, location), display)


_NULL_WORDS = ("~", "null", "Null", "NULL")
_COMMENT_HINT = 'YAML reads "#" as the start of a comment'


def _parse_value(raw_value: str, key_path: str, where: Location):
    """A --set value, read as YAML; an unquoted "#" gets a hint rather than a puzzling "nothing"."""
    text = raw_value.strip()
    quoted = f"--set '{key_path.strip()}=\"{text}\"'"
    try:
        value = parse_yaml(raw_value, where.file) if text else ""
    except InputError as error:
        if "#" in raw_value:
            raise error.with_message(f"{error.message}; {_COMMENT_HINT}: quote the value, e.g. {quoted}") from None
        raise
    if value is None and "#" in raw_value and text not in _NULL_WORDS:
        raise InputError(where, f"{_COMMENT_HINT}, so the value is empty; quote it: {quoted}", "input.set-syntax")
    return value


def apply_override(root: YamlMap, assignment: str) -> None:
    """Apply one `--set dotted.path=value` to loaded data; the value is read as a YAML scalar."""
    shown = assignment if len(assignment) <= 80 else f"{assignment[:60]}...({len(assignment)} characters)"
    where = Location(f"--set {shown}")
    key_path, sep, raw_value = assignment.partition("=")
    if not sep or not key_path.strip():
        raise InputError(where, "expected KEY=VALUE, e.g. style.back=navy", "input.set-syntax")
    value = _parse_value(raw_value, key_path, where)
    if isinstance(value, (YamlMap, YamlList)):
        _relocate(value, where)
    node = root
    parts = key_path.strip().split(".")
    if not all(part.strip() for part in parts):  # `a..b`, `.x`, `title.`: no key is named ""
        raise InputError(where, f'"{key_path.strip()}" has an empty name between its dots; write key names joined by '
                         "single dots, e.g. style.back=navy", "input.set-syntax")
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        if isinstance(node, YamlList):
            if not part.isdigit() or int(part) >= len(node):
                at = ".".join(parts[:depth])
                known = f"0 to {len(node) - 1}" if node else "it is empty"
                raise InputError(where, f'"{part}" is not an index of the list at {at} ({known})', "input.set-syntax")
            index = int(part)
            if last:
                node[index] = value
                node.item_locations[index] = where
                if len(node.texts) == len(node):
                    node.texts[index] = None if isinstance(value, (YamlMap, YamlList)) else _scalar_text(raw_value)
            else:
                node = node[index]
        elif isinstance(node, YamlMap):
            if part not in node and part.isdigit():
                part = int(part)  # `win_targets.2` names the number key 2, as YAML reads it
            if last:
                node[part] = value
                node.value_locations[part] = where
                node.key_locations.setdefault(part, where)
                node.texts = {key: text for key, text in node.texts.items() if key != part}
                if not isinstance(value, (YamlMap, YamlList)):
                    node.texts[part] = _scalar_text(raw_value)
            else:
                if isinstance(node.get(part), str):
                    # A name that refers to a template stands for {extends: name}; setting one of its
                    # fields (`deck.piece.width_mm=57`) extends the template instead of replacing it.
                    node[part] = _mapping({"extends": node[part]}, node.where(part))
                    node[part].set_inside_value = ".".join(parts[:depth + 1])
                    # A mistake in the name is the file's; in what the --set made of it, the --set's
                    # (a reader that expects no `extends:` tells of a key no file wrote).
                    node[part].key_locations["extends"] = node.value_locations[part] = where
                if part not in node:
                    node[part] = _mapping({}, where)
                    node.value_locations[part] = node.key_locations[part] = where
                node = node[part]
        else:
            raise InputError(where, f'cannot set inside "{".".join(parts[:depth])}", which is a single value', "input.set-syntax")


def _scalar_text(raw_value: str) -> str:
    """A --set value's text as written, its quotes taken off (`"No"` is the text No)."""
    try:
        node = yaml.compose(raw_value, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return raw_value.strip()
    return node.value if isinstance(node, yaml.ScalarNode) else raw_value.strip()


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
