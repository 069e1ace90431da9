"""The rulesets' evaluations of unfinished games (``Policy.evaluate``): what is under way
counts, rewards stay in [0, 1], and the same state always evaluates the same."""

import pytest

from engine import Match, Rng
from engine.ai.policies import policy_for
from engine.games.carcassonne_hg.board import MEMBER
from engine.games.carcassonne_hg.components import FOREST, RIVER
from engine.games.carcassonne_hg.evaluation import completion_chance
from engine.registry import rulesets

EVALUATED = ["carcassonne-hg", "targi"]


def unfinished(ruleset, seed, players=2):
    """States of a random game before its end, one after every decision."""
    match = Match.create(ruleset, players, None, seed)
    rng = Rng(seed)
    states = []
    while match.to_move():
        seat = match.to_move()[0]
        match.play(seat, rng.choice(match.legal_moves(seat)))
        if not ruleset.is_over(match.state):
            states.append(ruleset.copy_state(match.state))
    return states


@pytest.mark.parametrize("ruleset_id", EVALUATED)
def test_rewards_of_unfinished_games_stay_in_the_unit_interval_and_are_deterministic(ruleset_id):
    ruleset = rulesets()[ruleset_id]
    policy = policy_for(ruleset)
    assert policy.evaluate is not None
    for state in unfinished(ruleset, 3)[::5]:
        before = ruleset.to_json(state)
        estimate = policy.evaluate(state)
        assert estimate == policy.evaluate(state) and len(estimate) == len(ruleset.score(state)["scores"])
        assert ruleset.to_json(state) == before  # evaluating changes nothing
        assert all(0.0 <= r <= 1.0 for r in policy.rewards(ruleset, state))


def test_carcassonne_counts_an_unfinished_forest_or_river_for_its_majority():
    ruleset = rulesets()["carcassonne-hg"]
    evaluate = policy_for(ruleset).evaluate
    for state in unfinished(ruleset, 4):
        board = state.board
        claimed = [(zone, seat) for zone, seat, piece in board.pieces
                   if piece == MEMBER and board.zones[zone].type in (FOREST, RIVER)
                   and board.open_sides[board.feature_root(zone)] > 0
                   and board.member_count[board.feature_root(zone)] == 1]
        if claimed:
            break
    zone, seat = claimed[0]
    without = ruleset.copy_state(state)
    without.board.remove_members({zone})
    assert evaluate(state)[seat] > evaluate(without)[seat]
    assert evaluate(state)[1 - seat] == evaluate(without)[1 - seat]


def test_carcassonne_completion_is_less_likely_with_more_open_sides_or_fewer_tiles():
    assert completion_chance(0, 0) == 1.0
    assert 1.0 > completion_chance(1, 40) > completion_chance(3, 40) > completion_chance(3, 4) > 0.0


def test_targi_goods_and_gold_in_stock_count_until_the_last_round():
    ruleset = rulesets()["targi"]
    evaluate = policy_for(ruleset).evaluate
    state = unfinished(ruleset, 5)[40]
    richer = ruleset.copy_state(state)
    richer.players[0].goods[0] += 3
    richer.players[0].gold += 1
    assert evaluate(richer)[0] > evaluate(state)[0]
    assert evaluate(richer)[1] == evaluate(state)[1]
