"""The sheets of Diatoms: the score pad, the field notebooks (a player's reference) and the rules
sheet, every word our own. Numbers (tiles set aside, rounds, token counts, the board's pairs) come
from the spec, so a changed setup changes the paper with it.

Text is laid out as blocks (headings, paragraphs, bullets, the group-size chart) flowing down
columns; the body shrinks from the style's size towards 7 pt until the blocks fit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from generator.fonts import text_width, wrap
from generator.kit.prose import Figure, prose_pieces
from generator.kit.symbols import draw_symbol
from generator.kit.text import centred_baseline, fit_line, measure_drawing, top_baseline
from generator.model import Area, Component, Piece, fill_bleed
from generator.schema import spec_field
from generator.shapes import Rect
from generator.styles import Style

from .symbols import shape_symbol
from .tiles import SHAPES

@dataclass(kw_only=True)
class Sheet:
    """A printed sheet's size: it fits A4 and Letter inside their margins with its bleed."""

    width_mm: float = spec_field(180.0, positive=True, minimum=100, maximum=200)
    height_mm: float = spec_field(250.0, positive=True, minimum=100, maximum=255)


@dataclass(kw_only=True)
class Notebook:
    copies: int = spec_field(4, count=True, maximum=8)
    width_mm: float = spec_field(180.0, positive=True, minimum=100, maximum=200)
    height_mm: float = spec_field(122.0, positive=True, minimum=80, maximum=255)


# ---------------------------------------------------------------------------------------------
# Words, in our own phrasing, with the numbers taken from the spec
# ---------------------------------------------------------------------------------------------

def tiles_in_play(spec) -> int:
    return 1 + len(spec.tiles.set)


def pile_sizes(spec) -> dict[int, int]:
    """Tiles in each of the two stacks, by player count."""
    sizes = {}
    for players in spec.players:
        rest = tiles_in_play(spec) - 2 - spec.setup.hand * players - spec.setup.removed.get(players, 0)
        sizes[players] = rest // 2
    return sizes


def rounds_text(spec) -> str:
    by_rounds: dict[int, list[int]] = {}
    for players in sorted(spec.players):
        by_rounds.setdefault(spec.setup.rounds.get(players, 8), []).append(players)
    parts = [f"{rounds} rounds with {' or '.join(map(str, counts))} players" for rounds, counts in by_rounds.items()]
    return "; ".join(parts)


def pairs_rule(spec) -> str:
    from .board import line_pairs
    pairs = len(line_pairs(spec.board))
    return (f"Pairs: follow each straight line from end to end. Every two diatoms sitting side by side on it, "
            f"on crossing spots, make a pair (the two nearest the middle are side by side across the centre): "
            f"{pairs} pairs in all on a full board. A pair of the same shape or the same colour scores 5; "
            "the same shape and colour, 15. An empty spot breaks the pair.")


STUCK = "No tile in your hand fits anywhere? Keep the tile you drew and pass your placement: no sample this turn."
SIZE_RULE = ("A group of 6 (one colour all round the point): split it into two groups as you choose (3 + 3, "
             "4 + 2 or 5 + 1) and take a diatom for each.")
WHITE_RULE = "White triangles are wild for matching, but a white group gives nothing."
RUN_OUT = ("Shape all gone? Split that group into two groups as you choose (a 5 into 4 + 1 or 3 + 2, a 4 into "
           "3 + 1 or 2 + 2, and so on) and take a diatom for each group whose shape is left. A single triangle "
           "cannot split, and a split whose shapes are gone too gives nothing.")
VARIANT = ("Even split (optional variant, agreed before play): always split as evenly as you can, the larger group "
           "first: 6 = 3 + 3, 5 = 3 + 2, 4 = 2 + 2, 3 = 2 + 1, 2 = 1 + 1.")
PLACING = ("Put each new diatom on an empty spot showing its shape; the colour does not matter. If such a spot is "
           "free you must use it; if not, the diatom goes back to its dish. Once your turn's diatoms are placed, "
           "they stay.")


def scoring_blocks(spec) -> list[tuple]:
    return [
        ("b", "Each colour: 8 or more diatoms score 40, 5 to 7 score 20, 3 or 4 score 5."),
        ("b", pairs_rule(spec)),
        ("b", "Each ring: count its different shapes. All 5 score 40, 4 score 20, 2 or 3 score 5."),
        ("b", "Guest judge, if one is out: add (or take off) what its card says."),
        ("b", "Most points wins. Tied? The fewest diatoms on the board wins; still tied, you share the win."),
    ]


def notebook_blocks(spec) -> list[tuple]:
    return [
        ("h", "Your turn"),
        ("n", "Draw the top tile of either stack (one stack empty: the other; both empty: none)."),
        ("n", "Lay one tile from your hand against the pond. Touching triangles must share a colour, "
              "or one of them is white."),
        ("n", "Sample every new point where three tiles meet and take your diatoms."),
        ("n", "Hand the lens on; the next player may start while you place."),
        ("n", "Place your diatoms before your next turn (in the last round, when asked)."),
        ("p", STUCK),
        ("h", "Sample points"),
        ("p", "Around a point lie six triangles. Neighbours of one colour form a group; each group gives one "
              "diatom of its colour, its size naming the shape:"),
        (SIZES,),
        ("p", SIZE_RULE),
        ("p", WHITE_RULE),
        ("h", "Running out"),
        ("p", RUN_OUT),
        ("p", VARIANT),
        ("h", "Placing diatoms"),
        ("p", PLACING),
        ("h", "End scoring"),
        *scoring_blocks(spec),
    ]


def rules_blocks(spec) -> list[tuple]:
    per_colour = spec.tokens.per_colour
    tokens = ", ".join(f"{per_colour.get(shape, 0)} {shape}s" for shape in SHAPES)
    colours = ", ".join(colour.name for colour in spec.colours)
    total_tokens = sum(per_colour.values()) * len(spec.colours)
    judges = len(spec.judges.cards)
    setup_rows = []
    piles = pile_sizes(spec)
    for players in sorted(spec.players):
        removed = spec.setup.removed.get(players, 0)
        aside = f"set {removed} tiles aside unseen" if removed else "set no tiles aside"
        setup_rows.append(("b", f"{players} players: {aside}, then two stacks of {piles[players]}; "
                                f"{spec.setup.rounds.get(players, 8)} rounds."))
    return [
        ("title", f"{spec.title}: the rules"),
        ("p", "Sample a pond of water tiles for diatoms, tiny algae of five shapes and five colours, and "
              "arrange them on your field board. The best collection wins."),
        ("h", "In the box"),
        ("b", f"{tiles_in_play(spec)} water tiles of six triangles each ({colours}, or white). "
              "Both sides of a tile are alike. The starting tile is marked START."),
        ("b", f"{total_tokens} diatoms: in each colour {tokens}."),
        ("b", "A lens, five petri dishes, a field board and a field notebook for each player, a score pad"
              + (f" and {judges} guest judge cards." if judges else ".")),
        ("h", "You also need"),
        ("b", "A pen or pencil for each player, for the score pad."),
        ("b", "Scissors or a craft knife (and a ruler for the straight cuts)."),
        ("h", "Cutting the pieces"),
        ("p", "Cut each hex tile along its outer outline, the line that stands out from the art; the thin lines "
              "inside are only the seams between triangles. Six straight cuts make a hex: with a knife and a ruler, "
              "lay the ruler along one edge at a time. Tiles print on both sides alike, so a slightly shifted back "
              "does no harm; keep the edges true, as their colours must match. Then cut out the diatoms, the "
              "dishes and the lens, and the lens's round window."),
        ("h", "Setting up"),
        ("n", "Sort the diatoms into the dishes, by colour or by shape, where all can reach."),
        ("n", f"Each player takes a field board, a notebook and {spec.setup.hand} random tiles, laid face up "
              "in front of them."),
        ("n", "Lay the starting tile in the middle, and a random tile against it so the touching triangles match."),
        ("n", "By the number of players:"),
        *setup_rows,
        ("n", "Split the other tiles into two equal stacks."),
        ("n", "The first player takes the lens. Play goes clockwise."),
        ("n", "If you like (not in a first game), draw a guest judge and pick its green or pink side."),
        ("h", "A turn"),
        ("n", "Draw: take the top tile of either stack. If one is empty take from the other; if both are, "
              "draw nothing."),
        ("n", "Place: lay one tile from your hand so it touches the pond. Along every touching edge the two "
              "triangles share a colour, or one is white. Tiles you keep stay in your hand."),
        ("n", "Sample: each corner your tile makes where three tiles meet is a sample point. Collect diatoms "
              "at every one (below); the lens helps you see the six triangles."),
        ("n", "Hand the lens to your left: the next player begins."),
        ("n", "Arrange your new diatoms on your board while play goes on; finish before your next turn. "
              "In the last round the next player may ask you to finish first."),
        ("p", STUCK),
        ("h", "Sample points"),
        ("p", "The six triangles round a point fall into groups: neighbours of one colour. Each group gives "
              "one diatom of its colour; its size says which shape:"),
        (SIZES,),
        ("p", SIZE_RULE),
        ("p", WHITE_RULE),
        ("p", RUN_OUT),
        ("p", VARIANT),
        ("h", "Placing diatoms"),
        ("p", PLACING),
        ("h", "The end"),
        ("p", f"The game lasts {rounds_text(spec)}. When the last player has placed, score with the pad."),
        ("h", "Scoring"),
        *scoring_blocks(spec),
        ("h", "Guest judges"),
        ("p", "A judge scores extra at the end. Its green side only adds points; its pink side takes some "
              "away and gives others. Everyone plays under the same judge."),
    ]


# ---------------------------------------------------------------------------------------------
# The group-size chart, a figure in the prose
# ---------------------------------------------------------------------------------------------

def sizes_per_row(width: float, style: Style, body: float) -> int:
    """Six cells in a row if the longest shape name fits one at the body size, else two rows of three."""
    longest = max(text_width(name, body, style.body.face) for name in SHAPES)
    return 6 if width / 6 >= longest * 1.1 else 3


def _draw_sizes(canvas, x, y, width, style: Style, body: float) -> float:
    """Group size to shape: six cells, the size above the shape it gives (6: two triangles)."""
    per_row = sizes_per_row(width, style, body)
    cell = width / per_row
    row_h = body * 4.8
    canvas.rect(x, y + body * 0.2, width, row_h * (6 // per_row), radius=1.0, fill=style.panel)
    names = list(SHAPES) + ["two"]
    for i, name in enumerate(names):
        cx = x + cell * (i % per_row + 0.5)
        top = y + row_h * (i // per_row)
        canvas.text(cx, top + body * 1.3, str(i + 1), body, fill=style.ink, face=style.title.face, anchor="middle")
        if name == "two":  # a whole ring splits into two groups, as the player chooses: two diatoms, any shapes
            for dx in (-body * 0.45, body * 0.45):
                canvas.circle(cx + dx, top + body * 2.45, body * 0.33, stroke=style.muted, width=body * 0.09)
        else:
            draw_symbol(canvas, shape_symbol(name), cx, top + body * 2.45, body * 1.3, style.muted)
        canvas.text(cx, top + body * 4.45, name, body, fill=style.ink, face=style.body.face, anchor="middle")
    return y + row_h * (6 // per_row) + body * 0.4


def _sizes_height(width: float, style: Style, body: float) -> float:
    return body * 4.8 * (6 // sizes_per_row(width, style, body)) + body * 0.4


SIZES = Figure(_sizes_height, _draw_sizes)


# ---------------------------------------------------------------------------------------------
# The score pad: a row per scoring line, a column per player
# ---------------------------------------------------------------------------------------------

def pad_rows(spec) -> list[tuple[str, str, object]]:
    """(label, guide, what to draw beside the label) for each row to fill in."""
    rows = [(colour.name.capitalize(), "8+: 40   5+: 20   3+: 5", colour) for colour in spec.colours]
    rows.append(("Pairs on the lines", "each: 5 shape or colour, 15 both", "pairs"))
    rows += [(f"{ring.name.capitalize()} ring", "shapes 5: 40   4: 20   2-3: 5", ring.name)
             for ring in spec.board.rings]
    rows.append(("Guest judge", "as its card says; may be minus", "judge"))
    rows.append(("Total", "most points wins", "total"))
    rows.append(("Diatoms on board", "tie: the fewest wins", "tie"))
    return rows


def pad_notes(spec) -> list[str]:
    return [pairs_rule(spec),
            "Colours, rings and pairs are counted on your own board. Fill in the judge's row (points added or "
            "taken off) only when a guest judge is in play.",
            "Highest total wins. Tied totals: fewer diatoms on the board wins; still tied, the win is shared.",
            STUCK]


def _draw_notes(canvas, notes: list[str], x: float, y: float, width: float, style: Style) -> float:
    """Bulleted notes from top y; returns where they end."""
    body = style.body
    for note in notes:
        lines = wrap(note, body.size, width - body.size * 1.4, body.face)
        canvas.circle(x + body.size * 0.45, y + body.size * 0.7, body.size * 0.15, fill=style.accent)
        y = canvas.text_block(x + body.size * 1.4, y + body.size, lines, body.size, fill=style.ink,
                              face=body.face) - body.size + body.size * 0.45
    return y


def draw_score_pad(canvas, area: Area, spec, style: Style) -> None:
    fill_bleed(canvas, area, style.background)
    safe = style.safe_mm
    width = area.width - 2 * safe
    title = f"{spec.title}: score pad"
    size = fit_line(title, style.title.size, width, style.title.face)
    y = top_baseline(title, size, style.title.face, safe)
    canvas.text(safe, y, title, size, fill=style.ink, face=style.title.face)
    body, small, index = style.body, style.small, style.index
    players = max(spec.players, default=4)
    label_w = width * 0.4
    col_w = (width - label_w) / players
    rows = pad_rows(spec)
    notes = pad_notes(spec)
    notes_h = measure_drawing(_draw_notes, notes, 0.0, 0.0, width, style)
    top = y + size * 0.8
    room = area.height - safe - notes_h - body.size * 1.5 - top
    row_h = max(index.size + small.size * 1.6, min(room / (len(rows) + 1), width * 0.08))
    # The heading row: a name per player.
    canvas.text(safe + 1.0, centred_baseline("Player", index.size, index.face, top + row_h / 2), "Player",
                index.size, fill=style.ink, face=index.face)
    for p in range(players):
        canvas.rect(safe + label_w + p * col_w, top, col_w, row_h, stroke=style.line, width=style.line_mm)
    y = top + row_h
    for i, (label, guide, what) in enumerate(rows):
        fill = style.panel if what == "total" or (i % 2 == 0 and what != "tie") else style.background
        canvas.rect(safe, y, width, row_h, fill=fill, stroke=style.line, width=style.line_mm * 0.6)
        icon = min(row_h * 0.55, index.size * 1.6)
        ix, iy = safe + 1.0 + icon / 2, y + row_h / 2
        if hasattr(what, "mark"):
            canvas.circle(ix, iy, icon / 2, fill=what.colour, stroke=style.line, width=style.line_mm * 0.5)
            draw_symbol(canvas, what.mark, ix, iy, icon * 0.55, style.ink_on(what.colour))
        elif what in [ring.name for ring in spec.board.rings]:
            rings = [ring.name for ring in spec.board.rings]
            for k, name in enumerate(rings):
                chosen = name == what
                canvas.circle(ix, iy, icon / 2 * (k + 1) / len(rings), stroke=style.ink if chosen else style.muted,
                              width=style.line_mm * (2.2 if chosen else 0.5))
        elif what == "pairs":
            canvas.line(ix - icon / 2, iy, ix + icon / 2, iy, stroke=style.accent, width=style.line_mm * 2.5)
            for dx in (-icon * 0.3, icon * 0.3):
                canvas.circle(ix + dx, iy, icon * 0.2, fill=style.background, stroke=style.ink, width=style.line_mm)
        text_x = safe + 2.5 + icon
        face = style.title.face if what == "total" else index.face
        lsize = fit_line(label, index.size, label_w - icon - 3.5, face)
        gsize = fit_line(guide, small.size, label_w - icon - 3.5, small.face)
        base = y + row_h / 2 - (gsize * 1.3) / 2 + lsize * 0.36
        canvas.text(text_x, base, label, lsize, fill=style.ink, face=face)
        canvas.text(text_x, base + gsize * 1.35, guide, gsize, fill=style.muted, face=small.face)
        for p in range(players):
            canvas.rect(safe + label_w + p * col_w, y, col_w, row_h, stroke=style.line, width=style.line_mm * 0.6)
        if what in ("total", "tie"):
            canvas.line(safe, y, safe + width, y, stroke=style.ink, width=style.line_mm * 2)
        y += row_h
    _draw_notes(canvas, notes, safe, y + body.size * 0.8, width, style)


# ---------------------------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------------------------

def paper_sheets(spec, judges: Component) -> list[Component]:
    pad, notebook, sheet = spec.score_pad, spec.field_notebook, spec.rules_sheet
    pad_style = spec.style.resolve("score-pad", piece="score-pad", safe_mm=6.0)
    score_pad = [Piece("score-pad", Rect(pad.width_mm, pad.height_mm),
                       partial(draw_score_pad, spec=spec, style=pad_style))]
    from .board import seats  # here: board.py imports this module for its sheets

    ids = [f"field-notebook-{n}" for n in range(1, seats(spec, notebook.copies) + 1)]
    notebooks = prose_pieces(spec, "field-notebook", ids, Rect(notebook.width_mm, notebook.height_mm),
                            [notebook_blocks(spec)] * len(ids), 3, header=f"{spec.title}: field notebook")
    rules_sheet = prose_pieces(spec, "rules-sheet", ["rules-sheet"], Rect(sheet.width_mm, sheet.height_mm),
                              [rules_blocks(spec)], 2)
    return [
        Component("score-pad", "Score pad", score_pad, cut_guides=False),
        Component("field-notebook", "Field notebooks", notebooks),
        judges,
        Component("rules-sheet", "Rules sheet", rules_sheet, cut_guides=False),
    ]
