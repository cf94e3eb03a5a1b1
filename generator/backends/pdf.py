"""PDF surface (reportlab): one document, every page sized as imposed, fonts embedded as subsets.

Paths, colours and clips are written as PDF operators directly (reportlab's `addLiteral`): the
Canvas has already done the geometry, and building reportlab path objects number by number was
most of the build time. Text goes through reportlab, which embeds and subsets the fonts.
"""

from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas as ReportlabCanvas

from generator import fonts
from generator.canvas import Style, Surface
from generator.geometry import Matrix, Path, number

# Compressed streams stay binary: ASCII85 on top only makes files larger and builds slower.
rl_config.useA85 = 0


def _colour(hex_colour: str) -> str:
    return " ".join(number(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5))


def _path_operators(path: Path) -> str:
    # "%.3f": 1/1000 mm, and formatting a whole operator at once is the fastest way Python has.
    parts = []
    for cmd in path.commands:
        op = cmd[0]
        if op == "M":
            parts.append("%.3f %.3f m" % cmd[1:])
        elif op == "L":
            parts.append("%.3f %.3f l" % cmd[1:])
        elif op == "C":
            parts.append("%.3f %.3f %.3f %.3f %.3f %.3f c" % cmd[1:])
        else:
            parts.append("h")
    return "\n".join(parts)


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
        self.pdf.addLiteral("1 j")  # round joins

    def end_page(self) -> None:
        self.pdf.showPage()

    def draw_path(self, path: Path, style: Style) -> None:
        ops = [_path_operators(path)]
        if style.fill:
            ops.insert(0, _colour(style.fill) + " rg")
        if style.stroke:
            dash = " ".join(number(d) for d in style.dash) if style.dash else ""
            ops.insert(0, f"{_colour(style.stroke)} RG {number(style.width)} w [{dash}] 0 d")
        ops.append("B*" if style.fill and style.stroke else "f*" if style.fill else "S")
        self.pdf.addLiteral("\n".join(ops))

    def draw_text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> None:
        # The text operators are written directly, like the paths; reportlab only maps the text to
        # its embedded font subsets (and so records which glyphs to embed).
        font = fonts.ttf(face)
        document = self.pdf._doc
        # Glyphs grow upwards in PDF text space: flip y after the Canvas's y-down matrix.
        ops = ["q %.4f %.4f %.4f %.4f %.3f %.3f cm" % (matrix.a, matrix.b, -matrix.c, -matrix.d, matrix.e, matrix.f),
               _colour(fill) + " rg", "BT"]
        current = None
        for subset, chunk in font.splitString(text, document):
            if subset != current:
                ops.append(f"{font.getSubsetInternalName(subset, document)} {number(size)} Tf")
                current = subset
            ops.append(f"({self.pdf._escape(chunk)}) Tj")
        ops.append("ET Q")
        self.pdf.addLiteral("\n".join(ops))

    def push_clip(self, path: Path) -> None:
        self.pdf.saveState()
        self.pdf.addLiteral(_path_operators(path) + "\nW* n")

    def pop_clip(self) -> None:
        self.pdf.restoreState()

    def close(self) -> None:
        self.pdf.save()

    def getvalue(self) -> bytes:
        return self.buffer.getvalue()
