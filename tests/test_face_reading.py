"""A set of more faces than a build keeps recorded (a deck of thousands of different cards) is read
by its checks as it prints: each face drawn once, the same pages and findings as a set read first,
and a face that breaks a rule refuses the build before a file is written (generator/recording.py,
FaceReading). The tests lower the number of recordings kept, so a dozen cards are "many"."""

from __future__ import annotations

import pytest

from conftest import run_pnp
from generator import recording
from generator.recording import FaceRecordings

DECK = """game: custom
id: many
title: Many faces
components:
  card:
    piece: poker-card
    rows: cards.csv
    front: front
    back: back
layouts:
  front:
    name: {text: "{name}", at: [0.5, 0.2], box: [0.8, 0.1], role: title, colour: "{ink}"}
  back:
    background: back
    logo: {symbol: diamond, size_mm: 30, colour: back_pattern}
"""

CARDS = 12


def write_deck(folder, pale_row: int | None = None):
    """Twelve different cards behind one back; `pale_row`'s name in an ink too pale to read."""
    rows = [f"c{i},Card {i},{'#eeeeee' if i == pale_row else 'ink'}" for i in range(1, CARDS + 1)]
    (folder / "cards.csv").write_text("id,name,ink\n" + "\n".join(rows) + "\n")
    (folder / "deck.yaml").write_text(DECK)
    return folder / "deck.yaml"


@pytest.fixture
def faces_drawn(monkeypatch):
    """Few recordings kept, and a count of every face drawn."""
    drawn = []
    record = recording.record_face

    def counted(draw, area, check_numbers=False):
        drawn.append(id(draw))
        return record(draw, area, check_numbers)

    monkeypatch.setattr(recording, "record_face", counted)
    monkeypatch.setattr(FaceRecordings, "KEPT", 4)
    return drawn


def test_many_faces_are_each_drawn_once_and_print_as_few_do(tmp_path, faces_drawn, monkeypatch):
    game = write_deck(tmp_path)
    code, _, err = run_pnp("build", game, "--out", tmp_path / "many", "-q", cwd=tmp_path)
    assert code == 0, err
    faces = CARDS + 2  # twelve fronts, the back they share and the print guide on page 1
    assert len(faces_drawn) == len(set(faces_drawn)) == faces
    monkeypatch.setattr(FaceRecordings, "KEPT", 2000)  # every face kept: read first, then replayed
    faces_drawn.clear()
    code, _, err = run_pnp("build", game, "--out", tmp_path / "few", "-q", cwd=tmp_path)
    assert code == 0, err
    assert len(faces_drawn) == faces
    assert (tmp_path / "many/many/many.pdf").read_bytes() == (tmp_path / "few/many/many.pdf").read_bytes()


def test_a_build_that_reads_its_faces_first_keeps_them_to_print(tmp_path, faces_drawn, monkeypatch):
    """A draft must count its errors before its pages say how many, so it reads its faces first: it
    keeps more of them (READ_FIRST) than a build that reads them as they print, and draws each once.
    With fewer kept than it has, it would draw again the faces it could not keep."""
    game = write_deck(tmp_path)
    code, _, err = run_pnp("build", game, "--out", tmp_path / "out", "-q", "--draft", cwd=tmp_path)
    assert code == 0, err
    assert len(faces_drawn) == len(set(faces_drawn)) == CARDS + 2
    monkeypatch.setattr(FaceRecordings, "READ_FIRST", 4)
    faces_drawn.clear()
    code, _, err = run_pnp("build", game, "--out", tmp_path / "again", "-q", "--draft", cwd=tmp_path)
    assert code == 0, err
    assert len(faces_drawn) > CARDS + 2


@pytest.mark.parametrize("only", [(), ("--only", "card:c1,c2")])
def test_a_face_that_breaks_a_rule_refuses_the_build_and_writes_nothing(tmp_path, faces_drawn, only):
    game = write_deck(tmp_path, pale_row=7)
    code, _, validated = run_pnp("validate", game, cwd=tmp_path)
    assert code == 1
    finding = next(line for line in validated.splitlines() if "[colour.contrast]" in line)
    assert "c7 (front)" in finding
    faces_drawn.clear()
    out = tmp_path / "out"
    code, _, err = run_pnp("build", game, "--out", out, *only, cwd=tmp_path)
    assert code == 1
    assert finding in err.splitlines()  # the very line validate gives: c7 is read even when it does not print
    assert "build refused" in err and "Traceback" not in err
    assert not list(out.rglob("*.pdf")) and not list(out.rglob("manifest.json"))
    assert len(faces_drawn) == len(set(faces_drawn))  # still each face once


def test_the_recordings_kept_for_printing_let_their_boxes_go_once_read(tmp_path):
    """The checks read a face as boxes (where its texts and paths land); a recording kept until it
    prints needs only its drawing calls, so the boxes go once every check has read them."""
    from generator import build

    loaded = build.load([str(write_deck(tmp_path))])[0]
    assert not [finding for finding in loaded.findings() if finding.level == "error"]
    kept = [kept_recording for _, kept_recording in loaded.faces._recorded.entries.values()]
    assert len(kept) == CARDS + 1  # twelve fronts and their back, each read by the checks
    assert all(kept_recording._boxes is None for kept_recording in kept)
    assert [text.text for text in kept[0].texts] == ["Card 1"]  # asked again: worked out again


def test_each_face_is_handed_over_once_a_component_and_nothing_waits_after(tmp_path):
    """A back two components share is read in each; a copy's face and the
    back behind many pieces once; and the ids still to read go as they are read."""
    from generator import build
    from generator.model import Component
    from generator.recording import FaceReading

    [deck] = build.load([str(write_deck(tmp_path))])[0].components()
    twin = Component("twin", "Twin", [deck.pieces[0], deck.pieces[0]])  # a copy of c1, behind the same back

    class Handed:
        def __init__(self):
            self.faces = []

        def add(self, component, piece, side, draw, area, recording):
            self.faces.append((component.name, piece.id, side))

        def findings(self):
            return []

    class HandedOnceASize(Handed):
        once_a_size = True  # as the contrast check: a face two components share counts once

    handed, once_a_size = Handed(), HandedOnceASize()
    reading = FaceReading([deck, twin], handed, once_a_size)
    reading.read(3.0, FaceRecordings(keep=0))
    deck_faces = [("card", "c1", "front"), ("card", "c1", "back"),
                  *[("card", f"c{i}", "front") for i in range(2, CARDS + 1)]]
    assert handed.faces == [*deck_faces, ("twin", "c1", "front"), ("twin", "c1", "back")]
    assert once_a_size.faces == deck_faces
    assert not any(reading._waiting.values())
    assert reading._made_with[("card", 63.5, 88.9)] <= 1  # made anew as it emptied
    reading.read(3.0, FaceRecordings(keep=0))  # read again: nothing is handed over twice
    assert len(handed.faces) == CARDS + 3


@pytest.mark.parametrize("game", ["blood_diamonds", "diamond_mine", "diamonds", "diaominos", "diatoms"])
def test_a_bundled_game_keeps_its_faces_recorded_for_printing(game):
    """A bundled game's faces are read once for its check and replayed where they print."""
    from conftest import shared_game
    from generator.recording import distinct_faces

    assert distinct_faces(shared_game(game).components()) <= FaceRecordings.KEPT


def test_a_deck_of_hundreds_of_cards_reads_its_faces_as_they_print(tmp_path):
    """Three hundred different cards are read as they print, not recorded for the check and kept
    until then: a thousand recordings would hold some 13 MiB to save no drawing (each prints once)."""
    from generator import build

    game = write_deck(tmp_path)
    rows = [f"c{i},Card {i},ink" for i in range(1, 301)]
    (tmp_path / "cards.csv").write_text("id,name,ink\n" + "\n".join(rows) + "\n")
    loaded = build.load([str(game)])[0]
    settings = build.settings_for("a4", "long", 3.0, True, build.input_context(None))
    assert not build.check(loaded, settings, as_printed=True)
    assert loaded.face_reading is not None and loaded.faces.keep == FaceRecordings.PRINTING
