"""Values a large job repeats, held once: ten thousand cards on a thousand sheets hold each place on
a sheet, each bleed and each crop mark once, and ten thousand rows a suit once, not once a card."""

from __future__ import annotations

#: The values met lately, by how they are written; emptied when full, so a job of any size holds at
#: most this many (a value met again after that is merely held twice).
_MET: dict = {}
KEPT = 4096


def interned(value):
    """`value`, or the same one met before. Immutable values alone (numbers, text, tuples of them);
    the same means the same as written (repr), since 1 == 1.0 and 0.0 == -0.0 print apart."""
    key = repr(value)
    found = _MET.get(key)
    if found is None:
        if len(_MET) >= KEPT:
            _MET.clear()
        _MET[key] = found = value
    return found
