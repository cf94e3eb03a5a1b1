"""Where the bundled data and templates live (the repository the package is installed from)."""

import os
from pathlib import Path

ROOT = Path(os.environ.get("PNP_HOME", Path(__file__).resolve().parent.parent))
DATA_DIR = ROOT / "data"
TEMPLATES_DIR = ROOT / "templates"
PALETTES_FILE = DATA_DIR / "palettes.yaml"


def display_path(path: Path) -> str:
    """A path as a user would type it: relative to the working directory when it is below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
