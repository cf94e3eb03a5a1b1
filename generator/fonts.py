"""Text faces: the Bitstream Vera family that ships inside reportlab, and a user's TTF or OTF files.

A face is named by a short key: "regular", "bold", "italic" and "bold-italic" are the bundled Vera
faces, and `load_font(data, ...)` registers a user's file (read through reading.py) under a key of
its own. Every backend draws text with the same font bytes, and layout measures text with
reportlab's metrics for them, so a line that fits in the PDF fits in the SVG and the PNG too.
"""

from __future__ import annotations

import hashlib
import io
import re
import struct
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator import shaping
from generator.errors import InputError, Location

FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"


@dataclass(frozen=True)
class Face:
    """A registered face: its PDF name, its TrueType bytes, and how the SVG's CSS names it."""

    pdf_name: str
    data: bytes
    label: str  # for messages: "Vera Bold", "Alegreya.otf"
    css_family: str
    css_weight: str = "normal"
    css_style: str = "normal"
    location: Location | None = None  # where a user's file was named


#: Bundled face key -> (PDF name, file, label, CSS weight, CSS style). One CSS family with four
#: faces, so a viewer that ignores the embedded fonts still falls back to bold and italic.
BUNDLED = {
    "regular": ("Vera", "Vera.ttf", "Vera", "normal", "normal"),
    "bold": ("VeraBd", "VeraBd.ttf", "Vera Bold", "bold", "normal"),
    "italic": ("VeraIt", "VeraIt.ttf", "Vera Italic", "normal", "italic"),
    "bold-italic": ("VeraBI", "VeraBI.ttf", "Vera Bold Italic", "bold", "italic"),
}

#: The fallback faces, shipped in generator/typefaces: DejaVu Sans, then DejaVu Serif, in the weight
#: and slant of the face they stand in for. They cover Latin, Greek, Cyrillic, arrows, card suits and
#: weather symbols, which Vera lacks.
TYPEFACE_DIR = Path(__file__).resolve().parent / "typefaces"
FALLBACK_FACES = {
    "dejavu-sans": ("DejaVuSans", "DejaVuSans.ttf", "DejaVu Sans", "normal", "normal"),
    "dejavu-sans-bold": ("DejaVuSans-Bold", "DejaVuSans-Bold.ttf", "DejaVu Sans Bold", "bold", "normal"),
    "dejavu-sans-italic": ("DejaVuSans-Oblique", "DejaVuSans-Oblique.ttf", "DejaVu Sans Oblique", "normal", "italic"),
    "dejavu-sans-bold-italic": ("DejaVuSans-BoldOblique", "DejaVuSans-BoldOblique.ttf", "DejaVu Sans Bold Oblique",
                                "bold", "italic"),
    "dejavu-serif": ("DejaVuSerif", "DejaVuSerif.ttf", "DejaVu Serif", "normal", "normal"),
    "dejavu-serif-bold": ("DejaVuSerif-Bold", "DejaVuSerif-Bold.ttf", "DejaVu Serif Bold", "bold", "normal"),
    "dejavu-serif-italic": ("DejaVuSerif-Italic", "DejaVuSerif-Italic.ttf", "DejaVu Serif Italic", "normal", "italic"),
    "dejavu-serif-bold-italic": ("DejaVuSerif-BoldItalic", "DejaVuSerif-BoldItalic.ttf", "DejaVu Serif Bold Italic",
                                 "bold", "italic"),
}
#: A user's own fallback faces (`style.fallback`), tried after DejaVu, in order.
USER_FALLBACKS: list[str] = []

_faces: dict[str, Face] = {}


def face(key: str) -> Face:
    if key not in _faces and key in BUNDLED:
        pdf_name, filename, label, weight, style = BUNDLED[key]
        _faces[key] = Face(pdf_name, (FONT_DIR / filename).read_bytes(), label, "Vera", weight, style)
    if key not in _faces and key in FALLBACK_FACES:
        pdf_name, filename, label, weight, style = FALLBACK_FACES[key]
        family = "DejaVu Serif" if "serif" in key else "DejaVu Sans"
        _faces[key] = Face(pdf_name, (TYPEFACE_DIR / filename).read_bytes(), label, family, weight, style)
    return _faces[key]


def fallback_chain(key: str) -> tuple[str, ...]:
    """The faces tried, in order, for a character face `key` lacks: DejaVu Sans and Serif in its
    weight and slant, then the user's fallbacks."""
    chosen = face(key)
    variant = {("normal", "normal"): "", ("bold", "normal"): "-bold", ("normal", "italic"): "-italic",
               ("bold", "italic"): "-bold-italic"}.get((chosen.css_weight, chosen.css_style), "")
    # Arabic has no slanted DejaVu: an italic or bold-italic face's Arabic comes from the upright Sans.
    upright = {"-italic": ("dejavu-sans",), "-bold-italic": ("dejavu-sans-bold",)}.get(variant, ())
    return (f"dejavu-sans{variant}", f"dejavu-serif{variant}", *upright, *USER_FALLBACKS)


def use_fallbacks(keys) -> None:
    """Try faces `keys` (a game's own files, in order) for characters the chosen faces and DejaVu
    lack, and no others: each game of a command is measured and drawn with its own (a game without
    any never borrows the one loaded before it)."""
    if list(keys) != USER_FALLBACKS:
        USER_FALLBACKS[:] = keys
        for cached in (runs, text_units, _wrapped, inked_height):
            cached.cache_clear()


def face_name(key: str) -> str:
    return face(key).pdf_name


def face_bytes(key: str) -> bytes:
    return face(key).data


def load_font(data: bytes, name: str, location: Location, shown: str) -> str:
    """Register the TTF or OTF font `data` (the file `name`) and return its face key; the same bytes
    give the same key. Bytes that are not a font are an input error at `location`."""
    key = "file-" + hashlib.sha256(data).hexdigest()[:12]
    if key not in _faces:
        oversized = _oversized_cmap(data)
        if oversized:
            raise _damaged(location, shown, oversized)
        truetype = _as_truetype(data, location, shown)
        _check_damage(truetype, location, shown)
        stem = re.sub(r"[^A-Za-z0-9]", "", Path(name).stem)[:24] or "Font"
        pdf_name = f"{stem}-{key[5:13]}"  # a name no other face has, and the same in every run
        _faces[key] = Face(pdf_name, truetype, Path(name).name, pdf_name, location=location)
    return key


def _oversized_cmap(data: bytes) -> str | None:
    """Why the font's character map cannot be read, if it claims more characters than Unicode has
    (U+0000 to U+10FFFF): reportlab and fontTools list every character of each range the map gives,
    so a damaged range end (a format 12 group to 0xE20002E9) would fill the memory before either
    says a word. Read from the bytes, as the libraries would read them, before they do."""
    if data[:4] not in (b"\x00\x01\x00\x00", b"true", b"OTTO"):
        return None  # a collection, a WOFF or no font at all: fontTools says which
    try:
        (count,) = struct.unpack_from(">H", data, 4)
        tables = (struct.unpack_from(">4s4xL", data, 12 + 16 * entry) for entry in range(count))
        cmap = next((offset for tag, offset in tables if tag == b"cmap"), None)
        if cmap is None:
            return None
        (subtables,) = struct.unpack_from(">H", data, cmap + 2)
        for subtable in range(subtables):
            (offset,) = struct.unpack_from(">L", data, cmap + 8 + 8 * subtable)
            at = cmap + offset
            (kind,) = struct.unpack_from(">H", data, at)
            if kind == 4:  # segments of 16-bit codes: reportlab reads them whole, or not at all
                segments = struct.unpack_from(">H", data, at + 6)[0] // 2
                ends = struct.unpack_from(f">{segments}H", data, at + 14)
                starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
            elif kind in (12, 13):  # groups of 32-bit codes: reportlab reads them one by one to the file's end
                groups = min(struct.unpack_from(">L", data, at + 12)[0], (len(data) - at - 16) // 12)
                values = struct.unpack_from(f">{3 * groups}L", data, at + 16)
                starts, ends = values[0::3], values[1::3]
            else:
                continue
            covered = sum(end - start + 1 for start, end in zip(starts, ends) if end >= start)
            if covered > 0x110000:
                return f"its cmap table maps {covered:,} characters, more than Unicode has"
    except struct.error:
        return None  # cut short: reportlab and fontTools say so before they list anything
    return None


def _as_truetype(data: bytes, location: Location, shown: str) -> bytes:
    """The font as TrueType outlines, which reportlab embeds: an OTF with PostScript (CFF) outlines
    is converted with fontTools, quadratic curves within 1/1000 em of the cubic ones."""
    from fontTools.ttLib import TTFont as ToolsFont, TTLibError

    quiet_fonttools()
    try:
        font = ToolsFont(io.BytesIO(data), recalcTimestamp=False)
        if "glyf" not in font and "CFF " not in font:
            raise TTLibError("no TrueType or CFF outlines")
        font.getBestCmap()
    except Exception as problem:  # fontTools raises many kinds for a file that is not a font
        raise InputError(location, f'font "{shown}" is not a font fontTools can read ({problem}); give a TTF or '
                         "OTF file", "input.font") from None
    if "CFF " in font:
        try:
            _cff_to_glyf(font)
            out = io.BytesIO()
            font.save(out)
        except _damage_kinds() as problem:  # a damaged CharString, subroutine or table
            raise _damaged(location, shown, _reason(problem)) from None
        data = out.getvalue()
    return data


def quiet_fonttools() -> None:
    """Keep fontTools' log lines ("skipping malformed name record #4") off the user's terminal.

    fontTools tells what it skips or repairs in a font through `logging`, and with no logging set
    up Python prints each record to stderr as a bare line. pnp says what is wrong with a font itself
    (`_check_damage`), so fontTools' loggers get a handler that drops them: a program that does set
    up logging still receives them through its own handlers."""
    import logging

    tools = logging.getLogger("fontTools")
    if not any(isinstance(handler, logging.NullHandler) for handler in tools.handlers):
        tools.addHandler(logging.NullHandler())


def _damage_kinds() -> tuple[type[BaseException], ...]:
    """What reportlab and fontTools raise for a font whose bytes are damaged: their own errors, and
    the plain ones their parsers meet in bad data (a short read, an offset past the end, a table
    version they do not know, a count that makes no sense, a composite glyph that contains itself)."""
    from fontTools.ttLib import TTLibError
    from reportlab.pdfbase.ttfonts import TTFError

    return (TTFError, TTLibError, struct.error, ValueError, KeyError, IndexError, TypeError, AttributeError,
            AssertionError, EOFError, OverflowError, ZeroDivisionError, RecursionError, NotImplementedError)


def _reason(problem: BaseException) -> str:
    """The library's words for what it could not read, short and on one line."""
    kind = "struct.error" if isinstance(problem, struct.error) else type(problem).__name__
    text = " ".join(str(problem).replace('"(ttf)"', "").replace("(ttf)", "").split()).strip(" :")
    text = f"{kind}: {text}" if text else kind
    return text if len(text) <= 100 else text[:97] + "..."


def _damaged(location: Location, shown: str, reason: str) -> InputError:
    return InputError(location, f'font "{shown}" is damaged or unreadable ({reason}); give another TTF or OTF file',
                      "input.font")


def _check_damage(data: bytes, location: Location, shown: str) -> None:
    """An input error at `location` if the TrueType `data` holds damage that reportlab or fontTools
    would trip over later: in embedding it in the PDF, subsetting it for an SVG, drawing its glyphs as
    outlines or measuring text. Only a user's fonts are checked, once for each file: the verdict is
    kept between runs under the file's digest (and this code's, and the libraries' versions)."""
    from generator.cache import proof

    svg_source = Path(__file__).resolve().parent / "backends" / "svg.py"  # subset_bytes, tried below
    problem = proof("font-check", {"font": hashlib.sha256(data).hexdigest()}, lambda: _damage_in(data),
                    sources=(__file__, str(svg_source)), libraries=("fonttools", "reportlab"))
    if problem:
        raise _damaged(location, shown, problem)


def _damage_in(data: bytes) -> str | None:
    """What reportlab or fontTools cannot read in the font `data`, or None if nothing: each step below
    does, for every glyph, what a build does for the glyphs it draws."""
    from fontTools.pens.basePen import NullPen
    from fontTools.ttLib import TTFont as ToolsFont

    from generator.backends.svg import subset_bytes

    quiet_fonttools()
    try:
        parsed = TTFont("pnp-font-check", io.BytesIO(data)).face  # as `register` reads it
        frozenset(map(chr, parsed.charToGlyph))  # as `characters` lists them
        codes = sorted(parsed.charToGlyph)
        for start in range(0, len(codes), 256):  # as the PDF embeds it: subsets of 256 characters
            parsed.makeSubset(codes[start:start + 256])
        for glyph in sorted(set(parsed.charToGlyph.values())):  # as layout measures the ink of each
            _glyph_height(parsed, data, glyph)
        # As the SVG embeds it (backends/svg.py), with every character it has...
        cmap = ToolsFont(io.BytesIO(data), recalcTimestamp=False).getBestCmap()
        subset_bytes(data, frozenset(codes) & cmap.keys())
        # ...and as `--svg-text outlines` draws it (backends/outlines.py), from a parse of its own.
        font = ToolsFont(io.BytesIO(data), recalcTimestamp=False)
        glyphs, cmap, units, metrics = font.getGlyphSet(), font.getBestCmap(), font["head"].unitsPerEm, font["hmtx"]
        for name in sorted({cmap.get(code, ".notdef") for code in codes}):
            glyphs[name].draw(NullPen())
            metrics[name][0] / units  # noqa: B018 (the advance in em, as outlines.py works it out)
    except _damage_kinds() as problem:
        return _reason(problem)
    return None


def _cff_to_glyf(font) -> None:
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = font.getGlyphOrder()
    glyf.glyphs = {}
    for name in glyf.glyphOrder:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, max_err=font["head"].unitsPerEm / 1000, reverse_direction=True))
        glyf[name] = pen.glyph()
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    font["maxp"].tableVersion = 0x00010000
    for name in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                 "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(font["maxp"], name, 1 if name == "maxZones" else 0)
    font["maxp"].maxComponentDepth = 0
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 2.0
    font["post"].extraNames = []
    font["post"].mapping = {}
    font.sfntVersion = "\x00\x01\x00\x00"


@lru_cache(maxsize=None)
def register(key: str) -> str:
    """Register the face with reportlab (once) and return its PDF name."""
    chosen = face(key)
    if chosen.pdf_name not in pdfmetrics.getRegisteredFontNames():
        font = TTFont(chosen.pdf_name, io.BytesIO(chosen.data))
        if key not in BUNDLED:
            # reportlab shares one font among files of the same PostScript name (a subset of Vera is
            # "BitstreamVeraSans-Roman" too): a name of its own keeps this file's glyphs.
            font.face.name = font.face.name + b"-" + key[5:13].encode()
        pdfmetrics.registerFont(font)
    return chosen.pdf_name


def ttf(key: str) -> TTFont:
    """The registered reportlab font object of a face, for backends that write text operators."""
    return pdfmetrics.getFont(register(key))


@lru_cache(maxsize=None)
def characters(key: str) -> frozenset[str]:
    """Every character the face has a glyph for."""
    return frozenset(map(chr, ttf(key).face.charToGlyph))


# Caches of whole texts are bounded: every bundled game together has some 3,000 texts, and a deck of
# ten thousand different cards must not grow memory with each card.
@lru_cache(maxsize=2048)
def runs(text: str, key: str) -> tuple[tuple[str, str], ...]:
    """The line as it prints (shaping.visual: right-to-left runs reordered, Arabic joined), as runs of
    (characters, face key): each character in face `key` if it has it, else in the first face of the
    fallback chain that does (a character no face has stays with `key`: measuring is lenient, and
    drawing it is an error, see `check_characters`)."""
    text = shaping.visual(text)
    own = characters(key)
    if own.issuperset(text) or own.issuperset(text.replace(" ", "")):  # (a set's test runs in C)
        return ((text, key),)
    chain = fallback_chain(key)
    pieces: list[list[str]] = []
    for char in text:
        if char == " " and pieces:
            # A space stays in the run it follows: a line of Hebrew or Cyrillic words is one run, drawn
            # (and recorded, and matched to its words) whole, not word by word.
            chosen = pieces[-1][1]
        elif char in own:
            chosen = key
        else:
            chosen = next((other for other in chain if char in characters(other)), key)
        if pieces and pieces[-1][1] == chosen:
            pieces[-1][0] += char
        else:
            pieces.append([char, chosen])
    return tuple((run, chosen) for run, chosen in pieces)


def _text_problem(text: str, key: str, char: str, message: str, rule: str) -> InputError:
    """An error about `char` in `text`, drawn in face `key`: at the font for now, and carrying the
    character and the text, so that the game can say which of its texts (a words file's line) holds it."""
    chosen = face(key)
    problem = InputError(chosen.location or Location(chosen.label), message, rule)
    problem.character, problem.drawn_text = char, shaping.unmarked(text)
    return problem


def _quoted(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _missing(text: str, key: str, char: str) -> None:
    if char == "\n":  # a line break where a text is drawn as one line: a label, a heading, a footer
        raise _text_problem(text, key, char, f'"{_quoted(text)}" holds a line break, but it prints on one line here; '
                            "take the line break out", "input.type")
    if unicodedata.category(char) == "Cc":
        raise _text_problem(text, key, char, f'"{_quoted(text)}" holds a control character (U+{ord(char):04X}), which '
                            "no font prints; take it out", "input.type")
    tried = ", ".join([face(key).label, "DejaVu Sans", "DejaVu Serif", *(face(k).label for k in USER_FALLBACKS)])
    raise _text_problem(text, key, char, f'no font has "{char}" (U+{ord(char):04X}), drawn in "{_quoted(text)}" '
                        f"(tried {tried}); add a font that has it to style.fallback, or change the text",
                        "input.missing-glyph")


def _unshapable(text: str, key: str, char: str) -> None:
    raise _text_problem(text, key, char, f'"{char}" ({shaping.script_name(char)}) in "{_quoted(text)}" needs shaping '
                        "that pnp cannot do (it orders right-to-left text and joins Arabic); change the text",
                        "input.script")


def check_characters(text: str, key: str) -> None:
    """Every character of `text` is in face `key` or a fallback: an input error if one is in none
    (it would print as an empty box), and so is one of a script that cannot be shaped (it would print
    with its letters unjoined or out of order)."""
    unshapable = shaping.unshapable(text)
    if unshapable:
        _unshapable(text, key, unshapable)
    for run, run_key in runs(text, key):
        if run_key == key:
            own = characters(key)
            for char in run:
                if char not in own and char != " ":
                    _missing(text, key, char)


@lru_cache(maxsize=4096)
def _char_height(key: str, char: str) -> tuple[float, float] | None:
    """How far below and above the baseline one character's ink reaches, in em; None if it has none.
    Read from the glyph's header (its bounding box) at the place reportlab found for it."""
    parsed = ttf(key).face
    glyph = parsed.charToGlyph.get(ord(char))
    return None if glyph is None else _glyph_height(parsed, face(key).data, glyph)


def _glyph_height(parsed, data: bytes, glyph: int) -> tuple[float, float] | None:
    """`_char_height` of glyph number `glyph` of the face reportlab parsed from `data`."""
    if parsed.glyphPos[glyph + 1] <= parsed.glyphPos[glyph]:
        return None  # no outline (a space)
    at = parsed.table["glyf"]["offset"] + parsed.glyphPos[glyph]
    _, _, low, _, high = struct.unpack(">hhhhh", data[at:at + 10])
    return low / parsed.unitsPerEm, high / parsed.unitsPerEm


@lru_cache(maxsize=2048)
def inked_height(text: str, key: str = "regular") -> tuple[float, float]:
    """How far below and above the baseline the ink of `text` reaches, in em (multiply by the size):
    (-0.24, 0.76) for "Qb" in Vera. Measured from the glyphs, so it holds for any font."""
    heights = [_char_height(run_key, char) for run, run_key in runs(text, key) for char in set(run)]
    inked = [height for height in heights if height] or [(0.0, 0.0)]
    return min(low for low, _ in inked), max(high for _, high in inked)


def text_width(text: str, size: float, key: str = "regular") -> float:
    """Advance width of `text` at font size `size` (same unit out as in: mm in, mm out)."""
    # reportlab's own formula (0.001 * size * the sum of the advances), so widths match its to the bit.
    return 0.001 * size * text_units(text, key)


@lru_cache(maxsize=None)
def _advances(key: str):
    """The face's advance table (code point -> thousandths of an em) and its width for the rest."""
    parsed = ttf(key).face
    return parsed.charWidths.get, parsed.defaultWidth


@lru_cache(maxsize=2048)
def text_units(text: str, key: str = "regular") -> float:
    """Advance width of `text` in thousandths of an em: measured once per text and face, since every
    size scales it alike. (A game measures the same words thousands of times while it fits them.)"""
    total = 0.0
    for run, run_key in runs(text, key):
        width_of, default = _advances(run_key)
        total += sum(width_of(ord(char), default) for char in run)
    return total


def wrap(text: str, size: float, width: float, key: str = "regular", break_words: bool = False) -> list[str]:
    """Greedy word wrap of `text` into lines no wider than `width`. A word wider than a line stays
    whole (a fit shrinks the text instead) unless `break_words`: then it is cut where it must be, as
    prose in columns does rather than run past its column."""
    return list(_wrapped(text, size, width, key, break_words))


#: Where a line may break: any white space but the no-break ones (U+00A0, the figure space U+2007
#: and the narrow U+202F), which hold a French "mot ;" or a "50 mm" together as typesetters mean them to.
_BREAKS = re.compile(r"[^\S\u00a0\u2007\u202f]+")


def words_of(paragraph: str) -> list[str]:
    """The paragraph's words, split where a line may break (str.split() would also split at no-break spaces)."""
    return [word for word in _BREAKS.split(paragraph) if word]


@lru_cache(maxsize=2048)
def _wrapped(text: str, size: float, width: float, key: str, break_words: bool = False) -> tuple[str, ...]:
    # A line's width is the sum of its words' and spaces' advances, so each word is measured once.
    # (For fonts of 1000 or 2048 units an em the sums are exact in any order; for others they agree
    # with measuring the whole line to the last bit or two.)
    space = text_units(" ", key)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        wrapped: list[str] = []
        line, line_units = "", 0.0
        words = words_of(paragraph)
        for word in _pieces_that_fit(words, size, width, key) if break_words else words:
            units = text_units(word, key)
            if line and 0.001 * size * (line_units + space + units) > width:
                wrapped.append(line)
                line, line_units = word, units
            elif line:
                line, line_units = f"{line} {word}", line_units + space + units
            else:
                line, line_units = word, units
        lines += shaping.in_paragraph_direction(paragraph, [*wrapped, line])
    return tuple(lines)


def _pieces_that_fit(words: list[str], size: float, width: float, key: str) -> list[str]:
    """The words, each one wider than a line cut into pieces that fit (a long run without spaces,
    a URL, a compound in a translation), so that no line runs past its column."""
    fits = lambda text: 0.001 * size * text_units(text, key) <= width  # noqa: E731
    pieces = []
    for word in words:
        while len(word) > 1 and (cut := _longest_fitting_start(word, fits)) < len(word):
            pieces.append(word[:cut])
            word = word[cut:]
        pieces.append(word)
    return pieces


def _longest_fitting_start(word: str, fits) -> int:
    """How many of the word's first characters fit (at least one): found by doubling, then halving,
    so that no text much longer than the answer is measured (a 20,000-letter run is cut in
    milliseconds, where trying every shorter start took minutes)."""
    fitting = 1
    while fitting < len(word) and fits(word[:min(2 * fitting, len(word))]):
        fitting = min(2 * fitting, len(word))
    too_long = min(2 * fitting, len(word))
    if fitting == len(word) or too_long == fitting:
        return fitting
    while too_long - fitting > 1:
        middle = (fitting + too_long) // 2
        if fits(word[:middle]):
            fitting = middle
        else:
            too_long = middle
    return fitting
