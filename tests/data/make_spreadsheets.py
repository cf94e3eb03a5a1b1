"""Makes the spreadsheets tests/test_spreadsheets.py reads, with LibreOffice, as a designer would.

    apt-get install libreoffice-calc python3-uno
    /usr/bin/python3 tests/data/make_spreadsheets.py      # LibreOffice's own Python, which has `uno`

Each value is entered the way typing it would store it: numbers as numbers, a date or a time as a
number with a date or time format, TRUE as a number with the boolean format, and "3/4" and "010"
as text (as a cell formatted as text, or typed with a leading apostrophe, keeps them). The workbook
is saved as cards.ods and cards.xlsx. locked.ods is a one-sheet workbook that LibreOffice saves with
the password "secret"; locked.xlsx the same workbook encrypted as Excel encrypts it, by msoffcrypto-tool
(LibreOffice 7.4 saves an .xlsx with no password from here), which `pip install msoffcrypto-tool` puts
on the PATH. Not run by the tests: the files it makes are committed beside it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import uno  # noqa: F401 (LibreOffice's bridge: it makes the com.sun.star imports below work)
from com.sun.star.beans import PropertyValue
from com.sun.star.lang import Locale
from com.sun.star.util import NumberFormat

HERE = Path(__file__).resolve().parent

#: (sheet, rows); a row is a list of cells: a str is text, an int or float a number, None empty,
#: ("=", formula), ("date", "2026-03-04"), ("time", "12:30"), ("bool", True).
SHEETS = [
    ("Cards", [
        ["id", "name", "suit", "cost", "count", "note"],
        ["h1", "Alpha", "heart", 1, 1, "3/4"],
        [],
        ["s1", "Beta", "spade", 2.5, 2, ("bool", True)],
        ["d1", "Delta", "diamond", 10, 1, ("date", "2026-03-04")],
        [None, "Gamma", "club", 3, 2, "010"],
        ["x1", "Sigma", "sun", ("=", "=1+2"), 1, ("time", "12:30")],
    ]),
    ("Tokens", [["name", "value"], ["Coin", 1], ["Gem", 5]]),
    ("Deck", [["suit", "count"], ["heart", 6], ["spade", 6], ["diamond", 6], ["club", 7], ["sun", 7]]),
    ("Bad", [["name", "count"], ["Alpha", 1], ["Beta", "many"]]),
    ("Pictures", [["name", "art"], ["Alpha", "alpha.png"], ["Beta", "missing.png"]]),
    ("Errors", [["name", "value"], ["Alpha", 1], ["Beta", ("=", "=1/0")]]),
]


def prop(name: str, value) -> PropertyValue:
    found = PropertyValue()
    found.Name, found.Value = name, value
    return found


def office(profile: Path):
    """A headless LibreOffice and its desktop."""
    process = subprocess.Popen(["soffice", "--headless", "--invisible", "--norestore",
                                f"-env:UserInstallation={profile.as_uri()}", "--accept=pipe,name=pnpsheets;urp;"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    for _ in range(200):
        try:
            context = resolver.resolve("uno:pipe,name=pnpsheets;urp;StarOffice.ComponentContext")
            break
        except Exception:  # noqa: BLE001: not listening yet
            time.sleep(0.2)
    else:
        raise SystemExit("LibreOffice did not start")
    return process, context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)


def number_format(document, code: str) -> int:
    formats, locale = document.NumberFormats, Locale("en", "US", "")
    key = formats.queryKey(code, locale, False)
    return key if key != -1 else formats.addNew(code, locale)


def fill(document, sheet, rows) -> None:
    formats = document.NumberFormats
    boolean = formats.getStandardFormat(NumberFormat.LOGICAL, Locale("en", "US", ""))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            cell = sheet.getCellByPosition(c, r)
            if value is None:
                continue
            if isinstance(value, str):
                cell.setString(value)
            elif isinstance(value, (int, float)):
                cell.setValue(value)
            elif value[0] == "=":
                cell.setFormula(value[1])
            elif value[0] == "date":
                cell.setFormula(value[1])
                cell.NumberFormat = number_format(document, "YYYY-MM-DD")
            elif value[0] == "time":
                cell.setFormula(value[1])
                cell.NumberFormat = number_format(document, "HH:MM")
            elif value[0] == "bool":
                cell.setValue(1 if value[1] else 0)
                cell.NumberFormat = boolean


def workbook(desktop, sheets):
    document = desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, (prop("Hidden", True),))
    book = document.Sheets
    for index, (name, rows) in enumerate(sheets):
        if index == 0:
            book.getByIndex(0).Name = name
        else:
            book.insertNewByName(name, index)
        fill(document, book.getByName(name), rows)
    while book.Count > len(sheets):
        book.removeByName(book.ElementNames[-1])
    document.calculateAll()
    return document


def main() -> None:
    with tempfile.TemporaryDirectory() as profile:
        process, desktop = office(Path(profile))
        try:
            document = workbook(desktop, SHEETS)
            document.Sheets.getByName("Cards").getCellRangeByName("H1:H7").CellBackColor = 0xFFF2CC  # styled, empty
            document.storeToURL((HERE / "cards.ods").as_uri(), (prop("FilterName", "calc8"),))
            document.storeToURL((HERE / "cards.xlsx").as_uri(), (prop("FilterName", "Calc MS Excel 2007 XML"),))
            document.close(True)
            document = workbook(desktop, [("Cards", [["name"], ["Alpha"]])])
            secret = prop("Password", "secret")
            document.storeToURL((HERE / "locked.ods").as_uri(), (prop("FilterName", "calc8"), secret))
            plain = Path(profile) / "plain.xlsx"
            document.storeToURL(plain.as_uri(), (prop("FilterName", "Calc MS Excel 2007 XML"),))
            document.close(True)
            tool = shutil.which("msoffcrypto-tool", path=os.environ.get("MSOFFCRYPTO_PATH"))
            if tool is None:
                raise SystemExit("locked.xlsx needs msoffcrypto-tool on the PATH (or MSOFFCRYPTO_PATH)")
            subprocess.run([tool, "-e", "-p", "secret", plain, HERE / "locked.xlsx"], check=True)
        finally:
            try:
                desktop.terminate()
            except Exception:  # noqa: BLE001: it goes as it answers
                pass
            process.wait(timeout=60)


if __name__ == "__main__":
    main()
