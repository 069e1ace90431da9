"""The ladder's rating fit (bench/bench_ladder.py): Bradley–Terry on the Elo scale, draws as halves."""

import math

import pytest

from bench.bench_ladder import ELO, comparisons, intervals, ratings

AGENTS = ["random", "a", "b"]


def test_ratings_order_the_agents_with_the_anchor_at_zero():
    results = {("random", "a"): [0, 0, 0, 1], ("random", "b"): [0, 0, 0, 0, 0, 1], ("a", "b"): [0, 1, 0, 0]}
    elo = ratings(AGENTS, results)
    assert elo[0] == 0 and 0 < elo[1] < elo[2]
    low, high = intervals(AGENTS, results, seed=1, resamples=100).T
    assert all(low <= elo + 1e-9) and all(elo <= high + 1e-9)


def test_a_draw_counts_half_a_win_each_way():
    assert sorted(comparisons(AGENTS, {("random", "a"): [0.5]})) == [(0, 1), (1, 0)]
    assert ratings(AGENTS[:2], {("random", "a"): [0.5, 0.5, 1, 0]})[1] == pytest.approx(0, abs=1e-6)


def test_three_wins_in_four_are_about_190_elo():
    """Bradley–Terry with two agents: the rating gap is the log odds of the score, on the Elo scale."""
    elo = ratings(AGENTS[:2], {("random", "a"): [0, 0, 0, 1] * 25})
    assert elo[1] == pytest.approx(ELO * math.log(3), rel=0.02)
