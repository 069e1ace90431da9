"""AI players over the ruleset contract.

``choose_move`` is the entry point the worker calls for AI seats; ``analyse`` ranks the
moves and ``hint`` explains the best ones to a player. All see only what ``seat`` may
know: every search iteration starts from ``ruleset.determinize(state, seat, rng)``.
See docs/ai.md.
"""

from __future__ import annotations

from ..contract import Ruleset
from ..rng import Rng
from .levels import DEFAULT_CAPS, LEVELS, Caps, budget
from .mcts import MoveStat, SearchResult, search
from .policies import greedy_move, policy_for

__all__ = ["DEFAULT_CAPS", "LEVELS", "Caps", "MoveStat", "SearchResult", "analyse", "choose_move", "greedy_move",
           "hint"]


def choose_move(ruleset: Ruleset, state, seat: int, *, level: str = "random", seed: int = 0,
                budget_ms: int | None = None, iterations: int | None = None, caps: Caps | None = None) -> dict:
    """A move for ``seat`` at ``level``; with an iteration budget the same inputs give the same move
    (unless ``caps`` stop the search by time first)."""
    budget(level, iterations, budget_ms)  # rejects unknown levels and bad budgets
    moves = _legal(ruleset, state, seat)
    if level == "random":
        return Rng(seed).choice(moves)
    if len(moves) == 1:
        return moves[0]
    result = analyse(ruleset, state, seat, level=level, seed=seed, budget_ms=budget_ms, iterations=iterations,
                     caps=caps)
    return result.ranked[0].move


def analyse(ruleset: Ruleset, state, seat: int, *, level: str = "medium", seed: int = 0,
            budget_ms: int | None = None, iterations: int | None = None, caps: Caps | None = None,
            explain: bool = False) -> SearchResult:
    """Search the position for ``seat``; the root moves ranked best first (for hints; with
    ``explain`` each with its ``score_change``)."""
    if level == "random":
        raise ValueError("the random level does not search")
    policy = policy_for(ruleset).at(level)
    iterations, budget_ms = budget(level, iterations, budget_ms, policy.iterations, caps)
    _legal(ruleset, state, seat)
    return search(ruleset, state, seat, Rng(seed), policy, iterations=iterations, budget_ms=budget_ms,
                  explain=explain)


def hint(ruleset: Ruleset, state, seat: int, *, level: str = "medium", seed: int = 0, top: int = 3,
         budget_ms: int | None = None, iterations: int | None = None, caps: Caps | None = None) -> dict:
    """A JSON hint for ``seat``: ``move``, the one ``choose_move`` plays, and ``top``, the ``top``
    most visited moves with ``visits``, ``win_probability`` (the mean reward) and
    ``score_change`` (the mean change of the seat's lead); ``top`` is empty at level random.
    Budgets as in ``analyse``."""
    if level == "random":
        return {"move": choose_move(ruleset, state, seat, level=level, seed=seed), "top": []}
    ranked = analyse(ruleset, state, seat, level=level, seed=seed, budget_ms=budget_ms, iterations=iterations,
                     caps=caps, explain=True).ranked
    return {"move": ranked[0].move,
            "top": [{"move": s.move, "visits": s.visits, "win_probability": round(s.value, 3),
                     "score_change": round(s.score_change, 2)} for s in ranked[:top]]}


def _legal(ruleset: Ruleset, state, seat: int) -> list[dict]:
    moves = ruleset.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    return moves
