"""Problems found in game options and component data, each ``{path, code, message}``.

Validators add every problem they find to one :class:`Problems`, so a rejected game
names all of them at once. Paths are JSON Pointers (RFC 6901) from the options' root
(``/components/tiles/3/sides``); codes are stable snake_case words a client can switch
on: the shared ones are :data:`SHARED_CODES`, each ruleset's doc lists its own. Messages are
msgids with their fields (``engine.i18n.Text``), English as strings, any language by ``in_``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import N_, Text

#: problem codes every ruleset uses for the same kind of problem, with their meaning
SHARED_CODES = {
    "unknown_option": "an option name the ruleset does not have",
    "unknown_field": "an unknown key inside an option or a data set",
    "required": "a required field is missing",
    "null": "a field that may not be null is null",
    "invalid_value": "wrong type, out of range or not one of the allowed values",
    "unknown_component_set": "`component_set` names no shipped set",
    "duplicate_id": "an id used twice in component data",
    "count": "the wrong number of things in component data (too few cards, an empty list)",
    "option_conflict": "options that are valid alone but not together (or with the player count)",
    "too_large": "a count, size or total of component data above its documented maximum",
}

#: marshmallow's default messages -> problem codes (anything else is ``invalid_value``, its
#: message as marshmallow gives it)
_SCHEMA_CODES = {
    N_("Unknown field."): "unknown_field",
    N_("Missing data for required field."): "required",
    N_("Field may not be null."): "null",
}


def pointer(*parts) -> str:
    """A JSON Pointer from path parts: ``pointer("tiles", 3, "kind") == "/tiles/3/kind"``."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


@dataclass(frozen=True)
class Problem:
    path: str
    code: str
    message: Text

    def __post_init__(self):
        object.__setattr__(self, "message", Text(self.message))   # a library's message too


class Problems:
    """An ordered collection of problems; false when empty."""

    def __init__(self, items=()):
        self._items: list[Problem] = list(items)

    def add(self, path: str, code: str, message: str, **fields) -> None:
        """A problem whose message is the msgid ``message`` with its ``fields``."""
        self._items.append(Problem(path, code, Text(message, **fields)))

    def unknown_fields(self, obj: dict, allowed, path: str, message: str = N_("unknown field"),
                       code: str = "unknown_field") -> None:
        """One problem per key of ``obj`` outside ``allowed``, in sorted order, at ``path/key``
        (``{key}`` in the msgid ``message`` names the key)."""
        for key in sorted(set(obj) - set(allowed), key=str):
            self.add(path + pointer(key), code, message, key=key)

    def unique_id(self, value, path: str, seen: set, what: str = N_("id")) -> bool:
        """Check that ``value`` is a non-empty string not in ``seen`` (then added to it);
        otherwise add an ``invalid_value`` or ``duplicate_id`` problem at ``path`` (``what``:
        a msgid)."""
        if not isinstance(value, str) or not value:
            self.add(path, "invalid_value", N_("{what} must be a non-empty string"), what=Text(what))
            return False
        if value in seen:
            self.add(path, "duplicate_id", N_('{what} "{value}" is used twice'), what=Text(what), value=value)
            return False
        seen.add(value)
        return True

    def extend(self, other: "Problems", prefix: str = "") -> None:
        """Take over another collection's problems, their paths under the pointer ``prefix``."""
        for p in other:
            self.add(prefix + p.path, p.code, p.message)

    def __iter__(self):
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __contains__(self, path: str) -> bool:
        return any(p.path == path for p in self._items)

    def at(self, path: str) -> list[Problem]:
        return [p for p in self._items if p.path == path]

    def paths(self) -> set[str]:
        return {p.path for p in self._items}

    def as_list(self) -> list[dict]:
        """Every problem as ``{path, code, message}`` (the message a ``Text``)."""
        return [{"path": p.path, "code": p.code, "message": p.message} for p in self._items]

    @classmethod
    def from_schema(cls, messages, prefix: str = "") -> "Problems":
        """marshmallow's nested ``normalized_messages()`` as problems at JSON Pointers."""
        found = cls()
        if isinstance(messages, dict):
            for key, inner in messages.items():
                path = prefix if key == "_schema" else prefix + pointer(key)
                found.extend(cls.from_schema(inner, path))
        elif isinstance(messages, list):
            for message in messages:
                found.extend(cls.from_schema(message, prefix))
        else:
            code = _SCHEMA_CODES.get(str(messages), "invalid_value")
            if code == "unknown_field" and prefix.count("/") == 1:
                code = "unknown_option"
            found.add(prefix, code, str(messages))   # marshmallow's own words, German for the three above
        return found
