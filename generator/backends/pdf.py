"""PDF surface (reportlab): one document, every page sized as imposed, fonts embedded as subsets.

Paths, colours and clips are written as PDF operators directly (reportlab's `addLiteral`): the
Canvas has already done the geometry, and building reportlab path objects number by number was
most of the build time. Text goes through reportlab, which embeds and subsets the fonts.
"""

from __future__ import annotations

import io
import os
from contextlib import contextmanager
from functools import lru_cache
from typing import BinaryIO

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas as ReportlabCanvas

from generator import fonts
from generator.canvas import Paint, Surface
from generator.geometry import IDENTITY, Matrix, Path, number

#: How many texts' font mappings a document keeps at once (a deck's ranks and suits, its rules lines).
SHOWN_KEPT = 2048

# Compressed streams stay binary: ASCII85 on top only makes files larger and builds slower.
rl_config.useA85 = 0


@contextmanager
def _dated_by_nothing():
    """reportlab dates a document by SOURCE_DATE_EPOCH even when it is asked to be invariant (and
    stops on a value that is no number): the variable is out of sight while a document is begun, so
    that the same input gives the same bytes whatever the environment."""
    hidden = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        yield
    finally:
        if hidden is not None:
            os.environ["SOURCE_DATE_EPOCH"] = hidden


@lru_cache(maxsize=1024)
def _colour(hex_colour: str) -> str:
    """'#rrggbb' as PDF's three fractions; a game paints with a few dozen colours thousands of times."""
    return " ".join(number(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5))


def _path_operators(path: Path, m: Matrix = IDENTITY) -> str:
    """The path's operators, its points moved by `m` as they are written (a recorded face's paths
    are placed this way, with no moved copy of the path made first)."""
    # "%.3f": 1/1000 mm, and formatting a whole operator at once is the fastest way Python has.
    a, b, c, d, e, f = m.a, m.b, m.c, m.d, m.e, m.f
    parts = []
    if b == 0.0 and c == 0.0 and a == 1.0 and d == 1.0:  # a shift: the same sums as Path.transformed
        for cmd in path.commands:
            op = cmd[0]
            if op == "M":
                parts.append("%.3f %.3f m" % (cmd[1] + e, cmd[2] + f))
            elif op == "L":
                parts.append("%.3f %.3f l" % (cmd[1] + e, cmd[2] + f))
            elif op == "C":
                parts.append("%.3f %.3f %.3f %.3f %.3f %.3f c" % (cmd[1] + e, cmd[2] + f, cmd[3] + e, cmd[4] + f,
                                                                    cmd[5] + e, cmd[6] + f))
            else:
                parts.append("h")
        return "\n".join(parts)
    for cmd in path.commands:  # moved and written in one pass: the same sums as Path.transformed
        op = cmd[0]
        if op == "C":
            _, x1, y1, x2, y2, x, y = cmd
            parts.append("%.3f %.3f %.3f %.3f %.3f %.3f c" % (a * x1 + c * y1 + e, b * x1 + d * y1 + f,
                                                                a * x2 + c * y2 + e, b * x2 + d * y2 + f,
                                                                a * x + c * y + e, b * x + d * y + f))
        elif op == "Z":
            parts.append("h")
        else:
            _, x, y = cmd
            parts.append(("%.3f %.3f m" if op == "M" else "%.3f %.3f l") % (a * x + c * y + e, b * x + d * y + f))
    return "\n".join(parts)


class PdfSurface(Surface):
    """Writes the document into `sink` as it is drawn: each page, with its drawing, the moment it is
    finished; the fonts, pictures and the index of objects at close. A job of ten thousand cards
    then never holds more than the page being drawn. Without a sink, the document is kept in memory
    for `getvalue`."""

    def __init__(self, title: str, sink: BinaryIO | None = None):
        self.sink = sink if sink is not None else io.BytesIO()
        self.offset = 0  # bytes written into the sink so far
        self.written: dict[str, int] = {}  # reportlab's name of each object written -> where it starts
        # invariant=1 drops timestamps and random ids, so identical input gives identical bytes;
        # initialFontName keeps reportlab from writing its default, non-embedded Helvetica.
        with _dated_by_nothing():
            self.pdf = ReportlabCanvas(
                io.BytesIO(),  # never written: the surface writes the document into its sink itself
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
        self._shown: dict[tuple[str, str], list[tuple[str, str]]] = {}  # (text, face) -> (subset, chunk)s
        self._pictures: dict[str, tuple[str, str]] = {}  # picture digest -> (reportlab's name, XObject name)
        self._write(b"".join(pdfdoc.PDFFile(self.pdf._doc._pdfVersion).strings))  # reportlab's header

    def begin_page(self, number: int, width: float, height: float) -> None:
        self.pdf.setPageSize((width * mm, height * mm))
        self.page_height = height
        self.page_boxes((0.0, 0.0, width, height), (0.0, 0.0, width, height))  # a sheet is its own trim
        # Page space in mm with y down, like the Canvas: x_pt = x*mm, y_pt = height*mm - y*mm.
        self.pdf.transform(mm, 0, 0, -mm, 0, height * mm)
        self.pdf.addLiteral("1 j")  # round joins

    def page_boxes(self, trim, bleed) -> None:
        """TrimBox and BleedBox, in points from the bottom-left as PDF has them. Each is kept inside
        the page and left to reportlab to write with the MediaBox's own rounding (no rounding of ours):
        a box rounded otherwise sticks out of the page by a hair, which strict preflight flags."""
        width, height = self.pdf._pagesize

        def points(box):
            x0, y0, x1, y1 = box
            return (max(0.0, x0 * mm), max(0.0, (self.page_height - y1) * mm), min(width, x1 * mm),
                    min(height, (self.page_height - y0) * mm))

        self.pdf.setTrimBox(points(trim))
        self.pdf.setBleedBox(points(bleed))

    def end_page(self) -> None:
        self.pdf.showPage()
        self._write_last_page()

    def _write_last_page(self) -> None:
        """Compress the finished page's operators (as reportlab would at save time: a FlateDecode
        filter, then the length) and write the page and its drawing now. Only a reference to the
        page stays, for the page tree at close. The objects are numbered as reportlab numbers them;
        only their order in the file differs from reportlab's own save, which the index records."""
        document = self.pdf._doc
        pages = document.Pages.pages
        page = pages[-1]
        if page.stream:
            contents = pdfdoc.PDFStream(content=pdfdoc.PDFZCompress.encode(page.stream))
            contents.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
            contents.__Comment__ = "page stream"
            page.Contents, page.stream = contents, None
        name = page.__InternalName__
        self._write_object(name)  # formatting the page registers its drawing as an object of its own
        self._write_object(page.Contents.__InternalName__)
        pages[-1] = pdfdoc.PDFObjectReference(name)

    def _write(self, data: bytes) -> None:
        self.sink.write(data)
        self.offset += len(data)

    def _write_object(self, name: str) -> None:
        document = self.pdf._doc
        self.written[name] = self.offset
        self._write(pdfdoc.PDFIndirectObject(name, document.idToObject[name]).format(document))
        document.idToObject[name] = None  # written: let it go (the name stays registered)

    def draw_path(self, path: Path, style: Paint) -> None:
        self.pdf.addLiteral(self._path(path, style))

    def draw_text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> None:
        self.pdf.addLiteral(self._text(text, face, size, fill, matrix))

    def draw_image(self, picture, matrix: Matrix) -> None:
        # PDF images fill the unit square from the bottom up: turn it over to the Canvas's y-down square.
        place = matrix @ Matrix(d=-1.0, f=1.0)
        cm = "%.6f %.6f %.6f %.6f %.3f %.3f cm" % (place.a, place.b, place.c, place.d, place.e, place.f)
        stored = self._pictures.get(picture.digest)
        if stored is None:
            # The first time, reportlab embeds it (one image XObject, with a soft mask for alpha) ...
            from reportlab.lib.utils import ImageReader

            self.pdf.addLiteral("q " + cm)
            self.pdf.drawImage(ImageReader(io.BytesIO(picture.data)), 0, 0, 1, 1, mask="auto")
            self.pdf.addLiteral("Q")
            name = self.pdf._formsinuse[-1]  # the name drawImage has just used
            self._pictures[picture.digest] = (name, self.pdf._doc.getXObjectName(name))
            return
        # ... and every later placement refers to that one XObject, on whatever page it is.
        name, xobject = stored
        self.pdf._currentPageHasImages = 1
        self.pdf._formsinuse.append(name)
        self.pdf.addLiteral(f"q {cm} /{xobject} Do Q")

    def push_clip(self, path: Path) -> None:
        self.pdf.addLiteral(self._clip(path))

    def pop_clip(self) -> None:
        self.pdf.addLiteral("Q")

    def draw_path_at(self, path: Path, matrix: Matrix, style: Paint) -> None:
        self.pdf.addLiteral(self._path(path, style, matrix))

    def push_clip_at(self, path: Path, matrix: Matrix) -> None:
        self.pdf.addLiteral(self._clip(path, matrix))

    # the operators of each drawing call -----------------------------------------------------------
    @staticmethod
    def _path(path: Path, style: Paint, matrix: Matrix = IDENTITY) -> str:
        ops = [_path_operators(path, matrix)]
        if style.fill:
            ops.insert(0, _colour(style.fill) + " rg")
        if style.stroke:
            dash = " ".join(number(d) for d in style.dash) if style.dash else ""
            ops.insert(0, f"{_colour(style.stroke)} RG {number(style.width)} w [{dash}] 0 d")
        ops.append("B*" if style.fill and style.stroke else "f*" if style.fill else "S")
        return "\n".join(ops)

    def _text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> str:
        # The text operators are written directly, like the paths; reportlab only maps the text to
        # its embedded font subsets (and so records which glyphs to embed).
        shown = self._shown.get((text, face))
        if shown is None:
            if len(self._shown) >= SHOWN_KEPT:  # a deck of thousands of different texts: memory stays flat
                self._shown.clear()
            # A character keeps its subset and code for the whole document, so a text's mapping is
            # worked out once (a deck prints its ranks and suits hundreds of times).
            font, document = fonts.ttf(face), self.pdf._doc
            shown = self._shown[text, face] = [(font.getSubsetInternalName(subset, document), self.pdf._escape(chunk))
                                               for subset, chunk in font.splitString(text, document)]
        # Glyphs grow upwards in PDF text space: flip y after the Canvas's y-down matrix.
        ops = ["q %.4f %.4f %.4f %.4f %.3f %.3f cm" % (matrix.a, matrix.b, -matrix.c, -matrix.d, matrix.e, matrix.f),
               _colour(fill) + " rg", "BT"]
        current = None
        for subset, chunk in shown:
            if subset != current:
                ops.append(f"{subset} {number(size)} Tf")
                current = subset
            ops.append(f"({chunk}) Tj")
        ops.append("ET Q")
        return "\n".join(ops)

    @staticmethod
    def _clip(path: Path, matrix: Matrix = IDENTITY) -> str:
        # A clip lasts until the graphics state it was set in is restored ("Q", in pop_clip).
        return "q\n" + _path_operators(path, matrix) + "\nW* n"

    def close(self) -> None:
        """Write what the pages share (fonts as subsets of the glyphs used, pictures, the page tree),
        then the index of objects and the trailer: reportlab's own save (PDFDocument.GetPDFData and
        format), less the objects already written. Never encrypted, so no encryption dictionary."""
        document = self.pdf._doc
        for font in document.delayedFonts:
            font.addObjects(document)
        document.info.invariant = document.invariant
        document.info.digest(document.signature)
        catalog, info = document.Reference(document.Catalog), document.Reference(document.info)
        document.Outlines.prepare(document, self.pdf)
        if document.Outlines.ready < 0:
            document.Catalog.Outlines = None
        names, number = [], 1
        while number in document.numberToId:  # formatting may register more objects as it goes
            name = document.numberToId[number]
            if name not in self.written:
                self._write_object(name)
            names.append(name)
            number += 1
        document.idToOffset.update(self.written)
        index = pdfdoc.PDFCrossReferenceTable()
        index.addsection(0, names)
        start = self.offset
        self._write(index.format(document))
        self._write(pdfdoc.PDFTrailer(startxref=start, Size=len(names) + 1, Root=catalog, Info=info,
                                      ID=document.ID()).format(document))
        self.pdf = None

    def getvalue(self) -> bytes:
        """The document, when it was written into memory (no sink given)."""
        return self.sink.getvalue()
