"""Diamond Mine's faces drawn from layouts in data (templates/layouts.yaml, diamond_mine-faces), changed
key by key from a copy of the game file, and the engine's elements they brought (ink-centred text,
repeated patterns, a box run on into the bleed)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import yaml

from conftest import game_with_layouts, piece_of, run_pnp
from generator.kit.layouts import Face, Layouts, boxes_of, Element
from generator.model import Area
from generator.recording import record_face

ROOT = Path(__file__).resolve().parent.parent
GAME = (ROOT / "data" / "diamond_mine.yaml").read_text()
README = (ROOT / "README.md").read_text()


def game_with(tmp_path, layouts: str) -> Path:
    return game_with_layouts(tmp_path, "diamond_mine", layouts)


piece = piece_of


def drawn(found, side: int = 0, bleed: float = 0.0):
    return record_face(found.faces[side] if hasattr(found, "faces") else (found.front, found.back)[side],
                       Area(found.width, found.height, bleed))


def texts(found, side: int = 0):
    return {text.text: text for text in drawn(found, side).texts}


def test_a_larger_reference_title_is_a_yaml_edit(tmp_path):
    before = texts(piece("diamond_mine", "reference-card-red"))
    changed = texts(piece(game_with(tmp_path, "  reference-card:\n    title: {size_pt: 12}\n"), "reference-card-red"))
    [name] = [text for text in before if text.startswith("Diamond Mine")]
    assert changed[name].size == pytest.approx(12 * 25.4 / 72) and before[name].size == pytest.approx(11 * 25.4 / 72)
    # the rules under the band are the same words
    assert set(changed) == set(before)


def test_moving_a_board_label_moves_only_that_quadrants_label(tmp_path):
    changed = game_with(tmp_path, "  board-top-left:\n    label: {at: [0.5, 0.5]}\n")
    label = lambda found: next(t for t in drawn(found).texts if "1 of 4" in t.text or t.text.startswith("Quadrant"))
    before, after = label(piece("diamond_mine", "board-quadrant-1")), label(piece(changed, "board-quadrant-1"))
    assert after.box[1] - before.box[1] == pytest.approx(0.5 * 154 - 5, abs=0.5)
    assert drawn(piece(changed, "board-quadrant-2")).texts == drawn(piece("diamond_mine", "board-quadrant-2")).texts


def test_removing_and_adding_elements_of_the_movement_cards(tmp_path):
    changed = game_with(tmp_path, "  movement-front:\n    line: null\n"
                                  "  movement-back:\n    mark: {text: MINE, at: [0.5, 0.9], role: title}\n")
    front = texts(piece(changed, "movement-red-3"))
    assert "any straight line" in texts(piece("diamond_mine", "movement-red-3")) and "any straight line" not in front
    assert "Move 3 squares" in front
    assert "MINE" in texts(piece(changed, "movement-red-3"), 1)


def test_restyling_a_home_square_and_a_net_letter(tmp_path):
    changed = game_with(tmp_path, "  board-home:\n    word: {size_pt: 6, ink: false, min_pt: 5}\n"
                                  "  pyramid:\n    letter: null\n")
    home = lambda target: next(t for t in drawn(piece(target, "board-quadrant-1")).texts if t.text == "HOME")
    assert home(changed).size < home("diamond_mine").size
    letters = lambda target: [t for t in drawn(piece(target, "pyramid-small-red-1")).texts if t.text == "R"]
    assert len(letters("diamond_mine")) == 4 and letters(changed) == []


def test_the_readme_edit_builds_as_it_says(tmp_path):
    block = re.search(r"^```yaml\n(layouts:\n  reference-card:\n.*?)^```", README, re.M | re.S).group(1)
    target = tmp_path / "diamond_mine.yaml"
    target.write_text(GAME + "\n" + block)
    code, _, err = run_pnp("build", str(target), "--out", str(tmp_path / "out"), "-q", cwd=tmp_path)
    assert code == 0, err
    edits = yaml.safe_load(block)["layouts"]
    title = texts(piece(target, "reference-card-red"))
    assert max(t.size for t in title.values()) == pytest.approx(edits["reference-card"]["title"]["size_pt"] * 25.4 / 72,
                                                                rel=0.01)
    label = max(drawn(piece(target, "board-quadrant-1")).texts, key=lambda t: len(t.text))
    before = max(drawn(piece("diamond_mine", "board-quadrant-1")).texts, key=lambda t: len(t.text))
    assert before.box[1] - label.box[1] == pytest.approx((0.0324675 - 0.022) * 154, abs=0.05)


def test_pnp_layouts_prints_the_diamond_mine_set(tmp_path):
    code, out, err = run_pnp("layouts", "diamond_mine", cwd=tmp_path)
    assert code == 0, err
    bundled = yaml.safe_load((ROOT / "templates" / "layouts.yaml").read_text())["diamond_mine-faces"]
    assert yaml.safe_load(out) == {"layouts": bundled}
    for layout in ("movement-front", "movement-back", "reference-card", "board-top-left", "board-home", "pyramid"):
        assert layout in bundled
    assert "# A pyramid's net" in out and "# A board quadrant" in out  # each layout's piece named


def test_a_drawer_of_another_game_or_a_misspelt_one_is_refused_at_its_line(tmp_path):
    for drawer, said in (("diamonds.pips", 'no drawer is called "diamonds.pips"'),
                         ("diamond_mine.nett", 'did you mean "diamond_mine.net"')):
        target = game_with(tmp_path, f"  pyramid:\n    net: {{draw: {drawer}}}\n")
        code, _, err = run_pnp("validate", str(target), cwd=tmp_path)
        assert code == 2 and said in err and "Traceback" not in err, err
        assert re.search(r"diamond_mine\.yaml:\d+:\d+: error", err), err


def test_a_pattern_too_fine_is_refused(tmp_path):
    target = game_with(tmp_path, "  movement-back:\n    pattern: {every: [0.001, 0.12]}\n")
    code, _, err = run_pnp("validate", str(target), cwd=tmp_path)
    assert code == 2 and "every" in err and "Traceback" not in err, err


def test_a_misspelt_key_in_a_layout_edit_is_refused_at_its_line(tmp_path):
    target = game_with(tmp_path, "  board-top-left:\n    label: {sise_pt: 9}\n")
    code, _, err = run_pnp("build", str(target), "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert code == 2 and "Traceback" not in err and "sise_pt" in err, err
    assert re.search(r"diamond_mine\.yaml:\d+:\d+: error", err), err
    assert not (tmp_path / "out" / "diamond_mine" / "diamond_mine.pdf").exists()


# The engine's additions ------------------------------------------------------------------------------

class _Style:
    ink = "#000000"
    background = "#ffffff"
    line_mm = 0.35

    class title:
        size, face = 4.0, "bold"

    body = index = small = title


def _face(elements: dict) -> Face:
    layouts = Layouts({"f": list(elements.items())}, {"f": None}, None, None)
    return Face(layouts, "f", (), _Style())


def test_an_ink_text_centres_its_own_ink_and_shrinks_to_its_box():
    from generator.fonts import inked_height

    element = Element(text="Qy", ink=True, at=(0.5, 0.5), box=(0.5, 0.0), role="title")
    [text] = record_face(_face({"t": element}), Area(40.0, 20.0, 0.0)).texts
    assert text.size == pytest.approx(4.0) and (text.box[0] + text.box[2]) / 2 == pytest.approx(20.0)
    # Higher than a line of capitals would sit: "Qy" reaches below the baseline, and its own ink is centred.
    capitals = record_face(_face({"t": Element(text="HI", ink=True, at=(0.5, 0.5), box=(0.5, 0.0), role="title")}),
                           Area(40.0, 20.0, 0.0)).texts[0]
    assert (text.box[1] + text.box[3]) / 2 == pytest.approx(10.0, abs=1e-6)  # the ink's box, centred on `at`
    assert (capitals.box[1] + capitals.box[3]) / 2 == pytest.approx(10.0, abs=1e-6)
    low, high = inked_height("Qy", "bold")
    assert text.box[3] - text.box[1] == pytest.approx((high - low) * 4.0, abs=1e-6)
    narrow = record_face(_face({"t": Element(text="Qy" * 10, ink=True, at=(0.5, 0.5), box=(0.5, 0.0),
                                             role="title", min_pt=1)}), Area(40.0, 20.0, 0.0))
    assert narrow.texts[0].size < 4.0 and narrow.texts[0].box[2] - narrow.texts[0].box[0] <= 20.0 + 1e-6


def test_every_repeats_an_element_over_the_bleed_with_every_other_row_shifted():
    element = Element(symbol="diamond", at=(0.5, 0.5), every=(0.25, 0.25), size=0.05)
    area = Area(40.0, 40.0, 3.0)
    centres = [(x, y) for x, y, _, _ in boxes_of(element, area)]
    assert (20.0, 20.0) in centres and (25.0, 30.0) in centres and (20.0, 40.0) in centres  # row 1 is shifted
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    assert min(xs) <= -3.0 and max(xs) >= 43.0 and min(ys) <= -3.0 and max(ys) >= 43.0  # to the bleed's edge


def test_bleed_with_a_box_runs_on_into_the_bleed_only_where_it_meets_the_trim():
    element = Element(rect=True, at=(0.0, 0.0), anchor="top-left", box=(1.0, 0.25), bleed=True)
    assert list(boxes_of(element, Area(40.0, 40.0, 3.0))) == [(-3.0, -3.0, 46.0, 13.0)]
    whole = Element(rect=True, bleed=True)
    assert list(boxes_of(whole, Area(40.0, 40.0, 3.0))) == [(-3.0, -3.0, 46.0, 46.0)]


def widths(found, colour: str | None = None) -> list[float]:
    """The widths of the lines a face strokes (in `colour`, if given)."""
    return [style.width for call, *rest in drawn(found).calls if call == "path"
            for style in rest[1:] if style.stroke and (colour is None or style.stroke == colour)]


@pytest.mark.parametrize("layout, element, width, piece_id", [
    ("pyramid", "folds", 2.4, "pyramid-large-red-1"),          # the tint's band down each fold
    ("movement-front", "star", 0.8, "movement-red-3"),         # the arrows of the move
    ("board-quadrant", "squares", 2.0, "board-quadrant-1"),    # the territory's edge along the seams
])
def test_a_drawers_stroke_mm_is_the_game_files(tmp_path, layout, element, width, piece_id):
    """The line widths the drawers of Diamond Mine draw with come from their elements' stroke_mm."""
    changed = piece(game_with(tmp_path, f"  {layout}:\n    {element}: {{stroke_mm: {width}}}\n"), piece_id)
    assert width in widths(changed) and width not in widths(piece("diamond_mine", piece_id))


def test_the_arrowheads_of_a_move_are_no_longer_than_the_stars_size_mm(tmp_path):
    """An arrowhead is a filled triangle at each of the eight arrows' tips, size_mm long at most."""
    def heads(found) -> list[float]:
        """The lengths of the ink triangles the star draws, its arrowheads (tip to the middle of the base)."""
        found_heads = []
        for call, *rest in drawn(found).calls:
            if call == "path" and rest[1].fill == found.front.style.ink and rest[1].stroke is None \
                    and len(rest[0].commands) == 4:
                (_, *tip), (_, *left), (_, *right), _ = rest[0].commands
                found_heads.append(math.dist(tip, ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)))
        return found_heads

    before = piece("diamond_mine", "movement-red-A")
    after = piece(game_with(tmp_path, "  movement-front:\n    star: {size_mm: 1.2}\n"), "movement-red-A")
    assert len(heads(before)) == len(heads(after)) == 8
    assert max(heads(after)) == pytest.approx(1.2) and min(heads(before)) > 1.2


def test_the_nets_stripes_pitch_and_the_folds_band_from_the_layout(tmp_path):
    """Stripes are drawn step_mm apart (none without it); the folds' band is its own element, left out with null."""
    from generator.games.diamond_mine.pyramids import draw_stripes
    from generator.recording import Recording
    from generator.canvas import Canvas

    def stripes(pitch: float) -> int:
        recording = Recording()
        draw_stripes(Canvas(recording), (0.0, 0.0, 20.0, 20.0), "#000000", pitch, 0.2)
        return sum(call[0] == "path" for call in recording.calls)

    assert stripes(2.5) == 16 and stripes(5.0) == 8  # across a 20 x 20 box and its height, every pitch
    tint = dict(piece("diamond_mine", "pyramid-large-red-1").front.row)["tint"]
    folded = piece("diamond_mine", "pyramid-large-red-1")
    unfolded = piece(game_with(tmp_path, "  pyramid:\n    folds: null\n"), "pyramid-large-red-1")
    assert widths(folded, tint) and not widths(unfolded, tint)
