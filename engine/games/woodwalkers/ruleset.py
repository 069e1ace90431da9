"""The ``woodwalkers`` ruleset: its metadata and AI policy; the contract is its package's modules
(engine/package.py)."""

from __future__ import annotations

from engine.ai.policies import Policy
from engine.package import GameModules, PackagedRuleset

from . import flow, options, rules, scoring, state, svg, texts, view


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
    # ones the next decision offers: a flat search over them, whose strength levels off after a
    # few hundred iterations, so the levels are spaced by low budgets (docs/ai.md, "Levels and
    # budgets"); short rollouts, because random play soon blurs who holds which flag
    ai_policy = Policy(rollout_depth=5, scale=10.0, halving=True, chance_ends_tree=True,
                       iterations={"easy": 5, "medium": 100, "hard": 5000})
    modules = GameModules(options, state, flow, rules, scoring, view, svg, texts)

    def determinize(self, state, seat, rng):
        return view.determinize(state.copy(), seat, rng)

    def redact_move(self, move, mover, viewer):
        return view.redact_move(move, mover, viewer)
