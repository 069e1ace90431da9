"""Woodwalkers – The Game (Magellan, 2022) as the ruleset ``woodwalkers``; rules in
``docs/rules/woodwalkers.md``."""

from .ruleset import Woodwalkers

RULESET = Woodwalkers()
