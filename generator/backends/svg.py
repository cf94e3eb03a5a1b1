"""SVG surface (svgwrite): one document per page, in mm, with the text faces embedded."""

from __future__ import annotations

import base64
from functools import lru_cache

import svgwrite

from generator import fonts
from generator.canvas import Style, Surface
from generator.geometry import Matrix, Path, number


_num = number


def path_data(path: Path) -> str:
    parts = []
    for cmd in path.commands:
        parts.append(cmd[0] + " ".join(_num(v) for v in cmd[1:]))
    return "".join(parts)


#: face -> (font-weight, font-style): one CSS family with four faces, so a viewer that ignores the
#: embedded fonts still falls back to bold and italic versions of a Vera-like sans.
CSS_FACES = {"regular": ("normal", "normal"), "bold": ("bold", "normal"),
             "italic": ("normal", "italic"), "bold-italic": ("bold", "italic")}
FAMILY = "Vera, 'Bitstream Vera Sans', 'DejaVu Sans', sans-serif"


@lru_cache(maxsize=None)
def _font_face_css(face: str) -> str:
    data = base64.b64encode(fonts.face_file(face).read_bytes()).decode("ascii")
    weight, style = CSS_FACES[face]
    return (f"@font-face{{font-family:Vera;font-weight:{weight};font-style:{style};"
            f"src:url(data:font/ttf;base64,{data}) format('truetype');}}")


class SvgSurface(Surface):
    def __init__(self):
        self.pages: dict[int, bytes] = {}

    def begin_page(self, number: int, width: float, height: float) -> None:
        self.number = number
        self.drawing = svgwrite.Drawing(
            size=(f"{_num(width)}mm", f"{_num(height)}mm"), viewBox=f"0 0 {_num(width)} {_num(height)}", debug=False
        )
        self.containers = [self.drawing]
        self.faces: set[str] = set()
        self.clip_count = 0

    def end_page(self) -> None:
        if self.faces:
            css = "".join(_font_face_css(face) for face in sorted(self.faces))
            self.drawing.defs.add(self.drawing.style(css))
        self.pages[self.number] = self.drawing.tostring().encode("utf-8")
        del self.drawing, self.containers

    def draw_path(self, path: Path, style: Style) -> None:
        attributes = {"d": path_data(path), "fill": style.fill or "none", "fill-rule": "evenodd"}
        if style.stroke:
            attributes.update(stroke=style.stroke, stroke_width=_num(style.width), stroke_linejoin="round")
            if style.dash:
                attributes["stroke-dasharray"] = " ".join(_num(d) for d in style.dash)
        self.containers[-1].add(self.drawing.path(**attributes))

    def draw_text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> None:
        self.faces.add(face)
        transform = "matrix(" + " ".join(_num(v) for v in (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)) + ")"
        weight, style = CSS_FACES[face]
        self.containers[-1].add(
            self.drawing.text(
                text, insert=(0, 0), transform=transform, fill=fill, font_size=_num(size), font_family=FAMILY,
                font_weight=weight, font_style=style, style="white-space:pre",
            )
        )

    def push_clip(self, path: Path) -> None:
        self.clip_count += 1
        clip_id = f"clip{self.clip_count}"
        clip = self.drawing.clipPath(id=clip_id)
        clip.add(self.drawing.path(d=path_data(path), clip_rule="evenodd"))
        self.drawing.defs.add(clip)
        group = self.drawing.g(clip_path=f"url(#{clip_id})")
        self.containers[-1].add(group)
        self.containers.append(group)

    def pop_clip(self) -> None:
        self.containers.pop()
