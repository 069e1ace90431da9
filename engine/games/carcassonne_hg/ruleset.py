"""The ``carcassonne-hg`` ruleset: its metadata and AI policy; the contract is its package's modules
(engine/package.py)."""

from __future__ import annotations

from engine.ai.policies import Policy
from engine.package import GameModules, PackagedRuleset

from . import evaluation, flow, options, rules, scoring, state, svg, texts, view


class HuntersAndGatherers(PackagedRuleset):
    id = "carcassonne-hg"
    name = "Carcassonne – Die Jäger und Sammler"
    min_players = 2
    max_players = 5
    rules_version = "1"
    ai_policy = Policy(scale=15.0, evaluate=evaluation.evaluate)
    modules = GameModules(options, state, flow, rules, scoring, view, svg, texts)
