"""Diamond Mine's faces, drawn from the layouts of templates/layouts.yaml (diamond_mine-faces), which a
game file's `layouts:` changes key by key (`pnp layouts diamond_mine` prints them). The game hands
each face a row of fields (words, colours, what the rules compute); where a layout puts them, and
how large, is data.
"""

from __future__ import annotations

from generator.kit.layouts import Face, Layouts, box_of, filled, unfitted
from generator.model import Area

FaceLayouts = Layouts.over("diamond_mine-faces")


def face(spec, layout: str, style, corner_mm: float = 0.0, **row) -> Face:
    """The face drawn from `layout` with the fields `row`, in the piece's style. (A game file cannot
    leave a bundled layout out: `name: null` there empties it.)"""
    return Face(spec.layouts, layout, tuple(sorted(row.items())), style, corner_mm)


def element_box(spec, layout: str, drawer: str, area: Area, style) -> tuple[float, float, float, float] | None:
    """Where layout `layout` puts the drawer `drawer` on a piece of `area` (None if it leaves it out):
    what the game measures its words against, laid out exactly as it draws."""
    for _, element in spec.layouts.layouts.get(layout, ()):
        if element.draw == drawer:
            return box_of(element, area, style)
    return None


def unfitting_texts(spec, layout: str, area: Area, style, rows: list[dict]) -> list[str]:
    """The texts layout `layout` shows for `rows` that would print under their floor (7 pt) on a
    piece of `area`: each once, in the order found (layouts.unfitted: a text the layout sets on one
    line, `ink`, must fit on it, as a name or a move that wrapped would run into what lies under it)."""
    unfit = [set(unfitted(face(spec, layout, style, **row), area)) for row in rows]
    found = []
    for name, element in spec.layouts.layouts.get(layout, ()):
        for row, names in zip(rows, unfit):
            text = filled(element.text, row) if name in names and not element.each else None
            if text is not None and text not in found:
                found.append(text)
    return found
