"""Every printed word as data: a words file per game, translatable without touching code.

`data/words/<game>.yaml` holds the words a game prints that are not the game file's own data
(rules sheets, aids, labels), each under a key, with named placeholders for what the game works out:

    language: en
    numbers: [no, one, two, three, ...]          # number words, for {piles:word}
    words:
      deal: "Deal {cards} cards in {piles:word} {piles:pile|piles}."

A placeholder is `{name}` (the value), `{name:Cap}` (the value with a capital, to open a sentence),
`{name:word}` or `{name:Word}` (its number word, capitalised), or `{name:form|form...}` (the form for that many, by the language's plural rule: English, French,
German and the like have two forms, one|other; Polish, Russian, Ukrainian and Czech three,
one|few|many). `{{` and `}}` print braces.

`pnp words GAME` writes a game's words as YAML; `--words FILE` builds with an edited or translated
copy, and `--lang CODE` with a bundled translation (`data/words/<game>.<code>.yaml`). A key the copy
leaves out falls back to the bundled words (a warning listing them); an unknown key, or a
placeholder that is unknown, misspelt or missing, is an error at the file's line.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from generator import shaping
from generator.errors import ErrorList, InputError, Location, closest, did_you_mean
from generator.paths import DATA_DIR, display_path
from generator.yamlio import YamlMap, load_yaml

WORDS_DIR = DATA_DIR / "words"
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?::([^{}]*))?\}")
STRAY_BRACE = re.compile(r"(?<!\{)\{(?!\{)|(?<!\})\}(?!\})")


#: Languages with three plural forms (one|few|many); every other language has two (one|other).
THREE_FORMS = ("pl", "ru", "uk", "be", "sr", "hr", "bs", "cs", "sk")
#: The forms a placeholder may take besides plural forms.
FORMS = ("Cap", "word", "Word")
#: The most characters one entry of a words file may have (the longest bundled one has about 500;
#: a rules section of twenty thousand would not fit four sheets at 7 pt).
#: What a words file may hold: its words, their language (for the plural forms) and the numbers spelt out.
WORDS_FILE_KEYS = ("words", "language", "numbers")
MAX_WORDS_TEXT = 20_000
MAX_NUMBERS = 1000  # numbers spelt out: the bundled words spell out zero to twenty
MAX_NUMBER_WORD = 100  # characters in the word for one number
MAX_GIVEN = 20_000  # texts remembered for written_at: a game's words give a few thousand
MIN_RUN = 16  # characters of printed text that name the words it was cut from, or that a text joined
#: Tighter bounds for the words that print in a fixed place, where more would overflow it: a footer
#: line (its page number must stay on the page), page 1's printing box, a component's or stock's name.
#: A game's title may be as long as a game file's (GameSpec). The longest bundled ones: title 12, footer
#: 52, component 17, stock 65, print 292, printing 295, glue 63.
PLACED_LIMITS = (("title", 100), ("footer.", 120), ("component.", 80), ("stock.", 160), ("print.", 900),
                 ("printing.", 900), ("glue.", 300))


#: The words that print on one line, where a line break could only be refused as it is drawn.
ONE_LINE = ("title", "footer.", "component.", "stock.", "glue.")


def words_limit(key: str) -> int:
    """The most characters the words under `key` may have."""
    return next((limit for prefix, limit in PLACED_LIMITS if key.startswith(prefix)), MAX_WORDS_TEXT)


def base_language(code: str) -> str:
    """The language of a code as its plural rule knows it: "pl" of "PL", "pl-PL" and "pl_PL"."""
    return code.strip().lower().replace("_", "-").split("-")[0]


def plural_count(language: str) -> int:
    return 3 if base_language(language) in THREE_FORMS else 2


def plural_form(language: str, count: int, forms: list[str]) -> str:
    """The form of a word for `count` things, by the language's plural rule (CLDR's, simplified to
    whole numbers)."""
    n, language = abs(count), base_language(language)
    if len(forms) == 1:
        return forms[0]
    if language in ("pl",):
        index = 0 if n == 1 else 1 if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else 2
    elif language in ("ru", "uk", "be", "sr", "hr", "bs"):
        index = 0 if n % 10 == 1 and n % 100 != 11 else \
            1 if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else 2
    elif language in ("cs", "sk"):
        index = 0 if n == 1 else 1 if n in (2, 3, 4) else 2
    elif language in ("fr", "pt"):
        index = 0 if n in (0, 1) else 1
    else:
        index = 0 if n == 1 else 1
    return forms[min(index, len(forms) - 1)]


def form_problem(name: str, how: str | None, language: str) -> str | None:
    """What is wrong with the form `{name:how}` in words of `language`, or None: a form is Cap, word,
    Word, or as many plural forms as the language has."""
    if how is None or how in FORMS:
        return None
    forms = how.split("|")
    if len(forms) == 1:
        close = closest(how, FORMS)
        return (f"{{{name}:{how}}} is no form" + (f'; did you mean "{{{name}:{close}}}"?' if close else "") +
                f" (a form is {{{name}:Cap}}, {{{name}:word}}, {{{name}:Word}}, or the plural forms "
                f"{{{name}:one|other}})")
    wanted = plural_count(language)
    shape = "one|other" if wanted == 2 else "one|few|many"
    if len(forms) != wanted:
        return f"{{{name}:{how}}} gives {len(forms)} plural forms; words in {language} take {wanted} ({shape})"
    if not all(form.strip() for form in forms):  # it would print nothing for that many
        return f"{{{name}:{how}}} leaves a plural form empty; write each form in full ({{{name}:{shape}}})"
    return None


def placeholders(text: str) -> set[str]:
    return {match.group(1) for match in PLACEHOLDER.finditer(text) if match.group(1)}


@dataclass
class Words:
    """A game's words: the bundled ones, with a translation or an edited copy laid over them."""

    game: str
    texts: dict[str, str] = field(default_factory=dict)
    language: str = "en"
    numbers: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # keys the copy left out, in the bundled words
    source: Location | None = None  # the copy's file, for the warning
    chosen: frozenset[str] = frozenset()  # keys a translation or copy gives: they beat a game file's words
    places: dict[str, Location] = field(default_factory=dict)  # where each key's words are written
    #: Each text a chosen copy's or translation's words gave, filled in, by the key that gave it: a
    #: text too small or too near the cut is then reported at the words' line (written_at), where a
    #: translator can mend it. The bundled words' texts are not kept: theirs is the layout's to mend.
    given: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    def prefer(self, key: str, given, **values):
        """A game file's own words (`given`) unless the chosen translation or copy gives `key`, in which
        case its words: a game file's English never sits in a French print."""
        if key in self.chosen or given is None:
            return self(key, **values)
        return given

    def prefer_list(self, prefix: str, given: list[str] | None, **values) -> list[str]:
        """A list of sentences: a game file's own (`given`), unless it gives none or the chosen
        translation or copy gives the list; else the words' `prefix`1, `prefix`2, ... in number order."""
        keys = sorted((key for key in self.texts if key.startswith(prefix) and key[len(prefix):].isdigit()),
                      key=lambda key: int(key[len(prefix):]))
        if given is not None and not any(key in self.chosen for key in keys):
            return list(given)
        return [self(key, **values) for key in keys]

    def __call__(self, key: str, **values) -> str:
        """The words under `key`, with its placeholders filled from `values`."""
        text = self.fill(self.texts[key], values, key)
        if key in self.chosen and len(self.given) < MAX_GIVEN:
            self.given.setdefault(" ".join(text.split()), key)
        return text

    def written_at(self, printed: str) -> tuple[str, Location] | None:
        """The key of a chosen copy's or translation's words that printed `printed` (a whole text, or a
        line of one as it wrapped), and where they are written; None for a text they did not give (the
        bundled words, a row's field, a number: what does not fit is then the layout's to mend)."""
        tokens = printed.split()
        if not tokens:
            return None
        line = " ".join(tokens)
        reordered = shaping.needs_shaping(line)  # a right-to-left text is recorded as it prints
        joined = None  # the longest words a text joined from several holds ("X and clubs")
        for given, key in self.given.items():
            text = shaping.visual(given) if reordered else given
            # a whole text, or at least two of its words in a row (a single word could be anyone's), or
            # a long run of it: a line that a word too long for its box was cut in
            if text == line or (len(tokens) > 1 and f" {line} " in f" {text} ") or \
                    (len(line) >= MIN_RUN and line in text):
                return key, self.places.get(key, self.source or Location(f"words of {self.game}"))
            if len(text) >= MIN_RUN and f" {text} " in f" {line} " and (joined is None or len(text) > len(joined[0])):
                joined = text, key
        if joined is not None:
            return joined[1], self.places.get(joined[1], self.source or Location(f"words of {self.game}"))
        return None

    def keys_of(self, printed: str) -> list[tuple[str, Location]]:
        """The keys (and where each is written) that gave `printed`: its own (written_at), or, for a text
        a layout joins from several, a line each (a note of three keys), those of its lines."""
        whole = self.written_at(printed)
        if whole:
            return [whole]
        found: dict[str, tuple[str, Location]] = {}
        for line in printed.splitlines():
            given = self.written_at(line)
            if given:
                found.setdefault(given[0], given)
        return list(found.values())

    def has(self, key: str) -> bool:
        return key in self.texts

    def fill(self, text: str, values: dict, key: str | None = None) -> str:
        """`text` with its placeholders filled from `values`. A plural form of a value that is no
        number (a translation's `{title:piece|pieces}`) is an error at the words' line."""
        def replace(match: re.Match) -> str:
            if match.group(0) in ("{{", "}}"):
                return match.group(0)[0]
            name, how = match.group(1), match.group(2)
            value = values[name]
            if how is None:
                return str(value)
            if how == "Cap":
                return str(value)[:1].upper() + str(value)[1:]
            if how in ("word", "Word"):
                word = self.numbers[value] if isinstance(value, int) and 0 <= value < len(self.numbers) else str(value)
                return word[:1].upper() + word[1:] if how == "Word" else word
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise InputError(self.places.get(key, self.source or Location(f"words of {self.game}")),
                                 f'words "{key}": {{{name}:{how}}} picks a form by a number, but {{{name}}} is '
                                 f'"{str(value)[:30]}"; write {{{name}}} alone', "input.placeholder")
            return plural_form(self.language, int(value), how.split("|"))

        return PLACEHOLDER.sub(replace, text)

    def number(self, n: int) -> str:
        return self.numbers[n] if 0 <= n < len(self.numbers) else str(n)


def words_file(game: str, lang: str | None = None) -> Path:
    return WORDS_DIR / (f"{game}.{lang}.yaml" if lang else f"{game}.yaml")


def bundled_languages(game: str) -> list[str]:
    return sorted(path.name.split(".")[1] for path in WORDS_DIR.glob(f"{game}.*.yaml"))


def _bundled_games() -> list[str]:
    """The games whose words are bundled (each has data/words/<game>.yaml)."""
    return sorted(path.stem for path in WORDS_DIR.glob("*.yaml") if "." not in path.stem and path.stem != COMMON)


COMMON = "common"  # data/words/common.yaml: page 1's box, footers and glue strips, for every game


def bundled_words(game: str) -> YamlMap:
    """The game's bundled words, the common words under them (a game's own key wins)."""
    common_path = words_file(COMMON)
    base = _read(common_path, display_path(common_path))
    game_path = words_file(game)
    if game != COMMON and game_path.is_file():
        own = _read(game_path, display_path(game_path))
        merged = YamlMap({**base["words"], **own["words"]})
        merged.location = own["words"].location
        merged.value_locations = {**base["words"].value_locations, **own["words"].value_locations}
        merged.key_locations = {**base["words"].key_locations, **own["words"].key_locations}
        base = YamlMap({**base, **own, "words": merged})
        base.location = own.location
        base.value_locations, base.key_locations = own.value_locations, own.key_locations
    return base


@lru_cache(maxsize=None)
def common_words() -> Words:
    """The common words alone, in English: for pages drawn without a game's words (tests, tools)."""
    return load_words(COMMON)


def load_words(game: str, words: str | None = None, lang: str | None = None) -> Words:
    """The game's words: bundled, then a bundled translation (`lang`) or a user's copy (`words`)."""
    base = bundled_words(game)
    result = Words(game, dict(base["words"]), base.get("language", "en"), list(base.get("numbers") or []),
                   places=dict(base["words"].value_locations))
    if words is None and lang in (None, result.language):  # --lang en: the words as bundled
        return result
    if words is not None:
        path, shown = Path(words), words
    else:
        path = words_file(game, lang) if lang and lang.strip() else None  # "": the bundled words themselves
        if path is None or not path.is_file():
            known = bundled_languages(game)
            meant = closest(base_language(lang or ""), known)
            guess = f' (did you mean "{meant}"?)' if meant else ""
            raise InputError(Location("--lang"), f'no bundled "{lang}" words for {game}{guess} (bundled: '
                             f"{', '.join(['en', *known])}); "
                             "write a translation with `pnp words` and give it with --words", "input.unknown-language")
        shown = display_path(path)
    copy = _read(path, shown)
    _check(copy, base, shown)
    result.texts.update(copy["words"])
    result.language = copy.get("language", result.language)
    if "numbers" in copy:  # an empty list: digits
        result.numbers = list(copy["numbers"] or [])
    elif base_language(result.language) != base_language(base.get("language", "en")):
        result.numbers = []  # no number words of its language: digits, not English ones
    result.missing = [key for key in base["words"] if key not in copy["words"]]
    result.source = copy.location
    result.chosen = frozenset(copy["words"])
    result.places.update(copy["words"].value_locations)
    return result


def is_words_file(path: Path) -> bool:
    """Whether the file at `path` is a words file (one `pnp words` may write over)."""
    try:
        _read(path, str(path))
    except InputError:
        return False
    return True


def _read(path: Path, shown: str) -> YamlMap:
    data = load_yaml(path, shown, hint="give the path of a words file (`pnp words GAME --out FILE` writes one)",
                     kind="words")
    if not isinstance(data, YamlMap) or not isinstance(data.get("words"), YamlMap):
        raise InputError(getattr(data, "location", Location(shown)), "a words file maps `words:` to its keys and "
                         "their text (see `pnp words GAME`)", "input.type")
    errors = ErrorList()
    for key in data:
        if key not in WORDS_FILE_KEYS:  # a misspelt `language:` would quietly take English's plurals
            errors.add(InputError(data.key_locations.get(key, data.location), f'unknown key "{key}" in a words file'
                                  f"{did_you_mean(str(key), WORDS_FILE_KEYS)}", "input.unknown-key"))
    language = data.get("language") if isinstance(data.get("language"), str) else "en"
    for key, text in data["words"].items():
        place = data["words"].where(key)
        if not isinstance(key, str):  # 123: or true: (YAML reads them as a number, a boolean)
            errors.add(InputError(place, f'words key {key!r} is not a key of the words; keys are names such as '
                                  '"mat.title" (see `pnp words GAME`)', "input.type"))
        elif not isinstance(text, str):
            errors.add(InputError(place, f'words "{key}" must be text (in quotes if it holds a colon or starts with a '
                                  "brace)", "input.type"))
        elif len(text) > words_limit(key):
            where = "" if words_limit(key) == MAX_WORDS_TEXT else " here (it prints in a place of fixed size)"
            errors.add(InputError(place, f'words "{key}" are {len(text):,} characters long; an entry may have at most '
                                  f"{words_limit(key):,}{where}", "input.too-large"))
        elif not text.strip():  # a heading, a label or a suit's name would print as nothing
            errors.add(InputError(place, f'words "{key}" are empty; write the words to print, or leave the key out '
                                  "to print the bundled ones", "input.type"))
        elif "\n" in text and key.startswith(ONE_LINE):
            errors.add(InputError(place, f'words "{key}" print on one line (a footer, a name, a glue strip); take the '
                                  "line break out", "input.type"))
        elif control := next((char for char in text if char != "\n" and unicodedata.category(char) == "Cc"), None):
            errors.add(InputError(place, f'words "{key}" hold a control character (U+{ord(control):04X}), which no '
                                  "font prints; take it out", "input.type"))
        elif STRAY_BRACE.search(PLACEHOLDER.sub("", text)):
            errors.add(InputError(place, f'words "{key}": a brace that opens or closes no placeholder; write {{name}}, '
                                  "or {{ and }} for a brace", "input.placeholder"))
        else:
            for match in PLACEHOLDER.finditer(text):
                problem = form_problem(match.group(1), match.group(2), language) if match.group(1) else None
                if problem:
                    errors.add(InputError(place, f'words "{key}": {problem}', "input.placeholder"))
    if "language" in data and not (isinstance(data["language"], str) and data["language"].strip()):
        errors.add(InputError(data.where("language"), "language is a language's code (en, fr, pl...), which picks "
                              "its plural forms", "input.type"))
    numbers = data.get("numbers")
    if numbers is not None and not (isinstance(numbers, list) and all(isinstance(n, str) for n in numbers)):
        errors.add(InputError(data.where("numbers"), "numbers must be a list of words, from zero up", "input.type"))
    elif numbers is not None and len(numbers) > MAX_NUMBERS:
        errors.add(InputError(data.where("numbers"), f"numbers spells out {len(numbers):,} numbers; a words file may "
                              f"spell out at most {MAX_NUMBERS:,} (from zero up), and writes digits past them",
                              "input.too-large"))
    elif numbers is not None:
        for index, number in enumerate(numbers):
            if not number.strip() or len(number) > MAX_NUMBER_WORD or "\n" in number:
                errors.add(InputError(numbers.where(index),
                                      f"numbers: the word for {index} must be one line of 1 to {MAX_NUMBER_WORD} "
                                      "characters", "input.type"))
    errors.raise_if_any()
    return data


def _check(copy: YamlMap, base: YamlMap, shown: str) -> None:
    """Every key of the copy is a bundled key, and its placeholders are the bundled text's."""
    unknown_keys = [key for key in copy["words"] if key not in base["words"]]
    if len(unknown_keys) > len(copy["words"]) // 2:  # another game's words, not misspellings of this one's
        owner = next((game for game in _bundled_games() if all(key in bundled_words(game)["words"]
                                                             for key in unknown_keys)), None)
        if owner is not None:
            raise InputError(copy.location, f"this words file is for {owner}: {len(unknown_keys)} of its keys are not "
                             f"this game's; build {owner} with it, or write this game's words with `pnp words`",
                             "input.unknown-key")
    errors = ErrorList()
    for key, text in copy["words"].items():
        place = copy["words"].where(key)
        if key not in base["words"]:
            errors.add(InputError(place, f'unknown words "{key}"{did_you_mean(str(key), base["words"])}; the keys '
                                  "are those `pnp words` writes", "input.unknown-key"))
            continue
        wanted, given = placeholders(base["words"][key]), placeholders(text)
        unknown, missing = sorted(given - wanted), sorted(wanted - given)
        for name in unknown:
            meant = closest(name, missing)
            if meant is not None:  # one mistake, not two: a misspelt placeholder
                missing.remove(meant)
                errors.add(InputError(place, f'words "{key}": placeholder {{{name}}} is misspelt; write {{{meant}}}',
                                      "input.placeholder"))
                continue
            errors.add(InputError(place, f'words "{key}": unknown placeholder {{{name}}}; it may use '
                                  f"{', '.join('{' + n + '}' for n in sorted(wanted)) or 'none'}", "input.placeholder"))
        for name in missing:
            errors.add(InputError(place, f'words "{key}" leaves out the placeholder {{{name}}}; keep it, the game '
                                  "fills it in", "input.placeholder"))
    errors.raise_if_any()


def words_yaml(game: str, lang: str | None = None) -> str:
    """The game's words as one YAML file, ready to translate: its bundled words file (or translation)
    with the common words it does not give added at the end of its `words:` block."""
    if lang is not None and lang != bundled_words(game).get("language", "en"):
        path = words_file(game, lang) if lang and lang.strip() else None  # "": the bundled words themselves
        if path is None or not path.is_file():
            raise InputError(Location("--lang"), f'no bundled "{lang}" words for {game} (bundled: '
                             f"{', '.join(['en', *bundled_languages(game)])})", "input.unknown-language")
        return path.read_text(encoding="utf-8")
    path = words_file(game)
    head, common = words_file(COMMON).read_text(encoding="utf-8").split("\nwords:\n", 1)
    text = path.read_text(encoding="utf-8") if path.is_file() else head + "\nwords:\n"  # a game of your own
    own = set(_read(path, display_path(path))["words"]) if path.is_file() else set()
    lines = [line for line in common.splitlines()
             if not (line.startswith("  ") and line.strip() and not line.strip().startswith("#")
                     and line.split(":", 1)[0].strip() in own)]
    return text.rstrip("\n") + "\n\n  # Shared by every game: page 1's printing box, the footers, the glue strips\n" + \
        "\n".join(lines) + "\n"
