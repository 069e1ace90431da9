"""Score sheet (spec §10): +1 tiles, duels won, occupied flags; tie-breaks."""

from __future__ import annotations

from .board import ctx


def score(state) -> dict:
    """Totals with breakdown; winners by points, then flags occupied, then fewer wounds."""
    cfg, lay = ctx(state)
    n = state["n"]
    flags, held = [0] * n, [0] * n
    for k, value in enumerate(state["tiles"]):
        a = state["cell"][cfg.forest[k]] if value > 0 else -1
        if a >= 0:
            flags[a // lay.apl] += value
            held[a // lay.apl] += 1
    if state["opts"]["tiebreak_wounds"] == "in_play":
        wounds = [0] * n
        for a, w in enumerate(state["wounds"]):
            if not state["out"][a]:
                wounds[a // lay.apl] += w
    else:
        wounds = list(state["received"])
    scores = []
    for s in range(n):
        breakdown = {"plus1": state["plus1"][s], "duels": state["duels"][s], "flags": flags[s]}
        scores.append({"seat": s, "total": sum(breakdown.values()), "breakdown": breakdown,
                       "tiebreak": {"flags_occupied": held[s], "wounds": wounds[s]}})
    rank = [(e["total"], held[e["seat"]], -wounds[e["seat"]]) for e in scores]
    best = max(rank)
    return {"scores": scores, "winners": [s for s in range(n) if rank[s] == best]}
