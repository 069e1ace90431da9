"""Carcassonne – Die Jäger und Sammler (Hunters & Gatherers; Hans im Glück, 2002): tiles build
a prehistoric landscape of forests, meadows and rivers, scored by gatherers, hunters,
fishermen and fishing huts.

Rules: docs/rules/carcassonne-hg.md. Tile data: ``data/*.json`` (format ``hg-tileset/1``).
"""

from .ruleset import HuntersAndGatherers

RULESET = HuntersAndGatherers()
