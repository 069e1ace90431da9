"""A normal client's latency with slow-header (slow-loris) connections open, in one run.

Starts an embedded Redis and gunicorn with the served configuration
(service/api/gunicorn_conf.py: 2 gevent workers) on free ports, creates one Great Plains
game, then times a normal client (a new connection per request, as a browser's first
request) on `GET /v1/health` and `GET /v1/games/<id>` (reads Redis), interleaved:

1. quiet: nothing else connected;
2. slow: SLOW connections kept open the whole time, each having sent a request line and
   trickling one header byte every half second; one the server closes (the header-read
   bound, 5 s) is opened again at once, so SLOW stay open throughout.

Reports p50/p99 of each phase and the slow/quiet ratios. `--worker-class sync` (or
`gevent,sync`) measures the old model too, in the same run; there, requests that get no
answer within --timeout count as errors and the slow phase stops after --max-errors.

    .venv/bin/python bench/bench_slow_clients.py [--requests 500] [--slow 50] [--worker-class gevent,sync]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import select
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.dev.embedded_redis import EmbeddedRedis, free_port  # noqa: E402


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def call(port, method, path, body=None, timeout=5.0):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        start = time.perf_counter()
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else None, time.perf_counter() - start
    finally:
        conn.close()


class SlowClients:
    """COUNT connections that never finish their request head; any the server closes is
    opened again, so COUNT stay open until ``stop``."""

    def __init__(self, port: int, count: int):
        self.port, self.count = port, count
        self.sockets: list[socket.socket] = []
        self.reopened = 0
        self.stopping = threading.Event()
        for _ in range(count):
            self.sockets.append(self.connect())
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        return sock

    def run(self) -> None:
        while not self.stopping.wait(0.5):
            readable, _, _ = select.select(self.sockets, [], [], 0)
            for index, sock in enumerate(self.sockets):
                try:
                    if sock in readable and not sock.recv(4096):
                        raise ConnectionResetError
                    sock.send(b"a")
                except OSError:
                    sock.close()
                    try:
                        self.sockets[index] = self.connect()
                        self.reopened += 1
                    except OSError:
                        pass

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)
        for sock in self.sockets:
            sock.close()


def measure(port, game_id, requests, timeout, max_errors):
    times = {"health": [], "game": []}
    errors = {"health": 0, "game": 0}
    for index in range(requests * 2):
        name, path = ("health", "/v1/health") if index % 2 == 0 else ("game", f"/v1/games/{game_id}")
        try:
            status, _, took = call(port, "GET", path, timeout=timeout)
        except OSError:
            status, took = None, None
        if status == 200:
            times[name].append(took)
        else:
            errors[name] += 1
            if sum(errors.values()) >= max_errors:
                break
    return times, errors


def run(worker_class, args) -> dict:
    server = EmbeddedRedis(free_port()).start()
    port = free_port()
    env = {**os.environ, "REDIS_URL": server.url, "RATE_LIMIT": "off", "MAX_ACTIVE_GAMES_PER_CLIENT": "off"}
    api = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "python:service.api.gunicorn_conf",
                            "--bind", f"127.0.0.1:{port}", "--worker-class", worker_class,
                            "--access-logfile", "/dev/null", "service.api.wsgi:app"],
                           cwd=ROOT, env=env, stderr=subprocess.DEVNULL)
    slow = None
    try:
        for _ in range(100):
            try:
                call(port, "GET", "/v1/health")
                break
            except OSError:
                time.sleep(0.1)
        _, created, _ = call(port, "POST", "/v1/games", {"ruleset": "great-plains",
                                                          "seats": [{"kind": "human"}, {"kind": "human"}]})
        game_id = created["game_id"]
        measure(port, game_id, 20, args.timeout, args.requests)          # warm-up, not counted
        quiet, quiet_errors = measure(port, game_id, args.requests, args.timeout, args.requests)
        slow = SlowClients(port, args.slow)
        time.sleep(0.5)
        started = time.monotonic()
        loaded, loaded_errors = measure(port, game_id, args.requests, args.timeout, args.max_errors)
        seconds = time.monotonic() - started
    finally:
        if slow:
            slow.stop()
        api.terminate()
        api.wait()
        server.stop()
    return {"quiet": quiet, "quiet_errors": quiet_errors, "slow": loaded, "slow_errors": loaded_errors,
            "reopened": slow.reopened if slow else 0, "seconds": seconds}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=500, help="requests per endpoint and phase")
    parser.add_argument("--slow", type=int, default=50, help="slow-header connections kept open")
    parser.add_argument("--worker-class", default="gevent", help="comma-separated: gevent, sync")
    parser.add_argument("--timeout", type=float, default=5.0, help="a normal request unanswered this long fails")
    parser.add_argument("--max-errors", type=int, default=6, help="stop the slow phase after this many")
    args = parser.parse_args()
    print(f"requests={args.requests} per endpoint and phase, slow={args.slow}, timeout={args.timeout} s, "
          f"2 workers, a new connection per request")
    print(f"{'worker':7s} {'endpoint':15s} {'phase':6s} {'n':>5s} {'errors':>6s} {'p50 ms':>8s} {'p99 ms':>8s}")
    for worker_class in args.worker_class.split(","):
        result = run(worker_class, args)
        for name, label in (("health", "GET /v1/health"), ("game", "GET game")):
            figures = {}
            for phase in ("quiet", "slow"):
                values = result[phase][name]
                errors = result[f"{phase}_errors"][name]
                if values:
                    figures[phase] = (statistics.median(values), percentile(values, 0.99))
                    print(f"{worker_class:7s} {label:15s} {phase:6s} {len(values):5d} {errors:6d} "
                          f"{figures[phase][0] * 1000:8.2f} {figures[phase][1] * 1000:8.2f}")
                else:
                    print(f"{worker_class:7s} {label:15s} {phase:6s} {0:5d} {errors:6d} {'-':>8s} {'-':>8s}")
            if len(figures) == 2:
                print(f"{worker_class:7s} {label:15s} slow/quiet: p50 x{figures['slow'][0] / figures['quiet'][0]:.2f}"
                      f", p99 x{figures['slow'][1] / figures['quiet'][1]:.2f}")
        print(f"{worker_class:7s} slow phase {result['seconds']:.1f} s; slow connections closed by the server "
              f"and opened again: {result['reopened']}")


if __name__ == "__main__":
    main()
