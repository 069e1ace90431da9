"""The AI: levels and budgets, legality, determinism, no peeking, and playing sense."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Chance, Match, Rng, canonical
from engine.ai import LEVELS, analyse, choose_move, greedy_move
from engine.ai.levels import LEVEL_TABLE, budget
from engine.ai.mcts import Node, _identity, _iterate
from engine.ai import policies
from engine.ai.policies import DEFAULT, Policy, margins
from engine.registry import rulesets

from ..toy_game import TOY
from .games import NIM


def nim(pile, turn=0):
    return {"pile": pile, "turn": turn, "winner": None}


def positions(ruleset, players, seed, count, options=None):
    """Positions (state, seat) reached by random play, every few decisions."""
    match = Match.create(ruleset, players, options, seed)
    rng = Rng(seed)
    found = []
    while match.to_move() and len(found) < count:
        seat = match.to_move()[0]
        found.append((ruleset.copy_state(match.state), seat))
        for _ in range(1 + rng.below(6)):
            if not match.to_move():
                break
            seat = match.to_move()[0]
            match.play(seat, rng.choice(match.legal_moves(seat)))
    return found


# -- levels and budgets ----------------------------------------------------------------
def test_levels_are_named_budgets_growing_with_strength():
    assert LEVELS == ("random", "easy", "medium", "hard")
    searching = [LEVEL_TABLE[name] for name in LEVELS[1:]]
    assert [lv.iterations for lv in searching] == sorted(lv.iterations for lv in searching)
    assert all(lv.budget_ms for lv in searching)


def test_explicit_budgets_replace_the_level_budget():
    assert budget("medium", None, None) == (LEVEL_TABLE["medium"].iterations, LEVEL_TABLE["medium"].budget_ms)
    assert budget("medium", 50, None) == (50, None)
    assert budget("hard", None, 200) == (None, 200)
    assert budget("easy", 10, 200) == (10, 200)


@pytest.mark.parametrize("bad", [{"level": "grandmaster"}, {"iterations": 0}, {"budget_ms": -5}])
def test_bad_level_or_budget_is_rejected(bad):
    with pytest.raises(ValueError):
        choose_move(NIM, nim(5), 0, **{"level": "medium", **bad})


def test_a_seat_without_legal_moves_is_rejected():
    with pytest.raises(ValueError):
        choose_move(NIM, nim(5), 1, level="easy")


def test_analysis_runs_at_a_level_budget_and_random_does_not_search():
    assert analyse(NIM, nim(12), 0, level="easy").iterations == LEVEL_TABLE["easy"].iterations
    with pytest.raises(ValueError):
        analyse(NIM, nim(12), 0, level="random")


def test_a_ruleset_sets_its_own_level_iterations_but_not_explicit_budgets(monkeypatch):
    monkeypatch.setattr(NIM, "ai_policy", Policy(iterations={"easy": 70}))
    assert analyse(NIM, nim(12), 0, level="easy").iterations == 70
    assert analyse(NIM, nim(12), 0, level="medium").iterations == LEVEL_TABLE["medium"].iterations
    assert analyse(NIM, nim(12), 0, level="easy", iterations=20).iterations == 20
    assert budget("hard", None, None, {"hard": 1500}) == (1500, LEVEL_TABLE["hard"].budget_ms)


def test_iteration_budget_is_spent_exactly():
    assert analyse(NIM, nim(12), 0, iterations=37).iterations == 37


def test_time_budget_bounds_thinking_time():
    start = time.perf_counter()
    result = analyse(NIM, nim(40), 0, budget_ms=60)
    assert time.perf_counter() - start < 1.0
    assert result.iterations >= 1


# -- legality, no mutation, determinism --------------------------------------------------
CASES = [(TOY, 2), (TOY, 3), (NIM, 2), *[(r, r.min_players) for r in rulesets().values()]]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0].id}-{c[1]}p")
def test_every_level_returns_a_listed_move_and_leaves_the_state_alone(case):
    ruleset, players = case
    for state, seat in positions(ruleset, players, seed=11, count=3):
        before = canonical(ruleset.to_json(state))
        legal = ruleset.legal_moves(state, seat)
        for level in LEVELS:
            move = choose_move(ruleset, state, seat, level=level, seed=5, iterations=25)
            assert move in legal
            assert canonical(ruleset.to_json(state)) == before


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0].id}-{c[1]}p")
def test_same_seed_and_iterations_give_the_same_move(case):
    ruleset, players = case
    for state, seat in positions(ruleset, players, seed=3, count=2):
        first = analyse(ruleset, state, seat, seed=9, iterations=30)
        again = analyse(ruleset, state, seat, seed=9, iterations=30)
        assert first.ranked == again.ranked
        assert choose_move(ruleset, state, seat, level="hard", seed=9, iterations=30) == first.ranked[0].move


SEARCH_IN_A_PROCESS = """
import json
from engine.ai import analyse
from engine.registry import rulesets
from tests.ai.test_search import positions
out = {}
for rid, ruleset in rulesets().items():
    out[rid] = [[[s.move, s.visits, s.value] for s in analyse(ruleset, state, seat, seed=2, iterations=30).ranked]
                for state, seat in positions(ruleset, 2, seed=5, count=2)]
print(json.dumps(out))
"""


def test_same_move_in_processes_with_different_hash_seeds():
    """Workers are separate processes: string hashing (set order) must not change the move."""
    root = Path(__file__).resolve().parents[2]
    runs = [subprocess.run([sys.executable, "-c", SEARCH_IN_A_PROCESS], cwd=root, check=True, capture_output=True,
                           text=True, env={**os.environ, "PYTHONHASHSEED": str(hash_seed)}).stdout
            for hash_seed in (1, 2)]
    assert json.loads(runs[0]) == json.loads(runs[1])
    assert set(json.loads(runs[0])) == set(rulesets()) - {TOY.id}  # the subprocess never registers the test game


# -- no peeking --------------------------------------------------------------------------
def test_hidden_cards_the_seat_cannot_know_do_not_change_the_search():
    """Seat 0 holds [2, 4]; seat 1's hand is unknown to it: [1, 9] or [3, 5] or [7, 8]."""
    worlds = [{"hands": [[2, 4], hand], "played": [[], []], "turn": 0, "bonus": 3}
              for hand in ([1, 9], [3, 5], [7, 8])]
    results = [analyse(TOY, w, 0, seed=4, iterations=300) for w in worlds]
    assert results[0].ranked == results[1].ranked == results[2].ranked
    moves = {canonical(choose_move(TOY, w, 0, level="medium", seed=4, iterations=300)) for w in worlds}
    assert len(moves) == 1


HIDDEN = [(r, r.min_players, None) for r in (TOY, *rulesets().values())] + [
    (rulesets()["woodwalkers"], 2, {"variant": "night"})]     # species hidden; its prior judges them too


@pytest.mark.parametrize("case", HIDDEN, ids=lambda c: f"{c[0].id}-{c[1]}p" + ("-" + c[2]["variant"] if c[2] else ""))
def test_the_move_depends_only_on_what_the_seat_knows(case):
    """Two worlds the seat cannot tell apart (two determinizations) get the same search.

    Fails if the search reads the true hidden state, and also if a ruleset's
    ``determinize`` returns samples that depend on the true hidden state rather than
    only on the seat's information and the random generator (with a known AI seed
    the move would then betray the hidden cards).
    """
    ruleset, players, options = case
    for state, seat in positions(ruleset, players, seed=7, count=8, options=options):
        worlds = [ruleset.determinize(state, seat, Rng(k)) for k in (1, 2)]
        first, second = (analyse(ruleset, w, seat, seed=3, iterations=40) for w in worlds)
        assert first.ranked == second.ranked


def test_the_search_reads_hidden_state_only_through_determinize():
    """Had the search used the true hands, the moves' values would follow them."""
    calls = []

    class Watched(type(TOY)):
        def determinize(self, state, seat, rng):
            calls.append(seat)
            return super().determinize(state, seat, rng)

    world = {"hands": [[2, 4], [1, 9]], "played": [[], []], "turn": 0, "bonus": 3}
    result = analyse(Watched(), world, 0, seed=1, iterations=40)
    assert calls == [0] * 40 == [0] * result.iterations


_VALUE = st.one_of(st.integers(-3, 3), st.sampled_from(["a", "b", "3"]), st.booleans(), st.none(),
                   st.lists(st.integers(0, 3), max_size=3),
                   st.lists(st.lists(st.integers(0, 3), max_size=2), max_size=2))
_MOVE = st.dictionaries(st.sampled_from(["type", "to", "card", "x"]), _VALUE, max_size=4)


@given(_MOVE, _MOVE)
def test_the_tree_tells_moves_apart_exactly_when_they_differ(a, b):
    """The search's node key: equal for equal moves whatever their field order, different otherwise."""
    reordered = dict(reversed(list(a.items())))
    assert _identity(reordered) == _identity(a)
    assert (_identity(a) == _identity(b)) == (a == b)


# -- playing sense -----------------------------------------------------------------------
@pytest.mark.parametrize("pile, take", [(5, 1), (6, 2), (7, 3), (10, 2), (11, 3)])
def test_search_finds_the_winning_nim_move(pile, take):
    """Leave the opponent a multiple of four stones."""
    assert choose_move(NIM, nim(pile), 0, level="medium", seed=pile, iterations=400) == {"type": "take", "n": take}


@pytest.mark.parametrize("pile, take", [(5, 1), (6, 2), (7, 3), (10, 2), (11, 3)])
def test_sequential_halving_finds_the_winning_nim_move(pile, take, monkeypatch):
    monkeypatch.setattr(NIM, "ai_policy", Policy(halving=True))
    assert choose_move(NIM, nim(pile), 0, level="medium", seed=pile, iterations=400) == {"type": "take", "n": take}


def test_sequential_halving_shares_the_iterations_out_round_by_round(monkeypatch):
    """Three moves, 60 iterations, two rounds: 10 each, then the better two 15 more each."""
    monkeypatch.setattr(NIM, "ai_policy", Policy(halving=True))
    result = analyse(NIM, nim(7), 0, seed=1, iterations=60)
    assert result.iterations == 60
    assert [s.visits for s in result.ranked] == [25, 25, 10]
    assert result.ranked[0].move == {"type": "take", "n": 3} and result.ranked[0].value > result.ranked[1].value
    assert analyse(NIM, nim(7), 0, seed=1, iterations=60).ranked == result.ranked
    timed = analyse(NIM, nim(7), 0, seed=1, budget_ms=30)  # a time-only search keeps UCB
    assert sum(s.visits for s in timed.ranked) == timed.iterations


def test_sequential_halving_stops_at_a_budget_below_the_number_of_moves(monkeypatch):
    monkeypatch.setattr(NIM, "ai_policy", Policy(halving=True))
    result = analyse(NIM, nim(7), 0, seed=1, iterations=2)
    assert result.iterations == 2 and [s.visits for s in result.ranked] == [1, 1]


@pytest.mark.parametrize("prefer, tried", [(1, [{"type": "take", "n": 3}, {"type": "take", "n": 2}]),
                                           (-1, [{"type": "take", "n": 1}, {"type": "take", "n": 2}])])
def test_a_prior_puts_the_most_promising_moves_first_in_the_halving(prefer, tried, monkeypatch):
    monkeypatch.setattr(NIM, "ai_policy", Policy(halving=True, prior=lambda state, seat, move: prefer * move["n"]))
    for seed in range(10):
        result = analyse(NIM, nim(7), 0, seed=seed, iterations=2)
        assert sorted((s.move for s in result.ranked), key=str) == sorted(tried, key=str)


def test_a_level_searches_with_its_own_settings(monkeypatch):
    policy = Policy(halving=True, prior=lambda state, seat, move: -move["n"], levels={"easy": {"prior": None}})
    assert policy.at("easy").prior is None and policy.at("easy").halving and policy.at("medium") is policy
    monkeypatch.setattr(NIM, "ai_policy", policy)
    first = {level: {str(analyse(NIM, nim(7), 0, level=level, seed=seed, iterations=1).ranked[0].move)
                     for seed in range(10)} for level in ("easy", "medium", "hard")}
    assert first["medium"] == first["hard"] == {str({"type": "take", "n": 1})}
    assert len(first["easy"]) > 1


@pytest.mark.parametrize("seed", range(10))
def test_rollouts_take_the_most_promising_of_the_sampled_moves(seed):
    """Five stones, whoever takes the last wins: one at a time, the first seat takes it; as
    many as may be taken, the second."""
    def sampled(prefer):
        return Policy(rollout_depth=None, prior=lambda state, seat, move: prefer * move["n"], rollout_sample=40)

    ones = sampled(-1).rollout(NIM, nim(5), Rng(seed))
    most = sampled(1).rollout(NIM, nim(5), Rng(seed))
    assert ones[0] > 0.5 > ones[1] and most[1] > 0.5 > most[0]


class DrawAfterEachMove(type(NIM)):
    """Nim with a chance step (a coin nobody needs) after every move."""

    def perform(self, state, seat, move):
        events = super().perform(state, seat, move)
        state["coin"] = None
        return events

    def chance(self, state):
        return Chance.uniform(["heads", "tails"]) if "coin" in state and state["coin"] is None else None

    def apply_chance(self, state, outcome):
        state["coin"] = outcome
        return []

    def to_move(self, state):
        return [] if self.chance(state) else super().to_move(state)


@pytest.mark.parametrize("ends", [True, False])
def test_a_chance_step_ends_the_tree_where_the_policy_says_so(ends):
    game, root = DrawAfterEachMove(), Node(None, None)
    rng = Rng(3)
    for _ in range(200):
        _iterate(game, root, game.copy_state(nim(9)), 0, rng, Policy(chance_ends_tree=ends), False)
    assert len(root.children) == 3
    assert any(child.children for child in root.children.values()) is not ends


def test_greedy_takes_the_last_stones():
    assert greedy_move(NIM, nim(3), 0, Rng(1)) == {"type": "take", "n": 3}


def test_medium_beats_random_at_nim():
    wins = 0
    for game in range(20):
        state, ai_seat = nim(9 + game % 4), game % 2
        rng = Rng(game)
        while not NIM.is_over(state):
            seat = state["turn"]
            if seat == ai_seat:
                move = choose_move(NIM, state, seat, level="easy", seed=game, iterations=200)
            else:
                move = rng.choice(NIM.legal_moves(state, seat))
            NIM.apply(state, seat, move)
        wins += state["winner"] == ai_seat
    assert wins >= 18


# -- rewards -----------------------------------------------------------------------------
def test_margins_compare_each_seat_with_the_best_other():
    assert margins([10, 4, 7]) == [3, -6, -3]
    assert margins([5, 5]) == [0, 0]


def test_a_shared_win_is_split_and_a_lead_is_worth_more_than_half():
    final = {"hands": [[], []], "played": [[9, 1], [6, 4]], "turn": 0, "bonus": 0}
    tied = DEFAULT.rewards(TOY, final)
    assert tied[0] == tied[1] == pytest.approx(0.5)
    ahead = {"hands": [[3], [2]], "played": [[9], [6]], "turn": 0, "bonus": 0}
    provisional = DEFAULT.rewards(TOY, ahead)
    assert provisional[0] > 0.5 > provisional[1]


# -- strength on the real rulesets (long) --------------------------------------------------
def play_game(ruleset, seed, levels):
    """A two-player game through the driver, seat s playing ``levels[s]``; the winners."""
    match = Match.create(ruleset, 2, None, seed)
    while match.to_move():
        seat = match.to_move()[0]
        move = choose_move(ruleset, match.state, seat, level=levels[seat], seed=seed * 1000 + match.version,
                           iterations=100)
        match.play(seat, move)
    return match.score()["winners"]


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", list(rulesets().values()), ids=lambda r: r.id)
def test_a_short_search_beats_random_play(ruleset):
    wins = 0
    for game in range(10):
        ai = game % 2
        levels = {ai: "medium", 1 - ai: "random"}
        wins += play_game(ruleset, game, levels) == [ai]
    assert wins >= 8
