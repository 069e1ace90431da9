"""The ``great-plains`` ruleset: its metadata and AI policy; the contract is its package's modules
(engine/package.py)."""

from __future__ import annotations

from engine.ai.policies import Policy
from engine.package import GameModules, PackagedRuleset

from . import flow, options, rules, scoring, state, svg, texts, view


class GreatPlains(PackagedRuleset):
    id = "great-plains"
    name = "Great Plains"
    min_players = 2
    max_players = 2
    rules_version = "1"
    ai_policy = Policy(scale=10.0, iterations={"medium": 100})
    modules = GameModules(options, state, flow, rules, scoring, view, svg, texts)

    def perform(self, state, seat, move):
        """The move, then the turn passes on (``flow`` decides who may still place)."""
        return flow.end_move(state, seat, rules.perform(state, seat, move))
