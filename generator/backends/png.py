"""PNG surface (Pillow): each page rasterised at --dpi, drawn at twice that and reduced for smooth edges."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

from generator import fonts
from generator.canvas import Style, Surface
from generator.geometry import Matrix, Path

SUPERSAMPLE = 2


@lru_cache(maxsize=256)
def _font(face: str, size_px: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(fonts.face_file(face)), size_px)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


def _dashed(points, pattern):
    """Split a polyline into the 'on' pieces of a dash pattern (lengths in the points' unit)."""
    pieces, current = [], [points[0]]
    index, left, on = 0, pattern[0], True
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        seg = math.dist((x0, y0), (x1, y1))
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            point = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                current.append(point)
                pieces.append(current)
            current = [point]
            on = not on
            index = (index + 1) % len(pattern)
            left = pattern[index]
        left -= seg - pos
        current.append((x1, y1))
    if on and len(current) > 1:
        pieces.append(current)
    return pieces


@dataclass
class _Layer:
    """A drawing target: the page itself, or a clipped layer covering part of it."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    x: int
    y: int
    mask: Image.Image | None = None


class PngSurface(Surface):
    def __init__(self, dpi: int = 150):
        self.dpi = dpi
        self.scale = dpi / 25.4 * SUPERSAMPLE  # pixels per mm while drawing
        self.pages: dict[int, bytes] = {}

    # page ---------------------------------------------------------------------------------------
    def begin_page(self, number: int, width: float, height: float) -> None:
        self.number = number
        self.size = (round(width / 25.4 * self.dpi), round(height / 25.4 * self.dpi))
        image = Image.new("RGB", (self.size[0] * SUPERSAMPLE, self.size[1] * SUPERSAMPLE), "white")
        self.layers = [_Layer(image, ImageDraw.Draw(image), 0, 0)]

    def end_page(self) -> None:
        page = self.layers[0].image.reduce(SUPERSAMPLE)
        if page.size != self.size:
            page = page.resize(self.size)
        out = io.BytesIO()
        page.save(out, format="PNG", dpi=(self.dpi, self.dpi), optimize=False)
        self.pages[self.number] = out.getvalue()
        del self.layers

    # geometry -----------------------------------------------------------------------------------
    def _polylines(self, path: Path):
        layer = self.layers[-1]
        s = self.scale
        return [
            ([(x * s - layer.x, y * s - layer.y) for x, y in points], closed)
            for points, closed in path.subpaths(tolerance=0.4 / s)
        ]

    def _mask(self, polylines, size) -> Image.Image:
        """Even-odd coverage of closed polylines, like the PDF and SVG fills."""
        mask = Image.new("1", size, 0)
        for points, _closed in polylines:
            if len(points) < 3:
                continue
            shape = Image.new("1", size, 0)
            ImageDraw.Draw(shape).polygon(points, fill=1)
            mask = ImageChops.logical_xor(mask, shape)
        return mask.convert("L")

    # drawing ------------------------------------------------------------------------------------
    def draw_path(self, path: Path, style: Style) -> None:
        layer = self.layers[-1]
        polylines = self._polylines(path)
        if style.fill:
            colour = _rgb(style.fill)
            if len(polylines) == 1:
                if len(polylines[0][0]) >= 3:
                    layer.draw.polygon(polylines[0][0], fill=colour)
            else:
                layer.image.paste(colour, (0, 0), self._mask(polylines, layer.image.size))
        if style.stroke:
            colour = _rgb(style.stroke)
            width = max(1, round(style.width * self.scale))
            for points, _closed in polylines:
                pieces = _dashed(points, [d * self.scale for d in style.dash]) if style.dash else [points]
                for piece in pieces:
                    layer.draw.line(piece, fill=colour, width=width, joint="curve" if width > 2 else None)

    def draw_text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> None:
        layer = self.layers[-1]
        size_px = size * matrix.scale_factor * self.scale
        font = _font(face, round(size_px * 4) / 4)
        x, y = matrix.apply(0, 0)
        if matrix.is_axis_aligned and abs(matrix.a - matrix.d) < 1e-9:
            layer.draw.text((x * self.scale - layer.x, y * self.scale - layer.y), text, font=font, fill=_rgb(fill), anchor="ls")
            return
        # Rotated text: render upright into a mask, then map the mask through the matrix.
        left, top, right, bottom = font.getbbox(text, anchor="ls")
        if right <= left or bottom <= top:
            return
        glyphs = Image.new("L", (right - left, bottom - top), 0)
        ImageDraw.Draw(glyphs).text((-left, -top), text, font=font, fill=255, anchor="ls")
        # Mask pixel (u, v) is text-space point ((u + left) / q, (v + top) / q), q = font pixels per unit.
        q = font.size / size
        m = (Matrix.translation(-layer.x, -layer.y) @ Matrix.scaling(self.scale) @ matrix
             @ Matrix.scaling(1 / q) @ Matrix.translation(left, top))
        corners = [m.apply(u, v) for u, v in ((0, 0), (glyphs.width, 0), (0, glyphs.height), (glyphs.width, glyphs.height))]
        x0, y0 = math.floor(min(c[0] for c in corners)), math.floor(min(c[1] for c in corners))
        x1, y1 = math.ceil(max(c[0] for c in corners)), math.ceil(max(c[1] for c in corners))
        det = m.a * m.d - m.b * m.c
        inverse = Matrix(m.d / det, -m.b / det, -m.c / det, m.a / det,
                         (m.c * m.f - m.d * m.e) / det, (m.b * m.e - m.a * m.f) / det)
        shifted = inverse @ Matrix.translation(x0, y0)
        placed = glyphs.transform(
            (x1 - x0, y1 - y0), Image.Transform.AFFINE,
            (shifted.a, shifted.c, shifted.e, shifted.b, shifted.d, shifted.f), resample=Image.Resampling.BILINEAR,
        )
        layer.image.paste(_rgb(fill), (x0, y0), placed)

    def push_clip(self, path: Path) -> None:
        parent = self.layers[-1]
        polylines = self._polylines(path)
        xs = [x for points, _ in polylines for x, _ in points]
        ys = [y for points, _ in polylines for _, y in points]
        x0 = max(0, math.floor(min(xs))) if xs else 0
        y0 = max(0, math.floor(min(ys))) if ys else 0
        x1 = min(parent.image.width, math.ceil(max(xs))) if xs else 0
        y1 = min(parent.image.height, math.ceil(max(ys))) if ys else 0
        size = (max(1, x1 - x0), max(1, y1 - y0))
        local = [([(x - x0, y - y0) for x, y in points], closed) for points, closed in polylines]
        image = Image.new("RGBA", size, (0, 0, 0, 0))
        self.layers.append(_Layer(image, ImageDraw.Draw(image), parent.x + x0, parent.y + y0, self._mask(local, size)))

    def pop_clip(self) -> None:
        layer = self.layers.pop()
        parent = self.layers[-1]
        coverage = ImageChops.multiply(layer.image.getchannel("A"), layer.mask)
        if parent.image.mode == "RGB":
            parent.image.paste(layer.image.convert("RGB"), (layer.x - parent.x, layer.y - parent.y), coverage)
        else:
            parent.image.paste(layer.image, (layer.x - parent.x, layer.y - parent.y), coverage)
