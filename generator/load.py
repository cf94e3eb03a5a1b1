"""From a build or validate TARGET to a typed game spec, refusing unusable input up front."""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from generator import colour_rules, fonts, layout_rules, print_guide, shaping
from generator.errors import ErrorList, InputError, Location, combine, did_you_mean
from generator.impose import DEFAULT_BLEED
from generator.palette import Palette, load_palette
from generator.paths import DATA_DIR, display_path
from generator.model import Component, Piece
from generator.names import SAFE_ID, check_name
from generator.plugins import Game, bundled_game, find_game, is_bundled, known_games, plugin_origin
from generator.reading import Reader
from generator.recording import FaceReading, FaceRecordings, distinct_faces
from generator.schema import MAX_SIZE_MM, Context, build, where
from generator.shapes import Shape
from generator.stocks import STOCKS
from generator.templates import Templates
from generator.validate import Finding, has_errors
from generator.words import Words, load_words
from generator.yamlio import YamlList, YamlMap, apply_override, load_yaml



@dataclass
class LoadedGame:
    game: Game
    spec: object
    source: str  # the file as the user named it
    _components: list | None = field(default=None, repr=False)
    data: YamlMap | None = field(default=None, repr=False)  # the file as read, with --set applied
    prints_in: str = "colour"  # what the palette is meant for: the views colour.distinct judges it in
    draft_errors: int | None = None  # built with --draft: how many rule errors the footer owns up to
    #: Each face drawn once per build: the contrast check reads these recordings, the backends replay them.
    faces: FaceRecordings = field(default_factory=FaceRecordings, repr=False)
    reader: Reader | None = field(default=None, repr=False)  # the files the game read
    palette_colours: dict = field(default_factory=dict, repr=False)  # name -> #rrggbb, as the game prints
    #: The pieces chosen and their pages, imposed before the checks (build.impose_early), by what asked.
    imposed: tuple | None = field(default=None, repr=False)
    #: A build's face checks, left to read the faces as they print, and the bleed they print with.
    face_reading: tuple[FaceReading, float] | None = field(default=None, repr=False)
    printed: list[Finding] = field(default_factory=list, repr=False)  # what the faces read as they printed found

    @property
    def out_name(self) -> str:
        if self.spec.id:
            return self.spec.id
        if self.game.named_by_file:
            return name_from_file(Path(self.source).stem) or self.game.name
        return self.game.name

    @property
    def title(self) -> str:
        """The name page 1 and every footer print (a chosen translation's, in a game that has one)."""
        return self.game.title(self.spec)

    @property
    def printing(self):
        """Page 1's printing box as the game makes it of its file's block and its words."""
        return self.game.printing(self.spec)

    def use_fonts(self) -> None:
        """Put this game's own fallback fonts in force: a command that loads several games measures
        and draws each with its own."""
        fonts.use_fallbacks(self.spec.style.fallbacks)

    def components(self) -> list:
        """The game's pieces, built once. A style block that names no component, group, rank or
        piece of the game is a typo, and an input error."""
        self.use_fonts()
        if self._components is None:
            built = self.game.components(self.spec)
            check_components(built, self.game, self.source, self.data)
            printing = getattr(self.spec, "printing", None)
            for component in built:  # `printing: stock:` naming a stock puts the component on it
                if printing and printing.stock.get(component.name) in STOCKS:
                    component.stock = printing.stock[component.name]
                component.groups = component.groups or self.spec.style.groups_of(component.name)
            self.spec.style.check_names(built)
            self._components = built
        return self._components

    def findings(self, bleed: float = DEFAULT_BLEED, as_printed: bool = False) -> list[Finding]:
        """The game's own rules, then the colour rules every game gets. Contrast is measured on the
        faces as recorded for printing with `bleed`, so only a set that keeps the game's rules is
        drawn for it (any set of a game whose pieces come from checked input alone). `as_printed` (a
        build's): a set of more faces than the build's recordings keep leaves its faces to be read
        as they print (`face_reading`, then `printed_findings`)."""
        self.use_fonts()
        refuse_unshapable_words(self.spec.words)
        try:  # a rule that measures words meets a character no font has: at the text, not the font
            found = self.game.rules.run(self.spec)
        except InputError as problem:
            raise self._at_the_text(problem) from None
        found += words_findings(self.spec.words)
        found += colour_rules.distinct_findings(self.game.meaning_colours(self.spec), self.prints_in)
        # A game whose pieces come from checked input alone (`game: custom`) draws them whatever its
        # rules found, so that a count off by one and a text too long for its box are told at once.
        if not has_errors(found) or self.game.pieces_at_load:
            reading = FaceReading(self.components(), colour_rules.ContrastCheck(where(self.spec, "style")),
                                  layout_rules.TextSizeCheck(where(self.spec), self.spec.words, self.spec),
                                  layout_rules.SafeAreaCheck(where(self.spec), self.spec.words, self.spec),
                                  *self.game.face_checks(self.spec))
            if as_printed and distinct_faces(self.components()) > self.faces.keep:
                self.face_reading = (reading, bleed)
                self.faces.keep = FaceRecordings.PRINTING
            else:
                found += self._read_faces(reading, bleed)
            found += print_guide.stock_findings(self.spec, self.components())
        return found

    def printed_findings(self) -> list[Finding]:
        """The findings of the faces read as they printed (see `findings`), the faces that did not
        print read now; none when the faces were read before the build."""
        if self.face_reading is None:
            return []
        (reading, bleed), self.face_reading = self.face_reading, None
        self.use_fonts()
        return self._read_faces(reading, bleed)

    def _read_faces(self, reading: FaceReading, bleed: float) -> list[Finding]:
        try:  # a face is drawn here or where it prints, once for all three checks
            reading.read(bleed, self.faces)
        except InputError as problem:
            raise self._at_the_text(problem) from None
        return reading.findings()

    def _at_the_text(self, problem: InputError) -> InputError:
        """A character no font has, reported at the file's value that holds it, or at the words that
        do (a translation's), rather than at the font. (One a game has already moved to its text
        carries no `drawn_text` and stays where the game put it.)"""
        char, drawn = getattr(problem, "character", None), getattr(problem, "drawn_text", None)
        if drawn is None:
            return problem
        given = self.spec.words.written_at(drawn)
        if given and char not in self.spec.words.texts.get(given[0], char):
            given = None  # words that print alike once their spaces are one ("Your turn"), but not these
        if given:  # the very words that drew it
            key, place = given
            return InputError(place, f'words "{key}": {problem.message}', problem.rule)
        place = _holding(self.data, char)
        if place:
            return InputError(place, problem.message, problem.rule)
        found = _in_words(self.spec.words, char, drawn)
        if found:
            key, place = found
            return InputError(place, f'words "{key}": {problem.message}', problem.rule)
        return problem

    @property
    def rule_count(self) -> int:
        return (self.game.rules.count(self.spec) + len(self.game.face_checks(self.spec)) + len(colour_rules.RULES)
                + len(layout_rules.RULES) + len(print_guide.RULES))


def check_components(built, game: Game, source: str, data=None) -> None:
    """What a game's components() returned is what the core can print: a list of components, some
    pieces, every name a safe file name and no id twice in a component (a piece's files are named
    `<component>/<id>`). A mistake is the plug-in's (at its components function) when the game is
    one; a bundled game made it from the file's data, and it is reported at the value a name holds."""
    plugin = not is_bundled(game)
    place = plugin_origin(game.components) if plugin else Location(source)

    def check(name, what: str, folder: bool = False) -> None:
        try:
            check_name(name, what, place, folder)
        except InputError as problem:
            found = None if plugin else _value_within(data, str(name))
            raise (InputError(found, problem.message, problem.rule) if found else problem) from None

    if not isinstance(built, list) or not all(isinstance(component, Component) for component in built):
        raise InputError(place, f"components() returned {_described(built)}; it must return a list of Component",
                         "plugin.error")
    errors = ErrorList()
    names: set[str] = set()
    pieces = 0
    for component in built:
        with errors.guard():
            check(component.name, "component", folder=True)
            if component.name in names:
                raise InputError(place, f'two components are named "{component.name}"', "input.duplicate-id")
            names.add(component.name)
            if not isinstance(component.pieces, list) or not all(isinstance(p, Piece) for p in component.pieces):
                raise InputError(place, f'component "{component.name}": its pieces must be a list of Piece',
                                 "plugin.error")
            seen: set[str] = set()
            for piece in component.pieces:
                check(piece.id, f"{component.name} piece")
                if piece.safe_mm is not None and 2 * piece.safe_mm >= min(piece.width, piece.height) > 0:
                    raise InputError(_style_place(data, place), f"{component.name}: a safe margin of "
                                     f"{piece.safe_mm:g} mm (its style's safe_mm) leaves no room inside its "
                                     f"{piece.width:g} x {piece.height:g} mm pieces; give safe_mm under "
                                     f"{min(piece.width, piece.height) / 2:.1f}", "input.out-of-range")
                if plugin:  # a bundled game's pieces are made from checked sizes
                    _check_piece(piece, place)
                if piece.id in seen:
                    raise InputError(place, f'two {component.name} pieces have the id "{piece.id}"; every piece '
                                     "needs its own", "input.duplicate-id")
                seen.add(piece.id)
            pieces += len(seen)
    if errors:  # one value of the file may name many pieces: one line for it, at its place
        first: dict[str, InputError] = {}
        for error in errors.items:
            first.setdefault(str(error.location), error)
        raise combine(list(first.values()))
    if not pieces:
        raise InputError(place, "the game has no pieces, so there is nothing to print", "input.no-pieces")


def _style_place(data, place: Location) -> Location:
    """Where a game file's style sets safe_mm (or its style block, or `place`)."""
    style = data.get("style") if isinstance(data, YamlMap) else None
    if isinstance(style, YamlMap):
        return style.where("safe_mm") if "safe_mm" in style else data.where("style")
    return place


def _check_piece(piece: Piece, place: Location) -> None:
    """A piece the imposer can place: a cut outline of a sane size, and faces it can draw."""
    if not isinstance(piece.shape, Shape):
        raise InputError(place, f'piece "{piece.id}": its shape must be one of generator.shapes (Rect, Circle, '
                         "RegularPolygon, Outline)", "plugin.error")
    size = (piece.shape.width, piece.shape.height)
    if not all(isinstance(side, (int, float)) and math.isfinite(side) and 0 < side <= MAX_SIZE_MM for side in size):
        raise InputError(place, f'piece "{piece.id}" is {size[0]} x {size[1]} mm; a piece is more than 0 and at most '
                         f"{MAX_SIZE_MM} mm a side", "plugin.error")
    if not callable(piece.front) or (piece.back is not None and not callable(piece.back)):
        raise InputError(place, f'piece "{piece.id}": its front and back are functions that draw them '
                         "(canvas, area)", "plugin.error")


def _value_within(node, name: str) -> Location | None:
    """Where the longest text of the file that `name` holds is written (a suit's name inside a piece's
    id): the value to change."""
    held = [(len(text), place) for place, text in _texts_in(node) if len(text) > 2 and text.lower() in name.lower()]
    return max(held, key=lambda found: found[0])[1] if held else None


def _described(value) -> str:
    if isinstance(value, list):
        kinds = sorted({type(item).__name__ for item in value if not isinstance(item, Component)})
        return f"a list holding {', '.join(kinds)}"
    return "None" if value is None else f"a {type(value).__name__}"


def bundled_targets() -> list[str]:
    return sorted(path.stem for path in DATA_DIR.glob("*.yaml") if bundled_game(path.stem))


def resolve_target(target: str) -> Path:
    """A bundled game name (`diamonds`) or a path to a game YAML."""
    path = Path(target)
    looks_like_a_path = path.suffix in (".yaml", ".yml") or "/" in target or "\\" in target
    if not looks_like_a_path and (DATA_DIR / f"{target}.yaml").is_file() and bundled_game(target):
        return DATA_DIR / f"{target}.yaml"
    if looks_like_a_path or path.exists():
        return path
    raise InputError(
        Location(target),
        f'no bundled game or file named "{target}"{did_you_mean(target, bundled_targets())}',
        "input.unknown-game",
    )


def game_named_by(target: str) -> Game:
    """The game a game file names in its `game:` key (read, not loaded)."""
    path = resolve_target(target)
    display = display_path(path)
    return _game_of(load_yaml(path, display), display)


def _game_of(data, display: str) -> Game:
    if not isinstance(data, YamlMap) or not data:
        where_ = getattr(data, "location", Location(display, 1, 1))
        raise InputError(where_, "a game file is a mapping whose first key is `game: <name>`", "input.type")
    first = next(iter(data))
    if first != "game":
        raise InputError(data.key_locations[first], f'the first key must be "game" (found "{first}")', "input.missing-key")
    name = data["game"]
    game = find_game(name) if isinstance(name, str) else None
    if game is None:
        raise InputError(data.where("game"), f'unknown game "{name}"{did_you_mean(str(name), known_games())} (a game '
                         "of your own in Python is loaded with --plugin FILE.py)", "input.unknown-game")
    return game


def load_game(target: str, overrides: tuple[str, ...] = (), palette: Palette | None = None,
              templates: Templates | None = None, words: str | None = None, lang: str | None = None,
              allowed: tuple[Path, ...] = ()) -> LoadedGame:
    """The game file `target` as a typed spec, with every file it names read and checked (from its
    folder, or a folder `allowed` names): every input error at once, before any rule runs."""
    path = resolve_target(target)
    display = display_path(path)
    data = load_yaml(path, display)
    game = _game_of(data, display)
    name = game.name
    errors = ErrorList()
    reader = Reader(path.parent, allowed)
    try:
        for assignment in overrides:
            apply_override(data, assignment)
        if data["game"] != name:  # the game is chosen before the overrides apply
            raise InputError(data.where("game"), f'--set cannot change which game a file is ("{name}"); '
                             "build another game's file instead", "input.usage")
        context = Context(palette or load_palette(), templates or Templates(), allowed=allowed, reader=reader)
        with errors.guard():
            spec = build(game.spec, data, data.location, context, "")
        with errors.guard():
            check_id(data.get("id"), data.where("id"), given="id" in data)
            if not data.get("id") and game.named_by_file and name_from_file(path.stem) is None:
                raise InputError(data.location, f'the file\'s name, "{path.name}", gives no name for its output folder '
                                 '(of letters, digits, "-" and "_"); give the game an id, such as `id: my-game`',
                                 "input.bad-id")
        errors.raise_if_any()
        spec.reader = reader
        spec.words = load_words(game.name, words, lang)  # what the game prints, from data/words
        game.inputs(spec)  # the rows, pictures and the like the file names, all read and checked now
    except InputError as problem:
        raise _naming_the_game(problem, display) from None
    return LoadedGame(game, spec, display, data=data, prints_in=context.palette.prints_in, reader=reader,
                      palette_colours=dict(context.palette.colours),
                      faces=FaceRecordings(check_numbers=not is_bundled(game)))


def words_findings(words: Words) -> list[Finding]:
    """words.missing: a translation or copy that leaves keys out prints the bundled words for them."""
    if not words.missing:
        return []
    shown = ", ".join(words.missing[:8]) + (f" and {len(words.missing) - 8} more" if len(words.missing) > 8 else "")
    return [Finding("warning", words.source, f"the words file leaves out {len(words.missing)} of the game's words, "
                    f"printed from the bundled words: {shown}", "words.missing")]


def refuse_unshapable_words(words: Words) -> None:
    """Every text of a words file of the user's (a translation) in a script pnp cannot shape (Devanagari,
    Tibetan, Syriac...), each an error at its own line, all at once: drawn, only the first
    would be told, and at whichever text printed it first."""
    problems = ErrorList()
    for key in sorted(words.chosen, key=lambda key: (words.places[key].line or 0) if key in words.places else 0):
        char = shaping.unshapable(words.texts[key])
        if char is not None and key in words.places:
            with problems.guard():
                try:
                    fonts.check_characters(words.texts[key], "regular")
                except InputError as problem:
                    raise InputError(words.places[key], f'words "{key}": {problem.message}', problem.rule) from None
    problems.raise_if_any()


def _in_words(words: Words, char: str, drawn: str = "") -> tuple[str, Location] | None:
    """The game's words that hold `char` (a translation's own first), and where they are written (a
    words file's line): those that hold the whole text drawn, and of them the shortest (a letter of a
    joker's index is the joker's word before a title's)."""
    held = [key for key in words.texts if char in words.texts[key] and key in words.places]
    if not held:
        return None
    key = min(held, key=lambda key: (key not in words.chosen, drawn not in words.texts[key], len(words.texts[key])))
    return key, words.places[key]


def _holding(node, char: str) -> Location | None:
    """Where the first text in `node` that holds `char` is."""
    return next((place for place, text in _texts_in(node) if char in text), None)


def _texts_in(node):
    """(where, text) for every text of a loaded file, in its order: a mapping's keys (a key can print
    too, a card's rank), then its values, each list and mapping in turn."""
    if isinstance(node, YamlMap):
        yield from ((node.key_locations.get(key, node.where(key)), key) for key in node if isinstance(key, str))
        items = [(node.where(key), value) for key, value in node.items()]
    elif isinstance(node, YamlList):
        items = [(node.where(index), value) for index, value in enumerate(node)]
    else:
        return
    for place, value in items:
        if isinstance(value, str):
            yield place, value
        else:
            yield from _texts_in(value)


def name_from_file(stem: str) -> str | None:
    """The output folder's name a game file's name gives a game with no id: its letters made plain
    ("über" is "uber"), anything else a "-", at most 64 characters; None when nothing is left (日本)."""
    plain = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode("ascii")
    made = re.sub(r"[^A-Za-z0-9_-]+", "-", plain).strip("-_")[:64].strip("-_")
    return made or None


#: What an id may not hold, lest the output folder land outside --out.
ESCAPES = ("/", "\\", "..")


def check_id(game_id, location: Location, given: bool = True) -> None:
    """An id names the output folder: letters, digits, "-" and "_" only, and it stays inside --out
    (none `given`: the game file's name does)."""
    if not given or not isinstance(game_id, str) or SAFE_ID.match(game_id):
        return  # not text: the schema says so
    if not game_id:
        raise InputError(location, 'id is empty; an id names the output folder: give letters, digits, "-" and "_", '
                         "or leave id out to name it after the game file", "input.bad-id")
    if any(escape in game_id for escape in ESCAPES):
        raise InputError(location, f'id "{game_id}" would write outside --out; use letters, digits, "-" and "_" only',
                         "input.unsafe-id")
    bad = sorted({char for char in game_id if not re.fullmatch(r"[A-Za-z0-9_-]", char)})
    suggestion = re.sub(r"[^A-Za-z0-9_-]+", "-", game_id).strip("-_")[:64].strip("-_")
    example = f' (e.g. "{suggestion}")' if suggestion and SAFE_ID.match(suggestion) else ""
    if bad:
        names = ["a space" if char == " " else f'"{char}"' for char in bad]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        message = (f'id "{game_id}" has {listed}; an id names the output folder, so use letters, digits, "-" and "_" '
                   f"only{example}")
    elif len(game_id) > 64:
        message = (f'id "{game_id[:20]}..." is {len(game_id)} characters long; an id names the output folder: at most '
                   '64 letters, digits, "-" and "_"')
    else:
        message = f'id "{game_id}" starts with "{game_id[0]}"; start it with a letter or a digit{example}'
    raise InputError(location, message, "input.bad-id")


def _naming_the_game(problem: InputError, display: str) -> InputError:
    """A --set applies to every game built; its errors say which game file it was applied to."""
    named = [error.with_message(f"{error.message} (--set applied to {display})")
             if error.location.file.startswith("--set ") else error for error in problem.errors]
    return combine(named)
