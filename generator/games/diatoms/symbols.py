"""The diatom shapes as Diatoms draws them. Four are the kit's plain shapes; the oval is the
document's "two pointed" oval: a lens (a vesica), two circular arcs meeting in a point at either
end, not the kit's rounded ellipse. Every drawing of a diatom's shape goes through `shape_symbol`.
"""

from __future__ import annotations

import math

from generator.geometry import Path
from generator.kit.symbols import register_symbol, symbol_names

LENS = "diatom-lens-oval"
HALF_WIDTH = 0.3  # of the unit height: the lens is 0.6 as wide as it is high


def lens_path(half_width: float = HALF_WIDTH, half_height: float = 0.5) -> Path:
    """An upright lens centred on (0, 0): the right arc's circle is centred left of the middle and
    passes through both points and (half_width, 0); the left arc mirrors it."""
    centre = (half_width ** 2 - half_height ** 2) / (2 * half_width)  # negative: left of the middle
    radius = half_width - centre
    reach = math.degrees(math.atan2(half_height, -centre))  # from the arc's centre to a point
    path = Path()
    path.arc(centre, 0, radius, -reach, reach)
    path.arc(-centre, 0, radius, 180 - reach, 180 + reach)
    return path.close()


if LENS not in symbol_names():
    register_symbol(LENS)(lambda: [lens_path()])

SYMBOLS = {"oval": LENS}  # a diatom shape -> the symbol that draws it, where it is not the kit's own


def shape_symbol(shape: str) -> str:
    return SYMBOLS.get(shape, shape)
