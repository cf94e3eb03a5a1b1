"""`pnp new KIND DIR`: a starter folder for a game of one's own (`game: custom`), ready to edit.

A starter is package data, in templates/starters/ (shipped as generator.bundled.templates.starters):
`<kind>.yaml` is its game file, written as `<id>.yaml`, and each `<kind>-<name>` beside it (its CSV
rows) is written as `<name>`. In the game file, __ID__, __TITLE__ and __FILE__ become the game's id
(the folder's name made safe), a title made from the id, and the game file's name.

The folder is written whole or not at all, and nothing that is there is replaced: a new folder is
written into a hidden folder beside it and renamed into place; an existing folder must be empty
(the files are then written into a hidden folder inside it and moved in one by one, the game file
last, none over a file that appeared meanwhile). A folder whose parent does not exist is refused,
as `pnp words --out` refuses a file in a missing folder: a mistyped path should not make folders.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError, Location
from generator.names import SAFE_ID
from generator.paths import TEMPLATES_DIR

STARTERS_DIR = TEMPLATES_DIR / "starters"
WHERE = Location("pnp new")
FALLBACK_ID = "my-game"


@dataclass(frozen=True)
class Kind:
    name: str
    gives: str  # what the starter holds, for `pnp new --help`


KINDS = {kind.name: kind for kind in (
    Kind("deck", "16 poker cards from cards.csv (id, name, suit, cost, text, count): a name, a suit symbol, a "
                 "cost and a rules text on the front, one back for all"),
    Kind("tiles", "24 hex tiles of four lands from tiles.csv (id, land, colour, mark, symbol, count): a symbol and "
                  "the land's name on the front, one back for all"),
    Kind("board", "a 180 x 240 mm board (one sheet of A4 or Letter) with an 8 x 8 grid and a 0-39 score track"),
    Kind("tokens", "32 round tokens, 25 mm across, in four players' colours (rows in the game file): the "
                   "player's symbol on the front, the player's name on the back"),
)}


def game_id(folder_name: str) -> str:
    """The folder's name as a game id: letters, digits, "-" and "_", at most 64, starting with a
    letter or a digit ("Café Royal!" is "Cafe-Royal"); a name with none of them gives my-game."""
    plain = unicodedata.normalize("NFKD", folder_name).encode("ascii", "ignore").decode("ascii")
    made = re.sub(r"[^A-Za-z0-9_-]+", "-", plain).strip("-_")[:64].strip("-_")
    return made if SAFE_ID.match(made) else FALLBACK_ID


def title_of(game: str) -> str:
    """A title made from an id: its words, each with a capital ("my-game" is "My Game")."""
    return " ".join(word[:1].upper() + word[1:] for word in re.split(r"[-_]+", game) if word)


def starter_files(kind: str, game: str) -> dict[str, bytes]:
    """The files of a starter of `kind` for the game `game` (an id): name -> content, the game file
    last (it is the one a user opens, so it is the last to land)."""
    game_file = STARTERS_DIR / f"{kind}.yaml"
    files = {path.name.removeprefix(f"{kind}-"): path.read_bytes()
             for path in sorted(STARTERS_DIR.glob(f"{kind}-*")) if path.is_file()}
    text = game_file.read_text(encoding="utf-8")
    for marker, value in (("__ID__", game), ("__TITLE__", title_of(game)), ("__FILE__", f"{game}.yaml")):
        text = text.replace(marker, value)
    files[f"{game}.yaml"] = text.encode("utf-8")
    return files


def write_starter(kind: str, folder_text: str) -> tuple[Path, list[str]]:
    """Write a starter of `kind` into the folder `folder_text` (new, or empty); the folder and the
    names written in it, game file last. Refuses, with an InputError and nothing written, a folder
    that holds anything, a link, a file, or a folder whose parent does not exist."""
    if kind not in KINDS:
        raise InputError(WHERE, f'unknown kind "{kind}"; give one of {", ".join(KINDS)}', "input.usage")
    if not folder_text.strip():
        raise InputError(WHERE, "the folder's name is empty; name the folder to write, e.g. my-game", "input.usage")
    folder = Path(folder_text).expanduser()
    absolute = Path(os.path.abspath(folder))
    files = starter_files(kind, game_id(absolute.name))
    exists = _check_target(folder, absolute)
    try:
        if exists:
            _fill_empty_folder(folder, files)
        else:
            _write_new_folder(folder, absolute, files)
    except OSError as problem:
        raise InputError(WHERE, f"cannot write {folder}: {(problem.strerror or str(problem)).lower()}; nothing was "
                         "written", "output.unwritable") from None
    return folder, list(files)


def _check_target(folder: Path, absolute: Path) -> bool:
    """True when the folder exists (and is empty), False when it is to be made; else refused."""
    try:
        mode = os.lstat(folder).st_mode
    except (FileNotFoundError, NotADirectoryError):
        parent = absolute.parent
        if parent.exists() and not parent.is_dir():
            raise InputError(WHERE, f"{parent} is a file, not a folder; name a folder in a folder", "output.unwritable") \
                from None
        if not parent.is_dir():
            raise InputError(WHERE, f"the folder {parent} does not exist; make it first (mkdir -p {parent}), or "
                             "name a folder in one that does", "output.unwritable") from None
        return False
    if stat.S_ISLNK(mode):
        raise InputError(WHERE, f"{folder} is a symbolic link; pnp new neither follows nor replaces one: name a "
                         "new folder", "output.not-ours")
    if not stat.S_ISDIR(mode):
        raise InputError(WHERE, f"{folder} is a file; pnp new writes a new folder: name one that does not exist "
                         "yet", "output.not-ours")
    if any(os.scandir(folder)):
        raise InputError(WHERE, f"{folder} is not empty; pnp new writes into a new or empty folder and never "
                         "replaces a file: name a new folder", "output.not-ours")
    return True


def _write_new_folder(folder: Path, absolute: Path, files: dict[str, bytes]) -> None:
    """Write the files into a hidden folder beside `folder`, then rename it into place: an
    interrupted command leaves no half-written folder (at worst the hidden one, whose name says whose)."""
    staging = _make_staging(absolute.parent, f".{absolute.name[:40]}.pnp-new-")
    renamed = False
    try:
        _write_files(staging, files)
        try:
            os.rename(staging, folder)
            renamed = True
        except OSError as problem:  # the folder appeared meanwhile, and holds something
            if os.path.lexists(folder):
                raise InputError(WHERE, f"{folder} appeared while pnp new was writing it; nothing was written "
                                 "into it: name a new folder", "output.not-ours") from None
            raise problem
    finally:
        if not renamed:
            shutil.rmtree(staging, ignore_errors=True)  # ours, never renamed into place


def _fill_empty_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Write the files into a hidden folder inside the empty `folder` (on its file system, whatever
    that is), then move each into place, never over a file that appeared meanwhile."""
    staging = _make_staging(folder, ".pnp-new-")
    moved: list[Path] = []
    try:
        _write_files(staging, files)
        for name in files:
            target = folder / name
            _move_new(staging / name, target)
            moved.append(target)
        moved = []
    finally:
        for target in moved:  # an interrupted move: the files it moved are ours to take back
            target.unlink(missing_ok=True)
        shutil.rmtree(staging, ignore_errors=True)


def _move_new(source: Path, target: Path) -> None:
    """Move `source` to `target`, which must not exist: a hard link fails rather than replace a file
    (where the file system has no hard links, a rename after a check)."""
    try:
        os.link(source, target)
    except FileExistsError:
        raise InputError(WHERE, f"{target} appeared while pnp new was writing; it is left as it is: name a new "
                         "folder", "output.not-ours") from None
    except OSError:
        if os.path.lexists(target):
            raise InputError(WHERE, f"{target} appeared while pnp new was writing; it is left as it is: name a new "
                             "folder", "output.not-ours") from None
        os.rename(source, target)
        return
    source.unlink()


def _make_staging(parent: Path, prefix: str) -> Path:
    """A new hidden folder in `parent`, made with the user's umask (as the folder it becomes)."""
    staging = parent / f"{prefix}{os.getpid()}-{secrets.token_hex(4)}"
    os.mkdir(staging)
    return staging


def _write_files(staging: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        with open(staging / name, "xb") as out:
            out.write(data)
