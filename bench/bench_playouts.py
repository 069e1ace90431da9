"""Random full games of every ruleset, here and at a baseline revision: the cost of a game.

Default: games per CPU second. Each round measures both trees in fresh processes, one
after the other, so machine load falls on both alike; the report gives the median of the
rounds and the ratio to the baseline. On a shared machine these figures swing by 20%
from process to process, so ``--instructions`` counts instead the CPU instructions of a
game under valgrind's callgrind (a fixed number of games minus a run of none: imports
do not count), which repeats exactly. The baseline is checked out with ``git worktree``
into a temporary folder; only engine API that every revision has is used.

Run: ``.venv/bin/python bench/bench_playouts.py --baseline 916b4a7 --rounds 5`` or
``.venv/bin/python bench/bench_playouts.py --baseline 916b4a7 --instructions``
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

MEASURE = """
import json, sys, time
from engine import Rng, registry
from engine.playout import play_randomly
seconds, only, games = float(sys.argv[1]), sys.argv[2], int(sys.argv[3])
rates = {}
for ruleset in registry.rulesets().values():
    if only and ruleset.id != only:
        continue
    options, rng, played = ruleset.make_options({}), Rng(1), 0
    start = time.process_time()
    while played < games or time.process_time() - start < seconds:
        state = ruleset.setup(ruleset.min_players, options)
        play_randomly(ruleset, state, rng)
        played += 1
    rates[ruleset.id] = played / max(time.process_time() - start, 1e-9)
print(json.dumps(rates))
"""
#: games per ruleset for --instructions (about 1e9 instructions each)
INSTRUCTION_GAMES = {"carcassonne-hg": 6, "great-plains": 40, "targi": 20, "woodwalkers": 20}


def run(tree: Path, args: list[str], wrapper: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run([*wrapper, sys.executable, "-c", MEASURE, *args], cwd=tree, env=env, check=True,
                          capture_output=True, text=True)


def measure(tree: Path, seconds: float) -> dict[str, float]:
    """Games per CPU second of each ruleset (its fewest players), in a fresh process in ``tree``."""
    return json.loads(run(tree, [str(seconds), "", "0"]).stdout)


def instructions(tree: Path) -> dict[str, float]:
    """Instructions per game of each ruleset (its fewest players), counted by callgrind."""
    def count(ruleset: str, games: int) -> int:
        done = run(tree, ["0", ruleset, str(games)], ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"))
        return int(re.search(r"Collected : (\d+)", done.stderr).group(1))
    return {ruleset: (count(ruleset, games) - count(ruleset, 0)) / games for ruleset, games in INSTRUCTION_GAMES.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", required=True, help="a git revision to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per ruleset and round")
    parser.add_argument("--instructions", action="store_true", help="count instructions per game instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "baseline"
        subprocess.run(["git", "worktree", "add", "--detach", str(base), args.baseline], cwd=HERE, check=True,
                       capture_output=True)
        try:
            if args.instructions:
                rounds, title = [(instructions(base), instructions(HERE))], "million instructions per game"
            else:
                rounds = [(measure(base, args.seconds), measure(HERE, args.seconds)) for _ in range(args.rounds)]
                title = f"random full games per CPU second, median of {args.rounds} rounds"
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=HERE, check=True)
    scale = 1e-6 if args.instructions else 1
    print(title)
    print(f"{'ruleset':<16}{'baseline':>10}{'this tree':>11}{'ratio':>8}")
    for ruleset in rounds[0][1]:
        before = statistics.median(old[ruleset] for old, _ in rounds if ruleset in old)
        after = statistics.median(new[ruleset] for _, new in rounds)
        print(f"{ruleset:<16}{before * scale:>10.2f}{after * scale:>11.2f}{after / before:>8.2f}")


if __name__ == "__main__":
    main()
