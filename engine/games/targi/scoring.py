"""Scoring (§11.2) and tie-breaks (§11.3); also provisional, mid-game."""

from .abilities import ABILITIES
from .core import has

TA5_ROW_VP = 4
TA5_ROWS = 2


def row_bonuses(cfg, player) -> int:
    """4 identical symbols: same VP; 4 distinct: different VP (TA5: up to 2 such rows score 4)."""
    upgrades = TA5_ROWS if has(cfg, player, "diff_row_bonus_4_for_2_rows") else 0
    total = 0
    for row in player["display"]:
        if len(row) != 4:
            continue
        symbols = {cfg.symbol[c] for c in row}
        if len(symbols) == 1:
            total += cfg.opt["row_bonus_same_vp"]
        elif len(symbols) == 4:
            if upgrades:
                upgrades -= 1
                total += TA5_ROW_VP
            else:
                total += cfg.opt["row_bonus_different_vp"]
    return total


def end_abilities(cfg, player, other) -> int:
    total = 0
    for row in player["display"]:
        for card in row:
            effect = cfg.effect[card]
            if effect is not None and ABILITIES[effect[0]].end is not None:
                total += ABILITIES[effect[0]].end(effect[1], cfg, player, other, card)
    return total


def breakdown(cfg, player, other) -> dict:
    return {
        "vp_tokens": player["vp"],
        "printed_vp": sum(cfg.vp[c] for row in player["display"] for c in row),
        "row_bonuses": row_bonuses(cfg, player),
        "abilities": end_abilities(cfg, player, other),
    }


def score(state) -> dict:
    cfg = state["cfg"]
    players = state["players"]
    scores = []
    for seat, player in enumerate(players):
        parts = breakdown(cfg, player, players[1 - seat])
        scores.append({"seat": seat, "total": sum(parts.values()), "breakdown": parts,
                       "tiebreak": {"gold": player["gold"], "goods": sum(player["goods"])}})
    key = [(s["total"], s["tiebreak"]["gold"], s["tiebreak"]["goods"]) for s in scores]
    best = max(key)
    return {"scores": scores, "winners": [seat for seat in (0, 1) if key[seat] == best]}
