"""A surface that keeps what was drawn, as boxes: for checks that need to see a face, not print it.

The colour rules find the paper behind each text this way, and the tests check that every face
stays inside its bleed and its text inside the safe margin.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator import fonts
from generator.canvas import Canvas, Style, Surface
from generator.geometry import Matrix, Path

Box = tuple[float, float, float, float]  # left, top, right, bottom, in mm


@dataclass(frozen=True)
class DrawnPath:
    box: Box  # of the path, cut to the clips in force
    fill: str | None
    stroke: str | None


@dataclass(frozen=True)
class DrawnText:
    text: str
    box: Box  # advance width by the glyphs' inked height, cut to the clips in force
    fill: str
    face: str
    size: float
    behind: str | None  # the fill of the last filled path under the text's centre


def text_box(text: str, face: str, size: float, matrix: Matrix) -> Box:
    """The box the text's ink takes on the page: the advance width, and from the lowest glyph's
    bottom to the highest glyph's top (text space is y down, so y goes from -top to -bottom)."""
    low, high = fonts.inked_height(text, face)
    width = fonts.text_width(text, size, face)
    corners = [matrix.apply(x, y) for x in (0.0, width) for y in (-high * size, -low * size)]
    return _bounds(corners)


def _bounds(points) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _intersect(a: Box, b: Box) -> Box:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _contains(box: Box, x: float, y: float) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


class RecordingSurface(Surface):
    """Records every path and text of the pages drawn on it, with the clips applied to their boxes."""

    def __init__(self) -> None:
        self.paths: list[DrawnPath] = []
        self.texts: list[DrawnText] = []
        self._clips: list[Box] = []

    def begin_page(self, number: int, width: float, height: float) -> None:
        pass

    def end_page(self) -> None:
        pass

    def _clipped(self, box: Box) -> Box:
        for clip in self._clips:
            box = _intersect(box, clip)
        return box

    def draw_path(self, path: Path, style: Style) -> None:
        box = path.bounds()
        if style.stroke:
            grow = style.width / 2
            box = (box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow)
        self.paths.append(DrawnPath(self._clipped(box), style.fill, style.stroke))

    def draw_text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> None:
        box = self._clipped(text_box(text, face, size, matrix))
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        behind = next((p.fill for p in reversed(self.paths) if p.fill and _contains(p.box, *centre)), None)
        self.texts.append(DrawnText(text, box, fill, face, size, behind))

    def push_clip(self, path: Path) -> None:
        self._clips.append(path.bounds())

    def pop_clip(self) -> None:
        self._clips.pop()

    def close(self) -> None:
        pass


def record_face(draw, area) -> RecordingSurface:
    """What one side of a piece draws, drawn alone at the origin of its trim box."""
    surface = RecordingSurface()
    draw(Canvas(surface), area)
    return surface
