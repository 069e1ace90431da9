"""Rule scenarios of the round: placement legality (R3, A5, A11), O6 and P10 TE9 placement,
raids (P2, P3, raid amounts, A2, O1), limits (O7, A4), scoring and tie-breaks (§11); the
worked examples T1-T16 are in test_spec_examples, actions and cards in test_rules_<topic>."""

import pytest

from engine.games.targi.rules import accepts_place, legal_place

from .helpers import (R, before_raid, do, finish_round, game, illegal, moves, pending, place, placeable, play_until,
                      random_states, set_player, sheet, stock, t4_position)


# -- placement --------------------------------------------------------------------
def test_A11_opposite_robber_option():
    state = t4_position({"allow_opposite_robber": False})
    assert 10 not in placeable(state, 0)


@pytest.mark.parametrize("card,rule", [(4, "R3: Targi go only"), (16, "R3: Targi go only"), (2, "robber"),
                                       (14, "already holds"), (6, "opponent's Targi"), (99, "R3")])
def test_R3_illegal_placements_name_the_rule(card, rule):
    state = t4_position()
    assert rule in illegal(state, 0, {"type": "place", "card": card})


def test_R3_out_of_turn_placement_rejected():
    state = t4_position()
    assert "not to move" in illegal(state, 1, {"type": "place", "card": 3})


def test_placement_alternates_and_ends_with_markers():
    state = game(first=0)
    place(state, [14, 7, 2], [3, 15, 11])
    assert state.stack[-1] == {"dp": "CHOOSE_ACTION", "seat": 0}
    assert [figure.card for figure in state.targi] == [2, 3, 7, 11, 14, 15]


def te9_played_by(seat, options=None):
    """Seat plays TE9 from the central space (1,2) in round 1 (seat is start player)."""
    deal = ["GC01", "TE9", "GC02", "CR1", "GC10", "WE1", "GC11", "TE1", "GC05"]
    state = game(options, central=deal, first=seat)
    place(state, [15, 2, 14], [3, 9, 11])
    do(state, seat, {"type": "use", "space": [1, 2]}, {"type": "play"},
       {"type": "pay", "d": 1, "s": 1, "p": 2, "gold": 0, "we9": False}, {"type": "row", "row": 1})
    return state


def test_P10_te9_place_two():
    state = te9_played_by(0)
    assert state.players[1].limited_round == 2
    finish_round(state)
    assert state.round == 2 and state.start_player == 1
    place(state, [3, 11], [14, 7, 10])
    assert state.stack[-1] == {"dp": "CHOOSE_ACTION", "seat": 1}
    assert sum(figure.seat == 1 for figure in state.targi) == 2
    assert [m for m in state.markers if m.seat == 1] == []  # 3 and 11: one axis only


def test_P10_te9_only_the_round_after():
    state = te9_played_by(0)
    finish_round(state)
    place(state, [3, 11], [14, 7, 10])
    finish_round(state)
    assert state.round == 3
    assert state.stack[-1]["quota"] == [3, 3]


def test_P10_te9_placement_order_when_start_player_is_limited():
    state = te9_played_by(1)
    finish_round(state)
    assert state.start_player == 0 and state.stack[-1]["quota"] == [2, 3]
    place(state, [14, 10], [3, 15, 11])
    assert sum(figure.seat == 0 for figure in state.targi) == 2 and len(state.targi) == 5


def test_P10_te9_use_two_limits_border_actions():
    state = game({"te9_mode": "use_two"}, first=0)
    state.players[0].limited_round = 1
    place(state, [2, 3, 15], [14, 7, 11])
    do(state, 0, {"type": "use", "card": 2}, {"type": "use", "card": 3})
    assert not any(m.get("card") for m in moves(state, 0))
    assert {"type": "use", "space": [1, 2]} in moves(state, 0)


def test_fast_placement_check_agrees_with_the_listed_moves():
    checked = 0
    for state, _ in random_states(11, {"allow_opposite_own_targi": False, "allow_opposite_robber": False}):
        if pending(state) != "PLACE":
            continue
        frame = state.stack[-1]
        listed = legal_place(state, frame)
        for card in [*range(0, 18), True, "5", None]:
            move = {"type": "place", "card": card}
            assert accepts_place(state, frame, move) is (move in listed and type(card) is int)
        assert not accepts_place(state, frame, {**listed[0], "x": 1})
        checked += 1
    assert checked > 50


def test_O6_no_legal_card_left_forfeits_the_remaining_targi():
    state = game({"allow_opposite_own_targi": False, "allow_opposite_robber": False}, first=0)
    place(state, [2, 5], [3, 6])
    events = do(state, 0, {"type": "place", "card": 7})
    assert {"type": "no_placement", "seat": 1} in events
    assert state.stack[-1] == {"dp": "CHOOSE_ACTION", "seat": 0} and len(state.targi) == 5


# -- raids ------------------------------------------------------------------------
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
    state.players[1].immune_next_raid = True
    finish_round(state)
    assert stock(state, 1)[4] == 3 and not state.players[1].immune_next_raid


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


@pytest.mark.parametrize("corner,goods,vp", [(4, 1, 1), (8, 2, 1), (12, 3, 2)])
def test_raid_amounts_and_A2_robber_advances(corner, goods, vp):
    state = before_raid(corner)
    set_player(state, 0, d=5, s=0, p=0, vp=0)  # only goods payable, one mix: automatic
    set_player(state, 1, d=0, s=0, p=0, vp=5)  # only VP payable: automatic
    finish_round(state)
    assert stock(state, 0)[0] == 5 - goods and stock(state, 1)[4] == 5 - vp
    assert state.robber == corner + 1 and pending(state) == "PLACE"


def test_O1_start_player_pays_first():
    state = before_raid(4)
    play_until(state, "RAID_PAY")
    assert state.start_player == 0 and R.to_move(state) == [0]
    R.apply(state, 0, {"type": "raid_vp"})
    assert R.to_move(state) == [1]


# -- limits -----------------------------------------------------------------------
def test_O7_no_limit_during_the_round():
    state = game(first=0)
    place(state, [14, 7, 2], [3, 15, 11])
    set_player(state, 0, d=10, s=0, p=0, gold=3)
    do(state, 0, {"type": "use", "card": 2}, {"type": "use", "card": 7})
    assert stock(state, 0)[0] == 12 and pending(state) == "CHOOSE_ACTION"


@pytest.mark.parametrize("mode", ["after_raid", "end_of_actions"])
def test_A4_limit_check_options(mode):
    state = game({"limit_check": mode}, first=0)
    place(state, [14, 7, 2], [3, 15, 11])
    set_player(state, 0, d=11, s=0, p=0, gold=4)
    do(state, 0, {"type": "end_actions"})
    if mode == "end_of_actions":
        assert pending(state) == "LIMIT_DISCARD" and stock(state, 0)[3] == 3
    else:
        assert pending(state) == "CHOOSE_ACTION" and R.to_move(state) == [1]
        play_until(state, "LIMIT_DISCARD")
        assert state.round == 2 and pending(state) == "LIMIT_DISCARD"
        assert state.robber == 2 and stock(state, 0)[3] == 3


# -- scoring ----------------------------------------------------------------------
def test_hand_goods_gold_and_we9_score_nothing():
    state = game()
    set_player(state, 0, d=9, s=9, p=9, gold=3, stored_gold=1, hand="TA3")
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
