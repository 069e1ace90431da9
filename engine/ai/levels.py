"""AI levels as search budgets.

A level is an iteration budget plus a thinking-time cap; a ruleset whose decisions
branch widely multiplies the iterations by its policy's ``effort``. Explicit
``iterations`` or ``budget_ms`` replace the level's budget: given only ``iterations`` the search is
exactly reproducible (no time cap); given only ``budget_ms`` it searches until the
time is up; given both, it stops at whichever comes first.
"""

from __future__ import annotations

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


def budget(level: str, iterations: int | None, budget_ms: int | None,
           effort: int = 1) -> tuple[int | None, int | None]:
    """The ``(iterations, budget_ms)`` a search runs with; ``None`` means unlimited."""
    if level not in LEVEL_TABLE:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    for name, value in (("iterations", iterations), ("budget_ms", budget_ms)):
        if value is not None and value < 1:
            raise ValueError(f"{name} must be at least 1")
    if iterations is None and budget_ms is None:
        chosen = LEVEL_TABLE[level]
        return chosen.iterations * effort, chosen.budget_ms
    return iterations, budget_ms
