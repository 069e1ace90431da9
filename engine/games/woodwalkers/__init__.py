"""Woodwalkers – The Game (Magellan, 2022): 2–4 players move animals over a forest grid,
reveal forest tiles and fight duels in a combat mode chosen each round.

Rules: docs/rules/woodwalkers.md. Component data: ``data/*.json`` (format
``woodwalkers/components@1``).
"""

from .ruleset import Woodwalkers

RULESET = Woodwalkers()
