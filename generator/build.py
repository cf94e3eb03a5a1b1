"""The build pipeline, one stage after another:

    load -> check -> components -> impose -> render -> write

`pnp build`, `pnp validate`, `pnp list` and `pnp palettes --check` all run it, each as far as it
needs; the click commands only parse options and report. Each stage is a plain function a test can
call. A game's components are made once, and each face is drawn once, into a recording that the
contrast check reads and the backends replay wherever the piece is placed.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from generator.errors import InputError, Location
from generator.exports import piece_files, piece_pages, select, tts_decks
from generator.impose import Page, PrintSettings, TooManySheets, impose
from generator.load import LoadedGame, bundled_targets, load_game
from generator.palette import load_palette
from generator.print_guide import guide_component
from generator.render import json_bytes, manifest, render_pages
from generator.schema import Context
from generator.settings import print_settings
from generator.templates import Templates
from generator.validate import Finding

FORMATS = ("pdf", "svg", "png", "cut")
LAYOUTS = ("sheets", "pieces", "tts")
DEFAULT_DPI = {"sheets": 150, "pieces": 300, "tts": 300}


@dataclass(frozen=True)
class Request:
    """What `pnp build` was asked to make of each game, beyond the print settings."""

    formats: tuple[str, ...] = ("pdf",)
    layout: str = "sheets"
    dpi: int | None = None  # None: the layout's default
    only: tuple[str, ...] = ()
    copies: int = 1
    svg_text: str = "text"  # or "outlines": SVG text as glyph paths

    @property
    def resolution(self) -> int:
        return self.dpi or DEFAULT_DPI[self.layout]


@dataclass
class Built:
    """One game's build, written: its folder, the files in it and the pages it holds."""

    loaded: LoadedGame
    directory: Path
    written: list[str]
    pages: list[Page]


# 1. load ---------------------------------------------------------------------------------------

def input_context(palette_choice: str | None, words: str | None = None, lang: str | None = None) -> Context:
    """The palette, templates and words choice, read once per command and shared by every target."""
    return Context(load_palette(palette_choice), Templates(), words, lang)


def load(targets: Iterable[str], overrides: Iterable[str] = (), context: Context | None = None) -> list[LoadedGame]:
    """Each target (a bundled game's name or a game file; none: every bundled game) as a typed spec."""
    context = context or input_context(None)
    return [load_game(target, tuple(overrides), context.palette, context.templates, context.words, context.lang)
            for target in (tuple(targets) or bundled_targets())]


def settings_for(paper: str, duplex: str, bleed: float, crop_marks: bool, context: Context) -> PrintSettings:
    return print_settings(paper, duplex, bleed, crop_marks, context)


# 2. check --------------------------------------------------------------------------------------

def check(loaded: LoadedGame, settings: PrintSettings | None = None) -> list[Finding]:
    """The game's rules and the colour rules; contrast is read from the faces as they will print."""
    return loaded.findings(settings.bleed) if settings else loaded.findings()


# 3. components ---------------------------------------------------------------------------------

def components(loaded: LoadedGame, request: Request = Request()) -> list:
    """The game's components, made once, narrowed to `--only` and repeated `--copies` times."""
    return select(loaded.components(), request.only, request.copies)


def with_print_guide(loaded: LoadedGame, chosen: list, settings: PrintSettings, request: Request) -> list:
    """A whole game printed on sheets opens with the box that says how to print and build it (page
    1); a reprint of some pieces (`--only`) and the per-piece exports go without."""
    if request.layout != "sheets" or request.only:
        return chosen
    return [guide_component(loaded.spec, chosen, settings), *chosen]


# 4. impose -------------------------------------------------------------------------------------

def impose_pages(loaded: LoadedGame, chosen: list, settings: PrintSettings, layout: str = "sheets") -> list[Page]:
    """The pages of `layout` (none for tts, which lays out deck sheets of its own); pieces that would
    take more paper than any game needs are an input error."""
    if layout == "tts":
        return []
    try:
        if layout == "pieces":
            return piece_pages(chosen, settings)
        return impose(chosen, settings)
    except TooManySheets as problem:
        raise InputError(Location(loaded.source), str(problem), "input.too-large") from None


# 5. render -------------------------------------------------------------------------------------

def render_files(loaded: LoadedGame, chosen: list, pages: list[Page], settings: PrintSettings, request: Request,
                 on_page: Callable[[], None] = lambda: None, directory: Path | None = None
                 ) -> Iterator[tuple[str, bytes]]:
    """The build's files, (path in the game's folder, bytes), each yielded as soon as it is done;
    `directory`, the game's folder, is where TTS's saved object finds its images."""
    name, title, dpi = loaded.out_name, loaded.spec.title, request.resolution
    words = loaded.spec.words
    if loaded.draft_errors is not None:  # every page says it is not for printing yet
        title = f"{title} · {words('footer.draft', errors=loaded.draft_errors)}"
    if request.layout == "tts":
        yield from tts_decks(chosen, settings, title, dpi, loaded.faces, directory).items()
    else:
        rendered = render_pages(pages, settings, title, request.formats, dpi, on_page, loaded.faces, request.svg_text,
                                words)
        if request.layout == "pieces":  # in pieces/, beside the sheets an earlier build made
            for relative, data in piece_files(name, pages, rendered, settings, dpi, request.formats):
                yield f"pieces/{relative}", data
        else:
            folder = {"svg": "svg", "png": "png", "cut": "cut", "cut-merged": "cut/merged"}
            for fmt, number, data in rendered:
                suffix = "png" if fmt == "png" else "svg"
                yield (f"{name}.pdf" if fmt == "pdf" else f"{folder[fmt]}/page-{number:02d}.{suffix}"), data
    where = "manifest.json" if request.layout == "sheets" else f"{request.layout}/manifest.json"
    yield where, json_bytes(manifest(loaded.game.name, pages, settings, request.layout))


def progress_units(pages: list[Page], request: Request) -> int:
    """How many steps `render_files` reports: a page drawn, and a page rendered to PNG."""
    if request.layout == "tts":
        return 0
    return len(pages) * (2 if "png" in request.formats else 1)


# 6. write --------------------------------------------------------------------------------------

def prepare_output(out_dir: Path, names: list[str]) -> None:
    """Make sure the game folders can be written before anything is drawn."""
    with output_errors(out_dir):
        out_dir.mkdir(parents=True, exist_ok=True)
        for name in names:
            if (out_dir / name).exists() and not (out_dir / name).is_dir():
                raise InputError(Location("--out"), f"{out_dir / name} is a file, where the output folder of "
                                 f"{name} goes; move it or choose another --out", "output.unwritable")
        with tempfile.TemporaryFile(dir=out_dir):
            pass


_UMASK = os.umask(0o022)
os.umask(_UMASK)


def owned_entries(name: str, request: Request) -> set[str]:
    """The entries of a game's folder that a build of `request` makes, and so replaces whole: the
    sheets' PDF, manifest and a folder per format asked for; `pieces/` or `tts/` for those layouts.
    Everything else in the folder (another layout's or format's files) is kept."""
    if request.layout != "sheets":
        return {request.layout}
    owned = {"manifest.json"}
    if "pdf" in request.formats or "png" in request.formats:
        owned.add(f"{name}.pdf")
    return owned | {fmt for fmt in ("svg", "png", "cut") if fmt in request.formats}


def write(directory: Path, files: Iterable[tuple[str, bytes]], owned: set[str] | None = None) -> list[str]:
    """Write `files` ((path in the folder, bytes), as they come) as the folder `directory`. The
    entries `owned` names (all, when None) are replaced whole; any others the folder already holds
    (an earlier build's of another layout or format) are kept. Returns the written files' names,
    relative to `directory`.

    Each file goes to disk as soon as it arrives, so a thousand-page job never holds more than a
    page or two; they go into a fresh folder beside `directory` that is swapped in at the end, so a
    rebuild leaves no stale page of an earlier build and an interrupted one (or a failed stage)
    leaves the old folder as it was.
    """
    staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    written = []
    try:
        os.chmod(staging, 0o777 & ~_UMASK)  # mkdtemp makes folders private; outputs are ordinary files
        for relative, data in files:
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(relative)
        if owned is not None and directory.is_dir():
            _keep_others(directory, staging, owned | {relative.split("/")[0] for relative in written})
        _swap_in(staging, directory)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return written


def _keep_others(directory: Path, staging: Path, owned: set[str]) -> None:
    """Carry the old folder's entries that this build does not make into the new one, as hard links
    where the file system allows (cheap, and the old folder stays whole until the swap)."""
    for entry in directory.iterdir():
        if entry.name in owned or entry.name.startswith("."):
            continue
        target = staging / entry.name
        if entry.is_dir():
            shutil.copytree(entry, target, copy_function=_link_or_copy)
        else:
            _link_or_copy(entry, target)


def _link_or_copy(source, target) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _swap_in(staging: Path, directory: Path) -> None:
    """Put `staging` where `directory` is, the old folder going only once the new one is there."""
    if not directory.exists():
        staging.rename(directory)
        return
    retired = Path(tempfile.mkdtemp(prefix=f".{directory.name}.old.", dir=directory.parent))
    directory.rename(retired / directory.name)
    staging.rename(directory)
    shutil.rmtree(retired, ignore_errors=True)


@contextmanager
def output_errors(out_dir: Path):
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


# the whole build -------------------------------------------------------------------------------

def refuse_shared_folders(loaded_games: list[LoadedGame]) -> None:
    """Two targets that would write the same output folder: the second would replace the first."""
    first_of: dict[str, LoadedGame] = {}
    for loaded in loaded_games:
        earlier = first_of.setdefault(loaded.out_name, loaded)
        if earlier is not loaded:
            raise InputError(Location(loaded.source), f'writes the output folder "{loaded.out_name}", as '
                             f"{earlier.source} does; build it once, or give one of them another id",
                             "input.duplicate-id")


def build_games(loaded_games: list[LoadedGame], settings: PrintSettings, request: Request, out_dir: Path,
                progress: Callable[[int], Callable[[], None]] = lambda total: (lambda: None)) -> Iterator[Built]:
    """Stages 3 to 6 for each game whose check passed: its components, pages, files and folder.
    `progress(total)` is told how many steps are coming and returns what to call after each."""
    jobs = []
    for loaded in loaded_games:
        chosen = with_print_guide(loaded, components(loaded, request), settings, request)
        jobs.append((loaded, chosen, impose_pages(loaded, chosen, settings, request.layout)))
    prepare_output(out_dir, [loaded.out_name for loaded, _, _ in jobs])
    step = progress(sum(progress_units(pages, request) for _, _, pages in jobs))
    for loaded, chosen, pages in jobs:
        directory = out_dir / loaded.out_name
        try:
            with output_errors(out_dir):
                written = write(directory, render_files(loaded, chosen, pages, settings, request, step, directory),
                                owned_entries(loaded.out_name, request))
        except InputError as problem:  # a draft's faces are first drawn here: a missing glyph at its text's line
            raise loaded._at_the_text(problem) from None
        loaded.faces.clear()  # this game's recordings are printed; the next game's need the memory
        yield Built(loaded, directory, written, pages)
