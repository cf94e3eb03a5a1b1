"""No text runs into another (layout.text-overlap, generator/kit/overlaps.py), and the layouts give
each text a translation may grow a box clear of its neighbours, so that a longer text wraps or
shrinks inside it, or is a layout.text-fit error at its words, never a quiet collision with a
neighbouring text or shape. The translations' side: tests/test_*_words.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_pnp
from generator.errors import Location
from generator.kit.layouts import Face, boxes_of, element_boxes, fitting_box, frame_of
from generator.kit.overlaps import TextOverlapCheck, texts_that_meet
from generator.load import load_game
from generator.model import Area
from generator.recording import DrawnText, findings_of, record_face
from test_words import edited, words_file

ROOT = Path(__file__).resolve().parent.parent


def drawn(text: str, box, element: str) -> DrawnText:
    return DrawnText(text, box, "#000000", "regular", 3.0, None, Location("layouts.yaml", int(element)))


def test_two_elements_texts_meet_where_their_ink_overlaps_both_ways():
    title = drawn("Professor Pennate", (10.0, 10.0, 40.0, 14.0), "1")
    heading = drawn("Green side", (20.0, 13.0, 50.0, 16.0), "2")  # 1 mm into the title's foot
    assert texts_that_meet([heading, title]) == [(title, heading)]
    under = drawn("Green side", (20.0, 13.8, 50.0, 16.0), "2")  # 0.2 mm: a descender over an accent
    beside = drawn("+1", (39.8, 10.0, 45.0, 14.0), "2")  # side bearings touching on one line
    assert texts_that_meet([title, under]) == [] and texts_that_meet([title, beside]) == []
    own_line = drawn("the Elder", (20.0, 13.0, 50.0, 16.0), "1")  # the title's own next line
    assert texts_that_meet([title, own_line]) == []


def overlap_findings(target: str, words: str | None = None) -> list[str]:
    loaded = load_game(target, words=words) if words else load_game(target)
    return [str(finding) for finding in findings_of(TextOverlapCheck(loaded.spec.words), loaded.components(), 3.0,
                                                    record_face)]


@pytest.mark.parametrize("target", ["diamonds", "blood_diamonds", "diamond_mine", "diatoms", "diaominos",
                                    "docs/examples/hex-tiles/hex-tiles.yaml",
                                    "docs/examples/star-traders/star-traders.yaml"])
def test_no_text_runs_into_another_in_the_bundled_games_their_translations_and_the_examples(target):
    game = Path(target).stem
    for words in [None, *sorted(str(path) for path in (ROOT / "data" / "words").glob(f"{game}.??.yaml"))]:
        assert overlap_findings(str(ROOT / target) if "/" in target else target, words) == [], words


@pytest.mark.parametrize("kind", ["deck", "tiles", "board", "tokens"])
def test_no_text_runs_into_another_on_a_starter(tmp_path, kind):
    code, _, stderr = run_pnp("new", kind, "mine", cwd=tmp_path)
    assert code == 0, stderr
    assert overlap_findings(str(tmp_path / "mine" / "mine.yaml")) == []


def test_a_text_run_into_another_is_an_error_at_the_words_line_naming_both_keys(tmp_path):
    """A field board's title two lines long wraps down into the words under it."""
    words = edited(words_file(tmp_path, "diatoms"), 'board.title: "{title}: field board"',
                   'board.title: "{title}: the field board where every diatom you collect is placed"')
    line = next(n for n, text in enumerate(words.read_text().splitlines(), 1) if "every diatom you" in text)
    code, _, stderr = run_pnp("validate", "diatoms", "--words", words.name, cwd=tmp_path)
    told = [text for text in stderr.splitlines() if text.endswith("[layout.text-overlap]")]
    assert code == 1 and len(told) == 1, stderr
    assert told[0].startswith(f"{words.name}:{line}:") and " error: player-board: " in told[0], told
    assert 'runs into words "board.intro"' in told[0] and "on player-board-1 (front) and 3 more" in told[0], told
    assert told[0].endswith('; shorten "board.title" or "board.intro" [layout.text-overlap]'), told
    code, _, stderr = run_pnp("build", "diatoms", "--words", words.name, "--out", "out", cwd=tmp_path)
    assert code == 1 and "[layout.text-overlap]" in stderr, stderr


def test_a_layouts_own_texts_that_meet_are_told_at_the_element_once_a_pair(tmp_path):
    (tmp_path / "game.yaml").write_text("""game: custom
id: notes
title: Notes
components:
  card: {piece: poker-card, front: front, rows: [{id: a, note: "a note long enough to wrap down three lines"},
                                                 {id: b, note: "another note long enough to wrap down"}]}
layouts:
  front:
    note: {text: "{note}", at: [0.5, 0.3], anchor: top, box: [0.4, 0]}
    foot: {text: "Notes and more notes", at: [0.5, 0.36], anchor: top, box: [0.8, 0]}
""")
    found = overlap_findings(str(tmp_path / "game.yaml"))
    assert found == [f'{tmp_path / "game.yaml"}:9:11: error: card: "a note long enough to wrap dow" runs into '
                     '"Notes and more notes" on a (front) and 1 more; give them more room or fewer words '
                     "[layout.text-overlap]"], found


def layouts_drawn(piece, monkeypatch) -> list[tuple[Face, object]]:
    """Each layout a piece's front draws, its own and each cell's (a card on a sheet, a row of a
    table), with the area it is drawn in: (face, area), in the layout's own coordinates."""
    drawn_in = []
    draw_elements = Face.draw_elements

    def noting(face, canvas, area, layout, row):
        drawn_in.append((Face(face.layouts, layout, tuple(row.items()), face.style), area))
        draw_elements(face, canvas, area, layout, row)

    monkeypatch.setattr(Face, "draw_elements", noting)
    record_face(piece.front, Area(piece.width, piece.height, 0.0))
    return drawn_in


def crowded(face: Face, area, names) -> list[str]:
    """Each of the texts `names` of the layout whose box (the room it wraps and shrinks in) the ink of
    another element enters, or another of the texts' boxes, neither holding the other (a panel under
    a text, a frame round it hold it): "layout.text, other"."""
    ink = {name: [box] for name, box in element_boxes(face, area).items()}
    elements = dict(face.layouts.layouts[face.layout])
    reserved = {}
    for name in names:  # a box of no width is as wide as the room its frame leaves it (fitting_box)
        frame = frame_of(elements[name], area)
        boxes = [fitting_box(elements[name], box, frame) for box in boxes_of(elements[name], area, face.style)]
        reserved[name] = [(x, y, x + w, y + h) for x, y, w, h in boxes]
    return [f"{face.layout}.{name}, {other}" for name, boxes in reserved.items() for box in boxes
            for other, others in {**ink, **reserved}.items()
            if other != name and any(_enters(box, other_box) for other_box in others)]


def _enters(a, b) -> bool:
    across = min(a[2], b[2]) - max(a[0], b[0])
    down = min(a[3], b[3]) - max(a[1], b[1])
    holds = lambda outer, inner: (outer[0] <= inner[0] + 1e-6 and inner[2] <= outer[2] + 1e-6  # noqa: E731
                                  and outer[1] <= inner[1] + 1e-6 and inner[3] <= outer[3] + 1e-6)
    return across > 1e-6 and down > 1e-6 and not holds(a, b) and not holds(b, a)


#: The texts a translation grows that once ran into a neighbour (a heading, a guide, a blank line, a
#: box), each now with a box one line or a few deep, by the piece whose face (or a cell of it) has them.
BOXED = {("diatoms", "guest-judge-1"): {"guest-judge": {"heading", "title"}},
         ("diatoms", "score-pad"): {"score-colour": {"label", "guide"}, "score-pairs": {"label", "guide"},
                                    "score-judge": {"label", "guide"}, "score-total": {"label", "guide"}},
         ("diatoms", "player-board-1"): {"board-spot": {"label"}},
         ("diaominos", "board"): {"board": {"seat-1"}},  # before the roll key
         ("diaominos", "player-sheet-1"): {"player-sheet": {"player", "seat", "grid-note", "wild", "layers", "marks",
                                                            "score", "marking", "rounds-note", "scoring"},
                                           "polyomino-card": {"colour", "score", "first"}}}


@pytest.mark.parametrize("game, piece_id", sorted(BOXED))
def test_every_boxed_text_keeps_clear_of_its_neighbours(game, piece_id, monkeypatch):
    piece = next(piece for component in load_game(game).components() for piece in component.pieces
                 if piece.id == piece_id)
    drawn_in = layouts_drawn(piece, monkeypatch)
    boxed = {}
    for face, area in drawn_in:
        elements = dict(face.layouts.layouts[face.layout])
        for name in BOXED[game, piece_id].get(face.layout, ()):
            boxed[face.layout, name] = all(box[3] > 0 for box in boxes_of(elements[name], area, face.style))
    wanted = {(layout, name) for layout, names in BOXED[game, piece_id].items() for name in names}
    assert set(boxed) == wanted and all(boxed.values()), [key for key in wanted if not boxed.get(key)]
    names = BOXED[game, piece_id]
    assert [pair for face, area in drawn_in for pair in crowded(face, area, names.get(face.layout, ()))] == []
