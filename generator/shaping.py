"""Right-to-left and joining scripts, made into strings every backend draws alike.

A line of Hebrew or Arabic is stored in logical order (the order it is typed and read) and must print
in visual order (left to right on the page), with Arabic letters in the forms that join them. `visual`
turns a logical line into that visual string; measuring, wrapping and drawing all go through it
(fonts.runs), so a line measures as it prints.

Why python-bidi with arabic-reshaper and not HarfBuzz (uharfbuzz): our backends draw strings. The
PDF's text is reportlab's, which maps each character to a glyph through the font's cmap (and subsets
by character); the SVG's is a <text> string; the PNG is rendered from the PDF. The reshaper's output
is a string too, of Unicode's Arabic presentation forms (initial, medial, final, isolated and the
lam-alef ligatures), which reportlab, the SVG, `--svg-text outlines` and a PDF's text extraction all
take as they take Latin; widths stay reportlab's advance widths, so wrapping and fitting stay exact.
HarfBuzz gives glyph ids and positions, which neither reportlab's text nor an SVG <text> can carry
(we would draw Arabic as outlines, or write our own font subsets and lose the PDF's text), and it does
no bidi reordering, so python-bidi would be needed anyway. What this costs: joining follows Unicode's
tables rather than a font's own GSUB rules (the same shapes in DejaVu, which has every presentation
form; a user's Arabic font whose cmap lacks them gives way to DejaVu Sans for those letters, as any
fallback does), ligatures are the lam-alef ones every Arabic font has, and a script whose shaping has no
presentation forms (Syriac, N'Ko, the Indic scripts, Tibetan, Myanmar, Khmer, Mongolian...) cannot be
printed right: `unshapable` finds it, and the text is an input error at its line, never drawn wrong.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

#: Characters that call for reordering or joining: Hebrew, Arabic and the other right-to-left blocks
#: (with their presentation forms), and the bidi controls. A line with none of them (every Latin,
#: Greek or Cyrillic line) is printed as it is, after this one search.
NEEDS_SHAPING = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200e\u200f\u202a-\u202e\u2066-\u2069"
                           "\U00010800-\U00010fff\U0001e800-\U0001efff]")

#: The bidi algorithm's invisible controls (marks, embeddings, overrides, isolates): they steer the
#: reordering and print nothing (most fonts have no glyph for them), so a reordered line drops them.
_CONTROLS = str.maketrans("", "", "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: The mirror image of each character that has one (Unicode's Bidi_Mirroring_Glyph, for the pairs
#: a writer types): ( and ), [ and ], { and }, < and >, the guillemets and the single ones.
MIRROR = dict(zip("()[]{}<>«»‹›⁅⁆⁽⁾₍₎", ")(][}{><»«›‹⁆⁅⁾⁽₎₍"))
#: The marks that set a line's direction: right to left, left to right.
RLM, LRM = "\u200f", "\u200e"

#: Scripts that need shaping beyond what presentation forms can say: joining scripts without them
#: (Syriac, N'Ko, Mandaic, Mongolian, Adlam) and scripts whose letters reorder and combine (the Indic
#: scripts, Sinhala, Tibetan, Myanmar, Khmer, Balinese, Javanese...).
UNSHAPABLE = re.compile("[\u0700-\u074f\u07c0-\u07ff\u0840-\u086f\u0900-\u0dff\u0f00-\u0fff\u1000-\u109f"
                        "\u1780-\u18af\u1a20-\u1aaf\u1b00-\u1b7f\ua8e0-\ua8ff\ua980-\ua9df\uaa60-\uaa7f"
                        "\U0001e900-\U0001e95f]")

#: Arabic letters in their plain (unjoined) code points: after reshaping, one left over is a letter the
#: reshaper has no joining forms for. (Not the tatweel, U+0640, which stretches a joined letter and
#: stays as it is.)
ARABIC_LETTERS = re.compile("[\u0620-\u063f\u0641-\u064a\u066e-\u06d3\u06d5\u06ee-\u06ff\u0750-\u077f\u08a0-\u08ff]")


@lru_cache(maxsize=None)
def _reshaper():
    import arabic_reshaper  # only for a text that has Arabic

    # Harakat (vowel marks) are kept, not deleted as the reshaper's default does: a text prints what it
    # says. Only the lam-alef ligatures, which Arabic writing requires and every Arabic font has
    # (DejaVu has no glyph for the word ligature of Allah, the reshaper's other default).
    return arabic_reshaper.ArabicReshaper(configuration={"delete_harakat": False, "arabic ligature allah": False})


def needs_shaping(text: str) -> bool:
    # isascii first: most texts are, and it is ten times quicker than the search
    return not text.isascii() and NEEDS_SHAPING.search(text) is not None


@lru_cache(maxsize=4096)
def visual(line: str) -> str:
    """The line as it prints, left to right: its letters composed (NFC), Arabic joined, then every run
    reordered by the Unicode bidi algorithm, its base direction from its first strong character. A
    line wraps in logical order first, and each line is reordered on its own, so a Hebrew paragraph
    reads right to left line by line."""
    if line.isascii():
        return line
    # Composed first: "ế" typed as an e and two combining marks (as some keyboards and files give it)
    # would print its marks crossed over each other, where the composed letter has them placed.
    line = unicodedata.normalize("NFC", line)
    if not needs_shaping(line):
        return line
    from bidi import get_display

    # A combining mark (Arabic harakat, Hebrew points) comes out before its letter, as a shaping
    # engine lays out right-to-left glyphs: it has no advance, and DejaVu draws it to the right of
    # where it starts, over the letter that follows it on the page.
    shaped = _reshaper().reshape(line)
    shown = get_display(shaped)
    if any(map(unicodedata.mirrored, shaped)):
        shown = _mirrored(shaped, shown)
    return shown.translate(_CONTROLS)


#: A level in python-bidi's account of a line (its `debug` output), and a character's bidi class there.
_LEVEL = re.compile(r"Level\(\s*(\d+),?\s*\)")
_CLASS = re.compile(r"\b([A-Z]+),")


def _mirrored(line: str, shown: str) -> str:
    """`shown`, python-bidi's display of `line`, with each character that has a mirror image (a
    bracket, a quote mark, <) mirrored where the bidi algorithm resolved it right to left: its rule
    L4, which python-bidi leaves out ("(2)" would print ")2("). The levels are python-bidi's own (one a
    byte of the line's UTF-8); the line is reordered by them here (rules L1 and L2), and the mirrors are
    put in only if that order is python-bidi's, else `shown` is kept as it is."""
    from bidi import get_display

    account = get_display(line, debug=True)
    classes_part, _, levels_part = account.partition("levels:")
    levels_part = levels_part.partition("paragraphs:")[0]
    by_byte = [int(level) for level in _LEVEL.findall(levels_part)]
    classes_by_byte = _CLASS.findall(classes_part.partition("original_classes:")[2])
    starts = []  # each character's first byte
    offset = 0
    for char in line:
        starts.append(offset)
        offset += len(char.encode("utf-8"))
    if not line or len(by_byte) != offset or len(classes_by_byte) != offset:
        return shown  # an account of another shape: as python-bidi shows it
    levels = [by_byte[start] for start in starts]
    classes = [classes_by_byte[start] for start in starts]
    paragraph = _LEVEL.search(account.partition("paragraphs:")[2])
    paragraph = int(paragraph.group(1)) if paragraph else min(levels)
    # L1: white space and isolate controls at the line's end go back to the paragraph's level
    end = len(levels)
    while end and classes[end - 1] in ("WS", "FSI", "LRI", "RLI", "PDI", "BN"):
        end -= 1
        levels[end] = paragraph
    # L2: from the highest level down to the lowest odd one, each run at that level or higher reversed
    order = list(range(len(line)))
    for level in range(max(levels), (min(levels) | 1) - 1, -1):
        index = 0
        while index < len(order):
            if levels[order[index]] < level:
                index += 1
                continue
            stop = index
            while stop < len(order) and levels[order[stop]] >= level:
                stop += 1
            order[index:stop] = reversed(order[index:stop])
            index = stop
    if "".join(line[index] for index in order) != shown:
        return shown
    return "".join(MIRROR.get(line[index], line[index]) if levels[index] % 2 else line[index] for index in order)


def letters(word: str) -> list[str]:
    """The word's letters as they print, one by one, for a word set down a column (a joker's corner
    index): each with its combining marks, and Arabic in the forms that join it to its neighbours
    (its letters apart would print as unjoined ones)."""
    shaped = unicodedata.normalize("NFC", word)
    if needs_shaping(shaped):
        shaped = _reshaper().reshape(shaped)
    found: list[str] = []
    for char in shaped:
        if found and unicodedata.combining(char):
            found[-1] += char
        else:
            found.append(char)
    return found


def in_paragraph_direction(paragraph: str, lines: list[str]) -> list[str]:
    """The lines `paragraph` wrapped into, each set in the paragraph's direction: the bidi algorithm
    gives every line of a paragraph the direction of the paragraph's first letter, but `visual` sees a
    line alone, so a line of a Hebrew paragraph that starts with a Latin name (or of an English one that
    starts with a Hebrew word) is led by a mark of the paragraph's direction, which prints nothing."""
    if not needs_shaping(paragraph):
        return lines
    from bidi import get_base_level

    level = get_base_level(paragraph)
    mark = RLM if level else LRM
    return [mark + line if line and get_base_level(line) != level else line for line in lines]


def right_to_left(paragraph: str) -> bool:
    """Whether the paragraph's first strong letter is right to left (Hebrew, Arabic): its lines then
    start at the right edge of their column, as the bidi algorithm's paragraph direction says."""
    if not needs_shaping(paragraph):
        return False
    from bidi import get_base_level

    return get_base_level(paragraph) == 1


def unmarked(text: str) -> str:
    """`text` without its bidi controls: the words as a person wrote them."""
    return text if text.isascii() else text.translate(_CONTROLS)


@lru_cache(maxsize=4096)
def unshapable(text: str) -> str | None:
    """The first character of `text` that cannot print right with the shaping above, or None."""
    if text.isascii():
        return None
    found = UNSHAPABLE.search(text)
    if found:
        return found.group()
    if needs_shaping(text):
        left = ARABIC_LETTERS.search(_reshaper().reshape(text))
        if left:
            return left.group()
    return None


def script_name(char: str) -> str:
    """A character's name for a message: "SYRIAC LETTER ALAPH"."""
    return unicodedata.name(char, f"U+{ord(char):04X}")
