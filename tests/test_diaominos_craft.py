"""Diaominos print craft (issue 22): stickers edge to edge with one cut line each, routes told apart
without colour, and the validator's rules added for broken sets (issue 21's battery)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import error_messages, run_pnp
from generator.canvas import Canvas, NullSurface
from generator.games.diaominos import board as board_module
from generator.games.diaominos import game as dm
from generator.load import load_game
from generator.model import Area

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "diaominos.yaml").read_text()


class Spy(NullSurface):
    """Keeps every stroked path's colour, width and dash."""

    def __init__(self):
        self.strokes = []

    def draw_path(self, path, style):
        if style.stroke:
            self.strokes.append((style.stroke, round(style.width, 4), style.dash, path.bounds()))


def strokes(face, width: float, height: float) -> list:
    spy = Spy()
    face(Canvas(spy), Area(width, height, 3.0))
    return spy.strokes


def components(*overrides):
    spec = load_game("diaominos", overrides).spec
    return spec, {component.name: component for component in dm.components(spec)}


def test_stickers_sit_edge_to_edge_and_each_draws_its_cut_line_on_its_trim():
    spec, parts = components()
    stickers = parts["cube-sticker"]
    assert stickers.gutter == 0 and stickers.cut_guides
    style = spec.style.resolve("cube-sticker", "white", piece="cube-sticker-white-1")
    white = stickers.pieces[0]
    assert white.id == "cube-sticker-white-1"
    lines = strokes(white.front, white.width, white.height)
    size = spec.cube.sticker_mm
    on_trim = [line for line in lines if line[3] == (0.0, 0.0, size, size)]
    # A paper band under an ink line, both centred on the trim (the neighbour draws the other half):
    # the layout's cut line, 0.25 mm of ink on a band of paper 0.25 mm wider each side.
    assert [(colour, width) for colour, width, _, _ in on_trim] == [(style.background, 0.75), (style.ink, 0.25)]


def test_the_sticker_sheet_has_one_crop_mark_line_per_cut(tmp_path):
    code, _, err = run_pnp("build", "diaominos", "--only", "cube-sticker", "--out", "out", "-q", cwd=tmp_path)
    assert code == 0, err
    manifest = json.loads((tmp_path / "out" / "diaominos" / "manifest.json").read_text())
    page = next(page for page in manifest["pages"] if page["side"] == "front"
                and any(p["component"] == "cube-sticker" for p in page["pieces"]))
    stickers = [p for p in page["pieces"] if p["component"] == "cube-sticker"]
    xs = sorted({round(p["x_mm"], 3) for p in stickers})
    assert all(abs(b - a - 22.0) < 1e-6 for a, b in zip(xs, xs[1:]))  # neighbours share their cut
    columns = len(xs)
    rows = len({round(p["y_mm"], 3) for p in stickers})
    # A mark at each end of every cut line: one line between two neighbours, not two.
    assert len(page["crop_marks"]) == 2 * (columns + 1) + 2 * (rows + 1)


def test_every_route_has_a_dash_pattern_of_its_own_on_the_board_and_in_the_key():
    spec, parts = components()
    board = parts["board"].pieces[0]
    patterns = [board_module.route_dash(spec.board, n, 1.0) for n in range(1, 6)]
    assert len(set(patterns)) == 5
    lines = strokes(board.front, board.width, board.height)
    width = board_module.route_width(spec.board)
    for number in range(1, 6):
        dash = board_module.route_dash(spec.board, number, width)
        on_board = [line for line in lines if line[1] == round(width, 4) and line[2] == dash]
        assert on_board, number
        key = board_module.route_dash(spec.board, number, width * 0.45)
        in_key = [line for line in lines if line[2] == key and line[3][1] > board.height - spec.board.border_mm]
        assert in_key, number


SET_RULES = [
    ("diaominos.grid", ("player_sheet.grid.layers=['']",), "an empty layer"),
    ("diaominos.cube", ("cube.sticker_mm=5",), "5 mm stickers are too small for the 25 mm facelets"),
    ("diaominos.cube", ("cube.colours.1.name=White",), 'colour 2 has the name "White", as colour 1 does'),
    ("diaominos.cube", ("cube.colours.1.colour='#fffffe'",), """yellow's ink "#fffffe" looks the same as white's"""),
    ("diaominos.grid", ("player_sheet.grid.layers=['.....SX.....', '....XXXX....', '...XXXXXX...', "
                        "'..XXXXXXXX..', '.XXXXXXXXXX.', 'XXXXXXXXXXXX', 'XXXXXXXXXXXX', '.XXXXXXXXXX.', "
                        "'..XXXXXXXX..']",), "the loading start (S) is in layer 9"),
    ("diaominos.sizes", ("cube.colours.0.label=" + "Snow white " * 12,),
     "does not fit the player sheet's colour key at 7 pt"),
    ("diaominos.routes", ("board.move_colours=[navy,rose,green,brown,purple,gold,red]",), "7 colours for 5 moves"),
    ("diaominos.routes", ("board.move_colours=[]", "board.move_dashes=[[],[],[],[],[]]"),
     "the routes A to B and B to C share a dash pattern (1 pattern for 5 moves)"),
    ("diaominos.routes", ("board.move_dashes=[[1,1],[2,1]]",), "the routes A to B and C to D share a dash pattern"),
    ("diaominos.players", ("players=[1,2,2,4]",), "2 players is listed twice"),
    ("diaominos.title", ("title=' '",), "the title is empty"),
    ("diaominos.sizes", ("round_cards.piece={width_mm: 63.5, height_mm: 88.9, corner_radius_mm: 30}",),
     "30 mm corners on 63.5 x 88.9 mm round cards"),
    ("diaominos.sizes", ("round_cards.piece={width_mm: 300, height_mm: 400}",),
     "300 x 400 mm round cards would print in parts"),
]


@pytest.mark.parametrize("rule, change, words", SET_RULES, ids=[c[0] for _, c, _ in SET_RULES])
def test_a_broken_set_is_a_finding_not_a_crash(tmp_path, rule, change, words):
    path = tmp_path / "diaominos.yaml"
    path.write_text(BUNDLED)
    found = error_messages(tmp_path, BUNDLED, change)
    assert any(words in message for message in found.get(rule, [])), found
    code, out, err = run_pnp("validate", path, *[a for item in change for a in ("--set", item)], cwd=tmp_path)
    assert code == 1 and "Traceback" not in out + err


def test_harmless_sets_still_validate(tmp_path):
    for change in (("cube.sticker_mm=17.5",), ("board.move_colours=[]",), ("players=[2]", "player_sheet.copies=2"),
                   ("round_cards.games=0",)):
        found = error_messages(tmp_path, BUNDLED, change)
        assert not found, (change, found)
