"""Signed webhooks against a real HTTP receiver on 127.0.0.1, real Redis and real Celery
workers (the ``webhooks`` queue's own worker): each delivery arrives once per delivery id
through failures, signed; payloads are the spectator's history; private destinations are
refused (at registration and at delivery); redirects are not followed; only the admin token
manages the webhook; a slow receiver never delays an AI turn."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import ipaddress

import pytest
import redis

from service.api.app import create_app
from service.dispatch import QUEUE_AI, QUEUE_SCORES, QUEUE_WEBHOOKS
from service.errors import WebhookRefused
from service.webhooks import Policy, Webhooks, delivery_id, delivery_keys, refusal, send, sign

from .players import flask_caller
from .procs import Processes, service_env, settings_for, store_for, wait_until

FAST = {"webhook_allow_private": True, "webhook_retry_base_seconds": 0.2, "webhook_deliveries_kept": 5}
FAST_ENV = {"WEBHOOK_ALLOW_PRIVATE": "1", "WEBHOOK_RETRY_BASE_SECONDS": "0.2", "WEBHOOK_DELIVERIES_KEPT": "5"}


class Receiver:
    """An HTTP server on 127.0.0.1 recording every request: answers 500 to the first
    ``fail_first`` attempts of each delivery id, then 200; or 302 to ``redirect``; after ``delay`` s."""

    def __init__(self, fail_first: int = 0, delay: float = 0.0, redirect: str | None = None):
        self.fail_first, self.delay, self.redirect = fail_first, delay, redirect
        self.requests: list[dict] = []
        self.attempts: Counter = Counter()
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                did = self.headers.get("Spielwerk-Delivery")
                with receiver.lock:
                    receiver.attempts[did] += 1
                    attempt = receiver.attempts[did]
                time.sleep(receiver.delay)
                if self.path == "/hook" and receiver.redirect:
                    status = 302
                elif self.path == "/hook" and attempt <= receiver.fail_first:
                    status = 500
                else:
                    status = 200
                with receiver.lock:
                    receiver.requests.append({"path": self.path, "headers": dict(self.headers), "body": body,
                                              "status": status, "at": time.time()})
                self.send_response(status)
                if status == 302:
                    self.send_header("Location", receiver.redirect)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path: str = "/hook") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def delivered(self) -> list[dict]:
        with self.lock:
            return [r for r in self.requests if r["status"] == 200]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture()
def procs(tmp_path: Path):
    with Processes(tmp_path) as processes:
        yield processes


@pytest.fixture()
def receiver():
    made = []

    def make(**options):
        made.append(Receiver(**options))
        return made[-1]
    yield make
    for one in made:
        one.close()


def ai_game(call, seed: int = 2) -> dict:
    status, created = call("POST", "/v1/games", {"ruleset": "targi", "seed": seed, "seats": [
        {"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}]})
    assert status == 201, created
    return created


def verify(secret: str, request: dict) -> dict:
    """The body of a signed request, after checking its signature as the README tells receivers."""
    fields = dict(part.split("=", 1) for part in request["headers"]["Spielwerk-Signature"].split(","))
    expected = hmac.new(secret.encode(), f"{fields['t']}.".encode() + request["body"], hashlib.sha256).hexdigest()
    assert hmac.compare_digest(expected, fields["v1"])
    assert abs(time.time() - int(fields["t"])) < 300
    return json.loads(request["body"])


def test_a_whole_game_arrives_once_per_delivery_through_failures_signed_as_the_spectator_sees_it(procs, receiver):
    hook = receiver(fail_first=2)
    server = procs.redis()
    env = service_env(server.url, **FAST_ENV)
    procs.worker("hooks", env, queues=QUEUE_WEBHOOKS, pool="prefork", concurrency=2)
    call, store = flask_caller(create_app(settings_for(server.url, **FAST))), store_for(server.url)
    created = ai_game(call)           # no AI worker yet: the game waits at version 0
    game_id, admin = created["game_id"], created["admin_token"]
    status, answer = call("PUT", f"/v1/games/{game_id}/webhook", {"url": hook.url(), "events": ["move", "final"]},
                          admin)
    assert status == 200 and answer["url"] == hook.url() and answer["events"] == ["move", "final"], answer
    secret = answer["secret"]
    assert call("GET", f"/v1/games/{game_id}/webhook", token=admin) == (200, {"url": hook.url(),
                                                                            "events": ["move", "final"]})
    procs.worker("ai", env, queues=f"{QUEUE_AI},{QUEUE_SCORES}")
    wait_until(lambda: store.load(game_id)[1] is not None, 90, 0.1, "the AI game played and scored")
    last = store.load(game_id)[0]["version"]
    expected = {delivery_id(game_id, v, "move") for v in range(1, last + 1)} | {delivery_id(game_id, last, "final")}
    wait_until(lambda: len(hook.delivered()) >= len(expected), 90, 0.1, "every delivery")
    time.sleep(1)                     # a duplicate would come now
    delivered = hook.delivered()
    ids = Counter(r["headers"]["Spielwerk-Delivery"] for r in delivered)
    assert set(ids) == expected and set(ids.values()) == {1}, "each delivery exactly once"
    assert set(hook.attempts.values()) == {3}, "two failures, then the success"
    history = call("GET", f"/v1/games/{game_id}/history?limit=500")[1]["entries"]
    assert len(history) == last + 1
    for request in delivered:
        assert request["headers"]["Content-Type"] == "application/json"
        assert request["headers"]["Host"] == f"127.0.0.1:{hook.port}"
        body = verify(secret, request)
        assert request["headers"]["Spielwerk-Delivery"] == delivery_id(game_id, body["version"], body["event"])
        entry = history[body["version"]]
        assert {k: body[k] for k in entry} == entry, "the spectator's history entry, nothing more"
        assert set(body) - set(entry) <= {"game_id", "event", "to_move", "status", "score"}
        assert (body["status"] == "finished") == (body["version"] == last)
        if body["event"] == "final":
            assert body["score"] == call("GET", f"/v1/games/{game_id}/score")[1]
            assert body["to_move"] == [] and body["status"] == "finished"
    status, listed = call("GET", f"/v1/games/{game_id}/webhook/deliveries", token=admin)
    assert status == 200
    assert [(d["version"], d["event"]) for d in listed["deliveries"]] == [(last, "final")] + [
        (v, "move") for v in range(last, last - 4, -1)], "the newest 5, newest first"
    assert all(d["status"] == "delivered" and d["attempts"] == 3 and d["last_attempt_at"] and
               d["next_attempt_at"] is None for d in listed["deliveries"])


def test_only_the_admin_token_manages_the_webhook_and_it_gets_the_versions_after_its_registration(procs, receiver):
    hook = receiver()
    server = procs.redis()
    procs.worker("hooks", service_env(server.url, **FAST_ENV), queues=QUEUE_WEBHOOKS)
    call = flask_caller(create_app(settings_for(server.url, **FAST)))
    status, created = call("POST", "/v1/games", {"ruleset": "targi", "seed": 3,
                                                 "seats": [{"kind": "human"}, {"kind": "human"}]})
    game_id, admin = created["game_id"], created["admin_token"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    other_admin = ai_game(call)["admin_token"]
    path = f"/v1/games/{game_id}/webhook"
    for token in (None, tokens[0], other_admin, "nonsense"):
        for method, where, body in (("PUT", path, {"url": hook.url()}), ("GET", path, None),
                                    ("DELETE", path, None), ("GET", path + "/deliveries", None)):
            status, answer = call(method, where, body, token)
            assert (status, answer["code"]) == (401, "unauthorized"), (method, where, token)
    assert call("GET", path, token=admin)[0] == 404
    for url, why in (("ftp://example.org/x", "scheme"), ("https://user:pw@example.org/", "credentials"),
                     ("https://example.org/" + "a" * 2040, "2048"), ("https:///nohost", "host"),
                     ("https://example.org/#frag", "fragment")):
        status, answer = call("PUT", path, {"url": url}, admin)
        assert status == 422 and answer["code"] == "malformed_request", (url, answer)
        assert why in json.dumps(answer) or why == "2048", (url, answer)

    def play(count):
        for _ in range(count):
            seat = call("GET", f"/v1/games/{game_id}")[1]["to_move"][0]
            move = call("GET", f"/v1/games/{game_id}/legal-moves", token=tokens[seat])[1]["moves"][0]
            assert call("POST", f"/v1/games/{game_id}/moves", {"move": move}, tokens[seat])[0] == 200
    play(2)
    status, answer = call("PUT", path, {"url": hook.url()}, admin)
    assert status == 200 and answer["events"] == ["move", "final"] and answer["secret"].startswith("whsec_")
    play(2)
    wait_until(lambda: len(hook.delivered()) >= 2, 30, 0.05, "two deliveries")
    time.sleep(0.5)
    assert sorted(verify(answer["secret"], r)["version"] for r in hook.delivered()) == [3, 4]
    assert call("DELETE", path, token=admin)[0] == 204
    assert call("GET", path, token=admin)[0] == 404
    assert call("GET", path + "/deliveries", token=admin)[0] == 404
    play(1)
    time.sleep(1)
    assert len(hook.requests) == 2, "a removed webhook gets nothing"


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:{port}/hook", "http://localhost:{port}/hook", "http://[::1]/", "http://10.1.2.3/",
    "http://192.168.0.1/", "http://169.254.169.254/latest/meta-data/", "http://[fd00:ec2::254]/",
    "http://[::ffff:127.0.0.1]/", "http://100.100.100.200/", "http://224.0.0.1/", "http://0.0.0.0/",
    "https://240.0.0.1/", "http://[fe80::1]/", "http://[64:ff9b::a9fe:a9fe]/", "http://no-such-host.invalid/"])
def test_private_destinations_are_refused_at_registration_without_the_setting(procs, receiver, url):
    hook = receiver()
    server = procs.redis()
    call = flask_caller(create_app(settings_for(server.url)))      # WEBHOOK_ALLOW_PRIVATE unset
    created = ai_game(call)
    status, answer = call("PUT", f"/v1/games/{created['game_id']}/webhook", {"url": url.format(port=hook.port)},
                          created["admin_token"])
    assert status == 422 and answer["code"] == "webhook_refused", answer
    assert answer["errors"]["url"] and call("GET", f"/v1/games/{created['game_id']}/webhook",
                                            token=created["admin_token"])[0] == 404


def test_addresses_refused_and_allowed():
    for address in ("127.0.0.1", "10.0.0.1", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1",
                    "0.0.0.0", "255.255.255.255", "224.0.0.251", "::1", "::", "fe80::1", "fc00::1", "fd00:ec2::254",
                    "ff02::1", "::ffff:10.0.0.1", "2002:a00:1::", "64:ff9b::7f00:1", "192.0.2.1", "198.18.0.1"):
        assert refusal(ipaddress.ip_address(address)), address
    for address in ("93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "8.8.8.8"):
        assert refusal(ipaddress.ip_address(address)) is None, address


def test_the_resolved_address_is_the_one_connected_to_with_the_name_as_host(receiver):
    hook = receiver()
    asked = []

    def resolver(host, port, **kwargs):
        asked.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]
    ok, error = send(f"http://hooks.example.org:{hook.port}/hook?x=1", b"{}", {"Content-Type": "application/json"},
                     5, allow_private=True, getaddrinfo=resolver)
    assert ok and error is None and asked == ["hooks.example.org"], "resolved once"
    assert hook.requests[0]["headers"]["Host"] == f"hooks.example.org:{hook.port}"
    assert hook.requests[0]["path"] == "/hook?x=1"
    with pytest.raises(WebhookRefused):   # a public name that resolves to loopback (DNS rebinding)
        send(f"http://hooks.example.org:{hook.port}/hook", b"{}", {}, 5, allow_private=False, getaddrinfo=resolver)

    def mixed(host, port, **kwargs):
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port)),
                (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.7", port))]
    with pytest.raises(WebhookRefused):
        send("http://hooks.example.org/", b"{}", {}, 5, allow_private=False, getaddrinfo=mixed)
    assert len(hook.requests) == 1


def test_the_signature_is_an_hmac_of_the_timestamp_and_body():
    assert sign("whsec_x", 1700000000, b'{"a":1}') == "t=1700000000,v1=" + hmac.new(
        b"whsec_x", b'1700000000.{"a":1}', hashlib.sha256).hexdigest()


def test_redirects_are_not_followed_and_a_private_destination_is_refused_again_at_delivery(procs, receiver):
    server = procs.redis()
    bounce = receiver(redirect="/elsewhere")
    plain = receiver()
    # the API allows private destinations; the worker of the redirect test too, with a 1.5 s window
    procs.worker("hooks", service_env(server.url, **FAST_ENV, WEBHOOK_RETRY_WINDOW_SECONDS="1.5"),
                 queues=QUEUE_WEBHOOKS)
    call = flask_caller(create_app(settings_for(server.url, **FAST)))

    def one_move_game(url):
        status, created = call("POST", "/v1/games", {"ruleset": "targi", "seed": 3,
                                                     "seats": [{"kind": "human"}, {"kind": "human"}]})
        game_id, admin = created["game_id"], created["admin_token"]
        assert call("PUT", f"/v1/games/{game_id}/webhook", {"url": url, "events": ["move"]}, admin)[0] == 200
        token = {s["seat"]: s["token"] for s in created["seats"]}[call("GET", f"/v1/games/{game_id}")[1]["to_move"][0]]
        move = call("GET", f"/v1/games/{game_id}/legal-moves", token=token)[1]["moves"][0]
        assert call("POST", f"/v1/games/{game_id}/moves", {"move": move}, token)[0] == 200
        return game_id, admin

    def finished(game_id, admin):
        deliveries = call("GET", f"/v1/games/{game_id}/webhook/deliveries", token=admin)[1]["deliveries"]
        return deliveries if deliveries and deliveries[0]["status"] != "pending" else None
    game_id, admin = one_move_game(bounce.url())
    [delivery] = wait_until(lambda: finished(game_id, admin), 30, 0.1, "the redirected delivery given up")
    assert delivery["status"] == "failed" and delivery["attempts"] >= 3
    assert "302" in delivery["last_error"] and "redirects are not followed" in delivery["last_error"]
    assert {r["path"] for r in bounce.requests} == {"/hook"} and len(bounce.requests) == delivery["attempts"]

    procs.worker("strict", service_env(server.url), queues=QUEUE_WEBHOOKS)   # no WEBHOOK_ALLOW_PRIVATE
    procs.stop(procs.children[0])
    game_id, admin = one_move_game(plain.url())
    [delivery] = wait_until(lambda: finished(game_id, admin), 30, 0.1, "the refused delivery")
    assert delivery["status"] == "failed" and "refused" in delivery["last_error"] and "loopback" in \
        delivery["last_error"]
    assert plain.requests == []


def test_a_slow_receiver_does_not_delay_an_ai_turn(procs, receiver):
    """Each delivery takes the receiver 3 s; the AI game is played and scored meanwhile."""
    hook = receiver(delay=3)
    server = procs.redis()
    env = service_env(server.url, **FAST_ENV)
    procs.worker("hooks", env, queues=QUEUE_WEBHOOKS)
    call, store = flask_caller(create_app(settings_for(server.url, **FAST))), store_for(server.url)
    created = ai_game(call)
    game_id = created["game_id"]
    assert call("PUT", f"/v1/games/{game_id}/webhook", {"url": hook.url()}, created["admin_token"])[0] == 200
    started = time.monotonic()
    procs.worker("ai", env, queues=f"{QUEUE_AI},{QUEUE_SCORES}")
    wait_until(lambda: store.load(game_id)[1] is not None, 60, 0.1, "the AI game played and scored")
    took = time.monotonic() - started
    versions = store.load(game_id)[0]["version"]
    answered = len(hook.delivered())
    assert versions > 20 and answered < versions / 2, (versions, answered, took)
    assert took < 3 * versions / 2, "the AI did not wait for the receiver"


def test_a_delivery_retried_late_pushes_no_newer_one_out_of_the_list(redis_url):
    """With 2 kept: deliveries 1, 2, 3, where 1 is still retrying when 2 and 3 finish. The list
    keeps the newest two (3, 2) while 1 is pending (1 stays stored until it finishes), and drops 1
    once it finishes."""
    hooks = Webhooks(redis.Redis.from_url(redis_url), Policy(allow_private=True, kept=2), ttl_seconds=60)
    game_id = "kept-" + hashlib.sha256(str(time.time()).encode()).hexdigest()[:12]
    hooks.register(game_id, 0, "http://127.0.0.1:9/hook", ["move"])
    ids = [hooks.claim(game_id, version, "move", {"version": version}) for version in (1, 2, 3)]
    assert None not in ids
    hooks.fail_unqueued(game_id, ids[1])
    hooks.fail_unqueued(game_id, ids[2])
    assert [d["version"] for d in hooks.deliveries(game_id)] == [3, 2]
    assert hooks.redis.hexists(delivery_keys(game_id)[0], ids[0]), "a pending delivery stays until it finishes"
    hooks.fail_unqueued(game_id, ids[0])
    assert [d["version"] for d in hooks.deliveries(game_id)] == [3, 2]
    assert not hooks.redis.hexists(delivery_keys(game_id)[0], ids[0])
    hooks.remove(game_id)
