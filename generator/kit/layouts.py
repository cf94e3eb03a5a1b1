"""Layouts as data: what sits on a face, and where, for any game (a `game: custom` file's faces,
the Diamonds cards from templates/layouts.yaml).

A layout is a mapping of named elements, drawn in order over the face's background:

    card-front:
      title: {text: "{name}", at: [0.5, 0.08], box: [0.9, 0.1], role: title}
      suit:  {symbol: "{suit}", at: [0.12, 0.1], size_mm: 7, colour: "{colour}"}
      band:  {rect: true, at: [0, 0.8], anchor: top-left, box: [1, 0.2], fill: panel}

`extends: other` starts from another layout: an element of the same name changes only the keys it
gives, a new name is drawn after the others, and `name: null` leaves one out. Each element has one
kind key (KINDS), and gives only keys its kind reads (KEYS_BY_KIND) and that do something beside the
others it has (_repeated_keys, _idle_keys: not both `at` and `at_mm`, no `stroke_mm` without a
stroke); `at` and `box` are fractions of the piece, or of its `inset_mm` frame (`at_mm` and `box_mm`
millimetres), `anchor` says which point of the box `at` is; `at_each` repeats it and
`head_to_head` draws it again turned half round, `every` repeats it as a pattern over the bleed,
`bleed` runs its box on into the bleed where it meets the trim, and a text with `ink` centres its
own ink on one line. A text placed at a point, without a box, is a label: it shrinks to the room its
frame leaves it there (fitting_box), down to its floor, and one that does not fit even then is a
finding (WordsFitCheck), never a word run past its piece or the cell it labels. `layout: other`
draws another layout in the element's box (its background filling the box), and `each: field`
repeats an element over a list the row holds, a cell of its box an item: a table from data. Any text value may hold `{field}` placeholders,
filled from the piece's row; a colour is a style name (ink, accent, panel, background, line, muted,
back, back_pattern), a palette name or "#rrggbb". The README's "Your own game" lists every key.
"""

from __future__ import annotations

import math
import re
import string
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable

from generator import fonts, shaping
from generator.canvas import FLOOR_PT, LEADING, PT, Canvas
from generator.errors import ErrorList, InputError, Location, combine, did_you_mean
from generator.images import load_picture
from generator.recording import Recording, RecordingsKept
from generator.geometry import IDENTITY
from generator.geometry import Path as Outline
from generator.kit.symbols import draw_symbol, is_symbol, symbol_names, symbol_paths
from generator.model import Area, fill_bleed
from generator.schema import Colour, _kind_of, build, spec_field
from generator.shapes import Rect
from generator.validate import Finding
from generator.yamlio import YamlMap

KINDS = ("text", "symbol", "image", "rect", "circle", "line", "polygon", "grid", "track", "frame", "lattice", "table",
         "draw", "layout")
ANCHORS = {"top-left": (0, 0), "top": (0.5, 0), "top-right": (1, 0), "left": (0, 0.5), "centre": (0.5, 0.5),
           "center": (0.5, 0.5), "right": (1, 0.5), "bottom-left": (0, 1), "bottom": (0.5, 1),
           "bottom-right": (1, 1)}
STYLE_COLOURS = ("ink", "accent", "panel", "background", "line", "muted", "back", "back_pattern")
ROLES = ("title", "index", "body", "small")
STYLE_FLAGS = ("frame",)  # the style's switches an element may depend on (only_if)
# Bounds on what a layout asks for, checked as it is read, so that no file takes long to refuse:
MAX_EXTENDS = 20  # layouts extending layouts, this deep
MAX_ELEMENTS = 300  # elements on one face
MAX_POINTS = 500  # places an element is drawn at (at_each)
#: Things one face draws, counting in the layouts it draws inside it: as many as a layout of its own
#: may ask for (every element at every place, head to head), so that nesting cannot multiply past it.
MAX_FACE_MARKS = 2 * MAX_ELEMENTS * MAX_POINTS
MAX_REPEATS = 20_000  # places a repeated pattern (every) is drawn at: a long thin piece's cap
#: What a pattern's repeats are counted on where the piece is not known (Layouts.marks): a square as
#: wide as a poker card, a pattern's steps being of the piece's width.
PATTERN_AREA = Area(63.5, 63.5, 0.0)
MAX_TEXT = 10_000  # characters of one text
MAX_TRACK_SQUARES = 1_000  # numbered squares of one track
MIN_LATTICE_STEP, MIN_LATTICE_STEP_MM = 0.005, 0.5  # a lattice's pitch: finer is a grey fill
CAPITALS = "H0123456789"  # a top anchor puts the tallest of these at `at`
MIN_EVERY = 0.02  # a repeated pattern's step, of the piece's width: at most about 50 across

#: The keys each kind of element reads, worked out from the code that draws and checks it: draw_element
#: and what it calls, and for `draw` every key a registered game drawer reads of its element (grep
#: register_drawer in generator/games; drawer_style gives them colour, fill, stroke, stroke_mm, role,
#: size_pt and scale). A key its kind does not read would do nothing where a designer believes it did
#: something (`step` on a grid, `to` on a rect), so it is an error at its line (_unread_keys). Five
#: rows are no kind: "any", what an element of every kind reads (draw_elements); "placed", what places
#: an element of every kind but those UNPLACED names (boxes_of, draw_placed: a frame follows the cut);
#: "boxed", what gives it a box (a line runs from `at` to `to`); "each", what splits the box of an
#: element with `each` (each_cell); "box_em", what sizes a box given in text sizes (text_size), on an
#: element of any kind.
KEYS_BY_KIND = {
    "any": ("only_if",),
    "placed": ("at", "at_mm", "rotate", "inset_mm", "at_each", "at_each_mm", "every", "head_to_head", "each"),
    "boxed": ("box", "box_mm", "box_em", "anchor", "bleed"),
    "each": ("flow", "gap_mm"),
    "box_em": ("role", "size_pt", "size", "max_size", "scale"),
    "text": ("text", "role", "size_pt", "size", "max_size", "scale", "min_pt", "leading", "align", "ink", "colour"),
    "symbol": ("symbol", "size_mm", "size", "max_size", "colour", "stroke", "stroke_mm"),
    "image": ("image", "fit"),
    "rect": ("rect", "radius_mm", "fill", "stroke", "stroke_mm", "dash_mm"),
    "circle": ("circle", "radius_mm", "size", "max_size", "fill", "stroke", "stroke_mm"),
    "line": ("line", "to", "to_mm", "stroke", "stroke_mm", "dash_mm"),
    "polygon": ("polygon", "polygon_mm", "fill", "stroke", "stroke_mm"),
    "grid": ("grid", "columns", "rows", "fill", "stroke", "stroke_mm"),
    "track": ("track", "columns", "rows", "first", "last", "path", "start", "stroke_mm"),
    "frame": ("frame", "colour", "fill", "stroke", "stroke_mm"),
    "lattice": ("lattice", "step", "step_mm", "colour", "stroke", "stroke_mm"),
    "table": ("table", "columns_at", "columns_align", "gap_mm", "role", "size_pt", "size", "max_size", "scale",
              "min_pt", "leading", "colour", "fill"),
    "draw": ("draw", "colour", "fill", "stroke", "stroke_mm", "dash_mm", "radius_mm", "role", "size_pt", "scale",
             "size", "size_mm", "step_mm", "columns", "gap_mm"),
    "layout": ("layout", "colour", "fill", "stroke", "stroke_mm", "role", "size_pt", "scale"),
}
#: The kinds that do not read a row of placing keys, and why: a frame is drawn border_mm inside the cut,
#: following it, wherever `at` or `rotate` would put it; a line runs from `at` to `to`, with no box.
UNPLACED = {"placed": {"frame": "a frame follows the cut"},
            "boxed": {"frame": "a frame follows the cut", "line": "a line runs from its at to its to"}}

#: Drawers for what a game computes rather than places (a board's routes, a tile's design, a net),
#: by name: a layout says where (`{draw: diaominos.routes, at: ..., box: ...}`), the drawer what.
#: Each is called as drawer(canvas, box, row, face, element), box (x, y, width, height) in mm.
DRAWERS: dict[str, Callable] = {}


def register_drawer(name: str) -> Callable[[Callable], Callable]:
    """Register the decorated function as the drawer `name` (a game's prefix, a dot, what it draws)."""
    def register(function: Callable) -> Callable:
        DRAWERS[name] = function
        return function
    return register


@dataclass(kw_only=True)
class Element:
    """One element as the file writes it (exactly one of the kind keys)."""

    text: str | None = None
    symbol: str | None = None
    image: str | None = None
    rect: bool | None = None
    circle: bool | None = None
    line: bool | None = None
    polygon: list[tuple[float, float]] | None = spec_field(None, minimum=-1, maximum=2, parts=("x", "y"))
    polygon_mm: list[tuple[float, float]] | None = spec_field(None, minimum=-1000, maximum=1000, parts=("x", "y"))
    grid: bool | None = None
    track: bool | None = None
    frame: bool | None = None  # a line border_mm inside the trim, its corners following the piece's
    lattice: bool | None = None  # diagonal lines step apart across the box, both ways: a card back's pattern
    draw: str | None = None  # a drawer a game registers by name (register_drawer), for geometry it computes
    layout: str | None = None  # another layout of the set, drawn in the box (its fractions are of the box)
    # A repeat over a row list: the element once for each item of the row's list `each`, the box
    # split into equal cells `flow` across or down, `gap_mm` apart; an item's fields (or `{item}`)
    # and its `{number}` fill its placeholders: a table whose rows come from data.
    each: str | None = None
    flow: str = "across"
    # A table whose rows come from the piece's row: "{field}" holds a list of rows, each a list of cell
    # texts (or a text, a line a row, " | " between cells). Each column's text keeps to its edge,
    # `columns_at` (fractions of the box's width), standing `columns_align` of it (left: to its right).
    table: str | None = None
    columns_at: list[float] | None = spec_field(None, minimum=0, maximum=1)
    columns_align: list[str] | None = None
    step: float | None = spec_field(None, positive=True, maximum=1)  # a lattice's pitch, of the piece's width
    step_mm: float | None = spec_field(None, positive=True, maximum=500)
    columns: int | None = spec_field(None, minimum=1, maximum=100)  # left out: 1, or worked out (a track's
    rows: int | None = spec_field(None, minimum=1, maximum=100)  # with `last`, in draw_score_track)
    first: int = spec_field(0, minimum=-10_000, maximum=10_000)  # a track's first number
    last: int | None = spec_field(None, minimum=-10_000, maximum=10_000)  # ...and its last: first..last squares
    path: str = "serpentine"  # a track's: serpentine or rows (kit/tracks.py)
    start: str = "start"  # a track's label under its first square; "" for none
    at: tuple[float, float] | None = spec_field(None, minimum=-1, maximum=2, parts=("x", "y"))
    at_mm: tuple[float, float] | None = spec_field(None, minimum=-1000, maximum=1000, parts=("x", "y"))
    box: tuple[float, float] | None = spec_field(None, minimum=0, maximum=3, parts=("width", "height"))
    box_mm: tuple[float, float] | None = spec_field(None, minimum=0, maximum=1000, parts=("width", "height"))
    box_em: tuple[float, float] | None = spec_field(None, minimum=0, maximum=100, parts=("width", "height"))
    to: tuple[float, float] | None = spec_field(None, minimum=-1, maximum=2, parts=("x", "y"))
    to_mm: tuple[float, float] | None = spec_field(None, minimum=-1000, maximum=1000, parts=("x", "y"))
    at_each: list[tuple[float, float]] | None = spec_field(None, minimum=-1, maximum=2, parts=("x", "y"))
    at_each_mm: list[tuple[float, float]] | None = spec_field(None, minimum=-1000, maximum=1000, parts=("x", "y"))
    bleed: bool = False  # the box is the piece's bleed box (with a box: it, run on into the bleed where it meets the trim)
    anchor: str = "centre"
    rotate: float = spec_field(0.0, minimum=-360, maximum=360)
    inset_mm: tuple[float, float] | None = spec_field(None, minimum=0, maximum=500, parts=("x", "y"))
    head_to_head: bool = False  # drawn again turned half round about the piece's centre, as a card's index
    only_if: str | None = None  # drawn only when this style flag (frame) is true
    colour: str | None = None  # of text and symbols
    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float | None = spec_field(None, positive=True, maximum=20)  # left out: the style's line_mm
    dash_mm: tuple[float, float] | None = spec_field(None, positive=True, maximum=50, parts=("on", "off"))  # a dashed stroke
    radius_mm: float = spec_field(0.0, minimum=0, maximum=500)
    role: str = "body"
    size_pt: float | None = spec_field(None, positive=True, maximum=300)
    scale: float = spec_field(1.0, positive=True, maximum=20)  # a text's size, in its role's sizes
    min_pt: float = spec_field(FLOOR_PT, positive=True, maximum=300)
    leading: float = spec_field(LEADING, positive=True, maximum=5)  # line pitch, in text sizes
    align: str | None = None
    size: float | None = spec_field(None, positive=True, maximum=3)  # a symbol's height, a circle's
    # diameter or a text's size, as a fraction of the piece's width
    max_size: float | None = spec_field(None, positive=True, maximum=3)  # ...but at most this of its height
    size_mm: float | None = spec_field(None, positive=True, maximum=500)
    fit: str = "fit"
    # Added for faces that centre a word's own ink (issue 31): a big rank, a label in a band.
    ink: bool = False  # a text on one line, shrunk until its ink fits the box and centred on its ink
    # A pattern over the whole piece: the element again every [dx, dy] (both of the piece's width,
    # so the pattern stays square) from `at`, every other row shifted half a step, to the bleed.
    every: tuple[float, float] | None = spec_field(None, minimum=MIN_EVERY, maximum=2, parts=("x", "y"))
    gap_mm: float | None = spec_field(None, minimum=0, maximum=100)  # between the columns a drawer flows text in

    def __post_init__(self) -> None:
        # Only a track from `first` to `last` has a side worked out; a grid, or a track of columns x
        # rows, has one column or row where it gives none.
        if not (self.track and self.last is not None):
            self.columns, self.rows = self.columns or 1, self.rows or 1

    @property
    def squares(self) -> int:
        """A track's numbered squares: first to last, or every cell of its columns x rows."""
        return self.last - self.first + 1 if self.last is not None else self.columns * self.rows

    @property
    def kind(self) -> str:
        if self.polygon_mm is not None:
            return "polygon"
        return next(kind for kind in KINDS if getattr(self, kind) not in (None, False))

    @property
    def where(self) -> Location:
        return getattr(self, "_location", Location("?"))


class Layouts:
    """Every layout of a game file, with `extends` worked out: name -> [(element name, Element)]."""

    def __init__(self, layouts: dict[str, list[tuple[str, Element]]], backgrounds: dict[str, str | None],
                 palette, reader, background_places: dict[str, Location] | None = None,
                 places: dict[str, Location] | None = None):
        self.layouts, self.backgrounds, self.palette = layouts, backgrounds, palette
        self.reader = reader  # the game's files (reading.Reader): pictures come from its folder
        #: Where each background is written: a row's colour that is none is told there.
        self.background_places = background_places or {}
        self.places = places or {}  # where each layout is written: a count past the bound is told there

    @classmethod
    def from_spec(cls, value, location: Location, context, label: str, base: YamlMap | None = None,
                  game: str | None = None) -> Layouts:
        """The layouts a file's `value` gives, laid over `base` (a bundled game's set, whose drawers,
        those named `game.<what>`, its layouts may use: a game of one's own has none)."""
        raw = value if value is not None else YamlMap()
        if not isinstance(raw, dict):
            raise InputError(location, f"{label} must map layout names to their elements", "input.type")
        errors = ErrorList()
        _nothing_written(raw, label, errors)
        if base is not None:
            raw = _overlaid(base, raw)
        layouts, backgrounds = {}, {}
        resolved = _Extends(raw, errors)
        told: set[tuple] = set()  # a mistake in an element six layouts extend is one mistake: told once
        for name in raw:
            merged_layout = resolved.merged(name)
            if merged_layout is None:
                continue
            merged, background = merged_layout
            elements = []
            for element_name, element_raw in merged.items():
                try:
                    elements.append((element_name, _element(element_raw, merged.where(element_name), context,
                                                            f"{label}.{name}.{element_name}", game)))
                except InputError as problem:
                    for each in problem.errors:
                        if (each.location, each.rule) not in told:
                            told.add((each.location, each.rule))
                            errors.add(each)
            if len(elements) > MAX_ELEMENTS:
                errors.add(InputError(raw.where(name), f'layout "{name}" has {len(elements)} elements; a layout may '
                                      f"have at most {MAX_ELEMENTS}", "input.too-large"))
            with errors.guard():
                _check_background(background, resolved.background_at(name), f"{label}.{name}.background",
                                  context.palette)
            layouts[name] = elements
            backgrounds[name] = background
        _check_included(layouts, errors)
        errors.raise_if_any()
        made = cls(layouts, backgrounds, context.palette, context.reader_for(location),
                   {name: resolved.background_at(name) for name in layouts}, {name: raw.where(name) for name in layouts})
        # Layouts drawn inside layouts at many places multiply: counted before anything is drawn, and
        # reported where the count first goes over (the layouts that draw that one are over through it).
        counted: dict[str, int] = {}
        over = {name for name in layouts if made.marks(name, counted) > MAX_FACE_MARKS}
        for name in (name for name in layouts if name in over):
            if not any(element.kind == "layout" and element.layout in over for _, element in layouts[name]):
                errors.add(InputError(raw.where(name), f'layout "{name}" would draw {counted[name]:,} things on one '
                                      f"face, with the layouts it draws; a face may draw at most {MAX_FACE_MARKS:,}: "
                                      "fewer places in at_each, a larger step in every, or fewer layouts in layouts",
                                      "input.too-large"))
        errors.raise_if_any()
        return made

    @classmethod
    def over(cls, template: str) -> type[Layouts]:
        """Layouts that start from the set `template` of templates/layouts.yaml: the file's
        `layouts:` changes the template's elements key by key, adds layouts, and may leave some out."""

        class Overlaid(cls):
            @classmethod
            def from_spec(cls, value, location, context, label):
                base = context.templates.get("layouts", template, location, label)
                return super().from_spec(value, location, context, label, base, template.split("-")[0])

        Overlaid.__name__ = Overlaid.__qualname__ = f"Layouts over {template}"
        Overlaid.template = template
        return Overlaid

    def check_on(self, name: str, area: Area, style, label: str) -> list[InputError]:
        """Layout `name`'s elements that would draw nothing on a piece of `area` (a rectangle
        without a box, a circle without a radius, a line from a point to itself) or that lie wholly
        off it, where no one would see them: each an error at its element's line. And the layout, at
        its line, when it would draw more than MAX_FACE_MARKS things on the piece: its patterns' repeats
        counted on it (from_spec counts them on a square piece, and a long thin one has more)."""
        problems = []
        for element_name, element in self.layouts[name]:
            problem = _unseen(element, area, style) or _start_too_wide(element, area, style)
            if problem:
                problems.append(InputError(element.where, f"{label}: {name}.{element_name} {problem}",
                                           "input.element"))
        if not problems and self.marks(name, {}, area, style) > MAX_FACE_MARKS:  # a pattern's repeats on this piece
            problems.append(InputError(self.places.get(name, Location(f"layout {name}")), f'{label}: layout "{name}" '
                                       f"would draw more than {MAX_FACE_MARKS:,} things on one face of its "
                                       f"{area.width:g} x {area.height:g} mm piece, with the layouts it draws: fewer "
                                       "places in at_each, a larger step in every, or fewer layouts in layouts",
                                       "input.too-large"))
        return problems

    def marks(self, name: str, counted: dict | None = None, area: Area | None = None, style=None) -> int:
        """How many things layout `name` draws on one face: each element once for each place it is
        drawn at (a pattern's repeats, `every`, too), twice when head to head, a track once for each
        square, a `layout:` element as many times as the layout it draws, and once at least (for the
        bound on a game: layouts drawn inside layouts at many places multiply, and must be counted
        before anything is drawn). How many repeats a pattern has depends on what it is drawn on (its
        steps are of its width): on a piece of `area`, they are counted as drawn, and a drawn layout's
        in its element's box, the count stopping once it is past MAX_FACE_MARKS; without one, as on
        a square piece (PATTERN_AREA), whatever the layouts draw."""
        counted = {} if counted is None else counted  # each layout counted once, however often it is drawn
        key = name if area is None else (name, round(area.width, 6), round(area.height, 6))
        if key not in counted:
            total = 0
            for _, element in self.layouts[name]:
                each = element.squares if element.kind == "track" else 1
                if element.kind == "layout":
                    inner = None if area is None else Area(*box_of(element, area, style)[2:], 0.0)
                    each = max(1, self.marks(element.layout, counted, inner, style)) \
                        if inner is None or (inner.width > 0 and inner.height > 0) else 1  # no box: told elsewhere
                total += placements(element, area or PATTERN_AREA, style) * (2 if element.head_to_head else 1) * each
                if area is not None and total > MAX_FACE_MARKS:
                    break  # over: no need to count how far
            counted[key] = total
        return counted[key]

    def drawn_in(self, name: str) -> list[str]:
        """Layout `name` and every layout its `layout:` elements draw, each once."""
        found = [name]
        for drawn in found:
            found += [element.layout for _, element in self.layouts[drawn]
                      if element.kind == "layout" and element.layout not in found]
        return found

    def fields(self, name: str) -> set[str]:
        """The row fields layout `name` shows through its placeholders (its background's too, and those
        of the layouts it draws, their backgrounds' with them), and the lists its repeats run over."""
        drawn_in = self.drawn_in(name)
        shown = {field for drawn in drawn_in if isinstance(self.backgrounds[drawn], str)
                 for field in placeholders(self.backgrounds[drawn])}
        elements = [element for drawn in drawn_in for _, element in self.layouts[drawn]]
        return shown | {element.each for element in elements if element.each} | \
            {field for element in elements for value in _texts(element) for field in placeholders(value)}


class _Extends:
    """Each layout's elements with its `extends` worked out: `extends: card` starts from one layout,
    `extends: [frame, card]` from several, laid over each other in order (as Squib's layouts do).
    Worked out once per layout; a circle is reported once, and so is a chain more than MAX_EXTENDS
    deep (which would be slow to follow, and is no layout anyone means)."""

    def __init__(self, raw: YamlMap, errors: ErrorList):
        self.raw, self.errors = raw, errors
        self.done: dict[str, tuple[YamlMap, str | None] | None] = {}  # None: it cannot be worked out
        self.backgrounds: dict[str, Location] = {}
        self.too_deep_told = False

    def merged(self, name: str) -> tuple[YamlMap, str | None] | None:
        return self._resolve(name, ())

    def background_at(self, name: str) -> Location:
        return self.backgrounds.get(name, self.raw.where(name))

    def _resolve(self, name: str, chain: tuple[str, ...]):
        if name in self.done:
            return self.done[name]
        raw = self.raw
        where = raw.where(name)
        if name in chain:
            circle = chain[chain.index(name):]
            self.errors.add(InputError(raw.where(circle[0]), "layouts extend each other in a circle: "
                                       f"{' -> '.join((*circle, circle[0]))}", "input.extends-cycle"))
            self.done.update({member: None for member in circle})
            return None
        if len(chain) >= MAX_EXTENDS:
            if not self.too_deep_told:
                self.errors.add(InputError(where, f"layouts extend each other more than {MAX_EXTENDS} deep "
                                           f"({chain[0]} -> {chain[1]} -> ... -> {name}); start fewer layouts from "
                                           "others", "input.too-deep"))
                self.too_deep_told = True
            self.done.update({member: None for member in (*chain, name)})
            return None
        result = None
        try:
            result = self._merge(name, chain)
        except InputError as problem:
            self.errors.add(problem)
        self.done[name] = result
        return result

    def _merge(self, name: str, chain: tuple[str, ...]) -> tuple[YamlMap, str | None] | None:
        raw = self.raw
        where = raw.where(name)
        own = raw[name]
        if own is None:
            own = YamlMap()
            own.location, own.value_locations, own.key_locations = where, {}, {}
        if not isinstance(own, dict):
            raise InputError(where, f'layout "{name}" must be a mapping of element names to elements', "input.type")
        merged, background = YamlMap(), None
        merged.location, merged.value_locations, merged.key_locations = where, {}, {}
        for parent_name in self._parents(name, own):
            parent = self._resolve(parent_name, (*chain, name))
            if parent is None:
                return None  # its parent's error says why
            elements, parent_background = parent
            background = parent_background if parent_background is not None else background
            if parent_name in self.backgrounds and parent_background is not None:
                self.backgrounds[name] = self.backgrounds[parent_name]
            for key, value in elements.items():
                if key in merged and isinstance(value, dict) and isinstance(merged[key], dict):
                    value = _combined(merged[key], value, elements.where(key))
                _put(merged, key, value, elements.where(key))
        for key, value in own.items():
            if key == "extends":
                continue
            place = own.where(key) if isinstance(own, YamlMap) else where
            if key == "background":
                background = value
                self.backgrounds[name] = place
                continue
            if value is None:
                merged.pop(key, None)  # `name: null` leaves an inherited element out
            elif key in merged and isinstance(value, dict) and isinstance(merged[key], dict):
                _put(merged, key, _combined(merged[key], value, place), place)
            else:
                _put(merged, key, value, place)
        return merged, background

    def _parents(self, name: str, own) -> list[str]:
        """The layouts `name` extends, in order: a name, or a list of names."""
        parents = own.get("extends")
        if parents is None:
            return []
        place = own.where("extends") if isinstance(own, YamlMap) else self.raw.where(name)
        listed = parents if isinstance(parents, list) else [parents]
        if not listed or not all(isinstance(parent, str) for parent in listed):
            raise InputError(place, f'layout "{name}": extends takes a layout\'s name, or a list of names',
                             "input.type")
        for parent in listed:
            if parent not in self.raw:
                others = [key for key in self.raw if key != name]
                raise InputError(place, f'layout "{name}" extends "{parent}", which is not a layout'
                                 f"{did_you_mean(parent, others) if others else '; there is no other layout to extend'}",
                                 "input.unknown-layout")
        return listed


def _check_included(layouts: dict[str, list[tuple[str, Element]]], errors: ErrorList) -> None:
    """Each `layout:` element names a layout of the set, and no layout draws itself through others."""
    state: dict[str, str] = {}  # "open" while its parts are followed, "done" after

    def follow(name: str) -> None:
        state[name] = "open"
        for _, element in layouts[name]:
            if element.kind != "layout":
                continue
            if element.layout not in layouts:
                errors.add(InputError(element.where, f'layout "{name}" draws the layout "{element.layout}", which is not '
                                      f"a layout{did_you_mean(element.layout, list(layouts))}", "input.unknown-layout"))
            elif element.layout == name:
                errors.add(InputError(element.where, f'layout "{name}" draws itself; a layout may draw only other '
                                      "layouts", "input.extends-cycle"))
            elif state.get(element.layout) == "open":
                errors.add(InputError(element.where, f'layout "{name}" draws "{element.layout}", which draws it in '
                                      "turn; a layout may not draw itself", "input.extends-cycle"))
            elif element.layout not in state:
                follow(element.layout)
        state[name] = "done"

    for name in layouts:
        if name not in state:
            follow(name)


def _combined(base: YamlMap, change: YamlMap, place: Location) -> YamlMap:
    """An element `base` with the keys `change` gives laid over it. Its `own_keys` are those `change`
    writes: two keys that say one thing twice are a mistake when one element writes both, and may be
    meant when one comes from a layout it extends (_repeated_keys)."""
    combined = YamlMap({**base, **change})
    combined.location = place
    combined.value_locations = {**base.value_locations, **change.value_locations}
    combined.key_locations = {**base.key_locations, **change.key_locations}
    combined.own_keys = _own_keys(change)
    return combined


def _own_keys(element) -> frozenset:
    """The keys an element's mapping writes itself, not those it has from a layout it extends."""
    own = getattr(element, "own_keys", None)
    return own if own is not None else frozenset(element)


def _overlaid(base: YamlMap, own: YamlMap) -> YamlMap:
    """A template's layouts with a file's laid over them: a layout of the same name changes the
    template's element by element (an element key by key, `name: null` drops one); a new name is
    a new layout."""
    result = YamlMap(base)
    result.location = getattr(own, "location", base.location)
    result.value_locations, result.key_locations = dict(base.value_locations), dict(base.key_locations)
    for name, layout in own.items():
        place = own.where(name)
        if isinstance(layout, dict) and isinstance(base.get(name), dict):
            combined = YamlMap(base[name])
            combined.location = place
            combined.value_locations = dict(base[name].value_locations)
            combined.key_locations = dict(base[name].key_locations)
            for key, value in layout.items():
                if isinstance(value, dict) and isinstance(combined.get(key), dict):
                    value = _combined(combined[key], value, layout.where(key))
                _put(combined, key, value, layout.where(key))
            layout = combined
        _put(result, name, layout, place)
    return result


def _put(mapping: YamlMap, key, value, place: Location) -> None:
    mapping[key] = value
    mapping.value_locations[key] = mapping.key_locations[key] = place


def _check_background(background, location: Location, label: str, palette=None) -> None:
    """A face's background is a colour: a style's or the palette's name, "#rrggbb" or a `{field}` of
    the row (whose value is checked as the face is drawn)."""
    if background is None:
        return
    if not isinstance(background, str):
        raise InputError(location, f"{label} is {_kind_of(background)}; expected a colour name, \"#rrggbb\" in quotes "
                         "or a {field}", "input.type")
    try:
        shown = placeholders(background)
    except ValueError as problem:
        raise InputError(location, f'{label}: "{background}" has a broken placeholder ({problem}); write {{field}}, '
                         "and {{ or }} for a brace", "input.placeholder") from None
    if not shown and palette is not None and background not in STYLE_COLOURS:
        palette.resolve(background, location, label)


def _nothing_written(raw, label: str, errors: ErrorList) -> None:
    """An element key (or a layout's `background:`) with nothing written after it (`fill:`, or
    `fill: #ff0000` unquoted, which YAML reads as a comment) is a mistake, not a default; `fill: null`
    is written, and resets the key."""
    def check(mapping: YamlMap, path: str, keys=None) -> None:
        for key in mapping if keys is None else [key for key in keys if key in mapping]:
            value = mapping[key]
            if value is None and mapping.texts.get(key, "null") == "":
                errors.add(InputError(mapping.where(key), f"{path}.{key} is empty; give it a value (a colour "
                                      '"#rrggbb" in quotes: unquoted, YAML reads "#" as the start of a comment), '
                                      "write null to reset it, or leave it out", "input.type"))
            elif isinstance(value, YamlMap) and key in KINDS:  # rect: {fill: , radius_mm: 2}
                check(value, f"{path}.{key}")

    for name, layout in raw.items() if isinstance(raw, dict) else ():
        if not isinstance(layout, YamlMap):
            continue
        check(layout, f"{label}.{name}", ("background",))
        for element_name, element in layout.items():
            if isinstance(element, YamlMap):
                check(element, f"{label}.{name}.{element_name}")


def _element(raw, location: Location, context, label: str, game: str | None = None) -> Element:
    if isinstance(raw, dict):
        if any(value is None for value in raw.values()):  # `key: null` resets an inherited key to its default
            kept = YamlMap({key: value for key, value in raw.items() if value is not None})
            kept.location = getattr(raw, "location", location)
            kept.value_locations = getattr(raw, "value_locations", {})
            kept.key_locations = getattr(raw, "key_locations", {})
            kept.own_keys = _own_keys(raw)
            raw = kept
        for kind in ("rect", "circle", "line", "grid", "track", "frame", "lattice"):  # `rect: {fill: panel}` is
            # `rect: true, fill: panel`
            if isinstance(raw.get(kind), dict):
                options = raw[kind]
                flat = YamlMap({**{k: v for k, v in raw.items() if k != kind}, kind: True, **options})
                flat.location = raw.location
                flat.value_locations = {**raw.value_locations, **options.value_locations}
                flat.key_locations = {**raw.key_locations, **options.key_locations}
                own = _own_keys(raw)  # the options are written where the kind's key is
                flat.own_keys = own | set(options) if kind in own else own
                raw = flat
    element = build(Element, raw, location, context, label)
    kinds = [kind for kind in KINDS if getattr(element, kind) not in (None, False)]
    if element.polygon_mm is not None:
        kinds.append("polygon_mm")
    if len(kinds) != 1:
        said = ", ".join(kinds) if kinds else "none"
        raise InputError(location, f"{label} needs exactly one of {', '.join(KINDS)} (it has {said})",
                         "input.element")
    unread = _unread_keys(raw, element, location, label)
    if unread:
        raise combine(unread)
    idle = _repeated_keys(raw, element, location, label) + _idle_keys(raw, element, location, label)
    if idle:
        raise combine(idle)
    for key, choices in (("anchor", ANCHORS), ("role", ROLES), ("fit", ("fit", "fill", "stretch")),
                         ("path", ("serpentine", "rows")), ("only_if", STYLE_FLAGS + (None,)),
                         ("flow", ("across", "down")),
                         ("align", ("left", "centre", "center", "right", None))):
        if getattr(element, key) not in choices:
            raise InputError(raw.where(key) if isinstance(raw, YamlMap) else location,
                             f'{label}.{key} is "{getattr(element, key)}"'
                             f"{did_you_mean(str(getattr(element, key)), [c for c in choices if c])}",
                             "input.element")
    for value in _texts(element):
        try:
            placeholders(value)
        except ValueError as problem:
            raise InputError(location, f'{label}: "{value}" has a broken placeholder ({problem}); write {{field}}, '
                             "and {{ or }} for a brace", "input.placeholder") from None
    _check_shape(element, location, label, game)
    written = {*raw, *getattr(raw, "key_locations", {})}  # a `fill:` left empty is told as such (_nothing_written)
    if element.kind in ("rect", "circle", "polygon") and element.fill is None and element.stroke is None and \
            not written & {"fill", "stroke"}:
        raise InputError(location, f"{label}: {_a(element.kind)} with neither a fill nor a stroke draws nothing; give "
                         "it `fill`, `stroke` or both (a colour each)", "input.element")
    _check_colours(raw, element, location, label, getattr(context, "palette", None))
    object.__setattr__(element, "_location", location)
    return element


def _check_colours(raw, element: Element, location: Location, label: str, palette) -> None:
    """The element's colours as written (a row's, `{field}`, are checked with the row): each a style's
    name, the palette's or "#rrggbb", or an error at its value."""
    if palette is None:
        return
    problems = []
    for key in ("colour", "fill", "stroke"):
        value = getattr(element, key)
        if isinstance(value, str) and "{" not in value and value not in STYLE_COLOURS:
            try:
                palette.resolve(value, raw.where(key) if isinstance(raw, YamlMap) else location, f"{label}.{key}")
            except InputError as problem:
                problems.append(problem)
    if problems:
        raise combine(problems)


def _unread_keys(raw, element: Element, location: Location, label: str) -> list[InputError]:
    """An error at each key the element gives that its kind does not read (KEYS_BY_KIND), naming what
    reads it."""
    given = [row for row, on in (("each", element.each is not None), ("box_em", element.box_em is not None)) if on]
    read = {key for row in (*_rows_read(element.kind), *given) for key in KEYS_BY_KIND[row]}
    places = raw.key_locations if isinstance(raw, YamlMap) else {}
    problems = []
    for key in (key for key in raw if key not in read):
        placing = next((row for row in UNPLACED if key in KEYS_BY_KIND[row]), None)
        if placing is not None:  # a key that places every other kind: why this one is not placed by it
            but = " and ".join(_a(kind) for kind in UNPLACED[placing])
            problems.append(InputError(places.get(key, location), f'{label}: "{key}" is a key of every kind but {but}; '
                                       f"{UNPLACED[placing][element.kind]}, so it does not read it and it would do "
                                       "nothing", "input.element-key"))
            continue
        kinds = _either([_a(kind) for kind in KINDS if key in KEYS_BY_KIND[kind]])
        wanting = [row for row in ("each", "box_em") if key in KEYS_BY_KIND[row]]  # read with each, or box_em
        with_them = _either([f"an element with {row}" for row in wanting])
        readers = f"{kinds}, or of {with_them}" if kinds and with_them else kinds or with_them
        kind = _a(element.kind) + "".join(f" without {row}" for row in wanting)
        problems.append(InputError(places.get(key, location), f'{label}: "{key}" is a key of {readers}; {kind} '
                                   "does not read it, so it would do nothing", "input.element-key"))
    return problems


#: Two keys that say one thing, of which the drawing reads the first (boxes_of, point_of, text_size,
#: symbol_size, draw_element): (the kinds it is so for, None for every kind; the key read; the key then
#: left unread). One element writing both is a mistake (_repeated_keys).
REPEATED = ((None, "at_mm", "at"), (None, "box_mm", "box"), (None, "box", "box_em"), (None, "box_mm", "box_em"),
            (None, "at_each_mm", "at_each"),
            *((("text", "symbol", "image", "rect", "circle", "polygon", "grid", "track", "lattice", "table", "draw",
                "layout"), many, one) for many in ("at_each", "at_each_mm") for one in ("at", "at_mm")),
            (("text", "table"), "size", "size_pt"), (("symbol",), "size_mm", "size"),
            (("circle",), "radius_mm", "size"), (("circle",), "radius_mm", "box"), (("circle",), "radius_mm", "box_mm"))


def _repeated_keys(raw, element: Element, location: Location, label: str) -> list[InputError]:
    """An error at the second of two keys one element writes that say one thing (REPEATED), naming
    the one that is read. Of two such keys, one from a layout it extends, the element's own may be
    meant as a change (`at_mm` over an inherited `at`) and is not told, unless it is the one left
    unread (`at` over an inherited `at_mm`, which it cannot move). Also `every` with at_each of
    several points: a pattern repeats from one point."""
    own = _own_keys(raw) if isinstance(raw, dict) else frozenset()
    places = raw.key_locations if isinstance(raw, YamlMap) else {}

    def second(*keys: str) -> str:  # the one written last (in the file's order)
        return max(keys, key=lambda key: (places[key].file, places[key].line or 0, places[key].col or 0)
                   if key in places else ("", 0, 0))

    problems = []
    for kinds, read, unread in REPEATED:
        if read not in raw or unread not in raw or (kinds is not None and element.kind not in kinds):
            continue
        if read in own and unread in own:
            problems.append(InputError(places.get(second(read, unread), location), f"{label}: it gives both {unread} "
                                       f"and {read}, and only {read} is read ({unread} would do nothing); keep one of "
                                       "them", "input.element-key"))
        elif unread in own:  # a change that the key it inherits overrules: it would do nothing
            problems.append(InputError(places.get(unread, location), f'{label}: "{unread}" would do nothing: the '
                                       f"element has {read} already (from a layout it extends or changes), which is "
                                       f"read instead; write {read}: null beside it to use {unread}",
                                       "input.element-key"))
    points = element.at_each_mm if element.at_each_mm is not None else element.at_each
    listed = "at_each_mm" if element.at_each_mm is not None else "at_each"
    if element.every is not None and points is not None and len(points) > 1 and {"every", listed} <= own:
        problems.append(InputError(places.get(second("every", listed), location), f"{label}: every repeats a pattern "
                                   f"from one point, and {listed} gives {len(points)}: all but the first would do "
                                   f"nothing; keep one point (or at), or leave every out", "input.element-key"))
    return problems


def _idle_keys(raw, element: Element, location: Location, label: str) -> list[InputError]:
    """An error at each key the element's kind reads that does nothing with the keys it has beside it
    (given or inherited, told where written): an anchor where there is no box to place, a max_size
    where there is no size to bound, a stroke's width or dashes where there is no stroke."""
    places = raw.key_locations if isinstance(raw, YamlMap) else {}
    kind, problems = element.kind, []

    def idle(key: str, why: str) -> None:
        if key in raw:
            problems.append(InputError(places.get(key, location), f'{label}: "{key}" {why}', "input.element-key"))

    if kind in ("symbol", "circle") and element.box is None and element.box_mm is None and element.box_em is None:
        idle("anchor", f"says which point of its box `at` is, and {_a(kind)} without a box is drawn centred on at, "
                       "so it would do nothing; give it a box, or leave anchor out")
    if element.size is None:
        instead = next((f" (it is {how} {key})" for key, how in (("size_pt", "printed at"), ("size_mm", "drawn"),
                                                                   ("radius_mm", "drawn at"))
                        if getattr(element, key)), "")
        idle("max_size", f"bounds size (a fraction of the piece's width), which it does not give{instead}, so it "
                         "would do nothing; give size, or leave max_size out")
    if kind in ("rect", "circle", "polygon", "symbol") and element.stroke is None:
        for key in ("stroke_mm", "dash_mm"):
            idle(key, f"shapes its outline, and {_a(kind)} without a stroke colour has none, so it would do "
                      f"nothing; give it a stroke, or leave {key} out")
    if element.bleed and element.box is None and element.box_mm is None and kind not in ("line", "frame"):
        for key in ("at", "at_mm", "anchor", "at_each", "at_each_mm", "every"):
            idle(key, "places a box, and bleed without a box draws over the whole bleed box, so it would do "
                      f"nothing; give a box (bleed then runs it on into the bleed), or leave {key} out")
    if kind in ("polygon", "line") and not element.rotate:
        # Its own points place it (a polygon's corners, a line's ends): the places a box would be put at
        # are only what `rotate` turns it about, and without a turn it is drawn again on itself.
        points = "its corners (polygon or polygon_mm)" if kind == "polygon" else "its ends (at and to)"
        for key in ("at_each", "at_each_mm", "every", "each"):
            idle(key, f"repeats an element at other places, and {_a(kind)} is drawn where {points} say, so it "
                      f"would be drawn again on itself; give each one an element of its own, or leave {key} out")
        if kind == "polygon":
            for key in ("at", "at_mm", "anchor", "box", "box_mm", "box_em"):
                idle(key, f"places a box, and a polygon is drawn where {points} say (a box's centre is only what "
                          f"rotate turns it about), so it would do nothing; leave {key} out")
    return problems


def _rows_read(kind: str) -> tuple[str, ...]:
    """The rows of KEYS_BY_KIND an element of `kind` reads (each and box_em aside)."""
    return ("any", *(row for row in UNPLACED if kind not in UNPLACED[row]), kind)


def _a(noun: str) -> str:
    """The noun with its article: "a text", "an image"."""
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"


def _either(things: list[str]) -> str:
    """The things as a choice: "a, b or c"."""
    return " or ".join(filter(None, (", ".join(things[:-1]), things[-1]))) if things else ""


def _check_shape(element: Element, location: Location, label: str, game: str | None = None) -> None:
    """What the element's own keys say it draws: something, of a size that can be drawn in time."""
    kind = element.kind
    points = element.polygon_mm if element.polygon_mm is not None else element.polygon
    if kind == "polygon" and len(points) < 3:
        raise InputError(location, f"{label}: a polygon needs at least three corners (it has {len(points)})",
                         "input.element")
    if kind == "polygon" and _flat(points):
        raise InputError(location, f"{label}: its corners lie on one line (or at one point), so the polygon has no "
                         "area and draws nothing; give corners round an area (a line is `line`, from at to to)",
                         "input.element")
    if kind == "line" and element.to is None and element.to_mm is None:
        raise InputError(location, f"{label}: a line needs its other end, `to` (or `to_mm`)", "input.element")
    if kind == "text" and not element.text.strip():
        raise InputError(location, f"{label}: the text is empty, so it draws nothing; give it words or leave it out",
                         "input.element")
    if kind == "text" and all(map(_invisible, element.text)):
        shown = " ".join(f"U+{ord(char):04X}" for char in dict.fromkeys(element.text) if not char.isspace())
        raise InputError(location, f"{label}: the text holds only characters that show as nothing ({shown}), so it "
                         "draws nothing; give it words or leave it out", "input.element")
    if kind == "text" and len(element.text) > MAX_TEXT:
        raise InputError(location, f"{label}: the text is {len(element.text):,} characters long; a text on a piece "
                         f"may be at most {MAX_TEXT:,}", "input.too-large")
    placed = element.at_each_mm if element.at_each_mm is not None else element.at_each
    if placed is not None and len(placed) > MAX_POINTS:
        raise InputError(location, f"{label}: at_each gives {len(placed):,} points; an element may be drawn at most "
                         f"{MAX_POINTS} times", "input.too-large")
    if kind == "lattice":
        if element.step is not None and element.step < MIN_LATTICE_STEP:
            raise InputError(location, f"{label}: a lattice step of {element.step:g} of the piece's width is finer "
                             f"than {MIN_LATTICE_STEP:g} (a grey fill, and hours of lines); make it larger",
                             "input.out-of-range")
        if element.step_mm is not None and element.step_mm < MIN_LATTICE_STEP_MM:
            raise InputError(location, f"{label}: a lattice step of {element.step_mm:g} mm is finer than "
                             f"{MIN_LATTICE_STEP_MM:g} mm (a grey fill, and hours of lines); make it larger",
                             "input.out-of-range")
    if kind == "track":
        _check_track(element, location, label)
    if kind == "text":
        for token in element.text.split():
            name = _symbol_token(token)
            if name is not None and "{" not in name and not is_symbol(name):
                raise InputError(location, f'{label}: unknown symbol "{token}"{did_you_mean(name, symbol_names())}',
                                 "input.unknown-symbol")
    if kind == "table":
        _check_table(element, location, label)
    if kind == "draw":
        own = [name for name in DRAWERS if game and name.startswith(game + ".")]
        if element.draw not in own:
            known = did_you_mean(element.draw, own) if own else "; only a bundled game's own layouts have drawers"
            raise InputError(location, f'{label}: no drawer is called "{element.draw}"{known}', "input.element")
    if kind == "symbol" and "{" not in element.symbol and not is_symbol(element.symbol):
        raise InputError(location, f'{label}: unknown symbol "{element.symbol}"'
                         f"{did_you_mean(element.symbol, symbol_names())}", "input.unknown-symbol")


def _flat(points) -> bool:
    """Whether corners enclose no area: all at one point, or all on one line (however they turn)."""
    (x0, y0), far = points[0], max(points, key=lambda point: math.hypot(point[0] - points[0][0], point[1] - points[0][1]))
    dx, dy = far[0] - x0, far[1] - y0
    reach = math.hypot(dx, dy)
    if reach == 0:
        return True
    # each corner's distance from the line through the first corner and the farthest from it
    return all(abs(dx * (y - y0) - dy * (x - x0)) / reach <= 1e-9 * max(reach, 1.0) for x, y in points)


def _invisible(char: str) -> bool:
    """Whether a character prints as nothing: a space, a control character, a format one (Unicode's Cf:
    a zero-width space or joiner, a direction mark, a soft hyphen, a byte-order mark) or a variation
    selector, which only chooses how the character before it looks."""
    return char.isspace() or unicodedata.category(char) in ("Cc", "Cf") or "\ufe00" <= char <= "\ufe0f" or \
        "\U000e0100" <= char <= "\U000e01ef"


def _check_table(element: Element, location: Location, label: str) -> None:
    """A table names one field, whose rows it draws, and gives each column an edge and a side of it."""
    if not re.fullmatch(r"\{[^{}]+\}", element.table.strip()):
        raise InputError(location, f'{label}: table is "{element.table}"; write the field that holds its rows, as '
                         '"{rows}"', "input.element")
    edges, aligns = element.columns_at or [], element.columns_align or []
    if not edges or len(edges) != len(aligns):
        raise InputError(location, f"{label}: a table gives each column an edge and a side of it: columns_at "
                         f"({len(edges)}) and columns_align ({len(aligns)}), one each", "input.element")
    for align in aligns:
        if align not in ("left", "centre", "right"):
            raise InputError(location, f'{label}: columns_align "{align}" is none of left, centre, right'
                             f"{did_you_mean(str(align), ['left', 'centre', 'right'])}", "input.element")


def _check_track(element: Element, location: Location, label: str) -> None:
    """A track's squares, at most MAX_TRACK_SQUARES, and with `last` a shape that holds first..last
    in path order with only the last row part-filled (an empty row would print as a gap)."""
    from generator.kit.tracks import MOST_ALONG, track_shape

    if "\n" in element.start or "\r" in element.start:
        raise InputError(location, f"{label}: its start label is printed on one line under the first square; "
                         "write it without a line break", "input.element")
    count = element.squares
    if element.last is None:
        if count > MAX_TRACK_SQUARES:
            raise InputError(location, f"{label}: a track of {element.columns} x {element.rows} is {count:,} squares; "
                             f"a track may have at most {MAX_TRACK_SQUARES:,}", "input.too-large")
        return
    numbers = f"{element.first} to {element.last}"
    if element.last < element.first:
        raise InputError(location, f"{label}: the track's last number ({element.last}) comes before its first "
                         f"({element.first}); a track counts up from first to last", "input.element")
    if count > MAX_TRACK_SQUARES:
        raise InputError(location, f"{label}: a track from {numbers} is {count:,} squares; a track may have at most "
                         f"{MAX_TRACK_SQUARES:,}", "input.too-large")
    if element.columns is None and element.rows is None:
        return  # worked out as it is drawn, to fill its box: any count up to the bound has a shape
    columns, rows = track_shape(count, 1.0, 1.0, element.columns, element.rows)
    shape = f"{columns} x {rows}"
    if columns > MOST_ALONG or rows > MOST_ALONG:
        raise InputError(location, f"{label}: the {count:,} squares from {numbers} would need a track of {shape}; "
                         f"a track may have at most {MOST_ALONG} columns and {MOST_ALONG} rows", "input.too-large")
    if columns * rows < count:
        raise InputError(location, f"{label}: a track of {shape} has {columns * rows:,} squares, too few for the "
                         f"{count:,} from {numbers}; leave out columns or rows to have them worked out",
                         "input.element")
    if columns * (rows - 1) >= count:  # only given rows can ask for this: columns worked out fill every row
        instead = "leave out columns or rows to have them worked out" if element.columns else "give columns instead"
        raise InputError(location, f"{label}: the {count:,} squares from {numbers} fill {math.ceil(count / columns)} "
                         f"of the {rows} rows of a {shape} track and leave the rest empty; give fewer rows, or "
                         f"{instead}", "input.element")


#: An inline symbol's name between its colons (`:sun:`), and such a symbol as a word of a text.
_SYMBOL_NAME = r"[A-Za-z{][A-Za-z0-9_{}-]*"
_INLINE_SYMBOL = re.compile(rf"(?<!\S):{_SYMBOL_NAME}:(?!\S)")


def inline_symbols(text: str) -> int:
    """How many `:name:` words a text holds: each is drawn as a symbol of its own, not as letters."""
    return len(_INLINE_SYMBOL.findall(text)) if ":" in text else 0


def unknown_symbols(text: str) -> list[str]:
    """The `:name:` tokens of a text that name no symbol (a typo such as `:sunn:` would print as written)."""
    return [token for token in text.split() if (name := _symbol_token(token)) is not None and not is_symbol(name)]


def _symbol_token(token: str) -> str | None:
    """The name in a token written as a symbol, `:name:`; None for any other word."""
    if not token.startswith(":"):  # most words: no need of the pattern
        return None
    found = _SYMBOL_TOKEN.match(token)
    return found.group(1) if found else None


def _texts(element: Element) -> list[str]:
    """The element's values that may hold placeholders."""
    names = ("text", "symbol", "image", "table", "colour", "fill", "stroke", "start")
    return [getattr(element, name) for name in names if isinstance(getattr(element, name), str)]


def placeholders(text: str) -> set[str]:
    """The field names `{field}` in `text`; ValueError for a broken one (an empty `{}`, a lone brace,
    or Python's format syntax, which a row's plain values do not need)."""
    names = set()
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is None:
            continue
        if not name.strip() or spec or conversion or any(char in name for char in ".[]"):
            raise ValueError(f"{{{name}}} names no field")
        names.add(name)
    return names


def picture_file(element: Element, row: dict) -> str | None:
    """The file an image element draws for `row`; None when its name comes from the row's fields and
    they are empty (`image: "{art}"` and an empty `art` cell: no picture on this piece)."""
    fields = placeholders(element.image) if "{" in element.image else ()
    for name in fields:
        if name not in row:  # a field the piece has none of is a mistake, not an empty cell
            raise UnknownField(name)
    if fields and not any(str(row.get(name) or "").strip() for name in fields):
        return None
    return filled(element.image, row)


class UnknownField(KeyError):
    """A `{field}` that names no field of the piece's row (draw_placed tells it at its element)."""


def filled(text: str, row: dict) -> str:
    """`text` with each `{field}` replaced by the row's value. A text that is one placeholder is the
    value itself, so that a named colour keeps its name (messages say "red (#c41e3a)")."""
    if text.startswith("{") and text.endswith("}") and text[1:-1] in row and isinstance(row[text[1:-1]], str):
        return row[text[1:-1]]
    try:
        return text.format_map({key: "" if value is None else value for key, value in row.items()})
    except KeyError as missing:
        raise UnknownField(missing.args[0]) from None


# Drawing ---------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)  # one per row of a deck of thousands
class Face:
    """A face drawer: a layout, one row's fields and the piece's style. Equal faces draw the same."""

    layouts: Layouts
    layout: str
    row: tuple  # (field, value) pairs the layout shows
    style: object
    corner_mm: float = 0.0  # the piece's corner radius, which a frame follows

    def __call__(self, canvas, area: Area) -> None:
        row = dict(self.row)
        background = self.layouts.backgrounds[self.layout]
        fill_bleed(canvas, area, self.colour(filled(background, row) if background else "background",
                                             self.layouts.background_places.get(self.layout)))
        self.draw_elements(canvas, area, self.layout, row)
        canvas.drawing_from(None)

    def draw_elements(self, canvas, area: Area, layout: str, row: dict) -> None:
        """Layout `layout`'s elements on `area`, in order (a `layout:` element draws another's in its box)."""
        for _, element in self.layouts.layouts[layout]:
            if element.only_if and not getattr(self.style, element.only_if):
                continue
            canvas.drawing_from(element.where)
            key = self._alike_key(canvas, area, element, row)
            if key is None:
                draw_placed(canvas, area, element, row, self)
            else:
                canvas.surface.add_recorded(_drawn_alike(key, element, canvas.check_numbers,
                                                         lambda sub: draw_placed(sub, area, element, row, self)))

    def _alike_key(self, canvas, area: Area, element: Element, row: dict) -> tuple | None:
        """What an element's drawing on a face being recorded depends on (DRAWN_ALIKE), or None when it is
        not drawn so: a picture, a drawer or a nested layout, or an element inside another's box."""
        if element.kind not in REUSED_KINDS or not isinstance(canvas.surface, Recording) or \
                canvas.matrix != IDENTITY or canvas.clipped:
            return None
        # A colour's palette name too, which its messages give ("red (#c41e3a)", not the hex alone).
        values = tuple((value, getattr(value, "name", None)) for value in map(row.get, _fields_read(element)))
        key = (id(element), values, self.style, area, self.corner_mm)
        try:
            hash(key)
        except TypeError:  # a row's list (an `each` of its own), or a style that is not a value
            return None
        return key

    def content_key(self) -> tuple | None:
        """What this face's drawing depends on, as values: its layout's elements as written (and
        where), its row, style, corner, background and palette, and each picture file as it is now.
        Equal keys draw alike, so a preview that rebuilds on save draws again only the faces whose
        inputs changed; None when some input is not a value (a row holding a function of its own)."""
        row = dict(self.row)
        elements = [pair for name in self.layouts.drawn_in(self.layout) for pair in self.layouts.layouts[name]]
        pictures = []
        for _, element in elements:
            if element.kind != "image":
                continue
            try:
                file = picture_file(element, row)
                if file is not None:
                    path = self.layouts.reader.locate(file, "picture", element.where)
                    status = path.stat()
                    pictures.append((str(path), status.st_mtime_ns, status.st_size))
            except (InputError, OSError, UnknownField):
                return None  # drawing it says what is wrong
        key = (self.layout, self.row, self.style, self.corner_mm, self.layouts.backgrounds[self.layout],
               tuple((name, repr(element), str(element.where)) for name, element in elements),
               tuple(sorted(self.layouts.palette.colours.items())), tuple(pictures))
        try:
            hash(key)
        except TypeError:
            return None
        return key

    def colour(self, name: str, location: Location | None = None) -> str:
        if isinstance(name, Colour):  # resolved already, a row's colour: keep its palette name
            return name
        if name in STYLE_COLOURS:
            return getattr(self.style, name)
        return self.layouts.palette.resolve(name, location or Location("?"), "colour")


#: Elements drawn alike on many faces (a deck's panel, its cost disc, a suit's symbol) are recorded once
#: and their drawing reused (DrawnAlike): a deck of thousands of different cards then draws each element
#: once for each look it has.
REUSED_KINDS = frozenset({"rect", "circle", "line", "polygon", "symbol", "text", "frame", "grid", "track", "table",
                          "lattice"})
_fields: dict[int, tuple] = {}  # id(element) -> (the element, the row fields it reads)


def _fields_read(element: Element) -> tuple[str, ...]:
    kept = _fields.get(id(element))
    if kept is None or kept[0] is not element:
        fields = {field for value in _texts(element) for field in placeholders(value)} | \
            ({element.each} if element.each else set())
        kept = _fields[id(element)] = (element, tuple(sorted(fields)))
        while len(_fields) > 4 * DrawnAlike.KEPT:
            del _fields[next(iter(_fields))]
    return kept[1]


class DrawnAlike:
    """The recordings of elements drawn alike, by what their drawing depends on (Face._alike_key), the
    least recently used going first: at most KEPT of them, and CALLS drawing calls in all (a symbol's
    outline is some 9 KB); one of more than CALLS // 16 calls (a text of hundreds of inline symbols)
    is not kept."""

    KEPT = 512
    CALLS = 32_000

    def __init__(self) -> None:
        self._kept = RecordingsKept(self.KEPT, self.CALLS)

    def __call__(self, key: tuple, element: Element, check_numbers: bool, draw) -> Recording:
        """The recording of `draw(canvas)` for `key`: made once, and again only once let go."""
        recording = self._kept.take(key, element)
        if recording is None:
            recording = Recording()
            recording.drawing_from(element.where)
            draw(Canvas(recording, check_numbers))
            if len(recording.calls) <= self.CALLS // 16:
                self._kept.keep(key, element, recording)
        return recording


_drawn_alike = DrawnAlike()


def box_of(element: Element, area: Area, style=None) -> tuple[float, float, float, float]:
    """x, y, width, height of the element's (first) box on the face, in mm."""
    return next(boxes_of(element, area, style))


def boxes_of(element: Element, area: Area, style=None):
    """Every box the element is drawn in: one, or one for each point of `at_each`. A text's box_em
    is in its own size, which comes from the style."""
    if element.bleed and element.box is None and element.box_mm is None:
        yield area.bleed_box()
        return
    frame = frame_of(element, area)
    width, height = _box_size(element, frame, style)
    ax, ay = ANCHORS[element.anchor]
    points = _points(element, frame)
    if element.every is not None:
        points = repeated(points[0], element.every, area, _pattern_reach(element, frame, width, height))
    for x, y in points:
        box = x - ax * width, y - ay * height, width, height
        yield to_the_bleed(box, area) if element.bleed else box


def _box_size(element: Element, frame: Frame, style=None) -> tuple[float, float]:
    """The width and height of the element's box in mm (none: 0, 0); box_em needs the style's sizes."""
    if element.box_mm is not None:
        return element.box_mm
    if element.box is not None:
        return element.box[0] * frame.width, element.box[1] * frame.height
    if element.box_em is not None and style is not None:
        em = text_size(element, style, frame)
        return element.box_em[0] * em, element.box_em[1] * em
    return 0.0, 0.0


def _points(element: Element, frame: Frame) -> list[tuple[float, float]]:
    """The points the element is placed at, before a pattern (`every`) repeats the first."""
    if element.at_each_mm is not None:
        return element.at_each_mm
    if element.at_each is not None:
        return [frame.point(x, y) for x, y in element.at_each]
    return [point_of(element.at, element.at_mm, frame)]


def _pattern_reach(element: Element, frame: Frame, width: float, height: float) -> float:
    """How far across a pattern's element reaches from its place: its box, or a symbol's size."""
    return max(width, height, symbol_size(element, (0, 0, width, height), frame))


def placements(element: Element, area: Area, style=None) -> int:
    """How many places the element is drawn at on a piece of `area` (boxes_of's, counted without
    making them): its at_each's points, or its pattern's repeats, at most MAX_REPEATS."""
    if element.bleed and element.box is None and element.box_mm is None:
        return 1
    if element.every is None:
        placed = element.at_each_mm if element.at_each_mm is not None else element.at_each
        return len(placed or (None,))
    frame = frame_of(element, area)
    width, height = _box_size(element, frame, style)
    rows, columns = _pattern(_points(element, frame)[0], element.every, area,
                             _pattern_reach(element, frame, width, height))[2:]
    return min(len(rows) * len(columns), MAX_REPEATS)


def to_the_bleed(box, area: Area) -> tuple[float, float, float, float]:
    """A box that reaches a side of the piece, run on into the bleed on that side: a band across the
    top that a cut a little off the line does not show paper under."""
    x, y, w, h = box
    left, top = x <= 1e-6, y <= 1e-6
    right, bottom = x + w >= area.width - 1e-6, y + h >= area.height - 1e-6
    x, y = x - area.bleed * left, y - area.bleed * top
    return x, y, w + area.bleed * (left + right), h + area.bleed * (top + bottom)


def repeated(origin, every, area: Area, reach: float) -> list[tuple[float, float]]:
    """`origin` and its repeats every (dx, dy) of the piece's width, odd rows shifted half dx: every
    place from which an element `reach` mm across may show on the bleed box (at most MAX_REPEATS)."""
    step_x, step_y, rows, columns = _pattern(origin, every, area, reach)
    ox, oy = origin
    return [(ox + column * step_x + (step_x / 2 if row % 2 else 0.0), oy + row * step_y)
            for row in rows for column in columns][:MAX_REPEATS]


def _pattern(origin, every, area: Area, reach: float) -> tuple[float, float, range, range]:
    """A pattern's steps in mm, and the rows and columns of its repeats (repeated)."""
    step_x, step_y = every[0] * area.width, every[1] * area.width
    x0, y0, w, h = area.bleed_box()
    ox, oy = origin
    rows = range(math.floor((y0 - reach - oy) / step_y), math.ceil((y0 + h + reach - oy) / step_y) + 1)
    columns = range(math.floor((x0 - reach - ox) / step_x) - 1, math.ceil((x0 + w + reach - ox) / step_x) + 1)
    return step_x, step_y, rows, columns


def _unseen(element: Element, area: Area, style) -> str | None:
    """Why the element would not be seen on a piece of `area`, or None when it would."""
    kind = element.kind
    if element.bleed or kind == "frame" or (kind in ("image", "lattice", "draw") and not element.box
                                            and not element.box_mm):
        return None  # it covers the piece
    frame = frame_of(element, area)
    if element.at_each == [] or element.at_each_mm == []:
        return "has no points in at_each, so it draws nothing"
    off_piece = None  # the first copy wholly off the piece
    for x, y, w, h in boxes_of(element, area, style):
        if kind in ("rect", "grid", "track", "image", "lattice", "table", "layout") and (w <= 0 or h <= 0):
            return "has no box (or a box of no width or height), so it draws nothing; give it a box"
        if kind == "circle":
            radius = element.radius_mm or (frame.size(element) / 2 if element.size else min(w, h) / 2)
            if radius <= 0:
                return "has no radius_mm, size or box, so it draws nothing"
            x, y, w, h = x + w / 2 - radius, y + h / 2 - radius, 2 * radius, 2 * radius
        elif kind == "line":
            (x0, y0), (x1, y1) = point_of(element.at, element.at_mm, frame), point_of(element.to, element.to_mm, frame)
            if (x0, y0) == (x1, y1):
                return "runs from a point to the same point, so it draws nothing"
            x, y, w, h = min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)
        elif kind == "polygon":
            points = element.polygon_mm or [frame.point(px, py) for px, py in element.polygon]
            xs, ys = [px for px, _ in points], [py for _, py in points]
            x, y, w, h = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
        elif kind == "symbol":
            size = symbol_size(element, (x, y, w, h), frame)
            x, y, w, h = x + w / 2 - size / 2, y + h / 2 - size / 2, size, size
        if element.rotate:  # turned about its box's centre: it reaches at most as far as its corners
            reach = math.hypot(w, h) / 2
            x, y, w, h = x + w / 2 - reach, y + h / 2 - reach, 2 * reach, 2 * reach
        if _off(x, w, area.width) or _off(y, h, area.height):
            off_piece = off_piece or (x, y)
            if not element.every:
                break
        elif element.every:
            return None  # a pattern runs on over the bleed: one copy on the piece is enough
    if off_piece:
        return (f"lies wholly off the {area.width:g} x {area.height:g} mm piece (at {off_piece[0]:.1f}, "
                f"{off_piece[1]:.1f} mm), where no one would see it; move it onto the piece")
    return None


def _start_too_wide(element: Element, area: Area, style) -> str | None:
    """Why a track's start label cannot print under it on a piece of `area`: it is wider than the
    track even at 7 pt. None when it fits (or the track has none)."""
    if element.kind != "track" or not element.start:
        return None
    for box in boxes_of(element, area, style):
        columns, _, track_style, _, _ = score_track(box, element, style)
        if not start_fits(track_style, columns):
            wide = fonts.text_width(element.start, FLOOR_PT * PT, track_style.start_face)
            shown = element.start if len(element.start) <= 30 else element.start[:29] + "…"
            return (f'has a start label, "{shown}", {wide:.1f} mm wide at {FLOOR_PT:g} pt, wider than its '
                    f"{track_style.square_mm * columns:.1f} mm track; give a shorter start, or a wider box")
    return None


def _off(start: float, length: float, side: float) -> bool:
    """Whether [start, start + length] misses [0, side]: wholly before or after it (a point on its
    edge, such as a text's anchor, is on it)."""
    if length > 0:
        return start + length <= 0 or start >= side
    return start < 0 or start > side


@dataclass(frozen=True)
class Frame:
    """What an element's fractions are of: the piece, or the piece less the element's inset_mm."""

    x: float
    y: float
    width: float
    height: float

    def point(self, fx: float, fy: float) -> tuple[float, float]:
        return self.x + fx * self.width, self.y + fy * self.height

    def size(self, element: Element) -> float:
        """The element's `size` in mm: of the frame's width, and at most `max_size` of its height, so
        that a figure drawn for a tall card keeps inside a square one."""
        size = element.size * self.width
        return min(size, element.max_size * self.height) if element.max_size else size


def frame_of(element: Element, area: Area) -> Frame:
    ix, iy = element.inset_mm or (0.0, 0.0)
    return Frame(ix, iy, area.width - 2 * ix, area.height - 2 * iy)


def point_of(at, at_mm, frame: Frame) -> tuple[float, float]:
    if at_mm is not None:
        return at_mm
    return frame.point(*(at if at is not None else (0.5, 0.5)))


def symbol_size(element: Element, box, frame: Frame) -> float:
    """A symbol's height in mm: its size_mm, its size (of the piece's width), or its box's smaller side."""
    if element.size_mm:
        return element.size_mm
    if element.size:
        return frame.size(element)
    return min(box[2], box[3]) or 6.0


def draw_element(canvas, area: Area, element: Element, box, row: dict, face: Face) -> None:
    x, y, w, h = box
    kind, frame = element.kind, frame_of(element, area)
    fill = face.colour(filled(element.fill, row), element.where) if element.fill else None
    stroke = face.colour(filled(element.stroke, row), element.where) if element.stroke else None
    colour = face.colour(filled(element.colour, row), element.where) if element.colour else face.style.ink
    width = element.stroke_mm or face.style.line_mm
    with canvas.saved():
        if element.rotate:
            canvas.translate(x + w / 2, y + h / 2)
            canvas.rotate(element.rotate)
            canvas.translate(-(x + w / 2), -(y + h / 2))
        if kind == "rect":
            canvas.rect(x, y, w, h, radius=element.radius_mm, fill=fill, stroke=stroke, width=width, dash=element.dash_mm)
        elif kind == "frame":  # the cut's own line, inset: a hex tile's frame is a hexagon
            inset = face.style.border_mm
            frame_fits(element, inset, width, area.width, area.height)
            if area.shape is None or isinstance(area.shape, Rect):
                canvas.rect(inset, inset, area.width - 2 * inset, area.height - 2 * inset,
                            radius=max(0.0, face.corner_mm - inset), fill=fill, stroke=stroke or colour, width=width)
            else:
                canvas.draw(area.shape.outline(-inset), fill=fill, stroke=stroke or colour, width=width)
        elif kind == "circle":
            radius = element.radius_mm or (frame.size(element) / 2 if element.size else min(w, h) / 2)
            canvas.circle(x + w / 2, y + h / 2, radius, fill=fill, stroke=stroke, width=width)
        elif kind == "line":
            start = point_of(element.at, element.at_mm, frame)
            end = point_of(element.to, element.to_mm, frame) if element.to or element.to_mm else start
            canvas.line(*start, *end, stroke=stroke or face.style.ink, width=width, dash=element.dash_mm)
        elif kind == "polygon":
            points = element.polygon_mm or [frame.point(px, py) for px, py in element.polygon]
            canvas.polygon(points, fill=fill, stroke=stroke, width=width)
        elif kind == "grid":
            draw_grid(canvas, (x, y, w, h), element, fill, stroke or face.style.line, width)
        elif kind == "track":
            draw_score_track(canvas, (x, y, w, h), element, face.style, width, filled(element.start, row))
        elif kind == "table":
            draw_table(canvas, element, table_rows(element, row), (x, y, w, h), face.style, colour, fill, frame)
        elif kind == "lattice":
            step = element.step_mm or (element.step or 0.08) * area.width
            draw_lattice(canvas, (x, y, w, h) if w and h else area.bleed_box(), area, step, stroke or colour, width)
        elif kind == "symbol":
            draw_outlined_symbol(canvas, filled(element.symbol, row), x + w / 2, y + h / 2,
                                 symbol_size(element, box, frame), colour, stroke, width)
        elif kind == "layout":  # in the face's style as the element changes it, as a drawer's
            restyled_face = replace(face, style=drawer_style(face, element, row))
            background = face.layouts.backgrounds[element.layout]
            if background:  # its background fills the box it is drawn in, as a face's fills the piece
                canvas.rect(x, y, w, h, fill=restyled_face.colour(filled(background, row),
                                                                 face.layouts.background_places.get(element.layout)))
            with canvas.saved():
                canvas.translate(x, y)
                restyled_face.draw_elements(canvas, Area(w, h, 0.0), element.layout, row)
        elif kind == "draw":
            DRAWERS[element.draw](canvas, (x, y, w, h) if w and h else (0.0, 0.0, area.width, area.height), row,
                                  face, element)
        elif kind == "image":
            if (file := picture_file(element, row)) is not None:  # an empty field: no picture
                canvas.image(load_picture(face.layouts.reader, file, element.where), x, y, w or area.width,
                             h or area.height, element.fit)
        else:
            draw_text(canvas, element, filled(element.text, row), (x, y, w, h), face.style, colour, frame)


def frame_fits(element: Element, border: float, line: float, width: float, height: float) -> None:
    """A frame `border` mm inside each side, of a `line` mm wide, leaves some of the piece inside it:
    a style's border_mm past half the piece drew a small frame turned inside out across the face."""
    limit = min(width, height) / 2 - line / 2
    if border >= limit:
        raise InputError(element.where, f"the style's border_mm of {border:g} mm (with a {line:g} mm line) leaves no "
                         f"frame inside a {width:g} x {height:g} mm piece; give border_mm under {limit:.1f}",
                         "input.out-of-range")


def draw_outlined_symbol(canvas, name: str, cx: float, cy: float, size: float, colour: str, stroke: str | None,
                         width: float) -> None:
    """A symbol filled with `colour`, and outlined `width` mm wide when it has a stroke colour."""
    if stroke is None:
        draw_symbol(canvas, name, cx, cy, size, colour)
        return
    with canvas.saved():
        canvas.translate(cx, cy)
        canvas.scale(size)
        for path in symbol_paths(name):
            canvas.draw(path, fill=colour, stroke=stroke, width=width / size)


def draw_lattice(canvas, box, area: Area, step: float, stroke: str, width: float) -> None:
    """Diagonal lines both ways, clipped to the box: a lattice of whole cells over the piece (its
    width and its height each a whole number of steps, the step stretched to fit), so that it runs
    on unbroken from a piece into its neighbour on a shared cut line, and is the same after a half
    turn, so that a card back shows nothing of which way up it lies."""
    x, y, w, h = box
    across, down = area.width / max(1, round(area.width / step)), area.height / max(1, round(area.height / step))
    lattice = Outline()
    # Family one: x/across + y/down = k; family two: x/across - y/down = k, for every k that meets the box.
    low, high = math.floor(x / across - (y + h) / down) - 1, math.ceil((x + w) / across + (y + h) / down) + 1
    for k in range(low, high + 1):
        for sign in (1, -1):  # y = down * (k - x / across) * sign
            lattice.move_to(x, sign * down * (k - x / across)).line_to(x + w, sign * down * (k - (x + w) / across))
    with canvas.saved():
        canvas.clip_rect(x, y, w, h)
        canvas.draw(lattice, stroke=stroke, width=width)


def draw_grid(canvas, box, element: Element, fill: str | None, stroke: str, width: float) -> None:
    """A table of `columns` x `rows` equal cells filling the box: a score pad, a board, a write-on sheet."""
    x, y, w, h = box
    canvas.rect(x, y, w, h, fill=fill, stroke=stroke, width=width)
    for column in range(1, element.columns):
        canvas.line(x + w * column / element.columns, y, x + w * column / element.columns, y + h, stroke=stroke,
                    width=width)
    for row in range(1, element.rows):
        canvas.line(x, y + h * row / element.rows, x + w, y + h * row / element.rows, stroke=stroke, width=width)


def draw_score_track(canvas, box, element: Element, style, width: float, start: str | None = None) -> None:
    """The kit's score track (kit/tracks.py): `columns` x `rows` numbered squares from `first` (or the
    squares from `first` to `last`, on a shape worked out to fill the box where columns or rows are
    left out), as large as the box allows with its `start` label (filled from the row) under the first
    square, centred in it."""
    from generator.kit.tracks import draw_track, track_squares

    columns, rows, track_style, left, top = score_track(box, element, style, width, start)
    if not start_fits(track_style, columns):
        canvas.overflowing(element, track_style.start_label)
    draw_track(canvas, track_squares(columns, rows, element.first, element.path, element.last), track_style,
               left, top)


def score_track(box, element: Element, style, width: float = 0.0, start: str | None = None):
    """How a track element prints in its box: (columns, rows, its TrackStyle, the top-left square's
    corner). Its start label is legible (7 pt or more), grows with the squares and, as any label
    does, shrinks to the track's width, down to 7 pt (start_fits tells whether it fits even then)."""
    from generator.kit.tracks import TrackStyle, start_room, track_shape

    x, y, w, h = box
    start = element.start if start is None else start

    def look(square: float, columns: int = 1, label: str = start) -> TrackStyle:
        size = max(square * 0.2, FLOOR_PT * PT)  # the start label: legible, below the track
        wide = fonts.text_width(label, size, style.small.face) if label else 0.0
        if wide > square * columns:
            size = max(FLOOR_PT * PT, size * square * columns / wide)
        return TrackStyle(square_mm=square, ink=style.ink, line=style.line, paper=style.background,
                          highlight=style.panel, number_size=square * 0.42, start_label=label, start_size=size,
                          number_face=style.body.face, milestone_face=style.title.face, start_face=style.small.face,
                          line_width=width, arrow_mm=square * 0.25)

    # The shape is chosen for the box less the label's least room (at 7 pt), the square for the box
    # less its room at the size the largest square would give it (the label grows with the square).
    least = start_room(look(0.0))
    columns, rows = track_shape(element.squares, w, h - least if least < h else h, element.columns, element.rows)
    room = start_room(look(min(w / columns, h / rows), columns))
    label = start if room < h else ""  # a box too low for a label under the track: numbers alone
    square = min(w / columns, (h - (room if label else 0.0)) / rows)
    track_style = look(square, columns, label)
    left = x + (w - square * columns) / 2
    top = y + (h - square * rows - start_room(track_style)) / 2
    return columns, rows, track_style, left, top


def start_fits(track_style, columns: int) -> bool:
    """Whether a track's start label is no wider than the track (at its size: 7 pt at the least)."""
    label = track_style.start_label
    width = fonts.text_width(label, track_style.start_size, track_style.start_face) if label else 0.0
    return width <= track_style.square_mm * columns + 1e-6


def table_field(element: Element) -> str:
    """The row field a table's rows come from (`table: "{rules}"` is rules)."""
    return element.table.strip()[1:-1]


def table_rows(element: Element, row: dict) -> list[list[str]]:
    """A table's rows from the piece's row: its field's list of rows, or its text, a line a row. A row
    with more cells than the table has columns is an error at the element (its last cells would not
    print); one with fewer leaves the rest of its columns empty."""
    field = table_field(element)
    rows = row.get(field, ())
    if isinstance(rows, str):
        rows = [line.split(" | ") for line in rows.splitlines()]
    rows = [[str(cell) for cell in cells] for cells in rows]
    columns = len(element.columns_at)
    for number, cells in enumerate(rows, start=1):
        if len(cells) > columns:
            shown = " | ".join(cells)
            shown = shown if len(shown) <= 40 else shown[:39] + "…"
            raise InputError(element.where, f'table: row {number} of "{{{field}}}" ("{shown}") has {len(cells)} cells, '
                             f"and the table {columns} column{'s' if columns > 1 else ''} (columns_at): its last "
                             f"would not print; give the row at most {columns}, or the table more columns",
                             "input.element")
    return rows


def table_fit(element: Element, rows: list[list[str]], box, style, frame: Frame) -> tuple[float, float, bool]:
    """A table's text size, its rows' pitch and whether it fits: the rows spread evenly down the box,
    `leading` text sizes apart at most; the text shrinks, down to its floor, until they are LEADING apart
    at least and no cell of a row comes nearer the next than gap_mm, nor leaves the box across."""
    face = getattr(style, element.role).face
    _, _, w, h = box
    start = text_size(element, style, frame)
    size, floor = start, min(start, element.min_pt * PT)
    while True:
        pitch = min(size * element.leading, h / max(len(rows), 1))
        fits = pitch >= size * LEADING - 1e-9 and all(_cells_fit(cells, element, w, size, face) for cells in rows)
        if fits or size <= floor:
            return size, pitch, fits
        size = max(size * 0.95, floor)


def _cells_fit(cells: list[str], element: Element, width: float, size: float, face: str) -> bool:
    reach = 0.0  # how far right the row's ink has come, from the box's left
    for cell, edge, align in zip(cells, element.columns_at, element.columns_align):
        cell_width = fonts.text_width(cell, size, face)
        left = edge * width - {"left": 0.0, "centre": 0.5, "right": 1.0}[align] * cell_width
        if left < reach - 1e-6:
            return False
        reach = left + cell_width + (element.gap_mm or 0.0)
    return reach - (element.gap_mm or 0.0) <= width + 1e-6


def draw_table(canvas, element: Element, rows: list[list[str]], box, style, colour: str, fill: str | None,
               frame: Frame) -> None:
    """A table's rows, each a band of the box with its capitals centred in it, every other band in the fill."""
    face = getattr(style, element.role).face
    x, y, w, _ = box
    size, pitch, fits = table_fit(element, rows, box, style, frame)
    if not fits:  # its rows overlap, or a cell runs past the next: told as a text past its box is
        canvas.overflowing(element, " | ".join(rows[0]) if rows else "")
    cap = fonts.inked_height(CAPITALS, face)[1] * size
    for index, cells in enumerate(rows):
        top = y + index * pitch
        if fill and index % 2:
            canvas.rect(x, top, w, pitch, fill=fill)
        for cell, edge, align in zip(cells, element.columns_at, element.columns_align):
            canvas.text(x + edge * w, top + (pitch + cap) / 2, cell, size, fill=colour, face=face,
                        align=align)


def text_size(element: Element, style, frame: Frame) -> float:
    """The size a text starts from, in mm: its size (of the piece's width), its size_pt, or its
    role's size, times its scale."""
    if element.size:
        return frame.size(element) * element.scale
    return (element.size_pt * PT if element.size_pt else getattr(style, element.role).size) * element.scale


def text_lines(element: Element, text: str, box, style, frame: Frame
               ) -> tuple[float, list[list[str]], tuple[float, ...]]:
    """The size a text is drawn at, its lines of tokens and their widths: each line of the text (a
    new line starts one) wrapped to the box, shrunk until the whole fits, but not below the floor."""
    face = getattr(style, element.role).face
    start = text_size(element, style, frame)
    floor = min(start, element.min_pt * PT)
    _, _, width, height = fitting_box(element, box, frame)
    if box[2] <= 0 and box[3] <= 0 and width > 0:
        # A label placed at a point keeps to the lines it was written on, shrunk to its room down to
        # its floor: wrapped, it would grow into whatever the layout put beside it. At the floor and
        # still too wide, it runs past its room, which overflows() tells.
        _, _, widths = _fitted(text, face, start, start, 0.0, 0.0, element.leading)
        widest = max(widths)
        size = max(floor, start * width / widest) if widest > width else start
        size, lines, widths = _fitted(text, face, size, size, 0.0, 0.0, element.leading)
        return size, [list(line) for line in lines], widths
    size, lines, widths = _fitted(text, face, start, floor, width, height, element.leading)
    return size, [list(line) for line in lines], widths


def fitting_box(element: Element, box, frame: Frame) -> tuple[float, float, float, float]:
    """The box a text is fitted to: its own; or, for a text placed at a point (a box of no width), as
    wide as it may grow from that point, standing as it is aligned, before it leaves its frame (the
    piece less its inset, or the cell a layout is drawn in): a pile's name grows as wide as its pile
    and no wider, so a long translation shrinks (text_lines) instead of running past the pile's outline.
    A turned text, or one placed on its frame's edge, keeps its box (its room is not across)."""
    x, y, w, h = box
    if w > 0 or element.rotate % 180:
        return box
    align = text_align(element)
    before, after = x - frame.x, frame.x + frame.width - x
    room = {"left": after, "centre": 2 * min(before, after), "right": before}[align]
    if room <= 1e-9:
        return box
    return x - {"left": 0.0, "centre": 0.5, "right": 1.0}[align] * room, y, room, h


def text_align(element: Element) -> str:
    """How a text's lines stand: its `align`, else as its anchor says (a left anchor, left)."""
    return {"center": "centre"}.get(element.align, element.align) or \
        {0: "left", 0.5: "centre", 1: "right"}[ANCHORS[element.anchor][0]]


@lru_cache(maxsize=2048)  # a few megabytes: every text of a deck of thousands, measured for its check
def _fitted(text: str, face: str, start: float, floor: float, width: float, height: float, leading: float):
    """fit_tokens of a text, worked out once: a deck's text is measured by its check and drawn later."""
    size, lines, widths = fit_tokens([fonts.words_of(paragraph) for paragraph in text.split("\n")], face, start, floor,
                                     width, height, leading)
    return size, tuple(tuple(line) for line in lines), tuple(widths)


def draw_text(canvas, element: Element, text: str, box, style, colour: str, frame: Frame) -> None:
    """Text in its box: wrapped, shrunk to fit down to its floor, aligned; `:name:` draws a symbol inline.

    With a box height the lines are centred in the box. Without one, `at` and the anchor place the
    lines: a top anchor puts the tops of capitals and figures there, a bottom anchor the last baseline, and a
    middle one centres the capitals; the place follows from the text's starting size, so a word
    shrunk to fit keeps the baseline of its unshrunk neighbours."""
    face = getattr(style, element.role).face
    x, y, w, h = box
    if element.ink and draw_ink_line(canvas, element, text, box, style, colour, frame):
        return
    size, lines, widths = text_lines(element, text, box, style, frame)
    if overflows(element, fitting_box(element, box, frame), size, lines, widths):
        canvas.overflowing(element, text)
    align = text_align(element)
    pitch = size * element.leading
    baseline = first_baseline(element, box, size, len(lines), style, frame)
    for line, width in zip(lines, widths):
        left = x + {"left": 0.0, "centre": (w - width) / 2, "right": w - width}[align] if w > 0 else \
            x - {"left": 0.0, "centre": width / 2, "right": width}[align]
        draw_line(canvas, line, left, baseline, size, face, colour)
        baseline += pitch


def first_baseline(element: Element, box, size: float, count: int, style, frame: Frame) -> float:
    """Where a text of `count` lines at `size` puts its first baseline (draw_text says how)."""
    x, y, w, h = box
    pitch = size * element.leading
    if h > 0:
        return y + (h - count * pitch) / 2 + size * 0.8
    cap = fonts.inked_height(CAPITALS, getattr(style, element.role).face)[1] * text_size(element, style, frame)
    below = (count - 1) * pitch  # from the first baseline to the last
    return y + {0: cap, 0.5: (cap - below) / 2, 1: -below}[ANCHORS[element.anchor][1]]


def ink_line_size(element: Element, text: str, box, style, frame: Frame) -> float | None:
    """An `ink` text's size: the largest, up to its own, at which its ink fits the box on one line;
    None when that is under its floor (it then wraps as any text does)."""
    face = getattr(style, element.role).face
    start = size = text_size(element, style, frame)
    natural = fonts.text_width(text, start, face)
    room = fitting_box(element, box, frame)[2]
    if room > 0 and natural > room:
        size = start * room / natural
    low, high = fonts.inked_height(text, face)
    if box[3] > 0 and high > low:
        size = min(size, box[3] / (high - low))
    return size if size >= min(start, element.min_pt * PT) - 1e-9 else None


def draw_ink_line(canvas, element: Element, text: str, box, style, colour: str, frame: Frame) -> bool:
    """An `ink` text drawn on one line, its ink centred on the box (on `at` without a box height):
    what a rank or a band's label needs, whose own letters, not a line's capitals, must look centred.
    One that would fall under its floor on a line wraps, its lines' ink centred as a block. False,
    drawing nothing, for a text with symbols or line breaks of its own (drawn as any text)."""
    if "\n" in text or any(_symbol(token) for token in text.split()):
        return False
    face = getattr(style, element.role).face
    x, y, w, h = box
    size = ink_line_size(element, text, box, style, frame)
    lines = [text]
    if size is None:
        size, wrapped, widths = text_lines(element, text, box, style, frame)
        if overflows(element, fitting_box(element, box, frame), size, wrapped, widths):
            canvas.overflowing(element, text)
        lines = [" ".join(tokens) for tokens in wrapped]
    low, high = fonts.inked_height(text, face)
    anchor_x, anchor_y = ANCHORS[element.anchor]
    pitch = size * element.leading
    block = (len(lines) - 1) * pitch + (high - low) * size  # the ink's height, first line's top to last's foot
    middle = y + h / 2 if h > 0 else y + (0.5 - anchor_y) * block
    baseline = middle + (high + low) / 2 * size - (len(lines) - 1) * pitch / 2
    align = {"center": "centre"}.get(element.align, element.align) or {0: "left", 0.5: "centre", 1: "right"}[anchor_x]
    along = {"left": 0.0, "centre": 0.5, "right": 1.0}[align]
    for line in lines:
        canvas.text(x + along * w, baseline, line, size, fill=colour, face=face,
                    align=align)
        baseline += pitch
    return True


_SYMBOL_TOKEN = re.compile(rf"^:({_SYMBOL_NAME}):$")


def _symbol(token: str) -> str | None:
    name = _symbol_token(token)
    return name if name is not None and is_symbol(name) else None


def token_width(token: str, size: float, face: str) -> float:
    return size if _symbol(token) else fonts.text_width(token, size, face)


def line_width(tokens: list[str], size: float, face: str) -> float:
    if not tokens:
        return 0.0
    return sum(token_width(t, size, face) for t in tokens) + fonts.text_width(" ", size, face) * (len(tokens) - 1)


def wrap_tokens(paragraphs: list[list[str]], size: float, face: str, width: float
                ) -> tuple[list[list[str]], list[float]]:
    """The paragraphs' tokens wrapped into lines no wider than `width` (none: as written), and each
    line's width: a line's tokens' widths added as it grows, then its spaces (line_width's sums)."""
    space = fonts.text_width(" ", size, face)
    lines: list[list[str]] = []
    widths: list[float] = []
    for tokens in paragraphs:
        first = len(lines)
        line: list[str] = []
        inked = 0.0  # the line's tokens' widths, without the spaces between them
        lines.append(line)
        for token in tokens:
            grown = inked + token_width(token, size, face)
            if line and width > 0 and grown + space * len(line) > width:
                widths.append(inked + space * (len(line) - 1))
                line = []
                lines.append(line)
                grown = 0.0 + token_width(token, size, face)
            line.append(token)
            inked = grown
        widths.append(inked + space * (len(line) - 1) if line else 0.0)
        if len(lines) - first > 1 and not all(map(str.isascii, tokens)):
            # each line set in its paragraph's direction (a mark before it, which prints nothing)
            wrapped = lines[first:]
            directed = shaping.in_paragraph_direction(" ".join(tokens), [" ".join(each) for each in wrapped])
            for each, text in zip(wrapped, directed):
                if each and not _SYMBOL_TOKEN.match(each[0]) and text != " ".join(each):
                    each[0] = text[:1] + each[0]
    return lines, widths


def fit_tokens(paragraphs, face: str, start: float, floor: float, width: float, height: float,
               leading: float = LEADING):
    """The largest size from `start` down to `floor` at which the wrapped lines fit the box, the
    lines and their widths (at `floor` if even that overflows: legible text that overflows beats
    unreadable). No box width: the lines as written, at the starting size."""
    size = start
    while True:
        lines, widths = wrap_tokens(paragraphs, size, face, width)
        widest = max(widths)
        fits = width <= 0 or (widest <= width + 1e-9 and (height <= 0 or len(lines) * size * leading <= height + 1e-9))
        if fits or size <= floor:
            return size, lines, widths
        if len(lines) == len(paragraphs) and (height <= 0 or len(lines) * size * leading <= height + 1e-9):
            size = max(size * width / widest, floor)  # no line wraps: shrink the widest to the width at once
        else:
            size = max(size * 0.95, floor)


def text_fits(element: Element, text: str, box, style, area: Area) -> bool:
    """Whether `text` fits its box (or its room: fitting_box) at its floor size or larger (for the
    layout check)."""
    frame = frame_of(element, area)
    return not overflows(element, fitting_box(element, box, frame), *text_lines(element, text, box, style, frame))


def overflows(element: Element, box, size: float, lines, widths) -> bool:
    """Whether lines laid out at `size` (text_lines') run past the box (a label's room: fitting_box):
    what a text too long for its box does even at its floor size. A box of no width holds any line."""
    _, _, w, h = box
    return w > 0 and (max(widths) > w + 1e-6 or (h > 0 and len(lines) * size * element.leading > h + 1e-6))


def draw_line(canvas, tokens: list[str], left: float, baseline: float, size: float, face: str, colour: str) -> None:
    space = fonts.text_width(" ", size, face)
    x = left
    run: list[str] = []

    def flush():
        nonlocal x, run
        if run:
            words = " ".join(run)
            canvas.text(x, baseline, words, size, fill=colour, face=face)
            x += fonts.text_width(words, size, face) + space
            run = []

    for token in tokens:
        name = _symbol(token)
        if name is None:
            run.append(token)
            continue
        flush()
        draw_symbol(canvas, name, x + size / 2, baseline - size * 0.35, size * 0.85, colour)
        x += size + space
    flush()



def drawer_style(face: Face, element: Element, row: dict):
    """The face's style as a `draw:` element restyles it, for its drawer to paint with (restyled)."""
    return restyled(face.style, element, row, lambda name: face.colour(name, element.where))


def restyled(style, element: Element, row: dict, colour=lambda name: name):
    """`style` as an element changes it: the element's `colour` is the ink, its `fill` the panel, its
    `stroke` the line and its `stroke_mm` the line's width; every text role is `scale` times its size,
    and the element's `role` is `size_pt` (times `scale`) when it gives one. So a drawer that paints
    from this style honours its element's keys as a text or a shape does, and one edit of the layout
    shows in what it draws. `colour` resolves a colour's name (a face's colour; the validator, which
    measures only, leaves names as they are)."""
    def paint(key: str, default):
        value = getattr(element, key)
        return colour(filled(value, row)) if value else default

    roles = {role: getattr(style, role).scaled(element.scale) for role in ROLES}
    if element.size_pt:
        roles[element.role] = replace(getattr(style, element.role), size=element.size_pt * PT * element.scale)
    return replace(style, ink=paint("colour", style.ink), panel=paint("fill", style.panel),
                   line=paint("stroke", style.line), line_mm=element.stroke_mm or style.line_mm, **roles)


# A game's layouts as a file to copy from ------------------------------------------------------------

LAYOUTS_FILE_HEAD = "# The layouts"  # how a file `pnp layouts` wrote begins (one it may write over)

def layout_set(spec_class) -> str | None:
    """The set of templates/layouts.yaml a game's spec draws its faces from (its `layouts:` field's
    Layouts.over), or None for a game with none (a game of one's own writes its layouts whole)."""
    import typing

    hints = typing.get_type_hints(spec_class)
    return next((hint.template for hint in hints.values() if isinstance(getattr(hint, "template", None), str)), None)


def layouts_yaml(set_name: str, game: str) -> str:
    """The set's text in templates/layouts.yaml, comments and all, under `layouts:`: what a game
    file's `layouts:` changes, ready to copy from."""
    from generator.paths import TEMPLATES_DIR

    lines = (TEMPLATES_DIR / "layouts.yaml").read_text(encoding="utf-8").splitlines()
    start = lines.index(f"{set_name}:")
    end = next((index for index in range(start + 1, len(lines)) if lines[index][:1] not in ("", " ", "#")), len(lines))
    while end > start + 1 and (lines[end - 1].startswith("#") or not lines[end - 1].strip()):
        end -= 1  # the comment heading the next set is the next set's
    return "\n".join([
        f"{LAYOUTS_FILE_HEAD} {game} draws its faces from (templates/layouts.yaml, {set_name}).",
        "# In a copy of the game file, give under `layouts:` only what you change: the keys you name replace",
        "# the bundled ones, a new element is drawn after the others, `name: null` leaves one out, and a",
        "# new layout may `extends:` any of these. Fractions are of the piece (x of its width, y of its",
        "# height); *_mm values are millimetres. The README's \"Your own game\" lists every key.",
        "layouts:",
        *lines[start + 1:end],
    ]) + "\n"


def draw_placed(canvas, area: Area, element: Element, row: dict, face: Face) -> None:
    """One element in every place it is drawn: each box of `at_each`, turned round for
    `head_to_head`, repeated to the bleed for `every`."""
    for turn in (0, 180) if element.head_to_head else (0,):
        with canvas.saved():
            if turn:  # the same element, turned half round about the piece's centre
                canvas.translate(area.width, area.height)
                canvas.rotate(turn)
            if element.every is not None:  # a pattern runs to the bleed's edge, not past it
                canvas.clip_rect(*area.bleed_box())
            try:
                for box in boxes_of(element, area, face.style):
                    for cell, fields in each_cell(element, box, row):
                        draw_element(canvas, area, element, cell, fields, face)
            except UnknownField as missing:  # a copy of a bundled game's layout naming what its pieces lack
                raise unknown_field(element, missing, row, face.layout) from None


def _fits(element: Element, box, row: dict, style, area: Area, frame: Frame) -> bool:
    """Whether a text's or a table's words fit `box` at their floor size (unfitted)."""
    if element.kind == "table":
        return table_fit(element, table_rows(element, row), box, style, frame)[2]
    if element.ink:
        return ink_line_size(element, filled(element.text, row), box, style, frame) is not None
    return text_fits(element, filled(element.text, row), box, style, area)


def unknown_field(element: Element, missing: UnknownField, row: dict, layout: str) -> InputError:
    """The error of a `{field}` that names no field of the piece's row: at its element."""
    known = ", ".join(sorted(map(str, row))) or "none"
    return InputError(element.where or Location(f"layout {layout}"), f'"{{{missing.args[0]}}}" names no field of '
                      f"the pieces it is drawn on (their fields: {known})", "input.unknown-field")


def each_cell(element: Element, box, row: dict):
    """The element's box and row; for `each`, a cell of the box for each item of the row's list, and
    the row with the item's fields (a mapping's, or `item`) and its `number`, from 1."""
    if element.each is None:
        yield box, row
        return
    items = row.get(element.each)
    if not isinstance(items, (list, tuple)):
        raise InputError(element.where, f'each: "{element.each}" is no list of this piece\'s; name a field that '
                         "holds one", "input.element")
    x, y, w, h = box
    across, gap = element.flow == "across", element.gap_mm or 0.0
    step = ((w if across else h) + gap) / max(len(items), 1)
    for number, item in enumerate(items, start=1):
        offset = (number - 1) * step
        cell = (x + offset, y, step - gap, h) if across else (x, y + offset, w, step - gap)
        yield cell, {**row, **_item_fields(item), "number": number}


def _item_fields(item) -> dict:
    """A list item's fields: a mapping's (or a tuple of name-value pairs'), else the item as `item`."""
    if isinstance(item, dict):
        return dict(item)
    if isinstance(item, tuple) and item and all(isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)
                                                for pair in item):
        return dict(item)
    return {"item": item}


def draw_cells(canvas, layouts: Layouts, layout: str, cells, style, source=None) -> None:
    """Layout `layout` of the set drawn in each cell, (box, row) pairs, as though the box were a
    piece: its fractions are of the box, its {fields} the cell's row, its text roles `style`'s. How a
    drawer that computes where cells go (a table's rows, a chart's columns, a board's spots) leaves
    what sits in a cell, and where, to the layouts. `source` is what the drawing comes from after."""
    face = Face(layouts, layout, (), style)
    for (x, y, width, height), row in cells:
        with canvas.saved():
            canvas.translate(x, y)
            face.draw_elements(canvas, Area(width, height, 0.0), layout, row)
    canvas.drawing_from(source)


def stacked(layouts: Layouts, layout: str, rows, box, style, gap_mm: float = 0.0) -> list[tuple]:
    """(box, row) of a cell of `layout` for each row, one under the other from the top of `box`, each
    as deep as its elements reach (a text to its last baseline, a shape to the foot of its box) and
    gap_mm more: a list whose items differ in length (notes, a card's terms) laid out as data. A
    cell's depth is worked out, so its elements are placed down from its top in mm (`inset_mm: [0,
    y]` and `at: [x, 0]`), across in fractions of its width; draw them with draw_cells."""
    x, y, width, _ = box
    cells = []
    for row in rows:
        depth = max((_reach(element, row, Area(width, 0.0, 0.0), style) for _, element in layouts.layouts[layout]),
                    default=0.0) + gap_mm
        cells.append(((x, y, width, depth), row))
        y += depth
    return cells


def _reach(element: Element, row: dict, area: Area, style) -> float:
    """How far down from its cell's top the element reaches (stacked)."""
    frame = frame_of(element, area)
    reach = 0.0
    for box in boxes_of(element, area, style):
        if element.kind == "text":
            size, lines, _ = text_lines(element, filled(element.text, row), box, style, frame)
            reach = max(reach, first_baseline(element, box, size, len(lines), style, frame)
                        + (len(lines) - 1) * size * element.leading)
        elif element.kind in ("circle", "symbol") and not (box[2] and box[3]):  # sized, not boxed: round its place
            half = element.radius_mm or (symbol_size(element, box, frame) / 2)
            reach = max(reach, box[1] + half)
        else:
            reach = max(reach, box[1] + box[3])
    return reach


def unfitted(face: Face, area: Area) -> list[str]:
    """The elements of a face whose words do not fit their boxes even at their floor size: a text that
    overflows its box (an `ink` text that cannot keep to one line), a table whose rows do not fit.
    What a piece that grows to hold a translation's words measures."""
    row, names = dict(face.row), []
    for name, element in face.layouts.layouts[face.layout]:
        if element.kind not in ("text", "table"):
            continue
        frame = frame_of(element, area)
        try:
            if not all(_fits(element, cell, fields, face.style, area, frame)
                       for box in boxes_of(element, area, face.style) for cell, fields in each_cell(element, box, row)):
                names.append(name)
        except UnknownField as missing:
            raise unknown_field(element, missing, row, face.layout) from None
    return names


def element_boxes(face: Face, area: Area) -> dict[str, tuple[float, float, float, float]]:
    """Where each element of a face puts its ink, by name: (left, top, right, bottom) in mm from the
    trim's top-left, read from the element drawn alone (one that draws nothing, or is switched off by
    `only_if`, is left out); a symbol's is the square its size gives (a crescent's corners hold no
    ink). What a game's overlap and shift-margin rules read, so that they measure the face the layout
    gives, moved or resized from the game file as it may be."""
    row, boxes = dict(face.row), {}
    for name, element in face.layouts.layouts[face.layout]:
        if element.only_if and not getattr(face.style, element.only_if):
            continue
        if element.kind == "symbol" and not element.head_to_head and element.every is None:
            inked = []
            for x, y, w, h in boxes_of(element, area, face.style):
                half = symbol_size(element, (x, y, w, h), frame_of(element, area)) / 2
                inked.append((x + w / 2 - half, y + h / 2 - half, x + w / 2 + half, y + h / 2 + half))
        else:
            recording = Recording()
            draw_placed(Canvas(recording), area, element, row, face)
            inked = [path.box for path in recording.paths] + [text.box for text in recording.texts]
        if inked:
            boxes[name] = (min(b[0] for b in inked), min(b[1] for b in inked), max(b[2] for b in inked),
                           max(b[3] for b in inked))
    return boxes


class WordsFitCheck:
    """layout.text-fit: every text a layout places fits its box, or a label its room (fitting_box), at
    its floor size (7 pt unless it says less), shrunk or wrapped; one that cannot is an error. Read from
    the faces as drawn (recording.FaceReading): the drawing that lays a text out tells when it ran past
    (Recording.overflows). One error per element of a component, at the words file's line when a chosen
    copy or translation gave the text, naming its key: that is where it is shortened."""

    RULE = "layout.text-fit"

    def __init__(self, words):
        self.words = words
        self.overflowing: dict[tuple, tuple] = {}  # (component, element) -> (element, piece, side, text), the first
        self.pieces: dict[tuple, set[str]] = {}  # ...and every piece where it overflows

    def add(self, component, piece, side: str, draw, area, recording) -> None:
        for element, text in recording.overflows:
            # an element as written: told once, however many layouts extend it
            key = (component.name, str(element.where) if element.where is not None else id(element))
            self.overflowing.setdefault(key, (element, piece.id, side, text))
            self.pieces.setdefault(key, set()).add(piece.id)

    def findings(self) -> list[Finding]:
        findings = []
        for key, (element, piece_id, side, text) in self.overflowing.items():
            shown = f'"{" ".join(text.split())[:30]}"'
            given = self.words.keys_of(text) if self.words is not None else []
            if not given:  # the game's own words, or a row's: the layout is the one to mend
                place, mend = element.where, "give it more room or fewer words"
            else:
                names = [f'"{words_key}"' for words_key, _ in given]
                place, mend = given[0][1], f"shorten {' or '.join(names)}"
                shown = f"words {', '.join(names)} ({shown})"
            others = len(self.pieces[key]) - 1
            more = f" and {others} more" if others else ""
            findings.append(Finding("error", place, f"{key[0]}: {shown} on {piece_id} ({side}){more} does not fit "
                                    f"its place even at {element.min_pt:g} pt; {mend}", self.RULE))
        return findings
