"""Game plug-ins: each module in generator/games/ exposes GAME, and this registry finds them.

Adding a sixth game means adding a module there; nothing in the core changes. A game may also live
outside the package: a Python file named with `--plugin FILE.py`, or an installed package that offers
it through the `pnp.games` entry point. An exception raised inside a plug-in's own code reaches the
user as one line at the plug-in's file and line (`plugin_failure`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import importlib.util
import pkgutil
import sys
import traceback
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

from generator.colour_rules import MeaningColour
from generator.errors import InputError, Location
from generator.model import Component
from generator.paths import display_path
from generator.print_guide import Printing
from generator.reading import read_file
from generator.schema import spec_field
from generator.styles import StyleSheet
from generator.validate import RuleBook


@dataclass(kw_only=True)
class GameSpec:
    """Keys every game file has. `game` names the plug-in; `id` names the output folder."""

    game: str
    title: str = spec_field(max_length=100)  # it heads page 1 and every footer
    id: str = ""
    players: list[int] = spec_field(default_factory=list, minimum=1, maximum=20)
    style: StyleSheet  # the look of every piece, from templates/style.yaml and the file's `style:`
    printing: Printing = spec_field(default_factory=Printing)  # what page 1 adds about building the game

    #: The files the game reads (pictures, fonts, rows), from its folder: a reading.Reader, set as the
    #: game file loads. Read them through it, never by path.
    reader = None


@dataclass(frozen=True)
class Game:
    name: str
    spec: type
    components: Callable[[object], list[Component]]
    rules: RuleBook
    #: The colours that tell pieces apart (suits, cube colours), for the colour.distinct rule.
    meaning_colours: Callable[[object], list[MeaningColour]] = lambda spec: []
    #: Each file is a game of its own (`game: custom`): without an `id:` its output folder takes the
    #: file's name, so that two such games built into one --out keep apart.
    named_by_file: bool = False
    #: Reads and checks everything the spec's files name (rows, pictures), raising every input error
    #: at once; run as the game loads, before any rule.
    inputs: Callable[[object], None] = lambda spec: None
    #: Its pieces are made as it loads, from checked input alone (`game: custom`): a build imposes them
    #: before any rule runs or face is drawn, so a print run past the sheet limit is refused at once.
    pieces_at_load: bool = False
    #: The game's printed name and page 1's `printing:` box as the chosen words make them (a
    #: translation's title, its `printing.*` lines): worked out from the spec, never written into it.
    title: Callable[[object], str] = lambda spec: spec.title
    printing: Callable[[object], object] = lambda spec: spec.printing
    #: Rules that read each face as it is drawn, beside the colour and layout rules every game gets:
    #: objects with `RULE`, `add(component, piece, side, draw, area, recording)` and `findings()`
    #: (recording.FaceReading), such as a text's fit, which the drawing measures anyway. Unless a game
    #: gives its own, a text that does not fit its place or runs into another is an error at the words
    #: that printed it (text_checks).
    face_checks: Callable[[object], list] = lambda spec: text_checks(spec)


def text_checks(spec, overlap_level: str = "error") -> list:
    """layout.text-fit and layout.text-overlap, told at the words file's line that gave a text (the
    spec's `words`, when it has them)."""
    from generator.kit.layouts import WordsFitCheck
    from generator.kit.overlaps import TextOverlapCheck

    words = getattr(spec, "words", None)
    return [WordsFitCheck(words), TextOverlapCheck(words, overlap_level)]


@lru_cache(maxsize=None)
def game_modules() -> tuple[str, ...]:
    """The plug-in modules' names, found without importing them. A game's module is named after
    the game (`blood_diamonds`), so a build imports only the games it builds."""
    import generator.games as package

    return tuple(sorted(module.name for module in pkgutil.iter_modules(package.__path__)))


@lru_cache(maxsize=None)
def bundled_game(name: str) -> Game | None:
    """The bundled game called `name`, from its own module."""
    if name in game_modules():
        game = getattr(importlib.import_module(f"generator.games.{name}"), "GAME", None)
        if isinstance(game, Game) and game.name == name:
            return game
    return None


def find_game(name: str) -> Game | None:
    """The game called `name`: a bundled one, one from a `--plugin` file, or one that an installed
    package offers through the `pnp.games` entry point (looked up only when the others have none)."""
    return bundled_game(name) or _added.get(name) or _installed_games().get(name) or games().get(name)


@lru_cache(maxsize=None)
def games() -> dict[str, Game]:
    """Every bundled game, by name (this imports them all)."""
    found = {}
    for module_name in game_modules():
        module = importlib.import_module(f"generator.games.{module_name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found


def is_bundled(game: Game) -> bool:
    """Whether `game` is one of the package's own (its mistakes are ours, or its file's data's)."""
    return bundled_game(game.name) is game


def plugin_origin(function) -> Location:
    """Where a plug-in's function is written, for a message about what it returned."""
    code = getattr(function, "__code__", None)
    if code is None:
        return Location("a plug-in")
    return Location(display_path(Path(code.co_filename)), code.co_firstlineno)


def known_games() -> dict[str, Game]:
    """Every game there is, by name: for the names an unknown one might have meant."""
    return {**games(), **_installed_games(), **_added}


# Plug-ins outside the package ------------------------------------------------------------------

#: `pnp --debug`: a plug-in's exception shows its traceback instead of one line.
show_tracebacks = False
#: Games from --plugin files, by name.
_added: dict[str, Game] = {}
#: The plug-ins' own source files: an exception raised in them is the plug-in's, not ours.
_plugin_sources: set[str] = set()

ENTRY_POINT_GROUP = "pnp.games"


def load_plugin_file(path: str) -> list[Game]:
    """The games a Python file outside the package defines (`GAME = Game(...)`, or a list `GAMES`),
    made known to every command. A file that is missing, does not compile, raises while it loads or
    defines no game is an input error at its file and line."""
    source = Path(path).resolve()
    if not source.exists():
        raise InputError(Location("--plugin"), f'no such file "{path}"; give the path of a Python file that defines '
                         "GAME = Game(...)", "input.missing-file")
    read_file(source, "plugin", Location("--plugin"), path)  # a regular file, of a sane size
    name = "pnp_plugin_" + hashlib.sha256(str(source).encode()).hexdigest()[:16]
    module = sys.modules.get(name)
    if module is None:
        from importlib.machinery import SourceFileLoader

        # Loaded as Python source whatever its name ends in (importlib knows no loader for a .txt).
        spec = importlib.util.spec_from_file_location(name, source, loader=SourceFileLoader(name, str(source)))
        module = importlib.util.module_from_spec(spec)
        _plugin_sources.add(str(source))
        sys.modules[name] = module
        writes_bytecode, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ in the user's folder
        try:
            spec.loader.exec_module(module)
        except SyntaxError as problem:
            del sys.modules[name]
            raise InputError(Location(path, problem.lineno or 0, problem.offset or 0),
                             f"the plug-in does not compile: {problem.msg}", "plugin.error") from None
        except (Exception, SystemExit) as problem:  # whatever a plug-in's own code raises (or exits) while it loads
            del sys.modules[name]
            if show_tracebacks:
                raise
            raise plugin_failure(problem) or InputError(Location(path), f"the plug-in failed to load: "
                                                        f"{type(problem).__name__}: {problem}", "plugin.error") from None
        finally:
            sys.dont_write_bytecode = writes_bytecode
    found = _games_in(module)
    if not found:
        raise InputError(Location(path), "the plug-in defines no game: give it GAME = Game(name=..., spec=..., "
                         "components=..., rules=...) (see generator/plugins.py)", "plugin.no-game")
    for game in found:
        check_game(game, Location(path))
        if any(other.name == game.name and other is not game for other in found):
            raise InputError(Location(path), f'the plug-in defines two games named "{game.name}"; give each a name of '
                             "its own", "plugin.duplicate-game")
        if bundled_game(game.name) not in (None, game):  # find_game would never reach it
            raise InputError(Location(path), f'the plug-in defines game "{game.name}", which is a bundled game\'s '
                             "name; name the plug-in's game otherwise", "plugin.duplicate-game")
        _added[game.name] = game
    return found


def load_plugin_files(paths) -> list[Game]:
    """The games of one command's --plugin files, in order (load_plugin_file). Two files that define
    one game name are an error naming both: the game file names the game, and which of them it
    means is the user's to say. (A file named twice is one file: its module, and so its games, load
    once.)"""
    defined_in: dict[str, tuple[Game, str]] = {}
    for path in paths:
        for game in load_plugin_file(path):
            earlier, earlier_path = defined_in.setdefault(game.name, (game, path))
            if earlier is not game:
                raise InputError(Location(path), f'game "{game.name}" is defined by two plug-ins, {earlier_path} and '
                                 f"{path}; rename the game in one of them, or give only the one you mean",
                                 "plugin.duplicate-game")
    return [game for game, _ in defined_in.values()]


def check_game(game: Game, place: Location) -> None:
    """A plug-in's Game is one the core can run: a name that is a safe folder name (a build's folder
    is named after it), a spec that is a GameSpec dataclass, functions where functions go."""
    from generator.names import check_name

    check_name(game.name, "game name", place)
    if not (isinstance(game.spec, type) and dataclasses.is_dataclass(game.spec) and issubclass(game.spec, GameSpec)):
        raise InputError(place, f'game "{game.name}": spec must be a dataclass that extends GameSpec (it is '
                         f"{game.spec!r})", "plugin.error")
    for part in ("components", "meaning_colours", "inputs"):
        if not callable(getattr(game, part)):
            raise InputError(place, f'game "{game.name}": {part} must be a function', "plugin.error")
    if not isinstance(game.rules, RuleBook):
        raise InputError(place, f'game "{game.name}": rules must be a RuleBook', "plugin.error")


def _games_in(module) -> list[Game]:
    games_ = getattr(module, "GAMES", None)
    if games_ is None:
        games_ = [getattr(module, "GAME", None)]
    return [game for game in games_ if isinstance(game, Game)]


@lru_cache(maxsize=None)
def _installed_games() -> dict[str, Game]:
    """The games installed packages offer through the `pnp.games` entry point: each names a `Game`
    or a module defining GAME. Read only when a name is not a bundled game's (the lookup costs a
    few hundredths of a second)."""
    from importlib.metadata import entry_points

    found = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            loaded = entry.load()
        except Exception as problem:  # whatever an installed plug-in raises while it loads
            raise plugin_failure(problem) or InputError(
                Location(f"entry point {entry.name} = {entry.value}"),
                f"the plug-in failed to load: {type(problem).__name__}: {problem}", "plugin.error") from None
        for game in ([loaded] if isinstance(loaded, Game) else _games_in(loaded)):
            _plugin_sources.add(str(Path(sys.modules[game.components.__module__].__file__).resolve()))
            check_game(game, Location(f"entry point {entry.name} = {entry.value}"))
            found[game.name] = game
    return found


def plugin_failure(problem: BaseException) -> InputError | None:
    """An exception raised inside a plug-in's own code as one input error at the plug-in's file and
    line (the innermost place in it); None when no plug-in's code is in the traceback."""
    place = None
    for frame, line in traceback.walk_tb(problem.__traceback__):
        filename = str(Path(frame.f_code.co_filename).resolve())
        if filename in _plugin_sources:
            place = (frame.f_code.co_filename, line)
    if place is None:
        return None
    message = " ".join(str(problem).split()) or "no message"
    return InputError(Location(display_path(Path(place[0])), place[1]),
                      f"the plug-in raised {type(problem).__name__}: {message} (--debug shows the traceback)",
                      "plugin.error")
