"""`game: custom`: a game written in YAML alone, with its rows in the file or in CSV files beside it.

    game: custom
    title: Star Traders
    players: [2, 4]
    components:
      card:
        piece: poker-card          # a preset of templates/pieces.yaml, or width_mm / height_mm
        rows: cards.csv            # a piece per row; a `count` column repeats it, an `id` column names it
        front: card-front          # a layout (generator/kit/layouts.py)
        back: card-back            # one back for every card, unless its layout shows a row's field
    layouts: {...}
    rules: [...]                   # rules.py

Everything the file names is read and checked as the game loads (`check_inputs`), before any rule
runs: every row, field, symbol, colour and picture, every element on the pieces it is drawn on, and
the fields the rules read; each mistake is one input error at its file and line, all of them at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from generator import fonts
from generator.errors import ErrorList, InputError, combine, did_you_mean
from generator.kit.layouts import (STYLE_COLOURS, Face, Layouts, filled, inline_symbols, picture_file, placeholders,
                                   table_field, unknown_symbols)
from generator.kit.overlaps import TextOverlapCheck
from generator.kit.symbols import is_symbol, symbol_names
from generator.model import Area, Component, Piece, PieceGeometry, spread
from generator.names import check_name
from generator.plugins import Game, GameSpec
from generator.schema import spec_field, where
from generator.shapes import Circle, Outline, RegularPolygon, outline_problem

from .rows import BadRows, Row, first_sheet_note, lacking_field, read_rows
from .rules import DataRule, TextFitCheck, field_errors, rules

SHAPES = ("rect", "circle", "hexagon", "hexagon-flat", "polygon")
#: Elements drawn on the pieces of one game, counted once per piece and place: ten thousand cards of
#: twenty elements each (which take about 15 s and 350 MB to build). More is a mistake in a count.
MAX_MARKS = 200_000
#: Characters of text on the pieces of one game, in all: a thousand cards of three thousand. Laying
#: text out costs about two microseconds a character, so more would take long to check.
MAX_CHARACTERS = 3_000_000


@dataclass(kw_only=True)
class ComponentSpec:
    title: str = spec_field("", max_length=80)  # in its footers and page 1's box, as a words file's component.
    piece: PieceGeometry | None = spec_field(None, template="pieces")  # left out only for a polygon
    shape: Literal["rect", "circle", "hexagon", "hexagon-flat", "polygon"] = "rect"
    points_mm: list[tuple[float, float]] | None = spec_field(None, minimum=0, maximum=1000, parts=("x", "y"))
    rows: Any = None  # a CSV file or spreadsheet beside the game file, {file:, sheet:}, or a list of mappings
    front: str
    back: str | None = None
    gutter_mm: float = spec_field(0.0, minimum=0, maximum=50)
    group: str | None = None  # the field whose value is a piece's style group (style.groups.<value>)
    rank: str | None = None  # the field whose value is a piece's style rank (style.ranks.<value>)
    #: What its sheets print on: plain, light-card, card, sticker, or a stock of your own, named as
    #: page 1 should say it ("kraft card, 350 gsm"); left out: what its pieces call for (stocks.py).
    stock: str | None = spec_field(None, max_length=60)

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
class CustomSpec(GameSpec):
    components: dict[str, ComponentSpec]
    layouts: Layouts
    rules: list[DataRule] = field(default_factory=list)

    def rows(self, name: str) -> list[Row]:
        """The rows of component `name`, read once while the game loads and its rules run."""
        cache = self.__dict__.setdefault("_rows", {})
        if name not in cache:
            component = self.components[name]
            cache[name] = read_rows(component.rows, where(component, "rows"), name, self.reader)
        return cache[name]

    def let_rows_go(self) -> None:
        """Once the rules have run, the pieces hold what they print, so the rows (with where each is)
        are let go: a deck of ten thousand frees some 1.5 MiB before it is drawn. Asked for again (a
        text too long to fit is reported at its row), they are read again."""
        self.__dict__.pop("_rows", None)


def check_inputs(spec: CustomSpec) -> None:
    """Every input error of the game file and the files it names, raised together."""
    errors = ErrorList()
    if not spec.title.strip():  # a bundled game has a rule of its own for it
        errors.add(InputError(where(spec, "title"), "title is empty; it heads page 1 and every footer: give the "
                              "game's name", "input.type"))
    with errors.guard():
        components(spec)
    with errors.guard():
        _check_names(spec)
    for problem in field_errors(spec):  # beside the rows' own mistakes: a missing picture, a bad number
        errors.add(problem)
    errors.raise_if_any()


def _check_names(spec: CustomSpec) -> None:
    errors = ErrorList()
    for name in spec.components:
        with errors.guard():
            check_name(name, "component", where(spec, f"components[{name}]"), folder=True)
    errors.raise_if_any()


def components(spec: CustomSpec) -> list[Component]:
    """The game's components, made once; every input error of every component at once."""
    if "_components" in spec.__dict__:
        return spec.__dict__["_components"]
    errors = ErrorList()
    built = []
    for name, component in spec.components.items():
        with errors.guard():
            built.append(_component(spec, name, component))
    if not spec.components:
        errors.add(InputError(where(spec, "components"), "the game has no components, so there is nothing to print; "
                              "give it one (see the README, \"Your own game\")", "input.no-pieces"))
    errors.raise_if_any()
    if not any(component.pieces for component in built):
        raise combine([InputError(where(spec.components[component.name], "rows"), f"{component.name} has no pieces (its "
                                  "rows are empty, or every count is 0), and no other component has any: there is "
                                  f"nothing to print{first_sheet_note(spec.components[component.name].rows)}",
                                  "input.no-pieces") for component in built])
    weights = [_text_weight(spec, name) for name in spec.components]  # (characters, marks beyond elements)
    marks = sum(_marks(spec, name, len(component.pieces)) for name, component in zip(spec.components, built))
    marks += sum(more for _, more in weights)  # each `:sun:` in a text, each cell of a table's rows
    if marks > MAX_MARKS:
        raise InputError(where(spec, "components"), f"the pieces would draw {marks:,} elements in all; a game may draw "
                         f"at most {MAX_MARKS:,}: fewer pieces, or fewer elements on their faces (an inline symbol "
                         "and a table's cell count as one)", "input.too-large")
    corners = sum(len(spec.components[name].points_mm) * len(component.pieces)
                  for name, component in zip(spec.components, built) if spec.components[name].shape == "polygon")
    if corners > MAX_OUTLINE_CORNERS:
        raise InputError(where(spec, "components"), f"the polygon pieces' outlines come to {corners:,} corners in all; "
                         f"a game may cut at most {MAX_OUTLINE_CORNERS:,}: fewer pieces, or fewer corners",
                         "input.too-large")
    characters = sum(characters for characters, _ in weights)
    if characters > MAX_CHARACTERS:
        raise InputError(where(spec, "components"), f"the pieces' texts come to {characters:,} characters in all; a "
                         f"game may print at most {MAX_CHARACTERS:,}: fewer pieces, or fewer words on them",
                         "input.too-large")
    spec.__dict__["_components"] = built
    return built


def _marks(spec: CustomSpec, name: str, pieces: int) -> int:
    """The elements component `name`'s pieces draw: each front, and each back, or once a back its
    pieces share (one that shows no field of the rows: a deck's patterned back is drawn once)."""
    component, layouts = spec.components[name], spec.layouts
    backs = (pieces if layouts.fields(component.back) else 1) if component.back else 0
    return pieces * layouts.marks(component.front) + backs * (layouts.marks(component.back) if component.back else 0)


def _text_weight(spec: CustomSpec, name: str) -> tuple[int, int]:
    """How many characters the texts and tables on component `name`'s pieces come to, and how many
    marks they draw beyond their element: each inline symbol, and each cell of a table's rows."""
    component = spec.components[name]
    elements = [element for layout in filter(None, (component.front, component.back))
                for _, element in spec.layouts.layouts[layout] if element.kind in ("text", "table")]
    characters = marks = 0
    for row in spec.rows(name):
        for element in elements:
            if element.kind == "text":
                written = filled(element.text, row.shown)
                marks += inline_symbols(written)
            else:  # a field of lines (or, in the game file, a list), a row of the table each
                value = row.shown.get(table_field(element)) or ""
                written = str(value)
                lines = len(value) if isinstance(value, (list, tuple)) else written.count("\n") + 1
                marks += lines * len(element.columns_at or (0,))
            characters += len(written)
    return characters, marks


def _component(spec: CustomSpec, name: str, component: ComponentSpec) -> Component:
    layouts = spec.layouts
    if component.shape == "polygon" and not component.points_mm:
        raise InputError(where(component), f"{name}: a polygon piece needs points_mm, at least three [x, y] corners "
                         "in mm", "input.missing-key")
    if component.shape == "polygon" and len(component.points_mm) < 3:
        raise InputError(where(component, "points_mm"), f"{name}: its points_mm give {len(component.points_mm)} "
                         "corners; a polygon needs at least three [x, y] corners in mm", "input.out-of-range")
    if component.shape == "polygon" and len(component.points_mm) > MAX_CORNERS:
        raise InputError(where(component, "points_mm"), f"{name}: its points_mm give {len(component.points_mm):,} "
                         f"corners; a piece's outline may have at most {MAX_CORNERS:,}", "input.too-large")
    if component.shape == "polygon":
        problem = outline_problem([tuple(point) for point in component.points_mm])
        if problem:
            raise InputError(where(component, "points_mm"), f"{name}: its points_mm {problem}; give the corners in "
                             "order round the piece's edge", "input.bad-shape")
    if component.size() is None:
        raise InputError(where(component), f'{name}: give its piece, a preset such as "poker-card" or width_mm and '
                         "height_mm", "input.missing-key")
    for side in ("front", "back"):
        layout = getattr(component, side)
        if layout is not None and layout not in layouts.layouts:
            raise InputError(where(component, side), f'{name}.{side}: no layout "{layout}"'
                             f"{did_you_mean(layout, layouts.layouts)}", "input.unknown-layout")
    size = component.size()
    area = Area(size.width_mm, size.height_mm, 0.0)
    errors = ErrorList()
    for side in filter(None, (component.front, component.back)):
        for problem in layouts.check_on(side, area, spec.style.resolve(name, safe_mm=size.safe_mm), name):
            errors.add(problem)
    layouts_ok, rows = not errors, None
    try:
        rows = spec.rows(name)
    except BadRows as problem:  # a bad count or id: what its rows name is checked all the same
        errors.add(problem)
        rows = problem.rows
    except InputError as problem:
        errors.add(problem)
    if rows is None or not layouts_ok:
        errors.raise_if_any()
    for key in ("group", "rank"):
        field = getattr(component, key)
        lacking = [row for row in rows if field is not None and not row.has(field)]
        if lacking and len(lacking) < len(rows):  # some rows have it: those that do not are at fault
            errors.add(lacking_field(lacking, name, field, f"{key}: {field}"))
        elif lacking:
            known = sorted({name for row in rows for name in row.fields} | {"id"})
            errors.add(InputError(where(component, key), f'{name}.{key}: its rows have no field "{field}"'
                                  f"{did_you_mean(field, known)}", "input.unknown-field"))
    shape = component.shape_of()
    front_fields = layouts.fields(component.front)
    back_fields = layouts.fields(component.back) if component.back else set()
    with errors.guard():
        _check_rows(spec, name, component, rows, front_fields | back_fields)
    errors.raise_if_any()
    front_names, back_names = _ShownNames(front_fields), _ShownNames(back_fields)
    pieces = []
    corner = getattr(size, "corner_radius_mm", 0.0) if component.shape == "rect" else 0.0
    # One back behind every piece when its layout shows no field of the rows: drawn once, in the
    # component's style (a back styled by its group or piece would tell what is on the other side).
    shared_back = Face(layouts, component.back, (), spec.style.resolve(name, safe_mm=size.safe_mm), corner) \
        if component.back and not back_fields else None
    groups: dict[str | None, None] = {}
    group_of: dict[str, str | None] = {}
    front = back = values = None
    for row in rows:
        group = str(row.value(component.group)) if component.group else None
        rank = str(row.value(component.rank)) if component.rank else None
        style = spec.style.resolve(name, group=group, rank=rank, piece=row.id, safe_mm=size.safe_mm)
        # A row's copies (`count`) come one after another and share its faces, drawn and checked
        # once, unless a face shows their ids or a style names one of them.
        copy, values = row.values is values, row.values  # a row's copies share its values
        shown = front_names.of(row)
        if not copy or shown != front.row or style is not front.style:
            front = Face(layouts, component.front, shown, style, corner)
        if not shared_back and component.back:
            shown = back_names.of(row)
            if not copy or shown != back.row or style is not back.style:
                back = Face(layouts, component.back, shown, style, corner)
        pieces.append(Piece(row.id, shape, front, shared_back or back, style.safe_mm))
        groups.setdefault(group, None)
        group_of[row.id] = group
    if component.group and component.back:
        # Dealt round the groups, so that sheets hold a few of each: a duplex printer shifts each
        # sheet's backs by its own amount, and a group on one sheet would share its tell.
        pieces = spread(pieces, lambda piece: group_of[piece.id])
    title = component.title or name.replace("-", " ").replace("_", " ").capitalize()
    return Component(name, title, pieces, gutter=component.gutter_mm, groups=tuple(filter(None, groups)),
                     stock=" ".join((component.stock or "").split()) or None)  # as --stock is typed


#: The most corners a polygon piece may have (a circle's cut is 72): every pair of sides is checked
#: for a crossing, some half a million pairs at this bound.
MAX_CORNERS = 1000
#: And all the polygon pieces' corners together: each outline is drawn, clipped, cut and listed in the
#: manifest piece by piece, some 8 s for a thousand pieces of a thousand corners.
MAX_OUTLINE_CORNERS = 500_000


class Shown:
    """What a face shows of its row, as the (field, value) pairs a Face's row is: kept as one tuple of
    field names, the component's, and the row's values, so that a deck of ten thousand rows holds
    no pair of its own for each field. Equal when names and values are."""

    __slots__ = ("names", "values")

    def __init__(self, names: tuple[str, ...], values: tuple):
        self.names, self.values = names, values

    def __iter__(self):
        return zip(self.names, self.values)

    def __len__(self) -> int:
        return len(self.names)

    def __eq__(self, other) -> bool:
        return isinstance(other, Shown) and self.names == other.names and self.values == other.values

    def __hash__(self) -> int:
        return hash((self.names, self.values))

    def __repr__(self) -> str:
        return repr(tuple(self))


class _ShownNames:
    """The fields a component's faces show, in each file's column order (then `id`, which no column
    holds): a row that shows all its columns lends its face its own tuple of values, and the faces
    of a file share one tuple of names."""

    def __init__(self, fields: set[str]):
        self.fields = fields
        self._by_columns: dict[tuple, tuple] = {}

    def of(self, row: Row) -> Shown:
        """The row's values of the fields (every one the row has: _check_rows saw to it)."""
        names = self._by_columns.get(row.names)
        if names is None:
            names = tuple(name for name in row.names if name in self.fields)
            names += tuple(sorted(self.fields.difference(row.names)))
            names = self._by_columns[row.names] = row.names if names == row.names else names
        return Shown(names, row.values if names is row.names else tuple(row.value(name) for name in names))


#: How many (element, values) checks that passed _check_rows remembers at once.
CHECKS_KEPT = 4096


def _check_rows(spec, name: str, component: ComponentSpec, rows: list[Row], needed: set[str]) -> None:
    """Every field a layout shows is in every row, and every symbol, colour and picture a row names
    exists: each mistake at the row's file and line (a literal one, the same for every row, at its
    element's line, once)."""
    errors = ErrorList()
    style = spec.style.resolve(name, safe_mm=component.size().safe_mm)
    layouts = list(filter(None, (component.front, component.back)))
    backgrounds = [(layout, spec.layouts.backgrounds[layout]) for layout in layouts
                   if isinstance(spec.layouts.backgrounds[layout], str) and "{" in spec.layouts.backgrounds[layout]]
    # Each element with its label and the fields it fills in (none: the same for every row).
    elements = [(f"{layout}.{element_name}", element,
                 tuple(sorted(set().union(*(placeholders(text) for text in _values(element))))))
                for layout in layouts for element_name, element in spec.layouts.layouts[layout]]
    literals: set[str] = set()  # elements the same for every row, checked once at their line
    passed: set[tuple] = set()  # (label, the values it fills in) that checked out: a deck's suits once
    for row in rows:
        shown = row.shown
        missing = sorted(needed - shown.keys())
        if missing:
            errors.add(InputError(row.location, f"{name}: this row has no {', '.join(missing)}, which its layouts "
                                  f"show; add the column or field", "input.missing-field"))
            continue
        for layout, background in backgrounds:
            with errors.guard():
                _check_colour(spec, filled(background, shown), row.location, f"{layout}.background")
        for label, element, used in elements:
            key = (label, *(shown.get(field) for field in used))
            if key in passed or label in literals:
                continue
            if not used:
                literals.add(label)  # whatever it finds
            with errors.guard():
                _check_element(spec, element, row, shown, label, style)
                if len(passed) >= CHECKS_KEPT:  # ten thousand different texts: memory stays flat
                    passed.clear()
                passed.add(key)
    errors.raise_if_any()


def _values(element) -> list[str]:
    return [value for value in (element.text, element.symbol, element.image, element.colour, element.fill,
                                element.stroke) if isinstance(value, str)]


def _check_colour(spec, colour: str, place, label: str) -> None:
    if colour not in STYLE_COLOURS:
        spec.layouts.palette.resolve(colour, place, label)


def _check_element(spec, element, row: Row, fields: dict, label: str, style) -> None:
    if element.symbol is not None and "{" in element.symbol:
        symbol = filled(element.symbol, fields)
        if not is_symbol(symbol):
            raise InputError(row.location, f'{label}: unknown symbol "{symbol}"{did_you_mean(symbol, symbol_names())}',
                             "input.unknown-symbol")
    if element.text is not None and placeholders(element.text):
        text = filled(element.text, fields)
        unknown = unknown_symbols(text)
        if unknown:
            raise InputError(row.location, f'{label}: unknown symbol "{unknown[0]}" in the text (a symbol is written '
                             f":name:, one of {', '.join(symbol_names())})", "input.unknown-symbol")
        try:  # a character no font has would print as an empty box
            fonts.check_characters(" ".join(word for word in text.split() if not is_symbol(word.strip(":"))),
                                   getattr(style, element.role).face)
        except InputError as problem:
            raise InputError(row.location, f"{label}: {problem.message}", problem.rule) from None
    for key in ("colour", "fill", "stroke"):
        value = getattr(element, key)
        if value:
            place = row.location if "{" in value else element.where
            _check_colour(spec, filled(value, fields), place, f"{label}.{key}")
    if element.image is not None and (file := picture_file(element, fields)) is not None:  # an empty field: none
        from generator.images import load_picture

        place = row.location if "{" in element.image else element.where
        load_picture(spec.reader, file, place)


GAME = Game(name="custom", spec=CustomSpec, components=components, rules=rules, named_by_file=True,
            inputs=check_inputs, pieces_at_load=True,
            face_checks=lambda spec: [TextFitCheck(spec), TextOverlapCheck(None, level="warning")])
