"""Diamond Mine's pyramids: what prints, the rules about stashes, nests and sizes, and nets that fold.

The net test folds the net in 3D: the faces turn about their shared legs (the fold lines) by one common angle, found by
bisection, until the free leg of the last face meets the free leg of the first; then the apex and the rim corners
must coincide, the rim must be a square of the stated base and the apex must stand the stated height above it.
"""

import math
from collections import Counter
from pathlib import Path

import pytest

from conftest import load_text
from generator.colour_rules import distances
from generator.games.diamond_mine import pyramids as dm
from generator.kit.nets import square_pyramid_net

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "diamond_mine.yaml").read_text()
SIZES = {"small": (14.3, 25.4), "medium": (19.8, 34.9), "large": (25.4, 44.5)}


def findings_for(tmp_path, text=BUNDLED, overrides=()):
    return load_text(tmp_path, text, overrides).findings()


def fired(findings) -> set[str]:
    return {finding.rule for finding in findings if finding.level == "error"}


def spec_of(tmp_path, text=BUNDLED, overrides=()):
    return load_text(tmp_path, text, overrides).spec


def printed(spec) -> Counter:
    """(size, colour) -> how many nets print."""
    (component,) = dm.pyramid_components(spec)
    assert component.name == "pyramid"
    return Counter(tuple(piece.id.split("-")[1:3]) for piece in component.pieces)


def _rotate(p, axis, angle):
    """Rodrigues: turn point p about the unit axis through the origin by angle."""
    (x, y, z), (u, v, w) = p, axis
    c, s = math.cos(angle), math.sin(angle)
    dot = u * x + v * y + w * z
    cross = (v * z - w * y, w * x - u * z, u * y - v * x)
    return tuple(q * c + k * s + a * dot * (1 - c) for q, k, a in zip(p, cross, axis))


def fold_pyramid(net, angle):
    """The faces of a pyramid net in 3D, each folded about the legs between it and face "0" by `angle`."""
    apex = net.faces["0"][0]
    rim = [net.faces[str(k)][1] for k in range(4)] + [net.faces["3"][2]]
    flat = [(x - apex[0], y - apex[1], 0.0) for x, y in rim]
    axes = [tuple(c / math.hypot(*p) for c in p) for p in flat]
    folded = []
    for index, point in enumerate(flat):
        for leg in range(min(index, 3), 0, -1):  # corner k is on face k-1 (corner 4 on face 3): legs k-1..1
            point = _rotate(point, axes[leg], angle)
        folded.append(point)
    return (0.0, 0.0, 0.0), folded


def _fold_until_closed(net):
    """The common fold angle at which rim corner 4 (the last face's free leg) meets rim corner 0."""
    gap = lambda a: math.dist(fold_pyramid(net, a)[1][4], fold_pyramid(net, a)[1][0])
    low, high = 0.0, math.pi
    best = min((gap(low + (high - low) * i / 360), low + (high - low) * i / 360) for i in range(1, 360))[1]
    low, high = best - math.pi / 360, best + math.pi / 360
    for _ in range(200):  # ternary search for the closing angle near the coarse best
        a, b = low + (high - low) / 3, high - (high - low) / 3
        low, high = (low, b) if gap(a) < gap(b) else (a, high)
    return (low + high) / 2


@pytest.mark.parametrize("size", SIZES)
def test_pyramid_net_folds_into_the_stated_pyramid(size):
    base, height = SIZES[size]
    net = square_pyramid_net(base, height)
    angle = _fold_until_closed(net)
    apex, rim = fold_pyramid(net, angle)
    assert math.dist(rim[4], rim[0]) < 0.1  # the glued legs meet, so every face's apex is the one apex
    corners = rim[:4]
    for k in range(4):
        assert math.dist(corners[k], corners[(k + 1) % 4]) == pytest.approx(base, abs=0.1)
    assert math.dist(corners[0], corners[2]) == pytest.approx(base * math.sqrt(2), abs=0.1)  # a square
    # the rim's plane, and the apex's height above it
    a, b, c = corners[0], corners[1], corners[2]
    u = [b[i] - a[i] for i in range(3)]
    v = [c[i] - a[i] for i in range(3)]
    n = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    norm = math.hypot(*n)
    assert abs(sum((corners[3][i] - a[i]) * n[i] for i in range(3)) / norm) < 0.1  # flat rim
    assert abs(sum((apex[i] - a[i]) * n[i] for i in range(3)) / norm) == pytest.approx(height, abs=0.1)


# --- what prints -------------------------------------------------------------------------------------------

def test_the_bundled_game_is_clean(tmp_path):
    assert findings_for(tmp_path) == []


@pytest.mark.parametrize("palette", ["classic", "colour-blind", "greyscale", "ink-saver"])
def test_every_stash_colour_stays_apart(palette):
    """Pyramids carry no symbol for their colour: every pair of the seven colours is 10 apart in every view."""
    from generator.load import load_game
    from generator.palette import load_palette

    loaded = load_game("diamond_mine", palette=load_palette(palette))
    spec = loaded.spec
    colours = [c.colour for c in spec.colours] + [spec.flawless.colour]
    worst = min(min(distances(a, b).values()) for i, a in enumerate(colours) for b in colours[i + 1:])
    assert worst >= 10
    assert not [f for f in loaded.findings() if f.rule == "colour.distinct"]


def test_what_prints_is_computed_from_the_rules(tmp_path):
    counts = printed(spec_of(tmp_path))
    assert counts == Counter({
        **{("large", nest): 5 for nest in ("black", "blue")},  # the 10 nests
        **{("large", player): 1 for player in ("red", "green", "yellow", "purple")},  # the pawns
        **{(size, colour): 5 for size in ("small", "medium") for colour in ("red", "green", "yellow", "purple")},
        **{(size, "white"): 5 for size in ("small", "medium")},  # the flawless diamonds
    })
    assert sum(counts.values()) == 64


def test_without_a_flawless_colour_only_the_six_print(tmp_path):
    counts = printed(spec_of(tmp_path, BUNDLED.replace("flawless: {name: white, colour: white}", "flawless: null")))
    assert not any(colour == "white" for _, colour in counts)
    assert sum(counts.values()) == 54


def test_full_stashes_print_five_of_each_size_in_every_colour(tmp_path):
    counts = printed(spec_of(tmp_path, overrides=("pyramids.full_stashes=true",)))
    assert set(counts.values()) == {5} and len(counts) == 7 * 3


def test_piece_ids_group_and_rank(tmp_path):
    spec = spec_of(tmp_path)
    (component,) = dm.pyramid_components(spec)
    ids = [piece.id for piece in component.pieces]
    assert len(ids) == len(set(ids))
    assert "pyramid-large-black-1" in ids and "pyramid-large-black-5" in ids and "pyramid-small-white-5" in ids


def test_a_net_is_its_size_with_the_sizes_pips(tmp_path):
    spec = spec_of(tmp_path)
    (component,) = dm.pyramid_components(spec)
    for size, (base, height) in SIZES.items():
        piece = next(p for p in component.pieces if p.id.startswith(f"pyramid-{size}-"))
        assert len(piece.shape.folds) == 4  # three between faces, one to the tab
        flat = dm.pyramid_net(spec.pyramids, size)
        for apex, left, right in flat.faces.values():
            assert math.dist(left, right) == pytest.approx(base, abs=1e-6)
            leg = math.hypot(math.hypot(height, base / 2), base / 2)
            assert math.dist(apex, left) == pytest.approx(leg, abs=1e-6)


def _inside(point, triangle) -> bool:
    signs = []
    for (ax, ay), (bx, by) in zip(triangle, triangle[1:] + triangle[:1]):
        signs.append((bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax) > 0)
    return all(signs) or not any(signs)


def test_each_face_shows_the_sizes_pips_near_its_base_in_a_contrasting_colour(tmp_path):
    """The bleed takes a pale tint of the colour and the net itself the colour; each face then carries 1, 2
    or 3 pips, in paper on the dark nests and in ink on the pale flawless colour, closer to the base edge
    than to the apex."""
    from generator.model import Area
    from generator.recording import record_face

    spec = spec_of(tmp_path)
    (component,) = dm.pyramid_components(spec)
    fills = {c.name: c.colour for c in [*spec.colours, spec.flawless]}
    for piece_id, mark in (("pyramid-large-black-1", "paper"), ("pyramid-medium-white-1", "ink"),
                           ("pyramid-small-yellow-1", "ink")):
        _, size, colour, _ = piece_id.split("-")
        piece = next(p for p in component.pieces if p.id == piece_id)
        style = spec.style.resolve("pyramid", colour, size, piece_id)
        drawn = record_face(piece.front, Area(piece.width, piece.height, 3.0, piece.shape)).paths
        assert drawn[0].fill == dm.tint(fills[colour], style.background) and drawn[0].box[:2] == (-3.0, -3.0)
        assert drawn[1].fill == fills[colour] and drawn[1].box[:2] == (0.0, 0.0)  # the net, to its cut
        pips = [path for path in drawn[2:] if path.fill and not path.stroke]
        assert len(pips) == 4 * dm.PIPS[size]
        assert {pip.fill for pip in pips} == {style.background if mark == "paper" else style.ink}
        net = dm.pyramid_net(spec.pyramids, size)
        for apex, left, right in net.faces.values():
            middle = ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)
            centres = [((pip.box[0] + pip.box[2]) / 2, (pip.box[1] + pip.box[3]) / 2) for pip in pips]
            near = [c for c in centres if _inside(c, (apex, left, right))
                    and math.dist(c, middle) < math.dist(middle, apex) / 3]
            assert len(near) == dm.PIPS[size]


@pytest.mark.parametrize("palette", ["classic", "greyscale", "colour-blind"])
def test_a_nets_colour_stops_at_its_cut_and_its_folds_run_down_a_pale_band(tmp_path, palette):
    """Issue 22: on the black and navy nests the edge a cutter sees is the cut line (the bleed is a pale
    tint, at least 3:1 from the colour and from the paper, so the cut line's white casing stands 3:1 from
    it too), and each fold runs down a band of that tint, so it does not look like a cut."""
    from generator.colour_rules import contrast
    from generator.model import Area
    from generator.palette import load_palette
    from generator.recording import record_face

    from generator.load import load_game

    spec = load_game("diamond_mine", palette=load_palette(palette)).spec
    (component,) = dm.pyramid_components(spec)
    for name in ("black", "blue"):
        piece = next(p for p in component.pieces if p.id == f"pyramid-large-{name}-1")
        colour = next(c.colour for c in spec.colours if c.name == name)
        style = spec.style.resolve("pyramid", name, "large", piece.id)
        pale = dm.tint(colour, style.background)
        assert contrast(pale, colour) >= 3.0 and contrast(style.background, pale) >= 3.0, (name, pale)
        drawn = record_face(piece.front, Area(piece.width, piece.height, 3.0, piece.shape)).paths
        bands = [path for path in drawn if path.stroke == pale]
        assert len(bands) == len(piece.shape.fold_lines) == 4  # three folds between faces, one at the tab


def test_coloured_pyramids_carry_their_colours_letter_on_every_face_and_nests_none(tmp_path):
    """Issue 22: own-colour scoring works in greyscale: each face of a coloured pyramid carries its
    colour's letter (at 7 pt or more, in the pips' colour); the opaque nests carry none."""
    from generator.canvas import PT
    from generator.model import Area
    from generator.recording import record_face

    spec = spec_of(tmp_path)
    (component,) = dm.pyramid_components(spec)
    for piece_id, letter in (("pyramid-small-red-1", "R"), ("pyramid-medium-yellow-1", "Y"),
                             ("pyramid-large-purple-1", "P"), ("pyramid-small-white-1", "W"),
                             ("pyramid-large-black-1", None)):
        piece = next(p for p in component.pieces if p.id == piece_id)
        texts = record_face(piece.front, Area(piece.width, piece.height, 3.0, piece.shape)).texts
        if letter is None:
            assert texts == []
            continue
        assert [text.text for text in texts] == [letter] * 4
        assert min(text.size for text in texts) >= 7 * PT


def test_a_pale_opaque_colour_is_striped_and_a_dark_one_is_not(tmp_path):
    """A nest must hide what it holds: the dark opaque colours are plain, a pale one gets ink stripes."""
    from generator.model import Area
    from generator.recording import record_face

    def strokes(spec, piece_id):
        (component,) = dm.pyramid_components(spec)
        piece = next(p for p in component.pieces if p.id == piece_id)
        pale = dm.tint(next(c.colour for c in spec.colours if c.name == "black"), spec.style.resolve("pyramid").background)
        return [path for path in record_face(piece.front, Area(piece.width, piece.height, 3.0, piece.shape)).paths
                if path.stroke and path.stroke != pale]  # not the folds' bands

    assert strokes(spec_of(tmp_path), "pyramid-large-black-1") == []
    pale = spec_of(tmp_path, overrides=("colours.4.colour=sand",))
    assert {path.stroke for path in strokes(pale, "pyramid-large-black-1")} == {pale.style.resolve("pyramid").ink}


# --- rules ---------------------------------------------------------------------------------------------------

BROKEN = [
    # (rule, what is broken, overrides or a text replacement)
    ("diamond_mine.players", "three players", ("players=[2, 3, 4]",)),
    ("diamond_mine.players", "five players", ("players=[2, 5]",)),
    ("diamond_mine.nests", "one opaque stash covers only 5 of 10 nests", ("colours.5.opaque=false",)),
    ("diamond_mine.nests", "stashes of four: 8 opaque larges for 10 nests", ("pyramids.stash=2",)),
    ("diamond_mine.nests", "a bag too small for every nest", ("pyramids.stash=2",)),
    ("diamond_mine.colours", "five stash colours", ("  - {name: purple, colour: violet}\n", "")),
    ("diamond_mine.colours", "three opaque colours", ("colours.3.opaque=true",)),
    ("diamond_mine.colours", "two stashes in one palette colour", ("colours.1.colour=coral",)),
    ("diamond_mine.colours", "a colour name used twice", ("colours.1.name=red",)),
    ("diamond_mine.colours", "an opaque player colour", ("player_colours=[red, green, yellow, black]",)),
    ("diamond_mine.colours", "a player owns the flawless colour", ("player_colours=[red, green, yellow, white]",)),
    ("diamond_mine.colours", "a player colour that is no stash", ("player_colours=[red, green, yellow, pink]",)),
    ("diamond_mine.colours", "too few player colours for 4", ("player_colours=[red, green, yellow]",)),
    ("diamond_mine.colours", "an opaque flawless colour", ("flawless.opaque=true",)),
    ("diamond_mine.sizes", "a medium no bigger than the small", ("pyramids.medium.base_mm=14",)),
    ("diamond_mine.sizes", "a medium too short to hold a small", ("pyramids.medium.height_mm=26",)),
    ("diamond_mine.sizes", "a large too narrow for a medium and its card", ("pyramids.large.base_mm=20.2",)),
    ("diamond_mine.sizes", "card too thick to nest", ("pyramids.paper_mm=1.5", "pyramids.medium.base_mm=17")),
    ("diamond_mine.sizes", "a medium just too narrow for a small in its card", ("pyramids.medium.base_mm=14.9",)),
    ("diamond_mine.sizes", "a small too low to fold flat", ("pyramids.small.height_mm=3",)),
    ("diamond_mine.nests", "stashes of six: 12 nests where the rules fill 10", ("pyramids.stash=6",)),
    ("diamond_mine.nests", "three opaque stashes: 15 nests", ("colours.3.opaque=true",)),
    ("diamond_mine.colours", "a fifth player colour", ("player_colours=[red, green, yellow, purple, blue]",)),
    ("diamond_mine.colours", "a colour without a name", ("colours.2.name=' '",)),
]


@pytest.mark.parametrize("rule, broken, change", BROKEN, ids=[b for _, b, _ in BROKEN])
def test_rule_fires_on_a_broken_set(tmp_path, rule, broken, change):
    if not any("=" in c for c in change):
        old, new = change
        assert old in BUNDLED, f"the bundled file changed; update the test for {broken}"
        findings = findings_for(tmp_path, BUNDLED.replace(old, new, 1))
    else:
        findings = findings_for(tmp_path, overrides=change)
    assert rule in fired(findings), [str(f) for f in findings]


def test_three_players_are_refused_with_the_reason(tmp_path):
    (finding,) = [f for f in findings_for(tmp_path, overrides=("players=[2, 3, 4]",))
                  if f.rule == "diamond_mine.players"]
    assert finding.message.startswith("3 players: Diamond Mine is for 2 or 4")
    assert "header" in finding.message


def test_a_stash_of_six_is_refused_for_its_twelve_nests(tmp_path):
    (finding,) = [f for f in findings_for(tmp_path, overrides=("pyramids.stash=6",)) if f.rule == "diamond_mine.nests"]
    assert "an Icehouse stash is 5 pyramids of each size" in finding.message
    assert "exactly 10 nests" in finding.message and "(12 would print)" in finding.message


def test_a_set_for_2_players_prints_no_flawless_pyramids(tmp_path):
    """With 2 players the flawless diamonds are a bag colour no one plays: the fifth colour is a 4 player
    game's, so a set for 2 players alone prints none of it, and its rules sheet does not mention it."""
    assert fired(findings_for(tmp_path, overrides=("players=[2]",))) == set()
    counts = printed(spec_of(tmp_path, overrides=("players=[2]",)))
    assert not any(colour == "white" for _, colour in counts) and sum(counts.values()) == 54
    assert sum(printed(spec_of(tmp_path, overrides=("players=[4]",))).values()) == 64


def test_one_player_reads_in_the_singular(tmp_path):
    (finding,) = [f for f in findings_for(tmp_path, overrides=("players=[1]",)) if f.rule == "diamond_mine.players"]
    assert finding.message.startswith("1 player: Diamond Mine is for 2 or 4")


def test_a_net_too_low_to_lie_flat_is_left_out_of_a_draft(tmp_path):
    spec = spec_of(tmp_path, overrides=("pyramids.small.height_mm=3",))
    assert dm.pyramid_net(spec.pyramids, "small") is None
    (component,) = dm.pyramid_components(spec)
    assert component.pieces and not any(piece.id.startswith("pyramid-small-") for piece in component.pieces)


def test_every_rule_has_a_namespaced_id():
    from generator.games.diamond_mine.rulebook import rules

    ids = [rule.id for rule in rules.rules]
    assert {"diamond_mine.players", "diamond_mine.nests", "diamond_mine.colours", "diamond_mine.sizes"} <= set(ids)
    assert len(ids) == len(set(ids))


# --- nesting -------------------------------------------------------------------------------------------------

def test_the_official_sizes_nest_with_room_for_the_card():
    small, medium, large = (dm.PyramidSize(base_mm=b, height_mm=h) for b, h in SIZES.values())
    assert dm.nest_clearance(small, medium, 0.3) == pytest.approx(2.29, abs=0.01)
    assert dm.nest_clearance(medium, large, 0.3) == pytest.approx(2.33, abs=0.01)


def test_clearance_is_zero_for_a_pyramid_in_itself_grown_by_its_card():
    """Grown by t in every face, a pyramid touches a copy of itself grown by t: the fit is exact."""
    inner = dm.PyramidSize(base_mm=20.0, height_mm=30.0)
    t = 0.5
    slant = math.hypot(10.0, 30.0)
    outer = dm.PyramidSize(base_mm=2 * (10.0 + t * slant / 30.0), height_mm=30.0 + t * slant / 10.0)
    assert dm.nest_clearance(inner, outer, t) == pytest.approx(0.0, abs=1e-9)
    assert dm.nest_clearance(inner, inner, t) < 0
