"""Legal moves and applying them (spec §5–§11).

:data:`DECISIONS` is the one dispatch table: each decision a seat can face names its
legal-move generator and the functions applying the move types it allows. Every apply
function checks its rule first and raises :class:`~engine.IllegalMove` naming it
before it changes anything.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from engine import IllegalMove
from engine.i18n import N_, Text, term

from . import flow
from .board import destinations, field_index, free_start_fields, movement_masks, path_problem
from .components import ATTRIBUTES
from .state import CHALLENGER, DEFENDER, Duel, State
from .texts import SPECIES


# -- helpers ----------------------------------------------------------------------------------

def _in_play(state: State, seat: int) -> list[int]:
    """The seat's animals on the board."""
    positions = state.positions
    return [a for a in state.seating.animals(seat) if positions[a] >= 0]


def _species_in_play(state: State, seat: int) -> list[int]:
    """The species of the seat's animals not eliminated, ascending."""
    species, eliminated = state.species, state.eliminated
    return sorted(species[a] for a in state.seating.animals(seat) if not eliminated[a])


def _own_animal(state: State, seat: int, handle: str, rule: str) -> int:
    """The animal of ``handle`` if it is one of the seat's on the board (``rule``: a msgid)."""
    seating = state.seating
    animal = seating.animal_by_handle.get(handle)
    if animal is None or seating.owner(animal) != seat or state.positions[animal] < 0:
        raise IllegalMove(N_("{rule}: {handle} is not one of your animals on the board"), rule=Text(rule),
                          handle=repr(handle))
    return animal


# -- legal moves per decision ----------------------------------------------------------------

def _arrange_moves(state: State, seat: int) -> list[dict]:
    config = state.config
    placed = set(state.seating.of_seat(state.species, seat))
    free = [config.field(field) for field in free_start_fields(state, seat)]
    return [{"type": "arrange", "species": key, "to": to}
            for i, key in enumerate(config.species) if i not in placed for to in free]


def _choose_mode_moves(state: State, seat: int) -> list[dict]:
    return [{"type": "choose_mode", "tile": tile} for tile in state.display]


def _medicine_moves(state: State, seat: int) -> list[dict]:
    if not state.medicine[seat]:
        return []
    wounds, handles = state.wounds, state.seating.handles
    return [{"type": "use_medicine", "animal": handles[a]} for a in _in_play(state, seat) if wounds[a]]


def _turn_moves(state: State, seat: int) -> list[dict]:
    if not _in_play(state, seat):
        return [{"type": "pass"}]
    moves = [{"type": "roll"}]
    if state.options["may_skip_turn"]:
        moves.append({"type": "pass"})
    return moves + _medicine_moves(state, seat)


def _movement_moves(state: State, seat: int) -> list[dict]:
    moves = _medicine_moves(state, seat)
    if state.dice_tiles[seat]:
        moves.append({"type": "reroll"})
    config, handles = state.config, state.seating.handles
    cols, die, positions = config.cols, state.movement_roll, state.positions
    masks = movement_masks(state, seat)
    steps = []
    for a in _in_play(state, seat):
        handle = handles[a]
        steps += [{"type": "move", "animal": handle, "to": [field // cols, field % cols]}
                  for field in destinations(config, positions[a], die, masks)]
    if state.options["allow_zero_move"] or not steps:
        steps.append({"type": "stay"})
    return moves + steps


def _guess_moves(state: State, seat: int) -> list[dict]:
    species = state.config.species
    owner = state.seating.owner(state.duel.challenger)
    moves = [{"type": "guess", "species": species[i]} for i in _species_in_play(state, owner)]
    if state.options["night_guess"] == "optional":
        moves.append({"type": "no_guess"})
    return moves


def _duel_roll_moves(state: State, seat: int) -> list[dict]:
    return _medicine_moves(state, seat) + [{"type": "duel_roll"}]


def _duel_result_moves(state: State, seat: int) -> list[dict]:
    return ([{"type": "reroll"}] if state.dice_tiles[seat] else []) + [{"type": "accept"}]


def _return_moves(state: State, seat: int) -> list[dict]:
    config = state.config
    return [{"type": "return", "to": config.field(field)} for field in free_start_fields(state, seat)]


# -- moves ------------------------------------------------------------------------------------

def arrange(state: State, seat: int, move: dict) -> list[dict]:
    config, seating = state.config, state.seating
    key = move["species"]
    species = config.species.index(key) if key in config.species else -1
    if species < 0:
        raise IllegalMove(N_("arrangement: unknown species {key}"), key=repr(key))
    if species in seating.of_seat(state.species, seat):
        raise IllegalMove(N_("arrangement: your {species} is already placed"), species=term(SPECIES, key))
    field = field_index(config, move["to"])
    if field not in free_start_fields(state, seat):
        raise IllegalMove(N_("arrangement: animals go on empty start fields of your own"))
    return flow.place(state, seat, species, seating.start_fields[seat].index(field))


def choose_mode(state: State, seat: int, move: dict) -> list[dict]:
    tile = move["tile"]
    if tile not in state.display:
        raise IllegalMove(N_("combat mode: the start player chooses one of the displayed tiles"))
    state.display.remove(tile)
    state.mode = state.config.mode_attribute[tile]
    state.mode_tile = tile
    flow.start_turn(state)
    return [{"type": "mode", "seat": seat, "tile": tile, "attribute": ATTRIBUTES[state.mode],
             "round": state.round, "last_round": state.last_round}]


def roll(state: State, seat: int, move: dict) -> list[dict]:
    state.rolling = [seat, "move"]
    state.phase = "move"
    return []


def pass_turn(state: State, seat: int, move: dict) -> list[dict]:
    if state.options["may_skip_turn"] is False and _in_play(state, seat):
        raise IllegalMove(N_("turn: passing is off (may_skip_turn); roll the die"))
    flow.end_turn(state)
    return [{"type": "pass", "seat": seat}]


def use_medicine(state: State, seat: int, move: dict) -> list[dict]:
    if not state.medicine[seat]:
        raise IllegalMove(N_("medicine: you hold no medicine tile"))
    animal = _own_animal(state, seat, move["animal"], N_("medicine"))
    if not state.wounds[animal]:
        raise IllegalMove(N_("medicine: the animal has no wound to heal"))
    state.medicine[seat] -= 1
    state.wounds[animal] -= 1
    handle = state.seating.handles[animal]
    public = {"type": "healed", "seat": seat, "species": state.config.species[state.species[animal]],
              "wounds": state.wounds[animal]}
    if state.options["variant"] == "night":
        return [{**public, "_private": {str(seat): {"animal": handle}}}]
    return [{**public, "animal": handle}]


def reroll(state: State, seat: int, move: dict) -> list[dict]:
    if not state.dice_tiles[seat]:
        raise IllegalMove(N_("dice tile: you hold no dice tile to re-roll with"))
    state.dice_tiles[seat] -= 1
    state.rolling = [seat, "reroll"]
    return [{"type": "dice_tile", "seat": seat}]


def move_animal(state: State, seat: int, move: dict) -> list[dict]:
    config, seating = state.config, state.seating
    animal = _own_animal(state, seat, move["animal"], N_("movement"))
    target = field_index(config, move["to"])
    die = state.movement_roll
    origin = state.positions[animal]
    if target is None or target not in destinations(config, origin, die, movement_masks(state, seat)):
        raise IllegalMove(N_("movement: the target must be reachable in 1 to {die} orthogonal steps "
                             "over free fields, and be empty or hold an opponent's animal, "
                             "never another seat's start field"), die=die)
    if "path" in move:
        problem = path_problem(state, animal, target, move["path"], die)
        if problem:
            raise IllegalMove(problem)
    state.movement_roll = None
    event = {"type": "moved", "seat": seat, "animal": seating.handles[animal],
             "from": config.field(origin), "to": config.field(target)}
    if state.options["variant"] == "day":
        event["species"] = config.species[state.species[animal]]
    defender = state.occupant[target]
    if defender >= 0:
        return [event] + _start_duel(state, animal, defender)
    state.occupant[origin] = -1
    state.occupant[target] = animal
    state.positions[animal] = target
    k = config.forest_index.get(target)
    if k is not None and state.forest[k] == 0:
        state.phase = "reveal"
        state.revealing = target
    else:
        flow.end_turn(state)
    return [event]


def stay(state: State, seat: int, move: dict) -> list[dict]:
    if not state.options["allow_zero_move"]:
        masks, positions = movement_masks(state, seat), state.positions
        if any(destinations(state.config, positions[a], state.movement_roll, masks) for a in _in_play(state, seat)):
            raise IllegalMove(N_("movement: staying after a roll is off (allow_zero_move); move an animal"))
    state.movement_roll = None
    flow.end_turn(state)
    return [{"type": "stay", "seat": seat}]


def return_animal(state: State, seat: int, move: dict) -> list[dict]:
    field = field_index(state.config, move["to"])
    if field not in free_start_fields(state, seat):
        raise IllegalMove(N_("duel: the loser returns to an empty start field of its owner"))
    return flow.return_to(state, field)


# -- duels (§9, §11) --------------------------------------------------------------------------

def _start_duel(state: State, challenger: int, defender: int) -> list[dict]:
    state.duel = Duel(challenger, defender)
    if state.options["variant"] == "night":
        state.phase = "guess"
        handles = state.seating.handles
        return [{"type": "duel", "stage": "challenge", "challenger": handles[challenger],
                 "defender": handles[defender]}]
    state.phase = "duel_roll"
    return [_reveal_duellists(state)]


def _reveal_duellists(state: State) -> dict:
    """Show both duellists (to everybody, from now until the duel ends): the reveal event."""
    duel, config, handles, species = state.duel, state.config, state.seating.handles, state.species
    challenger, defender = duel.challenger, duel.defender
    state.shown[challenger] = state.shown[defender] = 1
    return {"type": "duel", "stage": "reveal", "mode": ATTRIBUTES[state.mode],
            "challenger": handles[challenger], "challenger_species": config.species[species[challenger]],
            "defender": handles[defender], "defender_species": config.species[species[defender]]}


def guess(state: State, seat: int, move: dict) -> list[dict]:
    config = state.config
    key = move["species"]
    owner = state.seating.owner(state.duel.challenger)
    if key not in [config.species[i] for i in _species_in_play(state, owner)]:
        raise IllegalMove(N_("night guess: name a species the challenger's owner still has in play"))
    return _guessed(state, seat, config.species.index(key))


def no_guess(state: State, seat: int, move: dict) -> list[dict]:
    if state.options["night_guess"] == "mandatory":
        raise IllegalMove(N_("night guess: guessing is mandatory (night_guess)"))
    return _guessed(state, seat, -1)


def _guessed(state: State, seat: int, species: int) -> list[dict]:
    state.duel.guess = species
    state.phase = "duel_roll"
    return [{"type": "guess", "seat": seat, "species": state.config.species_key(species)},
            _reveal_duellists(state)]


def duel_roll(state: State, seat: int, move: dict) -> list[dict]:
    state.rolling = [seat, "duel"]
    return []


def accept(state: State, seat: int, move: dict) -> list[dict]:
    duel = state.duel
    if duel.side == CHALLENGER:
        duel.side = DEFENDER
        state.phase = "duel_roll"
        return []
    return _resolve_duel(state)


def duel_totals(state: State) -> tuple[dict, dict]:
    """Both sides' value, bonus, roll and total in the running duel: (challenger, defender)."""
    duel, bonus = state.duel, state.options["night_guess_bonus"]
    challenger_bonus = defender_bonus = 0
    if duel.guess is not None and duel.guess >= 0:
        if duel.guess == state.species[duel.challenger]:
            defender_bonus = bonus
        else:
            challenger_bonus = bonus
    return (_duellist(state, duel.challenger, challenger_bonus, duel.challenger_roll),
            _duellist(state, duel.defender, defender_bonus, duel.defender_roll))


def _duellist(state: State, animal: int, bonus: int, roll: int | None) -> dict:
    options, config, seating = state.options, state.config, state.seating
    species = state.species[animal]
    value = config.species_values[species][state.mode] - state.wounds[animal] * options["wound_penalty"]
    if options["value_floor"] is not None:
        value = max(value, options["value_floor"])
    return {"animal": seating.handles[animal], "seat": seating.owner(animal), "species": config.species[species],
            "value": value, "bonus": bonus, "roll": roll, "total": value + bonus + (roll or 0)}


def _resolve_duel(state: State) -> list[dict]:
    """The higher total wins (a tie goes to the defender); the loser is wounded and
    returns to a start field, or is eliminated; the turn ends unless it returns."""
    duel, options, seating = state.duel, state.options, state.seating
    challenger_side, defender_side = duel_totals(state)
    challenger, defender = duel.challenger, duel.defender
    won = challenger_side["total"] > defender_side["total"]
    winner, loser = (challenger, defender) if won else (defender, challenger)
    state.duel_points[seating.owner(winner)] += options["duel_vp"]
    field = state.positions[defender]
    state.occupant[state.positions[challenger]] = -1
    state.positions[loser] = -1
    if won:
        state.occupant[field] = challenger
        state.positions[challenger] = field
    state.wounds[loser] += 1
    state.wounds_received[seating.owner(loser)] += 1
    eliminated = state.wounds[loser] >= options["wounds_to_eliminate"]
    state.duel = None
    events = [{"type": "duel", "stage": "result", "mode": ATTRIBUTES[state.mode],
               "guess": state.config.species_key(duel.guess),
               "challenger": challenger_side, "defender": defender_side,
               "winner": "challenger" if won else "defender", "vp": options["duel_vp"],
               "loser": seating.handles[loser], "wounds": state.wounds[loser], "eliminated": eliminated}]
    if eliminated:
        state.eliminated[loser] = 1
        flow.end_turn(state)
    else:
        state.returning = loser
        state.phase = "return"
    return events


# -- the dispatch table -----------------------------------------------------------------------

class Decision(NamedTuple):
    """A decision: its legal moves, and per move type it allows the function applying it."""

    legal_moves: Callable[[State, int], list[dict]]
    moves: dict[str, Callable[[State, int, dict], list[dict]]]


#: decision -> its legal moves and its move types (listed in this order)
DECISIONS = {
    "arrange": Decision(_arrange_moves, {"arrange": arrange}),
    "choose_mode": Decision(_choose_mode_moves, {"choose_mode": choose_mode}),
    "turn": Decision(_turn_moves, {"roll": roll, "pass": pass_turn, "use_medicine": use_medicine}),
    "move": Decision(_movement_moves, {"use_medicine": use_medicine, "reroll": reroll, "move": move_animal,
                                       "stay": stay}),
    "guess": Decision(_guess_moves, {"guess": guess, "no_guess": no_guess}),
    "duel_roll": Decision(_duel_roll_moves, {"use_medicine": use_medicine, "duel_roll": duel_roll}),
    "duel_result": Decision(_duel_result_moves, {"reroll": reroll, "accept": accept}),
    "return": Decision(_return_moves, {"return": return_animal}),
}


def legal_moves(state: State, seat: int) -> list[dict]:
    if seat not in flow.to_move(state):
        return []
    return DECISIONS[flow.decision(state)].legal_moves(state, seat)


def perform(state: State, seat: int, move: dict) -> list[dict]:
    """Apply an admitted move of a seat to move: the pending decision must allow its type."""
    pending = flow.decision(state)
    allowed = DECISIONS[pending].moves
    apply = allowed.get(move["type"])
    if apply is None:
        raise IllegalMove(N_("{type} is not possible now: the decision is {pending} ({allowed})"),
                          type=repr(move["type"]), pending=repr(pending), allowed=", ".join(allowed))
    return apply(state, seat, move)
