"""Diaominos as a player meets it in print: routes that can be followed at a glance, a roll key,
round cards for playing without a cube, a player sheet with everything scoring needs, and
stickers that say what they are for."""

from __future__ import annotations

from collections import Counter

import re
from pathlib import Path

import pytest

from conftest import error_messages, words_below
from generator.canvas import PT
from generator.games.diaominos import board as board_module
from generator.games.diaominos import game as dm
from generator.games.diaominos import paper
from generator.games.diaominos.cube import Cube, play_rounds, rolls_for_move
from generator.load import load_game
from generator.kit.prose import FLOOR_PT
from generator.model import Area
from generator.recording import record_face

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "diaominos.yaml").read_text()
# A layout of L moves whose routes share rows and columns and pass other spaces' squares.
CROWDED = {"A": (0, 0), "B": (2, 1), "C": (0, 2), "D": (2, 3), "E": (3, 1), "F": (1, 0)}


def spec_with(*overrides):
    return load_game("diaominos", overrides).spec


def parts(spec):
    return {component.name: component for component in dm.components(spec)}


def drawn(piece, side="front"):
    return record_face(piece.front if side == "front" else piece.back, Area(piece.width, piece.height, 0.0))


def words(piece, side="front") -> str:
    return " ".join(" ".join(t.text for t in drawn(piece, side).texts).split())


# The board's routes ------------------------------------------------------------------------------

def crowded_overrides():
    return tuple(f"board.spaces.{letter}=[{c}, {r}]" for letter, (c, r) in CROWDED.items())


@pytest.fixture(params=["bundled", "crowded"])
def layout(request):
    return spec_with(*(crowded_overrides() if request.param == "crowded" else ()))


def test_the_naive_route_would_cross_a_ring_and_the_planned_one_does_not():
    """A to B runs two squares east along D's row: drawn on the middle lines it goes through D."""
    spec = spec_with()
    board = spec.board
    centre = lambda letter: board_module.centre_of(board, board.spaces[letter])  # noqa: E731
    a, b, d = centre("A"), centre("B"), centre("D")
    naive = [a, (b[0], a[1]), b]
    assert min(board_module._distance(d, p, q) for p, q in zip(naive, naive[1:])) == 0.0
    route = board_module.plan_routes(spec)[0]
    assert min(board_module._distance(d, p, q) for p, q in route.segments) > board_module.ring_radius(board)


def test_no_route_passes_through_another_spaces_ring(layout):
    board = layout.board
    keep_off = (board_module.ring_radius(board) + board_module.ring_width(board) / 2
                + board_module.route_width(board) / 2)
    for route in board_module.plan_routes(layout):
        for letter in board.spaces:
            if letter in (route.start, route.end):
                continue
            centre = board_module.centre_of(board, board.spaces[letter])
            nearest = min(board_module._distance(centre, p, q) for p, q in route.segments)
            assert nearest >= keep_off + 0.99, (route.number, letter, nearest)


def test_routes_that_share_a_row_or_column_keep_5_mm_of_paper_between_them(layout):
    board = layout.board
    width = board_module.route_width(board)
    routes = board_module.plan_routes(layout)
    side_by_side = 0
    for i, first in enumerate(routes):
        for second in routes[i + 1:]:
            for (a0, a1) in first.segments:
                for (b0, b1) in second.segments:
                    for axis in (0, 1):
                        other = 1 - axis
                        if abs(a0[other] - a1[other]) > 1e-6 or abs(b0[other] - b1[other]) > 1e-6:
                            continue
                        overlap = (min(max(a0[axis], a1[axis]), max(b0[axis], b1[axis]))
                                   - max(min(a0[axis], a1[axis]), min(b0[axis], b1[axis])))
                        if overlap > 1e-6:
                            side_by_side += 1
                            assert abs(a0[other] - b0[other]) - width >= 5.0 - 1e-6
    if layout.board.spaces["A"] == [0, 0] or tuple(layout.board.spaces["A"]) == (0, 0):
        assert side_by_side  # the crowded layout does make routes run side by side


def test_each_route_is_drawn_in_its_own_colour_with_its_number(layout):
    board = layout.board
    piece = parts(layout)["board"].pieces[0]
    record = drawn(piece)
    routes = board_module.plan_routes(layout)
    colours = [board_module.move_colour(piece.front.style, board.move_colours, r.number) for r in routes]
    assert len(set(colours)) == len(routes) == 5
    for route, colour in zip(routes, colours):
        lines = [p for p in record.paths if p.stroke == colour and p.fill is None]
        xs = [x for x, _ in route.points]
        ys = [y for _, y in route.points]
        assert any(abs(line.box[0] - (min(xs) - board_module.route_width(board) / 2)) < 0.05 and
                   abs(line.box[3] - (max(ys) + board_module.route_width(board) / 2)) < 0.05 for line in lines)
        badges = [t for t in record.texts if t.text == str(route.number) and t.box[1] < piece.height - board.border_mm]
        assert badges and min(t.size for t in badges) >= 7 * 0.3528 - 1e-6


def test_the_roll_key_shows_every_moves_rolls(layout):
    board = layout.board
    piece = parts(layout)["board"].pieces[0]
    record = drawn(piece)
    style = piece.front.style
    band = piece.height - board.border_mm
    for route in board_module.plan_routes(layout):
        label = f"{route.start}-{route.end}"
        assert any(t.text == label and t.box[1] > band for t in record.texts), label
        assert route.rolls == rolls_for_move(board.spaces[route.start], board.spaces[route.end])
        colour = board_module.move_colour(style, board.move_colours, route.number)
        # Each roll is an arrow: a shaft (a stroked line) and a head, along the way the cube tips.
        shafts = sorted((p for p in record.paths if p.stroke == colour and p.fill is None and p.box[1] > band
                         and p.box[2] - p.box[0] < 3 * style.body.size),  # not the route's line under them
                        key=lambda p: p.box[0])
        assert len(shafts) == len(route.rolls)
        for shaft, roll in zip(shafts, route.rolls):
            wide = shaft.box[2] - shaft.box[0] > shaft.box[3] - shaft.box[1]
            assert wide == (roll in "EW"), (route.number, roll)


def test_routes_sharing_a_colour_are_an_error(tmp_path):
    found = error_messages(tmp_path, BUNDLED, ("board.move_colours=[navy, rose, navy, brown, purple]",))
    assert found["diaominos.routes"] == ["4 different colours for 5 moves; give each move's route its own colour"]
    assert "diaominos.routes" not in error_messages(tmp_path, BUNDLED, ("board.move_colours=[]",))


def test_every_word_on_the_board_is_7_pt_or_more(layout):
    assert words_below(parts(layout)["board"].pieces, 7.0) == []


# Round cards ---------------------------------------------------------------------------------------

def test_round_cards_deal_four_games_of_six_titled_by_game():
    spec = spec_with()
    cards = parts(spec)["round-card"].pieces
    assert len(cards) == 24
    seeds = [spec.cube.seed + n for n in range(4)]
    for game, seed in enumerate(seeds, start=1):
        rounds = play_rounds(Cube.scrambled(seed), dict(zip("ABCDEF", dm.board_path(spec))))
        for round_ in rounds:
            card = next(c for c in cards if c.id == f"round-card-g{game}-r{round_.number}")
            said = words(card)
            assert f"Game {game} · Round {round_.number}" in said and str(seed) not in said.split()
            assert dict(card.front.row)["round"] == round_


def test_each_round_cards_back_names_its_game_and_round():
    """The rules lay a game's six cards out face down in order: their backs say the order, so no one
    reads the fronts to sort them. One back a label, drawn once and shared by the cards that carry it."""
    cards = parts(spec_with())["round-card"].pieces
    for card in cards:
        game, number = re.fullmatch(r"round-card-g(\d+)-r(\d+)", card.id).groups()
        assert words(card, "back") == f"Game {game} · Round {number}"
    assert len({id(card.back) for card in cards}) == len({words(card, "back") for card in cards}) == 24


#: A duplex printer shifts the backs 1-2 mm: nothing but the back's colour comes this near the cut.
SHIFT_BAND_MM = 5.0


def test_the_back_label_is_small_legible_centred_and_clear_of_a_duplex_shift():
    for card in parts(spec_with())["round-card"].pieces:
        back, heading = drawn(card, "back"), drawn(card).texts[0]
        [label] = back.texts
        assert FLOOR_PT * PT - 1e-9 <= label.size < heading.size, card.id  # legible, smaller than the front's
        assert (label.box[0] + label.box[2]) / 2 == pytest.approx(card.width / 2), card.id
        clear = max(SHIFT_BAND_MM, card.back.style.safe_mm)
        for box in [label.box] + [path.box for path in back.paths[1:]]:  # the first: the colour to the bleed
            assert clear <= box[0] and box[2] <= card.width - clear, card.id
            assert clear <= box[1] and box[3] <= card.height - clear, card.id
        assert back.paths[0].box[:2] <= (0, 0) and back.paths[0].box[2:] >= (card.width, card.height)


def test_seat_labels_keep_to_their_column_and_facelets_keep_their_size():
    """However large the round card's text, a seat's label stays in its half of the card; the facelets
    shrink to make room, and below 6 mm diaominos.sizes says so (the next test)."""
    spec = spec_with("style.components.round-card.body.size=16")
    card = parts(spec)["round-card"].pieces[0]
    style = card.front.style
    column = (card.width - 2 * style.safe_mm) / 2
    labels = [text for text in drawn(card).texts if text.text.startswith("Seat ")]
    assert len(labels) == 4 and all(t.box[2] - t.box[0] <= column * 0.9 + 1e-6 for t in labels)
    def facelets(found):  # the seats' facelets: the four squares under each label, the same size
        sides = Counter(round(path.box[2] - path.box[0], 3) for path in drawn(found).paths[1:])
        return min(side for side, count in sides.items() if count == 16)

    assert 0 < facelets(card) < facelets(parts(spec_with())["round-card"].pieces[0])


def test_facelets_squeezed_under_6_mm_are_an_error(tmp_path):
    found = error_messages(tmp_path, BUNDLED, ("style.components.round-card.body.size=20",))
    assert any("the seats' facelets come out 5.4 mm on round card 1 of game 1" in m for m in found["diaominos.sizes"])
    assert "diaominos.sizes" not in error_messages(tmp_path, BUNDLED, ("style.components.round-card.body.size=11",))


def test_more_games_are_more_cards_each_checked(tmp_path):
    assert len(parts(spec_with("round_cards.games=6"))["round-card"].pieces) == 36
    found = error_messages(tmp_path, BUNDLED, ("round_cards.piece=mini-card",))
    assert any("too small for twenty facelets" in m for m in found["diaominos.sizes"])


# The player sheet ------------------------------------------------------------------------------------

def test_the_player_sheet_has_a_seat_box_bonus_boxes_colour_key_and_scoring_strip():
    spec = spec_with()
    sheet = parts(spec)["player-sheet"].pieces[0]
    said = words(sheet)
    assert "Seat" in said
    assert said.count("1st +1") == len(spec.player_sheet.polyominoes)
    for colour in spec.cube.colours:
        assert colour.name.capitalize() in said
    assert "Scoring: each polyomino of diamonds in your grid 5" in said


def test_polyomino_cubes_are_at_least_6_mm_and_numbered_at_7_pt():
    spec = spec_with()
    sheet = parts(spec)["player-sheet"].pieces[0]
    style = sheet.front.style
    record = drawn(sheet)
    right = sheet.width * 0.504
    cubes = [p for p in record.paths if p.fill == style.panel and p.box[0] >= right
             and abs((p.box[2] - p.box[0]) - (p.box[3] - p.box[1])) < 0.01 and p.box[2] - p.box[0] < 12]
    assert len(cubes) == sum(len(shape.cells) for shape in spec.player_sheet.polyominoes)
    assert min(p.box[2] - p.box[0] for p in cubes) >= 6.0
    assert words_below([sheet], 7.0) == []


def test_the_sheets_cubes_are_legible_and_a_sheet_too_short_for_them_is_an_error(tmp_path):
    spec = spec_with()
    style = parts(spec)["player-sheet"].pieces[0].front.style
    _, shape, _ = dm.part_on_sheet(spec, style, "polyominoes", "shape")
    _, grid, _ = dm.part_on_sheet(spec, style, "grid")
    assert dm.polyomino_cube(shape) >= 6.0 and dm.grid_cell(spec.player_sheet.grid, grid, style) >= 6.0
    # The layout places the parts in fractions of the sheet: a shorter one keeps its words legible,
    # and the validator says its cubes come out too small to mark.
    short = parts(spec_with("player_sheet.height_mm=140"))["player-sheet"].pieces[0]
    assert words_below([short], 7.0) == []
    found = error_messages(tmp_path, BUNDLED, ("player_sheet.height_mm=140",))
    assert any("the polyominoes' cubes come out 4.72 mm" in m for m in found["diaominos.sizes"]), found
    found = error_messages(tmp_path, BUNDLED, ("player_sheet.width_mm=240",))
    assert any("use at least 250 x 140 mm" in m for m in found["diaominos.sizes"])


def test_polyomino_cubes_squeezed_under_6_mm_are_an_error(tmp_path):
    squeezed = BUNDLED + "\nlayouts:\n  player-sheet:\n    polyominoes: {box: [0.4, 0.3317]}\n"
    found = error_messages(tmp_path, squeezed)
    assert any("the polyominoes' cubes come out 5.02 mm" in m for m in found["diaominos.sizes"]), found


# Stickers and rules ----------------------------------------------------------------------------------

def test_the_sticker_guide_says_what_the_stickers_are_for():
    spec = spec_with()
    guide = parts(spec)["sticker-guide"].pieces[0]
    assert "For a 2 x 2 puzzle cube of about 50 mm" in words(guide)
    assert words_below([guide], 7.0) == []


def test_the_rules_sheet_covers_the_game():
    spec = spec_with()
    sheet = parts(spec)["rules-sheet"].pieces[0]
    said = words(sheet)
    for heading in ("In the print", "You also need", "Setting up", "A round", "Scoring", "Without a cube"):
        assert heading in said
    assert words_below([sheet], 7.0) == []


def test_the_rules_sheet_and_the_player_sheet_say_a_wild_mark_may_be_loaded_over():
    """rules/diaominos.md scores the diamond marks *remaining* in the grid: a polyomino may cover a cube a
    wild facelet marked, keeping the diamond under a marked cube and filling it in under a plain one."""
    spec = spec_with()
    rules = words(parts(spec)["rules-sheet"].pieces[0])
    assert "A shape may cover a cube a wild facelet marked: that cube is not loaded yet." in rules
    assert "fill in the grid cubes under its other cubes, wiping out any wild mark there" in rules
    sheet = words(parts(spec)["player-sheet"].pieces[0])
    assert "A polyomino may cover a wild mark: a marked cube keeps the diamond, a plain one wipes it out." in sheet


@pytest.mark.parametrize("games", [1, 4])
def test_the_rules_sheet_says_the_backs_give_the_game_and_the_round(games):
    rules = words(parts(spec_with(f"round_cards.games={games}"))["rules-sheet"].pieces[0])
    assert "its game and round on the back" in rules and "face down in round order" in rules


def test_the_rules_sheet_counts_its_round_cards_right():
    one = words(parts(spec_with("round_cards.games=1"))["rules-sheet"].pieces[0])
    assert "6 round cards: 1 game of 6 rounds" in one
    assert "(1 to 1)" not in one
    none = words(parts(spec_with("round_cards.games=0"))["rules-sheet"].pieces[0])
    assert "round card" not in none and "Without a cube" not in none
    assert "1 player sheet;" in words(parts(spec_with("player_sheet.copies=1", "players=[1]"))["rules-sheet"].pieces[0])
