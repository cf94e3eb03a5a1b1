"""Text as glyph outlines, for SVG tools that ignore embedded fonts (`--svg-text outlines`): each
character's outline read from the font by fontTools, placed at the same advance widths as the PDF's
text, so the letters are the right ones in any viewer or cutter."""

from __future__ import annotations

from functools import lru_cache

from fontTools.pens.basePen import BasePen

from generator.backends.svg import _source_font
from generator.geometry import Matrix, Path


@lru_cache(maxsize=None)
def _glyph_set(face: str):
    font = _source_font(face)
    return font.getGlyphSet(), font.getBestCmap(), font["head"].unitsPerEm, font["hmtx"]


class _PathPen(BasePen):
    """fontTools pen that draws a glyph's outline into one of our Paths (quadratics as cubics)."""

    def __init__(self, glyph_set):
        super().__init__(glyph_set)
        self.path = Path()

    def _moveTo(self, point):
        self.path.move_to(*point)

    def _lineTo(self, point):
        self.path.line_to(*point)

    def _curveToOne(self, a, b, c):
        self.path.curve_to(*a, *b, *c)

    def _qCurveToOne(self, control, end):
        start = self._getCurrentPoint()
        first = (start[0] + 2 / 3 * (control[0] - start[0]), start[1] + 2 / 3 * (control[1] - start[1]))
        second = (end[0] + 2 / 3 * (control[0] - end[0]), end[1] + 2 / 3 * (control[1] - end[1]))
        self.path.curve_to(*first, *second, *end)

    def _closePath(self):
        self.path.close()


@lru_cache(maxsize=None)
def glyph_outline(face: str, char: str) -> tuple[Path, float]:
    """A character's outline in em units, y up as fonts have it, and its advance in em."""
    glyphs, cmap, units, metrics = _glyph_set(face)
    name = cmap.get(ord(char), ".notdef")
    pen = _PathPen(glyphs)
    glyphs[name].draw(pen)
    scale = Matrix.scaling(1 / units)
    return pen.path.transformed(scale), metrics[name][0] / units


def text_outline(text: str, face: str, size: float) -> Path:
    """The text as one path of glyph outlines, its baseline start at the origin (y down), each glyph
    at its plain advance, as reportlab sets it in the PDF."""
    outline, x = Path(), 0.0
    for char in text:
        glyph, advance = glyph_outline(face, char)
        outline.commands.extend(glyph.transformed(Matrix(size, 0, 0, -size, x, 0)).commands)
        x += advance * size
    return outline
