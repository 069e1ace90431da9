"""The AI's estimate of each seat's final total (``Policy.evaluate``): the provisional score
sheet (§10: +1 tiles, duels won, flags held now) plus what the seat can still fight with.

A duel is worth 2 VP to the winner and a wound to the loser, and wounds lower every
value (§9), so an animal's remaining health counts: ``HEALTH_VP`` for every wound it can
still take before it is eliminated (none once it is). A kept medicine tile heals a wound
and a dice tile buys a re-roll (§8): each is worth about as much.
"""

from __future__ import annotations

from .scoring import score_sheet

HEALTH_VP = 0.5
MEDICINE_VP = 0.5
DICE_VP = 0.5


def evaluate(state) -> list[float]:
    lives = state.options["wounds_to_eliminate"]
    seating = state.seating
    totals = []
    for seat, entry in enumerate(score_sheet(state)["scores"]):
        health = sum(lives - state.wounds[animal] for animal in seating.animals(seat)
                     if not state.eliminated[animal])
        totals.append(entry["total"] + HEALTH_VP * health + MEDICINE_VP * state.medicine[seat]
                      + DICE_VP * state.dice_tiles[seat])
    return totals
