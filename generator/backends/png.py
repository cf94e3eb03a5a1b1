"""PNG pages rendered from the finished PDF with PDFium, so a preview is exactly what prints."""

from __future__ import annotations

import io
import math
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
            if pixels(width_mm, dpi) * pixels(height_mm, dpi) > LARGE_PAGE_PIXELS:
                image = _in_bands(page, (pixels(width_mm, dpi), pixels(height_mm, dpi)), dpi, backdrop)
                page.close()
                yield image
                del image
                continue
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


#: A page of more pixels than this is rendered a band at a time into its image, so that PDFium's
#: bitmap of the whole page (3 bytes a pixel) is never held beside it (4): A4 at 1,200 dpi took 1.6 GB.
LARGE_PAGE_PIXELS = 40_000_000
BAND_PIXELS = 8_000_000


def _in_bands(page, size: tuple[int, int], dpi: float, backdrop: dict):
    """The page's image, `size` pixels, rendered in bands of rows: each band is the page drawn on the
    same grid of pixels, offset by whole rows (PDFium's crop), so the image is the one a single render
    makes, but for a level or two of antialiasing here and there."""
    from PIL import Image

    scale = dpi / 72
    full_height = math.ceil(page.get_height() * scale)  # as PDFium sizes the page (render's own sum)
    width, height = size
    rows = max(1, BAND_PIXELS // max(width, 1))
    image = None
    for top in range(0, height, rows):
        below = full_height - min(top + rows, height)
        # Crop as PDFium takes it, in points, each edge ceil(points x scale) pixels: just under a whole
        # number of rows, so that rounding up gives that number.
        crop = (0, max(0.0, (below - 1e-6) / scale), 0, max(0.0, (top - 1e-6) / scale))
        bitmap = page.render(scale=scale, crop=crop, rev_byteorder=True, **backdrop)
        mode = "RGBA" if bitmap.n_channels == 4 else "RGB"
        band = Image.frombuffer(mode, (min(width, bitmap.width), bitmap.height), bitmap.buffer, "raw", bitmap.mode,
                                bitmap.stride, 1)
        if image is None:
            image = Image.new(mode, size, (255, 255, 255, 0) if mode == "RGBA" else (255, 255, 255))
        image.paste(band, (0, top))
        del band, bitmap
    return image


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


def _encoded(holder: list, dpi: float) -> bytes:
    """The PNG of the image in `holder`, which lets go of it first: the pool's record of the call
    would otherwise keep it alive until after its result is given, while the next page's image is
    made (two pages of A4 at 1,200 dpi at once, 1.1 GB)."""
    image = holder.pop()
    return png_bytes(image, dpi)


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

    # Pages of LARGE_PAGE_PIXELS go one at a time: an image of A4 at 1,200 dpi is 560 MB.
    large = any(pixels(width, dpi) * pixels(height, dpi) > LARGE_PAGE_PIXELS for width, height in sizes_mm)
    in_flight = 1 if large else PAGES_IN_FLIGHT
    with ThreadPoolExecutor(max_workers=ENCODERS) as pool:
        pending: deque = deque()
        # Counted by hand: enumerate keeps the pair it last gave (to give it again, refilled), and with
        # it the last image, until the next image is made.
        number = 0
        for image in render_images(pdf, sizes_mm, dpi, transparent):
            number += 1
            pending.append((number, pool.submit(_encoded, [image], dpi)))
            del image  # its encoding alone holds it
            if len(pending) >= in_flight:
                done, encoding = pending.popleft()
                yield done, encoding.result()
        while pending:
            done, encoding = pending.popleft()
            yield done, encoding.result()
