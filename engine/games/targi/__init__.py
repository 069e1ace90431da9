"""Targi (Andreas Steiger, Kosmos 2012), base game for 2 players: ruleset ``targi``."""

from .ruleset import Targi

RULESET = Targi()
