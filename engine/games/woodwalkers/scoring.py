"""Score sheet (spec §10): +1 tiles, duels won, occupied flags; tie-breaks."""

from __future__ import annotations

from .state import State


def score_sheet(state: State) -> dict:
    """Totals with breakdown; winners by points, then flags occupied, then fewer wounds."""
    config, owner, players = state.config, state.seating.owner, state.players
    flags, occupied = [0] * players, [0] * players
    for field, value in zip(config.forest, state.forest):
        animal = state.occupant[field] if value > 0 else -1
        if animal >= 0:
            flags[owner(animal)] += value
            occupied[owner(animal)] += 1
    if state.options["tiebreak_wounds"] == "in_play":
        wounds = [0] * players
        for animal, count in enumerate(state.wounds):
            if not state.eliminated[animal]:
                wounds[owner(animal)] += count
    else:
        wounds = list(state.wounds_received)
    scores = []
    for seat in range(players):
        breakdown = {"plus1": state.plus1[seat], "duels": state.duel_points[seat], "flags": flags[seat]}
        scores.append({"seat": seat, "total": sum(breakdown.values()), "breakdown": breakdown,
                       "tiebreak": {"flags_occupied": occupied[seat], "wounds": wounds[seat]}})
    rank = [(entry["total"], occupied[entry["seat"]], -wounds[entry["seat"]]) for entry in scores]
    best = max(rank)
    return {"scores": scores, "winners": [seat for seat in range(players) if rank[seat] == best]}
