"""Diaominos without a spare cube, and the words on paper: round cards, the sticker guide and the
rules sheet.

A round card shows what the cube shows in one round of one scrambled game: the colours on top and
the four facelets before each seat. A build deals several games (each a scramble seeded from the
file's seed), so a group can play again; the cards share one plain back, and each game's six are
turned up one a round. Every sentence here is our own wording of rules/diaominos.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from generator.kit.prose import prose_face, rules_sheet_component
from generator.kit.symbols import draw_symbol
from generator.kit.text import counted, fit_line
from generator.model import Area, Component, Piece, fill_bleed
from generator.shapes import Rect
from generator.styles import Style

from .board import LETTERS, board_path
from .cube import SEATS, Cube, Round, play_rounds



def draw_facelet(canvas, colour, x: float, y: float, size: float, style: Style) -> None:
    """A facelet on paper: its colour and symbol, outlined so white shows on white paper."""
    canvas.rect(x, y, size, size, radius=size * 0.11, fill=colour.colour, stroke=style.line, width=style.line_mm * 0.6)
    draw_symbol(canvas, colour.symbol, x + size / 2, y + size / 2, size * 0.5, style.ink_on(colour.colour))


# Round cards ---------------------------------------------------------------------------------

def game_seeds(spec) -> list[int]:
    """Each game's scramble: the file's seed for game 1, the next seeds for the games after it."""
    return [spec.cube.seed + n for n in range(spec.round_cards.games)]


def game_rounds(spec, seed: int) -> list[Round]:
    return play_rounds(Cube.scrambled(seed), dict(zip(LETTERS, board_path(spec))))


def _draw_face(canvas, colours, face: list[int], x: float, y: float, size: float, style: Style) -> None:
    """A 2 x 2 face of facelets, top-left corner at (x, y), each `size` with a gap of an eighth."""
    gap = size / 8
    for k, colour in enumerate(face):
        draw_facelet(canvas, colours[colour], x + (k % 2) * (size + gap), y + (k // 2) * (size + gap), size, style)


@dataclass(frozen=True)
class RoundCardLayout:
    """Where a round card's parts go, from the top down (mm): the heading and its rule, the words over
    the top face and the face itself, then the seats in two columns of two, each a label over a face.
    The validator reads the same layout, so a card whose facelets come out too small is an error."""

    heading: float  # the heading's size
    rule: float  # the rule under it
    top_words: float  # the baseline of "Cube on A: on top"
    big: float  # a facelet of the top face
    seats: float  # where the first row of seats starts
    column: float  # a seat column's width
    small: float  # a facelet of a seat's face
    block: float  # a seat's height: its label and its face


def round_card_layout(width: float, height: float, style: Style, heading: str = "Game 1 · Round 1") -> RoundCardLayout:
    safe, title, label = style.safe_mm, style.title, style.body
    size = fit_line(heading, title.size, width - 2 * safe, title.face)
    rule = safe + size * 1.25
    top_words = rule + label.size * 1.5
    big = min((width - 2 * safe) * 0.2, height * 0.12)
    seats = top_words + label.size * 0.6 + big * 2.125 + label.size * 0.9
    column = (width - 2 * safe) / 2
    small = min(column * 0.3, (height - safe - seats - 2 * label.size * 1.6) / 4.5)
    return RoundCardLayout(size, rule, top_words, big, seats, column, small, label.size * 1.5 + small * 2.125)


def draw_round_card(canvas, area: Area, spec, style: Style, game: int, round_: Round) -> None:
    """The game and round along the top; the colours on top, large; then, for each seat, the four
    facelets the player there loads, as seen from their seat."""
    colours = spec.cube.colours
    fill_bleed(canvas, area, style.background)
    safe, w = style.safe_mm, area.width
    title, label = style.title, style.body
    heading = f"Game {game} · Round {round_.number}"
    layout = round_card_layout(area.width, area.height, style, heading)
    canvas.text(w / 2, safe + layout.heading * 0.8, heading, layout.heading, fill=style.ink, face=title.face,
                anchor="middle")
    canvas.line(safe, layout.rule, w - safe, layout.rule, stroke=style.accent, width=style.line_mm)
    # What goes on top: mark one cube of each of these colours' polyominoes.
    words = f"Cube on {round_.space}: on top"
    canvas.text(w / 2, layout.top_words, words, fit_line(words, label.size, w - 2 * safe, label.face),
                fill=style.ink, face=label.face, anchor="middle")
    big = layout.big
    _draw_face(canvas, colours, round_.top, w / 2 - big * (1 + 1 / 16), layout.top_words + label.size * 0.6, big,
               style)
    # Before each seat: the four polyominoes its player loads this round.
    small = layout.small
    for index, seat in enumerate(SEATS):
        cx = safe + (index % 2 + 0.5) * layout.column
        y0 = layout.seats + (index // 2) * (layout.block + label.size * 0.5)
        words = f"Seat {seat}"
        size = fit_line(words, label.size, layout.column * 0.9, title.face)  # clear of the next column's
        canvas.text(cx, y0 + label.size, words, size, fill=style.ink, face=title.face, anchor="middle")
        _draw_face(canvas, colours, round_.seats[seat], cx - small * (1 + 1 / 16), y0 + label.size * 1.5, small,
                   style)


def draw_round_back(canvas, area: Area, style: Style) -> None:
    """One back for every round card: a flat colour past the cut, and in the middle a cube's face,
    well inside, so a 1-2 mm duplex shift shows nowhere along the edges."""
    fill_bleed(canvas, area, style.back)
    size = min(area.width, area.height) * 0.16
    gap = size / 8
    x0, y0 = area.width / 2 - size - gap / 2, area.height / 2 - size - gap / 2
    for k in range(4):
        canvas.rect(x0 + (k % 2) * (size + gap), y0 + (k // 2) * (size + gap), size, size, radius=size * 0.12,
                    fill=style.back_pattern)


def round_card_component(spec) -> Component:
    piece = spec.round_cards.piece
    back = partial(draw_round_back, style=spec.style.resolve("round-card", safe_mm=piece.safe_mm))
    cards = []
    if len(spec.cube.colours) != 6 or len(board_path(spec)) != len(LETTERS):
        # No cube to roll (diaominos.cube and diaominos.spaces say why): a draft prints no round cards.
        return Component("round-card", "Round cards", cards)
    for game, seed in enumerate(game_seeds(spec), start=1):
        for round_ in game_rounds(spec, seed):
            piece_id = f"round-card-g{game}-r{round_.number}"
            style = spec.style.resolve("round-card", f"game-{game}", piece=piece_id, safe_mm=piece.safe_mm)
            cards.append(Piece(piece_id, piece.rect(), partial(draw_round_card, spec=spec, style=style, game=game,
                                                               round_=round_), back))
    return Component("round-card", "Round cards", cards)


# The sticker guide ---------------------------------------------------------------------------

STICKER_GUIDE_MM = (180.0, 36.0)  # wide and low, so that it shares page 1 on Letter too


def sticker_blocks(spec) -> list[tuple]:
    cube = spec.cube
    return [
        ("title", "Cube stickers"),
        ("p", f"For a 2 x 2 puzzle cube of about {cube.cube_mm:g} mm. Cut the {cube.sticker_mm:g} mm squares on "
              f"their lines and stick {cube.facelets_per_colour} of one colour on each side of the solved cube."),
        ("p", "Each colour has its own symbol, so the cube still plays in a greyscale print and for colour-blind "
              "players." + (" No cube at all? Play with the round cards." if spec.round_cards.games else "")),
    ]


def sticker_guide_component(spec) -> Component:
    style = spec.style.resolve("sticker-guide", piece="sticker-guide", safe_mm=4.0)
    shape = Rect(*STICKER_GUIDE_MM)
    face = prose_face(Area(shape.width, shape.height, 0.0), sticker_blocks(spec), style, 1)
    return Component("sticker-guide", "Sticker guide", [Piece("sticker-guide", shape, face)], cut_guides=False)


# The rules sheet -----------------------------------------------------------------------------

def rules_blocks(spec) -> list[tuple]:
    sheet, cube = spec.player_sheet, spec.cube
    shapes = ", ".join(shape.name for shape in sheet.polyominoes)
    games = spec.round_cards.games
    players = sorted(n for n in spec.players if 1 <= n <= 4) or [1, 4]  # what the rules know
    fewest, most = players[0], players[-1]
    who = counted(most, "player") if fewest == most else f"{fewest} to {most} players"
    round_cards = [("b", f"{counted(6 * games, 'round card')}: {counted(games, 'game')} of 6 rounds, for playing "
                         "without a cube.")] if games else []
    return [
        ("title", f"{spec.title}: the rules"),
        ("p", f"A roll-and-write for {who} around a 2 x 2 puzzle cube. The cube rolls "
              "across the board one L a round; the colours it shows tell you which polyominoes to mark with "
              "diamonds and which to load into your grid. Whole polyominoes of diamonds score."),
        ("h", "In the print"),
        ("b", "The board, with the spaces A to F and the path the cube rolls along."),
        ("b", f"{counted(sheet.copies, 'player sheet')}; copy them for more games."),
        ("b", f"{counted(len(cube.colours) * cube.facelets_per_colour, 'sticker')} for a 2 x 2 cube, if you want to "
              "dress one."),
        *round_cards,
        ("h", "You also need"),
        ("b", f"A pen or pencil each, and a 2 x 2 puzzle cube of about {cube.cube_mm:g} mm"
              + (", or the round cards instead." if games else ".")),
        ("h", "Setting up"),
        ("n", "Lay the board in the middle. Everyone sits at one side of it, by a seat label, and takes a player "
              "sheet: write your seat in its seat box."),
        ("n", "Scramble the cube, roll it a few times and set it on space A."),
        ("n", f"Each player, alone, gives one of the six colours to each of the polyominoes ({shapes}) by writing "
              "it in the shape's colour box; the sixth colour is your wild colour, written under the grid. Use "
              "each colour once."),
        ("h", "A round"),
        ("p", "There are 6 rounds. From round 2 on, first roll the cube to the next space, in letter order: it "
              "tips over its edges along the numbered path, two squares one way and one to the side. Never slide "
              "it. Over the game every side comes up once and faces every seat once."),
        ("n", "Marking: for each of the 4 facelets on top, mark one cube of the polyomino of that colour, always "
              "the lowest unmarked one, and of those the right-most (the small numbers give the order). A wild "
              "facelet instead marks any one cube of your grid: a diamond there, not a loaded cube."),
        ("n", "Loading: note the 4 facelets facing you, as initials on that round's row. Then load those "
              "polyominoes into your grid one by one, crossing each initial off."),
        ("h", "Loading a polyomino"),
        ("b", "A wild facelet loads any of the five shapes."),
        ("b", "You may turn and flip a shape. It must lie on grid cubes not yet loaded and touch a loaded cube "
              "face to face; the first must touch the grid's filled cube. If it fits nowhere, skip it."),
        ("b", "A shape may cover a cube a wild facelet marked: that cube is not loaded yet."),
        ("b", "Where the shape has a marked cube, mark the grid cube under it (a diamond); fill in the grid cubes "
              "under its other cubes, wiping out any wild mark there. Then fill in the marked cubes on the shape: "
              "each mark is loaded only once."),
        ("h", "Scoring"),
        ("b", "A polyomino in your grid made only of diamonds scores 5: note it on that shape's score line. The "
              "first player at the table to score a shape adds 1 bonus point in its first-player box."),
        ("b", "At the end: 1 point for each layer of your grid you completed and 1 for each diamond mark still "
              "in your grid, noted by your wild colour. Add everything up; the highest total wins, and ties share "
              "the win."),
        *without_a_cube(games),
    ]


def without_a_cube(games: int) -> list[tuple]:
    """How to play from the round cards, if the print has any."""
    if not games:
        return []
    pick = f"Pick a game (1 to {games}) and take its 6 round cards" if games > 1 else "Take the 6 round cards"
    return [
        ("h", "Without a cube"),
        ("p", f"{pick} in order, face down. Each round turn up the next: mark the colours on top, and load the 4 "
              "facelets shown for your seat. They show the cube as it would roll along the board from a scramble, "
              "so the rounds keep the same promise."),
    ]


def rules_component(spec) -> Component:
    return rules_sheet_component(spec, rules_blocks(spec))
