"""What a Diaominos drawer takes from the layout element that places it: its text's face and size,
its colour, its fill and stroke, each the element's where it gives one and the drawer's own else."""

from __future__ import annotations

from generator.canvas import PT
from generator.kit.layouts import filled
from generator.styles import Text


def element_text(style, element, default_role: str | None = None) -> Text:
    """The text a drawer writes for its element: the element's role's face, at its size_pt (or the
    size of `default_role`, else of its role), times its scale."""
    role = getattr(style, element.role)
    size = element.size_pt * PT if element.size_pt else getattr(style, default_role or element.role).size
    return Text(role.face, size * element.scale)


def element_ink(face, element, row, default: str) -> str:
    """The element's colour (a style name, a palette name, a {field}), or the drawer's `default`."""
    return face.colour(filled(element.colour, row), element.where) if element.colour else default


def paint(face, element, row, fill: str | None, stroke: str | None) -> tuple:
    """The element's fill and stroke where it gives them, else the drawer's."""
    fill = face.colour(filled(element.fill, row), element.where) if element.fill else fill
    stroke = face.colour(filled(element.stroke, row), element.where) if element.stroke else stroke
    return fill, stroke
