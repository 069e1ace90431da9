"""What one seat (or a spectator) may see (spec §14, §15 "Public view").

Face-down forest tiles need no hiding: their kind is drawn only when revealed. Hidden
are other seats' placements while arranging (both variants) and, at night, other
seats' identities except those shown in a duel (``shown``). :func:`determinize`
resamples exactly these; :func:`redact_move` hides them in other seats' history.
"""

from __future__ import annotations

from . import flow, scoring
from .components import ATTRIBUTES
from .rules import duel_totals
from .state import CHALLENGER, State

#: move types naming an identity: others see only the type
SECRET_MOVES = ("arrange", "use_medicine")


def species_visible(state: State, animal: int, viewer: int | None) -> bool:
    """Whether ``viewer`` sees this animal's species now."""
    if viewer == state.seating.owner(animal):
        return True
    if state.phase == "arrange":
        return False
    if state.options["variant"] == "day":
        return True
    duel = state.duel
    return duel is not None and state.phase != "guess" and animal in (duel.challenger, duel.defender)


def view(state: State, viewer: int | None) -> dict:
    config, seating = state.config, state.seating
    players, owner = state.players, seating.owner
    species, positions, wounds, eliminated = state.species, state.positions, state.wounds, state.eliminated
    arranging = state.phase == "arrange"
    animals = []
    for a in range(seating.animal_count):
        if species[a] < 0 or (arranging and owner(a) != viewer):
            continue
        animals.append({"handle": seating.handles[a], "seat": owner(a),
                        "at": config.field(positions[a]) if positions[a] >= 0 else None,
                        "species": config.species[species[a]] if species_visible(state, a, viewer) else None,
                        "eliminated": bool(eliminated[a])})
    cards = []
    for seat in range(players):
        names = config.character_names[seating.board_seats[seat]]
        card = {key: {"wounds": 0, "eliminated": False, "name": names.get(key, key)} for key in config.species}
        for a in seating.animals(seat):
            if species[a] >= 0:
                entry = card[config.species[species[a]]]
                entry["wounds"], entry["eliminated"] = wounds[a], bool(eliminated[a])
        cards.append(card)
    forest = [{"at": config.field(field), "revealed": tile > 0, "kind": "flag" if tile else None, "value": tile or None}
              for field, tile in zip(config.forest, state.forest) if tile >= 0]
    clockwise, start = seating.clockwise, state.start_index
    sheet = scoring.score_sheet(state)
    return {
        "variant": state.options["variant"],
        "phase": state.phase,
        "round": state.round,
        "last_round": state.last_round,
        "start_player": clockwise[start] if start >= 0 else None,
        "turn_order": [clockwise[(start + 1 + i) % players] for i in range(players)] if start >= 0 else None,
        "active": state.active,
        "to_move": flow.to_move(state),
        "pending": _pending(state),
        "mode": ATTRIBUTES[state.mode] if state.mode is not None else None,
        "mode_tile": state.mode_tile,
        "display": list(state.display),
        "display_attributes": [ATTRIBUTES[config.mode_attribute[tile]] for tile in state.display],
        "mode_pile": len(state.mode_pile),
        "board": {"rows": list(config.board_rows)},
        "board_seat": list(seating.board_seats),
        "arranged": [sum(1 for kind in seating.of_seat(species, seat) if kind >= 0) for seat in range(players)],
        "animals": animals,
        "cards": cards,
        "forest": forest,
        "forest_left": [{"kind": kind, "value": value, "count": count}
                        for (kind, value), count in zip(config.tile_types, state.tiles_left)],
        "held": [{"medicine": state.medicine[seat], "dice": state.dice_tiles[seat]} for seat in range(players)],
        "vp": [state.plus1[seat] + state.duel_points[seat] for seat in range(players)],
        "scores": [entry["total"] for entry in sheet["scores"]],
        "last_roll": {"seat": state.last_roll[0], "value": state.last_roll[1]} if state.last_roll else None,
        "duel": _duel_view(state, viewer),
        "components": dict(config.meta),
    }


def _pending(state: State) -> dict | None:
    decision = flow.decision(state)
    if decision is None:
        return None
    pending = {"decision": decision, "seats": flow.to_move(state)}
    if decision == "move":
        pending["die"] = state.movement_roll
    if decision == "return":
        pending["animal"] = state.seating.handles[state.returning]
    return pending


def _duel_view(state: State, viewer: int | None) -> dict | None:
    duel = state.duel
    if duel is None:
        return None
    config, seating = state.config, state.seating
    seen = {"at": config.field(state.positions[duel.defender]), "stage": state.phase,
            "side": "challenger" if duel.side == CHALLENGER else "defender",
            "guess": config.species_key(duel.guess), "guessed": duel.guess is not None}
    for name, animal, roll in (("challenger", duel.challenger, duel.challenger_roll),
                               ("defender", duel.defender, duel.defender_roll)):
        seen[name] = seating.handles[animal]
        seen[name + "_seat"] = seating.owner(animal)
        seen[name + "_species"] = (config.species[state.species[animal]]
                                   if species_visible(state, animal, viewer) else None)
        seen[name + "_roll"] = roll
    if state.phase != "guess":
        challenger, defender = duel_totals(state)
        seen["values"] = {"challenger": challenger, "defender": defender}
    return seen


# -- hidden information ----------------------------------------------------------------------

def determinize(state: State, seat: int, rng) -> State:
    """Resample, in place, what ``seat`` has not seen: other seats' placements while
    arranging, and at night their identities never shown in a duel. The samples come
    from canonical pools (every kind; the unseen identities sorted), so the result
    depends only on what ``seat`` knows and on ``rng``, never on the hidden truth."""
    arranging = state.phase == "arrange"
    if not arranging and state.options["variant"] != "night":
        return state
    seating = state.seating
    species, positions, occupant = state.species, state.positions, state.occupant
    for other in range(state.players):
        if other == seat:
            continue
        animals = seating.animals(other)
        if arranging:
            placed = [a for a in animals if species[a] >= 0]
            for a in placed:
                occupant[positions[a]] = -1
                species[a] = positions[a] = -1
            slots, kinds = list(animals), list(range(seating.animals_per_player))
            rng.shuffle(slots)
            rng.shuffle(kinds)
            for a, kind in zip(slots[:len(placed)], kinds):
                species[a], positions[a] = kind, seating.home[a]
                occupant[seating.home[a]] = a
        else:
            unseen = [a for a in animals if not state.shown[a] and not state.eliminated[a]]
            kinds = sorted(species[a] for a in unseen)      # not their true order
            rng.shuffle(kinds)
            for a, kind in zip(unseen, kinds):
                species[a] = kind
    return state


def redact_move(move: dict, mover: int, viewer: int | None) -> dict:
    """Arrangement and medicine moves name identities: others see only the move type."""
    if viewer != mover and isinstance(move, dict) and move.get("type") in SECRET_MOVES:
        return {"type": move["type"]}
    return move
