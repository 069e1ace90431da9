"""T1 set-up, T2 robber path and start player, T3 opposite cards, T5 intersections."""

import pytest

from engine.games.targi.board import blocked_card, intersections, opposite

from .helpers import R, game, pending, place, random_states


def test_T1_setup_state():
    state = game()
    for seat in (0, 1):
        p = state["players"][seat]
        assert (p["goods"], p["gold"], p["vp"], p["display"], p["hand"]) == ([2, 2, 2], 1, 4, [[], [], []], None)
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
                raids.append((e["raid"], state["round"], e["corner"]))
            if e["type"] == "start_player":
                first = e["seat"]
        if pending(state) == "PLACE" and not state["targi"]:
            assert state["robber"] == blocked_card(state["round"])
    assert rounds == {r: first if r % 2 else 1 - first for r in range(1, 13)}
    assert raids == [(1, 4, 4), (2, 7, 8), (3, 10, 12), (4, 12, 16)]
    assert state["robber"] == 16


@pytest.mark.parametrize("card,opp", [(1, 11), (2, 10), (3, 9), (5, 15), (6, 14), (7, 13),
                                      (11, 1), (10, 2), (9, 3), (15, 5), (14, 6), (13, 7),
                                      (4, None), (8, None), (12, None), (16, None)])
def test_T3_opposite(card, opp):
    assert opposite(card) == opp


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
