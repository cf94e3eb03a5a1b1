"""The `pnp` command. Commands are thin: each calls plain functions a test can call too."""

from __future__ import annotations

import functools
import json
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import click

from generator.errors import InputError, Location, did_you_mean
from generator.exports import DEFAULT_DPI, LAYOUTS, piece_files, piece_pages, select, tts_decks
from generator.impose import TooManySheets, impose
from generator.load import LoadedGame, bundled_targets, load_game
from generator.palette import Palette, bundled_palette_names, load_palette
from generator.render import FORMATS, json_bytes, manifest, render, sheet_files, write_outputs
from generator.schema import Context
from generator.settings import print_settings
from generator.templates import Templates
from generator.validate import has_errors


def parse_formats(text: str) -> tuple[str, ...]:
    formats = tuple(dict.fromkeys(part.strip().lower() for part in text.split(",") if part.strip()))
    for fmt in formats:
        if fmt not in FORMATS:
            raise InputError(Location("--format"), f'unknown format "{fmt}"{did_you_mean(fmt, FORMATS)}', "input.unknown-format")
    if not formats:
        raise InputError(Location("--format"), "give at least one of " + ", ".join(FORMATS), "input.unknown-format")
    return formats


def input_context(palette_choice: str | None) -> Context:
    """The palette and templates, read once per command and shared by every target."""
    return Context(load_palette(palette_choice), Templates())


def load_targets(targets, overrides, context: Context) -> list[LoadedGame]:
    return [load_game(target, tuple(overrides), context.palette, context.templates)
            for target in (targets or bundled_targets())]


def _refuse_bad_input(function):
    """Input errors end the command with one line on stderr and exit code 2, never a traceback."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except InputError as problem:
            click.echo(str(problem), err=True)
            sys.exit(2)

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pnp-generator")
def cli():
    """Print-and-play component generator: YAML game descriptions in, print-ready files out."""


@cli.command("list")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--pieces", "pieces_of", metavar="GAME", help="List this game's piece ids, for `build --only`.")
@_refuse_bad_input
def list_games(as_json: bool, pieces_of: str | None):
    """Games, their components and piece counts (with --pieces GAME, that game's piece ids)."""
    listing = []
    for loaded in load_targets((pieces_of,) if pieces_of else (), (), input_context(None)):
        components = loaded.components()
        listing.append({
            "game": loaded.game.name,
            "title": loaded.spec.title,
            "file": loaded.source,
            "components": [{"name": c.name, "title": c.title, "count": len(c.pieces),
                            **({"pieces": [piece.id for piece in c.pieces]} if pieces_of else {})}
                           for c in components],
        })
    if as_json:
        click.echo(json.dumps(listing, indent=1))
        return
    for entry in listing:
        click.echo(f"{entry['game']}: {entry['title']} ({entry['file']})")
        for component in entry["components"]:
            click.echo(f"  {component['name']:<20} {component['count']:>4}  {component['title']}")
            if pieces_of:
                click.echo(f"    {' '.join(component['pieces'])}")


def _common_input_options(function):
    function = click.option("--palette", "palette_choice", metavar="NAME|FILE", help="Colour palette (data/palettes.yaml).")(function)
    function = click.option("--set", "overrides", multiple=True, metavar="KEY=VALUE",
                            help="Override a data value by dotted path; repeatable.")(function)
    return function


@cli.command("build")
@click.argument("targets", nargs=-1)
@click.option("--out", "out_dir", default="output", show_default=True, type=click.Path(path_type=Path))
@click.option("--paper", default="a4", show_default=True, help="a3, a4, a5, letter, tabloid or half-letter (any case), or a paper YAML file.")
@click.option("--format", "format_list", default="pdf", show_default=True, help="Comma list of pdf, svg, png, cut.")
@click.option("--duplex", type=click.Choice(["long", "short", "off"]), default="long", show_default=True)
@click.option("--bleed", type=float, default=3.0, show_default=True, help="Bleed in mm (0 turns it off).")
@click.option("--crop-marks/--no-crop-marks", default=True, show_default=True)
@click.option("--dpi", type=click.IntRange(30, 1200), default=None,
              help="PNG resolution [default: 150; 300 for --layout pieces and tts].")
@click.option("--layout", type=click.Choice(LAYOUTS), default="sheets", show_default=True,
              help="sheets: imposed for printing; pieces: a page and an image per piece face, for print shops; "
                   "tts: Tabletop Simulator deck sheets.")
@click.option("--only", multiple=True, metavar="COMPONENT[:ID,...]",
              help="Build only this component, or these pieces of it (`pnp list --pieces GAME`); repeatable.")
@click.option("--copies", type=click.IntRange(1, 50), default=1, show_default=True,
              help="Print each chosen piece this many times.")
@click.option("-q", "--quiet", is_flag=True, help="No summary line per game.")
@_common_input_options
@_refuse_bad_input
def build_command(targets, out_dir, paper, format_list, duplex, bleed, crop_marks, dpi, layout, only, copies, quiet,
                  palette_choice, overrides):
    """Render games (bundled names or YAML paths; none = all) into print-ready files."""
    formats = parse_formats(format_list)
    dpi = dpi or DEFAULT_DPI[layout]
    context = input_context(palette_choice)
    settings = print_settings(paper, duplex, bleed, crop_marks, context)
    loaded_games = load_targets(targets, overrides, context)
    refuse_shared_folders(loaded_games)
    failed = False
    for loaded in loaded_games:
        findings = loaded.findings()
        for finding in findings:
            click.echo(str(finding), err=True)
        failed |= has_errors(findings)
    if failed:
        click.echo("build refused: fix the errors above (pnp validate shows them too)", err=True)
        sys.exit(1)
    jobs = []
    for loaded in loaded_games:
        components = select(loaded.components(), only, copies)
        jobs.append((loaded, components, lay_out(loaded, components, settings, layout)))
    prepare_output(out_dir, [loaded.out_name for loaded in loaded_games])
    total = sum(len(pages) for _, _, pages in jobs)
    show_progress = sys.stderr.isatty()
    with click.progressbar(length=total, label="Rendering", file=sys.stderr if show_progress else _Discard()) as bar:
        for loaded, components, pages in jobs:
            name, title = loaded.out_name, loaded.spec.title
            data = manifest(loaded.game.name, pages, settings, layout)
            if layout == "tts":
                files = {**tts_decks(components, settings, title, dpi), "manifest.json": json_bytes(data)}
            else:
                outputs = render(pages, settings, title, formats, dpi, on_page=lambda: bar.update(1))
                files = sheet_files(name, outputs, data)
                if layout == "pieces":
                    files = {key: value for key, value in files.items() if "/page-" not in key}
                    files.update(piece_files(pages, outputs, settings, dpi))
            directory = out_dir / name
            with _output_errors(out_dir):
                written = write_outputs(directory, files)
            if not quiet:
                click.echo(build_summary(directory, written, pages))


def lay_out(loaded: LoadedGame, components: list, settings, layout: str) -> list:
    """The game's pages in `layout` (none for tts, which lays out deck sheets of its own); pieces
    that would take more paper than any game needs are input errors."""
    if layout == "pieces":
        return piece_pages(components, settings)
    if layout == "tts":
        return []
    try:
        return impose(components, settings)
    except TooManySheets as problem:
        raise InputError(Location(loaded.source), str(problem), "input.too-large") from None


def refuse_shared_folders(loaded_games: list[LoadedGame]) -> None:
    """Two targets that would write the same output folder: the second would replace the first."""
    first_of: dict[str, LoadedGame] = {}
    for loaded in loaded_games:
        earlier = first_of.setdefault(loaded.out_name, loaded)
        if earlier is not loaded:
            raise InputError(Location(loaded.source), f'writes the output folder "{loaded.out_name}", as '
                             f"{earlier.source} does; build it once, or give one of them another id",
                             "input.duplicate-id")


@contextmanager
def _output_errors(out_dir: Path):
    """A file-system refusal (no permission, a file where a folder should be) as one input error."""
    try:
        yield
    except OSError as problem:
        if isinstance(problem, (FileExistsError, NotADirectoryError)):
            reason = "a file stands where a folder must go"
        else:
            reason = (problem.strerror or str(problem)).lower()
        blamed = Path(problem.filename) if problem.filename else out_dir
        where = "" if out_dir in (blamed, blamed.parent) else f" ({blamed})"  # name only a file in the way
        raise InputError(Location("--out"), f"cannot write to {out_dir}{where}: {reason}; choose another --out",
                         "output.unwritable") from None


def prepare_output(out_dir: Path, names: list[str]) -> None:
    """Make sure the game folders can be written before anything is drawn."""
    with _output_errors(out_dir):
        out_dir.mkdir(parents=True, exist_ok=True)
        for name in names:
            if (out_dir / name).exists() and not (out_dir / name).is_dir():
                raise InputError(Location("--out"), f"{out_dir / name} is a file, where the output folder of "
                                 f"{name} goes; move it or choose another --out", "output.unwritable")
        with tempfile.TemporaryFile(dir=out_dir):
            pass


def build_summary(directory: Path, written: list[str], pages: list) -> str:
    """One line: where the files went, what they are, and how much paper they take."""
    files = [name for name in written if "/" not in name and name != "manifest.json"]
    for folder, what in (("svg", "SVG pages"), ("png", "PNG pages"), ("cut", "cut files"), ("tts", "TTS files")):
        count = sum(1 for name in written if name.startswith(folder + "/"))
        if count:
            files.append(f"{count} {what} in {folder}/")
    faces = [name for name in written if "/" in name and name.split("/")[0] not in ("svg", "png", "cut", "tts")]
    for suffix, what in ((".png", "piece images"), (".svg", "piece SVGs")):
        count = sum(1 for name in faces if name.endswith(suffix))
        if count:
            files.append(f"{count} {what}")
    listed = f"{directory}: {', '.join(files + ['manifest.json'])}"
    if not pages:
        return listed
    sheets = sum(1 for page in pages if page.side == "front" and page.furniture)
    if not sheets:
        return f"{listed}; {len(pages)} piece pages"
    return f"{listed}; {len(pages)} pages, {sheets} sheet{'' if sheets == 1 else 's'}"


class _Discard:
    """A stream that swallows the progress bar when stderr is not a terminal."""

    def write(self, _text):
        return 0

    def flush(self):
        pass

    def isatty(self):
        return False


@cli.command("palettes")
@click.option("--check", "check_name", metavar="NAME|FILE", help="Run the colour rules of every game with this palette.")
@_refuse_bad_input
def palettes_command(check_name):
    """The colour palettes, with swatches; --check runs the colour rules for every game."""
    if check_name is None:
        for index, name in enumerate(bundled_palette_names()):
            click.echo(palette_listing(load_palette(name), default=index == 0))
        return
    context = input_context(check_name)
    failed = report_findings(load_targets((), (), context), "colour.",
                             lambda loaded: f"ok, the colour rules hold with palette {context.palette.name}")
    sys.exit(1 if failed else 0)


def report_findings(loaded_games: list[LoadedGame], rules: str, ok_line) -> bool:
    """Print each game's findings of the rules whose ids start with `rules` ("" for all), or its
    `ok_line(loaded)` when it has none; True when any finding is an error."""
    failed = False
    for loaded in loaded_games:
        findings = [finding for finding in loaded.findings() if finding.rule.startswith(rules)]
        for finding in findings:
            click.echo(str(finding))
        failed |= has_errors(findings)
        if not findings:
            click.echo(f"{loaded.source}: {ok_line(loaded)}")
    return failed


def palette_listing(palette: Palette, default: bool = False) -> str:
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
@_common_input_options
@_refuse_bad_input
def validate_command(targets, palette_choice, overrides):
    """Check component sets against the games' rules. Exit 1 when an error is found."""
    failed = report_findings(load_targets(targets, overrides, input_context(palette_choice)), "",
                             lambda loaded: f"ok, {loaded.rule_count} rules hold")
    sys.exit(1 if failed else 0)


def main(args: list[str] | None = None):
    """Run `pnp` (with `args`, or the command line's); usage mistakes, like input mistakes, get one
    line and exit code 2."""
    try:
        cli.main(args=args, prog_name="pnp", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as help_request:
        click.echo(help_request.ctx.get_help())
    except click.UsageError as mistake:
        where = mistake.param.opts[0] if getattr(mistake, "param", None) is not None else "pnp"
        message = " ".join(mistake.format_message().split())
        click.echo(f"{where}: error: {message} [input.usage]", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        sys.exit(1)
    except click.ClickException as failure:
        failure.show()
        sys.exit(failure.exit_code)

