"""Game plug-ins: each module in generator/games/ exposes GAME, and this registry finds them.

Adding a sixth game means adding a module there; nothing in the core changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from generator.model import Component
from generator.schema import spec_field
from generator.validate import RuleBook


@dataclass(kw_only=True)
class GameSpec:
    """Keys every game file has. `game` names the plug-in; `id` names the output folder."""

    game: str
    title: str
    id: str = ""
    players: list[int] = spec_field(default_factory=list, minimum=1, maximum=20)


@dataclass(frozen=True)
class Game:
    name: str
    spec: type
    components: Callable[[object], list[Component]]
    rules: RuleBook


@lru_cache(maxsize=None)
def games() -> dict[str, Game]:
    import generator.games as package

    found = {}
    for module_info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found
