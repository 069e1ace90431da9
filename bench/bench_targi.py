"""Targi benchmark: random full games per second on one core, and per-call times.

Times are CPU time of this process (robust on a loaded machine; wall clock is printed too).
Drives the ruleset directly (legal_moves + apply + chance with an ``engine.Rng``);
every decision, forced or not, is one legal_moves + apply.
Run: ``.venv/bin/python bench/bench_targi.py [--games N] [--repeats R]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Rng  # noqa: E402
from engine.playout import play_randomly  # noqa: E402
from engine.games.targi import RULESET  # noqa: E402
from timing import call_micros  # noqa: E402


def random_game(seed: int, options: dict, sample=None) -> int:
    """Play one uniformly random game; returns the number of decisions taken."""
    state = RULESET.setup(2, options)

    def keep(position, seat, move):
        sample.append((RULESET.copy_state(position), seat, move))

    return play_randomly(RULESET, state, Rng(seed), observe=keep if sample is not None else None)


def games_per_second(games: int, options: dict, seed: int) -> tuple[float, float, float]:
    """(games per CPU second, games per wall-clock second, decisions per game)."""
    start, wall = time.process_time(), time.perf_counter()
    decisions = sum(random_game(seed + g, options) for g in range(games))
    return games / (time.process_time() - start), games / (time.perf_counter() - wall), decisions / games


def call_times(options: dict) -> dict[str, tuple[float, float]]:
    """Median microseconds of legal_moves and apply per decision point, over one game."""
    sample: list = []
    for seed in range(5):
        random_game(seed, options, sample)
    by_dp: dict[str, tuple[list, list]] = {}
    for state, seat, move in sample:
        legal, applied = by_dp.setdefault(state.stack[-1]["dp"], ([], []))
        legal_us, apply_us = call_micros(RULESET, state, seat, move)
        legal.append(legal_us)
        applied.append(apply_us)
    return {dp: (statistics.median(a), statistics.median(b), len(a)) for dp, (a, b) in sorted(by_dp.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    options = RULESET.make_options({})
    runs = [games_per_second(args.games, options, 1000 * r) for r in range(args.repeats)]
    rate, wall = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    print(f"default options: {rate:7.1f} random full games per CPU second ({wall:.1f} per wall-clock second; "
          f"median of {args.repeats} x {args.games}), {statistics.median(r[2] for r in runs):.0f} decisions per game")
    print("decision point    legal_moves us   apply us   (medians, n)")
    for dp, (legal, applied, n) in call_times(options).items():
        print(f"{dp:16} {legal:14.1f} {applied:10.1f}   ({n})")


if __name__ == "__main__":
    main()
