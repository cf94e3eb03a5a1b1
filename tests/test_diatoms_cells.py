"""What Diatoms draws in cells a drawer computes (the group-size chart's sizes, the score table's
rows and notes, the board's spots) is layouts of its set: an edit of one element in a copy of the
game file shows in exactly those cells (issue 31). And the engine's two ways of laying out cells,
draw_cells (a layout in each box) and stacked (cells one under another, as deep as their words)."""

from __future__ import annotations

import pytest

from conftest import face_drawn, game_with_layouts, piece_of
from generator.canvas import Canvas
from generator.games.diatoms.board import board_spots
from generator.games.diatoms.paper import pad_notes, pad_rows
from generator.games.diatoms.tiles import SHAPES
from generator.games.diatoms.wording import shape_label
from generator.kit.layouts import draw_cells, stacked
from generator.load import load_game
from generator.model import Area
from generator.recording import Recording, record_face

RED = "#ff0000"

# layout -> (the piece that shows it, the element, the key of it set to red)
EDITS = {
    "group-size": ("field-notebook-1", "label", "colour"),
    "group-size-split": ("field-notebook-1", "rings", "stroke"),
    "score-heading": ("score-pad", "player", "colour"),
    "score-row": ("score-pad", "guide", "colour"),
    "score-colour": ("score-pad", "mark", "colour"),
    "score-pairs": ("score-pad", "spots", "fill"),
    "score-ring": ("score-pad", "rings", "colour"),
    "score-judge": ("score-pad", "label", "colour"),
    "score-tie": ("score-pad", "rule", "stroke"),
    "score-total": ("score-pad", "label", "colour"),
    "score-note": ("score-pad", "text", "colour"),
    "board-spot": ("player-board-1", "label", "colour"),
    "board-crossing": ("player-board-1", "halo", "fill"),
    "board-centre": ("player-board-1", "dot", "fill"),
}


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return load_game("diatoms")


@pytest.fixture(scope="module", params=list(EDITS))
def edited(request, tmp_path_factory):
    """(layout, the red texts and the number of red shapes its piece prints with the edit)."""
    layout = request.param
    piece_id, element, key = EDITS[layout]
    path = game_with_layouts(tmp_path_factory.mktemp(layout), "diatoms",
                             f"  {layout}:\n    {element}: {{{key}: '{RED}'}}\n")
    drawn = face_drawn(piece_of(path, piece_id))
    texts = [t.text for t in drawn.texts if t.fill.lower() == RED]
    shapes = [p for p in drawn.paths if RED in {(p.fill or "").lower(), (p.stroke or "").lower()}]
    return layout, texts, shapes


def test_an_edit_of_a_cell_layout_shows_in_its_cells_only(edited, game):
    """Each edit reddens what its element draws in each cell it is drawn in, and nothing else."""
    layout, texts, shapes = edited
    spec = game.spec
    words = spec.words
    rows, spots = pad_rows(spec), board_spots(spec.board)
    labels = [shape_label(spec, shape) for shape in SHAPES]
    expected = {
        "group-size": (labels + [words("size.two")], 0),
        "group-size-split": ([], 2),  # the two rings of six
        "score-heading": ([words("pad.player")], 0),
        "score-row": ([guide for _, guide, _ in rows], 0),  # every row extends score-row
        "score-colour": ([], len(spec.colours)),
        "score-pairs": ([], 2),
        "score-ring": ([], len(spec.board.rings)),  # each ring row's own ring, in the ink
        "score-judge": ([words("pad.judge")], 0),
        "score-tie": ([], 2),  # the tie-break's rule, and the total's, which extends it
        "score-total": ([words("pad.total")], 0),
        "score-note": (None, 0),
        "board-spot": ([shape_label(spec, spot.shape) for spot in spots], 0),
        "board-crossing": ([], sum(spot.crossing for spot in spots)),
        "board-centre": ([], 1),
    }[layout]
    want_texts, want_shapes = expected
    if want_texts is None:  # the notes' words, wrapped: every red word is a note's, and every note has some
        notes = " ".join(pad_notes(spec))
        assert texts and all(line in notes for line in texts)
        assert len(texts) >= len(pad_notes(spec))
    else:
        assert sorted(texts) == sorted(want_texts)
    assert (places(shapes) if layout == "score-colour" else len(shapes)) == want_shapes  # a mark: many paths


def places(shapes) -> int:
    """How many places the shapes are drawn at: the paths of one symbol, their centres within 4 mm of
    each other, are one place."""
    centres = sorted(((p.box[0] + p.box[2]) / 2, (p.box[1] + p.box[3]) / 2) for p in shapes)
    found: list[tuple[float, float]] = []
    for x, y in centres:
        if not any(abs(x - fx) < 4 and abs(y - fy) < 4 for fx, fy in found):
            found.append((x, y))
    return len(found)


def test_the_score_rows_and_notes_follow_their_layouts(tmp_path, game):
    """A wider label column moves every player cell right; a note moved down moves every note."""
    def drawn(layouts: str):
        return face_drawn(piece_of(game_with_layouts(tmp_path, "diatoms", layouts), "score-pad"))

    bundled = record_face(next(p for c in game.components() for p in c.pieces if p.id == "score-pad").front,
                          Area(180, 250, 0.0))
    wider = drawn("  score-row:\n    cells: {at: [0.5, 0], box: [0.5, 1]}\n")
    assert len(wider.paths) == len(bundled.paths)
    assert max(p.box[0] for p in wider.paths) > max(p.box[0] for p in bundled.paths) - 1e-6
    lowered = drawn("  score-note:\n    text: {inset_mm: [0, 3]}\n")
    first_note = pad_notes(game.spec)[0].split()[0]

    def note_top(recording):
        return next(t.box[1] for t in recording.texts if t.text.startswith(first_note))

    assert note_top(lowered) == pytest.approx(note_top(bundled) + 3 - 0.727604, abs=0.01)


def test_draw_cells_lays_a_layout_in_each_box(tmp_path):
    """Fractions are of the cell's box; {fields} are its row's."""
    path = game_with_layouts(tmp_path, "diatoms", "  probe:\n    word: {text: '{name}', at: [0.5, 1], anchor: bottom}\n"
                                                  "    dot: {circle: true, at: [0.25, 0.5], radius_mm: 1, fill: ink}\n")
    spec = load_game(str(path)).spec
    style = spec.style.resolve("score-pad")
    recording = Recording()
    draw_cells(Canvas(recording), spec.layouts, "probe", [((10, 20, 40, 10), {"name": "one"}),
                                                          ((60, 20, 40, 10), {"name": "two"})], style)
    assert [t.text for t in recording.texts] == ["one", "two"]
    assert [round((p.box[0] + p.box[2]) / 2, 6) for p in recording.paths] == [20.0, 70.0]  # 10 + 0.25 * 40, 60 + ...
    assert all(round((p.box[1] + p.box[3]) / 2, 6) == 25.0 for p in recording.paths)
    assert all(t.box[3] == pytest.approx(30.0, abs=1.0) for t in recording.texts)  # on the cells' foot


def test_stacked_cells_are_as_deep_as_their_words(tmp_path):
    """A cell reaches its text's last baseline, and gap_mm more; the next starts there."""
    path = game_with_layouts(tmp_path, "diatoms", "  probe:\n    words: {text: '{words}', inset_mm: [0, 2], at: [0, 0], "
                                                  "anchor: top-left, box: [1, 0], leading: 1.5}\n")
    spec = load_game(str(path)).spec
    style = spec.style.resolve("score-pad")
    rows = [{"words": "short"}, {"words": " ".join(["many words that wrap"] * 12)}, {"words": "short"}]
    cells = stacked(spec.layouts, "probe", rows, (5, 7, 60, 0), style, gap_mm=4)
    depths = [box[3] for box, _ in cells]
    assert [box[1] for box, _ in cells] == pytest.approx([7, 7 + depths[0], 7 + depths[0] + depths[1]])
    assert depths[0] == depths[2] and depths[1] > depths[0]
    pitch = style.body.size * 1.5
    assert (depths[1] - depths[0]) / pitch == pytest.approx(round((depths[1] - depths[0]) / pitch))  # whole lines
    assert depths[0] > 4 + 2  # the gap, the inset and the words' first line


def test_a_larger_crossing_ring_draws_the_rings_smaller_to_keep_it_in_their_box(tmp_path, game):
    from generator.games.diatoms.board import ring_scale

    larger = load_game(str(game_with_layouts(tmp_path, "diatoms", "  board-crossing:\n    halo: {size: 1.5}\n"))).spec
    spot_mm, outer = game.spec.board.spot_mm, max(ring.radius for ring in game.spec.board.rings)
    assert ring_scale(larger) == pytest.approx(ring_scale(game.spec) - (1.5 - 1.1225) * spot_mm / 2 / outer)


def judge_side(target, piece_id: str, side: str = "front"):
    return face_drawn(piece_of(target, piece_id), side)


def test_a_judges_terms_and_emblem_follow_their_layouts(tmp_path, game):
    """The points (judge-term), the words (judge-term-words) and the emblem (judge-emblem) of a judge's
    card, reddened in a copy of the game file: exactly they print red."""
    path = game_with_layouts(tmp_path, "diatoms", f"  judge-term:\n    points: {{colour: '{RED}'}}\n"
                                                  f"  judge-term-words:\n    words: {{colour: '{RED}'}}\n"
                                                  f"  judge-emblem:\n    emblem: {{fill: '{RED}'}}\n")
    drawn = judge_side(path, "guest-judge-1")
    [term] = game.spec.judges.cards[0].green
    red = [t.text for t in drawn.texts if t.fill.lower() == RED]
    assert red[0] == f"+{term.points}" and " ".join(red[1:]) == term.text  # the points, then the words' lines
    assert places([p for p in drawn.paths if (p.fill or "").lower() == RED]) == 1  # the emblem
    assert not [t for t in judge_side("diatoms", "guest-judge-1").texts if t.fill.lower() == RED]


def test_a_judges_words_start_after_the_cards_widest_points(tmp_path, game):
    """The points column is measured per card: a card with +15 starts its words further right than one
    whose points are all one figure, by the width the points' layout gives the extra figure; larger
    points, set in the layout, push the words right as well."""
    from generator.fonts import text_width
    from generator.games.diatoms.judges import judge_style

    cards = game.spec.judges.cards
    wide = next(n for n, judge in enumerate(cards, start=1) if any(abs(t.points) >= 10 for t in judge.pink))
    narrow = next(n for n, judge in enumerate(cards, start=1) if all(abs(t.points) < 10 for t in judge.pink))

    def words_left(target, number: int) -> float:
        terms = judge_side(target, f"guest-judge-{number}", "back").texts
        points = [t for t in terms if t.text.lstrip("+\u2212").isdigit()]
        return min(t.box[0] for t in terms if t.box[0] > max(p.box[2] for p in points))  # the foot starts left

    index = judge_style(game.spec, "pink").index
    figure = text_width("0", index.size, index.face)
    assert words_left("diatoms", wide) - words_left("diatoms", narrow) == pytest.approx(figure, abs=0.01)
    larger = game_with_layouts(tmp_path, "diatoms", "  judge-term:\n    points: {size_pt: 20}\n")
    assert words_left(larger, narrow) > words_left("diatoms", narrow) + 1


def test_the_checks_read_the_judges_term_layouts(tmp_path):
    """Points at 5 pt break layout.text-size; words too large for the card break diatoms.judge-card."""
    for folder in ("small", "large"):
        (tmp_path / folder).mkdir()
    small = game_with_layouts(tmp_path / "small", "diatoms", "  judge-term:\n    points: {size_pt: 5}\n")
    found = {finding.rule: finding.message for finding in load_game(str(small)).findings()}
    assert "guest-judge" in found["layout.text-size"] and "5.0 pt" in found["layout.text-size"]
    large = game_with_layouts(tmp_path / "large", "diatoms",
                              "  judge-term-words:\n    words: {size_pt: 16, min_pt: 16}\n")
    found = {finding.rule: finding.message for finding in load_game(str(large)).findings()}
    assert "does not fit" in found["diatoms.judge-card"]
    bundled = {finding.rule for finding in load_game("diatoms").findings()}
    assert not {"layout.text-size", "diatoms.judge-card"} & bundled
