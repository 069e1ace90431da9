"""The conformance suite: every registered ruleset (and the test-only toy game)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import GameOver, IllegalMove, InvalidOptions, Match, NotYourTurn, canonical
from engine.registry import rulesets

from .conformance import full_check, random_playout
from .toy_game import TOY

ALL = [TOY, *rulesets().values()]
CASES = [(r, n) for r in ALL for n in range(r.min_players, r.max_players + 1)]


def case_id(case):
    ruleset, players = case
    return f"{ruleset.id}-{players}p"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_full_checks_on_random_playouts(case):
    ruleset, players = case
    for seed in (1, 2):
        full_check(ruleset, players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_full_checks_on_many_playouts(case):
    ruleset, players = case
    for seed in range(3, 23):
        full_check(ruleset, players, seed)


@pytest.mark.parametrize("ruleset", ALL, ids=lambda r: r.id)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_random_playouts_end_and_replay(ruleset, seed):
    players = ruleset.min_players + seed % (ruleset.max_players - ruleset.min_players + 1)
    first, moves = random_playout(ruleset, players, seed)
    second, again = random_playout(ruleset, players, seed)
    assert moves == again
    assert canonical(first.to_json()) == canonical(second.to_json())
    assert first.status == "finished"


@pytest.mark.parametrize("ruleset", ALL, ids=lambda r: r.id)
def test_options_defaults_and_unknown_option(ruleset):
    defaults = ruleset.make_options({})
    assert ruleset.make_options(defaults) == defaults, "defaults must validate as explicit options"
    with pytest.raises(InvalidOptions) as info:
        ruleset.make_options({"no_such_option": 1})
    assert [p.code for p in info.value.problems.at("/no_such_option")] == ["unknown_option"]
    assert info.value.errors == {"problems": info.value.problems.as_list()}
    for not_an_object in ([1, 2], "x", 5):
        with pytest.raises(InvalidOptions) as info:
            ruleset.make_options(not_an_object)
        assert [p.code for p in info.value.problems] == ["invalid_value"]


@pytest.mark.parametrize("ruleset", ALL, ids=lambda r: r.id)
def test_player_counts_enforced(ruleset):
    for players in (ruleset.min_players - 1, ruleset.max_players + 1):
        with pytest.raises(ValueError):
            Match.create(ruleset, players, {}, 1)


@pytest.mark.parametrize("ruleset", ALL, ids=lambda r: r.id)
def test_metadata(ruleset):
    meta = ruleset.describe()
    assert meta["id"] and meta["name"] and meta["rules_version"]
    assert 1 <= meta["min_players"] <= meta["max_players"]


@pytest.mark.parametrize("ruleset", ALL, ids=lambda r: r.id)
def test_every_ruleset_guards_turn_and_shape_alike(ruleset):
    """Ruleset.admit: one set of codes and messages, whatever the game."""
    match = Match.create(ruleset, ruleset.min_players, {}, 7)
    seat = match.to_move()[0]
    move = match.legal_moves(seat)[0]
    state = match.state
    before = canonical(ruleset.to_json(state))
    bystanders = [s for s in range(match.players) if s not in match.to_move()]
    for other in bystanders:
        with pytest.raises(NotYourTurn, match=rf"^seat {other} is not to move$"):
            ruleset.apply(state, other, move)
    for junk in (None, [], "pass", {"no_type": 1}, {"type": 3}):
        with pytest.raises(IllegalMove, match=r"^a move is a JSON object with a string 'type'$"):
            ruleset.apply(state, seat, junk)
    with pytest.raises(IllegalMove, match=r"^unknown move type 'no_such_move'; this game's moves are "):
        ruleset.apply(state, seat, {"type": "no_such_move"})
    with pytest.raises(IllegalMove, match=rf"^malformed {move['type']!r} move$"):
        ruleset.apply(state, seat, {**move, "unexpected_field": 1})
    assert canonical(ruleset.to_json(state)) == before
    finished, _ = random_playout(ruleset, ruleset.min_players, 7)
    with pytest.raises(GameOver, match=r"^the game has ended$"):
        ruleset.apply(finished.state, seat, move)

