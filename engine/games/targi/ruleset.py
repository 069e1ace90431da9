"""The ``targi`` ruleset: its metadata and AI policy; the contract is its package's modules
(engine/package.py)."""

from __future__ import annotations

from engine.ai.policies import Policy
from engine.package import GameModules, PackagedRuleset

from . import evaluation, flow, options, rules, scoring, state, svg, texts, view


class Targi(PackagedRuleset):
    id = "targi"
    name = "Targi"
    min_players = 2
    max_players = 2
    rules_version = "1"
    ai_policy = Policy(scale=5.0, evaluate=evaluation.evaluate)
    hidden_information = True
    #: a face-down or deck card's identity shown (a chance step too)
    reveal_events = frozenset({"revealed", "drew_goods_card", "drew_tribe_card"})
    modules = GameModules(options, state, flow, rules, scoring, view, svg, texts)

    def perform(self, state, seat, move):
        """The move, then the automatic steps up to the next decision or chance step."""
        return rules.perform(state, seat, move) + flow.advance(state)

    def determinize(self, state, seat, rng):
        return view.determinize(state, seat, rng)
