"""The worked examples of the spec (§16), one named test each.

Two players use board seats 1 and 3, which are API seats 0 and 1.
"""

import pytest

from engine import IllegalMove, canonical
from engine.games.woodwalkers import RULESET as R
from engine.games.woodwalkers.flow import decision

from .helpers import advance, animal, build, handle, play, started, targets, tile

ROLL = {"type": "roll"}


def turn_sequence(state, rounds):
    """Per round: (start player, mode chooser, acting seats), everybody passing."""
    out = []
    for _ in range(rounds):
        chooser = R.to_move(state)
        play(state, chooser[0], {"type": "choose_mode", "tile": state.display[0]})
        actors = []
        while state.phase == "turn":
            actors.append(state.active)
            play(state, state.active, {"type": "pass"}, [state.mode_pile[0]] if len(actors) == state.players else [])
        out.append((chooser[0], actors))
    return out


def test_example_01_board_invariants():
    config = build(players=4).config
    cells = "".join(config.board_rows)
    assert len(cells) == 121
    assert len(config.forest) == 25
    assert all(len(config.start_fields_by_board_seat[seat]) == 7 for seat in (1, 2, 3, 4))
    assert cells.count(".") == 68


def test_example_02_three_players_turn_order():
    state = started(players=3, first=2)
    # API seats 0, 1, 2 are board seats 1, 2, 3
    assert turn_sequence(state, 2) == [(1, [2, 0, 1]), (2, [0, 1, 2])]


def test_example_03_two_players_turn_order():
    state = started(players=2, first=1)
    # board seat 1 = API 0, board seat 3 = API 1; round 1: 3, 1; round 2: 1, 3
    assert turn_sequence(state, 2) == [(0, [1, 0]), (1, [0, 1])]


def test_example_04_round_count():
    state = started(players=2)
    shown, turns = [], [0, 0]
    while not R.is_over(state):
        shown.append(len(state.display))
        play(state, R.to_move(state)[0], {"type": "choose_mode", "tile": state.display[0]})
        while state.phase == "turn":
            turns[state.active] += 1
            refill = state.turns_taken == 1 and state.mode_pile
            play(state, state.active, {"type": "pass"}, [state.mode_pile[0]] if refill else [])
    assert shown == [3] * 14 + [2]
    assert turns == [15, 15]
    assert state.round == 15


def test_example_05_mode_choice():
    state = started(display=("cm01", "cm06", "cm11"), first=1)
    events = play(state, 0, {"type": "choose_mode", "tile": "cm11"})
    assert events[0]["attribute"] == "strength"
    assert R.view(state, 0)["mode"] == "strength"
    play(state, 1, {"type": "pass"})
    events = play(state, 0, {"type": "pass"}, ["cm16"])
    assert "cm11" not in state.mode_pile and state.display == ["cm01", "cm06", "cm16"]
    assert {"type": "display", "tile": "cm16", "attribute": "intelligence"} in events


@pytest.mark.parametrize("die, expected", [
    (2, [(8, 5), (9, 4), (9, 5), (9, 6)]),
    (3, [(7, 5), (8, 4), (8, 5), (8, 6), (9, 3), (9, 4), (9, 5), (9, 6), (9, 7)]),
])
def test_example_06_reachability(die, expected):
    state = build()
    play(state, 0, ROLL, [die])
    deer = handle(state, 0, "deer")  # species 3 starts on (10,5)
    assert state.positions[animal(state, 0, "deer")] == 10 * 11 + 5
    assert targets(state, 0, deer) == expected
    assert {"type": "stay"} in R.legal_moves(state, 0)
    config = state.config
    forest = {tuple(config.field(f)) for f in config.forest}
    assert [t for t in expected if t in forest] == [t for t in [(7, 5), (8, 4), (8, 6)] if t in expected]


@pytest.mark.parametrize("die", range(1, 7))
def test_example_07_opponent_blocks_and_is_the_only_target(die):
    state = build(where={(1, "puma"): (9, 5)})
    play(state, 0, ROLL, [die])
    assert targets(state, 0, handle(state, 0, "deer")) == [(9, 5)]
    assert {"type": "stay"} in R.legal_moves(state, 0)


def test_example_08_foreign_start_fields():
    state = build(where={(0, "puma"): (1, 5)})
    play(state, 0, ROLL, [1])
    puma = handle(state, 0, "puma")
    assert state.occupant[5] >= 0  # a seat-3 animal stands on (0,5): no attack there
    assert targets(state, 0, puma) == [(1, 4), (1, 6), (2, 5)]
    state = build(where={(0, "puma"): (1, 5), (1, "deer"): (1, 1)})
    play(state, 0, ROLL, [1])
    assert (0, 5) not in targets(state, 0, puma)  # empty, still no stop
    state = build(where={(0, "puma"): (5, 1)})
    play(state, 0, ROLL, [1])
    assert (5, 0) in targets(state, 0, puma)  # seat 2 unused: a plain field


def test_example_08_foreign_start_field_may_be_passed_when_empty():
    where = {(0, "puma"): (0, 1), (0, "wolf"): (1, 1)}
    state = build(where={**where, (1, "puma"): (5, 5)})
    play(state, 0, ROLL, [2])
    assert (1, 2) in targets(state, 0, handle(state, 0, "puma"))  # through empty (0,2)
    state = build(where=where)
    play(state, 0, ROLL, [2])
    assert (1, 2) not in targets(state, 0, handle(state, 0, "puma"))  # (0,2) occupied


@pytest.mark.parametrize("kind, value", [("plus1", None), ("flag", 10), ("medicine", None), ("dice", None)])
def test_example_09_reveal(kind, value):
    state = build(where={(0, "deer"): (10, 4), (0, "bison"): (10, 5)})
    play(state, 0, ROLL, [2])
    events = play(state, 0, {"type": "move", "animal": handle(state, 0, "deer"), "to": [8, 4]},
                  [tile(state, kind, value)])
    assert {"type": "reveal", "seat": 0, "at": [8, 4], "kind": kind, "value": value} in events
    view = R.view(state, 1)
    on_field = [t for t in view["forest"] if t["at"] == [8, 4]]
    assert view["vp"][0] == (1 if kind == "plus1" else 0)
    assert view["held"][0] == {"medicine": int(kind == "medicine"), "dice": int(kind == "dice")}
    if kind == "flag":
        assert on_field == [{"at": [8, 4], "revealed": True, "kind": "flag", "value": 10}]
        assert [a["at"] for a in view["animals"] if a["handle"] == handle(state, 0, "deer")] == [[8, 4]]
    else:
        assert on_field == []


def duel(state, challenger_seat, challenger, to, rolls, move_die=1, returns=()):
    """Roll ``move_die``, move onto ``to``; the duel rolls follow; returns the events."""
    play(state, challenger_seat, ROLL, [move_die])
    events = play(state, challenger_seat,
                  {"type": "move", "animal": handle(state, challenger_seat, challenger), "to": list(to)},
                  list(rolls))
    return events


def result(events):
    return next(e for e in events if e["type"] == "duel" and e["stage"] == "result")


def test_example_10_duel_challenger_wins():
    state = build(where={(0, "bear"): (9, 5), (1, "squirrel"): (8, 5), (1, "puma"): (1, 1)},
                  wounds={(1, "squirrel"): 1}, mode="strength")
    res = result(duel(state, 0, "bear", (8, 5), [2, 6]))
    assert (res["challenger"]["total"], res["defender"]["total"]) == (7, 6)
    assert res["winner"] == "challenger"
    assert state.duel_points == [2, 0]
    assert state.positions[animal(state, 0, "bear")] == 8 * 11 + 5
    assert R.to_move(state) == [1] and decision(state) == "return"
    assert R.legal_moves(state, 1) == [{"type": "return", "to": [0, 2]}, {"type": "return", "to": [0, 8]}]
    play(state, 1, {"type": "return", "to": [0, 2]})
    squirrel = animal(state, 1, "squirrel")
    assert state.positions[squirrel] == 2 and state.wounds[squirrel] == 2


def test_example_11_tie_goes_to_the_defender():
    state = build(where={(0, "otter"): (9, 4), (1, "deer"): (9, 5), (0, "puma"): (9, 1)},
                  wounds={(0, "otter"): 1}, mode="intelligence")
    res = result(duel(state, 0, "otter", (9, 5), [3, 3]))
    assert (res["challenger"]["total"], res["defender"]["total"]) == (6, 6)
    assert res["winner"] == "defender" and state.duel_points == [0, 2]
    assert R.to_move(state) == [0]
    assert [m["to"] for m in R.legal_moves(state, 0)] == [[10, 2], [10, 7]]
    play(state, 0, {"type": "return", "to": [10, 2]})
    otter = animal(state, 0, "otter")
    assert state.positions[otter] == 10 * 11 + 2 and state.wounds[otter] == 2
    assert state.positions[animal(state, 1, "deer")] == 9 * 11 + 5


def test_example_12_third_wound_eliminates():
    state = build(where={(0, "wolf"): (9, 4), (1, "deer"): (9, 5)}, wounds={(0, "wolf"): 2}, mode="speed")
    res = result(duel(state, 0, "wolf", (9, 5), [6, 2]))
    assert (res["challenger"]["total"], res["defender"]["total"]) == (7, 7)
    assert res["eliminated"] and state.duel_points == [0, 2]
    wolf = animal(state, 0, "wolf")
    assert state.eliminated[wolf] and state.positions[wolf] < 0
    assert R.view(state, 1)["cards"][0]["wolf"]["eliminated"] is True
    assert decision(state) == "turn" and state.active == 1  # no return choice


def test_example_13_no_value_floor():
    state = build(where={(1, "bison"): (8, 5), (0, "squirrel"): (9, 5)}, wounds={(0, "squirrel"): 2},
                  mode="strength", actor=1)
    res = result(duel(state, 1, "bison", (9, 5), [1, 1]))
    assert (res["challenger"]["total"], res["defender"]["total"]) == (6, 0)
    assert res["winner"] == "challenger" and res["eliminated"] and state.duel_points == [0, 2]


def test_example_14_medicine():
    state = build(where={(0, "bear"): (9, 5), (1, "squirrel"): (8, 5)}, wounds={(1, "squirrel"): 2},
                  mode="strength")
    state.medicine[1] = 2
    duel(state, 0, "bear", (8, 5), [2])
    squirrel = handle(state, 1, "squirrel")
    assert R.to_move(state) == [1] and decision(state) == "duel_roll"
    assert R.legal_moves(state, 1) == [{"type": "use_medicine", "animal": squirrel}, {"type": "duel_roll"}]
    before = canonical(R.to_json(state))
    with pytest.raises(IllegalMove, match="no wound"):
        R.apply(state, 1, {"type": "use_medicine", "animal": handle(state, 1, "puma")})
    assert canonical(R.to_json(state)) == before
    play(state, 1, {"type": "use_medicine", "animal": squirrel})
    assert state.wounds[animal(state, 1, "squirrel")] == 1 and state.medicine[1] == 1
    assert R.view(state, 0)["duel"]["values"]["defender"]["value"] == 0
    res = result(play(state, 1, {"type": "duel_roll"}, [4]))
    assert res["defender"]["total"] == 4


@pytest.mark.parametrize("rerolls", [[4], [1, 5]])
def test_example_15_dice_tile(rerolls):
    """Each re-roll spends a tile and binds; the second 1 is re-rolled with a second tile."""
    state = build(where={(0, "bear"): (9, 5), (1, "squirrel"): (8, 5)}, mode="strength")
    state.dice_tiles[0] = len(rerolls)
    duel(state, 0, "bear", (8, 5), [1])
    assert R.legal_moves(state, 0) == [{"type": "reroll"}, {"type": "accept"}]
    events = []
    for i, value in enumerate(rerolls):
        last = i == len(rerolls) - 1
        events = play(state, 0, {"type": "reroll"}, [value, 3] if last else [value])
        assert {"type": "roll", "seat": 0, "value": value, "purpose": "reroll"} in events
    assert state.dice_tiles[0] == 0
    assert result(events)["challenger"]["roll"] == rerolls[-1]


@pytest.mark.parametrize("guess, winner, totals", [
    (None, "challenger", (7, 6)), ("wolf", "defender", (7, 7)), ("bear", "challenger", (8, 6))])
def test_example_16_night_guess(guess, winner, totals):
    state = build(where={(0, "wolf"): (9, 4), (1, "otter"): (9, 5)}, mode="endurance", variant="night")
    duel(state, 0, "wolf", (9, 5), [])
    assert decision(state) == "guess" and R.to_move(state) == [1]
    move = {"type": "no_guess"} if guess is None else {"type": "guess", "species": guess}
    res = result(play(state, 1, move, [3, 1]))
    assert res["winner"] == winner
    assert (res["challenger"]["total"], res["defender"]["total"]) == totals


def flags_state(**kw):
    """Example 17 position: seat 0 on flags 10 and 5, seat 1 on flag 15, one empty flag 10."""
    state = build(where={(0, "puma"): (2, 2), (0, "wolf"): (2, 4), (1, "puma"): (2, 6)}, **kw)
    for rc, value in (((2, 2), 10), ((2, 4), 5), ((2, 6), 15), ((2, 8), 10)):
        state.forest[state.config.forest_index[rc[0] * 11 + rc[1]]] = value
    return state


def test_example_17_flag_scoring():
    sheet = R.score(flags_state())
    assert [s["breakdown"]["flags"] for s in sheet["scores"]] == [15, 15]


def test_example_18_tiebreak_flags_occupied():
    state = flags_state()
    state.plus1 = [9, 9]
    sheet = R.score(state)
    assert [s["total"] for s in sheet["scores"]] == [24, 24]
    assert sheet["winners"] == [0]


@pytest.mark.parametrize("tiebreak, winners", [("in_play", [1]), ("all_received", [0])])
def test_example_19_tiebreak_wounds(tiebreak, winners):
    state = build(where={(1, "bison"): None}, wounds={(0, "puma"): 2, (0, "wolf"): 1, (1, "puma"): 2},
                  tiebreak_wounds=tiebreak)
    state.wounds_received = [3, 5]
    assert R.score(state)["winners"] == winners


def test_example_19_everything_equal_shares_the_win():
    assert R.score(build())["winners"] == [0, 1]


def test_example_20_player_without_animals():
    species = ("puma", "wolf", "bison", "deer", "bear", "otter", "squirrel")
    state = build(where={(1, s): None for s in species}, actor=0, start=1)
    assert R.legal_moves(state, 1) == []
    play(state, 0, {"type": "pass"}, ["cm02", "cm03", "cm04"])  # seat 1's turn passes by itself
    assert state.round == 2 and R.to_move(state) == [0] and decision(state) == "choose_mode"
    play(state, 0, {"type": "choose_mode", "tile": "cm02"})
    assert state.active == 0  # seat 1 passed automatically again
    play(state, 0, {"type": "pass"}, ["cm05"])
    assert R.to_move(state) == [1] and decision(state) == "choose_mode"
    assert len(R.legal_moves(state, 1)) == 3
