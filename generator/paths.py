"""Where the bundled games, palettes and templates are, installed or not.

The source tree keeps one copy of them, in the top-level `data/` and `templates/` folders. A wheel
(`pip install .`) ships the same files as package data, `generator/bundled/data/` and
`generator/bundled/templates/` (pyproject.toml maps the folders there), and importlib.resources
finds them next to the installed code. In the source tree and in an editable install
(`pip install -e .`) the package has no `bundled/` folder, and the top-level folders are read.

Both are real folders on disk, so DATA_DIR and TEMPLATES_DIR are `pathlib.Path`s (glob, `/`,
read_text all work); a package imported from a zip archive is not supported.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parent.parent  # the repository, when run from its source tree


def bundled_folder(name: str) -> Path:
    """The folder `name` ("data" or "templates"): the installed package's copy, else the source tree's."""
    packaged = resources.files("generator") / "bundled" / name
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return SOURCE_ROOT / name


DATA_DIR = bundled_folder("data")
TEMPLATES_DIR = bundled_folder("templates")
PALETTES_FILE = DATA_DIR / "palettes.yaml"


def display_path(path: Path) -> str:
    """A path as a user would type it: relative to the working directory when it is below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
