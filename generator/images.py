"""Pictures a face may place: PNG and JPEG files, read once, embedded as they are.

A `Picture` holds the file's bytes and its pixel size. The Canvas places it in a box (`Canvas.image`);
the PDF stores each picture once however many pieces show it, the SVG once per page, and the PNG
pages are rendered from the PDF. `placed_dpi` says how sharp a picture prints at its placed size.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from generator.errors import InputError, Location

#: The formats every backend embeds as they are, by PIL's name for them.
MIME_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg"}
#: Below this, a picture prints visibly soft; a print shop asks for 300 dpi.
PRINT_DPI = 300
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Picture:
    name: str  # as the user wrote it, for messages
    data: bytes = field(repr=False)
    mime: str
    width_px: int
    height_px: int

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def load_picture(path: Path, location: Location, shown: str | None = None) -> Picture:
    """The PNG or JPEG file at `path`; a missing or unreadable file, or another format, is an input
    error at `location` (where the game file names it)."""
    shown = shown or str(path)
    try:
        resolved = Path(path).resolve()
        stat = resolved.stat()  # the file as it is now: an edited picture is read again
        return _read(str(resolved), stat.st_mtime_ns, stat.st_size, shown)
    except OSError as problem:
        reason = "no such file" if isinstance(problem, FileNotFoundError) else (problem.strerror or str(problem)).lower()
        raise InputError(location, f'image "{shown}": {reason}; give the path of a PNG or JPEG file, from the '
                         "game file's folder", "input.image") from None
    except ValueError as problem:
        raise InputError(location, f'image "{shown}": {problem}; save it as PNG or JPEG', "input.image") from None


@lru_cache(maxsize=256)
def _read(path: str, _modified: int, _size: int, shown: str) -> Picture:
    from PIL import Image, UnidentifiedImageError

    data = Path(path).read_bytes()
    try:
        with Image.open(io.BytesIO(data)) as opened:  # reads the header only
            kind, size = opened.format, opened.size
    except (UnidentifiedImageError, OSError, SyntaxError):
        raise ValueError("not an image this program can read") from None
    if kind not in MIME_TYPES:
        raise ValueError(f"a {kind} image, which not every backend can embed")
    return Picture(shown, data, MIME_TYPES[kind], *size)


def placed_dpi(picture: Picture, width_mm: float, height_mm: float) -> float:
    """How many of the picture's pixels an inch gets at the size it is placed (the lower of the two
    directions): under PRINT_DPI it prints soft."""
    return min(picture.width_px / (width_mm / MM_PER_INCH), picture.height_px / (height_mm / MM_PER_INCH))
