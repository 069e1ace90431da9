"""Limits by design: the checks that refuse component data above its documented maxima.

Every count, list and total size of component data has a maximum in its ruleset's
``components`` module (listed in ``docs/rules/<game>.md``); data above one is an
:class:`engine.InvalidOptions` problem with the shared code ``too_large`` at the
offending JSON Pointer. The size of a whole data set is checked first, so oversized
data is refused before any other work is done on it.
"""

from __future__ import annotations

import json

from .i18n import N_, Text
from .problems import Problems

#: the most bytes of JSON a game's stored record, one log entry, or a game record checked by
#: ``engine.records`` may take (docs/operations.md, "Limits")
MAX_RECORD_BYTES = 1024 * 1024


def json_size(value) -> int:
    """The size in bytes of ``value`` as compact JSON."""
    return len(json.dumps(value, separators=(",", ":")))


def within_size(value, maximum: int, path: str, problems: Problems, what: str) -> bool:
    """Whether ``value`` takes at most ``maximum`` bytes as JSON; if not, a ``too_large`` problem
    (``what``: a msgid, or a :class:`~engine.i18n.Text`)."""
    size = json_size(value)
    if size <= maximum:
        return True
    problems.add(path, "too_large", N_("{what} takes {size} bytes as JSON, at most {maximum} are allowed"),
                 what=Text(what), size=size, maximum=maximum)
    return False


def within(number: int, maximum: int, path: str, problems: Problems, what: str) -> bool:
    """Whether ``number`` is at most ``maximum``; if not, a ``too_large`` problem (naming the
    maximum, not the number, which may be huge; ``what`` as in :func:`within_size`)."""
    if number <= maximum:
        return True
    problems.add(path, "too_large", N_("{what} is above the maximum of {maximum}"), what=Text(what), maximum=maximum)
    return False
