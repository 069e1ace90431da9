"""Hostile input: oversized and streamed bodies, deep nesting in every JSON field, wrong
content types and encodings, odd paths and headers. Never a 5xx; every error of the app
is the contract's JSON. Part of it runs through a real gunicorn, where the HTTP parsing
and the streamed-body limit live.
"""

from __future__ import annotations

import json
import socket

import pytest

from engine import registry
from service.api.errors import CATALOGUE

from ..service.helpers import TOY, bearer, create, tokens
from .procs import Processes, service_env

def contract_error(response) -> dict:
    assert response.status_code < 500, response.get_data(as_text=True)[:300]
    body = json.loads(response.get_data(as_text=True))
    if response.status_code >= 400:
        assert set(body) == {"code", "status", "message", "errors"}, body
        assert body["status"] == response.status_code, body
        assert response.status_code in CATALOGUE[body["code"]].statuses, body
    return body


@pytest.fixture()
def game(client):
    created = create(client)
    return created["game_id"], tokens(created)


def nested(depth: int, leaf: str = "1") -> str:
    return '{"a":' * depth + leaf + "}" * depth


@pytest.mark.parametrize("depth", [50, 500, 950, 5000, 30000])
def test_deep_nesting_in_every_field(client, game, depth):
    game_id, toks = game
    seat_token = toks[0]
    bodies = {
        "/v1/games": [f'{{"ruleset": "{TOY}", "seats": [{{"kind": "human"}}, {{"kind": "human"}}], '
                      f'"options": {nested(depth)}}}',
                      f'{{"ruleset": {nested(depth)}, "seats": []}}',
                      f'{{"ruleset": "{TOY}", "seats": [{{"kind": "human", "name": {nested(depth)}}}]}}'],
        f"/v1/games/{game_id}/moves": [f'{{"move": {nested(depth)}}}',
                                       f'{{"move": {{"type": "play", "card": {nested(depth)}}}}}',
                                       f'{{"move": {{"type": "play"}}, "expected_version": {nested(depth)}}}'],
        f"/v1/games/{game_id}/moves/validate": [f'{{"move": {nested(depth)}}}'],
        f"/v1/games/{game_id}/hint": [f'{{"level": {nested(depth)}}}'],
    }
    for url, variants in bodies.items():
        for body in variants:
            if len(body) > 60_000:
                continue
            contract_error(client.post(url, data=body, content_type="application/json", headers=bearer(seat_token)))
    assert client.get(f"/v1/games/{game_id}").json["version"] == 0


@pytest.mark.parametrize("content_type, data", [
    ("text/plain", b'{"ruleset": "toy-high-card"}'),
    ("application/x-www-form-urlencoded", b"ruleset=toy-high-card&seats=2"),
    ("multipart/form-data; boundary=xx", b"--xx\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--xx--\r\n"),
    ("application/xml", b"<game/>"),
    ("application/json; charset=latin-1", b'{"ruleset": "t\xe9"}'),
    ("application/json", b"\xef\xbb\xbf{}"),
    ("application/json", b"\xff\xfe\x00\x00"),
    ("application/json", b'{"ruleset": NaN, "seats": [Infinity]}'),
    ("application/json", b"[1e999999]"),
    ("application/json", b'"' + b"a" * 60_000 + b'"'),
    ("application/json", b'{"a": 1, "a": 2}'),
    ("application/json", b"\x00" * 1000),
    ("application/json", b""),
    (None, b"{}"),
])
def test_wrong_content_types_and_encodings(client, game, content_type, data):
    game_id, toks = game
    headers = {"Content-Type": content_type} if content_type else {}
    for url in ("/v1/games", f"/v1/games/{game_id}/moves", f"/v1/games/{game_id}/moves/validate",
                f"/v1/games/{game_id}/hint"):
        response = client.post(url, data=data, headers={**headers, **bearer(toks[0])})
        assert response.status_code >= 400 or url.endswith("/hint"), (url, response.json)
        contract_error(response)


def test_oversized_bodies_everywhere(client, game):
    game_id, toks = game
    huge = json.dumps({"move": {"type": "play", "pad": "x" * 70_000}})
    for url in ("/v1/games", f"/v1/games/{game_id}/moves", f"/v1/games/{game_id}/moves/validate",
                f"/v1/games/{game_id}/hint"):
        response = client.post(url, data=huge, content_type="application/json", headers=bearer(toks[0]))
        assert contract_error(response)["code"] == "malformed_request" and response.status_code == 413


def test_odd_values_in_valid_shapes(client, game):
    game_id, toks = game
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    own = bearer(toks[seat])
    for move in ({"type": "play", "card": 1e308}, {"type": "play", "card": -2**70}, {"type": "play", "card": None},
                 {"type": "play", "card": "9"}, {"type": "play", "card": [9]}, {"type": "\u0000"},
                 {"type": "play" * 10_000}, {"": 1}, {"type": "play", "card": 9, "__proto__": {}}):
        for url in (f"/v1/games/{game_id}/moves", f"/v1/games/{game_id}/moves/validate"):
            contract_error(client.post(url, json={"move": move}, headers=own))
    for version in (-1, 2**64, 1.5, "0", True, None, float("inf")):
        body = json.dumps({"move": {"type": "play", "card": 1}, "expected_version": version}, allow_nan=True)
        response = client.post(f"/v1/games/{game_id}/moves", data=body, content_type="application/json",
                               headers=own)
        assert response.status_code in (400, 409, 422), (version, response.json)
        contract_error(response)
    for if_match in ('"-1"', '"1.5"', "*", '"' + "9" * 400 + '"', "W/", '""', "\"0\", \"1\""):
        contract_error(client.post(f"/v1/games/{game_id}/moves", json={"move": {"type": "play", "card": 1}},
                                   headers={**own, "If-Match": if_match}))
    for create_body in ({"ruleset": TOY, "seats": [{"kind": "human"}] * 2, "seed": 2**63},   # strict JSON: 400
                        {"ruleset": TOY, "seats": [{"kind": "human"}] * 2, "seed": 1.5}):
        assert contract_error(client.post("/v1/games", json=create_body))["status"] == 400
    for create_body in ({"ruleset": TOY, "seats": [{"kind": "ai", "budget_ms": 10**9}, {"kind": "human"}]},
                        {"ruleset": TOY, "seats": [{"kind": "human", "name": "x" * 41}] * 2},
                        {"ruleset": TOY, "seats": [{"kind": "human"}] * 9},
                        {"ruleset": "x" * 65, "seats": [{"kind": "human"}] * 2}):
        assert contract_error(client.post("/v1/games", json=create_body))["status"] == 422
    assert client.get(f"/v1/games/{game_id}").json["version"] == 0


def test_odd_paths_and_headers(client, game):
    game_id, toks = game
    for path in ("/v1/games/" + "x" * 4000, "/v1/games/%00", "/v1/games/%ff%fe", "/v1/games/..%2f..",
                 "/v1/games/{id}", "/v1/games/*", "/v1/tasks/" + "y" * 4000, "/v1/rulesets/%00"):
        assert contract_error(client.get(path))["code"] == "not_found"
    for header in ("Bearer", "Bearer  ", "bearer " + toks[0] + " extra", "Token " + toks[0], "Bearer \t",
                   "Basic " + toks[0], "Bearer " + toks[0] + "\x7f"):
        response = client.get(f"/v1/games/{game_id}/legal-moves", headers={"Authorization": header})
        assert response.status_code in (200, 401), header
        contract_error(response)
    for none_match in ("*", '"0"' * 500, "W/\"0\"", ""):
        assert client.get(f"/v1/games/{game_id}", headers={"If-None-Match": none_match}).status_code in (200, 304)


# -- through gunicorn ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def served(tmp_path_factory, redis_url):
    with Processes(tmp_path_factory.mktemp("hostile")) as procs:
        _, port = procs.gunicorn("api", service_env(redis_url), workers=1)
        yield port


def raw_request(port: int, data: bytes) -> tuple[int, dict, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers, body


def test_streamed_body_over_the_limit_is_413(served):
    chunk = json.dumps({"ruleset": TOY, "seats": [], "options": {"x": "a" * 100_000}}).encode()
    status, headers, body = raw_request(served, (
        b"POST /v1/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n" + b"%x\r\n" % len(chunk) + chunk + b"\r\n0\r\n\r\n"))
    assert status == 413 and json.loads(body)["code"] == "malformed_request"


def test_streamed_body_under_the_limit_is_parsed(served):
    chunk = json.dumps({"ruleset": sorted(registry.rulesets())[0],
                        "seats": [{"kind": "human"}, {"kind": "human"}]}).encode()
    status, _, body = raw_request(served, (
        b"POST /v1/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + b"%x\r\n" % len(chunk) + chunk + b"\r\n0\r\n\r\n"))
    assert status == 201, body


def test_declared_length_over_the_limit_is_413_without_reading(served):
    status, _, body = raw_request(served, (b"POST /v1/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                                           b"Content-Length: 100000000\r\n\r\n{}"))
    assert status == 413 and json.loads(body)["code"] == "malformed_request"


@pytest.mark.parametrize("request_bytes, status", [
    (b"GET /v1/health HTTP/1.1\r\nHost: t\r\nX-Big: " + b"a" * 10_000 + b"\r\n\r\n", 431),
    (b"GET /v1/games/" + b"a" * 5000 + b" HTTP/1.1\r\nHost: t\r\n\r\n", 414),
    (b"\x00\x01 nonsense\r\n\r\n", 400),
    (b"POST /v1/games HTTP/1.1\r\nHost: t\r\nContent-Length: -5\r\n\r\n{}", 400),
    (b"GET /v1/health HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(200)) + b"\r\n", 431),
])
def test_http_level_garbage_is_refused_by_gunicorn_without_a_5xx(served, request_bytes, status):
    """gunicorn answers these before the app runs (its own short HTML page, not the JSON
    error format); what matters here is the 4xx and that the server keeps serving."""
    assert raw_request(served, request_bytes)[0] == status
    assert raw_request(served, b"GET /v1/health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")[0] == 200
