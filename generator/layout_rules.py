"""The layout rules every game gets: no text on a piece prints smaller than 7 pt, the smallest that
reads at the table (DESIGN.md, print craft), and no text or symbol reaches into the margin a cut a
little off the line would take. Read from the faces' recordings, like colour.contrast, and from the
layouts of faces drawn from data."""

from __future__ import annotations

import math

from generator.canvas import FLOOR_PT, PT
from generator.errors import Location
from generator.kit.layouts import Face, boxes_of, frame_of, symbol_size
from generator.model import Area
from generator.shapes import Rect
from generator.recording import findings_of, record_face
from generator.schema import written_at
from generator.validate import Finding

#: The margin inside the cut that a piece keeps clear of text unless it says its own (a card preset's
#: safe_mm): a home cut wanders a millimetre or two.
SAFE_MM = 2.0
RULES = {"layout.text-size": f"no text on a piece is smaller than {FLOOR_PT:g} pt",
         "layout.safe-area": "no text or symbol reaches into a piece's safe margin inside the cut"}


def text_size_findings(components, location: Location, bleed: float = 0.0, record=record_face) -> list[Finding]:
    """layout.text-size: one finding per component, naming the smallest text and how many are small."""
    return findings_of(TextSizeCheck(location), components, bleed, record)


def safe_area_findings(components, location: Location, bleed: float = 0.0, record=record_face) -> list[Finding]:
    """layout.safe-area: every text's ink at least the piece's safe margin inside its cut line, one
    finding per component; on a face drawn from a layout, each text or symbol element too, at its line."""
    return findings_of(SafeAreaCheck(location), components, bleed, record)


def _at_the_words(words, text: str, source, fallback: Location, spec=None) -> tuple[Location, str]:
    """Where a finding about a printed text goes, and how it names the text: at the words file's line
    when a words key gave the text (a translation that grew is mended there), else at the element's,
    else at the game file's value that gave it (a suit's label), else at `fallback`."""
    found = words.written_at(text) if words is not None else None
    if found is None:
        if source is None or source == fallback:  # drawn by the game's code (a reference card's prose)
            source = (written_at(spec, text) if spec is not None else None) or fallback
        return source, f'"{text[:30]}"'
    key, place = found
    return place, f'words "{key}" ("{text[:30]}")'


class TextSizeCheck:
    """layout.text-size, fed one face at a time (recording.FaceReading)."""

    def __init__(self, location: Location, words=None, spec=None):
        self.location, self.words, self.spec = location, words, spec  # spec: where its texts are written
        self.small: dict[str, list[tuple]] = {}  # component -> (size in pt, piece, side, text, source)

    def add(self, component, piece, side: str, draw, area, recording) -> None:
        small = self.small.setdefault(component.name, [])
        small += [(text.size / PT, piece.id, side, text.text, text.source) for text in recording.texts
                  if text.text.strip() and text.size < FLOOR_PT * PT - 1e-6]

    def findings(self) -> list[Finding]:
        findings = []
        for name, small in self.small.items():
            if not small:
                continue
            size, piece_id, side, text, source = min(small, key=lambda found: found[:4])
            more = f" and {len(small) - 1} more" if len(small) > 1 else ""
            place, shown = _at_the_words(self.words, text, source, self.location, self.spec)
            findings.append(Finding("error", place, f"{name}: {shown} on {piece_id} ({side}) "
                                    f"prints at {math.floor(size * 10) / 10:.1f} pt{more}; text on a piece needs "
                                    f"{FLOOR_PT:g} pt at least: give it more room or fewer words", "layout.text-size"))
        return findings


class SafeAreaCheck:
    """layout.safe-area, fed one face at a time (recording.FaceReading)."""

    RULE, LEVEL = "layout.safe-area", "error"
    CUT = "a cut a little off the line"  # what would take what lies outside the margin

    def __init__(self, location: Location, words=None, spec=None):
        self.location, self.words, self.spec = location, words, spec  # spec: where its texts are written
        self.close: dict[str, list[tuple]] = {}  # component -> (depth, piece, side, text, margin, source)
        self.elements: dict[str, dict] = {}  # component -> {(element's place, name): (layout, element, margin)}
        # Whether a symbol element keeps inside, by element, style, piece shape, area and margin: the
        # faces of a layout share their elements, so a deck of a hundred tiles asks the same question
        # a hundred times (the answer does not depend on the row: a symbol's box is the element's).
        self.inside: dict[tuple, tuple[bool, object]] = {}

    def margin_of(self, piece) -> float:
        return SAFE_MM if piece.safe_mm is None else piece.safe_mm

    def add(self, component, piece, side: str, draw, area, recording) -> None:
        close = self.close.setdefault(component.name, [])
        elements = self.elements.setdefault(component.name, {})
        margin = self.margin_of(piece)
        outline = None if isinstance(piece.shape, Rect) else piece.shape.points(0.0)  # a rectangle: its sides
        # A text run past its box is the text-fit check's to tell; where it then reaches follows from it.
        overflowing = {element.where for element, _ in recording.overflows}
        for text in recording.texts:
            if text.source is not None and text.source in overflowing:
                continue
            depth = _box_depth(outline, area, text.box)
            if text.text.strip() and depth < margin - 1e-6:
                close.append((depth, piece.id, side, text.text, margin, text.source))
        if isinstance(draw, Face):
            for name, element in draw.layouts.layouts[draw.layout]:
                # A repeated pattern (`every`) runs off every edge by design, as a lattice does.
                if element.kind == "symbol" and element.every is None and (str(element.where), name) not in elements and \
                        not self._symbols_inside(element, area, draw.style, piece.shape, outline, margin):
                    # one finding per element as written, however many layouts extend it
                    elements[(str(element.where), name)] = (draw.layout, element, margin)

    def _symbols_inside(self, element, area: Area, style, shape, outline, margin: float) -> bool:
        key = (id(element), id(style), shape, area, margin)
        if key not in self.inside:  # the element and style kept with the answer, so their ids stay theirs
            self.inside[key] = (_symbols_inside(element, area, style, outline, margin), (element, style))
        return self.inside[key][0]

    def findings(self) -> list[Finding]:
        findings = []
        for name in self.close:
            close, elements = self.close[name], self.elements[name]
            if close:
                depth, piece_id, side, text, margin, source = min(close, key=lambda found: found[:5])
                more = f" and {len(close) - 1} more" if len(close) > 1 else ""
                place, shown = _at_the_words(self.words, text, source, self.location, self.spec)
                findings.append(Finding(self.LEVEL, place, f"{name}: {shown} on {piece_id} "
                                        f"({side}) comes {max(depth, 0):.1f} mm from the cut{more}; keep text "
                                        f"{margin:g} mm inside it, where {self.CUT} cannot take it", self.RULE))
            for (_, element_name), (layout, element, margin) in elements.items():
                findings.append(Finding(self.LEVEL, element.where, f"{layout}.{element_name} reaches outside the "
                                        f"{margin:g} mm safe area of {name}, where {self.CUT} would take it; move it in or "
                                        "make it smaller", self.RULE))
        return findings


class ShopSafeZoneCheck(SafeAreaCheck):
    """shop.safe-zone: no text or symbol inside a print shop's safe zone, its `safe_mm` inside the trim
    (templates/shops.yaml), where the shop's cut may take it. A warning: the files are still made."""

    RULE, LEVEL = "shop.safe-zone", "warning"

    def __init__(self, location: Location, shop):
        super().__init__(location)
        self.shop = shop
        self.CUT = f"{shop.title}'s cut (its safe zone)"

    def margin_of(self, piece) -> float:
        return self.shop.safe_mm


def _symbols_inside(element, area: Area, style, outline, margin: float) -> bool:
    for x, y, w, h in boxes_of(element, area, style):
        half = symbol_size(element, (x, y, w, h), frame_of(element, area)) / 2
        cx, cy = x + w / 2, y + h / 2
        corners = ((cx - half, cy - half), (cx + half, cy - half), (cx - half, cy + half), (cx + half, cy + half))
        if element.head_to_head:
            corners += tuple((area.width - px, area.height - py) for px, py in corners)
        if min(_point_depth(outline, area, px, py) for px, py in corners) < margin - 1e-6:
            return False
    return True


def _box_depth(outline, area: Area, box) -> float:
    x0, y0, x1, y1 = box
    return min(_point_depth(outline, area, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)))


def _point_depth(outline, area: Area, x: float, y: float) -> float:
    """How far inside the piece's cut (x, y) lies: to the nearest side of a rectangle (outline None),
    or of the outline's polygon; negative outside."""
    if outline is None:
        return min(x, y, area.width - x, area.height - y)
    return _depth(outline, x, y)


def _depth(outline: list[tuple[float, float]], x: float, y: float) -> float:
    """How far (x, y) lies inside the closed outline: its distance to the nearest edge, negative outside.
    One pass over the edges, each measured in line (a coin's outline has dozens, and every corner of
    every box on it is measured)."""
    distance, inside = math.inf, False
    x1, y1 = outline[-1]
    for x2, y2 in outline:  # the edge from the point before to this one, the last edge first
        dx, dy = x2 - x1, y2 - y1
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / length))
        distance = min(distance, math.hypot(x - x1 - t * dx, y - y1 - t * dy))
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
        x1, y1 = x2, y2
    return distance if inside else -distance
