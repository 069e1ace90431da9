"""Carcassonne – Die Jäger und Sammler (Hunters & Gatherers, 2002) as ruleset ``carcassonne-hg``."""

from .rules import HuntersAndGatherers

RULESET = HuntersAndGatherers()
