"""Layouts as data: what sits on a face, and where, for a game written in YAML alone.

A layout is a mapping of named elements, drawn in order over the face's background:

    card-front:
      title: {text: "{name}", at: [0.5, 0.08], box: [0.9, 0.1], role: title}
      suit:  {symbol: "{suit}", at: [0.12, 0.1], size_mm: 7, colour: "{colour}"}
      band:  {rect: true, at: [0, 0.8], anchor: top-left, box: [1, 0.2], fill: panel}

`extends: other` starts from another layout: an element of the same name changes only the keys it
gives, a new name is drawn after the others, and `name: null` leaves one out. Each element has one
kind key (text, symbol, image, rect, circle, line); `at` and `box` are fractions of the piece (`at_mm`
and `box_mm` millimetres), `anchor` says which point of the box `at` is. Any text value may hold
`{field}` placeholders, filled from the piece's row; a colour is a style name (ink, accent, panel,
background, line, muted, back, back_pattern), a palette name or "#rrggbb".
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from pathlib import Path

from generator import fonts
from generator.canvas import PT
from generator.errors import ErrorList, InputError, Location, did_you_mean
from generator.images import load_picture
from generator.kit.symbols import draw_symbol, symbol_names
from generator.model import Area, fill_bleed
from generator.schema import build, spec_field
from generator.yamlio import YamlMap

KINDS = ("text", "symbol", "image", "rect", "circle", "line", "polygon", "grid", "track")
ANCHORS = {"top-left": (0, 0), "top": (0.5, 0), "top-right": (1, 0), "left": (0, 0.5), "centre": (0.5, 0.5),
           "center": (0.5, 0.5), "right": (1, 0.5), "bottom-left": (0, 1), "bottom": (0.5, 1),
           "bottom-right": (1, 1)}
STYLE_COLOURS = ("ink", "accent", "panel", "background", "line", "muted", "back", "back_pattern")
ROLES = ("title", "index", "body", "small")
LEADING = 1.2  # line pitch, in text sizes
FLOOR_PT = 7.0  # text shrinks to fit its box, but not below this unless the element says so


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
    columns: int = spec_field(1, minimum=1, maximum=100)
    rows: int = spec_field(1, minimum=1, maximum=100)
    first: int = spec_field(0, minimum=-10_000, maximum=10_000)  # a track's first number
    path: str = "serpentine"  # a track's: serpentine or rows (kit/tracks.py)
    at: tuple[float, float] | None = spec_field(None, minimum=-1, maximum=2, parts=("x", "y"))
    at_mm: tuple[float, float] | None = spec_field(None, minimum=-1000, maximum=1000, parts=("x", "y"))
    box: tuple[float, float] | None = spec_field(None, minimum=0, maximum=3, parts=("width", "height"))
    box_mm: tuple[float, float] | None = spec_field(None, minimum=0, maximum=1000, parts=("width", "height"))
    to: tuple[float, float] | None = spec_field(None, minimum=-1, maximum=2, parts=("x", "y"))
    to_mm: tuple[float, float] | None = spec_field(None, minimum=-1000, maximum=1000, parts=("x", "y"))
    anchor: str = "centre"
    rotate: float = spec_field(0.0, minimum=-360, maximum=360)
    colour: str | None = None  # of text and symbols
    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float = spec_field(0.3, positive=True, maximum=20)
    radius_mm: float = spec_field(0.0, minimum=0, maximum=500)
    role: str = "body"
    size_pt: float | None = spec_field(None, positive=True, maximum=300)
    min_pt: float = spec_field(FLOOR_PT, positive=True, maximum=300)
    align: str | None = None
    size_mm: float | None = spec_field(None, positive=True, maximum=500)
    fit: str = "fit"

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
                 palette, folder: Path):
        self.layouts, self.backgrounds, self.palette, self.folder = layouts, backgrounds, palette, folder

    @classmethod
    def from_spec(cls, value, location: Location, context, label: str) -> Layouts:
        raw = value if value is not None else YamlMap()
        if not isinstance(raw, dict):
            raise InputError(location, f"{label} must map layout names to their elements", "input.type")
        errors = ErrorList()
        layouts, backgrounds = {}, {}
        in_cycles = _cycles(raw, errors)
        for name in raw:
            if name in in_cycles:
                continue
            with errors.guard():
                merged, background = _merged(raw, name, ())
                elements = []
                for element_name, element_raw in merged.items():
                    elements.append((element_name, _element(element_raw, merged.where(element_name), context,
                                                            f"{label}.{name}.{element_name}")))
                layouts[name] = elements
                backgrounds[name] = background
        errors.raise_if_any()
        return cls(layouts, backgrounds, context.palette, Path(location.file).parent)

    def fields(self, name: str) -> set[str]:
        """The row fields layout `name` shows through its placeholders (its background's too)."""
        background = self.backgrounds[name]
        shown = placeholders(background) if isinstance(background, str) else set()
        return shown | {field for _, element in self.layouts[name] for value in _texts(element)
                        for field in placeholders(value)}


def _cycles(raw: YamlMap, errors: ErrorList) -> set[str]:
    """The layouts whose `extends` chain comes back round; each circle reported once."""
    parent = {name: value.get("extends") for name, value in raw.items() if isinstance(value, dict)}
    caught: set[str] = set()
    for name in raw:
        chain = [name]
        while parent.get(chain[-1]) in parent and parent[chain[-1]] not in chain:
            chain.append(parent[chain[-1]])
        if parent.get(chain[-1]) in chain:
            circle = chain[chain.index(parent[chain[-1]]):]
            if not caught & set(circle):
                errors.add(InputError(raw.where(circle[0]), "layouts extend each other in a circle: "
                                      f"{' -> '.join((*circle, circle[0]))}", "input.extends-cycle"))
            caught |= set(chain)
    return caught


def _merged(raw: YamlMap, name: str, chain: tuple[str, ...]) -> tuple[YamlMap, str | None]:
    """Layout `name`'s elements with its `extends` chain applied, and its background colour."""
    where = raw.where(name) if isinstance(raw, YamlMap) else Location("?")
    if name in chain:
        raise InputError(where, f"layouts extend each other in a circle: {' -> '.join((*chain, name))}",
                         "input.extends-cycle")
    own = raw[name]
    if own is None:
        own = YamlMap()
        own.location, own.value_locations, own.key_locations = where, {}, {}
    if not isinstance(own, dict):
        raise InputError(where, f'layout "{name}" must be a mapping of element names to elements', "input.type")
    parent_name = own.get("extends")
    merged, background = YamlMap(), None
    merged.location, merged.value_locations, merged.key_locations = where, {}, {}
    if parent_name is not None:
        if parent_name not in raw:
            raise InputError(own.where("extends"), f'layout "{name}" extends "{parent_name}", which is not a layout'
                             f"{did_you_mean(str(parent_name), [key for key in raw if key != name])}",
                             "input.unknown-layout")
        parent, background = _merged(raw, parent_name, (*chain, name))
        for key, value in parent.items():
            _put(merged, key, value, parent.where(key))
    for key, value in own.items():
        if key == "extends":
            continue
        if key == "background":
            background = value
            continue
        place = own.where(key) if isinstance(own, YamlMap) else where
        if value is None:
            merged.pop(key, None)  # `name: null` leaves an inherited element out
        elif key in merged and isinstance(value, dict) and isinstance(merged[key], dict):
            combined = YamlMap({**merged[key], **value})
            combined.location = place
            combined.value_locations = {**merged[key].value_locations, **value.value_locations}
            combined.key_locations = {**merged[key].key_locations, **value.key_locations}
            _put(merged, key, combined, place)
        else:
            _put(merged, key, value, place)
    return merged, background


def _put(mapping: YamlMap, key, value, place: Location) -> None:
    mapping[key] = value
    mapping.value_locations[key] = mapping.key_locations[key] = place


def _element(raw, location: Location, context, label: str) -> Element:
    if isinstance(raw, dict):
        for kind in ("rect", "circle", "line", "grid", "track"):  # `rect: {fill: panel}` is `rect: true, fill: panel`
            if isinstance(raw.get(kind), dict):
                options = raw[kind]
                flat = YamlMap({**{k: v for k, v in raw.items() if k != kind}, kind: True, **options})
                flat.location = raw.location
                flat.value_locations = {**raw.value_locations, **options.value_locations}
                flat.key_locations = {**raw.key_locations, **options.key_locations}
                raw = flat
    element = build(Element, raw, location, context, label)
    kinds = [kind for kind in KINDS if getattr(element, kind) not in (None, False)]
    if element.polygon_mm is not None:
        kinds.append("polygon_mm")
    if len(kinds) != 1:
        said = ", ".join(kinds) if kinds else "none"
        raise InputError(location, f"{label} needs exactly one of {', '.join(KINDS)} (it has {said})",
                         "input.element")
    for key, choices in (("anchor", ANCHORS), ("role", ROLES), ("fit", ("fit", "fill", "stretch")),
                         ("path", ("serpentine", "rows")),
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
    object.__setattr__(element, "_location", location)
    return element


def _texts(element: Element) -> list[str]:
    """The element's values that may hold placeholders."""
    names = ("text", "symbol", "image", "colour", "fill", "stroke")
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


def filled(text: str, row: dict) -> str:
    """`text` with each `{field}` replaced by the row's value."""
    return text.format_map({key: "" if value is None else value for key, value in row.items()})


# Drawing ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Face:
    """A face drawer: a layout, one row's fields and the piece's style. Equal faces draw the same."""

    layouts: Layouts
    layout: str
    row: tuple  # (field, value) pairs the layout shows
    style: object

    def __call__(self, canvas, area: Area) -> None:
        row = dict(self.row)
        background = self.layouts.backgrounds[self.layout]
        fill_bleed(canvas, area, self.colour(filled(background, row) if background else "background"))
        for _, element in self.layouts.layouts[self.layout]:
            draw_element(canvas, area, element, row, self)

    def colour(self, name: str, location: Location | None = None) -> str:
        if name in STYLE_COLOURS:
            return getattr(self.style, name)
        return self.layouts.palette.resolve(name, location or Location("?"), "colour")


def box_of(element: Element, area: Area) -> tuple[float, float, float, float]:
    """x, y, width, height of the element's box on the face, in mm."""
    width, height = (element.box_mm if element.box_mm is not None else
                     (element.box[0] * area.width, element.box[1] * area.height) if element.box is not None else (0, 0))
    x, y = (element.at_mm if element.at_mm is not None else
            (element.at[0] * area.width, element.at[1] * area.height) if element.at is not None else
            (area.width / 2, area.height / 2))
    ax, ay = ANCHORS[element.anchor]
    return x - ax * width, y - ay * height, width, height


def point_of(at, at_mm, area: Area) -> tuple[float, float]:
    if at_mm is not None:
        return at_mm
    if at is not None:
        return at[0] * area.width, at[1] * area.height
    return area.width / 2, area.height / 2


def draw_element(canvas, area: Area, element: Element, row: dict, face: Face) -> None:
    x, y, w, h = box_of(element, area)
    kind = element.kind
    fill = face.colour(filled(element.fill, row), element.where) if element.fill else None
    stroke = face.colour(filled(element.stroke, row), element.where) if element.stroke else None
    colour = face.colour(filled(element.colour, row), element.where) if element.colour else face.style.ink
    with canvas.saved():
        if element.rotate:
            canvas.translate(x + w / 2, y + h / 2)
            canvas.rotate(element.rotate)
            canvas.translate(-(x + w / 2), -(y + h / 2))
        if kind == "rect":
            canvas.rect(x, y, w, h, radius=element.radius_mm, fill=fill, stroke=stroke, width=element.stroke_mm)
        elif kind == "circle":
            radius = element.radius_mm or min(w, h) / 2
            canvas.circle(x + w / 2, y + h / 2, radius, fill=fill, stroke=stroke, width=element.stroke_mm)
        elif kind == "line":
            start = point_of(element.at, element.at_mm, area)
            end = point_of(element.to, element.to_mm, area) if element.to or element.to_mm else start
            canvas.line(*start, *end, stroke=stroke or face.style.ink, width=element.stroke_mm)
        elif kind == "polygon":
            points = element.polygon_mm or [(px * area.width, py * area.height) for px, py in element.polygon]
            canvas.polygon(points, fill=fill, stroke=stroke, width=element.stroke_mm)
        elif kind == "grid":
            draw_grid(canvas, (x, y, w, h), element, fill, stroke or face.style.line)
        elif kind == "track":
            draw_score_track(canvas, (x, y, w, h), element, face.style)
        elif kind == "symbol":
            size = element.size_mm or min(w, h) or 6.0
            draw_symbol(canvas, filled(element.symbol, row), x + w / 2, y + h / 2, size, colour)
        elif kind == "image":
            picture = load_picture(face.layouts.folder / filled(element.image, row), element.where,
                                   filled(element.image, row))
            canvas.image(picture, x, y, w or area.width, h or area.height, element.fit)
        else:
            draw_text(canvas, element, filled(element.text, row), (x, y, w, h), face.style, colour)


def draw_grid(canvas, box, element: Element, fill: str | None, stroke: str) -> None:
    """A table of `columns` x `rows` equal cells filling the box: a score pad, a board, a write-on sheet."""
    x, y, w, h = box
    canvas.rect(x, y, w, h, fill=fill, stroke=stroke, width=element.stroke_mm)
    for column in range(1, element.columns):
        canvas.line(x + w * column / element.columns, y, x + w * column / element.columns, y + h, stroke=stroke,
                    width=element.stroke_mm)
    for row in range(1, element.rows):
        canvas.line(x, y + h * row / element.rows, x + w, y + h * row / element.rows, stroke=stroke,
                    width=element.stroke_mm)


def draw_score_track(canvas, box, element: Element, style) -> None:
    """The kit's score track (kit/tracks.py): `columns` x `rows` numbered squares from `first`, as
    large as the box allows, centred in it."""
    from generator.kit.tracks import TrackStyle, draw_track, track_squares

    x, y, w, h = box
    square = min(w / element.columns, h / element.rows)
    track_style = TrackStyle(square_mm=square, ink=style.ink, line=style.line, paper=style.background,
                             highlight=style.panel, number_size=square * 0.42, start_size=square * 0.2,
                             number_face=style.body.face, milestone_face=style.title.face, start_face=style.small.face,
                             line_width=element.stroke_mm, arrow_mm=square * 0.25)
    left = x + (w - square * element.columns) / 2
    top = y + (h - square * element.rows) / 2
    draw_track(canvas, track_squares(element.columns, element.rows, element.first, element.path), track_style,
               left, top)


def draw_text(canvas, element: Element, text: str, box, style, colour: str) -> None:
    """Text in its box: wrapped, shrunk to fit down to its floor, aligned; `:name:` draws a symbol inline.
    Without a box, one line at `at`, placed by its anchor."""
    role = getattr(style, element.role)
    start = element.size_pt * PT if element.size_pt else role.size
    x, y, w, h = box
    align = {"center": "centre"}.get(element.align, element.align) or \
        {0: "left", 0.5: "centre", 1: "right"}[ANCHORS[element.anchor][0]]
    tokens = text.split()
    if w <= 0:
        size, lines = start, [tokens]
    else:
        size, lines = fit_tokens(tokens, role.face, start, min(start, element.min_pt * PT), w, h)
    pitch = size * LEADING
    block = len(lines) * pitch
    if h > 0:
        baseline = y + (h - block) / 2 + size * 0.8
    else:
        baseline = y + {0: size * 0.8, 0.5: size * 0.35, 1: 0.0}[ANCHORS[element.anchor][1]] - (len(lines) - 1) * pitch / 2
    for line in lines:
        width = line_width(line, size, role.face)
        left = x + {"left": 0.0, "centre": (w - width) / 2, "right": w - width}[align] if w > 0 else \
            x - {"left": 0.0, "centre": width / 2, "right": width}[align]
        draw_line(canvas, line, left, baseline, size, role.face, colour)
        baseline += pitch


def _symbol(token: str) -> str | None:
    if len(token) > 2 and token[0] == token[-1] == ":" and token[1:-1] in symbol_names():
        return token[1:-1]
    return None


def token_width(token: str, size: float, face: str) -> float:
    return size if _symbol(token) else fonts.text_width(token, size, face)


def line_width(tokens: list[str], size: float, face: str) -> float:
    if not tokens:
        return 0.0
    return sum(token_width(t, size, face) for t in tokens) + fonts.text_width(" ", size, face) * (len(tokens) - 1)


def wrap_tokens(tokens: list[str], size: float, face: str, width: float) -> list[list[str]]:
    lines: list[list[str]] = [[]]
    for token in tokens:
        if lines[-1] and line_width([*lines[-1], token], size, face) > width:
            lines.append([])
        lines[-1].append(token)
    return lines


def fit_tokens(tokens, face: str, start: float, floor: float, width: float, height: float):
    """The largest size from `start` down to `floor` at which the wrapped tokens fit the box, and
    their lines (at `floor` if even that overflows: legible text that overflows beats unreadable)."""
    size = start
    while True:
        lines = wrap_tokens(tokens, size, face, width)
        fits = max(line_width(line, size, face) for line in lines) <= width + 1e-9 and \
            (height <= 0 or len(lines) * size * LEADING <= height + 1e-9)
        if fits or size <= floor:
            return size, lines
        size = max(size * 0.95, floor)


def text_fits(element: Element, text: str, box, style) -> bool:
    """Whether `text` fits its box at its floor size or larger (for the layout check)."""
    role = getattr(style, element.role)
    start = element.size_pt * PT if element.size_pt else role.size
    x, y, w, h = box
    if w <= 0:
        return True
    floor = min(start, element.min_pt * PT)
    size, lines = fit_tokens(text.split(), role.face, start, floor, w, h)
    return max(line_width(line, size, role.face) for line in lines) <= w + 1e-6 and \
        (h <= 0 or len(lines) * size * LEADING <= h + 1e-6)


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

