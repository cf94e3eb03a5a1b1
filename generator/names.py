"""Names that become file and folder names: a game's output folder, a component's name, a piece's id.

A build writes `<out>/<game>/pieces/<component>/<id>-front.png` and the like, so each of these names
is checked where it is given: no "/" or "\\" (a folder), no ".." (a way out), no NUL or other
control character, no leading "." (a hidden file), and at most MAX_NAME characters (file systems
refuse long names, and a message should be able to show one).
"""

from __future__ import annotations

import re

from generator.errors import InputError, Location

MAX_NAME = 100
#: A game's id, which names its output folder: letters, digits, "_" and "-", at most 64.
SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
#: The kinds of file a build writes. A component names a folder (`pieces/<component>/`) beside the
#: build's own files (`pieces/manifest.json`, `pieces/pieces.json`): named like one, it would stand
#: where that file goes.
FILE_ENDINGS = (".pdf", ".svg", ".png", ".dxf", ".json")


def name_problem(name, folder: bool = False) -> str | None:
    """What makes `name` unfit to be a file name (with `folder`, the name of a folder beside the
    build's files), or None when it is fit."""
    if not isinstance(name, str) or not name.strip():
        return "is empty"
    if _CONTROL.search(name):
        return "holds a control character (a NUL, a tab, a new line)"
    if "/" in name or "\\" in name:
        return 'holds "/" or "\\", which would make a folder of it'
    if ".." in name:
        return 'holds "..", which could lead out of the output folder'
    if name.startswith("."):
        return 'starts with ".", which would hide its files'
    if len(name) > MAX_NAME:
        return f"is {len(name)} characters long; at most {MAX_NAME}"
    if folder and name.lower().endswith(FILE_ENDINGS):
        ending = name[name.rindex("."):]
        return f'ends in "{ending}", as the files a build writes beside its folder do (manifest.json)'
    return None


def shown(name) -> str:
    """A name as a message quotes it: cut short, its control characters escaped."""
    text = str(name)
    text = text if len(text) <= 40 else text[:37] + "..."
    return _CONTROL.sub(lambda found: repr(found.group())[1:-1], text)


def check_name(name, what: str, location: Location, folder: bool = False) -> None:
    """`what` (a component, a piece id) names files of the build (a component, with `folder`, a folder
    of them): refused with one error at `location` unless it is a safe file name."""
    problem = name_problem(name, folder)
    if problem:
        raise InputError(location, f'{what} "{shown(name)}" {problem}; it names files of the build: use letters, '
                         'digits, "-" and "_"', "input.unsafe-name")
