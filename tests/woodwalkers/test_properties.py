"""Property tests on random playouts, and the conformance checks on the option variants."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Match, Rng
from engine.games.woodwalkers import RULESET as R

from ..conformance import full_check

VARIANTS = [
    {"variant": "night"},
    {"variant": "night", "arrangement": "random", "return_field_choice": "random", "night_guess": "mandatory"},
    {"allow_zero_move": False, "may_skip_turn": False, "forest_blocks_movement": True,
     "first_start_player": 3, "tiebreak_wounds": "all_received", "value_floor": 0},
]


def check_invariants(match, earned):
    state = match.state
    config, seating = state.config, state.seating
    # one animal per field, board and positions agree
    on_board = [a for a in range(seating.animal_count) if state.positions[a] >= 0]
    assert len({state.positions[a] for a in on_board}) == len(on_board)
    assert all(state.occupant[state.positions[a]] == a for a in on_board)
    assert sum(1 for a in state.occupant if a >= 0) == len(on_board)
    # wounds never exceed the elimination count; eliminated animals are off the board
    limit = state.options["wounds_to_eliminate"]
    for a in range(seating.animal_count):
        assert 0 <= state.wounds[a] <= limit
        assert (state.wounds[a] == limit) == bool(state.eliminated[a]) or state.species[a] < 0
        assert not (state.eliminated[a] and state.positions[a] >= 0)
    # points only from +1 tiles, duels won and occupied flags
    for entry in match.score()["scores"]:
        seat, breakdown = entry["seat"], entry["breakdown"]
        assert breakdown["plus1"] == earned[seat]["plus1"]
        assert breakdown["duels"] == earned[seat]["duels"]
        flags = sum(v for k, v in enumerate(state.forest)
                    if v > 0 and state.occupant[config.forest[k]] >= 0
                    and seating.owner(state.occupant[config.forest[k]]) == seat)
        assert breakdown["flags"] == flags
        assert entry["total"] == sum(breakdown.values())
    # at night, no view shows another seat's identity outside a running duel
    if state.options["variant"] == "night":
        duel = state.duel
        duellists = set() if duel is None or state.phase == "guess" else \
            {seating.handles[duel.challenger], seating.handles[duel.defender]}
        for viewer in [None, *range(state.players)]:
            for seen in match.view(viewer)["animals"]:
                if seen["seat"] != viewer and seen["handle"] not in duellists and not seen["eliminated"]:
                    assert seen["species"] is None


def tally(events, earned, vp):
    for event in events:
        if event["type"] == "reveal" and event["kind"] == "plus1":
            earned[event["seat"]]["plus1"] += 1
        if event["type"] == "duel" and event["stage"] == "result":
            winner = event[event["winner"]]["seat"]
            earned[winner]["duels"] += vp


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), night=st.booleans())
def test_invariants_hold_at_every_turn_end(seed, players, night):
    match = Match.create(R, players, {"variant": "night" if night else "day"}, seed)
    agent = Rng(seed)
    earned = [{"plus1": 0, "duels": 0} for _ in range(players)]
    vp = match.options["duel_vp"]
    check_invariants(match, earned)
    while match.status == "active":
        seat = agent.choice(match.to_move())
        entry = match.play(seat, agent.choice(match.legal_moves(seat)))
        tally(entry["events"], earned, vp)
        check_invariants(match, earned)


@pytest.mark.parametrize("options, players", [(VARIANTS[0], 4), (VARIANTS[1], 3), (VARIANTS[2], 2)],
                         ids=["night-4p", "night-random-3p", "strict-moves-2p"])
def test_conformance_on_option_variants(options, players):
    full_check(R, players, 11, options)


@pytest.mark.slow
@pytest.mark.parametrize("options", VARIANTS, ids=["night", "night-random", "strict-moves"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_on_option_variants_many_seeds(options, players):
    for seed in range(20, 30):
        full_check(R, players, seed, options)
