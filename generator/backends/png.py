"""PNG pages rendered from the finished PDF with PDFium, so a preview is exactly what prints."""

from __future__ import annotations

import io

import pypdfium2

MM_PER_INCH = 25.4


def render_png_pages(pdf: bytes, sizes_mm: list[tuple[float, float]], dpi: int) -> dict[int, bytes]:
    """One PNG per page of `pdf`, `round(size / 25.4 * dpi)` pixels each way.

    PDFium rounds a page's pixel size up; a page that comes out a pixel larger than the rounded
    size loses that last row or column, so every image has the exact size the dpi promises.
    """
    document = pypdfium2.PdfDocument(pdf)
    pages = {}
    try:
        for number, (width_mm, height_mm) in enumerate(sizes_mm, start=1):
            size = (round(width_mm / MM_PER_INCH * dpi), round(height_mm / MM_PER_INCH * dpi))
            page = document[number - 1]
            image = page.render(scale=dpi / 72).to_pil()  # RGB on white
            page.close()
            if image.size != size:
                image = image.crop((0, 0, *size))
            buffer = io.BytesIO()
            # Level 3 of 9: compressing is most of the time a PNG takes; harder costs half as much
            # again for files a sixth smaller.
            image.save(buffer, format="PNG", compress_level=3)
            pages[number] = buffer.getvalue()
    finally:
        document.close()
    return pages
