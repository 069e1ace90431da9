"""Building Woodwalkers positions and driving them with scripted chance outcomes."""

from __future__ import annotations

from engine.games.woodwalkers import RULESET as R
from engine.games.woodwalkers.components import ATTRIBUTES
from engine.games.woodwalkers.state import State


def options(**overrides) -> dict:
    return R.make_options(overrides)


def field(state, rc) -> int:
    return rc[0] * state.config.cols + rc[1]


def animal(state, seat: int, species: str) -> int:
    """The animal id of a seat's species."""
    kind = state.config.species.index(species)
    return next(a for a in state.seating.animals(seat) if state.species[a] == kind)


def handle(state, seat: int, species: str) -> str:
    return state.seating.handles[animal(state, seat, species)]


def build(players=2, where=None, wounds=None, mode="strength", actor=0, start=None, **option_values) -> State:
    """A state at the start of ``actor``'s turn in round 1.

    Every seat's species ``i`` starts on its ``i``-th start field; ``where`` moves
    ``(seat, species)`` elsewhere (or to None: eliminated); ``wounds`` sets wounds.
    """
    state = R.setup(players, options(**option_values))
    config, seating = state.config, state.seating
    for a in range(seating.animal_count):
        state.species[a] = a % seating.animals_per_player
        state.positions[a] = seating.home[a]
        state.occupant[seating.home[a]] = a
    moved = [(animal(state, seat, species), rc) for (seat, species), rc in (where or {}).items()]
    for a, _ in moved:
        state.occupant[state.positions[a]] = -1
    for a, rc in moved:
        if rc is None:
            state.positions[a], state.eliminated[a], state.shown[a] = -1, 1, 1
            state.wounds[a] = option_values.get("wounds_to_eliminate", 3)
        else:
            state.positions[a] = field(state, rc)
            state.occupant[field(state, rc)] = a
    for (seat, species), n in (wounds or {}).items():
        state.wounds[animal(state, seat, species)] = n
    display = [t for t in sorted(config.mode_tiles) if ATTRIBUTES[config.mode_attribute[t]] == mode][:1]
    state.mode_pile = [t for t in sorted(config.mode_tiles) if t not in display]
    state.mode_tile = display[0]
    state.mode = ATTRIBUTES.index(mode)
    clockwise = seating.clockwise
    state.start_index = (clockwise.index(actor) - 1) % players if start is None else clockwise.index(start)
    state.phase, state.active = "turn", actor
    state.turns_taken = (clockwise.index(actor) - state.start_index - 1) % players
    return state


def started(players=2, display=("cm01", "cm06", "cm11"), first=1, **option_values) -> State:
    """A fresh game after the arrangement (species i on start field i) and the first display."""
    state = R.setup(players, options(arrangement="random", first_start_player=first, **option_values))
    per_player = state.seating.animals_per_player
    advance(state, [slot for _ in range(players) for slot in range(per_player)] + list(display))
    return state


def advance(state, outcomes=()) -> list[dict]:
    """Like the driver: resolve chance steps from ``outcomes`` and forced single moves."""
    outcomes = list(outcomes)
    events = []
    while not R.is_over(state):
        chance = R.chance(state)
        if chance is not None:
            assert outcomes, f"chance step {chance.label} needs an outcome"
            outcome = outcomes.pop(0)
            assert outcome in chance.outcomes, f"{outcome!r} is not a {chance.label} outcome"
            events += R.apply_chance(state, outcome)
            continue
        forced = [(s, R.legal_moves(state, s)) for s in R.to_move(state)]
        forced = [(s, m[0]) for s, m in forced if len(m) == 1]
        if not forced:
            break
        events += R.apply(state, *forced[0])
    assert not outcomes, f"unused outcomes {outcomes}"
    return events


def play(state, seat, move, outcomes=()) -> list[dict]:
    """Apply a move, then advance with the given chance outcomes."""
    return R.apply(state, seat, move) + advance(state, outcomes)


def tile(state, kind, value=None) -> int:
    """The chance outcome that reveals a forest tile of this kind (and flag value)."""
    return state.config.tile_types.index((kind, value))


def targets(state, seat, handle_):
    """Destinations ``(r, c)`` of one animal in the current legal-move list."""
    return sorted(tuple(m["to"]) for m in R.legal_moves(state, seat)
                  if m["type"] == "move" and m["animal"] == handle_)
