"""The embedded text faces: the Bitstream Vera family that ships inside reportlab.

Every backend draws text with these same files, and layout measures text with reportlab's metrics
for them, so a line that fits in the PDF fits in the SVG and the PNG too.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"

#: style -> (name used in PDF and SVG, file)
FACES = {
    "regular": ("Vera", "Vera.ttf"),
    "bold": ("VeraBd", "VeraBd.ttf"),
    "italic": ("VeraIt", "VeraIt.ttf"),
    "bold-italic": ("VeraBI", "VeraBI.ttf"),
}


def face_name(style: str) -> str:
    return FACES[style][0]


def face_file(style: str) -> Path:
    return FONT_DIR / FACES[style][1]


@lru_cache(maxsize=None)
def register(style: str) -> str:
    """Register the face with reportlab (once) and return its PDF name."""
    name, filename = FACES[style]
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    return name


def ttf(style: str) -> TTFont:
    """The registered reportlab font object of a face, for backends that write text operators."""
    return pdfmetrics.getFont(register(style))


def text_width(text: str, size: float, style: str = "regular") -> float:
    """Advance width of `text` at font size `size` (same unit out as in: mm in, mm out)."""
    return pdfmetrics.stringWidth(text, register(style), size)


def wrap(text: str, size: float, width: float, style: str = "regular") -> list[str]:
    """Greedy word wrap of `text` into lines no wider than `width`."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size, style) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines
