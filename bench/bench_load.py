"""Load test: gunicorn + Redis + a Celery worker on loopback, many concurrent games of every
registered ruleset. Bounded in clients (``--users`` at most 64) and time (each phase at
most 60 s); everything it starts binds 127.0.0.1 and is stopped at the end.

Each virtual user plays games one after another, cycling through the rulesets: two
human seats, or (every third game) a human against an AI seat of level ``random`` that
the worker moves. A turn is: GET the view, GET legal-moves, POST moves/validate (one in
four turns), POST moves with ``expected_version``; after 8 to 16 turns (it varies by user
and game) or the end, GET score and history and start the next game; while the AI is to
move, GET the view again (polling). Every request goes through the
rate limiter and every create through the quota of active games (RATE_LIMIT and
MAX_ACTIVE_GAMES_PER_CLIENT set very high, so their Redis round trips are included).

Phase 1, saturation: the users send without pause for ``--saturate`` seconds; the
throughput reached is the saturation throughput X.
Phase 2, paced: each user is paced to an equal share of ``--load`` × X requests per
second (default 0.8; several fractions give one phase each), for ``--seconds``. Latency
is measured from the moment a request was *due* by the pacing schedule, so a stalled
server cannot hide its queueing (no coordinated omission); that figure also includes the client waking late on a busy
machine, so the tables show the latency from the actual send as well, and which 100 ms
windows the slow requests fell in (spread out, or in episodes). All users are
coroutines in this one process (aiohttp), so the client takes little of the CPU the
server shares with it.

    .venv/bin/python bench/bench_load.py [--users 24] [--saturate 10] [--seconds 20] [--load 0.8 0.5]
        [--web-workers 2] [--worker-class sync|gthread|gevent --threads N] [--redis-dir DIR]

gunicorn runs with the served configuration (service/api/gunicorn_conf.py: gevent workers)
unless ``--worker-class`` names another. ``serve`` starts the stack of any tree (bench_ab.py
compares two commits with it).

Redis keeps its AOF (``appendfsync everysec``) in a temporary folder on disk unless
``--redis-dir`` names another (e.g. on tmpfs, to tell the disk's share in the tail apart).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from urllib.request import urlopen

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import registry  # noqa: E402
from service.dev.embedded_redis import EmbeddedRedis, free_port  # noqa: E402

MAX_USERS, MAX_SECONDS = 64, 60
TURNS_PER_GAME = (8, 16)     # a game's turns vary in this range; then score, history, next game


class User:
    """One virtual user, a coroutine; records (endpoint, status, latency from due, from send, due time)."""

    def __init__(self, session, index, rulesets, samples, interval, first_due, stop_at):
        self.session, self.index, self.rulesets, self.samples = session, index, rulesets, samples
        self.interval, self.stop_at = interval, stop_at
        self.due = first_due
        self.games = 0

    async def request(self, endpoint, method, path, body=None, token=None):
        if self.interval:
            self.due += self.interval
            pause = self.due - time.monotonic()
            if pause > 0:
                await asyncio.sleep(pause)
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        start = time.monotonic()
        try:
            async with self.session.request(method, path, headers=headers,
                                            data=None if body is None else json.dumps(body)) as response:
                status, data = response.status, await response.read()
            answer = json.loads(data) if data else None
        except (aiohttp.ClientError, asyncio.TimeoutError, ValueError):
            status, answer = 599, None
        end = time.monotonic()
        began = min(start, self.due) if self.interval else start
        code = answer.get("code") if status >= 400 and isinstance(answer, dict) else None
        self.samples.append((endpoint, status if code != "stale_version" else "stale", end - began, end - start,
                             began))
        return status, answer

    async def play(self):
        while time.monotonic() < self.stop_at:
            await self.play_one_game()

    async def play_one_game(self):
        ruleset = self.rulesets[(self.index + self.games) % len(self.rulesets)]
        # users differ in where they are in the cycle and in how long their games last, so
        # that they do not all create games or start AI games in the same moment
        with_ai = (self.index + self.games) % 3 == 2
        low, high = TURNS_PER_GAME
        turns = low + (7 * self.index + 5 * self.games) % (high - low + 1)
        self.games += 1
        seats = [{"kind": "human"}, {"kind": "ai", "level": "random"} if with_ai else {"kind": "human"}]
        body = {"ruleset": ruleset, "seats": seats, "seed": self.index * 10_000 + self.games}
        status, created = await self.request("POST /v1/games", "POST", "/v1/games", body)
        if status != 201:
            return
        game_id = created["game_id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"] if "token" in s}
        base = f"/v1/games/{game_id}"
        turn = 0
        while time.monotonic() < self.stop_at:
            status, view = await self.request("GET /v1/games/{id}", "GET", base)
            if status != 200:
                return
            if view["status"] == "finished" or turn >= turns:
                await self.request("GET /v1/games/{id}/score", "GET", base + "/score")
                await self.request("GET /v1/games/{id}/history", "GET", base + "/history", token=tokens[0])
                return
            mine = [s for s in view["to_move"] if s in tokens]
            if not mine:                                  # the AI is thinking: poll
                if not self.interval:
                    await asyncio.sleep(0.005)
                continue
            seat = mine[0]
            status, listed = await self.request("GET /v1/games/{id}/legal-moves", "GET",
                                                base + "/legal-moves", token=tokens[seat])
            if status != 200 or not listed["moves"]:
                continue
            move = listed["moves"][(self.index + turn) % len(listed["moves"])]
            turn += 1
            if turn % 4 == 0:
                await self.request("POST /v1/games/{id}/moves/validate", "POST", base + "/moves/validate",
                                   {"move": move}, tokens[seat])
            await self.request("POST /v1/games/{id}/moves", "POST", base + "/moves",
                               {"move": move, "expected_version": listed["version"]}, tokens[seat])


async def run_phase(port, users, seconds, rate, rulesets):
    """``users`` coroutines in this one process for ``seconds``; the samples and the wall time."""
    samples: list = []
    interval = users / rate if rate else 0.0
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=10)
    async with aiohttp.ClientSession(f"http://127.0.0.1:{port}", connector=connector, timeout=timeout) as session:
        start = time.monotonic()
        stop_at = start + seconds
        # staggered first due times, so that the users do not send in lockstep
        virtual_users = [User(session, i, rulesets, samples, interval, start + interval * i / users, stop_at)
                         for i in range(users)]
        await asyncio.gather(*(user.play() for user in virtual_users))
    return samples, time.monotonic() - start


def phase(port, users, seconds, rate, rulesets):
    return asyncio.run(run_phase(port, users, seconds, rate, rulesets))


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def report(title, samples, seconds):
    by_endpoint = defaultdict(list)
    errors, stale = defaultdict(int), defaultdict(int)
    sent = defaultdict(list)
    for endpoint, status, took, took_sent, _ in samples:
        by_endpoint[endpoint].append(took)
        sent[endpoint].append(took_sent)
        expected = 201 if endpoint == "POST /v1/games" else 200
        if status == "stale":       # an AI seat moved first where both seats were to move
            stale[endpoint] += 1
        elif status != expected:
            errors[endpoint] += 1
    lines = [f"**{title}**: {len(samples)} requests in {seconds:.1f} s = {len(samples) / seconds:.0f} req/s, "
             f"{sum(errors.values())} errors"
             + (f" ({sum(stale.values())} `stale_version` answers: an AI seat moved first where both seats "
                "were to move; counted apart, not as errors)" if stale else ""), "",
             "| endpoint | requests | req/s | p50 ms | p99 ms | max ms | p50 / p99 ms from send | errors |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for endpoint in sorted(by_endpoint):
        values = by_endpoint[endpoint]
        lines.append(f"| `{endpoint}` | {len(values)} | {len(values) / seconds:.0f} | "
                     f"{statistics.median(values) * 1000:.2f} | {percentile(values, 0.99) * 1000:.2f} | "
                     f"{max(values) * 1000:.1f} | {statistics.median(sent[endpoint]) * 1000:.1f} / "
                     f"{percentile(sent[endpoint], 0.99) * 1000:.1f} | {errors[endpoint]} |")
    kinds = defaultdict(int)
    for endpoint, status, *_ in samples:
        if status != "stale" and status != (201 if endpoint == "POST /v1/games" else 200):
            kinds[f"{endpoint} → {status}"] += 1
    every = [sample[2] for sample in samples]
    every_sent = [sample[3] for sample in samples]
    lines.append(f"| all | {len(every)} | {len(every) / seconds:.0f} | {statistics.median(every) * 1000:.2f} | "
                 f"{percentile(every, 0.99) * 1000:.2f} | {max(every) * 1000:.1f} | "
                 f"{statistics.median(every_sent) * 1000:.1f} / {percentile(every_sent, 0.99) * 1000:.1f} | "
                 f"{sum(errors.values())} |")
    if kinds:
        lines.append("\nerrors: " + ", ".join(f"{k} ×{n}" for k, n in sorted(kinds.items())))
    lines.append("\n" + slow_windows(samples))
    return "\n".join(lines), errors


def slow_windows(samples, limit=0.050, window=0.1) -> str:
    """Whether the requests over ``limit`` (from due) are spread out or come in episodes."""
    start = min(sample[4] for sample in samples)
    total = int((max(sample[4] for sample in samples) - start) / window) + 1
    windows = defaultdict(int)
    for sample in samples:
        if sample[2] > limit:
            windows[int((sample[4] - start) / window)] += 1
    spans = [f"{w * window:.1f}s×{n}" for w, n in sorted(windows.items())]
    return (f"over {limit * 1000:.0f} ms from due: {sum(windows.values())} requests in {len(windows)} of "
            f"{total} windows of {window * 1000:.0f} ms"
            + (f" (at {', '.join(spans[:12])}{', …' if len(spans) > 12 else ''})" if spans else ""))


def wait_for_http(port, child, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise SystemExit("gunicorn exited")
        try:
            with urlopen(f"http://127.0.0.1:{port}/v1/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit("gunicorn did not answer")


@contextlib.contextmanager
def serve(root: Path, web_workers: int = 2, worker_class: str | None = None, threads: int = 1,
          redis_dir: str | None = None):
    """The stack of the tree at ``root`` on loopback: an embedded Redis (AOF everysec), one
    Celery worker (solo) and gunicorn, with the tree's served configuration
    (``service/api/gunicorn_conf.py``) unless ``worker_class`` names another; yields the port."""
    workdir = tempfile.mkdtemp(prefix="spielwerk-load-")
    server = EmbeddedRedis(free_port(), redis_dir or os.path.join(workdir, "redis")).start()
    port = free_port()
    env = {**os.environ, "REDIS_URL": server.url, "RATE_LIMIT": "100000000 per minute",
           "MAX_ACTIVE_GAMES_PER_CLIENT": "100000000", "PYTHONPATH": str(root)}
    env.pop("BROKER_URL", None)
    served = (root / "service/api/gunicorn_conf.py").exists() and worker_class is None
    config = (["-c", "python:service.api.gunicorn_conf", "--access-logfile", "/dev/null"] if served
              else ["--worker-class", worker_class or "sync", "--threads", str(threads)])
    log = open(os.path.join(workdir, "children.log"), "wb")
    children = [
        subprocess.Popen([sys.executable, "-m", "celery", "-A", "worker.app:celery", "worker", "--pool=solo",
                          "--loglevel=WARNING", "--without-gossip", "--without-mingle"],
                         cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True),
        subprocess.Popen([sys.executable, "-m", "gunicorn", *config, "--workers", str(web_workers),
                          "--bind", f"127.0.0.1:{port}", "service.api.wsgi:app"],
                         cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True),
    ]
    try:
        wait_for_http(port, children[1])
        time.sleep(1.5)                                 # the worker's cold start
        yield port
    finally:
        for child in children:
            if child.poll() is None:
                os.killpg(child.pid, 15)
        for child in children:
            try:
                child.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(child.pid, 9)
                child.wait()
        server.stop()
        log.close()
        shutil.rmtree(workdir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=24)
    parser.add_argument("--saturate", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--load", type=float, nargs="+", default=[0.8],
                        help="fractions of the saturation throughput to pace at, one phase each")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--worker-class", help="gunicorn worker class (sync, gthread, gevent); default: the "
                                               "served configuration, service/api/gunicorn_conf.py")
    parser.add_argument("--threads", type=int, default=1, help="threads per gunicorn worker (gthread)")
    parser.add_argument("--redis-dir", help="where Redis keeps its AOF (default: a temporary folder on disk)")
    args = parser.parse_args()
    users = max(1, min(args.users, MAX_USERS))
    saturate, seconds = min(args.saturate, MAX_SECONDS), min(args.seconds, MAX_SECONDS)
    rulesets = sorted(registry.rulesets())
    with serve(ROOT, args.web_workers, args.worker_class, args.threads, args.redis_dir) as port:
        print(f"rulesets {', '.join(rulesets)}; {users} users in one asyncio client process; "
              f"gunicorn {args.web_workers} {args.worker_class or 'served (gevent)'} workers; "
              f"1 Celery worker (solo); {os.cpu_count()} cores; "
              f"load average before the run {os.getloadavg()[0]:.1f}\n")
        samples, took = phase(port, users, saturate, 0, rulesets)
        table, _ = report(f"Saturation ({users} users, no pause, {saturate:.0f} s)", samples, took)
        print(table + "\n")
        saturation = len(samples) / took
        for load in args.load[:4]:
            target = load * saturation
            samples, took = phase(port, users, seconds, target, rulesets)
            table, errors = report(f"Paced at {load:.0%} of saturation = {target:.0f} req/s "
                                   f"({users} users, {seconds:.0f} s)", samples, took)
            print(table + "\n")
            every = [sample[2] for sample in samples]
            met = not sum(errors.values()) and percentile(every, 0.99) < 0.050
            print(f"zero errors and p99 < 50 ms at {load:.0%} of saturation: {'yes' if met else 'NO'}\n")
        print(f"load average after the run {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
