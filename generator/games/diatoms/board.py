"""The personal board: spots in three rings crossed by three straight lines, each spot showing the
one shape it takes. Also gathers the paper side of the game (`paper_components`): the boards, the
score pad, the field notebooks, the guest judges and the rules sheet.

The board is data (`board:` in data/diatoms.yaml). A ring lists its spots' shapes, spaced evenly
round it counter-clockwise from `start_deg` (0 is to the right, 90 straight up); a straight line
runs through the centre at `angle_deg`. A spot whose angle lies on a straight line is a crossing:
there a ring line and a straight line meet, and the pairs are scored.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from generator.kit.layouts import draw_cells, drawer_style, register_drawer
from generator.model import Area, Component, Piece
from generator.schema import spec_field, where
from generator.shapes import Rect
from generator.validate import error

from .faces import drawn_parts, face
from .judges import Judges, judge_component
from .paper import paper_sheets
from .tiles import SHAPES
from .rulebook import COLOUR_BONUS, rules
from .symbols import shape_symbol
from .wording import component_title, ring_label, shape_label

__all__ = ["Board", "Judges", "paper_components"]

RINGS = ("inner", "middle", "outer")
LINES = {"horizontal": (0.0,), "vertical": (90.0,), "diagonal": (45.0, 135.0)}  # the angles each may take
ON_LINE_DEG = 0.5  # a spot this close to a straight line's angle sits on it


@dataclass(kw_only=True)
class Ring:
    name: str
    radius: float = spec_field(minimum=0.05, maximum=1.0)  # of half the board's width, to the spots' centres
    start_deg: float = spec_field(0.0, minimum=-360, maximum=360)
    spots: list[Literal[SHAPES]]  # type: ignore[valid-type]  # the shape each spot takes, counter-clockwise


@dataclass(kw_only=True)
class StraightLine:
    name: str
    angle_deg: float = spec_field(minimum=0, maximum=180)


@dataclass(kw_only=True)
class Board:
    copies: int = spec_field(4, count=True, maximum=8)
    width_mm: float = spec_field(180.0, positive=True, minimum=120, maximum=200)
    height_mm: float = spec_field(215.0, positive=True, minimum=120, maximum=255)
    spot_mm: float = spec_field(20.0, positive=True, minimum=10, maximum=40)  # a diatom token is 19 mm
    rings: list[Ring] = spec_field(default_factory=list)
    lines: list[StraightLine] = spec_field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# The board's geometry, shared by the rules, the drawing and the paper that explains it
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Spot:
    ring: str
    index: int
    shape: str
    angle: float  # degrees, counter-clockwise from the right
    radius: float  # of half the board's width
    lines: tuple[str, ...]  # the straight lines through it: a crossing has one

    @property
    def crossing(self) -> bool:
        return bool(self.lines)


def _on_line(angle: float, line_angle: float) -> bool:
    apart = (angle - line_angle) % 180.0
    return min(apart, 180.0 - apart) < ON_LINE_DEG


def board_spots(board: Board) -> list[Spot]:
    spots = []
    for ring in board.rings:
        count = len(ring.spots)
        for index, shape in enumerate(ring.spots):
            angle = (ring.start_deg + 360.0 * index / count) % 360.0
            lines = tuple(line.name for line in board.lines if _on_line(angle, line.angle_deg))
            spots.append(Spot(ring.name, index, shape, angle, ring.radius, lines))
    return spots


def line_pairs(board: Board) -> list[tuple[Spot, Spot]]:
    """The pairs of the pair scoring: along each straight line, every two crossing spots next to
    each other (the two innermost are neighbours across the centre)."""
    pairs = []
    spots = board_spots(board)
    for line in board.lines:
        dx, dy = math.cos(math.radians(line.angle_deg)), math.sin(math.radians(line.angle_deg))
        along = sorted((s.radius * (math.cos(math.radians(s.angle)) * dx + math.sin(math.radians(s.angle)) * dy), i)
                       for i, s in enumerate(spots) if line.name in s.lines)
        pairs += [(spots[a[1]], spots[b[1]]) for a, b in zip(along, along[1:])]
    return pairs


def most_of_one_colour(spec) -> int:
    """How many diatoms of one colour a board can hold: any colour fits any spot of its shape, as
    far as a colour has tokens of that shape."""
    spots = board_spots(spec.board)
    per_colour = spec.tokens.per_colour
    return sum(min(sum(1 for s in spots if s.shape == shape), per_colour.get(shape, 0)) for shape in SHAPES)


@rules.rule("diatoms.board", "three rings and three straight lines; every ring offers all five shapes; "
                             "crossings exist; 8 of a colour fit")
def check_board(spec):
    board = spec.board
    names = [ring.name for ring in board.rings]
    if sorted(names) != sorted(RINGS):
        yield error(where(board, "rings"), f"the rings are {', '.join(names) or 'none'}; a board has three: "
                                           f"{', '.join(RINGS)}")
    line_names = [line.name for line in board.lines]
    if sorted(line_names) != sorted(LINES):
        yield error(where(board, "lines"), f"the straight lines are {', '.join(line_names) or 'none'}; a board has "
                                           f"three: {', '.join(LINES)}")
    for index, line in enumerate(board.lines):
        allowed = LINES.get(line.name)
        if allowed and not any(_on_line(line.angle_deg, angle) for angle in allowed):
            yield error(where(board, f"lines[{index}]"), f"the {line.name} line runs at {line.angle_deg:g} degrees, "
                                                         f"not {' or '.join(f'{a:g}' for a in allowed)}")
    for index, ring in enumerate(board.rings):
        missing = [shape for shape in SHAPES if shape not in ring.spots]
        if missing:
            yield error(where(board, f"rings[{index}]"),
                        f"the {ring.name} ring has no spot for: {', '.join(missing)}; every ring offers all five "
                        "shapes, so its shape bonus can be won")
    if board.rings and board.lines and not any(spot.crossing for spot in board_spots(board)):
        yield error(where(board, "rings"), "no spot sits where a straight line crosses a ring, so no pair can score; "
                                           "start a ring's spots on a line's angle")
    reach = most_of_one_colour(spec)
    if reach < COLOUR_BONUS:
        yield error(where(board, "rings"), f"a board holds at most {reach} diatoms of one colour, so the 40 points "
                                           f"for {COLOUR_BONUS} of a colour can never be won; add spots, or "
                                           "tokens of the shapes a colour runs short of")


# ---------------------------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------------------------

RINGS_DRAWER = "diatoms.board-rings"


def board_style(spec, piece_id: str = "player-board-1"):
    return spec.style.resolve("player-board", piece=piece_id)  # its safe_mm: the style's


def spot_reach(board: Board, layouts) -> float:
    """How far from a spot's centre what its layouts draw reaches, in mm: half its square, or as far
    as the largest `size` of its elements (a crossing's ring, of the square's width) reaches."""
    sizes = [element.size for name in ("board-spot", "board-crossing") for _, element in layouts.layouts[name]
             if element.size]
    return board.spot_mm / 2 * max([1.0] + sizes)


def ring_centre(box, board: Board, layouts) -> tuple[float, float, float]:
    """The centre of the rings in their box and their scale (a ring of radius 1 is `half` mm): half
    the box's width, or less where the box is too low for the outer spots and their crossings' rings."""
    x, y, w, h = box
    outer = max((ring.radius for ring in board.rings), default=0.5)
    half = min(w / 2, (h / 2 - spot_reach(board, layouts)) / outer)
    return x + w / 2, y + h / 2, half


def ring_scale(spec) -> float:
    """How many mm a ring of radius 1 spans on the printed board (the checks measure spots with it):
    from the box the board's layout gives the rings (the least, if it draws them twice)."""
    area = Area(spec.board.width_mm, spec.board.height_mm, 0.0)
    return min((ring_centre(box, spec.board, spec.layouts)[2] for box, _ in
                drawn_parts(spec, "player-board", RINGS_DRAWER, area, board_style(spec))), default=area.width / 2)


def spot_centre(spot: Spot, centre: tuple[float, float, float]) -> tuple[float, float]:
    cx, cy, half = centre
    angle = math.radians(spot.angle)
    return cx + spot.radius * half * math.cos(angle), cy - spot.radius * half * math.sin(angle)


@register_drawer(RINGS_DRAWER)
def draw_board_rings(canvas, box, row, face, element) -> None:
    """The rings, the straight lines through their centre and every spot (row: board, labels, the
    shapes' names as printed), as large as the box allows: the rings in the element's stroke, each
    spot a layout (board-spot, over board-crossing where a straight line crosses its ring) in a
    square as wide as the board's spot_mm, and the centre (board-centre) in one more, in the
    element's colours and sizes."""
    board, style = row["board"], drawer_style(face, element, row)
    centre = ring_centre(box, board, face.layouts)
    cx, cy, half = centre
    spot_r = board.spot_mm / 2
    outer = max((ring.radius for ring in board.rings), default=0.5) * half
    # The straight lines, under everything, from rim to rim of the outer spots through the centre.
    for line in board.lines:
        dx, dy = math.cos(math.radians(line.angle_deg)), -math.sin(math.radians(line.angle_deg))
        reach = outer + spot_r * 0.6
        canvas.line(cx - dx * reach, cy - dy * reach, cx + dx * reach, cy + dy * reach, stroke=style.accent,
                    width=style.line_mm * 3)
    for ring in board.rings:
        canvas.circle(cx, cy, ring.radius * half, stroke=style.line, width=style.line_mm * 1.6)
    labels = dict(row["labels"])
    cells = []
    for spot in board_spots(board):
        x, y = spot_centre(spot, centre)
        cells.append((((x - spot_r, y - spot_r, 2 * spot_r, 2 * spot_r),
                       {"symbol": shape_symbol(spot.shape), "label": labels[spot.shape]}), spot.crossing))
    # A crossing wears a ring in the straight lines' colour, under every spot (board-crossing).
    draw_cells(canvas, face.layouts, "board-crossing", [cell for cell, crossing in cells if crossing], style,
               element.where)
    draw_cells(canvas, face.layouts, "board-spot", [cell for cell, _ in cells], style, element.where)
    draw_cells(canvas, face.layouts, "board-centre", [((cx - spot_r, cy - spot_r, 2 * spot_r, 2 * spot_r), {})],
               style, element.where)


def board_face(spec, number: int, piece_id: str):
    words = spec.words
    return face(spec, "player-board", board_style(spec, piece_id), board=spec.board, title=words(
        "board.title", title=spec.title), number=words("board.number", number=number), intro=words("board.intro"),
        key=words("board.key", rings=", ".join(ring_label(spec, ring.name) for ring in spec.board.rings)),
        labels=tuple((shape, shape_label(spec, shape)) for shape in SHAPES))


def seats(spec, copies: int) -> int:
    """How many of a player's own sheet to print: one per seat at the largest table the file allows,
    and no more than `copies` asks for."""
    return min(copies, max(spec.players, default=copies))


def board_pieces(spec) -> list[Piece]:
    board = spec.board
    shape = Rect(board.width_mm, board.height_mm)
    pieces = []
    for n in range(1, seats(spec, board.copies) + 1):
        piece_id = f"player-board-{n}"
        pieces.append(Piece(piece_id, shape, board_face(spec, n, piece_id)))
    return pieces


def paper_components(spec) -> list[Component]:
    """player-board, score-pad, field-notebook, guest-judge, rules-sheet."""
    boards = Component("player-board", component_title(spec, "player-board"), board_pieces(spec))
    return [boards] + paper_sheets(spec, judge_component(spec))
