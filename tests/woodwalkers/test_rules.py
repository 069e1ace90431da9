"""Rule scenarios beyond the worked examples: arrangement, options, windows, illegal moves."""

import pytest

from engine import IllegalMove, Match, NotYourTurn, canonical
from engine.games.woodwalkers import RULESET as R
from engine.games.woodwalkers.flow import decision

from .helpers import advance, animal, build, handle, play, started, targets, tile

ROLL = {"type": "roll"}


# -- setup and arrangement (§5, §15) -----------------------------------------------------

def test_arrangement_is_simultaneous_one_animal_per_move():
    state = R.setup(2, R.make_options({}))
    assert R.to_move(state) == [0, 1]
    moves = R.legal_moves(state, 0)
    assert len(moves) == 49 and moves[0] == {"type": "arrange", "species": "puma", "to": [10, 2]}
    play(state, 0, {"type": "arrange", "species": "otter", "to": [10, 2]})
    assert len(R.legal_moves(state, 0)) == 36
    with pytest.raises(IllegalMove, match="already placed"):
        R.apply(state, 0, {"type": "arrange", "species": "otter", "to": [10, 3]})
    with pytest.raises(IllegalMove, match="empty start fields of your own"):
        R.apply(state, 0, {"type": "arrange", "species": "wolf", "to": [0, 2]})


def test_arrangement_last_animal_goes_automatically_then_display_and_start_player():
    match = Match.create(R, 2, {}, seed=3)
    for seat in (0, 1):
        for i in range(6):
            match.play(seat, match.legal_moves(seat)[0])
    assert match.state.phase == "mode"
    assert len(match.state.display) == 3 and match.state.start_index in (0, 1)
    assert all(s >= 0 for s in match.state.species)


def test_random_arrangement_uses_chance_steps_only():
    state = R.setup(2, R.make_options({"arrangement": "random"}))
    assert R.to_move(state) == [] and R.chance(state).label == "arrangement"
    assert R.chance(state).outcomes == list(range(7))


def test_first_start_player_option_skips_the_draw():
    state = started(players=4, first=4, display=("cm01", "cm02", "cm03"))
    assert R.to_move(state) == [3]


# -- turn (§7) -------------------------------------------------------------------------------

def test_turn_offers_roll_and_pass():
    assert R.legal_moves(build(), 0) == [ROLL, {"type": "pass"}]


def test_may_skip_turn_off_forbids_passing():
    state = build(may_skip_turn=False)
    assert R.legal_moves(state, 0) == [ROLL]
    with pytest.raises(IllegalMove, match="may_skip_turn"):
        R.apply(state, 0, {"type": "pass"})


def test_allow_zero_move_off_forbids_staying_when_a_move_exists():
    state = build(allow_zero_move=False)
    play(state, 0, ROLL, [1])
    assert {"type": "stay"} not in R.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="allow_zero_move"):
        R.apply(state, 0, {"type": "stay"})


def test_forest_blocks_movement_option():
    where = {(0, "puma"): (9, 4)}
    state = build(where=where)
    play(state, 0, ROLL, [2])
    assert (7, 4) in targets(state, 0, handle(state, 0, "puma"))  # over the face-down (8,4)
    state = build(where=where, forest_blocks_movement=True)
    play(state, 0, ROLL, [2])
    found = targets(state, 0, handle(state, 0, "puma"))
    assert (8, 4) in found and (7, 4) not in found


def test_explicit_path_is_validated():
    state = build(where={(0, "puma"): (9, 4)})
    play(state, 0, ROLL, [3])
    puma = handle(state, 0, "puma")
    bad = [([9, 5], [[9, 5], [9, 6], [9, 5]], "simple orthogonal"),
           ([8, 5], [[8, 5], [8, 5]], "simple orthogonal"),
           ([7, 4], [[8, 5], [7, 4]], "simple orthogonal"),
           ([8, 5], [[9, 5], [8, 6]], "end on the target"),
           ([7, 4], [[8, 4], [7, 4], [6, 4], [7, 4]], "1 to 3"),
           ([8, 5], [[9, 5], [99, 5]], "each path entry"),
           ([8, 5], [[9, 5], [8]], "each path entry"),
           ([8, 5], [[9, 5], "x"], "malformed 'move' move")]
    for to, path, message in bad:
        with pytest.raises(IllegalMove, match=message):
            R.apply(state, 0, {"type": "move", "animal": puma, "to": to, "path": path})
    play(state, 0, {"type": "move", "animal": puma, "to": [8, 5], "path": [[9, 5], [8, 5]]})
    assert state.positions[animal(state, 0, "puma")] == 8 * 11 + 5


def test_path_may_not_pass_an_animal():
    state = build(where={(0, "puma"): (9, 4), (1, "puma"): (9, 5)})
    play(state, 0, ROLL, [3])
    with pytest.raises(IllegalMove, match="may not pass"):
        R.apply(state, 0, {"type": "move", "animal": handle(state, 0, "puma"), "to": [8, 6],
                           "path": [[9, 5], [9, 6], [8, 6]]})


def test_revealed_flag_does_not_reveal_again_and_stays():
    state = build(where={(0, "puma"): (9, 4)})
    state.forest[state.config.forest_index[8 * 11 + 4]] = 15
    play(state, 0, ROLL, [1])
    play(state, 0, {"type": "move", "animal": handle(state, 0, "puma"), "to": [8, 4]})
    assert decision(state) == "turn" and state.active == 1
    assert R.score(state)["scores"][0]["breakdown"]["flags"] == 15


def test_forest_reveal_draws_from_the_remaining_mix():
    state = build(where={(0, "puma"): (9, 4)})
    play(state, 0, ROLL, [1])
    R.apply(state, 0, {"type": "move", "animal": handle(state, 0, "puma"), "to": [8, 4]})
    chance = R.chance(state)
    assert sum(chance.weights) == 25
    assert dict(zip([state.config.tile_types[i] for i in chance.outcomes], chance.weights))[("flag", 15)] == 1
    advance(state, [tile(state, "flag", 15)])
    assert state.tiles_left[tile(state, "flag", 15)] == 0


def test_medicine_windows_turn_start_and_after_roll():
    state = build(wounds={(0, "puma"): 1})
    state.medicine[0] = 1
    puma = handle(state, 0, "puma")
    assert R.legal_moves(state, 0)[2] == {"type": "use_medicine", "animal": puma}
    state.medicine[0] = 2
    play(state, 0, ROLL, [1])
    assert R.legal_moves(state, 0)[0] == {"type": "use_medicine", "animal": puma}
    play(state, 0, {"type": "use_medicine", "animal": puma})
    assert state.wounds[animal(state, 0, "puma")] == 0 and decision(state) == "move"


def test_heal_keeps_the_reroll_window_open():
    state = build(wounds={(0, "puma"): 1})
    state.medicine[0], state.dice_tiles[0] = 1, 1
    play(state, 0, ROLL, [2])
    play(state, 0, {"type": "use_medicine", "animal": handle(state, 0, "puma")})
    assert decision(state) == "move" and R.legal_moves(state, 0)[0] == {"type": "reroll"}


def test_choose_mode_only_from_the_display():
    state = started(display=("cm01", "cm06", "cm11"), first=1)
    assert R.legal_moves(state, 0) == [{"type": "choose_mode", "tile": t} for t in ("cm01", "cm06", "cm11")]
    with pytest.raises(IllegalMove, match="displayed tiles"):
        R.apply(state, 0, {"type": "choose_mode", "tile": "cm02"})


def test_reroll_after_movement_roll():
    state = build()
    state.dice_tiles[0] = 1
    play(state, 0, ROLL, [1])
    assert {"type": "reroll"} in R.legal_moves(state, 0)
    events = play(state, 0, {"type": "reroll"}, [6])
    assert state.movement_roll == 6 and {"type": "roll", "seat": 0, "value": 6, "purpose": "reroll"} in events
    assert {"type": "reroll"} not in R.legal_moves(state, 0)


# -- duels (§9, §11) -----------------------------------------------------------------------------

def test_duel_moves_the_seat_to_act_to_the_defender():
    state = build(where={(0, "bear"): (9, 5), (1, "squirrel"): (8, 5)})
    state.medicine[1] = 1
    state.wounds[animal(state, 1, "puma")] = 1
    play(state, 0, ROLL, [1])
    play(state, 0, {"type": "move", "animal": handle(state, 0, "bear"), "to": [8, 5]}, [5])
    assert R.to_move(state) == [1] and decision(state) == "duel_roll"
    view = R.view(state, 0)
    assert view["duel"]["challenger_roll"] == 5 and view["pending"]["seats"] == [1]


def test_challenger_may_heal_before_the_duel_roll():
    state = build(where={(0, "bear"): (9, 5), (1, "squirrel"): (8, 5)}, wounds={(0, "bear"): 1})
    state.medicine[0] = 1
    play(state, 0, ROLL, [1])
    events = play(state, 0, {"type": "move", "animal": handle(state, 0, "bear"), "to": [8, 5]})
    assert events[0]["type"] == "moved" and events[1]["stage"] == "reveal"
    assert R.to_move(state) == [0] and R.legal_moves(state, 0) == [
        {"type": "use_medicine", "animal": handle(state, 0, "bear")}, {"type": "duel_roll"}]
    events = play(state, 0, {"type": "use_medicine", "animal": handle(state, 0, "bear")}, [3, 4])
    assert {"type": "roll", "seat": 0, "value": 3, "purpose": "duel"} in events
    assert next(e for e in events if e.get("stage") == "result")["challenger"]["value"] == 5


def test_night_guess_lists_only_species_in_play_and_can_be_mandatory():
    state = build(where={(0, "wolf"): (9, 4), (1, "otter"): (9, 5), (0, "bear"): None},
                  variant="night", night_guess="mandatory")
    play(state, 0, ROLL, [1])
    play(state, 0, {"type": "move", "animal": handle(state, 0, "wolf"), "to": [9, 5]})
    moves = R.legal_moves(state, 1)
    assert [m["species"] for m in moves] == ["puma", "wolf", "bison", "deer", "otter", "squirrel"]
    with pytest.raises(IllegalMove, match="mandatory"):
        R.apply(state, 1, {"type": "no_guess"})
    with pytest.raises(IllegalMove, match="still has in play"):
        R.apply(state, 1, {"type": "guess", "species": "bear"})


def test_random_return_field_is_a_chance_step():
    state = build(where={(0, "bear"): (9, 5), (1, "squirrel"): (8, 5), (1, "puma"): (1, 1)},
                  return_field_choice="random")
    play(state, 0, ROLL, [1])
    events = play(state, 0, {"type": "move", "animal": handle(state, 0, "bear"), "to": [8, 5]}, [6, 1, 6])
    assert decision(state) == "turn"  # no seat decided the return field
    assert events[-1] == {"type": "returned", "seat": 1, "animal": "s3f7", "at": [0, 8]}
    assert state.positions[animal(state, 1, "squirrel")] == 8


def test_value_floor_option():
    state = build(where={(1, "bison"): (8, 5), (0, "squirrel"): (9, 5)}, wounds={(0, "squirrel"): 2},
                  actor=1, value_floor=0)
    play(state, 1, ROLL, [1])
    events = play(state, 1, {"type": "move", "animal": handle(state, 1, "bison"), "to": [9, 5]}, [1, 1])
    assert next(e for e in events if e.get("stage") == "result")["defender"]["value"] == 0


def test_duel_winner_on_a_flag_keeps_it():
    state = build(where={(0, "bear"): (9, 4), (1, "squirrel"): (8, 4)})
    state.forest[state.config.forest_index[8 * 11 + 4]] = 10
    play(state, 0, ROLL, [1])
    play(state, 0, {"type": "move", "animal": handle(state, 0, "bear"), "to": [8, 4]}, [6, 1])
    assert R.score(state)["scores"][0]["breakdown"] == {"plus1": 0, "duels": 2, "flags": 10}


# -- illegal moves: rule named, state unchanged ---------------------------------------------------

@pytest.mark.parametrize("move, message", [
    ({"type": "stay"}, "not possible now"),
    ({"type": "roll", "extra": 1}, "malformed 'roll' move"),
    ({"type": "use_medicine", "animal": "s1f1"}, "no medicine"),
    ({"type": "reroll"}, "not possible now"),
    ("roll", "JSON object"),
])
def test_illegal_moves_at_turn_start(move, message):
    state = build()
    before = canonical(R.to_json(state))
    with pytest.raises(IllegalMove, match=message):
        R.apply(state, 0, move)
    assert canonical(R.to_json(state)) == before


@pytest.mark.parametrize("move, message", [
    ({"type": "move", "animal": "s3f1", "to": [1, 2]}, "not one of your animals"),
    ({"type": "move", "animal": "nope", "to": [9, 2]}, "not one of your animals"),
    ({"type": "move", "animal": "s1f1", "to": [7, 2]}, "reachable in 1 to 1"),
    ({"type": "move", "animal": "s1f2", "to": [10, 2]}, "reachable"),
    ({"type": "move", "animal": "s1f1", "to": [99, 2]}, "reachable"),
    ({"type": "move", "animal": "s1f1", "to": [9, "2"]}, "malformed 'move' move"),
    ({"type": "move", "animal": "s1f1", "to": [9, True]}, "malformed 'move' move"),
    ({"type": "reroll"}, "no dice tile"),
    ({"type": "use_medicine", "animal": "s1f1"}, "no medicine"),
])
def test_illegal_moves_after_roll(move, message):
    state = build()
    play(state, 0, ROLL, [1])
    before = canonical(R.to_json(state))
    with pytest.raises(IllegalMove, match=message):
        R.apply(state, 0, move)
    assert canonical(R.to_json(state)) == before


def test_moving_out_of_turn_is_rejected():
    state = build()
    with pytest.raises(NotYourTurn, match="seat 1 is not to move"):
        R.apply(state, 1, ROLL)
    assert R.legal_moves(state, 1) == []


# -- score -------------------------------------------------------------------------------------------

def test_score_is_provisional_mid_game_and_sums():
    state = build()
    state.plus1, state.duel_points = [3, 1], [2, 4]
    sheet = R.score(state)
    assert [s["total"] for s in sheet["scores"]] == [5, 5]
    assert all(s["total"] == sum(s["breakdown"].values()) for s in sheet["scores"])
