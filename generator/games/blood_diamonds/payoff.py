"""The diamond sale arithmetic and the payoff chart (the rules' Table 2), computed, never typed."""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations

from generator import fonts
from generator.canvas import PT, Canvas
from generator.fonts import text_width
from generator.kit.symbols import draw_symbol
from generator.kit.text import fit_line, measure_drawing, top_baseline
from generator.model import Area, fill_bleed
from generator.styles import Style
from generator.words import Words

from .labels import bundled, words_of
from .paper import growth, role_labels
from .rulebook import MORE, RANKS, RANK_VALUES
from .specs import BloodDiamondsSpec, rank_name
from .pieces import TEXT_FLOOR_PT, fitted_scale, floor_scale


# ---------------------------------------------------------------------------------------------
# The arithmetic: diamond sales and the score track
# ---------------------------------------------------------------------------------------------

def sale_payoff(values: list[int], swindler: bool = False, bonus: int = 2) -> int:
    """Points for selling these diamond coins at a black market.

    The product of the values, so a null coin (0) makes the whole sale worthless and an ace (1)
    alone pays 1 but adds nothing among other coins. The swindler's highest coin counts `bonus` more.
    """
    values = sorted(values)
    if swindler:
        values[-1] += bonus
    return math.prod(values)


def sale_key(row: list) -> tuple[str, ...]:
    """A chart row as the sale it stands for: the order its coins are written in is no rule, so the
    null or ace comes first, then "more", and the numbered coins run smallest first."""
    order = {name: index for index, name in enumerate((*RANKS, MORE))}
    names = [rank_name(coin) for coin in row]
    return tuple(sorted(names, key=lambda name: (order.get(name, len(order)), name)))


def payoff_row(row: list, bonus: int, words: Words | None = None) -> tuple[str, int | None, int | None]:
    """(coins as text, normal payoff, swindler payoff) for one chart row; None means 'ignore this coin'.
    The text is in `words` (the bundled English without)."""
    words = words or bundled()
    names = list(sale_key(row))

    def said(name: str) -> str:
        return words(f"rank.{name}") if words.has(f"rank.{name}") else name

    if MORE in names:
        coin = names[0]
        label = words("payoff.with-others", coin=said(coin))
        if coin == "ace":  # among other coins an ace multiplies by 1: it changes nothing
            return label, None, None
        others = 2  # the smallest real coin stands for "any others": a null still zeroes the sale
        values = [RANK_VALUES[coin], others]
        return label, sale_payoff(values), sale_payoff(values, True, bonus)
    values = [RANK_VALUES[name] for name in names]
    label = " ".join(map(said, names))
    if len(names) == 1 and names[0] in ("null", "ace"):
        label = words("payoff.alone", coin=label)
    return label, sale_payoff(values), sale_payoff(values, True, bonus)


def is_sale(row: list) -> bool:
    """Whether a chart row is a sale the chart can price (any other row is the validator's to report)."""
    return sale_key(row) in full_payoff_chart()


@lru_cache(maxsize=None)
def full_payoff_chart() -> tuple[tuple[str, ...], ...]:
    """Every distinct sale, freshly enumerated: the null and the ace alone and with others, then
    every set of the numbered coins 2-5, smallest first (the order of the rulebook's Table 2)."""
    rows = [("null",), ("null", MORE), ("ace",), ("ace", MORE)]
    for size in range(1, 5):
        rows += [tuple(str(v) for v in combo) for combo in combinations((2, 3, 4, 5), size)]
    return tuple(rows)


# ---------------------------------------------------------------------------------------------
# Payoff chart: Table 2, computed. Like the reference card, its words shrink until they fit.
# ---------------------------------------------------------------------------------------------

def payoff_words(spec: BloodDiamondsSpec) -> tuple[str, tuple[str, str, str], str]:
    """The chart's title, its three column headings and the note at its foot."""
    words = words_of(spec)
    headings = (words("payoff.coins"), words("payoff.normal"),
                words("payoff.swindler", swindler=role_labels(spec)["swindler"]))
    return words("payoff.title"), headings, words("payoff.note")


def payoff_style(spec: BloodDiamondsSpec, piece_id: str | None = None) -> Style:
    return spec.style.resolve("payoff-chart", piece=piece_id, safe_mm=spec.payoff_chart.piece.safe_mm)


def payoff_cells(spec: BloodDiamondsSpec) -> list[tuple[str, str, str]]:
    """Each row of the chart as printed: the coins, the normal payoff, the swindler's."""
    def shown(points: int | None) -> str:
        return words("payoff.ignore") if points is None else str(points)

    # A row that is no sale ([2, 6], [more]) has no price; the payoff-chart rule reports it, and a
    # --draft print leaves it out.
    words = words_of(spec)
    rows = [payoff_row(row, spec.payoff_chart.swindler_bonus, words) for row in spec.payoff_chart.rows if is_sale(row)]
    return [(label, shown(normal), shown(swindler)) for label, normal, swindler in rows]


def payoff_spill(spec: BloodDiamondsSpec, area: Area, style: Style, scale: float) -> float:
    """How far the chart reaches past the safe margin, across or down, at `scale` (0 or less: it fits)."""
    return max(measure_drawing(_payoff_chart, area, spec, style, scale))


def payoff_size(spec: BloodDiamondsSpec) -> tuple[float, float]:
    """The chart's width and height: the file's card, or, printing a chosen words file, one wider or taller
    (up to MAX_GROWTH times each way) until its words fit at 7 pt: a longer translation widens the
    columns and the title."""
    piece = spec.payoff_chart.piece
    style = payoff_style(spec)
    width, height = piece.width_mm, piece.height_mm
    for _ in range(5):
        across, down = measure_drawing(_payoff_chart, Area(width, height, 0.0), spec, style, floor_scale(style))
        most = growth(spec)
        grown = (min(piece.width_mm * most, math.ceil(width + across)) if across > 1e-6 else width,
                 min(piece.height_mm * most, math.ceil(height + down)) if down > 1e-6 else height)
        if grown == (width, height):
            break
        width, height = grown
    return width, height


def draw_payoff_chart(canvas: Canvas, area: Area, spec: BloodDiamondsSpec, style: Style) -> None:
    fill_bleed(canvas, area, style.background)
    scale = fitted_scale(lambda s: payoff_spill(spec, area, style, s), floor_scale(style))
    _payoff_chart(canvas, area, spec, style, scale)


def _payoff_chart(canvas: Canvas, area: Area, spec: BloodDiamondsSpec, style: Style,
                  scale: float) -> tuple[float, float]:
    """Draw the chart at `scale` times the style's sizes; return how far it spills past the safe margin,
    across and down. The title and the note shrink to fit their line, but not below 7 pt: what they
    still need counts as spilling across."""
    ink, bold, plain = style.ink, style.title.face, style.body.face
    body, title, note = style.body.size * scale, style.title.size * scale, style.small.size * scale
    safe = style.safe_mm
    pad = body * 0.25  # the words' distance from the ends of the tinted rows
    left, right = safe + pad, area.width - safe - pad
    cells = payoff_cells(spec)
    heading_text, headings, note_text = payoff_words(spec)
    widths = [max([text_width(heading, body, bold)] + [text_width(row[i], body, plain) for row in cells])
              for i, heading in enumerate(headings)]
    gap = body * 1.5
    spill_across = sum(widths) + 2 * gap - (right - left)
    colour = next((s.colour for s in spec.suits if s.symbol == "diamond"), ink)
    y = top_baseline(heading_text, title, bold, safe + title / 4)
    draw_symbol(canvas, "diamond", left + title * 0.55, y - title * 0.35, title * 1.15, colour)
    canvas.text(left + title * 1.45, y, heading_text, fit_line(heading_text, title, right - left - title * 1.45, bold),
                fill=ink, face=bold)
    y += body * 2.6
    swindler_x = right
    normal_x = swindler_x - widths[2] - gap
    for x, heading, anchor in zip((left, normal_x, swindler_x), headings, ("start", "end", "end")):
        canvas.text(x, y, heading, body, fill=style.muted, face=bold, anchor=anchor)
    canvas.line(safe, y + body * 0.42, area.width - safe, y + body * 0.42, stroke=style.line,
                width=style.line_mm * 0.6)
    # The note stands at the foot of the card; the rows spread out to fill the room above it, from
    # a tight 1.3 lines apart to an airy 1.6.
    size = fit_line(note_text, note, right - left, style.small.face)
    low, high = fonts.inked_height(note_text, style.small.face)
    bottom = area.height - safe
    canvas.text(left, bottom + low * size, note_text, size, fill=style.muted, face=style.small.face)
    above_note = bottom - (high - low) * size - note * 0.6
    rows_end = len(cells) + 0.28  # the last row's tint reaches 0.28 of a pitch below its baseline
    pitch = max(body * 1.3, min(body * 1.6, (above_note - y) / rows_end))
    for index, (coins, normal, swindler) in enumerate(cells):
        y += pitch
        if index % 2:
            canvas.rect(safe, y - pitch * 0.72, area.width - 2 * safe, pitch, fill=style.panel)
        canvas.text(left, y, coins, body, fill=ink, face=plain)
        canvas.text(normal_x, y, normal, body, fill=ink, face=plain, anchor="end")
        canvas.text(swindler_x, y, swindler, body, fill=ink, face=plain, anchor="end")
    spill_down = y + pitch * 0.28 - above_note
    floor = TEXT_FLOOR_PT * PT
    title_spill = text_width(heading_text, min(title, floor), bold) - (right - left - title * 1.45)
    note_spill = text_width(note_text, min(note, floor), style.small.face) - (right - left)
    return max(spill_across, title_spill, note_spill), spill_down
