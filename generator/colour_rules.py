"""The colour rules every game gets: colours that carry meaning stay apart for every eye, and text
stays readable on what it is printed on.

* colour.distinct: each pair of meaning colours (suits, cube colours...) is at least 10 apart in
  CIEDE2000 as seen in normal vision, with protanopia, deuteranopia and tritanopia (Machado 2009
  simulations), and printed in greyscale when the palette is meant for that (`prints_in:
  greyscale`). Closer is an error, or a warning when both colours carry distinct symbols, which
  still tell them apart.
* colour.contrast: text has WCAG 2.1 contrast against the paint under it: 4.5:1, or 3:1 for large
  text (18 pt, or 14 pt bold), as WCAG's AA level asks.

coloraide does the colour science, and its results are kept between runs (generator/cache.py). A
game names its meaning colours (`Game.meaning_colours`); the text is read from the recording of every
face, so the check sees what prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from generator.cache import Memo
from generator.canvas import PT
from generator.errors import Location
from generator.recording import findings_of, record_face
from generator.validate import Finding

MIN_DISTANCE = 10.0  # CIEDE2000
CONTRAST, LARGE_TEXT_CONTRAST = 4.5, 3.0
VIEWS = ("normal vision", "protanopia", "deuteranopia", "tritanopia", "greyscale")
RULES = {"colour.distinct": "meaning colours stay 10 apart (CIEDE2000) for colour-blind eyes, and in greyscale "
                           "for a palette meant for it",
         "colour.contrast": "text has WCAG AA contrast against its background (4.5:1, large text 3:1)"}
_SIMULATION = {"protanopia": "protan", "deuteranopia": "deutan", "tritanopia": "tritan"}


@dataclass(frozen=True)
class MeaningColour:
    """A colour that tells pieces apart: what it marks, its symbol (if it has one), where it is set."""

    label: str  # "hearts"
    colour: str  # a schema Colour: '#rrggbb', with the palette name as .name
    symbol: str | None
    location: Location


def _colour(hex_colour: str):
    # Imported when first needed: coloraide's Color works out a colour-temperature table as it is
    # imported (0.1 s), which a build whose colours were all seen before need not wait for.
    from coloraide import Color

    return Color(hex_colour)


@lru_cache(maxsize=None)
def seen_as(hex_colour: str, view: str):
    colour = _colour(hex_colour)
    if view == "greyscale":
        return colour.filter("grayscale").convert("srgb")
    if view in _SIMULATION:
        return colour.filter(_SIMULATION[view], method="machado").convert("srgb")
    return colour


def _distances(a: str, b: str) -> dict[str, float]:
    return {view: seen_as(a, view).delta_e(seen_as(b, view), method="2000") for view in VIEWS}


def _contrast(text: str, background: str) -> float:
    return _colour(text).contrast(_colour(background), method="wcag21")


# Kept between runs (generator/cache.py), so that a build whose colours were seen before need not
# import coloraide at all; the keys cover this file and coloraide's version.
_KEPT = {"sources": (__file__,), "libraries": ("coloraide",)}
_distances_kept = Memo("colour-distances", _distances, **_KEPT)
_contrast_kept = Memo("colour-contrast", _contrast, **_KEPT)


@lru_cache(maxsize=None)
def distances(a: str, b: str) -> dict[str, float]:
    """CIEDE2000 between two colours in each view."""
    return _distances_kept(str(a), str(b))


@lru_cache(maxsize=None)
def contrast(text: str, background: str) -> float:
    return _contrast_kept(str(text), str(background))


VIEW_WORDS = {"normal vision": "in normal vision", "protanopia": "with protanopia", "deuteranopia": "with deuteranopia",
              "tritanopia": "with tritanopia", "greyscale": "in greyscale"}


def _described(entries: list[MeaningColour]) -> str:
    """"red (#c41e3a) for hearts, diamonds": the colour, and what it marks when that says more."""
    name = _name(entries[0].colour)
    labels = [entry.label for entry in entries if entry.label != getattr(entry.colour, "name", None)]
    return f"{name} for {', '.join(labels)}" if labels else name


def _name(colour: str) -> str:
    name = getattr(colour, "name", colour)
    return name if name == colour else f"{name} ({colour})"


def distinct_findings(colours: list[MeaningColour], prints_in: str = "greyscale") -> list[Finding]:
    """colour.distinct over one game's meaning colours. Entries naming the same palette colour are one
    colour on purpose (hearts and diamonds are both red): only different names must differ. A palette
    that prints in colour is judged in normal vision and the three simulations; one meant for
    greyscale prints in greyscale too."""
    by_name: dict[str, list[MeaningColour]] = {}
    for entry in colours:
        by_name.setdefault(getattr(entry.colour, "name", entry.colour), []).append(entry)
    findings = []
    for (_, first), (_, second) in combinations(by_name.items(), 2):
        apart = distances(first[0].colour, second[0].colour)
        close = {view: d for view, d in apart.items() if d < MIN_DISTANCE
                 and (view != "greyscale" or prints_in == "greyscale")}
        if not close:
            continue
        symbols_a = {entry.symbol for entry in first}
        symbols_b = {entry.symbol for entry in second}
        told_apart = None not in symbols_a | symbols_b and not symbols_a & symbols_b
        views = ", ".join(f"{d:.1f} {VIEW_WORDS[view]}" for view, d in close.items())
        what = (f"{_described(first)} and {_described(second)} are too close: {views} (CIEDE2000; "
                f"{MIN_DISTANCE:g} tells colours apart)")
        if told_apart:
            findings.append(Finding("warning", second[0].location, what + "; their symbols still do",
                                    "colour.distinct"))
        else:
            findings.append(Finding("error", second[0].location, what + "; choose colours further apart (try "
                                    "--palette colour-blind) or give them distinct symbols", "colour.distinct"))
    return findings


@lru_cache(maxsize=None)
def legible(colour: str, background: str, size_mm: float, face: str) -> str:
    """`colour`, or the nearest shade of it towards black or white that reads as text of this size
    on `background` (the contrast colour.contrast asks for). A light meaning colour keeps its
    lightness where it fills or marks, so that it stays apart from its neighbours in greyscale,
    while its letters take the shade they need."""
    needed = LARGE_TEXT_CONTRAST if is_large(size_mm, face) else CONTRAST
    if contrast(colour, background) >= needed:
        return colour
    towards = max(("#000000", "#ffffff"), key=lambda end: contrast(end, background))
    start, end = _colour(str(colour)).convert("srgb"), _colour(towards)
    for step in range(1, 51):
        shade = start.mix(end, step / 50, space="srgb").to_string(hex=True)
        if contrast(shade, background) >= needed:
            return shade
    return towards


def is_large(size_mm: float, face: str) -> bool:
    points = size_mm / PT
    return points >= 18 or (points >= 14 and "bold" in face.lower())


def contrast_findings(components, location: Location, bleed: float = 0.0, record=record_face) -> list[Finding]:
    """colour.contrast: every text of every face against the paint behind it, one finding per pair
    of colours, naming the first piece it is on. `record(draw, area)` gives a face's recording (a
    build passes the recordings it prints from, so no face is drawn twice)."""
    return findings_of(ContrastCheck(location), components, bleed, record)


class ContrastCheck:
    """colour.contrast, fed one face at a time (recording.FaceReading)."""

    once_a_size = True  # a face several components share counts once

    def __init__(self, location: Location):
        self.location = location
        self.worst: dict[tuple[str, str], tuple[float, float, str, int, object]] = {}

    def add(self, component, piece, side: str, draw, area, recording) -> None:
        for text in recording.texts:
            if text.behind is None or not text.text.strip():
                continue
            needed = LARGE_TEXT_CONTRAST if is_large(text.size, text.face) else CONTRAST
            ratio = contrast(text.fill, text.behind)
            if ratio >= needed:
                continue
            key = (text.fill, text.behind)
            count = self.worst.get(key, (0, 0, "", 0, None))[3] + 1
            if key not in self.worst or ratio < self.worst[key][0]:
                self.worst[key] = (ratio, needed, f'{piece.id} ({side}): "{text.text[:30]}"', count, text.source)
            else:
                self.worst[key] = (*self.worst[key][:3], count, self.worst[key][4])

    def findings(self) -> list[Finding]:
        findings = []
        for (ink, paper), (ratio, needed, example, count, source) in self.worst.items():
            more = f" and {count - 1} more" if count > 1 else ""
            findings.append(Finding("error", source or self.location, f"text in {_name(ink)} on {_name(paper)} has "
                                    f"contrast {ratio:.2f}:1, under the {needed:g}:1 WCAG asks for, on {example}{more}; "
                                    "choose a darker ink or a lighter background", "colour.contrast"))
        return findings

