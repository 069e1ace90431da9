"""Woodwalkers benchmark: random full games per second on one core, and per-call times.

Times are process CPU time (``time.process_time``), so other load on the machine does
not count against the single core the benchmark runs on.

Drives the ruleset directly (legal_moves + apply + chance with an ``engine.Rng``).
Run: ``.venv/bin/python bench/bench_woodwalkers.py [--games N] [--repeats R]``
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
from engine.games.woodwalkers import RULESET  # noqa: E402
from timing import call_micros  # noqa: E402


def random_game(players: int, seed: int, options: dict, sample=None) -> int:
    """Play one uniformly random game; returns the number of decisions taken."""
    state = RULESET.setup(players, options)

    def keep_movement_positions(position, seat, move):
        if move["type"] in ("move", "stay"):
            sample.append((RULESET.copy_state(position), seat, move))

    return play_randomly(RULESET, state, Rng(seed), observe=keep_movement_positions if sample is not None else None)


def games_per_second(players: int, games: int, options: dict, seed: int) -> float:
    start = time.process_time()
    for g in range(games):
        random_game(players, seed + g, options)
    return games / (time.process_time() - start)


def call_times(players: int, options: dict) -> tuple[float, float]:
    """Median microseconds of legal_moves and apply at positions after a movement roll."""
    sample: list = []
    random_game(players, 99, options, sample)
    legal, applied = [], []
    for state, seat, move in sample:
        legal_us, apply_us = call_micros(RULESET, state, seat, move, repeats=20)
        legal.append(legal_us)
        applied.append(apply_us)
    return statistics.median(legal), statistics.median(applied)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    for variant in ("day", "night"):
        options = RULESET.make_options({"variant": variant})
        for players in (2, 4):
            rates = [games_per_second(players, args.games, options, 1000 * r) for r in range(args.repeats)]
            legal, applied = call_times(players, options)
            print(f"{variant:5} {players}p: {statistics.median(rates):7.1f} random full games/s "
                  f"(median of {args.repeats} x {args.games}); legal_moves after a roll "
                  f"{legal:6.1f} us, apply move {applied:5.1f} us (medians)")


if __name__ == "__main__":
    main()
