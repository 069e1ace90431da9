"""Validating complete random records against the engine's own random playouts, per ruleset.

The issue's target: ``engine.records.validate`` checks at least half as many complete games
per CPU second as ``engine.playout.play_randomly`` plays (the same process, one after the
other, each ruleset at its fewest players, in alternating rounds: the median of each, so that
load from other processes falls on both alike). Records are made beforehand (untimed) from
random games through the match driver, as the service records them.

Run: ``.venv/bin/python bench/bench_records.py --seconds 2 --rounds 5``
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine import Match, Rng, registry
from engine.playout import play_randomly
from engine.records import build, validate


def record_of(ruleset, players: int, rng: Rng) -> dict:
    """A random complete game's record (chance drawn by the driver from the game's seed)."""
    match = Match.create(ruleset, players, None, rng.below(2**62))
    log = []
    while match.to_move():
        seat = rng.choice(match.to_move())
        log.append(match.play(seat, rng.choice(match.legal_moves(seat))))
    return build(match, log)


def rate(work, seconds: float) -> float:
    """Calls of ``work()`` per CPU second, over at least ``seconds``."""
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        work()
        done += 1
    return done / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per ruleset, measure and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--records", type=int, default=20, help="distinct records per ruleset")
    args = parser.parse_args()
    print(f"{'ruleset':<16}{'playouts/s':>12}{'validations/s':>15}{'ratio':>8}{'steps/record':>14}")
    for ruleset in registry.rulesets().values():
        players, rng = ruleset.min_players, Rng(7)
        options = ruleset.make_options({})
        records = [record_of(ruleset, players, rng) for _ in range(args.records)]
        assert all(validate(record)["valid"] for record in records)
        turn = iter(range(10**12))
        played, checked = [], []
        for _ in range(args.rounds):
            played.append(rate(lambda: play_randomly(ruleset, ruleset.setup(players, options), rng), args.seconds))
            checked.append(rate(lambda: validate(records[next(turn) % len(records)]), args.seconds))
        played, checked = statistics.median(played), statistics.median(checked)
        steps = sum(len(record["steps"]) for record in records) / len(records)
        print(f"{ruleset.id:<16}{played:>12.1f}{checked:>15.1f}{checked / played:>8.2f}{steps:>14.0f}")


if __name__ == "__main__":
    main()
