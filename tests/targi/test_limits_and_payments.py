"""§10 limits (T10, A4) and §9.2 payments (T11, P1, P8, P13, WE8, TE6/TA6 alternative gold)."""

import pytest

from engine.games.targi.payment import DIRECT, NOBLE, WE8, payments

from .helpers import R, do, game, moves, pending, place, set_player, stock


def vectors(state, card, route, seat=0):
    return {(m["d"], m["s"], m["p"], m["gold"], m["we9"]) for m in payments(state["cfg"], state["players"][seat],
                                                                          card, route)}


def test_T10_limits_at_end_of_round():
    state = game(first=0)
    place(state, [14, 7, 2], [3, 15, 11])
    set_player(state, 0, d=4, s=5, p=3, gold=5)
    do(state, 0, {"type": "end_actions"})
    do(state, 1, {"type": "end_actions"})
    while R.chance(state) is not None:
        R.apply_chance(state, R.chance(state).outcomes[0])
    assert pending(state) == "LIMIT_DISCARD" and stock(state, 0)[3] == 3
    assert {(m["d"], m["s"], m["p"]) for m in moves(state, 0)} == \
        {(2, 0, 0), (0, 2, 0), (0, 0, 2), (1, 1, 0), (1, 0, 1), (0, 1, 1)}
    do(state, 0, {"type": "discard_goods", "d": 1, "s": 1, "p": 0})
    assert stock(state, 0)[:4] == (3, 4, 3, 3)
    assert pending(state) == "PLACE" and state["round"] == 2


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
        finish_round_limits(state)
        assert state["round"] == 2 and pending(state) == "LIMIT_DISCARD"
        assert state["robber"] == 2 and stock(state, 0)[3] == 3


def finish_round_limits(state):
    while pending(state) != "LIMIT_DISCARD":
        chance = R.chance(state)
        if chance is not None:
            R.apply_chance(state, chance.outcomes[0])
        else:
            R.apply(state, R.to_move(state)[0], {"type": "end_actions"})


@pytest.mark.parametrize("card,display,route,expected", [
    ("OA3", [["OA5", "TE7"], [], []], NOBLE, {(1, 0, 2, 0), (2, 0, 1, 0), (2, 1, 0, 0), (1, 1, 1, 0), (0, 1, 2, 0)}),
    ("OA3", [["OA5"], [], []], DIRECT, {(2, 0, 2, 0), (2, 1, 1, 0), (1, 1, 2, 0)}),
    ("OA1", [["WE8"], [], []], WE8, {(1, 0, 1, 1), (0, 1, 1, 1), (0, 0, 2, 1)}),
    ("TE6", [[], [], []], DIRECT, {(1, 0, 2, 0), (0, 0, 0, 1)}),
    ("CR5", [["CR7"], [], []], DIRECT, {(0, 0, 0, 1)}),
])
def test_T11_payment_vectors(card, display, route, expected):
    state = game()
    set_player(state, 0, d=5, s=5, p=5, gold=3, display=display)
    assert vectors(state, card, route) == {v + (False,) for v in expected}


def test_T11_we9_stored_gold():
    state = game()
    set_player(state, 0, d=5, s=5, p=5, gold=3, we9=1, display=[["WE9"], [], []])
    assert vectors(state, "TA1", DIRECT) == {(1, 0, 1, 1, False), (1, 0, 1, 0, True)}


def test_P8_we9_pays_when_stock_has_no_gold():
    state = game()
    set_player(state, 0, d=5, s=5, p=5, gold=0, we9=1, display=[["WE9"], [], []])
    assert vectors(state, "TA1", DIRECT) == {(1, 0, 1, 0, True)}


def test_P1_discount_only_for_its_symbol_and_never_gold():
    state = game()
    set_player(state, 0, d=5, s=5, p=5, gold=3, display=[["CR7"], [], []])
    assert vectors(state, "OA1", DIRECT) == {(0, 0, 1, 1, False)}
    assert vectors(state, "CR1", DIRECT) == {(0, 1, 0, 1, False), (1, 0, 0, 1, False)}


def test_P1_discount_can_reduce_gold_option():
    state = game({"discount_can_reduce_gold": True})
    set_player(state, 0, gold=0, display=[["CR7"], [], []])
    assert vectors(state, "CR5", DIRECT) == {(0, 0, 0, 0, False)}


@pytest.mark.parametrize("option,expected", [(False, 3), (True, 2)])
def test_P13_te7_with_we8(option, expected):
    state = game({"te7_applies_to_we8": option})
    set_player(state, 0, d=5, s=5, p=5, gold=3, display=[["TE7", "WE8"], [], []])
    units = {d + s + p for d, s, p, _, _ in vectors(state, "OA2", WE8)}
    assert units == {expected}


def test_9_2_unaffordable_card_cannot_be_played():
    state = game()
    set_player(state, 0, d=0, s=0, p=0, gold=0)
    assert vectors(state, "OA1", DIRECT) == set()


def test_9_3_full_display_takes_no_card():
    from engine.games.targi.payment import can_play
    state = game()
    full = [["OA1", "OA2", "OA3", "OA4"], ["CR1", "CR2", "CR3", "CR4"], ["WE1", "WE2", "WE3", "WE4"]]
    set_player(state, 0, d=9, s=9, p=9, gold=3, display=full)
    assert not can_play(state["cfg"], state["players"][0], "TA1", DIRECT)
