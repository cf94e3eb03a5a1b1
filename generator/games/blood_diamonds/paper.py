"""The words of Blood Diamonds on paper: a two-sided reference card for each player and a rules sheet.

The rules' Table 1 gives each suit a tile location, a coin action and a warlord's power; the card's
front says what each one does in a line, and its back walks through a turn. Every sentence is in
data/words/blood_diamonds.yaml, in our own words, with placeholders for what is read from the spec
(names, counts, labels, the winning score), so a renamed suit, a relabelled role or a translation
prints true. The rules sheet flows onto a second sheet when its words do not fit one at 7 pt.
"""

from __future__ import annotations

import math
from functools import partial

from generator.fonts import text_width, wrap
from generator.kit.prose import (LEADING, Figure, draw_prose, prose_size, rules_sheet_component, rules_sheet_errors,
                                 symbol_heading)
from generator.kit.prose import rules_pages as prose_rules_pages
from generator.kit.text import fit_line, listed
from generator.model import Area, Component, Piece
from generator.shapes import Rect

from .labels import KINDS, role_label, suit_label, words_of


# The roles other sentences mention, by (symbol, kind): their printed labels fill the sentences'
# placeholders ({mine}, {digger}, ...), so a translated or relabelled role prints the same everywhere.
NAMED_ROLES = {"mine": ("diamond", "tile"), "lair": ("spade", "tile"), "oasis": ("moon", "tile"),
               "rest": ("moon", "coin"), "jumpy": ("sun", "power"), "digger": ("spade", "power"),
               "swindler": ("diamond", "power")}


def role_labels(spec) -> dict[str, str]:
    """The printed labels of the roles the sentences mention: {"mine": "Diamond Mine", ...}; the words
    file's, when no suit has that symbol."""
    by_symbol = {suit.symbol: suit for suit in spec.suits}
    words, labels = words_of(spec), {}
    for key, (symbol, kind) in NAMED_ROLES.items():
        suit = by_symbol.get(symbol)
        label = role_label(spec, suit, kind).strip() if suit else ""
        labels[key] = label or words(f"{kind}.{symbol}")
    return labels


def player_counts(spec) -> str:
    """"3 to 6 players", "3 players", "3, 4 or 6 players": the counts a file allows, as a sentence says them."""
    words, counts = words_of(spec), sorted(set(spec.players))
    if not counts:
        return words("players.none")
    if len(counts) == 1:
        return words("players.one", count=counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return words("players.range", low=counts[0], high=counts[-1])
    return words("players.list", counts=", ".join(map(str, counts[:-1])), last=counts[-1])


def card_title(spec) -> str:
    title = spec.reference_card.title
    return spec.title if title is None else title


# The reference card --------------------------------------------------------------------------

def suit_rows(spec, suit, labels: dict[str, str]) -> list[tuple[str, str]]:
    """(label, effect) for the suit's tile, coins and power."""
    words = words_of(spec)
    rows = []
    for kind in KINDS:
        key = f"effect.{suit.symbol}.{kind}"
        effect = words(key, **labels) if words.has(key) else ""
        rows.append((words("reference.row", kind=words(f"reference.kind.{kind}"), label=role_label(spec, suit, kind)),
                     effect))
    return rows


def suit_table(spec, suit, labels: list[str], roles: dict[str, str]) -> Figure:
    """The suit's symbol and name, then a row for its tile, its coins and its power: the name in
    bold down the left, what it does beside it. The left column is as wide as the widest of
    `labels`, so every suit's effects line up."""
    rows = suit_rows(spec, suit, roles)
    heading = symbol_heading([(suit.symbol, suit.colour)], words_of(spec)("reference.suit", suit=suit_label(spec, suit)))

    def label_width(width, style, body):
        widest = max(text_width(label, body, style.title.face) for label in labels)
        return min(widest + body * 0.8, width * 0.45)

    def row_lines(width, style, body):
        room = width - label_width(width, style, body)
        return [wrap(effect, body, room, style.body.face) for _, effect in rows]

    def height(width, style, body):
        lines = sum(len(wrapped) for wrapped in row_lines(width, style, body))
        return heading.height(width, style, body) + lines * body * LEADING + body * 0.35

    def draw(canvas, x, y, width, style, body):
        y = heading.draw(canvas, x, y, width, style, body)
        indent = label_width(width, style, body)
        for (label, _), lines in zip(rows, row_lines(width, style, body)):
            base = y + body
            canvas.text(x, base, label, fit_line(label, body, indent - body * 0.5, style.title.face), fill=style.ink,
                        face=style.title.face)
            canvas.text_block(x + indent, base, lines, body, fill=style.ink, face=style.body.face)
            y += len(lines) * body * LEADING
        return y + body * 0.35

    return Figure(height, draw)


def reference_front(spec) -> list[tuple]:
    """Each suit: what its tile, its coins and its warlord's power do."""
    roles = role_labels(spec)
    labels = [label for suit in spec.suits for label, _ in suit_rows(spec, suit, roles)]
    return [("title", words_of(spec)("reference.front.title", title=card_title(spec))),
            *((suit_table(spec, suit, labels, roles),) for suit in spec.suits)]


def reference_back(spec) -> list[tuple]:
    ref, roles, words = spec.reference_card, role_labels(spec), words_of(spec)
    return [
        ("title", words("reference.back.title", title=card_title(spec))),
        *(("n", step) for step in words_of(spec).prefer_list("reference.turn.", ref.turn)),
        ("h", words("reference.every-turn")),
        ("b", words("reference.step")),
        ("b", words("reference.must", lair=roles["lair"])),
        ("b", words("reference.spent")),
        *notes_blocks(spec),
    ]


def notes_blocks(spec) -> list[tuple]:
    """"Remember" and the card's notes; nothing when there are none (no heading over nothing)."""
    notes = words_of(spec).prefer_list("reference.note.", spec.reference_card.notes, win=spec.score_track.win)
    return [("h", words_of(spec)("reference.remember")), *(("b", note) for note in notes)] if notes else []


def reference_style(spec, piece_id: str | None = None):
    return spec.style.resolve("reference-card", piece=piece_id, safe_mm=spec.reference_card.piece.safe_mm)


# A translation's words may need more room than the English they replace. Printed with a chosen words
# file (--words, --lang), a card or pawn whose words do not fit at 7 pt grows, by at most this much of
# its size, before the validator refuses it: a larger card beats an error, and a card many times the
# size it was meant to be is no longer a card. The bundled words keep the sizes the file gives.
MAX_GROWTH = 1.5


def growth(spec) -> float:
    """How much a piece may grow to hold its words: MAX_GROWTH with a chosen words file, else not at all."""
    return MAX_GROWTH if words_of(spec).chosen else 1.0


def reference_fits(spec, height: float | None = None) -> list[tuple[float, float]]:
    """(body size, overflow) of the card's front and back, on the file's card or one `height` tall; an
    overflow above 0 does not fit."""
    piece = spec.reference_card.piece
    area = Area(piece.width_mm, piece.height_mm if height is None else height, 0.0)
    return [prose_size(area, blocks, reference_style(spec), 1)
            for blocks in (reference_front(spec), reference_back(spec))]


def reference_height(spec) -> float:
    """The card's height: the file's, or, printing a chosen words file, taller (up to MAX_GROWTH times)
    until both sides fit at 7 pt."""
    piece = spec.reference_card.piece
    height, most = piece.height_mm, piece.height_mm * growth(spec)
    # One column: the overflow is what it needs, give or take a line that moves; each step grows the
    # card to a whole millimetre past it, so the growing ends.
    while (over := max(overflow for _, overflow in reference_fits(spec, height))) > 0 and height < most:
        height = min(most, math.ceil(height + over))
    return height


def reference_component(spec, face) -> Component:
    """A card per player, printed on both sides: each side's words flowed onto it (the layouts
    reference-front and reference-back place them), as large as fits."""
    piece = spec.reference_card.piece
    height = reference_height(spec)
    shape = piece.rect() if height == piece.height_mm else Rect(piece.width_mm, height, piece.corner_radius_mm)
    front, back = (partial(draw_reference_side, blocks=blocks) for blocks in (reference_front(spec), reference_back(spec)))
    pieces = []
    for n in range(1, spec.reference_card.copies + 1):
        style = reference_style(spec, f"reference-card-{n}")  # a piece's own style may size its words
        pieces.append(Piece(f"reference-card-{n}", shape, face("reference-front", style, sheet=front),
                            face("reference-back", style, sheet=back)))
    return Component("reference-card", words_of(spec)("component.reference-card"), pieces)


def draw_reference_side(canvas, area: Area, style, blocks: list[tuple]) -> None:
    """A side's words in one column, at the largest size that fits (down to 7 pt)."""
    draw_prose(canvas, area, blocks, style, 1, prose_size(area, blocks, style, 1)[0])


# The rules sheet -----------------------------------------------------------------------------

def rules_blocks(spec) -> list[tuple]:
    words = words_of(spec)
    suits = len(spec.suits)
    tiles, coins = suits * len(spec.tiles.ranks), suits * len(spec.coins.ranks)
    win = spec.score_track.win
    last = spec.score_track.first + spec.score_track.columns * spec.score_track.rows - 1
    diamond = next((s for s in spec.suits if s.symbol == "diamond"), None)
    diamond_name = suit_label(spec, diamond) if diamond else words("suit.diamonds")
    roles = role_labels(spec)
    cards, charts = spec.reference_card.copies, spec.payoff_chart.copies
    aids = [words("rules.print.cards", cards=cards)]
    aids += [words("rules.print.charts", charts=charts)] if charts else []
    return [
        ("title", words("rules.title", title=spec.title)),
        ("p", words("rules.intro", players=player_counts(spec), win=win)),
        ("h", words("rules.print")),
        ("b", words("rules.print.pieces", suits=suits, tiles=tiles, coins=coins,
                    names=listed(words_of(spec), [suit_label(spec, s) for s in spec.suits]))),
        ("b", words("rules.print.aids", aids=listed(words_of(spec), aids + [words("rules.print.track")]))),
        ("h", words("rules.need")),
        ("b", words("rules.need.bag")),
        ("b", words("rules.need.card")),
        ("b", words("rules.need.tools")),
        ("h", words("rules.setup")),
        ("n", words("rules.setup.handouts")),
        ("n", words("rules.setup.suits")),
        ("n", words("rules.setup.stacks")),
        ("n", words("rules.setup.field")),
        ("n", words("rules.setup.diamonds", coins=len(spec.coins.ranks), suit=diamond_name)),
        ("n", words("rules.setup.hands")),
        ("h", words("rules.turn")),
        ("p", words("rules.turn.order")),
        ("n", words("rules.turn.explore")),
        ("n", words("rules.turn.act")),
        ("h", words("rules.actions")),
        ("b", words("rules.actions.spent")),
        ("b", words("rules.actions.must", lair=roles["lair"])),
        ("b", words("rules.actions.move")),
        ("b", words("rules.actions.beatings")),
        ("b", words("rules.actions.short", oasis=roles["oasis"], rest=roles["rest"])),
        ("b", words("rules.actions.jumpy", jumpy=roles["jumpy"])),
        ("b", words("rules.actions.digger", digger=roles["digger"], mine=roles["mine"])),
        ("h", words("rules.selling")),
        ("p", words("rules.selling.text", last=last, see_chart=words("rules.selling.see-chart") if charts else "")),
        ("h", words("rules.end")),
        ("p", words("rules.end.text", win=win)),
        ("h", words("rules.fine")),
        ("b", words("rules.fine.null", swindler=roles["swindler"])),
        ("b", words("rules.fine.null-club")),
        ("b", words("rules.fine.stolen")),
        ("b", words("rules.fine.forced")),
    ]


def more_title(spec) -> tuple:
    """The title of a sheet the rules flow onto (a long translation's)."""
    return ("title", words_of(spec)("rules.title.more", title=spec.title))


def rules_pages(spec) -> list[list[tuple]]:
    return prose_rules_pages(spec, rules_blocks(spec), more_title(spec))


def rules_errors(spec):
    """The validator's finding when the rules do not fit their sheets at the legible floor."""
    yield from rules_sheet_errors(spec, rules_blocks(spec), more_title(spec))


def rules_component(spec) -> Component:
    return rules_sheet_component(spec, rules_blocks(spec), more_title(spec))
