"""Hints that explain: the best moves with visits, win estimate and score change, from the seat's
information only."""

import pytest

from engine import Rng
from engine.ai import analyse, choose_move, hint
from engine.registry import rulesets

from .games import NIM
from .test_search import nim, positions


def test_a_hint_lists_the_clearly_best_move_first_with_its_estimates():
    """From a pile of five only taking one stone wins (it leaves a multiple of four)."""
    answer = hint(NIM, nim(5), 0, seed=3, iterations=300)
    top = answer["top"]
    assert answer["move"] == top[0]["move"] == {"type": "take", "n": 1}
    assert answer["move"] == choose_move(NIM, nim(5), 0, level="medium", seed=3, iterations=300)
    assert sorted(t["move"]["n"] for t in top) == [1, 2, 3]
    assert top[0]["visits"] > top[1]["visits"] >= top[2]["visits"]
    assert top[0]["win_probability"] > 0.7 > max(t["win_probability"] for t in top[1:])
    assert top[0]["score_change"] > 0 > min(t["score_change"] for t in top[1:])


def test_a_hint_shows_at_most_three_moves_and_none_at_level_random():
    answer = hint(NIM, nim(12), 0, seed=1, iterations=60)
    assert len(answer["top"]) == 3
    assert hint(NIM, nim(12), 0, level="random", seed=1)["top"] == []


def test_explaining_does_not_change_the_search():
    state, seat = positions(rulesets()["great-plains"], 2, seed=4, count=3)[-1]
    plain = analyse(rulesets()["great-plains"], state, seat, seed=6, iterations=60)
    explained = analyse(rulesets()["great-plains"], state, seat, seed=6, iterations=60, explain=True)
    assert [(s.move, s.visits, s.value) for s in explained.ranked] == [(s.move, s.visits, s.value)
                                                                       for s in plain.ranked]
    assert all(s.score_change is None for s in plain.ranked)


@pytest.mark.parametrize("ruleset_id", ["targi", "woodwalkers"])
def test_a_hint_depends_only_on_what_the_seat_knows(ruleset_id):
    """Worlds that differ only in what the seat cannot see (the other seat's hidden cards, the
    deck) give the same hint, win estimates and score changes included, under the same seed."""
    ruleset = rulesets()[ruleset_id]
    differed = 0
    for state, seat in positions(ruleset, 2, seed=7, count=6):
        worlds = [ruleset.determinize(state, seat, Rng(k)) for k in (1, 2)]
        differed += ruleset.to_json(worlds[0]) != ruleset.to_json(worlds[1])
        first, second = (hint(ruleset, w, seat, seed=3, iterations=30) for w in worlds)
        assert first == second
    assert differed  # the hidden information did differ
