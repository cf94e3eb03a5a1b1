"""Every printed word as data (generator/words.py): `pnp words`, `--words`, `--lang`, the checks on
a words file, plural forms and number words, and a translation that prints whole."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
import yaml

import pdfprobe
from conftest import run_pnp
from generator.load import load_game
from generator.words import load_words, placeholders, plural_form

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER_TEXT = re.compile(r"\{[^{}]*\}")


def pdf_words(folder: Path, game: str = "diamonds") -> str:
    return " ".join(" ".join("".join(c.char for c in chars).split()) for chars, _ in pdfprobe.read(folder / f"{game}.pdf"))


def words_file(folder: Path, game: str) -> Path:
    """`pnp words GAME` written to mine.yaml in `folder`, for a test to edit."""
    code, stdout, _ = run_pnp("words", game, cwd=folder)
    assert code == 0
    path = folder / "mine.yaml"
    path.write_text(stdout)
    return path


@pytest.fixture
def words_copy(tmp_path) -> Path:
    return words_file(tmp_path, "diamonds")


def edited(path: Path, old: str, new: str) -> Path:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return path


def test_pnp_words_writes_every_word_the_game_prints(words_copy):
    data = yaml.safe_load(words_copy.read_text())
    keys = set(data["words"])
    assert {"rules.title", "reference.joker", "mat.debris", "print.scale", "footer.page"} <= keys
    assert keys == set(load_words("diamonds").texts)


def test_an_edited_sentence_prints_and_the_rest_stays(words_copy, tmp_path):
    edited(words_copy, "rules.winning: Winning", "rules.winning: How to win")
    code, _, stderr = run_pnp("build", "diamonds", "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0 and stderr == "", stderr
    words = pdf_words(tmp_path / "out" / "diamonds")
    assert "How to win" in words and "Diamonds: the rules" in words


def test_a_words_file_that_leaves_keys_out_falls_back_and_warns_once(words_copy, tmp_path):
    text = re.sub(r"\n  rules\.snag\.[a-z]+:[^\n]*", "", words_copy.read_text())
    words_copy.write_text(text)
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "mine.yaml", cwd=tmp_path)
    warnings = [line for line in stderr.splitlines() if "[words.missing]" in line]
    assert code == 0 and len(warnings) == 1
    assert "rules.snag.layer" in warnings[0] and "rules.snag.stuck" in warnings[0] and "3 of" in warnings[0]


@pytest.mark.parametrize("old, new, says", [
    ("  rules.winning: Winning", "  rules.winnig: Winning", 'unknown words "rules.winnig"; did you mean "rules.winning"?'),
    ('{title}: the rules"', '{titel}: the rules"', "placeholder {titel} is misspelt; write {title}"),
    ('{title}: the rules"', '{title}: the {game} rules"', "unknown placeholder {game}; it may use {title}"),
    ('"{title}: the rules"', '"The rules"', "leaves out the placeholder {title}"),
    ("  mat.debris: Debris", "  mat.debris: Debris}", "a brace that opens or closes no placeholder"),
    ('  footer.page: "page {number} of {total}"', '  footer.page: "page {number} of {total}' + " and on" * 16 + '"',
     'words "footer.page" are 136 characters long; an entry may have at most 120 here'),
    ("  component.card: Cards", "  component.card: " + "Cards " * 14, 'words "component.card" are 83 characters long; an '
     "entry may have at most 80 here"),
    ("  card.joker: JOKER", '  card.joker: ""', 'words "card.joker" are empty; write the words to print'),
    ("  suit.hearts: hearts", '  suit.hearts: "   "', 'words "suit.hearts" are empty'),
    ("  card.joker: JOKER", '  card.joker: "JO\tKER"', 'words "card.joker" hold a control character (U+0009)'),
    # validate passed it, and only a build refused it, as it drew the footer
    ("  component.card: Cards", '  component.card: "Ca\\nrds"', 'words "component.card" print on one line'),
    ('numbers: ["no", one,', 'numbers: ["", one,', "numbers: the word for 0 must be one line of 1 to 100 characters"),
])
def test_a_broken_words_file_is_one_error_at_its_line(words_copy, tmp_path, old, new, says):
    edited(words_copy, old, new)
    line = next(n for n, text in enumerate(words_copy.read_text().splitlines(), 1) if new.strip() in text)
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "mine.yaml", cwd=tmp_path)
    assert code == 2 and len(stderr.splitlines()) == 1 and "Traceback" not in stderr
    assert stderr.startswith(f"mine.yaml:{line}:") and says in stderr, stderr


def test_diamonds_in_french_prints_french_throughout(tmp_path):
    code, _, stderr = run_pnp("validate", "diamonds", "--lang", "fr", cwd=tmp_path)
    assert code == 0 and "warning" not in stderr, stderr
    code, _, stderr = run_pnp("build", "diamonds", "--lang", "fr", "--out", "out", cwd=tmp_path)
    assert code == 0 and stderr == "", stderr
    words = pdf_words(tmp_path / "out" / "diamonds")
    for french in ("Diamonds : règle du jeu", "Diamonds : aide de jeu", "Cœurs et Trèfles", "Impression et montage",
                   "Imprimez à 100 %", "Chantier", "Déblais", "Carte d'aide", "J valet, Q dame, K roi", "page 1 sur"):
        assert french in words, french
    for english in ("the rules", "Your turn", "Print at 100 %", "page 1 of", "Debris", "Hearts"):
        assert english not in words, english


@pytest.mark.parametrize("lang, guess", [("xx", None), ("", None), ("FR", "fr"), ("fr-FR", "fr")])
def test_an_unknown_language_names_the_bundled_ones(tmp_path, lang, guess):
    # "" is no code at all: not the bundled English file taken as a translation of itself
    code, _, stderr = run_pnp("build", "diamonds", "--lang", lang, "--out", "out", cwd=tmp_path)
    assert code == 2 and "bundled: en, de, fr" in stderr and len(stderr.splitlines()) == 1, stderr
    assert (f'did you mean "{guess}"?' in stderr) == (guess is not None), stderr


def test_a_long_run_without_spaces_is_cut_in_moments(words_copy, tmp_path):
    # Cutting it by trying every shorter start took minutes for 5,000 letters, and more for 19,000.
    edited(words_copy, "  rules.setup.first: The dealer takes the first turn; then turns go clockwise.",
           "  rules.setup.first: " + "x" * 19_000)
    started = time.monotonic()
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "mine.yaml", cwd=tmp_path)
    assert time.monotonic() - started < 10
    assert code == 1 and "shorten rules.setup.first" in stderr, stderr


def test_a_line_break_where_words_print_on_one_line_is_told_at_their_key(words_copy, tmp_path):
    # "Your\n turn" reads "Your turn" once its spaces are one, as reference.turn.heading's words do: the
    # error names the words that hold the line break.
    edited(words_copy, "  rules.turn: Your turn", '  rules.turn: "Your\\n turn"')
    line = next(n for n, text in enumerate(words_copy.read_text().splitlines(), 1) if text.startswith("  rules.turn:"))
    code, _, stderr = run_pnp("build", "diamonds", "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 2 and len(stderr.splitlines()) == 1, stderr
    assert stderr.startswith(f'mine.yaml:{line}:') and 'words "rules.turn"' in stderr, stderr
    assert "holds a line break, but it prints on one line here" in stderr and "fallback" not in stderr, stderr


def test_another_games_words_file_is_one_error_naming_the_game(tmp_path):
    words_file(tmp_path, "blood_diamonds")
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "mine.yaml", cwd=tmp_path)
    assert code == 2 and len(stderr.splitlines()) == 1, stderr
    assert "this words file is for blood_diamonds" in stderr, stderr


@pytest.mark.parametrize("language, counts", [
    ("en", {0: "cards", 1: "card", 2: "cards", 21: "cards"}),
    ("fr", {0: "carte", 1: "carte", 2: "cartes"}),
    ("pl", {1: "karta", 2: "karty", 5: "kart", 12: "kart", 22: "karty", 25: "kart"}),
    ("PL", {1: "karta", 2: "karty", 5: "kart"}), ("pl-PL", {22: "karty", 25: "kart"}),
    ("fr-FR", {0: "carte", 1: "carte", 2: "cartes"}), ("pt_BR", {0: "card", 1: "card", 2: "cards"}),
])
def test_plural_forms_follow_the_language(language, counts):
    forms = {"en": ["card", "cards"], "fr": ["carte", "cartes"], "pl": ["karta", "karty", "kart"],
             "pt": ["card", "cards"]}[language[:2].lower()]
    for count, form in counts.items():
        assert plural_form(language, count, forms) == form


def test_number_words_and_plurals_fill_a_sentence():
    words = load_words("diamonds")
    text = words("deal", cards=54, across=3, down=3, layers=6, piles=9)
    assert "Six layers of nine make nine piles of six." in text
    assert words("mat.cards", cards=1) == "1 card" and words("mat.cards", cards=6) == "6 cards"
    assert placeholders(words.texts["deal"]) == {"cards", "across", "down", "layers", "piles"}


@pytest.mark.parametrize("language, numbers, nine", [
    ("fr", "numbers: [zéro, un, deux, trois, quatre, cinq, six, sept, huit, neuf]\n", "neuf"),
    ("fr", "numbers: []\n", "9"), ("fr", "", "9"), ("en", "", "nine"),
])
def test_a_words_file_spells_numbers_from_its_own_list_or_in_digits_never_in_another_language(
        tmp_path, language, numbers, nine):
    """`numbers: []`, or no list in a file of another language, prints digits: never English number
    words in a French sentence (an English copy without a list keeps the bundled words)."""
    words = load_words("diamonds").texts
    path = tmp_path / "words.yaml"
    path.write_text(yaml.safe_dump({"language": language, "words": dict(words)},
                                   allow_unicode=True) + numbers, encoding="utf-8")
    assert load_words("diamonds", str(path)).number(9) == nine


def pseudo(text: str) -> str:
    """A pseudo-translation: accents, Cyrillic, a suit and a sun, 30 % longer, placeholders kept."""
    parts = re.split(r"(\{[^{}]*\})", text)
    out = []
    for part in parts:
        if part.startswith("{"):
            out.append(part)
        else:
            swapped = part.translate(str.maketrans("aeiouAEIOU", "àéîõüÀÉÎÕÜ"))
            out.append(swapped + (" ДЖ♦☀" if part.strip() and len(part) > 12 else ""))
    return "".join(out)


def test_a_pseudo_translation_of_every_word_builds_or_says_what_does_not_fit(words_copy, tmp_path):
    data = yaml.safe_load(words_copy.read_text())
    data["words"] = {key: pseudo(value) for key, value in data["words"].items()}
    words_copy.write_text(yaml.safe_dump(data, allow_unicode=True))
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "mine.yaml", cwd=tmp_path)
    assert "Traceback" not in stderr and code in (0, 1), stderr
    for line in stderr.splitlines():
        assert " error: " not in line or "pt" in line or "do not fit" in line or "does not fit" in line, line
    if code == 0:
        code, _, stderr = run_pnp("build", "diamonds", "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
        assert code == 0 and "ДЖ♦☀" in pdf_words(tmp_path / "out" / "diamonds")


def stretched(text: str, tenths: int) -> str:
    """A pseudo-translation `tenths` tenths longer: accents, and pseudo-words (Cyrillic, a suit and a
    sun) added to every run of words, placeholders kept."""
    out = []
    for part in re.split(r"(\{[^{}]*\})", text):
        if part.startswith("{") or not part.strip():
            out.append(part)
            continue
        pad = (" Жäф ♦☀" * 80)[:-(-len(part.strip()) * tenths // 10)]
        out.append(part.translate(str.maketrans("aeiouAEIOU", "àéîõüÀÉÎÕÜ")) + pad)
    return "".join(out)


def longer(text: str) -> str:
    """A harsher pseudo-translation than pseudo: every run of words a third longer."""
    return stretched(text, 3)


def sixty_percent_longer(text: str) -> str:
    """Longer still: every run of words 60 % longer, past what most layouts can take."""
    return stretched(text, 6)


def translated(path: Path, how) -> Path:
    """The words file at `path` with every text run through `how` (pseudo, longer)."""
    data = yaml.safe_load(path.read_text())
    data["words"] = {key: how(value) for key, value in data["words"].items()}
    path.write_text(yaml.safe_dump(data, allow_unicode=True, width=1000))
    return path


def overlaps(game: str, words: Path) -> list[str]:
    """What the overlap check [layout.text-overlap] finds on every face of the game in `words`, asked
    directly: a translation that prints clean is one in which no text runs into another."""
    from generator.kit.overlaps import TextOverlapCheck
    from generator.recording import findings_of, record_face

    loaded = load_game(game, words=str(words))
    return [str(finding) for finding in findings_of(TextOverlapCheck(loaded.spec.words), loaded.components(), 3.0,
                                                    record_face)]


#: The rules that tell a translator a text does not fit: it cannot fit its box at 7 pt, or it runs
#: into another text.
FIT_RULES = ("[layout.text-fit]", "[layout.text-overlap]")


def builds_or_names_what_does_not_fit(game: str, words: Path, folder: Path) -> list[str]:
    """A translation either builds clean on A4 and Letter, nothing running into anything (the overlap
    check finds nothing), or is refused with errors that each name, at the words file's line, the key
    to shorten (a text joined from several keys' sentences names them all): never a text that
    collides quietly. The keys named, none when it builds."""
    for paper in ("a4", "letter"):  # a build validates first (the overlap check with the rest), and says
        # nothing unless something is wrong
        code, _, stderr = run_pnp("build", game, "--words", words.name, "--paper", paper, "--out", paper, cwd=folder)
        assert "Traceback" not in stderr and code in (0, 1), stderr
        if code == 1:
            errors = [line for line in stderr.splitlines() if " error: " in line]
            assert errors, stderr
            for line in errors:
                assert line.endswith(FIT_RULES), line
                assert line.startswith(f"{words.name}:") and re.search(r'shorten "[^"]+"', line), line
            return sorted({key for line in errors for key in re.findall(r'"([^"]+)"', line.split("; shorten ")[-1])})
        assert stderr == "", stderr
    return []


# Blood Diamonds and Diaominos build a translation a third longer on A4 and Letter in their own words tests.
@pytest.mark.parametrize("game", ["diamonds", "diamond_mine", "diatoms"])
def test_every_game_takes_a_translation_a_third_longer(tmp_path, game):
    path = translated(words_file(tmp_path, game), longer)
    found = load_game(game, words=str(path)).findings()
    assert not [f for f in found if f.level == "error"], [f.message for f in found if f.level == "error"]
    assert overlaps(game, path) == []


def test_pnp_words_takes_a_game_file_and_a_game_of_your_own_gets_the_shared_words(tmp_path):
    example = ROOT / "docs" / "examples" / "star-traders"
    code, words, stderr = run_pnp("words", "star-traders.yaml", cwd=example)
    assert code == 0, stderr
    data = yaml.safe_load(words)
    assert set(data["words"]) == set(load_words("custom").texts) and "footer.front" in data["words"]
    (tmp_path / "mine.yaml").write_text(words.replace("  footer.front: front", "  footer.front: recto"))
    code, _, stderr = run_pnp("build", str(example / "star-traders.yaml"), "--words", str(tmp_path / "mine.yaml"),
                              "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert code == 0, stderr
    assert "recto" in pdf_words(tmp_path / "out" / "star-traders", "star-traders")
    (tmp_path / "copy.yaml").write_text((ROOT / "data" / "diamonds.yaml").read_text())
    code, copy_words, _ = run_pnp("words", "copy.yaml", cwd=tmp_path)
    assert code == 0 and set(yaml.safe_load(copy_words)["words"]) == set(load_words("diamonds").texts)


def test_a_numbered_list_of_words_runs_in_number_order_and_a_chosen_copy_beats_the_game_file():
    words = load_words("diamonds")
    words.texts.update({f"x.{n}": f"step {n}" for n in range(1, 12)})
    assert words.prefer_list("x.", None)[-3:] == ["step 9", "step 10", "step 11"]
    assert words.prefer_list("x.", ["the file's own"]) == ["the file's own"]
    words.chosen = frozenset({"x.2"})
    assert words.prefer_list("x.", ["the file's own"])[0] == "step 1"


def test_a_game_files_own_page_one_and_footer_texts_have_the_words_limits(tmp_path):
    (tmp_path / "g.yaml").write_text(f"""game: custom
id: t
title: T
components:
  card: {{piece: poker-card, front: f, title: "{'C' * 81}"}}
printing:
  steps: ["{'s' * 901}"]
layouts:
  f:
    t: {{text: hi, role: title}}
""")
    code, _, stderr = run_pnp("validate", "g.yaml", cwd=tmp_path)
    assert code == 2 and stderr.splitlines() == [
        "g.yaml:5:46: error: components.card.title is 81 characters long; it may have at most 80 [input.too-large]",
        "g.yaml:7:11: error: printing.steps[0] is 901 characters long; it may have at most 900 [input.too-large]"]


def test_a_translation_that_grows_past_its_box_is_found_at_its_own_line(words_copy, tmp_path):
    grown = "  mat.debris: Debris and all the other things that nobody wants to keep in the pile any more"
    edited(words_copy, "  mat.debris: Debris", grown)
    line = next(n for n, text in enumerate(words_copy.read_text().splitlines(), 1) if text == grown)
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "mine.yaml", cwd=tmp_path)
    found = [text for text in stderr.splitlines() if "[layout." in text]
    assert code == 1 and found and found[0].startswith(f"mine.yaml:{line}:"), stderr
    assert 'dig-site-mat: words "mat.debris" ("Debris and all the other thing") on dig-site-mat' in found[0]


def test_a_character_no_font_has_names_the_words_that_hold_it(words_copy, tmp_path):
    edited(words_copy, "  rules.winning: Winning", "  rules.winning: 勝つ方法")
    line = next(n for n, text in enumerate(words_copy.read_text().splitlines(), 1) if "勝つ方法" in text)
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "mine.yaml", cwd=tmp_path)
    assert code == 2 and stderr.startswith(f'mine.yaml:{line}:18: error: words "rules.winning": no font has "勝"'), stderr


def test_one_list_joining_for_every_game():
    from generator.kit.text import listed

    french = load_words("diamonds", lang="fr")
    assert [listed(french, items) for items in ([], ["a"], ["a", "b"], ["a", "b", "c"])] == \
        ["", "a", "a et b", "a, b et c"]
    assert listed(french, [2, 3], "or") == "2 ou 3" and listed(french, [], none="aucun") == "aucun"


def test_one_way_to_name_a_thing_by_its_label_or_the_words():
    from generator.kit.text import label_of

    english, french = load_words("diamonds"), load_words("diamonds", lang="fr")
    assert label_of(english, "suit", "hearts") == english("suit.hearts")  # the words' name
    assert label_of(english, "suit", "hearts", "Coppers") == "Coppers"  # a game file's own label beats them
    assert label_of(french, "suit", "hearts", "Coppers") == french("suit.hearts")  # ...unless a translation names it
    assert label_of(english, "suit", "stars") == "stars" and label_of(english, "suit", "stars", otherwise="?") == "?"


@pytest.mark.parametrize("game", ["diamonds", "blood_diamonds"])
def test_french_marks_keep_a_no_break_space_before_them(game):
    """French sets a space before ; : ! ? and inside « »: a no-break one (U+00A0 or U+202F), so that
    no line of a bundled translation can open on a mark (or the space go missing)."""
    texts = yaml.safe_load((ROOT / "data" / "words" / f"{game}.fr.yaml").read_text(encoding="utf-8"))["words"]
    for key, text in texts.items():
        prose = re.sub(PLACEHOLDER_TEXT, "", text)
        assert not re.search(r"(?<![\u00a0\u202f])[;:!?»]|«(?![\u00a0\u202f])", prose), (key, text)


@pytest.mark.parametrize("path", sorted((ROOT / "data" / "words").glob("*.*.yaml")), ids=lambda path: path.stem)
def test_a_translation_keeps_the_whole_ruler_advice_under_the_ruler(path):
    """The footer prints footer.ruler under the 50 mm bar when it fits there, else the bare
    footer.ruler.short: every bundled translation's advice fits, so none is cut to the short form."""
    from generator import fonts
    from generator.canvas import PT
    from generator.render import FURNITURE_PT

    ruler = yaml.safe_load((ROOT / "templates" / "sheet.yaml").read_text())["standard"]["calibration_mm"]
    game, lang = path.stem.split(".")
    caption = load_words(game, lang=lang)("footer.ruler", mm=f"{ruler:g}")
    assert fonts.text_width(caption, FURNITURE_PT * PT) <= ruler, caption


def test_pnp_words_never_writes_over_a_translation_in_progress(tmp_path):
    """`pnp words --out` again on its own file, as it wrote it: fine. On one edited since (a
    translator's work), or written for another game: refused, and the file left as it is."""
    words = tmp_path / "words.yaml"
    assert run_pnp("words", "diamonds", "--out", str(words), cwd=tmp_path)[0] == 0
    assert run_pnp("words", "diamonds", "--out", str(words), cwd=tmp_path)[0] == 0
    edited = words.read_text().replace("rules.need: You also need", "rules.need: Bring")
    words.write_text(edited)
    for game in ("diamonds", "diatoms"):
        code, _, stderr = run_pnp("words", game, "--out", str(words), cwd=tmp_path)
        assert code == 2 and "[output.not-ours]" in stderr and words.read_text() == edited, stderr


def test_lang_en_is_the_words_as_bundled_and_a_misspelt_words_file_key_is_told(tmp_path):
    code, _, stderr = run_pnp("validate", "diamonds", "--lang", "en", cwd=tmp_path)
    assert code == 0, stderr
    (tmp_path / "mine.yaml").write_text("langauge: pl\nwords:\n  mat.title: Dig\n")
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "mine.yaml", cwd=tmp_path)
    assert code == 2 and stderr.splitlines() == [
        'mine.yaml:1:1: error: unknown key "langauge" in a words file; did you mean "language"? [input.unknown-key]']


@pytest.mark.parametrize("game, key, rule", [
    ("diamonds", "reference.title", "diamonds.reference-card"),
    ("blood_diamonds", "rules.intro", "blood_diamonds.text-fits"),
    ("diatoms", "judge.1.green.1", "diatoms.judge-card"),
])
def test_a_translation_too_long_for_its_card_or_sheet_is_told_at_its_own_line(tmp_path, game, key, rule):
    """Prose (or a judge's terms) that no longer fits at 7 pt because a words file made it longer is the
    translator's to mend: the error stands at the longest of those words, naming its key, not at the
    game's piece."""
    assert run_pnp("words", game, "--out", "words.yaml", cwd=tmp_path)[0] == 0
    lines = (tmp_path / "words.yaml").read_text(encoding="utf-8").splitlines()
    [number] = [n for n, line in enumerate(lines) if line.startswith(f"  {key}: ")]
    text = yaml.safe_load(lines[number])[key]
    lines[number] = f"  {key}: {json.dumps(text + ' Many words more.' * 400)}"  # JSON's string is YAML's too
    (tmp_path / "words.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, stderr = run_pnp("validate", game, "--words", "words.yaml", cwd=tmp_path)
    [line] = [line for line in stderr.splitlines() if "error" in line]
    assert code == 1 and line.startswith(f"words.yaml:{number + 1}:") and f"shorten {key} [{rule}]" in line, stderr


def test_a_translation_too_long_inside_a_joined_text_is_told_at_its_own_line(words_copy, tmp_path):
    """The reference card's heading joins two suits' names ("X and clubs"): a name that grew past it is
    told at its own words, not at the bundled game file."""
    edited(words_copy, "  suit.hearts: hearts", "  suit.hearts: " + " ".join(["Herzensangelegenheitensteine"] * 4))
    line = next(n for n, text in enumerate(words_copy.read_text().splitlines(), 1) if text.startswith("  suit.hearts:"))
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "mine.yaml", cwd=tmp_path)
    assert code == 1 and stderr.startswith(f"mine.yaml:{line}:") and 'words "suit.hearts"' in stderr, stderr
