"""The board: a chessboard of 8 x 8 squares in four 4 x 4 quadrants, each player's territory the
quadrant of their home corner. No nest may be placed in your own territory.

A board of 36 mm squares is 288 mm across, more than any home printer's page, so each quadrant is a
piece of its own: the squares run to the cut on the sides where quadrants meet (they butt together
there, no overlap to glue) and a border frames the board's outer edge. The border says which quadrant
it is and whose territory, and at every seam carries a joining mark: half a diamond on each quadrant,
whole when the two are butted edge to edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from generator.canvas import PT
from generator.kit.layouts import Face, register_drawer
from generator.kit.text import centred_baseline, counted
from generator.model import Area, Component, Piece
from generator.schema import spec_field, where
from generator.shapes import Rect
from generator.validate import error

from .faces import face

from .names import colour_label, colour_mark
from .rulebook import BOARD_SQUARES, LEAST_SQUARE_MM, NESTS, QUADRANT_SQUARES, ROOM_MM, rules



@dataclass(kw_only=True)
class Board:
    squares: int = spec_field(BOARD_SQUARES, minimum=2, maximum=16)  # squares along a side
    quadrant: int = spec_field(QUADRANT_SQUARES, minimum=1, maximum=16)  # a territory's side, in squares
    square_mm: float = spec_field(positive=True, maximum=80)  # the game file gives the sizes
    border_mm: float = spec_field(minimum=6, maximum=30)  # round the board's outer edge
    #: Each player colour's home square, in the order of player_colours, named like chess squares
    #: (files a-h from the left, ranks 1-8 from the bottom).
    homes: list[str] = spec_field(default_factory=lambda: ["a8", "h8", "h1", "a1"])


# ---------------------------------------------------------------------------------------------
# Squares and quadrants
# ---------------------------------------------------------------------------------------------

def square_name(row: int, col: int, squares: int) -> str:
    """Row 0 is the top rank (8 on a chessboard), column 0 the a-file."""
    return f"{chr(ord('a') + col)}{squares - row}"


def parse_square(name: str, squares: int) -> tuple[int, int] | None:
    """(row, col) of a square named like "a8", or None if the board has no such square."""
    name = str(name).strip().lower()
    if len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
        return None
    col, rank = ord(name[0]) - ord("a"), int(name[1:])
    if not (0 <= col < squares and 1 <= rank <= squares):
        return None
    return squares - rank, col


def quadrant_grid(board: Board) -> int:
    """Quadrants along a side."""
    return max(1, math.ceil(board.squares / board.quadrant))


def quadrant_of(board: Board, row: int, col: int) -> tuple[int, int]:
    return row // board.quadrant, col // board.quadrant


@dataclass(frozen=True)
class Quadrant:
    """One printed quadrant: which squares it holds and on which sides the board's border runs."""

    number: int
    row: int  # quadrant row and column
    col: int
    rows: range  # board squares it holds
    cols: range
    border: tuple[bool, bool, bool, bool]  # left, top, right, bottom

    def place(self) -> str:
        """Where it lies on the table, a key of the words' board.place: "top-left", "bottom-right"."""
        left, top, right, bottom = self.border
        vertical = "top" if top and not bottom else "bottom" if bottom and not top else ""
        horizontal = "left" if left and not right else "right" if right and not left else ""
        return "-".join(word for word in (vertical, horizontal) if word) or "middle"


def quadrants(board: Board) -> list[Quadrant]:
    """In reading order: 1 top left, 2 top right, 3 bottom left, 4 bottom right."""
    grid, q, n = quadrant_grid(board), board.quadrant, board.squares
    found = []
    for qr in range(grid):
        for qc in range(grid):
            found.append(Quadrant(len(found) + 1, qr, qc, range(qr * q, min((qr + 1) * q, n)),
                                  range(qc * q, min((qc + 1) * q, n)),
                                  (qc == 0, qr == 0, qc == grid - 1, qr == grid - 1)))
    return found


def quadrant_size(board: Board, quadrant: Quadrant) -> tuple[float, float]:
    left, top, right, bottom = quadrant.border
    return (len(quadrant.cols) * board.square_mm + board.border_mm * (left + right),
            len(quadrant.rows) * board.square_mm + board.border_mm * (top + bottom))


# ---------------------------------------------------------------------------------------------
# Drawing a quadrant
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Home:
    square: tuple[int, int]
    name: str  # the player colour's name, the identity the rules check
    colour: str  # its palette colour
    label: str = ""  # its name as it prints
    mark: str = ""  # its letter


@register_drawer("diamond_mine.quadrant")
def draw_quadrant(canvas, box, row: dict, face, element) -> None:
    """The quadrant's squares inside its border: checkered in paper and panel, the home corners in their
    players' colours (the layout board-home), the territory's edge along the seams, and the joining
    marks in the border bands. Its box is the piece's bleed box (`bleed: true`), which the checker
    runs into at the seams."""
    style, quadrant, sq, border = face.style, row["quadrant"], row["square_mm"], row["border_mm"]
    left, top, right, bottom = quadrant.border
    x0, y0 = border * left, border * top  # the top left of the quadrant's squares
    width, height = len(quadrant.cols) * sq, len(quadrant.rows) * sq
    bleed = -box[0]
    # The checker runs past the cut into the bleed on the sides where another quadrant butts on, as
    # that quadrant continues it: a cut a little outside the line still shows the right colour.
    bx0 = x0 - (0 if left else bleed)
    by0 = y0 - (0 if top else bleed)
    bx1 = x0 + width + (0 if right else bleed)
    by1 = y0 + height + (0 if bottom else bleed)
    with canvas.saved():
        canvas.clip_rect(bx0, by0, bx1 - bx0, by1 - by0)
        for r in range(quadrant.rows.start - 1, quadrant.rows.stop + 1):
            for c in range(quadrant.cols.start - 1, quadrant.cols.stop + 1):
                x, y = x0 + (c - quadrant.cols.start) * sq, y0 + (r - quadrant.rows.start) * sq
                canvas.rect(x, y, sq, sq, fill=style.panel if (r + c) % 2 else style.background)
        for home in row["homes"]:
            r, c = home.square
            if r in quadrant.rows and c in quadrant.cols:
                draw_home(canvas, x0 + (c - quadrant.cols.start) * sq, y0 + (r - quadrant.rows.start) * sq, sq,
                          home, row["home"], face)
        canvas.drawing_from(element.where)
        # The territory's edge: a heavy line (stroke_mm) along the seams, half of it on each quadrant.
        edge = element.stroke_mm or style.line_mm
        for side, (ax, ay, cx, cy) in zip(quadrant.border, ((x0, y0, x0, y0 + height), (x0, y0, x0 + width, y0),
                                                            (x0 + width, y0, x0 + width, y0 + height),
                                                            (x0, y0 + height, x0 + width, y0 + height))):
            if not side:
                canvas.line(ax, ay, cx, cy, stroke=style.ink, width=edge)
    canvas.rect(x0, y0, width, height, stroke=style.ink, width=style.line_mm * 2)
    note = element.size_pt * PT if element.size_pt else style.body.size
    for side, number in row["neighbours"]:
        draw_join(canvas, border, quadrant, side, number, x0, y0, width, height, min(border * 0.35, sq * 0.2),
                  note, style)


def draw_home(canvas, x: float, y: float, sq: float, home: Home, word: str, face) -> None:
    """A home square: the layout board-home, in the square."""
    on_colour = face.style.ink_on(home.colour)
    home_face = Face(face.layouts, "board-home", tuple(sorted(dict(home=word, name=home.label, colour=home.colour,
                                                                    on_colour=on_colour).items())), face.style)
    with canvas.saved():
        canvas.translate(x, y)
        home_face(canvas, Area(sq, sq, 0.0))


def draw_join(canvas, border: float, quadrant: Quadrant, side: str, number: int, x0: float, y0: float,
              width: float, height: float, half: float, label: float, style) -> None:
    """Half a diamond on every border band that crosses the seam on `side`; the other half is on
    quadrant `number`. Beside it the neighbour's number ("2 >" across a seam, "2" above or below one)."""
    left, top, right, bottom = quadrant.border
    face = style.body.face
    if side in ("left", "right"):
        x = x0 if side == "left" else x0 + width
        inward = 1 if side == "left" else -1
        for on, band_y in ((top, y0 - border / 2), (bottom, y0 + height + border / 2)):
            if on:
                canvas.polygon([(x, band_y - half), (x + inward * half, band_y), (x, band_y + half)], fill=style.ink)
                note = f"{number} >" if side == "right" else f"< {number}"
                tx = x + inward * (half + label * 0.4)
                canvas.text(tx, centred_baseline(note, label, face, band_y), note, label, fill=style.ink, face=face,
                            align="left" if inward > 0 else "right")
    else:
        y = y0 if side == "top" else y0 + height
        inward = 1 if side == "top" else -1
        for on, band_x in ((left, x0 - border / 2), (right, x0 + width + border / 2)):
            if on:
                canvas.polygon([(band_x - half, y), (band_x, y + inward * half), (band_x + half, y)], fill=style.ink)
                note = f"{number}"
                ty = y + inward * (half + label)
                canvas.text(band_x, centred_baseline(note, label, face, ty), note, label, fill=style.ink, face=face,
                            align="centre")


def seam_neighbours(board: Board, quadrant: Quadrant) -> dict[str, int]:
    grid = quadrant_grid(board)
    found = {}
    for side, (dr, dc) in (("left", (0, -1)), ("top", (-1, 0)), ("right", (0, 1)), ("bottom", (1, 0))):
        r, c = quadrant.row + dr, quadrant.col + dc
        if 0 <= r < grid and 0 <= c < grid:
            found[side] = r * grid + c + 1
    return found


def board_homes(spec) -> list[Home]:
    colours = {c.name: c for c in spec.colours}
    homes = []
    for name, square in zip(spec.player_colours, spec.board.homes):
        at = parse_square(square, spec.board.squares)
        if at is not None and name in colours:  # diamond_mine.board and .colours say what is wrong
            named = spec.words("colour.named", colour=colour_label(spec, name), mark=colour_mark(spec, name))
            homes.append(Home(at, name, colours[name].colour, named, colour_mark(spec, name)))
    return homes


def border_words(spec, quadrant: Quadrant, owner: Home | None) -> str:
    """Which quadrant this is, where it lies and whose territory: the words along its border."""
    words = spec.words
    values = dict(number=quadrant.number, total=quadrant_grid(spec.board) ** 2,
                  place=words(f"board.place.{quadrant.place()}"))
    if owner is None:
        return words("board.label", **values)
    return words("board.label.owner", owner=colour_label(spec, owner.name), **values)


def opposite_homes(spec) -> list[tuple[str, str]]:
    """The pairs of player colours whose homes are opposite corners: the colours two players take."""
    homes, last = board_homes(spec), spec.board.squares - 1
    return [(a.name, b.name) for index, a in enumerate(homes) for b in homes[index + 1:]
            if (b.square[0], b.square[1]) == (last - a.square[0], last - a.square[1])]


def board_component(spec) -> Component:
    """A piece per quadrant, its face the layout board-<place> (board-top-left...): the border's label
    there, the squares the game draws (diamond_mine.quadrant)."""
    board = spec.board
    homes = tuple(board_homes(spec))
    pieces = []
    for quadrant in quadrants(board):
        owner = next((home for home in homes if quadrant_of(board, *home.square) == (quadrant.row, quadrant.col)),
                     None)
        piece_id = f"board-quadrant-{quadrant.number}"
        style = spec.style.resolve("board", piece=piece_id, safe_mm=2.0)
        width, height = quadrant_size(board, quadrant)
        draw = face(spec, f"board-{quadrant.place()}", style, quadrant=quadrant, square_mm=board.square_mm,
                    border_mm=board.border_mm, homes=homes, home=spec.words("board.home"),
                    neighbours=tuple(seam_neighbours(board, quadrant).items()), label=border_words(spec, quadrant, owner))
        pieces.append(Piece(piece_id, Rect(width, height), draw))
    return Component("board", spec.words("component.board"), pieces)


# ---------------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------------

@rules.rule("diamond_mine.board", "an 8 x 8 board in 4 x 4 quadrants, a home at a corner for each player colour "
                                  "(two of them opposite, for 2 players), room for the nests outside every "
                                  "territory, squares that hold a large pyramid")
def check_board(spec):
    board = spec.board
    if board.squares != BOARD_SQUARES or board.quadrant != QUADRANT_SQUARES:
        yield error(where(board, "squares" if board.squares != BOARD_SQUARES else "quadrant"),
                    f"a board of {board.squares} x {board.squares} squares in {board.quadrant} x {board.quadrant} quadrants; "
                    f"Diamond Mine is played on a chessboard, {BOARD_SQUARES} x {BOARD_SQUARES}, in four "
                    f"{QUADRANT_SQUARES} x {QUADRANT_SQUARES} territories")
    large = spec.pyramids.large.base_mm
    least = max(LEAST_SQUARE_MM, large + 2 * ROOM_MM)
    if board.square_mm < least:
        yield error(where(board, "square_mm"),
                    f"{board.square_mm:g} mm squares are too small: a large pyramid ({large:g} mm across) needs "
                    f"{least:g} mm or more, room to lift it and to stand a tipped vein")
    corners = {(0, 0), (0, board.squares - 1), (board.squares - 1, 0), (board.squares - 1, board.squares - 1)}
    seen: dict[tuple[int, int], str] = {}
    for index, (name, square) in enumerate(zip(spec.player_colours, board.homes)):
        place = where(board, f"homes[{index}]")
        at = parse_square(square, board.squares)
        if at is None:
            yield error(place, f"{square!r} is no square of the board of {board.squares} x {board.squares}; name it "
                               f"like a chess square, a1 to {chr(ord('a') + board.squares - 1)}{board.squares}")
            continue
        if at not in corners:
            yield error(place, f"{name}'s home {square} is not a corner: homes are the four corner squares")
        if at in seen:
            yield error(place, f"{name}'s home {square} is also {seen[at]}'s: each player has a corner of their own")
        seen[at] = name
    homes, colours = counted(len(board.homes), "home"), counted(len(spec.player_colours), "player colour")
    if len(board.homes) < len(spec.player_colours):
        yield error(where(board, "homes"), f"{homes} for {colours}: give each player colour a corner")
    elif len(board.homes) > len(spec.player_colours):
        yield error(where(board, f"homes[{len(spec.player_colours)}]"),
                    f"{homes} for {colours}: a home is a player colour's corner, so give exactly one to each")
    if 2 in spec.players and len(board_homes(spec)) >= 2 and not opposite_homes(spec):
        yield error(where(board, "homes"), "no two player colours have homes in opposite corners, where the rules "
                                           "seat two players")
    # Nests go on open squares outside the placing player's territory.
    territory = board.quadrant ** 2
    for players in spec.players:
        nests = NESTS.get(players)
        if nests is None:
            continue
        other_homes = players - 1
        open_squares = max(0, board.squares ** 2 - territory - other_homes)
        if open_squares < nests:
            yield error(where(board, "squares"),
                        f"with {players} players, {nests} nests go on squares outside the placing player's territory "
                        f"and off the homes, and there are only {open_squares}")
