"""A component's rows from a spreadsheet: `rows: cards.xlsx` (its first visible sheet) or
`rows: {file: cards.ods, sheet: Cards}`, from Excel (.xlsx, .xlsm), LibreOffice (.ods) or Google Sheets
(either, downloaded).

The sheet is a table as a CSV file is: its first row that is not blank names the columns, each later
row is a piece (blank rows are skipped), and the `count` and `id` columns mean what they mean in CSV
(rows.py). A column with neither a name nor a value (one a spreadsheet keeps for its formatting) is
left out; hidden rows and columns are read like the others. A cell reads as the spreadsheet shows it,
as text:

* a whole number is "1", not "1.0"; another number its shortest form, to the 15 significant digits a
  spreadsheet shows ("2.5", "0.3" for a sum that is 0.30000000000000004); a percentage or an amount of
  money is its number (25 % is "0.25"): to print the sign, make the cell text;
* a date is ISO text, "2026-03-04"; a time "12:30" (and its seconds, "12:30:15", if it has any); a
  date and time "2026-03-04 12:30"; a duration hours and minutes, "30:00";
* TRUE and FALSE (a boolean cell, or a formula's boolean result) are "TRUE" and "FALSE", as Excel and
  LibreOffice show them (in English, whatever language the file shows them in); an .ods may keep one
  as a number that shows TRUE or FALSE (LibreOffice does, for a formula of a workbook it imported),
  and that reads as the boolean too;
* text is the text, so a cell typed as text keeps "3/4" and "010" (a spreadsheet turns 3/4 typed
  into a plain cell into a date: format the cell or the column as text first); the lines of a cell
  are joined by a new line, whatever line ends the file used;
* a formula is the value it had when the file was last saved; a formula that shows an error (#DIV/0!,
  #N/A) is an input error at its row, not an empty field, and so is one saved with no value (a
  program that writes formulas without calculating them, such as openpyxl or pandas, saves none: an
  .xlsx cell with an <f> and no <v>, or an empty <v> unless its type is text (t="str": ="" gives
  that); an .ods cell with a table:formula and no value, string value or text:p). A formula that
  gives "" is an empty value, not a mistake;
* an empty cell is "".

Mistakes are reported at the file, the sheet and the row, `cards.xlsx:Cards:7: error: ...`: what is
wrong with the file or its table (not a spreadsheet, damaged, locked by a password, no such sheet, a
header cell left empty above values or named twice, a formula's error or missing value) under
input.spreadsheet, a bound passed under input.too-large, and a row's own mistakes (its count, its id,
a control character) under the ids a CSV row's have.

A spreadsheet is a zip of XML files, and a stranger's can be made to cost far more than its size: a
cell at XFD1048576 makes the reader fill in seventeen billion empty cells, a repeated row or a shared
string is copied into every cell that repeats it, and a few kilobytes of zip can unpack to gigabytes.
So before the reader (python-calamine) sees a workbook, its parts are unpacked here (at most
MAX_UNPACKED, MAX_PARTS of them), every part that is not well-formed UTF-8 XML is left out, and the
XML is measured: the cells the reader will set out (MAX_CELLS, as the rectangles its sheets span)
and the text it will hold (MAX_TEXT, repeats and shared strings counted each time they are copied).
The reader then gets a new zip of exactly the parts measured. A cell of an .xlsx must give its
reference (`r`, which every spreadsheet program writes), so that where the reader puts it is known
without following the reader's counting. An Excel 97-2003 workbook (.xls, a
binary format whose records the reader trusts for its sizes: 6 KB can ask for petabytes) is refused
with the advice to save it as .xlsx or .ods, and so is an Excel binary workbook (.xlsb).
"""

from __future__ import annotations

import datetime
import io
import math
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from xml.etree import ElementTree
from xml.parsers import expat

from generator.errors import ErrorList, InputError, Location, closest
from generator.paths import display_path
from generator.reading import MB

from .rows import MAX_CELL, table_rows

RULE = "input.spreadsheet"
#: What a workbook may unpack to: a deck of ten thousand cards with a page of text each is under 50 MB.
MAX_UNPACKED = 100 * MB
MAX_PARTS = 1000
#: XML elements in the parts of a workbook: about three a cell, and a few thousand of styles.
MAX_ELEMENTS = 6_000_000
#: The cells the reader sets out for the sheets of a workbook, empty ones between them included: ten
#: thousand rows of a hundred columns.
MAX_CELLS = 1_000_000
#: Bytes of text the reader holds for the cells of a workbook, each copy of a repeated cell counted.
MAX_TEXT = 64 * MB

ZIP, CFB = b"PK\x03\x04", bytes.fromhex("d0cf11e0a1b11ae1")
ODS_TYPE = b"application/vnd.oasis.opendocument.spreadsheet"
#: The most rows and columns a spreadsheet program makes (Excel's; LibreOffice's are the same).
LAST_ROW, LAST_COLUMN = 1_048_576, 16_384
REFERENCE = re.compile(r"^([A-Za-z]{1,3})([0-9]{1,7})$")


def sheet_rows(reader, name: str, sheet: str | None, location: Location, sheet_location: Location | None = None,
               errors: ErrorList | None = None) -> list[tuple[dict, Location]]:
    """The raw rows of sheet `sheet` (None: the first) of the spreadsheet `name` in the game's folder,
    read through `reader`, each with its location (`cards.xlsx:Cards:7`), as rows.py's `_csv_rows`
    gives a CSV file's. `location` is where the game file names the file, `sheet_location` the sheet.
    A cell that cannot be read as typed (a formula's error, a formula saved with no value) is added
    to `errors` and its row left out, so that the other rows' mistakes are told with it (raised at
    once when no `errors` is given)."""
    try:
        data = reader.read(name, "rows", location, "give the name of a spreadsheet (.xlsx or .ods) beside the "
                           "game file")
        shown = display_path(reader.locate(name, "rows", location))
    except InputError as problem:  # the Reader calls every file of rows a CSV file
        raise problem.with_message(problem.message.replace("CSV file", "spreadsheet")) from None
    kind, parts = _unpack(data, shown)
    del data
    survey = _survey(kind, parts, shown)
    repacked = _repacked(parts)
    del parts  # a workbook may unpack to MAX_UNPACKED: one copy at a time
    book = _open(repacked, shown)
    del repacked
    try:
        chosen = _choose(book, sheet, shown, sheet_location or location)
        try:
            table = book.get_sheet_by_name(chosen)
            start = table.start
            cells = table.to_python(skip_empty_area=True) if start is not None else []
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as problem:  # noqa: BLE001: CalamineError, or a panic of the Rust reader
            raise _damaged(shown, problem, f'its sheet "{chosen}"') from None
    finally:
        book.close()
    place = f"{shown}:{_short(chosen, 100)}"
    told = ErrorList() if errors is None else errors
    unread = set()  # the rows (numbered from 1) with a cell that cannot be read
    for row, column, message in survey.errors.get(chosen, [])[:50]:
        told.add(InputError(Location(place, row + 1), message, RULE))
        unread.add(row + 1)
    if errors is None:
        told.raise_if_any()
    if start is None:
        raise InputError(Location(place), "the sheet is empty; its first row names the columns", RULE)
    _set_booleans(cells, start, survey.booleans.get(chosen, []))
    return [(fields, where) for fields, where in _table(cells, start, place) if where.line not in unread]


def _shows_error(row: int, column: int, shows: str) -> str:
    return (f"cell {_cell(row, column)} shows {shows or 'an error'}, the error of its formula; correct the formula or "
            "clear the cell")


def _no_value(row: int, column: int) -> str:
    return (f"cell {_cell(row, column)} is a formula with no value saved with the file; open the file in a "
            "spreadsheet program and save it again, or type the value")


def _set_booleans(cells: list[list], start: tuple[int, int], booleans: list[tuple[int, int, int, int, bool]]) -> None:
    """The cells of an .ods that hold a boolean (see _OdsContent.boolean) set to it, where the reader read
    a number (or misread "1" and "0"): each is a rectangle (top, left, rows, columns) of repeated cells."""
    top, left = start
    for row, column, rows, columns, value in booleans:
        for line in cells[max(row - top, 0):max(row + rows - top, 0)]:
            first, last = max(column - left, 0), min(column + columns - left, len(line))
            if first < last:
                line[first:last] = [value] * (last - first)


def _table(cells: list[list], start: tuple[int, int], place: str) -> list[tuple[dict, Location]]:
    """The rows of a sheet's cells (from `start`, 0-based row and column): the first row that is not
    blank names the columns, and each later one that is not blank is a row."""
    for row in cells:  # in place: a sheet may be a million cells
        row[:] = [_text(value) for value in row]
    first = next((index for index, row in enumerate(cells) if any(value.strip() for value in row)), None)
    if first is None:
        raise InputError(Location(place), "the sheet is empty; its first row names the columns", RULE)
    top, left = start
    header_row = top + first
    names = [value.strip() for value in cells[first]]
    body = cells[first + 1:]
    errors = ErrorList()
    columns: list[tuple[int, str]] = []  # (index, name) of the columns read
    seen: dict[str, int] = {}
    for index, name in enumerate(names):
        if not name:
            used = next(((number, row[index]) for number, row in enumerate(body) if index < len(row)
                         and row[index].strip()), None)
            if used is not None:
                number, value = used
                errors.add(InputError(Location(place, header_row + 1), f"column {_column(left + index)} has no name "
                                      f'in the header row, but cell {_cell(header_row + 1 + number, left + index)} '
                                      f'holds "{_short(value)}"; name the column or clear it', RULE))
            continue  # a column with no name and no value: one the spreadsheet keeps for its formatting
        if name in seen:
            errors.add(InputError(Location(place, header_row + 1), f'two columns are named "{_short(name)}" '
                                  f"({_column(left + seen[name])} and {_column(left + index)})", RULE))
            continue
        if len(name) > MAX_CELL:
            errors.add(InputError(Location(place, header_row + 1), f"the name of column {_column(left + index)} is "
                                  f"longer than {MAX_CELL:,} characters", "input.too-large"))
            continue
        seen[name] = index
        columns.append((index, name))
    errors.raise_if_any()
    records = (({name: values[index].strip() if index < len(values) else "" for index, name in columns},
                Location(place, number))
               for number, values in enumerate(body, start=header_row + 2)
               if any(value.strip() for value in values))  # a blank row left out
    rows = list(table_rows(records, errors))
    errors.raise_if_any()
    return rows


def _text(value) -> str:
    """A cell's value as the spreadsheet shows it (see the module's notes)."""
    if isinstance(value, str):
        return value.replace("\r\n", "\n").replace("\r", "\n")
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        shown = float(f"{value:.15g}")  # the digits a spreadsheet keeps and shows
        if shown.is_integer() and abs(shown) < 1e15:
            return str(int(shown))
        return repr(shown)
    if isinstance(value, datetime.datetime):
        whole = _to_second(value)
        return f"{whole:%Y-%m-%d} {_clock(whole.hour, whole.minute, whole.second)}"
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        seconds = round(value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6) % 86400
        return _clock(seconds // 3600, seconds // 60 % 60, seconds % 60)
    if isinstance(value, datetime.timedelta):
        seconds = round(value.total_seconds())
        sign, seconds = ("-" if seconds < 0 else ""), abs(seconds)
        return sign + _clock(seconds // 3600, seconds // 60 % 60, seconds % 60)
    return str(value)


def _to_second(moment: datetime.datetime) -> datetime.datetime:
    """A date and time to the nearest second (a spreadsheet keeps it as a fraction of a day)."""
    try:
        moment += datetime.timedelta(microseconds=500_000)
    except OverflowError:
        pass
    return moment.replace(microsecond=0)


def _clock(hours: int, minutes: int, seconds: int) -> str:
    return f"{hours:02d}:{minutes:02d}" + (f":{seconds:02d}" if seconds else "")


def _column(index: int) -> str:
    """A 0-based column's letters: 0 is A, 26 is AA."""
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def _cell(row: int, column: int) -> str:
    return f"{_column(column)}{row + 1}"


def _short(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[:most - 3] + "..."


# -- the workbook's parts -------------------------------------------------------------------------


def _unpack(data: bytes, shown: str) -> tuple[str, list[tuple[str, bytes]]]:
    """The kind of workbook ("xlsx" or "ods") and its parts, or one input error saying what the file is."""
    where = Location(shown)
    if data.startswith(CFB):
        if "EncryptedPackage".encode("utf-16-le") in data:
            raise _locked(shown)
        raise InputError(where, "the file is an Excel 97-2003 workbook (.xls), which is not read; save it as .xlsx "
                         "(Excel Workbook) or .ods", RULE)
    if not data.strip():
        raise InputError(where, "the file is empty; save the spreadsheet again", RULE)
    if not data.startswith(ZIP):
        raise InputError(where, f"the file is not a spreadsheet (.xlsx or .ods){_looks_like(data)}", RULE)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = [info for info in archive.infolist() if not info.is_dir()]
        names = [info.filename for info in infos]
        if len(infos) > MAX_PARTS:
            raise InputError(where, f"the file holds {len(infos):,} files; a spreadsheet holds a few dozen, and may "
                             f"hold at most {MAX_PARTS:,}", "input.too-large")
        if len(set(names)) != len(names):
            raise InputError(where, "the file is damaged: two of its parts have the same name", RULE)
        unpacked = sum(info.file_size for info in infos)
        if unpacked > MAX_UNPACKED:
            raise InputError(where, f"the file unpacks to {unpacked / MB:,.0f} MB; a spreadsheet may unpack to at most "
                             f"{MAX_UNPACKED // MB} MB", "input.too-large")
        if "mimetype" in names:
            kind = "ods"
            if archive.read("mimetype").strip() != ODS_TYPE:
                raise InputError(where, "the file is an OpenDocument file, but not a spreadsheet (.ods)", RULE)
            if "META-INF/manifest.xml" in names and b"encryption-data" in archive.read("META-INF/manifest.xml"):
                raise _locked(shown)
        elif "[Content_Types].xml" in names:
            kind = "xlsx"
            if any(name.lower().endswith("workbook.bin") for name in names):
                raise InputError(where, "the file is an Excel binary workbook (.xlsb), which is not read; save it as "
                                 ".xlsx (Excel Workbook) or .ods", RULE)
        else:
            raise InputError(where, "the file is a zip archive, not a spreadsheet (.xlsx or .ods)", RULE)
        parts = [(info.filename, archive.read(info)) for info in infos]
    except InputError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, NotImplementedError, RuntimeError, EOFError,
            ValueError, OSError, KeyError) as problem:
        raise _damaged(shown, problem) from None
    return kind, parts


def _looks_like(data: bytes) -> str:
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"<!doctype html", b"<html", b"<table")):
        return " but a web page (some programs save one with an Excel name); save it from a spreadsheet as .xlsx"
    try:
        data[:4096].decode("utf-8")
    except UnicodeDecodeError as error:
        if error.start < 4090:
            return ""
    return " but text; if it is CSV, name it .csv"


def _locked(shown: str) -> InputError:
    return InputError(Location(shown), "the workbook is protected by a password, so it cannot be read; save a copy "
                      "without the password beside the game file", RULE)


def _damaged(shown: str, problem: BaseException, what: str = "") -> InputError:
    detail = " ".join(str(problem).split())[:120] or type(problem).__name__
    return InputError(Location(shown), f"the file cannot be read as a spreadsheet{f' ({what})' if what else ''}: it is "
                      f"damaged, or not an .xlsx or .ods file ({detail})", RULE)


def _repacked(parts: list[tuple[str, bytes]]) -> bytes:
    """A zip of `parts`, stored: what the reader gets, exactly the bytes measured."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for name, data in parts:
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)
    return out.getvalue()


# -- measuring what the reader will hold ----------------------------------------------------------


class _Refused(Exception):
    """Stops the measuring of a workbook: it is over a bound, or damaged (`rule`)."""

    def __init__(self, message: str, rule: str, row: int | None = None, sheet: str | None = None):
        super().__init__(message)
        self.message, self.rule, self.row, self.sheet = message, rule, row, sheet


@dataclass
class _Extent:
    """The rectangle of cells a sheet's values span (0-based, inclusive), and its cell farthest out."""

    top: int = LAST_ROW
    left: int = LAST_COLUMN
    bottom: int = -1
    right: int = -1

    def add(self, top: int, left: int, bottom: int, right: int) -> None:
        self.top, self.left = min(self.top, top), min(self.left, left)
        self.bottom, self.right = max(self.bottom, bottom), max(self.right, right)

    @property
    def cells(self) -> int:
        return 0 if self.bottom < 0 else (self.bottom - self.top + 1) * (self.right - self.left + 1)


@dataclass
class _Survey:
    """What measuring a workbook found: its sheets' extents (by sheet name, or by part for an .xlsx),
    the text its cells will hold, the cells that show a formula's error or hold a formula with no saved
    value, by sheet, and the boolean cells of an .ods the reader does not read as booleans."""

    extents: dict[str, _Extent] = field(default_factory=dict)
    text: int = 0
    elements: int = 0
    errors: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)  # (row, column, message)
    booleans: dict[str, list[tuple[int, int, int, int, bool]]] = field(default_factory=dict)  # an .ods's, by sheet
    shared: list[list[int]] = field(default_factory=list)  # each part's shared strings' lengths
    shared_uses: list[int] = field(default_factory=list)  # the shared strings cells show, by index

    def add_text(self, size: int, sheet: str | None = None, row: int | None = None) -> None:
        self.text += size
        if self.text > MAX_TEXT:
            raise _Refused(f"holds more than {MAX_TEXT // MB} MB of text in its cells (a repeated cell counted each "
                           "time); a workbook of rows may hold at most that", "input.too-large", row, sheet)


def _survey(kind: str, parts: list[tuple[str, bytes]], shown: str) -> _Survey:
    """The workbook measured (see the module's notes); `parts` loses every part that is not XML, which
    the reader does not need. An input error if a bound is passed or the XML is damaged."""
    survey = _Survey()
    kept = []
    try:
        for name, data in parts:
            if kind == "ods" and name == "mimetype":
                kept.append((name, data))
                continue
            if kind == "xlsx":
                measure = _XlsxPart(survey, name)
            elif name == "content.xml":
                measure = _OdsContent(survey)
            else:
                measure = None
            if _parse(data, measure):
                kept.append((name, data))
                if measure is not None:
                    measure.finish()
            elif measure is not None and (kind == "ods" or measure.cells):
                raise _Refused(f"its part {name} is not well-formed XML", RULE)
        if kind == "xlsx":
            _xlsx_shared_text(survey)
            sheets = _xlsx_sheet_parts(dict(kept))
            survey.extents = {sheets.get(part, part): extent for part, extent in survey.extents.items()}
            survey.errors = {sheets.get(part, part): cells for part, cells in survey.errors.items()}
        total = sum(extent.cells for extent in survey.extents.values())
        if total > MAX_CELLS:
            sheet, extent = max(survey.extents.items(), key=lambda item: item[1].cells)
            raise _Refused(f"spans {total:,} cells, empty ones between them included (sheet \"{sheet}\" reaches "
                           f"{_cell(extent.bottom, extent.right)}); a workbook of rows may span at most "
                           f"{MAX_CELLS:,}: delete what lies far from the table (Ctrl+End goes to it)",
                           "input.too-large", extent.bottom, sheet)
    except _Refused as refused:
        place = Location(f"{shown}:{refused.sheet}", refused.row + 1 if refused.row is not None else None) \
            if refused.sheet else Location(shown)
        raise InputError(place, f"the workbook {refused.message}" if refused.rule == "input.too-large" else
                         f"the workbook is damaged: {refused.message}", refused.rule) from None
    parts[:] = kept
    return survey


def _parse(data: bytes, measure) -> bool:
    """Whether `data` is well-formed UTF-8 XML without a document type, fed to `measure`'s handlers."""
    parser = expat.ParserCreate("UTF-8")  # as the reader reads it, whatever its declaration says

    def refuse_doctype(*_):
        raise ValueError("a document type")

    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_doctype
    if measure is not None:
        parser.buffer_text = True
        parser.StartElementHandler = measure.start
        parser.EndElementHandler = measure.end
        measure.parser = parser
    try:
        parser.Parse(data, True)
    except (expat.ExpatError, ValueError):
        return False
    return True


class _Measure:
    """What the two kinds of part measure share: a count of their elements against MAX_ELEMENTS, the
    rectangle of their cells, and the text handler, set only while there is text to measure."""

    def __init__(self, survey: _Survey):
        self.survey = survey
        self.parser = None
        self.elements = 0
        self.limit = MAX_ELEMENTS - survey.elements
        self.cells = 0

    def too_many(self) -> None:
        raise _Refused(f"holds more than {MAX_ELEMENTS:,} XML elements; a spreadsheet of rows has far fewer",
                       "input.too-large")

    def listen(self, handler) -> None:
        self.parser.CharacterDataHandler = handler

    def finish(self) -> None:
        self.survey.elements += self.elements


class _XlsxPart(_Measure):
    """Measures one part of an .xlsx: its cells (a sheet's `c` elements, by their reference `r`,
    as the reader places them) and shared strings (`si`), whatever the part's name; and notes the cells
    that show an error (t="e") and the formulas (`f`) saved with no value: no `v` or `is`, or an empty
    `v` that is not text (t="str", which ="" gives), as openpyxl writes a formula."""

    def __init__(self, survey: _Survey, name: str):
        super().__init__(survey)
        self.name = name
        self.top, self.left, self.bottom, self.right = LAST_ROW, LAST_COLUMN, -1, -1
        self.in_cell = self.filled = self.formula = self.valued = False
        self.reference = self.type = None
        self.value: list[str] | None = None  # the text of a <v> being read (a shared string's number, an error)
        self.shown = ""
        self.errors: list[tuple[int, int, str]] = []
        self.uses: list[int] = []
        self.strings: list[int] | None = None
        self.string = -1  # the length of the <si> being read, or -1

    def start(self, name: str, attributes: dict) -> None:
        self.elements += 1
        if self.elements > self.limit:
            self.too_many()
        local = name.rpartition(":")[2]
        if self.in_cell:
            if local == "c" or local == "row":
                raise _Refused(f"a cell of {self.name} holds a {local}", RULE)
            self.filled = True
            if local == "v":
                if self.type == "s" or self.type == "e":
                    self.value, self.valued = [], True
                    self.listen(self.value.append)
                elif self.formula and self.type != "str":
                    self.listen(self.see_value)
                else:
                    self.valued = True  # text, even empty; or a value before its formula
            elif local == "f":
                self.formula = True
            elif local == "is":
                self.valued = True
        elif local == "c":
            self.in_cell, self.filled, self.formula, self.valued, self.shown = True, False, False, False, ""
            self.reference, self.type = attributes.get("r"), attributes.get("t")
        elif local == "si":
            if self.string >= 0:
                raise _Refused(f"a shared string of {self.name} holds another", RULE)
            self.string = 0
            if self.strings is None:  # the part's shared strings, numbered from 0
                self.strings = []
            self.listen(self.measure_string)

    def measure_string(self, data: str) -> None:
        self.string += len(data.encode("utf-8"))

    def see_value(self, data: str) -> None:
        if data.strip():
            self.valued = True

    def end(self, name: str) -> None:
        if self.in_cell:
            local = name.rpartition(":")[2]
            if local == "c":
                self.in_cell = False
                if self.filled:
                    self.place()
            elif local == "v":
                if self.value is not None:
                    self.shown, self.value = "".join(self.value), None
                self.listen(None)
        elif self.string >= 0 and name.rpartition(":")[2] == "si":
            self.strings.append(self.string)
            self.string = -1
            self.listen(None)

    def place(self) -> None:
        """The cell just read, at its reference: the reader sets it there."""
        reference = self.reference
        if reference is None:
            raise _Refused(f"a cell of {self.name} has no reference (r); open the file in a spreadsheet and save it "
                           "again", RULE)
        found = REFERENCE.match(reference)
        if found is None:
            raise _Refused(f'a cell of {self.name} is at "{reference[:20]}", which is not a cell of a sheet', RULE)
        letters, digits = found.groups()
        column = COLUMNS.get(letters)
        if column is None:
            column = COLUMNS[letters] = _column_index(letters)
        row = int(digits) - 1
        if not 0 <= row < LAST_ROW or column >= LAST_COLUMN:
            raise _Refused(f'a cell of {self.name} is at "{reference[:20]}", which is not a cell of a sheet', RULE)
        self.cells += 1
        if row < self.top:
            self.top = row
        if row > self.bottom:
            self.bottom = row
        if column < self.left:
            self.left = column
        if column > self.right:
            self.right = column
        if self.type == "s":
            shown = self.shown.strip()
            if shown.isdigit() and len(shown) < 10:
                self.uses.append(int(shown))
        elif self.type == "e":
            self.errors.append((row, column, _shows_error(row, column, self.shown.strip())))
        elif self.formula and not self.valued:
            self.errors.append((row, column, _no_value(row, column)))

    def finish(self) -> None:
        super().finish()
        if self.cells:
            self.survey.extents.setdefault(self.name, _Extent()).add(self.top, self.left, self.bottom, self.right)
        if self.errors:
            self.survey.errors.setdefault(self.name, []).extend(self.errors)
        self.survey.shared_uses.extend(self.uses)
        if self.strings is not None:
            self.survey.shared.append(self.strings)


#: Column letters read so far, and their 0-based numbers.
COLUMNS: dict[str, int] = {}


def _column_index(letters: str) -> int:
    index = 0
    for letter in letters.upper():
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


def _xlsx_shared_text(survey: _Survey) -> None:
    """The text of the shared strings cells show, each time one shows it (the reader copies it into
    each): a string's length as the longest any part of shared strings gives it at its index."""
    lengths: dict[int, int] = {}
    for strings in survey.shared:
        for index, length in enumerate(strings):
            lengths[index] = max(lengths.get(index, 0), length)
    total = sum(lengths.get(index, 0) for index in survey.shared_uses)
    survey.add_text(total)


def _xlsx_sheet_parts(parts: dict[str, bytes]) -> dict[str, str]:
    """Which part holds which sheet, by name, as the workbook's relationships say (for messages and
    for the cells that show errors); {} if they cannot be read, which the reader will then say."""
    relationships = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"

    def targets(path: str) -> dict[str, tuple[str, str]]:
        folder = posixpath.dirname(posixpath.dirname(path))
        found = {}
        for element in ElementTree.fromstring(parts[path]).iter():
            if element.tag.rpartition("}")[2] == "Relationship":
                target = element.get("Target", "")
                full = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder,
                                                                                                           target))
                found[element.get("Id", "")] = (element.get("Type", ""), full)
        return found

    try:
        workbook = next((full for kind, full in targets("_rels/.rels").values() if kind.endswith("/officeDocument")),
                        "xl/workbook.xml")
        folder, file = posixpath.split(workbook)
        sheets = targets(posixpath.join(folder, "_rels", f"{file}.rels"))
        named = {}
        for element in ElementTree.fromstring(parts[workbook]).iter():
            if element.tag.rpartition("}")[2] == "sheet" and element.get(relationships) in sheets:
                named[sheets[element.get(relationships)][1]] = element.get("name", "")
        return named
    except (KeyError, ElementTree.ParseError, ValueError):
        return {}


#: The words LibreOffice shows for TRUE and FALSE in the languages it is most used in (its locale data),
#: case aside: an .ods number that shows one is a boolean formatted as such.
TRUE_WORDS = frozenset({"true", "wahr", "vrai", "verdadero", "verdadeiro", "vero", "waar", "sant", "sand", "pravda"})
FALSE_WORDS = frozenset({"false", "falsch", "faux", "falso", "onwaar", "falskt", "falsk", "nepravda"})
#: The attributes of an .ods cell that hold its value (a string's may be its text:p instead).
ODS_VALUES = ("office:value", "office:string-value", "office:boolean-value", "office:date-value", "office:time-value")


class _OdsContent(_Measure):
    """Measures an .ods file's content.xml: each table's rows and cells as the reader sets them out,
    repeated rows and columns (`number-rows-repeated`, `number-columns-repeated`) included, and the
    text each cell holds, each copy counted. Notes the cells that show an error, the formulas saved
    with no value (a table:formula with no value attribute and no text:p: ="" has an empty text:p),
    and the boolean cells (see `boolean`)."""

    CELLS = ("table:table-cell", "table:covered-table-cell")

    def __init__(self, survey: _Survey):
        super().__init__(survey)
        self.table: str | None = None
        self.extent: _Extent | None = None
        self.row = 0
        self.rows = 1  # the open row's repeats
        self.column = 0
        self.in_cell = self.filled = self.error = self.formula = self.valued = self.words = False
        self.columns = 1  # the open cell's repeats
        self.text = 0  # bytes of the open cell's text and attributes
        self.shows: list[str] = []  # the text of a cell that shows an error, or may show TRUE or FALSE
        self.notes = 0  # the depth of the open cell's comments (office:annotation), whose text it does not show
        self.flag: bool | None = None  # the open cell's boolean, if its attributes give one
        self.amount: float | None = None  # the number of a cell that may show TRUE or FALSE

    def start(self, name: str, attributes: dict) -> None:
        self.elements += 1
        if self.elements > self.limit:
            self.too_many()
        if self.in_cell:
            if name == "table:table":
                raise _Refused("a table inside a cell", RULE)
            self.filled = True
            if name == "office:annotation":
                self.notes += 1
            elif name == "text:p" and not self.notes:
                self.valued = True
            if attributes:
                self.text += sum(len(value) for value in attributes.values())
                if name == "text:s":
                    self.text += self.number(attributes, "text:c")
        elif name in self.CELLS and self.table is not None:
            self.in_cell, self.shows, self.notes = True, [], 0
            self.columns = self.number(attributes, "table:number-columns-repeated")
            self.formula = "table:formula" in attributes
            self.filled = "office:value-type" in attributes or self.formula
            self.error = attributes.get("calcext:value-type") == "error"
            self.valued = attributes.get("office:value-type") == "string" or any(key in attributes
                                                                                   for key in ODS_VALUES)
            self.boolean(attributes)
            self.text = sum(len(value) for value in attributes.values())
            self.listen(self.measure_text)
        elif name == "table:table-row" and self.table is not None:
            self.rows = self.number(attributes, "table:number-rows-repeated")
            self.column = 0
        elif name == "table:table":
            if self.table is not None:
                raise _Refused("a table inside a table", RULE)
            self.table = attributes.get("table:name", "")
            self.extent = self.survey.extents.setdefault(self.table, _Extent())
            self.row = 0

    def boolean(self, attributes: dict) -> None:
        """Whether the cell opened holds a boolean, and which (`flag`), or may (`words`: a number that
        shows TRUE or FALSE is one). The reader reads office:boolean-value="true" and "false", but not
        "1" and "0"; and LibreOffice saves a boolean formula of a workbook it imported as the number 1
        or 0 that shows TRUE or FALSE (or WAHR, VRAI... in other languages), which the reader reads as
        the number."""
        kind = attributes.get("office:value-type")
        self.flag, self.amount, self.words = None, None, False
        if kind == "boolean":
            given = attributes.get("office:boolean-value", "").strip().lower()
            self.flag = True if given in ("true", "1") else False if given in ("false", "0") else None
            self.words = self.flag is None
        elif kind == "float":
            try:
                self.amount = float(attributes.get("office:value", ""))
            except ValueError:
                return
            if attributes.get("calcext:value-type") == "boolean":
                self.flag = self.amount != 0
            else:
                self.words = True  # a boolean format shows any other number than 0 as TRUE

    def measure_text(self, data: str) -> None:
        self.text += len(data.encode("utf-8"))
        if (self.error or self.words) and not self.notes:
            self.shows.append(data)

    def end(self, name: str) -> None:
        if self.in_cell:
            if name not in self.CELLS:
                if name == "office:annotation":
                    self.notes -= 1
                return
            self.in_cell = False
            self.listen(None)
            if self.filled:
                self.cells += 1
                self.extent.add(self.row, self.column, self.row + self.rows - 1, self.column + self.columns - 1)
                self.survey.add_text(self.text * self.columns * self.rows, self.table, self.row)
                if self.error:
                    self.survey.errors.setdefault(self.table, []).append(
                        (self.row, self.column, _shows_error(self.row, self.column, "".join(self.shows).strip())))
                elif self.formula and not self.valued:
                    self.survey.errors.setdefault(self.table, []).append(
                        (self.row, self.column, _no_value(self.row, self.column)))
                flag = self.flag
                if self.words:
                    shown = "".join(self.shows).strip().casefold()
                    flag = True if shown in TRUE_WORDS and self.amount != 0 else False if (
                        shown in FALSE_WORDS and not self.amount) else None
                if flag is not None:
                    self.survey.booleans.setdefault(self.table, []).append((self.row, self.column, self.rows,
                                                                            self.columns, flag))
            self.column += self.columns
        elif name == "table:table-row" and self.table is not None:
            self.row += self.rows
            self.rows = 1
        elif name == "table:table":
            self.table = None

    def number(self, attributes: dict, key: str) -> int:
        """A count the file gives (repeats, spaces): a whole number of at most nine digits, else damaged."""
        text = attributes.get(key)
        if text is None:
            return 1
        if not text.isdigit() or len(text) > 9 or int(text) < 1:
            raise _Refused(f'{key}="{text[:20]}" is not a count', RULE, self.row, self.table)
        return int(text)


# -- the reader -----------------------------------------------------------------------------------


def _open(data: bytes, shown: str):
    """The workbook, opened by python-calamine; one input error if it cannot be."""
    import python_calamine

    try:
        return python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
    except python_calamine.PasswordError:
        raise _locked(shown) from None
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as problem:  # noqa: BLE001: CalamineError, or a panic of the Rust reader
        raise _damaged(shown, problem) from None


def _choose(book, sheet: str | None, shown: str, location: Location) -> str:
    """The name of the sheet to read: `sheet`, or the first visible worksheet."""
    import python_calamine

    metadata = list(book.sheets_metadata)
    worksheets = [item.name for item in metadata if item.typ == python_calamine.SheetTypeEnum.WorkSheet]
    if sheet is None:
        visible = [item.name for item in metadata if item.typ == python_calamine.SheetTypeEnum.WorkSheet
                   and item.visible == python_calamine.SheetVisibleEnum.Visible]
        if not (visible or worksheets):
            raise InputError(Location(shown), "the workbook has no sheet of cells", RULE)
        return (visible or worksheets)[0]
    if sheet in worksheets:
        return sheet
    names = [item.name for item in metadata]
    if sheet in names:
        raise InputError(location, f'sheet "{sheet}" of {shown} is a chart, not a sheet of cells', RULE)
    listed = ", ".join(f'"{_short(name)}"' for name in names[:20]) + (f" and {len(names) - 20} more"
                                                                      if len(names) > 20 else "")
    close = closest(sheet, [name for name in names if len(name) <= 100])
    hint = f' (did you mean "{close}"?)' if close else ""
    raise InputError(location, f'{shown} has no sheet "{_short(sheet)}"{hint}; its sheets are {listed}', RULE)
