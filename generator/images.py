"""Pictures a face may place: PNG and JPEG files, read once, checked whole, embedded as they print.

A `Picture` holds the bytes a backend embeds and the pixel size. The Canvas places it in a box
(`Canvas.image`); the PDF stores each picture once however many pieces show it, the SVG once per
page, and the PNG pages are rendered from the PDF. `placed_dpi` says how sharp a picture prints at
its placed size.

Every picture is decoded whole when it is read, so a truncated or damaged file is an error at the
element or row that names it, never a broken picture in the output. One that every backend would
not show alike is converted first (losslessly, as PNG, unless it was a JPEG photo): a 16-bit or
32-bit grey picture (which reportlab would clip to white), CMYK and other modes, and a photo whose
EXIF orientation says it is turned (a phone's photo is stored sideways and shown upright).
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass, field
from functools import cached_property

from generator.errors import InputError, Location

#: The formats every backend embeds, by PIL's name for them.
MIME_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg"}
#: The pixel modes each format is embedded in as it is; any other is converted.
EMBEDDED_AS_IS = {"PNG": ("1", "L", "LA", "P", "RGB", "RGBA"), "JPEG": ("L", "RGB")}
#: Below this, a picture prints visibly soft; a print shop asks for 300 dpi.
PRINT_DPI = 300
MM_PER_INCH = 25.4
#: The most pixels a picture may have: 40 million is a 300 dpi picture of 540 x 430 mm, more than any
#: piece printed at home needs, and about 160 MB once decoded.
MAX_PIXELS = 40_000_000
_EXIF_ORIENTATION = 0x0112


@dataclass(frozen=True)
class Picture:
    name: str  # as the user wrote it, for messages
    data: bytes = field(repr=False)
    mime: str
    width_px: int
    height_px: int

    @cached_property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


HINT = "give the path of a PNG or JPEG file, from the game file's folder"


def load_picture(reader, name: str, location: Location) -> Picture:
    """The PNG or JPEG file `name` (from the game's folder, `reader`'s); a file that is missing,
    outside the folder, too large, damaged or of another format is an input error at `location`
    (where the game file names it)."""
    path = reader.locate(name, "picture", location)
    try:
        status = path.stat()
        key = (path, status.st_mtime_ns, status.st_size)  # the file as it is now: an edited picture is read again
    except OSError:
        key = None  # read_file says what is wrong
    if key in _read_before:
        picture, reader.files[path] = _read_before[key]
        return picture
    data = reader.read(name, "picture", location, HINT)
    try:
        picture = _decoded(data, name)
    except ValueError as problem:
        raise InputError(location, f'image "{name}": {problem}', "input.image") from None
    if key is not None:
        _read_before[key] = (picture, reader.files[path])
        while len(_read_before) > 256:
            del _read_before[next(iter(_read_before))]
    return picture


#: Pictures decoded already, by file, time and size, with the digest of the file's bytes.
_read_before: dict[tuple, tuple[Picture, str]] = {}


def _decoded(data: bytes, name: str) -> Picture:
    """The picture in `data`, checked whole and converted where a backend would not show it as it is;
    ValueError says what is wrong with it."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        with warnings.catch_warnings():  # Pillow warns of a large picture; MAX_PIXELS says more
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:  # reads the header only
                kind, (width, height) = image.format, image.size
                frames = getattr(image, "n_frames", 1)  # an animated PNG's (APNG) acTL chunk says how many
        if kind not in MIME_TYPES:
            raise ValueError(f"a {kind} image, which not every backend can embed; save it as PNG or JPEG")
        if frames > 1:  # a page prints one frame, as an animated GIF would (refused above as a GIF)
            raise ValueError(f"an animated {kind} of {frames} frames, of which a page would print only the first; save "
                             "the frame to print as a PNG of its own")
        if width * height > MAX_PIXELS:
            raise ValueError(f"{width} x {height} pixels is more than the {MAX_PIXELS // 1_000_000} million a picture "
                             "may have; scale it down (300 dpi at its printed size is enough)")
        if kind == "PNG":
            with Image.open(io.BytesIO(data)) as image:
                image.verify()  # every chunk's checksum
        with Image.open(io.BytesIO(data)) as image:
            image.load()  # every pixel: a truncated or damaged file fails here, not in a PDF
            turned = image.getexif().get(_EXIF_ORIENTATION, 1) not in (1, None)
            if not turned and image.mode in EMBEDDED_AS_IS[kind]:
                return Picture(name, data, MIME_TYPES[kind], width, height)
            upright = _eight_bit(ImageOps.exif_transpose(image) if turned else image)
    except ValueError:
        raise
    except Image.DecompressionBombError:
        raise ValueError(f"it has more than the {MAX_PIXELS // 1_000_000} million pixels a picture may have; scale it "
                         "down (300 dpi at its printed size is enough)") from None
    except UnidentifiedImageError:
        raise ValueError("not a picture this program can read (a PNG or a JPEG); save it as one") from None
    except (OSError, SyntaxError, EOFError) as problem:
        detail = " ".join(str(problem).split()) or "it cannot be decoded"
        raise ValueError(f"not a picture this program can read whole ({detail}); save it again as PNG or "
                         "JPEG") from None
    out = io.BytesIO()
    if kind == "JPEG" and upright.mode in ("L", "RGB"):  # a photo stays a photo: a PNG of it would be huge
        upright.save(out, "JPEG", quality=95, subsampling=0)
        return Picture(name, out.getvalue(), MIME_TYPES["JPEG"], *upright.size)
    upright.save(out, "PNG")
    return Picture(name, out.getvalue(), MIME_TYPES["PNG"], *upright.size)


def _eight_bit(image):
    """The picture in a mode every backend shows alike: 8 bits a channel, grey, RGB, with or
    without alpha. Deep grey (16 or 32 bits) is scaled down, not clipped to white."""
    if image.mode in ("1", "L", "LA", "P", "RGB", "RGBA"):
        return image
    if image.mode.startswith("I;16") or image.mode in ("I", "F"):
        deepest = 65535 if image.mode.startswith("I;16") else max(1, image.getextrema()[1])
        scaled = image.convert("I") if image.mode != "F" else image
        return scaled.point(lambda value: value * (255 / deepest)).convert("L")
    if "A" in image.mode or "a" in image.mode or "transparency" in image.info:
        return image.convert("RGBA")
    return image.convert("RGB")


def placed_dpi(picture: Picture, width_mm: float, height_mm: float) -> float:
    """How many of the picture's pixels an inch gets at the size it is placed (the lower of the two
    directions): under PRINT_DPI it prints soft."""
    return min(picture.width_px / (width_mm / MM_PER_INCH), picture.height_px / (height_mm / MM_PER_INCH))
