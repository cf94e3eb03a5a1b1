"""Where Diatoms' faces come from: the layouts of templates/layouts.yaml's `diatoms-faces` set,
which a game file's `layouts:` changes key by key (`pnp layouts diatoms` prints them).

The game hands each face a row of fields (words already chosen, colours, counts); the layout says
what sits where. What the rules compute (a tile's triangles, the board's rings, the lens's window,
the score pad's rows, a judge's terms) is drawn by the drawers this game registers, `diatoms.<what>`,
placed by the layouts like any element.
"""

from __future__ import annotations

from generator.kit.layouts import Face, Layouts, box_of, drawer_style
from generator.model import Area

FaceLayouts = Layouts.over("diatoms-faces")


def face(spec, layout: str, style, corner_mm: float = 0.0, **row) -> Face:
    """The face drawn by `layout` of the game's set, showing `row`'s fields, in the piece's style."""
    return Face(spec.layouts, layout, tuple(sorted(row.items())), style, corner_mm)


def drawn_parts(spec, layout: str, drawer: str, area: Area, style) -> list[tuple]:
    """(box, style) of each element of `layout` that `drawer` draws, on a piece of `area`: where, and
    in what sizes and colours, the game's checks measure what the drawer prints."""
    blank = Face(spec.layouts, layout, (), style)
    return [(box_of(element, area), drawer_style(blank, element, {})) for _, element in spec.layouts.layouts[layout]
            if element.draw == drawer]
