"""What a move promises at once (``Policy.prior``): the AI's search tries the most promising
moves first, so that a budget below the ~270 moves of a decision still tries every attack on a
flag holder, every free flag and every face-down forest tile.

A move of an animal to ``target`` promises, in points of the mover's lead:

- a free flag: its value; a face-down forest tile: the mean worth of the tiles still face
  down (a flag its value, +1 one point, medicine and dice half a point each);
- an attack: with the chance ``p`` of winning the duel (the round's combat values, wounds
  and two dice; ties to the defender), ``p × (duel points + twice the flag under the
  defender)`` (the flag changes hands), less ``(1 − p) × duel points`` for the defender;
- and, for every move of an animal standing on a flag, that flag's value less.

Rolling promises a little where the roller may then stay (it is never worse than passing);
every other move promises nothing. Night: the search judges on a determinization, so the
defender's species is a guess from what the mover knows.
"""

from __future__ import annotations

from functools import lru_cache

from .state import State

#: the worth of a kept medicine or dice tile, in points
KEPT_TILE = 0.5
#: rolling rather than passing: where the roller may stay, never worse
ROLL = 0.1


def move_prior(state: State, seat: int, move: dict) -> float:
    if move["type"] == "roll":
        return ROLL if state.options["allow_zero_move"] else 0.0
    if move["type"] != "move":
        return 0.0
    config = state.config
    animal = state.seating.animal_by_handle[move["animal"]]
    target = move["to"][0] * config.cols + move["to"][1]
    promise = -_flag(state, state.positions[animal])
    defender = state.occupant[target]
    if defender >= 0:
        duel_vp = state.options["duel_vp"]
        p = win_chance(_strength(state, animal) - _strength(state, defender), len(config.die_faces))
        return promise + p * (duel_vp + 2 * _flag(state, target)) - (1 - p) * duel_vp
    k = config.forest_index.get(target)
    if k is None or state.forest[k] < 0:
        return promise
    return promise + (state.forest[k] if state.forest[k] > 0 else _face_down_worth(state))


def _flag(state: State, field: int) -> int:
    k = state.config.forest_index.get(field)
    return state.forest[k] if k is not None and state.forest[k] > 0 else 0


def _strength(state: State, animal: int) -> int:
    """The animal's value in the round's combat mode, less its wounds (no floor, as in a duel
    without ``value_floor``)."""
    if state.mode is None:
        return 0
    value = state.config.species_values[state.species[animal]][state.mode]
    return value - state.wounds[animal] * state.options["wound_penalty"]


def _face_down_worth(state: State) -> float:
    worth = {"flag": None, "plus1": 1.0, "medicine": KEPT_TILE, "dice": KEPT_TILE}
    total = count = 0
    for (kind, value), left in zip(state.config.tile_types, state.tiles_left):
        total += left * (value if kind == "flag" else worth[kind])
        count += left
    return total / count if count else 0.0


@lru_cache(maxsize=None)
def win_chance(lead: int, sides: int) -> float:
    """The challenger's chance to win a duel ``lead`` ahead in value: its die must beat the
    defender's die by more than ``-lead``."""
    faces = range(1, sides + 1)
    return sum(1 for mine in faces for theirs in faces if lead + mine > theirs) / sides ** 2
