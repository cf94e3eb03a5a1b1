"""The one drawing model: a Canvas in millimetres, origin top-left, y down.

Game code draws on a Canvas. The Canvas keeps the transform and clip stack and hands finished,
page-space shapes to a Surface; each backend (PDF, SVG, PNG) is a Surface and knows nothing else.
This is cairo's split of context and surface.
"""

from __future__ import annotations

import math
import re
from abc import ABC, abstractmethod
from contextlib import contextmanager
from dataclasses import dataclass, replace

from generator import fonts
from generator.geometry import IDENTITY, Matrix, Path

#: One typographic point in millimetres: text sizes are given in mm, `9 * PT` reads as 9 pt.
PT = 25.4 / 72
#: The smallest text any piece, aid or sheet prints, in points: text shrinks to fit its box, but not
#: below this unless an element says so (the validator's layout.text-size holds pieces to it).
FLOOR_PT = 7.0

#: Line pitch, in text sizes: the one leading of every text block, face and rules sheet alike.
LEADING = 1.2


@dataclass(frozen=True)
class Paint:
    """How a path is painted. Colours are '#rrggbb' strings; widths and dashes in mm."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] | None = None

    def scaled(self, factor: float) -> Paint:
        """The style as drawn under a transform that makes lengths `factor` times as long."""
        if factor == 1.0:
            return self
        return replace(self, width=self.width * factor, dash=tuple(d * factor for d in self.dash) if self.dash else None)


class Surface(ABC):
    """What a backend implements. Every coordinate it receives is already in page millimetres.

    Abstract, so that a backend missing a method fails when it is made, not by drawing nothing.
    """

    @abstractmethod
    def begin_page(self, number: int, width: float, height: float) -> None: ...

    @abstractmethod
    def end_page(self) -> None: ...

    @abstractmethod
    def draw_path(self, path: Path, style: Paint) -> None: ...

    @abstractmethod
    def draw_text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> None:
        """Draw `text` with its baseline start at the origin of `matrix` (text space: y down)."""

    @abstractmethod
    def draw_image(self, picture, matrix: Matrix) -> None:
        """Draw a generator.images.Picture into the unit square that `matrix` maps onto the page
        ((0, 0) its top-left corner, (1, 1) its bottom-right)."""

    @abstractmethod
    def push_clip(self, path: Path) -> None: ...

    @abstractmethod
    def pop_clip(self) -> None: ...

    @abstractmethod
    def close(self) -> None: ...

    def page_boxes(self, trim: tuple[float, float, float, float], bleed: tuple[float, float, float, float]) -> None:
        """Where the page's trim and bleed are (x0, y0, x1, y1 in page mm), for formats that record
        them (a PDF's TrimBox and BleedBox); call after begin_page. Others ignore it."""

    def drawing_from(self, source) -> None:
        """What is drawn next comes from `source` (a layout element's errors.Location; None: no one
        place), for surfaces that tell the checks where a text came from (a recording). Others ignore it."""

    def overflowing(self, element, text: str) -> None:
        """A layout element's `text` is drawn past its box even at its floor size, for surfaces that
        tell the checks (a recording), which then need not measure it again. Others ignore it."""

    def draw_recording(self, recording, matrix: Matrix) -> None:
        """Replay a recorded face (generator.recording.Recording) at `matrix`."""
        recording.replay(self, matrix)

    def draw_path_at(self, path: Path, matrix: Matrix, style: Paint) -> None:
        """`path` moved by `matrix`; a backend may move the points as it writes them, with no copy."""
        self.draw_path(path.transformed(matrix), style)

    def push_clip_at(self, path: Path, matrix: Matrix) -> None:
        self.push_clip(path.transformed(matrix))


class NullSurface(Surface):
    """Draws nothing: for measuring a layout (how far text reaches) without output."""

    def begin_page(self, number: int, width: float, height: float) -> None:
        pass

    def end_page(self) -> None:
        pass

    def draw_path(self, path: Path, style: Paint) -> None:
        pass

    def draw_text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> None:
        pass

    def draw_image(self, picture, matrix: Matrix) -> None:
        pass

    def push_clip(self, path: Path) -> None:
        pass

    def pop_clip(self) -> None:
        pass

    def close(self) -> None:
        pass


def _finite(*numbers: float) -> None:
    """Every coordinate and size drawn is a number: a NaN or an infinity (a drawer's division by
    zero) would reach the PDF as "nan", which no reader draws. Their sum is finite only if each is."""
    if not math.isfinite(sum(numbers)):
        raise ValueError("a drawing coordinate or size is not a number (NaN or infinite); check the sums that "
                         "place it")


#: A colour as the backends take it: the palette resolves every name to this.
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def _paints(*colours) -> None:
    """Every colour a plug-in paints with is "#rrggbb": a backend would stop on "red" or "#fff" with a
    traceback, and quietly drop the alpha of "#ffffff80"."""
    for colour in colours:
        if colour is not None and not (isinstance(colour, str) and _HEX.fullmatch(colour)):
            raise ValueError(f"colour {colour!r} is not #rrggbb; give six hex digits, or a colour of the piece's style "
                             "(style.ink, style.accent...), which the palette has resolved")


class Canvas:
    def __init__(self, surface: Surface, check_numbers: bool = False):
        self.surface = surface
        self.matrix = IDENTITY
        self._stack: list[tuple[Matrix, int]] = []
        self._clips = 0
        #: Refuse a coordinate that is no number: on for a plug-in's faces, whose sums are not ours
        #: (the bundled games draw from checked data, and their drawing is the hot path).
        self.check_numbers = check_numbers

    # state ------------------------------------------------------------------------------------
    def save(self) -> None:
        self._stack.append((self.matrix, self._clips))

    def restore(self) -> None:
        self.matrix, clips = self._stack.pop()
        while self._clips > clips:
            self.surface.pop_clip()
            self._clips -= 1

    @contextmanager
    def saved(self):
        self.save()
        try:
            yield self
        finally:
            self.restore()

    @property
    def clipped(self) -> bool:
        """Whether a clip is in force."""
        return self._clips > 0

    def transform(self, m: Matrix) -> None:
        self.matrix = self.matrix @ m

    def translate(self, dx: float, dy: float) -> None:
        self.transform(Matrix.translation(dx, dy))

    def rotate(self, degrees: float) -> None:
        self.transform(Matrix.rotation(degrees))

    def scale(self, sx: float, sy: float | None = None) -> None:
        self.transform(Matrix.scaling(sx, sy))

    def clip(self, path: Path) -> None:
        self.surface.push_clip(path.transformed(self.matrix))
        self._clips += 1

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        self.clip(Path.rect(x, y, w, h))

    # drawing ----------------------------------------------------------------------------------
    def draw(self, path: Path, fill=None, stroke=None, width: float = 0.25, dash=None) -> None:
        if fill is None and stroke is None:
            return
        grow = self.matrix.scale_factor
        style = Paint(
            fill=fill,
            stroke=stroke,
            width=width * grow,
            dash=tuple(d * grow for d in dash) if dash else None,
        )
        placed = path.transformed(self.matrix)
        if self.check_numbers:
            _finite(*(value for command in placed.commands for value in command[1:]), style.width)
            _paints(fill, stroke)
        self.surface.draw_path(placed, style)

    def rect(self, x, y, w, h, radius: float = 0.0, **paint) -> None:
        self.draw(Path.rect(x, y, w, h, radius), **paint)

    def circle(self, cx, cy, r, **paint) -> None:
        self.draw(Path.circle(cx, cy, r), **paint)

    def polygon(self, points, **paint) -> None:
        self.draw(Path.polygon(points), **paint)

    def line(self, x1, y1, x2, y2, stroke="#000000", width: float = 0.25, dash=None) -> None:
        self.draw(Path.line(x1, y1, x2, y2), stroke=stroke, width=width, dash=dash)

    def text(self, x: float, y: float, text: str, size: float, fill: str = "#000000",
             face: str = "regular", align: str = "left") -> None:
        """Text with its baseline at y, x its left end, centre or right end (`align`: the words layouts use)."""
        if not text:
            return
        if self.check_numbers:
            _finite(x, y, size)
            _paints(fill)
            if size <= 0:  # told at the plug-in's own line, where it is called (not at the game file)
                raise ValueError(f"a text size is {size:g} pt; it must be greater than 0")
        fonts.check_characters(text, face)
        runs = fonts.runs(text, face)  # characters the face lacks come from a fallback face
        if align not in ("left", "centre", "right"):
            raise ValueError(f'align "{align}" is none of left, centre, right')
        if align != "left":
            width = fonts.text_width(text, size, face)
            x -= width / 2 if align == "centre" else width
        for run, run_face in runs:
            self.surface.draw_text(run, run_face, size, fill, self.matrix @ Matrix.translation(x, y))
            x += fonts.text_width(run, size, run_face)

    def image(self, picture, x: float, y: float, w: float, h: float, fit: str = "fit") -> None:
        """A picture in the box (x, y, w, h): whole and centred in it ("fit"), covering it and cut to
        it ("fill"), or stretched to it ("stretch")."""
        if fit not in ("fit", "fill", "stretch"):
            raise ValueError(f'fit "{fit}": use fit, fill or stretch')
        if self.check_numbers:
            _finite(x, y, w, h)
        if fit != "stretch":
            scale = (min if fit == "fit" else max)(w / picture.width_px, h / picture.height_px)
            width, height = picture.width_px * scale, picture.height_px * scale
            x, y, w, h, box = x + (w - width) / 2, y + (h - height) / 2, width, height, (x, y, w, h)
        with self.saved():
            if fit == "fill":
                self.clip_rect(*box)
            self.surface.draw_image(picture, self.matrix @ Matrix(a=w, d=h, e=x, f=y))

    def drawing_from(self, source) -> None:
        """Mark what is drawn from now on as coming from `source` (a layout element's location; None:
        no one place), so that a check that finds fault with it can say where to fix it."""
        self.surface.drawing_from(source)

    def overflowing(self, element, text: str) -> None:
        """Say that a layout element's `text` does not fit its box even at its floor size (see Surface)."""
        self.surface.overflowing(element, text)

    def replay(self, recording) -> None:
        """Draw a recorded face here, in the current coordinates."""
        self.surface.draw_recording(recording, self.matrix)

    def text_block(self, x: float, y: float, lines: list[str], size: float, leading: float = LEADING,
                   **style) -> float:
        """Lines of text from baseline y downwards; returns the baseline after the last line."""
        for line in lines:
            self.text(x, y, line, size, **style)
            y += size * leading
        return y
