"""AI ladder: Bradley–Terry ratings of the levels on the Elo scale (run by hand, not in CI).

    nice -n 10 .venv/bin/python bench/bench_ladder.py --rulesets great-plains --games 20
    nice -n 10 .venv/bin/python bench/bench_ladder.py --agents random greedy easy medium --games 10
    .venv/bin/python bench/bench_ladder.py --rulesets targi --pairs adjacent --reuse targi.log 2> more.log

A round robin per ruleset between ``random``, ``greedy`` (the one-ply baseline), ``easy``,
``medium`` and ``hard`` (or, with ``--pairs adjacent``, only each agent against the next: a
chain, which is all a rating per agent needs): two players, ``--games`` games per pair, game
``i`` on seed ``seed + i`` with the stronger-listed agent in seat ``i % 2`` (seats alternate),
played by ``bench_ai.one_game``. These are the games ``bench_ai.py`` plays for the same pair,
so ``--reuse`` can take the stderr log of either (and of runs cut short) instead of playing a
logged game again; a reused game has no thinking times. Every search runs on its level's
iteration count for the ruleset and no time cap, so results do not depend on machine load. A win scores 1, a draw
(a shared win) ½ each.

Ratings: the Bradley–Terry maximum-likelihood fit of ``choix.ilsr_pairwise`` (a draw
enters as half a win each way; a light L2 penalty keeps a side that won every game
finite), on the Elo scale (400 / ln 10 per unit of log strength), ``random`` at 0. Each
agent's rating and its gap to the agent listed before it come with 95% intervals: percentiles
of the refits on a bootstrap over games (each pair's games resampled with replacement,
seeded); a pair one side swept gives a gap the penalty sets, the same in every refit. Each agent's median process CPU time per decision (decisions with
more than one legal move, over all its games) comes with it. Prints Markdown tables for
docs/ai.md. ``bench/bench_ai.py --ladder`` runs this too.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from itertools import combinations
from multiprocessing import Pool
from pathlib import Path

import choix
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_ai import default_iterations, read_logs, run_games  # noqa: E402
from engine.registry import rulesets  # noqa: E402

AGENTS = ("random", "greedy", "easy", "medium", "hard")
ELO = 400 / math.log(10)
#: L2 penalty of the fit: small next to the games' evidence, but finite ratings for a clean sweep
ALPHA = 0.01
BOOTSTRAP = 1000


def pairs(agents, which: str) -> list[tuple[str, str]]:
    """The pairs to play, the stronger-listed agent first: ``all`` of them, or the ``adjacent`` ones."""
    ordered = list(reversed(agents))
    if which == "adjacent":
        return list(zip(ordered, ordered[1:]))
    return list(combinations(ordered, 2))


def play_pairs(ruleset_id, agents, which, games, seed, pool, known, play=True) -> tuple[dict, dict]:
    """``{(a, b): [a's score in each game]}`` for the pairs of ``agents`` (``which``: all or
    adjacent), and ``{agent: [CPU seconds of each decision]}``. Game ``i`` of a pair puts ``a`` in
    seat ``i % 2``, as ``bench_ai`` puts its tested side, so the games of either can be reused.
    Without ``play`` only the ``known`` games count."""
    budgets = default_iterations(ruleset_id)
    results, thinking = {}, {name: [] for name in agents}
    for a, b in pairs(agents, which):
        jobs = [(ruleset_id, 2, a, b, budgets, seed + i, i % 2) for i in range(games)]
        played = run_games(jobs, pool, math.inf if play else -math.inf, known)
        results[a, b] = [score for score, _ in played]
        for _, times in played:
            for name, seconds in times.items():
                thinking[name] += seconds
    return results, thinking


def comparisons(agents, results) -> list[tuple[int, int]]:
    """The games as (winner, loser) index pairs, each game counted twice: a win as two wins, a
    draw as one win each way (the fit's maximum is unchanged by counting every game twice)."""
    index = {name: i for i, name in enumerate(agents)}
    data = []
    for (a, b), scores in results.items():
        for score in scores:
            wins_a = round(2 * score)
            data += [(index[a], index[b])] * wins_a + [(index[b], index[a])] * (2 - wins_a)
    return data


def ratings(agents, results) -> np.ndarray:
    """Elo-scale Bradley–Terry ratings in ``agents`` order, the first agent at 0."""
    strengths = choix.ilsr_pairwise(len(agents), comparisons(agents, results), alpha=ALPHA)
    return ELO * (strengths - strengths[0])


def bootstrap(agents, results, seed, resamples=BOOTSTRAP) -> np.ndarray:
    """The ratings refitted on ``resamples`` bootstrap samples (each pair's games resampled with
    replacement), one row per sample."""
    rng = np.random.default_rng(seed)
    fits = []
    for _ in range(resamples):
        sample = {pair: list(rng.choice(scores, len(scores))) for pair, scores in results.items()}
        fits.append(ratings(agents, sample))
    return np.array(fits)


def interval(values: np.ndarray) -> str:
    """The 95% percentile interval of bootstrap values."""
    low, high = np.percentile(values, [2.5, 97.5])
    return f"{low:.0f} to {high:.0f}"


def table(ruleset_id, agents, results, thinking, seed) -> list[str]:
    """Markdown rows: each agent's rating and its gap to the agent listed before it, each with a
    95% interval, and its median CPU time per decision; then the pairwise scores."""
    budgets = default_iterations(ruleset_id)
    pairs = [f"{a}–{b} {sum(s):g}/{len(s)}" for (a, b), s in results.items()]
    if not all(results.values()):
        return [f"| {ruleset_id} | not rated: a pair has no games | | {'; '.join(pairs)} | | |"]
    elo, fits = ratings(agents, results), bootstrap(agents, results, seed)
    rows = []
    for i, name in enumerate(agents):
        gap = f"{elo[i] - elo[i - 1]:.0f} ({interval(fits[:, i] - fits[:, i - 1])})" if i else "-"
        cpu = f"{statistics.median(thinking[name]):.3f} s" if thinking[name] else "-"
        rows.append(f"| {ruleset_id} | {name} | {budgets.get(name, '-')} | {elo[i]:.0f} ({interval(fits[:, i])}) "
                    f"| {gap} | {cpu} |")
    return rows + [f"| {ruleset_id} | pairs (first's score / games) | | {'; '.join(pairs)} | | |"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rulesets", nargs="*", help="ruleset ids (default: all registered)")
    parser.add_argument("--agents", nargs="*", default=list(AGENTS), choices=AGENTS,
                        help="agents of the round robin, random first (the anchor)")
    parser.add_argument("--pairs", choices=("all", "adjacent"), default="all",
                        help="every pair, or only neighbours in the agents' order (enough for a chain of ratings)")
    parser.add_argument("--games", type=int, default=100, help="games per pair")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the games")
    parser.add_argument("--reuse", nargs="*", metavar="LOG",
                        help="stderr logs of earlier runs (this or bench_ai.py): their games count as logged")
    parser.add_argument("--logged-only", action="store_true",
                        help="play no game: fit the games of the --reuse logs (a pair may then have fewer)")
    args = parser.parse_args(argv)
    if args.agents[0] != "random":
        parser.error("the first agent is the anchor and must be random")
    began = time.perf_counter()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {os.getloadavg()[0]:.1f}, "
          f"{os.cpu_count()} cores, {args.jobs} job(s), {args.games} games per pair\n")
    pool = Pool(args.jobs) if args.jobs > 1 else None
    print("| ruleset | agent | iterations | Elo (95% CI) | gap to the agent before (95% CI) | CPU per move (median) |"
          "\n|---|---|---:|---|---|---:|")
    known = read_logs(args.reuse)
    for ruleset_id in args.rulesets or list(rulesets()):
        started = time.perf_counter()
        results, thinking = play_pairs(ruleset_id, args.agents, args.pairs, args.games, args.seed, pool, known,
                                       play=not args.logged_only)
        print("\n".join(table(ruleset_id, args.agents, results, thinking, args.seed)), flush=True)
        print(f"{ruleset_id}: {(time.perf_counter() - started) / 60:.1f} min", file=sys.stderr, flush=True)
    if pool:
        pool.close()
    print(f"\ntotal {(time.perf_counter() - began) / 60:.1f} min, load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
