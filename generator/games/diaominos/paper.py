"""Diaominos without a spare cube, and the words on paper: round cards, the sticker guide and the
rules sheet.

A round card shows what the cube shows in one round of one scrambled game: the colours on top and
the four facelets before each seat. A build deals several games (each a scramble seeded from the
file's seed), so a group can play again. Each card's back names its game and round, so a game's six
are stacked face down in order and turned up one a round. Every sentence here is our own wording of
rules/diaominos.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.fonts import text_width
from generator.kit.layouts import register_drawer
from generator.kit.prose import prose_face, rules_sheet_component
from generator.kit.symbols import draw_symbol
from generator.kit.text import centred_baseline, fit_line
from generator.model import Area, Component, Piece
from generator.shapes import Rect
from generator.styles import Style

from .board import LETTERS, board_path
from .cube import SEATS, Cube, Round, play_rounds
from .spec import face_of



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


def round_card_layout(width: float, height: float, style: Style, heading: str) -> RoundCardLayout:
    safe, title, label = style.safe_mm, style.title, style.body
    size = fit_line(heading, title.size, width - 2 * safe, title.face)
    rule = safe + size * 1.25
    top_words = rule + label.size * 1.5
    big = min((width - 2 * safe) * 0.2, height * 0.12)
    seats = top_words + label.size * 0.6 + big * 2.125 + label.size * 0.9
    column = (width - 2 * safe) / 2
    small = min(column * 0.3, (height - safe - seats - 2 * label.size * 1.6) / 4.5)
    return RoundCardLayout(size, rule, top_words, big, seats, column, small, label.size * 1.5 + small * 2.125)


def card_fields(spec, game: int, round_: Round) -> dict:
    """A round card's row: its words, and the round the cube shows (from the rules: cube.py)."""
    return {"heading": spec.words("card.heading", game=game, round=round_.number),
            "top": spec.words("card.top", space=round_.space), "round": round_,
            "seats": tuple(spec.words("card.seat", seat=seat) for seat in SEATS),
            "colours": tuple(spec.cube.colours)}


@register_drawer("diaominos.top-face")
def draw_top_face(canvas, box, row, face, element) -> None:
    """The colours on top this round, large, under the words that say so."""
    style, label = face.style, face.style.body
    layout = round_card_layout(box[2], box[3], style, row["heading"])
    big = layout.big
    _draw_face(canvas, row["colours"], row["round"].top, box[0] + box[2] / 2 - big * (1 + 1 / 16),
               box[1] + layout.top_words + label.size * 0.6, big, style)


@register_drawer("diaominos.seat-faces")
def draw_seat_faces(canvas, box, row, face, element) -> None:
    """Before each seat, the four facelets the player there loads this round, as seen from their seat,
    under the seat's name (the element's role, title by default, at the body's size)."""
    style, label = face.style, face.style.body
    title = getattr(style, element.role)
    layout = round_card_layout(box[2], box[3], style, row["heading"])
    small, colour = layout.small, face.colour(element.colour) if element.colour else style.ink
    for index, (seat, words) in enumerate(zip(SEATS, row["seats"])):
        cx = box[0] + style.safe_mm + (index % 2 + 0.5) * layout.column
        y0 = box[1] + layout.seats + (index // 2) * (layout.block + label.size * 0.5)
        size = fit_line(words, label.size, layout.column * 0.9, title.face)  # clear of the next column's
        canvas.text(cx, y0 + label.size, words, size, fill=colour, face=title.face, anchor="middle")
        _draw_face(canvas, row["colours"], row["round"].seats[seat], cx - small * (1 + 1 / 16), y0 + label.size * 1.5,
                   small, style)


#: A duplex printer shifts the backs 1-2 mm: a back keeps everything but its colour this far inside the
#: cut, so the shift shows nowhere along the edges.
BACK_CLEAR_MM = 5.0


@register_drawer("diaominos.back-face")
def draw_back_face(canvas, box, row, face, element) -> None:
    """A cube's face, blank, in the pattern's colour: the middle of every round card's back."""
    x, y, w, h = box
    size = min(w, h) * 0.16
    gap = size / 8
    x0, y0 = x + w / 2 - size - gap / 2, y + h / 2 - size - gap / 2
    for k in range(4):
        canvas.rect(x0 + (k % 2) * (size + gap), y0 + (k // 2) * (size + gap), size, size, radius=size * 0.12,
                    fill=face.style.back_pattern)


@register_drawer("diaominos.back-label")
def draw_back_label(canvas, box, row, face, element) -> None:
    """Under the face, small, the card's game and round on a plate of the pattern's colour, whose ink
    reads on it in every palette (on a pale ink-saver back neither the ink nor the paper would): the
    rules lay a game's cards out face down in order, and the back says the order."""
    x, y, w, h = box
    style, label = face.style, row["label"]
    text = getattr(style, element.role)
    size = min(w, h) * 0.16
    pad = text.size * 0.6
    clear = max(BACK_CLEAR_MM, style.safe_mm)
    fitted = fit_line(label, text.size, w - 2 * (clear + pad), text.face)  # under 7 pt: layout.text-size
    width, height = text_width(label, fitted, text.face) + 2 * pad, fitted * 1.8
    top = y + h / 2 - size - size / 16 + 2 * size + size / 8 + size / 2
    canvas.rect(x + (w - width) / 2, top, width, height, radius=height * 0.25, fill=style.back_pattern)
    canvas.text(x + w / 2, centred_baseline(label, fitted, text.face, top + height / 2), label, fitted,
                fill=style.ink_on(style.back_pattern), face=text.face, anchor="middle")


def round_card_component(spec) -> Component:
    piece = spec.round_cards.piece
    back_style = spec.style.resolve("round-card", safe_mm=piece.safe_mm)  # the component's: backs alike but the label
    backs = {}  # a back for each label, recorded once for the cards that carry it
    cards = []
    if len(spec.cube.colours) != 6 or len(board_path(spec)) != len(LETTERS):
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
    players = sorted(n for n in spec.players if 1 <= n <= 4) or [1, 4]  # what the rules know
    fewest, most = players[0], players[-1]
    who = words("rules.players", players=most) if fewest == most else words("rules.players.range", fewest=fewest,
                                                                            most=most)
    round_cards = [("b", words("rules.print.cards", cards=6 * games, games=games))] if games else []
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
