"""Edges of a custom game's rows (generator/games/custom/rows.py): a quote a CSV file never closes,
invisible characters in a header, Excel's `sep=,` line, ids that differ only in case, and a workbook
read as CSV by its name."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_pnp

GAME = """game: custom
title: Row edges
components:
  card:
    piece: poker-card
    rows: cards.csv
    front: front
layouts:
  front:
    name: {text: "{name}", at: [0.5, 0.5], box: [0.8, 0.3]}
"""


def rows(folder: Path, data: bytes | str, name: str = "cards.csv", component: str = "card"):
    """The rows of the file `name` (written as `data`) as a component reads them: their ids, names and
    lines, or the error lines (the folder left out)."""
    from generator.errors import InputError, Location
    from generator.games.custom.rows import read_rows
    from generator.reading import Reader

    (folder / name).write_bytes(data.encode() if isinstance(data, str) else data)
    try:
        read = read_rows(name, Location("game.yaml", 6), component, Reader(folder))
    except InputError as problem:
        return [line.split(str(folder) + "/")[-1] for line in str(problem).splitlines()]
    return [(row.id, row.fields.get("name"), row.location.line) for row in read]


# -- 1. a quote never closed --------------------------------------------------------------------


@pytest.mark.parametrize("text, line, cell", [
    ('id,name\na,"unterminated\nb,y\n', 2, "name"),
    ('id,name\r\na,"unterminated\r\nb,y', 2, "name"),
    ('id,name,text\na,"x\ny",z\nb,"open,q\n', 4, "name"),  # the row before spans two lines
    ('id,name\na,x"y\nb,"open\n', 3, "name"),  # a stray quote in an unquoted cell is text; the second opens
])
def test_a_quote_never_closed_is_an_error_where_it_opens(tmp_path, text, line, cell):
    [error] = rows(tmp_path, text)
    assert error == (f'cards.csv:{line}: error: a quote opened in this row (the "{cell}" cell) is never closed; '
                     "close it or take it out [input.csv]"), error


def test_a_quote_never_closed_in_the_header_or_told_by_pnp(tmp_path):
    assert rows(tmp_path, 'id,"name\na,b\n') == ["cards.csv:1: error: a quote opened in the header row is never "
                                                "closed; close it or take it out [input.csv]"]
    (tmp_path / "game.yaml").write_text(GAME)
    (tmp_path / "cards.csv").write_text('id,name\na,"unterminated\nb,y\n')
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 2 and "Traceback" not in stderr and stderr.count("\n") == 1, stderr
    assert stderr.startswith("cards.csv:2: error: a quote opened in this row"), stderr


def test_quoted_cells_that_close_are_read_as_before(tmp_path):
    """A cell's line break (Alt+Enter in Excel), a doubled quote, a stray quote inside an unquoted
    cell: all text, as they were."""
    text = 'id,name\r\na,"line 1\r\nline 2"\r\nb,"say ""hi"""\r\nc,x"y\r\n'
    assert rows(tmp_path, text) == [("a", "line 1\nline 2", 2), ("b", 'say "hi"', 4), ("c", 'x"y', 5)]


# -- 2. invisible characters in the header ------------------------------------------------------


@pytest.mark.parametrize("header, code", [("id,na\x0bme", "000B"), ("id,\u200bname", "200B"), ("id,name\u200c", "200C"),
                                          ("id,na\u200dme", "200D"), ("id,\u2060name", "2060"),
                                          ("\ufeffid,\ufeffname", "FEFF")])
def test_an_invisible_character_in_a_column_name_is_refused_at_the_header(tmp_path, header, code):
    [error] = rows(tmp_path, header + "\na,Alpha\n")
    assert error == (f'cards.csv:1:1: error: the name of column 2, "name", holds an invisible character (U+{code}), '
                     "so a layout's {name} would not find it; take it out [input.csv]"), error


def test_a_byte_order_mark_that_starts_the_file_is_read_past(tmp_path):
    assert rows(tmp_path, "\ufeffid,name\na,Alpha\n") == [("a", "Alpha", 2)]


# -- 3. Excel's sep= line -----------------------------------------------------------------------


def test_excels_sep_line_is_read_past_and_the_lines_still_count(tmp_path):
    assert rows(tmp_path, "sep=,\r\nid,name\r\na,Alpha\r\n") == [("a", "Alpha", 3)]
    assert rows(tmp_path, "sep=,\nid,name\na,Alpha\nb\n") == [
        "cards.csv:4: error: 1 values for 2 columns (id, name) [input.csv]"]
    [error] = rows(tmp_path, "sep=;\nid;name\na;Alpha\n")
    assert error.startswith('cards.csv:1: error: the first line "sep=;" is Excel\'s hint that the file separates '
                            'its columns with ";"; save it as CSV with commas'), error


# -- 4. ids that differ only in case ------------------------------------------------------------


@pytest.mark.parametrize("text, says", [
    ("id,name\nA,x\na,y\n", 'cards.csv:3: error: the id "a" differs only in case from "A" (line 2)'),
    ("id,count\nA-2,1\na,2\n", 'cards.csv:2: error: the id "A-2" is also the id the row at line 3 gives its copy '
                               '(as "a-2": ids that differ only in case'),
    ("id,count\na,2\nA-2,1\n", 'cards.csv:3: error: the id "A-2" is also the id the row at line 2 gives its copy'),
    ("id,name\n,x\nCard-1,y\n", 'cards.csv:3: error: the id "Card-1" is also the id the row at line 2 gives its '
                                'piece (as "card-1"'),
    ("id,count\n,1\n,1\ncard,2\n", 'cards.csv:4: error: the id "card-2" of this row\'s copy is also the id of the '
                                   "row at line 3, numbered as a piece of card"),
])
def test_ids_that_differ_only_in_case_or_a_copy_and_a_number_are_one_id(tmp_path, text, says):
    [error] = rows(tmp_path, text)
    assert error.startswith(says) and error.endswith("[input.duplicate-id]"), error


def test_ids_of_other_letters_are_still_their_own(tmp_path):
    assert [row[0] for row in rows(tmp_path, "id,count\nA,2\nB,1\n,1\n")] == ["A", "A-2", "B", "card-4"]


# -- 5. a workbook read as CSV by its name ------------------------------------------------------


@pytest.mark.parametrize("data, says", [
    (b"PK\x03\x04" + bytes(40), "the file is a spreadsheet saved under a CSV file's name, not CSV text; name it "
                                ".xlsx (or .ods)"),
    (bytes.fromhex("d0cf11e0a1b11ae1") + bytes(40), "the file is an Excel 97-2003 workbook (.xls) saved under a CSV "
                                                    "file's name, not CSV text; save it as .xlsx"),
])
def test_a_workbook_named_csv_says_so(tmp_path, data, says):
    [error] = rows(tmp_path, data)
    assert error.startswith(f"cards.csv: error: {says}") and error.endswith("[input.csv]"), error


@pytest.mark.parametrize("name, says", [
    ("cards.xlsb", "an Excel binary workbook (.xlsb), which is not read; save it as .xlsx (Excel Workbook) or .ods"),
    ("cards.numbers", "a Numbers spreadsheet (.numbers), which is not read; export it as .xlsx"),
])
def test_a_spreadsheet_that_is_not_read_says_what_to_save_it_as(tmp_path, name, says):
    [error] = rows(tmp_path, b"PK\x03\x04" + bytes(40), name)
    assert error.startswith(f"{name}: error: the file is {says}") and error.endswith("[input.spreadsheet]"), error


def test_a_workbooks_extension_chooses_its_reader_whatever_its_case_or_a_space_after_it(tmp_path, monkeypatch):
    from generator.errors import Location
    from generator.games.custom import sheets

    asked = []
    monkeypatch.setattr(sheets, "sheet_rows", lambda reader, name, *rest: asked.append(name) or
                        [({"id": "a", "name": "Alpha"}, Location(name, 2))])
    assert rows(tmp_path, b"PK\x03\x04", "Cards.XLSX ") == [("a", "Alpha", 2)] and asked == ["Cards.XLSX "]
