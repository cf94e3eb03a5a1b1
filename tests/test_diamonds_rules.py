"""Each Diamonds rule, fed a broken component set, fires with its id and points at the right line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import load_text, run_pnp
from generator.cli import cli
from generator.games.diamonds import game as diamonds
from generator.load import load_game

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "diamonds.yaml").read_text()
FINDING = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+)(?::\d+)?: (?P<level>error|warning): (?P<message>.+) \[(?P<rule>[a-z.-]+)\]$")


def findings_for(tmp_path: Path, text: str = BUNDLED, overrides: tuple[str, ...] = ()):
    return load_text(tmp_path, text, overrides).findings()


def rules_fired(findings) -> set[str]:
    return {finding.rule for finding in findings if finding.level == "error"}


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if fragment in line)


def test_the_bundled_game_is_clean(tmp_path):
    assert findings_for(tmp_path) == []


def test_every_rule_has_a_stable_namespaced_id():
    ids = [rule.id for rule in diamonds.rules.rules]
    assert len(ids) == len(set(ids))
    assert all(rule_id.startswith("diamonds.") for rule_id in ids)


BROKEN = [
    # (rule, what is broken, how: text replacement in the bundled file)
    ("diamonds.players", "a four-player game", ("players: [2, 3]", "players: [2, 3, 4]")),
    ("diamonds.title", "an empty title", ("title: Diamonds\n", 'title: " "\n')),
    ("diamonds.suit-roles", "two treasure suits", ("symbol: spade, colour: ink, role: shovel", "symbol: spade, colour: ink, role: treasure")),
    ("diamonds.suit-roles", "a suit symbol used twice", ("symbol: club, colour: ink", "symbol: spade, colour: ink")),
    ("diamonds.suit-roles", "hearts and diamonds swap roles", ("role: rock}\n    - {name: diamonds, symbol: diamond, colour: red, role: treasure}",
                                                                  "role: treasure}\n    - {name: diamonds, symbol: diamond, colour: red, role: rock}")),
    ("diamonds.suit-roles", "spades as rocks", ("symbol: spade, colour: ink, role: shovel", "symbol: spade, colour: ink, role: rock")),
    ("diamonds.suit-roles", "hearts marked with diamonds", ("{name: hearts, symbol: heart", "{name: hearts, symbol: diamond")),
    ("diamonds.suit-roles", "a suit a standard deck does not have", ("{name: clubs,", "{name: stars,")),
    ("diamonds.suit-roles", "a suit named twice", ("{name: clubs,", "{name: Spades,")),
    ("diamonds.deck", "a duplicate rank", ("[2, 3, 4, 5,", "[2, 2, 4, 5,")),
    ("diamonds.deck", "a missing rank", (", K, A]", ", K]")),
    ("diamonds.deck", "a rank outside a standard deck", ("10, J,", "10, 11, J,")),
    ("diamonds.deck", "aces low", ("[2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]", "[A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]")),
    ("diamonds.deck", "one joker", ("jokers: 2", "jokers: 1")),
    ("diamonds.deck", "a missing suit", ("    - {name: clubs, symbol: club, colour: ink, role: rock}\n", "")),
    ("diamonds.deal", "piles of five", ("cards_per_pile: 6", "cards_per_pile: 5")),
    ("diamonds.deal", "a 4 x 3 grid", ("piles_across: 3", "piles_across: 4")),
    ("diamonds.win-target", "a target that is not a majority", ("  2: 7", "  2: 6")),
    ("diamonds.win-target", "a target nobody may reach", ("  3: 5", "  3: 6")),
    ("diamonds.win-target", "a player count without a target", ("  3: 5\n", "")),
    ("diamonds.win-target", "a target for four players", ("  3: 5\n", "  3: 5\n  4: 4\n")),
]


@pytest.mark.parametrize("rule, broken, change", BROKEN, ids=[b for _, b, _ in BROKEN])
def test_rule_fires_on_a_broken_set(tmp_path, rule, broken, change):
    old, new = change
    assert old in BUNDLED, f"the bundled file changed; update the test for {broken}"
    findings = findings_for(tmp_path, BUNDLED.replace(old, new, 1))
    assert rule in rules_fired(findings), [str(f) for f in findings]


def test_duplicate_and_missing_cards_are_named(tmp_path):
    findings = findings_for(tmp_path, BUNDLED.replace("[2, 3, 4, 5,", "[2, 2, 4, 5,", 1))
    messages = [f.message for f in findings if f.rule == "diamonds.deck"]
    assert "duplicate card 2 of diamonds" in messages
    assert "missing card 3 of spades" in messages


def test_the_finding_points_at_the_broken_line(tmp_path):
    text = BUNDLED.replace("  2: 7", "  2: 6", 1)
    (finding,) = [f for f in findings_for(tmp_path, text) if f.rule == "diamonds.win-target"]
    assert finding.location.line == line_of(text, "  2: 6")
    assert "use 7" in finding.message


def test_win_targets_follow_from_the_number_of_diamonds(tmp_path):
    """With 13 diamonds: the target must beat an equal share and be sure to be reached."""
    for players, good in ((2, 7), (3, 5)):
        for target in range(1, 14):
            findings = findings_for(tmp_path, overrides=(f"win_targets.{players}={target}",))
            assert ("diamonds.win-target" not in rules_fired(findings)) == (target == good), (players, target)


@pytest.mark.parametrize("target", ["-1", "0"])
def test_a_win_target_of_no_diamonds_is_bad_input_not_a_rule_broken(tmp_path, target):
    """No count of diamonds below one wins anything: the value is out of range, as a negative number
    of jokers is (exit 2), not a rule of the game broken (exit 1)."""
    code, _, stderr = run_pnp("validate", "diamonds", "--set", f"win_targets.2={target}", cwd=tmp_path)
    assert code == 2 and f"win_targets.2 is {target}; it must be at least 1" in stderr, stderr


def test_a_role_swap_names_each_suit_and_its_role(tmp_path):
    """Swapped roles keep one treasure, one shovel and two rocks: each suit is checked by name."""
    text = BUNDLED.replace("{name: spades, symbol: spade, colour: ink, role: shovel}",
                           "{name: spades, symbol: spade, colour: ink, role: rock}", 1)
    text = text.replace("{name: clubs, symbol: club, colour: ink, role: rock}",
                        "{name: clubs, symbol: club, colour: ink, role: shovel}", 1)
    findings = [f for f in findings_for(tmp_path, text) if f.rule == "diamonds.suit-roles"]
    assert sorted(f.message for f in findings) == [
        "clubs are the rocks, not the shovels; set role: rock",
        "spades are the shovels, not the rocks; set role: shovel",
    ]
    assert {f.location.line for f in findings} == {line_of(text, "{name: spades,"), line_of(text, "{name: clubs,")}


def test_a_standard_deck_fixes_each_suits_symbol(tmp_path):
    findings = findings_for(tmp_path, overrides=("deck.suits.2.symbol=heart",))  # diamonds drawn as hearts
    assert [f.message for f in findings if f.rule == "diamonds.suit-roles"] == [
        "diamonds are marked with the diamond symbol in a standard deck, not the heart; set symbol: diamond"]


def test_suit_names_are_read_without_regard_to_case(tmp_path):
    assert findings_for(tmp_path, overrides=("deck.suits.0.name=Spades", "deck.suits.2.name=DIAMONDS")) == []


def test_a_win_target_for_four_players_is_refused(tmp_path):
    findings = findings_for(tmp_path, overrides=("win_targets.4=4",))
    assert [(f.level, f.rule, f.message) for f in findings] == [
        ("error", "diamonds.win-target", "a win target for 4 players, but Diamonds is played by 2 or 3; remove it")]


def test_the_win_target_advice_is_always_a_value_the_rule_accepts(tmp_path):
    """With fewer ranks there are fewer diamonds; when they split evenly no target works, and the
    message says so instead of suggesting the value it refuses."""
    for count in range(1, 14):
        ranks = "[" + ", ".join(diamonds.STANDARD_RANKS[:count]) + "]"
        spec = load_text(tmp_path, BUNDLED, (f"deck.ranks={ranks}",)).spec
        assert diamonds.treasure_count(spec) == count
        for players in (2, 3):
            for target in range(1, 15):
                spec.players, spec.win_targets = [players], {players: target}
                messages = [p.message for p in diamonds.check_win_targets(spec)]
                good = diamonds.win_target(count, players)
                assert (messages == []) == (target == good), (count, players, target, messages)
                for message in messages:
                    if good is None:
                        assert "no target works" in message and "use " not in message, message
                    else:
                        assert message.endswith(f"; use {good}"), message
                        assert good != target


def test_a_deck_of_twelve_diamonds_has_no_win_target_for_two_or_three(tmp_path):
    findings = findings_for(tmp_path, overrides=("deck.ranks=[3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]",))
    messages = [f.message for f in findings if f.rule == "diamonds.win-target"]
    assert messages == [
        "7 diamonds for 2 players may never be reached with 12 diamonds; no target works: 12 diamonds split "
        "evenly, 6 to each of 2 players, so a target above an equal share may never be reached and any other "
        "is no majority",
        "5 diamonds for 3 players may never be reached with 12 diamonds; no target works: 12 diamonds split "
        "evenly, 4 to each of 3 players, so a target above an equal share may never be reached and any other "
        "is no majority",
    ]


def test_the_readme_example_validates():
    """README: `pnp build diamonds --set deck.piece=bridge-card ...`. With 13 diamonds the only target
    for 2 players is 7, so `--set win_targets.2=8` (or 9) is refused."""
    ok = CliRunner().invoke(cli, ["validate", "diamonds", "--set", "deck.piece=bridge-card",
                                  "--set", "style.back=purple"])
    assert ok.exit_code == 0, ok.output
    for target in (8, 9):
        refused = CliRunner().invoke(cli, ["validate", "diamonds", "--set", f"win_targets.2={target}"])
        assert refused.exit_code == 1 and "use 7 [diamonds.win-target]" in refused.output, refused.output


def test_too_few_reference_cards_is_a_warning_not_an_error(tmp_path):
    findings = findings_for(tmp_path, overrides=("reference_card.copies=1",))
    assert [(f.level, f.rule) for f in findings] == [("warning", "diamonds.reference-copies")]


def test_validate_prints_compiler_style_findings_and_exits_1(tmp_path):
    path = tmp_path / "broken.yaml"
    text = BUNDLED.replace("jokers: 2", "jokers: 1", 1)
    path.write_text(text)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines
    for line in lines:
        match = FINDING.match(line)
        assert match, line
        assert match["file"] == str(path)
    assert any(FINDING.match(l)["line"] == str(line_of(text, "jokers: 1")) for l in lines)


def test_validate_warnings_do_not_fail(tmp_path):
    result = CliRunner().invoke(cli, ["validate", "diamonds", "--set", "reference_card.copies=2"])
    assert result.exit_code == 0
    assert "warning:" in result.output and "[diamonds.reference-copies]" in result.output


def test_validate_with_no_target_checks_every_bundled_game():
    result = CliRunner().invoke(cli, ["validate"])
    assert result.exit_code == 0, result.output
    assert "data/diamonds.yaml: ok" in result.output


def test_build_refuses_a_set_that_breaks_the_rules(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(BUNDLED.replace("cards_per_pile: 6", "cards_per_pile: 5", 1))
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", str(path), "--out", str(out)])
    assert result.exit_code == 1
    assert "[diamonds.deal]" in result.output
    assert not out.exists()


def render_face(face, width: float, height: float):
    """One face alone on a page of its own size, as an RGB image at 100 dpi."""
    import io

    from PIL import Image

    from generator.backends.pdf import PdfSurface
    from generator.backends.png import render_png_pages
    from generator.canvas import Canvas
    from generator.model import Area

    surface = PdfSurface("face")
    surface.begin_page(1, width, height)
    face(Canvas(surface), Area(width, height, 0.0))
    surface.end_page()
    surface.close()
    png = render_png_pages(surface.getvalue(), [(width, height)], dpi=100)
    return Image.open(io.BytesIO(png[1])).convert("RGB")


def test_the_card_back_looks_the_same_after_a_half_turn():
    from PIL import ImageChops, ImageStat

    loaded = load_game("diamonds")
    (cards, *_) = loaded.game.components(loaded.spec)
    card = cards.pieces[0]
    back = render_face(card.back, card.width, card.height)
    turned = back.rotate(180)
    difference = ImageStat.Stat(ImageChops.difference(back, turned).convert("L")).mean[0]
    assert difference < 2.0, difference
    seven = next(piece for piece in cards.pieces if piece.id == "card-7S")  # one odd pip: not symmetric
    front = render_face(seven.front, seven.width, seven.height)
    assert ImageStat.Stat(ImageChops.difference(front, front.rotate(180)).convert("L")).mean[0] > 2.0


def test_messages_count_one_in_the_singular(tmp_path):
    from conftest import run_pnp

    code, _, stderr = run_pnp("validate", "diamonds", "--set", "players=[1, 2]", cwd=tmp_path)
    assert code == 1 and "1 player: Diamonds is played by 2 or 3" in stderr
    code, _, stderr = run_pnp("validate", "diamonds", "--set", "reference_card.copies=1", cwd=tmp_path)
    assert "1 reference card for up to 3 players" in stderr


def test_a_suit_prints_its_label_while_the_rules_check_its_name(tmp_path):
    import pdfprobe
    from conftest import run_pnp

    code, _, stderr = run_pnp("validate", "diamonds", "--set", "deck.suits.1.label=cœurs", cwd=tmp_path)
    assert code == 0, stderr
    code, _, stderr = run_pnp("build", "diamonds", "--only", "reference-card", "--set", "deck.suits.1.label=cœurs",
                              "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    chars, _ = pdfprobe.read(tmp_path / "out" / "diamonds" / "diamonds.pdf")[0]
    words = "".join(char.char for char in chars)
    assert "Cœurs" in words and "Hearts" not in words
    code, _, stderr = run_pnp("validate", "diamonds", "--set", "deck.suits.1.name=cœurs", cwd=tmp_path)
    assert code == 1 and "[diamonds.suit-roles]" in stderr  # the identity is still checked
