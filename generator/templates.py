"""Named geometries and presets from templates/*.yaml, each extendable field by field.

`templates/pieces.yaml` holds piece geometries, `templates/paper.yaml` paper presets, and so on: the
file's stem is the template kind. An entry (in a template file or in game data) may say
`extends: <name>` and override any field; nested mappings merge key by key, like Squib layouts.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import InputError, Location, did_you_mean
from generator.paths import TEMPLATES_DIR, display_path
from generator.yamlio import YamlMap, load_yaml


def merge(base: YamlMap, overrides: YamlMap) -> YamlMap:
    """`base` with `overrides` laid over it key by key, keeping every value's location."""
    result = YamlMap(base)
    result.location = overrides.location
    result.value_locations = dict(base.value_locations)
    result.key_locations = dict(base.key_locations)
    for key, value in overrides.items():
        if key == "extends":
            continue
        if isinstance(value, YamlMap) and isinstance(base.get(key), YamlMap):
            value = merge(base[key], value)
        result[key] = value
        result.value_locations[key] = overrides.where(key)
        result.key_locations[key] = overrides.key_locations.get(key, overrides.location)
    result.pop("extends", None)
    return result


#: Template files as parsed, shared by every Templates of a process (a test session, a preview that
#: rebuilds on save): the bundled layouts alone take 20 ms to parse. Keyed by the file's path, size
#: and time of change, so that an edited file is read again. Their readers only read them.
_PARSED: dict[tuple[str, int, int], YamlMap] = {}


class Templates:
    def __init__(self, directory: Path = TEMPLATES_DIR):
        self.directory = directory
        self._kinds: dict[str, YamlMap] = {}

    def kind(self, kind: str) -> YamlMap:
        if kind not in self._kinds:
            path = self.directory / f"{kind}.yaml"
            try:
                status = path.stat()
                key = (str(path), status.st_size, status.st_mtime_ns)
            except OSError:
                key = None  # missing: load_yaml says so
            if key not in _PARSED:
                parsed = load_yaml(path, display_path(path), kind="template")
                if key is None:
                    return parsed
                for earlier in [known for known in _PARSED if known[0] == key[0]]:
                    del _PARSED[earlier]  # the file as it was before an edit
                _PARSED[key] = parsed
            self._kinds[kind] = _PARSED[key]
        return self._kinds[kind]

    def names(self, kind: str) -> list[str]:
        return sorted(self.kind(kind))

    def get(self, kind: str, name, location: Location, label: str, _seen=()) -> YamlMap:
        entries = self.kind(kind)
        if not isinstance(name, str) or name not in entries:
            named = "" if location is not None and label == location.file else f"{label}: "  # --shop: said once
            raise InputError(location, f'{named}unknown {kind} template "{name}"{did_you_mean(name, entries)} '
                             f"(templates/{kind}.yaml)", "input.unknown-template")
        if name in _seen:
            raise InputError(location, f'{label}: template "{name}" extends itself', "input.unknown-template")
        entry = entries[name]
        if not isinstance(entry, YamlMap):
            raise InputError(entries.where(name), f"{kind} template {name} must be a mapping", "input.type")
        return self._expand_map(kind, entry, f"{kind} template {name}", _seen + (name,))

    def _expand_map(self, kind: str, entry: YamlMap, label: str, seen=()) -> YamlMap:
        if "extends" not in entry:
            return entry
        base = self.get(kind, entry["extends"], entry.where("extends"), label, seen)
        return merge(base, entry)

    def expand(self, kind: str, raw, location: Location, label: str):
        """A data value that refers to a template: a name, or a mapping that `extends` one."""
        if isinstance(raw, str):
            return self.get(kind, raw, location, label)
        if isinstance(raw, YamlMap):
            return self._expand_map(kind, raw, label)
        return raw
