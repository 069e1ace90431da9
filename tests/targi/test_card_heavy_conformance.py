"""The conformance checks along card-heavy games (the golden player of test_golden), which
reach the ability decision points (OA9, WE7, CR9, TA9, WE8, payments) far more often than
uniformly random play."""

import pytest

from engine import Match, Rng, replay
from engine.games.targi import RULESET
from tests.conformance import (check_corrupted_moves_rejected, check_listed_moves_apply, check_round_trip,
                               check_score_sheet, check_turn_rules, check_views)

from .test_golden import WASTEFUL


def card_heavy_check(seed, options=None):
    match, agent, rng, moves = Match.create(RULESET, 2, options, seed), Rng(seed), Rng(seed + 1), []
    seen = set()
    step = 0
    while match.to_move():
        check_round_trip(match)
        check_turn_rules(match)
        check_views(match, rng)
        check_listed_moves_apply(match, step, rng)
        check_corrupted_moves_rejected(match, rng)
        check_score_sheet(match)
        seat = match.to_move()[0]
        legal = match.legal_moves(seat)
        seen.add(RULESET.view(match.state, seat)["pending"])
        preferred = [m for m in legal if m["type"] in ("play", "we8_play", "keep")] or \
                    [m for m in legal if m["type"] not in WASTEFUL] or legal
        move = agent.choice(preferred)
        match.play(seat, move)
        moves.append((seat, move))
        step += 1
    again = replay(RULESET, 2, options, seed, moves)
    assert again.to_json() == match.to_json()
    return seen


def test_card_heavy_game_passes_every_check():
    seen = card_heavy_check(11)
    assert {"PAYMENT", "ROW", "TRIBE_OUTCOME", "NOBLE"} <= seen


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20, 32))
def test_many_card_heavy_games(seed):
    card_heavy_check(seed, [{}, {"oa9_mode": "swap", "hand_visibility": "recall"},
                            {"end_on_12th_card": "end_of_round"}][seed % 3])
