"""What Blood Diamonds prints for its suits, roles and ranks, apart from the identities the rules check.

A suit is known to the rules by its symbol (and to the pieces by its name: tile-hearts-3); a tile,
coin action or power by the name Table 1 gives it. What prints is a label: the game file's own
(`label:`, or a role's text), else the words file's (`suit.<name>`, `tile.<symbol>`, ...). A chosen
translation or copy of the words (`--words`, `--lang`) beats the game file's own, so a French print
shows no English label.
"""

from __future__ import annotations

from functools import lru_cache

from pathlib import Path

from generator.errors import Location
from generator.words import Words, bundled_words, load_words
from generator.yamlio import YamlMap, load_yaml

KINDS = ("tile", "coin", "power")  # a suit's roles in Table 1


@lru_cache(maxsize=None)
def bundled() -> Words:
    """The bundled English words."""
    return load_words("blood_diamonds")


def words_of(spec) -> Words:
    """The spec's words (attached by load_game), or the bundled ones for a spec built by hand."""
    words = getattr(spec, "words", None)
    return bundled() if words is None else words


def suit_label(spec, suit) -> str:
    """A suit's printed name: its own label, else the words' name for it, else its name."""
    words, key = words_of(spec), f"suit.{suit.name}"
    own = getattr(suit, "label", None)
    if words.has(key):
        return words.prefer(key, own)
    return own if own is not None else suit.name


def role_key(suit, kind: str) -> str:
    return f"{kind}.{suit.symbol}"


def role_label(spec, suit, kind: str) -> str:
    """The printed label of a suit's tile, coin action or power."""
    words, key, role = words_of(spec), role_key(suit, kind), getattr(suit, kind)
    return words.prefer(key, role.label) if words.has(key) else role.label


def role_label_from_words(spec, suit, kind: str) -> bool:
    """Whether the label printed for this role is the chosen words file's rather than the game file's."""
    return role_key(suit, kind) in words_of(spec).chosen


def rank_word(spec, rank: str) -> str:
    """"null", "ace" as the words say them; a numbered rank prints as its number."""
    words, key = words_of(spec), f"rank.{rank}"
    return words(key) if words.has(key) else rank


def word_place(words: Words, key: str) -> Location:
    """Where the words under `key` are written: the chosen copy's line, or the bundled words file's."""
    if key in words.chosen and words.source is not None and words.source.file:
        data = load_yaml(Path(words.source.file), words.source.file, kind="words")
    else:
        data = bundled_words(words.game)
    block = data.get("words") if isinstance(data, YamlMap) else None
    return block.where(key) if isinstance(block, YamlMap) else Location(words.game)
