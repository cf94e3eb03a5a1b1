"""The sheets of Diatoms: the score pad, the field notebooks (a player's reference) and the rules
sheet, every word our own. Numbers (tiles set aside, rounds, token counts, the board's pairs) come
from the spec, so a changed setup changes the paper with it.

Text is laid out as blocks (headings, paragraphs, bullets, the group-size chart) flowing down
columns; the body shrinks from the style's size towards 7 pt until the blocks fit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from functools import partial

from generator.fonts import text_width
from generator.canvas import PT
from generator.kit.prose import (FLOOR_PT, RULES_COLUMNS, RULES_SAFE_MM, Figure, RulesSheet, flow, prose_size,
                                 rules_sheet_component)
from generator.kit.prose import rules_pages as prose_rules_pages
from generator.kit.layouts import draw_cells, drawer_style, register_drawer, stacked
from generator.kit.text import fit_size, listed
from generator.model import Area, Component, Piece
from generator.schema import spec_field
from generator.shapes import Rect
from generator.styles import Style

from .faces import drawn_parts, face
from .rulebook import PLAYER_COUNTS, USUAL_ROUNDS
from .symbols import shape_symbol
from .tiles import SHAPES
from .wording import colour_label, component_title, ring_label, shape_label, shapes_count

@dataclass(kw_only=True)
class Notebook(RulesSheet):
    """A field notebook's sheet (a sheet of prose, as the rules sheet is, but lower) and how many print."""

    copies: int = spec_field(4, count=True, maximum=8)
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
    """"10 rounds with 2 players; 8 rounds with 3 or 4 players"."""
    by_rounds: dict[int, list[int]] = {}
    for players in sorted(spec.players):
        by_rounds.setdefault(spec.setup.rounds.get(players, USUAL_ROUNDS), []).append(players)
    return "; ".join(spec.words("rules.end.rounds", rounds=rounds, players=listed(spec.words, counts, "or"))
                     for rounds, counts in by_rounds.items())


def pairs_rule(spec) -> str:
    from .board import line_pairs
    return spec.words("score.pairs", pairs=len(line_pairs(spec.board)))


def scoring_blocks(spec) -> list[tuple]:
    words = spec.words
    return [("b", words("score.colour")), ("b", pairs_rule(spec)), ("b", words("score.ring")),
            *([("b", words("score.judge"))] if spec.judges.cards else []), ("b", words("score.win"))]


def sampling_blocks(spec, how: str) -> list[tuple]:
    """Sampling with the lens and the group sizes it finds, as the notebook and the rules sheet both
    tell it (`how`: the words that introduce it)."""
    words = spec.words
    return [("h", words("sample.heading")), ("p", words(how)), (sizes_figure(spec),), ("p", words("size.six")),
            ("p", words("size.white"))]


def notebook_blocks(spec) -> list[tuple]:
    words = spec.words
    return [
        ("h", words("notebook.turn")),
        *[("n", words(f"notebook.turn.{step}")) for step in ("draw", "place", "sample", "pass", "arrange")],
        ("p", words("stuck")),
        *sampling_blocks(spec, "notebook.sample"),
        ("h", words("notebook.run-out")),
        ("p", words("run-out")),
        ("p", words("run-out.variant")),
        ("h", words("placing.heading")),
        ("p", words("placing")),
        ("h", words("notebook.scoring")),
        *scoring_blocks(spec),
    ]


def rules_blocks(spec) -> list[tuple]:
    words = spec.words
    per_colour = spec.tokens.per_colour
    tokens = listed(spec.words, [shapes_count(spec, shape, per_colour.get(shape, 0)) for shape in SHAPES])
    colours = ", ".join(colour_label(spec, colour) for colour in spec.colours)
    total_tokens = sum(per_colour.values()) * len(spec.colours)
    judges = len(spec.judges.cards)
    setup_rows = []
    piles = pile_sizes(spec)
    for players in sorted(spec.players):
        removed = spec.setup.removed.get(players, 0)
        setup_rows.append(("b", words("rules.setup.aside" if removed else "rules.setup.none-aside", players=players,
                                      removed=removed, pile=piles[players],
                                      rounds=spec.setup.rounds.get(players, USUAL_ROUNDS))))
    return [
        ("title", words("rules.title", title=spec.title)),
        ("p", words("rules.intro")),
        ("h", words("rules.box")),
        ("b", words("rules.box.tiles", tiles=tiles_in_play(spec), colours=colours, start=words("tile.start"))),
        ("b", words("rules.box.diatoms", total=total_tokens, tokens=tokens)),
        ("b", words("rules.box.kit.judges", judges=judges) if judges else words("rules.box.kit")),
        ("h", words("rules.need")),
        ("b", words("rules.need.pen")),
        ("b", words("rules.need.cutting")),
        ("h", words("rules.cutting")),
        ("p", words("rules.cutting.text")),
        ("h", words("rules.setup")),
        ("n", words("rules.setup.sort")),
        ("n", words("rules.setup.deal", hand=spec.setup.hand)),
        ("n", words("rules.setup.start")),
        ("n", words("rules.setup.by-players")),
        *setup_rows,
        ("n", words("rules.setup.stacks")),
        ("n", words("rules.setup.first")),
        *([("n", words("rules.setup.judge"))] if judges else []),
        ("h", words("rules.turn")),
        *[("n", words(f"rules.turn.{step}")) for step in ("draw", "place", "sample", "pass", "arrange")],
        ("p", words("stuck")),
        *sampling_blocks(spec, "rules.sample"),
        ("p", words("run-out")),
        ("p", words("run-out.variant")),
        ("h", words("placing.heading")),
        ("p", words("placing")),
        ("h", words("rules.end")),
        ("p", words("rules.end.text", rounds=rounds_text(spec))),
        ("h", words("rules.scoring")),
        *scoring_blocks(spec),
        *([("h", words("rules.judges")), ("p", words("rules.judges.text"))] if judges else []),
    ]


# ---------------------------------------------------------------------------------------------
# The group-size chart, a figure in the prose
# ---------------------------------------------------------------------------------------------

CHART_ROW_EMS = 4.8  # a row of the chart, in body sizes: the size, the shape and the label
CHART_PAD_EMS = 0.2  # the panel's margin above and below its rows


def chart_cells(labels: list[str], layouts, width: float, style: Style, body: float) -> int:
    """Cells in a row: all of them if the longest label fits the label's box in one at the body
    size, else two rows."""
    longest = max(text_width(label, body, style.body.face) for label in labels)
    label = dict(layouts.layouts["group-size"])["label"]
    room = label.box[0] if label.box else 1.0
    return len(labels) if longest <= width / len(labels) * room else math.ceil(len(labels) / 2)


def _draw_sizes(labels: list[str], layouts, canvas, x, y, width, style: Style, body: float) -> float:
    """Group size to shape: a cell per size (layouts group-size, and group-size-split for six,
    whose ring splits in two), the size above the shape it gives, on one panel."""
    per_row = chart_cells(labels, layouts, width, style, body)
    cell, row_h = width / per_row, body * CHART_ROW_EMS
    rows = math.ceil(len(labels) / per_row)
    canvas.rect(x, y + body * CHART_PAD_EMS, width, row_h * rows, radius=1.0, fill=style.panel)
    in_body = replace(style, title=replace(style.title, size=body), body=replace(style.body, size=body))
    for i, (name, label) in enumerate(zip(list(SHAPES) + [None], labels)):
        box = (x + cell * (i % per_row), y + row_h * (i // per_row), cell, row_h)
        row = {"number": str(i + 1), "label": label, "symbol": shape_symbol(name) if name else ""}
        draw_cells(canvas, layouts, "group-size" if name else "group-size-split", [(box, row)], in_body)
    return y + _sizes_height(labels, layouts, width, style, body)


def _sizes_height(labels: list[str], layouts, width: float, style: Style, body: float) -> float:
    rows = math.ceil(len(labels) / chart_cells(labels, layouts, width, style, body))
    return body * (CHART_ROW_EMS * rows + 2 * CHART_PAD_EMS)


@register_drawer("diatoms.ring-pair")
def draw_ring_pair(canvas, box, row, face, element) -> None:
    """Two diatoms of any shapes, as a whole ring splits into two groups: two rings side by side, as
    tall as the box, in the element's stroke."""
    x, y, width, height = box
    style = drawer_style(face, element, row)
    radius = height / 2
    for side in (-1, 1):  # apart by most of a ring's width, their rims a quarter of their radius wide
        canvas.circle(x + width / 2 + side * radius * 1.364, y + radius, radius, stroke=style.line,
                      width=radius * 0.273)


def sizes_figure(spec) -> Figure:
    """The group-size chart, labelled in the game's words."""
    labels = [shape_label(spec, shape) for shape in SHAPES] + [spec.words("size.two")]
    return Figure(partial(_sizes_height, labels, spec.layouts), partial(_draw_sizes, labels, spec.layouts))


# ---------------------------------------------------------------------------------------------
# The score pad: a row per scoring line, a column per player
# ---------------------------------------------------------------------------------------------

def pad_rows(spec) -> tuple[tuple[str, str, tuple], ...]:
    """(label, guide, what its icon shows) for each row to fill in: ("colour", fill, mark),
    ("ring", which, of how many), ("pairs",), ("judge",), ("total",) or ("tie",)."""
    words = spec.words
    rings = [ring.name for ring in spec.board.rings]
    rows = [(words("pad.colour", colour=colour_label(spec, colour)), words("pad.colour.guide"),
             ("colour", colour.colour, colour.mark)) for colour in spec.colours]
    rows.append((words("pad.pairs"), words("pad.pairs.guide"), ("pairs",)))
    rows += [(words("pad.ring", ring=ring_label(spec, ring)), words("pad.ring.guide"), ("ring", k, len(rings)))
             for k, ring in enumerate(rings)]
    if spec.judges.cards:  # no judge cards printed: no judge's row
        rows.append((words("pad.judge"), words("pad.judge.guide"), ("judge",)))
    rows.append((words("pad.total"), words("pad.total.guide"), ("total",)))
    rows.append((words("pad.tie"), words("pad.tie.guide"), ("tie",)))
    return tuple(rows)


def pad_notes(spec) -> tuple[str, ...]:
    words = spec.words
    count = words("pad.note.count") if spec.judges.cards else words("pad.note.count.no-judges")
    return (pairs_rule(spec), count, words("pad.note.win"), words("stuck"))


def score_cells(rows: tuple, players: int, x: float, y: float, width: float, row_h: float, style: Style
                ) -> list[tuple]:
    """((box, row), layout) of each row of the table from top y: its label, how it scores and its
    shade (every other row, and the total, on the panel), what its picture shows, and its players'
    cells. A row's layout is score-<what it scores>: score-colour, score-pairs, ..., score-tie."""
    cells = []
    for i, (label, guide, what) in enumerate(rows):
        shaded = what[0] == "total" or (i % 2 == 0 and what[0] != "tie")
        row = {"label": label, "guide": guide, "shade": "panel" if shaded else "background", "players": players}
        if what[0] == "colour":
            row.update(fill=what[1], mark=what[2], mark_ink=style.ink_on(what[1]))
        elif what[0] == "ring":
            row.update(ring=what[1], rings=what[2])
        cells.append((((x, y + i * row_h, width, row_h), row), f"score-{what[0]}"))
    return cells


@register_drawer("diatoms.player-cells")
def draw_player_cells(canvas, box, row, face, element) -> None:
    """A cell for each player (row: players) side by side across the box, in the element's stroke."""
    x, y, width, height = box
    style = drawer_style(face, element, row)
    for p in range(row["players"]):
        canvas.rect(x + p * width / row["players"], y, width / row["players"], height, stroke=style.line,
                    width=style.line_mm)


@register_drawer("diatoms.ring-icon")
def draw_ring_icon(canvas, box, row, face, element) -> None:
    """The rings of the board as the box's square holds them, the row's ring (row: ring, of rings)
    heavier in the ink, the others in the stroke."""
    x, y, width, height = box
    style = drawer_style(face, element, row)
    radius = min(width, height) / 2
    for k in range(row["rings"]):
        chosen = k == row["ring"]
        canvas.circle(x + width / 2, y + height / 2, radius * (k + 1) / row["rings"],
                      stroke=style.ink if chosen else style.line, width=style.line_mm * (4.4 if chosen else 1))


@register_drawer("diatoms.score-table")
def draw_score_table(canvas, box, row, face, element) -> None:
    """The score pad's table filling the box above its notes (row: rows, notes, player, players): a
    heading row and a row per scoring line, each a layout (score-heading, score-<what it scores>),
    all as tall as the rows' room gives, no taller than a row of the pad's width; its notes below,
    each a score-note, `gap_mm` after the rows and after each note. In the element's colours and
    sizes (`role: index` the labels, small their guides, body the notes)."""
    x, top, width, height = box
    style = drawer_style(face, element, row)
    layouts, players, rows, gap = face.layouts, row["players"], row["rows"], element.gap_mm or 0.0
    notes = stacked(layouts, "score-note", [{"note": note} for note in row["notes"]], (x, 0.0, width, 0.0), style,
                    gap)
    room = height - sum(depth for (_, _, _, depth), _ in notes) - gap
    row_h = max(style.index.size + style.small.size * 1.6, min(room / (len(rows) + 1), width * 0.08))
    draw_cells(canvas, layouts, "score-heading", [((x, top, width, row_h), {"player": row["player"],
                                                                             "players": players})], style,
               element.where)
    for cell, layout in score_cells(rows, players, x, top + row_h, width, row_h, style):
        draw_cells(canvas, layouts, layout, [cell], style, element.where)
    below = top + row_h * (len(rows) + 1) + gap
    draw_cells(canvas, layouts, "score-note", [((nx, ny + below, nw, depth), note) for (nx, ny, nw, depth), note
                                               in notes], style, element.where)


# ---------------------------------------------------------------------------------------------
# The field notebook: its words flow down columns in the box its layout gives them
# ---------------------------------------------------------------------------------------------

NOTEBOOK_DRAWER = "diatoms.notebook"


def flowed(blocks: list[tuple], box, style: Style, columns: int, gap: float) -> tuple[float, float]:
    """The body size (mm) at which the blocks fit `columns` columns `gap` mm apart across the box,
    from the style's body size down to the legible floor, and how far past the box's bottom they
    still reach at that size (0 or less: they fit)."""
    x, y, width, height = box
    column = (width - gap * (columns - 1)) / columns
    reach = partial(flow, None, [(x + i * (column + gap), y, column, y + height) for i in range(columns)], blocks,
                    style)
    body = fit_size(reach, 0.0, start=style.body.size, floor=min(style.body.size, FLOOR_PT * PT))
    return body, reach(body)


@register_drawer(NOTEBOOK_DRAWER)
def draw_notebook(canvas, box, row, face, element) -> None:
    """The notebook's words (row: blocks), flowing down the element's `columns`, `gap_mm` apart, at
    the largest body size that fits the box: headings and bullets in the colours and sizes the
    element gives (its `role` is the body's)."""
    style = drawer_style(face, element, row)
    x, y, width, height = box
    gap = element.gap_mm if element.gap_mm is not None else 0.0
    body, _ = flowed(row["blocks"], box, style, element.columns, gap)
    column = (width - gap * (element.columns - 1)) / element.columns
    flow(canvas, [(x + i * (column + gap), y, column, y + height) for i in range(element.columns)], row["blocks"],
         style, body)


# ---------------------------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------------------------

# A notebook grown for a translation is still one a game file may ask for: it fits a sheet.
NOTEBOOK_MOST_MM = next(f for f in fields(Notebook) if f.name == "height_mm").metadata["maximum"]


def rules_pages(spec) -> list[list[tuple]]:
    """The rules on one sheet, or flowing onto more (a long translation's)."""
    return prose_rules_pages(spec, rules_blocks(spec))


def sheet_overflows(spec) -> list[tuple[str, float]]:
    """(piece, mm over) for each sheet of prose whose words do not fit it at the legible floor."""
    found = []
    sheet = Area(spec.rules_sheet.width_mm, spec.rules_sheet.height_mm, 0.0)
    for n, page in enumerate(rules_pages(spec), start=1):
        piece = "rules-sheet" if n == 1 else f"rules-sheet-{n}"
        style = spec.style.resolve("rules-sheet", piece=piece, safe_mm=RULES_SAFE_MM)
        _, over = prose_size(sheet, page, style, RULES_COLUMNS)
        if over > 0:
            found.append((piece, over))
    notebooks = _notebook_overs(spec, notebook_size(spec))
    over = [(piece, mm) for piece, mm in notebooks if mm > 0]
    if over:  # one finding: "field-notebook" when every notebook is over, else the ones styled apart
        name = "field-notebook" if len(over) == len(notebooks) else ", ".join(piece for piece, _ in over)
        found.append((name, max(mm for _, mm in over)))
    return found


def notebook_ids(spec) -> list[str]:
    from .board import seats  # here: board.py imports this module for its sheets

    return [f"field-notebook-{n}" for n in range(1, seats(spec, spec.field_notebook.copies) + 1)]


def _notebook_overs(spec, size: Notebook) -> list[tuple[str, float]]:
    """(piece, mm over) of each field notebook on a sheet of `size`, each measured in its own style (a
    piece may have a face of its own) in the boxes its layout flows the words in; notebooks styled
    alike are measured once."""
    blocks = notebook_blocks(spec)
    area = Area(size.width_mm, size.height_mm, 0.0)
    flows = [element for _, element in spec.layouts.layouts["field-notebook"] if element.draw == NOTEBOOK_DRAWER]
    measured: list[tuple[Style, float]] = []
    found = []
    for piece_id in notebook_ids(spec):
        style = notebook_style(spec, piece_id)
        over = next((over for seen, over in measured if seen == style), None)
        if over is None:
            over = max((flowed(blocks, box, styled, element.columns, element.gap_mm or 0.0)[1] for element, (box, styled)
                        in zip(flows, drawn_parts(spec, "field-notebook", NOTEBOOK_DRAWER, area, style))),
                       default=0.0)
            measured.append((style, over))
        found.append((piece_id, over))
    return found


def notebook_style(spec, piece_id: str) -> Style:
    return spec.style.resolve("field-notebook", piece=piece_id)  # its safe_mm: the style's


def notebook_size(spec) -> Notebook:
    """The field notebook's sheet: the file's, or, where its words do not fit it at 7 pt in the faces
    they print in (a longer translation, a wider font), the least taller by whole millimetres, up to
    half again, that they fit (grown no more than it must, two notebooks still share a Letter sheet
    wherever they can). What still does not fit is the validator's (diatoms.sheets)."""
    notebook = spec.field_notebook
    most = min(notebook.height_mm * 1.5, NOTEBOOK_MOST_MM)
    size = notebook
    while max((over for _, over in _notebook_overs(spec, size)), default=0.0) > 0 and size.height_mm + 1 <= most:
        size = replace(size, height_mm=size.height_mm + 1)
    return size


def paper_sheets(spec, judges: Component) -> list[Component]:
    pad, notebook = spec.score_pad, notebook_size(spec)
    pad_style = spec.style.resolve("score-pad", piece="score-pad")
    score_pad = [Piece("score-pad", Rect(pad.width_mm, pad.height_mm),
                       face(spec, "score-pad", pad_style, title=spec.words("pad.title", title=spec.title),
                            player=spec.words("pad.player"), players=max(spec.players, default=max(PLAYER_COUNTS)),
                            rows=pad_rows(spec), notes=pad_notes(spec)))]
    title, blocks = spec.words("notebook.title", title=spec.title), tuple(notebook_blocks(spec))
    notebooks = [Piece(piece_id, Rect(notebook.width_mm, notebook.height_mm),
                       face(spec, "field-notebook", notebook_style(spec, piece_id), title=title, blocks=blocks))
                 for piece_id in notebook_ids(spec)]
    rules_sheet = rules_sheet_component(spec, rules_blocks(spec))
    return [
        Component("score-pad", component_title(spec, "score-pad"), score_pad, cut_guides=False),
        Component("field-notebook", component_title(spec, "field-notebook"), notebooks),
        judges,
        rules_sheet,
    ]
