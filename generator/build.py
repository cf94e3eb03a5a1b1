"""The build pipeline, one stage after another:

    load -> check -> components -> impose -> render -> write

`pnp build`, `pnp validate`, `pnp list` and `pnp palettes --check` all run it, each as far as it
needs; the click commands only parse options and report. Each stage is a plain function a test can
call. A game's components are made once, and each face is drawn once, into a recording that the
face checks read and the backends replay wherever the piece is placed; a set of more faces than a
build keeps recorded (a deck of thousands of different cards) is read by its checks as it prints.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import nullcontext
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from typing import Callable, Iterable, Iterator

from generator.backends.png import pixels
from generator.cutfiles import CUT_FILES
from generator import layout_rules
from generator.errors import InputError, Location
from generator.exports import TTS_MAX_PX, piece_files, piece_pages, select, tts_decks, tts_image_dpi
from generator.impose import MAX_SHEETS, Page, PrintSettings, TooManySheets, impose, printable
from generator.load import LoadedGame, bundled_targets, load_game
from generator.model import Component
from generator.options import DEFAULT_DPI, FORMATS, LAYOUTS  # noqa: F401 (FORMATS, LAYOUTS: the build's own)
from generator.output import Stage, prepare_output, refuse_unsafe_folder, remove_if_empty, write_build
from generator.palette import load_palette
from generator.paths import TEMPLATES_DIR
from generator.print_guide import guide_component, stock_sheets, tiled_components
from generator.reading import allowed_folders
from generator.recording import FaceRecordings, findings_of
from generator.render import manifest, render_pages, streams_pdf
from generator.schema import Context, where
from generator.settings import print_settings
from generator.shops import Shop
from generator.stocks import stock_of
from generator.templates import Templates
from generator.validate import Finding, has_errors



@dataclass(frozen=True)
class Request:
    """What `pnp build` was asked to make of each game, beyond the print settings."""

    formats: tuple[str, ...] = ("pdf",)
    layout: str = "sheets"
    dpi: int | None = None  # None: the layout's default
    only: tuple[str, ...] = ()
    copies: int = 1
    svg_text: str = "text"  # or "outlines": SVG text as glyph paths
    stock: str | None = None  # the sheets of this stock alone (generator/stocks.py)
    shop: Shop | None = None  # --shop: only the pieces it has templates for (generator/shops.py)

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
    notes: list[str]  # what the user should know about the folder (another layout's files kept)
    findings: list[Finding]  # of the faces read as they printed (LoadedGame.findings): no errors


class FacesRefused(Exception):
    """The faces of a build, read as they printed, break a rule: nothing of the game is written."""

    def __init__(self, findings: list[Finding]):
        super().__init__("the faces break the rules")
        self.findings = findings


# 1. load ---------------------------------------------------------------------------------------

def input_context(palette_choice: str | None, words: str | None = None, lang: str | None = None,
                  allowed: tuple[str, ...] = (), palette_option: str = "--palette") -> Context:
    """The palette, templates, words choice and the folders game files may read from besides their
    own (`--allow-path`), read once per command and shared by every target."""
    if words is not None and lang is not None:
        raise InputError(Location("--lang"), "give --words FILE or --lang CODE, not both: a words file is a "
                         "translation of its own", "input.usage")
    return Context(load_palette(palette_choice, palette_option), Templates(), words, lang,
                   allowed_folders(tuple(allowed)))


def load(targets: Iterable[str], overrides: Iterable[str] = (), context: Context | None = None) -> list[LoadedGame]:
    """Each target (a bundled game's name or a game file; none: every bundled game) as a typed spec."""
    context = context or input_context(None)
    return [load_game(target, tuple(overrides), context.palette, context.templates, context.words, context.lang,
                      context.allowed)
            for target in (tuple(targets) or bundled_targets())]


def settings_for(paper: str, duplex: str, bleed: float, crop_marks: bool, context: Context) -> PrintSettings:
    return print_settings(paper, duplex, bleed, crop_marks, context)


# 2. check --------------------------------------------------------------------------------------

def check(loaded: LoadedGame, settings: PrintSettings | None = None, as_printed: bool = False) -> list[Finding]:
    """The game's rules and the colour rules; contrast is read from the faces as they will print.
    `as_printed`: a set of more faces than a build keeps recorded has them read as they print (each
    drawn once), and the build is refused then, before anything is written (FacesRefused). A build
    that reads its faces before it prints them (a draft, whose pages count its errors; TTS) keeps
    what it read to print, up to FaceRecordings.READ_FIRST, rather than draw it again."""
    if settings is None:
        return loaded.findings()
    if not as_printed:
        loaded.faces.keep = max(loaded.faces.keep, FaceRecordings.READ_FIRST)
    return loaded.findings(settings.bleed, as_printed)


def shop_findings(loaded: LoadedGame, request: Request) -> list[Finding]:
    """With `--shop`: each component whose text or symbols enter the shop's safe zone (shop.safe-zone)."""
    if request.shop is None:
        return []
    check = layout_rules.ShopSafeZoneCheck(where(loaded.spec), request.shop)
    return findings_of(check, components(loaded, request), request.shop.bleed_mm, loaded.faces)


# 3. components ---------------------------------------------------------------------------------

def components(loaded: LoadedGame, request: Request = Request()) -> list:
    """The game's components, made once, narrowed to `--only`, repeated `--copies` times, and to the
    pieces `--shop` has templates for (nothing it has a template for is an input error)."""
    chosen = select(loaded.components(), request.only, request.copies)
    if request.shop is None:
        return chosen
    fit, _ = request.shop.fitting(chosen)
    if not fit:
        shop = request.shop
        sizes = ", ".join(f"{name} ({w:g} x {h:g} mm)" for name, (w, h) in shop.pieces)
        raise InputError(Location("--shop"), f"{shop.title} has templates for {sizes}, and {loaded.out_name} has no "
                         "piece of that size to send; build --layout pieces with your own --bleed and --dpi instead",
                         "input.usage")
    return fit


def shop_notes(loaded: LoadedGame, request: Request) -> list[str]:
    """What `--shop` left out for want of a template, as a line for the user."""
    if request.shop is None:
        return []
    _, left = request.shop.fitting(select(loaded.components(), request.only, request.copies))
    note = request.shop.left_out_note(loaded.out_name, left)
    return [note] if note else []


def tts_notes(chosen: list, request: Request) -> list[str]:
    """With `--layout tts --dpi N`: the components whose images TTS's 4096 px hold to less, as a line."""
    if request.layout != "tts" or request.dpi is None:
        return []
    lowered = [(component.name, tts_image_dpi(component, request.dpi)) for component in chosen if component.pieces]
    lowered = [f"{name} at {dpi}" for name, dpi in lowered if dpi < request.dpi]
    if not lowered:
        return []
    return [f"tts: the images of {', '.join(lowered)} dpi, not {request.dpi}: Tabletop Simulator loads an image of "
            f"at most {TTS_MAX_PX} px a side"]


def print_guide_first(request: Request) -> bool:
    """A whole game printed on sheets opens with the box that says how to print and build it (page
    1); a reprint of some pieces (`--only`) and the per-piece exports go without."""
    return request.layout == "sheets" and not request.only


# 4. impose -------------------------------------------------------------------------------------

#: Pieces a build of a file to each face (--layout pieces) or of TTS decks may make: about as many as
#: the most sheets a job may take hold (2,500 of nine cards), so that --copies cannot ask for hours of
#: files. The sheets have their own bound, in impose.py.
MAX_PIECES_AS_FILES = 25_000


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
        raise _too_large(loaded, str(problem)) from None


def _too_large(loaded: LoadedGame, message: str) -> InputError:
    """A job past a bound: at the game's components where its file lists them (a game of your own)."""
    names_them = "components" in getattr(loaded.spec, "_where", {})
    return InputError(where(loaded.spec, "components") if names_them else Location(loaded.source), message,
                      "input.too-large")


def refuse_past_the_bounds(loaded: LoadedGame, settings: PrintSettings, request: Request) -> None:
    """Before --copies makes a piece: a file to each face past MAX_PIECES_AS_FILES, or pieces whose
    area alone is more than MAX_SHEETS sheets could hold (so that imposing would certainly refuse
    them, once a million copies were made), are an input error now."""
    once = select(loaded.components(), request.only, 1)
    if request.layout in ("pieces", "tts"):
        count = sum(len(component.pieces) for component in once) * request.copies
        if count > MAX_PIECES_AS_FILES:
            raise _too_large(loaded, f"--layout {request.layout} would make {count:,} pieces, each a file or a "
                             f"deck's card of its own; a build may make at most {MAX_PIECES_AS_FILES:,}: fewer "
                             "--copies, or --only some of them")
        return
    area = sum(piece.width * piece.height for component in once for piece in component.pieces) * request.copies
    x0, y0, x1, y1 = printable(settings.paper.width, settings.paper.height, settings)
    if area > MAX_SHEETS * (x1 - x0) * (y1 - y0):
        raise _too_large(loaded, f"the pieces would take more than {MAX_SHEETS} sheets of {settings.paper.name}; a job "
                         f"may take at most {MAX_SHEETS}: check the counts and sizes")


#: The most pixels a PNG page may have: Letter or A4 at 1,200 dpi (135 and 139 million). A page that
#: large is rendered a band at a time and encoded before the next (backends/png.py): 660 MB here for A4
#: at 1,200 dpi, where a 1,500 mm paper at 1,200 dpi would ask for some 4 GB.
MAX_PNG_PIXELS = 150_000_000


def refuse_huge_pngs(pages: list[Page], request: Request) -> None:
    """Before anything is drawn: no PNG page of the build is past MAX_PNG_PIXELS at its dpi (a deck
    sheet for TTS is within 4096 px by its own rule)."""
    if "png" not in request.formats or request.layout == "tts":
        return
    dpi = request.resolution

    def area(page: Page, at: int) -> int:
        return pixels(page.width, at) * pixels(page.height, at)

    largest = max(pages, key=lambda page: area(page, dpi), default=None)
    if largest is None or area(largest, dpi) <= MAX_PNG_PIXELS:
        return
    fits = dpi
    while fits > 1 and area(largest, fits) > MAX_PNG_PIXELS:
        fits -= 1
    raise InputError(Location("--dpi"), f"page {largest.number} ({largest.width:g} x {largest.height:g} mm) would be a "
                     f"PNG of {pixels(largest.width, dpi):,} x {pixels(largest.height, dpi):,} pixels at {dpi} dpi; a "
                     f"PNG page may have at most {MAX_PNG_PIXELS // 1_000_000} million: give --dpi {fits} or less",
                     "input.too-large")


def impose_job(loaded: LoadedGame, settings: PrintSettings, request: Request) -> tuple[list, list[Page]]:
    """The pieces chosen and their pages (`--stock`: that stock's pages alone, numbered as in the
    whole job). Page 1's box names each stock's pages, which follow from its size: it is made first
    with page numbers of the same length, and once the pages are known, made again with theirs. A
    box of the same size takes the first one's place (the pages are the same); one that grew is
    imposed again."""
    refuse_past_the_bounds(loaded, settings, request)
    chosen = components(loaded, request)
    if not print_guide_first(request):
        pages = only_stock(impose_pages(loaded, chosen, settings, request.layout), request.stock)
        refuse_huge_pngs(pages, request)
        return chosen, pages
    guessed: dict[str, tuple[list[int], bool]] = {"plain": ([10, 11], False)}
    for component in chosen:
        stock = stock_of(component)
        both = guessed.get(stock, ([], False))[1] or (component.has_backs and settings.duplex != "off")
        guessed[stock] = ([10, 11], both)
    guide = guide_component(loaded.spec, loaded.title, loaded.printing, chosen, settings, guessed)
    for attempt in range(3):
        pages = impose_pages(loaded, [guide, *chosen], settings, request.layout)
        named = guide_component(loaded.spec, loaded.title, loaded.printing, chosen, settings, stock_sheets(pages),
                                tiled_components(pages))
        if named.pieces[0].shape == guide.pieces[0].shape:
            _swap_guide(pages, guide, named)
            guide = named
            break
        if attempt < 2:  # the box grew: impose again; at the last, keep the box the pages were imposed with
            guide = named
    pages = only_stock(pages, request.stock)
    refuse_huge_pngs(pages, request)
    return [guide, *chosen], pages


def _swap_guide(pages: list[Page], old: Component, new: Component) -> None:
    """Page 1's box made again, the same size: it takes the old one's place wherever that lies."""
    for page in pages:
        if any(component is old for component in page.components):  # page 1, and its back
            page.components = [new if component is old else component for component in page.components]
        for placement in page.placements:
            if placement.component is old:
                placement.component, placement.piece = new, new.pieces[0]


def only_stock(pages: list[Page], stock: str | None) -> list[Page]:
    """The pages printed on `stock` (all, for None): a job of their own, without the blank backs
    of a stock that prints one side only."""
    if stock is None:
        return pages
    sheets = stock_sheets(pages)
    if stock not in sheets:
        named = ", ".join(f'"{name}"' for name in sheets)  # quoted: a stock of the game's own may hold a comma
        raise InputError(Location("--stock"), f'this build prints nothing on "{stock}"; its stocks are {named} '
                         "(page 1 of the whole game's build says which pages go on each)", "input.usage")
    both = sheets[stock][1]
    return [page for page in pages if page.stock == stock and (both or page.side == "front" or page.placements)]


def impose_early(loaded: LoadedGame, settings: PrintSettings, request: Request) -> None:
    """Impose a game whose pieces are made as it loads (a game of your own) before its rules run and
    its faces are drawn: ten thousand rows past the sheet limit are refused in a moment, not after
    every face was drawn. The pages are kept for the build."""
    if loaded.game.pieces_at_load:
        loaded.imposed = (id(settings), request, *impose_job(loaded, settings, request))


def imposed_job(loaded: LoadedGame, settings: PrintSettings, request: Request) -> tuple[list, list[Page]]:
    """The pieces and pages of `impose_job`, imposed now or kept from `impose_early` for the same asking."""
    if loaded.imposed and loaded.imposed[:2] == (id(settings), request):
        return loaded.imposed[2], loaded.imposed[3]
    return impose_job(loaded, settings, request)


# 5. render -------------------------------------------------------------------------------------

def render_files(loaded: LoadedGame, chosen: list, pages: list[Page], settings: PrintSettings, request: Request,
                 on_page: Callable[[], None] = lambda: None, directory: Path | None = None,
                 stage: Stage | None = None) -> Iterator[tuple[str, bytes | None]]:
    """The build's files but its manifest, (path in the game's folder, bytes), each yielded as soon as
    it is done; `directory`, the game's folder, is where TTS's saved object finds its images. Given
    the build's `stage`, the PDF (of the sheets, or of the pieces) is written into it as its pages
    are drawn, and comes with None for its bytes."""
    name, title, dpi = loaded.out_name, page_title(loaded), request.resolution
    words = loaded.spec.words
    if request.layout == "tts":
        yield from tts_decks(chosen, settings, title, dpi, loaded.faces, directory, name)
    else:
        reading = loaded.face_reading[0] if loaded.face_reading else None
        streamed = stage is not None and streams_pdf(request.formats)
        pdf_path = f"pieces/{name}.pdf" if request.layout == "pieces" else f"{name}.pdf"
        # Closed however the drawing ends: a refused face leaves no open file in the stage.
        with stage.open(pdf_path) if streamed else nullcontext() as sink:
            rendered = render_pages(pages, settings, title, request.formats, dpi, on_page, loaded.faces,
                                    request.svg_text, words, reading, sink)
            if request.layout == "pieces":  # in pieces/, beside the sheets an earlier build made
                for relative, data in piece_files(name, pages, rendered, settings, dpi, request.formats):
                    yield f"pieces/{relative}", data
            else:
                files = {"svg": ("svg", "svg"), "png": ("png", "png"), **CUT_FILES}  # kind: (folder, suffix)
                for fmt, number, data in rendered:
                    if fmt == "pdf":
                        yield f"{name}.pdf", data
                    else:
                        folder, suffix = files[fmt]
                        yield f"{folder}/page-{number:02d}.{suffix}", data
    # Faces read as they printed: their errors refuse the build here, before write_build commits a file.
    printed = loaded.printed_findings()
    if has_errors(printed):
        raise FacesRefused(printed)
    loaded.printed = printed


def page_title(loaded: LoadedGame) -> str:
    """The title every page's footer names: the game's, and a draft's note that it is not for printing yet."""
    if loaded.draft_errors is None:
        return loaded.title
    return f"{loaded.title} · {loaded.spec.words('footer.draft', errors=loaded.draft_errors)}"


def progress_units(pages: list[Page], request: Request) -> int:
    """How many steps `render_files` reports: a page drawn, and a page rendered to PNG."""
    if request.layout == "tts":
        return 0
    return len(pages) * (2 if "png" in request.formats else 1)


# 6. write: generator/output.py ------------------------------------------------------------------

def inputs_digest(loaded: LoadedGame) -> str:
    """A digest of what a game's pages are made from: the program, the game file as read (with
    --set), every file it read, the palette and the words. Builds of equal digests and print
    settings print the same pages (output/ keeps an earlier build's files of other formats only then)."""
    words = loaded.spec.words
    read = loaded.reader.files if loaded.reader else {}
    # A file in the game's folder by its name there: a folder moved or copied whole reads the same inputs.
    named = sorted((str(path.relative_to(loaded.reader.folder)) if loaded.reader.folder in path.parents else str(path),
                    digest) for path, digest in read.items())
    return _digest(program_version(), json.dumps(loaded.data, default=str), named, loaded.palette_colours,
                   words.texts, words.language, words.numbers)


def pages_digest(inputs: str, loaded: LoadedGame, settings: PrintSettings, request: Request) -> str:
    """The inputs' digest with the print settings and the pieces chosen: what the pages show."""
    return _digest(inputs, repr(settings), request.only, request.copies, request.stock,
                   request.shop and request.shop.name, loaded.draft_errors)


def _digest(*parts) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(json.dumps(part, default=str, sort_keys=True).encode())
        digest.update(b"\0")
    return digest.hexdigest()


@lru_cache(maxsize=1)
def program_version() -> str:
    """The program's code and templates as they are on disk (each file's size and time), as a
    digest: a build by another version may print otherwise."""
    package = Path(__file__).resolve().parent
    files = sorted((*package.rglob("*.py"), *TEMPLATES_DIR.glob("*.yaml")))
    return _digest([(str(path), path.stat().st_size, path.stat().st_mtime_ns) for path in files])


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


def write(loaded: LoadedGame, directory: Path, files: Iterable[tuple[str, bytes]] | Callable[[Stage], Iterable],
          pages: list[Page], settings: PrintSettings, request: Request) -> tuple[list[str], list[str]]:
    """The rendered files (or what renders them into the build's stage) into the game's folder, with
    the manifest that records them and the inputs they were made from (output.py): the files
    written, and notes for the user."""
    record = partial(manifest, loaded.game.name, pages, settings, request.layout)
    inputs = inputs_digest(loaded)
    return write_build(directory, files, request.layout, loaded.out_name, record, inputs,
                       pages_digest(inputs, loaded, settings, request))


def refuse_unsafe_folders(loaded_games: list[LoadedGame], out_dir: Path) -> None:
    """Before anything is drawn: each game's output folder is one a build may write (output.py)."""
    for loaded in loaded_games:
        game_file = loaded.reader.folder / Path(loaded.source).name if loaded.reader else Path(loaded.source)
        refuse_unsafe_folder(out_dir / loaded.out_name, game_file, loaded.reader.files if loaded.reader else ())


def build_games(loaded_games: list[LoadedGame], settings: PrintSettings, request: Request, out_dir: Path,
                progress: Callable[[int], Callable[[], None]] = lambda total: (lambda: None)) -> Iterator[Built]:
    """Stages 3 to 6 for each game whose check passed: its components, pages, files and folder.
    `progress(total)` is told how many steps are coming and returns what to call after each."""
    refuse_unsafe_folders(loaded_games, out_dir)
    jobs = []
    for loaded in loaded_games:
        jobs.append((loaded, *imposed_job(loaded, settings, request)))
    made = prepare_output(out_dir, [out_dir / loaded.out_name for loaded, _, _ in jobs])
    step = progress(sum(progress_units(pages, request) for _, _, pages in jobs))
    try:
        for loaded, chosen, pages in jobs:
            directory = out_dir / loaded.out_name
            loaded.use_fonts()  # the games before it were imposed and drawn with theirs
            try:
                written, notes = write(loaded, directory, partial(render_files, loaded, chosen, pages, settings,
                                                                  request, step, directory), pages, settings, request)
            except InputError as problem:  # a draft's faces are first drawn here: a missing glyph at its text's line
                raise loaded._at_the_text(problem) from None
            loaded.faces.clear()  # this game's recordings are printed; the next game's need the memory
            yield Built(loaded, directory, written, pages, shop_notes(loaded, request) + tts_notes(chosen, request) + notes,
                        loaded.printed)
    except BaseException:
        remove_if_empty(made)  # an --out made for a build that wrote nothing (a game before it keeps it)
        raise
