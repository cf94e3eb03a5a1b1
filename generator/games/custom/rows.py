"""A component's pieces as data rows: an inline list in the game file, or a CSV file or a spreadsheet
beside it (`rows: cards.xlsx`, or `rows: {file: cards.ods, sheet: Cards}`: sheets.py).

A CSV file has a header row and is UTF-8. Two columns mean something of their own: `count` repeats a
row (a whole number, 0 leaves it out) and `id` names its piece (unique within the component; without
it, pieces are numbered). Every other column is a field that a layout's `{field}` shows. A field is
the text as written, in a CSV cell or in the game file alike: an inline `name: No` is the text "No",
`code: 010` is "010" (YAML 1.1 would read false and 8). Mistakes are input errors at the file and
line: `cards.csv:7: error: ...`. A first line `sep=,` (Excel's hint of the separator) is read past.

Copies of a row take its id and a number (`a`, `a-2`, `a-3`); a row without an id is numbered after
its component (`card-1`, `card-2`...). A generated id that another row gives is an error, so no two
pieces ever share an id; nor may two differ only in case (`A` and `a`), as their files, named by id,
would be one file on macOS and Windows. A row whose count or id is wrong is still read, once, for
what else it names (BadRows.rows), so that its symbols and pictures are checked in the same run.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from dataclasses import dataclass
from pathlib import PurePath
from typing import Iterable, Iterator

from generator.errors import ErrorList, InputError, InputErrors, Location, combine, did_you_mean
from generator.interning import interned
from generator.paths import display_path
from generator.schema import refuse_set_inside
from generator.yamlio import YamlList, YamlMap, decode_text

COUNT, ID = "count", "id"
GIVEN, COPY, NUMBERED = range(3)  # how a piece's id was made
MAX_COUNT = 500  # copies of one row: more is a typo, not a print run
#: Pieces of one component: a print run of ten thousand cards fits (it takes 1,112 sheets); more is a
#: mistake, refused before the rest of the file is read.
MAX_PIECES = 10_000
#: The longest field: a card's rules text is a few hundred characters; a cell of a megabyte is a mistake.
MAX_CELL = 10_000
#: Files read as spreadsheets, by their extension (any other is read as CSV).
SPREADSHEETS = (".xlsx", ".xlsm", ".xls", ".ods")
#: Spreadsheets that are not read, by their extension: what the file is and what to save it as.
UNREAD = {
    ".xlsb": "an Excel binary workbook (.xlsb), which is not read; save it as .xlsx (Excel Workbook) or .ods",
    ".numbers": "a Numbers spreadsheet (.numbers), which is not read; export it as .xlsx (File > Export To > "
                "Excel) or as CSV",
    ".fods": "a flat OpenDocument spreadsheet (.fods), which is not read; save it as .ods or .xlsx",
    ".gsheet": "a link to a Google Sheets spreadsheet (.gsheet), not its cells; download it from Google Sheets "
               "(File > Download > Microsoft Excel (.xlsx))",
}
#: How a workbook's bytes start (a zip: .xlsx, .ods; a compound file: Excel 97-2003's .xls).
ZIP, CFB = b"PK\x03\x04", bytes.fromhex("d0cf11e0a1b11ae1")
SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
WHOLE_NUMBER = re.compile(r"^[0-9]+$")
#: Characters a field may not hold: control characters, but for a tab and the new line of a quoted cell.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: A line of a CSV file, with its end as written: \n, \r\n or \r, as a file opened with newline="" reads.
LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+")
#: Excel's hint of a CSV file's separator, a first line of its own: `sep=,`.
SEP_HINT = re.compile(r'"?sep=(.)"?[ \t]*(?:\r\n?|\n|\Z)', re.IGNORECASE)


def first_sheet_note(source) -> str:
    """For a component whose rows came out empty: the sheet of a workbook that was read (its first,
    when `source` names none; a sheet of notes, often) and how to read another."""
    if isinstance(source, dict):
        source = None if "sheet" in source else source.get("file")
    if isinstance(source, str) and _extension(source) in SPREADSHEETS:
        return f"; {source}'s first sheet is the one read: rows: {{file: {source}, sheet: NAME}} reads another"
    return ""


@dataclass(frozen=True, slots=True)  # one per row of a deck of thousands
class Row:
    """One row: its piece id, its fields (text, as written) and where it is. The fields are kept as
    their names, one tuple shared by the rows of a file, and this row's values."""

    id: str
    names: tuple[str, ...]
    values: tuple
    location: Location

    @property
    def fields(self) -> dict:
        return dict(zip(self.names, self.values))

    def value(self, field: str):
        """A field's value for a rule: the row's `id` is one too."""
        if field == ID:
            return self.id
        return self.values[self.names.index(field)] if field in self.names else None

    @property
    def shown(self) -> dict:
        """What a layout's `{field}` may show: the row's fields and its id (a copy's own, `c4-2`)."""
        return {**self.fields, ID: self.id}

    def has(self, field: str) -> bool:
        return field == ID or field in self.names


def lacking_field(lacking: list[Row], component: str, field: str, reader: str) -> InputError:
    """The error of rows without a field that `reader` reads (`rule costs`, `group: suit`), while other
    rows have it: at the first of them, naming the lines of a few others."""
    lines = ", ".join(str(row.location.line) for row in lacking[1:6]) + (", ..." if len(lacking) > 6 else "")
    more = f" (and the rows at lines {lines})" if len(lacking) > 1 else ""
    return InputError(lacking[0].location, f'this {component} row has no "{field}"{more}, which {reader} reads; '
                      "give it a value", "input.missing-field")


class BadRows(InputErrors):
    """The mistakes of a component's rows, with the rows that could be read all the same (`rows`: each
    once, a row whose count or id is wrong among them), so that what they name is checked too."""

    def __init__(self, errors: list[InputError], rows: list[Row]):
        super().__init__(combine(errors).errors)  # in reading order, each once
        self.rows = rows


def read_rows(source, location: Location, component: str, reader) -> list[Row]:
    """The rows of `source`: a list of mappings, the name of a CSV file or a spreadsheet in the game's
    folder (read by `reader`), a mapping of such a file and a sheet of it, or nothing (one piece with
    no fields). Each row repeated by its `count`. Mistakes in rows are raised together as BadRows."""
    if source is None:
        return [Row(f"{component}-1", (), (), location)]
    errors = ErrorList()  # a file's mistakes and its rows' together, all at once
    if isinstance(source, str):
        return _counted(_file_rows(source, None, location, None, reader, errors), component, errors)
    if isinstance(source, dict):
        refuse_set_inside(source, location)  # --set components.card.rows.0=x: a file's name is one value
        return _counted(_mapped_rows(source, location, component, reader, errors), component, errors)
    if not isinstance(source, list) or not all(isinstance(item, dict) for item in source):
        raise InputError(location, f"rows of {component} must be the name of a CSV file or a spreadsheet, a mapping "
                         "{file: ..., sheet: ...}, or a list of mappings", "input.type")
    places = source.item_locations if isinstance(source, YamlList) else [location] * len(source)
    raw = []
    for item, place in zip(source, places):
        bad = [key for key, value in item.items() if isinstance(value, (dict, list))]
        if bad:
            where = item.where(bad[0]) if isinstance(item, YamlMap) else place
            errors.add(InputError(where, f'field "{bad[0]}" of a row holds a list or a mapping; a field is one value',
                                  "input.type"))
            continue
        written = item.text if isinstance(item, YamlMap) else (lambda key: "" if item[key] is None else str(item[key]))
        raw.append(({str(key): written(key) for key in item}, place))
    return _counted(raw, component, errors)  # a row left out above is told with the others' mistakes


def _file_rows(name: str, sheet: str | None, location: Location, sheet_location: Location | None,
               reader, errors: ErrorList) -> Iterable[tuple[dict, Location]]:
    """The raw rows of the file `name`: a spreadsheet by its extension (sheets.py), else CSV, whose
    rows are read as they are taken (their mistakes added to `errors`)."""
    extension = _extension(name)
    if extension in SPREADSHEETS:
        from .sheets import sheet_rows  # python-calamine is loaded only for a game that reads a spreadsheet

        return sheet_rows(reader, name, sheet, location, sheet_location, errors)
    if extension in UNREAD:  # read first, so that a name of no file says so
        try:
            reader.read(name, "rows", location, "give the name of a spreadsheet (.xlsx or .ods) beside the game file")
        except InputError as problem:  # the Reader calls every file of rows a CSV file
            raise problem.with_message(problem.message.replace("CSV file", "spreadsheet")) from None
        raise InputError(Location(display_path(reader.locate(name, "rows", location))),
                         f"the file is {UNREAD[extension]}", "input.spreadsheet")
    if sheet is not None:
        raise InputError(sheet_location or location, f'"{name}" is read as a CSV file, which has no sheets; a sheet is '
                         f"for a spreadsheet ({', '.join(SPREADSHEETS)})", "input.spreadsheet")
    data = reader.read(name, "rows", location, "give the name of a CSV file beside the game file")
    return _csv_rows(data, display_path(reader.locate(name, "rows", location)), errors)


def _extension(name: str) -> str:
    """A file name's extension, which chooses its reader: `cards.XLSX` and `cards.xlsx ` are .xlsx."""
    return PurePath(name.strip()).suffix.lower()


def _mapped_rows(source: dict, location: Location, component: str, reader,
                 errors: ErrorList) -> Iterable[tuple[dict, Location]]:
    """The raw rows `{file: cards.xlsx, sheet: Cards}` names (`sheet` left out: the first)."""
    where = source.where if isinstance(source, YamlMap) else (lambda key: location)
    for key in source:
        if key not in ("file", "sheet"):
            place = source.key_locations.get(key, location) if isinstance(source, YamlMap) else location
            errors.add(InputError(place, f'unknown key "{key}" in the rows of {component}'
                                  f"{did_you_mean(str(key), ('file', 'sheet'))}", "input.unknown-key"))
    if "file" not in source:
        errors.add(InputError(location, f"the rows of {component} name no file; give file: cards.xlsx (and sheet: "
                              "NAME for another sheet than the first)", "input.missing-key"))
    for key in ("file", "sheet"):
        if isinstance(source.get(key), (dict, list)) or source.get(key) is None and key in source:
            errors.add(InputError(where(key), f"{key} of the rows of {component} must be a name", "input.type"))
    errors.raise_if_any()
    written = source.text if isinstance(source, YamlMap) else (lambda key: str(source[key]))
    sheet = written("sheet") if "sheet" in source else None
    return _file_rows(written("file"), sheet, where("file"), where("sheet") if sheet is not None else None, reader,
                      errors)


def _csv_rows(data: bytes, shown: str, errors: ErrorList) -> Iterator[tuple[dict, Location]]:
    """A CSV file's raw rows, read as they are taken (a mistake in a row added to `errors`): its header
    is checked now, and the file is held once, as text, while its rows are read."""
    if data.startswith(ZIP):
        raise InputError(Location(shown), "the file is a spreadsheet saved under a CSV file's name, not CSV text; "
                         "name it .xlsx (or .ods) beside the game file and in rows:, or save it as CSV UTF-8 (Comma "
                         "delimited)", "input.csv")
    if data.startswith(CFB):
        raise InputError(Location(shown), "the file is an Excel 97-2003 workbook (.xls) saved under a CSV file's "
                         "name, not CSV text; save it as .xlsx (Excel Workbook) or as CSV UTF-8 (Comma delimited)",
                         "input.csv")
    text = decode_text(data, shown, "CSV file", "CSV")
    ended = []  # one item once csv asks for a line past the last: only a quoted cell left open does

    def lines():
        for match in LINE.finditer(text):
            yield match.group()
        ended.append(True)

    reader = csv.reader(lines())
    header_line = 1
    if hint := SEP_HINT.match(text):  # Excel's `sep=,`: read past it; another separator is refused below
        if hint.group(1) != ",":
            between = "tabs" if hint.group(1) == "\t" else f'"{hint.group(1)}"'
            raise InputError(Location(shown, 1), f'the first line "sep={hint.group(1)}" is Excel\'s hint that the '
                             f"file separates its columns with {between}; save it as CSV with commas (in Excel: CSV "
                             "UTF-8 (Comma delimited))", "input.csv")
        next(reader)
        header_line = 2
    try:
        header = next(reader)
    except StopIteration:
        raise InputError(Location(shown, header_line), "the CSV file is empty; its first row names the columns",
                         "input.csv") from None
    except csv.Error as problem:
        raise InputError(Location(shown, header_line), f"the header row cannot be read ({problem})",
                         "input.csv") from None
    if ended:
        raise InputError(Location(shown, _quote_opened(reader, header)), "a quote opened in the header row is never "
                         "closed; close it or take it out", "input.csv")
    names = [name.strip() for name in header]
    if len(names) == 1 and (separator := next((char for char in ";\t" if char in names[0]), None)):
        # Excel saves "CSV" with semicolons where a comma is the decimal point (much of Europe)
        shown_header = names[0] if len(names[0]) <= 40 else names[0][:37] + "..."
        between = "tabs" if separator == "\t" else '";"'
        raise InputError(Location(shown, header_line), f'the header "{shown_header}" is one column: the file '
                         f"separates its columns with {between}; save it as CSV with commas (in Excel: CSV UTF-8 "
                         "(Comma delimited))", "input.csv")
    header_errors = ErrorList()
    for index, name in enumerate(names):
        where = Location(shown, header_line, 1)
        if not name:
            header_errors.add(InputError(where, f"column {index + 1} has no name in the header row", "input.csv"))
        elif invisible := _invisible(name):
            visible = "".join(char for char in name if not _invisible(char))[:40]
            header_errors.add(InputError(where, f'the name of column {index + 1}, "{visible}", holds an invisible '
                                         f"character (U+{ord(invisible):04X}), so a layout's {{{visible}}} would not "
                                         "find it; take it out", "input.csv"))
        elif names.index(name) != index:
            header_errors.add(InputError(where, f'two columns are named "{name}"', "input.csv"))
    header_errors.raise_if_any()

    def records():
        while True:
            line = reader.line_num + 1  # where the row starts (a quoted cell may span lines)
            try:
                values = next(reader)
            except StopIteration:
                return
            except csv.Error as problem:  # a cell past csv's own limit (128 KB), a stray quote
                errors.add(InputError(Location(shown, line), _csv_problem(problem), "input.csv"))
                return
            if ended:  # csv ends a quoted cell left open at the end of the file, and the row with it
                cell = f' (the "{names[len(values) - 1]}" cell)' if len(values) <= len(names) else ""
                errors.add(InputError(Location(shown, _quote_opened(reader, values)), f"a quote opened in this "
                                      f"row{cell} is never closed; close it or take it out", "input.csv"))
                return
            if not any(value.strip() for value in values):
                continue  # a blank line
            if len(values) != len(names):
                errors.add(InputError(Location(shown, line), f"{len(values)} values for {len(names)} columns "
                                      f"({', '.join(names)})", "input.csv"))
                continue
            yield {name: _cell(value) for name, value in zip(names, values)}, Location(shown, line)

    return table_rows(records(), errors)


def _quote_opened(reader, values: list[str]) -> int:
    """The line where the quoted cell that the end of the file closed opens: its row's last, which
    holds the lines from there to the end as they were written."""
    return reader.line_num - max(len(LINE.findall(values[-1] if values else "")), 1) + 1


def _invisible(name: str) -> str | None:
    """A character of a column's name that shows as nothing: a control character (as CONTROL finds in
    a field) or a format one (Unicode's Cf: a zero-width space or joiner, a byte-order mark inside)."""
    found = CONTROL.search(name)
    if found:
        return found.group()
    return next((char for char in name if unicodedata.category(char) == "Cf"), None)


def _cell(value: str) -> str:
    """A cell as written, its line breaks as a spreadsheet's (\\n): a file saved with \\r\\n line ends holds
    them in its quoted cells too."""
    value = value.strip()
    return value.replace("\r\n", "\n").replace("\r", "\n") if "\r" in value else value


def table_rows(records, errors: ErrorList) -> Iterator[tuple[dict, Location]]:
    """A table's rows (a CSV file's, a sheet's: (fields, where), blank ones left out already), each cell
    at most MAX_CELL characters and at most MAX_PIECES of them read; each mistake added to `errors`."""
    taken = 0
    for fields, place in records:
        long = [name for name, value in fields.items() if len(value) > MAX_CELL]
        if long:
            errors.add(InputError(place, f'the "{long[0][:40]}" cell is longer than {MAX_CELL:,} characters; a field '
                                  "is a few lines of a card at most", "input.too-large"))
            continue
        taken += 1
        if taken > MAX_PIECES:
            errors.add(InputError(place, f"more than {MAX_PIECES:,} rows; a component may have at most "
                                  f"{MAX_PIECES:,} pieces", "input.too-large"))
            return
        yield fields, place


def _csv_problem(problem: csv.Error) -> str:
    if "field larger than field limit" in str(problem):
        return f"a cell is longer than {MAX_CELL:,} characters; a field is a few lines of a card at most"
    return f"this row cannot be read as CSV ({problem})"


def _counted(raw: Iterable[tuple[dict, Location]], component: str, errors: ErrorList) -> list[Row]:
    """Each row `count` times, with its id (given, or the component and a number), made as the raw
    rows are read. A generated id that a row gives too (row `a` twice beside a row `a-2`), or one
    that differs from it only in case, is an error at the row that gives it; so is a copy's id that a
    numbered piece has (row `card` twice beside two rows without an id), at the copied row. Every
    mistake, the raw rows' in `errors` too, raised at the end, as BadRows holding the rows read (a
    row whose count or id is wrong once, with the id as written)."""
    rows: list[Row] = []
    made = bytearray()  # each row's id: GIVEN, a given row's COPY or a NUMBERED piece's
    given_at: dict[str, Location] = {}  # by the id in lower case: `A` and `a` would be one file on macOS
    spellings: dict[str, str] = {}  # a given id that is not in lower case, as written, by its lower case
    columns: dict[tuple, tuple] = {}  # each file's names, held once for all its rows
    read: list[Row] = []  # the rows to check what they name, each once, if a mistake is found
    special: dict[tuple, tuple] = {}  # each file's names -> its count and id columns, as spelt (Count, ID)
    for fields, place in raw:  # the raw rows are this module's own: their fields are taken as they are
        keys = tuple(fields)
        count_key, id_key = special.get(keys) or special.setdefault(keys, (_spelt(keys, COUNT), _spelt(keys, ID)))
        count, given = fields.pop(count_key, "1"), fields.pop(id_key, None)
        given = None if given is None or not str(given).strip() else given  # an empty id cell: numbered
        try:
            _printable(fields, place)
        except InputError as problem:
            errors.add(problem)
            continue  # a field that cannot be shown: nothing more is read of the row
        names = columns.setdefault(tuple(fields), tuple(fields))
        values = tuple(_common(value) for value in fields.values())
        problems = ErrorList()
        with problems.guard():
            count = _count(count, place)
        with problems.guard():
            given = _given(given, place, given_at, spellings)
        if problems:
            for problem in problems.items:
                errors.add(problem)
            shown_id = str(given).strip() if given is not None else f"{component}-{len(rows) + 1}"
            read.append(Row(shown_id, names, values, place))
            continue
        if len(rows) + count > MAX_PIECES:
            errors.add(InputError(place, f"{component} would have more than {MAX_PIECES:,} pieces; a component may "
                                  f"have at most {MAX_PIECES:,}", "input.too-large"))
            break  # the rest is not read
        for copy in range(1, count + 1):
            if given:
                piece_id, how = (given, GIVEN) if copy == 1 else (f"{given}-{copy}", COPY)
            else:
                piece_id, how = f"{component}-{len(rows) + 1}", NUMBERED
            rows.append(Row(piece_id, names, values, place))
            made.append(how)
        if count:
            read.append(rows[-count])
    told = None  # the last row told of its copies' ids: once, however many of them a number takes
    for row, how in zip(rows, made):  # an id made for a piece that another row gives, or that a number takes
        if how == GIVEN:
            continue
        key = _folded(row.id)
        taken = given_at.get(key)
        if taken is not None:
            spelled = spellings.get(key, key)
            case = "" if spelled == row.id else f' (as "{row.id}": ids that differ only in case name one file on ' \
                                                "macOS and Windows)"
            errors.add(InputError(taken, f'the id "{spelled}" is also the id the row at line {row.location.line} gives '
                                  f"its {'copy' if how == COPY else 'piece'}{case}; give this row another id",
                                  "input.duplicate-id"))
        elif how == COPY and row.location is not told:  # `card-2`, a copy of row `card`, and piece 2 numbered
            base, number = row.id.rsplit("-", 1)
            index = int(number) - 1
            if _folded(base) == _folded(component) and index < len(rows) and made[index] == NUMBERED:
                told = row.location
                errors.add(InputError(row.location, f'the id "{row.id}" of this row\'s copy is also the id of the row '
                                      f"at line {rows[index].location.line}, numbered as a piece of {component}; give "
                                      "this row another id", "input.duplicate-id"))
    if errors:
        raise BadRows(errors.items, read)
    return rows


def _printable(fields: dict, place: Location) -> None:
    """A raw row's fields: no cell too long, nothing that prints as nothing."""
    long = [name for name, value in fields.items() if len(str(value)) > MAX_CELL]
    if long:
        raise InputError(place, f'field "{long[0]}" is longer than {MAX_CELL:,} characters; a field is a few '
                         "lines of a card at most", "input.too-large")
    unprintable = [(name, found.group()) for name, value in fields.items() if (found := CONTROL.search(str(value)))]
    if unprintable:
        name, char = unprintable[0]
        raise InputError(place, f'field "{name}" holds a control character (U+{ord(char):04X}), which prints as '
                         "nothing; take it out", "input.encoding")


def _given(given, place: Location, given_at: dict[str, Location], spellings: dict[str, str]) -> str | None:
    """A raw row's given id, checked, and noted in `given_at` by its lower case (and in `spellings` as
    written, if that is another); None for a row without one."""
    if given is None:
        return None
    given = str(given).strip()
    if not SAFE_ID.match(given):
        raise InputError(place, f'id "{given[:40]}" must be letters, digits, ".", "-" and "_" (at most 64), '
                         "starting with a letter or a digit", "input.bad-id")
    if ".." in given:
        raise InputError(place, f'id "{given}" holds "..", which could lead out of the output folder',
                         "input.unsafe-name")
    key = _folded(given)
    if key in given_at:
        earlier = spellings.get(key, key)
        if earlier != given:
            raise InputError(place, f'the id "{given}" differs only in case from "{earlier}" (line '
                             f"{given_at[key].line}), and pieces' files, named by id, would be one file on macOS and "
                             "Windows; every piece needs its own", "input.duplicate-id")
        raise InputError(place, f'the id "{given}" is given twice (first at line {given_at[key].line}); every '
                         "piece needs its own", "input.duplicate-id")
    given_at[key] = place
    if key is not given:
        spellings[key] = given
    return given


def _folded(piece_id: str) -> str:
    """An id in lower case, the same string if it is already (ids are ASCII: lower() is enough)."""
    folded = piece_id.lower()
    return piece_id if folded == piece_id else folded


#: A value this short may be one many rows give (a suit, a colour, a cost), so it is held once.
COMMON_LENGTH = 24


def _common(value):
    return interned(value) if isinstance(value, str) and len(value) <= COMMON_LENGTH else value


def _spelt(names: tuple, special: str) -> str:
    """The column that is `special` (count, id) as a file spells it: "Count" and " ID " are the ones a
    spreadsheet's header often has (when one column alone is so spelt)."""
    if special in names:
        return special
    spelt = [name for name in names if isinstance(name, str) and name.strip().lower() == special]
    return spelt[0] if len(spelt) == 1 else special


def _count(value, place: Location) -> int:
    if value is None or not str(value).strip():  # an empty cell, as a spreadsheet leaves one: one copy
        return 1
    text = str(value).strip()
    if not WHOLE_NUMBER.match(text):
        what = "is less than 0" if re.fullmatch(r"-\s*\d+(\.0*)?", text) else "is not a whole number"
        raise InputError(place, f'count "{text[:20]}" {what}; give 0 or more copies', "input.type")
    if len(text) > 6 or int(text) > MAX_COUNT:
        raise InputError(place, f"count {text[:20]}: at most {MAX_COUNT} copies of a row (is it a typo?)",
                         "input.too-many")
    return int(text)
