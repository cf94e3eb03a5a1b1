"""Any script, shaped: Hebrew and Arabic print right to left with Arabic letters joined, in the PDF, the
SVG and the PNG alike; a script that cannot be shaped, or has no font, is one error at its words' line;
CJK prints from a user's font named in `style.fallback`.

The expected strings are written out from the Unicode standard (the bidi algorithm's order, Arabic's
joining forms), not computed by the code under test."""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as ElementTree
import zlib
from pathlib import Path

import pytest
from PIL import Image

import pdfprobe
from conftest import DIAMONDS_YAML, run_pnp
from generator import fonts, shaping

TITLE = "الماس في لمحة"  # Diamonds at a glance
#: ... as it prints, left to right: its three words in the opposite order, each letter in the form that
#: joins it to its neighbours: لمحة = teh marbuta final, hah medial, meem medial, lam initial; في = yeh
#: final, feh initial; الماس = seen isolated (after alef nothing joins), alef final, meem medial, lam
#: initial, alef isolated.
TITLE_PRINTED = ("\ufe94\ufea4\ufee4\ufedf" " " "\ufef2\ufed3" " " "\ufeb1\ufe8e\ufee4\ufedf\ufe8d")
HEADING = "התור שלך"  # Your turn
HEADING_PRINTED = "\u05da\u05dc\u05e9 \u05e8\u05d5\u05ea\u05d4"  # ךלש רותה
#: Hebrew with a number and a Latin name: the name and the number keep their own order, the sentence
#: runs right to left, and its full stop ends up at the left.
MIXED = "עד 7 יהלומים עם Alice."
MIXED_PRINTED = ".Alice \u05dd\u05e2 \u05dd\u05d9\u05de\u05d5\u05dc\u05d4\u05d9 7 \u05d3\u05e2"
#: "Keep it" in Arabic, with the lam-alef that Arabic always writes as one ligature (U+FEFB).
LIGATURE = "لا تتركها"
#: "House" with a fatha on its beh and "peace" with a qamats and a shin dot on its shin: marks the font
#: places over (or under) the letter they follow in the text.
POINTED = "بَيت שָׁלוֹם"
#: A paragraph long enough to wrap on the reference card: each line must read right to left.
PARAGRAPH = ("יהלום או ג׳וקר? שמרו אותו והפכו את הקלף הבא מאותה ערימה, וכך הלאה עד שהערימה נגמרת "
             "או שאתם עוצרים")

WORDS = f"""language: he
words:
  reference.title: "{TITLE}"
  reference.turn.heading: "{HEADING}"
  reference.turn.1: "{MIXED}"
  reference.turn.2: "{PARAGRAPH}"
  reference.turn.3: "{LIGATURE}"
  reference.turn.4: "{POINTED}"
"""


DPI = 200


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """Diamonds' reference cards with Hebrew and Arabic words, as PDF, SVG and PNG."""
    folder = tmp_path_factory.mktemp("scripts")
    (folder / "words.yaml").write_text(WORDS, encoding="utf-8")
    code, _, stderr = run_pnp("build", "diamonds", "--words", "words.yaml", "--only", "reference-card", "--format",
                              "pdf,svg,png", "--dpi", str(DPI), "--out", "out", "-q", cwd=folder)
    assert code == 0, stderr
    return folder / "out" / "diamonds"


def printed_lines(chars: list[pdfprobe.Char]) -> list[str]:
    """The page's lines as they print: characters by baseline from the top, each line left to right."""
    lines: dict[float, list[pdfprobe.Char]] = {}
    for char in chars:
        lines.setdefault(round(char.y, 1), []).append(char)
    return ["".join(char.char for char in sorted(line, key=lambda char: char.x))
            for _, line in sorted(lines.items(), reverse=True)]


def plain(text: str) -> str:
    """Presentation forms as their letters (what PDFium's text extraction gives back)."""
    return unicodedata.normalize("NFKC", text)


def embedded_codes(pdf: bytes) -> set[int]:
    """Every character the PDF's embedded fonts map their codes to (their ToUnicode maps): the
    characters the PDF draws, presentation forms as they are."""
    codes = set()
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        try:
            text = zlib.decompress(stream)
        except zlib.error:
            continue
        if b"beginbfchar" in text:
            codes |= {int(code, 16) for code in re.findall(rb"<[0-9A-F]{2}> <([0-9A-F]{4})>", text)}
    return codes


def first_card(chars: list[pdfprobe.Char]) -> list[pdfprobe.Char]:
    """The characters of the page's left column of cards (its right column shares their baselines)."""
    return [char for char in chars if char.x < 100]


def numbers_off(lines: list[str]) -> list[str]:
    """The printed lines without a numbered step's number: on the left of an English step, on the right
    of a Hebrew or Arabic one (a right-to-left list runs down the right of its column)."""
    return [re.sub(r"^\d+\.\s*|\s*\d+\.$", "", line) for line in lines]


def test_the_pdf_prints_hebrew_and_arabic_in_visual_order(built):
    (front, _), _back = pdfprobe.read(built / "diamonds.pdf")[:2]
    lines = numbers_off(printed_lines(first_card(front)))
    for printed in (TITLE_PRINTED, HEADING_PRINTED, MIXED_PRINTED):
        assert any(line.endswith(plain(printed)) for line in lines), (printed, lines[:12])


def test_a_wrapped_hebrew_paragraph_reads_right_to_left_line_by_line(built):
    (front, _), _back = pdfprobe.read(built / "diamonds.pdf")[:2]
    lines = numbers_off(printed_lines(first_card(front)))
    start = next(index for index, line in enumerate(lines) if line.endswith(PARAGRAPH.split()[0][::-1]))
    # pure Hebrew prints as its reverse: each printed line, read from the right, is the next part of
    # the paragraph, so that the paragraph reads down the lines
    read = []
    while len(" ".join(read)) < len(PARAGRAPH):
        read.append(lines[start + len(read)][::-1].strip())
    assert len(read) > 1 and " ".join(read) == PARAGRAPH, read


def test_vowel_marks_are_drawn_where_their_letter_starts(built):
    """A mark has no advance and DejaVu draws it over the glyph drawn next: so it is drawn at the very
    place its letter is, not after it, over the neighbouring letter or a space."""
    (front, _), _back = pdfprobe.read(built / "diamonds.pdf")[:2]
    chars = first_card(front)
    marks = {"\u064e": "\u0628", "\u05b8": "\u05e9", "\u05c1": "\u05e9", "\u05b9": "\u05d5"}  # mark: its letter
    for mark, letter in marks.items():
        drawn = [char for char in chars if char.char == mark]
        assert drawn, mark
        for placed in drawn:  # one on each of the column's cards
            base = [char for char in chars if char.char == letter and char.y == placed.y]
            assert len(base) == 1 and placed.x == pytest.approx(base[0].x, abs=0.02), (mark, placed, base)


def test_the_pdf_draws_arabic_joined_with_its_lam_alef_ligature(built):
    codes = embedded_codes((built / "diamonds.pdf").read_bytes())
    assert set(map(ord, TITLE_PRINTED)) - {32} <= codes
    assert 0xFEFB in codes  # lam-alef, isolated: "لا"
    assert not codes & set(range(0x0620, 0x064B)), "an Arabic letter printed unjoined"


def test_the_svg_holds_the_same_shaped_strings_drawn_as_they_are(built):
    svg = (built / "svg" / "page-01.svg").read_text(encoding="utf-8")
    texts = {element.text: element.get("style") for element in ElementTree.fromstring(svg).iter()
             if element.tag.endswith("text") and element.text}
    for printed in (TITLE_PRINTED, HEADING_PRINTED):
        assert printed in texts, sorted(texts)[:12]
        # a viewer must not reorder the text a second time
        assert "unicode-bidi:bidi-override" in texts[printed] and "direction:ltr" in texts[printed]
    assert not any(unicodedata.bidirectional(char) in ("R", "AL") for text, style in texts.items()
                   if "bidi-override" not in style for char in text)


def ink_pieces(image, box) -> int:
    """How many separate pieces of ink (8-connected dark pixels) the image has inside `box`."""
    left, top, right, bottom = box
    dark = {(x, y) for x in range(left, right) for y in range(top, bottom) if image.getpixel((x, y)) < 140}
    pieces = 0
    while dark:
        pieces += 1
        todo = [dark.pop()]
        while todo:
            x, y = todo.pop()
            for near in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                if near in dark:
                    dark.remove(near)
                    todo.append(near)
    return pieces


def test_the_png_prints_an_arabic_word_joined(built):
    """لمحة joined is one stroke and the two dots of its teh marbuta: three pieces of ink, where its four
    letters apart would be six."""
    (front, _), _back = pdfprobe.read(built / "diamonds.pdf")[:2]
    top = max(char.y for char in front)  # the title is the card's first line
    title = sorted((char for char in first_card(front) if char.y == top and char.char.strip()), key=lambda char: char.x)
    word = title[:len("لمحة")]  # the word read last prints leftmost
    mm = DPI / 25.4
    image = Image.open(built / "png" / "page-01.png").convert("L")
    baseline = image.height - word[0].y * mm
    box = (round(word[0].x * mm) - 2, round(baseline - 5 * mm), round(title[len(word)].x * mm) - 1,
           round(baseline + 2 * mm))
    assert ink_pieces(image, box) == 3


def test_shaped_text_is_measured_as_it_prints():
    assert fonts.text_width(TITLE, 10, "bold") == pytest.approx(fonts.text_width(TITLE_PRINTED, 10, "bold"))
    unjoined = sum(fonts.text_width(char, 10, "bold") for char in TITLE)
    assert fonts.text_width(TITLE, 10, "bold") != pytest.approx(unjoined)
    # a right-to-left paragraph wraps in the order it is read; each line is reordered as it prints
    lines = fonts.wrap(PARAGRAPH, 3.0, 40.0)
    assert len(lines) > 1 and " ".join(lines) == PARAGRAPH


@pytest.mark.parametrize(("paragraph", "first", "printed"), [
    ("שמרו את הקלף של Alice והפכו את הבא", "שמרו את הקלף של", "\u05ea\u05d0 \u05d5\u05db\u05e4\u05d4\u05d5 Alice"),
    ("Keep the card of שמעון and turn it", "Keep the card of", "\u05df\u05d5\u05e2\u05de\u05e9 and turn it"),
], ids=["hebrew", "english"])
def test_every_line_of_a_paragraph_keeps_the_paragraphs_direction(paragraph, first, printed):
    """A Hebrew paragraph's second line starting with a Latin name still reads right to left (the
    name at its right), and an English one's starting with a Hebrew name left to right."""
    width = fonts.text_width(first, 3.0, "regular") + 0.5
    lines = fonts.wrap(paragraph, 3.0, width)
    assert shaping.unmarked(lines[0]) == first
    assert shaping.visual(lines[1]).startswith(printed), shaping.visual(lines[1])
    assert fonts.text_width(lines[1], 3.0) == fonts.text_width(shaping.unmarked(lines[1]), 3.0)  # the mark takes no room


def test_latin_text_is_printed_as_it_is_without_shaping():
    text = "Diamonds at a glance: 7 × ♦ Ωμέγα"
    assert shaping.visual(text) is text  # the same string: one search, no copy, no bidi


WORDS_LINE = 4  # of the key in a words file `words_error` writes


def words_error(tmp_path: Path, game: str, key: str, text: str) -> tuple[int, list[str]]:
    """`pnp validate GAME` with a words file giving `key` the words `text` (on line WORDS_LINE)."""
    words = tmp_path / "words.yaml"
    words.write_text(f'language: en\nwords:\n  # a comment line\n  {key}: "{text}"\n', encoding="utf-8")
    code, _, stderr = run_pnp("validate", game, "--words", words, cwd=tmp_path)
    return code, stderr.splitlines()


@pytest.mark.parametrize("text", ["ܫܠܡܐ ܥܠܡܐ", "नमस्ते दुनिया"])
def test_a_script_that_cannot_be_shaped_is_one_error_at_its_words_line(tmp_path, text):
    code, lines = words_error(tmp_path, "diamonds", "reference.turn.heading", text)
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith(f"{tmp_path / 'words.yaml'}:{WORDS_LINE}:") and "[input.script]" in lines[0], lines
    assert 'words "reference.turn.heading"' in lines[0]


@pytest.mark.parametrize(("game", "key"), [("diamonds", "suit.diamonds"), ("diatoms", "judge.1.green.1"),
                                           ("diamonds", "reference.turn.1")])
@pytest.mark.parametrize("text", ["钻石 for each oval", "🦊 for each oval"])
def test_cjk_or_emoji_with_no_font_is_reported_at_the_words_line_and_key(tmp_path, game, key, text):
    code, lines = words_error(tmp_path, game, key, text)
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith(f"{tmp_path / 'words.yaml'}:{WORDS_LINE}:") and f'words "{key}"' in lines[0], lines
    assert "[input.missing-glyph]" in lines[0]


CJK = "钻石游戏"  # "diamond game"


def cjk_font(path: Path) -> None:
    """A tiny TrueType font with a glyph (a box with a bar across) for each character of CJK."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    def glyph(bar: int):
        pen = TTGlyphPen(None)
        for contour in ([(100, -50), (100, 750), (900, 750), (900, -50)],
                        [(200, 50 + bar), (800, 50 + bar), (800, 150 + bar), (200, 150 + bar)]):
            pen.moveTo(contour[0])
            for point in contour[1:]:
                pen.lineTo(point)
            pen.closePath()
        return pen.glyph()

    names = [f"cjk{index}" for index in range(len(CJK))]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", *names])
    builder.setupCharacterMap({ord(char): name for char, name in zip(CJK, names)})
    builder.setupGlyf({".notdef": TTGlyphPen(None).glyph(), **{name: glyph(120 * index)
                                                                for index, name in enumerate(names)}})
    builder.setupHorizontalMetrics({name: (1000, 100) for name in names} | {".notdef": (500, 0)})
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": "Tiny CJK", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    builder.setupPost()
    builder.save(str(path))


@pytest.fixture
def own_fallbacks(monkeypatch):
    """`style.fallback` faces join the process's chain (fonts.USER_FALLBACKS): this test's go with it,
    and so do the measures taken with them."""
    monkeypatch.setattr(fonts, "USER_FALLBACKS", [])
    yield
    for cached in (fonts.runs, fonts.text_units, fonts._wrapped, fonts.inked_height):
        cached.cache_clear()


def test_cjk_prints_from_a_users_font_named_in_style_fallback(tmp_path, own_fallbacks):
    cjk_font(tmp_path / "cjk.ttf")
    game = DIAMONDS_YAML.read_text().replace("title: Dig site", f"title: {CJK} Dig site")
    game = game.replace("\nstyle:\n", "\nstyle:\n  fallback: [cjk.ttf]\n", 1)
    (tmp_path / "mine.yaml").write_text(game, encoding="utf-8")
    code, _, stderr = run_pnp("build", "mine.yaml", "--only", "dig-site-mat", "--format", "pdf,svg", "--out", "out",
                              "-q", cwd=tmp_path)
    assert code == 0 and stderr == "", stderr
    chars = pdfprobe.read(tmp_path / "out" / "diamonds" / "diamonds.pdf")[0][0]
    printed = [char for char in chars if char.char in CJK]
    assert printed and all(CJK in line for line in printed_lines(printed))  # the mat's title, and its footer's
    assert {char.font for char in printed} == {next(char.font for char in printed)}
    assert "cjk" in printed[0].font.lower()
    svg = (tmp_path / "out" / "diamonds" / "svg" / "page-01.svg").read_text(encoding="utf-8")
    assert CJK in svg and re.search(r"@font-face\{font-family:cjk", svg)


def test_a_hebrew_block_of_prose_starts_at_the_right_of_its_column_and_an_english_one_at_the_left():
    from generator.canvas import Canvas
    from generator.kit.prose import flow
    from generator.load import load_game
    from generator.recording import Recording

    style = load_game("diamonds").spec.style.resolve("rules-sheet", piece="rules-sheet")
    hebrew, english, body = "שחקנים חופרים יהלומים ושומרים את מה שהם מוצאים", "Players dig for diamonds", 3.0
    recording = Recording()
    flow(Canvas(recording), [(10.0, 0.0, 100.0, 200.0)], [("p", hebrew), ("p", english), ("b", hebrew)],
         style, body)
    texts = [(call[1], call[-1].e, fonts.text_width(call[1], call[3], call[2]))
             for call in recording.calls if call[0] == "text"]
    first, second, bullet = texts[0], next(t for t in texts if t[0] == english), texts[-1]
    assert first[1] + first[2] == pytest.approx(110.0)  # ends at the column's right edge
    assert second[1] == pytest.approx(10.0)  # starts at its left edge
    assert bullet[1] + bullet[2] == pytest.approx(110.0 - body * 1.4)  # the bullet's room on the right
    dot = next(call[1].bounds() for call in recording.calls if call[0] == "path")
    assert (dot[0] + dot[2]) / 2 == pytest.approx(110.0 - body * 0.45)


@pytest.mark.parametrize(("line", "printed"), [
    ("שלם (2) מטבעות", "תועבטמ (2) םלש"),  # a bracket in a right-to-left run prints mirrored: (2), not )2(
    ("הדפיסו ב-100% (גודל אמיתי)", "(יתימא לדוג) 100%-ב וסיפדה"),
    ("מחיר [א] <ב> «ג»", "«ג» <ב> [א] ריחמ"),
    ("Hello (world) שלום", "Hello (world) םולש"),  # in a left-to-right run it stays as it is
])
def test_a_bracket_or_quote_mark_in_a_right_to_left_run_prints_mirrored(line, printed):
    assert shaping.visual(line) == printed


def test_a_wrapped_line_of_a_layouts_text_keeps_its_paragraphs_direction():
    """On a piece as on a rules sheet: an English paragraph's line that starts with a Hebrew word reads
    left to right (the word, then "Then"), a Hebrew one's that starts with a Latin name right to left
    (the name at the right)."""
    from generator.kit.layouts import wrap_tokens

    for paragraph, width, second in (("Say it: שלום עולם. Then draw 2.", 22.0, "\u05dd\u05dc\u05d5\u05e2. Then"),
                                     ("אמרו את המילה Bruno Faidutti שלוש פעמים.", 34.0,
                                      ".\u05dd\u05d9\u05de\u05e2\u05e4 \u05e9\u05d5\u05dc\u05e9 Faidutti")):
        lines, _ = wrap_tokens([fonts.words_of(paragraph)], 3.0, "regular", width)
        assert shaping.unmarked(" ".join(" ".join(line) for line in lines)) == paragraph
        assert shaping.visual(" ".join(lines[1])) == second, [shaping.visual(" ".join(line)) for line in lines]


def test_a_footer_with_a_right_to_left_title_keeps_its_fields_in_their_places(tmp_path):
    """The footer's fields are drawn as runs of their own: a Hebrew title reads right to left in its
    place, followed by the separator and "front", not reordered with them as one line."""
    (tmp_path / "game.yaml").write_text('game: custom\ntitle: "מכרה היהלומים"\ncomponents:\n  card: {piece: '
                                        "poker-card, rows: [{id: a}], front: front}\nlayouts:\n  front:\n    x: "
                                        '{rect: {fill: accent}, at: [0.5, 0.5], box: [0.5, 0.5]}\n', encoding="utf-8")
    code, _, stderr = run_pnp("build", "game.yaml", "--format", "svg", "--out", "out", "-q", cwd=tmp_path)
    assert code == 0, stderr
    svg = next((tmp_path / "out").glob("*/svg/page-03.svg")).read_text(encoding="utf-8")
    texts = [unicodedata.normalize("NFC", text) for text in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
    title = texts.index("םימולהיה הרכמ")  # the title alone, in visual order
    assert texts[title + 1] == " · " and texts[title + 2].startswith("Card"), texts


def test_letters_typed_with_combining_marks_print_composed():
    """Vietnamese "ế" typed as e, a circumflex and an acute (a decomposed file) prints as the composed
    letter, its marks placed by the font, not drawn across each other; and measures as it prints."""
    decomposed = "Tie\u0302\u0301ng Vie\u0323\u0302t o\u0302\u0300"
    assert shaping.visual(decomposed) == "Ti\u1ebfng Vi\u1ec7t \u1ed3"
    assert fonts.text_width(decomposed, 3.0) == fonts.text_width("Ti\u1ebfng Vi\u1ec7t \u1ed3", 3.0)


def test_a_word_set_down_a_column_keeps_its_letters_joined_and_their_marks():
    """The Diamonds joker's index sets its word a letter a line: an Arabic word's letters in the forms
    that join them (not four unjoined letters), a letter with its combining mark on one line."""
    assert shaping.letters("JOKER") == list("JOKER")
    assert shaping.letters("جوكر") == ["\ufe9f", "\ufeee", "\ufedb", "\ufeae"]  # initial, final, initial, final
    assert shaping.letters("Jo\u0301ker") == ["J", "\u00f3", "k", "e", "r"]
    assert shaping.letters("בְּ") == ["בְּ"]


def test_every_translated_text_in_a_script_pnp_cannot_shape_is_told_at_its_own_line(tmp_path):
    """Devanagari in the reference card's title and in the joker's word: two errors, each at its key's
    line (drawn, only the first was told, and the joker's index letter was blamed on the title)."""
    assert run_pnp("words", "diamonds", "--out", "words.yaml", cwd=tmp_path)[0] == 0
    lines = (tmp_path / "words.yaml").read_text(encoding="utf-8").splitlines()
    at = {}
    for key, text in (("reference.title", "हीरे एक नज़र में"), ("card.joker", "जोकर")):
        [number] = [n for n, line in enumerate(lines) if line.startswith(f"  {key}: ")]
        lines[number], at[key] = f'  {key}: "{text}"', number + 1
    (tmp_path / "words.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, stderr = run_pnp("validate", "diamonds", "--words", "words.yaml", cwd=tmp_path)
    found = stderr.splitlines()
    assert code == 2 and len(found) == 2, stderr
    for line, key in zip(found, sorted(at, key=at.get)):
        assert line.startswith(f"words.yaml:{at[key]}:") and f'words "{key}"' in line and "[input.script]" in line


def test_each_game_of_one_command_draws_with_its_own_fallbacks_alone(tmp_path, own_fallbacks):
    """`pnp build a.yaml b.yaml`: b, which names no fallback, never prints with a's font (it printed
    with it when a came first, and was refused when it came second), and a prints alike either way."""
    def game(name: str, title: str, fallback: bool) -> str:
        (tmp_path / name).mkdir()
        if fallback:
            cjk_font(tmp_path / name / "cjk.ttf")
        (tmp_path / name / f"{name}.yaml").write_text(
            f'game: custom\nid: {name}\ntitle: "{title}"\n' + ("style: {fallback: [cjk.ttf]}\n" if fallback else "")
            + "components:\n  card:\n    piece: poker-card\n    rows: [{id: c1, name: x}]\n    front: front\n"
            "layouts:\n  front:\n    name: {text: \"{name}\", at: [0.5, 0.5], box: [0.8, 0.1]}\n", encoding="utf-8")
        return f"{name}/{name}.yaml"

    own, borrower, plain = game("a", CJK, True), game("b", CJK, False), game("c", "Plain", False)
    for order in ((own, borrower), (borrower, own)):
        code, _, stderr = run_pnp("build", *order, "--out", "out", "-q", cwd=tmp_path)
        assert code == 2 and stderr.startswith("b/b.yaml:3:") and "[input.missing-glyph]" in stderr, stderr
    printed = []
    for order in ((own, plain), (plain, own)):
        code, _, stderr = run_pnp("build", *order, "--out", f"out-{len(printed)}", "-q", cwd=tmp_path)
        assert code == 0, stderr
        printed.append((tmp_path / f"out-{len(printed)}" / "a" / "a.pdf").read_bytes())
    assert printed[0] == printed[1]
