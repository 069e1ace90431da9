"""Liveness and readiness: /v1/health answers while the process serves; /v1/ready checks the
game store and the broker for real, each on a Redis of its own that the test kills, stops
and brings back."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from service.api.app import create_app
from service.dev.embedded_redis import EmbeddedRedis

from .procs import Processes, http_call, service_env, settings_for

pytestmark = pytest.mark.faults
READY = {"status": "ready", "store": "ok", "broker": "ok"}


@pytest.fixture()
def procs(tmp_path: Path):
    with Processes(tmp_path) as processes:
        yield processes


def restart(procs: Processes, server: EmbeddedRedis) -> EmbeddedRedis:
    again = EmbeddedRedis(server.port, server.data_dir).start()
    procs.servers.append(again)
    return again


def assert_not_ready(response, store: str, broker: str) -> None:
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    down = " and ".join(part for part, state in (("store", store), ("broker", broker)) if state == "down")
    assert response.json == {"code": "not_ready", "status": 503, "message": f"not ready: {down} down",
                             "errors": {"store": store, "broker": broker}}


def test_a_dead_broker_makes_the_api_not_ready_while_health_stays_live(procs):
    """Through gunicorn: BROKER_URL is a Redis of its own; killing it turns /v1/ready to 503
    naming the broker (the game Redis is fine), and bringing it back turns it to 200."""
    game, broker = procs.redis(), procs.redis()
    _, port = procs.gunicorn("api", service_env(game.url, BROKER_URL=broker.url), workers=1)
    assert http_call(port, "GET", "/v1/ready") == (200, READY)

    broker.kill()
    status, body = http_call(port, "GET", "/v1/ready")
    assert (status, body["code"], body["errors"]) == (503, "not_ready", {"store": "ok", "broker": "down"})
    assert http_call(port, "GET", "/v1/health") == (200, {"status": "ok"})

    restart(procs, broker)
    assert http_call(port, "GET", "/v1/ready") == (200, READY)


def test_ready_names_each_part_that_is_down(procs):
    game, broker = procs.redis(), procs.redis()
    client = create_app(settings_for(game.url, broker_url=broker.url)).test_client()
    assert client.get("/v1/ready").json == READY

    game.kill()
    assert_not_ready(client.get("/v1/ready"), store="down", broker="ok")
    broker.kill()
    assert_not_ready(client.get("/v1/ready"), store="down", broker="down")
    assert client.get("/v1/health").status_code == 200

    restart(procs, game)
    assert_not_ready(client.get("/v1/ready"), store="ok", broker="down")
    restart(procs, broker)
    assert client.get("/v1/ready").json == READY


def test_a_stalled_broker_or_store_cannot_make_the_probe_hang(procs):
    """A Redis that accepts connections but never answers (SIGSTOP) is down within about
    the probe timeout (1 s each), not after the client's default timeouts."""
    game, broker = procs.redis(), procs.redis()
    client = create_app(settings_for(game.url, broker_url=broker.url)).test_client()
    assert client.get("/v1/ready").status_code == 200
    for stalled, expected in ((broker, {"store": "ok", "broker": "down"}),
                              (game, {"store": "down", "broker": "ok"})):
        os.kill(stalled.process.pid, signal.SIGSTOP)
        try:
            started = time.monotonic()
            response = client.get("/v1/ready")
            took = time.monotonic() - started
        finally:
            os.kill(stalled.process.pid, signal.SIGCONT)
        assert (response.status_code, response.json["errors"]) == (503, expected)
        assert took < 2.5, took
        assert client.get("/v1/ready").status_code == 200
