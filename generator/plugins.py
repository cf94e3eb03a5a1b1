"""Game plug-ins: each module in generator/games/ exposes GAME, and this registry finds them.

Adding a sixth game means adding a module there; nothing in the core changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from generator.colour_rules import MeaningColour
from generator.model import Component
from generator.schema import spec_field
from generator.styles import StyleSheet
from generator.validate import RuleBook


@dataclass(kw_only=True)
class GameSpec:
    """Keys every game file has. `game` names the plug-in; `id` names the output folder."""

    game: str
    title: str
    id: str = ""
    players: list[int] = spec_field(default_factory=list, minimum=1, maximum=20)
    style: StyleSheet  # the look of every piece, from templates/style.yaml and the file's `style:`


@dataclass(frozen=True)
class Game:
    name: str
    spec: type
    components: Callable[[object], list[Component]]
    rules: RuleBook
    #: The colours that tell pieces apart (suits, cube colours), for the colour.distinct rule.
    meaning_colours: Callable[[object], list[MeaningColour]] = lambda spec: []


@lru_cache(maxsize=None)
def game_modules() -> tuple[str, ...]:
    """The plug-in modules' names, found without importing them. A game's module is named after
    the game (`blood_diamonds`), so a build imports only the games it builds."""
    import generator.games as package

    return tuple(sorted(module.name for module in pkgutil.iter_modules(package.__path__)))


@lru_cache(maxsize=None)
def find_game(name: str) -> Game | None:
    """The game called `name`: from its own module, or failing that from any plug-in."""
    if name in game_modules():
        game = getattr(importlib.import_module(f"generator.games.{name}"), "GAME", None)
        if isinstance(game, Game) and game.name == name:
            return game
    return games().get(name)


@lru_cache(maxsize=None)
def games() -> dict[str, Game]:
    """Every plug-in's game, by name (this imports them all)."""
    found = {}
    for module_name in game_modules():
        module = importlib.import_module(f"generator.games.{module_name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found
