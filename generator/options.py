"""What a build may be asked for, known without loading the drawing code: the command line shows
these in its help, and `pnp --help` should not wait for reportlab."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

FORMATS = ("pdf", "svg", "png", "cut", "dxf")
LAYOUTS = ("sheets", "pieces", "tts")
DEFAULT_DPI = {"sheets": 150, "pieces": 300, "tts": 300}
DEFAULT_BLEED = 3.0  # mm: the 1/8 in US print shops ask for, rounded


def lazy_module(name: str) -> ModuleType:
    """Module `name`, loaded the first time one of its names is read: a command that does not draw
    never pays for the drawing code (`pnp --help` takes the time of Python's own start)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    setattr(sys.modules[parent], child, module)  # as an import does: generator.build is the module
    return module


def is_loaded(module: ModuleType) -> bool:
    """Whether a lazy_module has run (its class is a plain module's again once it has)."""
    return type(module) is ModuleType
