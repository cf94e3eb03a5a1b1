"""`game: custom`: a game written in YAML alone, with its rows in the file or in CSV files beside it.

    game: custom
    title: Star Traders
    players: [2, 4]
    components:
      card:
        piece: poker-card          # a preset of templates/pieces.yaml, or width_mm / height_mm
        rows: cards.csv            # a piece per row; a `count` column repeats it, an `id` column names it
        front: card-front          # a layout (layout.py)
        back: card-back            # one back for every card, unless its layout shows a row's field
    layouts: {...}
    rules:
      - {id: deck-size, of: card, count: 30}
      - {id: per-suit, of: card, per: suit, count: 10}
      - {id: names, of: card, unique: name}
      - {id: suits, of: card, field: suit, allowed: [sun, moon, star]}
      - {id: economy, of: card, sum: cost, equals: 60}

Rules report at their own line in the game file, naming the rule's id and, where one row is at
fault, that row's file and line; their ids in brackets are custom.count, custom.unique,
custom.allowed and custom.sum.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from generator.errors import ErrorList, InputError, closest, did_you_mean
from generator.kit.symbols import symbol_names
from generator.model import Area, Component, Piece, PieceGeometry
from generator.plugins import Game, GameSpec
from generator.schema import spec_field, where
from generator.shapes import Circle, Outline, RegularPolygon
from generator.validate import RuleBook, error, warning

from generator.kit.layouts import STYLE_COLOURS, Face, Layouts, box_of, filled, placeholders, text_fits
from .rows import Row, read_rows

SHAPES = ("rect", "circle", "hexagon", "hexagon-flat", "polygon")


@dataclass(kw_only=True)
class ComponentSpec:
    title: str = ""
    piece: PieceGeometry | None = spec_field(None, template="pieces")  # left out only for a polygon
    shape: Literal["rect", "circle", "hexagon", "hexagon-flat", "polygon"] = "rect"
    points_mm: list[tuple[float, float]] | None = spec_field(None, minimum=0, maximum=1000, parts=("x", "y"))
    rows: Any = None  # a CSV file's name beside the game file, or a list of mappings
    front: str
    back: str | None = None
    gutter_mm: float = spec_field(0.0, minimum=0, maximum=50)

    def size(self) -> PieceGeometry | None:
        """The piece's size: its preset or sizes, or a polygon's bounding box; None if it has none."""
        if self.shape == "polygon" and self.points_mm and len(self.points_mm) >= 3:
            outline = Outline(tuple(self.points_mm))
            return PieceGeometry(width_mm=max(outline.width, 5.0), height_mm=max(outline.height, 5.0))
        return self.piece

    def shape_of(self):
        if self.shape == "polygon":
            return Outline(tuple(self.points_mm))
        size = self.size()
        if self.shape == "circle":
            return Circle(size.width_mm)
        if self.shape.startswith("hexagon"):
            return RegularPolygon.hexagon(size.width_mm, pointy_top=self.shape == "hexagon")
        return size.rect()


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
        kinds = [kind for kind in ("count", "unique", "allowed", "sum") if getattr(self, kind) is not None]
        return kinds[0] if len(kinds) == 1 else None


@dataclass(kw_only=True)
class CustomSpec(GameSpec):
    components: dict[str, ComponentSpec]
    layouts: Layouts
    rules: list[DataRule] = field(default_factory=list)

    @property
    def folder(self) -> Path:
        return Path(where(self).file).parent

    def rows(self, name: str) -> list[Row]:
        """The rows of component `name`, read once."""
        cache = self.__dict__.setdefault("_rows", {})
        if name not in cache:
            component = self.components[name]
            cache[name] = read_rows(component.rows, where(self.components[name], "rows"), name, self.folder)
        return cache[name]


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


@rules.rule("custom.count", "a component has as many pieces as its count rules say, in all or per value")
def check_counts(spec):
    for rule in _rules_of(spec, "count"):
        rows = spec.rows(rule.of)
        if rule.per is None:
            if len(rows) != rule.count:
                yield error(where(rule), f"rule {rule.id}: {rule.of} has {len(rows)} pieces; the rule says {rule.count}")
            continue
        counts = Counter(str(row.fields.get(rule.per, "")) for row in rows)
        for value, number in sorted(counts.items()):
            if number != rule.count:
                yield error(where(rule), f'rule {rule.id}: {number} {rule.of} pieces have {rule.per} "{value}"; the '
                            f"rule says {rule.count} of each")


@rules.rule("custom.unique", "no two pieces share a value of a unique field")
def check_unique(spec):
    for rule in _rules_of(spec, "unique"):
        first: dict[str, Row] = {}
        for row in spec.rows(rule.of):
            value = str(row.fields.get(rule.unique, ""))
            if value in first and first[value].location != row.location:
                yield error(row.location, f'rule {rule.id}: {rule.unique} "{value}" is also on the piece at line '
                            f"{first[value].location.line}; each {rule.of} needs its own")
            first.setdefault(value, row)


@rules.rule("custom.allowed", "a field holds only the values its rule allows")
def check_allowed(spec):
    for rule in _rules_of(spec, "allowed"):
        allowed = {str(value) for value in rule.allowed}
        for row in spec.rows(rule.of):
            value = str(row.fields.get(rule.field, ""))
            if value not in allowed:
                close = closest(value, allowed)
                yield error(row.location, f'rule {rule.id}: {rule.field} "{value}" is not one of '
                            f"{', '.join(map(str, rule.allowed))}" + (f' (did you mean "{close}"?)' if close else ""))


@rules.rule("custom.sum", "a numeric field adds up to what its rule says")
def check_sums(spec):
    for rule in _rules_of(spec, "sum"):
        total = 0.0
        for row in spec.rows(rule.of):
            try:
                total += float(row.fields.get(rule.sum, 0) or 0)
            except (TypeError, ValueError):
                yield error(row.location, f'rule {rule.id}: {rule.sum} "{row.fields.get(rule.sum)}" is not a number')
                break
        else:
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


def placed_elements(spec: CustomSpec, *kinds: str):
    """Every element of the given kinds on a face of every component (a layout a component names
    but the file lacks is components()'s to report)."""
    for name, component in spec.components.items():
        size = component.size()
        if size is None:
            continue
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
                yield error(row.location, f'{placed.layout}.{placed.name}: "{text[:40]}" does not fit its box on '
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
            if not placeholders(element.image) <= row.fields.keys():
                continue
            file = filled(element.image, row.fields)
            if file in seen or not (spec.folder / file).is_file():
                continue  # a missing picture is an input error of its own
            seen.add(file)
            picture = load_picture(spec.folder / file, element.where, file)
            dpi = placed_dpi(picture, w or placed.area.width, h or placed.area.height)
            if dpi < PRINT_DPI:
                place = row.location if "{" in element.image else element.where
                yield warning(place, f'picture "{file}" prints at {dpi:.0f} dpi in {placed.layout}.{placed.name}; '
                              f"give it {PRINT_DPI} dpi ({picture.width_px} x {picture.height_px} px now) to print "
                              "sharp")


def _distinct_texts(rows: list[Row], template: str) -> list[Row]:
    """One row for each different text a template gives (a hundred copies of a card are one check);
    a row that lacks a field the text shows is left to components() to report."""
    seen, distinct = set(), []
    needed = placeholders(template)
    for row in rows:
        if not needed <= row.fields.keys():
            continue
        text = filled(template, row.fields)
        if text not in seen:
            seen.add(text)
            distinct.append(row)
    return distinct


def components(spec: CustomSpec) -> list[Component]:
    errors = ErrorList()
    built = []
    for name, component in spec.components.items():
        with errors.guard():
            built.append(_component(spec, name, component))
    errors.raise_if_any()
    return built


def _component(spec: CustomSpec, name: str, component: ComponentSpec) -> Component:
    layouts = spec.layouts
    if component.shape == "polygon" and (not component.points_mm or len(component.points_mm) < 3):
        raise InputError(where(component), f"{name}: a polygon piece needs points_mm, at least three [x, y] corners "
                         "in mm", "input.missing-key")
    if component.size() is None:
        raise InputError(where(component), f'{name}: give its piece, a preset such as "poker-card" or width_mm and '
                         "height_mm", "input.missing-key")
    for side in ("front", "back"):
        layout = getattr(component, side)
        if layout is not None and layout not in layouts.layouts:
            raise InputError(where(component, side), f'{name}.{side}: no layout "{layout}"'
                             f"{did_you_mean(layout, layouts.layouts)}", "input.unknown-layout")
    rows = spec.rows(name)
    shape = component.shape_of()
    front_fields = layouts.fields(component.front)
    back_fields = layouts.fields(component.back) if component.back else set()
    _check_rows(spec, name, component, rows, front_fields | back_fields)
    pieces = []
    shared_back = None
    for row in rows:
        style = spec.style.resolve(name, piece=row.id, safe_mm=component.size().safe_mm)
        corner = getattr(component.size(), "corner_radius_mm", 0.0) if component.shape == "rect" else 0.0
        front = Face(layouts, component.front, _shown(row, front_fields), style, corner)
        back = None
        if component.back:
            back = Face(layouts, component.back, _shown(row, back_fields), style, corner)
            if not back_fields:  # one back for every piece: drawn once, and the same behind each
                shared_back = shared_back or back
                back = shared_back
        pieces.append(Piece(row.id, shape, front, back, style.safe_mm))
    title = component.title or name.replace("-", " ").replace("_", " ").capitalize()
    return Component(name, title, pieces, gutter=component.gutter_mm)


def _shown(row: Row, names: set[str]) -> tuple:
    return tuple(sorted((key, value) for key, value in row.fields.items() if key in names))


def _check_rows(spec, name: str, component: ComponentSpec, rows: list[Row], needed: set[str]) -> None:
    """Every field a layout shows is in every row, and every symbol, colour and picture a row names
    exists: each mistake at the row's file and line."""
    errors = ErrorList()
    symbols = set(symbol_names())
    for row in rows:
        missing = sorted(needed - set(row.fields))
        if missing:
            errors.add(InputError(row.location, f"{name}: this row has no {', '.join(missing)}, which its layouts "
                                  f"show; add the column or field", "input.missing-field"))
            continue
        for layout in filter(None, (component.front, component.back)):
            background = spec.layouts.backgrounds[layout]
            if isinstance(background, str) and "{" in background:
                with errors.guard():
                    _check_colour(spec, filled(background, row.fields), row.location, f"{layout}.background")
            for element_name, element in spec.layouts.layouts[layout]:
                with errors.guard():
                    _check_element(spec, element, row, symbols, f"{layout}.{element_name}")
    errors.raise_if_any()


def _check_colour(spec, colour: str, place, label: str) -> None:
    if colour not in STYLE_COLOURS:
        spec.layouts.palette.resolve(colour, place, label)


def _check_element(spec, element, row: Row, symbols: set[str], label: str) -> None:
    fields = row.fields
    if element.symbol is not None:
        symbol = filled(element.symbol, fields)
        if symbol not in symbols:
            raise InputError(row.location, f'{label}: unknown symbol "{symbol}"{did_you_mean(symbol, symbols)}',
                             "input.unknown-symbol")
    for key in ("colour", "fill", "stroke"):
        value = getattr(element, key)
        if value and "{" in value:
            _check_colour(spec, filled(value, fields), row.location, f"{label}.{key}")
    if element.image is not None:
        from generator.images import load_picture

        place = row.location if "{" in element.image else element.where
        load_picture(spec.folder / filled(element.image, fields), place, filled(element.image, fields))


GAME = Game(name="custom", spec=CustomSpec, components=components, rules=rules, named_by_file=True)
