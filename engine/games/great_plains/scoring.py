"""Hunting-ground scoring, leftover totems and the final tie-break (spec section 8)."""

from __future__ import annotations

from .board import CELLS


def _results(state) -> list[tuple]:
    """Per hunting ground: ``(cells, fields, springs, figures per seat, leader or None)``."""
    if state.board is None:
        return []
    cells, out = state.cells, []
    for ground, fields, springs in state.board.grounds:
        counts = [0, 0]
        for c in ground:
            v = cells[c]
            if v == 0 or v == 1:
                counts[v] += 1
        leader = 0 if counts[0] > counts[1] else 1 if counts[1] > counts[0] else None
        out.append((ground, fields, springs, counts, leader))
    return out


def standings(state) -> list[dict]:
    """Per hunting ground (G1, G2 ...): cells, value, figures per seat on its meadows, leader."""
    return [{"id": f"G{number}", "cells": [[*CELLS[c]] for c in ground], "fields": fields,
             "springs": springs, "value": fields + springs, "figures": counts, "leader": leader}
            for number, (ground, fields, springs, counts, leader) in enumerate(_results(state), 1)]


def winners(totals, grounds_won, tiebreak) -> list[int]:
    """Seats with the most points; ties go to more grounds won (unless ``tiebreak == "draw"``)."""
    best = max(totals)
    tied = [s for s, total in enumerate(totals) if total == best]
    if len(tied) > 1 and tiebreak == "grounds_won_then_draw":
        most = max(grounds_won[s] for s in tied)
        tied = [s for s in tied if grounds_won[s] == most]
    return tied


def score_sheet(state) -> dict:
    """The score sheet, final or provisional: ground points plus leftover totem points."""
    points, won = [0, 0], [0, 0]
    for _, fields, springs, _, leader in _results(state):
        if leader is not None:
            points[leader] += fields + springs
            won[leader] += 1
    per_token = state.rules["leftover_totem_points"]
    scores = []
    for seat in (0, 1):
        breakdown = {"hunting_grounds": points[seat], "leftover_totems": per_token * sum(state.held[seat])}
        scores.append({"seat": seat, "total": sum(breakdown.values()), "breakdown": breakdown,
                       "grounds_won": won[seat]})
    totals = [s["total"] for s in scores]
    return {"scores": scores, "winners": winners(totals, won, state.rules["final_tiebreak"])}
