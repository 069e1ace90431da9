"""What one seat (or a spectator) may see (spec §14, §15 "Public view").

Face-down forest tiles need no hiding: their kind is drawn only when revealed. Hidden
are other seats' placements while arranging (both variants) and, at night, other
seats' identities except those shown in a duel (``shown``). :func:`determinize`
resamples exactly these; :func:`redact_move` hides them in other seats' history.
"""

from __future__ import annotations

from marshmallow import fields, validate

from engine.contract import either, shape

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


# -- the schemas of the view and the events (the API spec's WoodwalkersView, Woodwalkers...Event) --

def _int(**kwargs):
    return fields.Integer(strict=True, **kwargs)


def _field(**kwargs):
    metadata = kwargs.pop("metadata", {"description": "[row, col]"})
    return fields.List(_int(), validate=validate.Length(equal=2), metadata=metadata, **kwargs)


_SEAT = _int(required=True)
_HANDLE = fields.String(required=True, metadata={"description": "an animal's handle (its identity stays hidden)"})
_ATTRIBUTE = fields.String(required=True, validate=validate.OneOf(ATTRIBUTES))
_NIGHT_SPECIES = ("the species, or null while hidden from this viewer: another seat's animal at night "
                  "unless shown in the running duel (after the guess)")

WoodwalkersViewPending = shape("WoodwalkersViewPending", {
    "decision": fields.String(required=True),
    "seats": fields.List(_int(), required=True),
    "die": _int(allow_none=True, metadata={"description": "decision move: the movement roll"}),
    "animal": fields.String(metadata={"description": "decision return: the animal that returns"}),
})
WoodwalkersViewBoard = shape("WoodwalkersViewBoard", {"rows": fields.List(fields.String(), required=True)})
WoodwalkersViewAnimal = shape("WoodwalkersViewAnimal", {
    "handle": _HANDLE,
    "seat": _SEAT,
    "at": _field(required=True, allow_none=True, metadata={"description": "[row, col]; null when off the board"}),
    "species": fields.String(required=True, allow_none=True, metadata={"description": _NIGHT_SPECIES}),
    "eliminated": fields.Boolean(required=True),
}, "an animal in play. Hidden information: while arranging, other seats' animals are not listed at all")
WoodwalkersViewCard = shape("WoodwalkersViewCard", {
    "wounds": _int(required=True), "eliminated": fields.Boolean(required=True), "name": fields.String(required=True)})
WoodwalkersViewForest = shape("WoodwalkersViewForest", {
    "at": _field(required=True),
    "revealed": fields.Boolean(required=True),
    "kind": fields.String(required=True, allow_none=True,
                          metadata={"description": "null while face down (drawn only when revealed)"}),
    "value": _int(required=True, allow_none=True, metadata={"description": "null while face down"}),
})
WoodwalkersViewForestLeft = shape("WoodwalkersViewForestLeft", {
    "kind": fields.String(required=True), "value": _int(required=True, allow_none=True), "count": _int(required=True)})
WoodwalkersViewHeld = shape("WoodwalkersViewHeld", {"medicine": _int(required=True), "dice": _int(required=True)})
WoodwalkersViewLastRoll = shape("WoodwalkersViewLastRoll", {"seat": _SEAT, "value": _int(required=True)})
WoodwalkersDuellist = shape("WoodwalkersDuellist", {
    "animal": _HANDLE, "seat": _SEAT, "species": fields.String(required=True),
    "value": _int(required=True), "bonus": _int(required=True),
    "roll": _int(required=True, allow_none=True, metadata={"description": "null until rolled"}),
    "total": _int(required=True),
}, "one side of a duel, both shown to everybody once the duellists are revealed")
WoodwalkersDuelValues = shape("WoodwalkersDuelValues", {
    "challenger": fields.Nested(WoodwalkersDuellist, required=True),
    "defender": fields.Nested(WoodwalkersDuellist, required=True)})
WoodwalkersViewDuel = shape("WoodwalkersViewDuel", {
    "at": _field(required=True),
    "stage": fields.String(required=True),
    "side": fields.String(required=True, validate=validate.OneOf(["challenger", "defender"])),
    "guess": fields.String(required=True, allow_none=True,
                           metadata={"description": "the defender's guess at night; null before it or in the day"}),
    "guessed": fields.Boolean(required=True),
    "challenger": _HANDLE,
    "challenger_seat": _SEAT,
    "challenger_species": fields.String(required=True, allow_none=True, metadata={"description": _NIGHT_SPECIES}),
    "challenger_roll": _int(required=True, allow_none=True),
    "defender": _HANDLE,
    "defender_seat": _SEAT,
    "defender_species": fields.String(required=True, allow_none=True, metadata={"description": _NIGHT_SPECIES}),
    "defender_roll": _int(required=True, allow_none=True),
    "values": fields.Nested(WoodwalkersDuelValues, metadata={"description": "absent while the night guess is due"}),
})
WoodwalkersViewComponents = shape("WoodwalkersViewComponents", {
    "id": fields.String(required=True), "provenance": fields.String(required=True), "hash": fields.String(required=True)})

View = shape("WoodwalkersView", {
    "variant": fields.String(required=True, validate=validate.OneOf(["day", "night"])),
    "phase": fields.String(required=True),
    "round": _int(required=True),
    "last_round": fields.Boolean(required=True),
    "start_player": _int(required=True, allow_none=True, metadata={"description": "a board seat; null until drawn"}),
    "turn_order": fields.List(_int(), required=True, allow_none=True),
    "active": _int(required=True, allow_none=True),
    "to_move": fields.List(_int(), required=True),
    "pending": fields.Nested(WoodwalkersViewPending, required=True, allow_none=True),
    "mode": fields.String(required=True, allow_none=True, validate=validate.OneOf(ATTRIBUTES)),
    "mode_tile": fields.String(required=True, allow_none=True),
    "display": fields.List(fields.String(), required=True),
    "display_attributes": fields.List(fields.String(validate=validate.OneOf(ATTRIBUTES)), required=True),
    "mode_pile": _int(required=True),
    "board": fields.Nested(WoodwalkersViewBoard, required=True),
    "board_seat": fields.List(_int(), required=True),
    "arranged": fields.List(_int(), required=True, metadata={"description": "animals placed per seat (public)"}),
    "animals": fields.List(fields.Nested(WoodwalkersViewAnimal), required=True),
    "cards": fields.List(fields.Dict(keys=fields.String(), values=fields.Nested(WoodwalkersViewCard)), required=True,
                         metadata={"description": "per seat, its character card by species key"}),
    "forest": fields.List(fields.Nested(WoodwalkersViewForest), required=True),
    "forest_left": fields.List(fields.Nested(WoodwalkersViewForestLeft), required=True),
    "held": fields.List(fields.Nested(WoodwalkersViewHeld), required=True),
    "vp": fields.List(_int(), required=True),
    "scores": fields.List(_int(), required=True),
    "last_roll": fields.Nested(WoodwalkersViewLastRoll, required=True, allow_none=True),
    "duel": fields.Nested(WoodwalkersViewDuel, required=True, allow_none=True),
    "components": fields.Nested(WoodwalkersViewComponents, required=True),
}, "What one seat (or a spectator) sees: while arranging other seats' animals are not listed; at night "
   "other seats' species are null unless shown in the running duel.")

_DUEL_SIDE = either("string", {"type": "object"}, required=True, metadata={
    "description": "the animal's handle; at stage result its side of the duel (a WoodwalkersDuellist object)"})
_PRIVATE = "present only for the seat concerned (hidden information)"

EVENT_SCHEMAS = {
    "first_start_player": shape("WoodwalkersFirstStartPlayer", {"seat": _SEAT}),
    "arranged": shape("WoodwalkersArranged", {
        "seat": _SEAT,
        "animal": fields.String(metadata={"description": _PRIVATE}),
        "species": fields.String(metadata={"description": _PRIVATE}),
        "at": _field(metadata={"description": _PRIVATE})}),
    "arrangement_complete": shape("WoodwalkersArrangementComplete", {}),
    "display": shape("WoodwalkersDisplay", {"tile": fields.String(required=True), "attribute": _ATTRIBUTE}),
    "mode": shape("WoodwalkersMode", {
        "seat": _SEAT, "tile": fields.String(required=True), "attribute": _ATTRIBUTE,
        "round": _int(required=True), "last_round": fields.Boolean(required=True)}),
    "pass": shape("WoodwalkersPass", {"seat": _SEAT}),
    "roll": shape("WoodwalkersRoll", {"seat": _SEAT, "value": _int(required=True),
                                      "purpose": fields.String(required=True)}),
    "dice_tile": shape("WoodwalkersDiceTile", {"seat": _SEAT}),
    "healed": shape("WoodwalkersHealed", {
        "seat": _SEAT, "species": fields.String(required=True), "wounds": _int(required=True),
        "animal": fields.String(metadata={"description": "by day to everybody; at night " + _PRIVATE})}),
    "moved": shape("WoodwalkersMoved", {
        "seat": _SEAT, "animal": _HANDLE, "from": _field(required=True), "to": _field(required=True),
        "species": fields.String(metadata={"description": "by day only"})}),
    "stay": shape("WoodwalkersStay", {"seat": _SEAT}),
    "reveal": shape("WoodwalkersReveal", {
        "seat": _SEAT, "at": _field(required=True), "kind": fields.String(required=True),
        "value": _int(required=True, allow_none=True)}),
    "duel": shape("WoodwalkersDuel", {
        "stage": fields.String(required=True, validate=validate.OneOf(["challenge", "reveal", "result"])),
        "challenger": _DUEL_SIDE, "defender": _DUEL_SIDE,
        "mode": fields.String(validate=validate.OneOf(ATTRIBUTES)),
        "challenger_species": fields.String(metadata={"description": "stage reveal"}),
        "defender_species": fields.String(metadata={"description": "stage reveal"}),
        "guess": fields.String(allow_none=True, metadata={"description": "stage result"}),
        "winner": fields.String(validate=validate.OneOf(["challenger", "defender"])),
        "vp": _int(), "loser": fields.String(), "wounds": _int(), "eliminated": fields.Boolean()}),
    "guess": shape("WoodwalkersGuess", {
        "seat": _SEAT, "species": fields.String(required=True, allow_none=True,
                                                metadata={"description": "null: no guess"})}),
    "returned": shape("WoodwalkersReturned", {"seat": _SEAT, "animal": _HANDLE, "at": _field(required=True)}),
}
