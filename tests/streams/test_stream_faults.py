"""Streams across failures, through real gunicorn processes on a Redis of their own with a real
Celery worker: an API process killed under a subscriber, and Redis restarted. The client resumes
with Last-Event-ID and gets every version exactly once."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from service.dev.embedded_redis import EmbeddedRedis

from ..reliability.procs import Processes, http_call, service_env
from .play import check_matches_history, create, history, play_out
from .sse import Stream

pytestmark = pytest.mark.faults


@pytest.fixture()
def procs(tmp_path: Path):
    with Processes(tmp_path) as processes:
        yield processes


def read_until(stream: Stream, got: list, count: int | None = None) -> None:
    """Append the stream's messages to ``got`` until it ends (or ``count`` more arrived)."""
    start = len(got)
    try:
        for message in stream.messages():
            got.append(message)
            if message["event"] == "final" or (count is not None and len(got) - start >= count):
                return
    except OSError:
        return                      # the connection was cut


def resume(port: int, path: str, token: str, got: list, deadline: float = 60) -> None:
    """Reconnect with Last-Event-ID until the final sheet arrived (503 while Redis is away)."""
    end = time.monotonic() + deadline
    while not got or got[-1]["event"] != "final":
        assert time.monotonic() < end, "the stream never reached the final sheet"
        try:
            stream = Stream(port, path, token=token, last_id=got[-1]["id"] if got else None)
        except OSError:
            time.sleep(0.2)
            continue
        if stream.status != 200:
            stream.close()
            time.sleep(0.2)
            continue
        read_until(stream, got)
        stream.close()


def test_an_api_process_killed_under_a_subscriber_resumes_on_another(procs):
    server = procs.redis()
    env = service_env(server.url)
    procs.worker("streams", env)
    first, port_a = procs.gunicorn("api-a", env, workers=1)
    _, port_b = procs.gunicorn("api-b", env, workers=1)
    game_id, tokens, _ = create(port_b, "targi", humans=2, seed=13)
    path = f"/v1/games/{game_id}/events"
    stream = Stream(port_a, path, token=tokens[0])
    assert stream.status == 200
    mover = threading.Thread(target=play_out, args=(port_b, game_id, tokens), kwargs={"seed": 6}, daemon=True)
    got: list = []
    mover.start()
    read_until(stream, got, count=5)          # the opening and a few moves, live on A
    assert got[-1]["event"] == "move"
    procs.kill_group(first)                    # A dies under its subscriber, moves go on through B
    read_until(stream, got)
    stream.close()
    resume(port_b, path, tokens[0], got)
    mover.join(120)
    _, view = http_call(port_b, "GET", f"/v1/games/{game_id}")
    check_matches_history(got, history(port_b, game_id, tokens[0]), view)


def test_redis_restarted_under_open_streams_they_resume_losing_nothing(procs):
    server = procs.redis()
    env = service_env(server.url)
    procs.worker("streams", env)
    _, port = procs.gunicorn("api", env, workers=2)
    game_id, tokens, _ = create(port, "great-plains", humans=1, seed=17)
    path = f"/v1/games/{game_id}/events"
    got: list = []
    stream = Stream(port, path, token=tokens[0])
    read_until(stream, got, count=1)
    play_out(port, game_id, tokens, seed=2, stop_at=6)
    read_until(stream, got, count=3)
    server.stop()                              # SIGTERM: Redis writes its AOF and exits
    read_until(stream, got)                    # the stream ends
    stream.close()
    restarted = EmbeddedRedis(server.port, server.data_dir).start()
    procs.servers.append(restarted)
    mover = threading.Thread(target=play_out, args=(port, game_id, tokens), kwargs={"seed": 9}, daemon=True)
    mover.start()
    resume(port, path, tokens[0], got)
    mover.join(120)
    _, view = http_call(port, "GET", f"/v1/games/{game_id}")
    check_matches_history(got, history(port, game_id, tokens[0]), view)
