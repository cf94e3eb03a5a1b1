"""What a build may write, and how: the last stage of the pipeline.

A build writes only inside its game's folder, `<out>/<game>/`, and there only the files it makes.
It knows the files an earlier build made from that build's manifest (`manifest.json` for the sheets,
`pieces/manifest.json`, `tts/manifest.json`), which lists them with digests of the inputs they were
made from (`inputs`: the game's files, palette and words; `pages_from`: those and the print
settings). So a rebuild

* replaces the files an earlier build of the same layout made, and removes those it does not make
  again, unless they were made from the same inputs (a `--format cut` build beside the PDF of the
  same game keeps that PDF, which its cut files match);
* says when another layout's files (a TTS export beside new sheets) were made from other inputs;
* leaves every other entry of the folder as it was, hidden or not, and refuses to write over a file
  it did not make, or through a symbolic link.

It refuses a game folder that is, or holds, the game's own folder or files or the project's source.
Files are written into a hidden staging folder as they are rendered and moved into place only once
all are there, so a failed or interrupted build leaves the earlier one as it was.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import stat
import tempfile
import time
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable

from generator.errors import InputError, Location
from generator.paths import DATA_DIR, SOURCE_ROOT, TEMPLATES_DIR
from generator.render import json_chunks

LAYOUT_MANIFESTS = {"sheets": "manifest.json", "pieces": "pieces/manifest.json", "tts": "tts/manifest.json"}
STAGING_PREFIX = ".pnp-staging-"
#: A staging folder's whole name, as tempfile.mkdtemp makes it: a user's own ".pnp-staging-notes" is not one.
STAGING_NAME = re.compile(re.escape(STAGING_PREFIX) + r"[a-z0-9_]{8}")
#: A manifest larger than this is no manifest of ours.
MAX_MANIFEST = 64 * 1024 * 1024

_UMASK = os.umask(0o022)
os.umask(_UMASK)


def layout_roots(layout: str, name: str) -> tuple[str, ...]:
    """The entries of a game's folder a layout's files live in: the sheets' PDF and a folder per
    format; `pieces/` or `tts/`."""
    if layout == "sheets":
        return (f"{name}.pdf", "svg/", "png/", "cut/")
    return (f"{layout}/",)


#: A piece's or component's name in a file name: the ids games and rows may give.
_ID = r"[A-Za-z0-9][A-Za-z0-9._-]*"
_PAGE = r"page-\d{2,}"


def named_as_built(layout: str, name: str, relative: str) -> bool:
    """Whether `relative` is a name a build of `layout` gives its files: an earlier build's manifest
    is believed only for such names, so that a hand-edited one listing `svg/mine.svg` does not make
    that file the program's to remove."""
    return _built_names(layout, name).fullmatch(relative) is not None


@lru_cache(maxsize=16)
def _built_names(layout: str, name: str) -> re.Pattern:
    """named_as_built's pattern, made once for a layout and game (a build of pieces stages thousands)."""
    game = re.escape(name)
    return re.compile({
        "sheets": rf"{game}\.pdf|svg/{_PAGE}\.svg|png/{_PAGE}\.png|cut/(merged/)?{_PAGE}\.(svg|dxf)",
        "pieces": rf"pieces/({game}\.pdf|pieces\.json|{_ID}/{_ID}-(front|back)\.(png|svg))",
        "tts": rf"tts/({game}\.json|decks\.json|{_ID}-(back|\d{{2,}})\.png|{_ID}/{_ID}-(front|back)\.png)",
    }[layout])


# Before anything is drawn ------------------------------------------------------------------------

def source_folders() -> list[Path]:
    """The project's own folders, which no build may write into or hold: the package's code, data
    and templates, and the source tree they came from."""
    package = Path(__file__).resolve().parent
    folders = [package, DATA_DIR.resolve(), TEMPLATES_DIR.resolve()]
    if (SOURCE_ROOT / "pyproject.toml").is_file():
        folders.append(SOURCE_ROOT.resolve())
    return folders


def refuse_unsafe_folder(directory: Path, game_file: Path, read: Iterable[Path]) -> None:
    """A game's output folder may not be a symbolic link, nor be or hold the game's own folder,
    its file or a file it read (a build there would write among them), nor be or hold the project's
    source, nor lie inside the package."""
    where = Location("--out")
    if directory.is_symlink():
        raise InputError(where, f"{directory} is a symbolic link; a build does not write through links: remove it or "
                         "choose another --out", "output.unsafe")
    folder = directory.resolve()
    game_file = game_file.resolve()
    guarded = [(game_file.parent, "the folder of the game file"), (game_file, "the game file"),
               *((path, "a file the game reads") for path in read)]
    for path, what in guarded:
        if folder == path or folder in path.parents:
            raise InputError(where, f"{directory} {'is' if folder == path else 'holds'} {what} ({path.name}); a build "
                             "writes a folder of its own and would write among the game's files: choose another "
                             "--out", "output.unsafe")
    for path in source_folders():  # the source tree may hold an output/ folder; the package may not
        if folder == path or folder in path.parents or (path != SOURCE_ROOT.resolve() and path in folder.parents):
            raise InputError(where, f"{directory} is in or holds the program's own source ({path}); choose another "
                             "--out", "output.unsafe")


def prepare_output(out_dir: Path, directories: list[Path]) -> list[Path]:
    """Make sure `--out` and the game folders can be written before anything is drawn; the folders
    made for it, outermost first (remove_if_empty takes them away again if the build fails)."""
    made = []
    for folder in (out_dir, *out_dir.parents):
        if folder.exists():
            break
        made.insert(0, folder)
    try:
        with output_errors(out_dir):
            out_dir.mkdir(parents=True, exist_ok=True)
            for directory in directories:
                if directory.exists() and not directory.is_dir():
                    raise InputError(Location("--out"), f"{directory} is a file, where the output folder of "
                                     f"{directory.name} goes; move it or choose another --out", "output.unwritable")
                if directory.is_dir() and not os.access(directory, os.W_OK | os.X_OK):
                    raise InputError(Location("--out"), f"cannot write to {directory}: permission denied; choose "
                                     "another --out", "output.unwritable")
            with tempfile.TemporaryFile(dir=out_dir):
                pass
    except BaseException:
        remove_if_empty(made)
        raise
    return made


def remove_if_empty(made: list[Path]) -> None:
    """Take away the folders a failed or interrupted build made (outermost first in `made`), innermost
    first, as long as they are empty: a build that writes nothing leaves no trace."""
    for folder in reversed(made):
        try:
            folder.rmdir()
        except OSError:
            return


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
        # the user's file of the two a move names (the other is in the hidden staging folder)
        named = [str(name) for name in (problem.filename2, problem.filename) if name]
        blamed = Path(next((name for name in named if STAGING_PREFIX not in name), out_dir))
        where = "" if out_dir in (blamed, blamed.parent) else f" ({blamed})"  # name only a file in the way
        raise InputError(Location("--out"), f"cannot write to {out_dir}{where}: {reason}; choose another --out",
                         "output.unwritable") from None


# What earlier builds made --------------------------------------------------------------------------

class Earlier:
    """The files earlier builds made in a game's folder, by layout, with the inputs they were made
    from (None for a manifest of an older version of this program, which recorded none)."""

    def __init__(self, directory: Path, name: str):
        self.directory, self.name = directory, name
        self.files: dict[str, set[str]] = {}
        self.inputs: dict[str, str | None] = {}  # the game's inputs
        self.pages_from: dict[str, str | None] = {}  # the game's inputs and the print settings
        for layout, manifest in LAYOUT_MANIFESTS.items():
            record = self._manifest(directory / manifest)
            if record is None:
                continue
            roots = layout_roots(layout, name)
            listed = record.get("files")
            if isinstance(listed, list):  # of the kinds of file a build writes, whoever planted the manifest
                files = {entry for entry in listed if isinstance(entry, str) and _safe_relative(entry)
                         and named_as_built(layout, name, entry)}
            else:  # an older build, which listed no files: those named as a build names its files
                files = {relative for relative in self._regular_files(roots) if named_as_built(layout, name, relative)}
            self.files[layout] = files | {manifest}
            self.inputs[layout] = record.get("inputs") if isinstance(record.get("inputs"), str) else None
            self.pages_from[layout] = record.get("pages_from") if isinstance(record.get("pages_from"), str) else None

    @staticmethod
    def _manifest(path: Path) -> dict | None:
        """The manifest at `path` if it is one of ours: a regular file of JSON naming a game and layout."""
        try:
            status = os.lstat(path)
            if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_MANIFEST:
                return None
            record = _outer_keys(path)
            if record is None:
                record = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_outermost)
        except (OSError, ValueError):
            return None
        return record if isinstance(record, dict) and "game" in record and "pages" in record else None

    def _regular_files(self, roots: tuple[str, ...]) -> Iterable[str]:
        for root in roots:
            path = self.directory / root.rstrip("/")
            if path.is_symlink():
                continue
            if path.is_file():
                yield root
            elif path.is_dir():
                for folder, folders, names in os.walk(path):
                    folders[:] = [name for name in folders if not (Path(folder) / name).is_symlink()]
                    for name in names:
                        full = Path(folder) / name
                        if full.is_file() and not full.is_symlink():
                            yield str(full.relative_to(self.directory).as_posix())

    def owns(self, relative: str) -> bool:
        return any(relative in files for files in self.files.values())


def _safe_relative(relative: str) -> bool:
    parts = relative.split("/")
    return bool(relative) and not relative.startswith("/") and "\\" not in relative and \
        all(part not in ("", ".", "..") for part in parts)


# Writing ------------------------------------------------------------------------------------------

def _outer_keys(path: Path) -> dict | None:
    """The keys of a manifest as json_chunks writes one, read a line at a time: each key of the outer
    object starts a line with one space, and each value but the pages fits on that line. A rebuild of
    ten thousand pieces then never holds its old manifest's text whole. The pages are left out (None);
    a file laid out otherwise (another value over many lines) is None, to be read whole."""
    record = {}
    with open(path, "rb") as file:
        if file.readline() != b"{\n":
            return None
        last = b""
        for line in file:
            last = line
            if not line.startswith(b' "'):
                continue  # inside the pages
            key, _, value = line.rstrip(b"\n").rstrip(b",").partition(b": ")
            if value == b"[" and key.strip() == b'"pages"':
                record["pages"] = None
            elif value in (b"[", b"{"):
                return None
            else:
                record.update(json.loads(b"{" + key + b": " + value + b"}"))
    return record if last == b"}\n" else None


def _outermost(pairs: list[tuple]) -> dict | None:
    """Only the manifest's own object of all those in it (the one naming the game): the files and
    digests an earlier build recorded are all a build asks of it, and the ten thousand entries of its
    pages, if built, would weigh some thirty megabytes."""
    return dict(pairs) if any(key == "game" for key, _ in pairs) else None


def write_build(directory: Path, files: Iterable[tuple[str, bytes | None]] | Callable[[Stage], Iterable],
                layout: str, name: str, record: dict | Callable[[], dict], inputs: str, pages: str | None = None
                ) -> tuple[list[str], list[str]]:
    """Write a build of `layout` into the game folder `directory`: `files` ((path in the folder,
    bytes), written as they come; or a function that is handed the build's `Stage` and returns them,
    a file it wrote through the stage coming with None for its bytes) and its manifest, `record` (or
    what it returns, asked for once the files are written: a manifest of ten thousand pieces need not
    wait in memory) with the files added and two digests: `inputs`, of what the game is made from,
    and `pages`, of that and the print settings (the same as `inputs` when not given). Returns the
    files written (the manifest last) and notes for the user (another layout's files kept from other
    inputs)."""
    pages = pages or inputs
    manifest = LAYOUT_MANIFESTS[layout]
    out_dir = directory.parent
    made = [] if directory.exists() else [directory]
    with output_errors(out_dir):
        directory.mkdir(exist_ok=True)
        _clear_old_staging(directory)
        staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=directory))
    committed = False
    try:
        stage = Stage(staging, out_dir, layout, name)
        written = []
        for relative, data in files(stage) if callable(files) else files:  # each rendered as it comes
            if data is None and relative not in stage.opened:
                raise ValueError(f"a build of {layout} named {relative!r} as written, but wrote no such file")
            if data is not None:
                with stage.open(relative) as file:
                    file.write(data)
            written.append(relative)
        record = record() if callable(record) else record
        with output_errors(out_dir):
            notes = _commit(directory, staging, written, manifest, layout, name, {**record, "inputs": inputs,
                                                                                   "pages_from": pages})
        committed = True
    except UndoFailed:
        staging = None
        raise
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
        if not committed:
            remove_if_empty(made)
    return written + [manifest], notes


class Stage:
    """Where a build's files are written before they are committed to the game's folder, all at once:
    a file opened here is in one of the layout's folders, new (never one that was there), and a
    failed write, such as a full disk, is one error naming the output folder."""

    def __init__(self, staging: Path, out_dir: Path, layout: str, name: str):
        self.staging, self.out_dir, self.layout, self.name = staging, out_dir, layout, name
        self.opened: set[str] = set()
        self.touched = time.monotonic()

    def open(self, relative: str) -> StagedFile:
        if not _safe_relative(relative) or not named_as_built(self.layout, self.name, relative):
            raise ValueError(f"a build of {self.layout} made a file {relative!r} it would not know again as its own")
        with output_errors(self.out_dir):
            path = self.staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            file = StagedFile(path.open("xb"), self.out_dir)
            if time.monotonic() - self.touched > 60:  # a build at work for an hour is not one left behind
                os.utime(self.staging)
                self.touched = time.monotonic()
        self.opened.add(relative)
        return file


class StagedFile:
    """A file of the build, open for writing in its stage (a PDF written as its pages are drawn)."""

    def __init__(self, file, out_dir: Path):
        self.file, self.out_dir = file, out_dir

    def write(self, data: bytes) -> None:
        with output_errors(self.out_dir):  # the disk filling up mid-document: the folder's error
            self.file.write(data)

    def close(self) -> None:
        with output_errors(self.out_dir):
            self.file.close()

    def __enter__(self) -> StagedFile:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _commit(directory: Path, staging: Path, written: list[str], manifest: str, layout: str, name: str,
            record: dict) -> list[str]:
    earlier = Earlier(directory, name)
    for relative in (manifest, *written):  # a manifest that is a link says so first: it is why none is ours
        _refuse_foreign(directory, relative, earlier)
    ours = earlier.files.get(layout, set()) - {manifest}
    same_pages = earlier.pages_from.get(layout) == record["pages_from"]
    kept = sorted(relative for relative in ours - set(written) if same_pages)
    stale = sorted(relative for relative in ours - set(written) if not same_pages)
    moves = _Moves(directory, staging)
    try:
        moves.set_aside(manifest, copy=True)
        # A manifest naming every file that may be on disk goes first (short: no pages), so that a
        # commit cut off where nothing can undo it (a power cut, a SIGKILL) leaves nothing a later
        # build would not know as its own; once the moves are done, the manifest itself.
        _write_manifest(directory, staging, manifest, {key: record[key] for key in ("game", "layout")} | {"pages": []},
                        sorted({*written, *kept, *stale}))
        for relative in written:
            os.chmod(staging / relative, 0o666 & ~_UMASK)
            moves.set_aside(relative)
            moves.put_in_place(relative)
        for relative in stale:
            moves.set_aside(relative)
        _write_manifest(directory, staging, manifest, record, sorted({*written, *kept}))
    except BaseException:  # a failed move, or Ctrl-C: the earlier build is put back as it was
        moves.undo(manifest)
        raise
    for relative in stale:  # set aside with the staging folder, which goes; the folders they leave empty too
        _remove_empty_folders(directory, directory / relative)
    return [f"{directory}: kept {_folders_of(earlier.files[other])} from an earlier build of other inputs; rebuild "
            f"it (--layout {other}) or delete it" for other in earlier.files
            if other != layout and earlier.inputs.get(other) != record["inputs"]]


class _Moves:
    """A commit's moves, made so that they can be undone: an earlier build's file is set aside in the
    staging folder before its place is taken (and goes with the staging folder when the commit is
    done), and each move is noted before it is made. Undone, every file set aside goes back, and
    every file put in place is taken out again: a failed or interrupted commit leaves the earlier
    build as it was."""

    ASIDE = ".earlier"  # in the staging folder, beside the files staged

    def __init__(self, directory: Path, staging: Path):
        self.directory, self.staging = directory, staging
        self.aside: list[str] = []  # files of an earlier build set aside, in order
        self.placed: list[str] = []  # staged files put in place, in order
        self.folders: list[Path] = []  # folders made for them

    def set_aside(self, relative: str, copy: bool = False) -> None:
        """Move an earlier build's file out of the way (`copy`: keep it where it is too, as the manifest
        stays until the new one takes its place). A file not there, or not a plain file in real
        folders, is left to _refuse_foreign, which has refused what is not ours."""
        path, kept = self.directory / relative, self.staging / self.ASIDE / relative
        try:
            if not _in_real_folders(self.directory, relative) or not stat.S_ISREG(os.lstat(path).st_mode):
                return
        except FileNotFoundError:
            return
        kept.parent.mkdir(parents=True, exist_ok=True)
        self.aside.append(relative)  # noted first: undo looks for what is there
        if copy:  # whole or not at all, so that undo never puts back half a manifest
            shutil.copyfile(path, kept.with_name(kept.name + ".part"))
            os.replace(kept.with_name(kept.name + ".part"), kept)
        else:
            os.replace(path, kept)

    def put_in_place(self, relative: str) -> None:
        target = self.directory / relative
        missing, folder = [], target.parent
        while folder != self.directory and not folder.is_dir():  # the folders made for it, outermost first
            missing.insert(0, folder)
            folder = folder.parent
        self.folders += missing
        target.parent.mkdir(parents=True, exist_ok=True)
        self.placed.append(relative)
        os.replace(self.staging / relative, target)

    def undo(self, manifest: str) -> None:
        """Take back every move made, in reverse order (Ctrl-C held off meanwhile: half an undo would be
        worse than none). What cannot be moved back stays in the staging folder, which is then kept."""
        with _signals_held():
            for relative in reversed(self.placed):
                if not (self.staging / relative).exists():  # it was moved: take it out again
                    with contextlib.suppress(OSError):
                        (self.directory / relative).unlink()
            failed = False
            for relative in reversed(self.aside):
                kept = self.staging / self.ASIDE / relative
                try:
                    if kept.exists():
                        os.replace(kept, self.directory / relative)
                except OSError:
                    failed = True
            if manifest not in self.aside:  # there was none before: the one written goes
                with contextlib.suppress(OSError):
                    (self.directory / manifest).unlink()
            for folder in reversed(self.folders):
                with contextlib.suppress(OSError):
                    folder.rmdir()  # only when empty
            if failed:
                raise UndoFailed(Location("--out"), f"{self.directory}: a failed build could not be undone; the "
                                 f"earlier build's files are in {self.staging / self.ASIDE}", "output.unwritable")


class UndoFailed(InputError):
    """A commit that could not be undone: its staging folder, which holds the earlier build's files,
    is kept."""


@contextmanager
def _signals_held():
    """Ctrl-C and a `kill` held back until the block is done (where the platform can hold them)."""
    held = {signal.SIGINT, signal.SIGTERM}
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _folders_of(files: set[str]) -> str:
    tops = sorted({relative.split("/")[0] + ("/" if "/" in relative else "") for relative in files})
    return ", ".join(tops)


def _refuse_foreign(directory: Path, relative: str, earlier: Earlier) -> None:
    """Nothing on the way to `relative` is a link, and whatever is there is a file an earlier build
    made: a build never writes over, or through, what it did not make."""
    path = directory
    parts = relative.split("/")
    for index, part in enumerate(parts):
        path = path / part
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            return
        last = index == len(parts) - 1
        if stat.S_ISLNK(mode):
            raise InputError(Location("--out"), f"{path} is a symbolic link; a build neither follows nor replaces "
                             "one: remove it or choose another --out", "output.not-ours")
        if not last and not stat.S_ISDIR(mode):
            raise InputError(Location("--out"), f"{path} is a file where the build's folder {part}/ goes; move it or "
                             "choose another --out", "output.not-ours")
        if last and (not stat.S_ISREG(mode) or not earlier.owns(relative)):
            raise InputError(Location("--out"), f"{path} was not made by an earlier build, and this build would "
                             "replace it; move it or choose another --out", "output.not-ours")


def _write_manifest(directory: Path, staging: Path, manifest: str, record: dict, files: list[str]) -> None:
    staged = staging / (".manifest-" + manifest.replace("/", "-"))
    with open(staged, "w", encoding="utf-8") as file:
        file.writelines(json_chunks({**record, "files": files}))
    os.chmod(staged, 0o666 & ~_UMASK)
    target = directory / manifest
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(staged, target)


def _remove_empty_folders(directory: Path, path: Path) -> None:
    """The folders above `path` that are empty, up to the game's folder."""
    folder = path.parent
    while folder != directory:
        try:
            folder.rmdir()  # only when empty
        except OSError:
            return
        folder = folder.parent


def _in_real_folders(directory: Path, relative: str) -> bool:
    """Whether every folder on the way from `directory` to `relative` is a folder, and no link to one."""
    path = directory
    for part in relative.split("/")[:-1]:
        path = path / part
        try:
            if not stat.S_ISDIR(os.lstat(path).st_mode):
                return False
        except FileNotFoundError:
            return False
    return True


def _clear_old_staging(directory: Path) -> None:
    """Staging folders an interrupted build of ours left behind (hidden, named by our prefix), once
    they are an hour old: a younger one may be another build's, at work in the same folder."""
    for entry in directory.iterdir():
        if STAGING_NAME.fullmatch(entry.name) and entry.is_dir() and not entry.is_symlink() and \
                time.time() - entry.stat().st_mtime > 3600:
            shutil.rmtree(entry, ignore_errors=True)
