"""AI levels as search budgets.

A level is an iteration budget plus a thinking-time cap; a ruleset's policy may set its own
iteration count for a level (``Policy.iterations``: where decisions branch widely, or where
the table's count would think too long). Explicit
``iterations`` or ``budget_ms`` replace the level's budget: given only ``iterations`` the search is
exactly reproducible (no time cap); given only ``budget_ms`` it searches until the
time is up; given both, it stops at whichever comes first. A server passes ``Caps``:
every search then stops at the caps' iterations and time as well, whatever was asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """One level: ``iterations`` search iterations, at most ``budget_ms`` of thinking."""

    name: str
    iterations: int
    budget_ms: int | None


#: Level name -> budget. ``random`` does not search (a uniformly random legal move).
LEVEL_TABLE = {
    "random": Level("random", 0, None),
    "easy": Level("easy", 50, 500),
    "medium": Level("medium", 200, 1400),
    "hard": Level("hard", 1000, 6000),
}

LEVELS = tuple(LEVEL_TABLE)


@dataclass(frozen=True)
class Caps:
    """Server-wide ceilings on every search: at most ``iterations`` and ``budget_ms``."""

    iterations: int
    budget_ms: int


#: The caps a server uses unless configured: the hard level's time, ten times its iterations.
DEFAULT_CAPS = Caps(iterations=10 * LEVEL_TABLE["hard"].iterations, budget_ms=LEVEL_TABLE["hard"].budget_ms)


def budget(level: str, iterations: int | None, budget_ms: int | None,
           own: Mapping[str, int] | None = None, caps: Caps | None = None) -> tuple[int | None, int | None]:
    """The ``(iterations, budget_ms)`` a search runs with: the explicit budgets, else the level's
    (its iterations from ``own``, the ruleset's counts per level, where it names the level);
    ``None`` means unlimited (never with ``caps``)."""
    if level not in LEVEL_TABLE:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    for name, value in (("iterations", iterations), ("budget_ms", budget_ms)):
        if value is not None and value < 1:
            raise ValueError(f"{name} must be at least 1")
    if iterations is None and budget_ms is None:
        chosen = LEVEL_TABLE[level]
        iterations, budget_ms = (own or {}).get(level, chosen.iterations), chosen.budget_ms
    if caps is None:
        return iterations, budget_ms
    return _capped(iterations, caps.iterations), _capped(budget_ms, caps.budget_ms)


def _capped(value: int | None, cap: int) -> int:
    return cap if value is None else min(value, cap)
