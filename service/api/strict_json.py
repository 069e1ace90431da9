"""The one reading of request bodies: JSON that means exactly one thing, or a reason why not.

Refused, each with a :class:`json.JSONDecodeError` that names the reason (the parser
answers ``400 malformed_request``): bytes that are not UTF-8, JSON syntax errors, nesting
deeper than Python's parser goes, a key twice in one object, a lone UTF-16 surrogate
(``"\\ud800"``) in any key or string at any depth (escaped pairs are fine), ``NaN`` and
``Infinity``, a number with a fraction or an exponent (every number of the API is an
integer, so ``3.0`` and ``1e18`` are refused too) and an integer beyond ``±MAX_INTEGER``.
The reasons are msgids with their fields (``engine.i18n.Text``); the JSON parser's own
syntax errors are its English words.
"""

from __future__ import annotations

import json

from engine.i18n import N_, Text

#: The largest integer magnitude a body may hold (the largest seed, ``2**63 - 1``).
MAX_INTEGER = 2**63 - 1
#: Echoed input in a refusal's reason is cut to this many characters.
MAX_QUOTED = 40


class Refused(ValueError):
    """Valid JSON, but not a body the API reads."""


def cut(text: str, limit: int = MAX_QUOTED) -> str:
    """``text`` cut to ``limit`` characters (marked with an ellipsis)."""
    return text if len(text) <= limit else text[:limit] + "…"


def _integer(literal: str) -> int:
    if len(literal.lstrip("-")) > len(str(MAX_INTEGER)) or abs(int(literal)) > MAX_INTEGER:
        raise Refused(Text(N_("integer {literal} is beyond ±{maximum} (2**63 - 1)"), literal=cut(literal),
                           maximum=MAX_INTEGER))
    return int(literal)


def _fraction(literal: str):
    raise Refused(Text(N_("number {literal} has a fraction or an exponent; the API takes integers only"),
                       literal=cut(literal)))


def _constant(literal: str):
    raise Refused(Text(N_("{literal} is not a JSON number"), literal=literal))


def _unique_keys(pairs: list[tuple[str, object]]) -> dict:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen = set()
        duplicate = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise Refused(Text(N_("key {key} appears twice in one object"), key=json.dumps(cut(duplicate))))
    return result


def _check_strings(value) -> None:
    """Refused if any key or string (at any depth, walked without recursion) holds a lone surrogate."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                raise Refused(Text(N_("lone UTF-16 surrogate {escape} in a key or string"),
                                   escape="\\u" + format(ord(item[error.start]), "04x"))) from None
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


def loads(data: bytes) -> object:
    """The body ``data`` read strictly; JSONDecodeError (with the reason) when it is refused."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise json.JSONDecodeError(Text(N_("the body is not UTF-8 ({reason})"), reason=error.reason),
                                   repr(data[:MAX_QUOTED]), error.start) from None
    try:
        value = json.loads(text, object_pairs_hook=_unique_keys, parse_int=_integer,
                           parse_float=_fraction, parse_constant=_constant)
        _check_strings(value)
    except RecursionError:
        raise json.JSONDecodeError(Text(N_("JSON nested too deeply")), text, 0) from None
    except Refused as error:
        raise json.JSONDecodeError(error.args[0], text, 0) from None
    return value
