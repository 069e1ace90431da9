"""An AI seat's reply time while another client floods hints at the rate limits.

Starts an embedded Redis, gunicorn (the served configuration) and Celery workers in one
of two topologies, each measured quiet and under a flood in the same run:

- ``separate`` (``make run``): one worker for the ``ai`` and ``scores`` queues, one for
  ``hints`` at a lower CPU priority (niceness 10);
- ``shared`` (the baseline): one worker taking all three queues.

The victim (its own client address) plays Great Plains against a ``medium`` AI seat and
times each reply: from its move's 200 to the AI's move being stored. The attacker (another
address) plays ATTACKER_GAMES two-human Great Plains games round-robin: a ``hard`` hint,
then a legal move (a new version, so the next hint is a new task), as fast as RATE_LIMIT
and HINT_RATE_LIMIT let it (a 429 makes it wait a little). Reports the replies' median
and p95, the ratio flooded / quiet, and how many hint tasks the attacker got queued.

    .venv/bin/python bench/bench_fair_queues.py [--replies 20] [--topologies separate,shared]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.dev.embedded_redis import EmbeddedRedis, free_port  # noqa: E402
from service.dev.run import HINT_WORKER_NICENESS, celery_worker  # noqa: E402
from service.store import record_key  # noqa: E402

TOPOLOGIES = {"separate": [("ai,scores", 0), ("hints", HINT_WORKER_NICENESS)], "shared": [("ai,scores,hints", 0)]}
ATTACKER_GAMES = 12
RATE_LIMIT, HINT_RATE_LIMIT = "600 per minute", "20 per minute"


class Client:
    """HTTP calls from one client address (X-Forwarded-For, believed with TRUSTED_PROXIES=1)."""

    def __init__(self, port: int, address: str):
        self.port, self.address = port, address
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json", "X-Forwarded-For": self.address}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        try:
            self.conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = self.conn.getresponse()
            return response.status, json.loads(response.read() or b"null")
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            raise

    def create(self, seats):
        while (answer := self.call("POST", "/v1/games", {"ruleset": "great-plains", "seats": seats}))[0] == 429:
            time.sleep(0.2)
        status, created = answer
        assert status == 201, created
        return created["game_id"], {seat["seat"]: seat.get("token") for seat in created["seats"]}


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def stored(store: redis.Redis, game_id: str) -> dict:
    """The game's stored record (its version and status)."""
    return json.loads(store.hget(record_key(game_id), "record"))


def victim_replies(port: int, store: redis.Redis, count: int) -> list[float]:
    """Seconds from each of the victim's moves to the AI's stored reply, over fresh games."""
    client, replies = Client(port, "10.0.0.1"), []
    game_id, tokens = None, {}
    while len(replies) < count:
        if game_id is None:
            game_id, tokens = client.create([{"kind": "human"}, {"kind": "ai", "level": "medium"}])
        view = client.call("GET", f"/v1/games/{game_id}")[1]
        if view["status"] == "finished":
            game_id = None
            continue
        if view["to_move"] != [0]:
            time.sleep(0.2)
            continue
        moves = client.call("GET", f"/v1/games/{game_id}/legal-moves", token=tokens[0])[1]["moves"]
        status, entry = client.call("POST", f"/v1/games/{game_id}/moves", {"move": moves[0]}, tokens[0])
        assert status == 200, entry
        started = time.monotonic()
        after = client.call("GET", f"/v1/games/{game_id}")[1]
        if after["version"] == entry["version"] and 1 not in after["to_move"]:
            continue                                    # the human moves again: no reply owed
        while (record := stored(store, game_id))["version"] == entry["version"] and record["status"] != "finished":
            time.sleep(0.005)                           # read from Redis: polls would meet RATE_LIMIT
        if record["status"] != "finished":
            replies.append(time.monotonic() - started)
    return replies


def flood(port: int, stop: threading.Event, sent: list[int]) -> None:
    """The attacker: a hard hint, then a move, in each of its games in turn, until ``stop``."""
    client = Client(port, "10.0.0.2")
    games = [client.create([{"kind": "human"}, {"kind": "human"}]) for _ in range(ATTACKER_GAMES)]
    while not stop.is_set():
        for index, (game_id, tokens) in enumerate(games):
            if stop.is_set():
                return
            status, view = client.call("GET", f"/v1/games/{game_id}")
            if status != 200:                           # 429: the limits hold the attacker back
                time.sleep(0.2)
                continue
            if view["status"] == "finished":
                games[index] = client.create([{"kind": "human"}, {"kind": "human"}])
                continue
            token = tokens[view["to_move"][0]]
            status, _ = client.call("POST", f"/v1/games/{game_id}/hint", {"level": "hard"}, token)
            sent[0] += status == 202
            status, listed = client.call("GET", f"/v1/games/{game_id}/legal-moves", token=token)
            if status == 200:
                client.call("POST", f"/v1/games/{game_id}/moves", {"move": listed["moves"][-1]}, token)
            else:
                time.sleep(0.2)


def start(workdir: Path, topology: str) -> tuple[list[subprocess.Popen], EmbeddedRedis, int]:
    server = EmbeddedRedis(free_port(), tempfile.mkdtemp(dir=workdir)).start()
    port = free_port()
    env = {**os.environ, "REDIS_URL": server.url, "RATE_LIMIT": RATE_LIMIT, "HINT_RATE_LIMIT": HINT_RATE_LIMIT,
           "TRUSTED_PROXIES": "1", "MAX_ACTIVE_GAMES_PER_CLIENT": "off", "PORT": str(port)}
    log = open(workdir / f"{topology}.log", "ab")
    children = [subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "python:service.api.gunicorn_conf",
                                  "--access-logfile", "/dev/null", "service.api.wsgi:app"],
                                 cwd=ROOT, env=env, stdout=log, stderr=log)]
    for queues, niceness in TOPOLOGIES[topology]:
        children.append(celery_worker({**env, "WORKER_LOGLEVEL": "WARNING"}, queues, "1", niceness,
                                      cwd=ROOT, stdout=log, stderr=log))
    for _ in range(300):
        try:
            if Client(port, "10.0.0.9").call("GET", "/v1/ready")[0] == 200:
                break
        except OSError:
            pass
        time.sleep(0.1)
    time.sleep(3)   # the workers' imports
    return children, server, port


def measure(topology: str, replies: int, workdir: Path) -> dict:
    children, server, port = start(workdir, topology)
    try:
        store = redis.Redis.from_url(server.url)
        quiet = victim_replies(port, store, replies)
        stop, sent = threading.Event(), [0]
        attacker = threading.Thread(target=flood, args=(port, stop, sent))
        attacker.start()
        time.sleep(5)                               # the hint queue fills first
        flooded = victim_replies(port, store, replies)
        stop.set()
        attacker.join()
    finally:
        for child in children:
            child.terminate()
        for child in children:
            child.wait()
        server.stop()
    return {"quiet": quiet, "flooded": flooded, "hints": sent[0]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--replies", type=int, default=20)
    parser.add_argument("--topologies", default="separate,shared")
    args = parser.parse_args()
    print(f"victim: Great Plains vs a medium AI seat, {args.replies} replies quiet, then {args.replies} "
          f"under a flood of hard hints ({ATTACKER_GAMES} games, RATE_LIMIT {RATE_LIMIT!r}, "
          f"HINT_RATE_LIMIT {HINT_RATE_LIMIT!r})")
    with tempfile.TemporaryDirectory() as workdir:
        for topology in args.topologies.split(","):
            result = measure(topology, args.replies, Path(workdir))
            quiet, flooded = result["quiet"], result["flooded"]
            print(f"{topology:8s} quiet   p50={statistics.median(quiet) * 1000:7.0f} ms "
                  f"p95={percentile(quiet, 0.95) * 1000:7.0f} ms")
            print(f"{topology:8s} flooded p50={statistics.median(flooded) * 1000:7.0f} ms "
                  f"p95={percentile(flooded, 0.95) * 1000:7.0f} ms  hints queued by the attacker: {result['hints']}")
            print(f"{topology:8s} p95 flooded / quiet = {percentile(flooded, 0.95) / percentile(quiet, 0.95):.2f}")


if __name__ == "__main__":
    main()
