"""The ``woodwalkers`` ruleset: its metadata and AI policy; the contract is its package's modules
(engine/package.py)."""

from __future__ import annotations

from engine.ai.policies import Policy
from engine.package import GameModules, PackagedRuleset

from . import flow, options, promise, rules, scoring, state, svg, texts, view


class Woodwalkers(PackagedRuleset):
    id = "woodwalkers"
    name = "Woodwalkers – The Game"
    min_players = 2
    max_players = 4
    rules_version = "1"
    hidden_information = True
    redacted_moves = view.SECRET_MOVES
    #: a duel shows the duellists' species (hidden at night); a forest tile turned
    reveal_events = frozenset({"duel", "reveal"})
    # a move decision offers up to ~270 (animal, destination) pairs, and the die decides which
    # ones the next decision offers: a flat search over the 24 that promise most (promise.py),
    # rollouts that take the most promising of 8 sampled moves, and easy without that knowledge
    # (docs/ai.md, "The search" and "Levels and budgets"); short rollouts, because play soon
    # blurs who holds which flag
    ai_policy = Policy(rollout_depth=5, scale=10.0, halving=True, chance_ends_tree=True,
                       prior=promise.move_prior, rollout_sample=8, root_width=24, levels={"easy": {"prior": None}},
                       iterations={"easy": 5, "medium": 30, "hard": 2000})
    modules = GameModules(options, state, flow, rules, scoring, view, svg, texts)

    def determinize(self, state, seat, rng):
        return view.determinize(state.copy(), seat, rng)

    def redact_move(self, move, mover, viewer):
        return view.redact_move(move, mover, viewer)
