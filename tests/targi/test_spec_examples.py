"""The spec's worked examples T1-T16 (§16)."""

import pytest

from engine.games.targi.board import blocked_card, intersections, opposite
from engine.games.targi.rules import DIRECT_ROUTE, EXTRA_GOOD_ROUTE, NOBLE_ROUTE
from engine.games.targi.scoring import row_bonuses

from .helpers import (DEAL, R, acting, before_raid, central_play, do, finish_round, game, moves, payment_vectors,
                      pending, place, placeable, play_until, random_states, resolve_chance, set_player, sheet,
                      stock, t4_position, t14)


# -- T1 set-up --------------------------------------------------------------------
def test_T1_setup_state():
    state = game()
    for seat in (0, 1):
        p = state.players[seat]
        assert (p.goods, p.gold, p.vp, p.display, p.hand) == ([2, 2, 2], 1, 4, [[], [], []], None)
    view = R.view(state, 0)
    kinds = {tuple(c["space"]): c["kind"] for c in view["central"]}
    assert [s for s, k in kinds.items() if k == "goods"] == [(1, 1), (1, 3), (2, 2), (3, 1), (3, 3)]
    assert [s for s, k in kinds.items() if k == "tribe"] == [(1, 2), (2, 1), (2, 3), (3, 2)]
    assert view["decks"] == {"goods": 14, "tribe": 41}
    assert view["discards"] == {"goods": [], "tribe": []}
    assert view["round"] == 1 and view["robber"] == 1 and view["pending"] == "PLACE"


def test_T1_deal_is_drawn_card_by_card_row_major():
    state = R.setup(2, R.make_options({}))
    chance = R.chance(state)
    assert chance.label == "reveal_goods" and sum(chance.weights) == 19
    R.apply_chance(state, "GC01")
    chance = R.chance(state)
    assert chance.label == "reveal_tribe" and sum(chance.weights) == 45


# -- T2 robber and game length ----------------------------------------------------
@pytest.mark.parametrize("round_no,card", [(1, 1), (2, 2), (3, 3), (4, 5), (5, 6), (6, 7), (7, 9), (8, 10),
                                           (9, 11), (10, 13), (11, 14), (12, 15)])
def test_T2_blocked_card_formula(round_no, card):
    assert blocked_card(round_no) == card


def test_T2_robber_raids_start_player_and_length_in_a_full_game():
    rounds, raids = {}, []
    first = None
    for state, events in random_states(3):
        for e in events:
            if e["type"] == "round":
                rounds[e["round"]] = e["start_player"]
            if e["type"] == "raid":
                raids.append((e["raid"], state.round, e["corner"]))
            if e["type"] == "start_player":
                first = e["seat"]
        if pending(state) == "PLACE" and not state.targi:
            assert state.robber == blocked_card(state.round)
    assert rounds == {r: first if r % 2 else 1 - first for r in range(1, 13)}
    assert raids == [(1, 4, 4), (2, 7, 8), (3, 10, 12), (4, 12, 16)]
    assert state.robber == 16


# -- T3 opposite cards ------------------------------------------------------------
@pytest.mark.parametrize("card,opp", [(1, 11), (2, 10), (3, 9), (5, 15), (6, 14), (7, 13),
                                      (11, 1), (10, 2), (9, 3), (15, 5), (14, 6), (13, 7),
                                      (4, None), (8, None), (12, None), (16, None)])
def test_T3_opposite(card, opp):
    assert opposite(card) == opp


# -- T4 placement legality --------------------------------------------------------
def test_T4_first_placement_forbidden_cards():
    state = t4_position()
    assert placeable(state, 0) == [1, 3, 5, 7, 9, 10, 11, 13, 15]


def test_T4_second_placement():
    state = t4_position()
    do(state, 0, {"type": "place", "card": 5})
    assert placeable(state, 1) == [1, 3, 6, 7, 9, 10, 11, 13]


def test_T4_A5_no_opposite_own_targi_option():
    state = t4_position({"allow_opposite_own_targi": False})
    do(state, 0, {"type": "place", "card": 5})
    assert placeable(state, 1) == [1, 3, 7, 9, 10, 11, 13]


def test_T4_P7_we6_allows_the_robber_card():
    state = t4_position()
    set_player(state, 1, display=[["WE6"], [], []])
    do(state, 0, {"type": "place", "card": 5})
    assert placeable(state, 1) == [1, 2, 3, 6, 7, 9, 10, 11, 13]


# -- T5 intersections -------------------------------------------------------------
@pytest.mark.parametrize("cards,markers", [
    ((1, 6, 13), [(2, 1), (3, 1)]),
    ((14, 7, 2), [(2, 2), (3, 2)]),
    ((2, 10, 15), [(1, 2)]),
    ((3, 9, 7), [(3, 3)]),
    ((1, 2, 3), []),
    ((15, 14, 5), []),
    ((1, 14), [(2, 1)]),
])
def test_T5_intersections(cards, markers):
    assert intersections(cards) == markers


def test_T5_both_players_round_1_markers():
    state = game(first=0)
    place(state, [14, 7, 2], [3, 15, 11])
    view = R.view(state, None)
    assert sorted((m["seat"], tuple(m["space"])) for m in view["markers"]) == \
        [(0, (2, 2)), (0, (3, 2)), (1, (1, 1)), (1, (1, 3))]


# -- T6-T8 scoring ----------------------------------------------------------------
@pytest.mark.parametrize("row,bonus", [
    (["OA1", "OA2", "OA3", "OA4"], 4),
    (["OA1", "CR1", "WE1", "TE1"], 2),
    (["OA1", "OA2", "WE1", "TE1"], 0),
    (["OA1", "OA2", "OA3"], 0),
])
def test_T6_row_bonus(row, bonus):
    state = game()
    set_player(state, 0, display=[row, [], []])
    assert row_bonuses(state, state.players[0]) == bonus


@pytest.mark.parametrize("rows,bonus", [
    ([["OA1", "CR1", "WE1", "TE1"], ["OA2", "CR2", "WE2", "TA5"], ["OA3", "CR3", "TE2", "TA1"]], 10),
    ([["OA1", "CR1", "WE1", "TE1"], ["OA2", "CR2", "WE2", "TA2"], ["OA3", "CR3", "TE2", "TA1"]], 6),
    ([["CR1", "CR2", "CR3", "CR4"], ["OA1", "WE1", "TE1", "TA5"], ["OA2", "WE2", "TE2", "TA1"]], 12),
])
def test_T6_TA5_row_bonus_vectors(rows, bonus):
    state = game()
    set_player(state, 0, display=rows)
    assert row_bonuses(state, state.players[0]) == bonus


def test_T7_full_scoring_a():
    state = game()
    set_player(state, 0, vp=6, display=[["OA1", "OA2", "OA3", "OA4"], ["CR1", "WE1", "TE1", "TA5"], ["WE2", "WE3"]])
    entry = sheet(state, 0)
    assert entry["breakdown"] == {"vp_tokens": 6, "printed_vp": 23, "row_bonuses": 8, "abilities": 1}
    assert entry["total"] == 38


def test_T8_full_scoring_b():
    state = game()
    set_player(state, 0, vp=3, display=[["CR2", "CR3", "CR4", "CR6"], ["TE5", "TE2"], ["CR5"]])
    set_player(state, 1, display=[["OA1", "OA2", "OA3"], ["WE1", "WE2", "WE3"], []])
    entry = sheet(state, 0)
    assert entry["breakdown"] == {"vp_tokens": 3, "printed_vp": 13, "row_bonuses": 4, "abilities": 4}
    assert entry["total"] == 24


# -- T9 raid payments -------------------------------------------------------------
def test_T9_choice_among_goods_mixes_and_vp():
    state = before_raid(12)
    set_player(state, 0, d=2, s=2, p=1, vp=4)
    set_player(state, 1, d=0, s=0, p=0, vp=1)
    play_until(state, "RAID_PAY")
    assert R.to_move(state) == [0]
    listed = moves(state, 0)
    assert {(m["d"], m["s"], m["p"]) for m in listed if m["type"] == "raid_goods"} == \
        {(2, 1, 0), (1, 2, 0), (2, 0, 1), (0, 2, 1), (1, 1, 1)}
    assert {"type": "raid_vp"} in listed and len(listed) == 6


def test_T9_partial_goods_shortfall_is_automatic():
    state = before_raid(12)
    set_player(state, 0, d=0, s=0, p=0, vp=0)
    set_player(state, 1, d=1, s=1, p=0, vp=1)
    finish_round(state)
    assert stock(state, 1)[:3] == (0, 0, 0) and stock(state, 1)[4] == 1


def test_T9_bga_shortfall_gives_the_opponent_vp():
    state = before_raid(12, {"raid_shortfall": "bga"})
    set_player(state, 0, d=0, s=0, p=0, vp=5)
    set_player(state, 1, d=1, s=1, p=0, vp=1)
    finish_round(state)
    assert stock(state, 1)[:3] == (1, 1, 0) and stock(state, 1)[4] == 1
    assert stock(state, 0)[4] == 5 - 2 + 2


@pytest.mark.parametrize("gold,vp,after", [(0, 5, (0, 2)), (2, 1, (1, 1)), (0, 2, (0, 2))])
def test_T9_raid_4(gold, vp, after):
    state = before_raid(16)
    set_player(state, 0, gold=0, vp=0)
    set_player(state, 1, gold=gold, vp=vp)
    finish_round(state)
    assert R.is_over(state) and state.robber == 16
    assert (stock(state, 1)[3], stock(state, 1)[4]) == after


def test_T9_raid_4_bga_shortfall():
    state = before_raid(16, {"raid_shortfall": "bga"})
    set_player(state, 0, gold=0, vp=2)
    set_player(state, 1, gold=1, vp=0)
    finish_round(state)
    assert stock(state, 1)[3:] == (0, 3) and stock(state, 0)[3:] == (0, 2)


# -- T10 limits, T11 payments -----------------------------------------------------
def test_T10_limits_at_end_of_round():
    state = game(first=0)
    place(state, [14, 7, 2], [3, 15, 11])
    set_player(state, 0, d=4, s=5, p=3, gold=5)
    do(state, 0, {"type": "end_actions"})
    do(state, 1, {"type": "end_actions"})
    resolve_chance(state)
    assert pending(state) == "LIMIT_DISCARD" and stock(state, 0)[3] == 3
    assert {(m["d"], m["s"], m["p"]) for m in moves(state, 0)} == \
        {(2, 0, 0), (0, 2, 0), (0, 0, 2), (1, 1, 0), (1, 0, 1), (0, 1, 1)}
    do(state, 0, {"type": "discard_goods", "d": 1, "s": 1, "p": 0})
    assert stock(state, 0)[:4] == (3, 4, 3, 3)
    assert pending(state) == "PLACE" and state.round == 2


@pytest.mark.parametrize("card,display,route,expected", [
    ("OA3", [["OA5", "TE7"], [], []], NOBLE_ROUTE,
     {(1, 0, 2, 0), (2, 0, 1, 0), (2, 1, 0, 0), (1, 1, 1, 0), (0, 1, 2, 0)}),
    ("OA3", [["OA5"], [], []], DIRECT_ROUTE, {(2, 0, 2, 0), (2, 1, 1, 0), (1, 1, 2, 0)}),
    ("OA1", [["WE8"], [], []], EXTRA_GOOD_ROUTE, {(1, 0, 1, 1), (0, 1, 1, 1), (0, 0, 2, 1)}),
    ("TE6", [[], [], []], DIRECT_ROUTE, {(1, 0, 2, 0), (0, 0, 0, 1)}),
    ("CR5", [["CR7"], [], []], DIRECT_ROUTE, {(0, 0, 0, 1)}),
])
def test_T11_payment_vectors(card, display, route, expected):
    state = game()
    set_player(state, 0, d=5, s=5, p=5, gold=3, display=display)
    assert payment_vectors(state, card, route) == {v + (False,) for v in expected}


def test_T11_we9_stored_gold():
    state = game()
    set_player(state, 0, d=5, s=5, p=5, gold=3, stored_gold=1, display=[["WE9"], [], []])
    assert payment_vectors(state, "TA1", DIRECT_ROUTE) == {(1, 0, 1, 1, False), (1, 0, 1, 0, True)}


# -- T12 exchanges ----------------------------------------------------------------
def test_T12_merchant_exchanges():
    state = acting(d=0, s=3, p=2, gold=0)
    do(state, 0, {"type": "use", "card": 5})
    assert pending(state) == "MERCHANT"
    do(state, 0, {"type": "m_gold", "good": "S"})
    assert stock(state, 0)[:4] == (0, 0, 2, 1)
    do(state, 0, {"type": "m_two", "give": "P", "get": "D"})
    assert stock(state, 0)[:4] == (1, 0, 0, 1)
    assert moves(state, 0) == [{"type": "m_done"}]
    do(state, 0, {"type": "m_done"})
    assert pending(state) == "CHOOSE_ACTION"


def test_T12_merchant_te8_one_to_one():
    state = acting(d=1, s=0, p=0, gold=0, display=[["TE8"], [], []])
    do(state, 0, {"type": "use", "card": 5}, {"type": "m_one", "give": "D", "get": "S"})
    assert stock(state, 0)[:3] == (0, 1, 0)
    listed = moves(state, 0)
    assert {"type": "m_one", "give": "S", "get": "D"} not in listed  # would recreate a reached stock
    assert {"type": "m_one", "give": "S", "get": "P"} in listed


def test_T12_silversmith_one_exchange():
    state = acting(d=4, s=0, p=1, gold=2, vp=4)
    do(state, 0, {"type": "use", "card": 10})
    assert moves(state, 0) == [{"type": "s_two", "good": "D"}, {"type": "s_four", "good": "D"},
                               {"type": "s_gold1"}, {"type": "s_gold2"}, {"type": "s_none"}]
    do(state, 0, {"type": "s_four", "good": "D"})
    assert stock(state, 0) == (0, 0, 1, 2, 7) and pending(state) == "CHOOSE_ACTION"


# -- T13 Once effects -------------------------------------------------------------
@pytest.mark.parametrize("option,before,goods", [(True, 3, 2), (False, 3, 1)])
def test_T13_WE7_goods_per_2_display_cards(option, before, goods):
    state = central_play("WE7", {"we7_counts_itself": option}, display=[["OA1", "OA2", "OA3"], [], []])
    assert pending(state) == "GOODS_MULTI" and state.stack[-1]["n"] == goods
    assert len(moves(state, 0)) == (goods + 1) * (goods + 2) // 2


@pytest.mark.parametrize("option,before,goods", [(True, 4, 3), (False, 4, 4), (True, 11, 0)])
def test_T13_CR9_goods_per_2_free_slots(option, before, goods):
    ids = ["OA1", "OA2", "OA3", "OA4", "WE1", "WE2", "WE3", "WE4", "TE1", "TE2", "TE3"][:before]
    display = [ids[0:4], ids[4:8], ids[8:]]
    state = central_play("CR9", {"cr9_counts_after_placing": option}, row=3, display=display)
    if goods:
        assert pending(state) == "GOODS_MULTI" and state.stack[-1]["n"] == goods
        do(state, 0, {"type": "goods", "d": goods, "s": 0, "p": 0})
    assert pending(state) != "GOODS_MULTI"


# -- T14 bonus goods --------------------------------------------------------------
def test_T14_bonus_salt_only_from_the_first_central_goods_card():
    state = t14()
    do(state, 0, {"type": "use", "card": 3})
    assert stock(state, 0)[1] == 1  # border card: no bonus (P4)
    do(state, 0, {"type": "use", "card": 13})
    R.apply_chance(state, "GC02")
    assert stock(state, 0)[1] == 2  # Caravan: no bonus (A8)
    do(state, 0, {"type": "use", "space": [3, 1]}, {"type": "good", "good": "S"})
    assert stock(state, 0)[1] == 4  # +1 S and the bonus S
    do(state, 0, {"type": "use", "space": [3, 3]})
    assert stock(state, 0)[1] == 6  # +2 S, no second bonus


def test_T14_OA8_gold_from_a_goods_card_is_no_good():
    deal = DEAL[:6] + ["GC11", "TE1", "GC11"]
    state = game(central=deal, first=0)
    place(state, [3, 13, 11], [2, 6, 5])
    set_player(state, 0, d=0, s=0, p=0, gold=0, display=[["OA8"], [], []])
    do(state, 0, {"type": "use", "card": 3}, {"type": "use", "space": [3, 1]}, {"type": "end_actions"})
    assert stock(state, 0)[3] == 1 and pending(state) == "CHOOSE_GOOD"


# -- T15 12th card timing ---------------------------------------------------------
def t15(option):
    deal = DEAL[:1] + ["TA1"] + DEAL[2:]
    state = game({"end_on_12th_card": option}, central=deal, first=1)
    place(state, [15, 2, 14], [3, 11, 13])  # seat 1 (start) markers (1,2), (2,2)
    eleven = [["OA1", "OA2", "OA3", "OA4"], ["CR1", "CR2", "CR3", "CR4"], ["WE1", "WE2", "WE3"]]
    set_player(state, 1, d=9, s=9, p=9, gold=5, display=eleven)
    do(state, 1, {"type": "use", "card": 15})  # 1st action
    do(state, 1, {"type": "use", "space": [1, 2]}, {"type": "play"})  # 2nd action: the 12th card
    do(state, 1, moves(state, 1)[0], {"type": "row", "row": 3})
    return state


def test_T15_twelfth_card_ends_immediately():
    state = t15("immediately")
    assert R.is_over(state) and R.to_move(state) == []
    assert sum(state.players[1].goods) > 10 and state.players[1].gold > 3  # no limit check
    assert state.central[1].status == "down"  # no reveal
    assert R.score(state)["scores"][1]["breakdown"]["printed_vp"] > 0


def test_T15_twelfth_card_end_of_round():
    state = t15("end_of_round")
    assert not R.is_over(state) and R.to_move(state) == [1]
    assert {"type": "use", "card": 2} in moves(state, 1)  # he finishes his actions
    do(state, 1, {"type": "end_actions"})
    assert R.to_move(state) == [0]
    do(state, 0, {"type": "end_actions"})
    while not R.is_over(state):
        if R.chance(state) is not None:
            R.apply_chance(state, R.chance(state).outcomes[0])
        else:
            assert pending(state) == "LIMIT_DISCARD"
            do(state, R.to_move(state)[0], moves(state)[0])
    assert sum(state.players[1].goods) == 10 and state.players[1].gold == 3
    assert state.robber == 1 and state.round == 1


# -- T16 central alternation ------------------------------------------------------
def test_T16_central_alternation_and_reveal():
    state = acting(seat0=(15, 11, 6), seat1=(3, 9, 7))  # seat 0 markers (1,1), (2,1)
    assert sorted((m.row, m.col) for m in state.markers if m.seat == 0) == [(1, 1), (2, 1)]
    tribe_deck = state.deck_sizes["tribe"]
    do(state, 0, {"type": "use", "space": [1, 1]})
    assert state.central[0] == ("tribe", None, "down") and state.deck_sizes["tribe"] == tribe_deck - 1
    assert state.discards["goods"] == ["GC01"] and stock(state, 0)[0] == 3
    view = R.view(state, 1)["central"][0]
    assert view == {"space": [1, 1], "kind": "tribe", "card": None, "face_down": True, "empty": False}
    do(state, 0, {"type": "end_actions"})
    do(state, 1, {"type": "end_actions"})
    assert R.chance(state).label == "reveal_tribe"
    R.apply_chance(state, "TA9")
    assert state.central[0] == ("tribe", "TA9", "up") and state.round == 2


def test_T16_A6_face_down_card_is_no_fata_morgana_target():
    state = acting(seat0=(15, 11, 9), seat1=(2, 6, 7))  # seat 0 markers (1,1), (1,3)
    do(state, 0, {"type": "use", "space": [1, 1]}, {"type": "use", "card": 9})
    targets = {tuple(m["target"]) for m in moves(state, 0) if m["type"] == "fm"}
    assert (1, 1) not in targets and (1, 3) not in targets
    assert targets == {(1, 2), (2, 1), (2, 3), (3, 1), (3, 3)}  # (2,2), (3,2): seat 1's markers
