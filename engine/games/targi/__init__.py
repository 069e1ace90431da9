"""Targi (Andreas Steiger, Kosmos 2012), base game for 2 players: ruleset ``targi``.

Rules as implemented: docs/rules/targi.md.
"""

from .ruleset import Targi

RULESET = Targi()
