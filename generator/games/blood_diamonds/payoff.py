"""The diamond sale arithmetic and the payoff chart (the rules' Table 2), computed, never typed."""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations

from generator.kit.layouts import Face, unfitted
from generator.model import Area
from generator.styles import Style
from generator.words import Words

from .labels import bundled, words_of
from .paper import growth, role_labels
from .rulebook import MORE, RANKS, RANK_VALUES
from .specs import BloodDiamondsSpec, rank_name


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
    numbered = [rank for rank in RANKS if rank.isdigit()]
    for size in range(1, len(numbered) + 1):
        rows += list(combinations(numbered, size))
    return tuple(rows)


# ---------------------------------------------------------------------------------------------
# Payoff chart: Table 2, computed; the layout payoff-chart places its words (templates/layouts.yaml).
# ---------------------------------------------------------------------------------------------

def payoff_style(spec: BloodDiamondsSpec, piece_id: str | None = None) -> Style:
    return spec.style.resolve("payoff-chart", piece=piece_id, safe_mm=spec.payoff_chart.piece.safe_mm)


def payoff_cells(spec: BloodDiamondsSpec) -> tuple[tuple[str, str, str], ...]:
    """Each row of the chart as printed: the coins, the normal payoff, the swindler's."""
    def shown(points: int | None) -> str:
        return words("payoff.ignore") if points is None else str(points)

    # A row that is no sale ([2, 6], [more]) has no price; the payoff-chart rule reports it, and a
    # --draft print leaves it out.
    words = words_of(spec)
    rows = [payoff_row(row, spec.payoff_chart.swindler_bonus, words) for row in spec.payoff_chart.rows if is_sale(row)]
    return tuple((label, shown(normal), shown(swindler)) for label, normal, swindler in rows)


def payoff_fields(spec: BloodDiamondsSpec) -> dict:
    """What the chart's layout shows: its title, the gem in the diamonds' colour, the column headings,
    the rows and the note at its foot."""
    words = words_of(spec)
    headings = (words("payoff.coins"), words("payoff.normal"),
                words("payoff.swindler", swindler=role_labels(spec)["swindler"]))
    gem = next((suit.colour for suit in spec.suits if suit.symbol == "diamond"), "ink")
    return {"title": words("payoff.title"), "gem": gem, "headings": (headings,), "rows": payoff_cells(spec),
            "note": words("payoff.note")}


def payoff_fits(face: Face, width: float, height: float) -> bool:
    """Whether every word of the chart fits its place, at 7 pt or more, on a chart this size."""
    return not unfitted(face, Area(width, height, 0.0))


def payoff_size(spec: BloodDiamondsSpec, face: Face) -> tuple[float, float]:
    """The chart's width and height: the file's card, or, printing a chosen words file, one wider (by
    whole millimetres, up to MAX_GROWTH times), then taller too, until its words fit at 7 pt: a longer
    translation widens the columns and the title."""
    piece = spec.payoff_chart.piece
    width, height, most = piece.width_mm, piece.height_mm, growth(spec)
    while not payoff_fits(face, width, height) and width < piece.width_mm * most:
        width = min(piece.width_mm * most, math.floor(width) + 1)
    while not payoff_fits(face, width, height) and height < piece.height_mm * most:
        height = min(piece.height_mm * most, math.floor(height) + 1)
    return width, height
