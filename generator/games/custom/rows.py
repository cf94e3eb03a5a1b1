"""A component's pieces as data rows: an inline list in the game file, or a CSV file beside it.

A CSV file has a header row and is UTF-8. Two columns mean something of their own: `count` repeats a
row (a whole number, 0 leaves it out) and `id` names its piece (unique within the component; without
it, pieces are numbered). Every other column is a field that a layout's `{field}` shows. Mistakes are
input errors at the file and line: `cards.csv:7: error: ...`.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from generator.errors import ErrorList, InputError, Location
from generator.paths import display_path
from generator.yamlio import YamlList, YamlMap, read_text

COUNT, ID = "count", "id"
MAX_COUNT = 500  # copies of one row: more is a typo, not a print run
SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


@dataclass(frozen=True)
class Row:
    """One row: its piece id, its fields (text, or numbers and true/false from YAML), and where it is."""

    id: str
    fields: dict
    location: Location


def read_rows(source, location: Location, component: str, base: Path) -> list[Row]:
    """The rows of `source`: a list of mappings, a CSV path relative to `base` (the game file's folder),
    or nothing (one piece with no fields). Each row repeated by its `count`."""
    if source is None:
        return [Row(f"{component}-1", {}, location)]
    if isinstance(source, str):
        return _counted(_csv_rows(base / source, location), component)
    if not isinstance(source, list) or not all(isinstance(item, dict) for item in source):
        raise InputError(location, f"rows of {component} must be a CSV file's name or a list of mappings",
                         "input.type")
    places = source.item_locations if isinstance(source, YamlList) else [location] * len(source)
    raw = []
    for item, place in zip(source, places):
        bad = [key for key, value in item.items() if isinstance(value, (dict, list))]
        if bad:
            where = item.where(bad[0]) if isinstance(item, YamlMap) else place
            raise InputError(where, f'field "{bad[0]}" of a row holds a list or a mapping; a field is one value',
                             "input.type")
        raw.append(({str(key): value for key, value in item.items()}, place))
    return _counted(raw, component)


def _csv_rows(path: Path, named_at: Location) -> list[tuple[dict, Location]]:
    shown = display_path(path)
    if not path.is_file():
        raise InputError(named_at, f'no CSV file "{shown}"; give the name of a CSV file beside the game file',
                         "input.missing-file")
    text = read_text(path, shown, hint="give a CSV file saved as UTF-8")
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise InputError(Location(shown, 1), "the CSV file is empty; its first row names the columns",
                         "input.csv") from None
    names = [name.strip() for name in header]
    errors = ErrorList()
    for index, name in enumerate(names):
        if not name:
            errors.add(InputError(Location(shown, 1, 1), f"column {index + 1} has no name in the header row",
                                  "input.csv"))
        elif names.index(name) != index:
            errors.add(InputError(Location(shown, 1, 1), f'two columns are named "{name}"', "input.csv"))
    errors.raise_if_any()
    rows = []
    for values in reader:
        line = reader.line_num
        if not any(value.strip() for value in values):
            continue  # a blank line
        if len(values) != len(names):
            errors.add(InputError(Location(shown, line), f"{len(values)} values for {len(names)} columns "
                                  f"({', '.join(names)})", "input.csv"))
            continue
        rows.append(({name: value.strip() for name, value in zip(names, values)}, Location(shown, line)))
    errors.raise_if_any()
    return rows


def _counted(raw: list[tuple[dict, Location]], component: str) -> list[Row]:
    """Each row `count` times, with its id (given, or the component and a number)."""
    errors = ErrorList()
    rows: list[Row] = []
    seen: dict[str, Location] = {}
    for fields, place in raw:
        count = fields.pop(COUNT, 1)
        given = fields.pop(ID, None)
        with errors.guard():
            count = _count(count, place)
            if given is not None:
                given = str(given).strip()
                if not SAFE_ID.match(given):
                    raise InputError(place, f'id "{given}" must be letters, digits, ".", "-" and "_"', "input.bad-id")
                if given in seen:
                    raise InputError(place, f'the id "{given}" is given twice (first at line {seen[given].line}); '
                                     "every piece needs its own", "input.duplicate-id")
                seen[given] = place
            for copy in range(1, count + 1):
                base = given or f"{component}-{len(rows) + 1}"
                rows.append(Row(base if copy == 1 or not given else f"{base}-{copy}", fields, place))
    errors.raise_if_any()
    return rows


def _count(value, place: Location) -> int:
    if isinstance(value, str):
        value = value.strip()
        if not value.isdigit():
            raise InputError(place, f'count "{value}" is not a whole number; give 0 or more copies', "input.type")
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(place, f"count {value!r} is not a whole number of copies (0 or more)", "input.type")
    if value > MAX_COUNT:
        raise InputError(place, f"count {value}: at most {MAX_COUNT} copies of a row (is it a typo?)",
                         "input.too-many")
    return value
