"""Problems found in game options and component data, each ``{path, code, message}``.

Validators add every problem they find to one :class:`Problems`, so a rejected game
names all of them at once. Paths are dotted (``components.tiles.3.sides``); codes are
stable snake_case words a client can switch on (docs/engine.md lists the shared ones).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

#: marshmallow's default messages -> problem codes (anything else is ``invalid_value``)
_SCHEMA_CODES = {
    "Unknown field.": "unknown_field",
    "Missing data for required field.": "required",
    "Field may not be null.": "null",
}


@dataclass(frozen=True)
class Problem:
    path: str
    code: str
    message: str


class Problems:
    """An ordered collection of problems; false when empty."""

    def __init__(self, items=()):
        self._items: list[Problem] = list(items)

    def add(self, path: str, code: str, message: str) -> None:
        self._items.append(Problem(path, code, message))

    def unknown_fields(self, obj: dict, allowed, path: str, message: str = "unknown field",
                       code: str = "unknown_field") -> None:
        """One problem per key of ``obj`` outside ``allowed``, in sorted order, at ``path.key``
        (``{key}`` in ``message`` names the key)."""
        for key in sorted(set(obj) - set(allowed), key=str):
            self.add(f"{path}.{key}" if path else str(key), code, message.format(key=key))

    def extend(self, other: "Problems", prefix: str = "") -> None:
        """Take over another collection's problems, their paths under ``prefix``."""
        for p in other:
            self.add(".".join(part for part in (prefix, p.path) if part), p.code, p.message)

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
        return [asdict(p) for p in self._items]

    @classmethod
    def from_schema(cls, messages, prefix: str = "") -> "Problems":
        """marshmallow's nested ``normalized_messages()`` as problems with dotted paths."""
        found = cls()
        if isinstance(messages, dict):
            for key, inner in messages.items():
                path = prefix if key == "_schema" else f"{prefix}.{key}" if prefix else str(key)
                found.extend(cls.from_schema(inner, path))
        elif isinstance(messages, list):
            for message in messages:
                found.extend(cls.from_schema(message, prefix))
        else:
            code = _SCHEMA_CODES.get(str(messages), "invalid_value")
            if code == "unknown_field" and "." not in prefix:
                code = "unknown_option"
            found.add(prefix, code, str(messages))
        return found
