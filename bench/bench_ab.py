"""A/B: the request path of this tree against an earlier commit, in one run on one machine.

Checks the commit out as a git worktree, then serves each tree in turn (bench_load.serve:
embedded Redis, one Celery worker, gunicorn with that tree's served configuration) and runs
the same load against it: a saturation phase, then a phase paced at ``--load`` of that
tree's own saturation. The trees alternate (base, head, base, head, ...) ``--runs`` times
each, so that a noisy machine hits both alike. Prints, per tree, the median over runs of the
saturation throughput and of p50/p99 per endpoint (saturation and paced), and head ÷ base.
The load client is this tree's bench_load for both trees.

    .venv/bin/python bench/bench_ab.py --base <commit> [--runs 3] [--users 24] [--saturate 10]
        [--seconds 10] [--load 0.8]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_load import MAX_SECONDS, MAX_USERS, ROOT, percentile, phase, serve  # noqa: E402

from engine import registry  # noqa: E402

MAX_RUNS = 10


def summary(samples, seconds) -> dict:
    """Requests per second, errors, and p50/p99 (from the due time) per endpoint and over all."""
    by_endpoint = defaultdict(list)
    errors = 0
    for endpoint, status, took, *_ in samples:
        by_endpoint[endpoint].append(took)
        by_endpoint["all"].append(took)
        errors += status not in (200, 201, "stale")
    return {"rps": len(samples) / seconds, "errors": errors,
            "latency": {endpoint: (statistics.median(values), percentile(values, 0.99))
                        for endpoint, values in by_endpoint.items()}}


def measure(root: Path, args, rulesets) -> dict:
    with serve(root) as port:
        samples, took = phase(port, args.users, args.saturate, 0, rulesets)
        saturated = summary(samples, took)
        samples, took = phase(port, args.users, args.seconds, args.load * saturated["rps"], rulesets)
        return {"saturation": saturated, "paced": summary(samples, took)}


def median_of(runs: list[dict], part: str, endpoint: str, which: int) -> float:
    return statistics.median(run[part]["latency"][endpoint][which] for run in runs
                             if endpoint in run[part]["latency"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="the commit to compare with (any git revision)")
    parser.add_argument("--runs", type=int, default=3, help=f"runs of each tree (at most {MAX_RUNS})")
    parser.add_argument("--users", type=int, default=24)
    parser.add_argument("--saturate", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--load", type=float, default=0.8, help="the paced phase's fraction of saturation")
    args = parser.parse_args()
    args.users = max(1, min(args.users, MAX_USERS))
    args.saturate, args.seconds = min(args.saturate, MAX_SECONDS), min(args.seconds, MAX_SECONDS)
    runs = max(1, min(args.runs, MAX_RUNS))
    rulesets = sorted(registry.rulesets())
    base_sha = subprocess.run(["git", "rev-parse", "--short", args.base], cwd=ROOT, check=True, text=True,
                              capture_output=True).stdout.strip()
    head_sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=True, text=True,
                              capture_output=True).stdout.strip()
    worktree = Path(tempfile.mkdtemp(prefix="spielwerk-ab-")) / base_sha
    subprocess.run(["git", "worktree", "add", "--detach", str(worktree), base_sha], cwd=ROOT, check=True,
                   capture_output=True)
    results: dict[str, list[dict]] = {"base": [], "head": []}
    try:
        for run in range(runs):
            for label, root in (("base", worktree), ("head", ROOT)):
                result = measure(root, args, rulesets)
                results[label].append(result)
                print(f"run {run + 1} {label}: saturation {result['saturation']['rps']:.0f} req/s, "
                      f"paced p50/p99 {1000 * result['paced']['latency']['all'][0]:.1f}/"
                      f"{1000 * result['paced']['latency']['all'][1]:.1f} ms, errors "
                      f"{result['saturation']['errors'] + result['paced']['errors']}", flush=True)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=ROOT, capture_output=True)
    report(results, base_sha, head_sha, args, runs)


def report(results: dict, base_sha: str, head_sha: str, args, runs: int) -> None:
    base, head = results["base"], results["head"]
    rate = {label: statistics.median(run["saturation"]["rps"] for run in results[label]) for label in results}
    print(f"\nbase {base_sha} against head {head_sha} (this tree, uncommitted changes included): {runs} runs each, "
          f"alternating; {args.users} users; {os.cpu_count()} cores; medians over runs\n")
    print("| figure | base | head | head ÷ base |\n|---|---:|---:|---:|")
    print(f"| saturation req/s | {rate['base']:.0f} | {rate['head']:.0f} | {rate['head'] / rate['base']:.2f} |")
    for part, title in (("saturation", "saturation"), ("paced", f"paced at {args.load:.0%}")):
        endpoints = sorted({e for run in base + head for e in run[part]["latency"]}, key=lambda e: (e == "all", e))
        for endpoint in endpoints:
            for which, name in ((0, "p50"), (1, "p99")):
                b, h = median_of(base, part, endpoint, which), median_of(head, part, endpoint, which)
                print(f"| {title} `{endpoint}` {name} ms | {1000 * b:.1f} | {1000 * h:.1f} | {h / b:.2f} |")
    errors = {label: sum(r["saturation"]["errors"] + r["paced"]["errors"] for r in results[label])
              for label in results}
    print(f"\nerrors: base {errors['base']}, head {errors['head']}")


if __name__ == "__main__":
    main()
