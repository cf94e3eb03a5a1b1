"""The Diaominos board: the squares, the lettered spaces A to F, the routes the cube rolls along,
and a border that names each seat and keys each move's rolls.

Each move is an L: two squares one way, then one to the side, and the cube tips over an edge for
each square. A route is drawn along lanes beside the squares' middles, so it passes other spaces'
rings instead of crossing them, and routes that share a row or column keep LANE_GAP_MM apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.canvas import PT, Canvas
from generator.geometry import Path
from generator.fonts import text_width
from generator.kit.text import centred_baseline, fit_box
from generator.kit.layouts import register_drawer
from generator.styles import Style, Text

from generator.impose import SheetStyle

from .cube import rolls_for_move
from .elements import element_ink, element_text, paint
from .rulebook import KEY_FLOOR_PT, SEAT_LABEL_SHARE, SEATS

if TYPE_CHECKING:
    from .game import Board, DiaominosSpec

LETTERS = ("A", "B", "C", "D", "E", "F")


def board_path(spec: DiaominosSpec) -> list[tuple[int, int]]:
    """The spaces' squares in the order the cube visits them."""
    return [tuple(spec.board.spaces[letter]) for letter in LETTERS if letter in spec.board.spaces]


def board_size(board: Board) -> tuple[float, float]:
    return board.columns * board.square_mm + 2 * board.border_mm, board.rows * board.square_mm + 2 * board.border_mm


def seat_labels(spec: DiaominosSpec) -> dict[int, str]:
    """Each seat's label in the border, from the words."""
    return {seat: spec.words("board.seat", seat=seat) for seat in range(1, SEATS + 1)}


def seat_label_size(board: Board, labels, style: Style, text: Text | None = None) -> float:
    """The seat labels' size: the title role's (or `text`'s), or less so that they fit the border,
    `safe_mm` clear of the cut and of the squares (all four at the size of the longest)."""
    text = text or style.title
    room = board.border_mm - 2 * style.safe_mm
    along = min(board_size(board)) * SEAT_LABEL_SHARE
    return min(fit_box(label, text.size, along, max(room, 0.0), text.face) for label in labels)


def board_row(spec: DiaominosSpec) -> dict:
    """The fields the board's layout hands its drawers: the board, the routes planned once, and the
    words as printed (no coordinates: where each part goes is the layout's, or follows from the board)."""
    board = spec.board
    routes = tuple(plan_routes(spec)) if len(board_path(spec)) == len(LETTERS) else ()
    seats = seat_labels(spec)
    return {"board": board, "spaces": tuple(zip(LETTERS, board_path(spec))), "routes": routes,
            "seats": tuple(seats.values()), **{f"seat_{seat}": label for seat, label in seats.items()},
            "path_rule": spec.words("board.path"),
            "moves": tuple(spec.words("board.move", start=route.start, end=route.end) for route in routes)}


# Routes ----------------------------------------------------------------------------------------

LANE_GAP_MM = 5.0  # clear paper between two routes along a shared row or column
RING_CLEAR_MM = 1.0  # clear paper between a route and a ring it passes
Point = tuple[float, float]


@dataclass(frozen=True)
class Route:
    """One move's line on the board, in mm from the board's top-left corner."""

    number: int
    start: str
    end: str
    rolls: list[str]  # E, W, N, S: seen from seat 1 at the bottom edge
    points: list[Point]  # from the start ring's edge to the end ring's edge

    @property
    def segments(self) -> list[tuple[Point, Point]]:
        return list(zip(self.points, self.points[1:]))


def ring_radius(board: Board) -> float:
    return board.square_mm * 0.22


def ring_width(board: Board) -> float:
    return board.square_mm * 0.021


def route_width(board: Board) -> float:
    return board.square_mm * 0.032


def centre_of(board: Board, square) -> Point:
    return board.border_mm + (square[0] + 0.5) * board.square_mm, board.border_mm + (square[1] + 0.5) * board.square_mm


def lanes(board: Board) -> list[float]:
    """Offsets from a square's middle line a route may run along: LANE_GAP_MM of paper apart,
    within the square, nearest the middle first."""
    step = LANE_GAP_MM + route_width(board)
    most = int((board.square_mm / 2 - route_width(board)) // step)
    return sorted((k * step for k in range(-most, most + 1)), key=lambda offset: (abs(offset), offset))


def _lane_points(start: Point, end: Point, rolls: list[str], along: float, aside: float) -> list[Point]:
    """Centre to centre: into the long leg's lane (`along` off its middle line), along it, into the
    short leg's lane (`aside` off its middle line), along that, and into the end."""
    (x0, y0), (x1, y1) = start, end
    if rolls[0] in "EW":
        return [start, (x0, y0 + along), (x1 + aside, y0 + along), (x1 + aside, y1), end]
    return [start, (x0 + along, y0), (x0 + along, y1 + aside), (x1, y1 + aside), end]


def _outside(points: list[Point], centre: Point, radius: float, from_end: bool) -> list[Point]:
    """The polyline from where it first leaves a circle round its first point (or, `from_end`, up to
    where it enters one round its last point): a route drawn from ring to ring."""
    seq = points[::-1] if from_end else points
    for i, (a, b) in enumerate(zip(seq, seq[1:])):
        if math.dist(b, centre) >= radius:
            # The segment a-b crosses the circle: find where, on the line from a to b.
            (ax, ay), (bx, by) = a, b
            dx, dy = bx - ax, by - ay
            fx, fy = ax - centre[0], ay - centre[1]
            qa, qb, qc = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - radius * radius
            t = (-qb + math.sqrt(max(qb * qb - 4 * qa * qc, 0.0))) / (2 * qa) if qa else 0.0
            cut = (ax + t * dx, ay + t * dy) if math.dist(a, centre) < radius else a
            rest = [cut] + list(seq[i + 1:])
            return rest[::-1] if from_end else rest
    return []


def _distance(point: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.dist(point, (ax + t * dx, ay + t * dy))


def _too_close(a: tuple[Point, Point], b: tuple[Point, Point], gap: float) -> bool:
    """Two routes' segments running along the same row or column, side by side for a stretch,
    nearer than `gap` centre to centre."""
    (a0, a1), (b0, b1) = a, b
    for axis in (0, 1):  # 0: the segments run along x (horizontal), 1: along y
        other = 1 - axis
        if abs(a0[other] - a1[other]) < 1e-6 and abs(b0[other] - b1[other]) < 1e-6:
            low = max(min(a0[axis], a1[axis]), min(b0[axis], b1[axis]))
            high = min(max(a0[axis], a1[axis]), max(b0[axis], b1[axis]))
            if high - low > 1e-6 and abs(a0[other] - b0[other]) < gap - 1e-6:
                return True
    return False


def plan_routes(spec: DiaominosSpec) -> list[Route]:
    """A route for every move, each in lanes that keep it off the other spaces' rings and
    LANE_GAP_MM clear of the routes before it: the first such choice, nearest the middles."""
    board = spec.board
    spaces = {letter: centre_of(board, board.spaces[letter]) for letter in LETTERS if letter in board.spaces}
    letters = list(spaces)
    moves = list(zip(letters, letters[1:]))
    radius = ring_radius(board) + ring_width(board) / 2
    keep_off = radius + route_width(board) / 2 + RING_CLEAR_MM
    gap = LANE_GAP_MM + route_width(board)
    options = [(along, aside) for along in lanes(board) for aside in lanes(board)]
    options.sort(key=lambda pair: abs(pair[0]) + abs(pair[1]))

    def candidate(number: int, along: float, aside: float) -> Route | None:
        start, end = moves[number - 1]
        rolls = rolls_for_move(board.spaces[start], board.spaces[end])
        points = _lane_points(spaces[start], spaces[end], rolls, along, aside)
        points = _outside(_outside(points, spaces[start], radius, False), spaces[end], radius, True)
        if len(points) < 2:
            return None
        route = Route(number, start, end, rolls, points)
        for letter, centre in spaces.items():
            if letter not in (start, end) and any(_distance(centre, a, b) < keep_off for a, b in route.segments):
                return None
        return route

    def search(chosen: list[Route]) -> list[Route] | None:
        number = len(chosen) + 1
        if number > len(moves):
            return chosen
        for along, aside in options:
            route = candidate(number, along, aside)
            if route and not any(_too_close(a, b, gap) for other in chosen for a in route.segments
                                 for b in other.segments):
                found = search(chosen + [route])
                if found:
                    return found
        return None

    # No clear plan (a crowded custom board): every route on its middle lines, as legible as that allows.
    return search([]) or [candidate(n, 0.0, 0.0) or Route(n, s, e, rolls_for_move(board.spaces[s], board.spaces[e]),
                                                          [spaces[s], spaces[e]])
                          for n, (s, e) in enumerate(moves, start=1)]


def route_dash(board: Board, number: int, width: float) -> tuple[float, ...] | None:
    """Move `number`'s dash pattern (the board's move_dashes, in widths of its line; none: solid)
    for a line `width` wide: in greyscale, or to a colour-blind player, a route is still followed by
    its pattern, on the board and in the roll key."""
    patterns = board.move_dashes
    pattern = patterns[(number - 1) % len(patterns)] if patterns else None
    return tuple(length * width for length in pattern) if pattern else None


def move_colour(default: str, colours: list[str], number: int) -> str:
    """Each move's own colour, from the board's `move_colours`; `default` if it names none."""
    return colours[(number - 1) % len(colours)] if colours else default


# Drawing -----------------------------------------------------------------------------------

# Each part of the board is a drawer the layout diaominos-faces.board places: its box's top-left is the
# board's (so `at` moves a part), and it paints in its element's colours and text size. What it draws
# follows from the board's row (board_row): the squares, spaces and routes the rules compute.

def _in_box(canvas: Canvas, box):
    canvas.translate(box[0], box[1])


@register_drawer("diaominos.squares")
def draw_squares(canvas: Canvas, box, row, face, element) -> None:
    """The board's squares, inside its border, in the element's fill and stroke."""
    board, style = row["board"], face.style
    s, b = board.square_mm, board.border_mm
    fill, stroke = paint(face, element, row, style.panel, style.line)
    with canvas.saved():
        _in_box(canvas, box)
        for column in range(board.columns):
            for row_ in range(board.rows):
                canvas.rect(b + column * s, b + row_ * s, s, s, fill=fill, stroke=stroke,
                            width=element.stroke_mm or style.line_mm)


@register_drawer("diaominos.routes")
def draw_routes(canvas: Canvas, box, row, face, element) -> None:
    """Each move's route in its colour (the element's for all, else the board's move_colours, else the
    accent), its width stroke_mm (else a share of the square)."""
    with canvas.saved():
        _in_box(canvas, box)
        _draw_routes(canvas, row["board"], list(row["routes"]), face, element, row)


@register_drawer("diaominos.spaces")
def draw_spaces(canvas: Canvas, box, row, face, element) -> None:
    """The rings A to F, in the element's stroke (the accent) and fill (the paper), each letter in
    the element's role (index) at most its size."""
    board, style = row["board"], face.style
    text = element_text(style, element)
    fill, stroke = paint(face, element, row, style.background, style.accent)
    colour = element_ink(face, element, row, style.ink)
    radius = ring_radius(board)
    with canvas.saved():
        _in_box(canvas, box)
        for letter, square in row["spaces"]:
            x, y = centre_of(board, square)
            canvas.circle(x, y, radius, fill=fill, stroke=stroke, width=element.stroke_mm or ring_width(board))
            size = fit_box(letter, text.size, radius * LETTER_OF_RING, radius * LETTER_OF_RING, text.face)
            canvas.text(x, centred_baseline(letter, size, text.face, y), letter, size, fill=colour, face=text.face,
                        align="centre")


LETTER_OF_RING = 1.3  # a space's letter fits a square this many radii across


@register_drawer("diaominos.roll-key")
def draw_roll_key(canvas: Canvas, box, row, face, element) -> None:
    """Each move's rolls along the element's box (the bottom border, after seat 1's label), in the
    element's role at most the body's size (or size_pt), along the box's middle."""
    board, routes, style = row["board"], list(row["routes"]), face.style
    text = element_text(style, element, "body")
    key = roll_key(board, box, routes, row["moves"], text)
    if key is not None:  # else diaominos.sizes says the key does not fit
        x, y, _, height = box
        _draw_roll_key(canvas, board, routes, row["moves"], face, element, row, key, text, y + height / 2)


def _draw_routes(canvas: Canvas, board: Board, routes: list[Route], face, element, row) -> None:
    """Each route in its colour and its dash pattern with an arrowhead into its end ring, and its
    number on a badge halfway along its long leg."""
    style = face.style
    width = element.stroke_mm or route_width(board)
    # The element's colour, where it gives one, colours every route (the dashes still tell them apart).
    colours = [element_ink(face, element, row, style.accent)] if element.colour else board.move_colours
    for route in routes:
        colour = move_colour(style.accent, colours, route.number)
        canvas.draw(Path.polygon(route.points, closed=False), stroke=colour, width=width,
                    dash=route_dash(board, route.number, width))
        _arrow_head(canvas, route.points[-2], route.points[-1], board.square_mm * ARROW_OF_SQUARE, colour)
    clear = badge_radius(board) + width
    for route in routes:
        colour = move_colour(style.accent, colours, route.number)
        x, y = badge_centre(route, [other for other in routes if other is not route], clear)
        _draw_badge(canvas, x, y, badge_radius(board), str(route.number), colour, style)


ARROW_OF_SQUARE = 0.09  # a route's arrowhead, of a square


def badge_radius(board: Board) -> float:
    return board.square_mm * 0.065


def badge_centre(route: Route, others: list[Route], clear: float) -> Point:
    """On the route's longest straight stretch, nearest its middle where no other route comes within
    `clear`, so a badge never sits on a crossing."""
    a, b = max(route.segments, key=lambda seg: math.dist(*seg))
    along = (0.5, *(0.5 + side * step * BADGE_STEP for step in (1, 2) for side in (-1, 1)))
    spots = [((a[0] + (b[0] - a[0]) * t), (a[1] + (b[1] - a[1]) * t)) for t in along]
    for spot in spots:
        if all(_distance(spot, p, q) >= clear for other in others for p, q in other.segments):
            return spot
    return spots[0]


BADGE_STEP = 0.12  # a badge's other spots, out from the middle of its stretch: of its length


def _draw_badge(canvas: Canvas, x: float, y: float, radius: float, number: str, colour: str, style: Style) -> None:
    """The move's number in ink on paper, ringed in the move's colour: ink on paper reads in any
    palette, where a number on the colour itself may not."""
    canvas.circle(x, y, radius, fill=style.background, stroke=colour, width=radius * 0.3)
    face = style.title.face
    size = fit_box(number, radius * 2, radius * 1.1, radius * 1.1, face)
    canvas.text(x, centred_baseline(number, size, face, y), number, size, fill=style.ink, face=face, align="centre")


def _arrow_head(canvas: Canvas, start: Point, end: Point, length: float, colour: str) -> None:
    """An arrowhead whose tip is at `end`, pointing the way from `start`."""
    (x0, y0), (x1, y1) = start, end
    span = math.dist(start, end) or 1.0
    ux, uy = (x1 - x0) / span, (y1 - y0) / span
    back, half = (x1 - ux * length, y1 - uy * length), length * 0.6
    canvas.polygon([(x1, y1), (back[0] - uy * half, back[1] + ux * half), (back[0] + uy * half, back[1] - ux * half)],
                   fill=colour)


# The border -----------------------------------------------------------------------------------

ROLL_ARROWS = {"E": (1, 0), "W": (-1, 0), "S": (0, 1), "N": (0, -1)}


def seam_window(length: float, overlap: float = SheetStyle.tile_overlap, margin: float = 3.0) -> tuple[float, float]:
    """The stretch of a side where a board printed in two parts has its seam, `margin` mm clear: the
    imposer splits a piece into equal parts that overlap by the sheet's tile overlap."""
    return length / 2 - overlap / 2 - margin, length / 2 + overlap / 2 + margin


@dataclass(frozen=True)
class RollKey:
    """The roll key along the bottom border: its text size and where each move's item starts."""

    size: float
    starts: list[float]


def roll_key(board: Board, box, routes: list[Route], moves, text: Text) -> RollKey | None:
    """The key at `text`'s size, or smaller down to 7 pt so that every move's item fits across `box`
    (the layout's, after seat 1's label), off the stretch where a board printed in two parts is split;
    None if it does not fit even at 7 pt."""
    left, right = box[0], box[0] + box[2]
    low, high = seam_window(board_size(board)[0])
    size = text.size
    while True:
        x, starts = left, []
        for words, route in zip(moves, routes):
            item = _key_item_width(words, route, text.face, size)
            if x < high and x + item > low:
                x = high
            if x + item > right:
                break
            starts.append(x)
            x += item + size * KEY_GAP
        if len(starts) == len(routes):
            return RollKey(size, starts)
        if size <= KEY_FLOOR_PT * PT + 1e-9:
            return None
        size = max(size * KEY_SHRINK, KEY_FLOOR_PT * PT)


KEY_GAP, KEY_SHRINK = 0.9, 0.96  # between items, in text sizes; the shrink a step


def _key_item_width(words: str, route: Route, face: str, size: float) -> float:
    return 2 * size * KEY_BADGE + size * KEY_SPACE + text_width(words, size, face) + size * 0.5 + \
        len(route.rolls) * (size * KEY_ARROW + size * KEY_ARROW_GAP)


KEY_BADGE, KEY_SPACE, KEY_ARROW, KEY_ARROW_GAP = 0.75, 0.4, 1.1, 0.3  # a key item's parts, in text sizes


def _draw_roll_key(canvas: Canvas, board: Board, routes: list[Route], moves, face, element, row, key: RollKey,
                   text: Text, middle: float) -> None:
    """For each move its badge, its spaces and an arrow for every roll, as seen from seat 1, laid
    along the bottom border and stepping over the stretches where the board may be split."""
    style = face.style
    size = key.size
    badge = size * KEY_BADGE
    arrow = size * KEY_ARROW
    ink, colour_of = element_ink(face, element, row, style.ink), element_ink(face, element, row, style.accent)
    for words, route, x in zip(moves, routes, key.starts):
        colour = move_colour(colour_of, board.move_colours, route.number)
        _draw_badge(canvas, x + badge, middle, badge, str(route.number), colour, style)
        cursor = x + 2 * badge + size * KEY_SPACE
        canvas.text(cursor, centred_baseline(words, size, text.face, middle), words, size, fill=ink, face=text.face)
        cursor += text_width(words, size, text.face) + size * 0.5
        # The route's line under its spaces and rolls, in its dash pattern.
        line, under = route_width(board) * 0.45, middle + size * 0.78
        canvas.line(x + 2 * badge + size * KEY_SPACE, under,
                    cursor + len(route.rolls) * (arrow + size * KEY_ARROW_GAP) - size * KEY_ARROW_GAP,
                    under, stroke=colour, width=line, dash=route_dash(board, route.number, line))
        for roll in route.rolls:
            dx, dy = ROLL_ARROWS[roll]
            cx = cursor + arrow / 2
            start = (cx - dx * arrow / 2, middle - dy * arrow / 2)
            end = (cx + dx * arrow / 2, middle + dy * arrow / 2)
            canvas.line(*start, end[0] - dx * arrow * 0.3, end[1] - dy * arrow * 0.3, stroke=colour,
                        width=route_width(board) * 0.6)
            _arrow_head(canvas, start, end, arrow * 0.45, colour)
            cursor += arrow + size * KEY_ARROW_GAP
