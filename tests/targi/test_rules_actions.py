"""§8 actions: Merchant and Silversmith (P12, O8), Fata Morgana (A6), Noble, Caravan,
Tribal Expansion, §15.1 listing of sources, A7 deck exhaustion (T12 and T16 are in
test_spec_examples)."""

import pytest

from engine import EngineError
from engine.games.targi.state import Space

from .helpers import R, acting, do, illegal, moves, pending, set_player, stock


def test_O8_merchant_two_for_one_may_return_the_same_type():
    state = acting(d=2, s=0, p=0)
    do(state, 0, {"type": "use", "card": 5})
    assert {"type": "m_two", "give": "D", "get": "D"} in moves(state, 0)


def test_P12_te8_not_repeatable_option():
    state = acting({"te8_repeatable": False}, d=1, s=1, p=0, gold=0, display=[["TE8"], [], []])
    do(state, 0, {"type": "use", "card": 5}, {"type": "m_one", "give": "D", "get": "P"})
    assert not [m for m in moves(state, 0) if m["type"] == "m_one"]


def test_15_1_merchant_with_te8_always_terminates():
    state = acting(d=4, s=3, p=3, gold=0, display=[["TE8"], [], []])
    do(state, 0, {"type": "use", "card": 5})
    steps = 0
    while pending(state) == "MERCHANT":
        listed = moves(state, 0)
        do(state, 0, listed[-2] if len(listed) > 1 else listed[0])  # never m_done while a trade is left
        steps += 1
        assert steps < 2000
    assert stock(state, 0)[3] >= 0


def test_merchant_not_listed_without_a_possible_exchange():
    state = acting(d=1, s=1, p=1)
    assert {"type": "use", "card": 5} not in moves(state, 0)


@pytest.mark.parametrize("move,after", [({"type": "s_two", "good": "D"}, (2, 2, 1)),
                                        ({"type": "s_gold1"}, (4, 1, 2)), ({"type": "s_gold2"}, (4, 0, 4))])
def test_silversmith_rates(move, after):
    state = acting(d=4, s=0, p=0, gold=2, vp=0)
    do(state, 0, {"type": "use", "card": 10}, move)
    assert (stock(state, 0)[0], stock(state, 0)[3], stock(state, 0)[4]) == after


def test_caravan_draw_is_public_and_goes_to_discard():
    state = acting()
    do(state, 0, {"type": "use", "card": 13})
    assert R.chance(state).label == "caravan_goods"
    events = R.apply_chance(state, "GC06")
    assert {"type": "drew_goods_card", "seat": 0, "card": "GC06"} in events
    assert stock(state, 0)[2] == 4 and state.discards["goods"] == ["GC06"]


def test_caravan_choose_one_card():
    state = acting()
    do(state, 0, {"type": "use", "card": 13})
    R.apply_chance(state, "GC10")
    assert moves(state, 0) == [{"type": "good", "good": g} for g in "DSP"]
    do(state, 0, {"type": "good", "good": "S"})
    assert stock(state, 0)[:3] == (2, 3, 2)


def test_noble_play_or_discard_hand_card():
    state = acting(seat0=(1, 5, 13), seat1=(3, 6, 10), robber=2)
    assert {"type": "use", "card": 1} not in moves(state, 0)  # empty hand: no effect, not listed
    set_player(state, 0, hand="OA1")
    do(state, 0, {"type": "use", "card": 1})
    assert moves(state, 0) == [{"type": "play"}, {"type": "discard"}]
    do(state, 0, {"type": "discard"})
    assert state.players[0].hand is None and state.discards["tribe"] == ["OA1"]


def test_noble_play_pays_and_places():
    state = acting(seat0=(1, 5, 13), seat1=(3, 6, 10), robber=2)
    set_player(state, 0, hand="OA1")
    do(state, 0, {"type": "use", "card": 1}, {"type": "play"})
    assert pending(state) == "PAYMENT"
    do(state, 0, {"type": "pay", "d": 0, "s": 0, "p": 1, "gold": 1, "we9": False})
    assert moves(state, 0) == [{"type": "row", "row": r} for r in (1, 2, 3)]
    do(state, 0, {"type": "row", "row": 2})
    assert state.players[0].display == [[], ["OA1"], []] and stock(state, 0)[:4] == (2, 2, 1, 0)


def test_tribal_expansion_keep_discard_play():
    state = acting(seat0=(14, 2, 5), seat1=(3, 11, 13))
    do(state, 0, {"type": "use", "card": 14})
    events = R.apply_chance(state, "TA3")
    assert events[0] == {"type": "drew_tribe_card", "seat": 0, "_private": {"0": {"card": "TA3"}}}
    assert moves(state, 0) == [{"type": "play"}, {"type": "keep"}, {"type": "discard"}]
    do(state, 0, {"type": "keep"})
    assert state.players[0].hand == "TA3"


def test_9_1_no_keep_with_a_full_hand():
    state = acting(seat0=(14, 2, 5), seat1=(3, 11, 13), hand="OA1", d=0, s=0, p=0, gold=0)
    do(state, 0, {"type": "use", "card": 14})
    R.apply_chance(state, "TA3")
    assert moves(state, 0) == [{"type": "discard"}]
    assert "keep" in illegal(state, 0, {"type": "keep"})


def test_A6_any_unoccupied_reveals_the_target():
    state = acting({"fata_morgana_target": "any_unoccupied"}, seat0=(15, 11, 9), seat1=(2, 6, 7))
    do(state, 0, {"type": "use", "space": [1, 1]}, {"type": "use", "card": 9})
    do(state, 0, {"type": "fm", "marker": [1, 3], "target": [1, 1]})
    assert R.chance(state).label == "reveal_tribe"
    R.apply_chance(state, "CR4")
    assert {"type": "use", "space": [1, 1]} in moves(state, 0)


def test_fata_morgana_moves_an_unused_marker():
    state = acting(seat0=(15, 11, 9), seat1=(2, 6, 7))
    do(state, 0, {"type": "use", "card": 9}, {"type": "fm", "marker": [1, 3], "target": [2, 3]})
    assert {"type": "use", "space": [2, 3]} in moves(state, 0)
    assert {"type": "use", "space": [1, 3]} not in moves(state, 0)


def test_fata_morgana_not_listed_without_an_unused_marker():
    state = acting(seat0=(9, 10, 11), seat1=(5, 6, 7))  # all on one axis: no markers
    assert {"type": "use", "card": 9} not in moves(state, 0)


@pytest.mark.parametrize("mode,refilled", [("reshuffle", True), ("none", False)])
def test_A7_deck_exhaustion(mode, refilled):
    state = acting({"deck_exhaustion": mode})
    state.pool["goods"] = {"GC12": 1}
    state.deck_sizes["goods"] = 0
    state.discards["goods"] = ["GC04", "GC04"][:1]
    assert ({"type": "use", "card": 13} in moves(state, 0)) is refilled
    if refilled:
        events = do(state, 0, {"type": "use", "card": 13})
        assert {"type": "reshuffle", "deck": "goods", "cards": 1} in events
        assert state.deck_sizes["goods"] == 0 and state.pool["goods"] == {"GC12": 1, "GC04": 1}


def test_A7_a_card_laid_face_down_before_a_reshuffle_comes_from_the_old_deck():
    """Issue #18: the face-down card on (1,1) was laid from the old deck, whose last unknown card is
    GC12; the caravan's draw reshuffles the discards (GC04) in. The caravan can only draw GC04, the
    face-down card only turn up GC12 (it used to be revealed from the merged deck)."""
    state = acting({"deck_exhaustion": "reshuffle"})
    state.central[0] = Space("goods", None, "down")
    state.pool["goods"], state.deck_sizes["goods"], state.discards["goods"] = {"GC12": 1}, 0, ["GC04"]
    do(state, 0, {"type": "use", "card": 13})
    assert R.chance(state).outcomes == ["GC04"]
    with pytest.raises(EngineError):
        R.apply_chance(state, "GC12")
    R.apply_chance(state, "GC04")
    assert state.pool["goods"] == {} and state.laid_early == [{"kind": "goods", "spaces": [0], "pool": {"GC12": 1}}]
    copy = R.from_json(R.to_json(state))
    while state.chance is None or state.chance.space != 0:   # on to the end-of-round reveal of (1,1)
        assert pending(state) != "PLACE", "the round ended without revealing (1,1)"
        if state.chance is not None:
            R.apply_chance(state, R.chance(state).outcomes[0])
        else:
            legal = moves(state)
            do(state, R.to_move(state)[0], {"type": "end_actions"} if {"type": "end_actions"} in legal else legal[0])
    assert R.chance(state).outcomes == ["GC12"] and R.chance(state).weights == [1]
    R.apply_chance(state, "GC12")
    assert state.central[0] == Space("goods", "GC12", "up") and state.laid_early == []
    assert copy.laid_early == [{"kind": "goods", "spaces": [0], "pool": {"GC12": 1}}]   # stored and copied apart


def test_A7_empty_space_stays_empty_and_is_refilled_at_reveal():
    state = acting({"deck_exhaustion": "none"}, seat0=(15, 11, 6), seat1=(3, 9, 7))
    state.pool["tribe"] = {"TA9": 1}
    state.deck_sizes["tribe"] = 0
    do(state, 0, {"type": "use", "space": [1, 1]})
    assert state.central[0] == ("tribe", None, "empty")
    state.deck_sizes["tribe"] = 1  # as if a card came back: refilled face up at the reveal
    do(state, 0, {"type": "end_actions"})
    do(state, 1, {"type": "end_actions"})
    R.apply_chance(state, "TA9")
    assert state.central[0] == ("tribe", "TA9", "up")
