"""Diamond Mine beyond its pyramids: the board in four quadrants (rule diamond_mine.board), the movement
cards (diamond_mine.cards), the reference cards (diamond_mine.reference) and the rules sheet. Each rule
fires on a broken copy of data/diamond_mine.yaml; the pieces keep their sizes, their words and their
floors; the whole game builds, and its sheets are used."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import error_messages, load_text, run_pnp, shared_game, words_below
from generator.games.diamond_mine.board import parse_square, quadrants, square_name
from generator.model import Area
from generator.recording import record_face
from test_piece_presets import BLEED, problems_of

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "diamond_mine.yaml").read_text()
COMPONENTS = {"rules-sheet": 1, "board": 4, "pyramid": 64, "movement-card": 12, "reference-card": 4}


def errors(tmp_path, text: str = BUNDLED, overrides=()) -> dict[str, list[str]]:
    return error_messages(tmp_path, text, overrides)


@pytest.fixture(scope="module")
def game():
    return shared_game("diamond_mine")


@pytest.fixture(scope="module")
def components(game):
    return {component.name: component for component in game.components()}


def words_of(piece) -> str:
    """The words on a piece, both sides (a reference card turns over when its words need the room)."""
    faces = [face for face in (piece.front, piece.back) if face is not None]
    return " ".join(text.text for face in faces
                    for text in record_face(face, Area(piece.width, piece.height, BLEED, piece.shape)).texts)


def test_the_game_prints_every_component_in_its_number(components):
    assert {name: len(component.pieces) for name, component in components.items()} == COMPONENTS


# --- the board -------------------------------------------------------------------------------------------------

def test_each_quadrant_is_4_by_4_squares_of_36_mm_with_a_border_on_its_outer_sides(components):
    board = components["board"]
    assert [piece.id for piece in board.pieces] == [f"board-quadrant-{n}" for n in range(1, 5)]
    for piece in board.pieces:
        assert (piece.width, piece.height) == pytest.approx((4 * 36 + 10, 4 * 36 + 10), abs=0.05)


def test_squares_are_named_like_a_chessboard():
    assert square_name(0, 0, 8) == "a8" and square_name(7, 7, 8) == "h1"
    assert parse_square("a8", 8) == (0, 0) and parse_square("H1", 8) == (7, 7)
    assert parse_square("i1", 8) is None and parse_square("a9", 8) is None and parse_square("8a", 8) is None


def test_the_homes_are_the_corners_in_the_player_colours(game, components):
    spec = game.spec
    colours = {colour.name: colour.colour for colour in spec.colours}
    corners = {"board-quadrant-1": (10, 10), "board-quadrant-2": (108, 10),
               "board-quadrant-3": (10, 108), "board-quadrant-4": (108, 108)}  # a corner square's top left
    owners = dict(zip(("board-quadrant-1", "board-quadrant-2", "board-quadrant-4", "board-quadrant-3"),
                      spec.player_colours))  # homes a8, h8, h1, a1: clockwise from the top left
    for piece in components["board"].pieces:
        drawn = record_face(piece.front, Area(piece.width, piece.height, BLEED))
        x, y = corners[piece.id]
        home = [path for path in drawn.paths if path.fill == colours[owners[piece.id]]
                and path.box == pytest.approx((x, y, x + 36, y + 36), abs=0.05)]
        assert home, piece.id
        words = words_of(piece)
        assert "HOME" in words and owners[piece.id].capitalize() in words
        assert f"{owners[piece.id].capitalize()}'s territory" in words


def test_joining_marks_sit_in_the_border_and_make_whole_diamonds_across_each_seam(game, components):
    """A joining mark is half a diamond in ink on each side of a seam, where the border crosses it: laid
    side by side on the table the two halves meet along the seam, mirror images of each other."""
    ink = game.spec.style.resolve("board").ink
    pieces = {piece.id: piece for piece in components["board"].pieces}
    origin = {1: (0, 0), 2: (154, 0), 3: (0, 154), 4: (154, 154)}  # each quadrant's top left on the table
    marks = {}
    for number in range(1, 5):
        drawn = record_face(pieces[f"board-quadrant-{number}"].front, Area(154, 154, BLEED))
        found = [path.box for path in drawn.paths if path.fill == ink]
        assert len(found) == 2, (number, found)  # one at each of its two seams
        ox, oy = origin[number]
        for left, top, right, bottom in found:
            in_border = bottom <= 10.05 or top >= 143.95 or right <= 10.05 or left >= 143.95
            assert in_border, (number, (left, top, right, bottom))  # never inside the play area
        marks[number] = [(left + ox, top + oy, right + ox, bottom + oy) for left, top, right, bottom in found]
    for a, b, across in ((1, 2, True), (3, 4, True), (1, 3, False), (2, 4, False)):
        meet = [(m, n) for m in marks[a] for n in marks[b]
                if (across and m[2] == pytest.approx(n[0], abs=0.05) and (m[1], m[3]) == pytest.approx((n[1], n[3]), abs=0.05))
                or (not across and m[3] == pytest.approx(n[1], abs=0.05) and (m[0], m[2]) == pytest.approx((n[0], n[2]), abs=0.05))]
        assert len(meet) == 1, (a, b, marks[a], marks[b])
        m, n = meet[0]
        assert (m[2] - m[0], m[3] - m[1]) == pytest.approx((n[2] - n[0], n[3] - n[1]), abs=0.05)


def test_quadrants_are_numbered_in_reading_order():
    found = quadrants(shared_game("diamond_mine").spec.board)
    assert [(q.number, q.place()) for q in found] == [(1, "top-left"), (2, "top-right"), (3, "bottom-left"),
                                                      (4, "bottom-right")]


BOARD_BROKEN = [
    ("a 6 x 6 board", ("board.squares=6",), "Diamond Mine is played on a chessboard, 8 x 8"),
    ("3 x 3 quadrants", ("board.quadrant=3",), "in four 4 x 4 territories"),
    ("squares too small for a large pyramid", ("board.square_mm=30",), "30 mm squares are too small"),
    ("a home off the corner", ("board.homes=[a8, h8, h1, b1]",), "home b1 is not a corner"),
    ("two players in one corner", ("board.homes=[a8, h8, h1, a8]",), "is also red's"),
    ("a square the board lacks", ("board.homes=[a8, h8, h1, z9]",), "'z9' is no square"),
    ("too few homes", ("board.homes=[a8, h8, h1]",), "3 homes for 4 player colours"),
    ("a fifth home", ("board.homes=[a8, h8, h1, a1, a1]",), "5 homes for 4 player colours"),
    ("two players at neighbouring corners", ("players=[2]", "flawless=null", "player_colours=[red, green]",
                                             "board.homes=[a8, h8]"), "no two player colours have homes in opposite"),
    ("no room for the nests outside a territory", ("board.squares=4", "board.quadrant=3"),
     "outside the placing player's territory and off the homes, and there are only 6"),
]


@pytest.mark.parametrize("broken, change, message", BOARD_BROKEN, ids=[b for b, _, _ in BOARD_BROKEN])
def test_the_board_rule_fires(tmp_path, broken, change, message):
    found = errors(tmp_path, overrides=change)
    assert any(message in text for text in found.get("diamond_mine.board", [])), found


def test_the_board_rule_holds_for_bigger_squares(tmp_path):
    assert "diamond_mine.board" not in errors(tmp_path, overrides=("board.square_mm=40",))


# --- movement cards --------------------------------------------------------------------------------------------

def test_an_ace_a_2_and_a_3_for_each_player_on_one_common_back(game, components):
    cards = components["movement-card"].pieces
    expected = [f"movement-{player}-{rank}" for player in game.spec.player_colours for rank in ("A", "2", "3")]
    assert [card.id for card in cards] == expected
    assert len({id(card.back) for card in cards}) == 1  # one back for all: it gives no card away
    for card in cards:
        assert (card.width, card.height) == pytest.approx((44.45, 63.5))
        player, rank = card.id.split("-")[1:]
        words = words_of(card)
        assert rank in words and player.capitalize() in words
        squares = {"A": "1 square", "2": "2 squares", "3": "3 squares"}[rank]
        assert f"Move {squares}" in words


def test_the_card_back_has_no_edge_near_its_cut(components):
    """The back's art runs off every edge with no frame: any line parallel to a side within 5 mm of the cut
    would show a duplex printer's shift."""
    card = components["movement-card"].pieces[0]
    drawn = record_face(card.back, Area(card.width, card.height, BLEED))
    for path in drawn.paths:
        left, top, right, bottom = path.box
        covers = left <= -BLEED + 0.05 and top <= -BLEED + 0.05 and right >= card.width + BLEED - 0.05 \
            and bottom >= card.height + BLEED - 0.05
        if covers:
            continue  # the background, to the bleed
        reaches_band = left < 5 or top < 5 or right > card.width - 5 or bottom > card.height - 5
        if reaches_band:  # only the pattern, small shapes repeated off the edges, may come near the cut
            assert right - left < card.width / 3 and bottom - top < card.height / 3, path.box


def test_on_a_wide_card_the_move_stays_between_the_rank_and_its_words(tmp_path):
    """The star of the move (a patch of 7 x 7 squares round the pawn for a 3) grows with the card, but
    never into the rank above or the words below."""
    spec = load_text(tmp_path, BUNDLED, ("movement_cards.piece={width_mm: 100, height_mm: 63.5, corner_radius_mm: 3, "
                                         "safe_mm: 3}",))
    card = next(c for c in spec.components() if c.name == "movement-card").pieces[2]  # the 3
    style = card.front.style
    drawn = record_face(card.front, Area(card.width, card.height, BLEED))
    squares = [path.box for path in drawn.paths if path.stroke == style.line]
    assert len(squares) == 7 * 7
    rank = next(text.box for text in drawn.texts if text.text == "3")
    words = next(text.box for text in drawn.texts if text.text == "Move 3 squares")
    assert rank[3] < min(box[1] for box in squares) and max(box[3] for box in squares) < words[1]


CARDS_BROKEN = [
    ("no 3", ("movement_cards.cards={A: 1, '2': 2}",), "have no 3"),
    ("a 4 as well", ("movement_cards.cards={A: 1, '2': 2, '3': 3, '4': 4}",), "an extra 4"),
    ("an ace that moves 2", ("movement_cards.cards.A=2",), "the A moves 2 squares"),
]


@pytest.mark.parametrize("broken, change, message", CARDS_BROKEN, ids=[b for b, _, _ in CARDS_BROKEN])
def test_the_cards_rule_fires(tmp_path, broken, change, message):
    found = errors(tmp_path, overrides=change)
    assert any(message in text for text in found.get("diamond_mine.cards", [])), found


# --- reference cards and the rules sheet -----------------------------------------------------------------------

def test_a_reference_card_for_each_player_states_the_rules_numbers(game, components):
    cards = components["reference-card"].pieces
    assert [card.id for card in cards] == [f"reference-card-{p}" for p in game.spec.player_colours]
    for card in cards:
        words = words_of(card)
        for fact in ("in secret", "reveal", "clockwise", "first player now goes last", "at most 3 pips",
                     "Round 1: whoever placed the first nest leads", "small has 1, a medium 2", "small 1, medium 2",
                     "drop diamonds", "pick them up", "banked", "Tip an empty vein", "unless it is next to a home",
                     "6 with 2 players, or all 8 with 4 players", "own colour x2", "flawless x3",
                     "2 players: an unplayed bag colour, drawn at random", "4 players: white, if added",
                     "other players' homes"):
            assert fact in words, (card.id, fact)


def test_the_rules_sheet_says_how_to_fill_the_nests_and_what_else_is_needed(components):
    (sheet,) = components["rules-sheet"].pieces
    words = words_of(sheet)
    for fact in ("opaque bag", "Fill the nests", "one small and one medium", "10 nests", "8 nests",
                 "outside your own territory", "score triple", "fold along the dashed"):
        assert fact in words, fact


REFERENCE_BROKEN = [
    ("a carry limit of 4", ("reference_card.carry_pips=4",), "carries 4 pips; the rules allow 3"),
    ("a 2 player game ending at 5", ("reference_card.end_exhausted.2=5",), "at 5 exhausted veins; the rules end it at 6"),
    ("a medium worth 3", ("reference_card.points.medium=3",), "scores a medium diamond 3"),
    ("own colour tripled", ("reference_card.own_colour_times=3",), "multiplies your own colour by 3"),
    ("flawless doubled", ("reference_card.flawless_times=2",), "multiplies flawless diamonds by 2"),
    ("a card too small for its words", ("reference_card.piece=mini-card",), "do not fit a 44.45 x 63.5 mm card"),
    ("an end for 3 players", ("reference_card.end_exhausted.3=7",), "ends a 3 player game, which the rules do not know"),
    ("a score for large pyramids", ("reference_card.points.large=3",), "scores 'large' pyramids, which the rules do not"),
    ("a carry limit of one pip", ("reference_card.carry_pips=1",), "carries 1 pip; the rules allow 3"),
    ("a 4 player game ending at one vein", ("reference_card.end_exhausted.4=1",), "at 1 exhausted vein; the rules"),
]


@pytest.mark.parametrize("broken, change, message", REFERENCE_BROKEN, ids=[b for b, _, _ in REFERENCE_BROKEN])
def test_the_reference_rule_fires(tmp_path, broken, change, message):
    found = errors(tmp_path, overrides=change)
    assert any(message in text for text in found.get("diamond_mine.reference", [])), found


LEFT_OUT = [
    ("no end for 4 players", ("end_exhausted: {2: 6, 4: 8}", "end_exhausted: {2: 6}"), "end_exhausted",
     ["the card does not say when a 4 player game ends; the rules end it when all 8 veins are exhausted; "
      "add 4: 8 to end_exhausted"]),
    ("no end for 2 players", ("end_exhausted: {2: 6, 4: 8}", "end_exhausted: {4: 8}"), "end_exhausted",
     ["the card does not say when a 2 player game ends; the rules end it when 6 veins are exhausted; "
      "add 2: 6 to end_exhausted"]),
    ("no end at all", ("end_exhausted: {2: 6, 4: 8}", "end_exhausted: {}"), "end_exhausted",
     ["when a 2 player game ends", "when a 4 player game ends"]),
    ("no score for a small", ("points: {small: 1, medium: 2}", "points: {medium: 2}"), "points",
     ["the card does not say what a small diamond scores; the rules score it 1; add small: 1 to points"]),
    ("no scores at all", ("points: {small: 1, medium: 2}", "points: {}"), "points",
     ["what a small diamond scores", "what a medium diamond scores"]),
]


@pytest.mark.parametrize("broken, change, key, messages", LEFT_OUT, ids=[b for b, _, _, _ in LEFT_OUT])
def test_an_entry_left_out_of_the_card_is_an_error_at_its_line(tmp_path, broken, change, key, messages):
    """The card must say when the game ends for every player count it is played with, and what each
    diamond scores: a group of four whose card says nothing of four players cannot know when to stop. A
    draft still builds, printing the rules' number there (never None)."""
    old, new = change
    assert BUNDLED.count(old) == 1
    path = tmp_path / "diamond_mine.yaml"
    path.write_text(BUNDLED.replace(old, new))
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if text.strip().startswith(f"{key}:"))
    code, out, err = run_pnp("validate", path, cwd=tmp_path)
    lines = (out + err).strip().splitlines()
    assert code == 1 and len(lines) == len(messages), (code, out, err)
    for text, message in zip(lines, messages):
        assert text.startswith(f"diamond_mine.yaml:{line}:") and message in text, text
        assert text.endswith("[diamond_mine.reference]"), text
    spec = load_text(tmp_path, path.read_text())
    card = next(c for c in spec.components() if c.name == "reference-card").pieces[0]
    words = " ".join(words_of(card).split())
    assert "6 with 2 players, or all 8 with 4 players" in words and "small 1, medium 2" in words
    assert "None" not in words
    code, _, err = run_pnp("build", path, "--draft", "-q", "--out", tmp_path / "out", cwd=tmp_path)
    assert code == 0 and "Traceback" not in err, err


@pytest.mark.parametrize("change", [
    ("  end_exhausted: {2: 6, 4: 8}\n", ""),  # the whole mapping left out: the rules' own
    ("  points: {small: 1, medium: 2}\n", ""),
    ("players: [2, 4]", "players: [2]", "end_exhausted: {2: 6, 4: 8}", "end_exhausted: {2: 6}"),  # played by 2 only
    ("players: [2, 4]", "players: [4]", "end_exhausted: {2: 6, 4: 8}", "end_exhausted: {4: 8}"),
], ids=["no end_exhausted", "no points", "2 players only", "4 players only"])
def test_the_card_needs_an_end_only_for_the_counts_the_game_is_played_with(tmp_path, change):
    text = BUNDLED
    for old, new in zip(change[::2], change[1::2]):
        assert text.count(old) == 1
        text = text.replace(old, new)
    assert "diamond_mine.reference" not in errors(tmp_path, text)
    spec = load_text(tmp_path, text)
    card = next(c for c in spec.components() if c.name == "reference-card").pieces[0]
    words = " ".join(words_of(card).split())
    ends = {(2,): "reach 6 with 2 players.", (4,): "reach all 8 with 4 players.",
            (2, 4): "reach 6 with 2 players, or all 8 with 4 players."}
    assert ends[tuple(spec.spec.players)] in words and "small 1, medium 2" in words


def test_the_numbers_printed_follow_the_file(tmp_path):
    """The card prints what the file says (so the rule above is what stands between a typo and the table)."""
    spec = load_text(tmp_path, BUNDLED, ("reference_card.carry_pips=4",))
    card = next(c for c in spec.components() if c.name == "reference-card").pieces[0]
    assert "at most 4 pips" in words_of(card)


def sheet_words(tmp_path, overrides=()) -> str:
    spec = load_text(tmp_path, BUNDLED, overrides)
    (sheet,) = next(c for c in spec.components() if c.name == "rules-sheet").pieces
    return " ".join(words_of(sheet).split())


def test_the_rules_sheet_seats_two_players_at_opposite_corners(components):
    """The rules put two players' homes opposite each other: the sheet names the colour pairs that are."""
    (sheet,) = components["rules-sheet"].pieces
    words = " ".join(words_of(sheet).split())
    assert "With 2 players, take two colours whose homes are opposite corners: red and yellow, or green and " \
           "purple." in words


def test_the_rules_sheet_says_who_goes_first(components):
    (sheet,) = components["rules-sheet"].pieces
    words = " ".join(words_of(sheet).split())
    assert "Choose a first player at random. Starting with them and going clockwise, place the nests" in words
    assert "The round's first player moves (in round 1, whoever placed the first nest), then the others " \
           "clockwise." in words


def test_the_rules_sheet_says_when_the_game_ends_in_plain_words(components):
    (sheet,) = components["rules-sheet"].pieces
    words = " ".join(words_of(sheet).split())
    assert "With 2 players the game ends the moment 6 veins are exhausted; with 4 players, the moment the " \
           "last of the 8 veins is exhausted." in words
    assert "the last of the 8th" not in words


def test_the_rules_sheet_says_which_diamonds_are_flawless_for_2_and_for_4_players(components):
    """rules/diamond_mine.md: with 2 players a colour no player has, drawn at random; with 4 an optional
    fifth colour, which the print supplies (white)."""
    (sheet,) = components["rules-sheet"].pieces
    words = " ".join(words_of(sheet).split())
    assert "With 2 players, one of the bag colours no one plays is flawless: draw which at random." in words
    assert "With 4 players every bag colour belongs to someone: play with flawless diamonds only if you add the " \
           "white ones to the bag." in words
    assert "5 small and 5 medium in white: flawless diamonds, which 4 players may add." in words


def test_a_set_for_2_players_speaks_of_2_players_only(tmp_path):
    words = sheet_words(tmp_path, ("players=[2]",))  # the file's flawless colour is a 4 player game's
    assert "Prospectors for 2 players" in words and "4 players" not in words and "white" not in words
    assert "With 2 players the game ends the moment 6 veins are exhausted." in words


def test_a_set_for_4_players_without_a_flawless_colour_says_how_to_add_one(tmp_path):
    words = sheet_words(tmp_path, ("players=[4]", "flawless=null"))
    assert "play with flawless diamonds only if you add a fifth coloured stash of your own to the bag" in words
    assert "2 players" not in words and "opposite corners" not in words


BAD_INPUT = [
    ("no stash colours", ("colours=[]",)),
    ("no player colours", ("player_colours=[]",)),
    ("no movement cards", ("movement_cards.cards={}",)),
    ("no player counts", ("players=[]",)),
    ("no homes", ("board.homes=[]",)),
    ("a small pyramid too low to fold", ("pyramids.small.height_mm=3",)),
    ("a colour without a name", ("colours.0.name=''",)),
    ("a rank as a mapping", ("movement_cards.cards.A={}",)),
]


@pytest.mark.parametrize("broken, change", BAD_INPUT, ids=[b for b, _ in BAD_INPUT])
def test_bad_input_is_one_line_per_problem_and_a_draft_still_builds(tmp_path, broken, change):
    """No traceback for a malformed set: `pnp validate` gives compiler-style lines and exit 1 or 2; a
    draft of a set that breaks the rules (exit 1) still builds."""
    path = tmp_path / "diamond_mine.yaml"
    path.write_text(BUNDLED)
    sets = [arg for item in change for arg in ("--set", item)]
    code, out, err = run_pnp("validate", path, *sets, cwd=tmp_path)
    lines = (out + err).strip().splitlines()
    assert code in (1, 2) and lines, (code, out, err)
    assert "Traceback" not in out + err and "None" not in out + err
    assert all(re.match(r"^(\S+\.yaml(:\d+)*|--set [^:]+): error: .+ \[[a-z_.-]+\]$", line) for line in lines), lines
    if code == 1:
        code, out, err = run_pnp("build", path, *sets, "--draft", "-q", "--out", tmp_path / "out", cwd=tmp_path)
        assert code == 0 and "Traceback" not in err, err


@pytest.mark.parametrize("old, new, line", [
    ("title: Diamond Mine", "title: Diamond Mine \U0001d11e", 2),  # with a rule broken as well (below)
    ('cards: {A: 1, "2": 2, "3": 3}', 'cards: {A: 1, "2": 2, "3": 3, "\U0001d11e": 4}', None),  # a key that prints
], ids=["in the title", "in a card's rank"])
def test_a_character_no_font_has_is_reported_at_its_line_in_a_draft_too(tmp_path, old, new, line):
    """A draft draws faces that validation never drew: a missing glyph still points at the game file."""
    assert old in BUNDLED
    path = tmp_path / "diamond_mine.yaml"
    path.write_text(BUNDLED.replace(old, new))
    line = line or next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "\U0001d11e" in text)
    code, _, err = run_pnp("build", path, "--set", "pyramids.stash=6", "--draft", "-q", "--out", tmp_path / "out",
                           cwd=tmp_path)
    glyph = [text for text in err.splitlines() if "[input.missing-glyph]" in text]
    assert code == 2 and len(glyph) == 1, err
    assert glyph[0].startswith(f"diamond_mine.yaml:{line}:") and "U+1D11E" in glyph[0], glyph


PAPER = ("rules-sheet", "reference-card", "movement-card", "board")


def test_the_words_stay_in_the_safe_margin_and_the_art_in_the_bleed(game, components):
    problems = [problem for name in PAPER for piece in components[name].pieces
                for problem in problems_of(piece, game.faces)]
    assert not problems, "\n".join(problems[:15])


def test_no_word_is_under_7_pt(game, components):
    small = words_below([piece for name in PAPER for piece in components[name].pieces], 7.0, BLEED, game.faces)
    assert not small, "\n".join(small[:15])


# --- the build -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper, sheets", [("a4", 11), ("letter", 12)])  # page 1 shares its room with the printing box
def test_the_game_builds_on_few_well_used_sheets(bundled_build, paper, sheets):
    folder = bundled_build("diamond_mine", paper, "pdf,svg")
    manifest = json.loads((folder / "manifest.json").read_text())
    fronts = [page for page in manifest["pages"] if page["side"] == "front"]
    placed = {}
    for page in fronts:
        for piece in page["pieces"]:
            placed[piece["component"]] = placed.get(piece["component"], 0) + 1
    assert placed == {**COMPONENTS, "print-guide": 1}
    assert len(fronts) <= sheets, [page["components"] for page in fronts]
    # Each sheet is one stock: the board's quadrants on paper, the nets on light card that folds,
    # the cards on card; no quadrant shares a sheet with a net.
    stocks = {"board": "plain", "rules-sheet": "plain", "print-guide": "plain", "pyramid": "light-card",
              "movement-card": "card", "reference-card": "card"}
    for page in fronts:
        assert {stocks[name] for name in page["components"]} == {page["stock"]}, page["components"]
    svgs = sorted((folder / "svg").glob("page-*.svg"))
    assert len(svgs) == len(manifest["pages"])


def test_the_reference_rule_fires_on_a_rules_sheet_too_small_for_the_rules(tmp_path):
    found = errors(tmp_path, overrides=("rules_sheet.height_mm=110",))
    assert any("the rules do not fit a 180 x 110 mm sheet at 7 pt, even flowing onto a second" in text for text in found.get("diamond_mine.reference", [])), found


def test_the_cards_rule_fires_on_a_card_too_small_for_its_words(tmp_path):
    found = errors(tmp_path, overrides=("movement_cards.piece=piecepack-coin",))
    assert any("movement card cannot show" in text for text in found.get("diamond_mine.cards", [])), found


def test_poker_and_bridge_movement_cards_are_fine(tmp_path):
    for preset in ("poker-card", "bridge-card"):
        assert "diamond_mine.cards" not in errors(tmp_path, overrides=(f"movement_cards.piece={preset}",)), preset


def test_every_movement_card_shows_a_move_in_all_eight_straight_lines_diagonals_too(components):
    """Issue 22: a move goes in any straight line, diagonals included: each card draws the pawn with an
    arrow along every row, column and diagonal to the square its rank moves, and says so in words."""
    import math

    for card in components["movement-card"].pieces:
        style, moves = card.front.style, dict(card.front.row)["moves"]
        drawn = record_face(card.front, Area(card.width, card.height, BLEED))
        cells = [path.box for path in drawn.paths if path.stroke == style.line]
        assert len(cells) == (2 * moves + 1) ** 2
        cx = (min(b[0] for b in cells) + max(b[2] for b in cells)) / 2
        cy = (min(b[1] for b in cells) + max(b[3] for b in cells)) / 2
        cell = cells[0][2] - cells[0][0]
        heads = [path.box for path in drawn.paths if path.fill == style.ink and not path.stroke]
        angles = set()
        for box in heads:
            x, y = (box[0] + box[2]) / 2 - cx, (box[1] + box[3]) / 2 - cy
            angles.add(round(math.degrees(math.atan2(y, x))) % 360)
            assert moves - 0.5 < max(abs(x), abs(y)) / cell < moves + 0.5  # the head lies in the end square
        assert angles == {0, 45, 90, 135, 180, 225, 270, 315}, (card.id, angles)
        words = [text.text for text in drawn.texts]
        assert "any straight line" in words and any(w.startswith(f"Move {moves} square") for w in words)
