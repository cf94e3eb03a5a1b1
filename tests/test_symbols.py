"""The symbol registry: every symbol fits its unit box, names are unique, and a game can add its own."""

from __future__ import annotations

import pytest

from generator.canvas import Canvas, NullSurface
from generator.geometry import Path
from generator.kit.symbols import FIGURES, SUITS, draw_symbol, extent, register_symbol, symbol_names, symbol_paths

SHAPES = ("circle", "oval", "triangle", "square", "star", "pip")


# As a game module would: registered once, when the module is imported.
@register_symbol("test-gem")
def gem() -> list[Path]:
    return [Path.polygon([(0, -0.5), (0.4, 0), (0, 0.5), (-0.4, 0)])]


class Recorder(NullSurface):
    """Keeps the paths a canvas hands over, already in page millimetres."""

    def __init__(self):
        self.drawn: list[tuple[Path, str]] = []

    def draw_path(self, path, style) -> None:
        self.drawn.append((path, style.fill))


def test_the_suits_and_the_plain_shapes_are_registered():
    assert set(SUITS) | set(SHAPES) <= set(symbol_names())


@pytest.mark.parametrize("name", symbol_names())
def test_every_symbol_fits_its_unit_box(name):
    x0, y0, x1, y1 = extent(symbol_paths(name))
    assert -0.5 - 1e-6 <= x0 < x1 <= 0.5 + 1e-6
    assert -0.5 - 1e-6 <= y0 < y1 <= 0.5 + 1e-6
    # ...and is centred in it, so a symbol drawn at (cx, cy) sits on that point; a two-colour
    # figure's two layers are centred together.
    figure = name.removesuffix("-marks")
    if figure in FIGURES:
        x0, y0, x1, y1 = extent(symbol_paths(figure) + symbol_paths(f"{figure}-marks"))
    assert abs(x0 + x1) < 1e-6 and abs(y0 + y1) < 1e-6


def test_the_extent_follows_the_curve_not_its_control_points():
    circle = Path.circle(0, 0, 0.5)
    assert extent([circle]) == pytest.approx((-0.5, -0.5, 0.5, 0.5))
    arc = Path().arc(0, 0, 0.5, 225, 315)  # one cubic whose control points stand off past its top
    assert arc.bounds()[1] < -0.54
    assert extent([arc])[1] == pytest.approx(-0.5, abs=1e-3)


def test_a_name_is_registered_only_once():
    with pytest.raises(ValueError, match='"spade" is already registered'):
        register_symbol("spade")(gem)
    with pytest.raises(ValueError, match="already registered"):
        register_symbol("test-gem")(gem)
    assert extent(symbol_paths.__wrapped__("spade"))[2] == pytest.approx(0.47)  # still the spade, uncached


def test_a_symbol_a_game_registers_draws_scaled_and_centred():
    surface = Recorder()
    draw_symbol(Canvas(surface), "test-gem", 30, 40, 10, "#ff0000")
    (path, fill), = surface.drawn
    assert fill == "#ff0000"
    assert path.bounds() == pytest.approx((26, 35, 34, 45))


def test_an_unknown_symbol_names_the_known_ones():
    surface = Recorder()
    with pytest.raises(ValueError, match='unknown symbol "comet"') as raised:
        draw_symbol(Canvas(surface), "comet", 0, 0, 10, "#000000")
    for name in ("spade", "moon", "star", "pip", "test-gem"):
        assert name in str(raised.value)
    assert surface.drawn == []
