"""T14 bonus goods (OA7, OA8; P4, P5, A8) and T15 game end by the 12th display card (A1)."""

from .helpers import DEAL, R, do, game, moves, pending, place, set_player, stock

T14_DEAL = DEAL[:6] + ["GC10", "TE1", "GC05"]  # (3,1) GC10, (3,3) GC05


def t14(options=None, display=(("OA7",), (), ())):
    state = game(options, central=T14_DEAL, first=0)
    place(state, [3, 13, 11], [2, 6, 5])  # seat 0: salt 3, Caravan 13, markers (3,1), (3,3)
    set_player(state, 0, d=0, s=0, p=0, display=[list(r) for r in display])
    return state


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


def test_T14_OA8_gold_from_a_goods_card_is_no_good():
    deal = DEAL[:6] + ["GC11", "TE1", "GC11"]
    state = game(central=deal, first=0)
    place(state, [3, 13, 11], [2, 6, 5])
    set_player(state, 0, d=0, s=0, p=0, gold=0, display=[["OA8"], [], []])
    do(state, 0, {"type": "use", "card": 3}, {"type": "use", "space": [3, 1]}, {"type": "end_actions"})
    assert stock(state, 0)[3] == 1 and pending(state) == "CHOOSE_GOOD"


def test_P6_OA8_end_of_round_timing():
    state = t14({"oa8_timing": "end_of_round"}, display=[["OA8"], [], []])
    do(state, 0, {"type": "end_actions"})
    assert R.to_move(state) == [1]
    do(state, 1, {"type": "end_actions"})
    while R.chance(state) is not None:
        R.apply_chance(state, R.chance(state).outcomes[0])
    assert pending(state) == "CHOOSE_GOOD" and R.to_move(state) == [0]


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
    assert sum(state["players"][1]["goods"]) > 10 and state["players"][1]["gold"] > 3  # no limit check
    assert state["central"][1][2] == "down"  # no reveal
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
    assert sum(state["players"][1]["goods"]) == 10 and state["players"][1]["gold"] == 3
    assert state["robber"] == 1 and state["round"] == 1
