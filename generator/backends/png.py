"""PNG pages rendered from the finished PDF with PDFium, so a preview is exactly what prints."""

from __future__ import annotations

import io
from typing import Iterator

import pypdfium2

MM_PER_INCH = 25.4


def pixels(size_mm: float, dpi: float) -> int:
    """How many pixels `size_mm` takes at `dpi`: the size every image of this package promises."""
    return round(size_mm / MM_PER_INCH * dpi)


def render_images(pdf: bytes, sizes_mm: list[tuple[float, float]], dpi: float,
                  transparent: frozenset[int] = frozenset()) -> Iterator:
    """A PIL image per page of `pdf`, `pixels(size, dpi)` each way: RGB on white, or RGBA with a
    transparent backdrop for the page numbers in `transparent` (a coin keeps no white square round it).

    PDFium rounds a page's pixel size up; a page that comes out a pixel larger than the rounded
    size loses that last row or column, so every image has the exact size the dpi promises.
    """
    document = pypdfium2.PdfDocument(pdf)
    try:
        for number, (width_mm, height_mm) in enumerate(sizes_mm, start=1):
            size = (pixels(width_mm, dpi), pixels(height_mm, dpi))
            page = document[number - 1]
            if number in transparent:
                image = page.render(scale=dpi / 72, fill_color=(255, 255, 255, 0)).to_pil().convert("RGBA")
            else:
                image = page.render(scale=dpi / 72).to_pil()  # RGB on white
            page.close()
            if image.size != size:
                image = image.crop((0, 0, *size))
            yield image
    finally:
        document.close()


def png_bytes(image) -> bytes:
    buffer = io.BytesIO()
    # Level 3 of 9: compressing is most of the time a PNG takes; harder costs half as much
    # again for files a sixth smaller.
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def render_png_pages(pdf: bytes, sizes_mm: list[tuple[float, float]], dpi: int,
                     transparent: frozenset[int] = frozenset()) -> dict[int, bytes]:
    """One PNG per page of `pdf`, numbered from 1 (see render_images)."""
    return {number: png_bytes(image)
            for number, image in enumerate(render_images(pdf, sizes_mm, dpi, transparent), start=1)}
