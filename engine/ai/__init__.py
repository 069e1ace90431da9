"""AI players over the ruleset contract.

``choose_move`` is the one entry point the worker calls. It sees only what ``seat``
may know: searches start from ``ruleset.determinize(state, seat, rng)``.
"""

from __future__ import annotations

from ..contract import Ruleset
from ..rng import Rng

LEVELS = ("random",)


def choose_move(ruleset: Ruleset, state, seat: int, *, level: str = "random", seed: int = 0,
                budget_ms: int | None = None, iterations: int | None = None) -> dict:
    """A move for ``seat`` at ``level``; the same inputs give the same move."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    moves = ruleset.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    return Rng(seed).choice(moves)
