"""SVG pages embed, per face, a subset of the Vera face holding just the characters drawn with it.

What a subset holds: a cmap entry for each character of the page's text in that face that the face
has a glyph for (nothing else: no space unless a space is drawn, no control characters), plus
glyph 0, .notdef, with its outline and no cmap entry. A character the face lacks is left out; a
viewer draws it with a fallback font, as it did when the whole face was embedded.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont


ROOT = Path(__file__).resolve().parent.parent
#: A Diamonds SVG page when each embedded the whole TTF files: 3,396,827 bytes over 20 pages. The
#: game has more pages since, so the test compares a page's mean size.
WHOLE_FACES_PAGE = 3.3e6 / 20

#: (face, text) drawn on each page of the small document.
PAGES = [
    [("regular", "Hello, World"), ("bold", "AB 12"), ("regular", "Zebra Ü")],
    [("regular", "xyz"), ("bold", "Queen of Diamonds"), ("bold", "×·")],
]

#: A small two-page SVG document, built in a fresh interpreter and written to stdout as JSON.
BUILD = textwrap.dedent(
    """
    import json, sys
    from generator.backends.svg import SvgSurface
    from generator.canvas import PT, Canvas

    pages = json.loads(sys.argv[1])
    surface = SvgSurface()
    canvas = Canvas(surface)
    for number, texts in enumerate(pages, start=1):
        surface.begin_page(number, 100, 60)
        canvas.rect(5, 5, 90, 50, stroke="#000000")
        for row, (face, text) in enumerate(texts):
            canvas.text(10, 15 + 10 * row, text, 9 * PT, face=face)
        surface.end_page()
    surface.close()
    json.dump({n: page.decode("utf-8") for n, page in surface.pages.items()}, sys.stdout)
    """
)

FACE_OF = {("normal", "normal"): "regular", ("bold", "normal"): "bold",
           ("normal", "italic"): "italic", ("bold", "italic"): "bold-italic"}


def build_small(hash_seed: str) -> dict[str, str]:
    """The small document's pages, built in a subprocess (fresh caches, given set/dict hash seed)."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    completed = subprocess.run(
        [sys.executable, "-c", BUILD, json.dumps(PAGES)], cwd=ROOT, env=env, capture_output=True, check=False,
    )
    assert completed.returncode == 0, completed.stderr.decode()
    return json.loads(completed.stdout)


@pytest.fixture(scope="module")
def small_pages() -> dict[str, str]:
    return build_small("1")


def embedded_fonts(svg: str) -> dict[str, TTFont]:
    """face -> the TTF embedded for it in the page's @font-face CSS."""
    found = {}
    pattern = (r"@font-face\{font-family:Vera;font-weight:(\w+);font-style:(\w+);"
               r"src:url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\) format\('truetype'\);\}")
    for weight, style, data in re.findall(pattern, svg):
        face = FACE_OF[(weight, style)]
        assert face not in found, f"{face} embedded twice"
        found[face] = TTFont(io.BytesIO(base64.b64decode(data)))
    return found


def source_font(face: str) -> TTFont:
    from generator import fonts

    return TTFont(io.BytesIO(fonts.face_bytes(face)))


def drawn_codepoints(texts, face: str) -> set[int]:
    source_cmap = source_font(face).getBestCmap()
    return {ord(c) for f, text in texts if f == face for c in text if ord(c) in source_cmap}


def test_each_page_embeds_one_subset_per_face_it_uses(small_pages):
    assert sorted(small_pages) == ["1", "2"]
    for number, texts in enumerate(PAGES, start=1):
        svg = small_pages[str(number)]
        assert sorted(embedded_fonts(svg)) == sorted({face for face, _ in texts})


def test_subset_cmap_holds_exactly_the_characters_drawn(small_pages):
    for number, texts in enumerate(PAGES, start=1):
        for face, font in embedded_fonts(small_pages[str(number)]).items():
            cmap = font.getBestCmap()
            assert set(cmap) == drawn_codepoints(texts, face), (number, face)
            # every format of cmap subtable agrees with the best one
            for table in font["cmap"].tables:
                assert set(table.cmap) <= set(cmap)
            # .notdef is glyph 0, keeps its outline, and no character maps to it
            assert font.getGlyphOrder()[0] == ".notdef"
            assert font["glyf"][".notdef"].numberOfContours > 0
            assert ".notdef" not in cmap.values()
            # no other glyphs, but the parts of composite glyphs (Ü is U and a dieresis)
            glyf = font["glyf"]
            parts = {name for glyph in set(cmap.values()) for name in glyf[glyph].getComponentNames(glyf)}
            assert set(font.getGlyphOrder()) == {".notdef"} | set(cmap.values()) | parts


def test_subset_cannot_kern_and_keeps_the_pdf_advances(small_pages):
    for number, texts in enumerate(PAGES, start=1):
        for face, font in embedded_fonts(small_pages[str(number)]).items():
            for table in ("kern", "GPOS", "GSUB", "GDEF"):
                assert table not in font, (number, face, table)
            source = source_font(face)
            assert font["head"].unitsPerEm == source["head"].unitsPerEm
            # unchanged timestamp: the bytes cannot depend on when the page was made
            assert font["head"].modified == source["head"].modified
            source_cmap, cmap = source.getBestCmap(), font.getBestCmap()
            for codepoint, glyph in cmap.items():
                assert font["hmtx"][glyph] == source["hmtx"][source_cmap[codepoint]], (face, chr(codepoint))


def test_text_css_turns_kerning_off_and_keeps_fallbacks(small_pages):
    svg = small_pages["1"]
    assert "text{font-kerning:none" in svg
    assert "font-family=\"Vera, 'Bitstream Vera Sans', 'DejaVu Sans', sans-serif\"" in svg
    assert 'font-weight="bold"' in svg


def test_same_input_same_bytes(small_pages):
    assert build_small("2") == small_pages


def test_diamonds_svg_pages_are_under_a_quarter_of_a_whole_face_page(bundled_build):
    pages = sorted((bundled_build("diamonds", "a4", "svg") / "svg").glob("page-*.svg"))
    assert pages
    mean = sum(page.stat().st_size for page in pages) / len(pages)
    assert mean < WHOLE_FACES_PAGE / 4, mean
    for page in pages:
        for face, font in embedded_fonts(page.read_text(encoding="utf-8")).items():
            assert "kern" not in font and "GPOS" not in font, (page.name, face)

