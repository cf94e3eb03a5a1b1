"""Surfaces: thin translations of the Canvas into PDF (reportlab), SVG (svgwrite) and PNG (Pillow)."""

from __future__ import annotations

from generator.canvas import Paint, Surface
from generator.geometry import Matrix, Path


class TeeSurface(Surface):
    """Sends every drawing call to several surfaces, so one pass over the pages feeds every format."""

    def __init__(self, surfaces: list[Surface]):
        self.surfaces = surfaces

    def begin_page(self, number: int, width: float, height: float) -> None:
        for surface in self.surfaces:
            surface.begin_page(number, width, height)

    def end_page(self) -> None:
        for surface in self.surfaces:
            surface.end_page()

    def page_boxes(self, trim, bleed) -> None:
        for surface in self.surfaces:
            surface.page_boxes(trim, bleed)

    def draw_path(self, path: Path, style: Paint) -> None:
        for surface in self.surfaces:
            surface.draw_path(path, style)

    def draw_text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> None:
        for surface in self.surfaces:
            surface.draw_text(text, face, size, fill, matrix)

    def draw_image(self, picture, matrix: Matrix) -> None:
        for surface in self.surfaces:
            surface.draw_image(picture, matrix)

    def push_clip(self, path: Path) -> None:
        for surface in self.surfaces:
            surface.push_clip(path)

    def pop_clip(self) -> None:
        for surface in self.surfaces:
            surface.pop_clip()

    def close(self) -> None:
        for surface in self.surfaces:
            surface.close()

    def draw_recording(self, recording, matrix: Matrix) -> None:
        for surface in self.surfaces:
            surface.draw_recording(recording, matrix)
