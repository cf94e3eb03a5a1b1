"""Blood Diamonds' faces from layouts in data (templates/layouts.yaml, blood_diamonds-faces): each
piece's layout changed from a copy of the game file, element by element, and found in the drawing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from conftest import face_drawn as drawn, game_with_layouts, run_pnp
from generator.canvas import PT
from generator.load import load_game
from generator.model import Area

ROOT = Path(__file__).resolve().parent.parent
GAME = (ROOT / "data" / "blood_diamonds.yaml").read_text(encoding="utf-8")
LAYOUTS = ("tile", "tile-back", "coin-suit", "coin-value", "die", "pawn", "reference-front", "reference-back",
           "score-track", "payoff-chart")


def game_with(tmp_path, layouts: str) -> Path:
    return game_with_layouts(tmp_path, "blood_diamonds", layouts)


@pytest.fixture(scope="module")
def bundled():
    return pieces_of("blood_diamonds")


def pieces_of(target) -> dict:
    return {piece.id: piece for component in load_game(str(target)).components() for piece in component.pieces}


def texts(piece, side: str = "front") -> dict:
    return {text.text: text for text in drawn(piece, side).texts}


def test_pnp_layouts_prints_the_set_with_a_comment_naming_each_piece():
    code, out, _ = run_pnp("layouts", "blood_diamonds", cwd=ROOT)
    assert code == 0
    written = yaml.safe_load(out)["layouts"]
    assert tuple(written) == LAYOUTS
    lines = out.splitlines()
    for name in LAYOUTS:
        at = lines.index(f"  {name}:")
        assert lines[at - 1].lstrip().startswith("#"), name  # what the layout draws, for the reader


def test_the_tiles_name_resized_from_the_game_file(tmp_path, bundled):
    before = texts(bundled["tile-hearts-3"])["Holy Site"]
    after = texts(pieces_of(game_with(tmp_path, "  tile:\n    name: {size_pt: 10}\n"))["tile-hearts-3"])["Holy Site"]
    assert before.size == pytest.approx(8 * PT) and after.size == pytest.approx(10 * PT)


def test_a_tiles_rank_moved_and_the_others_kept(tmp_path, bundled):
    moved = pieces_of(game_with(tmp_path, "  tile:\n    rank: {at: [0.5, 0.43]}\n"))["tile-hearts-3"]
    rank = lambda piece: texts(piece)["3"]  # noqa: E731
    assert rank(moved).box[1] - rank(bundled["tile-hearts-3"]).box[1] == pytest.approx(-0.1 * 50.8, abs=1e-6)
    assert texts(moved)["Holy Site"].box == texts(bundled["tile-hearts-3"])["Holy Site"].box


def test_a_coins_value_side_recoloured_and_a_tile_backs_dots_left_out(tmp_path, bundled):
    changed = pieces_of(game_with(tmp_path, "  coin-value:\n    rank: {colour: '#123456'}\n"
                                            "  tile-back:\n    dots: null\n"))
    assert "#123456" in [text.fill for text in drawn(changed["coin-hearts-3"], "back").texts]
    assert "#123456" not in [path.fill for path in drawn(changed["coin-hearts-3"]).paths]  # the suit side kept
    circles = lambda piece: [p for p in drawn(piece, "back").paths if p.fill == "#efe0a8"]  # noqa: E731
    assert len(circles(bundled["tile-hearts-3"])) == 4 and circles(changed["tile-hearts-3"]) == []


def test_an_element_added_to_the_die_and_the_pawns_names_left_out(tmp_path, bundled):
    changed = pieces_of(game_with(tmp_path, "  die:\n    note: {text: '{suit}', at: [0.9, 0.05], role: small}\n"
                                            "  pawn:\n    name: null\n"))
    assert "hearts" in texts(changed["die-hearts"]) and "hearts" not in texts(bundled["die-hearts"])
    assert texts(bundled["pawn-hearts"]) and texts(changed["pawn-hearts"]) == {}


def test_the_reference_cards_words_resized_and_the_payoff_charts_title_moved(tmp_path, bundled):
    changed = pieces_of(game_with(tmp_path, "  reference-back:\n    words: {scale: 0.85}\n"
                                            "  payoff-chart:\n    title: {at: [0.129466, 0.106494]}\n"))
    sizes = lambda piece: max(text.size for text in drawn(piece, "back").texts)  # noqa: E731
    assert sizes(changed["reference-card-1"]) == pytest.approx(sizes(bundled["reference-card-1"]) * 0.85)
    title = lambda piece: texts(piece)["Diamond sales"]  # noqa: E731
    shift = title(changed["payoff-chart-1"]).box[1] - title(bundled["payoff-chart-1"]).box[1]
    assert shift == pytest.approx(0.05 * bundled["payoff-chart-1"].height, abs=1e-6)


def test_the_score_tracks_title_restyled(tmp_path, bundled):
    changed = pieces_of(game_with(tmp_path, "  score-track:\n    title: {size_pt: 18}\n"))
    title = lambda piece: texts(piece)["Score track"]  # noqa: E731
    assert title(bundled["score-track"]).size == pytest.approx(14 * PT)
    assert title(changed["score-track"]).size == pytest.approx(18 * PT)


@pytest.mark.parametrize("layouts, said", [
    ("  tile:\n    rank: {draw: diaominos.routes}\n", 'no drawer is called "diaominos.routes"'),
    ("  tile:\n    rank: {draw: blood_diamonds.tile-rnak}\n", "did you mean"),
    ("  coin-suit:\n    symbol: {anchor: middle}\n", "anchor"),
])
def test_a_broken_layout_in_the_game_file_is_one_line_at_its_line(tmp_path, layouts, said):
    path = game_with(tmp_path, layouts)
    code, out, err = run_pnp("build", str(path), "--out", str(tmp_path / "out"), cwd=tmp_path)
    line = len(GAME.splitlines()) + 4  # the blank line, layouts:, the layout, its element
    assert code == 2 and "Traceback" not in err
    assert re.search(rf"blood_diamonds\.yaml:{line}:\d+: error: .*{re.escape(said)}", err), err
    assert not (tmp_path / "out" / "blood_diamonds").exists()


def test_the_readme_edit_builds_as_shown(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^```yaml\n# In a copy of data/blood_diamonds.yaml.*?\n(layouts:\n.*?)^```", readme,
                      re.M | re.S).group(1)
    path = tmp_path / "blood_diamonds.yaml"
    path.write_text(GAME + "\n" + block, encoding="utf-8")
    pieces = pieces_of(path)
    assert texts(pieces["tile-hearts-3"])["Holy Site"].size == pytest.approx(10 * PT)
    assert texts(pieces["payoff-chart-1"])["Diamond sales"].size == pytest.approx(11 * PT)
    code, _, err = run_pnp("build", str(path), "--out", str(tmp_path / "out"), "-q", cwd=tmp_path)
    assert code == 0, err


def fills(recording) -> set:
    return {path.fill for path in recording.paths} | {path.stroke for path in recording.paths} | \
        {text.fill for text in recording.texts}


# One edit to each layout of the set, through a copy of the game file, and the piece it shows on.
EDITS = {
    "tile": ("symbol: {colour: '#123456'}", "tile-hearts-3", "front"),
    "tile-back": ("grid: {stroke: '#123456'}", "tile-hearts-3", "back"),
    "coin-suit": ("symbol: {colour: '#123456'}", "coin-hearts-3", "front"),
    "coin-value": ("rank: {colour: '#123456'}", "coin-hearts-3", "back"),
    "die": ("faces: {colour: '#123456'}", "die-hearts", "front"),
    "pawn": ("name: {colour: '#123456'}", "pawn-hearts", "front"),
    "reference-front": ("words: {colour: '#123456'}", "reference-card-1", "front"),
    "reference-back": ("words: {colour: '#123456'}", "reference-card-1", "back"),
    "score-track": ("track: {colour: '#123456'}", "score-track", "front"),
    "payoff-chart": ("rows: {colour: '#123456'}", "payoff-chart-1", "front"),
}


def test_every_layout_of_the_set_is_edited_here():
    assert tuple(EDITS) == LAYOUTS


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_recolour_of_each_layout_shows_on_its_piece(tmp_path, bundled, layout):
    edit, piece_id, side = EDITS[layout]
    changed = pieces_of(game_with(tmp_path, f"  {layout}:\n    {edit}\n"))[piece_id]
    assert "#123456" in fills(drawn(changed, side)) and "#123456" not in fills(drawn(bundled[piece_id], side))


@pytest.mark.parametrize("layout, element", [("tile", "bar"), ("coin-suit", "symbol"), ("coin-value", "rank"),
                                             ("die", "faces"), ("pawn", "panels"), ("tile-back", "grid")])
def test_an_element_left_out_draws_less(tmp_path, bundled, layout, element):
    piece_id, side = EDITS[layout][1:]
    changed = pieces_of(game_with(tmp_path, f"  {layout}:\n    {element}: null\n"))[piece_id]
    before, after = drawn(bundled[piece_id], side), drawn(changed, side)
    assert len(after.paths) + len(after.texts) < len(before.paths) + len(before.texts)


def test_the_payoff_charts_rows_restyled_and_a_column_moved_from_the_game_file(tmp_path, bundled):
    """The chart's headings and rows are tables of the layout: a column's edge and the text size are the file's."""
    changed = pieces_of(game_with(tmp_path, "  payoff-chart:\n    rows: {size_pt: 7.5}\n"
                                            "    headings: {columns_at: [0.010737, 0.65, 0.989263]}\n"))
    before, after = drawn(bundled["payoff-chart-1"]).texts, drawn(changed["payoff-chart-1"]).texts
    cell = lambda texts, said: next(text for text in texts if text.text == said)  # noqa: E731
    assert cell(before, "168").size == pytest.approx(7 * PT) and cell(after, "168").size == pytest.approx(7.5 * PT)
    width = bundled["payoff-chart-1"].width * 0.905512
    moved = cell(before, "Normal").box[2] - cell(after, "Normal").box[2]
    assert moved == pytest.approx((0.71317 - 0.65) * width, abs=1e-3)
    assert cell(after, "Swindler").box == cell(before, "Swindler").box


def test_the_payoff_chart_grows_for_a_long_heading(tmp_path):
    """A chosen words file whose heading is too long for its column at 7 pt grows the card (by half at most)."""
    words = tmp_path / "long.yaml"
    words.write_text('words:\n  payoff.swindler: "{swindler} pays"\n', encoding="utf-8")
    charts = [piece for component in load_game("blood_diamonds", words=str(words)).components()
              for piece in component.pieces if piece.id.startswith("payoff-chart")]
    (width, height), = {(chart.width, chart.height) for chart in charts}
    assert 63.5 < width < 63.5 * 1.5 and width == int(width) and height == 88.9  # wider by whole mm, as tall
    assert "Swindler pays" in texts(charts[0])


def test_the_pawns_name_resized_and_its_label_moved_onto_its_disc_is_refused(tmp_path, bundled):
    """A pawn's parts are elements: the name's size is the file's, and the layout rule reads where they stand."""
    resized = pieces_of(game_with(tmp_path, "  pawn:\n    name: {size_pt: 7.25}\n"))["pawn-hearts"]
    names = [text for text in drawn(resized).texts if text.text == "Hearts"]
    assert len(names) == 2 and all(text.size == pytest.approx(7.25 * PT) for text in names)  # both panels
    assert all(text.size == pytest.approx(7.5 * PT) for text in drawn(bundled["pawn-hearts"]).texts)
    moved = game_with(tmp_path, "  pawn:\n    label: {at: [0.5, 0.75]}\n")
    code, _, err = run_pnp("validate", str(moved), cwd=tmp_path)
    assert code != 0 and "pawn-sun: its disc and its label overlap" in err, err


def test_the_coins_rank_sized_by_size_pt_and_the_tiles_symbol_moved(tmp_path, bundled):
    changed = pieces_of(game_with(tmp_path, "  coin-value:\n    rank: {size_pt: 12}\n"
                                            "  tile:\n    symbol: {at: [0.3, 0.3]}\n"))
    assert texts(changed["coin-hearts-3"], "back")["3"].size == pytest.approx(12 * PT)
    area = Area(50.8, 50.8, 0.0)
    from generator.kit.layouts import element_boxes
    before = element_boxes(bundled["tile-hearts-3"].front, area)["symbol"]
    after = element_boxes(changed["tile-hearts-3"].front, area)["symbol"]
    assert after[0] - before[0] == pytest.approx((0.3 - 0.195551) * 50.8, abs=1e-6)
