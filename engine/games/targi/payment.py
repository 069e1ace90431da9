"""Cost and payment of a tribe card (§9.2): the distinct affordable payment vectors."""

from .core import DISPLAY_SIZE, display_count, has

NOBLE, WE8, DIRECT = "noble", "we8", "direct"


def _removals(goods, r):
    """Every sub-multiset of ``goods`` (d, s, p) with ``r`` units."""
    out = []
    for a in range(min(r, goods[0]) + 1):
        for b in range(min(r - a, goods[1]) + 1):
            c = r - a - b
            if c <= goods[2]:
                out.append((goods[0] - a, goods[1] - b, goods[2] - c))
    return out


def reductions(cfg, player, card, route) -> int:
    """k of §9.2 step 2: symbol discount (P1) + TE7 on the Noble route (P13 for WE8)."""
    k = 1 if has(cfg, player, "discount", cfg.symbol[card]) else 0
    if (route == NOBLE or (route == WE8 and cfg.opt["te7_applies_to_we8"])) and has(cfg, player, "noble_discount"):
        k += 1
    return k


def payments(cfg, player, card, route) -> list[dict]:
    """Sorted distinct affordable ``pay`` moves for playing ``card`` by ``route``."""
    goods_cost, gold_cost = cfg.cost[card]
    bases = [(goods_cost, gold_cost)]
    if cfg.alt_gold[card]:
        bases.append(((0, 0, 0), cfg.alt_gold[card]))
    k = reductions(cfg, player, card, route)
    stock = player["goods"]
    gold, we9 = player["gold"], player["we9"]
    found = set()
    for goods, gold_part in bases:
        n = goods[0] + goods[1] + goods[2]
        r = min(k, n)
        if cfg.opt["discount_can_reduce_gold"]:
            gold_part -= min(k - r, gold_part)
        options = _removals(goods, r)
        if route == WE8:
            options = [tuple(g[i] + (i == t) for i in range(3)) for g in options for t in range(3)]
        for g in options:
            if g[0] > stock[0] or g[1] > stock[1] or g[2] > stock[2]:
                continue
            if gold_part <= gold:
                found.add((g[0], g[1], g[2], gold_part, False))
            if we9 and gold_part >= 1 and gold_part - 1 <= gold:
                found.add((g[0], g[1], g[2], gold_part - 1, True))
    return [{"type": "pay", "d": d, "s": s, "p": p, "gold": g, "we9": w}
            for d, s, p, g, w in sorted(found, reverse=True)]


def can_play(cfg, player, card, route) -> bool:
    return display_count(player) < DISPLAY_SIZE and bool(payments(cfg, player, card, route))
