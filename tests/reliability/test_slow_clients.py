"""Slow clients cannot hold workers: through real HTTP against gunicorn with the served
configuration (service/api/gunicorn_conf.py: gevent workers, a bound on reading a request's
head, a cap on connections per worker).

The connections here send a request line and then one header byte every half second
(slow-loris): they never finish a request head, and a per-read socket timeout would never
fire on them. Under the old model (2 sync workers) two of them froze every request for
about 30 s; `extra=["--worker-class", "sync"]` makes the first test fail that way.
"""

from __future__ import annotations

import os
import select
import socket
import threading
import time
from pathlib import Path

import pytest

from service.api import gunicorn_conf

from .procs import Processes, http_call, service_env

pytestmark = pytest.mark.faults
SLOW_CONNECTIONS = 50
NORMAL_TIMEOUT = 5.0        # per normal request; the old sync model made them wait ~30 s
CLOSE_WITHIN = 60.0         # generous: the served bound is gunicorn_conf.KEEPALIVE_SECONDS (5 s)


@pytest.fixture()
def procs(tmp_path: Path):
    with Processes(tmp_path) as processes:
        yield processes


class SlowLoris:
    """Connections that send a partial request head, then trickle header bytes forever."""

    def __init__(self, port: int, count: int):
        self.sockets: list[socket.socket] = []
        self.closed_at: dict[int, float] = {}    # index -> when the server's close was seen
        self.opened_at = time.monotonic()
        for index in range(count):
            self.open(port)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.trickle, daemon=True)
        self.thread.start()

    def open(self, port: int) -> None:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        self.sockets.append(sock)

    def trickle(self) -> None:
        while not self.stop.wait(0.5):
            for sock in list(self.sockets):
                try:
                    sock.send(b"a")
                except OSError:      # the server closed it; the reader below notices
                    pass

    def watch(self, seconds: float) -> None:
        """Note every connection the server closes (EOF or reset) within ``seconds``."""
        deadline = time.monotonic() + seconds
        while len(self.closed_at) < len(self.sockets):
            open_ones = [s for i, s in enumerate(self.sockets) if i not in self.closed_at]
            readable, _, _ = select.select(open_ones, [], [], min(0.5, max(0.0, deadline - time.monotonic())))
            for sock in readable:
                try:
                    data = sock.recv(4096)
                except OSError:
                    data = b""
                if not data:
                    self.closed_at[self.sockets.index(sock)] = time.monotonic()
            if time.monotonic() >= deadline:
                break

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        for sock in self.sockets:
            sock.close()


def test_fifty_slow_header_connections_neither_block_requests_nor_stay_open(procs, record_property):
    redis = procs.redis()
    _, port = procs.gunicorn("api", service_env(redis.url), workers=2)
    loris = SlowLoris(port, SLOW_CONNECTIONS)
    try:
        time.sleep(0.5)                                  # let the workers take them
        took = []
        for index in range(120):
            path = "/v1/rulesets" if index % 6 == 5 else "/v1/health"
            started = time.monotonic()
            try:
                status, _ = http_call(port, "GET", path, timeout=NORMAL_TIMEOUT)
            except OSError as exc:                       # socket.timeout included
                pytest.fail(f"request {index} ({path}) failed while {SLOW_CONNECTIONS} slow clients "
                            f"were open: {exc!r}")
            took.append(time.monotonic() - started)
            assert status == 200, (index, path, status)
        still_open = SLOW_CONNECTIONS - len(loris.closed_at)
        loris.watch(CLOSE_WITHIN)
        assert len(loris.closed_at) == SLOW_CONNECTIONS, \
            f"{SLOW_CONNECTIONS - len(loris.closed_at)} slow connections still open after {CLOSE_WITHIN} s"
        record_property("normal_max_ms", round(max(took) * 1000, 1))
        record_property("slow_open_during_normal_requests", still_open)
        record_property("slow_closed_after_s", round(max(loris.closed_at.values()) - loris.opened_at, 2))
    finally:
        loris.close()


def test_connections_per_worker_are_capped_and_freed_by_the_header_bound(procs):
    """WEB_CONNECTIONS=10 on one worker: with 10 slow connections held, a normal request is
    not answered before the server has closed one of them (the header bound frees the slot);
    then it is."""
    redis = procs.redis()
    _, port = procs.gunicorn("api", service_env(redis.url, WEB_CONNECTIONS=10), workers=1)
    loris = SlowLoris(port, 9)
    try:
        assert http_call(port, "GET", "/v1/health", timeout=NORMAL_TIMEOUT)[0] == 200   # the 10th slot
        loris.open(port)                                                            # now all 10 taken
        normal = socket.create_connection(("127.0.0.1", port), timeout=5)
        normal.sendall(b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        answered_at = None
        deadline = time.monotonic() + CLOSE_WITHIN
        while answered_at is None and time.monotonic() < deadline:
            loris.watch(0.2)
            readable, _, _ = select.select([normal], [], [], 0)
            if readable:
                answered_at = time.monotonic()
                loris.watch(0)                  # a close that came just before the answer
                closed_before = [at for at in loris.closed_at.values() if at <= answered_at]
        assert answered_at is not None, "the normal request was never answered"
        assert normal.recv(4096).startswith(b"HTTP/1.1 200"), "the normal request failed"
        assert closed_before, "answered while all 10 connection slots were held by slow clients"
        normal.close()
    finally:
        loris.close()


def test_the_served_configuration():
    """The limits docs/operations.md lists: gevent workers, 1000 connections per worker by
    default, a 5 s bound on a request head and on an idle keep-alive connection."""
    assert gunicorn_conf.worker_class == "service.api.gunicorn_worker.OneSendGeventWorker"
    assert gunicorn_conf.worker_connections == int(os.environ.get("WEB_CONNECTIONS", "1000"))
    assert gunicorn_conf.keepalive == gunicorn_conf.KEEPALIVE_SECONDS == 5


def test_a_body_that_comes_too_slowly_is_answered_408_and_closed(procs):
    """A move whose body trickles in (a byte every 0.3 s, never all of it) is answered
    ``408 request_timeout`` once BODY_READ_SECONDS (here 2 s) have passed, and the
    connection is closed; a body sent at once still works on the same server."""
    redis = procs.redis()
    _, port = procs.gunicorn("api", service_env(redis.url, BODY_READ_SECONDS=2), workers=1)
    slow = socket.create_connection(("127.0.0.1", port), timeout=5)
    slow.sendall(b"POST /v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 500\r\n\r\n{")
    started, answer, closed = time.monotonic(), b"", False
    while time.monotonic() - started < CLOSE_WITHIN:
        readable, _, _ = select.select([slow], [], [], 0.3)
        if readable:
            data = slow.recv(4096)
            if not data:
                closed = True
                break
            answer += data
        else:
            try:
                slow.send(b" ")
            except OSError:
                break
    slow.close()
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert b'"request_timeout"' in answer and closed
    status, created = http_call(port, "POST", "/v1/games", {"ruleset": "targi", "seats": [
        {"kind": "human"}, {"kind": "human"}]})
    assert status == 201, created
