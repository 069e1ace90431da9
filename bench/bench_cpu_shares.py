"""Where saturation's CPU goes: each process's share of the cores, and what the API workers spend it on
(run by hand, not in CI).

    .venv/bin/python bench/bench_cpu_shares.py [--users 24] [--seconds 14] [--sample 7] [--rate 200]

Serves this tree's stack (``bench_load.serve``: embedded Redis, one Celery worker, gunicorn with the
served configuration) and runs ``bench_load``'s saturation phase from this process. Two seconds in, it
reads the CPU time of every process of the stack and of this one (the load client) and starts py-spy
(``record --nonblocking --format raw``) on each gunicorn worker for ``--sample`` seconds; then it reads
the CPU times again. Prints each process's share of a core over the sample, the requests per second,
and the share of the workers' samples under each frame (inclusive; a frame counted once per stack) and
at the leaf. Needs py-spy (the dev extra) and a quiet machine: other load changes every share.
"""

from __future__ import annotations

import argparse
import collections
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_load import ROOT, phase, serve  # noqa: E402

from engine import registry  # noqa: E402

ROLES = (("gunicorn", "API worker"), ("celery", "Celery worker"), ("redis", "Redis"))
TOP = 30


def stack_processes() -> dict[int, str]:
    """The stack's processes (gunicorn's master left out: it only supervises) and this one."""
    found = {psutil.Process().pid: "load client"}
    for process in psutil.Process().children(recursive=True):
        command = " ".join(process.cmdline())
        for tag, role in ROLES:
            if tag in command and not (tag == "gunicorn" and process.children()):
                found[process.pid] = role
    return found


def cpu_seconds(pids) -> dict[int, float]:
    return {pid: sum(psutil.Process(pid).cpu_times()[:2]) for pid in pids}


def sample(seconds: float, rate: int, out: dict) -> None:
    """Within the load phase: CPU times around a py-spy recording of every API worker."""
    time.sleep(2)
    processes = stack_processes()
    workers = [pid for pid, role in processes.items() if role == "API worker"]
    folder = Path(tempfile.mkdtemp(prefix="spielwerk-spy-"))
    before, started = cpu_seconds(processes), time.monotonic()
    spies = [subprocess.Popen([str(Path(sys.executable).parent / "py-spy"), "record", "--pid", str(pid), "--duration",
                               str(int(seconds)), "--rate", str(rate), "--nonblocking", "--format", "raw",
                               "--output", str(folder / f"{pid}.txt")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for pid in workers]
    for spy in spies:
        spy.wait()
    after, took = cpu_seconds(processes), time.monotonic() - started
    out["shares"] = [(processes[pid], pid, (after[pid] - before[pid]) / took) for pid in processes]
    out["stacks"] = [line for pid in workers for line in (folder / f"{pid}.txt").read_text().splitlines()]


def frame_name(frame: str) -> str:
    """``function (file.py)`` from py-spy's ``function (path:line)``."""
    function, _, where = frame.partition(" (")
    return f"{function} ({Path(where.split(':')[0]).name})" if where else function


def frame_shares(stacks: list[str]) -> tuple[int, collections.Counter, collections.Counter]:
    """Samples in all, per frame (inclusive, once per stack) and per leaf frame."""
    total, inclusive, leaf = 0, collections.Counter(), collections.Counter()
    for line in stacks:
        stack, _, count = line.rpartition(" ")
        frames = [frame_name(frame) for frame in stack.split(";")]
        total += int(count)
        for name in set(frames):
            inclusive[name] += int(count)
        leaf[frames[-1]] += int(count)
    return total, inclusive, leaf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=14.0, help="the saturation phase (at least sample + 4)")
    parser.add_argument("--sample", type=float, default=7.0, help="seconds of CPU times and py-spy samples")
    parser.add_argument("--rate", type=int, default=200, help="py-spy samples per second")
    args = parser.parse_args()
    if args.seconds < args.sample + 4:
        parser.error("--seconds must leave 2 s before and after the sample")
    out: dict = {}
    with serve(ROOT) as port:
        sampler = threading.Thread(target=sample, args=(args.sample, args.rate, out))
        sampler.start()
        samples, took = phase(port, args.users, args.seconds, 0, list(registry.rulesets()))
        sampler.join()
    print(f"saturation: {len(samples) / took:.0f} req/s, {args.users} users, {took:.1f} s\n")
    print("| process | pid | share of a core |\n|---|---|---:|")
    for role, pid, share in sorted(out["shares"], key=lambda row: -row[2]):
        print(f"| {role} | {pid} | {100 * share:.1f}% |")
    total, inclusive, leaf = frame_shares(out["stacks"])
    print(f"\nAPI workers' samples: {total}\n\n| frame (inclusive) | share |\n|---|---:|")
    for name, count in inclusive.most_common(TOP):
        print(f"| `{name}` | {100 * count / total:.1f}% |")
    print("\n| leaf frame | share |\n|---|---:|")
    for name, count in leaf.most_common(TOP // 2):
        print(f"| `{name}` | {100 * count / total:.1f}% |")


if __name__ == "__main__":
    main()
