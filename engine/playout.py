"""Uniformly random play straight on a ruleset's state (no JSON, no match driver).

The fast loop behind benchmarks, AI rollouts and property tests.
"""

from __future__ import annotations

from typing import Callable

from .contract import Ruleset
from .rng import Rng


def play_randomly(ruleset: Ruleset, state, rng: Rng, *,
                  stop: Callable[[object, int], bool] | None = None,
                  observe: Callable[[object, int, dict], None] | None = None,
                  choose: Callable[[object, int, list, Rng], dict] | None = None) -> int:
    """Resolve chance steps and play random legal moves in place until the game ends.

    ``stop(state, decisions)`` ends the playout early before a decision;
    ``observe(state, seat, move)`` sees every decision before it is applied;
    ``choose(state, seat, moves, rng)`` picks each move instead of a uniform draw.
    Returns the number of decisions made.
    """
    decisions = 0
    while not ruleset.is_over(state):
        chance = ruleset.chance(state)
        if chance is not None:
            ruleset.apply_chance(state, chance.draw(rng))
            continue
        if stop is not None and stop(state, decisions):
            break
        seats = ruleset.to_move(state)
        seat = seats[0] if len(seats) == 1 else seats[rng.below(len(seats))]
        moves = ruleset.legal_moves(state, seat)
        move = moves[rng.below(len(moves))] if choose is None else choose(state, seat, moves, rng)
        if observe is not None:
            observe(state, seat, move)
        ruleset.perform(state, seat, move)
        decisions += 1
    return decisions
