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
from dataclasses import dataclass, field, replace
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
    (where the game file names it). A picture is decoded once however many names, links and rows
    lead to it, while it is among those kept; a game's different pictures may come to MAX_GAME_PIXELS."""
    path = reader.locate(name, "picture", location)
    try:
        status = path.stat()
        key = (status.st_dev, status.st_ino, status.st_mtime_ns, status.st_size)  # as it is now: edited, read again
    except OSError:
        key = None  # read_file says what is wrong
    file_digest = _by_file.get(key) if key is not None else None
    picture = _by_content.pop(file_digest, None) if file_digest is not None else None
    if picture is None:
        data = reader.read(name, "picture", location, HINT)
        file_digest = reader.files[path]
        if key is not None:
            _by_file.pop(key, None)
            _by_file[key] = file_digest
            while len(_by_file) > FILES_KEPT:
                del _by_file[next(iter(_by_file))]
        picture = _by_content.pop(file_digest, None)  # the same bytes in another file
        if picture is None:
            try:
                picture = _decoded(data, name)
            except ValueError as problem:
                raise InputError(location, f'image "{name}": {problem}', "input.image") from None
            _make_room(len(picture.data))
    reader.files[path] = file_digest
    _by_content[file_digest] = picture  # the most recently used, last
    _count_pixels(reader, file_digest, picture, name, location)
    if picture.name != name:  # the same picture under another name: messages say the name given here
        renamed = replace(picture, name=name)
        renamed.__dict__["digest"] = picture.digest  # not hashed again
        return renamed
    return picture


def _make_room(size: int) -> None:
    """Let the pictures used longest ago go, so that one of `size` bytes more keeps PICTURE_BYTES_KEPT."""
    global _kept_bytes
    _kept_bytes += size
    while _by_content and _kept_bytes > PICTURE_BYTES_KEPT:
        _kept_bytes -= len(_by_content.pop(next(iter(_by_content))).data)


def _count_pixels(reader, file_digest: str, picture: Picture, name: str, location: Location) -> None:
    """A game's different pictures, each decoded whole to be checked, come to MAX_GAME_PIXELS at most."""
    counted = reader.picture_pixels
    if file_digest in counted:
        return
    counted[file_digest] = picture.width_px * picture.height_px
    total = sum(counted.values())
    if total > MAX_GAME_PIXELS:
        raise InputError(location, f'image "{name}": the game\'s {len(counted)} different pictures come to '
                         f"{total / 1e6:,.0f} million pixels; a game may have at most {MAX_GAME_PIXELS // 1_000_000:,} "
                         "million (each is decoded whole): scale them down (300 dpi at their printed size is enough)",
                         "input.too-large")


#: A game's different pictures come to at most this many pixels: each is decoded whole to be checked,
#: some 0.35 s for a picture of the 40 million one may have; fifty of those are 2,000 million.
MAX_GAME_PIXELS = 2_000_000_000
#: Pictures kept decoded, by their file's digest, least recently used first, up to this many bytes of
#: theirs; and the digest of each file read, by its place on the disk (a hard link is the same file).
PICTURE_BYTES_KEPT = 256 * 1024 * 1024
FILES_KEPT = 4096
_by_content: dict[str, Picture] = {}
_by_file: dict[tuple, str] = {}
_kept_bytes = 0


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
