"""Blood Diamonds against input it cannot use and sets that would print badly: every mistake is a
one-line message at the file's line (never a traceback), translated labels validate and print,
drawn parts never overlap, counts read right for one, and the printed rules say what the rulebook
says about the points issue 21 raised."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import error_messages, errors_in, load_text, run_pnp
from generator.games.blood_diamonds import checks as bd_checks
from generator.games.blood_diamonds import payoff as bd_payoff
from generator.games.blood_diamonds.paper import reference_back, reference_front, rules_blocks
from generator.model import Area
from generator.recording import record_face

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "blood_diamonds.yaml").read_text()
# One line of a message, compiler style: where, level, what, [rule id].
MESSAGE = re.compile(r"^\S.*?: (error|warning): .+ \[[a-z_]+\.[a-z-]+\]$")


def replaced(old: str, new: str) -> str:
    assert old in BUNDLED, f"the bundled file changed; update the test for {old!r}"
    return BUNDLED.replace(old, new, 1)


def line_of(text: str, fragment: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if fragment in line)


def validate(tmp_path: Path, text: str = BUNDLED, *sets: str) -> tuple[int, list[str]]:
    """`pnp validate` on a copy of the file: the exit code and the lines it printed (the classic
    palette's greyscale warnings aside, which are the palette's business)."""
    target = tmp_path / "blood.yaml"
    target.write_text(text)
    code, out, err = run_pnp("validate", target, *(arg for value in sets for arg in ("--set", value)), cwd=tmp_path)
    assert "Traceback" not in out + err, out + err
    lines = [line for line in (out + err).splitlines() if line.strip() and "colour.distinct" not in line]
    return code, lines


# ---------------------------------------------------------------------------------------------
# Malformed files and --set values: a message, never a traceback
# ---------------------------------------------------------------------------------------------

LAST_ROW = "    - [2, 3, 4, 5]"

MALFORMED = [
    # (what, changed file text, --set values, the rule that must answer)
    ("a chart row with a 6 (was KeyError: '6')", replaced(LAST_ROW, "    - [2, 3, 4, 5, 6]"), (), "blood_diamonds.payoff-chart"),
    ("an empty chart row", replaced(LAST_ROW, "    - []"), (), "blood_diamonds.payoff-chart"),
    ("a row of 'more' alone", replaced(LAST_ROW, "    - [more]"), (), "blood_diamonds.payoff-chart"),
    ("a row of a 0", replaced(LAST_ROW, "    - [0]"), (), "blood_diamonds.payoff-chart"),
    ("a row of a 1", replaced(LAST_ROW, "    - [1]"), (), "blood_diamonds.payoff-chart"),
    ("a row of a negative coin", replaced(LAST_ROW, "    - [-1]"), (), "blood_diamonds.payoff-chart"),
    ("a row that is a number", replaced(LAST_ROW, "    - 5"), (), "input.type"),
    ("a row of a mapping", replaced(LAST_ROW, "    - {a: 1}"), (), "input.type"),
    ("a row holding a list", replaced(LAST_ROW, "    - [[2, 3]]"), (), "input.type"),
    ("no chart rows", BUNDLED, ("payoff_chart.rows=[]",), "blood_diamonds.payoff-chart"),
    ("the chart rows deleted", BUNDLED, ("payoff_chart.rows=",), "input.type"),
    ("no suits", BUNDLED, ("suits=[]",), "blood_diamonds.suits"),
    ("a seventh suit", replaced("  - {name: spades,", "  - {name: stars, symbol: sun, colour: orange, tile: Market, "
                                "coin: Movement, power: Jumpy}\n  - {name: spades,"), (), "blood_diamonds.suits"),
    ("a suit with an extra key", replaced("power: Jumpy}", "power: Jumpy, extra: 1}"), (), "input.unknown-key"),
    ("a suit with no tile", replaced("tile: Market, ", ""), (), "input.type"),
    ("a tile that is a number", replaced("tile: Market,", "tile: 5,"), (), "input.type"),
    ("a tile that is empty", replaced("tile: Market,", "tile: ~,"), (), "input.type"),
    ("a tile of neither id nor label", BUNDLED, ("suits.0.tile={}",), "input.missing-key"),
    ("a tile with a misspelt key", BUNDLED, ("suits.0.tile={id: Market, lable: Marché}",), "input.unknown-key"),
    ("a suit that is a word", replaced("  - {name: sun, symbol: sun, colour: orange, tile: Market, coin: Movement, "
                                       "power: Jumpy}", "  - sun"), (), "input.type"),
    ("a suit name with a slash", replaced("{name: sun,", "{name: 'a/b',"), (), "blood_diamonds.suits"),
    ("an empty suit name", replaced("{name: sun,", "{name: '',"), (), "blood_diamonds.suits"),
    ("no players", BUNDLED, ("players=[]",), "blood_diamonds.players"),
    ("no tile ranks", BUNDLED, ("tiles.ranks=[]",), "blood_diamonds.pieces"),
    ("a die of seven faces", BUNDLED, ("dice.faces=[ace, 2, 3, 4, 5, 6, 7]",), "blood_diamonds.pieces"),
    ("no die faces", BUNDLED, ("dice.faces=[]",), "blood_diamonds.pieces"),
    ("players as a word", BUNDLED, ("players=[three]",), "input.type"),
    ("the game's title deleted", BUNDLED, ("title=",), "blood_diamonds.words"),
    ("the card's title deleted", BUNDLED, ("reference_card.title=",), "blood_diamonds.words"),
    ("no turn on the card", BUNDLED, ("reference_card.turn=[]",), "blood_diamonds.words"),
    ("a note of no words", BUNDLED, ("reference_card.notes=[' ']",), "blood_diamonds.words"),
    ("glue tabs deeper than half a face", BUNDLED, ("dice.tab_mm=9",), "blood_diamonds.sizes"),
    # The --set battery of issue 24's second part: each was accepted before.
    ("a player count listed twice", BUNDLED, ("players=[3, 3]",), "blood_diamonds.players"),
    ("page 1's stock for a misspelt piece", BUNDLED, ("printing.stock={tyle: card}",), "blood_diamonds.printing"),
    ("page 1's stock for no piece", BUNDLED, ("printing.stock={board: card}",), "blood_diamonds.printing"),
    ("page 1's stock of no words", BUNDLED, ("printing.stock.tile=",), "blood_diamonds.printing"),
    ("a thing to bring of no words", BUNDLED, ("printing.bring=['']",), "blood_diamonds.printing"),
    ("a building step of no words", BUNDLED, ("printing.steps=['  ']",), "blood_diamonds.printing"),
    ("a suit label of no words", BUNDLED, ("suits.0.label=' '",), "blood_diamonds.suits"),
    ("a suit labelled as another", BUNDLED, ("suits.0.label=Moon",), "blood_diamonds.suits"),
    ("two suits of one colour", BUNDLED, ("suits.0.colour=ink",), "blood_diamonds.suits"),
    ("oblong tiles", BUNDLED, ("tiles.piece=poker-card",), "blood_diamonds.sizes"),
    ("round tiles", BUNDLED, ("tiles.piece.corner_radius_mm=100",), "blood_diamonds.sizes"),
    ("a reference card a metre long", BUNDLED, ("reference_card.piece.height_mm=1000",), "blood_diamonds.sizes"),
    ("a payoff chart a metre wide", BUNDLED, ("payoff_chart.piece.width_mm=1000",), "blood_diamonds.sizes"),
    ("a rules title of 3 pt", BUNDLED, ("style.components.rules-sheet.title.size=3",), "layout.text-size"),
    ("one reference card's words at 4 pt", BUNDLED, ("style.pieces.reference-card-2.body.size=4",),
     "layout.text-size"),
]


@pytest.mark.parametrize("what, text, sets, rule", MALFORMED, ids=[case[0] for case in MALFORMED])
def test_malformed_input_gets_a_one_line_message(tmp_path, what, text, sets, rule):
    code, lines = validate(tmp_path, text, *sets)
    assert code == (2 if rule.startswith("input.") else 1), lines
    assert lines and all(MESSAGE.match(line) for line in lines), lines
    assert any(line.endswith(f"[{rule}]") for line in lines), lines
    assert not any("None" in line for line in lines), lines


def test_a_label_no_font_can_print_is_reported_at_its_line_not_at_the_font(tmp_path):
    """The reference card's fit is measured by a rule; a character the font lacks stops it there."""
    text = replaced("tile: Market,", "tile: 市場,")
    code, lines = validate(tmp_path, text)
    assert code == 2 and len(lines) == 1 and MESSAGE.match(lines[0]), lines
    assert lines[0].startswith(f"blood.yaml:{line_of(text, '市場')}:") and "[input.missing-glyph]" in lines[0], lines


def test_a_chart_row_with_a_wrong_count_is_reported_at_its_line(tmp_path):
    text = replaced(LAST_ROW, "    - [2, 3, 4, 5, 6]")
    findings = [f for f in load_text(tmp_path, text).findings() if f.rule == "blood_diamonds.payoff-chart"]
    assert findings[0].location.line == line_of(text, "    - [2, 3, 4, 5, 6]")
    assert findings[0].message.startswith("[2, 3, 4, 5, 6] is not a sale the chart can price")


@pytest.mark.parametrize("sets", [("payoff_chart.rows=[[2, 3, 4, 5, 6], [more]]",), ("suits=[]",), ("players=[]",),
                                  ("reference_card.notes=[]",)])
def test_a_draft_of_a_broken_set_still_builds(tmp_path, sets):
    """--draft prints a set that breaks the rules: the drawing must cope with whatever the rules refuse."""
    code, _, err = run_pnp("build", "blood_diamonds", "--out", tmp_path, "-q", "--draft", "--only", "payoff-chart",
                           "--set", *sets, cwd=ROOT)
    assert code == 0 and "Traceback" not in err, err


def test_a_chart_draft_leaves_out_the_rows_it_cannot_price(tmp_path):
    game = load_text(tmp_path, replaced(LAST_ROW, "    - [2, 3, 4, 6]"))
    cells = bd_payoff.payoff_cells(game.spec)
    assert len(cells) == len(game.spec.payoff_chart.rows) - 1 and ("2 3 4 5", "120", "168") not in cells


# ---------------------------------------------------------------------------------------------
# A suit's tile, coin and power: an identity the rules check, a label that prints
# ---------------------------------------------------------------------------------------------

def printed(piece, side: str = "front") -> str:
    draw = piece.front if side == "front" else piece.back
    return " ".join(t.text for t in record_face(draw, Area(piece.width, piece.height, 0.0)).texts)


def pieces_of(game) -> dict:
    return {piece.id: piece for component in game.components() for piece in component.pieces}


@pytest.mark.parametrize("written", ["tile: Marché,", "tile: {id: Market, label: Marché},",
                                     "tile: {id: market, label: Marché},", "tile: {label: Marché},"])
def test_a_translated_label_validates_and_prints(tmp_path, written):
    game = load_text(tmp_path, replaced("tile: Market,", written))
    assert [f for f in game.findings() if f.level == "error"] == []
    pieces = pieces_of(game)
    assert "Marché" in printed(pieces["tile-sun-3"])
    assert "Tile: Marché" in printed(pieces["reference-card-1"]) and "Tile: Market" not in printed(pieces["reference-card-1"])


def test_a_label_changed_by_set_validates_and_prints(tmp_path):
    game = load_text(tmp_path, BUNDLED, ("suits.0.tile.label=Marché", "suits.3.tile.label=Mine de diamants"))
    assert [f for f in game.findings() if f.level == "error"] == []
    front = printed(pieces_of(game)["reference-card-1"])
    # The effects that name a tile name it as it prints.
    assert "Tile: Marché" in front and "on a Mine de diamants tile" in front and "Diamond Mine" not in front


def test_an_id_is_checked_and_reported_at_its_line(tmp_path):
    text = replaced("tile: Holy Site,", "tile: {id: Oasis, label: Lieu saint},")
    findings = [f for f in load_text(tmp_path, text).findings() if f.rule == "blood_diamonds.suit-roles"]
    assert [f.message for f in findings] == ['suit hearts (symbol heart): its tile is "Oasis"; the rules say "Holy Site"']
    assert findings[0].location.line == line_of(text, "{id: Oasis,")
    assert errors_in(tmp_path, BUNDLED, ("suits.4.tile.id=Oasis",)) == {"blood_diamonds.suit-roles"}
    unknown = error_messages(tmp_path, replaced("power: Digger}", "power: {id: Miner, label: Digger}}"))
    assert unknown["blood_diamonds.suit-roles"] == [
        'suit spades (symbol spade): its power id "Miner" is not a name in the rules\' Table 1; the rules say "Digger"']


def test_two_suits_whose_roles_print_alike_are_refused(tmp_path):
    text = BUNDLED.replace("tile: Market,", "tile: Marché,", 1).replace("tile: War Zone,", "tile: marché,", 1)
    messages = error_messages(tmp_path, text)
    assert messages == {"blood_diamonds.suit-roles": [
        'the tiles of sun and clubs both print as "marché"; players could not tell them apart']}


# ---------------------------------------------------------------------------------------------
# Drawn parts never overlap; text never under 7 pt
# ---------------------------------------------------------------------------------------------

CLASHES = [
    ("tile names as tall as the rank", ("style.components.tile.title.size=40",), "tile-sun-null: its rank and its name overlap"),
    ("a tile frame far inside the cut", ("style.components.tile.border_mm=20",), "tile-sun-null: its symbol reaches past the frame"),
    ("a bar moved onto the symbol", ("layouts.tile.bar.at=[0.3,0.115551]",), "tile-sun-null: its symbol and its bar overlap"),
    ("a coin ring through the symbol", ("style.components.coin.frame=true", "style.components.coin.border_mm=9"),
     "coin-sun-null: its symbol reaches over the ring"),
    ("squat pawns", ("pawns.height_mm=3",), "pawn-sun: its name reaches past the panel"),
    ("a pawn name larger than its label", ("style.components.pawn.title.size=30",), "pawn-sun: its label and its name overlap"),
]


@pytest.mark.parametrize("what, sets, message", CLASHES, ids=[case[0] for case in CLASHES])
def test_drawn_parts_that_overlap_are_an_error(tmp_path, what, sets, message):
    (found,) = error_messages(tmp_path, BUNDLED, sets)["blood_diamonds.layout"]
    assert found.startswith(message), found
    code, lines = validate(tmp_path, BUNDLED, *sets)
    assert code == 1 and any(line.endswith("[blood_diamonds.layout]") for line in lines), lines


def test_the_bundled_parts_keep_clear_of_each_other(tmp_path):
    spec = load_text(tmp_path, BUNDLED).spec
    assert [clash for clash in bd_checks.layout_clashes(spec) if clash[2]] == []


# ---------------------------------------------------------------------------------------------
# Tiles and coins print on both sides: nothing but background within 2.5 mm of the cut (issue 22)
# ---------------------------------------------------------------------------------------------

NEAR_THE_CUT = [
    ("coin art grown toward the cut", ("layouts.coin-suit.symbol.size=0.6",),
     "coin-sun-null: its symbol (suit side) comes 1.4 mm from the cut (and 35 more pieces)"),
    ("a coin ring by the rim", ("style.components.coin.frame=true", "style.components.coin.border_mm=0.8",
                                "style.components.coin.safe_mm=4"),
     "coin-sun-null: its ring (suit side) comes 0.8 mm from the cut (and 35 more pieces)"),
    ("one coin's ring by the rim", ("style.components.coin.pieces.coin-moon-3.frame=true",
                                    "style.components.coin.pieces.coin-moon-3.border_mm=1.5",
                                    "style.components.coin.pieces.coin-moon-3.safe_mm=4"),
     "coin-moon-3: its ring (suit side) comes 1.5 mm from the cut;"),
    ("a tile frame by the cut", ("style.components.tile.border_mm=1",),
     "tile-sun-null: its frame (face) comes 1.0 mm from the cut (and 35 more pieces)"),
    ("a frameless tile's symbol by the cut", ("style.components.tile.frame=false", "tiles.piece.safe_mm=1",
                                              "layouts.tile.symbol.at=[0.12,0.12]"),
     "tile-sun-null: its symbol (face) comes 2.0 mm from the cut (and 35 more pieces)"),
]


@pytest.mark.parametrize("what, sets, message", NEAR_THE_CUT, ids=[case[0] for case in NEAR_THE_CUT])
def test_art_within_2_5_mm_of_a_two_sided_pieces_cut_is_an_error(tmp_path, what, sets, message):
    (found,) = error_messages(tmp_path, BUNDLED, sets)["blood_diamonds.layout"]
    assert found.startswith(message) and "1-2 mm off its front" in found, found
    code, lines = validate(tmp_path, BUNDLED, *sets)
    assert code == 1 and any(line.endswith("[blood_diamonds.layout]") and "from the cut" in line for line in lines), lines


def test_the_bundled_tiles_and_coins_keep_2_5_mm_inside_their_cut_clear(tmp_path):
    spec = load_text(tmp_path, BUNDLED).spec
    assert [found for found in bd_checks.shift_margins(spec) if found[2]] == []
    assert len(list(bd_checks.shift_margins(spec))) == 72


@pytest.mark.parametrize("sets", [("style.components.tile.title.size=5",), ("style.components.score-track.body.size=4",),
                                  ("style.components.pawn.title.size=5",)])
def test_a_set_that_prints_text_under_7_pt_is_an_error(tmp_path, sets):
    code, lines = validate(tmp_path, BUNDLED, *sets)
    assert code == 1 and any(line.endswith("[layout.text-size]") for line in lines), lines


# ---------------------------------------------------------------------------------------------
# Words: counts for one, nothing deleted printed as None
# ---------------------------------------------------------------------------------------------

def sheet_text(tmp_path, *sets: str) -> str:
    spec = load_text(tmp_path, BUNDLED, sets).spec
    return " ".join(block[1] for block in rules_blocks(spec) if len(block) > 1 and isinstance(block[1], str))


def test_counts_read_right_for_one(tmp_path):
    assert "For 3 players." in sheet_text(tmp_path, "players=[3]")
    assert "For 3, 4 or 6 players." in sheet_text(tmp_path, "players=[3, 4, 6]")
    text = sheet_text(tmp_path, "payoff_chart.copies=1")
    assert "1 payoff chart " in text and "1 payoff charts" not in text
    assert "payoff chart" not in sheet_text(tmp_path, "payoff_chart.copies=0").split("You also need")[0]
    assert error_messages(tmp_path, BUNDLED, ("players=[1]",))["blood_diamonds.players"] == [
        "1 player: Blood Diamonds is for 3 to 6"]
    assert error_messages(tmp_path, BUNDLED, ("reference_card.copies=1",))["blood_diamonds.reference-cards"] == [
        "1 reference card for up to 6 players; every player gets one: use copies: 6"]


def test_deleted_values_never_print_none(tmp_path):
    for sets in (("reference_card.notes=[]",), ("payoff_chart.copies=0",), ("players=[3]",)):
        spec = load_text(tmp_path, BUNDLED, sets).spec
        for blocks in (rules_blocks(spec), reference_front(spec), reference_back(spec)):
            assert not any("None" in block[1] for block in blocks if len(block) > 1 and isinstance(block[1], str)), sets


# ---------------------------------------------------------------------------------------------
# The printed rules, point by point against the rulebook
# ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def printed_words():
    from conftest import shared_game

    game = shared_game("blood_diamonds")
    pieces = {piece.id: piece for component in game.components() for piece in component.pieces}
    words = {name: " ".join(printed(pieces[piece], side).split()) for name, piece, side in (
        ("card front", "reference-card-1", "front"), ("card back", "reference-card-1", "back"),
        ("rules", "rules-sheet", "front"), ("track", "score-track", "front"))}
    return words


def test_the_spy_lair_works_in_passing(printed_words):
    """Table 1: 'Any warlord landing on or passing through an evil spy's lair may peek'."""
    assert "land or pass: peek at up to its value" in printed_words["card front"]
    assert "Evil Spy's Lair lets them peek in passing" in printed_words["card back"]
    assert "At an Evil Spy's Lair you may peek the same way, in passing too" in printed_words["rules"]


def test_jumpy_hops_only_a_tile_touching_both_neighbours_and_ignores_it(printed_words):
    assert "hop one tile touching the tiles both sides; ignore it" in printed_words["card front"]
    rules = printed_words["rules"]
    assert "Jumpy: each move" in rules and "the tile before it and the tile after it" in rules
    assert "nothing on it happens to you" in rules


def test_the_digger_mines_only_on_a_diamond_mine(printed_words):
    front, rules = printed_words["card front"], printed_words["rules"]
    assert "mine 1 diamond on a Diamond Mine tile" in front and "any diamond tile" not in front
    assert "a Digger's ace adds 0" in front
    assert "never a mine" in rules and "no one can take from you" in rules and "adds nothing" in rules


def test_oasis_and_rest_depend_on_what_the_bag_holds(printed_words):
    front = printed_words["card front"]
    assert "if the bag has a heart: draw until you get it" in front
    assert "draw their total from the bag, or as many as it has left" in front
    assert "Oasis gives nothing unless a heart coin is still in the bag" in printed_words["rules"]


def test_a_null_spoils_the_swindlers_sale_too_and_pawns_glue_to_spare_card(printed_words):
    rules = printed_words["rules"]
    assert "the whole sale 0, for the Swindler too" in rules and "bonus still counts" not in rules
    assert "scrap of spare card" in rules and "glued to a coin" not in rules


def test_the_track_says_what_tied_dice_do(printed_words):
    track = printed_words["track"]
    assert "Square taken? Never stack dice" in track and "It still scores that square" in track
    assert "Never stack dice on a square another die holds" in printed_words["rules"]


def test_a_tie_is_settled_by_a_pistol_duel_not_shared(printed_words):
    """The rulebook's end: 'If there is a tie, settle the matter once and for all with a pistol duel.'"""
    assert "Leaders who tie settle it the warlords' way: a pistol duel between them." in printed_words["rules"]
    assert "tied leaders fight a pistol duel" in printed_words["card back"]
    assert "shared" not in printed_words["rules"]


@pytest.mark.parametrize("value", ["", "moon"])
def test_a_bad_suit_name_is_one_error_not_two(tmp_path, value):
    code, lines = validate(tmp_path, BUNDLED, f"suits.0.name={value}")
    assert code == 1 and len(lines) == 1 and "[blood_diamonds.suits]" in lines[0], lines


@pytest.mark.parametrize("sets", [("tiles.piece.corner_radius_mm=3",), ("reference_card.piece=a6-card",),
                                  ("reference_card.piece={width_mm: 210, height_mm: 148}",), ("tiles.piece=hex-tile",)])
def test_harmless_sizes_pass(tmp_path, sets):
    code, lines = validate(tmp_path, BUNDLED, *sets)
    assert code == 0, lines


def test_a_stock_for_a_misspelt_piece_is_caught_by_validate_as_the_build_would(tmp_path):
    code, lines = validate(tmp_path, BUNDLED, "printing.stock={tyle: card}")
    assert code == 1 and lines == ['--set printing.stock={tyle: card}: error: printing.stock names no component '
                                   '"tyle"; did you mean "tile"? [blood_diamonds.printing]'], lines


def test_no_notes_leave_no_heading_and_no_chart_is_never_pointed_to(tmp_path):
    spec = load_text(tmp_path, BUNDLED, ("reference_card.notes=[]",)).spec
    back = reference_back(spec)
    assert back[-1][0] != "h" and not any(block[1] == "Remember" for block in back if len(block) > 1)
    assert "(see the payoff chart)" in sheet_text(tmp_path)
    assert "payoff chart" not in sheet_text(tmp_path, "payoff_chart.copies=0")
