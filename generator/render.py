"""Drawing imposed pages, and writing the files and manifest a build produces."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Callable

from generator import fonts
from generator.backends import TeeSurface
from generator.canvas import PT, Canvas, Surface
from generator.impose import Page, PrintSettings
from generator.model import Area

FORMATS = ("pdf", "svg", "png")


def draw_page(canvas: Canvas, page: Page, settings: PrintSettings, game_title: str, total_pages: int) -> None:
    for placement in page.placements:
        face = placement.piece.front if placement.face == "front" else placement.piece.back
        x0, y0, x1, y1 = placement.clip
        with canvas.saved():
            canvas.clip_rect(x0, y0, x1 - x0, y1 - y0)
            canvas.translate(placement.x, placement.y)
            face(canvas, Area(placement.piece.width, placement.piece.height, settings.bleed))
    sheet = settings.sheet
    for x0, y0, x1, y1 in page.crop_marks:
        canvas.line(x0, y0, x1, y1, stroke=sheet.mark_colour, width=0.2)
    for x, y in page.targets:
        draw_alignment_target(canvas, x, y, sheet.mark_colour)
    draw_footer(canvas, page, settings, game_title, total_pages)


def draw_alignment_target(canvas: Canvas, x: float, y: float, colour: str, radius: float = 2.0) -> None:
    canvas.circle(x, y, radius, stroke=colour, width=0.2)
    canvas.line(x - radius * 1.6, y, x + radius * 1.6, y, stroke=colour, width=0.2)
    canvas.line(x, y - radius * 1.6, x, y + radius * 1.6, stroke=colour, width=0.2)


def draw_footer(canvas: Canvas, page: Page, settings: PrintSettings, game_title: str, total_pages: int) -> None:
    """The calibration ruler at the left, the page's label at the right, in the footer band."""
    sheet, margin = settings.sheet, settings.paper.margin
    colour = sheet.footer_colour
    if page.footer_at_top:
        baseline = margin + sheet.footer_height - 1.2
    else:
        baseline = page.height - margin - 1.2
    # Ruler: a bar exactly `calibration` mm long with a tick every 10 mm.
    x, length = margin + 1.0, sheet.calibration
    bar_y = baseline - 2.2
    canvas.rect(x, bar_y, length, 1.0, fill=colour)
    for tick in range(int(length // 10) + 1):
        tx = x + tick * 10
        canvas.line(tx, bar_y - 1.2, tx, bar_y + 2.0, stroke=colour, width=0.15)
    advice = f"{length:g} mm: if this bar is shorter, print at 100 % (actual size)"
    canvas.text(x + length + 1.5, baseline, advice, 5.5 * PT, fill=colour)
    label = f"{game_title} · {page.component.title} · {page.side}"
    if page.part:
        label += f" · part {page.part.label} of {page.part.rows}×{page.part.cols}"
    label += f" · page {page.number} of {total_pages}"
    # A long label shrinks rather than run into the ruler's advice.
    room = page.width - margin - 1.0 - (x + length + 1.5 + fonts.text_width(advice, 5.5 * PT) + 3.0)
    size = min(6.5 * PT, 6.5 * PT * room / fonts.text_width(label, 6.5 * PT))
    canvas.text(page.width - margin - 1.0, baseline, label, size, fill=colour, anchor="end")


def manifest(game: str, pages: list[Page], settings: PrintSettings) -> dict:
    paper = settings.paper
    return {
        "game": game,
        "paper": {"name": paper.name, "width_mm": _mm(paper.width), "height_mm": _mm(paper.height)},
        "duplex": settings.duplex,
        "bleed_mm": _mm(settings.bleed),
        "pages": [
            {
                "number": page.number,
                "side": page.side,
                "component": page.component.name,
                "width_mm": _mm(page.width),
                "height_mm": _mm(page.height),
                "pieces": [_manifest_piece(page, placement) for placement in page.placements],
            }
            for page in pages
        ],
    }


def _manifest_piece(page: Page, placement) -> dict:
    x, y, w, h = placement.visible_trim()
    entry = {
        "component": page.component.name,
        "id": placement.piece.id,
        "face": placement.face,
        "x_mm": _mm(x),
        "y_mm": _mm(y),
        "width_mm": _mm(w),
        "height_mm": _mm(h),
        "rotation": 0,
    }
    if placement.part:
        part = placement.part
        entry["part"] = {
            "label": part.label, "row": part.row, "col": part.col, "rows": part.rows, "cols": part.cols,
            "x_mm": _mm(part.x), "y_mm": _mm(part.y),
            "piece_width_mm": _mm(placement.piece.width), "piece_height_mm": _mm(placement.piece.height),
        }
    return entry


def _mm(value: float) -> float:
    return round(value, 3) + 0.0


_UMASK = os.umask(0o022)
os.umask(_UMASK)


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o666 & ~_UMASK)  # mkstemp makes files private; outputs are ordinary files
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def render(pages: list[Page], settings: PrintSettings, game_title: str, formats: tuple[str, ...], dpi: int,
           on_page: Callable[[], None] = lambda: None) -> dict[str, object]:
    """Draw every page once, feeding every requested format; returns the finished surfaces."""
    # Backends are imported only when asked for: svgwrite alone costs a fifth of a PDF build.
    surfaces: dict[str, Surface] = {}
    if "pdf" in formats:
        from generator.backends.pdf import PdfSurface

        surfaces["pdf"] = PdfSurface(game_title)
    if "svg" in formats:
        from generator.backends.svg import SvgSurface

        surfaces["svg"] = SvgSurface()
    if "png" in formats:
        from generator.backends.png import PngSurface

        surfaces["png"] = PngSurface(dpi)
    surface = TeeSurface(list(surfaces.values()))
    canvas = Canvas(surface)
    for page in pages:
        surface.begin_page(page.number, page.width, page.height)
        draw_page(canvas, page, settings, game_title, len(pages))
        surface.end_page()
        on_page()
    surface.close()
    return surfaces


def write_outputs(directory: Path, name: str, surfaces: dict, manifest_data: dict) -> list[Path]:
    """Write the finished surfaces and the manifest under `directory`; old extra pages are removed."""
    written = []
    if "pdf" in surfaces:
        path = directory / f"{name}.pdf"
        write_atomically(path, surfaces["pdf"].getvalue())
        written.append(path)
    for fmt in ("svg", "png"):
        if fmt not in surfaces:
            continue
        folder = directory / fmt
        pages = surfaces[fmt].pages
        for number, data in sorted(pages.items()):
            path = folder / f"page-{number:02d}.{fmt}"
            write_atomically(path, data)
            written.append(path)
        for stale in folder.glob(f"page-*.{fmt}"):
            if stale not in written:
                stale.unlink()
    path = directory / "manifest.json"
    write_atomically(path, (json.dumps(manifest_data, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    written.append(path)
    return written
