"""Legal moves and their effects at every decision point (§8, §9, §15.2): payments (§9.2),
gains, the Once effects of a card when it is played (§12), raids and limits.

A decision frame ``{"dp": <decision point>, "seat": s, ...}`` lies on top of
``state.stack``. :data:`DECISIONS` gives each decision point its moves (a fixed order),
how a listed move applies, and the rule it applies (for error messages).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine import IllegalMove
from engine.i18n import N_, Text

from .board import BORDER, DISPLAY_SIZE, OPPOSITE, OTHER_KIND, PLACEABLE, RAIDS, ROW_SIZE, SPACES, space_index
from .components import GOOD_INDEX, GOODS
from .state import Draw, Figure, Marker, Space
from .view import hand_visible

#: how a tribe card is played (a PAYMENT frame's ``route``): from the hand by the Noble,
#: from the hand by WE8 (one extra good), or as it is acquired
NOBLE_ROUTE, EXTRA_GOOD_ROUTE, DIRECT_ROUTE = "noble", "we8", "direct"


def goods_vectors(total: int, limit=None) -> list[list[int]]:
    """All (d, s, p) with d + s + p = total, each within ``limit`` if given; sorted."""
    out = []
    for d in range(total, -1, -1):
        for s in range(total - d, -1, -1):
            vector = [d, s, total - d - s]
            if limit is None or (vector[0] <= limit[0] and vector[1] <= limit[1] and vector[2] <= limit[2]):
                out.append(vector)
    return out


def _give_goods(player, move) -> None:
    """Take the ``d``, ``s``, ``p`` of a move from the player's stock."""
    goods = player.goods
    goods[0] -= move["d"]
    goods[1] -= move["s"]
    goods[2] -= move["p"]


# -- payment (§9.2) ---------------------------------------------------------------
def _removals(goods, units):
    """Every sub-multiset of ``goods`` (d, s, p) with ``units`` units, as what is left."""
    out = []
    for d in range(min(units, goods[0]) + 1):
        for s in range(min(units - d, goods[1]) + 1):
            p = units - d - s
            if p <= goods[2]:
                out.append((goods[0] - d, goods[1] - s, goods[2] - p))
    return out


def reductions(state, player, card, route) -> int:
    """k of §9.2 step 2: symbol discount (P1) + TE7 on the Noble route (P13 for WE8)."""
    cards = state.cards
    waived = 1 if cards.in_display(player.display, "discount", cards.symbol[card]) else 0
    if (route == NOBLE_ROUTE or (route == EXTRA_GOOD_ROUTE and state.options["te7_applies_to_we8"])) \
            and cards.in_display(player.display, "noble_discount"):
        waived += 1
    return waived


def payments(state, player, card, route) -> list[dict]:
    """Sorted distinct affordable ``pay`` moves for playing ``card`` by ``route``."""
    cards = state.cards
    goods_cost, gold_cost = cards.cost[card]
    bases = [(goods_cost, gold_cost)]
    if cards.alt_gold[card]:
        bases.append(((0, 0, 0), cards.alt_gold[card]))
    waived = reductions(state, player, card, route)
    stock = player.goods
    gold, stored_gold = player.gold, player.stored_gold
    found = set()
    for goods, gold_part in bases:
        units = goods[0] + goods[1] + goods[2]
        removed = min(waived, units)
        if state.options["discount_can_reduce_gold"]:
            gold_part -= min(waived - removed, gold_part)
        vectors = _removals(goods, removed)
        if route == EXTRA_GOOD_ROUTE:
            vectors = [tuple(v[i] + (i == extra) for i in range(3)) for v in vectors for extra in range(3)]
        for d, s, p in vectors:
            if d > stock[0] or s > stock[1] or p > stock[2]:
                continue
            if gold_part <= gold:
                found.add((d, s, p, gold_part, False))
            if stored_gold and gold_part >= 1 and gold_part - 1 <= gold:
                found.add((d, s, p, gold_part - 1, True))
    return [{"type": "pay", "d": d, "s": s, "p": p, "gold": paid_gold, "we9": from_card}
            for d, s, p, paid_gold, from_card in sorted(found, reverse=True)]


def can_play(state, player, card, route) -> bool:
    return player.card_count() < DISPLAY_SIZE and bool(payments(state, player, card, route))


# -- gains ------------------------------------------------------------------------
def gain_goods(state, seat, amounts, from_goods_card=False) -> list[dict]:
    """Add goods; a receipt from a goods card (P4) is recorded and may trigger OA7/CR8/TA8
    at once (P5)."""
    player = state.players[seat]
    goods = player.goods
    goods[0] += amounts[0]
    goods[1] += amounts[1]
    goods[2] += amounts[2]
    events = []
    if from_goods_card and (amounts[0] or amounts[1] or amounts[2]):
        received = player.received
        for i in range(3):
            if amounts[i] and not received[i]:
                received[i] = True
        if state.options["bonus_good_timing"] == "on_receipt":
            events += bonus_goods(state, seat, [i for i in range(3) if amounts[i]])
    return events


def bonus_goods(state, seat, kinds) -> list[dict]:
    """+1 good per bonus_good_if_got card whose good is in ``kinds``, once per card and
    round (OA7, CR8, TA8)."""
    effects = state.cards.effect
    player = state.players[seat]
    events = []
    for row in player.display:
        for card in row:
            effect = effects[card]
            if effect is None or effect[0] != "bonus_good_if_got" or card in player.bonus_given:
                continue
            good = effect[1]
            if good in kinds:
                player.bonus_given.append(card)
                player.goods[good] += 1
                events.append({"type": "bonus_good", "seat": seat, "card": card, "good": GOODS[good]})
    return events


def receive_goods_card(state, seat, card, from_goods_card) -> list[dict]:
    """The contents of a goods card; a ``choose_one`` card asks for the good (CHOOSE_GOOD)."""
    kind, goods, gold, vp = state.cards.goods_card[card]
    if kind == "choose_one":
        state.stack.append({"dp": "CHOOSE_GOOD", "seat": seat, "amounts": list(goods), "q": from_goods_card})
        return []
    player = state.players[seat]
    player.gold += gold
    player.vp += vp
    return gain_goods(state, seat, list(goods), from_goods_card)


# -- a card's effect when it is played (Once, P15; two Perm cards set something up) ---
def _goods_of_choice(state, seat, card, count):
    if count <= 0:
        return [{"type": "ability", "seat": seat, "card": card, "goods": 0}]
    state.stack.append({"dp": "GOODS_MULTI", "seat": seat, "n": count, "card": card})
    return []


def goods_per_two_display_cards(state, seat, card):
    """WE7 (A10: counting itself or not)."""
    count = state.players[seat].card_count()
    if not state.options["we7_counts_itself"]:
        count -= 1
    return _goods_of_choice(state, seat, card, count // 2)


def goods_per_two_free_spaces(state, seat, card):
    """CR9 (P9: counting after it is placed or before)."""
    count = state.players[seat].card_count()
    if not state.options["cr9_counts_after_placing"]:
        count -= 1
    return _goods_of_choice(state, seat, card, (DISPLAY_SIZE - count) // 2)


def three_goods_or_gold_or_vp(state, seat, card):
    """TA9: the choice comes next (decision TA9)."""
    state.stack.append({"dp": "TA9", "seat": seat, "card": card})
    return []


def move_display_cards(state, seat, card):
    """OA9: the rearrangement comes next (decision OA9, P11)."""
    if state.options["oa9_mode"] == "swap":
        state.stack.append({"dp": "OA9", "seat": seat, "card": card})
    else:
        state.stack.append({"dp": "OA9", "seat": seat, "card": card, "taken": [], "put": False})
    return []


def limit_opponent_next_round(state, seat, card):
    """TE9: the opponent has 2 Targi next round (P10)."""
    state.players[1 - seat].limited_round = state.round + 1
    return [{"type": "ability", "seat": seat, "card": card, "opponent_limited_round": state.round + 1}]


def store_gold(state, seat, card):
    """WE9: 1 gold on the card (P8: or into the stock)."""
    player = state.players[seat]
    if state.options["we9_gold_in_stock"]:
        player.gold += 1
    else:
        player.stored_gold += 1
    return [{"type": "ability", "seat": seat, "card": card, "gold": 1}]


def protect_at_next_raid(state, seat, card):
    """OA6: protected at the next raid (what oa6_scope "next_raid" asks, P2)."""
    state.players[seat].immune_next_raid = True
    return []


#: effect key -> what happens when its card is placed: (state, seat, card) -> events
ON_PLAY = {
    "raid_immunity": protect_at_next_raid,
    "move_2_display_cards": move_display_cards,
    "goods_per_2_free_slots": goods_per_two_free_spaces,
    "goods_per_2_display_cards": goods_per_two_display_cards,
    "choose_3_goods_or_1_gold_or_1_vp": three_goods_or_gold_or_vp,
    "stored_gold_for_gold_costs": store_gold,
    "opponent_2_targi_next_round": limit_opponent_next_round,
}


def _push_play(state, seat, card, route):
    """pay -> row -> Once effect -> 12th-card check (§9.4)."""
    stack = state.stack
    stack.append({"t": "after_play", "seat": seat})
    stack.append({"dp": "ROW", "seat": seat, "card": card})
    stack.append({"dp": "PAYMENT", "seat": seat, "card": card, "route": route})


# -- PLACE ------------------------------------------------------------------------
def next_placer(state, quota):
    """Alternating from the start player; a player with no Targi left is skipped (P10).
    None once all Targi are placed."""
    counts = [0, 0]
    for figure in state.targi:
        counts[figure.seat] += 1
    start = state.start_player
    other = 1 - start
    start_left, other_left = counts[start] < quota[start], counts[other] < quota[other]
    if start_left and other_left:
        return start if counts[start] == counts[other] else other
    if start_left or other_left:
        return start if start_left else other
    return None


def placement_blocks(state, seat) -> dict[int, str]:
    """Border cards ``seat`` may not take now, with the rule (R3, A5, A11, P7) as a msgid."""
    options = state.options
    blocks = {}
    robber = state.robber
    if not options["allow_opposite_robber"] and robber in OPPOSITE:
        blocks[OPPOSITE[robber]] = N_("A11: not opposite the robber (allow_opposite_robber = false)")
    if robber in OPPOSITE and not state.cards.in_display(state.players[seat].display, "may_place_on_robber"):
        blocks[robber] = N_("R3: the robber's card is blocked this round")
    own_allowed = options["allow_opposite_own_targi"]
    for owner, card, _ in state.targi:
        if owner != seat:
            blocks[OPPOSITE[card]] = N_("R3: not opposite an opponent's Targi")
        elif not own_allowed:
            blocks.setdefault(OPPOSITE[card], N_("A5: not opposite an own Targi (allow_opposite_own_targi = false)"))
    for figure in state.targi:
        blocks[figure.card] = N_("R3: that card already holds a Targi")
    return blocks


def placement_problem(state, seat, card):
    """Why ``card`` is not a legal placement for ``seat`` now, a msgid (None if legal)."""
    if card not in BORDER:
        return N_("R3: Targi go only on the 12 non-corner border cards")
    return placement_blocks(state, seat).get(card)


def legal_place(state, frame):
    blocks = placement_blocks(state, frame["seat"])
    return [{"type": "place", "card": n} for n in PLACEABLE if n not in blocks]


def accepts_place(state, frame, move):
    """Fast check of a placement (the same rule as :func:`legal_place`)."""
    card = move.get("type") == "place" and len(move) == 2 and move.get("card")
    return type(card) is int and placement_problem(state, frame["seat"], card) is None


def apply_place(state, frame, move):
    seat = frame["seat"]
    state.targi.append(Figure(seat, move["card"], False))
    events = [{"type": "placed", "seat": seat, "card": move["card"]}]
    quota = frame["quota"]
    following = next_placer(state, quota)
    while following is not None and not legal_place(state, {"seat": following}):
        # only possible with A5/A11 set to false: the remaining Targi stay out (O6)
        quota = quota[:]
        quota[following] = sum(1 for figure in state.targi if figure.seat == following)
        events.append({"type": "no_placement", "seat": following})
        following = next_placer(state, quota)
    if following is None:
        state.targi.sort(key=lambda figure: figure.card)
        state.stack.pop()
    else:
        state.stack[-1] = {**frame, "seat": following, "quota": quota}
    return events


# -- CHOOSE_ACTION ----------------------------------------------------------------
def _border_useful(state, seat, card) -> bool:
    action = BORDER[card][0]
    player = state.players[seat]
    goods = player.goods
    if action == "take_good":
        return True
    if action == "noble":
        return player.hand is not None
    if action == "merchant":
        return max(goods) >= 2 or (max(goods) >= 1 and state.cards.in_display(player.display, "merchant_1_to_1"))
    if action == "silversmith":
        return max(goods) >= 2 or player.gold >= 1
    if action == "fata_morgana":
        return bool(fata_morgana_moves(state, seat))
    return state.can_draw("goods" if action == "caravan" else "tribe")


def _border_limited(state, seat) -> bool:
    """TE9 in "use_two" mode: only 2 border actions this round (P10)."""
    player = state.players[seat]
    return (state.options["te9_mode"] == "use_two" and player.limited_round == state.round
            and player.border_actions >= 2)


def can_play_hand_card_for_extra_good(state, seat) -> bool:
    """WE8 (A9: once per round or unlimited)."""
    player = state.players[seat]
    return (player.hand is not None and state.cards.in_display(player.display, "play_hand_card_for_extra_good")
            and (state.options["we8_timing"] == "unlimited" or player.hand_card_plays == 0)
            and can_play(state, player, player.hand, EXTRA_GOOD_ROUTE))


def legal_choose_action(state, frame):
    seat = frame["seat"]
    moves = []
    if not _border_limited(state, seat):
        for owner, card, used in state.targi:  # sorted by card once all are placed
            if owner == seat and not used and _border_useful(state, seat, card):
                moves.append({"type": "use", "card": card})
    central = state.central
    for owner, r, c, used in state.markers:  # kept sorted
        if owner == seat and not used and central[space_index(r, c)].status == "up":
            moves.append({"type": "use", "space": [r, c]})
    if can_play_hand_card_for_extra_good(state, seat):
        moves.append({"type": "we8_play"})
    moves.append({"type": "end_actions"})
    return moves


def _use_border(state, seat, card):
    for i, figure in enumerate(state.targi):
        if figure.card == card:
            state.targi[i] = Figure(figure.seat, card, True)
    player = state.players[seat]
    player.border_actions += 1
    action, good = BORDER[card]
    events = [{"type": "use", "seat": seat, "card": card, "action": action}]
    stack = state.stack
    if action == "take_good":
        amounts = [0, 0, 0]
        amounts[good] = 1
        from_goods_card = state.options["bonus_good_sources"] == "central_and_border"
        events += gain_goods(state, seat, amounts, from_goods_card)
    elif action == "noble":
        stack.append({"dp": "NOBLE", "seat": seat})
    elif action == "merchant":
        stack.append({"dp": "MERCHANT", "seat": seat, "seen": [player.goods + [player.gold]], "ones": 0})
    elif action == "silversmith":
        stack.append({"dp": "SILVERSMITH", "seat": seat})
    elif action == "fata_morgana":
        stack.append({"dp": "FATA_MORGANA", "seat": seat})
    else:
        kind = "goods" if action == "caravan" else "tribe"
        state.take_from_deck(kind, events)
        state.chance = Draw(action, kind, seat)
    return events


def _use_space(state, seat, space):
    r, c = space
    for i, marker in enumerate(state.markers):
        if marker.seat == seat and marker.row == r and marker.col == c:
            state.markers[i] = Marker(seat, r, c, True)
    i = space_index(r, c)
    kind, card, _ = state.central[i]
    other = OTHER_KIND[kind]
    events = [{"type": "use", "seat": seat, "space": [r, c], "card": card}]
    laid = state.take_from_deck(other, events)
    state.central[i] = Space(other, None, "down" if laid else "empty")
    if kind == "goods":
        state.discards["goods"].append(card)
        events += receive_goods_card(state, seat, card, True)
    else:
        state.stack.append({"dp": "TRIBE_OUTCOME", "seat": seat, "card": card, "secret": False})
    return events


def apply_choose_action(state, frame, move):
    seat = frame["seat"]
    kind = move["type"]
    if kind == "end_actions":
        state.stack.pop()
        return [{"type": "end_actions", "seat": seat}]
    if kind == "we8_play":
        player = state.players[seat]
        card, player.hand = player.hand, None
        player.hand_card_plays += 1
        _push_play(state, seat, card, EXTRA_GOOD_ROUTE)
        return [{"type": "play", "seat": seat, "card": card, "via": "we8"}]
    if "card" in move:
        return _use_border(state, seat, move["card"])
    return _use_space(state, seat, move["space"])


# -- tribe cards: play, keep or discard; pay; row ----------------------------------
def legal_noble(state, frame):
    player = state.players[frame["seat"]]
    moves = [{"type": "play"}] if can_play(state, player, player.hand, NOBLE_ROUTE) else []
    return moves + [{"type": "discard"}]


def apply_noble(state, frame, move):
    seat = frame["seat"]
    player = state.players[seat]
    card, player.hand = player.hand, None
    state.stack.pop()
    if move["type"] == "play":
        _push_play(state, seat, card, NOBLE_ROUTE)
        return [{"type": "play", "seat": seat, "card": card, "via": "noble"}]
    state.discards["tribe"].append(card)
    return [{"type": "discard", "seat": seat, "card": card}]


def legal_tribe_outcome(state, frame):
    player = state.players[frame["seat"]]
    moves = [{"type": "play"}] if can_play(state, player, frame["card"], DIRECT_ROUTE) else []
    if player.hand is None:
        moves.append({"type": "keep"})
    return moves + [{"type": "discard"}]


def apply_tribe_outcome(state, frame, move):
    seat, card = frame["seat"], frame["card"]
    state.stack.pop()
    if move["type"] == "play":
        _push_play(state, seat, card, DIRECT_ROUTE)
        return [{"type": "play", "seat": seat, "card": card}]
    if move["type"] == "discard":
        state.discards["tribe"].append(card)
        return [{"type": "discard", "seat": seat, "card": card}]
    player = state.players[seat]
    player.hand = card
    player.hand_known = not frame["secret"]
    if hand_visible(state, seat, None):
        return [{"type": "keep", "seat": seat, "card": card}]
    return [{"type": "keep", "seat": seat, "_private": {str(seat): {"card": card}}}]


def legal_payment(state, frame):
    return payments(state, state.players[frame["seat"]], frame["card"], frame["route"])


def apply_payment(state, frame, move):
    player = state.players[frame["seat"]]
    _give_goods(player, move)
    player.gold -= move["gold"]
    if move["we9"]:
        player.stored_gold -= 1
    state.stack.pop()
    return [{"type": "paid", "seat": frame["seat"], "card": frame["card"],
             **{k: move[k] for k in ("d", "s", "p", "gold", "we9")}}]


def legal_row(state, frame):
    display = state.players[frame["seat"]].display
    return [{"type": "row", "row": i + 1} for i in range(3) if len(display[i]) < ROW_SIZE]


def apply_row(state, frame, move):
    seat, card = frame["seat"], frame["card"]
    state.players[seat].display[move["row"] - 1].append(card)
    state.stack.pop()
    events = [{"type": "placed_card", "seat": seat, "card": card, "row": move["row"]}]
    effect = state.cards.effect[card]
    if effect is not None:
        on_play = ON_PLAY.get(effect[0])
        if on_play is not None:
            events += on_play(state, seat, card)
    return events


# -- goods choices ----------------------------------------------------------------
def legal_choose_good(state, frame):
    return [{"type": "good", "good": GOODS[i]} for i in range(3) if frame["amounts"][i]]


def apply_choose_good(state, frame, move):
    good = GOOD_INDEX[move["good"]]
    amounts = [0, 0, 0]
    amounts[good] = frame["amounts"][good]
    state.stack.pop()
    return [{"type": "gain", "seat": frame["seat"], "good": move["good"], "n": amounts[good]}] + \
        gain_goods(state, frame["seat"], amounts, frame["q"])


def legal_goods_multi(state, frame):
    return [{"type": "goods", "d": d, "s": s, "p": p} for d, s, p in goods_vectors(frame["n"])]


def apply_goods_multi(state, frame, move):
    state.stack.pop()
    amounts = [move["d"], move["s"], move["p"]]
    gain_goods(state, frame["seat"], amounts)
    return [{"type": "gain", "seat": frame["seat"], "card": frame["card"], "d": amounts[0], "s": amounts[1],
             "p": amounts[2]}]


def legal_reward_choice(state, frame):
    return [{"type": "ta9_goods"}, {"type": "ta9_gold"}, {"type": "ta9_vp"}]


def apply_reward_choice(state, frame, move):
    seat = frame["seat"]
    state.stack.pop()
    if move["type"] == "ta9_goods":
        state.stack.append({"dp": "GOODS_MULTI", "seat": seat, "n": 3, "card": frame["card"]})
    elif move["type"] == "ta9_gold":
        state.players[seat].gold += 1
    else:
        state.players[seat].vp += 1
    return [{"type": move["type"], "seat": seat}]


# -- OA9: moving display cards ----------------------------------------------------
def legal_rearrangement(state, frame):
    display = state.players[frame["seat"]].display
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


def apply_rearrangement(state, frame, move):
    seat = frame["seat"]
    display = state.players[seat].display
    kind = move["type"]
    stack = state.stack
    if kind in ("oa9_done", "oa9_none"):
        stack.pop()
    elif kind == "oa9_swap":
        row_a, index_a = _locate(display, move["a"])
        row_b, index_b = _locate(display, move["b"])
        display[row_a][index_a], display[row_b][index_b] = move["b"], move["a"]
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
def _exchanges(state, frame):
    """(move, stock + [gold] after it) for each exchange that reaches a new stock."""
    player = state.players[frame["seat"]]
    goods = player.goods
    gold = player.gold
    one_to_one = state.cards.in_display(player.display, "merchant_1_to_1") and (
        state.options["te8_repeatable"] or frame["ones"] == 0)
    out = []
    for give in range(3):
        if goods[give] >= 3:
            out.append(({"type": "m_gold", "good": GOODS[give]}, give, 3, None, 1))
    for give in range(3):
        if goods[give] >= 2:
            out += [({"type": "m_two", "give": GOODS[give], "get": GOODS[get]}, give, 2, get, 0)
                    for get in range(3)]
    if one_to_one:
        for give in range(3):
            if goods[give] >= 1:
                out += [({"type": "m_one", "give": GOODS[give], "get": GOODS[get]}, give, 1, get, 0)
                        for get in range(3) if get != give]
    result = []
    for move, give, count, get, gold_gain in out:
        after = goods[:] + [gold + gold_gain]
        after[give] -= count
        if get is not None:
            after[get] += 1
        if after not in frame["seen"]:
            result.append((move, after))
    return result


def legal_merchant(state, frame):
    return [move for move, _ in _exchanges(state, frame)] + [{"type": "m_done"}]


def apply_merchant(state, frame, move):
    seat = frame["seat"]
    if move["type"] == "m_done":
        state.stack.pop()
        return [{"type": "m_done", "seat": seat}]
    after = next(stock for exchange, stock in _exchanges(state, frame) if exchange == move)
    player = state.players[seat]
    player.goods = after[:3]
    player.gold = after[3]
    state.stack[-1] = {**frame, "seen": frame["seen"] + [after], "ones": frame["ones"] + (move["type"] == "m_one")}
    return [{"seat": seat, **move}]


#: Silversmith exchanges: move type -> (goods of one kind, VP) and (gold, VP)
SILVER_FOR_GOODS = {"s_two": (2, 1), "s_four": (4, 3)}
SILVER_FOR_GOLD = {"s_gold1": (1, 2), "s_gold2": (2, 4)}


def legal_silversmith(state, frame):
    player = state.players[frame["seat"]]
    moves = [{"type": kind, "good": GOODS[good]} for kind, (count, _) in SILVER_FOR_GOODS.items()
             for good in range(3) if player.goods[good] >= count]
    moves += [{"type": kind} for kind, (count, _) in SILVER_FOR_GOLD.items() if player.gold >= count]
    return moves + [{"type": "s_none"}]


def apply_silversmith(state, frame, move):
    player = state.players[frame["seat"]]
    kind = move["type"]
    if kind in SILVER_FOR_GOODS:
        count, vp = SILVER_FOR_GOODS[kind]
        player.goods[GOOD_INDEX[move["good"]]] -= count
        player.vp += vp
    elif kind in SILVER_FOR_GOLD:
        count, vp = SILVER_FOR_GOLD[kind]
        player.gold -= count
        player.vp += vp
    state.stack.pop()
    return [{"seat": frame["seat"], **move}]


# -- Fata Morgana -----------------------------------------------------------------
def fata_morgana_moves(state, seat):
    faces = ("up", "down") if state.options["fata_morgana_target"] == "any_unoccupied" else ("up",)
    occupied = {(marker.row, marker.col) for marker in state.markers if not marker.used}
    targets = [[r, c] for (r, c) in SPACES if (r, c) not in occupied
               and state.central[space_index(r, c)].status in faces]
    own = sorted([marker.row, marker.col] for marker in state.markers if marker.seat == seat and not marker.used)
    return [{"type": "fm", "marker": marker, "target": target} for marker in own for target in targets]


def legal_fata_morgana(state, frame):
    return fata_morgana_moves(state, frame["seat"]) + [{"type": "fm_none"}]


def apply_fata_morgana(state, frame, move):
    seat = frame["seat"]
    state.stack.pop()
    if move["type"] == "fm_none":
        return [{"type": "fm_none", "seat": seat}]
    (r, c), (to_r, to_c) = move["marker"], move["target"]
    for i, marker in enumerate(state.markers):
        if marker.seat == seat and marker.row == r and marker.col == c and not marker.used:
            state.markers[i] = Marker(seat, to_r, to_c, False)
            break
    state.markers.sort()
    i = space_index(to_r, to_c)
    if state.central[i].status == "down":  # A6 "any_unoccupied": turned face up
        state.chance = Draw("reveal", state.central[i].kind, space=i)
    return [{"type": "fm", "seat": seat, "marker": [r, c], "target": [to_r, to_c]}]


# -- raids and limits -------------------------------------------------------------
def raid_moves(state, seat, corner):
    """Payable raid options of ``seat`` (A3); empty = shortfall."""
    _, amount, vp = RAIDS[corner]
    player = state.players[seat]
    goods = player.goods
    if corner == 16:
        moves = [{"type": "raid_gold"}] if player.gold >= amount else []
    elif goods[0] + goods[1] + goods[2] >= amount:
        moves = [{"type": "raid_goods", "d": d, "s": s, "p": p} for d, s, p in goods_vectors(amount, goods)]
    else:
        moves = []
    if player.vp >= vp:
        moves.append({"type": "raid_vp"})
    return moves


def raid_reward(state, seat, paid) -> list[dict]:
    """TA7: +1 VP after paying (P3)."""
    player = state.players[seat]
    if state.cards.in_display(player.display, "vp_per_raid") and (paid or state.options["ta7_always"]):
        player.vp += 1
        return [{"type": "raid_bonus", "seat": seat, "vp": 1}]
    return []


def pay_raid(state, seat, corner, move) -> list[dict]:
    player = state.players[seat]
    kind = move["type"]
    if kind == "raid_goods":
        _give_goods(player, move)
    elif kind == "raid_gold":
        player.gold -= RAIDS[corner][1]
    else:
        player.vp -= RAIDS[corner][2]
    return [{"seat": seat, "raid": RAIDS[corner][0], **move}] + raid_reward(state, seat, True)


def legal_raid_pay(state, frame):
    return raid_moves(state, frame["seat"], frame["corner"])


def apply_raid_pay(state, frame, move):
    state.stack.pop()
    return pay_raid(state, frame["seat"], frame["corner"], move)


def legal_limit_discard(state, frame):
    goods = state.players[frame["seat"]].goods
    return [{"type": "discard_goods", "d": d, "s": s, "p": p} for d, s, p in goods_vectors(frame["n"], goods)]


def apply_limit_discard(state, frame, move):
    _give_goods(state.players[frame["seat"]], move)
    state.stack.pop()
    return [{"seat": frame["seat"], **move}]


# -- dispatch ---------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    legal: Callable                  # (state, frame) -> the moves, in a fixed order
    apply: Callable                  # (state, frame, listed move) -> events
    rule: str                        # what the decision is about, for error messages (a msgid)
    accepts: Callable | None = None  # (state, frame, move) -> bool: a fast "move is listed"


DECISIONS = {
    "PLACE": Decision(legal_place, apply_place, N_("R3 placement"), accepts_place),
    "CHOOSE_ACTION": Decision(legal_choose_action, apply_choose_action,
                              N_("§8 action phase: use an unused own source, we8_play or end_actions")),
    "NOBLE": Decision(legal_noble, apply_noble, N_("§8.3 Noble: play or discard the hand card")),
    "TRIBE_OUTCOME": Decision(legal_tribe_outcome, apply_tribe_outcome, N_("§9.1 play, keep (empty hand) or discard")),
    "PAYMENT": Decision(legal_payment, apply_payment, N_("§9.2 payment: an affordable payment vector")),
    "ROW": Decision(legal_row, apply_row, N_("§9.3 a display row with a free space")),
    "CHOOSE_GOOD": Decision(legal_choose_good, apply_choose_good, N_("§4 choose one of the card's goods")),
    "GOODS_MULTI": Decision(legal_goods_multi, apply_goods_multi,
                            N_("§12 goods of choice totalling the ability's count")),
    "TA9": Decision(legal_reward_choice, apply_reward_choice, N_("§12 TA9: 3 goods, 1 gold or 1 VP")),
    "OA9": Decision(legal_rearrangement, apply_rearrangement, N_("§12/P11 OA9 relocation")),
    "MERCHANT": Decision(legal_merchant, apply_merchant,
                         N_("§8.3 Merchant exchange (no stock reached twice, §15.1)")),
    "SILVERSMITH": Decision(legal_silversmith, apply_silversmith, N_("§8.3 Silversmith: one exchange")),
    "FATA_MORGANA": Decision(legal_fata_morgana, apply_fata_morgana,
                             N_("§8.3/A6 Fata Morgana: own unused marker to an eligible space")),
    "RAID_PAY": Decision(legal_raid_pay, apply_raid_pay, N_("§3/A3 raid payment")),
    "LIMIT_DISCARD": Decision(legal_limit_discard, apply_limit_discard, N_("§10 discard down to 10 goods")),
}


def legal_moves(state, seat) -> list[dict]:
    frame = state.decision()
    if frame is None or frame["seat"] != seat:
        return []
    return DECISIONS[frame["dp"]].legal(state, frame)


def perform(state, seat, move) -> list[dict]:
    """Apply an admitted move of the seat to move if it is listed; else raise IllegalMove
    naming the rule (from the mover's own view only)."""
    frame = state.decision()
    decision = DECISIONS[frame["dp"]]
    if not _listed(state, frame, decision, move):
        raise IllegalMove(_explain(state, frame, decision, move))
    return decision.apply(state, frame, move)


def _same(a, b) -> bool:
    """Equal with equal JSON types (``True`` is not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def _listed(state, frame, decision, move) -> bool:
    """Whether ``move`` is one of the listed legal moves, with equal JSON types."""
    if decision.accepts is not None:
        return decision.accepts(state, frame, move)
    listed = decision.legal(state, frame)
    try:
        match = listed[listed.index(move)]
    except ValueError:
        return False
    return all(_same(move[k], v) for k, v in match.items())


def _explain(state, frame, decision, move) -> Text:
    point, kind = frame["dp"], move["type"]
    if point == "PLACE" and kind == "place" and type(move.get("card")) is int:
        problem = placement_problem(state, frame["seat"], move["card"])
        if problem:
            return Text(problem)
    expected = sorted({m["type"] for m in decision.legal(state, frame)})
    if kind not in expected:
        return Text(N_("{point}: {kind} is not possible now, expected one of {expected} ({rule})"),
                    point=point, kind=repr(str(kind)[:40]), expected=expected, rule=Text(decision.rule))
    return Text(N_("{point}: not a legal {kind} move ({rule})"), point=point, kind=kind, rule=Text(decision.rule))
