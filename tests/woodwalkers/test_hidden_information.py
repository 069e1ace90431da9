"""Hidden information (§14): games that differ only in hidden facts look the same to others."""

import json

import pytest

from engine import IllegalMove, Match, Rng, canonical
from engine.games.woodwalkers import RULESET as R

from .helpers import animal, build, handle, play

SPECIES = ("puma", "wolf", "bison", "deer", "bear", "otter", "squirrel")


def arranged_pair(variant, seed, pairs=6, check=None):
    """Two games whose seat 1 puts the same fields under a different species order."""
    games = [(Match.create(R, 2, {"variant": variant}, seed), []) for _ in range(2)]
    fields = [m["to"] for m in games[0][0].legal_moves(1)[:7]]
    for i in range(pairs):
        for (match, log), order in zip(games, (SPECIES, SPECIES[::-1])):
            log.append(match.play(0, {"type": "arrange", "species": SPECIES[i], "to": [10, 2 + i]}))
            log.append(match.play(1, {"type": "arrange", "species": order[i], "to": fields[i]}))
        if check:
            check(*games)
    return games


def seen_by(match, log, seat):
    return (canonical(match.view(seat)), canonical(match.legal_moves(seat)),
            canonical([match.entry_view(e, seat) for e in log]))


def test_day_arrangement_is_hidden_until_all_are_in():
    def same_for_seat_0(a, b):
        if a[0].state.phase == "arrange":
            assert seen_by(*a, 0) == seen_by(*b, 0)
            assert seen_by(*a, 1) != seen_by(*b, 1)

    (a, _), (b, _) = arranged_pair("day", 4, check=same_for_seat_0)
    assert a.view(0)["phase"] != "arrange"  # complete: day species are public now
    assert canonical(a.view(0)["animals"]) != canonical(b.view(0)["animals"])


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_night_identities_never_reach_other_seats(seed):
    (a, log_a), (b, log_b) = arranged_pair("night", seed)
    agent = Rng(seed)
    compared = 0
    while a.status == "active":
        assert seen_by(a, log_a, 0) == seen_by(b, log_b, 0)
        assert canonical(a.view(None)) == canonical(b.view(None))
        compared += 1
        seat = a.to_move()[0]
        move = agent.choice(a.legal_moves(seat))
        entry_a, entry_b = a.play(seat, move), b.play(seat, move)
        log_a.append(entry_a)
        log_b.append(entry_b)
        if any(e["type"] == "duel" and e["stage"] == "reveal" for e in entry_a["events"]):
            break  # a duel shows both identities to everybody
    assert compared > 5


def test_night_view_and_events_hide_other_identities():
    state = build(variant="night", where={(0, "puma"): (9, 4)}, wounds={(0, "puma"): 1})
    state.medicine[0] = 1
    view = R.view(state, 1)
    assert all(a["species"] is None for a in view["animals"] if a["seat"] == 0)
    assert all(a["species"] is not None for a in view["animals"] if a["seat"] == 1)
    events = play(state, 0, {"type": "use_medicine", "animal": "s1f1"})
    assert "animal" not in events[0] and events[0]["_private"] == {"0": {"animal": "s1f1"}}
    events = play(state, 0, {"type": "roll"}, [1])
    events = play(state, 0, {"type": "move", "animal": "s1f1", "to": [9, 3]})
    assert "species" not in events[0]
    assert R.redact_move({"type": "use_medicine", "animal": "s1f1"}, 0, 1) == {"type": "use_medicine"}
    assert R.redact_move({"type": "arrange", "species": "puma", "to": [10, 2]}, 0, 1) == {"type": "arrange"}
    assert R.redact_move({"type": "arrange", "species": "puma", "to": [10, 2]}, 0, 0)["species"] == "puma"


def test_night_duel_shows_both_identities_then_hides_them():
    state = build(variant="night", where={(0, "wolf"): (9, 4), (1, "otter"): (9, 5), (0, "puma"): (9, 1)},
                  mode="endurance")
    play(state, 0, {"type": "roll"}, [1])
    play(state, 0, {"type": "move", "animal": handle(state, 0, "wolf"), "to": [9, 5]})
    guessing = R.view(state, 1)["duel"]
    assert guessing["challenger_species"] is None and "values" not in guessing
    state.dice_tiles[0] = 1
    events = play(state, 1, {"type": "no_guess"}, [1])
    reveal = next(e for e in events if e.get("stage") == "reveal")
    assert (reveal["challenger_species"], reveal["defender_species"]) == ("wolf", "otter")
    assert R.view(state, 1)["duel"]["challenger_species"] == "wolf"
    play(state, 0, {"type": "accept"}, [1])
    play(state, 0, {"type": "return", "to": [10, 2]})
    spectator = R.view(state, None)
    assert all(a["species"] is None for a in spectator["animals"])


def test_night_error_messages_name_no_identity():
    state = build(variant="night")
    play(state, 0, {"type": "roll"}, [1])
    for move in ({"type": "move", "animal": "s3f2", "to": [1, 3]},
                 {"type": "move", "animal": "s1f1", "to": [0, 2]}):
        with pytest.raises(IllegalMove) as info:
            R.apply(state, 0, move)
        assert not any(s in info.value.message for s in SPECIES)


def test_determinize_keeps_own_and_shown_identities_and_resamples_the_rest():
    state = build(variant="night")
    shown = animal(state, 1, "wolf")
    state.shown[shown] = 1
    rng = Rng(5)
    layouts = set()
    for _ in range(30):
        other = R.determinize(state, 0, rng)
        assert other.species[:7] == state.species[:7]
        assert other.species[shown] == state.species[shown]
        assert sorted(other.species[7:]) == sorted(state.species[7:])
        assert canonical(R.view(other, 0)) == canonical(R.view(state, 0))
        layouts.add(tuple(other.species[7:]))
    assert len(layouts) > 10


def test_determinize_during_arrangement_resamples_other_placements():
    state = R.setup(2, R.make_options({"variant": "night"}))
    play(state, 1, {"type": "arrange", "species": "bear", "to": [0, 2]})
    rng = Rng(2)
    seen = {json.dumps(R.determinize(state, 0, rng).positions[7:]) for _ in range(20)}
    assert len(seen) > 1
    assert all(canonical(R.view(R.determinize(state, 0, rng), 0)) == canonical(R.view(state, 0))
               for _ in range(5))


def test_face_down_tiles_do_not_exist_before_they_are_revealed():
    state = build(where={(0, "puma"): (9, 4)})
    assert set(state.forest) == {0} and "forest_left" in R.view(state, 0)
    play(state, 0, {"type": "roll"}, [1])
    R.apply(state, 0, {"type": "move", "animal": handle(state, 0, "puma"), "to": [8, 4]})
    assert len(R.chance(state).outcomes) == len(state.config.tile_types)  # every kind still possible
