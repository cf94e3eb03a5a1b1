"""A bundled game's layout set as a file to copy from (`pnp layouts`), and drawers a game registers for
the geometry it computes (`draw:` in a layout)."""

from __future__ import annotations

from pathlib import Path

import yaml

from conftest import run_pnp
from generator.kit import layouts as layout_engine
from generator.load import load_game
from test_card_layouts import card, diamonds_with, drawn

ROOT = Path(__file__).resolve().parent.parent


def test_pnp_layouts_writes_the_set_the_game_draws_from(tmp_path):
    code, out, err = run_pnp("layouts", "diamonds", cwd=tmp_path)
    assert code == 0, err
    assert out.startswith(layout_engine.LAYOUTS_FILE_HEAD) and "# every suit card" in out  # comments kept
    bundled = yaml.safe_load((ROOT / "templates" / "layouts.yaml").read_text())["diamonds-cards"]
    assert yaml.safe_load(out) == {"layouts": bundled}


def test_pnp_layouts_output_pasted_into_a_game_file_changes_nothing(tmp_path):
    code, out, _ = run_pnp("layouts", "diamonds", cwd=tmp_path)
    pasted = diamonds_with(tmp_path, out.split("\nlayouts:\n", 1)[1])
    def seen(recording):  # what is drawn, not which file says so
        return [(text.text, text.box, text.fill, text.size) for text in recording.texts], len(recording.paths)

    assert seen(drawn(card(pasted, "card-QS"))) == seen(drawn(card("diamonds", "card-QS")))


def test_pnp_layouts_writes_only_over_its_own_file(tmp_path):
    target = tmp_path / "layouts.yaml"
    assert run_pnp("layouts", "diamonds", "--out", str(target), cwd=tmp_path)[0] == 0
    assert run_pnp("layouts", "diamonds", "--out", str(target), cwd=tmp_path)[0] == 0  # its own: replaced
    mine = tmp_path / "notes.yaml"
    mine.write_text("my: notes\n")
    code, _, err = run_pnp("layouts", "diamonds", "--out", str(mine), cwd=tmp_path)
    assert code == 2 and "is not a layouts file" in err and mine.read_text() == "my: notes\n"


def test_a_game_of_your_own_has_no_bundled_layouts(tmp_path):
    game = tmp_path / "mine.yaml"
    game.write_text("game: custom\nid: mine\ntitle: Mine\ncomponents: {}\n")
    code, _, err = run_pnp("layouts", str(game), cwd=tmp_path)
    assert code == 2 and "writes its layouts whole" in err and "Traceback" not in err


def test_a_layout_places_a_drawer_its_game_registers(tmp_path, monkeypatch):
    calls = []

    def mark(canvas, box, row, face, element):
        calls.append((box, row["rank"]))
        x, y, w, h = box
        canvas.rect(x, y, w, h, fill="#123456")

    monkeypatch.setitem(layout_engine.DRAWERS, "diamonds.test-mark", mark)
    target = diamonds_with(tmp_path, "  card:\n    mark: {draw: diamonds.test-mark, at: [0.5, 0.5], box: [0.2, 0.1]}\n")
    drawn(card(target, "card-7H"))
    (box, rank), = calls
    assert rank == "7"
    assert box[2:] == (0.2 * 63.5, 0.1 * 88.9)
    assert abs(box[0] + box[2] / 2 - 63.5 / 2) < 1e-9 and abs(box[1] + box[3] / 2 - 88.9 / 2) < 1e-9


def test_a_drawer_of_another_game_or_none_is_refused_at_its_line(tmp_path, monkeypatch):
    monkeypatch.setitem(layout_engine.DRAWERS, "diatoms.test-mark", lambda *args: None)
    target = diamonds_with(tmp_path, "  card:\n    mark: {draw: diatoms.test-mark}\n")
    code, _, err = run_pnp("validate", str(target), cwd=tmp_path)
    assert code == 2 and 'no drawer is called "diatoms.test-mark"' in err
    own = tmp_path / "own.yaml"
    own.write_text("game: custom\nid: own\ntitle: Own\ncomponents:\n  card: {piece: poker-card, front: f}\n"
                   "layouts:\n  f:\n    mark: {draw: diamonds.pips}\n")
    code, _, err = run_pnp("validate", str(own), cwd=tmp_path)
    assert code == 2 and "only a bundled game's own layouts have drawers" in err and "own.yaml:8" in err
