"""Shared state helpers: goods, display queries, gains with bonus triggers, decks.

Goods are indexed 0 = dates (D), 1 = salt (S), 2 = pepper (P); a player's stock is
``goods`` ``[d, s, p]``, ``gold`` and ``vp``. Decision frames and automatic tasks live
on ``state["stack"]`` (top = last); see flow.py.
"""

GOOD_KEYS = ("D", "S", "P")
GOOD_INDEX = {"D": 0, "S": 1, "P": 2}
NAME_INDEX = {"dates": 0, "salt": 1, "pepper": 2}
ROWS = 3
ROW_SIZE = 4
DISPLAY_SIZE = ROWS * ROW_SIZE


def display_count(player) -> int:
    d = player["display"]
    return len(d[0]) + len(d[1]) + len(d[2])


def has(cfg, player, key, arg=None) -> bool:
    """Whether a display card has effect ``key`` (with ``arg``): Perm abilities work at once (P14)."""
    eff = cfg.effect
    for row in player["display"]:
        for c in row:
            e = eff[c]
            if e is not None and e[0] == key and (arg is None or e[1] == arg):
                return True
    return False


def goods_vectors(total: int, limit=None) -> list[list[int]]:
    """All (d, s, p) with d + s + p = total, each within ``limit`` if given; sorted."""
    out = []
    for d in range(total, -1, -1):
        for s in range(total - d, -1, -1):
            v = [d, s, total - d - s]
            if limit is None or (v[0] <= limit[0] and v[1] <= limit[1] and v[2] <= limit[2]):
                out.append(v)
    return out


def gain_goods(state, seat, vec, qualifying=False) -> list[dict]:
    """Add goods; a qualifying receipt (from a goods card, P4) records it and may trigger
    OA7/CR8/TA8 on receipt (P5)."""
    player = state["players"][seat]
    g = player["goods"]
    g[0] += vec[0]
    g[1] += vec[1]
    g[2] += vec[2]
    events = []
    if qualifying and (vec[0] or vec[1] or vec[2]):
        cfg = state["cfg"]
        got = player["got"]
        for i in range(3):
            if vec[i] and not got[i]:
                got[i] = True
        if cfg.opt["bonus_good_timing"] == "on_receipt":
            events += bonus_goods(state, seat, [i for i in range(3) if vec[i]])
    return events


def bonus_goods(state, seat, types) -> list[dict]:
    """+1 X per bonus_good_if_got:X card, at most once per card per round (OA7, CR8, TA8)."""
    cfg = state["cfg"]
    player = state["players"][seat]
    events = []
    for row in player["display"]:
        for card in row:
            e = cfg.effect[card]
            if e is None or e[0] != "bonus_good_if_got" or card in player["bonus"]:
                continue
            t = NAME_INDEX[e[1]]
            if t in types:
                player["bonus"].append(card)
                player["goods"][t] += 1
                events.append({"type": "bonus_good", "seat": seat, "card": card, "good": GOOD_KEYS[t]})
    return events


# -- decks (§14: pool = identities not yet fixed = deck + face-down cards) -----------
def can_draw(state, kind) -> bool:
    return state["deck"][kind] > 0 or (state["cfg"].opt["deck_exhaustion"] == "reshuffle"
                                       and bool(state["discard"][kind]))


def take_from_deck(state, kind, events) -> bool:
    """Lower the deck count by one (reshuffling the discards in first if needed, A7)."""
    if state["deck"][kind] == 0:
        if not can_draw(state, kind):
            return False
        events.append({"type": "reshuffle", "deck": kind, "cards": len(state["discard"][kind])})
        pool = state["pool"][kind]
        for card in state["discard"][kind]:
            pool[card] = pool.get(card, 0) + 1
        state["deck"][kind] += len(state["discard"][kind])
        state["discard"][kind] = []
    state["deck"][kind] -= 1
    return True


def remove_from_pool(state, kind, card) -> None:
    pool = state["pool"][kind]
    if pool[card] == 1:
        del pool[card]
    else:
        pool[card] -= 1
