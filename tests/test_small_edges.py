"""Small edges an audit found: equal TTS backs make one deck, two plug-ins of one game name, an empty
plural form, a key set inside a single value by --set, a plug-in's text of a negative size, and a name
too long for the file system or through a circle of links. Each is
one line at the place to mend, exit 2 (or, for TTS, the deck a player expects)."""

from __future__ import annotations

import functools
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from conftest import run_pnp
from generator import build, plugins
from generator.exports import deck_like
from generator.model import Component, Piece, fill_bleed
from generator.shapes import Rect

REPO = Path(__file__).resolve().parent.parent


# TTS: a deck is cards behind one back, however many objects draw it -----------------------------

@dataclass(frozen=True)
class Plain:
    """A drawer with an equality of its own, as a layout's Face has: equal ones draw the same."""

    colour: str

    def __call__(self, canvas, area) -> None:
        fill_bleed(canvas, area, self.colour)


def paint(canvas, area, colour: str) -> None:
    fill_bleed(canvas, area, colour)


def cards_behind(*backs) -> Component:
    return Component("card", "Cards", [Piece(f"card-{n}", Rect(63.5, 88.9, 3.0), Plain("#ffffff"), back)
                                       for n, back in enumerate(backs, start=1)])


def test_cards_behind_equal_backs_are_a_deck_and_behind_different_ones_are_not():
    assert deck_like(cards_behind(Plain("#000080"), Plain("#000080"), Plain("#000080")))
    assert not deck_like(cards_behind(Plain("#000080"), Plain("#800000")))
    # A drawer that defines no equality is one back only with itself: two partials that happen to
    # hold the same arguments may still draw apart (a closure, a list changed later).
    navy = functools.partial(paint, colour="#000080")
    assert deck_like(cards_behind(navy, navy))
    assert not deck_like(cards_behind(navy, functools.partial(paint, colour="#000080")))


def test_blood_diamonds_reference_cards_share_a_back_and_are_a_deck():
    """Each is made with its own back Face, equal to the others: one card per player, one back."""
    [loaded] = build.load(["blood_diamonds"])
    reference = next(c for c in build.components(loaded) if c.name == "reference-card")
    assert len({id(piece.back) for piece in reference.pieces}) > 1  # what the check used to count
    assert deck_like(reference)


# Plug-ins: one game name, one plug-in -------------------------------------------------------------

PLUGIN = '''from dataclasses import dataclass
from generator.model import Component, Piece, fill_bleed
from generator.plugins import Game, GameSpec
from generator.shapes import Rect
from generator.validate import RuleBook


@dataclass(kw_only=True)
class Spec(GameSpec):
    pass


def draw(canvas, area):
    fill_bleed(canvas, area, "#ffffff")
    canvas.text(10, 20, "hello", SIZE)


def components(spec):
    return [Component("card", "Cards", [Piece("a", Rect(63.5, 88.9), draw, None)])]


GAME = Game(name=NAME, spec=Spec, components=components, rules=RuleBook())
'''


def plugin_file(folder: Path, file_name: str, game: str = "twin", size: float = 12.0) -> Path:
    path = folder / file_name
    path.write_text(PLUGIN.replace("NAME", repr(game)).replace("SIZE", repr(size)))
    (folder / "game.yaml").write_text(f"game: {game}\ntitle: Twin\n")
    return path


@pytest.fixture
def registry(monkeypatch):
    """The plug-ins a test loads are forgotten after it."""
    monkeypatch.setattr(plugins, "_added", {})
    monkeypatch.setattr(plugins, "show_tracebacks", False)


def test_two_plug_ins_of_one_game_name_are_an_error_naming_both(tmp_path, registry):
    first, second = plugin_file(tmp_path, "one.py"), plugin_file(tmp_path, "two.py")
    with pytest.raises(plugins.InputError) as raised:
        plugins.load_plugin_files([str(first), str(second)])
    assert str(raised.value) == (
        f'{second}: error: game "twin" is defined by two plug-ins, {first} and {second}; rename the game in one '
        "of them, or give only the one you mean [plugin.duplicate-game]")
    # One file named twice is one plug-in.
    assert [game.name for game in plugins.load_plugin_files([str(first), str(first)])] == ["twin"]


def test_two_plug_ins_of_one_game_name_on_the_command_line_are_one_line(tmp_path, registry):
    plugin_file(tmp_path, "one.py"), plugin_file(tmp_path, "two.py")
    code, _, stderr = run_pnp("validate", "game.yaml", "--plugin", "one.py", "--plugin", "two.py", cwd=tmp_path)
    assert code == 2 and stderr.splitlines() == [
        'two.py: error: game "twin" is defined by two plug-ins, one.py and two.py; rename the game in one of them, '
        "or give only the one you mean [plugin.duplicate-game]"], stderr


def test_a_plug_in_of_a_bundled_games_name_is_an_error_not_ignored(tmp_path, registry):
    plugin_file(tmp_path, "mine.py", game="diamonds")
    code, _, stderr = run_pnp("validate", "diamonds", "--plugin", "mine.py", cwd=tmp_path)
    assert code == 2 and stderr.splitlines() == [
        "mine.py: error: the plug-in defines game \"diamonds\", which is a bundled game's name; name the plug-in's "
        "game otherwise [plugin.duplicate-game]"], stderr


def test_a_plug_ins_negative_text_size_is_one_line_at_its_own_line(tmp_path, registry):
    plugin = plugin_file(tmp_path, "neg.py", size=-3.0)
    line = plugin.read_text().splitlines().index('    canvas.text(10, 20, "hello", -3.0)') + 1
    code, _, stderr = run_pnp("validate", "game.yaml", "--plugin", "neg.py", cwd=tmp_path)
    lines = stderr.splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith(f"neg.py:{line}: error: "), stderr
    assert lines[0].endswith("[plugin.error]") and "-3" in lines[0], stderr


# Words: every plural form has words -------------------------------------------------------------

@pytest.mark.parametrize("form, shape", [("pile|", "one|other"), ("|piles", "one|other"), ("pile| ", "one|other")])
def test_an_empty_plural_form_is_an_error_at_the_words_line(tmp_path, form, shape):
    bundled = yaml.safe_load((REPO / "data" / "words" / "diamonds.yaml").read_text())["words"]["deal"]
    assert "{piles:pile|piles}" in bundled
    text = bundled.replace("{piles:pile|piles}", f"{{piles:{form}}}")
    (tmp_path / "words.yaml").write_text(yaml.safe_dump({"words": {"deal": text}}, width=1000, allow_unicode=True))
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "words.yaml", cwd=tmp_path)
    assert code == 2 and stderr.splitlines() == [
        f'words.yaml:2:9: error: words "deal": {{piles:{form}}} leaves a plural form empty; write each form in '
        f"full ({{piles:{shape}}}) [input.placeholder]"], stderr


# --set: its mistakes are the option's ------------------------------------------------------------

@pytest.mark.parametrize("setting, says, rule", [
    ("title.x=1", 'cannot set inside "title", which is a single value', "input.set-syntax"),
    ("title.0=x", 'cannot set inside "title", which is a single value', "input.set-syntax"),
    ("style.back.x=1", 'cannot set inside "style.back", which is a single value', "input.set-syntax"),
    ("game.x=1", '--set cannot change which game a file is ("diamonds"); build another game\'s file instead',
     "input.usage"),
    ("a..b=1", '"a..b" has an empty name between its dots; write key names joined by single dots, e.g. '
     "style.back=navy", "input.set-syntax"),
    (".x=1", '".x" has an empty name between its dots; write key names joined by single dots, e.g. '
     "style.back=navy", "input.set-syntax"),
])
def test_a_bad_set_is_reported_at_the_set(tmp_path, setting, says, rule):
    code, _, stderr = run_pnp("validate", "diamonds", "--set", setting, cwd=tmp_path)
    lines = stderr.splitlines()
    assert code == 2 and len(lines) == 1, stderr
    assert lines[0].startswith(f"--set {setting}: error: {says} (--set applied to "), stderr
    assert lines[0].endswith(f"diamonds.yaml) [{rule}]"), stderr


def test_a_set_inside_a_templates_name_still_extends_it(tmp_path):
    code, _, stderr = run_pnp("validate", "diamonds", "--set", "deck.piece.width_mm=57", cwd=tmp_path)
    assert code == 0, stderr
    code, _, stderr = run_pnp("validate", "blood_diamonds", "--set", "suits.0.tile.label=Marché", cwd=tmp_path)
    assert code == 0, stderr


def test_a_set_inside_a_rows_file_name_is_told_at_the_set(tmp_path):
    """`rows: cards.csv` names one file: a key set inside it is no mapping of rows ({file, sheet})."""
    assert run_pnp("new", "deck", "g", cwd=tmp_path)[0] == 0
    code, _, stderr = run_pnp("validate", "g.yaml", "--set", "components.card.rows.0=x", cwd=tmp_path / "g")
    assert code == 2 and stderr.splitlines() == [
        '--set components.card.rows.0=x: error: cannot set inside "components.card.rows", which is a single value '
        "(--set applied to g.yaml) [input.set-syntax]"], stderr


# A name the file system refuses: too long, or through links in a circle ---------------------------

TOO_LONG = "z" * 300  # past the 255 bytes a name may have


@pytest.mark.parametrize("args", [
    ("build", "diamonds", "--out", TOO_LONG), ("build", "diamonds", "--paper", f"{TOO_LONG}.yaml", "--out", "o"),
    ("build", "diamonds", "--plugin", f"{TOO_LONG}.py", "--out", "o"), ("validate", "diamonds", "--allow-path", TOO_LONG),
    ("words", "diamonds", "--out", TOO_LONG), ("new", "deck", TOO_LONG), ("build", "diamonds", "--out", "loop"),
    ("build", "diamonds", "--plugin", "loop", "--out", "o"),
], ids=["out", "paper", "plugin", "allow-path", "words-out", "new", "out-loop", "plugin-loop"])
def test_a_name_too_long_or_a_circle_of_links_is_one_line_naming_it(tmp_path, args):
    (tmp_path / "loop").symlink_to("round")
    (tmp_path / "round").symlink_to("loop")
    code, _, stderr = run_pnp(*args, cwd=tmp_path)
    [line] = stderr.splitlines()
    reason = "file name too long" if TOO_LONG in args or f"{TOO_LONG}.yaml" in args or f"{TOO_LONG}.py" in args \
        else "too many levels of symbolic links"
    assert code == 2 and line.endswith(f"error: cannot be used ({reason}); give another name [input.unusable-name]"), stderr
    assert len(line) < 200 and sorted(path.name for path in tmp_path.iterdir()) == ["loop", "round"]


@pytest.mark.parametrize("args, says", [
    (("build", "diamonds", "--layout", "tts", "--format", "svg", "--out", "o"),
     "--format: error: --layout tts writes PNG images and the object Tabletop Simulator loads, never svg"),
    (("build", "diamonds", "--shop", "foo", "--out", "o"), '--shop: error: unknown shops template "foo"'),
    (("words", "diamonds", "--out", "afile/words.yaml"), "--out: error: afile is a file, not a folder"),
    (("new", "deck", "afile/game"), "is a file, not a folder; name a folder in a folder"),
], ids=["tts-format", "shop", "words-out", "new"])
def test_an_option_that_cannot_do_what_it_says_is_one_plain_line(tmp_path, args, says):
    """A format TTS never writes is refused (not quietly left out); an unknown shop is named once; a
    file where a folder must be is called a file, not a folder that does not exist (nor a traceback)."""
    (tmp_path / "afile").write_text("mine")
    code, stdout, stderr = run_pnp(*args, cwd=tmp_path)
    [line] = stderr.splitlines()
    assert code == 2 and says in line and not stdout, stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["afile"]


def test_a_dpi_given_for_tts_that_its_4096_px_cannot_hold_is_told_per_component():
    """--layout tts --dpi 1200: a 300 mm board's image is held to 346 dpi and a deck's sheet of poker
    cards (6 x 4 for 20) to 273, and the build says so; the default dpi (not given) says nothing."""
    blank = functools.partial(fill_bleed, colour="#ffffff")
    board = Component("board", "Board", [Piece("board", Rect(300, 300), blank)])
    cards = Component("card", "Cards", [Piece(f"c{n}", Rect(63.5, 88.9), blank, blank) for n in range(20)])
    [line] = build.tts_notes([board, cards], build.Request(layout="tts", dpi=1200))
    assert line.startswith("tts: the images of board at 346, card at 273 dpi, not 1200"), line
    assert build.tts_notes([board, cards], build.Request(layout="tts")) == []
    assert build.tts_notes([board], build.Request(layout="tts", dpi=300)) == []


@pytest.mark.parametrize("setting, says", [
    ("style.components={card: {fallback: [extra.ttf]}}",
     "error: fallback fonts serve every text of the game, so they are given once, at style.fallback"),
    ("style.ranks={K: {accent: red}}",
     'style.ranks: this game has no rank "K" (none of its components names a field whose values are its ranks'),
])
def test_a_style_key_that_would_do_nothing_says_why(tmp_path, setting, says):
    """A fallback font in a component's block was checked and never used; a rank in a game that ranks
    nothing listed the ranks it has as an empty list."""
    assert run_pnp("new", "deck", "game", cwd=tmp_path)[0] == 0
    shutil.copyfile(REPO / "generator" / "typefaces" / "DejaVuSerif-Italic.ttf", tmp_path / "extra.ttf")  # --set: from here
    code, _, stderr = run_pnp("validate", "game/game.yaml", "--set", setting, cwd=tmp_path)
    [line] = stderr.splitlines()
    assert code == 2 and says in line and "expected one of: " not in line, stderr


@pytest.mark.parametrize("game, setting, says", [
    ("blood_diamonds", "score_track.path=spiral", '"spiral"; expected one of serpentine, rows ('),
    ("diatoms", "players=[1,2]", "error: 1 player: Diatoms is played by 2, 3 or 4"),
    ("diatoms", "board.lines=[]", 'scores the line "horizontal", which the board does not show: it shows no lines'),
    ("diamond_mine", "board.homes=[a9,h8,h1,a1]", "'a9' is no square of the board of 8 x 8"),
    ("diaominos", "cube.colours.0.name=yellow", 'colour 2 has the name "yellow", as colour 1 does'),
])
def test_a_bundled_games_finding_reads_as_a_sentence(tmp_path, game, setting, says):
    """An audit's garbled lines: a list of choices given twice, "1 players", a list of none shown as
    "()", "a 8 x 8 board", and "yellow has the name yellow, as yellow does"."""
    _, _, stderr = run_pnp("validate", game, "--set", setting, cwd=tmp_path)
    assert says in stderr and "expected one of: " not in stderr and "()" not in stderr, stderr


@pytest.mark.parametrize("game", ["diamonds", "blood_diamonds", "diamond_mine", "diaominos", "diatoms"])
def test_every_bundled_game_takes_the_default_rules_sheet_when_its_file_names_none(tmp_path, game):
    """Three games printed their rules on the default sheet when `rules_sheet:` was left out, and two
    called the key missing: all five are alike now."""
    text = (REPO / "data" / f"{game}.yaml").read_text(encoding="utf-8")
    kept = [line for line in text.splitlines() if not line.startswith("rules_sheet:")]
    assert len(kept) == len(text.splitlines()) - 1
    (tmp_path / f"{game}.yaml").write_text("\n".join(kept) + "\n", encoding="utf-8")
    code, stdout, stderr = run_pnp("validate", f"{game}.yaml", cwd=tmp_path)
    assert code == 0 and "ok" in stdout + stderr, stderr


def test_a_game_files_text_too_small_on_a_card_is_told_at_that_text(tmp_path):
    """A suit's label that the reference card must shrink below 7 pt (joined there with another suit's
    name) was told at the game file's line 1; it is told at the label, in the file or at --set."""
    label = "Very long label name that goes on and on and on and on and on and on forever"
    text = (REPO / "data" / "diamonds.yaml").read_text(encoding="utf-8")
    old = "{name: hearts, symbol: heart, colour: red, role: rock}"
    (tmp_path / "diamonds.yaml").write_text(text.replace(old, old[:-1] + f', label: "{label}"}}'), encoding="utf-8")
    line = next(number for number, written in enumerate(text.splitlines(), 1) if old in written)
    _, _, stderr = run_pnp("validate", "diamonds.yaml", cwd=tmp_path)
    assert f"diamonds.yaml:{line}:" in stderr and "[layout.text-size]" in stderr, stderr
    _, _, stderr = run_pnp("validate", "diamonds", "--set", f"deck.suits.1.label={label}", cwd=tmp_path)
    [error] = [found for found in stderr.splitlines() if "[layout.text-size]" in found]
    assert error.startswith("--set deck.suits.1.label="), error
