"""Decision points (§15.2): for each, its legal moves and how an accepted move applies.

A decision frame is a small dict ``{"dp": NAME, "seat": s, ...}`` on top of
``state["stack"]``; frames are never mutated in place (copies share them), only replaced.
``LEGAL[dp](state, frame)`` lists moves in a fixed order; ``APPLY[dp](state, frame,
move)`` runs after the move was matched against that list and returns events.
"""

from .abilities import ABILITIES
from .board import BORDER, OPPOSITE, OTHER_KIND, PLACEABLE, RAIDS, SPACES, space_index
from .core import GOOD_INDEX, GOOD_KEYS, ROW_SIZE, can_draw, gain_goods, goods_vectors, has, take_from_deck
from .payment import DIRECT, NOBLE, WE8, can_play, payments


def _push_play(state, seat, card, route):
    """pay -> row -> Once effect -> 12th-card check (§9.4)."""
    stack = state["stack"]
    stack.append({"t": "after_play", "seat": seat})
    stack.append({"dp": "ROW", "seat": seat, "card": card})
    stack.append({"dp": "PAYMENT", "seat": seat, "card": card, "route": route})


def _set_chance(state, why, kind, seat=None, space=None):
    state["chance"] = {"why": why, "kind": kind, "seat": seat, "space": space}


# -- PLACE ------------------------------------------------------------------------
def next_placer(state, quota):
    """Alternating from the start player; a player with no Targi left is skipped (P10).
    None once all Targi are placed."""
    counts = [0, 0]
    for t in state["targi"]:
        counts[t[0]] += 1
    start = state["start"]
    other = 1 - start
    left_s, left_o = counts[start] < quota[start], counts[other] < quota[other]
    if left_s and left_o:
        return start if counts[start] == counts[other] else other
    if left_s or left_o:
        return start if left_s else other
    return None


def placement_blocks(state, seat) -> dict[int, str]:
    """Border cards ``seat`` may not take now, with the rule (R3, A5, A11, P7)."""
    opt = state["cfg"].opt
    blocks = {}
    robber = state["robber"]
    if not opt["allow_opposite_robber"] and robber in OPPOSITE:
        blocks[OPPOSITE[robber]] = "A11: not opposite the robber (allow_opposite_robber = false)"
    if robber in OPPOSITE and not has(state["cfg"], state["players"][seat], "may_place_on_robber"):
        blocks[robber] = "R3: the robber's card is blocked this round"
    own_ok = opt["allow_opposite_own_targi"]
    for owner, card, _ in state["targi"]:
        if owner != seat:
            blocks[OPPOSITE[card]] = "R3: not opposite an opponent's Targi"
        elif not own_ok:
            blocks.setdefault(OPPOSITE[card], "A5: not opposite an own Targi (allow_opposite_own_targi = false)")
    for _, card, _ in state["targi"]:
        blocks[card] = "R3: that card already holds a Targi"
    return blocks


def placement_problem(state, seat, card):
    """Why ``card`` is not a legal placement for ``seat`` now (None if legal)."""
    if card not in BORDER:
        return "R3: Targi go only on the 12 non-corner border cards"
    return placement_blocks(state, seat).get(card)


def legal_place(state, frame):
    blocks = placement_blocks(state, frame["seat"])
    return [{"type": "place", "card": n} for n in PLACEABLE if n not in blocks]


def valid_place(state, frame, move):
    """Fast check of a placement (same rule as :func:`legal_place`)."""
    card = move.get("type") == "place" and len(move) == 2 and move.get("card")
    return type(card) is int and placement_problem(state, frame["seat"], card) is None


def apply_place(state, frame, move):
    seat = frame["seat"]
    state["targi"].append([seat, move["card"], False])
    events = [{"type": "placed", "seat": seat, "card": move["card"]}]
    quota = frame["quota"]
    following = next_placer(state, quota)
    while following is not None and not legal_place(state, {"seat": following}):
        # only possible with A5/A11 set to false: the remaining Targi stay out (O6)
        quota = quota[:]
        quota[following] = sum(1 for t in state["targi"] if t[0] == following)
        events.append({"type": "no_placement", "seat": following})
        following = next_placer(state, quota)
    if following is None:
        state["targi"].sort(key=lambda t: t[1])
        state["stack"].pop()
    else:
        state["stack"][-1] = {**frame, "seat": following, "quota": quota}
    return events


# -- CHOOSE_ACTION ----------------------------------------------------------------
def _border_useful(state, seat, card) -> bool:
    action = BORDER[card][0]
    player = state["players"][seat]
    g = player["goods"]
    if action == "take_good":
        return True
    if action == "noble":
        return player["hand"] is not None
    if action == "merchant":
        return max(g) >= 2 or (max(g) >= 1 and has(state["cfg"], player, "merchant_1_to_1"))
    if action == "silversmith":
        return max(g) >= 2 or player["gold"] >= 1
    if action == "fata_morgana":
        return bool(_fm_moves(state, seat))
    return can_draw(state, "goods" if action == "caravan" else "tribe")


def _border_limited(state, seat) -> bool:
    """TE9 in "use_two" mode: only 2 border actions this round (P10)."""
    player = state["players"][seat]
    return (state["cfg"].opt["te9_mode"] == "use_two" and player["te9"] == state["round"]
            and player["border_used"] >= 2)


def can_we8(state, seat) -> bool:
    cfg = state["cfg"]
    player = state["players"][seat]
    return (player["hand"] is not None and has(cfg, player, "play_hand_card_for_extra_good")
            and (cfg.opt["we8_timing"] == "unlimited" or player["we8"] == 0)
            and can_play(cfg, player, player["hand"], WE8))


def legal_choose_action(state, frame):
    seat = frame["seat"]
    moves = []
    if not _border_limited(state, seat):
        for t in state["targi"]:  # sorted by card once all are placed
            if t[0] == seat and not t[2] and _border_useful(state, seat, t[1]):
                moves.append({"type": "use", "card": t[1]})
    for m in state["markers"]:  # kept sorted
        if m[0] == seat and not m[3] and state["central"][space_index(m[1], m[2])][2] == "up":
            moves.append({"type": "use", "space": [m[1], m[2]]})
    if can_we8(state, seat):
        moves.append({"type": "we8_play"})
    moves.append({"type": "end_actions"})
    return moves


def _use_border(state, seat, card):
    for t in state["targi"]:
        if t[1] == card:
            t[2] = True
    player = state["players"][seat]
    player["border_used"] += 1
    action, good = BORDER[card]
    events = [{"type": "use", "seat": seat, "card": card, "action": action}]
    stack = state["stack"]
    if action == "take_good":
        vec = [0, 0, 0]
        vec[good] = 1
        qualifying = state["cfg"].opt["bonus_good_sources"] == "central_and_border"
        events += gain_goods(state, seat, vec, qualifying)
    elif action == "noble":
        stack.append({"dp": "NOBLE", "seat": seat})
    elif action == "merchant":
        stack.append({"dp": "MERCHANT", "seat": seat, "seen": [player["goods"] + [player["gold"]]], "ones": 0})
    elif action == "silversmith":
        stack.append({"dp": "SILVERSMITH", "seat": seat})
    elif action == "fata_morgana":
        stack.append({"dp": "FATA_MORGANA", "seat": seat})
    else:
        kind = "goods" if action == "caravan" else "tribe"
        take_from_deck(state, kind, events)
        _set_chance(state, action, kind, seat)
    return events


def receive_goods_card(state, seat, card, qualifying) -> list[dict]:
    """Contents of a goods card; ``choose_one`` asks for the type (CHOOSE_GOOD)."""
    kind, goods, gold, vp = state["cfg"].goods[card]
    if kind == "choose_one":
        state["stack"].append({"dp": "CHOOSE_GOOD", "seat": seat, "amounts": list(goods), "q": qualifying})
        return []
    player = state["players"][seat]
    player["gold"] += gold
    player["vp"] += vp
    return gain_goods(state, seat, list(goods), qualifying)


def _use_space(state, seat, space):
    r, c = space
    for m in state["markers"]:
        if m[0] == seat and m[1] == r and m[2] == c:
            m[3] = True
    i = space_index(r, c)
    kind, card, _ = state["central"][i]
    other = OTHER_KIND[kind]
    events = [{"type": "use", "seat": seat, "space": [r, c], "card": card}]
    laid = take_from_deck(state, other, events)
    state["central"][i] = [other, None, "down" if laid else "empty"]
    if kind == "goods":
        state["discard"]["goods"].append(card)
        events += receive_goods_card(state, seat, card, True)
    else:
        state["stack"].append({"dp": "TRIBE_OUTCOME", "seat": seat, "card": card, "secret": False})
    return events


def apply_choose_action(state, frame, move):
    seat = frame["seat"]
    kind = move["type"]
    if kind == "end_actions":
        state["stack"].pop()
        return [{"type": "end_actions", "seat": seat}]
    if kind == "we8_play":
        player = state["players"][seat]
        card, player["hand"] = player["hand"], None
        player["we8"] += 1
        _push_play(state, seat, card, WE8)
        return [{"type": "play", "seat": seat, "card": card, "via": "we8"}]
    if "card" in move:
        return _use_border(state, seat, move["card"])
    return _use_space(state, seat, move["space"])


# -- tribe card outcomes ------------------------------------------------------------
def legal_noble(state, frame):
    player = state["players"][frame["seat"]]
    moves = [{"type": "play"}] if can_play(state["cfg"], player, player["hand"], NOBLE) else []
    return moves + [{"type": "discard"}]


def apply_noble(state, frame, move):
    seat = frame["seat"]
    player = state["players"][seat]
    card, player["hand"] = player["hand"], None
    state["stack"].pop()
    if move["type"] == "play":
        _push_play(state, seat, card, NOBLE)
        return [{"type": "play", "seat": seat, "card": card, "via": "noble"}]
    state["discard"]["tribe"].append(card)
    return [{"type": "discard", "seat": seat, "card": card}]


def legal_tribe_outcome(state, frame):
    player = state["players"][frame["seat"]]
    moves = [{"type": "play"}] if can_play(state["cfg"], player, frame["card"], DIRECT) else []
    if player["hand"] is None:
        moves.append({"type": "keep"})
    return moves + [{"type": "discard"}]


def apply_tribe_outcome(state, frame, move):
    seat, card = frame["seat"], frame["card"]
    state["stack"].pop()
    if move["type"] == "play":
        _push_play(state, seat, card, DIRECT)
        return [{"type": "play", "seat": seat, "card": card}]
    if move["type"] == "discard":
        state["discard"]["tribe"].append(card)
        return [{"type": "discard", "seat": seat, "card": card}]
    player = state["players"][seat]
    player["hand"] = card
    player["hand_known"] = not frame["secret"]
    if frame["secret"]:
        return [{"type": "keep", "seat": seat, "_private": {str(seat): {"card": card}}}]
    return [{"type": "keep", "seat": seat, "card": card}]


def legal_payment(state, frame):
    return payments(state["cfg"], state["players"][frame["seat"]], frame["card"], frame["route"])


def apply_payment(state, frame, move):
    player = state["players"][frame["seat"]]
    g = player["goods"]
    g[0] -= move["d"]
    g[1] -= move["s"]
    g[2] -= move["p"]
    player["gold"] -= move["gold"]
    if move["we9"]:
        player["we9"] -= 1
    state["stack"].pop()
    return [{"type": "paid", "seat": frame["seat"], "card": frame["card"],
             **{k: move[k] for k in ("d", "s", "p", "gold", "we9")}}]


def legal_row(state, frame):
    display = state["players"][frame["seat"]]["display"]
    return [{"type": "row", "row": i + 1} for i in range(3) if len(display[i]) < ROW_SIZE]


def apply_row(state, frame, move):
    seat, card = frame["seat"], frame["card"]
    state["players"][seat]["display"][move["row"] - 1].append(card)
    state["stack"].pop()
    events = [{"type": "placed_card", "seat": seat, "card": card, "row": move["row"]}]
    effect = state["cfg"].effect[card]
    if effect is not None:
        handler = ABILITIES[effect[0]].on_play
        if handler is not None:
            events += handler(state, seat, card, effect[1])
    return events


# -- goods choices ----------------------------------------------------------------
def legal_choose_good(state, frame):
    return [{"type": "good", "good": GOOD_KEYS[i]} for i in range(3) if frame["amounts"][i]]


def apply_choose_good(state, frame, move):
    t = GOOD_INDEX[move["good"]]
    vec = [0, 0, 0]
    vec[t] = frame["amounts"][t]
    state["stack"].pop()
    return [{"type": "gain", "seat": frame["seat"], "good": move["good"], "n": vec[t]}] + \
        gain_goods(state, frame["seat"], vec, frame["q"])


def legal_goods_multi(state, frame):
    return [{"type": "goods", "d": d, "s": s, "p": p} for d, s, p in goods_vectors(frame["n"])]


def apply_goods_multi(state, frame, move):
    state["stack"].pop()
    vec = [move["d"], move["s"], move["p"]]
    gain_goods(state, frame["seat"], vec)
    return [{"type": "gain", "seat": frame["seat"], "card": frame["card"], "d": vec[0], "s": vec[1], "p": vec[2]}]


def legal_ta9(state, frame):
    return [{"type": "ta9_goods"}, {"type": "ta9_gold"}, {"type": "ta9_vp"}]


def apply_ta9(state, frame, move):
    seat = frame["seat"]
    state["stack"].pop()
    if move["type"] == "ta9_goods":
        state["stack"].append({"dp": "GOODS_MULTI", "seat": seat, "n": 3, "card": frame["card"]})
    else:
        state["players"][seat]["gold" if move["type"] == "ta9_gold" else "vp"] += 1
    return [{"type": move["type"], "seat": seat}]


# -- OA9 --------------------------------------------------------------------------
def legal_oa9(state, frame):
    display = state["players"][frame["seat"]]["display"]
    cards = [c for row in display for c in row]
    if "taken" not in frame:  # "swap" mode
        return [{"type": "oa9_swap", "a": a, "b": b} for i, a in enumerate(cards) for b in cards[i + 1:]] + \
            [{"type": "oa9_none"}]
    taken = frame["taken"]
    moves = []
    if not frame["put"] and len(taken) < 2:
        moves += [{"type": "oa9_take", "card": c} for c in cards]
    moves += [{"type": "oa9_put", "card": c, "row": i + 1} for c in taken for i in range(3)
              if len(display[i]) < ROW_SIZE]
    if not taken:
        moves.append({"type": "oa9_done"})
    return moves


def _locate(display, card):
    for r, row in enumerate(display):
        if card in row:
            return r, row.index(card)
    raise AssertionError("card not in display")


def apply_oa9(state, frame, move):
    seat = frame["seat"]
    display = state["players"][seat]["display"]
    kind = move["type"]
    stack = state["stack"]
    if kind in ("oa9_done", "oa9_none"):
        stack.pop()
    elif kind == "oa9_swap":
        ra, ia = _locate(display, move["a"])
        rb, ib = _locate(display, move["b"])
        display[ra][ia], display[rb][ib] = move["b"], move["a"]
        stack.pop()
    elif kind == "oa9_take":
        display[_locate(display, move["card"])[0]].remove(move["card"])
        stack[-1] = {**frame, "taken": frame["taken"] + [move["card"]]}
    else:
        display[move["row"] - 1].append(move["card"])
        taken = [c for c in frame["taken"] if c != move["card"]]
        if taken:
            stack[-1] = {**frame, "taken": taken, "put": True}
        else:
            stack.pop()
    return [{"seat": seat, **move}]


# -- Merchant and Silversmith -----------------------------------------------------
def _merchant_candidates(state, frame):
    player = state["players"][frame["seat"]]
    g = player["goods"]
    gold = player["gold"]
    one_to_one = has(state["cfg"], player, "merchant_1_to_1") and (
        state["cfg"].opt["te8_repeatable"] or frame["ones"] == 0)
    out = []
    for t in range(3):
        if g[t] >= 3:
            out.append(({"type": "m_gold", "good": GOOD_KEYS[t]}, t, 3, None, 1))
    for t in range(3):
        if g[t] >= 2:
            out += [({"type": "m_two", "give": GOOD_KEYS[t], "get": GOOD_KEYS[u]}, t, 2, u, 0) for u in range(3)]
    if one_to_one:
        for t in range(3):
            if g[t] >= 1:
                out += [({"type": "m_one", "give": GOOD_KEYS[t], "get": GOOD_KEYS[u]}, t, 1, u, 0)
                        for u in range(3) if u != t]
    result = []
    for move, t, n, u, gold_gain in out:
        new = g[:] + [gold + gold_gain]
        new[t] -= n
        if u is not None:
            new[u] += 1
        if new not in frame["seen"]:
            result.append((move, new))
    return result


def legal_merchant(state, frame):
    return [m for m, _ in _merchant_candidates(state, frame)] + [{"type": "m_done"}]


def apply_merchant(state, frame, move):
    seat = frame["seat"]
    if move["type"] == "m_done":
        state["stack"].pop()
        return [{"type": "m_done", "seat": seat}]
    new = next(n for m, n in _merchant_candidates(state, frame) if m == move)
    player = state["players"][seat]
    player["goods"] = new[:3]
    player["gold"] = new[3]
    state["stack"][-1] = {**frame, "seen": frame["seen"] + [new], "ones": frame["ones"] + (move["type"] == "m_one")}
    return [{"seat": seat, **move}]


SILVER = {"s_two": (2, 1), "s_four": (4, 3)}
SILVER_GOLD = {"s_gold1": (1, 2), "s_gold2": (2, 4)}


def legal_silversmith(state, frame):
    player = state["players"][frame["seat"]]
    moves = [{"type": kind, "good": GOOD_KEYS[t]} for kind, (n, _) in SILVER.items()
             for t in range(3) if player["goods"][t] >= n]
    moves += [{"type": kind} for kind, (n, _) in SILVER_GOLD.items() if player["gold"] >= n]
    return moves + [{"type": "s_none"}]


def apply_silversmith(state, frame, move):
    player = state["players"][frame["seat"]]
    kind = move["type"]
    if kind in SILVER:
        n, vp = SILVER[kind]
        player["goods"][GOOD_INDEX[move["good"]]] -= n
        player["vp"] += vp
    elif kind in SILVER_GOLD:
        n, vp = SILVER_GOLD[kind]
        player["gold"] -= n
        player["vp"] += vp
    state["stack"].pop()
    return [{"seat": frame["seat"], **move}]


# -- Fata Morgana -----------------------------------------------------------------
def _fm_moves(state, seat):
    faces = ("up", "down") if state["cfg"].opt["fata_morgana_target"] == "any_unoccupied" else ("up",)
    occupied = {(m[1], m[2]) for m in state["markers"] if not m[3]}
    targets = [[r, c] for (r, c) in SPACES if (r, c) not in occupied
               and state["central"][space_index(r, c)][2] in faces]
    own = sorted([m[1], m[2]] for m in state["markers"] if m[0] == seat and not m[3])
    return [{"type": "fm", "marker": m, "target": t} for m in own for t in targets]


def legal_fata_morgana(state, frame):
    return _fm_moves(state, frame["seat"]) + [{"type": "fm_none"}]


def apply_fata_morgana(state, frame, move):
    seat = frame["seat"]
    state["stack"].pop()
    if move["type"] == "fm_none":
        return [{"type": "fm_none", "seat": seat}]
    (r, c), (tr, tc) = move["marker"], move["target"]
    for m in state["markers"]:
        if m[0] == seat and m[1] == r and m[2] == c and not m[3]:
            m[1], m[2] = tr, tc
            break
    state["markers"].sort()
    i = space_index(tr, tc)
    if state["central"][i][2] == "down":  # A6 "any_unoccupied": turned face up
        _set_chance(state, "reveal", state["central"][i][0], space=i)
    return [{"type": "fm", "seat": seat, "marker": [r, c], "target": [tr, tc]}]


# -- raids and limits -------------------------------------------------------------
def raid_moves(state, seat, corner):
    """Payable raid options of ``seat`` (A3); empty = shortfall."""
    _, amount, vp = RAIDS[corner]
    player = state["players"][seat]
    g = player["goods"]
    if corner == 16:
        moves = [{"type": "raid_gold"}] if player["gold"] >= amount else []
    elif g[0] + g[1] + g[2] >= amount:
        moves = [{"type": "raid_goods", "d": d, "s": s, "p": p} for d, s, p in goods_vectors(amount, g)]
    else:
        moves = []
    if player["vp"] >= vp:
        moves.append({"type": "raid_vp"})
    return moves


def raid_reward(state, seat, paid) -> list[dict]:
    """TA7: +1 VP after paying (P3)."""
    player = state["players"][seat]
    if has(state["cfg"], player, "vp_per_raid") and (paid or state["cfg"].opt["ta7_always"]):
        player["vp"] += 1
        return [{"type": "raid_bonus", "seat": seat, "vp": 1}]
    return []


def pay_raid(state, seat, corner, move) -> list[dict]:
    player = state["players"][seat]
    kind = move["type"]
    if kind == "raid_goods":
        g = player["goods"]
        g[0] -= move["d"]
        g[1] -= move["s"]
        g[2] -= move["p"]
    elif kind == "raid_gold":
        player["gold"] -= RAIDS[corner][1]
    else:
        player["vp"] -= RAIDS[corner][2]
    return [{"seat": seat, "raid": RAIDS[corner][0], **move}] + raid_reward(state, seat, True)


def legal_raid_pay(state, frame):
    return raid_moves(state, frame["seat"], frame["corner"])


def apply_raid_pay(state, frame, move):
    state["stack"].pop()
    return pay_raid(state, frame["seat"], frame["corner"], move)


def legal_limit_discard(state, frame):
    g = state["players"][frame["seat"]]["goods"]
    return [{"type": "discard_goods", "d": d, "s": s, "p": p} for d, s, p in goods_vectors(frame["n"], g)]


def apply_limit_discard(state, frame, move):
    g = state["players"][frame["seat"]]["goods"]
    g[0] -= move["d"]
    g[1] -= move["s"]
    g[2] -= move["p"]
    state["stack"].pop()
    return [{"seat": frame["seat"], **move}]


LEGAL = {
    "PLACE": legal_place, "CHOOSE_ACTION": legal_choose_action, "NOBLE": legal_noble,
    "TRIBE_OUTCOME": legal_tribe_outcome, "PAYMENT": legal_payment, "ROW": legal_row,
    "CHOOSE_GOOD": legal_choose_good, "GOODS_MULTI": legal_goods_multi, "TA9": legal_ta9, "OA9": legal_oa9,
    "MERCHANT": legal_merchant, "SILVERSMITH": legal_silversmith, "FATA_MORGANA": legal_fata_morgana,
    "RAID_PAY": legal_raid_pay, "LIMIT_DISCARD": legal_limit_discard,
}
APPLY = {
    "PLACE": apply_place, "CHOOSE_ACTION": apply_choose_action, "NOBLE": apply_noble,
    "TRIBE_OUTCOME": apply_tribe_outcome, "PAYMENT": apply_payment, "ROW": apply_row,
    "CHOOSE_GOOD": apply_choose_good, "GOODS_MULTI": apply_goods_multi, "TA9": apply_ta9, "OA9": apply_oa9,
    "MERCHANT": apply_merchant, "SILVERSMITH": apply_silversmith, "FATA_MORGANA": apply_fata_morgana,
    "RAID_PAY": apply_raid_pay, "LIMIT_DISCARD": apply_limit_discard,
}
#: fast membership checks equivalent to ``move in LEGAL[dp](...)`` for frequent points
VALID = {"PLACE": valid_place}
#: what each decision point is about, for error messages (the rule it applies)
RULES = {
    "PLACE": "R3 placement", "CHOOSE_ACTION": "§8 action phase: use an unused own source, we8_play or end_actions",
    "NOBLE": "§8.3 Noble: play or discard the hand card", "TRIBE_OUTCOME": "§9.1 play, keep (empty hand) or discard",
    "PAYMENT": "§9.2 payment: an affordable payment vector", "ROW": "§9.3 a display row with a free space",
    "CHOOSE_GOOD": "§4 choose one of the card's goods", "GOODS_MULTI": "§12 goods of choice totalling the ability's count",
    "TA9": "§12 TA9: 3 goods, 1 gold or 1 VP", "OA9": "§12/P11 OA9 relocation",
    "MERCHANT": "§8.3 Merchant exchange (no stock reached twice, §15.1)", "SILVERSMITH": "§8.3 Silversmith: one exchange",
    "FATA_MORGANA": "§8.3/A6 Fata Morgana: own unused marker to an eligible space",
    "RAID_PAY": "§3/A3 raid payment", "LIMIT_DISCARD": "§10 discard down to 10 goods",
}
