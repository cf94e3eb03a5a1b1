"""Blood Diamonds: the payoff chart against the rulebook's Table 2, each rule on a broken set, and the
geometry of a real build (tiles and coins exact, every back behind its front)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import errors_in, load_text
from generator.errors import InputError
from generator.games.blood_diamonds import payoff as bd_payoff
from generator.games.blood_diamonds import rulebook as bd_rulebook
from generator.games.blood_diamonds import track as bd_track

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "blood_diamonds.yaml").read_text()
TOLERANCE = 0.05

# Table 2 of the rulebook, typed in here as the oracle: coins, normal payoff, swindler payoff.
TABLE_2 = [
    ("null alone", 0, 2), ("null with others", 0, 0), ("ace alone", 1, 3), ("ace with others", None, None),
    ("2", 2, 4), ("3", 3, 5), ("4", 4, 6), ("5", 5, 7),
    ("2 3", 6, 10), ("2 4", 8, 12), ("2 5", 10, 14), ("3 4", 12, 18), ("3 5", 15, 21), ("4 5", 20, 28),
    ("2 3 4", 24, 36), ("2 3 5", 30, 42), ("2 4 5", 40, 56), ("3 4 5", 60, 84), ("2 3 4 5", 120, 168),
]


def loaded(tmp_path: Path, text: str = BUNDLED, overrides: tuple[str, ...] = ()):
    return load_text(tmp_path, text, overrides)


def test_the_printed_chart_is_table_2(tmp_path):
    spec = loaded(tmp_path).spec
    chart = [bd_payoff.payoff_row(row, spec.payoff_chart.swindler_bonus) for row in spec.payoff_chart.rows]
    assert chart == TABLE_2


def test_sales_follow_the_rules():
    assert bd_payoff.sale_payoff([2, 3, 4, 5]) == 120 and bd_payoff.sale_payoff([2, 3, 4, 5], swindler=True) == 168
    assert bd_payoff.sale_payoff([0]) == 0 and bd_payoff.sale_payoff([0], swindler=True) == 2
    assert bd_payoff.sale_payoff([0, 5, 4], swindler=True) == 0  # the null spoils any collection
    assert bd_payoff.sale_payoff([1, 3]) == bd_payoff.sale_payoff([3])  # an ace among others is ignored
    assert bd_payoff.sale_payoff([1, 3], swindler=True) == bd_payoff.sale_payoff([3], swindler=True)


def test_the_bundled_set_is_clean(tmp_path):
    game = loaded(tmp_path)
    assert game.game.rules.run(game.spec) == []


BROKEN = [
    ("blood_diamonds.suits", "five suits", ("  - {name: moon, symbol: moon, colour: blue, tile: Oasis, coin: Rest & Recover, power: Scrounger}\n", "")),
    ("blood_diamonds.suits", "a symbol used twice", ("{name: sun, symbol: sun,", "{name: sun, symbol: moon,")),
    ("blood_diamonds.pieces", "a tile rank twice", ('  ranks: ["null", ace, 2, 3, 4, 5]     # one tile', '  ranks: ["null", ace, 2, 2, 4, 5]     # one tile')),
    ("blood_diamonds.pieces", "a coin rank missing", ('  ranks: ["null", ace, 2, 3, 4, 5]     # one coin', '  ranks: ["null", ace, 2, 3, 4]     # one coin')),
    ("blood_diamonds.pieces", "a die with a six", ('  faces: ["null", ace, 2, 3, 4, 5]', '  faces: ["null", ace, 2, 3, 4, 6]')),
    ("blood_diamonds.pieces", "two pawns a suit", ("  per_suit: 1", "  per_suit: 2")),
    ("blood_diamonds.players", "two players", ("players: [3, 4, 5, 6]", "players: [2, 3, 4, 5, 6]")),
    ("blood_diamonds.players", "more players than suits", ("players: [3, 4, 5, 6]", "players: [3, 4, 5, 6, 7]")),
    ("blood_diamonds.sizes", "coins wider than half a tile", ("  piece: piecepack-coin", "  piece: {extends: piecepack-coin, width_mm: 26, height_mm: 26}")),
    ("blood_diamonds.sizes", "a die too small to read", ("  face_mm: 16.0", "  face_mm: 9.0")),
    ("blood_diamonds.score-track", "a track of 90 squares", ("  columns: 10", "  columns: 9")),
    ("blood_diamonds.score-track", "a track that jumps at row ends", ("  path: serpentine ", "  path: rows ")),
    ("blood_diamonds.score-track", "a track from 1", ("  first: 0", "  first: 1")),
    ("blood_diamonds.payoff-chart", "a missing sale", ("    - [2, 3, 4, 5]\n", "")),
    ("blood_diamonds.payoff-chart", "an impossible sale", ("    - [2, 3, 4, 5]", "    - [2, 2]")),
    ("blood_diamonds.payoff-chart", "a sale twice", ("    - [4, 5]\n", "    - [4, 5]\n    - [4, 5]\n")),
    ("blood_diamonds.payoff-chart", "a wrong swindler bonus", ("  swindler_bonus: 2", "  swindler_bonus: 3")),
    ("blood_diamonds.payoff-chart", "a sale twice in two orders", ("    - [3, 5]\n", "    - [3, 5]\n    - [5, 3]\n")),
    ("blood_diamonds.reference-cards", "fewer reference cards than players", ("  copies: 6", "  copies: 5")),
    ("blood_diamonds.win", "a win at 500", ("  win: 600", "  win: 500")),
    ("blood_diamonds.win", "a win at 99", ("  win: 600", "  win: 99")),
    ("blood_diamonds.suit-roles", "a tile the rules do not have", ("tile: War Zone,", "tile: {id: Battlefield, label: War Zone},")),
    ("blood_diamonds.suit-roles", "a coin action reworded", ("coin: Rest & Recover,", "coin: {id: Rest and Recover, label: Rest & Recover},")),
    ("blood_diamonds.suit-roles", "the right role under another's name", ("tile: Market,", "tile: {id: Market, label: Oasis},")),
    ("blood_diamonds.suit-roles", "a label with no words", ("power: Thug}", "power: ' '}")),
    ("blood_diamonds.suit-roles", "a power the rules give another suit", ("power: Digger}", "power: Swindler}")),
    ("blood_diamonds.suit-roles", "two suits swap tiles", ("tile: Holy Site, coin: Health", "tile: Oasis, coin: Health")),
]


@pytest.mark.parametrize("rule, broken, change", BROKEN, ids=[b for _, b, _ in BROKEN])
def test_rule_fires_on_a_broken_set(tmp_path, rule, broken, change):
    old, new = change
    assert old in BUNDLED, f"the bundled file changed; update the test for {broken}"
    assert rule in errors_in(tmp_path, BUNDLED.replace(old, new, 1))


def test_too_few_reference_cards_is_an_error(tmp_path):
    """The rules: "one reference card for each player"."""
    game = loaded(tmp_path, overrides=("reference_card.copies=4",))
    assert [(f.level, f.rule, f.message) for f in game.game.rules.run(game.spec)] == [
        ("error", "blood_diamonds.reference-cards", "4 reference cards for up to 6 players; every player gets one: use copies: 6")]
    assert errors_in(tmp_path, BUNDLED, ("players=[3, 4]", "reference_card.copies=4")) == set()


def test_the_win_is_at_600(tmp_path):
    text = BUNDLED.replace("  win: 600", "  win: 700", 1)
    game = loaded(tmp_path, text)
    (finding,) = game.game.rules.run(game.spec)
    assert (finding.rule, finding.message) == (
        "blood_diamonds.win", "a win at 700 points; the rules end the game the moment a score reaches 600")
    assert finding.location.line == text.splitlines().index("  win: 700") + 1


# Table 1 of the rulebook, typed in here: suit symbol, tile, coin action, special bonus power.
TABLE_1 = [
    ("sun", "Market", "Movement", "Jumpy"),
    ("moon", "Oasis", "Rest & Recover", "Scrounger"),
    ("club", "War Zone", "Beatings", "Thug"),
    ("diamond", "Diamond Mine", "Raw Diamonds", "Swindler"),
    ("heart", "Holy Site", "Health", "Tough Guy"),
    ("spade", "Evil Spy's Lair", "Spades", "Digger"),
]


def test_each_suit_does_what_table_1_says(tmp_path):
    spec = loaded(tmp_path).spec
    assert sorted((s.symbol, s.tile.label, s.coin.label, s.power.label) for s in spec.suits) == sorted(TABLE_1)
    assert sorted((symbol, *roles.values()) for symbol, roles in bd_rulebook.SUIT_ROLES.items()) == sorted(TABLE_1)


def test_a_wrong_role_names_the_suit_and_what_the_rules_say(tmp_path):
    text = BUNDLED.replace("tile: Holy Site, coin: Health", "tile: Oasis, coin: Health", 1)
    findings = [f for f in loaded(tmp_path, text).findings() if f.rule == "blood_diamonds.suit-roles"]
    assert [(f.level, f.message) for f in findings] == [
        ("error", 'suit hearts (symbol heart): its tile is "Oasis"; the rules say "Holy Site"')]
    assert findings[0].location.line == next(i for i, line in enumerate(text.splitlines(), 1) if "{name: hearts," in line)


def test_role_ids_are_read_without_regard_to_case_but_otherwise_exactly(tmp_path):
    shouting = BUNDLED.replace("tile: Market, coin: Movement, power: Jumpy", "tile: MARKET, coin: movement, power: jUMPY", 1)
    assert errors_in(tmp_path, shouting) == set()
    for wrong in ('"Market "', "The Market", "Markets", "Evil Spy\u2019s Lair"):
        text = BUNDLED.replace("tile: Market, coin", f"tile: {{id: {wrong}, label: Market}}, coin", 1)
        assert errors_in(tmp_path, text) == {"blood_diamonds.suit-roles"}, wrong


def test_the_order_of_the_coins_in_a_sale_is_not_a_rule(tmp_path):
    spec = loaded(tmp_path).spec
    reversed_rows = "".join(f"    - [{', '.join(reversed([repr(str(c)) for c in row]))}]\n" for row in spec.payoff_chart.rows)
    start = BUNDLED.index("  rows:\n") + len("  rows:\n")
    end = start
    while BUNDLED.startswith("    - [", end):  # the rows, one a line; the style block follows them
        end = BUNDLED.index("\n", end) + 1
    text = BUNDLED[:start] + reversed_rows + BUNDLED[end:]
    assert "    - [5, 4, 3, 2]\n" in text.replace("'", "") and "    - ['more', 'null']\n" in text
    game = loaded(tmp_path, text)
    # colour.distinct warns that the classic palette's suit colours are close in greyscale: the
    # palette's business (the colour-blind palette keeps them apart), not the chart's.
    assert [f for f in game.findings() if f.rule != "colour.distinct"] == []
    chart = [bd_payoff.payoff_row(row, game.spec.payoff_chart.swindler_bonus) for row in game.spec.payoff_chart.rows]
    assert chart == TABLE_2  # the same sales, printed as Table 2 writes them


def test_a_sale_written_in_two_orders_is_listed_twice(tmp_path):
    text = BUNDLED.replace("    - [2, 3]\n", "    - [2, 3]\n    - [3, 2]\n", 1)
    findings = [f for f in loaded(tmp_path, text).findings() if f.rule == "blood_diamonds.payoff-chart"]
    assert [f.message for f in findings] == ["[3, 2] is listed twice (also row 9); the order of the coins makes no other sale"]
    assert errors_in(tmp_path, BUNDLED.replace("    - [2, 3]\n", "    - [3, 3]\n", 1)) == {"blood_diamonds.payoff-chart"}


def test_the_track_numbers_0_to_99_each_next_to_the_last(tmp_path):
    squares = bd_track.track_squares(loaded(tmp_path).spec.score_track)
    assert [n for n, _, _ in squares] == list(range(100))
    assert all(abs(a[1] - b[1]) + abs(a[2] - b[2]) == 1 for a, b in zip(squares, squares[1:]))


@pytest.fixture(scope="module", params=["a4", "letter"])
def manifest(request, bundled_build):
    return json.loads((bundled_build("blood_diamonds", request.param) / "manifest.json").read_text())


def pieces(manifest, component, face="front"):
    return [p for page in manifest["pages"] for p in page["pieces"] if p["component"] == component and p["face"] == face]


def test_the_six_pack_is_complete_and_exact(manifest):
    counts = {name: len(pieces(manifest, name)) for name in
              ("tile", "coin", "die", "pawn", "reference-card", "score-track", "payoff-chart", "rules-sheet")}
    assert counts == {"tile": 36, "coin": 36, "die": 6, "pawn": 6, "reference-card": 6, "score-track": 1,
                      "payoff-chart": 4, "rules-sheet": 1}
    for tile in pieces(manifest, "tile"):
        assert abs(tile["width_mm"] - 50.8) <= TOLERANCE and abs(tile["height_mm"] - 50.8) <= TOLERANCE
    for coin in pieces(manifest, "coin"):
        assert abs(coin["width_mm"] - 19.05) <= TOLERANCE


def test_every_tile_and_coin_back_lines_up_with_its_front(manifest):
    pages = manifest["pages"]
    for front, back in zip(pages, pages[1:]):
        if back["side"] != "back":
            continue
        portrait = front["width_mm"] <= front["height_mm"]
        fronts = {p["id"]: p for p in front["pieces"]}
        for piece in back["pieces"]:
            f = fronts[piece["id"]]
            if portrait:  # long-edge flip of a portrait sheet: left and right swap
                assert abs(piece["x_mm"] - (front["width_mm"] - f["x_mm"] - f["width_mm"])) <= TOLERANCE
                assert abs(piece["y_mm"] - f["y_mm"]) <= TOLERANCE
            else:
                assert abs(piece["y_mm"] - (front["height_mm"] - f["y_mm"] - f["height_mm"])) <= TOLERANCE
    assert len(pieces(manifest, "tile", "back")) == 36 and len(pieces(manifest, "coin", "back")) == 36


def test_coins_are_spaced_for_scissors_or_a_punch(manifest):
    coins = pieces(manifest, "coin")
    for a in coins:
        for b in coins:
            if a is not b and abs(a["y_mm"] - b["y_mm"]) < TOLERANCE and b["x_mm"] > a["x_mm"]:
                assert b["x_mm"] - (a["x_mm"] + a["width_mm"]) >= 4.0 - TOLERANCE


def test_the_score_track_squares_hold_a_die(tmp_path):
    spec = loaded(tmp_path).spec
    assert spec.score_track.square_mm >= spec.dice.face_mm >= 16.0


# ---------------------------------------------------------------------------------------------
# The look: styles from the file's style: block, and words that fit their card
# ---------------------------------------------------------------------------------------------

def drawn_pieces(game) -> dict:
    return {piece.id: piece for component in game.components() for piece in component.pieces}


def test_the_file_styles_the_pieces(tmp_path):
    game = loaded(tmp_path)
    pieces = drawn_pieces(game)
    palette = {"cream": "#fbf6ea", "slate": "#4a5568", "pale-gold": "#efe0a8"}
    face = pieces["tile-hearts-3"].front.style
    back = pieces["tile-hearts-3"].back.style
    assert (face.background, back.back, back.back_pattern) == (palette["cream"], palette["slate"], palette["pale-gold"])
    assert face.frame and face.border_mm == 4.0  # a frame well inside the cut
    assert pieces["score-track"].front.style.line == palette["slate"]


def test_a_suit_restyles_its_faces_but_never_the_tile_backs(tmp_path):
    """A back styled per suit would tell the players which tile is coming: the tiles keep one back,
    and a suit's `back` is refused, at its line, rather than printed nowhere."""
    game = loaded(tmp_path, overrides=("style.components.tile.groups.hearts.background=pale-gold",))
    pieces = drawn_pieces(game)
    hearts, spades = pieces["tile-hearts-3"], pieces["tile-spades-3"]
    assert hearts.front.style.background != spades.front.style.background
    assert hearts.back is spades.back  # one back for every tile
    with pytest.raises(InputError, match="tile.groups.hearts.back: the pieces share one back"):
        drawn_pieces(loaded(tmp_path, overrides=("style.components.tile.groups.hearts.back=red",)))


def test_both_sides_of_a_coin_take_its_own_style(tmp_path):
    game = loaded(tmp_path, overrides=("style.components.coin.ranks.5.background=pale-gold",))
    five, four = drawn_pieces(game)["coin-sun-5"], drawn_pieces(game)["coin-sun-4"]
    assert five.front.style.background == five.back.style.background == "#efe0a8"
    assert four.front.style.background == "#fbf6ea"


def test_the_aids_hold_their_words_at_7_pt_or_are_refused(tmp_path):
    """Words at the table are 7 pt or more: a card too small for them is an error, never small print."""
    for field in ("reference_card", "payoff_chart"):
        assert errors_in(tmp_path, BUNDLED, (f"{field}.piece=mini-card",)) == {"blood_diamonds.text-fits"}
    # The rules flow onto more sheets (up to three) before they are refused.
    assert errors_in(tmp_path, BUNDLED, ("rules_sheet.width_mm=120", "rules_sheet.height_mm=150")) == set()
    assert errors_in(tmp_path, BUNDLED, ("rules_sheet.width_mm=100", "rules_sheet.height_mm=100")) == {
        "blood_diamonds.text-fits"}
    assert errors_in(tmp_path, BUNDLED, ("reference_card.piece=a6-card",)) == set()


def test_the_pawns_name_their_suit_readably(tmp_path):
    """White letters on the sun's orange fail WCAG; the name stands on a paper label instead."""
    game = loaded(tmp_path)
    assert not [f for f in game.findings() if f.rule == "colour.contrast"]
