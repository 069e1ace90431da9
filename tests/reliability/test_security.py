"""Seat tokens, rate limits, CORS and what error answers may show."""

from __future__ import annotations

import base64
import dataclasses
import json
import re
import secrets

import pytest

from service.api.app import create_app
from service.config import Settings
from service.dev.embedded_redis import free_port
from service.games import Game, token_hash

from ..service.helpers import TOY, assert_error, bearer, create, tokens

LEAKS = re.compile(r"Traceback|File \"|\.py\b|/work/|site-packages|werkzeug|marshmallow|redis\.|"
                   r"celery|Error\(|0x[0-9a-f]{6,}", re.I)


def app_with(**changes):
    settings = dataclasses.replace(Settings.from_env(), **changes)
    return create_app(settings)


def address() -> dict:
    """A client address of its own, so limit counters of different tests never meet."""
    return {"REMOTE_ADDR": f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250)}"}


# -- seat tokens --------------------------------------------------------------------------
def test_tokens_carry_128_random_bits_and_are_stored_only_as_hashes(client, app):
    seen = set()
    store = app.extensions["spielwerk"].store
    for _ in range(20):
        created = create(client)
        for seat, token in tokens(created).items():
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            assert len(raw) * 8 >= 128
            seen.add(token)
        record, _ = store.load(created["game_id"])
        stored = json.dumps(record)
        for seat, token in tokens(created).items():
            assert token not in stored
            assert record["seats"][seat]["token_hash"] == token_hash(token)
        # nor anywhere else in Redis: the log, the rate limiter's counters, task keys
        client.get(f"/v1/games/{created['game_id']}/legal-moves", headers=bearer(tokens(created)[0]))
        for key in store.redis.scan_iter(match=f"*{tokens(created)[0][:8]}*"):
            raise AssertionError(f"a key names a raw token: {key!r}")
    assert len(seen) == 40


def test_every_seat_is_compared_in_constant_time(monkeypatch):
    """seat_of compares the digest with every seat's hash via hmac.compare_digest and never
    stops at the first match (no early exit that would time which seat matched)."""
    import service.games as games_module
    calls = []
    real = games_module.hmac.compare_digest
    monkeypatch.setattr(games_module.hmac, "compare_digest", lambda a, b: calls.append(1) or real(a, b))
    seats = [{"seat": i, "kind": "human", "token_hash": token_hash(f"t{i}")} for i in range(4)]
    game = Game({"game_id": "g", "seats": seats}, match=None)
    assert game.seat_of("t0") == 0
    assert len(calls) == 4
    calls.clear()
    with pytest.raises(Exception):
        game.seat_of("guess")
    assert len(calls) == 4


def test_guessed_tokens_are_refused_alike(client):
    created = create(client)
    game_id = created["game_id"]
    real = tokens(created)[0]
    near = [real[:-1] + ("B" if real[-1] == "A" else "A"), real + "x", real[1:], real.swapcase()]
    for guess in [secrets.token_urlsafe(16) for _ in range(30)] + [g for g in near if g != real] + ["a" * 4000]:
        for url in (f"/v1/games/{game_id}/legal-moves", f"/v1/games/{game_id}"):
            response = client.get(url, headers={"Authorization": f"Bearer {guess}"})
            assert_error(response, 401, "unauthorized")
            assert response.headers["WWW-Authenticate"].startswith("Bearer")
            assert response.json["message"] == "a valid seat token for this game is required"


# -- rate limits --------------------------------------------------------------------------
def test_too_many_requests_from_one_address_get_429_in_the_contract_format():
    app = app_with(rate_limit="5 per minute")
    client = app.test_client()
    env = address()
    answers = [client.get("/v1/rulesets", environ_base=env) for _ in range(7)]
    assert [a.status_code for a in answers] == [200] * 5 + [429] * 2
    assert_error(answers[-1], 429, "rate_limited")
    assert int(answers[-1].headers["Retry-After"]) > 0
    assert answers[-1].headers["Retry-After"] == "60"
    assert not LEAKS.search(answers[-1].get_data(as_text=True))
    # health checks and the spec are never limited; another address is not affected
    assert client.get("/v1/health", environ_base=env).status_code == 200
    assert client.get("/openapi.json", environ_base=env).status_code == 200
    assert client.get("/v1/rulesets", environ_base=address()).status_code == 200


def test_a_seat_token_is_limited_across_addresses():
    app = app_with(rate_limit="4 per minute")
    client = app.test_client()
    created = client.post("/v1/games", json={"ruleset": TOY, "seats": [{"kind": "human"}] * 2},
                          environ_base=address())
    token = created.json["seats"][0]["token"]
    url = f"/v1/games/{created.json['game_id']}"
    answers = [client.get(url, headers=bearer(token), environ_base=address()).status_code for _ in range(6)]
    assert answers == [200] * 4 + [429] * 2
    other = created.json["seats"][1]["token"]
    assert client.get(url, headers=bearer(other), environ_base=address()).status_code == 200


def test_limits_are_shared_by_every_api_process():
    """The counters live in Redis: two apps (two processes' worth of state) share them."""
    first, second = app_with(rate_limit="4 per minute"), app_with(rate_limit="4 per minute")
    env = address()
    codes = [app.test_client().get("/v1/rulesets", environ_base=env).status_code
             for app in (first, second, first, second, first)]
    assert codes == [200, 200, 200, 200, 429]


def test_behind_a_trusted_proxy_the_forwarded_address_is_limited(monkeypatch):
    monkeypatch.setenv("TRUSTED_PROXIES", "1")
    client = app_with(rate_limit="2 per minute").test_client()
    proxy = address()
    first, second = (address()["REMOTE_ADDR"] for _ in range(2))
    codes = [client.get("/v1/rulesets", environ_base=proxy, headers={"X-Forwarded-For": ip}).status_code
             for ip in (first, first, first, second)]
    assert codes == [200, 200, 429, 200]
    # without the setting a forged header changes nothing
    monkeypatch.delenv("TRUSTED_PROXIES")
    client = app_with(rate_limit="2 per minute").test_client()
    env = address()
    codes = [client.get("/v1/rulesets", environ_base=env, headers={"X-Forwarded-For": address()["REMOTE_ADDR"]})
             .status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_limiter_lets_requests_through_when_its_redis_is_down():
    """GET /v1/rulesets needs no Redis: it still answers while the limiter cannot count."""
    app = app_with(rate_limit="1 per minute", redis_url=f"redis://127.0.0.1:{free_port()}/0")
    client = app.test_client()
    env = address()
    assert [client.get("/v1/rulesets", environ_base=env).status_code for _ in range(2)] == [200] * 2


# -- CORS ---------------------------------------------------------------------------------
def test_cors_is_off_unless_configured(client):
    response = client.get("/v1/rulesets", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_allows_the_configured_origins_only():
    client = app_with(cors_origins="https://play.example, https://bot.example").test_client()
    preflight = client.options("/v1/games/x/moves", headers={
        "Origin": "https://play.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, if-match"})
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://play.example"
    assert {"authorization", "content-type", "if-match"} <= \
        {h.strip().lower() for h in preflight.headers["Access-Control-Allow-Headers"].split(",")}
    assert "Access-Control-Allow-Credentials" not in preflight.headers
    answer = client.get("/v1/rulesets", headers={"Origin": "https://bot.example"})
    assert answer.headers["Access-Control-Allow-Origin"] == "https://bot.example"
    assert "ETag" in answer.headers["Access-Control-Expose-Headers"]
    denied = client.get("/v1/rulesets", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in denied.headers


def test_cors_wildcard():
    client = app_with(cors_origins="*").test_client()
    answer = client.get("/v1/health", headers={"Origin": "https://anyone.example"})
    assert answer.headers["Access-Control-Allow-Origin"] == "*"


# -- what errors show ---------------------------------------------------------------------
def test_an_unreachable_store_is_a_retryable_503_that_names_nothing_internal():
    """Redis unreachable: a bare 503 store_unavailable with Retry-After; details only in the log."""
    app = app_with(redis_url=f"redis://127.0.0.1:{free_port()}/0", rate_limit="off")
    client = app.test_client()
    for response in (client.get("/v1/games/abc"), client.post("/v1/games", json={
            "ruleset": TOY, "seats": [{"kind": "human"}] * 2})):
        assert response.status_code == 503
        assert response.headers["Retry-After"] == "1"
        assert response.json == {"code": "store_unavailable", "status": 503,
                                 "message": "the game store is unreachable; retry shortly", "errors": {}}
        assert not LEAKS.search(response.get_data(as_text=True))
    assert client.get("/v1/health").status_code == 200  # liveness: the process serves
    ready = client.get("/v1/ready")
    assert ready.status_code == 503 and ready.json["errors"]["store"] == "down"
    assert not LEAKS.search(ready.get_data(as_text=True))


def test_a_bug_is_a_bare_500_that_shows_no_trace_path_or_internal_name():
    app = app_with(rate_limit="off")
    app.add_url_rule("/v1/boom", "boom", lambda: 1 / 0)
    response = app.test_client().get("/v1/boom")
    assert response.status_code == 500
    assert response.json == {"code": "internal_error", "status": 500, "message": "internal error", "errors": {}}
    assert not LEAKS.search(response.get_data(as_text=True))


@pytest.mark.parametrize("method, path, kwargs", [
    ("get", "/v1/nowhere", {}),
    ("delete", "/v1/games", {}),
    ("get", "/v1/games/" + "x" * 3000, {}),
    ("get", "/v1/games/%00%ff", {}),
    ("post", "/v1/games", {"data": "{bad", "content_type": "application/json"}),
    ("post", "/v1/games", {"json": {"ruleset": "chess", "seats": [{"kind": "human"}] * 2}}),
    ("post", "/v1/games", {"json": {"ruleset": TOY, "seats": [{"kind": "human"}] * 2, "options": {"x": 1}}}),
    ("get", "/v1/tasks/../../etc/passwd", {}),
    ("get", "/v1/rulesets/..%2f..%2fservice", {}),
])
def test_error_answers_name_nothing_internal(client, method, path, kwargs):
    response = getattr(client, method)(path, **kwargs)
    assert 400 <= response.status_code < 500
    assert set(response.json) == {"code", "status", "message", "errors"}
    assert not LEAKS.search(response.get_data(as_text=True)), response.get_data(as_text=True)
