"""From a build or validate TARGET to a typed game spec, refusing unusable input up front."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError, Location, did_you_mean
from generator.palette import Palette, load_palette
from generator.paths import DATA_DIR, display_path
from generator.plugins import Game, find_game, games
from generator.schema import Context, build, where
from generator.templates import Templates
from generator.validate import Finding
from generator.yamlio import YamlMap, apply_override, load_yaml

SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


@dataclass
class LoadedGame:
    game: Game
    spec: object
    source: str  # the file as the user named it

    @property
    def out_name(self) -> str:
        return self.spec.id or self.game.name

    def findings(self) -> list[Finding]:
        return self.game.rules.run(self.spec)


def bundled_targets() -> list[str]:
    return sorted(path.stem for path in DATA_DIR.glob("*.yaml") if find_game(path.stem))


def resolve_target(target: str) -> Path:
    """A bundled game name (`diamonds`) or a path to a game YAML."""
    path = Path(target)
    looks_like_a_path = path.suffix in (".yaml", ".yml") or "/" in target or "\\" in target
    if not looks_like_a_path and (DATA_DIR / f"{target}.yaml").is_file() and find_game(target):
        return DATA_DIR / f"{target}.yaml"
    if looks_like_a_path or path.exists():
        return path
    raise InputError(
        Location(target),
        f'no bundled game or file named "{target}"{did_you_mean(target, bundled_targets())}',
        "input.unknown-game",
    )


def load_game(target: str, overrides: tuple[str, ...] = (), palette: Palette | None = None,
              templates: Templates | None = None) -> LoadedGame:
    path = resolve_target(target)
    display = display_path(path)
    data = load_yaml(path, display)
    if not isinstance(data, YamlMap) or not data:
        where_ = getattr(data, "location", Location(display, 1, 1))
        raise InputError(where_, "a game file is a mapping whose first key is `game: <name>`", "input.type")
    first = next(iter(data))
    if first != "game":
        raise InputError(data.key_locations[first], f'the first key must be "game" (found "{first}")', "input.missing-key")
    name = data["game"]
    game = find_game(name) if isinstance(name, str) else None
    if game is None:
        raise InputError(data.where("game"), f'unknown game "{name}"{did_you_mean(str(name), games())}', "input.unknown-game")
    for assignment in overrides:
        apply_override(data, assignment)
    context = Context(palette or load_palette(), templates or Templates())
    spec = build(game.spec, data, data.location, context, "")
    if spec.id and not SAFE_ID.match(spec.id):
        raise InputError(
            where(spec, "id"),
            f'id "{spec.id}" would write outside --out; use letters, digits, "-" and "_" only',
            "input.unsafe-id",
        )
    return LoadedGame(game, spec, display)
