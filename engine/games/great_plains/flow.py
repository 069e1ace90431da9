"""The automatic steps (spec sections 5-8): set-up, the layout and first-cave-player chance
steps, whose turn it is after each move, the end of the game."""

from __future__ import annotations

from functools import lru_cache

from engine import Chance, IllegalMove
from engine.i18n import N_

from .components import ROTATIONS, SIDES, TILE_COUNT, resolve
from .options import RULE_KEYS
from .rules import has_placement
from .state import CAVES, FIGURES, FIRST_CAVE_PLAYER, LAYOUT, OVER, State

FIRST_CAVE_PLAYER_CHANCE = Chance.uniform([0, 1], "first_cave_player")


def setup(players: int, options: dict) -> State:
    """The state before the chance steps: a fixed layout is laid at once, a random one tile by tile."""
    components = resolve(options)
    state = State.start({key: options[key] for key in RULE_KEYS}, components,
                        fixed_layout(options["layout"], components))
    if len(state.layout) == TILE_COUNT:
        finish_layout(state)
    return state


def fixed_layout(layout, components) -> list:
    """The placements the ``layout`` option gives, by position (none when drawn at random)."""
    if layout == "random":
        return []
    if layout == "reference":
        return [{"position": i, "tile": t["id"], "side": "A", "rotation": 0}
                for i, t in enumerate(components["tiles"])]
    return sorted(({key: entry[key] for key in ("position", "tile", "side", "rotation")} for entry in layout),
                  key=lambda e: e["position"])


def to_move(state) -> list[int]:
    return [state.turn] if state.phase in (CAVES, FIGURES) else []


def is_over(state) -> bool:
    return state.phase == OVER


# -- chance: the layout (one tile at a time) and the first cave player ---------------------
@lru_cache(maxsize=128)
def _tile_chance(open_tiles) -> Chance:
    """The next tile: every unplaced tile, either side, every rotation, uniformly (shared, read-only).

    Bounded by entries, which bounds the bytes: at most 7 tiles of 2 sides and 6 rotations
    (84 outcomes) whose ids fit in the data limit (16 KiB), so 128 entries (every subset of
    one set's tiles) stay under 4 MiB."""
    return Chance.uniform([{"tile": tile, "side": side, "rotation": k}
                           for tile in open_tiles for side in SIDES for k in range(ROTATIONS)], "tile")


def _open_tiles(state) -> tuple:
    used = {entry["tile"] for entry in state.layout}
    return tuple(t["id"] for t in state.components["tiles"] if t["id"] not in used)


def chance(state) -> Chance | None:
    if state.phase == LAYOUT:
        return _tile_chance(_open_tiles(state))
    if state.phase == FIRST_CAVE_PLAYER:
        return FIRST_CAVE_PLAYER_CHANCE
    return None


def apply_chance(state, outcome) -> list[dict]:
    if state.phase == LAYOUT:
        if (not isinstance(outcome, dict) or set(outcome) != {"tile", "side", "rotation"}
                or outcome["tile"] not in _open_tiles(state) or outcome["side"] not in SIDES
                or type(outcome["rotation"]) is not int or outcome["rotation"] not in range(ROTATIONS)):
            raise IllegalMove(N_("a tile outcome is {tile, side, rotation} with an unplaced tile"))
        entry = {"position": len(state.layout), **outcome}
        state.layout.append(entry)
        if len(state.layout) == TILE_COUNT:
            finish_layout(state)
        return [{"type": "tile_placed", **entry}]
    if state.phase == FIRST_CAVE_PLAYER and outcome in (0, 1) and type(outcome) is int:
        start_caves(state, outcome)
        return [{"type": "first_cave_player", "seat": outcome}]
    raise IllegalMove(N_("no chance step is pending") if state.phase != FIRST_CAVE_PLAYER
                      else N_("the first cave player is 0 or 1"))


def finish_layout(state) -> None:
    """Lay the board of the complete layout and move on to choosing the first cave player."""
    state.lay_board()
    first = state.rules["first_cave_player"]
    if first == "random":
        state.phase = FIRST_CAVE_PLAYER
    else:
        start_caves(state, first)


def start_caves(state, first: int) -> None:
    state.first_cave_player = state.turn = first
    state.phase = CAVES


# -- turns -------------------------------------------------------------------------------------
def end_move(state, seat: int, events: list[dict]) -> list[dict]:
    """After ``seat``'s move (its ``events`` pass through): whose turn it is next.

    A ``use_totem`` move keeps the turn (the same seat places with that power). In the
    cave phase the players alternate while both hold cave tokens; the last cave placer
    takes the first figure turn.
    """
    if state.pending_totem is not None:
        return events
    if state.phase == FIGURES:
        next_figure_turn(state, seat)
        return events
    other = 1 - seat
    if state.caves_left[other]:
        state.turn = other
    elif not state.caves_left[seat]:
        state.phase = FIGURES
        next_figure_turn(state, other)
    return events


def next_figure_turn(state, seat: int) -> None:
    """After ``seat``'s figure turn: the other player, else ``seat`` again, else the end.

    A player with an empty hand is skipped; one with figures but no placement gets the
    turn only to pass (blocked_player = auto_pass); when neither can place, the game ends.
    """
    other = 1 - seat
    if state.hand[other] and has_placement(state, other):
        state.turn = other
    elif state.hand[seat] and has_placement(state, seat):
        state.turn = other if state.hand[other] else seat
    else:
        state.phase, state.turn = OVER, None
