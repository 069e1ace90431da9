"""Hypothesis properties over random games: resources never negative, limits after every
round, robber position per round, consistent decks, score total = sum of breakdown; and
the conformance checks (tests/conformance.py) under non-default options and along
card-heavy games."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Match, Rng, replay
from engine.games.targi.board import blocked_card
from tests.conformance import (check_corrupted_moves_rejected, check_listed_moves_apply, check_round_trip,
                               check_score_sheet, check_turn_rules, check_views, full_check)

from .helpers import R, pending, random_states
from .test_playthroughs import prefer

OPTION_VARIANTS = [{}, {"limit_check": "after_raid", "raid_shortfall": "bga"},
                   {"end_on_12th_card": "end_of_round", "te9_mode": "use_two", "oa9_mode": "swap"},
                   {"deck_exhaustion": "none", "fata_morgana_target": "any_unoccupied", "we8_timing": "unlimited"}]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_resources(state):
    for p in state.players:
        assert min(p.goods) >= 0 and p.gold >= 0 and p.vp >= 0 and p.stored_gold >= 0
        assert sum(map(len, p.display)) <= 12 and all(len(r) <= 4 for r in p.display)


def check_decks(state):
    """Undrawn identities (pool) = deck + face-down cards + a draw taken but not yet resolved; the
    face-down cards laid before a reshuffle have the old deck's remaining cards apart (A7)."""
    chance = state.chance
    early = {i for group in state.laid_early for i in group["spaces"]}
    for group in state.laid_early:
        assert sum(group["pool"].values()) == len(group["spaces"]) > 0
        assert all(state.central[i] == (group["kind"], None, "down") for i in group["spaces"])
    for kind in ("goods", "tribe"):
        face_down = sum(1 for i, (k, _, status) in enumerate(state.central)
                        if k == kind and status == "down" and i not in early)
        drawing = int(chance is not None and chance.kind == kind and chance.reason != "reveal")
        assert sum(state.pool[kind].values()) == state.deck_sizes[kind] + face_down + drawing


@SETTINGS
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(range(len(OPTION_VARIANTS))))
def test_resources_never_negative_and_decks_consistent(seed, variant):
    for state, _ in random_states(seed, OPTION_VARIANTS[variant]):
        check_resources(state)
        check_decks(state)


@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_limits_hold_after_every_round_and_robber_position(seed):
    rounds = 0
    for state, events in random_states(seed):
        if pending(state) == "PLACE" and not state.targi:
            rounds += 1
            assert state.robber == blocked_card(state.round)
            assert state.start_player == (state.first_player if state.round % 2 else 1 - state.first_player)
            if state.round > 1:
                for p in state.players:
                    assert sum(p.goods) <= 10 and p.gold <= 3
    assert rounds == state.round
    assert state.robber == 16 or any(sum(map(len, p.display)) == 12 for p in state.players)


@SETTINGS
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(range(len(OPTION_VARIANTS))))
def test_final_score_equals_sum_of_breakdown(seed, variant):
    for state, _ in random_states(seed, OPTION_VARIANTS[variant]):
        pass
    assert R.is_over(state)
    sheet = R.score(state)
    for entry in sheet["scores"]:
        assert entry["total"] == sum(entry["breakdown"].values())
    best = max((s["total"], s["tiebreak"]["gold"], s["tiebreak"]["goods"]) for s in sheet["scores"])
    assert sheet["winners"] == [s["seat"] for s in sheet["scores"]
                                if (s["total"], s["tiebreak"]["gold"], s["tiebreak"]["goods"]) == best]


@SETTINGS
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(range(len(OPTION_VARIANTS))))
def test_a_copy_is_independent_of_its_original(seed, variant):
    """Every listed move applied to a copy (as the AI does) leaves the original as it was."""
    for state, _ in random_states(seed, OPTION_VARIANTS[variant]):
        if R.is_over(state) or R.chance(state) is not None:
            continue
        before = R.to_json(state)
        seat = R.to_move(state)[0]
        for move in R.legal_moves(state, seat):
            R.perform(R.copy_state(state), seat, move)
        assert R.to_json(state) == before

# -- conformance under other options and along card-heavy games ----------------------
ALTERNATIVES = {
    "end_on_12th_card": "end_of_round", "raid_shortfall": "bga", "limit_check": "after_raid",
    "allow_opposite_own_targi": False, "fata_morgana_target": "any_unoccupied", "deck_exhaustion": "none",
    "caravan_counts_as_goods_card": True, "we8_timing": "unlimited", "we7_counts_itself": False,
    "allow_opposite_robber": False, "discount_can_reduce_gold": True, "oa6_scope": "next_raid",
    "ta7_always": False, "bonus_good_sources": "central_and_border", "bonus_good_timing": "end_of_action_phase",
    "oa8_timing": "end_of_round", "we9_gold_in_stock": True, "cr9_counts_after_placing": False,
    "te9_mode": "use_two", "oa9_mode": "swap", "te8_repeatable": False, "te7_applies_to_we8": True,
    "hand_visibility": "recall", "discard_piles_public": False,
}
COMBINED = [
    {k: ALTERNATIVES[k] for k in list(ALTERNATIVES)[i::3]} for i in range(3)
] + [{"limit_check": "end_of_actions", "hand_visibility": "public"}]


@pytest.mark.parametrize("options", COMBINED, ids=lambda o: ",".join(sorted(o))[:60])
def test_conformance_with_alternative_options(options):
    full_check(R, 2, 4, options)


@pytest.mark.slow
@pytest.mark.parametrize("option", sorted(ALTERNATIVES))
def test_conformance_with_each_alternative(option):
    for seed in (1, 2, 3):
        full_check(R, 2, seed, {option: ALTERNATIVES[option]})


def card_heavy_check(seed, options=None):
    """The conformance checks along a game of the playthroughs' agent, which reaches the
    ability decision points (OA9, WE7, CR9, TA9, WE8, payments) far more often than
    uniformly random play; returns the decision points seen."""
    match, agent, rng, moves = Match.create(R, 2, options, seed), Rng(seed), Rng(seed + 1), []
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
        seen.add(R.view(match.state, seat)["pending"])
        move = agent.choice(prefer(legal) or legal)
        match.play(seat, move)
        moves.append((seat, move))
        step += 1
    again = replay(R, 2, options, seed, moves)
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
