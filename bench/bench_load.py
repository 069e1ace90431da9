"""Load test: gunicorn + Redis + a Celery worker on loopback, many concurrent games of every
registered ruleset. Bounded in clients (``--users`` at most 64) and time (each phase at
most 60 s); everything it starts binds 127.0.0.1 and is stopped at the end.

Each virtual user plays games one after another, cycling through the rulesets: two
human seats, or (every third game) a human against an AI seat of level ``random`` that
the worker moves. A turn is: GET the view, GET legal-moves, POST moves/validate (one in
four turns), POST moves with ``expected_version``; after 12 turns (or the end) GET score
and history and start the next game;
while the AI is to move, GET the view again (polling). Every request goes through the
rate limiter (RATE_LIMIT set very high, so its Redis round trips are included).

Phase 1, saturation: the users send without pause for ``--saturate`` seconds; the
throughput reached is the saturation throughput X.
Phase 2, paced: each user is paced to an equal share of ``--load`` × X requests per
second (default 0.8; several fractions give one phase each), for ``--seconds``. Latency is measured from the moment a request
was *due* by the pacing schedule, so a stalled server cannot hide its queueing
(no coordinated omission); that figure also includes a client thread waking late on a
busy machine, so the tables show the latency from the actual send as well.

    .venv/bin/python bench/bench_load.py [--users 24] [--saturate 10] [--seconds 20] [--load 0.8 0.5]
        [--web-workers 2] [--client-processes 6]
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import registry  # noqa: E402
from service.embedded_redis import EmbeddedRedis, free_port  # noqa: E402

MAX_USERS, MAX_SECONDS = 64, 60
TURNS_PER_GAME = 12          # then read score and history and start the next game


class Connection:
    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def call(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        try:
            self.conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = self.conn.getresponse()
            data = response.read()
            return response.status, (json.loads(data) if data else None)
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            return 599, None


class User:
    """One virtual user; records (endpoint, status, latency) into ``samples``."""

    def __init__(self, port, index, rulesets, samples, interval, stop_at):
        self.http = Connection(port)
        self.index, self.rulesets, self.samples = index, rulesets, samples
        self.interval, self.stop_at = interval, stop_at
        self.due = time.monotonic()
        self.games = 0

    def request(self, endpoint, method, path, body=None, token=None):
        if self.interval:
            self.due += self.interval
            pause = self.due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
        start = time.monotonic()
        status, answer = self.http.call(method, path, body, token)
        end = time.monotonic()
        began = min(start, self.due) if self.interval else start
        code = answer.get("code") if status >= 400 and isinstance(answer, dict) else None
        self.samples.append((endpoint, status if code != "stale_version" else "stale", end - began, end - start))
        return status, answer

    def play(self):
        while time.monotonic() < self.stop_at:
            self.play_one_game()

    def play_one_game(self):
        ruleset = self.rulesets[(self.index + self.games) % len(self.rulesets)]
        with_ai = self.games % 3 == 2
        self.games += 1
        seats = [{"kind": "human"}, {"kind": "ai", "level": "random"} if with_ai else {"kind": "human"}]
        status, created = self.request("POST /v1/games", "POST", "/v1/games",
                                       {"ruleset": ruleset, "seats": seats, "seed": self.index * 10_000 + self.games})
        if status != 201:
            return
        game_id = created["game_id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"] if "token" in s}
        base = f"/v1/games/{game_id}"
        turn = 0
        while time.monotonic() < self.stop_at:
            status, view = self.request("GET /v1/games/{id}", "GET", base)
            if status != 200:
                return
            if view["status"] == "finished" or turn >= TURNS_PER_GAME:
                self.request("GET /v1/games/{id}/score", "GET", base + "/score")
                self.request("GET /v1/games/{id}/history", "GET", base + "/history", token=tokens[0])
                return
            mine = [s for s in view["to_move"] if s in tokens]
            if not mine:                                  # the AI is thinking: poll
                if not self.interval:
                    time.sleep(0.005)
                continue
            seat = mine[0]
            status, listed = self.request("GET /v1/games/{id}/legal-moves", "GET", base + "/legal-moves",
                                          token=tokens[seat])
            if status != 200 or not listed["moves"]:
                continue
            move = listed["moves"][(self.index + turn) % len(listed["moves"])]
            turn += 1
            if turn % 4 == 0:
                self.request("POST /v1/games/{id}/moves/validate", "POST", base + "/moves/validate",
                             {"move": move}, tokens[seat])
            self.request("POST /v1/games/{id}/moves", "POST", base + "/moves",
                         {"move": move, "expected_version": listed["version"]}, tokens[seat])


def run_users(port, first_index, users, seconds, rate, rulesets):
    """Runs in a client process: ``users`` threads for ``seconds``; returns the samples."""
    samples: list = []
    stop_at = time.monotonic() + seconds
    interval = users / rate if rate else 0.0
    threads = [threading.Thread(target=User(port, first_index + i, rulesets, samples, interval, stop_at).play)
               for i in range(users)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return samples, started, time.monotonic()


def phase(port, users, processes, seconds, rate, rulesets):
    per_process = [users // processes + (i < users % processes) for i in range(processes)]
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        jobs = [pool.apply_async(run_users, (port, sum(per_process[:i]), n, seconds,
                                             rate * n / users if rate else 0, rulesets))
                for i, n in enumerate(per_process)]
        results = [job.get(timeout=seconds + 120) for job in jobs]
    samples = [s for result in results for s in result[0]]
    # the phase's wall time: from the first client thread's start to the last one's end
    return samples, max(r[2] for r in results) - min(r[1] for r in results)


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def report(title, samples, seconds):
    by_endpoint = defaultdict(list)
    errors, stale = defaultdict(int), defaultdict(int)
    sent = defaultdict(list)
    for endpoint, status, took, took_sent in samples:
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
    return "\n".join(lines), errors


def wait_for_http(port, child, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise SystemExit("gunicorn exited")
        try:
            if Connection(port).call("GET", "/v1/health")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit("gunicorn did not answer")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=24)
    parser.add_argument("--client-processes", type=int, default=6)
    parser.add_argument("--saturate", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--load", type=float, nargs="+", default=[0.8],
                        help="fractions of the saturation throughput to pace at, one phase each")
    parser.add_argument("--web-workers", type=int, default=2)
    args = parser.parse_args()
    users = max(1, min(args.users, MAX_USERS))
    saturate, seconds = min(args.saturate, MAX_SECONDS), min(args.seconds, MAX_SECONDS)
    rulesets = sorted(registry.rulesets())

    workdir = tempfile.mkdtemp(prefix="spielwerk-load-")
    server = EmbeddedRedis(free_port(), os.path.join(workdir, "redis")).start()
    port = free_port()
    env = {**os.environ, "REDIS_URL": server.url, "RATE_LIMIT": "100000000 per minute"}
    env.pop("BROKER_URL", None)
    log = open(os.path.join(workdir, "children.log"), "wb")
    children = [
        subprocess.Popen([sys.executable, "-m", "celery", "-A", "worker.app:celery", "worker", "--pool=solo",
                          "--loglevel=WARNING", "--without-gossip", "--without-mingle"],
                         cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True),
        subprocess.Popen([sys.executable, "-m", "gunicorn", "--workers", str(args.web_workers),
                          "--bind", f"127.0.0.1:{port}", "service.wsgi:app"],
                         cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True),
    ]
    try:
        wait_for_http(port, children[1])
        time.sleep(1.5)                                 # the worker's cold start
        print(f"rulesets {', '.join(rulesets)}; {users} users in {args.client_processes} client processes; "
              f"gunicorn {args.web_workers} sync workers; 1 Celery worker (solo); {os.cpu_count()} cores; "
              f"load average before the run {os.getloadavg()[0]:.1f}\n")
        samples, took = phase(port, users, args.client_processes, saturate, 0, rulesets)
        table, _ = report(f"Saturation ({users} users, no pause, {saturate:.0f} s)", samples, took)
        print(table + "\n")
        saturation = len(samples) / took
        for load in args.load[:4]:
            target = load * saturation
            samples, took = phase(port, users, args.client_processes, seconds, target, rulesets)
            table, errors = report(f"Paced at {load:.0%} of saturation = {target:.0f} req/s "
                                   f"({users} users, {seconds:.0f} s)", samples, took)
            print(table + "\n")
            every = [sample[2] for sample in samples]
            met = not sum(errors.values()) and percentile(every, 0.99) < 0.050
            print(f"zero errors and p99 < 50 ms at {load:.0%} of saturation: {'yes' if met else 'NO'}\n")
        print(f"load average after the run {os.getloadavg()[0]:.1f}")
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


if __name__ == "__main__":
    main()
