"""The served worker (service/api/gunicorn_worker.py) sends a response's head with its body in
one call, and every kind of answer still arrives whole: with a body, without one (HEAD, 304),
an error, a created game, one after another on a keep-alive connection of real gunicorn."""

from __future__ import annotations

import http.client
import json
from pathlib import Path

import pytest

from service.api.gunicorn_worker import HeadWithBody

from .procs import Processes, service_env

HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n"
CHUNKED_HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"


class Recording:
    """A socket that records each ``sendall`` call."""

    def __init__(self):
        self.calls: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.calls.append(data)

    def fileno(self) -> int:
        return 7


def test_a_head_with_a_length_leaves_with_the_body_in_one_call():
    sock = Recording()
    held = HeadWithBody(sock)
    held.sendall(HEAD)
    assert sock.calls == []
    held.sendall(b"{}")
    held.sendall(b"more")
    held.flush()
    assert sock.calls == [HEAD + b"{}", b"more"]


def test_a_head_without_a_body_leaves_at_the_flush_and_only_once():
    sock = Recording()
    held = HeadWithBody(sock)
    held.sendall(HEAD.lower())                  # header names in any case
    held.flush()
    held.flush()
    assert sock.calls == [HEAD.lower()]


def test_a_streamed_head_leaves_at_once():
    sock = Recording()
    held = HeadWithBody(sock)
    held.sendall(CHUNKED_HEAD)
    assert sock.calls == [CHUNKED_HEAD]
    held.sendall(b"5\r\nhello\r\n")
    assert sock.calls == [CHUNKED_HEAD, b"5\r\nhello\r\n"]


def test_any_other_use_of_the_socket_sends_the_held_head_first():
    sock = Recording()
    held = HeadWithBody(sock)
    held.sendall(HEAD)
    assert held.fileno() == 7                   # as for sendfile, or a stream's direct writes
    assert sock.calls == [HEAD]


@pytest.fixture()
def api(tmp_path: Path):
    with Processes(tmp_path) as processes:
        redis = processes.redis()
        _, port = processes.gunicorn("api", service_env(redis.url), workers=1)
        yield port


def test_every_kind_of_answer_arrives_whole_on_one_keep_alive_connection(api):
    conn = http.client.HTTPConnection("127.0.0.1", api, timeout=10)

    def call(method, path, body=None, headers=None):
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        return response, response.read()

    try:
        response, data = call("POST", "/v1/games", {"ruleset": "targi", "seats": [{"kind": "human"}] * 2})
        assert response.status == 201
        game_id = json.loads(data)["game_id"]
        response, data = call("GET", f"/v1/games/{game_id}")
        assert response.status == 200 and json.loads(data)["game_id"] == game_id
        assert int(response.headers["Content-Length"]) == len(data)
        etag = response.headers["ETag"]
        response, data = call("GET", f"/v1/games/{game_id}", headers={"If-None-Match": etag})
        assert (response.status, data) == (304, b"")
        response, data = call("HEAD", f"/v1/games/{game_id}")
        assert response.status == 200 and data == b"" and int(response.headers["Content-Length"]) > 0
        response, data = call("GET", "/v1/games/no-such-game")
        assert response.status == 404 and json.loads(data)["code"]
        response, data = call("GET", "/v1/health")
        assert response.status == 200 and json.loads(data)
    finally:
        conn.close()
