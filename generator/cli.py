"""The `pnp` command. Commands are thin: each calls plain functions a test can call too."""

from __future__ import annotations

import contextlib
import functools
import gc
import json
import os
import shlex
import signal
import sys
import textwrap
import time
from pathlib import Path

import click

from generator import cache, starters
from generator.errors import MAX_REPORTED, InputError, Location, did_you_mean, unusable_name
from generator.options import DEFAULT_BLEED, FORMATS, LAYOUTS, is_loaded, lazy_module
from generator.validate import Finding, has_errors, in_file_order

# Loaded when a command first uses them: `pnp --help` and `pnp --version` load no drawing code.
build = lazy_module("generator.build")
plugins = lazy_module("generator.plugins")
loading = lazy_module("generator.load")
kit_text = lazy_module("generator.kit.text")
palettes = lazy_module("generator.palette")
shops = lazy_module("generator.shops")
wording = lazy_module("generator.words")


def parse_formats(text: str) -> tuple[str, ...]:
    formats = tuple(dict.fromkeys(part.strip().lower() for part in text.split(",") if part.strip()))
    for fmt in formats:
        if fmt not in FORMATS:
            raise InputError(Location("--format"), f'unknown format "{fmt}"{did_you_mean(fmt, FORMATS)}', "input.unknown-format")
    if not formats:
        raise InputError(Location("--format"), "give at least one of " + ", ".join(FORMATS), "input.unknown-format")
    return formats


def _refuse_bad_input(function):
    """Input errors end the command with one line on stderr and exit code 2, never a traceback; so
    does an exception raised inside a plug-in's own code (unless --debug asks for its traceback)."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except InputError as problem:
            click.echo(str(problem), err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            raise
        except BaseException as problem:  # a plug-in's bug (an exit, a BaseException of its own) is the
            # plug-in's to fix; a bug of ours stays loud, and our own exit goes through
            unusable = unusable_name(problem)
            if unusable is not None:
                click.echo(str(unusable), err=True)
                sys.exit(2)
            failure = None if plugins.show_tracebacks else plugins.plugin_failure(problem)
            if failure is None:
                raise
            click.echo(str(failure), err=True)
            sys.exit(2)

    return wrapper


def _plugin_option(function):
    """`--plugin FILE.py` (repeatable): games from Python files outside the package, loaded first."""

    @functools.wraps(function)
    def wrapper(*args, plugin_files=(), **kwargs):
        with contextlib.redirect_stdout(sys.stderr):  # what a plug-in prints is no output of ours
            plugins.load_plugin_files(plugin_files)
        return function(*args, **kwargs)

    return click.option("--plugin", "plugin_files", multiple=True, metavar="FILE.py",
                        help="A Python game plug-in outside the package; repeatable.")(wrapper)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pnp-generator")
@click.option("--debug", is_flag=True, help="Show the traceback of an exception raised in a plug-in.")
def cli(debug: bool):
    """Print-and-play component generator: YAML game descriptions in, print-ready files out."""
    if debug or is_loaded(plugins):  # not loaded just to be told no: --help and --version load no game code
        plugins.show_tracebacks = debug


def _allow_path_option(function):
    return click.option("--allow-path", "allowed", multiple=True, metavar="DIR",
                        help="Let game files read pictures, fonts and rows from this folder too (by default only "
                             "from their own folder and below); repeatable.")(function)


@cli.command("list")
@click.argument("targets", nargs=-1, metavar="[GAME]...")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--pieces", "pieces_of", metavar="GAME", help="List this game's piece ids, for `build --only`.")
@_allow_path_option
@_refuse_bad_input
@_plugin_option
def list_games(targets: tuple[str, ...], as_json: bool, pieces_of: str | None, allowed: tuple[str, ...]):
    """Games, their components, piece counts and style groups: the bundled games, or each GAME given
    (a name or a game file). With --pieces GAME, that game's piece ids too."""
    listing = []
    with contextlib.redirect_stdout(sys.stderr):  # a plug-in's prints: not into the listing (--json)
        games = build.load((*targets, pieces_of) if pieces_of else targets,
                           context=build.input_context(None, allowed=allowed))
        for number, loaded in enumerate(games, 1):
            components = build.components(loaded)
            show_pieces = bool(pieces_of) and number == len(games)  # the --pieces game comes last
            listing.append({
                "game": loaded.game.name,
                "title": loaded.title,
                "file": loaded.source,
                "components": [{"name": c.name, "title": c.title, "count": len(c.pieces),
                                **({"groups": list(c.groups)} if c.groups else {}),
                                **({"pieces": [piece.id for piece in c.pieces]} if show_pieces else {})}
                               for c in components],
            })
    if as_json:
        click.echo(json.dumps(listing, indent=1))
        return
    for entry in listing:
        click.echo(f"{entry['game']}: {entry['title']} ({entry['file']})")
        for component in entry["components"]:
            groups = f"  (groups: {', '.join(component['groups'])})" if component.get("groups") else ""
            click.echo(f"  {component['name']:<20} {component['count']:>4}  {component['title']}{groups}")
            if "pieces" in component:
                click.echo(f"    {' '.join(component['pieces'])}")


def _common_input_options(function):
    function = _allow_path_option(function)
    function = click.option("--lang", "lang", metavar="CODE",
                            help="Print a game's words in a bundled translation (data/words/<game>.<code>.yaml).")(function)
    function = click.option("--words", "words_file", metavar="FILE",
                            help="Print a game's words from this file (an edited or translated `pnp words` file).")(function)
    function = click.option("--palette", "palette_choice", metavar="NAME|FILE", help="Colour palette (data/palettes.yaml).")(function)
    function = click.option("--set", "overrides", multiple=True, metavar="KEY=VALUE",
                            help="Override a data value by dotted path; repeatable.")(function)
    return function


#: Enough for a print run of a deck (10,000 cards is 186 copies); more is a typo, and the sheet
#: limit (generator.impose.MAX_SHEETS) stops a large piece copied too often.
MAX_COPIES = 1000


def _paper_option(function):
    return click.option("--paper", default="a4", show_default=True,
                        help="a3, a4, a5, letter, tabloid or half-letter (any case), or a paper YAML file.")(function)


LAYOUT_HELP = {"sheets": "imposed for printing", "pieces": "a page and an image per piece face, for print shops",
               "tts": "Tabletop Simulator deck sheets"}


def _layout_option(layouts: tuple[str, ...] = LAYOUTS):
    """`--layout`, offering `layouts` (a preview shows pages: not tts's deck images)."""
    return click.option("--layout", type=click.Choice(layouts), default="sheets", show_default=True,
                        help="; ".join(f"{name}: {LAYOUT_HELP[name]}" for name in layouts) + ".")


def _only_option(function):
    return click.option("--only", multiple=True, metavar="COMPONENT[:ID,...]",
                        help="Build only this component, or these pieces of it (`pnp list --pieces GAME`); "
                             "repeatable.")(function)


@cli.command("build")
@click.argument("targets", nargs=-1)
@click.option("--out", "out_text", default="output", show_default=True, metavar="DIR")
@_paper_option
@click.option("--format", "format_list", default="pdf", show_default=True, help="Comma list of pdf, svg, png, cut (SVG and DXF cut files), dxf (DXF cut files only).")
@click.option("--duplex", type=click.Choice(["long", "short", "off"]), default="long", show_default=True)
@click.option("--bleed", type=float, default=DEFAULT_BLEED, show_default=True, help="Bleed in mm (0 turns it off).")
@click.option("--crop-marks/--no-crop-marks", default=True, show_default=True)
@click.option("--dpi", type=click.IntRange(30, 1200), default=None,
              help="PNG resolution [default: 150; 300 for --layout pieces and tts].")
@_layout_option()
@_only_option
@click.option("--copies", type=click.IntRange(1, MAX_COPIES), default=1, show_default=True,
              help="Print each chosen piece this many times.")
@click.option("-q", "--quiet", is_flag=True, help="No summary line per game, and no progress bar.")
@click.option("--shop", metavar="NAME", default=None,
              help="A print shop's per-card files (templates/shops.yaml: tgc, makeplayingcards): --layout pieces "
                   "with the shop's bleed, dpi and file type.")
@click.option("--svg-text", type=click.Choice(["text", "outlines"]), default="text", show_default=True,
              help="SVG text as selectable text in embedded subset fonts, or as outlines (paths) for tools that "
                   "ignore embedded fonts.")
@click.option("--stock", metavar="NAME", default=None,
              help="Build only the sheets printed on this stock (plain, light-card, card, sticker, or a game's own), "
                   "as a print job of their own; page 1 lists each stock's pages.")
@click.option("--draft", is_flag=True,
              help="Build a set that breaks its rules (work in progress): its findings are listed, and every "
                   "page's footer says DRAFT and how many rule errors it has.")
@_common_input_options
@_refuse_bad_input
@_plugin_option
def build_command(targets, out_text, paper, format_list, duplex, bleed, crop_marks, dpi, layout, only, copies, quiet,
                  shop, svg_text, stock, draft, palette_choice, overrides, words_file, lang, allowed):
    """Render games (bundled names or YAML paths; none = all) into print-ready files."""
    if not out_text.strip() or "\x00" in out_text:
        raise InputError(Location("--out"), "the output folder is empty; name a folder (the default is output)",
                         "input.usage")
    out_dir = Path(out_text).expanduser()
    given = options_given(format="format_list", bleed="bleed", dpi="dpi", svg_text="svg_text", layout="layout")
    chosen_shop = None
    if shop is not None:
        if layout != "pieces" and (layout != "sheets" or "layout" in given):  # sheets, the default, unless asked for
            raise InputError(Location("--shop"), f"--shop makes a file per card (--layout pieces), not --layout {layout}",
                             "input.usage")
        chosen_shop = shops.shop_named(shop)
        wanted = {"format": (parse_formats(format_list), chosen_shop.formats, ",".join(chosen_shop.formats)),
                  "bleed": (bleed, chosen_shop.bleed_mm, f"{chosen_shop.bleed_mm:g}"),
                  "dpi": (dpi, chosen_shop.dpi, chosen_shop.dpi)}
        for option, (asked, template, says) in wanted.items():
            if option in given and asked != template:  # the same value is no conflict
                raise InputError(Location(f"--{option}"), f"--shop {shop} sets --{option} {says}, as its template "
                                 f"asks; leave --{option} out, or build --layout pieces without --shop", "input.usage")
        layout, bleed, dpi, format_list = "pieces", chosen_shop.bleed_mm, chosen_shop.dpi, ",".join(chosen_shop.formats)
    request = build.Request(parse_formats(format_list), layout, dpi, tuple(only), copies, svg_text, stock, chosen_shop)
    refuse_idle_options(request, given)
    context = build.input_context(palette_choice, words_file, lang, allowed)
    settings = build.settings_for(paper, duplex, bleed, crop_marks, context)
    loaded_games = build.load(targets, overrides, context)
    build.refuse_shared_folders(loaded_games)
    for loaded in loaded_games:
        build.impose_early(loaded, settings, request)
    failed, warnings = False, {}
    for loaded in loaded_games:
        findings = build.check(loaded, settings, as_printed=not draft and layout != "tts")
        if chosen_shop is not None and not has_errors(findings):  # the user asked for this shop: say it all
            for line in reported(build.shop_findings(loaded, request)):
                click.echo(line, err=True)
        errors = [finding for finding in findings if finding.level == "error"]
        # A build is quiet: it shows errors; warnings are counted, and `pnp validate` lists them.
        # A draft lists its findings once, warnings too, since it is the designer's review.
        for line in reported(findings if draft else errors):
            click.echo(line, err=True)
        if draft:
            loaded.draft_errors = len(errors)
        else:
            failed |= bool(errors)
            warnings[loaded.out_name] = len(findings) - len(errors)
    if failed:
        refuse_build()
    progress = LateProgressBar(enabled=not quiet and sys.stderr.isatty())
    try:
        for built in build.build_games(loaded_games, settings, request, out_dir, progress.start):
            progress.clear()
            for note in built.notes:
                click.echo(note, err=True)
            found = warnings.get(built.loaded.out_name, 0) + len(built.findings)
            if not quiet:
                click.echo(build_summary(built.directory, built.written, built.pages))
                if found:
                    click.echo(f"{built.loaded.out_name}: {kit_text.counted(found, 'warning')}; pnp validate lists them",
                               err=True)
    except build.FacesRefused as refused:  # a set of many faces, read as they printed
        progress.finish()
        for line in reported([finding for finding in refused.findings if finding.level == "error"]):
            click.echo(line, err=True)
        refuse_build()
    finally:
        progress.finish()


def refuse_build() -> None:
    click.echo("build refused: fix the errors above (pnp validate shows them too), or build with --draft", err=True)
    sys.exit(1)


def options_given(**parameters: str) -> set[str]:
    """Which of the command's options (option name: its parameter's name) the user gave on the
    command line rather than left at their default, by option name ("crop-marks")."""
    context = click.get_current_context()
    return {option.replace("_", "-") for option, parameter in parameters.items()
            if context.get_parameter_source(parameter) == click.core.ParameterSource.COMMANDLINE}


def refuse_idle_options(request: build.Request, given: set[str]) -> None:
    """An option that would change nothing in this build is a mistake to say, not to ignore: the
    user expects it to do something."""
    formats, layout = request.formats, request.layout
    cutting = [fmt for fmt in ("cut", "dxf") if fmt in formats]
    if cutting and layout != "sheets":
        raise InputError(Location("--format"), f"cut files go with the printed sheets; --layout {layout} prints no "
                         f"sheets to cut: leave {cutting[0]} out, or build --layout sheets", "input.usage")
    if layout == "tts" and "format" in given and set(formats) - {"png"}:
        other = next(fmt for fmt in formats if fmt != "png")
        raise InputError(Location("--format"), f"--layout tts writes PNG images and the object Tabletop Simulator "
                         f"loads, never {other}: leave --format out, or build --layout sheets or pieces for "
                         f"{other} files", "input.usage")
    if request.stock is not None and layout != "sheets":
        raise InputError(Location("--stock"), f"--stock chooses printed sheets; --layout {layout} prints none: "
                         "leave --stock out, or build --layout sheets", "input.usage")
    if "dpi" in given and "png" not in formats and layout != "tts":
        raise InputError(Location("--dpi"), "--dpi sets the resolution of PNG files, and this build makes none: add "
                         "png to --format, or leave --dpi out", "input.usage")
    if "svg-text" in given and "svg" not in formats:
        raise InputError(Location("--svg-text"), "--svg-text says how SVG files hold their text, and this build makes "
                         "none: add svg to --format, or leave --svg-text out", "input.usage")


class LateProgressBar:
    """click's progress bar on stderr, shown only once a build has run for `delay` seconds: a short
    build stays one quiet line per game, a long one says how far it is."""

    def __init__(self, enabled: bool, delay: float = 2.0):
        self.enabled, self.delay = enabled, delay
        self.started = time.monotonic()
        self.total = self.done = 0
        self.bar = None

    def start(self, total: int):
        self.total = total
        return self.step

    def step(self) -> None:
        self.done += 1
        if self.bar is None and self.enabled and time.monotonic() - self.started >= self.delay:
            self.bar = click.progressbar(length=max(self.total, 1), label="Rendering", file=sys.stderr)
            self.bar.__enter__()
            self.bar.update(self.done - 1)
        if self.bar is not None:
            self.bar.update(1)

    def clear(self) -> None:
        """Move past the bar before a summary line is printed under it."""
        if self.bar is not None:
            click.echo("\r\033[K", err=True, nl=False)

    def finish(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


def build_summary(directory: Path, written: list[str], pages: list) -> str:
    """One line: where the files went, what they are, and how much paper they take."""
    layout = written[0].split("/")[0] if written and written[0].split("/")[0] in ("pieces", "tts") else ""
    inside = [name.removeprefix(f"{layout}/") for name in written] if layout == "pieces" else written
    files = [name for name in inside if "/" not in name and name != "manifest.json"]
    for folder, what in (("svg", "SVG pages"), ("png", "PNG pages"), ("cut", "cut files"), ("tts", "TTS files")):
        listed = [name for name in inside if name.startswith(folder + "/") and not name.startswith("cut/merged/")
                  and name != "tts/manifest.json"]
        if folder == "cut" and listed:  # "13 SVG and 13 DXF cut files"
            what = " and ".join(f"{sum(name.endswith(suffix) for name in listed)} {suffix[1:].upper()}"
                                for suffix in (".svg", ".dxf") if any(name.endswith(suffix) for name in listed))
            files.append(f"{what} cut files in cut/ (and merged, in cut/merged/)")
        elif listed:
            files.append(f"{len(listed)} {what} in {folder}/")
    faces = [name for name in inside if "/" in name and name.split("/")[0] not in ("svg", "png", "cut", "tts")]
    for suffix, what in ((".png", "piece image"), (".svg", "piece SVG")):
        count = sum(1 for name in faces if name.endswith(suffix))
        if count:
            files.append(kit_text.counted(count, what))
    where = f"{directory}/pieces" if layout == "pieces" else directory
    manifest = "tts/manifest.json" if layout == "tts" else "manifest.json"
    listed = f"{where}: {', '.join(files + [manifest])}"
    if not pages:
        return listed
    sheets = sum(1 for page in pages if page.side == "front" and page.furniture)
    if not sheets:
        return f"{listed}; {kit_text.counted(len(pages), 'piece page')}"
    return f"{listed}; {kit_text.counted(len(pages), 'page')}, {kit_text.counted(sheets, 'sheet')}"


@cli.command("palettes")
@click.option("--check", "check_name", metavar="NAME|FILE", help="Run the colour rules of every game with this palette.")
@_refuse_bad_input
def palettes_command(check_name):
    """The colour palettes, with swatches; --check runs the colour rules for every game."""
    if check_name is None:
        for index, name in enumerate(palettes.bundled_palette_names()):
            click.echo(palette_listing(palettes.load_palette(name), default=index == 0))
        return
    context = build.input_context(check_name, palette_option="--check")
    failed = report_findings(build.load((), (), context), "colour.",
                             lambda loaded: f"ok, the colour rules hold with palette {context.palette.name}")
    sys.exit(1 if failed else 0)


def report_findings(loaded_games: list[loading.LoadedGame], rules: str, ok_line,
                    request: build.Request | None = None) -> bool:
    """Print each game's findings of the rules whose ids start with `rules` ("" for all) where input
    errors go, on stderr, and its `ok_line(loaded)` on stdout when none is an error (counting the
    warnings above it); True when any finding is an error. A `request` for a shop adds its findings
    (build.shop_findings)."""
    failed = False
    for loaded in loaded_games:
        loaded.faces.keep = 0  # each face is read once by the checks, and none is printed after
        findings = [finding for finding in build.check(loaded) if finding.rule.startswith(rules)]
        if request is not None and not has_errors(findings):
            findings += build.shop_findings(loaded, request)
        for line in reported(findings):
            click.echo(line, err=True)
        failed |= has_errors(findings)
        if not has_errors(findings):
            warned = f" ({kit_text.counted(len(findings), 'warning')} above)" if findings else ""
            click.echo(f"{loaded.source}: {ok_line(loaded)}{warned}")
    return failed


def reported(findings: list[Finding]) -> list[str]:
    """Findings as the lines a user reads: in file order (the files in the order they come up, then
    line by line), each once, and at most MAX_REPORTED of them, as input errors are."""
    ordered = in_file_order(findings)
    lines = [str(finding) for finding in ordered]
    if len(lines) <= MAX_REPORTED:
        return lines
    left = ordered[-1].location.file
    level = "error" if any(finding.level == "error" for finding in findings) else "warning"
    more = len(lines) - MAX_REPORTED
    return lines[:MAX_REPORTED] + [f"{left}: {level}: {more} more finding{'s' if more > 1 else ''} not shown; fix "
                                   "the ones above and run again [validate.too-many-findings]"]


def palette_listing(palette: palettes.Palette, default: bool = False) -> str:
    """A palette as a few terminal lines: a swatch, the name and the value of every colour (the
    swatches are coloured on a terminal; click drops the colour codes in a pipe)."""
    lines = [f"{palette.name}{' (default)' if default else ''}"]
    entries = []
    for name, value in palette.colours.items():
        rgb = tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
        entries.append(click.style("\u2588\u2588", fg=rgb) + f" {name:<12} {value.lower()}")
    for start in range(0, len(entries), 4):
        lines.append("  " + "   ".join(entries[start:start + 4]))
    return "\n".join(lines)


@cli.command("validate")
@click.argument("targets", nargs=-1)
@click.option("--fresh", is_flag=True, help="Recompute the proofs kept from earlier runs (self-play, colour science).")
@click.option("--shop", metavar="NAME", default=None,
              help="Also check the pieces a print shop has templates for against its safe zone (templates/shops.yaml).")
@_common_input_options
@_refuse_bad_input
@_plugin_option
def validate_command(targets, fresh, shop, palette_choice, overrides, words_file, lang, allowed):
    """Check component sets against the games' rules. Exit 1 when an error is found."""
    if fresh:
        cache.fresh()
    context = build.input_context(palette_choice, words_file, lang, allowed)
    request = build.Request(layout="pieces", shop=shops.shop_named(shop)) if shop is not None else build.Request()
    failed = report_findings(build.load(targets, overrides, context), "",
                             lambda loaded: f"ok, {loaded.rule_count} rules hold", request)
    sys.exit(1 if failed else 0)


@cli.command("preview")
@click.argument("target")
@_paper_option
@_layout_option(("sheets", "pieces"))
@_only_option
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="The port to serve on, on 127.0.0.1 (0: a free one).")
@click.option("--no-browser", is_flag=True, help="Print the page's address without opening a browser.")
@_common_input_options
@_refuse_bad_input
@_plugin_option
def preview_command(target, paper, layout, only, port, no_browser, palette_choice, overrides, words_file, lang,
                    allowed):
    """A live page of a game's sheets and findings on 127.0.0.1, rebuilt whenever a file it reads is
    saved. TARGET is a bundled game or a game file. Ctrl-C stops it; it writes no file of the build."""
    from generator import preview  # the server and the file watcher, only for this command

    preview.serve(preview.Options(target, paper, palette_choice, words_file, lang, layout, tuple(only),
                                  tuple(overrides), tuple(allowed)), port, open_browser=not no_browser)


@cli.command("words")
@click.argument("game")
@click.option("--lang", metavar="CODE", help="A bundled translation instead of the game's own words.")
@click.option("--out", "out_file", metavar="FILE", help="Write to this file (default: stdout).")
@_refuse_bad_input
@_plugin_option
def words_command(game, lang, out_file):
    """Write a game's printed words as YAML, ready to edit or translate (then --words FILE). GAME is a
    bundled game or a game file (a game of your own gets the words every game prints: page 1's box,
    the footers)."""
    name = game if game in loading.bundled_targets() else loading.game_named_by(game).name
    text = wording.words_yaml(name, lang)
    if out_file is None:
        click.echo(text, nl=False)
    else:
        write_words_file(out_file, text)


@cli.command("layouts")
@click.argument("game")
@click.option("--out", "out_file", metavar="FILE", help="Write to this file (default: stdout).")
@_refuse_bad_input
@_plugin_option
def layouts_command(game, out_file):
    """Write the layouts a bundled game draws its faces from as YAML, a comment naming each layout's
    piece, ready to copy into a game file's `layouts:` and change. GAME is a bundled game or a file
    of one."""
    from generator.kit.layouts import LAYOUTS_FILE_HEAD, layout_set, layouts_yaml

    chosen = plugins.bundled_game(game) if game in loading.bundled_targets() else loading.game_named_by(game)
    set_name = layout_set(chosen.spec)
    if set_name is None:
        raise InputError(Location(game), f"{chosen.name} draws no faces from bundled layouts; a game of your own "
                         "(game: custom) writes its layouts whole, under `layouts:` in its file", "input.usage")
    text = layouts_yaml(set_name, chosen.name)
    if out_file is None:
        click.echo(text, nl=False)
    else:
        write_words_file(out_file, text, lambda path: path.read_text(encoding="utf-8", errors="replace")
                         .startswith(LAYOUTS_FILE_HEAD), "a layouts file")


def write_words_file(name: str, text: str, is_ours=None, kind: str = "a words file") -> None:
    """Write a words file (or another file a command makes, `kind`, which `is_ours` recognises) to
    `name`, whole or not at all: a new file, or one such a command wrote as it would write it now;
    anything else there is the user's (an edited translation too), and left as it is."""
    where = Location("--out")
    if not name.strip() or "\x00" in name:
        raise InputError(where, "the file name is empty; name the file to write", "input.usage")
    path = Path(name).expanduser()
    if path.is_symlink():
        raise InputError(where, f"{path} is a symbolic link; name a file of its own", "output.not-ours")
    if path.is_dir():
        raise InputError(where, f"{path} is a folder; name the file to write in it, e.g. {path / 'words.yaml'}",
                         "output.unwritable")
    if path.parent.exists() and not path.parent.is_dir():
        raise InputError(where, f"{path.parent} is a file, not a folder; name a file in a folder", "output.unwritable")
    if not path.parent.is_dir():
        raise InputError(where, f"the folder {path.parent} does not exist; make it first, or name a file in a folder "
                         "that does", "output.unwritable")
    if path.exists() and not (is_ours or wording.is_words_file)(path):
        raise InputError(where, f"{path} exists and is not {kind}; pnp replaces only {kind} it wrote: name a new "
                         "file", "output.not-ours")
    if path.exists() and path.read_bytes() != text.encode("utf-8"):
        raise InputError(where, f"{path} is {kind} that differs from the one this writes (edited, or of another game "
                         "or version); pnp replaces none that holds work of yours: name a new file, or move it away "
                         "first", "output.not-ours")
    staged = path.with_name(f".{path.name}.pnp-{os.getpid()}")
    try:
        staged.write_text(text, encoding="utf-8")
        os.replace(staged, path)
    except OSError as problem:
        staged.unlink(missing_ok=True)
        raise InputError(where, f"cannot write {path}: {(problem.strerror or str(problem)).lower()}",
                         "output.unwritable") from None


def _new_help() -> str:
    kinds = "\n".join(textwrap.fill(kind.gives, 78, initial_indent=f"  {kind.name:<8}", subsequent_indent=" " * 10)
                      for kind in starters.KINDS.values())
    return ("Write DIR, a starter folder for a game of your own (game: custom) that validates and builds as written: "
            "a game file named after the folder (DIR/DIR.yaml), headed by a comment that says what to change, and "
            "its CSV rows where it has them. DIR must be new, or an empty folder, in a folder that exists. Nothing "
            f"is ever written over.\n\nKIND is one of:\n\n\b\n{kinds}")


@cli.command("new", help=_new_help(), short_help="Write a starter folder for a game of your own.")
@click.argument("kind", type=click.Choice(list(starters.KINDS)), metavar="KIND")
@click.argument("dir", metavar="DIR")
@_refuse_bad_input
def new_command(kind, dir):  # noqa: A002 (click names the parameter after the argument)
    folder, names = starters.write_starter(kind, dir)
    game_file = names[-1]  # written last, shown first
    path = str(folder / game_file)
    shown = shlex.quote(f"./{path}" if path.startswith("-") else path)  # "-dash/..." would read as an option
    click.echo(f"{folder}: {', '.join([game_file, *names[:-1]])}; the comment at the top of {game_file} says "
               "what to change")
    # Run from here, a build writes output/<id>/ here (the file's own comment, run in its folder, says
    # output/<id>/ there): the game file is named after its id.
    click.echo(f"next: pnp validate {shown}, then pnp build {shown} --format pdf,png (its files go to "
               f"{Path('output', Path(game_file).stem)}/)")


#: A build makes hundreds of thousands of small objects that live to its end (recordings, placements,
#: words laid out), which each collection of the young generation walks again: collected a hundred
#: times less often than Python's default, a build of the five games takes 5-10 % less time, in the
#: same memory.
COLLECTION_THRESHOLDS = (100_000, 50, 100)


def main(args: list[str] | None = None):
    """Run `pnp` (with `args`, or the command line's); usage mistakes, like input mistakes, get one
    line and exit code 2."""
    gc.set_threshold(*COLLECTION_THRESHOLDS)
    # A `kill` (SIGTERM) ends a command as Ctrl-C does, by KeyboardInterrupt, so that a build clears
    # its staging folder on the way out instead of leaving it in the output folder.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    arguments = sys.argv[1:] if args is None else list(args)
    for index, argument in enumerate(arguments):
        if "\x00" in argument:  # no name, path or value holds one, and the file system refuses it
            before = arguments[index - 1] if index and arguments[index - 1].startswith("-") else "pnp"
            where = argument.split("=")[0] if argument.startswith("--") else before
            click.echo(f"{where}: error: an argument holds a NUL character; take it out [input.usage]", err=True)
            sys.exit(2)
    try:
        cli.main(args=args, prog_name="pnp", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as help_request:
        click.echo(help_request.ctx.get_help())
    except click.UsageError as mistake:
        where = mistake.param.opts[0] if getattr(mistake, "param", None) is not None else "pnp"
        message = " ".join(mistake.format_message().split())
        click.echo(f"{where}: error: {message} [input.usage]", err=True)
        sys.exit(2)
    except click.exceptions.Abort:  # Ctrl-C, or a `kill`: 128 + SIGINT, as a shell reports it
        click.echo("pnp: interrupted; what it was writing is left as it was before", err=True)
        sys.exit(130)
    except click.ClickException as failure:
        failure.show()
        sys.exit(failure.exit_code)

