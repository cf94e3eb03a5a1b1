"""Styles: how pieces look, as data, cascading like piecepackr's `style.suit.rank.piece`.

`templates/style.yaml` gives every key a value; a game file's `style:` mapping overrides them for
the game, and its nested blocks narrow the override to a component, a group (a suit, a colour), a
rank or one piece id:

    style:
      background: paper            # every piece of the game
      body: {size: 8}
      components:
        card:
          index: {size: 20}        # the cards only
          groups:
            hearts: {frame: false} # the hearts among the cards
      pieces:
        card-AS: {accent: red}     # one card

A game asks `spec.style.resolve(component, group, rank, piece)` for each piece and hands the
resolved `Style` to the piece's drawers, which take every colour, face and size from it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from generator import fonts
from generator.canvas import PT
from generator.errors import InputError, Location, combine, did_you_mean
from generator.reading import read_file
from generator.schema import Colour, Context, RowText, build, spec_field, where

#: The levels of the cascade, widest first: each narrows the one before.
LEVELS = ("components", "groups", "ranks", "pieces")
TEXT_ROLES = ("title", "index", "body", "small")
COLOUR_KEYS = ("background", "ink", "accent", "panel", "line", "muted", "back", "back_pattern")
PLAIN_KEYS = (*COLOUR_KEYS, "line_mm", "border_mm", "safe_mm", "frame")  # one value each, no nesting


class FontChoice(str):
    """A face key (fonts.py): a bundled Vera face by name, or a TTF/OTF file by path. A relative
    path is read from the game file's folder, or from the working directory for a --set."""

    @classmethod
    def from_spec(cls, value, location: Location, context: Context, label: str) -> FontChoice:
        if not isinstance(value, str) or not value.strip():
            raise InputError(location, f"{label} is empty; give one of {', '.join(fonts.BUNDLED)} or the path of a "
                             "TTF or OTF file", "input.type")
        if value in fonts.BUNDLED:
            return cls(value)
        if Path(value).suffix.lower() not in (".ttf", ".otf"):
            raise InputError(location, f'{label}: "{value}" is neither a bundled face nor a .ttf or .otf file'
                             f"{did_you_mean(value, fonts.BUNDLED)}", "input.font")
        hint = f"give the path of a TTF or OTF file, or one of {', '.join(fonts.BUNDLED)}"
        if location.file.startswith("--set"):  # the user's own command line: a path of their choosing
            path = Path(value).expanduser()
            data = read_file(path, "font", location, value, hint)
        else:
            data = context.reader_for(location).read(value, "font", location, hint)
        return cls(fonts.load_font(data, value, location, value))


@dataclass(kw_only=True)
class TextRoleStyle:
    font: FontChoice = None
    size: float = spec_field(None, minimum=3, maximum=96)  # points


# A key left out inherits from the wider level; a key written with no value is a mistake (often an
# unquoted "#rrggbb", which YAML reads as a comment), so the types below are not Optional.
@dataclass(kw_only=True)
class StyleBlock:
    """One level of the cascade as a file writes it: any key may be left out."""

    background: Colour = None  # the face's paper
    ink: Colour = None  # text and plain drawing
    accent: Colour = None  # ornaments and highlights
    panel: Colour = None  # light fills behind text: panels, bands, table rows
    line: Colour = None  # rules, grid lines and frames
    muted: Colour = None  # secondary text: table headings, notes
    back: Colour = None  # a back's background
    back_pattern: Colour = None  # the pattern on a back
    font: FontChoice = None  # every text role at once
    fallback: list[FontChoice] = None  # faces for characters the chosen ones and DejaVu lack, in order
    title: TextRoleStyle = None
    index: TextRoleStyle = None
    body: TextRoleStyle = None
    small: TextRoleStyle = None
    line_mm: float = spec_field(None, positive=True, maximum=5)
    border_mm: float = spec_field(None, minimum=0, maximum=50)  # a frame's inset from the trim
    safe_mm: float = spec_field(None, minimum=0, maximum=50)  # text and symbols stay this far inside
    frame: bool = None
    components: dict[str, StyleBlock] = field(default_factory=dict)
    # Named as a row's field holds the name, as written: `010:` is the group "010", not 8.
    groups: dict[RowText, StyleBlock] = field(default_factory=dict)
    ranks: dict[RowText, StyleBlock] = field(default_factory=dict)
    pieces: dict[RowText, StyleBlock] = field(default_factory=dict)


@dataclass(frozen=True)
class Text:
    """A text role, resolved: its face key and its size in mm (as the Canvas takes it)."""

    face: str
    size: float

    def scaled(self, factor: float) -> Text:
        return Text(self.face, self.size * factor)


@dataclass(frozen=True)
class Style:
    """Everything a drawer may use to paint a piece."""

    background: Colour
    ink: Colour
    accent: Colour
    panel: Colour
    line: Colour
    muted: Colour
    back: Colour
    back_pattern: Colour
    title: Text
    index: Text
    body: Text
    small: Text
    line_mm: float
    border_mm: float
    safe_mm: float
    frame: bool

    def ink_on(self, colour: str) -> Colour:
        """The ink or the paper colour, whichever stands out more on `colour` (WCAG contrast): for a
        mark printed on a colour the game chose, such as a symbol on a sticker."""
        from generator.colour_rules import contrast

        return max((self.ink, self.background), key=lambda mark: contrast(mark, colour))


class StyleSheet:
    """The cascade: the base style under the game's `style:` block."""

    def __init__(self, base: StyleBlock, game: StyleBlock):
        self.base, self.game = base, game
        self._used: set[tuple[int, str, str]] = set()  # (block, level, name) that some piece matched
        self._applied_to: dict[int, set[str]] = {}  # a block's id -> the components of the pieces it styled
        self._asked: dict[str, set[str]] = {level: set() for level in LEVELS}  # every name resolved
        self._resolved: dict[tuple, Style] = {}  # a deck of thousands shares a few styles
        self._piece_names = _names_at(game, "pieces")  # the pieces some block restyles
        self._groups: dict[str, dict[str, None]] = {}  # each component's groups, in the order met
        self.fallbacks = tuple(game.fallback or ())  # the font keys of style.fallback, in order

    @classmethod
    def from_spec(cls, value, location: Location, context: Context, label: str) -> StyleSheet:
        base_entry = context.templates.get("style", "base", location, "style")
        base = build(StyleBlock, base_entry, base_entry.location, context, "style template base")
        unset = is_complete(base)
        if unset:
            raise InputError(base_entry.location, f"the base style leaves {', '.join(unset)} unset; give each a value",
                             "input.missing-key")
        game = build(StyleBlock, {} if value is None else value, location, context, label)
        inner = _inner_fallback(game)
        if inner is not None:
            raise InputError(where(inner, "fallback"), "fallback fonts serve every text of the game, so they are "
                             "given once, at style.fallback, not in a block of components, groups, ranks or pieces",
                             "input.unknown-key")
        sheet = cls(base, game)
        fonts.use_fallbacks(sheet.fallbacks)  # the game's own, from the first text it measures
        return sheet

    def resolve(self, component: str, group=None, rank=None, piece: str | None = None,
                safe_mm: float = 3.0) -> Style:
        """The style of one piece: the base, then the game's keys, then every block that names this
        component, group, rank or piece, narrowest last. `safe_mm` is the piece preset's margin,
        used unless a style sets one."""
        if piece is not None:
            if str(piece) not in self._piece_names:
                piece = None  # no block names it: it looks like every other piece of its group and rank
            else:  # (the names no block has are not kept: a deck's ten thousand ids)
                self._asked["pieces"].add(str(piece))
        key = (component, group, rank, piece, safe_mm)
        if key not in self._resolved:
            self._resolved[key] = self._resolve(component, group, rank, piece, safe_mm)
        return self._resolved[key]

    def groups_of(self, component: str) -> tuple[str, ...]:
        """The groups the component's pieces were styled as (a suit, a colour), for `pnp list`."""
        return tuple(self._groups.get(component, ()))

    def _resolve(self, component: str, group, rank, piece: str | None, safe_mm: float) -> Style:
        if group is not None:
            self._groups.setdefault(component, {})[str(group)] = None
        values: dict = {"safe_mm": safe_mm}
        roles = {role: {} for role in TEXT_ROLES}
        names = dict(zip(LEVELS, (component, group, rank, piece)))
        active = [self.base, self.game]
        for block in active[:]:
            self._apply(block, values, roles)
        for level in LEVELS:
            name = names[level]
            if name is None:
                continue
            self._asked[level].add(str(name))
            for block in active[:]:
                for key, narrower in getattr(block, level).items():
                    if str(key) == str(name):
                        self._used.add((id(block), level, str(key)))
                        self._applied_to.setdefault(id(narrower), set()).add(component)
                        self._apply(narrower, values, roles)
                        active.append(narrower)
        texts = {role: Text(roles[role]["face"], roles[role]["size"] * PT) for role in TEXT_ROLES}
        return Style(**{key: values[key] for key in PLAIN_KEYS}, **texts)

    @staticmethod
    def _apply(block: StyleBlock, values: dict, roles: dict) -> None:
        for key in PLAIN_KEYS:
            if getattr(block, key) is not None:
                values[key] = getattr(block, key)
        if block.font is not None:
            for role in roles.values():
                role["face"] = block.font
        for name in TEXT_ROLES:
            role = getattr(block, name)
            if role is not None:
                if role.font is not None:
                    roles[name]["face"] = role.font
                if role.size is not None:
                    roles[name]["size"] = role.size

    def check_names(self, components) -> None:
        """After the game's pieces were resolved through this sheet: an input error for every block
        that names a component, group, rank or piece the game does not have (a typo)."""
        known = {level: set(names) for level, names in self._asked.items()}
        known["components"] |= {component.name for component in components}
        known["pieces"] |= {piece.id for component in components for piece in component.pieces}
        problems: list[InputError] = []

        def visit(block: StyleBlock, path: str) -> None:
            for level in LEVELS:
                for key, narrower in getattr(block, level).items():
                    if (id(block), level, str(key)) in self._used:
                        visit(narrower, f"{path}.{level}.{key}")
                        continue
                    if str(key) in known[level]:
                        continue  # a name the game has, with no piece this time (a component left empty)
                    names = sorted(known[level])
                    hint = did_you_mean(str(key), names) or (
                        f" (it has {', '.join(names[:8])}{', ...' if len(names) > 8 else ''})" if names else
                        f" (none of its components names a field whose values are its {level}: {level[:-1]}: suit)"
                        if level in ("groups", "ranks") else "")
                    problems.append(InputError(where(block, f"{level}[{key}]"),
                                               f'{path}.{level}: this game has no {level[:-1]} "{key}"{hint}',
                                               "input.unknown-style-name"))

        visit(self.game, "style")
        problems += _backs_styled_too_narrowly(self.game, components, self._applied_to)
        if problems:
            raise combine(problems)


def _backs_styled_too_narrowly(game: StyleBlock, components, applied_to: dict[int, set[str]]) -> list[InputError]:
    """`back` or `back_pattern` in a block of groups, ranks or pieces that styled only pieces sharing
    one back (a deck's) or having none: that back takes the component's style, so the key would print
    nowhere (and a back styled per suit would mark its cards)."""
    shared = {component.name for component in components
              if len({id(piece.back) for piece in component.pieces if piece.back is not None}) <= 1}
    problems = []

    def visit(block: StyleBlock, path: str, component: str | None, narrow: bool) -> None:
        for level in LEVELS:
            for key, narrower in getattr(block, level).items():
                named = str(key) if level == "components" else component
                inner = narrow or level != "components"
                styled = applied_to.get(id(narrower), set())
                for colour in ("back", "back_pattern"):
                    if inner and getattr(narrower, colour) is not None and styled and styled <= shared:
                        owner = f"style.components.{named or sorted(styled)[0]}"
                        problems.append(InputError(
                            where(narrower, colour), f"{path}.{level}.{key}.{colour}: the pieces share one back (or "
                            f"have none), drawn in their component's style, so a {colour} for some of them would "
                            f"print nowhere (and would mark their cards); give it at {owner}.{colour}",
                            "input.unknown-key"))
                visit(narrower, f"{path}.{level}.{key}", named, inner)

    visit(game, "style", None, False)
    return problems


def _inner_fallback(block: StyleBlock) -> StyleBlock | None:
    """The first block inside `block` (a component's, group's, rank's or piece's) that gives `fallback`."""
    for level in LEVELS:
        for narrower in getattr(block, level).values():
            if narrower.fallback is not None:
                return narrower
            found = _inner_fallback(narrower)
            if found is not None:
                return found
    return None


def _names_at(block: StyleBlock, level: str) -> set[str]:
    """Every name a block at `level` of the cascade gives, however deep."""
    found = {str(key) for key in getattr(block, level)}
    for narrower_level in LEVELS:
        for narrower in getattr(block, narrower_level).values():
            found |= _names_at(narrower, level)
    return found


def is_complete(block: StyleBlock) -> list[str]:
    """The keys a base style leaves unset (each must have a value)."""
    missing = [f.name for f in dataclasses.fields(block)
               if f.name not in LEVELS and f.name not in TEXT_ROLES and f.name not in ("font", "safe_mm", "fallback")
               and getattr(block, f.name) is None]
    for role in TEXT_ROLES:
        text = getattr(block, role)
        if text is None or text.font is None or text.size is None:
            missing.append(role)
    return missing
