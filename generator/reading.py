"""What a game may read, and how much of it.

A game file is often a stranger's: a designer builds a file they downloaded. So the files a game
file names (pictures, fonts, rows) are read from its own folder and below, and a path that leaves it
(absolute, `..` past it, a symbolic link out) is refused unless the user allowed that folder on the
command line (`--allow-path DIR`). Files the user names on the command line (the game file,
`--words`, `--palette`, `--paper`, `--plugin`, a `--set` font) are theirs to choose. Either way only
regular files are read, never a FIFO (which would wait for a writer), a device (which may never
end) or a folder, and each kind of file has a size cap, checked before it is read.

A `Reader` is one game's: it knows the game's folder and the allowed ones, and remembers every file
it read with a digest of its bytes, so that a build can tell which files it must never write over
and whether an earlier build read the same inputs.
"""

from __future__ import annotations

import hashlib
import os
import stat
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError, Location
from generator.paths import display_path

MB = 1024 * 1024


@dataclass(frozen=True)
class Kind:
    """A kind of file a game reads: what a message calls it, its size cap, and the rule a missing
    one is reported under."""

    noun: str
    cap: int
    missing_rule: str = "input.missing-file"


KINDS = {
    "game": Kind("game file", 5 * MB),
    "rows": Kind("CSV file", 20 * MB),
    "picture": Kind("picture", 50 * MB, "input.image"),
    "font": Kind("font", 50 * MB, "input.font"),
    "words": Kind("words file", 2 * MB),
    "palette": Kind("palette file", 1 * MB),
    "paper": Kind("paper file", 1 * MB),
    "template": Kind("template file", 5 * MB),
    "plugin": Kind("plug-in", 5 * MB),
}


def _megabytes(size: int) -> str:
    return f"{size / MB:.0f} MB" if size >= MB else f"{size / 1024:.0f} KB"


def _what_it_is(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (a pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_file(path: Path, kind: str, location: Location, shown: str, hint: str = "") -> bytes:
    """The bytes of the regular file at `path`, at most the kind's cap. A missing file, anything but
    a regular file (checked before it is opened, so a FIFO never blocks) or a file over the cap is
    one input error at `location`; `hint` says what to give instead of a missing file."""
    what = KINDS[kind]
    try:
        status = os.stat(path)
    except FileNotFoundError:
        raise InputError(location, f'{what.noun} "{shown}": no such file' + (f"; {hint}" if hint else ""),
                         what.missing_rule) from None
    except OSError as problem:
        raise InputError(location, f'{what.noun} "{shown}": cannot be read ({(problem.strerror or "").lower()})',
                         what.missing_rule) from None
    if not stat.S_ISREG(status.st_mode):
        raise InputError(location, f'{what.noun} "{shown}" is {_what_it_is(status.st_mode)}, not a file'
                         + (f"; {hint}" if hint else ""), "input.not-a-file")
    if status.st_size > what.cap:
        raise InputError(location, f'{what.noun} "{shown}" is {_megabytes(status.st_size)}; a {what.noun} may be '
                         f"at most {_megabytes(what.cap)}", "input.too-large")
    try:
        with open(path, "rb") as stream:
            data = stream.read(status.st_size + 1)  # the size it had, and a byte more if it grew since
            if len(data) > status.st_size:
                data += stream.read(what.cap + 1 - len(data))
    except OSError as problem:
        raise InputError(location, f'{what.noun} "{shown}": cannot be read ({(problem.strerror or "").lower()})',
                         what.missing_rule) from None
    if len(data) > what.cap:  # it grew while it was read
        raise InputError(location, f'{what.noun} "{shown}" is over {_megabytes(what.cap)}, the most a {what.noun} '
                         "may be", "input.too-large")
    return data


def inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


#: Where the files a game's readers are asked for, read or not, are collected while someone wants
#: them: the preview, which watches a file a game names before it exists, and the link a name goes
#: through (a build reads only what the links lead to).
asked_paths: ContextVar[set[Path] | None] = ContextVar("asked_paths", default=None)


class Reader:
    """The files one game reads: from its folder and below, or from a folder the user allowed."""

    def __init__(self, folder: Path, allowed: tuple[Path, ...] = ()):
        self.folder = Path(folder).resolve()
        self.allowed = tuple(Path(path).resolve() for path in allowed)
        self.files: dict[Path, str] = {}  # every file read (resolved) -> sha256 of its bytes
        self.picture_pixels: dict[str, int] = {}  # each different picture's pixels, by its file's sha256

    def locate(self, name: str, kind: str, location: Location) -> Path:
        """The file `name` (relative to the game's folder) names, with its links followed; a path
        that ends outside the game's folder and the allowed ones is an input error, whether or not
        the file exists (the error tells nothing of what lies outside)."""
        if not name.strip():
            raise InputError(location, f"the {KINDS[kind].noun}'s file name is empty; give the name of a file in the "
                             "game's folder", KINDS[kind].missing_rule)
        if "\x00" in name:
            raise InputError(location, f'{KINDS[kind].noun} "{name}": a file name cannot hold a NUL character',
                             "input.unsafe-name")
        named = Path(os.path.abspath(self.folder / Path(name).expanduser()))
        path = named.resolve()
        collecting = asked_paths.get()
        if collecting is not None:  # the preview's: the name as given too, so that a link re-pointed is seen
            collecting.update(place for place in (named, path)
                              if any(inside(place, root) for root in (self.folder, *self.allowed)))
        if not any(inside(path, root) for root in (self.folder, *self.allowed)):
            raise InputError(location, f'{KINDS[kind].noun} "{name}" is outside the game\'s folder '
                             f"({display_path(self.folder)}); keep the files a game reads in its folder or below, "
                             "or allow another folder with --allow-path DIR", "input.outside-folder")
        return path

    def read(self, name: str, kind: str, location: Location, hint: str = "") -> bytes:
        """The bytes of the file `name` names, checked as `locate` and `read_file` check."""
        path = self.locate(name, kind, location)
        data = read_file(path, kind, location, name, hint)
        self.files[path] = hashlib.sha256(data).hexdigest()
        return data


def allowed_folders(paths: tuple[str, ...]) -> tuple[Path, ...]:
    """The folders `--allow-path` names, each of which must be a folder."""
    folders = []
    for text in paths:
        path = Path(text).expanduser()
        if not text or not path.is_dir():
            raise InputError(Location("--allow-path"), f'"{text}" is not a folder; give a folder the game files may '
                             "read from", "input.usage")
        folders.append(path.resolve())
    return tuple(folders)
