"""SVG surface (svgwrite): one document per page, in mm, with subsets of the text faces embedded."""

from __future__ import annotations

import base64
import hashlib
import io
from functools import lru_cache

import svgwrite

from generator import fonts, shaping
from generator.errors import InputError, Location
from generator.cache import proof
from generator.canvas import Paint, Surface
from generator.geometry import Matrix, Path, number


_num = number


def path_data(path: Path) -> str:
    parts = []
    for cmd in path.commands:
        parts.append(cmd[0] + " ".join(_num(v) for v in cmd[1:]))
    return "".join(parts)


#: What a viewer that ignores the embedded fonts falls back to: a Vera-like sans.
FALLBACK = "'Bitstream Vera Sans', 'DejaVu Sans', sans-serif"


#: Page-wide CSS for text. The embedded subsets carry no kerning (see `_subset_options`), and this
#: also keeps a viewer that falls back to a system font from kerning or ligating: reportlab, which
#: writes the PDF and measures every line for layout, places each glyph at its plain advance width.
TEXT_CSS = "text{font-kerning:none;font-variant-ligatures:none}"


@lru_cache(maxsize=None)
def _source_bytes(face: str) -> bytes:
    return fonts.face_bytes(face)


@lru_cache(maxsize=None)
def _source_font(face: str):
    """The parsed source face, for its character map. Subsetting changes a font in place, so each
    subset starts from a fresh parse of the cached bytes: that is lazy and about three times faster
    than deep-copying this fully decompiled font."""
    from fontTools.ttLib import TTFont

    return TTFont(io.BytesIO(_source_bytes(face)), recalcTimestamp=False)


@lru_cache(maxsize=None)
def _source_cmap(face: str) -> frozenset[int]:
    return frozenset(_source_font(face).getBestCmap())


def _subset_options():
    from fontTools import subset

    options = subset.Options()
    options.layout_features = []  # no OpenType features at all: nothing a browser could kern or ligate with
    # FFTM (FontForge's timestamps, in DejaVu) too: fontTools cannot subset it and would say so.
    options.drop_tables = sorted({*options.drop_tables, "kern", "GPOS", "GSUB", "GDEF", "FFTM"})
    options.glyph_names = False  # post table format 3: no glyph names
    options.notdef_glyph = True
    options.notdef_outline = True  # glyph 0 keeps its box outline, as in the whole face
    # No TrueType hinting (fpgm, prep, cvt, hdmx...): it is two thirds of a subset, these pages are
    # for print, and hinted device widths (hdmx) could only move glyphs away from the PDF's advances.
    options.hinting = False
    return options


def face_codepoints(face: str, text: str) -> frozenset[int]:
    """The code points of `text` that `face` has a glyph for: the ones its subset must keep.
    The others fall back to the viewer's fonts, exactly as they did with the whole face embedded."""
    return frozenset(map(ord, text)) & _source_cmap(face)


@lru_cache(maxsize=256)
def subset_font(face: str, codepoints: frozenset[int]) -> bytes:
    """A TTF of `face` holding only `codepoints` (plus .notdef); the same bytes for the same input.
    Cached: pages of one kind (card fronts, backs...) draw the same characters."""
    return subset_bytes(_source_bytes(face), codepoints)


def subset_bytes(data: bytes, codepoints: frozenset[int]) -> bytes:
    """`subset_font` of the TrueType font `data` (fonts.py tries it on a user's font as it loads it)."""
    # head.modified stays as it is; and every glyph keeps the box it has in the whole face (taking out
    # hinting moves no outline), so none is unpacked to measure it again: that halves the time.
    from fontTools import subset
    from fontTools.ttLib import TTFont

    fonts.quiet_fonttools()
    font = TTFont(io.BytesIO(data), recalcTimestamp=False, recalcBBoxes=False)
    subsetter = subset.Subsetter(_subset_options())
    subsetter.populate(unicodes=sorted(codepoints))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@lru_cache(maxsize=None)
def _face_digest(face: str) -> str:
    return hashlib.sha256(_source_bytes(face)).hexdigest()


@lru_cache(maxsize=256)
def subset_base64(face: str, drawn: frozenset[int]) -> str:
    """The subset of `face` for the characters `drawn` with it on a page, base64-encoded for CSS.

    Kept between runs (generator/cache.py) under the face's bytes, the characters, this file and
    fontTools' version: subsetting is most of an SVG page's time, and a rebuild asks for the same
    subsets again, so a warm build does not import fontTools at all."""
    def make() -> str:
        text = "".join(map(chr, sorted(drawn)))
        return base64.b64encode(subset_font(face, face_codepoints(face, text))).decode("ascii")

    return proof("svg-font-subset", {"face": _face_digest(face), "drawn": sorted(drawn)}, make,
                 sources=(__file__,), libraries=("fonttools",))


def _font_face_css(face: str, characters: set[str]) -> str:
    data = subset_base64(face, frozenset(map(ord, characters)))
    chosen = fonts.face(face)
    return (f"@font-face{{font-family:{chosen.css_family};font-weight:{chosen.css_weight};font-style:{chosen.css_style};"
            f"src:url(data:font/ttf;base64,{data}) format('truetype');}}")


#: The most bytes of pictures one SVG page may hold: written into the page as text, a third larger
#: again, and held whole while the page is made (nine photos of 26 MB made a page of 284 MB, 1.4 GB).
MAX_PAGE_PICTURE_BYTES = 100_000_000


class SvgSurface(Surface):
    def __init__(self, text_as_outlines: bool = False):
        self.pages: dict[int, bytes] = {}
        #: Text drawn as paths, for tools that ignore embedded fonts (resvg, librsvg, cutters).
        self.text_as_outlines = text_as_outlines

    def begin_page(self, number: int, width: float, height: float) -> None:
        self.number = number
        self.drawing = svgwrite.Drawing(
            size=(f"{_num(width)}mm", f"{_num(height)}mm"), viewBox=f"0 0 {_num(width)} {_num(height)}", debug=False
        )
        self.containers = [self.drawing]
        self.chars: dict[str, set[str]] = {}  # face -> every character drawn with it on this page
        self.pictures: set[str] = set()  # the ids of the pictures this page embeds
        self.picture_bytes = 0  # what they weigh
        self.clip_count = 0

    def end_page(self) -> None:
        if self.chars:
            css = TEXT_CSS + "".join(
                _font_face_css(face, chars) for face, chars in sorted(self.chars.items())
            )
            self.drawing.defs.add(self.drawing.style(css))
        self.pages[self.number] = self.drawing.tostring().encode("utf-8")
        del self.drawing, self.containers

    def draw_path(self, path: Path, style: Paint) -> None:
        attributes = {"d": path_data(path), "fill": style.fill or "none", "fill-rule": "evenodd"}
        if style.stroke:
            attributes.update(stroke=style.stroke, stroke_width=_num(style.width), stroke_linejoin="round")
            if style.dash:
                attributes["stroke-dasharray"] = " ".join(_num(d) for d in style.dash)
        self.containers[-1].add(self.drawing.path(**attributes))

    def draw_text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> None:
        if self.text_as_outlines:
            from generator.backends.outlines import text_outline  # fontTools, only when asked for

            self.draw_path(text_outline(text, face, size).transformed(matrix), Paint(fill=fill))
            return
        self.chars.setdefault(face, set()).update(text)
        transform = "matrix(" + " ".join(_num(v) for v in (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)) + ")"
        chosen = fonts.face(face)
        # The text comes in visual order, already joined (shaping.visual): a viewer must draw it as it
        # is, left to right, not apply the bidi algorithm to it a second time.
        style = "white-space:pre;direction:ltr;unicode-bidi:bidi-override" if shaping.needs_shaping(text) \
            else "white-space:pre"
        self.containers[-1].add(
            self.drawing.text(
                text, insert=(0, 0), transform=transform, fill=fill, font_size=_num(size),
                font_family=f"{chosen.css_family}, {FALLBACK}", font_weight=chosen.css_weight,
                font_style=chosen.css_style, style=style,
            )
        )

    def draw_image(self, picture, matrix: Matrix) -> None:
        # Each picture is embedded once per page, in <defs>, and placed with <use> wherever it shows.
        picture_id = f"picture-{picture.digest[:16]}"
        if picture_id not in self.pictures:
            self.picture_bytes += len(picture.data)
            if self.picture_bytes > MAX_PAGE_PICTURE_BYTES:
                raise InputError(Location("--format"), f"the SVG of page {self.number} would hold "
                                 f"{self.picture_bytes / 1e6:,.0f} MB of pictures (each page holds its own copy of "
                                 f"those it shows); an SVG page may hold {MAX_PAGE_PICTURE_BYTES // 1_000_000} MB: "
                                 "build the PDF, which holds each picture once, or use smaller pictures",
                                 "input.too-large")
            data = base64.b64encode(picture.data).decode("ascii")
            self.drawing.defs.add(self.drawing.image(href=f"data:{picture.mime};base64,{data}", insert=(0, 0),
                                                     size=(1, 1), id=picture_id, preserveAspectRatio="none"))
            self.pictures.add(picture_id)
        transform = "matrix(" + " ".join(_num(v) for v in (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)) + ")"
        self.containers[-1].add(self.drawing.use(f"#{picture_id}", transform=transform))

    def push_clip(self, path: Path) -> None:
        self.clip_count += 1
        clip_id = f"clip{self.clip_count}"
        clip = self.drawing.clipPath(id=clip_id)
        clip.add(self.drawing.path(d=path_data(path), clip_rule="evenodd"))
        self.drawing.defs.add(clip)
        group = self.drawing.g(clip_path=f"url(#{clip_id})")
        self.containers[-1].add(group)
        self.containers.append(group)

    def pop_clip(self) -> None:
        self.containers.pop()

    def close(self) -> None:
        """Nothing left to do: each page is a finished document at end_page."""
