"""The ladder's rating fit (bench/bench_ladder.py): Bradley–Terry on the Elo scale, draws as halves."""

import math

import numpy as np
import pytest

from bench.bench_ladder import ELO, bootstrap, comparisons, pairs, ratings

AGENTS = ["random", "a", "b"]


def test_ratings_order_the_agents_with_the_anchor_at_zero():
    results = {("random", "a"): [0, 0, 0, 1], ("random", "b"): [0, 0, 0, 0, 0, 1], ("a", "b"): [0, 1, 0, 0]}
    elo = ratings(AGENTS, results)
    assert elo[0] == 0 and 0 < elo[1] < elo[2]
    low, high = np.percentile(bootstrap(AGENTS, results, seed=1, resamples=100), [2.5, 97.5], axis=0)
    assert all(low <= elo + 1e-9) and all(elo <= high + 1e-9)


def test_a_draw_counts_half_a_win_each_way():
    assert sorted(comparisons(AGENTS, {("random", "a"): [0.5]})) == [(0, 1), (1, 0)]
    assert ratings(AGENTS[:2], {("random", "a"): [0.5, 0.5, 1, 0]})[1] == pytest.approx(0, abs=1e-6)


def test_three_wins_in_four_are_about_190_elo():
    """Bradley–Terry with two agents: the rating gap is the log odds of the score, on the Elo scale."""
    elo = ratings(AGENTS[:2], {("random", "a"): [0, 0, 0, 1] * 25})
    assert elo[1] == pytest.approx(ELO * math.log(3), rel=0.02)


def test_a_chain_of_adjacent_pairs_rates_every_agent():
    """Only neighbours play; each gap is then its own pair's log odds, the stronger listed first."""
    assert pairs(AGENTS, "adjacent") == [("b", "a"), ("a", "random")]
    assert pairs(AGENTS, "all") == [("b", "a"), ("b", "random"), ("a", "random")]
    elo = ratings(AGENTS, {("b", "a"): [1, 1, 1, 0] * 25, ("a", "random"): [1, 0] * 50})
    assert elo[1] == pytest.approx(0, abs=1)
    assert elo[2] - elo[1] == pytest.approx(ELO * math.log(3), rel=0.02)
