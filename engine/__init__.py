"""Spielwerk's pure rules engine: the ruleset contract, a registry and the rulesets.

Imports neither Flask, Redis nor Celery.
"""

from .contract import Chance, Ruleset, canonical, event_view, seat_label
from .errors import EngineError, GameOver, IllegalMove, IllegalOutcome, InvalidOptions, NotYourTurn, UnknownRuleset
from .match import Match, replay
from .problems import Problem, Problems
from .rng import Rng, derive_seed

__all__ = [
    "Chance", "EngineError", "GameOver", "IllegalMove", "IllegalOutcome", "InvalidOptions", "Match",
    "NotYourTurn", "Problem", "Problems", "Rng", "Ruleset", "UnknownRuleset", "canonical", "derive_seed",
    "event_view", "replay", "seat_label",
]
