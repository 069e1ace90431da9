"""§11.2 scoring, A12 row bonuses with TA5 (T6), full scorings T7 and T8, §11.3 tie-breaks."""

import pytest

from engine.games.targi.scoring import row_bonuses

from .helpers import R, game, set_player


def sheet(state, seat):
    return R.score(state)["scores"][seat]


@pytest.mark.parametrize("row,bonus", [
    (["OA1", "OA2", "OA3", "OA4"], 4),
    (["OA1", "CR1", "WE1", "TE1"], 2),
    (["OA1", "OA2", "WE1", "TE1"], 0),
    (["OA1", "OA2", "OA3"], 0),
])
def test_T6_row_bonus(row, bonus):
    state = game()
    set_player(state, 0, display=[row, [], []])
    assert row_bonuses(state["cfg"], state["players"][0]) == bonus


@pytest.mark.parametrize("rows,bonus", [
    ([["OA1", "CR1", "WE1", "TE1"], ["OA2", "CR2", "WE2", "TA5"], ["OA3", "CR3", "TE2", "TA1"]], 10),
    ([["OA1", "CR1", "WE1", "TE1"], ["OA2", "CR2", "WE2", "TA2"], ["OA3", "CR3", "TE2", "TA1"]], 6),
    ([["CR1", "CR2", "CR3", "CR4"], ["OA1", "WE1", "TE1", "TA5"], ["OA2", "WE2", "TE2", "TA1"]], 12),
])
def test_T6_TA5_row_bonus_vectors(rows, bonus):
    state = game()
    set_player(state, 0, display=rows)
    assert row_bonuses(state["cfg"], state["players"][0]) == bonus


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


def test_hand_goods_gold_and_we9_score_nothing():
    state = game()
    set_player(state, 0, d=9, s=9, p=9, gold=3, we9=1, hand="TA3")
    assert sheet(state, 0)["total"] == 4


@pytest.mark.parametrize("gold,goods,winners", [((2, 1), (0, 9), [0]), ((1, 1), (5, 4), [0]),
                                                 ((1, 1), (4, 4), [0, 1]), ((0, 3), (9, 0), [1])])
def test_tie_break_gold_then_goods_then_shared(gold, goods, winners):
    state = game()
    set_player(state, 0, gold=gold[0], d=goods[0], s=0, p=0)
    set_player(state, 1, gold=gold[1], d=goods[1], s=0, p=0)
    assert R.score(state)["winners"] == winners


def test_more_points_beats_tie_breaks():
    state = game()
    set_player(state, 0, vp=5, gold=0)
    set_player(state, 1, vp=4, gold=3)
    assert R.score(state)["winners"] == [0]
