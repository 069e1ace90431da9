"""R3, A5, A11, P7 placement legality (worked example T4) and P10 TE9 placement."""

import pytest

from .helpers import do, finish_round, game, illegal, moves, place, set_player


def cards(state, seat):
    return [m["card"] for m in moves(state, seat)]


def t4_position(options=None):
    state = game(options, first=1)
    state["robber"] = 2  # round 2 of T4: the robber on card 2
    do(state, 1, {"type": "place", "card": 14})
    return state


def test_T4_first_placement_forbidden_cards():
    state = t4_position()
    assert cards(state, 0) == [1, 3, 5, 7, 9, 10, 11, 13, 15]


def test_T4_second_placement():
    state = t4_position()
    do(state, 0, {"type": "place", "card": 5})
    assert cards(state, 1) == [1, 3, 6, 7, 9, 10, 11, 13]


def test_T4_A5_no_opposite_own_targi_option():
    state = t4_position({"allow_opposite_own_targi": False})
    do(state, 0, {"type": "place", "card": 5})
    assert cards(state, 1) == [1, 3, 7, 9, 10, 11, 13]


def test_T4_P7_we6_allows_the_robber_card():
    state = t4_position()
    set_player(state, 1, display=[["WE6"], [], []])
    do(state, 0, {"type": "place", "card": 5})
    assert cards(state, 1) == [1, 2, 3, 6, 7, 9, 10, 11, 13]


def test_A11_opposite_robber_option():
    state = t4_position({"allow_opposite_robber": False})
    assert 10 not in cards(state, 0)


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
    assert state["stack"][-1] == {"dp": "CHOOSE_ACTION", "seat": 0}
    assert [t[1] for t in state["targi"]] == [2, 3, 7, 11, 14, 15]


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
    assert state["players"][1]["te9"] == 2
    finish_round(state)
    assert state["round"] == 2 and state["start"] == 1
    place(state, [3, 11], [14, 7, 10])
    assert state["stack"][-1] == {"dp": "CHOOSE_ACTION", "seat": 1}
    assert sum(t[0] == 1 for t in state["targi"]) == 2
    assert [m for m in state["markers"] if m[0] == 1] == []  # 3 and 11: one axis only


def test_P10_te9_only_the_round_after():
    state = te9_played_by(0)
    finish_round(state)
    place(state, [3, 11], [14, 7, 10])
    finish_round(state)
    assert state["round"] == 3
    assert state["stack"][-1]["quota"] == [3, 3]


def test_P10_te9_placement_order_when_start_player_is_limited():
    state = te9_played_by(1)
    finish_round(state)
    assert state["start"] == 0 and state["stack"][-1]["quota"] == [2, 3]
    place(state, [14, 10], [3, 15, 11])
    assert sum(t[0] == 0 for t in state["targi"]) == 2 and len(state["targi"]) == 5


def test_P10_te9_use_two_limits_border_actions():
    state = game({"te9_mode": "use_two"}, first=0)
    state["players"][0]["te9"] = 1
    place(state, [2, 3, 15], [14, 7, 11])
    do(state, 0, {"type": "use", "card": 2}, {"type": "use", "card": 3})
    assert not any(m.get("card") for m in moves(state, 0))
    assert {"type": "use", "space": [1, 2]} in moves(state, 0)


def test_fast_placement_check_agrees_with_the_listed_moves():
    from engine.games.targi.decisions import legal_place, valid_place

    from .helpers import pending, random_states
    checked = 0
    for state, _ in random_states(11, {"allow_opposite_own_targi": False, "allow_opposite_robber": False}):
        if pending(state) != "PLACE":
            continue
        frame = state["stack"][-1]
        listed = legal_place(state, frame)
        for card in [*range(0, 18), True, "5", None]:
            move = {"type": "place", "card": card}
            assert valid_place(state, frame, move) is (move in listed and type(card) is int)
        assert not valid_place(state, frame, {**listed[0], "x": 1})
        checked += 1
    assert checked > 50


def test_O6_no_legal_card_left_forfeits_the_remaining_targi():
    state = game({"allow_opposite_own_targi": False, "allow_opposite_robber": False}, first=0)
    place(state, [2, 5], [3, 6])
    events = do(state, 0, {"type": "place", "card": 7})
    assert {"type": "no_placement", "seat": 1} in events
    assert state["stack"][-1] == {"dp": "CHOOSE_ACTION", "seat": 0} and len(state["targi"]) == 5
