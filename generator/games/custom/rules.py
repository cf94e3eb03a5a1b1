"""The checks a designer writes as data, over one component's rows:

    rules:
      - {id: deck-size, of: card, count: 30}
      - {id: per-suit, of: card, per: suit, count: 10}
      - {id: names, of: card, unique: name}
      - {id: suits, of: card, field: suit, allowed: [sun, moon, star]}
      - {id: economy, of: card, sum: cost, equals: 60}

Rules report at their own line in the game file, naming the rule's id and, where one row is at
fault, that row's file and line; their ids in brackets are custom.count, custom.unique,
custom.allowed and custom.sum. A field a rule names must be in every row (`id` is one too), and a
summed field must be a number in every row: those are input errors, found before any rule runs
(`field_errors`). Also here: custom.layout (a text that cannot fit its box) and the warning
custom.picture-dpi.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from generator.errors import InputError, closest, did_you_mean
from generator.kit.layouts import box_of, filled, placeholders, text_fits
from generator.model import Area
from generator.schema import spec_field, where
from generator.validate import RuleBook, error, warning

from .rows import Row

KINDS = ("count", "unique", "allowed", "sum")


@dataclass(kw_only=True)
class DataRule:
    """A check a designer writes: one of count, unique, allowed or sum, over one component's rows."""

    id: str
    of: str
    count: int | None = spec_field(None, minimum=0, maximum=100_000)
    per: str | None = None  # with count: that many of each value of this field
    unique: str | None = None
    allowed: list[str | int | float] | None = None
    field: str | None = None  # with allowed: the field whose values are checked
    sum: str | None = None
    equals: float | None = None
    at_least: float | None = None
    at_most: float | None = None

    @property
    def kind(self) -> str | None:
        kinds = [kind for kind in KINDS if getattr(self, kind) is not None]
        return kinds[0] if len(kinds) == 1 else None

    def fields(self) -> list[str]:
        """The row fields this rule reads, by the key that names each."""
        return [key for key in ("per", "unique", "field", "sum") if getattr(self, key) is not None]


def field_errors(spec) -> list[InputError]:
    """Input errors of the rules' fields: a field no row has (a typo, or a column left out) and a
    summed field that is not a number. A rule on such rows could only report nonsense."""
    problems = []
    for rule in spec.rules:
        if rule.of not in spec.components or rule.kind is None:
            continue  # custom.rule says what is wrong with the rule itself
        rows = spec.rows(rule.of)
        for key in rule.fields():
            name = getattr(rule, key)
            lacking = [row for row in rows if not row.has(name)]
            if lacking:
                known = sorted({field for row in rows for field in row.fields} | {"id"})
                problems.append(InputError(where(rule, key), f'rule {rule.id}: {rule.of} rows have no field "{name}"'
                                           f"{did_you_mean(name, known)}", "input.unknown-field"))
        if rule.kind == "sum" and rule.sum is not None and all(row.has(rule.sum) for row in rows):
            for row in rows:
                if _number(row.value(rule.sum)) is None:
                    problems.append(InputError(row.location, f'{rule.sum} "{str(row.value(rule.sum))[:20]}" is not a '
                                               f"number, and rule {rule.id} adds it up", "input.type"))
    return problems


def _number(value) -> float | None:
    try:
        number = float(str(value).strip() or "0")
    except ValueError:
        return None
    return number if math.isfinite(number) else None


rules = RuleBook()


def _rules_of(spec, kind: str):
    return [rule for rule in spec.rules if rule.kind == kind and rule.of in spec.components]


@rules.rule("custom.rule", "each rule names a component of the game and one check")
def check_rule_shapes(spec):
    for rule in spec.rules:
        if rule.of not in spec.components:
            yield error(where(rule, "of"), f'rule {rule.id}: no component "{rule.of}"'
                        f"{did_you_mean(rule.of, spec.components)}")
        elif rule.kind is None:
            yield error(where(rule), f"rule {rule.id} needs exactly one of count, unique, allowed or sum")
        elif rule.kind == "allowed" and not rule.field:
            yield error(where(rule), f"rule {rule.id}: say which field's values are allowed (field: ...)")
        elif rule.kind == "sum" and rule.equals is None and rule.at_least is None and rule.at_most is None:
            yield error(where(rule), f"rule {rule.id}: give the sum's equals, at_least or at_most")


@rules.rule("custom.empty", "every component has pieces (an empty one prints nothing)")
def check_empty(spec):
    for name, component in spec.components.items():
        if not spec.rows(name):
            yield warning(where(component, "rows"), f"{name} has no pieces: its rows are empty, or every count is 0, "
                          "so it prints nothing")


@rules.rule("custom.count", "a component has as many pieces as its count rules say, in all or per value")
def check_counts(spec):
    for rule in _rules_of(spec, "count"):
        rows = spec.rows(rule.of)
        if rule.per is None:
            if len(rows) != rule.count:
                yield error(where(rule), f"rule {rule.id}: {rule.of} has {len(rows)} pieces; the rule says {rule.count}")
            continue
        counts = Counter(str(row.value(rule.per)) for row in rows)
        for value, number in sorted(counts.items()):
            if number != rule.count:
                yield error(where(rule), f'rule {rule.id}: {number} {rule.of} pieces have {rule.per} "{value}"; the '
                            f"rule says {rule.count} of each")


@rules.rule("custom.unique", "no two pieces share a value of a unique field")
def check_unique(spec):
    for rule in _rules_of(spec, "unique"):
        first: dict[str, Row] = {}
        for row in spec.rows(rule.of):
            value = str(row.value(rule.unique))
            if value in first and first[value].location != row.location:
                yield error(row.location, f'rule {rule.id}: {rule.unique} "{value}" is also on the piece at line '
                            f"{first[value].location.line}; each {rule.of} needs its own")
            first.setdefault(value, row)


@rules.rule("custom.allowed", "a field holds only the values its rule allows")
def check_allowed(spec):
    for rule in _rules_of(spec, "allowed"):
        allowed = {str(value) for value in rule.allowed}
        for row in spec.rows(rule.of):
            value = str(row.value(rule.field))
            if value not in allowed:
                close = closest(value, allowed)
                yield error(row.location, f'rule {rule.id}: {rule.field} "{value}" is not one of '
                            f"{', '.join(map(str, rule.allowed))}" + (f' (did you mean "{close}"?)' if close else ""))


@rules.rule("custom.sum", "a numeric field adds up to what its rule says")
def check_sums(spec):
    for rule in _rules_of(spec, "sum"):
        total = sum(_number(row.value(rule.sum)) or 0.0 for row in spec.rows(rule.of))
        shown = f"{total:g}"
        if rule.equals is not None and not math.isclose(total, rule.equals, abs_tol=1e-9):
            yield error(where(rule), f"rule {rule.id}: {rule.of}'s {rule.sum} values add up to {shown}; the "
                        f"rule says {rule.equals:g}")
        if rule.at_least is not None and total < rule.at_least:
            yield error(where(rule), f"rule {rule.id}: {rule.of}'s {rule.sum} values add up to {shown}, "
                        f"under {rule.at_least:g}")
        if rule.at_most is not None and total > rule.at_most:
            yield error(where(rule), f"rule {rule.id}: {rule.of}'s {rule.sum} values add up to {shown}, "
                        f"over {rule.at_most:g}")


@dataclass(frozen=True)
class Placed:
    """An element of a face's layout, with the component it is on and that piece's size."""

    component: str
    area: Area
    safe_mm: float
    layout: str
    name: str
    element: object


def placed_elements(spec, *kinds: str):
    """Every element of the given kinds on a face of every component."""
    for name, component in spec.components.items():
        size = component.size()
        area = Area(size.width_mm, size.height_mm, 0.0)
        for layout in filter(None, (component.front, component.back)):
            for element_name, element in spec.layouts.layouts.get(layout, ()):
                if element.kind in kinds:
                    yield Placed(name, area, size.safe_mm, layout, element_name, element)


@rules.rule("custom.layout", "every text fits its box at its floor size (7 pt unless it says less)")
def check_layouts(spec):
    for placed in placed_elements(spec, "text"):
        element = placed.element
        style = spec.style.resolve(placed.component, safe_mm=placed.safe_mm)
        for row in _distinct_texts(spec.rows(placed.component), element.text):
            text = filled(element.text, row.fields)
            if not text_fits(element, text, box_of(element, placed.area, style), style, placed.area):
                place = row.location if placeholders(element.text) else element.where
                yield error(place, f'{placed.layout}.{placed.name}: "{text[:40]}" does not fit its box on '
                            f"{placed.component} at {element.min_pt:g} pt; give it a larger box or fewer words")
                break


@rules.rule("custom.picture-dpi", "pictures have the pixels to print sharp (300 dpi at their placed size)")
def check_picture_dpi(spec):
    from generator.images import PRINT_DPI, load_picture, placed_dpi

    for placed in placed_elements(spec, "image"):
        element = placed.element
        _, _, w, h = box_of(element, placed.area)
        seen = set()
        for row in spec.rows(placed.component):
            file = filled(element.image, row.fields)
            if file in seen:
                continue
            seen.add(file)
            place = row.location if "{" in element.image else element.where
            picture = load_picture(spec.reader, file, place)
            dpi = placed_dpi(picture, w or placed.area.width, h or placed.area.height)
            if dpi < PRINT_DPI:
                yield warning(place, f'picture "{file}" prints at {dpi:.0f} dpi in {placed.layout}.{placed.name}; '
                              f"give it {PRINT_DPI} dpi ({picture.width_px} x {picture.height_px} px now) to print "
                              "sharp")


def _distinct_texts(rows: list[Row], template: str) -> list[Row]:
    """One row for each different text a template gives (a hundred copies of a card are one check)."""
    seen, distinct = set(), []
    for row in rows:
        text = filled(template, row.fields)
        if text not in seen:
            seen.add(text)
            distinct.append(row)
    return distinct
