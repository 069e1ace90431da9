"""Tribe cards: one test per ability (§5, §12) with its options, and payments (§9.2: P1,
P8, P13; §9.3); the vectors of T11, T13 and T14 are in test_spec_examples."""

import pytest

from engine.games.targi.rules import DIRECT_ROUTE, EXTRA_GOOD_ROUTE, NOBLE_ROUTE, can_play, payments
from engine.games.targi.scoring import row_bonuses

from .helpers import (R, before_raid, central_play, do, finish_round, game, moves, payment_vectors, pending, place,
                      resolve_chance, set_player, stock, t14)


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
    state = game()
    set_player(state, 0, display=[["OA1", "CR1", "WE1", "TE1"], ["OA2", "CR2", "WE2", "TA5"], []])
    assert row_bonuses(state, state.players[0]) == 8


# -- Perm -------------------------------------------------------------------------
@pytest.mark.parametrize("discount,card", [("OA5", "OA2"), ("CR7", "CR1"), ("WE5", "WE1"), ("TE6", "TE2"),
                                           ("TA6", "TA1")])
def test_discount_symbol(discount, card):
    state = game()
    set_player(state, 0, d=9, s=9, p=9, gold=3, display=[[discount], [], []])
    units = {m["d"] + m["s"] + m["p"] for m in payments(state, state.players[0], card, DIRECT_ROUTE)}
    assert units == {sum(state.cards.cost[card][0]) - 1}


def test_P1_discount_is_not_retroactive_to_itself():
    state = central_play("OA5", s=2, p=1)
    assert stock(state, 0)[:3] == (9, 0, 0)


def test_OA6_raid_immunity():
    state = before_raid(4)
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
    assert state.players[0].display[0] == ["WE8", "OA1"]


def test_A9_WE8_once_per_round():
    state = game(first=0)
    place(state, [14, 7, 2], [3, 15, 11])
    set_player(state, 0, hand="OA1", display=[["WE8"], [], []])
    state.players[0].hand_card_plays = 1
    assert {"type": "we8_play"} not in moves(state, 0)


def test_WE9_stored_gold():
    state = central_play("WE9")
    assert state.players[0].stored_gold == 1 and stock(state, 0)[3] == 2
    assert R.view(state, 1)["players"][0]["we9_gold"] == 1


def test_P8_WE9_gold_in_stock_option():
    state = central_play("WE9", {"we9_gold_in_stock": True})
    assert state.players[0].stored_gold == 0 and stock(state, 0)[3] == 3


def test_TE7_noble_discount():
    state = game()
    set_player(state, 0, d=9, s=9, p=9, gold=3, display=[["TE7"], [], []])
    noble = {m["d"] + m["s"] + m["p"] for m in payments(state, state.players[0], "OA2", NOBLE_ROUTE)}
    direct = {m["d"] + m["s"] + m["p"] for m in payments(state, state.players[0], "OA2", DIRECT_ROUTE)}
    assert (noble, direct) == ({1}, {2})


def test_TE8_merchant_one_to_one():
    state = game(first=0)
    place(state, [5, 10, 13], [3, 11, 6])
    set_player(state, 0, d=1, s=0, p=0, display=[["TE8"], [], []])
    do(state, 0, {"type": "use", "card": 5})
    assert {"type": "m_one", "give": "D", "get": "P"} in moves(state, 0)


def test_TE9_opponent_two_targi_next_round():
    state = central_play("TE9")
    assert state.players[1].limited_round == 2
    finish_round(state)
    assert state.stack[-1]["quota"] == [3, 2]


def test_TA7_vp_per_raid():
    state = before_raid(4)
    set_player(state, 1, d=1, s=0, p=0, vp=0, display=[["TA7"], [], []])
    finish_round(state)
    assert stock(state, 1)[0] == 0 and stock(state, 1)[4] == 1


# -- Once -------------------------------------------------------------------------
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
    assert state.players[0].display == [["CR1", "OA9"], [], []]
    assert {"type": "oa9_done"} not in moves(state, 0)
    do(state, 0, {"type": "oa9_put", "card": "WE1", "row": 1})
    assert not [m for m in moves(state, 0) if m["type"] == "oa9_take"]
    do(state, 0, {"type": "oa9_put", "card": "OA1", "row": 3})
    assert state.players[0].display == [["CR1", "OA9", "WE1"], [], ["OA1"]]
    assert pending(state) == "CHOOSE_ACTION"


def test_OA9_swap_mode():
    state = central_play("OA9", {"oa9_mode": "swap"}, display=[["OA1"], ["WE1"], []])
    assert moves(state, 0)[-1] == {"type": "oa9_none"}
    do(state, 0, {"type": "oa9_swap", "a": "OA1", "b": "WE1"})
    assert state.players[0].display == [["WE1", "OA9"], ["OA1"], []]


# -- bonus goods options (P4, A8, P5, P6) ------------------------------------------
def test_P4_border_goods_count_under_central_and_border():
    state = t14({"bonus_good_sources": "central_and_border"})
    do(state, 0, {"type": "use", "card": 3})
    assert stock(state, 0)[1] == 2


def test_A8_caravan_counts_as_goods_card_option():
    state = t14({"caravan_counts_as_goods_card": True})
    do(state, 0, {"type": "use", "card": 13})
    R.apply_chance(state, "GC02")
    assert stock(state, 0)[1] == 2


def test_P5_bonus_at_end_of_action_phase():
    state = t14({"bonus_good_timing": "end_of_action_phase"})
    do(state, 0, {"type": "use", "space": [3, 3]})
    assert stock(state, 0)[1] == 2
    do(state, 0, {"type": "end_actions"})
    assert stock(state, 0)[1] == 3


def test_P6_OA8_end_of_round_timing():
    state = t14({"oa8_timing": "end_of_round"}, display=[["OA8"], [], []])
    do(state, 0, {"type": "end_actions"})
    assert R.to_move(state) == [1]
    do(state, 1, {"type": "end_actions"})
    resolve_chance(state)
    assert pending(state) == "CHOOSE_GOOD" and R.to_move(state) == [0]


# -- payments ---------------------------------------------------------------------
def test_P8_we9_pays_when_stock_has_no_gold():
    state = game()
    set_player(state, 0, d=5, s=5, p=5, gold=0, stored_gold=1, display=[["WE9"], [], []])
    assert payment_vectors(state, "TA1", DIRECT_ROUTE) == {(1, 0, 1, 0, True)}


def test_P1_discount_only_for_its_symbol_and_never_gold():
    state = game()
    set_player(state, 0, d=5, s=5, p=5, gold=3, display=[["CR7"], [], []])
    assert payment_vectors(state, "OA1", DIRECT_ROUTE) == {(0, 0, 1, 1, False)}
    assert payment_vectors(state, "CR1", DIRECT_ROUTE) == {(0, 1, 0, 1, False), (1, 0, 0, 1, False)}


def test_P1_discount_can_reduce_gold_option():
    state = game({"discount_can_reduce_gold": True})
    set_player(state, 0, gold=0, display=[["CR7"], [], []])
    assert payment_vectors(state, "CR5", DIRECT_ROUTE) == {(0, 0, 0, 0, False)}


@pytest.mark.parametrize("option,expected", [(False, 3), (True, 2)])
def test_P13_te7_with_we8(option, expected):
    state = game({"te7_applies_to_we8": option})
    set_player(state, 0, d=5, s=5, p=5, gold=3, display=[["TE7", "WE8"], [], []])
    units = {d + s + p for d, s, p, _, _ in payment_vectors(state, "OA2", EXTRA_GOOD_ROUTE)}
    assert units == {expected}


def test_9_2_unaffordable_card_cannot_be_played():
    state = game()
    set_player(state, 0, d=0, s=0, p=0, gold=0)
    assert payment_vectors(state, "OA1", DIRECT_ROUTE) == set()


def test_9_3_full_display_takes_no_card():
    state = game()
    full = [["OA1", "OA2", "OA3", "OA4"], ["CR1", "CR2", "CR3", "CR4"], ["WE1", "WE2", "WE3", "WE4"]]
    set_player(state, 0, d=9, s=9, p=9, gold=3, display=full)
    assert not can_play(state, state.players[0], "TA1", DIRECT_ROUTE)
