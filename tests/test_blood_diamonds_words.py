"""Blood Diamonds' words as data (issue 24): every word it prints comes from data/words/blood_diamonds.yaml,
`pnp words` writes them all, an edited or translated copy prints, a pseudo-translation of every word
builds, and suits, tiles, coins and powers print labels apart from the identities the rules check."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from conftest import run_pnp
from test_words import edited, pdf_words, pseudo, words_file
from generator.games.blood_diamonds.paper import reference_back, reference_front, rules_blocks, rules_pages
from generator.kit.prose import rules_sheet_fit
from generator.load import load_game
from generator.model import Area
from generator.recording import record_face
from generator.words import load_words

GAME = "blood_diamonds"


@pytest.fixture
def words_copy(tmp_path) -> Path:
    return words_file(tmp_path, GAME)


def rewritten(path: Path, change) -> Path:
    data = yaml.safe_load(path.read_text())
    data["words"] = {key: change(key, value) for key, value in data["words"].items()}
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    return path


def longer(text: str) -> str:
    """A harsher pseudo-translation than test_words.pseudo: accents, and every run of words a third
    longer with Cyrillic and symbols (in words of six), placeholders kept."""
    out = []
    for part in re.split(r"(\{[^{}]*\})", text):
        if part.startswith("{") or not part.strip():
            out.append(part)
            continue
        swapped = part.translate(str.maketrans("aeiouAEIOU", "àéîõüÀÉÎÕÜ"))
        extra = max(2, round(len(part.strip()) * 0.3))
        pad = " ".join(["ДЖ♦☀щы"] * 40)[:extra].strip()
        stripped = swapped.rstrip()
        out.append(stripped + (" " if extra > 4 else "") + pad + swapped[len(stripped):])
    return "".join(out)


def face_words(piece, side: str = "front") -> str:
    draw = piece.front if side == "front" else piece.back
    return " ".join(text.text for text in record_face(draw, Area(piece.width, piece.height, 0.0)).texts)


def parts_of(game) -> dict:
    return {component.name: component for component in game.components()}


# `pnp words` and an edited copy ------------------------------------------------------------------

def test_pnp_words_writes_every_word_blood_diamonds_prints(words_copy):
    data = yaml.safe_load(words_copy.read_text())
    keys = set(data["words"])
    assert keys == set(load_words(GAME).texts)
    assert {"rules.title", "effect.spade.power", "tile.black-market", "track.stack", "payoff.note", "pawn.name",
            "printing.step.1", "component.payoff-chart", "suit.hearts", "tile.sun", "print.scale"} <= keys


def test_an_edited_sentence_prints_and_the_rest_stays(words_copy, tmp_path):
    edited(words_copy, "rules.end: The end", "rules.end: How it ends")
    edited(words_copy, "track.title: Score track", "track.title: Points so far")
    code, _, stderr = run_pnp("build", GAME, "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0 and stderr == "", stderr
    said = pdf_words(tmp_path / "out" / GAME, GAME)
    assert "How it ends" in said and "Points so far" in said and "Blood Diamonds: the rules" in said
    assert "The end" not in said


def test_a_broken_copy_is_one_error_at_its_line(words_copy, tmp_path):
    edited(words_copy, '"{title}: the rules"', '"{titel}: the rules"')
    line = next(n for n, text in enumerate(words_copy.read_text().splitlines(), 1) if "{titel}" in text)
    code, _, stderr = run_pnp("validate", GAME, "--words", "mine.yaml", cwd=tmp_path)
    assert code == 2 and stderr.startswith(f"mine.yaml:{line}:") and "write {title}" in stderr, stderr


def test_no_sentence_is_left_in_the_code():
    """Every block of the rules sheet and the card's back is a words file's text, filled in."""
    spec = load_game(GAME).spec
    templates = [re.compile(".*".join(re.escape(part) for part in re.split(r"\{[^{}]*\}", text)), re.S)
                 for text in load_words(GAME).texts.values()]
    texts = [block[1] for blocks in (rules_blocks(spec), reference_back(spec)) for block in blocks
             if len(block) > 1 and isinstance(block[1], str)]
    assert len(texts) > 40
    for text in texts:
        assert any(template.fullmatch(text) for template in templates), text


# A pseudo-translation of every word --------------------------------------------------------------

@pytest.mark.parametrize("change", [pseudo, longer], ids=["pseudo", "a-third-longer"])
def test_a_pseudo_translation_of_every_word_validates_and_builds(words_copy, tmp_path, change):
    rewritten(words_copy, lambda key, value: change(value))
    for paper in ("a4", "letter"):  # a build validates first, and says nothing unless something is wrong
        code, _, stderr = run_pnp("build", GAME, "--words", "mine.yaml", "--paper", paper, "--out", paper,
                                  cwd=tmp_path)
        assert code == 0 and stderr == "", stderr
        said = pdf_words(tmp_path / paper / GAME, GAME)
        assert "ДЖ♦☀" in said
        for text in ("Blàck màrkét", "Dîàmõnd sàlés", "Scõré tràck", "Évîl Spy's Làîr", "thé rülés"):
            assert text in said, text


def test_a_longer_translation_grows_the_card_chart_and_pawns_and_flows_the_rules(words_copy, tmp_path):
    rewritten(words_copy, lambda key, value: longer(value))
    english, translated = load_game(GAME), load_game(GAME, words=str(words_copy))
    assert translated.findings() == [f for f in translated.findings() if f.level != "error"]
    sizes = {}
    for name, game in (("en", english), ("xx", translated)):
        parts = parts_of(game)
        card, chart, pawn = (parts[kind].pieces[0] for kind in ("reference-card", "payoff-chart", "pawn"))
        sizes[name] = ((card.width, card.height), (chart.width, chart.height), pawn.width,
                       len(parts["rules-sheet"].pieces))
    assert sizes["en"] == ((148.0, 105.0), (63.5, 88.9), 19.0, 1)
    (card_w, card_h), (chart_w, chart_h), pawn_w, sheets = sizes["xx"]
    assert card_w == 148.0 and 105.0 < card_h <= 105.0 * 1.5
    assert 63.5 < chart_w <= 63.5 * 1.5 and pawn_w > 19.0 and sheets == 2
    for page in rules_pages(translated.spec):
        body, overflow = rules_sheet_fit(translated.spec, page)
        assert overflow <= 0 and body >= 7.0 * 0.3527 - 1e-6
    assert face_words(parts_of(translated)["rules-sheet"].pieces[1]).startswith("Blood Diamonds: thé")


def test_the_english_sizes_are_the_files_even_when_a_card_is_too_small(tmp_path):
    """Only a chosen words file grows a piece: with the bundled words a card too small is an error."""
    game = load_game(GAME, ("payoff_chart.piece=mini-card",))
    assert {f.rule for f in game.findings() if f.level == "error"} == {"blood_diamonds.text-fits"}


# Labels apart from identities --------------------------------------------------------------------

def test_translated_roles_and_suits_validate_and_print_everywhere(words_copy, tmp_path):
    edited(words_copy, "tile.sun: Market", "tile.sun: Marché")
    edited(words_copy, "power.diamond: Swindler", "power.diamond: Escroc")
    edited(words_copy, "tile.spade: Evil Spy's Lair", "tile.spade: Repaire de l'espion")
    edited(words_copy, "suit.hearts: hearts", "suit.hearts: cœurs")
    game = load_game(GAME, words=str(words_copy))
    assert [f for f in game.findings() if f.level == "error"] == []
    parts = parts_of(game)
    tiles = {piece.id: piece for piece in parts["tile"].pieces}
    assert "Marché" in face_words(tiles["tile-sun-3"]) and "Repaire de l'espion" in face_words(tiles["tile-spades-2"])
    card = parts["reference-card"].pieces[0]
    assert "Tile: Marché" in face_words(card) and "Cœurs" in face_words(card)
    assert "Repaire de l'espion" in face_words(card, "back")
    pawns = {piece.id: piece for piece in parts["pawn"].pieces}
    assert "Cœurs" in face_words(pawns["pawn-hearts"])
    assert "Escroc" in face_words(parts["payoff-chart"].pieces[0])
    rules = face_words(parts["rules-sheet"].pieces[0])
    assert "for the Escroc" in rules and "cœurs" in rules
    code, _, stderr = run_pnp("build", GAME, "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0 and stderr == "", stderr


def test_a_translation_beats_the_game_files_labels_which_beat_the_bundled_words(words_copy, tmp_path):
    own = ("suits.0.tile={id: Market, label: Bazaar}", "suits.4.label=Hearts of gold")
    game = load_game(GAME, own)
    tiles = {piece.id: piece for piece in parts_of(game)["tile"].pieces}
    assert "Bazaar" in face_words(tiles["tile-sun-3"])
    assert "Hearts of gold" in face_words({p.id: p for p in parts_of(game)["pawn"].pieces}["pawn-hearts"])
    edited(words_copy, "tile.sun: Market", "tile.sun: Marché")
    edited(words_copy, "suit.hearts: hearts", "suit.hearts: cœurs")
    game = load_game(GAME, own, words=str(words_copy))
    parts = parts_of(game)
    assert "Marché" in face_words({p.id: p for p in parts["tile"].pieces}["tile-sun-3"])
    assert "Cœurs" in face_words({p.id: p for p in parts["pawn"].pieces}["pawn-hearts"])


@pytest.mark.parametrize("old, new, says", [
    ("tile.sun: Market", "tile.sun: Oasis", 'words "tile.sun": suit sun (symbol sun): its tile would print as "Oasis"'),
    ("power.club: Thug", "power.club: Brute",
     None),  # harmless: a label of its own
    ("coin.heart: Health", "coin.heart: Beatings", 'its coin action would print as "Beatings"'),
    ("power.moon: Scrounger", "power.moon: Thief", None),
])
def test_a_translated_label_is_checked_as_it_prints(words_copy, tmp_path, old, new, says):
    edited(words_copy, old, new)
    code, _, stderr = run_pnp("validate", GAME, "--words", "mine.yaml", cwd=tmp_path)
    if says is None:
        assert code == 0, stderr
    else:
        assert code == 1 and says in stderr and "[blood_diamonds.suit-roles]" in stderr, stderr
        assert stderr.startswith("mine.yaml:"), stderr


def test_two_roles_or_suits_printing_alike_are_errors(words_copy, tmp_path):
    edited(words_copy, "power.moon: Scrounger", "power.moon: Brute")
    edited(words_copy, "power.club: Thug", "power.club: Brute")
    code, _, stderr = run_pnp("validate", GAME, "--words", "mine.yaml", cwd=tmp_path)
    assert code == 1 and 'both print as "Brute"' in stderr and "[blood_diamonds.suit-roles]" in stderr, stderr
    code, _, stderr = run_pnp("validate", GAME, "--set", "suits.1.label=Sun", cwd=tmp_path)
    assert code == 1 and 'suits sun and moon both print as "Sun"' in stderr and "[blood_diamonds.suits]" in stderr
    code, _, stderr = run_pnp("validate", GAME, "--set", "suits.1.label=' '", cwd=tmp_path)
    assert code == 1 and "suit moon prints no name" in stderr, stderr


# The game file's own words, and page 1 -----------------------------------------------------------

def test_the_card_words_in_a_game_file_print_unless_a_translation_gives_them(words_copy, tmp_path):
    own = ("reference_card.turn=['Draw a tile.', 'Do something.']", "reference_card.title=Diamants")
    back = " ".join(block[1] for block in reference_back(load_game(GAME, own).spec) if isinstance(block[1], str))
    front = reference_front(load_game(GAME, own).spec)[0][1]
    assert "Draw a tile." in back and "Explore: draw a tile" not in back and front == "Diamants: the suits"
    edited(words_copy, "reference.turn.1: \"Explore", "reference.turn.1: \"Explorez")
    back = " ".join(block[1] for block in reference_back(load_game(GAME, own, words=str(words_copy)).spec)
                    if isinstance(block[1], str))
    assert "Explorez: draw a tile" in back and "Draw a tile." not in back


def test_page_one_says_what_to_bring_in_the_words_of_the_copy(words_copy, tmp_path):
    edited(words_copy, "printing.bring.3: glue", "printing.bring.3: colle")
    edited(words_copy, "printing.stock.coin: card, as for the tiles", "printing.stock.coin: carton, comme les tuiles")
    code, _, stderr = run_pnp("build", GAME, "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    said = pdf_words(tmp_path / "out" / GAME, GAME)
    assert "colle" in said and "carton, comme les tuiles" in said
    manifest = json.loads((tmp_path / "out" / GAME / "manifest.json").read_text())
    assert manifest["pages"][0]["components"][0] == "print-guide"


def test_a_printing_block_in_the_game_file_still_prints(tmp_path):
    game = load_game(GAME, ("printing.bring=[a torch]",))
    assert game.printing.bring == ["a torch"]
    assert game.printing.steps[0].startswith("Dice: fold each net")
    assert game.spec.printing.steps == []  # the file's block as read: what the game made of it is not written back


def test_a_long_tile_name_takes_two_lines_rather_than_print_below_7_pt():
    long = "Das geheime Versteck des bösen Spions"
    game = load_game(GAME, (f"suits.5.tile={{id: Evil Spy's Lair, label: {long}}}",))
    spec = game.spec
    tiles = {piece.id: piece for component in game.components() for piece in component.pieces}
    tile = tiles["tile-spades-3"]
    names = [text for text in record_face(tile.front, Area(tile.width, tile.height, 0.0)).texts if text.text != "3"]
    assert len(names) == 2 and " ".join(text.text for text in names) == long
    assert all(text.size >= 7.0 * 0.3527 - 1e-6 for text in names)
    english = {piece.id: piece for component in load_game(GAME).components() for piece in component.pieces}
    assert "Evil Spy's Lair" in [text.text for text in record_face(english["tile-spades-3"].front, Area(50.8, 50.8, 0.0)).texts]
    assert not [f for f in game.findings() if f.rule in ("blood_diamonds.layout", "layout.text-size")]


@pytest.mark.parametrize("old, new, key", [
    ("rules.end: The end", "rules.end: 終わり", "rules.end"),
    ("tile.sun: Market", "tile.sun: 市場", "tile.sun"),
    ("track.title: Score track", "track.title: 得点", "track.title"),
])
def test_a_character_no_font_has_is_reported_at_the_words_line_not_at_the_font(words_copy, tmp_path, old, new, key):
    edited(words_copy, old, new)
    line = next(n for n, text in enumerate(words_copy.read_text().splitlines(), 1) if new in text)
    for command in ("validate", "build"):
        code, out, err = run_pnp(command, GAME, "--words", "mine.yaml", "--out", "out", cwd=tmp_path) \
            if command == "build" else run_pnp(command, GAME, "--words", "mine.yaml", cwd=tmp_path)
        lines = [text for text in (out + err).splitlines() if "error" in text]
        assert code == 2 and len(lines) == 1 and "Traceback" not in out + err, out + err
        assert lines[0].startswith(f"mine.yaml:{line}:") and f'words "{key}": no font has' in lines[0], lines


def test_blood_diamonds_in_french_prints_french_throughout(tmp_path):
    code, _, stderr = run_pnp("validate", GAME, "--lang", "fr", cwd=tmp_path)
    assert code == 0 and "warning" not in stderr, stderr
    french = load_words(GAME, lang="fr")
    assert set(french.texts) == set(load_words(GAME).texts) and not french.missing
    for paper in ("a4", "letter"):
        code, _, stderr = run_pnp("build", GAME, "--lang", "fr", "--paper", paper, "--out", paper, cwd=tmp_path)
        assert code == 0 and stderr == "", stderr
        said = pdf_words(tmp_path / paper / GAME, GAME)
        for text in ("Blood Diamonds : règle du jeu", "Blood Diamonds : les couleurs", "Marché noir", "Repaire de l'espion",
                     "Piste des scores", "Ventes de diamants", "Escroc", "Impression et montage", "Cœur",
                     "Tuile : Marché", "Pièces : Piques", "page 1 sur"):
            assert text in said, text
        for english in ("the rules", "Black market", "Score track", "Diamond sales", "Swindler", "Market",
                        "Print at 100 %", "page 1 of", "Hearts"):
            assert english not in said, english
        # "Pièce" is a coin of the game: page 1 counts its printed things as "éléments".
        assert not re.search(r"\(\d+ pièces?\)", said), said
    # The sizes are the game file's: French fits the cards as they are.
    parts = parts_of(load_game(GAME, lang="fr"))
    card, chart, pawn = (parts[kind].pieces[0] for kind in ("reference-card", "payoff-chart", "pawn"))
    assert (card.width, card.height, chart.width, chart.height, pawn.width) == (148.0, 105.0, 63.5, 88.9, 19.0)
