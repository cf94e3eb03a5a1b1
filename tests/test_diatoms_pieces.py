"""Diatoms' cut pieces: hex water tiles the same on both sides, marked for colour-blind players,
diatom tokens, the lens tool and the petri dishes."""

from __future__ import annotations

import json

import pytest

from conftest import shared_game
from generator.games.diatoms import pieces
from generator.load import load_game
from generator.model import Area
from generator.recording import record_face


@pytest.fixture(scope="module")
def loaded():
    loaded = shared_game("diatoms")
    loaded.components()  # built here, before a test patches a drawer (the game is shared by the session)
    return loaded


def component(loaded, name):
    return next(c for c in loaded.components() if c.name == name)


def test_34_hex_tiles_the_same_on_both_sides(loaded):
    tiles = component(loaded, "hex-tile").pieces
    assert len(tiles) == 34 and tiles[0].id == "hex-tile-start"
    for tile in tiles:
        assert tile.shape.kind == "polygon" and len(tile.shape.points()) == 6
        assert tile.back is tile.front  # the same image, not its mirror: a tile reads the same either way up


def test_every_coloured_triangle_carries_its_colours_mark(loaded, monkeypatch):
    drawn = []
    monkeypatch.setattr(pieces, "draw_symbol", lambda canvas, name, *args, **kwargs: drawn.append(name))
    spec = loaded.spec
    marks = {colour.letter: colour.mark for colour in spec.colours}
    for tile, letters in zip(component(loaded, "hex-tile").pieces, [spec.tiles.start, *spec.tiles.set]):
        drawn.clear()
        record_face(tile.front, Area(tile.width, tile.height, 3.0, tile.shape))
        assert sorted(drawn) == sorted(marks[letter] for letter in letters if letter in marks), tile.id


def test_the_starting_tile_says_so(loaded):
    start = component(loaded, "hex-tile").pieces[0]
    texts = [text.text for text in record_face(start.front, Area(start.width, start.height, 3.0, start.shape)).texts]
    assert texts == ["START"]


def test_a_diatom_of_every_shape_in_every_colour(loaded):
    tokens = component(loaded, "diatom").pieces
    spec = loaded.spec
    assert len(tokens) == len(spec.colours) * sum(spec.tokens.per_colour.values())
    kinds = {tuple(token.id.split("-")[1:3]) for token in tokens}
    assert kinds == {(colour.name, shape) for colour in spec.colours for shape in pieces.SHAPES}
    assert all(token.back is token.front for token in tokens)


def test_square_tokens_for_a_guillotine(tmp_path):
    loaded = load_game("diatoms", ("tokens.cut=square",))
    assert {token.shape.kind for token in component(loaded, "diatom").pieces} == {"rect"}


def test_the_lens_and_the_dishes(loaded):
    (lens,) = component(loaded, "lens-tool").pieces
    assert lens.shape.kind == "path" and lens.height > lens.width
    dishes = component(loaded, "petri-dish").pieces
    assert len(dishes) == 5 and all(dish.back is not None for dish in dishes)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_builds_every_format_with_hexagons_in_the_manifest(bundled_build, paper):
    folder = bundled_build("diatoms", paper, "pdf,svg,png", "--dpi", "30")
    data = json.loads((folder / "manifest.json").read_text())
    tiles = [piece for page in data["pages"] for piece in page["pieces"] if piece["component"] == "hex-tile"]
    assert len(tiles) == 68  # 34 fronts and their backs
    assert all(piece["shape"] == "polygon" and len(piece["outline"]) == 6 for piece in tiles)
    pages = len(data["pages"])
    assert len(list((folder / "svg").glob("*.svg"))) == pages == len(list((folder / "png").glob("*.png")))


def test_the_lens_window_shows_the_marks_round_a_sample_point_whole(loaded, monkeypatch):
    """Issue 22: laid on a corner where three tiles meet, the window shows each of the six triangles'
    marks whole, not cut in half by its edge."""
    import math

    from generator.canvas import Canvas, NullSurface

    spec = loaded.spec
    width = spec.tiles.piece.width_mm
    side = width / math.sqrt(3)
    area = Area(width, side * 2, 0.0)
    drawn = []
    monkeypatch.setattr(pieces, "draw_symbol", lambda canvas, name, x, y, size, *a, **k: drawn.append((x, y, size)))
    tile = component(loaded, "hex-tile").pieces[1]
    tile.front(Canvas(NullSurface()), area)
    assert len(drawn) == 6
    _, window = pieces.lens_size(spec)
    corner = pieces.hex_corner(area.width / 2, area.height / 2, side, 1)  # between triangles 0 and 1
    near = sorted(math.dist(corner, (x, y)) + size / 2 * math.sqrt(2) for x, y, size in drawn)[:2]
    assert max(near) < window  # the two marks by this corner (and so, alike, the other tiles' four)
    assert min(math.dist(corner, (x, y)) for x, y, _ in drawn) > window * 0.5
