"""Blood Diamonds as a player meets it in print: rules in the PDF, a two-sided aid that says what
every suit does, tiles that name their location, a frame well inside the cut, a start that holds
every die, and suits spread over the sheets."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import words_below
from generator.games.blood_diamonds import checks as bd_checks
from generator.kit import layouts as kit_layouts
from generator.games.blood_diamonds import game as bd_game
from generator.games.blood_diamonds import faces as bd_faces
from generator.games.blood_diamonds import pieces as bd_pieces
from generator.games.blood_diamonds import track as bd_track
from generator.games.blood_diamonds.labels import words_of
from generator.games.blood_diamonds.paper import role_labels
from generator.kit.symbols import extent
from generator.load import load_game
from generator.model import Area
from generator.recording import record_face



def components(*overrides):
    spec = load_game("blood_diamonds", overrides).spec
    return spec, {component.name: component for component in bd_game.components(spec)}


def words(piece, side: str = "front") -> str:
    draw = piece.front if side == "front" else piece.back
    texts = record_face(draw, Area(piece.width, piece.height, 0.0)).texts
    return " ".join(" ".join(t.text for t in texts).split())


def test_the_rules_sheet_asks_for_an_opaque_bag_and_covers_the_game():
    _, parts = components()
    sheet = parts["rules-sheet"].pieces[0]
    said = words(sheet)
    assert "An opaque bag" in said
    for heading in ("In the print", "You also need", "Setting up", "A turn", "Selling diamonds", "The end",
                    "Fine points"):
        assert heading in said
    assert "600 points wins at once" in said


def test_the_aid_is_a6_printed_on_both_sides_with_every_suits_effects():
    spec, parts = components()
    cards = parts["reference-card"].pieces
    assert len(cards) == 6
    for card in cards:
        assert sorted((card.width, card.height)) == [105.0, 148.0]
        assert card.back is not None
    front, back = words(cards[0]), words(cards[0], "back")
    said = words_of(spec)
    for suit in spec.suits:
        for label, kind in ((f"Tile: {suit.tile.label}", "tile"), (f"Coins: {suit.coin.label}", "coin"),
                            (f"Power: {suit.power.label}", "power")):
            effect = said(f"effect.{suit.symbol}.{kind}", **role_labels(spec))
            assert label in front and effect in front, (label, effect)
    assert "Explore" in back and "Act" in back


def test_every_word_on_every_piece_is_7_pt_or_more():
    _, parts = components()
    assert words_below([piece for component in parts.values() for piece in component.pieces], 7.0) == []


def test_tile_faces_name_their_location():
    spec, parts = components()
    tiles = {piece.id: piece for piece in parts["tile"].pieces}
    for suit in spec.suits:
        assert suit.tile.label in words(tiles[f"tile-{suit.name}-3"])
        assert "Black market" in words(tiles[f"tile-{suit.name}-null"])


@pytest.mark.parametrize("border", ["4.0", "6.0"])
def test_the_tile_frame_runs_at_least_its_border_inside_the_cut(border):
    _, parts = components(f"style.components.tile.border_mm={border}")
    tile = parts["tile"].pieces[0]
    style = tile.front.style
    suit_colour = dict(tile.front.row)["colour"]
    drawn = record_face(tile.front, Area(tile.width, tile.height, 0.0))
    frames = [p for p in drawn.paths if p.stroke == suit_colour and p.fill is None]
    assert frames
    for frame in frames:
        left, top, right, bottom = frame.box
        assert min(left, top, tile.width - right, tile.height - bottom) >= float(border) - 1e-6
    assert style.frame


def test_the_start_holds_every_die():
    spec, parts = components()
    width, height = bd_track.start_size(spec.dice, len(spec.suits))
    columns, rows = bd_track.start_grid(len(spec.suits))
    assert columns * rows >= len(spec.suits) == 6
    face = spec.dice.face_mm
    assert width >= columns * face + (columns + 1) * 1.0 and height >= rows * face + (rows + 1) * 1.0
    # The start is drawn on the track's piece, below square 0, and the piece is tall enough for it.
    track = parts["score-track"].pieces[0]
    drawn = record_face(track.front, Area(track.width, track.height, 0.0))
    pads = [p for p in drawn.paths if abs((p.box[2] - p.box[0]) - width) < 0.6 and abs((p.box[3] - p.box[1]) - height)
            < 0.6]
    assert pads and all(pad.box[3] <= track.height for pad in pads)
    dice = [p for p in drawn.paths if abs((p.box[2] - p.box[0]) - face) < 0.3 and abs((p.box[3] - p.box[1]) - face)
            < 0.3]
    assert len(dice) == 6


def test_a_larger_die_grows_the_start():
    spec, _ = components("dice.face_mm=20", "score_track.square_mm=22")
    assert bd_track.start_size(spec.dice, len(spec.suits))[0] >= 3 * 20


@pytest.fixture(scope="module")
def manifest(bundled_build):
    return json.loads((bundled_build("blood_diamonds") / "manifest.json").read_text())


def test_each_suits_tiles_are_spread_over_the_sheets(manifest):
    fronts = [page for page in manifest["pages"] if page["side"] == "front"]
    tiles_on = Counter(page["number"] for page in fronts for piece in page["pieces"] if piece["component"] == "tile")
    assert len(tiles_on) >= 3
    for suit in ("sun", "moon", "clubs", "diamonds", "hearts", "spades"):
        per_sheet = Counter(page["number"] for page in fronts for piece in page["pieces"]
                            if piece["id"].startswith(f"tile-{suit}-"))
        assert set(per_sheet) == set(tiles_on), (suit, per_sheet)  # on every sheet of tiles...
        for sheet, count in per_sheet.items():  # ...and no more than its share of any
            assert count <= -(-tiles_on[sheet] // 6), (suit, per_sheet, tiles_on)


# Tiles and coins print on both sides; a back lands 1-2 mm off its front (issue 22).

def drawn_near_the_cut(piece, side: str) -> list[tuple[str, float]]:
    """What one side of a tile or coin draws nearer its cut than bd_checks.SHIFT_CLEAR_MM, read from its
    recording: (what, how near). The background, which runs on into the bleed, and lines that cross
    the whole piece into the bleed (the tile back's grid) are the background."""
    draw = piece.front if side == "front" else piece.back
    drawn = record_face(draw, Area(piece.width, piece.height, 3.0))
    boxes = [(t.text, t.box) for t in drawn.texts]
    for call in drawn.calls:
        if call[0] == "path":  # its ink: a curve's control points stand off it (symbols.extent)
            _, path, look = call
            grow = look.width / 2 if look.stroke else 0.0
            left, top, right, bottom = extent([path])
            boxes.append((look.fill or look.stroke, (left - grow, top - grow, right + grow, bottom + grow)))
    near = []
    for what, (left, top, right, bottom) in boxes:
        across, down = left < 0 and right > piece.width, top < 0 and bottom > piece.height
        if across or down:
            continue
        if piece.shape.__class__.__name__ == "Circle":
            r = piece.width / 2
            depth = r - max(((x - r) ** 2 + (y - r) ** 2) ** 0.5 for x in (left, right) for y in (top, bottom))
        else:
            depth = min(left, top, piece.width - right, piece.height - bottom)
        if depth < bd_checks.SHIFT_CLEAR_MM - 0.05:
            near.append((what, round(depth, 2)))
    return near


def test_tiles_and_coins_draw_nothing_but_background_near_their_cut_on_either_side():
    _, parts = components()
    for name in ("tile", "coin"):
        for piece in parts[name].pieces:
            assert piece.back is not None
            for side in ("front", "back"):
                assert drawn_near_the_cut(piece, side) == [], (piece.id, side)


def test_the_frame_a_coin_ring_would_draw_is_caught_in_the_recording_too():
    _, parts = components("style.components.coin.frame=true", "style.components.coin.border_mm=1",
                          "style.components.coin.safe_mm=4")
    coin = parts["coin"].pieces[0]
    assert drawn_near_the_cut(coin, "front") and drawn_near_the_cut(coin, "back")


def symbols_drawn(monkeypatch, draw, area) -> list[str]:
    """The symbols a face draws: the layout engine's symbol elements and the game's drawers'."""
    drawn = []
    real = bd_faces.draw_symbol

    def watched(canvas, name, *args, **kwargs):
        drawn.append(name)
        return real(canvas, name, *args, **kwargs)

    for module in (bd_faces, kit_layouts):
        monkeypatch.setattr(module, "draw_symbol", watched)
    monkeypatch.setattr(kit_layouts, "REUSED_KINDS", frozenset())  # each element drawn, none reused
    record_face(draw, area)
    for module in (bd_faces, kit_layouts):
        monkeypatch.setattr(module, "draw_symbol", real)
    return drawn


def test_every_face_of_a_suits_pieces_shows_its_symbol_so_greyscale_tells_them_apart(monkeypatch):
    """Colour alone never tells a suit: a coin lying value up shows its suit's symbol too, as do a
    tile's face, each face of a die and both faces of a pawn. Tile backs show no suit at all."""
    spec, parts = components()
    symbol = {suit.name: suit.symbol for suit in spec.suits}
    for name, faces_per_side in (("tile", 1), ("coin", 1), ("die", 6), ("pawn", 2)):
        for piece in parts[name].pieces:
            suit = piece.id.split("-")[1]
            area = Area(piece.width, piece.height, 0.0, piece.shape)
            assert symbols_drawn(monkeypatch, piece.front, area).count(symbol[suit]) == faces_per_side, piece.id
            if name == "coin":
                assert symbols_drawn(monkeypatch, piece.back, area) == [symbol[suit]], piece.id
            elif name == "tile":
                assert symbols_drawn(monkeypatch, piece.back, area) == [], piece.id
    assert spec.dice.face_mm * bd_pieces.DIE_SYMBOL[1] >= 3.3  # mm: a die face's symbol, not a speck


def test_a_coins_value_side_shows_the_rank_below_a_symbol_at_a_readable_size():
    _, parts = components()
    for coin in parts["coin"].pieces[:6]:  # null, ace, 2-5
        boxes = kit_layouts.element_boxes(coin.back, Area(coin.width, coin.height, 0.0))
        symbol, rank = boxes["symbol"], boxes["rank"]
        assert symbol[2] - symbol[0] >= 4.5 and rank[3] - rank[1] >= 6.0, coin.id  # mm: to read across the table
        assert symbol[3] < rank[1], coin.id  # the symbol above the rank, clear of it


# What to print on and what to bring: page 1's box and the rules sheet's "You also need" agree.

def first_page_words(paper: str) -> str:
    """The words of page 1's box, as the build for this paper draws them."""
    from conftest import shared_game
    from generator.palette import load_palette
    from generator.print_guide import guide_component
    from generator.schema import Context
    from generator.settings import print_settings
    from generator.templates import Templates

    loaded = shared_game("blood_diamonds")
    settings = print_settings(paper, "long", 3.0, True, Context(load_palette(), Templates()))
    [piece] = guide_component(loaded.spec, loaded.title, loaded.printing, loaded.components(), settings).pieces
    return words(piece)


def also_need(sheet_words: str) -> str:
    return sheet_words.split("You also need", 1)[1].split("Setting up", 1)[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_one_and_the_rules_sheet_ask_for_the_same_card_bag_and_tools(paper):
    spec, parts = components()
    box = first_page_words(paper)
    needed = also_need(words(parts["rules-sheet"].pieces[0]))
    # Tiles and coins, handled all game and printed on both sides, go on card: either as it says.
    assert "Tiles (36 pieces): card stock your printer takes double-sided (200-250 gsm)" in box
    assert "glue each sheet's front and back either side of thin card before cutting" in box
    assert "Coins (36 pieces): card, as for the tiles" in box
    assert "Card for the tiles and coins" in needed and "card stock your printer takes double-sided (200-250 gsm)" in needed
    assert "front and back glued either side of thin card" in needed
    # What else to bring, named alike in both.
    for thing in ("opaque bag", "a cloth bag or a sock", "craft knife with a ruler", "glue", "scrap"):
        assert thing in box.lower() and thing in needed.lower(), thing
    assert "Also bring An opaque bag to draw coins from" in box, box
    # How the dice and pawns go together.
    assert "Dice: fold each net into a cube, printed faces out" in box and "fold each die round its tabs" in needed
    assert "Pawns: fold on the middle line so both suit panels face out" in box and "Fold each pawn in half" in needed
    assert spec.printing.stock.keys() <= set(parts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_payoff_charts_share_one_sheet(bundled_build, paper):
    manifest = json.loads((bundled_build("blood_diamonds", paper) / "manifest.json").read_text())
    sheets = {page["number"] for page in manifest["pages"] for piece in page["pieces"]
              if piece["component"] == "payoff-chart"}
    charts = [piece for page in manifest["pages"] for piece in page["pieces"] if piece["component"] == "payoff-chart"]
    assert len(charts) == 4 and len(sheets) == 1, sheets
