"""Hidden information (spec §14): who may see an identity, determinization, redaction.

Face-down forest tiles need nothing here: their kind is drawn only when revealed.
Hidden are other seats' placements while arranging (both variants) and, at night,
other seats' identities except those shown in a duel (``shown``).
"""

from __future__ import annotations

from .board import ctx

SECRET_MOVES = ("arrange", "use_medicine")


def species_visible(state, lay, animal: int, viewer) -> bool:
    """Whether ``viewer`` sees this animal's species now."""
    if viewer == animal // lay.apl:
        return True
    if state["phase"] == "arrange":
        return False
    if state["opts"]["variant"] == "day":
        return True
    duel = state["duel"]
    return duel is not None and state["phase"] != "guess" and animal in (duel["c"], duel["d"])


def determinize(state, seat: int, rng):
    """Resample, in place, what ``seat`` has not seen: other seats' placements while
    arranging, and at night their identities never shown in a duel."""
    cfg, lay = ctx(state)
    arranging = state["phase"] == "arrange"
    if not arranging and state["opts"]["variant"] != "night":
        return state
    species, pos, cell = state["species"], state["pos"], state["cell"]
    for other in range(state["n"]):
        if other == seat:
            continue
        animals = range(other * lay.apl, (other + 1) * lay.apl)
        if arranging:
            placed = [a for a in animals if species[a] >= 0]
            for a in placed:
                cell[pos[a]] = -1
                species[a] = pos[a] = -1
            slots, kinds = list(animals), list(range(lay.apl))
            rng.shuffle(slots)
            rng.shuffle(kinds)
            for a, kind in zip(slots[:len(placed)], kinds):
                species[a], pos[a] = kind, lay.home[a]
                cell[lay.home[a]] = a
        else:
            unseen = [a for a in animals if not state["shown"][a] and not state["out"][a]]
            kinds = [species[a] for a in unseen]
            rng.shuffle(kinds)
            for a, kind in zip(unseen, kinds):
                species[a] = kind
    return state


def redact_move(move, mover: int, viewer):
    """Arrangement and medicine moves name identities: others see only the move type."""
    if viewer != mover and isinstance(move, dict) and move.get("type") in SECRET_MOVES:
        return {"type": move["type"]}
    return move
