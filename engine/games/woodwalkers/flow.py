"""The automatic steps (spec §5, §6, §8, §10): set-up, whose decision it is, the chance
steps and their outcomes, turns, rounds and the end.

Chance steps: the arrangement (when random), the combat-mode display, the first start
player, die rolls, forest reveals and return fields (when random).
"""

from __future__ import annotations

from engine import Chance, InvalidOptions

from .board import free_start_fields
from .components import ATTRIBUTES
from .options import check_players
from .state import CHALLENGER, State

#: phases in which a seat decides, named as the decision
DECISION_PHASES = ("turn", "move", "return", "guess", "duel_roll", "duel_result")


def setup(players: int, options: dict) -> State:
    """The state before the arrangement; the start player is drawn later unless an option names it."""
    found = check_players(options, players)
    if found:
        raise InvalidOptions(found)
    state = State.initial(options, players)
    first = options["first_start_player"]
    if first != "random":
        seating = state.seating
        state.start_index = seating.clockwise.index(seating.board_seats.index(first))
    return state


def decision(state: State) -> str | None:
    """The decision pending for a seat (None at chance steps and at the end)."""
    if state.rolling is not None:
        return None
    phase = state.phase
    if phase == "arrange":
        return None if state.options["arrangement"] == "random" else "arrange"
    if phase == "mode":
        return "choose_mode"
    if phase in DECISION_PHASES:
        if phase == "return" and state.options["return_field_choice"] == "random":
            return None
        return phase
    return None


def to_move(state: State) -> list[int]:
    pending = decision(state)
    if pending is None:
        return []
    seating = state.seating
    if pending == "arrange":
        return [seat for seat in range(state.players) if -1 in seating.of_seat(state.species, seat)]
    if pending == "choose_mode":
        return [seating.clockwise[state.start_index]]
    if pending in ("turn", "move"):
        return [state.active]
    if pending == "return":
        return [seating.owner(state.returning)]
    duel = state.duel
    challenger_acts = pending != "guess" and duel.side == CHALLENGER
    return [seating.owner(duel.challenger if challenger_acts else duel.defender)]


def is_over(state: State) -> bool:
    return state.phase == "over"


# -- chance steps ---------------------------------------------------------------------

def chance(state: State) -> Chance | None:
    config, seating = state.config, state.seating
    if state.rolling is not None:
        return Chance(list(config.die_faces), [1] * len(config.die_faces), "die")
    phase = state.phase
    if phase == "fill":
        return Chance.uniform(state.mode_pile, "combat_mode_tile")
    if phase == "first":
        return Chance.uniform(sorted(seating.board_seats), "first_start_player")
    if phase == "reveal":
        left = state.tiles_left
        kinds = [i for i, count in enumerate(left) if count]
        return Chance(kinds, [left[i] for i in kinds], "forest_tile")
    if phase == "arrange" and state.options["arrangement"] == "random":
        seat, _ = _next_random_placement(state)
        return Chance.uniform(_free_slots(state, seat), "arrangement")
    if phase == "return" and state.options["return_field_choice"] == "random":
        return Chance.uniform(_free_slots(state, seating.owner(state.returning)), "return")
    return None


def apply_chance(state: State, outcome) -> list[dict]:
    seating = state.seating
    if state.rolling is not None:
        return _rolled(state, outcome)
    phase = state.phase
    if phase == "fill":
        return _displayed(state, outcome)
    if phase == "first":
        state.start_index = seating.clockwise.index(seating.board_seats.index(outcome))
        state.phase = "mode"
        return [{"type": "first_start_player", "seat": seating.clockwise[state.start_index]}]
    if phase == "reveal":
        return _revealed(state, outcome)
    if phase == "arrange":
        seat, species = _next_random_placement(state)
        return place(state, seat, species, outcome)
    return return_to(state, seating.start_fields[seating.owner(state.returning)][outcome])


def _rolled(state: State, value: int) -> list[dict]:
    seat, purpose = state.rolling
    state.rolling = None
    state.last_roll = [seat, value]
    duel = state.duel
    if duel is None:
        state.movement_roll = value
    else:
        if duel.side == CHALLENGER:
            duel.challenger_roll = value
        else:
            duel.defender_roll = value
        state.phase = "duel_result"
    return [{"type": "roll", "seat": seat, "value": value, "purpose": purpose}]


def _displayed(state: State, tile: str) -> list[dict]:
    """A combat-mode tile goes on display; a full display (or an empty pile) starts the round."""
    state.mode_pile.remove(tile)
    state.display.append(tile)
    events = [{"type": "display", "tile": tile, "attribute": ATTRIBUTES[state.config.mode_attribute[tile]]}]
    size = state.options["display_size"]
    if len(state.display) < size and state.mode_pile:
        return events
    if state.round > 1:
        state.last_round = len(state.display) < size
    state.phase = "first" if state.start_index < 0 else "mode"
    return events


def _revealed(state: State, kind_index: int) -> list[dict]:
    config = state.config
    state.tiles_left[kind_index] -= 1
    kind, value = config.tile_types[kind_index]
    field, seat = state.revealing, state.active
    state.forest[config.forest_index[field]] = value if kind == "flag" else -1
    if kind == "plus1":
        state.plus1[seat] += 1
    elif kind == "medicine":
        state.medicine[seat] += 1
    elif kind == "dice":
        state.dice_tiles[seat] += 1
    state.revealing = None
    events = [{"type": "reveal", "seat": seat, "at": config.field(field), "kind": kind, "value": value}]
    end_turn(state)
    return events


def _free_slots(state: State, seat: int) -> list[int]:
    """Indexes (in the seat's start field list) of its empty start fields."""
    starts = state.seating.start_fields[seat]
    return [starts.index(field) for field in free_start_fields(state, seat)]


def _next_random_placement(state: State) -> tuple[int, int]:
    """The first seat still arranging and its first species not yet placed."""
    seating = state.seating
    for seat in range(state.players):
        placed = seating.of_seat(state.species, seat)
        if -1 in placed:
            return seat, next(i for i in range(seating.animals_per_player) if i not in placed)
    raise AssertionError("arrangement complete")


# -- placements that a seat or a chance step decides ----------------------------------------

def place(state: State, seat: int, species: int, slot: int) -> list[dict]:
    """Put the seat's animal of ``species`` on its ``slot``-th start field (arrangement)."""
    config, seating = state.config, state.seating
    animal = seat * seating.animals_per_player + slot
    home = seating.home[animal]
    state.species[animal] = species
    state.positions[animal] = home
    state.occupant[home] = animal
    events = [{"type": "arranged", "seat": seat, "_private": {str(seat): {
        "animal": seating.handles[animal], "species": config.species[species], "at": config.field(home)}}}]
    if -1 not in state.species:
        state.phase = "fill"
        events.append({"type": "arrangement_complete"})
    return events


def return_to(state: State, field: int) -> list[dict]:
    """The duel loser goes back to the (empty, own) start ``field``; the turn ends."""
    animal, seating = state.returning, state.seating
    state.positions[animal] = field
    state.occupant[field] = animal
    state.returning = None
    end_turn(state)
    return [{"type": "returned", "seat": seating.owner(animal), "animal": seating.handles[animal],
             "at": state.config.field(field)}]


# -- turns and rounds -------------------------------------------------------------------------

def start_turn(state: State) -> None:
    state.active = state.seating.clockwise[(state.start_index + 1 + state.turns_taken) % state.players]
    state.phase = "turn"


def end_turn(state: State) -> None:
    """The next seat's turn; after the round's last turn the next round (or the end)."""
    state.turns_taken += 1
    if state.turns_taken < state.players:
        start_turn(state)
        return
    if state.last_round:
        state.phase = "over"
        state.active = None
        return
    state.round += 1
    state.start_index = (state.start_index + 1) % state.players
    state.turns_taken = 0
    state.mode = state.mode_tile = state.active = None
    state.phase = "fill"
    if not state.mode_pile:
        state.last_round = True
        state.phase = "mode"
