"""POST moves against GET /v1/health under gunicorn with a real Redis, in one run.

Starts an embedded Redis and gunicorn (2 sync workers) on free ports, then CLIENTS
threads with keep-alive connections: each plays its own Great Plains game (two human
seats) by fetching the game's view (timed), its legal moves (not timed) and posting one
(timed), and also times GET /v1/health. Reports p50/p99 and throughput of each, the
ratios of the move's p50 to the health's and to the view's (same game, same client,
same run), and the Redis
commands of the run (INFO commandstats; commands inside a Lua script count separately
from the EVALSHA that ran them), from which the round trips per request follow.

    .venv/bin/python bench/bench_api.py [--clients 4] [--seconds 10] [--rate-limit off] [--tree PATH]

``--tree`` serves another checkout (e.g. a git worktree of an earlier commit) with this client.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.dev.embedded_redis import EmbeddedRedis, free_port  # noqa: E402


class Client:
    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def call(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        start = time.perf_counter()
        self.conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        return response.status, json.loads(data), time.perf_counter() - start


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(port: int, clients: int, seconds: float) -> dict:
    health, views, moves, errors = [], [], [], []
    stop = time.monotonic() + seconds
    lock = threading.Lock()

    def player(index):
        client = Client(port)
        game = None
        while time.monotonic() < stop:
            if game is None:
                _, created, _ = client.call("POST", "/v1/games", {
                    "ruleset": "great-plains", "seed": index * 1000 + len(moves),
                    "seats": [{"kind": "human"}, {"kind": "human"}]})
                game = (created["game_id"], {s["seat"]: s["token"] for s in created["seats"]})
            game_id, tokens = game
            status, view, took_v = client.call("GET", f"/v1/games/{game_id}")
            if view["status"] == "finished":
                game = None
                continue
            seat = view["to_move"][0]
            _, listed, _ = client.call("GET", f"/v1/games/{game_id}/legal-moves", token=tokens[seat])
            move = listed["moves"][len(listed["moves"]) // 2]
            status, _, took = client.call("POST", f"/v1/games/{game_id}/moves",
                                          {"move": move, "expected_version": listed["version"]}, tokens[seat])
            status_h, _, took_h = client.call("GET", "/v1/health")
            with lock:
                views.append(took_v)
                (moves if status == 200 else errors).append(took)
                (health if status_h == 200 else errors).append(took_h)

    threads = [threading.Thread(target=player, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"health": health, "views": views, "moves": moves, "errors": len(errors)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to serve (default: this one)")
    parser.add_argument("--rate-limit", default="off",
                        help="RATE_LIMIT for the server, e.g. '1000000 per minute' to measure the limiter")
    args = parser.parse_args()
    server = EmbeddedRedis(free_port()).start()
    port = free_port()
    # every game comes from one address: the quota of active games would stop the run
    env = {**os.environ, "REDIS_URL": server.url, "RATE_LIMIT": args.rate_limit,
           "MAX_ACTIVE_GAMES_PER_CLIENT": "off", "PYTHONPATH": str(args.tree)}
    api = subprocess.Popen([sys.executable, "-m", "gunicorn", "--workers", "2", "--bind", f"127.0.0.1:{port}",
                            "service.api.wsgi:app"], cwd=args.tree, env=env, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                Client(port).call("GET", "/v1/health")
                break
            except OSError:
                time.sleep(0.1)
        stats = redis.Redis.from_url(server.url)
        before = stats.info("commandstats")
        result = run(port, args.clients, args.seconds)
        after = stats.info("commandstats")
    finally:
        api.terminate()
        api.wait()
        server.stop()
    calls = {k: after[k]["calls"] - before.get(k, {}).get("calls", 0) for k in after}
    requests = len(result["moves"]) * 3 + len(result["health"])  # move, view, legal-moves; health
    print(f"clients={args.clients} seconds={args.seconds} rate_limit={args.rate_limit!r} errors={result['errors']}")
    for name in ("health", "views", "moves"):
        values = result[name]
        print(f"{name:7s} n={len(values):6d} p50={statistics.median(values) * 1000:.2f} ms "
              f"p99={percentile(values, 0.99) * 1000:.2f} ms throughput={len(values) / args.seconds:.0f}/s")
    ratio = statistics.median(result["moves"]) / statistics.median(result["health"])
    print(f"POST moves p50 / health p50 = {ratio:.2f}")
    print(f"POST moves p50 / GET view p50 = {statistics.median(result['moves']) / statistics.median(result['views']):.2f}")
    print("redis commands during the run:", {k.removeprefix("cmdstat_"): v for k, v in sorted(calls.items()) if v})
    print(f"(over {requests} requests: {len(result['moves'])} each of moves, views and legal-moves; "
          f"{len(result['health'])} health)")


if __name__ == "__main__":
    main()
