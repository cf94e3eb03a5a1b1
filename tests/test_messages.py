"""Messages a user can act on: a text's missing character at the file's line, a --set hint that
names a key that exists."""

from __future__ import annotations

from pathlib import Path

from conftest import run_pnp
from generator.load import load_game

ROOT = Path(__file__).resolve().parent.parent


def test_a_character_the_font_lacks_is_reported_at_the_line_of_its_text(tmp_path):
    text = (ROOT / "data" / "diamonds.yaml").read_text()
    (tmp_path / "mine.yaml").write_text(text.replace("title: Dig site", "title: Dig \U0001d11e site"))
    line = next(number for number, row in enumerate(text.splitlines(), 1) if "title: Dig site" in row)
    code, _, stderr = run_pnp("build", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 2 and "Traceback" not in stderr
    assert stderr.startswith(f"mine.yaml:{line}:") and "U+1D11E" in stderr and "[input.missing-glyph]" in stderr
    assert not (tmp_path / "out").exists()


def test_the_set_syntax_hint_names_a_key_every_game_has(tmp_path):
    code, _, stderr = run_pnp("validate", "diamonds", "--set", "nonsense", cwd=tmp_path)
    assert code == 2 and "[input.set-syntax]" in stderr
    example = stderr.split("e.g. ")[1].split()[0]
    for game in ("diamonds", "blood_diamonds", "diamond_mine", "diaominos", "diatoms"):
        load_game(game, (example,))  # the example applies, and is a key the game reads


def test_a_typo_in_an_element_many_layouts_extend_is_one_line(tmp_path):
    """Diamonds' card layout is extended by the pips and every rank: a misspelt key in its index is
    one mistake at one place, told once, not once for each layout that inherits it."""
    from conftest import DIAMONDS_YAML

    game = tmp_path / "my-diamonds.yaml"
    game.write_text(Path(DIAMONDS_YAML).read_text() + 'layouts:\n  card:\n    index: {txet: "{rank}"}\n')
    code, _, stderr = run_pnp("validate", game.name, cwd=tmp_path)
    assert code == 2 and stderr.splitlines() == [
        f'my-diamonds.yaml:{len(Path(DIAMONDS_YAML).read_text().splitlines()) + 3}:13: error: unknown key "txet" in '
        'layouts.card.index; did you mean "text"? [input.unknown-key]'], stderr
