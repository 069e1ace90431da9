"""Carcassonne – Hunters & Gatherers benchmark: random full games per second on one core,
and per-call times on a 60-tile layout.

Times are CPU time of this process (robust on a loaded machine). Drives the ruleset
directly (chance + legal_moves + apply with an ``engine.Rng``); every decision, forced
or not, is one legal_moves + apply.
Run: ``.venv/bin/python bench/bench_carcassonne_hg.py [--games N] [--repeats R]``
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
from engine.games.carcassonne_hg import RULESET  # noqa: E402

OPTIONS = RULESET.make_options({})


def random_game(seed: int, players: int, stop_at_tiles: int | None = None):
    """One uniformly random game (or its prefix); returns (state, decisions)."""
    state = RULESET.setup(players, OPTIONS)

    def enough_tiles(position, _decisions):
        return position.phase == "tile" and len(position.board.placements) >= stop_at_tiles

    decisions = play_randomly(RULESET, state, Rng(seed), stop=enough_tiles if stop_at_tiles else None)
    return state, decisions


def games_per_second(games: int, players: int, seed: int) -> tuple[float, float]:
    start = time.process_time()
    decisions = sum(random_game(seed + g, players)[1] for g in range(games))
    return games / (time.process_time() - start), decisions / games


def per_call(fn, repeats: int = 200) -> float:
    """Median microseconds of ``fn()`` over batches of ``repeats`` calls."""
    samples = []
    for _ in range(7):
        start = time.process_time()
        for _ in range(repeats):
            fn()
        samples.append((time.process_time() - start) / repeats * 1e6)
    return statistics.median(samples)


def layout_times(tiles: int = 60) -> dict[str, float]:
    """legal_moves / apply / copy_state times with a tile drawn on a ``tiles``-tile layout."""
    rules = RULESET
    state, _ = random_game(3, 2, stop_at_tiles=tiles)
    seat = rules.to_move(state)[0]
    moves = rules.legal_moves(state, seat)
    state.members[seat] = state.huts[seat] = 2  # a supply, so that the piece step has choices
    options = []
    for move in moves:
        trial = rules.copy_state(state)
        rules.apply(trial, seat, move)
        options.append((len(rules.legal_moves(trial, seat)), trial))
    after = max(options, key=lambda option: option[0])[1]
    pieces = rules.legal_moves(after, seat)
    drawing = rules.copy_state(state)
    drawing.phase = "draw"

    def apply_tile():
        rules.apply(rules.copy_state(state), seat, moves[len(moves) // 2])

    def apply_piece():
        rules.apply(rules.copy_state(after), seat, pieces[0])  # a member on the first zone

    copy_us = per_call(lambda: rules.copy_state(state))
    return {
        "tiles on the layout": len(state.board.placements),
        "frontier positions": len(state.board.frontier),
        "legal tile placements": len(moves),
        "legal_moves (tile step) us": per_call(lambda: rules.legal_moves(state, seat)),
        "legal_moves (piece step) us": per_call(lambda: rules.legal_moves(after, seat)),
        "copy_state us": copy_us,
        "apply place_tile us (excl. copy)": per_call(apply_tile) - copy_us,
        "apply piece move us (excl. copy)": per_call(apply_piece) - copy_us,
        "legal piece moves": len(pieces),
        "chance (land draw) us": per_call(lambda: rules.chance(drawing)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    random_game(0, 2)  # warm caches
    for players in (2, 5):
        runs = [games_per_second(args.games, players, 1000 * r) for r in range(args.repeats)]
        rate = statistics.median(r[0] for r in runs)
        print(f"{players} players: {rate:7.1f} random full games/s (median of {args.repeats} x {args.games}), "
              f"{statistics.median(r[1] for r in runs):.0f} decisions per game")
    for name, value in layout_times().items():
        print(f"{name:36s} {value:9.1f}" if isinstance(value, float) else f"{name:36s} {value:7d}")


if __name__ == "__main__":
    main()
