"""The pyramids: Icehouse pieces as paper nets, hollow and open at the base so that they nest.

A stash is five pyramids of each size in one colour. What prints is worked out from the rules, not
listed: the large pyramids of the two opaque colours (the nests), the small and medium pyramids of the
four other colours (the bag the nests are filled from), one large pyramid per player colour (the
pawns), and the small and medium pyramids of the flawless colour when the file names one and a 4 player
game may add it.
`pyramids.full_stashes` prints every colour's whole stash instead.

Each net is four isosceles faces round the apex and one glue tab (generator/kit/nets.py); the core
draws its cut and fold lines. The net is filled with the stash colour to its cut, a pale tint of it runs
into the bleed and down each fold, and every face shows its size's pips (1, 2, 3) along its base and,
on a coloured pyramid, its colour's letter, in ink or paper, whichever stands out on the colour.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from generator.canvas import PT
from generator.fonts import inked_height, text_width
from generator.kit.layouts import FLOOR_PT, register_drawer
from generator.kit.nets import FlatNet, square_pyramid_net, unfold
from generator.kit.symbols import draw_symbol
from generator.kit.text import centred_baseline, counted
from generator.model import Component, Piece
from generator.schema import spec_field, where
from generator.shapes import Outline
from generator.validate import error

from .faces import face
from .names import colour_mark
from .rulebook import (FLAWLESS_ADDED_FOR, NEST_HOLDS, NEST_PYRAMIDS, NESTS, OPAQUE_COLOURS, PIPS, PLAYER_COUNTS,
                       PYRAMID_MM, STASH, STASH_COLOURS, rules)

SIZES = tuple(PYRAMID_MM)  # small, medium, large


# ---------------------------------------------------------------------------------------------
# What the file says
# ---------------------------------------------------------------------------------------------

@dataclass(kw_only=True)
class PyramidSize:
    """One size of pyramid: its base edge and its height (apex above the base), as the official pieces."""

    base_mm: float = spec_field(positive=True, maximum=100)
    height_mm: float = spec_field(positive=True, maximum=150)


def _size(name: str):
    base, height = PYRAMID_MM[name]
    return spec_field(default_factory=lambda: PyramidSize(base_mm=base, height_mm=height))


@dataclass(kw_only=True)
class Pyramids:
    small: PyramidSize = _size("small")  # Looney Pyramids' sizes (rulebook.PYRAMID_MM)
    medium: PyramidSize = _size("medium")
    large: PyramidSize = _size("large")
    stash: int = spec_field(STASH, count=True, minimum=1, maximum=20)  # pyramids of each size in a stash
    paper_mm: float = spec_field(positive=True, maximum=2)  # the card's thickness, for nesting (the file gives the sizes)
    tab_mm: float = spec_field(positive=True, maximum=15)  # the glue tab's depth
    gutter_mm: float = spec_field(minimum=0, maximum=20)  # between nets on a sheet
    full_stashes: bool = False  # print every colour's five of each size, not just what the game uses

    def size(self, name: str) -> PyramidSize:
        return getattr(self, name)


# ---------------------------------------------------------------------------------------------
# What prints, computed from the rules
# ---------------------------------------------------------------------------------------------

def flawless_stash(spec):
    """The flawless colour's stash if it prints: only a 4 player game adds one. With 2 players the
    flawless diamonds are a bag colour no one plays, drawn at random, so a set for 2 prints none."""
    return spec.flawless if FLAWLESS_ADDED_FOR in spec.players else None


def pyramid_counts(spec) -> dict[tuple[str, str], int]:
    """(colour name, size) -> how many pyramids print, in the order they lay out: large, then medium,
    then small, so that sheets fill with the big nets first."""
    stash = spec.pyramids.stash
    counts: dict[tuple[str, str], int] = {}

    def add(colour: str, size: str, n: int) -> None:
        counts[(colour, size)] = counts.get((colour, size), 0) + n

    flawless = flawless_stash(spec)
    everyone = list(spec.colours) + ([flawless] if flawless is not None else [])
    if spec.pyramids.full_stashes:
        for colour in everyone:
            for size in reversed(SIZES):
                add(colour.name, size, stash)
        return counts
    for colour in spec.colours:
        if colour.opaque:
            add(colour.name, "large", stash)  # the nests
    for name in dict.fromkeys(spec.player_colours):
        add(name, "large", 1)  # the pawns
    for colour in everyone:
        if not colour.opaque:
            for size in ("medium", "small"):
                add(colour.name, size, stash)  # the bag, and the flawless diamonds
    return counts


def pyramid_net(pyramids: Pyramids, size: str) -> FlatNet | None:
    """The flat net of one size, or None if it cannot lie flat: a pyramid so low that its four faces
    and the glue tab take more than a full turn round the apex (diamond_mine.sizes says so)."""
    geometry = pyramids.size(size)
    try:
        return unfold(square_pyramid_net(geometry.base_mm, geometry.height_mm, pyramids.tab_mm))
    except ValueError:
        return None


# ---------------------------------------------------------------------------------------------
# Drawing: a net's face is the layout `pyramid` (templates/layouts.yaml, diamond_mine-faces), whose
# drawers paint what the net's geometry decides: its colour, its folds, each face's pips and letter.
# ---------------------------------------------------------------------------------------------

TINT_STEPS = 100  # how finely a tint is chosen between the colour and the paper


@lru_cache
def net_shape(base_mm: float, height_mm: float, tab_mm: float) -> tuple[FlatNet, Outline]:
    """A size's flat net and its cut outline with the folds, as the piece is cut."""
    net = unfold(square_pyramid_net(base_mm, height_mm, tab_mm))
    return net, Outline(net.outline, net.folds)


def draw_stripes(canvas, box, colour: str, pitch: float, width: float) -> None:
    """Diagonal stripes over the box, `pitch` mm apart: what makes a pale opaque pyramid read as opaque."""
    x, y, w, h = box
    with canvas.saved():
        canvas.clip_rect(x, y, w, h)
        k = 0.0
        while k < w + h:
            canvas.line(x + k, y, x + k - h, y + h, stroke=colour, width=width)
            k += pitch


@lru_cache
def tint(colour: str, paper: str) -> str:
    """`colour` mixed towards `paper` as far as stands out most from both: the tint whose contrast with
    the colour and with the paper is the larger of the two smaller (about the square root of the
    colour's contrast with the paper each way: 4.6:1 for black, 3.7:1 for navy)."""
    from generator.colour_rules import contrast

    a, b = bytes.fromhex(colour[1:]), bytes.fromhex(paper[1:])
    mixes = ["#" + "".join(f"{round(x + (y - x) * step / TINT_STEPS):02x}" for x, y in zip(a, b))
             for step in range(TINT_STEPS + 1)]
    return max(mixes, key=lambda mix: (min(contrast(mix, colour), contrast(paper, mix)), mix))


def pyramid_row(row: dict) -> tuple[FlatNet, Outline]:
    return net_shape(row["base_mm"], row["height_mm"], row["tab_mm"])


def is_striped(row: dict, style) -> bool:
    """An opaque colour hides what a nest holds by being dark; a pale one (ink stands out on it more
    than paper) is striped in ink as well, so it still reads as opaque."""
    return row["opaque"] and style.ink_on(row["colour"]) == style.ink


@register_drawer("diamond_mine.net")
def draw_net(canvas, box, row: dict, face, element) -> None:
    """The stash colour over the net (faces and tab), on the face's background, a paler tint of it (the
    row's `tint`) past the cut into the bleed, so that the cut line, not the bleed's edge, is where the
    colour stops. Stripes, where they are drawn, cover the box (`bleed: true`), step_mm apart (none
    without it) and stroke_mm wide."""
    style, colour = face.style, row["colour"]
    _, shape = pyramid_row(row)
    outline = shape.outline()
    with canvas.saved():
        canvas.clip(outline)
        canvas.draw(outline, fill=colour)
        if is_striped(row, style) and element.step_mm:
            draw_stripes(canvas, box, style.ink, element.step_mm, element.stroke_mm or style.line_mm)


@register_drawer("diamond_mine.folds")
def draw_folds(canvas, box, row: dict, face, element) -> None:
    """A band of the tint down each fold, stroke_mm wide, inside the cut: on a dark net a fold does not
    look like a cut."""
    _, shape = pyramid_row(row)
    with canvas.saved():
        canvas.clip(shape.outline())
        for (ax, ay), (bx, by) in shape.fold_lines:
            canvas.line(ax, ay, bx, by, stroke=face.colour(row["tint"]), width=element.stroke_mm or face.style.line_mm)


def face_frame(triangle) -> tuple[float, float, tuple, tuple, tuple]:
    """A face's own frame: its base's length, its height (base to apex), the middle of its base, and
    the unit vectors along the base and up towards the apex."""
    apex, left, right = triangle
    base = math.dist(left, right)
    mid = ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)
    slant = math.dist(apex, mid)
    return (base, slant, mid, ((right[0] - left[0]) / base, (right[1] - left[1]) / base),
            ((apex[0] - mid[0]) / slant, (apex[1] - mid[1]) / slant))


def pip_row(triangle, pip_size: float, safe: float) -> tuple[float, float]:
    """(diameter, inset) of a face's row of pips: `pip_size` of its base across, its centre line in
    from the base edge by the safe margin (or a pip, if larger) and half a pip; never so far up that
    the narrowing face (0.7 of its base across at 0.3 of the way up) could not hold the row."""
    base, slant, *_ = face_frame(triangle)
    diameter = base * pip_size
    return diameter, min(max(safe, diameter) + diameter / 2, slant * 0.3)


PIP_GAP = 0.7  # between pips, in pips
LETTER_GAP = 0.49  # from the pips' top to the letter's foot, in pips


@register_drawer("diamond_mine.pips")
def draw_pips(canvas, box, row: dict, face, element) -> None:
    """On each face, the size's pips in a row parallel to its base (the cut from rim k to rim k+1),
    turned to read upright when the pyramid stands: `size` of the base across each. On a striped
    colour each pip stands in a clearing, so it keeps its round outline."""
    style, colour = face.style, row["colour"]
    net, _ = pyramid_row(row)
    mark, striped, pips = style.ink_on(colour), is_striped(row, style), row["pips"]
    for triangle in net.faces.values():
        _, _, mid, along, up = face_frame(triangle)
        diameter, inset = pip_row(triangle, element.size, style.safe_mm)
        cx, cy = mid[0] + up[0] * inset, mid[1] + up[1] * inset
        for k in range(pips):
            offset = (k - (pips - 1) / 2) * diameter * (1 + PIP_GAP)
            px, py = cx + along[0] * offset, cy + along[1] * offset
            if striped:
                canvas.circle(px, py, diameter * 0.8, fill=colour)
            draw_symbol(canvas, "pip", px, py, diameter, mark)


@register_drawer("diamond_mine.letter")
def draw_letters(canvas, box, row: dict, face, element) -> None:
    """On each face of a coloured pyramid, its colour's letter above the pips, read upright when the
    pyramid stands, in the element's role: as large as fits, `size` of the base at most."""
    if not row["letter"]:
        return  # a nest: any nest hides diamonds alike
    style = face.style
    elements = face.layouts.layouts[face.layout]
    pip_size = next((e.size for _, e in elements if e.draw == "diamond_mine.pips" and e.size), 0.0)
    net, _ = pyramid_row(row)
    mark = face.colour(element.colour) if element.colour else style.ink_on(row["colour"])
    for triangle in net.faces.values():
        diameter, inset = pip_row(triangle, pip_size, style.safe_mm)
        above = inset + diameter / 2 + diameter * LETTER_GAP
        draw_letter(canvas, row["letter"], triangle, net.outline, above, mark, getattr(style, element.role).face,
                    element.size, style.safe_mm)


FOLD_CLEAR_MM = 0.8  # how far a letter keeps from a fold
STEP_MM = 0.4  # the search's grid for a letter's place


def _inside(point, polygon) -> bool:
    x, y = point
    inside = False
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _distance(point, polygon) -> float:
    """From `point` to the nearest edge of `polygon`."""
    x, y = point
    best = math.inf
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]):
        dx, dy = bx - ax, by - ay
        k = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy or 1.0)))
        best = min(best, math.hypot(x - ax - k * dx, y - ay - k * dy))
    return best


@lru_cache  # a key per letter, face of a net and size: a few dozen in a game
def letter_place(letter: str, face: str, triangle: tuple, outline: tuple, above: float, safe: float,
                 largest: float) -> tuple[float, float, float]:
    """(size, across, up) of a face's letter, in the face's own frame (from the middle of its base,
    `across` along the base, `up` towards the apex): the largest size, `largest` of the base at most,
    7 pt at least, at which the letter stands above the pips (`above`), clear of the folds, and the box
    it takes on the sheet (turned to read upright) stays `safe` mm inside the cut `outline`; the
    middle of the face if it can, else as near as it can."""
    base, slant, mid, along, up = face_frame(triangle)
    turn = math.radians(math.degrees(math.atan2(up[0], -up[1])))
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    low, high = inked_height(letter, face)
    ink = max(high - low, 0.5)
    polygon = list(outline)
    offsets = sorted((k * STEP_MM for k in range(-int(base / 2 / STEP_MM), int(base / 2 / STEP_MM) + 1)), key=abs)
    least = FLOOR_PT * PT
    size = base * largest
    while True:
        width, tall = text_width(letter, size, face), size * ink
        ex, ey = (width * cos + tall * sin) / 2, (width * sin + tall * cos) / 2
        height = above + tall / 2
        while height + tall / 2 < slant * 0.75:
            for across in offsets:
                # the letter's own box, upright on the face, clear of the folds (the face's slanted sides)
                corners = [(across + sx * width / 2, height + sy * tall / 2) for sx in (-1, 1) for sy in (-1, 1)]
                if any(abs(u) > (base / 2) * (1 - v / slant) - FOLD_CLEAR_MM * math.hypot(slant, base / 2) / slant
                       for u, v in corners):
                    continue
                cx = mid[0] + along[0] * across + up[0] * height
                cy = mid[1] + along[1] * across + up[1] * height
                box = [(cx + sx * ex, cy + sy * ey) for sx in (-1, 1) for sy in (-1, 1)]
                if all(_inside(p, polygon) and _distance(p, polygon) >= safe + 0.1 for p in box):
                    return size, across, height
            height += STEP_MM
        if size <= least:
            return least, 0.0, above + least * ink / 2  # the validator says it is too close
        size = max(size * 0.96, least)


def draw_letter(canvas, letter: str, triangle, outline, above: float, mark: str, face: str, largest: float,
                safe: float) -> None:
    base, slant, mid, along, up = face_frame(triangle)
    size, across, height = letter_place(letter, face, tuple(map(tuple, triangle)), tuple(map(tuple, outline)),
                                        round(above, 4), safe, largest)
    x = mid[0] + along[0] * across + up[0] * height
    y = mid[1] + along[1] * across + up[1] * height
    with canvas.saved():
        canvas.translate(x, y)
        canvas.rotate(math.degrees(math.atan2(up[0], -up[1])))  # the letter's top towards the apex
        canvas.text(0, centred_baseline(letter, size, face, 0), letter, size, fill=mark, face=face, align="centre")


def pyramid_components(spec) -> list[Component]:
    """One component, `pyramid`, its pieces `pyramid-<size>-<colour>-<n>`: group the colour, rank the size."""
    colours = {c.name: c for c in spec.colours}
    if flawless_stash(spec) is not None:
        colours.setdefault(spec.flawless.name, spec.flawless)
    nets = {size: pyramid_net(spec.pyramids, size) for size in SIZES}
    pieces = []
    for (name, size), count in pyramid_counts(spec).items():
        colour = colours.get(name)
        if colour is None:  # a player colour that names no stash: diamond_mine.colours says so
            continue
        net = nets[size]
        if net is None:  # too low to lie flat: diamond_mine.sizes says so
            continue
        geometry = spec.pyramids.size(size)
        for n in range(1, count + 1):
            piece_id = f"pyramid-{size}-{name}-{n}"
            style = spec.style.resolve("pyramid", name, size, piece_id)
            draw = face(spec, "pyramid", style, size=size, base_mm=geometry.base_mm, height_mm=geometry.height_mm,
                        tab_mm=spec.pyramids.tab_mm, colour=colour.colour, tint=tint(colour.colour, style.background),
                        opaque=colour.opaque, pips=PIPS[size],
                        letter="" if colour.opaque else colour_mark(spec, name))
            pieces.append(Piece(piece_id, Outline(net.outline, net.folds), draw))
    return [Component("pyramid", spec.words("component.pyramid"), pieces, gutter=spec.pyramids.gutter_mm)]


# ---------------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------------

@rules.rule("diamond_mine.players", "2 or 4 players: the text says so, though the header says 2-4")
def check_players(spec):
    wrong = [n for n in spec.players if n not in PLAYER_COUNTS]
    if wrong:
        yield error(where(spec, "players"),
                    f"{counted(wrong[0], 'player')}{''.join(f', {n}' for n in wrong[1:])}: Diamond Mine is for 2 "
                    "or 4 (the text: \"a game of diamond hunting for 2 or 4 players\", and it gives nests only for 2 "
                    "and 4; the header's 2-4 notwithstanding)")
    if not spec.players:
        yield error(where(spec, "players"), "no player count: Diamond Mine is for 2 or 4 players")
    twice = sorted({n for n in spec.players if spec.players.count(n) > 1})
    if twice:
        yield error(where(spec, "players"), f"{', '.join(map(str, twice))} named twice in players: list each "
                                            "player count once")


@rules.rule("diamond_mine.nests", f"exactly {NEST_PYRAMIDS} nests, the large pyramids of the two opaque stashes of "
                                  f"{STASH} (4 players fill 8 of them), each filled with one small and one medium "
                                  "from the bag")
def check_nests(spec):
    pyramids = spec.pyramids
    counts = pyramid_counts(spec)
    opaque = [c.name for c in spec.colours if c.opaque]
    covers = sum(counts.get((name, "large"), 0) for name in opaque)
    if pyramids.stash != STASH:
        yield error(where(pyramids, "stash"),
                    f"a stash of {pyramids.stash}: an Icehouse stash is {STASH} pyramids of each size, and the rules "
                    f"fill exactly {NEST_PYRAMIDS} nests, the large pyramids of the two opaque stashes "
                    f"({covers} would print)")
    elif covers != NEST_PYRAMIDS:
        yield error(where(spec, "colours"),
                    f"{counted(covers, 'opaque large pyramid')} ({', '.join(opaque) or 'no opaque colour'}) print as "
                    f"nests; the rules fill exactly {NEST_PYRAMIDS}, the large pyramids of {OPAQUE_COLOURS} opaque "
                    "stashes")
    most = max((NESTS[n] for n in spec.players if n in NESTS), default=0)
    if not most:
        return
    bag = [c.name for c in spec.colours if not c.opaque]
    stashes = counted(len(bag), "coloured stash", "coloured stashes")
    for size, other in zip(NEST_HOLDS, reversed(NEST_HOLDS)):
        held = sum(counts.get((name, size), 0) for name in bag)
        if held < most:
            yield error(where(spec, "pyramids"),
                        f"the bag holds {counted(held, size + ' pyramid')} ({stashes} of {pyramids.stash}), but each "
                        f"of the {most} nests is filled with one {size} and one {other}")


@rules.rule("diamond_mine.colours", "six stash colours, two of them opaque, all distinct and named; a non-opaque "
                                    "colour for each player, at most four; the flawless colour belongs to no player")
def check_colours(spec):
    colours = spec.colours
    if len(colours) != STASH_COLOURS:
        yield error(where(spec, "colours"), f"{counted(len(colours), 'stash colour')}; Diamond Mine uses "
                                            f"{STASH_COLOURS} (2 of them opaque), and a 7th for flawless diamonds")
    opaque = [c.name for c in colours if c.opaque]
    if len(opaque) != OPAQUE_COLOURS:
        yield error(where(spec, "colours"), f"{counted(len(opaque), 'opaque colour')} ({', '.join(opaque) or 'none'}); "
                                            f"the rules ask for {OPAQUE_COLOURS}, whose {NEST_PYRAMIDS} large pyramids "
                                            "are the nests")
    everyone = list(colours) + ([spec.flawless] if spec.flawless is not None else [])
    seen_names: dict[str, str] = {}
    seen_colours: dict[str, str] = {}
    for colour in everyone:
        if not colour.name.strip():
            yield error(where(colour, "name"), "a colour with no name: the board, the cards and the rules name "
                                               "every colour")
            continue
        key = colour.name.casefold()
        if key in seen_names:
            yield error(where(colour, "name"), f"the colour name {colour.name} is used twice")
        seen_names[key] = colour.name
        printed = getattr(colour.colour, "name", colour.colour)
        if printed in seen_colours:
            yield error(where(colour, "colour"), f"{colour.name} prints in {printed}, as {seen_colours[printed]} "
                                                 "does: every stash needs its own colour")
        seen_colours.setdefault(printed, colour.name)
    by_name = {c.name: c for c in colours}
    for index, name in enumerate(spec.player_colours):
        place = where(spec, f"player_colours[{index}]")
        if spec.flawless is not None and name == spec.flawless.name:
            yield error(place, f"{name} is the flawless colour, which belongs to no player (its diamonds "
                               "score triple for everyone)")
        elif name not in by_name:
            yield error(place, f"the player colour {name!r} is none of the stash colours "
                               f"({', '.join(by_name) or 'there are none'})")
        elif by_name[name].opaque:
            yield error(place, f"the player colour {name} is opaque: opaque pyramids are the nests; a player's "
                               "pawn is a large pyramid of a coloured stash")
    if len(set(spec.player_colours)) != len(spec.player_colours):
        yield error(where(spec, "player_colours"), "a player colour is named twice: each player has a different "
                                                   "colour")
    most = max(spec.players, default=0)
    if len(set(spec.player_colours)) < most:
        yield error(where(spec, "player_colours"),
                    f"{counted(len(set(spec.player_colours)), 'player colour')} for up to {counted(most, 'player')}: "
                    "each player needs a colour (and a large pyramid of it as a pawn)")
    if len(spec.player_colours) > max(PLAYER_COUNTS):
        yield error(where(spec, f"player_colours[{max(PLAYER_COUNTS)}]"),
                    f"{len(spec.player_colours)} player colours: Diamond Mine has at most {max(PLAYER_COUNTS)} "
                    "players, one at each corner of the board")
    if spec.flawless is not None and spec.flawless.opaque:
        yield error(where(spec.flawless, "opaque"), "the flawless colour is opaque; the rules add a 5th "
                                                    "non-opaque colour")


def nest_clearance(inner: PyramidSize, outer: PyramidSize, paper: float) -> float:
    """How far (mm, square to the outer's face) the inner pyramid, thickened by the paper, stays inside the
    outer one's hollow; below 0 it does not fit. Both stand on the table, on one axis.

    A folded net's faces lie on its printed size, half the card to either side: the inner's outside is
    t/2 beyond its size, the outer's inside t/2 within, so the inner grown by the whole thickness t must
    fit the outer's printed size. Seen across the middle of two faces, a pyramid is a triangle; growing
    a face of half base b, height h and slant s by t moves its foot out by t*s/h and its apex up by t*s/b.
    A triangle fits inside another when its corners do: the clearance is the smaller of the gaps at the
    foot and at the apex, measured square to the outer face.
    """
    half, height = inner.base_mm / 2, inner.height_mm
    slant = math.hypot(half, height)
    inner_half, inner_height = half + paper * slant / height, height + paper * slant / half
    outer_half, outer_height = outer.base_mm / 2, outer.height_mm
    outer_slant = math.hypot(outer_half, outer_height)
    # a point (x, z) lies (B*H - x*H - z*B) / S inside the outer face x*H + z*B = B*H (B its half base)
    foot = (outer_half - inner_half) * outer_height / outer_slant
    apex = (outer_height - inner_height) * outer_half / outer_slant
    return min(foot, apex)


@rules.rule("diamond_mine.sizes", "small < medium < large, each nesting in the next with a card's thickness "
                                  "between them, each net lying flat")
def check_sizes(spec):
    pyramids = spec.pyramids
    for size in SIZES:
        if pyramid_net(pyramids, size) is None:
            geometry = pyramids.size(size)
            yield error(where(pyramids, size), f"the {size} pyramid ({geometry.base_mm:g} x {geometry.height_mm:g} mm) "
                                               "is too low to fold from one sheet: its four faces and glue tab overlap "
                                               "round the apex; make it taller or the tab shallower")
    for inner_name, outer_name in zip(SIZES, SIZES[1:]):
        inner, outer = pyramids.size(inner_name), pyramids.size(outer_name)
        place = where(pyramids, outer_name)
        if not (inner.base_mm < outer.base_mm and inner.height_mm < outer.height_mm):
            yield error(place, f"the {outer_name} pyramid ({outer.base_mm:g} x {outer.height_mm:g} mm) is not "
                               f"bigger than the {inner_name} one ({inner.base_mm:g} x {inner.height_mm:g} mm) "
                               "in both base and height")
            continue
        clearance = nest_clearance(inner, outer, pyramids.paper_mm)
        if clearance < 0:
            yield error(place, f"a {inner_name} pyramid does not nest in a {outer_name} one: in "
                               f"{pyramids.paper_mm:g} mm card it is {-clearance:.2f} mm too big for the "
                               f"{outer_name} one's hollow (a nest needs a card's thickness between their "
                               f"printed faces); make the {outer_name} pyramid wider or taller")
