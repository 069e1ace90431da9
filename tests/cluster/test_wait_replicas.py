"""REDIS_WAIT_REPLICAS: a move is answered 200 only once a replica has it. A primary with
one replica (plain Redis, replication as in a cluster's shard): 200 while the replica
follows; the replica stopped (SIGSTOP): 503 outcome_unknown after REDIS_WAIT_MS, and the
move did apply on the primary (a retry with expected_version is 409 stale_version)."""

from __future__ import annotations

import os
import signal
import time

import redis

from service.api.app import create_app
from service.dev.embedded_redis import EmbeddedRedis, free_port

from ..reliability.players import flask_caller
from ..reliability.procs import settings_for
from ..service.helpers import wait_for

WAIT_MS = 300


def test_a_move_waits_for_its_replica(tmp_path):
    primary = EmbeddedRedis(free_port(), str(tmp_path / "primary")).start()
    replica = EmbeddedRedis(free_port(), str(tmp_path / "replica"),
                            ("--replicaof", "127.0.0.1", str(primary.port))).start()
    try:
        wait_for(lambda: redis.Redis(port=replica.port).info("replication")["master_link_status"] == "up",
                 10, 0.05, "the replica in sync")
        call = flask_caller(create_app(settings_for(primary.url, redis_wait_replicas=1, redis_wait_ms=WAIT_MS)))
        status, game = call("POST", "/v1/games", {"ruleset": "great-plains", "seed": 1,
                                                  "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert status == 201, game
        tokens = {seat["seat"]: seat["token"] for seat in game["seats"]}

        def move(version):
            status, view = call("GET", f"/v1/games/{game['game_id']}")
            seat = view["to_move"][0]
            _, listed = call("GET", f"/v1/games/{game['game_id']}/legal-moves", token=tokens[seat])
            return call("POST", f"/v1/games/{game['game_id']}/moves",
                        {"move": listed["moves"][0], "expected_version": version}, tokens[seat])
        assert move(0)[0] == 200
        os.kill(replica.process.pid, signal.SIGSTOP)
        try:
            started = time.monotonic()
            status, body = move(1)
            assert (status, body["code"]) == (503, "outcome_unknown"), body
            assert time.monotonic() - started >= WAIT_MS / 1000
        finally:
            os.kill(replica.process.pid, signal.SIGCONT)
        status, body = move(1)
        assert (status, body["code"]) == (409, "stale_version"), body      # it had applied on the primary
        assert move(2)[0] == 200
    finally:
        replica.stop()
        primary.stop()
