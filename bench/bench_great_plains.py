"""Great Plains benchmark: random full games per second on one core, legal_moves/apply times.

Drives the ruleset directly (setup, chance steps with an ``engine.Rng``, legal_moves,
apply, score), not through JSON. Run: ``.venv/bin/python bench/bench_great_plains.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Rng  # noqa: E402
from engine.playout import play_randomly  # noqa: E402
from engine.games.great_plains import RULESET  # noqa: E402

OPTIONS = RULESET.make_options({})
ROUNDS = 7


def random_game(rng: Rng, options=OPTIONS):
    """One full random game (layout and cave chance steps included); returns the final state."""
    state = RULESET.setup(2, options)
    play_randomly(RULESET, state, rng)
    RULESET.score(state)
    return state


def games_per_second(seconds=1.0, seed=1) -> tuple[float, float]:
    """Games per second of this process's CPU time (one core) and of wall-clock time.

    CPU time is the headline figure: it does not count time other processes take on a
    busy machine; wall-clock time is printed beside it.
    """
    rng, games = Rng(seed), 0
    start, wall = time.process_time(), time.perf_counter()
    while (elapsed := time.process_time() - start) < seconds:
        random_game(rng)
        games += 1
    return games / elapsed, games / (time.perf_counter() - wall)


def typical_positions(count=400, seed=2):
    """Figure-phase states of random games after 10..35 placements (with held totems)."""
    rng, positions = Rng(seed), []
    while len(positions) < count:
        state = RULESET.setup(2, OPTIONS)
        stop = 10 + rng.below(26)
        placed = 0
        while not RULESET.is_over(state) and placed < stop:
            chance = RULESET.chance(state)
            if chance is not None:
                RULESET.apply_chance(state, chance.draw(rng))
                continue
            if state.phase == "figures":
                placed += 1
            RULESET.apply(state, state.turn, rng.choice(RULESET.legal_moves(state, state.turn)))
        if state.phase == "figures":
            positions.append(state)
    return positions


def per_call_us(positions, fn) -> float:
    start = time.process_time()
    for state in positions:
        fn(state)
    return (time.process_time() - start) / len(positions) * 1e6


def main():
    positions = typical_positions()
    moves = [(s, RULESET.legal_moves(s, s.turn)) for s in positions]
    sizes = sorted(len(m) for _, m in moves)
    rng = Rng(3)
    picks = [(s, rng.choice(m)) for s, m in moves]
    legal, apply, copy, gps = [], [], [], []
    for _ in range(ROUNDS):
        legal.append(per_call_us(positions, lambda s: RULESET.legal_moves(s, s.turn)))
        copies = [RULESET.copy_state(s) for s, _ in picks]
        copy.append(per_call_us(positions, RULESET.copy_state))
        start = time.process_time()
        for trial, (state, move) in zip(copies, picks):
            RULESET.apply(trial, state.turn, move)
        apply.append((time.process_time() - start) / len(picks) * 1e6)
        gps.append(games_per_second())
    print(f"typical positions: {len(positions)} figure-phase states, legal moves median {sizes[len(sizes) // 2]}, "
          f"max {sizes[-1]}")
    print(f"legal_moves   median {statistics.median(legal):8.1f} us")
    print(f"apply         median {statistics.median(apply):8.1f} us")
    print(f"copy_state    median {statistics.median(copy):8.1f} us")
    cpu, wall = statistics.median(g[0] for g in gps), statistics.median(g[1] for g in gps)
    print(f"random full games per second (one core, median of {ROUNDS} x 1 s): {cpu:.0f} per CPU second, "
          f"{wall:.0f} per wall-clock second")


if __name__ == "__main__":
    main()
