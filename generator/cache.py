"""Results worth keeping between runs, in the user's cache folder: a self-play that proves a tile set
playable, colour science that would import a library to work out one contrast ratio.

Each result is kept under a key that hashes everything it was computed from: its inputs and the
source of the code that computed it (and the versions of the libraries that code calls), so a cached
result can never hide a change; it is merely not recomputed while nothing it read has changed. The
folder is safe to delete (`$PNP_CACHE_DIR`, else `$XDG_CACHE_HOME/pnp-generator`, else
`~/.cache/pnp-generator`); a missing, unreadable or corrupt entry is computed again, and a folder
that cannot be written only means nothing is kept. Nothing is ever written inside the package or the
output. `fresh()` (what `pnp validate --fresh` sets) recomputes everything and rewrites the entries.
"""

from __future__ import annotations

import atexit
import hashlib
import importlib.util
import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Callable

_fresh = False
#: The most the cache folder holds: past it, the entries used longest ago go (a preview that saves a
#: new title a hundred times makes a hundred font subsets), down to three quarters of it.
MAX_BYTES = 64 * 1024 * 1024
_wrote_to: set[Path] = set()  # the folders this process added entries to, pruned as it ends


def fresh(on: bool = True) -> None:
    """From now on, recompute every result instead of reading it (and keep the new one)."""
    global _fresh
    _fresh = on


def folder() -> Path | None:
    """The cache folder; None when there is none to be had (no home folder): nothing is kept then."""
    if os.environ.get("PNP_CACHE_DIR"):
        return Path(os.environ["PNP_CACHE_DIR"])
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "pnp-generator"
    try:
        return Path.home() / ".cache" / "pnp-generator"
    except (RuntimeError, KeyError):
        return None


@lru_cache(maxsize=None)
def code_version(sources: tuple[str, ...], libraries: tuple[str, ...] = ()) -> str | None:
    """A hash of the source files that compute a result and of the libraries' versions they call;
    None when a source cannot be read (an install without its .py files): nothing is kept then,
    since a change in that code could not be seen."""
    digest = hashlib.sha256()
    for source in sources:
        try:
            digest.update(Path(source).read_bytes())
        except OSError:
            return None
    for library in libraries:
        digest.update(f"{library}: {_installed(library)}".encode())
    return digest.hexdigest()


def _installed(library: str) -> list[str]:
    """The library's installed distribution folders (`coloraide-8.13.1.dist-info`): its version,
    found without importing it (which is what a cached result saves) or importlib.metadata (12 ms)."""
    spec = importlib.util.find_spec(library)
    if spec is None or not spec.origin:
        return []
    site = Path(spec.origin).resolve().parent.parent
    prefix = library.replace("-", "_").lower() + "-"
    try:
        return sorted(entry for entry in os.listdir(site) if entry.lower().startswith(prefix)
                      and entry.endswith((".dist-info", ".egg-info")))
    except OSError:
        return []


def _key(*parts) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _read(path: Path):
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
        os.utime(path)  # used now: the last to go when the folder is pruned
        return value
    except (OSError, ValueError):
        return None


def prune(where: Path, limit: int | None = None) -> None:
    """Remove the entries used longest ago until the folder holds three quarters of `limit` bytes
    (MAX_BYTES), if it holds more than that. Only its entries go: JSON files, not hidden ones."""
    limit = MAX_BYTES if limit is None else limit
    try:
        entries = []
        for entry in os.scandir(where):
            if entry.name.endswith(".json") and not entry.name.startswith(".") and entry.is_file(follow_symlinks=False):
                status = entry.stat(follow_symlinks=False)
                entries.append((status.st_mtime_ns, status.st_size, entry.path))
    except OSError:
        return
    total = sum(size for _, size, _ in entries)
    if total <= limit:
        return
    for _, size, path in sorted(entries):
        try:
            os.unlink(path)
        except OSError:
            continue
        total -= size
        if total <= limit * 3 // 4:
            return


@atexit.register
def _prune_what_was_added() -> None:
    for where in sorted(_wrote_to):
        prune(where)


def _write(path: Path, value) -> None:
    """Atomically, so a reader never sees half an entry; a folder that cannot be written is no error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump(value, stream, separators=(",", ":"))
            os.replace(temporary, path)
            _wrote_to.add(path.parent)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass


def proof(name: str, inputs, compute: Callable[[], object], sources: tuple[str, ...],
          libraries: tuple[str, ...] = ()):
    """`compute()` (a JSON value), or the value it gave before for the same name, inputs (any JSON
    value) and code (`sources`, the files of the code it runs, and the `libraries` it calls)."""
    version, where = code_version(tuple(sources), tuple(libraries)), folder()
    if version is None or where is None:
        return compute()
    key = _key(name, inputs, version)
    path = where / f"{name}-{key[:40]}.json"
    if not _fresh:
        stored = _read(path)
        if isinstance(stored, dict) and stored.get("key") == key and "result" in stored:
            return stored["result"]
    result = compute()
    _write(path, {"key": key, "result": result})
    return result


class Memo:
    """A pure function of JSON values whose results are kept in one file between runs (a table of
    contrast ratios, say): looked up in memory, computed and saved only when new."""

    def __init__(self, name: str, function: Callable, sources: tuple[str, ...], libraries: tuple[str, ...] = ()):
        self.name, self.function = name, function
        self.sources, self.libraries = tuple(sources), tuple(libraries)
        self._table: dict[str, object] | None = None
        self._unsaved: Path | None = None  # where the table goes, once it has new entries
        atexit.register(self.save)

    def _path(self) -> Path | None:
        version, where = code_version(self.sources, self.libraries), folder()
        return None if version is None or where is None else where / f"{self.name}-{version[:40]}.json"

    def __call__(self, *args):
        if self._table is None:
            path = self._path()
            stored = None if _fresh or path is None else _read(path)
            self._table = stored if isinstance(stored, dict) else {}
        key = json.dumps(args, separators=(",", ":"))
        if key not in self._table:
            self._table[key] = self.function(*args)
            self._unsaved = self._unsaved or self._path()  # worked out only here: a lookup is most calls
        return self._table[key]

    def save(self) -> None:
        """Write the table if it gained entries: once, as the process ends (a check that works out
        hundreds of new values would otherwise rewrite the file hundreds of times)."""
        if self._unsaved is not None and self._table is not None:
            _write(self._unsaved, self._table)
        self._unsaved = None

    def forget(self) -> None:
        """Drop what was read, so the next call reads the file again (for tests and --fresh)."""
        self.save()
        self._table = None
