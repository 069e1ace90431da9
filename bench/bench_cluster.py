"""Move latency on a local Redis Cluster against a single Redis, in one run (issue 19).

Starts a single embedded Redis (also the broker of every configuration), a 3+3 Redis
Cluster (service/dev/embedded_cluster.py) and one gunicorn (the served configuration,
2 gevent workers) per configuration: ``single``, ``cluster`` and ``cluster + WAIT 1``
(REDIS_WAIT_REPLICAS=1). Then one client plays Great Plains games between two human seats
on every server in turn, one move each (the view and legal moves before it untimed, the
move timed), so that every configuration sees the same moments of the machine's load.
Reports move p50/p99 per configuration and their ratios to the single Redis; from the
single Redis's phase: its commands and CPU per move, the API processes' CPU per move with
its view and legal moves, and the bytes of a finished game (MEMORY USAGE of its record and
log); then the CPU of each kind of request served in this process.

    .venv/bin/python bench/bench_cluster.py [--seconds 30]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import psutil
import redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_api import Client, percentile  # noqa: E402

from service.dev.embedded_cluster import EmbeddedCluster  # noqa: E402
from service.dev.embedded_redis import EmbeddedRedis, free_port  # noqa: E402


def serve(redis_url: str, broker_url: str, **extra) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "REDIS_URL": redis_url, "BROKER_URL": broker_url, "RATE_LIMIT": "off",
           "MAX_ACTIVE_GAMES_PER_CLIENT": "off", "PORT": str(port), "WEB_CONCURRENCY": "2",
           **{key: str(value) for key, value in extra.items()}}
    api = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "python:service.api.gunicorn_conf",
                            "service.api.wsgi:app"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            Client(port).call("GET", "/v1/health")
            return api, port
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not start")


class Player:
    """Plays Great Plains games between two human seats on one server, one move per ``step``."""

    def __init__(self, port: int, seed: int):
        self.client, self.seed, self.game = Client(port), seed, None

    def step(self) -> tuple[int, float]:
        """The status and seconds of one POST move (the view and legal moves before it untimed)."""
        if self.game is None:
            self.seed += 1
            _, created, _ = self.client.call("POST", "/v1/games", {
                "ruleset": "great-plains", "seed": self.seed, "seats": [{"kind": "human"}, {"kind": "human"}]})
            self.game = (created["game_id"], {s["seat"]: s["token"] for s in created["seats"]})
        game_id, tokens = self.game
        _, view, _ = self.client.call("GET", f"/v1/games/{game_id}")
        if view["status"] == "finished":
            self.game = None
            return self.step()
        seat = view["to_move"][0]
        _, listed, _ = self.client.call("GET", f"/v1/games/{game_id}/legal-moves", token=tokens[seat])
        move = listed["moves"][len(listed["moves"]) // 2]
        status, _, took = self.client.call("POST", f"/v1/games/{game_id}/moves",
                                           {"move": move, "expected_version": listed["version"]}, tokens[seat])
        return status, took


def rotate(players: dict, seconds: float) -> tuple[dict, dict]:
    """One move on each server in turn until ``seconds`` passed: every configuration sees the
    same moments of the machine's load. Seconds of each 200 move, and the other answers, by name."""
    moves, errors = {name: [] for name in players}, dict.fromkeys(players, 0)
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        for name, player in players.items():
            status, took = player.step()
            if status == 200:
                moves[name].append(took)
            else:
                errors[name] += 1
    return moves, errors


def api_cpu(api: subprocess.Popen) -> float:
    processes = [psutil.Process(api.pid), *psutil.Process(api.pid).children()]
    return sum(sum(p.cpu_times()[:2]) for p in processes)


def redis_cpu(client: redis.Redis) -> float:
    info = client.info("cpu")
    return info["used_cpu_user"] + info["used_cpu_sys"]


def game_bytes(client: redis.Redis) -> list[int]:
    """MEMORY USAGE of the record plus the log of every finished game."""
    sizes = []
    for key in client.scan_iter(match="game:{*}", count=1000):
        name = key.decode()
        if name.endswith("}") and json.loads(client.hget(key, "record"))["status"] == "finished":
            sizes.append(client.memory_usage(key) + (client.memory_usage(f"{name}:log") or 0))
    return sizes


def request_cpu(redis_url: str, cycles: int = 300) -> dict:
    """Median CPU ms of one request of each kind, served in this process (no HTTP server, no
    Redis CPU): the view, the legal moves and the move of Great Plains games between two humans."""
    os.environ.update({"REDIS_URL": redis_url, "RATE_LIMIT": "off", "MAX_ACTIVE_GAMES_PER_CLIENT": "off"})
    from service.api.app import create_app
    client = create_app().test_client()
    cpu = {"view": [], "legal-moves": [], "move": []}
    game = None

    def timed(kind, call):
        start = time.process_time()
        answer = call()
        cpu[kind].append(time.process_time() - start)
        return answer.get_json()
    for index in range(cycles):
        if game is None:
            created = client.post("/v1/games", json={"ruleset": "great-plains", "seed": index,
                                                     "seats": [{"kind": "human"}, {"kind": "human"}]}).get_json()
            game = (created["game_id"], {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in created["seats"]})
        game_id, auth = game
        view = timed("view", lambda: client.get(f"/v1/games/{game_id}"))
        if view["status"] == "finished":
            game = None
            continue
        seat = view["to_move"][0]
        listed = timed("legal-moves", lambda: client.get(f"/v1/games/{game_id}/legal-moves", headers=auth[seat]))
        move = listed["moves"][len(listed["moves"]) // 2]
        timed("move", lambda: client.post(f"/v1/games/{game_id}/moves", headers=auth[seat],
                                          json={"move": move, "expected_version": listed["version"]}))
    return {kind: statistics.median(values) * 1000 for kind, values in cpu.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    single = EmbeddedRedis(free_port()).start()
    cluster = EmbeddedCluster().start()
    servers = {}
    try:
        servers["single"] = serve(single.url, single.url)
        servers["cluster"] = serve(cluster.url, single.url)
        servers["cluster + WAIT 1"] = serve(cluster.url, single.url, REDIS_WAIT_REPLICAS=1)
        stats = redis.Redis.from_url(single.url)
        players = {name: Player(port, index * 100000) for index, (name, (_, port)) in enumerate(servers.items())}
        rotate(players, 1.0)                        # warm up: imports, compiled data, connections
        api = servers["single"][0]
        before = (sum(v["calls"] for v in stats.info("commandstats").values()), redis_cpu(stats), api_cpu(api))
        moves, errors = rotate(players, args.seconds)
        cycles = len(moves["single"]) + errors["single"]
        commands = sum(v["calls"] for v in stats.info("commandstats").values()) - before[0]
        redis_seconds, api_seconds = redis_cpu(stats) - before[1], api_cpu(api) - before[2]
        sizes = game_bytes(stats)
        per_request = request_cpu(single.url)
    finally:
        for api, _ in servers.values():
            api.terminate()
            api.wait()
        cluster.stop()
        single.stop()
    print(f"seconds={args.seconds} load={os.getloadavg()[0]:.1f}")
    base = statistics.median(moves["single"])
    for name, values in moves.items():
        p50 = statistics.median(values)
        print(f"{name:16s} moves={len(values):6d} errors={errors[name]} p50={p50 * 1000:.2f} ms "
              f"p99={percentile(values, 0.99) * 1000:.2f} ms  p50 / single = {p50 / base:.2f}")
    print(f"single Redis per move (with its view and legal moves): {commands / cycles:.1f} commands, "
          f"Redis CPU {redis_seconds / cycles * 1e6:.0f} us, API CPU {api_seconds / cycles * 1e3:.2f} ms")
    print("API CPU per request, in process (median ms): "
          + ", ".join(f"{kind} {ms:.2f}" for kind, ms in per_request.items()))
    if sizes:
        print(f"finished games: {len(sizes)}, bytes each (record + log) median {statistics.median(sizes):.0f}, "
              f"max {max(sizes)}")


if __name__ == "__main__":
    main()
