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
  date and time "2026-03-04 12:30"; a duration hours and minutes, "30:00" (in an .ods too, where a
  duration of a day or more is kept as PT30H00M00S). A time is rounded to the second, but never into
  the next day (23:59:59.7 is "23:59:59"), and an .xlsx date in a format that shows the date alone
  (Excel's 14, "yyyy-mm-dd") is that date, whatever time of day it holds (46085.75 is "2026-03-04");
* TRUE and FALSE (a boolean cell, or a formula's boolean result) are "TRUE" and "FALSE", as Excel and
  LibreOffice show them (in English, whatever language the file shows them in); an .ods may keep one
  as a number that shows TRUE or FALSE (LibreOffice does, for a formula of a workbook it imported),
  and that reads as the boolean too;
* text is the text, so a cell typed as text keeps "3/4" and "010" (a spreadsheet turns 3/4 typed
  into a plain cell into a date: format the cell or the column as text first); the lines of a cell
  are joined by a new line, whatever line ends the file used;
* a formula is the value it had when the file was last saved; a cell that shows an error (#DIV/0!,
  #N/A, or an error cell saved with no value) is an input error at its row, not an empty field, and
  so is a formula saved with no value (a program that writes formulas without calculating them, such
  as openpyxl or pandas, saves none: an .xlsx cell with an <f> and no <v>, or an empty <v> unless its
  type is text (t="str": ="" gives that); an .ods cell with a table:formula and no value, string
  value or text:p). A formula that gives "" is an empty value, not a mistake;
* an empty cell is "".

Mistakes are reported at the file, the sheet and the row, `cards.xlsx:Cards:7: error: ...` (a
sheet's name in quotes if it could be taken for a line's number or for more than one name: all
digits, empty, with a colon or a quote, or space at an end, `cards.xlsx:"1":7`): what is wrong with
the file or its table (not a spreadsheet, damaged, locked by a password, no such sheet, a header
cell left empty above values or named twice, a formula's error or missing value) under
input.spreadsheet, a bound passed under input.too-large, and a row's own mistakes (its count, its
id, a control character) under the ids a CSV row's have.

A spreadsheet is a zip of XML files, and a stranger's can be made to cost far more than its size: a
cell at XFD1048576 makes the reader fill in seventeen billion empty cells, a repeated row or a
shared string is copied into every cell that repeats it, and a few kilobytes of zip can unpack to
gigabytes. So before the reader (python-calamine) sees a workbook, its parts are unpacked here, a
megabyte at a time (at most MAX_UNPACKED, MAX_PARTS of them; a part that unpacks to more than its
zip header says is damaged, found as soon as it does); a part the reader reads (the workbook, its
relationships, styles, shared strings and sheets; an .ods's content and manifest) must be
well-formed UTF-8 XML without a document type, or the workbook is damaged (without its styles, the
reader would read its dates as numbers), and any other part that is not is left out (a macro
project, a picture, a document system's custom XML in UTF-16, which the reader does not read); and
the XML is measured: the cells the reader will set out (MAX_CELLS, as the rectangles its sheets
span) and the text it will hold (MAX_TEXT, repeats and shared strings counted each time they are
copied). The reader then gets a new zip of exactly the parts measured. A cell of an .xlsx must give
its reference (`r`, which every spreadsheet program writes), so that where the reader puts it is
known without following the reader's counting. An Excel 97-2003 workbook (.xls, a binary format
whose records the reader trusts for its sizes: 6 KB can ask for petabytes) is refused with the
advice to save it as .xlsx or .ods, and so is an Excel binary workbook (.xlsb).
"""

from __future__ import annotations

import datetime
import io
import json
import math
import posixpath
import re
import struct
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
#: The start of a zip's local file header: its signature and, 22 bytes on, the lengths of the name and
#: the extra field between it and the part's packed bytes.
LOCAL_HEADER = struct.Struct("<4s22xHH")
#: How much of a part is unpacked at a time.
CHUNK = 1 << 20
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
        if chosen in survey.damaged:  # what the reader would read wrong, not at all
            raise _damaged(shown, ValueError(survey.damaged[chosen]), f'its sheet "{_short(chosen)}"')
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
    place = _place(shown, chosen)
    told = ErrorList() if errors is None else errors
    unread = set()  # the rows (numbered from 1) with a cell that cannot be read
    for row, column, message in survey.errors.get(chosen, [])[:50]:
        told.add(InputError(Location(place, row + 1), message, RULE))
        unread.add(row + 1)
    if errors is None:
        told.raise_if_any()
    if start is None:
        raise InputError(Location(place), "the sheet is empty; its first row names the columns", RULE)
    _set_values(cells, start, survey.values.get(chosen, []))
    _set_dates(cells, start, survey.dates.get(chosen, []))
    return [(fields, where) for fields, where in _table(cells, start, place) if where.line not in unread]


def _shows_error(row: int, column: int, shows: str) -> str:
    return (f"cell {_cell(row, column)} shows {shows or 'an error'}, the error of its formula; correct the formula or "
            "clear the cell")


def _no_value(row: int, column: int) -> str:
    return (f"cell {_cell(row, column)} is a formula with no value saved with the file; open the file in a "
            "spreadsheet program and save it again, or type the value")


def _place(shown: str, sheet: str) -> str:
    """The file and sheet a location names, `cards.xlsx:Cards`; a sheet's name in quotes if it could be
    read as a line's number or as more than one name (`cards.xlsx:"1":7`, not `cards.xlsx:1:7`): all
    digits, empty, with a colon, a quote, or space at an end."""
    name = _short(sheet, 100)
    if not name or name.isdigit() or ":" in name or '"' in name or name != name.strip():
        return f"{shown}:{json.dumps(name, ensure_ascii=False)}"
    return f"{shown}:{name}"


def _set_values(cells: list[list], start: tuple[int, int], values: list[tuple[int, int, int, int, object]]) -> None:
    """The cells of an .ods the reader misreads set to their values: those that hold a boolean (see
    _OdsContent.boolean), where the reader read a number (or misread "1" and "0"), and the durations
    (_OdsContent.duration), where it read text. Each is a rectangle (top, left, rows, columns) of
    repeated cells."""
    top, left = start
    for row, column, rows, columns, value in values:
        for line in cells[max(row - top, 0):max(row + rows - top, 0)]:
            first, last = max(column - left, 0), min(column + columns - left, len(line))
            if first < last:
                line[first:last] = [value] * (last - first)


def _set_dates(cells: list[list], start: tuple[int, int], dates: list[tuple[int, int, float]]) -> None:
    """The cells of an .xlsx that show a date alone (see _XlsxPart.date) set to the date: the reader gives
    a date and time rounded to the millisecond, so the time of day is taken off before the result is
    rounded to its day, which never carries into the next (46085.99999999 is 2026-03-04)."""
    top, left = start
    for row, column, fraction in dates:
        line = cells[row - top] if 0 <= row - top < len(cells) else []
        if 0 <= column - left < len(line) and isinstance(line[column - left], datetime.datetime):
            try:
                line[column - left] = (line[column - left] - datetime.timedelta(days=fraction, hours=-12)).date()
            except OverflowError:
                pass


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
    if isinstance(value, datetime.time):  # to the nearest second, but 23:59:59.7 is not 00:00
        seconds = min(round(value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6), 86399)
        return _clock(seconds // 3600, seconds // 60 % 60, seconds % 60)
    if isinstance(value, datetime.timedelta):
        seconds = round(value.total_seconds())
        sign, seconds = ("-" if seconds < 0 else ""), abs(seconds)
        return sign + _clock(seconds // 3600, seconds // 60 % 60, seconds % 60)
    return str(value)


def _to_second(moment: datetime.datetime) -> datetime.datetime:
    """A date and time to the nearest second (a spreadsheet keeps it as a fraction of a day), never
    carried into the next day: 23:59:59.7 is 23:59:59 of its day, not 00:00 of the next."""
    second = moment.replace(microsecond=0)
    if moment.microsecond >= 500_000 and second.time() != datetime.time(23, 59, 59):
        second += datetime.timedelta(seconds=1)
    return second


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
        named = dict(zip(names, infos))
        if "mimetype" in names:
            kind = "ods"
            if _part(data, named["mimetype"]).strip() != ODS_TYPE:
                raise InputError(where, "the file is an OpenDocument file, but not a spreadsheet (.ods)", RULE)
            if "META-INF/manifest.xml" in names and b"encryption-data" in _part(data, named["META-INF/manifest.xml"]):
                raise _locked(shown)
        elif "[Content_Types].xml" in names:
            kind = "xlsx"
            if any(name.lower().endswith("workbook.bin") for name in names):
                raise InputError(where, "the file is an Excel binary workbook (.xlsb), which is not read; save it as "
                                 ".xlsx (Excel Workbook) or .ods", RULE)
        else:
            raise InputError(where, "the file is a zip archive, not a spreadsheet (.xlsx or .ods)", RULE)
        parts = [(info.filename, _part(data, info)) for info in infos]
    except _BadPart as bad:
        raise InputError(where, f"the file is damaged: its part {_short(bad.name, 100)} {bad.args[0]}; open it in "
                         "Excel or LibreOffice and save it again", RULE) from None
    except InputError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, NotImplementedError, RuntimeError, EOFError,
            ValueError, OSError, KeyError) as problem:
        raise _damaged(shown, problem) from None
    return kind, parts


class _BadPart(Exception):
    """A part of a zip that is not what the zip's headers say (the message says how)."""

    def __init__(self, name: str, message: str):
        super().__init__(message)
        self.name = name


def _part(data: bytes, info: zipfile.ZipInfo) -> bytes:
    """The part `info` of the zip `data`, unpacked a megabyte at a time and stopped as soon as it gives
    more than its header says (`file_size`, which the parts' sum was checked against MAX_UNPACKED
    by): a zip whose headers understate a part costs no more than they say. (zipfile's read() inflates
    a part in one call, whatever its header says: two gigabytes for two megabytes of zip.) A part
    packed another way than spreadsheet programs pack one (stored or deflated), or whose bytes do not
    match its header, is a _BadPart."""
    name = info.filename
    if info.flag_bits & 0x1:
        raise _BadPart(name, "is encrypted")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise _BadPart(name, f"is packed in a way no spreadsheet program packs one (zip method {info.compress_type})")
    header = data[info.header_offset:info.header_offset + LOCAL_HEADER.size]
    if len(header) < LOCAL_HEADER.size:
        raise _BadPart(name, "is not where the zip's directory puts it")
    signature, name_length, extra_length = LOCAL_HEADER.unpack(header)
    if signature != ZIP:
        raise _BadPart(name, "is not where the zip's directory puts it")
    start = info.header_offset + LOCAL_HEADER.size + name_length + extra_length
    packed = memoryview(data)[start:start + info.compress_size]
    if len(packed) < info.compress_size:
        raise _BadPart(name, "is cut short")
    if info.compress_type == zipfile.ZIP_STORED:
        if len(packed) > info.file_size:
            raise _BadPart(name, f"unpacks to more than the {info.file_size:,} bytes its zip header gives")
        chunks = [bytes(packed)]
    else:
        chunks, size = [], 0
        for chunk in _inflated(packed, name):
            size += len(chunk)
            if size > info.file_size:
                raise _BadPart(name, f"unpacks to more than the {info.file_size:,} bytes its zip header gives")
            chunks.append(chunk)
    unpacked = b"".join(chunks)
    del chunks
    if len(unpacked) != info.file_size:
        raise _BadPart(name, f"unpacks to {len(unpacked):,} bytes, not the {info.file_size:,} its zip header gives")
    if zlib.crc32(unpacked) != info.CRC:
        raise _BadPart(name, "does not match its checksum (CRC-32)")
    return unpacked


def _inflated(packed: memoryview, name: str):
    """The bytes of a deflated part, a CHUNK at most at a time, as they unpack."""
    inflate = zlib.decompressobj(-zlib.MAX_WBITS)
    for offset in range(0, len(packed), CHUNK):
        pending = packed[offset:offset + CHUNK]
        while pending and not inflate.eof:
            yield inflate.decompress(pending, CHUNK)
            pending = inflate.unconsumed_tail
        if inflate.eof:
            return
    while not inflate.eof:  # all of it taken in, and some still to give out
        chunk = inflate.decompress(b"", CHUNK)
        if not chunk:
            raise _BadPart(name, "is cut short")
        yield chunk


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
    """Stops the measuring of a workbook: it is over a bound, or damaged (`rule`); the message follows
    "the workbook" ("is damaged: " first for a damaged one, unless it begins "cannot be read")."""

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
    value, by sheet, and the cells the reader misreads: an .ods's booleans and durations of a day or
    more (`values`), an .xlsx's dates with a time of day in a format that shows the date alone (`dates`),
    and a sheet's cell that names a shared string by no number (`damaged`)."""

    extents: dict[str, _Extent] = field(default_factory=dict)
    text: int = 0
    elements: int = 0
    errors: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)  # (row, column, message)
    values: dict[str, list[tuple[int, int, int, int, object]]] = field(default_factory=dict)  # an .ods's, by sheet
    dates: dict[str, list[tuple[int, int, float]]] = field(default_factory=dict)  # (row, column, time of day)
    damaged: dict[str, str] = field(default_factory=dict)  # what is wrong with a sheet the reader reads wrong
    shared: list[list[int]] = field(default_factory=list)  # each part's shared strings' lengths
    shared_uses: list[int] = field(default_factory=list)  # the shared strings cells show, by index
    workbook: str = "xl/workbook.xml"  # an .xlsx's workbook part
    date_styles: frozenset[int] = frozenset()  # the cell formats (`s`) of an .xlsx that show a date alone

    def add_text(self, size: int, sheet: str | None = None, row: int | None = None) -> None:
        self.text += size
        if self.text > MAX_TEXT:
            raise _Refused(f"holds more than {MAX_TEXT // MB} MB of text in its cells (a repeated cell counted each "
                           "time); a workbook of rows may hold at most that", "input.too-large", row, sheet)


def _survey(kind: str, parts: list[tuple[str, bytes]], shown: str) -> _Survey:
    """The workbook measured (see the module's notes); `parts` loses every part that is not XML and
    that the reader does not read. An input error if a bound is passed, or a part the reader reads (or
    one with cells) is not well-formed UTF-8 XML."""
    survey = _Survey()
    kept = [False] * len(parts)
    broken: dict[str, str] = {}  # the parts that are not XML, and what is wrong with each
    order = range(len(parts))
    if kind == "xlsx":  # the styles first, so that a sheet's cells are known by their formats as they are read
        survey.workbook = _xlsx_workbook(parts)
        styles = posixpath.join(posixpath.dirname(survey.workbook), "styles.xml").lower()
        order = sorted(order, key=lambda index: parts[index][0].lower() != styles)
    try:
        for index in order:
            name, data = parts[index]
            if kind == "ods" and name == "mimetype":
                kept[index] = True
                continue
            if kind == "xlsx":
                measure = _XlsxPart(survey, name, styles=name.lower() == styles)
            elif name == "content.xml":
                measure = _OdsContent(survey)
            else:
                measure = None
            wrong = _parse(data, measure)
            if wrong is None:
                kept[index] = True
                if measure is not None:
                    measure.finish()
                continue
            broken[name] = wrong
            if kind == "ods" and name.lower() in ODS_READ or kind == "xlsx" and measure.cells:
                raise _not_xml(name, wrong)
        if kind == "xlsx":
            _xlsx_shared_text(survey)
            sheets, read = _xlsx_links({name: data for (name, data), keep in zip(parts, kept) if keep}, survey.workbook)
            wrong = next(((name, wrong) for name, wrong in broken.items() if name.lower() in read), None)
            if wrong is not None:
                raise _not_xml(*wrong)

            def by_sheet(found: dict) -> dict:
                return {sheets.get(part, part): value for part, value in found.items()}

            survey.extents, survey.errors = by_sheet(survey.extents), by_sheet(survey.errors)
            survey.dates, survey.damaged = by_sheet(survey.dates), by_sheet(survey.damaged)
        total = sum(extent.cells for extent in survey.extents.values())
        if total > MAX_CELLS:
            sheet, extent = max(survey.extents.items(), key=lambda item: item[1].cells)
            raise _Refused(f"spans {total:,} cells, empty ones between them included (sheet \"{sheet}\" reaches "
                           f"{_cell(extent.bottom, extent.right)}); a workbook of rows may span at most "
                           f"{MAX_CELLS:,}: delete what lies far from the table (Ctrl+End goes to it)",
                           "input.too-large", extent.bottom, sheet)
    except _Refused as refused:
        place = Location(_place(shown, refused.sheet), refused.row + 1 if refused.row is not None else None) \
            if refused.sheet else Location(shown)
        raise InputError(place, f"the workbook {refused.message}" if refused.rule == "input.too-large"
                         or refused.message.startswith("cannot be read") else
                         f"the workbook is damaged: {refused.message}", refused.rule) from None
    parts[:] = [part for part, keep in zip(parts, kept) if keep]
    return survey


#: The parts of an .ods the reader reads (lower case).
ODS_READ = frozenset({"content.xml", "meta-inf/manifest.xml"})
DOCTYPE = "a document type"


def _not_xml(name: str, wrong: str) -> _Refused:
    """A part the reader reads that is not XML as it reads it: it would read the workbook wrong without it
    (its dates as numbers, without the styles), or not at all."""
    if wrong == DOCTYPE:  # no spreadsheet program writes one; a few lines of one can unpack to gigabytes
        return _Refused(f"cannot be read: its part {_short(name, 100)} has a document type (<!DOCTYPE>), which no "
                        "spreadsheet program writes: it is damaged, or was written by another program; open it in "
                        "Excel or LibreOffice and save it again", RULE)
    return _Refused(f"its part {_short(name, 100)} is not well-formed UTF-8 XML; open it in Excel or LibreOffice and "
                    "save it again", RULE)


def _parse(data: bytes, measure) -> str | None:
    """What is wrong with `data` as XML (DOCTYPE, or that it is not well-formed UTF-8 XML), or None
    once it has been fed to `measure`'s handlers."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # UTF-16 (or 32), which expat would read by its byte order mark
        return "not well-formed"
    parser = expat.ParserCreate("UTF-8")  # as the reader reads it, whatever its declaration says

    def refuse_doctype(*_):
        raise ValueError(DOCTYPE)

    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_doctype
    if measure is not None:
        parser.buffer_text = True
        parser.StartElementHandler = measure.start
        parser.EndElementHandler = measure.end
        measure.parser = parser
    try:
        parser.Parse(data, True)
    except expat.ExpatError:
        return "not well-formed"
    except ValueError as problem:
        return DOCTYPE if str(problem) == DOCTYPE else "not well-formed"
    return None


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
    that show an error (t="e", with a value or none) and the formulas (`f`) saved with no value: no `v`
    or `is`, or an empty `v` that is not text (t="str", which ="" gives), as openpyxl writes a formula.
    Notes, too, a cell that names a shared string by something else than its number (the reader reads
    string 0 for "-1"), and the dates with a time of day in a format that shows the date alone (`date`).
    The workbook's styles part (`styles`, read first) gives those formats: its cell formats (`cellXfs`,
    numbered from 0, as a cell's `s` names them) and the number formats they name (`numFmt`, or one
    built in), as the reader reads them."""

    def __init__(self, survey: _Survey, name: str, styles: bool = False):
        super().__init__(survey)
        self.name = name
        self.top, self.left, self.bottom, self.right = LAST_ROW, LAST_COLUMN, -1, -1
        self.in_cell = self.filled = self.formula = self.valued = self.dated = False
        self.reference = self.type = None
        self.value: list[str] | None = None  # the text of a <v> being read (a shared string's number, an error)
        self.shown = ""
        self.errors: list[tuple[int, int, str]] = []
        self.dates: list[tuple[int, int, float]] = []
        self.damaged = ""
        self.uses: list[int] = []
        self.strings: list[int] | None = None
        self.string = -1  # the length of the <si> being read, or -1
        self.styles = styles
        self.formats: dict[str, str] = {}  # the styles' number formats, by numFmtId
        self.in_xfs = False
        self.xfs = 0  # the cell formats read
        self.date_styles: set[int] = set()

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
                elif self.dated:
                    self.value, self.valued = [], self.valued or not self.formula
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
            self.in_cell, self.formula, self.valued, self.shown = True, False, False, ""
            self.reference, self.type = attributes.get("r"), attributes.get("t")
            self.filled = self.type == "e"  # an error with no value is an error still
            self.dated = bool(self.survey.date_styles) and (self.type is None or self.type == "n") and \
                _style(attributes.get("s")) in self.survey.date_styles
        elif local == "si":
            if self.string >= 0:
                raise _Refused(f"a shared string of {self.name} holds another", RULE)
            self.string = 0
            if self.strings is None:  # the part's shared strings, numbered from 0
                self.strings = []
            self.listen(self.measure_string)
        elif self.styles:
            if local == "numFmt":
                code, shows = attributes.get("numFmtId"), attributes.get("formatCode")
                if code is not None and shows is not None:
                    self.formats[code] = shows
            elif local == "cellXfs":
                self.in_xfs = True
            elif local == "xf" and self.in_xfs:
                code = attributes.get("numFmtId")
                if code is not None and (_date_only(self.formats[code]) if code in self.formats else
                                         code in DATE_FORMATS):
                    self.date_styles.add(self.xfs)
                self.xfs += 1

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
                    if self.dated and self.shown.strip():
                        self.valued = True
                self.listen(None)
        elif self.string >= 0 and name.rpartition(":")[2] == "si":
            self.strings.append(self.string)
            self.string = -1
            self.listen(None)
        elif self.styles and name.rpartition(":")[2] == "cellXfs":
            self.in_xfs = False

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
            shown = self.shown
            if shown.isascii() and shown.isdigit():
                if len(shown) < 10:
                    self.uses.append(int(shown))
            elif shown and not self.damaged:  # the reader reads string 0 for "-1" or " 1"
                self.damaged = (f'cell {_cell(row, column)} gives "{_short(shown, 20)}" for the number of a '
                                "shared string")
        elif self.type == "e":
            self.errors.append((row, column, _shows_error(row, column, self.shown.strip())))
        elif self.formula and not self.valued:
            self.errors.append((row, column, _no_value(row, column)))
        if self.dated and self.shown:
            self.date(row, column)

    def date(self, row: int, column: int) -> None:
        """A number in a format that shows the date alone (Excel's 14, "yyyy-mm-dd"): the reader reads a
        date and time if it has a time of day (46085.75 is 2026-03-04 18:00), so its time of day is
        noted, to be taken off (_set_dates)."""
        try:
            number = float(self.shown)
        except ValueError:
            return
        if math.isfinite(number) and number >= 1 and not number.is_integer():
            self.dates.append((row, column, number - math.floor(number)))

    def finish(self) -> None:
        super().finish()
        if self.cells:
            self.survey.extents.setdefault(self.name, _Extent()).add(self.top, self.left, self.bottom, self.right)
        if self.errors:
            self.survey.errors.setdefault(self.name, []).extend(self.errors)
        if self.dates:
            self.survey.dates.setdefault(self.name, []).extend(self.dates)
        if self.damaged:
            self.survey.damaged.setdefault(self.name, self.damaged)
        self.survey.shared_uses.extend(self.uses)
        if self.strings is not None:
            self.survey.shared.append(self.strings)
        if self.styles:
            self.survey.date_styles = frozenset(self.date_styles)


def _style(text: str | None) -> int:
    """A cell's format (`s`) as the reader reads it: none (-1) if it has none, 0 if it is not a number."""
    if text is None:
        return -1
    return int(text) if text.isascii() and text.isdigit() else 0


#: Excel's built-in number formats that show a date alone: 14 (m/d/yyyy, or the system's short date),
#: 15 (d-mmm-yy), 16 (d-mmm) and 17 (mmm-yy).
DATE_FORMATS = frozenset({"14", "15", "16", "17"})


def _date_only(code: str) -> bool:
    """Whether a number format shows a date and no time: its first section, outside quotes, brackets
    and the characters after \\ _ and *, has a day, month or year (d, m, y) and no hour, second or
    AM/PM (h, s, am/pm, a/p); a duration ([h]:mm) is not one."""
    if re.search(r"\[(h+|m+|s+)\]", code, re.IGNORECASE):
        return False
    shown = re.sub(r'"[^"]*"?|\[[^\]]*\]?|[\\_*].?', "", code).partition(";")[0].lower()
    return (any(letter in shown for letter in "dmy") and not any(letter in shown for letter in "hs")
            and "am/pm" not in shown and "a/p" not in shown)


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


def _xlsx_workbook(parts: list[tuple[str, bytes]]) -> str:
    """The workbook's part, as the package's relationships (_rels/.rels) name it: the reader reads its
    styles, shared strings and relationships from its folder. xl/workbook.xml if they name none."""
    found = _Relationships()
    for name, data in parts:
        if name == "_rels/.rels":
            _parse(data, found)
    return next((_resolved("_rels/.rels", target) for kind, target in found.links.values()
                 if kind.endswith("/officeDocument")), "xl/workbook.xml")


def _resolved(relationships: str, target: str) -> str:
    """A part's name from its target in the relationships part `relationships`."""
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(posixpath.dirname(relationships)), target))


class _Relationships:
    """Collects a part of relationships' `Relationship` elements, by Id: (Type, Target)."""

    def __init__(self):
        self.links: dict[str, tuple[str, str]] = {}
        self.parser = None

    def start(self, name: str, attributes: dict) -> None:
        if name.rpartition(":")[2] == "Relationship" and len(self.links) < MAX_PARTS:
            self.links[attributes.get("Id", "")] = (attributes.get("Type", ""), attributes.get("Target", ""))

    def end(self, name: str) -> None:
        pass


def _xlsx_links(parts: dict[str, bytes], workbook: str) -> tuple[dict[str, str], set[str]]:
    """Which part holds which sheet, by name, as the workbook's relationships say (for messages and
    for the cells that show errors; {} if they cannot be read, which the reader will then say); and
    the parts the reader reads, in lower case (it finds them whatever their case): the package's
    relationships, the workbook and its relationships, its styles and shared strings, and its sheets.
    A part of another kind (a macro project, a picture, a document system's custom XML in UTF-16) the
    reader does not read, and may be left out."""
    folder = posixpath.dirname(workbook)
    relationships = posixpath.join(folder, "_rels", f"{posixpath.basename(workbook)}.rels")
    read = {"_rels/.rels", workbook, relationships, *(posixpath.join(folder, name) for name in (
        "workbook.xml", "_rels/workbook.xml.rels", "styles.xml", "sharedStrings.xml"))}
    named = {}
    found = _Relationships()
    if relationships in parts:
        _parse(parts[relationships], found)
    sheets = {key: (kind, _resolved(relationships, target)) for key, (kind, target) in found.links.items()}
    read.update(full for kind, full in sheets.values() if kind.endswith(("sheet", "/styles", "/sharedStrings")))
    reference = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    try:
        for element in ElementTree.fromstring(parts[workbook]).iter():
            if element.tag.rpartition("}")[2] == "sheet" and element.get(reference) in sheets:
                named[sheets[element.get(reference)][1]] = element.get("name", "")
    except (KeyError, ElementTree.ParseError, ValueError):
        named = {}
    return named, {name.lower() for name in read}


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
    the boolean cells (see `boolean`) and the durations of a day or more (see `duration`)."""

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
        self.lasting: datetime.timedelta | None = None  # the open cell's duration, if the reader misreads it

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
            self.error = attributes.get("calcext:value-type") == "error"
            self.filled = "office:value-type" in attributes or self.formula or self.error  # an error with no value too
            self.valued = attributes.get("office:value-type") == "string" or any(key in attributes
                                                                                   for key in ODS_VALUES)
            self.boolean(attributes)
            self.duration(attributes)
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

    def duration(self, attributes: dict) -> None:
        """The duration of the cell opened (`lasting`), if it is a time the reader cannot read as a time
        of day: one of a day or more (LibreOffice saves 30:00 as PT30H00M00S), or less than none, which
        it reads as the text of the ISO 8601 duration."""
        self.lasting = None
        if attributes.get("office:value-type") == "time":
            lasting = _duration(attributes.get("office:time-value", ""))
            if lasting is not None and not datetime.timedelta(0) <= lasting < datetime.timedelta(days=1):
                self.lasting = lasting

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
                    self.survey.values.setdefault(self.table, []).append((self.row, self.column, self.rows,
                                                                          self.columns, flag))
                if self.lasting is not None:
                    self.survey.values.setdefault(self.table, []).append((self.row, self.column, self.rows,
                                                                          self.columns, self.lasting))
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


#: An ISO 8601 duration as an .ods gives a time: PT30H00M00S, PT12H30M15.5S, -PT1H, P1DT6H.
DURATION = re.compile(r"(-?)P(?:([0-9]{1,9})D)?"
                      r"(?:T(?:([0-9]{1,12})H)?(?:([0-9]{1,12})M)?(?:([0-9]{1,12}(?:\.[0-9]*)?)S)?)?")


def _duration(text: str) -> datetime.timedelta | None:
    found = DURATION.fullmatch(text.strip())
    if found is None or not any(found.groups()[1:]):
        return None
    sign, days, hours, minutes, seconds = found.groups()
    try:
        lasting = datetime.timedelta(days=int(days or 0), hours=int(hours or 0), minutes=int(minutes or 0),
                                     seconds=float(seconds or 0))
    except OverflowError:
        return None
    return -lasting if sign else lasting


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
