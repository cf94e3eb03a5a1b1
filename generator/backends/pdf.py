"""PDF surface (reportlab): one document, every page sized as imposed, fonts embedded as subsets."""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas as ReportlabCanvas

from generator import fonts
from generator.canvas import Style, Surface
from generator.geometry import Matrix, Path


class PdfSurface(Surface):
    def __init__(self, title: str):
        self.buffer = io.BytesIO()
        # invariant=1 drops timestamps and random ids, so identical input gives identical bytes;
        # initialFontName keeps reportlab from writing its default, non-embedded Helvetica.
        self.pdf = ReportlabCanvas(
            self.buffer,
            invariant=1,
            pageCompression=1,
            initialFontName=fonts.register("regular"),
            initialFontSize=10,
        )
        self.pdf.setTitle(title)
        self.pdf.setCreator("pnp generator")
        self.pdf.setProducer("pnp generator")
        self.pdf.setAuthor("pnp generator")
        self.pdf.setSubject("Print-and-play components")

    def begin_page(self, number: int, width: float, height: float) -> None:
        self.pdf.setPageSize((width * mm, height * mm))
        # Page space in mm with y down, like the Canvas: x_pt = x*mm, y_pt = height*mm - y*mm.
        self.pdf.transform(mm, 0, 0, -mm, 0, height * mm)
        self.pdf.setLineJoin(1)

    def end_page(self) -> None:
        self.pdf.showPage()

    def _path(self, path: Path):
        p = self.pdf.beginPath()
        for cmd in path.commands:
            op = cmd[0]
            if op == "M":
                p.moveTo(cmd[1], cmd[2])
            elif op == "L":
                p.lineTo(cmd[1], cmd[2])
            elif op == "C":
                p.curveTo(*cmd[1:])
            else:
                p.close()
        return p

    def draw_path(self, path: Path, style: Style) -> None:
        pdf = self.pdf
        if style.fill:
            pdf.setFillColor(HexColor(style.fill))
        if style.stroke:
            pdf.setStrokeColor(HexColor(style.stroke))
            pdf.setLineWidth(style.width)
            pdf.setDash(list(style.dash) if style.dash else [])
        pdf.drawPath(
            self._path(path), fill=1 if style.fill else 0, stroke=1 if style.stroke else 0, fillMode=FILL_EVEN_ODD
        )

    def draw_text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> None:
        pdf = self.pdf
        pdf.saveState()
        pdf.transform(matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)
        pdf.scale(1, -1)  # glyphs grow upwards in PDF text space
        pdf.setFillColor(HexColor(fill))
        pdf.setFont(fonts.register(face), size)
        pdf.drawString(0, 0, text)
        pdf.restoreState()

    def push_clip(self, path: Path) -> None:
        self.pdf.saveState()
        self.pdf.clipPath(self._path(path), stroke=0, fill=0, fillMode=FILL_EVEN_ODD)

    def pop_clip(self) -> None:
        self.pdf.restoreState()

    def close(self) -> None:
        self.pdf.save()

    def getvalue(self) -> bytes:
        return self.buffer.getvalue()
