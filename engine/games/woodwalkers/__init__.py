"""Woodwalkers – The Game (Magellan, 2022) as the ruleset ``woodwalkers``."""

from .rules import Woodwalkers

RULESET = Woodwalkers()
