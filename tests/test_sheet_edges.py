"""Edges of the spreadsheet reader (generator/games/custom/sheets.py) an audit found: a zip whose
headers understate a part, a damaged part the reader reads, an .ods duration of a day or more, a
date-only format with a time of day, an error cell with no value, a shared string named by no
number, an .xlsb named as one, and a sheet whose name reads as a line number. The workbooks are
built here with test_spreadsheets' helpers: a few lines of XML each.
"""

from __future__ import annotations

import io
import struct
import tracemalloc
import zipfile
import zlib

import pytest

from generator.errors import InputError
from generator.games.custom import sheets
from test_spreadsheets import Xml, fields, ods, ods_cell, one_error, workbook_game, xlsx

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def styles(*formats: str | int) -> str:
    """An .xlsx's xl/styles.xml whose cell formats (s="1", s="2"...) show `formats`: a built-in
    format's number, or a format's code (164 on)."""
    codes = [(164 + index, shown) for index, shown in enumerate(formats) if isinstance(shown, str)]
    ids = iter(code for code, _ in codes)
    xfs = "".join(f'<xf numFmtId="{shown if isinstance(shown, int) else next(ids)}" applyNumberFormat="1"/>'
                  for shown in formats)
    return (f'<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="{MAIN}"><numFmts count="{len(codes)}">'
            + "".join(f'<numFmt numFmtId="{code}" formatCode="{shown}"/>' for code, shown in codes)
            + f'</numFmts><cellXfs count="{len(formats) + 1}"><xf numFmtId="0"/>{xfs}</cellXfs></styleSheet>')


def number(value: str, style: int) -> Xml:
    return Xml(f' s="{style}"><v>{value}</v>')


def shown(tmp_path, data: bytes, name: str = "rows.xlsx", column: str = "name") -> list[str]:
    return [row[column] for _, row in fields(workbook_game(tmp_path, data, name))]


# -- 1. a zip whose headers understate a part ----------------------------------------------------


def understated(data: bytes, part: str, size: int) -> bytes:
    """`data`, a zip, with `part`'s size given as `size` in its local header and the zip's directory,
    and its checksum as that of its first `size` bytes: a liar that zipfile's read() would inflate
    whole before it cut the part to `size` bytes."""
    content = zipfile.ZipFile(io.BytesIO(data)).read(part)
    crc = zlib.crc32(content[:size])
    out = bytearray(data)
    name = part.encode()
    local = next(at for at in _find(out, b"PK\x03\x04") if out[at + 30:at + 30 + len(name)] == name)
    struct.pack_into("<L", out, local + 14, crc)
    struct.pack_into("<L", out, local + 22, size)
    central = next(at for at in _find(out, b"PK\x01\x02") if out[at + 46:at + 46 + len(name)] == name)
    struct.pack_into("<L", out, central + 16, crc)
    struct.pack_into("<L", out, central + 24, size)
    return bytes(out)


def _find(data: bytearray, signature: bytes):
    at = data.find(signature)
    while at >= 0:
        yield at
        at = data.find(signature, at + 1)


def test_a_part_that_unpacks_to_more_than_its_header_says_is_stopped_as_it_unpacks(tmp_path):
    padding = "<!--" + " " * 40_000_000 + "-->"  # 40 MB that deflate to 40 KB
    data = understated(xlsx({"Sheet1": [["name"], ["Alpha"]]}, raw={"xl/padding.xml": padding}), "xl/padding.xml",
                       1000)
    tracemalloc.start()
    try:
        with pytest.raises(InputError) as raised:
            sheets._unpack(data, "rows.xlsx")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8_000_000, peak  # a megabyte at a time, not the 40 MB the part unpacks to
    assert str(raised.value) == ("rows.xlsx: error: the file is damaged: its part xl/padding.xml unpacks to more than "
                                 "the 1,000 bytes its zip header gives; open it in Excel or LibreOffice and save it "
                                 "again [input.spreadsheet]")
    workbook_game(tmp_path, data)
    assert "unpacks to more than the 1,000 bytes" in one_error(tmp_path, rule="input.spreadsheet")


def test_a_part_that_unpacks_to_less_than_its_header_says_is_damaged(tmp_path):
    data = xlsx({"Sheet1": [["name"], ["Alpha"]]})
    sheet = zipfile.ZipFile(io.BytesIO(data)).read("xl/worksheets/sheet1.xml")
    workbook_game(tmp_path, understated(data, "xl/worksheets/sheet1.xml", len(sheet) + 10))
    assert "its part xl/worksheets/sheet1.xml unpacks to" in one_error(tmp_path, rule="input.spreadsheet")


# -- 2. a damaged part the reader reads ----------------------------------------------------------


DATES = {"Sheet1": [["name", "when"], ["a", number("46085", 1)]]}


@pytest.mark.parametrize("encode", [
    lambda text: text.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace("yyyy", "yyyy\u00e9").encode(
        "latin-1"),
    lambda text: text.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16"),
    lambda text: text.encode()[:-20],
], ids=["latin-1", "utf-16", "cut short"])
def test_damaged_styles_are_an_error_naming_the_part_not_dates_read_as_numbers(tmp_path, encode):
    data = xlsx(DATES, raw={"xl/styles.xml": encode(styles("yyyy-mm-dd"))})
    workbook_game(tmp_path, data)
    assert one_error(tmp_path, rule="input.spreadsheet") == (
        "rows.xlsx: error: the workbook is damaged: its part xl/styles.xml is not well-formed UTF-8 XML; open it in "
        "Excel or LibreOffice and save it again [input.spreadsheet]")


def test_parts_the_reader_does_not_read_are_still_left_out(tmp_path):
    """A macro project, a picture, and a document system's custom XML in UTF-16 are no damage."""
    raw = {"xl/styles.xml": styles("yyyy-mm-dd"), "xl/vbaProject.bin": bytes(range(256)) * 4,
           "xl/media/image1.png": b"\x89PNG\r\n\x1a\n" + bytes(64),
           "customXml/item1.xml": '<?xml version="1.0" encoding="utf-16"?><metadata/>'.encode("utf-16")}
    assert shown(tmp_path, xlsx(DATES, raw=raw), "rows.xlsm", "when") == ["2026-03-04"]


# -- 3. an .ods duration of a day or more --------------------------------------------------------


def test_an_ods_duration_of_a_day_or_more_reads_as_hours_and_minutes(tmp_path):
    def row(name: str, value: str, repeat: str = "") -> str:
        return (f'<table:table-row>{ods_cell(name)}<table:table-cell office:value-type="time"{repeat} '
                f'office:time-value="{value}"><text:p>x</text:p></table:table-cell></table:table-row>')

    rows = (f"<table:table-row>{ods_cell('name')}{ods_cell('time')}{ods_cell('again')}</table:table-row>"
            + row("a", "PT12H30M00S") + row("b", "PT30H00M00S", ' table:number-columns-repeated="2"')
            + row("c", "PT100H15M30S") + row("d", "-PT1H30M00S"))
    read = [(row["time"], row.get("again")) for _, row in fields(workbook_game(tmp_path, ods({"Sheet1": rows}),
                                                                                "rows.ods"))]
    assert read == [("12:30", ""), ("30:00", "30:00"), ("100:15:30", ""), ("-01:30", "")]


# -- 4. a date-only format with a time of day, and rounding at midnight ---------------------------


def test_a_date_only_format_shows_the_date_alone_and_never_the_next_day(tmp_path):
    cells = [["name", "when"],
             ["a", number("46085.75", 1)],  # Excel's 14, with 18:00 in it
             ["b", number("46085.99999999", 1)],  # a millisecond before midnight
             ["c", number("46085.75", 2)],  # dd/mm/yyyy
             ["d", Xml(' s="1"><f>NOW()</f><v>46085.5</v>')],  # a formula's value
             ["e", number("46085", 1)],
             ["f", number("46085.75", 3)],  # a date and time format: both
             ["g", number("46085.99999999", 3)],  # never into the next day
             ["h", number("0.99999999", 4)]]  # h:mm:ss, a millisecond before midnight
    data = xlsx({"Sheet1": cells}, raw={"xl/styles.xml": styles(14, "dd/mm/yyyy", "yyyy-mm-dd hh:mm", 21)})
    assert shown(tmp_path, data, column="when") == ["2026-03-04", "2026-03-04", "2026-03-04", "2026-03-04",
                                                    "2026-03-04", "2026-03-04 18:00", "2026-03-04 23:59:59",
                                                    "23:59:59"]


def test_an_ods_time_never_rounds_into_the_next_day(tmp_path):
    rows = (f"<table:table-row>{ods_cell('name')}{ods_cell('when')}</table:table-row>"
            f'<table:table-row>{ods_cell("a")}<table:table-cell office:value-type="date" '
            'office:date-value="2026-03-04T23:59:59.9999"><text:p>x</text:p></table:table-cell></table:table-row>'
            f'<table:table-row>{ods_cell("b")}<table:table-cell office:value-type="time" '
            'office:time-value="PT23H59M59.9S"><text:p>x</text:p></table:table-cell></table:table-row>')
    assert shown(tmp_path, ods({"Sheet1": rows}), "rows.ods", "when") == ["2026-03-04 23:59:59", "23:59:59"]


# -- 5. an error cell with no value; a shared string named by no number ----------------------------


@pytest.mark.parametrize("name, data", [
    ("rows.xlsx", xlsx({"Deck": [["name", "cost"], ["a", 1], ["b", Xml(' t="e">')]]})),
    ("rows.ods", ods({"Deck": f"<table:table-row>{ods_cell('name')}{ods_cell('cost')}</table:table-row>"
                              f"<table:table-row>{ods_cell('a')}{ods_cell('1')}</table:table-row>"
                              f'<table:table-row>{ods_cell("b")}<table:table-cell calcext:value-type="error"/>'
                              "</table:table-row>"})),
])
def test_an_error_cell_with_no_value_is_reported_as_an_error(tmp_path, name, data):
    workbook_game(tmp_path, data, name)
    assert one_error(tmp_path, rule="input.spreadsheet") == (
        f"{name}:Deck:3: error: cell B3 shows an error, the error of its formula; correct the formula or clear the "
        "cell [input.spreadsheet]")


@pytest.mark.parametrize("index", ["-1", " 1", "1.0", "99"])
def test_a_shared_string_named_by_no_number_of_one_is_damaged(tmp_path, index):
    workbook_game(tmp_path, xlsx({"Sheet1": [["name"], [Xml(f' t="s"><v>{index}</v>')]]}, shared=["name", "x"]))
    line = one_error(tmp_path, rule="input.spreadsheet")
    assert line.startswith('rows.xlsx: error: the file cannot be read as a spreadsheet (its sheet "Sheet1"): it is '
                           "damaged, or not an .xlsx or .ods file ("), line
    assert index == "99" or f'cell A2 gives "{index}" for the number of a shared string' in line, line


# -- 6. an Excel binary workbook named .xlsb -------------------------------------------------------


def test_an_xlsb_named_as_one_is_refused_with_advice(tmp_path):
    """rows.py chooses the reader by the extension, and says what an .xlsb is (it read it as CSV)."""
    workbook_game(tmp_path, xlsx({"Sheet1": [["name"], ["Alpha"]]}, raw={"xl/workbook.bin": b"\x83\x01\x00"}),
                  "rows.xlsb")
    assert "an Excel binary workbook (.xlsb), which is not read; save it as .xlsx" in one_error(
        tmp_path, rule="input.spreadsheet")


# -- 7. a sheet whose name reads as a line number --------------------------------------------------


@pytest.mark.parametrize("sheet, where", [("1", 'rows.xlsx:"1":3:'), ("Deck:2", 'rows.xlsx:"Deck:2":3:'),
                                          ("Deck", "rows.xlsx:Deck:3:")])
def test_a_sheet_whose_name_could_be_a_line_number_is_quoted(tmp_path, sheet, where):
    workbook_game(tmp_path, xlsx({sheet: [["name", "count"], ["a", 1], ["b", "many"]]}))
    line = one_error(tmp_path, rule="input.type")
    assert line.startswith(f'{where} error: count "many" is not a whole number'), line
