"""The AI's estimate of each seat's final total (``Policy.evaluate``): points scored so far
plus what is under way, valued by the scoring module's own rules.

- An unfinished forest or river with tribe members: its value now for the majority, times
  the chance it is completed (nothing, unless ``scoreIncompleteAtEnd``, if it is not; §6).
  The chance falls with its open sides and with the land tiles left to close them.
- Huts and hunters: what they would score if the game ended now (§6.3, §6.4).
"""

from __future__ import annotations

from .board import MEMBER
from .components import FOREST, MEADOW, RIVER
from .scoring import forest_value, majority, meadow_scorers, meadow_value, members_on, river_systems, river_value


def completion_chance(open_sides: int, tiles_left: int) -> float:
    """A rough chance that a feature with ``open_sides`` is closed before the land pile runs out
    (1 for a closed one, which is scored at the end of the turn)."""
    if not open_sides:
        return 1.0
    return min(1.0, tiles_left / (4 * open_sides)) / (1 + open_sides / 2)


def evaluate(state) -> list[float]:
    board, options = state.board, state.options
    totals = [float(sum(row)) for row in state.scores]
    for root in {board.feature_root(zone) for zone, _, piece in board.pieces if piece == MEMBER}:
        kind = board.zones[root].type
        if kind == MEADOW:
            points, scorers = meadow_value(board, root)[0], meadow_scorers(board, root)
        elif kind in (FOREST, RIVER):
            value = forest_value if kind == FOREST else river_value
            chance = 1.0 if options["scoreIncompleteAtEnd"] else completion_chance(board.open_sides[root],
                                                                                     state.land_left)
            points, scorers = chance * value(board, root, options)[0], majority(members_on(board, root))
        else:
            continue
        for seat in scorers:
            totals[seat] += points
    for system in river_systems(board, options).values():
        for seat in majority(system["huts"]):
            totals[seat] += system["value"]
    return totals
