"""Great Plains (Lookout Spiele, 2021): two tribes claim hunting grounds on a board of 7 hex tiles.

Rules: docs/rules/great-plains.md. Component data: ``data/*.json``.
"""

from .ruleset import GreatPlains

RULESET = GreatPlains()
