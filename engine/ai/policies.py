"""Rollout policies and evaluations: how the search plays on and judges a position.

Rewards are per seat and in ``[0, 1]``. A finished game gives each winner its share
of the win (``1/k`` for ``k`` tied winners), blended with a small score-margin term
so that search still prefers bigger wins and smaller losses when every line wins or
loses. A rollout cut off before the end is judged by the policy's ``evaluate``, the
ruleset's estimate of each seat's final total (provisional points plus what is under
way; without one, the provisional score sheet, ``ruleset.score``):
``0.5 + 0.5 * tanh(margin / scale)``, where ``margin`` is the seat's estimate minus the
best other estimate. Each seat maximises its own reward.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from ..contract import Ruleset
from ..playout import play_randomly
from ..rng import Rng

#: weight of the score-margin term in the reward of a finished game
MARGIN_WEIGHT = 0.1


@dataclass(frozen=True)
class Policy:
    """Per-ruleset search settings.

    ``rollout_depth``: decisions played at random after the tree before the position is
    judged (``None``: play to the end). ``scale``: score points that make a clear lead.
    ``exploration``: the UCB constant. ``iterations``: the ruleset's own iteration count per
    level, where it differs from the level table's (``engine.ai.levels``). ``evaluate(state)``: each seat's expected final
    total in a game not yet over (``None``: the provisional totals). ``halving``: share an
    iteration count out over the root moves by sequential halving instead of UCB (for
    decisions with many moves and few iterations each; a time-only search keeps UCB).
    ``chance_ends_tree``: grow the tree only up to the first chance step after the root, the
    rest is rollout (where a draw decides which moves come next, an open-loop node below it
    would mix decisions taken on different draws). ``prior(state, seat, move)``: what a root move
    promises the seat at once, in points, on a determinization; sequential halving tries the
    moves best first (``None``: in a random order), so a budget below the number of moves tries
    the most promising ones. ``rollout_sample``: with a ``prior``, each rollout decision takes the
    most promising of this many moves drawn at random (1: a uniform draw). ``root_width``: with a
    ``prior``, the number of most promising root moves sequential halving searches (``None``:
    all). ``levels``: per level, the settings it searches with instead (see :meth:`at`).
    """

    rollout_depth: int | None = 10
    scale: float = 10.0
    exploration: float = 0.7
    iterations: Mapping[str, int] = field(default_factory=dict)
    evaluate: Callable[[object], list[float]] | None = None
    halving: bool = False
    chance_ends_tree: bool = False
    prior: Callable[[object, int, dict], float] | None = None
    rollout_sample: int = 1
    root_width: int | None = None
    levels: Mapping[str, Mapping[str, object]] = field(default_factory=dict)

    def at(self, level: str) -> Policy:
        """The policy ``level`` searches with: this one with the level's own settings from
        ``levels`` (for example ``{"easy": {"prior": None}}``, where a prior would make a low
        level play about as well as the next)."""
        changes = self.levels.get(level)
        return replace(self, **changes) if changes else self

    def rollout(self, ruleset: Ruleset, state, rng: Rng) -> list[float]:
        """Play on with random moves (see ``rollout_sample``) and chance draws; the seats' rewards."""
        depth = self.rollout_depth
        sampled = self.prior is not None and self.rollout_sample > 1
        play_randomly(ruleset, state, rng, stop=None if depth is None else lambda _state, played: played >= depth,
                      choose=self._sampled_move if sampled else None)
        return self.rewards(ruleset, state)

    def _sampled_move(self, state, seat: int, moves: list, rng: Rng) -> dict:
        """The most promising of ``rollout_sample`` moves drawn at random (with repetition), or
        of all moves where there are no more; the first drawn of the best."""
        if len(moves) <= self.rollout_sample:
            drawn = list(moves)
            rng.shuffle(drawn)
        else:
            drawn = [moves[rng.below(len(moves))] for _ in range(self.rollout_sample)]
        return max(drawn, key=lambda move: self.prior(state, seat, move))

    def rewards(self, ruleset: Ruleset, state) -> list[float]:
        """Each seat's reward in ``[0, 1]`` (see the module docstring)."""
        if not ruleset.is_over(state):
            return self._shaped(self.evaluate(state) if self.evaluate else totals(ruleset.score(state)))
        sheet = ruleset.score(state)
        shaped = self._shaped(totals(sheet))
        winners = sheet["winners"]
        share = 1.0 / len(winners) if winners else 0.0
        return [(1 - MARGIN_WEIGHT) * (share if seat in winners else 0.0) + MARGIN_WEIGHT * s
                for seat, s in enumerate(shaped)]

    def _shaped(self, estimates: list[float]) -> list[float]:
        return [0.5 + 0.5 * math.tanh(m / self.scale) for m in margins(estimates)]

    def value(self, ruleset: Ruleset, state, seat: int) -> float:
        """How good ``state`` is for ``seat`` (the greedy baseline's yardstick)."""
        return self.rewards(ruleset, state)[seat]


def totals(sheet: dict) -> list:
    """The totals of a score sheet, in seat order."""
    return [entry["total"] for entry in sheet["scores"]]


def margins(totals: list) -> list:
    """Each seat's total minus the best total among the other seats."""
    if len(totals) < 2:
        return list(totals)
    order = sorted(range(len(totals)), key=totals.__getitem__, reverse=True)
    first, second = totals[order[0]], totals[order[1]]
    return [t - (second if seat == order[0] else first) for seat, t in enumerate(totals)]


DEFAULT = Policy()


def policy_for(ruleset: Ruleset) -> Policy:
    """The ruleset's own tuned policy (``Ruleset.ai_policy``), else :data:`DEFAULT`."""
    return ruleset.ai_policy or DEFAULT


def greedy_move(ruleset: Ruleset, state, seat: int, rng: Rng) -> dict:
    """One-ply greedy: the move whose resulting position values best for ``seat``.

    Looks at a determinization (never at hidden information); ties broken at random.
    """
    policy = policy_for(ruleset)
    sample = ruleset.determinize(state, seat, rng)
    moves = ruleset.legal_moves(sample, seat)
    best, best_value = [], -math.inf
    for move in moves:
        after = ruleset.copy_state(sample)
        ruleset.perform(after, seat, move)
        value = policy.value(ruleset, after, seat)
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best[rng.below(len(best))]
