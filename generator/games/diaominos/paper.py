"""Diaominos without a spare cube, and the words on paper: round cards, the sticker guide and the
rules sheet.

A round card shows what the cube shows in one round of one scrambled game: the colours on top and
the four facelets before each seat. A build deals several games (each a scramble seeded from the
file's seed), so a group can play again. Each card's back names its game and round, so a game's six
are stacked face down in order and turned up one a round. Every sentence here is our own wording of
rules/diaominos.md.
"""

from __future__ import annotations

from generator.fonts import text_width
from generator.kit.layouts import filled, register_drawer
from generator.kit.prose import prose_face, rules_sheet_component
from generator.kit.symbols import draw_symbol
from generator.kit.text import centred_baseline, fit_line
from generator.model import Area, Component, Piece
from generator.shapes import Rect
from generator.styles import Style

from .board import LETTERS, board_path
from .cube import SEATS, Cube, Round, play_rounds
from .elements import element_ink, element_text, paint
from .rulebook import CUBE_COLOURS, PLAYERS, ROUNDS
from .spec import face_of



def draw_facelet(canvas, colour, x: float, y: float, size: float, style: Style, outline: str | None = None) -> None:
    """A facelet on paper: its colour and symbol, outlined (in the line's colour, or `outline`) so
    white shows on white paper."""
    canvas.rect(x, y, size, size, radius=size * FACELET_CORNER, fill=colour.colour, stroke=outline or style.line,
                width=style.line_mm * 0.6)
    draw_symbol(canvas, colour.symbol, x + size / 2, y + size / 2, size * 0.5, style.ink_on(colour.colour))


# Round cards ---------------------------------------------------------------------------------

def game_seeds(spec) -> list[int]:
    """Each game's scramble: the file's seed for game 1, the next seeds for the games after it."""
    return [spec.cube.seed + n for n in range(spec.round_cards.games)]


def game_rounds(spec, seed: int) -> list[Round]:
    return play_rounds(Cube.scrambled(seed), dict(zip(LETTERS, board_path(spec))))


def _draw_face(canvas, colours, face: list[int], x: float, y: float, size: float, style: Style,
               outline: str | None = None) -> None:
    """A 2 x 2 face of facelets, top-left corner at (x, y), each `size` with a gap of FACE_GAP of it."""
    gap = size * FACE_GAP
    for k, colour in enumerate(face):
        draw_facelet(canvas, colours[colour], x + (k % 2) * (size + gap), y + (k // 2) * (size + gap), size, style,
                     outline)


FACE_GAP = 1 / 8  # between a cube face's facelets, of a facelet
FACE_SPAN = 2 + FACE_GAP  # a 2 x 2 face's side, in facelets


def square_in(box) -> tuple[float, float, float]:
    """The largest square centred in a box: its left, top and side."""
    x, y, w, h = box
    side = min(w, h)
    return x + (w - side) / 2, y + (h - side) / 2, side


def card_fields(spec, game: int, round_: Round) -> dict:
    """A round card's row: its words, and the round the cube shows (from the rules: cube.py)."""
    return {"heading": spec.words("card.heading", game=game, round=round_.number),
            "top": spec.words("card.top", space=round_.space), "round": round_,
            "seats": tuple(spec.words("card.seat", seat=seat) for seat in SEATS),
            "colours": tuple(spec.cube.colours)}


@register_drawer("diaominos.top-face")
def draw_top_face(canvas, box, row, face, element) -> None:
    """The colours on top this round: a 2 x 2 face, as large as its box's square, the facelets outlined
    in the element's stroke (or colour)."""
    x, y, side = square_in(box)
    _draw_face(canvas, row["colours"], row["round"].top, x, y, side / FACE_SPAN, face.style, outline(face, element, row))


def outline(face, element, row) -> str | None:
    """The facelets' outline: the element's stroke, else its colour, else the style's line (None)."""
    return paint(face, element, row, None, None)[1] or element_ink(face, element, row, None)


def seat_facelet(box, label: float) -> float:
    """A seat's facelet on a round card whose seats take `box`, under labels `label` mm high: two
    rows of two seats, each a label over a face, the facelets as large as the box lets them be."""
    return min(box[2] / 2 * SEAT_FACELET_OF_COLUMN, (box[3] - 2 * label * SEAT_LABELS_ROOM) / SEAT_FACES_ROOM)


SEAT_FACELET_OF_COLUMN = 0.3  # a facelet at most this of its seat's column: two side by side, with room
SEAT_LABEL_DOWN = 1.5  # a seat's face starts this far under the label's top, in text sizes
SEAT_LABELS_ROOM, SEAT_FACES_ROOM = 1.6, 4.5  # a column's height: two labels (in sizes), two faces (in facelets)


@register_drawer("diaominos.seat-faces")
def draw_seat_faces(canvas, box, row, face, element) -> None:
    """Before each seat, the four facelets the player there loads this round, as seen from their seat,
    under the seat's name (in the element's role, at the body's size unless it gives size_pt): two
    rows of two seats filling the element's box, each label kept to its column."""
    style, text = face.style, element_text(face.style, element, "body")
    small, colour, column = seat_facelet(box, text.size), element_ink(face, element, row, style.ink), box[2] / 2
    for index, (seat, words) in enumerate(zip(SEATS, row["seats"])):
        cx = box[0] + (index % 2 + 0.5) * column
        y0 = box[1] + (index // 2) * (text.size * 2 + small * FACE_SPAN)
        size = fit_line(words, text.size, column * SEAT_LABEL_OF_COLUMN, text.face)
        canvas.text(cx, y0 + text.size, words, size, fill=colour, face=text.face, align="centre")
        _draw_face(canvas, row["colours"], row["round"].seats[seat], cx - small * FACE_SPAN / 2,
                   y0 + text.size * SEAT_LABEL_DOWN, small, style, paint(face, element, row, None, None)[1])


SEAT_LABEL_OF_COLUMN = 0.9  # clear of the next column's label


@register_drawer("diaominos.back-face")
def draw_back_face(canvas, box, row, face, element) -> None:
    """A cube's face, blank, in the element's fill (the pattern's colour): the middle of every round
    card's back, as large as its box's square."""
    x, y, side = square_in(box)
    size = side / FACE_SPAN
    fill = face.colour(filled(element.fill, row), element.where) if element.fill else face.style.back_pattern
    for row_ in (0, 1):  # a 2 x 2 face
        for column in (0, 1):
            canvas.rect(x + column * size * (1 + FACE_GAP), y + row_ * size * (1 + FACE_GAP), size, size,
                        radius=size * FACELET_CORNER, fill=fill)


@register_drawer("diaominos.plate")
def draw_plate(canvas, box, row, face, element) -> None:
    """The element's text on a plate of its fill (the pattern's colour), in the colour that reads on it
    (on a pale ink-saver back neither the ink nor the paper would), shrunk to the box's width and
    centred in it, the plate's top at the box's: the round card's back says its game and round."""
    x, y, w, _ = box
    style, text = face.style, element_text(face.style, element)
    label = row["label"]
    pad = text.size * PLATE_PAD
    fitted = fit_line(label, text.size, w - 2 * pad, text.face)  # under 7 pt: layout.text-size
    width, height = text_width(label, fitted, text.face) + 2 * pad, fitted * PLATE_HEIGHT
    fill = face.colour(filled(element.fill, row), element.where) if element.fill else style.back_pattern
    canvas.rect(x + (w - width) / 2, y, width, height, radius=height * PLATE_CORNER, fill=fill)
    canvas.text(x + w / 2, centred_baseline(label, fitted, text.face, y + height / 2), label, fitted,
                fill=element_ink(face, element, row, style.ink_on(fill)), face=text.face, align="centre")


PLATE_PAD, PLATE_HEIGHT, PLATE_CORNER = 0.6, 1.8, 0.25  # in text sizes, and of the plate's height
FACELET_CORNER = 0.11  # a facelet's corner radius, of its side


def round_card_component(spec) -> Component:
    piece = spec.round_cards.piece
    back_style = spec.style.resolve("round-card", safe_mm=piece.safe_mm)  # the component's: backs alike but the label
    backs = {}  # a back for each label, recorded once for the cards that carry it
    cards = []
    if len(spec.cube.colours) != CUBE_COLOURS or len(board_path(spec)) != len(LETTERS):
        # No cube to roll (diaominos.cube and diaominos.spaces say why): a draft prints no round cards.
        return Component("round-card", spec.words("component.round-card"), cards)
    for game, seed in enumerate(game_seeds(spec), start=1):
        for round_ in game_rounds(spec, seed):
            piece_id = f"round-card-g{game}-r{round_.number}"
            style = spec.style.resolve("round-card", f"game-{game}", piece=piece_id, safe_mm=piece.safe_mm)
            label = spec.words("card.back", game=game, round=round_.number)
            back = backs.setdefault(label, face_of(spec, "round-card-back", back_style, piece.corner_radius_mm,
                                                   label=label))
            front = face_of(spec, "round-card", style, piece.corner_radius_mm, **card_fields(spec, game, round_))
            cards.append(Piece(piece_id, piece.rect(), front, back))
    return Component("round-card", spec.words("component.round-card"), cards)


# The sticker guide ---------------------------------------------------------------------------

STICKER_GUIDE_MM = (180.0, 36.0)  # wide and low, so that it shares page 1 on Letter too


def sticker_blocks(spec) -> list[tuple]:
    cube, words = spec.cube, spec.words
    return [
        ("title", words("stickers.title")),
        ("p", words("stickers.how", cube=f"{cube.cube_mm:g}", sticker=f"{cube.sticker_mm:g}",
                    facelets=cube.facelets_per_colour)),
        ("p", words("stickers.symbols.cards" if spec.round_cards.games else "stickers.symbols")),
    ]


def sticker_guide_component(spec) -> Component:
    style = spec.style.resolve("sticker-guide", piece="sticker-guide", safe_mm=4.0)
    shape = Rect(*STICKER_GUIDE_MM)
    face = prose_face(Area(shape.width, shape.height, 0.0), sticker_blocks(spec), style, 1)
    return Component("sticker-guide", spec.words("component.sticker-guide"), [Piece("sticker-guide", shape, face)],
                     cut_guides=False)


# The rules sheet -----------------------------------------------------------------------------

def rules_blocks(spec) -> list[tuple]:
    sheet, cube, words = spec.player_sheet, spec.cube, spec.words
    shapes = ", ".join(shape.name for shape in sheet.polyominoes)
    games = spec.round_cards.games
    players = sorted(n for n in spec.players if PLAYERS[0] <= n <= PLAYERS[1]) or list(PLAYERS)  # what the rules know
    fewest, most = players[0], players[-1]
    who = words("rules.players", players=most) if fewest == most else words("rules.players.range", fewest=fewest,
                                                                            most=most)
    round_cards = [("b", words("rules.print.cards", cards=ROUNDS * games, games=games))] if games else []
    need = "rules.need.cube-or-cards" if games else "rules.need.cube"
    return [
        ("title", words("rules.title", title=spec.title)),
        ("p", words("rules.intro", who=who)),
        ("h", words("rules.print")),
        ("b", words("rules.print.board")),
        ("b", words("rules.print.sheets", sheets=sheet.copies)),
        ("b", words("rules.print.stickers", stickers=len(cube.colours) * cube.facelets_per_colour)),
        *round_cards,
        ("h", words("rules.need")),
        ("b", words(need, cube=f"{cube.cube_mm:g}")),
        ("h", words("rules.setup")),
        ("n", words("rules.setup.board")),
        ("n", words("rules.setup.cube")),
        ("n", words("rules.setup.colours", shapes=shapes)),
        ("h", words("rules.round")),
        ("p", words("rules.round.roll")),
        ("n", words("rules.round.marking")),
        ("n", words("rules.round.loading")),
        ("h", words("rules.loading")),
        ("b", words("rules.loading.wild")),
        ("b", words("rules.loading.place")),
        ("b", words("rules.loading.cover")),
        ("b", words("rules.loading.marks")),
        ("h", words("rules.scoring")),
        ("b", words("rules.scoring.shape")),
        ("b", words("rules.scoring.end")),
        *without_a_cube(spec, games),
    ]


def without_a_cube(spec, games: int) -> list[tuple]:
    """How to play from the round cards, if the print has any."""
    if not games:
        return []
    text = spec.words("rules.cards.games", games=games) if games > 1 else spec.words("rules.cards.game")
    return [("h", spec.words("rules.cards")), ("p", text)]


def rules_component(spec) -> Component:
    return rules_sheet_component(spec, rules_blocks(spec))
