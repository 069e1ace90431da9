"""One test per tribe-card ability (§5, §12), and the Once-effect vectors T13."""

import pytest

from engine.games.targi.payment import DIRECT, payments

from .helpers import DEAL, R, do, finish_round, game, moves, pending, place, set_player, stock


def central_play(card, options=None, row=1, **player):
    """Seat 0 (start player, round 1) plays ``card`` from central (1,2) into ``row``."""
    deal = DEAL[:1] + [card] + DEAL[2:]
    state = game(options, central=deal, first=0)
    place(state, [15, 2, 14], [3, 11, 13])  # seat 0 markers (1,2), (2,2)
    set_player(state, 0, **{"d": 9, "s": 9, "p": 9, "gold": 3, **player})
    do(state, 0, {"type": "use", "space": [1, 2]}, {"type": "play"})
    do(state, 0, moves(state, 0)[0], {"type": "row", "row": row})
    return state


def end_score(display, other=((), (), ())):
    state = game()
    set_player(state, 0, display=display)
    set_player(state, 1, display=[list(r) for r in other])
    return R.score(state)["scores"][0]["breakdown"]["abilities"]


# -- End --------------------------------------------------------------------------
@pytest.mark.parametrize("card,symbol_cards", [
    ("OA4", ["WE1", "WE2", "WE3"]), ("CR4", ["TE1", "TE2", "TE3"]), ("WE4", ["TA1", "TA2", "TA3"]),
    ("TE4", ["OA1", "OA2", "OA3"]), ("TA4", ["CR1", "CR2", "CR3"])])
def test_vp_per_2_symbol(card, symbol_cards):
    assert end_score([[card], symbol_cards[:1], []]) == 0
    assert end_score([[card], symbol_cards, []]) == 1
    assert end_score([[card], symbol_cards[:2], []]) == 1


def test_CR5_more_cards_than_opponent():
    assert end_score([["CR5", "OA1"], [], []], [["WE1"], [], []]) == 1
    assert end_score([["CR5"], [], []], [["WE1"], [], []]) == 0


def test_CR6_rightmost_of_a_full_row():
    assert end_score([["OA1", "OA2", "OA3", "CR6"], [], []]) == 2
    assert end_score([["CR6", "OA2", "OA3", "OA1"], [], []]) == 0
    assert end_score([["OA1", "OA2", "CR6"], [], []]) == 0


def test_TE5_display_at_least_10():
    ten = [["TE5", "OA1", "OA2", "OA3"], ["CR1", "CR2", "CR3", "WE1"], ["WE2", "WE3"]]
    assert end_score(ten) == 1
    assert end_score([ten[0], ten[1], ten[2][:1]]) == 0


def test_TA5_two_different_rows_score_4():
    from engine.games.targi.scoring import row_bonuses
    state = game()
    set_player(state, 0, display=[["OA1", "CR1", "WE1", "TE1"], ["OA2", "CR2", "WE2", "TA5"], []])
    assert row_bonuses(state["cfg"], state["players"][0]) == 8


# -- Perm -------------------------------------------------------------------------
@pytest.mark.parametrize("discount,card", [("OA5", "OA2"), ("CR7", "CR1"), ("WE5", "WE1"), ("TE6", "TE2"),
                                           ("TA6", "TA1")])
def test_discount_symbol(discount, card):
    state = game()
    set_player(state, 0, d=9, s=9, p=9, gold=3, display=[[discount], [], []])
    units = {m["d"] + m["s"] + m["p"] for m in payments(state["cfg"], state["players"][0], card, DIRECT)}
    assert units == {sum(state["cfg"].cost[card][0]) - 1}


def test_P1_discount_is_not_retroactive_to_itself():
    state = central_play("OA5", s=2, p=1)
    assert stock(state, 0)[:3] == (9, 0, 0)


def test_OA6_raid_immunity():
    state = game(first=1)
    place(state, [14, 7, 2], [3, 15, 11])
    state["robber"], state["round"] = 3, 3
    set_player(state, 1, d=0, s=1, p=0, vp=4, display=[["OA6"], [], []])
    finish_round(state)
    assert stock(state, 1)[1] == 1 and stock(state, 1)[4] == 4


@pytest.mark.parametrize("card,good", [("OA7", 1), ("CR8", 2), ("TA8", 0)])
def test_bonus_good_if_got(card, good):
    state = game(first=0, central=["GC09", "OA1", "GC10", "CR1", "GC10", "WE1", "GC11", "TE1", "GC05"])
    place(state, [15, 11, 9], [2, 6, 7])  # seat 0 markers (1,1) GC09 (D+S), (1,3) GC10
    set_player(state, 0, d=0, s=0, p=0, display=[[card], [], []])
    do(state, 0, {"type": "use", "space": [1, 3]}, {"type": "good", "good": "DSP"[good]})
    expected = [0, 0, 0]
    expected[good] = 2
    assert list(stock(state, 0)[:3]) == expected
    do(state, 0, {"type": "use", "space": [1, 1]})  # once per round: no second bonus
    assert list(stock(state, 0)[:3]) == [expected[0] + 1, expected[1] + 1, expected[2]]


def test_OA8_good_if_no_goods_card():
    state = game(first=0)
    place(state, [14, 7, 2], [3, 15, 11])
    set_player(state, 0, d=0, s=0, p=0, display=[["OA8"], [], []])
    do(state, 0, {"type": "use", "card": 2}, {"type": "end_actions"})
    assert pending(state) == "CHOOSE_GOOD" and R.to_move(state) == [0]
    do(state, 0, {"type": "good", "good": "P"})
    assert stock(state, 0)[:3] == (1, 0, 1) and R.to_move(state) == [1]


def test_OA8_no_good_after_a_central_goods_card():
    state = game(first=0)
    place(state, [14, 7, 2], [3, 15, 11])  # seat 0 markers (2,2) GC10, (3,2)
    set_player(state, 0, display=[["OA8"], [], []])
    do(state, 0, {"type": "use", "space": [2, 2]}, {"type": "good", "good": "D"}, {"type": "end_actions"})
    assert R.to_move(state) == [1]


def test_WE6_may_place_on_robber():
    state = game(first=0)
    set_player(state, 0, display=[["WE6"], [], []])
    assert {"type": "place", "card": 1} in moves(state, 0)
    assert {"type": "place", "card": 1} not in moves(game(first=0), 0)


def test_WE8_play_hand_card_for_extra_good():
    state = game(first=0)
    place(state, [14, 7, 2], [3, 15, 11])
    set_player(state, 0, d=1, s=0, p=1, gold=1, hand="OA1", display=[["WE8"], [], []])
    assert {"type": "we8_play"} in moves(state, 0)
    do(state, 0, {"type": "we8_play"})
    assert moves(state, 0) == [{"type": "pay", "d": 1, "s": 0, "p": 1, "gold": 1, "we9": False}]
    do(state, 0, moves(state, 0)[0], {"type": "row", "row": 1})
    assert state["players"][0]["display"][0] == ["WE8", "OA1"]


def test_A9_WE8_once_per_round():
    state = game(first=0)
    place(state, [14, 7, 2], [3, 15, 11])
    set_player(state, 0, hand="OA1", display=[["WE8"], [], []])
    state["players"][0]["we8"] = 1
    assert {"type": "we8_play"} not in moves(state, 0)


def test_WE9_stored_gold():
    state = central_play("WE9")
    assert state["players"][0]["we9"] == 1 and stock(state, 0)[3] == 2
    assert R.view(state, 1)["players"][0]["we9_gold"] == 1


def test_P8_WE9_gold_in_stock_option():
    state = central_play("WE9", {"we9_gold_in_stock": True})
    assert state["players"][0]["we9"] == 0 and stock(state, 0)[3] == 3


def test_TE7_noble_discount():
    from engine.games.targi.payment import NOBLE
    state = game()
    set_player(state, 0, d=9, s=9, p=9, gold=3, display=[["TE7"], [], []])
    noble = {m["d"] + m["s"] + m["p"] for m in payments(state["cfg"], state["players"][0], "OA2", NOBLE)}
    direct = {m["d"] + m["s"] + m["p"] for m in payments(state["cfg"], state["players"][0], "OA2", DIRECT)}
    assert (noble, direct) == ({1}, {2})


def test_TE8_merchant_one_to_one():
    state = game(first=0)
    place(state, [5, 10, 13], [3, 11, 6])
    set_player(state, 0, d=1, s=0, p=0, display=[["TE8"], [], []])
    do(state, 0, {"type": "use", "card": 5})
    assert {"type": "m_one", "give": "D", "get": "P"} in moves(state, 0)


def test_TE9_opponent_two_targi_next_round():
    state = central_play("TE9")
    assert state["players"][1]["te9"] == 2
    finish_round(state)
    assert state["stack"][-1]["quota"] == [3, 2]


def test_TA7_vp_per_raid():
    state = game(first=1)
    place(state, [14, 7, 2], [3, 15, 11])
    state["robber"], state["round"] = 3, 3
    set_player(state, 1, d=1, s=0, p=0, vp=0, display=[["TA7"], [], []])
    finish_round(state)
    assert stock(state, 1)[0] == 0 and stock(state, 1)[4] == 1


# -- Once -------------------------------------------------------------------------
@pytest.mark.parametrize("option,before,goods", [(True, 3, 2), (False, 3, 1)])
def test_T13_WE7_goods_per_2_display_cards(option, before, goods):
    state = central_play("WE7", {"we7_counts_itself": option}, display=[["OA1", "OA2", "OA3"], [], []])
    assert pending(state) == "GOODS_MULTI" and state["stack"][-1]["n"] == goods
    assert len(moves(state, 0)) == (goods + 1) * (goods + 2) // 2


@pytest.mark.parametrize("option,before,goods", [(True, 4, 3), (False, 4, 4), (True, 11, 0)])
def test_T13_CR9_goods_per_2_free_slots(option, before, goods):
    ids = ["OA1", "OA2", "OA3", "OA4", "WE1", "WE2", "WE3", "WE4", "TE1", "TE2", "TE3"][:before]
    display = [ids[0:4], ids[4:8], ids[8:]]
    state = central_play("CR9", {"cr9_counts_after_placing": option}, row=3, display=display)
    if goods:
        assert pending(state) == "GOODS_MULTI" and state["stack"][-1]["n"] == goods
        do(state, 0, {"type": "goods", "d": goods, "s": 0, "p": 0})
    assert pending(state) != "GOODS_MULTI"


def test_TA9_choices():
    state = central_play("TA9")
    assert moves(state, 0) == [{"type": "ta9_goods"}, {"type": "ta9_gold"}, {"type": "ta9_vp"}]
    before = stock(state, 0)
    do(state, 0, {"type": "ta9_goods"}, {"type": "goods", "d": 1, "s": 0, "p": 2})
    after = stock(state, 0)
    assert (after[0] - before[0], after[2] - before[2]) == (1, 2)


def test_OA9_remove_and_reinsert():
    state = central_play("OA9", display=[["OA1", "CR1"], ["WE1"], []])
    listed = moves(state, 0)
    assert {"type": "oa9_done"} in listed and {"type": "oa9_take", "card": "OA9"} in listed
    do(state, 0, {"type": "oa9_take", "card": "OA1"}, {"type": "oa9_take", "card": "WE1"})
    assert state["players"][0]["display"] == [["CR1", "OA9"], [], []]
    assert {"type": "oa9_done"} not in moves(state, 0)
    do(state, 0, {"type": "oa9_put", "card": "WE1", "row": 1})
    assert not [m for m in moves(state, 0) if m["type"] == "oa9_take"]
    do(state, 0, {"type": "oa9_put", "card": "OA1", "row": 3})
    assert state["players"][0]["display"] == [["CR1", "OA9", "WE1"], [], ["OA1"]]
    assert pending(state) == "CHOOSE_ACTION"


def test_OA9_swap_mode():
    state = central_play("OA9", {"oa9_mode": "swap"}, display=[["OA1"], ["WE1"], []])
    assert moves(state, 0)[-1] == {"type": "oa9_none"}
    do(state, 0, {"type": "oa9_swap", "a": "OA1", "b": "WE1"})
    assert state["players"][0]["display"] == [["WE1", "OA9"], ["OA1"], []]
