"""Layouts as data: what sits on a face, and where, for any game (a `game: custom` file's faces,
the Diamonds cards from templates/layouts.yaml).

A layout is a mapping of named elements, drawn in order over the face's background:

    card-front:
      title: {text: "{name}", at: [0.5, 0.08], box: [0.9, 0.1], role: title}
      suit:  {symbol: "{suit}", at: [0.12, 0.1], size_mm: 7, colour: "{colour}"}
      band:  {rect: true, at: [0, 0.8], anchor: top-left, box: [1, 0.2], fill: panel}

`extends: other` starts from another layout: an element of the same name changes only the keys it
gives, a new name is drawn after the others, and `name: null` leaves one out. Each element has one
kind key (KINDS); `at` and `box` are fractions of the piece, or of its `inset_mm` frame (`at_mm` and
`box_mm` millimetres), `anchor` says which point of the box `at` is; `at_each` repeats it and
`head_to_head` draws it again turned half round. Any text value may hold `{field}` placeholders,
filled from the piece's row; a colour is a style name (ink, accent, panel, background, line, muted,
back, back_pattern), a palette name or "#rrggbb". The README's "Your own game" lists every key.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass
from pathlib import Path

from generator import fonts
from generator.canvas import PT
from generator.errors import ErrorList, InputError, Location, did_you_mean
from generator.images import load_picture
from generator.geometry import Path as Outline
from generator.kit.symbols import draw_symbol, symbol_names, symbol_paths
from generator.model import Area, fill_bleed
from generator.schema import Colour, build, spec_field
from generator.yamlio import YamlMap

KINDS = ("text", "symbol", "image", "rect", "circle", "line", "polygon", "grid", "track", "frame", "lattice")
ANCHORS = {"top-left": (0, 0), "top": (0.5, 0), "top-right": (1, 0), "left": (0, 0.5), "centre": (0.5, 0.5),
           "center": (0.5, 0.5), "right": (1, 0.5), "bottom-left": (0, 1), "bottom": (0.5, 1),
           "bottom-right": (1, 1)}
STYLE_COLOURS = ("ink", "accent", "panel", "background", "line", "muted", "back", "back_pattern")
ROLES = ("title", "index", "body", "small")
STYLE_FLAGS = ("frame",)  # the style's switches an element may depend on (only_if)
LEADING = 1.2  # line pitch, in text sizes
CAPITALS = "H0123456789"  # a top anchor puts the tallest of these at `at`
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
    frame: bool | None = None  # a line border_mm inside the trim, its corners following the piece's
    lattice: bool | None = None  # diagonal lines step apart across the box, both ways: a card back's pattern
    step: float | None = spec_field(None, positive=True, maximum=1)  # a lattice's pitch, of the piece's width
    step_mm: float | None = spec_field(None, positive=True, maximum=500)
    columns: int = spec_field(1, minimum=1, maximum=100)
    rows: int = spec_field(1, minimum=1, maximum=100)
    first: int = spec_field(0, minimum=-10_000, maximum=10_000)  # a track's first number
    path: str = "serpentine"  # a track's: serpentine or rows (kit/tracks.py)
    at: tuple[float, float] | None = spec_field(None, minimum=-1, maximum=2, parts=("x", "y"))
    at_mm: tuple[float, float] | None = spec_field(None, minimum=-1000, maximum=1000, parts=("x", "y"))
    box: tuple[float, float] | None = spec_field(None, minimum=0, maximum=3, parts=("width", "height"))
    box_mm: tuple[float, float] | None = spec_field(None, minimum=0, maximum=1000, parts=("width", "height"))
    box_em: tuple[float, float] | None = spec_field(None, minimum=0, maximum=100, parts=("width", "height"))
    to: tuple[float, float] | None = spec_field(None, minimum=-1, maximum=2, parts=("x", "y"))
    to_mm: tuple[float, float] | None = spec_field(None, minimum=-1000, maximum=1000, parts=("x", "y"))
    at_each: list[tuple[float, float]] | None = spec_field(None, minimum=-1, maximum=2, parts=("x", "y"))
    at_each_mm: list[tuple[float, float]] | None = spec_field(None, minimum=-1000, maximum=1000, parts=("x", "y"))
    bleed: bool = False  # the box is the piece's bleed box: art that runs off every edge
    anchor: str = "centre"
    rotate: float = spec_field(0.0, minimum=-360, maximum=360)
    inset_mm: tuple[float, float] | None = spec_field(None, minimum=0, maximum=500, parts=("x", "y"))
    head_to_head: bool = False  # drawn again turned half round about the piece's centre, as a card's index
    only_if: str | None = None  # drawn only when this style flag (frame) is true
    colour: str | None = None  # of text and symbols
    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float | None = spec_field(None, positive=True, maximum=20)  # left out: the style's line_mm
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
    def from_spec(cls, value, location: Location, context, label: str, base: YamlMap | None = None) -> Layouts:
        raw = value if value is not None else YamlMap()
        if not isinstance(raw, dict):
            raise InputError(location, f"{label} must map layout names to their elements", "input.type")
        if base is not None:
            raw = _overlaid(base, raw)
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

    @classmethod
    def over(cls, template: str) -> type[Layouts]:
        """Layouts that start from the set `template` of templates/layouts.yaml: the file's
        `layouts:` changes the template's elements key by key, adds layouts, and may leave some out."""

        class Overlaid(cls):
            @classmethod
            def from_spec(cls, value, location, context, label):
                base = context.templates.get("layouts", template, location, label)
                return super().from_spec(value, location, context, label, base)

        Overlaid.__name__ = Overlaid.__qualname__ = f"Layouts over {template}"
        return Overlaid

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
            _put(merged, key, _combined(merged[key], value, place), place)
        else:
            _put(merged, key, value, place)
    return merged, background


def _combined(base: YamlMap, change: YamlMap, place: Location) -> YamlMap:
    """An element `base` with the keys `change` gives laid over it."""
    combined = YamlMap({**base, **change})
    combined.location = place
    combined.value_locations = {**base.value_locations, **change.value_locations}
    combined.key_locations = {**base.key_locations, **change.key_locations}
    return combined


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


def _element(raw, location: Location, context, label: str) -> Element:
    if isinstance(raw, dict):
        for kind in ("rect", "circle", "line", "grid", "track", "frame", "lattice"):  # `rect: {fill: panel}` is
            # `rect: true, fill: panel`
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
                         ("path", ("serpentine", "rows")), ("only_if", STYLE_FLAGS + (None,)),
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
    """`text` with each `{field}` replaced by the row's value. A text that is one placeholder is the
    value itself, so that a named colour keeps its name (messages say "red (#c41e3a)")."""
    if text.startswith("{") and text.endswith("}") and text[1:-1] in row and isinstance(row[text[1:-1]], str):
        return row[text[1:-1]]
    return text.format_map({key: "" if value is None else value for key, value in row.items()})


# Drawing ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
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
        fill_bleed(canvas, area, self.colour(filled(background, row) if background else "background"))
        for _, element in self.layouts.layouts[self.layout]:
            if element.only_if and not getattr(self.style, element.only_if):
                continue
            for turn in (0, 180) if element.head_to_head else (0,):
                with canvas.saved():
                    if turn:  # the same element, turned half round about the piece's centre
                        canvas.translate(area.width, area.height)
                        canvas.rotate(turn)
                    for box in boxes_of(element, area, self.style):
                        draw_element(canvas, area, element, box, row, self)

    def colour(self, name: str, location: Location | None = None) -> str:
        if isinstance(name, Colour):  # resolved already, a row's colour: keep its palette name
            return name
        if name in STYLE_COLOURS:
            return getattr(self.style, name)
        return self.layouts.palette.resolve(name, location or Location("?"), "colour")


def box_of(element: Element, area: Area, style=None) -> tuple[float, float, float, float]:
    """x, y, width, height of the element's (first) box on the face, in mm."""
    return next(boxes_of(element, area, style))


def boxes_of(element: Element, area: Area, style=None):
    """Every box the element is drawn in: one, or one for each point of `at_each`. A text's box_em
    is in its own size, which comes from the style."""
    if element.bleed:
        yield area.bleed_box()
        return
    frame = frame_of(element, area)
    if element.box_mm is not None:
        width, height = element.box_mm
    elif element.box is not None:
        width, height = element.box[0] * frame.width, element.box[1] * frame.height
    elif element.box_em is not None and style is not None:
        em = text_size(element, style, frame)
        width, height = element.box_em[0] * em, element.box_em[1] * em
    else:
        width = height = 0.0
    ax, ay = ANCHORS[element.anchor]
    if element.at_each_mm is not None:
        points = element.at_each_mm
    elif element.at_each is not None:
        points = [frame.point(x, y) for x, y in element.at_each]
    else:
        points = [point_of(element.at, element.at_mm, frame)]
    for x, y in points:
        yield x - ax * width, y - ay * height, width, height


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
            canvas.rect(x, y, w, h, radius=element.radius_mm, fill=fill, stroke=stroke, width=width)
        elif kind == "frame":
            inset = face.style.border_mm
            canvas.rect(inset, inset, area.width - 2 * inset, area.height - 2 * inset,
                        radius=max(0.0, face.corner_mm - inset), fill=fill, stroke=stroke or colour, width=width)
        elif kind == "circle":
            radius = element.radius_mm or (frame.size(element) / 2 if element.size else min(w, h) / 2)
            canvas.circle(x + w / 2, y + h / 2, radius, fill=fill, stroke=stroke, width=width)
        elif kind == "line":
            start = point_of(element.at, element.at_mm, frame)
            end = point_of(element.to, element.to_mm, frame) if element.to or element.to_mm else start
            canvas.line(*start, *end, stroke=stroke or face.style.ink, width=width)
        elif kind == "polygon":
            points = element.polygon_mm or [frame.point(px, py) for px, py in element.polygon]
            canvas.polygon(points, fill=fill, stroke=stroke, width=width)
        elif kind == "grid":
            draw_grid(canvas, (x, y, w, h), element, fill, stroke or face.style.line, width)
        elif kind == "track":
            draw_score_track(canvas, (x, y, w, h), element, face.style, width)
        elif kind == "lattice":
            step = element.step_mm or (element.step or 0.08) * area.width
            draw_lattice(canvas, (x, y, w, h) if w and h else area.bleed_box(), area, step, stroke or colour, width)
        elif kind == "symbol":
            draw_outlined_symbol(canvas, filled(element.symbol, row), x + w / 2, y + h / 2,
                                 symbol_size(element, box, frame), colour, stroke, width)
        elif kind == "image":
            picture = load_picture(face.layouts.folder / filled(element.image, row), element.where,
                                   filled(element.image, row))
            canvas.image(picture, x, y, w or area.width, h or area.height, element.fit)
        else:
            draw_text(canvas, element, filled(element.text, row), (x, y, w, h), face.style, colour, frame)


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


def draw_score_track(canvas, box, element: Element, style, width: float) -> None:
    """The kit's score track (kit/tracks.py): `columns` x `rows` numbered squares from `first`, as
    large as the box allows, centred in it."""
    from generator.kit.tracks import TrackStyle, draw_track, track_squares

    x, y, w, h = box
    square = min(w / element.columns, h / element.rows)
    start = max(square * 0.2, FLOOR_PT * PT)  # the "start" label: legible, under the number
    track_style = TrackStyle(square_mm=square, ink=style.ink, line=style.line, paper=style.background,
                             highlight=style.panel, number_size=min(square * 0.42, square - 2.2 * start),
                             start_size=start,
                             number_face=style.body.face, milestone_face=style.title.face, start_face=style.small.face,
                             line_width=width, arrow_mm=square * 0.25)
    left = x + (w - square * element.columns) / 2
    top = y + (h - square * element.rows) / 2
    draw_track(canvas, track_squares(element.columns, element.rows, element.first, element.path), track_style,
               left, top)


def text_size(element: Element, style, frame: Frame) -> float:
    """The size a text starts from, in mm: its size (of the piece's width), its size_pt, or its
    role's size, times its scale."""
    if element.size:
        return frame.size(element) * element.scale
    return (element.size_pt * PT if element.size_pt else getattr(style, element.role).size) * element.scale


def text_lines(element: Element, text: str, box, style, frame: Frame) -> tuple[float, list[list[str]]]:
    """The size a text is drawn at and its lines of tokens: each line of the text (a new line
    starts one) wrapped to the box, shrunk until the whole fits, but not below the floor."""
    face = getattr(style, element.role).face
    start = text_size(element, style, frame)
    paragraphs = [paragraph.split() for paragraph in text.split("\n")]
    return fit_tokens(paragraphs, face, start, min(start, element.min_pt * PT), box[2], box[3], element.leading)


def draw_text(canvas, element: Element, text: str, box, style, colour: str, frame: Frame) -> None:
    """Text in its box: wrapped, shrunk to fit down to its floor, aligned; `:name:` draws a symbol inline.

    With a box height the lines are centred in the box. Without one, `at` and the anchor place the
    lines: a top anchor puts the tops of capitals and figures there, a bottom anchor the last baseline, and a
    middle one centres the capitals; the place follows from the text's starting size, so a word
    shrunk to fit keeps the baseline of its unshrunk neighbours."""
    face = getattr(style, element.role).face
    x, y, w, h = box
    size, lines = text_lines(element, text, box, style, frame)
    align = {"center": "centre"}.get(element.align, element.align) or \
        {0: "left", 0.5: "centre", 1: "right"}[ANCHORS[element.anchor][0]]
    pitch = size * element.leading
    if h > 0:
        baseline = y + (h - len(lines) * pitch) / 2 + size * 0.8
    else:
        cap = fonts.inked_height(CAPITALS, face)[1] * text_size(element, style, frame)
        below = (len(lines) - 1) * pitch  # from the first baseline to the last
        baseline = y + {0: cap, 0.5: (cap - below) / 2, 1: -below}[ANCHORS[element.anchor][1]]
    for line in lines:
        width = line_width(line, size, face)
        left = x + {"left": 0.0, "centre": (w - width) / 2, "right": w - width}[align] if w > 0 else \
            x - {"left": 0.0, "centre": width / 2, "right": width}[align]
        draw_line(canvas, line, left, baseline, size, face, colour)
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


def wrap_tokens(paragraphs: list[list[str]], size: float, face: str, width: float) -> list[list[str]]:
    lines: list[list[str]] = []
    for tokens in paragraphs:
        lines.append([])
        for token in tokens:
            if lines[-1] and width > 0 and line_width([*lines[-1], token], size, face) > width:
                lines.append([])
            lines[-1].append(token)
    return lines


def fit_tokens(paragraphs, face: str, start: float, floor: float, width: float, height: float,
               leading: float = LEADING):
    """The largest size from `start` down to `floor` at which the wrapped lines fit the box, and
    the lines (at `floor` if even that overflows: legible text that overflows beats unreadable).
    No box width: the lines as written, at the starting size."""
    size = start
    while True:
        lines = wrap_tokens(paragraphs, size, face, width)
        widest = max(line_width(line, size, face) for line in lines)
        fits = width <= 0 or (widest <= width + 1e-9 and (height <= 0 or len(lines) * size * leading <= height + 1e-9))
        if fits or size <= floor:
            return size, lines
        if len(lines) == len(paragraphs) and (height <= 0 or len(lines) * size * leading <= height + 1e-9):
            size = max(size * width / widest, floor)  # no line wraps: shrink the widest to the width at once
        else:
            size = max(size * 0.95, floor)


def text_fits(element: Element, text: str, box, style, area: Area) -> bool:
    """Whether `text` fits its box at its floor size or larger (for the layout check)."""
    _, _, w, h = box
    if w <= 0:
        return True
    face = getattr(style, element.role).face
    size, lines = text_lines(element, text, box, style, frame_of(element, area))
    return max(line_width(line, size, face) for line in lines) <= w + 1e-6 and \
        (h <= 0 or len(lines) * size * element.leading <= h + 1e-6)


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
