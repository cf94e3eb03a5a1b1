"""What a PDF page holds, read back with pdfium: each character's font, size, colour and place, and
each path's box and paint. Tests compare these between builds to see what a change changed."""

from __future__ import annotations

import ctypes
import functools
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

MM = 72 / 25.4  # PDF points per mm


@dataclass(frozen=True)
class Char:
    char: str
    font: str
    size: float  # as the text operator sets it (mm here: the page's user space is scaled to mm)
    fill: tuple[int, int, int]
    x: float  # origin in mm from the page's left
    y: float  # and from its bottom


@dataclass(frozen=True)
class Shape:
    box: tuple[float, float, float, float]  # left, bottom, right, top in mm
    fill: tuple[int, int, int] | None
    stroke: tuple[int, int, int] | None


def _colour(getter, handle) -> tuple[int, int, int]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    getter(handle, *(ctypes.byref(v) for v in (r, g, b, a)))
    return r.value, g.value, b.value


def chars(page) -> list[Char]:
    text = page.get_textpage()
    found = []
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    for index in range(text.count_chars()):
        if raw.FPDFText_IsGenerated(text.raw, index):
            continue
        raw.FPDFText_GetFontInfo(text.raw, index, name, 256, ctypes.byref(flags))
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        raw.FPDFText_GetFillColor(text.raw, index, *(ctypes.byref(v) for v in (r, g, b, a)))
        x, y = ctypes.c_double(), ctypes.c_double()
        raw.FPDFText_GetCharOrigin(text.raw, index, ctypes.byref(x), ctypes.byref(y))
        found.append(Char(chr(raw.FPDFText_GetUnicode(text.raw, index)), name.value.decode("latin-1"),
                          round(raw.FPDFText_GetFontSize(text.raw, index), 3), (r.value, g.value, b.value),
                          round(x.value / MM, 2), round(y.value / MM, 2)))
    return found


def shapes(page) -> list[Shape]:
    found = []
    for obj in page.get_objects(max_depth=8):
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill_mode), ctypes.byref(stroke))
        left, bottom, right, top = obj.get_bounds()
        found.append(Shape(tuple(round(v / MM, 2) for v in (left, bottom, right, top)),
                           _colour(raw.FPDFPageObj_GetFillColor, obj.raw) if fill_mode.value else None,
                           _colour(raw.FPDFPageObj_GetStrokeColor, obj.raw) if stroke.value else None))
    return found


def read(path) -> list[tuple[list[Char], list[Shape]]]:
    """Every page's characters and paths. A file is read once for as long as it stays as it was (a
    build shared by several tests is read by them all): read what this returns, never change it."""
    path = Path(path).resolve()
    stat = path.stat()
    return _read(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=32)
def _read(path: Path, mtime_ns: int, size: int) -> list[tuple[list[Char], list[Shape]]]:
    document = pdfium.PdfDocument(str(path))
    try:
        return [(chars(page), shapes(page)) for page in document]
    finally:
        document.close()


def hex_rgb(value: str) -> tuple[int, int, int]:
    return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
