"""§3 raids, A3 payment choices and shortfalls (T9), P2 OA6, P3 TA7, A2 robber advance."""

import pytest

from .helpers import R, finish_round, game, moves, pending, place, set_player, stock


def before_raid(corner, options=None):
    """A game whose next robber step lands on ``corner``; seat 0 is start player then."""
    state = game(options, first=1)
    place(state, [14, 7, 2], [3, 15, 11])
    state["robber"] = corner - 1
    state["round"] = {4: 3, 8: 6, 12: 9, 16: 12}[corner]
    return state


def test_T9_choice_among_goods_mixes_and_vp():
    state = before_raid(12)
    set_player(state, 0, d=2, s=2, p=1, vp=4)
    set_player(state, 1, d=0, s=0, p=0, vp=1)
    finish_round_until(state, "RAID_PAY")
    assert R.to_move(state) == [0]
    listed = moves(state, 0)
    assert {(m["d"], m["s"], m["p"]) for m in listed if m["type"] == "raid_goods"} == \
        {(2, 1, 0), (1, 2, 0), (2, 0, 1), (0, 2, 1), (1, 1, 1)}
    assert {"type": "raid_vp"} in listed and len(listed) == 6


def finish_round_until(state, dp):
    while pending(state) != dp:
        chance = R.chance(state)
        if chance is not None:
            R.apply_chance(state, chance.outcomes[0])
            continue
        seat = R.to_move(state)[0]
        R.apply(state, seat, {"type": "end_actions"})


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


def test_P2_oa6_pays_nothing():
    state = before_raid(12)
    set_player(state, 0, d=0, s=0, p=0, vp=0)
    set_player(state, 1, d=3, s=3, p=3, vp=9, display=[["OA6"], [], []])
    finish_round(state)
    assert stock(state, 1)[:3] == (3, 3, 3) and stock(state, 1)[4] == 9


def test_P2_oa6_next_raid_scope():
    state = before_raid(8, {"oa6_scope": "next_raid"})
    set_player(state, 0, d=0, s=0, p=0, vp=0)
    set_player(state, 1, d=0, s=0, p=0, vp=3, display=[["OA6"], [], []])
    state["players"][1]["oa6_next"] = True
    finish_round(state)
    assert stock(state, 1)[4] == 3 and not state["players"][1]["oa6_next"]


def test_P3_ta7_must_pay_vp_then_gains_one():
    state = before_raid(12)
    set_player(state, 0, d=0, s=0, p=0, vp=0)
    set_player(state, 1, d=0, s=0, p=0, vp=3, display=[["TA7"], [], []])
    finish_round(state)
    assert stock(state, 1)[4] == 2


@pytest.mark.parametrize("always,vp", [(True, 1), (False, 0)])
def test_P3_ta7_after_a_shortfall(always, vp):
    state = before_raid(12, {"ta7_always": always})
    set_player(state, 0, d=0, s=0, p=0, vp=0)
    set_player(state, 1, d=0, s=0, p=0, vp=0, display=[["TA7"], [], []])
    finish_round(state)
    assert stock(state, 1)[4] == vp


@pytest.mark.parametrize("gold,vp,after", [(0, 5, (0, 2)), (2, 1, (1, 1)), (0, 2, (0, 2))])
def test_T9_raid_4(gold, vp, after):
    state = before_raid(16)
    set_player(state, 0, gold=0, vp=0)
    set_player(state, 1, gold=gold, vp=vp)
    finish_round(state)
    assert R.is_over(state) and state["robber"] == 16
    assert (stock(state, 1)[3], stock(state, 1)[4]) == after


def test_T9_raid_4_bga_shortfall():
    state = before_raid(16, {"raid_shortfall": "bga"})
    set_player(state, 0, gold=0, vp=2)
    set_player(state, 1, gold=1, vp=0)
    finish_round(state)
    assert stock(state, 1)[3:] == (0, 3) and stock(state, 0)[3:] == (0, 2)


@pytest.mark.parametrize("corner,goods,vp", [(4, 1, 1), (8, 2, 1), (12, 3, 2)])
def test_raid_amounts_and_A2_robber_advances(corner, goods, vp):
    state = before_raid(corner)
    set_player(state, 0, d=5, s=0, p=0, vp=0)  # only goods payable, one mix: automatic
    set_player(state, 1, d=0, s=0, p=0, vp=5)  # only VP payable: automatic
    finish_round(state)
    assert stock(state, 0)[0] == 5 - goods and stock(state, 1)[4] == 5 - vp
    assert state["robber"] == corner + 1 and pending(state) == "PLACE"


def test_O1_start_player_pays_first():
    state = before_raid(4)
    finish_round_until(state, "RAID_PAY")
    assert state["start"] == 0 and R.to_move(state) == [0]
    R.apply(state, 0, {"type": "raid_vp"})
    assert R.to_move(state) == [1]
