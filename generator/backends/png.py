"""PNG pages rendered from the finished PDF with PDFium, so a preview is exactly what prints."""

from __future__ import annotations

import io
from collections import deque
from typing import Iterator

MM_PER_INCH = 25.4


def pixels(size_mm: float, dpi: float) -> int:
    """How many pixels `size_mm` takes at `dpi`: the size every image of this package promises."""
    return round(size_mm / MM_PER_INCH * dpi)


def render_images(pdf: bytes, sizes_mm: list[tuple[float, float]], dpi: float,
                  transparent: frozenset[int] = frozenset()) -> Iterator:
    """A PIL image per page of `pdf`, `pixels(size, dpi)` each way: RGB on white, or RGBA with a
    transparent backdrop for the pages in `transparent`, by their place in `pdf` from 1 (a coin keeps no
    white square round it).

    PDFium rounds a page's pixel size up; a page that comes out a pixel larger than the rounded
    size loses that last row or column, so every image has the exact size the dpi promises. A page
    costs its bitmap and one image at a time, for a thousand-page job as for one.
    """
    import pypdfium2  # here, not above: `pixels` alone is wanted by builds that draw no PNG
    from PIL import Image

    document = pypdfium2.PdfDocument(pdf)
    try:
        for number, (width_mm, height_mm) in enumerate(sizes_mm, start=1):
            page = document[number - 1]
            # rev_byteorder: PDFium writes RGB(A), as PIL lays it out.
            backdrop = {"fill_color": (255, 255, 255, 0)} if number in transparent else {}
            bitmap = page.render(scale=dpi / 72, rev_byteorder=True, **backdrop)
            page.close()
            # The image is read from PDFium's bitmap at the promised size, leaving out the row or column
            # PDFium may round up to, so that no second copy is made to trim it.
            size = (min(pixels(width_mm, dpi), bitmap.width), min(pixels(height_mm, dpi), bitmap.height))
            mode = "RGBA" if bitmap.n_channels == 4 else "RGB"
            image = Image.frombuffer(mode, size, bitmap.buffer, "raw", bitmap.mode, bitmap.stride, 1)
            if mode == "RGBA":
                image = image.copy()  # RGBA would share PDFium's buffer; the image outlives the bitmap
            del bitmap
            yield image
            del image  # held by whoever took it, not here while the next page renders
    finally:
        document.close()


def png_bytes(image, dpi: float | None = None) -> bytes:
    """The image as a PNG, carrying its resolution (a pHYs chunk) when `dpi` is given, so that a
    print shop's or a layout program's software sizes it right, and saying its colours are sRGB (an
    sRGB chunk, with the gAMA chunk the PNG specification asks to go with it, 11.3.3.5), as PDFium
    renders them: a shop's software then converts them as meant, not as it guesses."""
    from PIL import PngImagePlugin

    colours = PngImagePlugin.PngInfo()
    colours.add(b"sRGB", bytes([0]))  # rendering intent 0: perceptual
    colours.add(b"gAMA", (45455).to_bytes(4, "big"))  # 1 / 2.2, times 100000
    buffer = io.BytesIO()
    # Level 3 of 9: compressing is most of the time a PNG takes; harder costs half as much
    # again for files a sixth smaller.
    image.save(buffer, format="PNG", compress_level=3, pnginfo=colours, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buffer.getvalue()


def render_png_pages(pdf: bytes, sizes_mm: list[tuple[float, float]], dpi: int,
                     transparent: frozenset[int] = frozenset()) -> dict[int, bytes]:
    """One PNG per page of `pdf`, numbered from 1 (see render_images)."""
    return dict(png_pages(pdf, sizes_mm, dpi, transparent))


#: Threads compressing PNGs, and pages rendered ahead of the one being written: two cores stay busy
#: and a job of any size holds three page images at most (an A4 page at 150 dpi is 6.5 MB). A third
#: page in flight makes every build an eighth faster for a tenth more memory.
ENCODERS = 2
PAGES_IN_FLIGHT = 2


def png_pages(pdf: bytes, sizes_mm: list[tuple[float, float]], dpi: int,
              transparent: frozenset[int] = frozenset()) -> Iterator[tuple[int, bytes]]:
    """(page's place in `pdf`, from 1; PNG) for each page of `pdf` in order, one at a time. PDFium renders in this
    thread and compressing, most of a PNG's time, runs in others; both let go of Python's lock while
    they work (ctypes calls and zlib do), so every core shares the job."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=ENCODERS) as pool:
        pending: deque = deque()
        for number, image in enumerate(render_images(pdf, sizes_mm, dpi, transparent), start=1):
            pending.append((number, pool.submit(png_bytes, image, dpi)))
            if len(pending) >= PAGES_IN_FLIGHT:
                done, encoding = pending.popleft()
                yield done, encoding.result()
        while pending:
            done, encoding = pending.popleft()
            yield done, encoding.result()
