"""Idempotent creates: a retried POST /v1/games with the same Idempotency-Key and body answers
the first game again, tokens included, and creates nothing; another body is a conflict."""

from __future__ import annotations

import threading
import uuid

import redis

from .helpers import TOY, assert_error, bearer

BODY = {"ruleset": TOY, "seats": [{"name": "Ada", "kind": "human"}, {"kind": "human"}]}


def post(client, body=BODY, key=None, address="10.1.0.1"):
    headers = {} if key is None else {"Idempotency-Key": key}
    return client.post("/v1/games", json=body, headers=headers, environ_base={"REMOTE_ADDR": address})


def game_count(redis_url) -> int:
    return sum(1 for key in redis.Redis.from_url(redis_url).scan_iter(match="game:*", count=1000)
               if key.count(b":") == 1)


def test_a_retry_with_the_same_key_and_body_answers_the_first_game_and_creates_nothing(client, redis_url):
    key = str(uuid.uuid4())
    first = post(client, key=key)
    assert first.status_code == 201 and first.headers["Idempotent-Replayed"] == "false"
    before = game_count(redis_url)
    again = post(client, key=key)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json                       # the same game, the same seat tokens
    assert game_count(redis_url) == before
    for seat in again.json["seats"]:                      # and the tokens open their seats
        moves = client.get(f"/v1/games/{again.json['game_id']}/legal-moves", headers=bearer(seat["token"]))
        assert moves.status_code == 200 and moves.json["seat"] == seat["seat"]


def test_the_same_key_with_another_body_is_a_conflict(client):
    key = str(uuid.uuid4())
    assert post(client, key=key).status_code == 201
    other = {**BODY, "seats": [{"kind": "human"}, {"kind": "human"}]}
    assert_error(post(client, body=other, key=key), 409, "idempotency_conflict")


def test_keys_are_scoped_by_client(client):
    key = str(uuid.uuid4())
    mine = post(client, key=key, address="10.1.0.2")
    theirs = post(client, key=key, address="10.1.0.3")
    assert mine.status_code == theirs.status_code == 201
    assert mine.json["game_id"] != theirs.json["game_id"]   # another client's key reveals nothing


def test_without_a_key_every_create_is_a_new_game(client):
    assert post(client).json["game_id"] != post(client).json["game_id"]


def test_a_failed_create_frees_its_key(client):
    key = str(uuid.uuid4())
    refused = post(client, body={**BODY, "ruleset": "no-such-game"}, key=key)
    assert_error(refused, 404, "not_found")
    fixed = {**BODY, "ruleset": "no-such-game"}
    assert post(client, body=fixed, key=key).status_code == 404       # tried again: done again, not replayed
    assert post(client, key=str(uuid.uuid4())).status_code == 201


def test_concurrent_retries_create_one_game(client, redis_url):
    key, answers, barrier = str(uuid.uuid4()), [], threading.Barrier(6)

    def retry():
        own = client.application.test_client()
        barrier.wait()
        answers.append(post(own, key=key))
    threads = [threading.Thread(target=retry) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    created = {a.json["game_id"] for a in answers if a.status_code == 201}
    assert len(created) == 1
    assert all(a.status_code == 201 or a.json["code"] == "idempotency_conflict" for a in answers)
    assert post(client, key=key).json["game_id"] in created


def test_malformed_keys_are_refused(client):
    for key in ("", "with space", "x" * 256, "ümlaut"):
        headers = {"Idempotency-Key": key.encode("utf-8").decode("latin-1")}
        answer = client.post("/v1/games", json=BODY, headers=headers)
        assert_error(answer, 400, "malformed_request")


def test_redis_holds_no_token_of_a_kept_answer(client, redis_url):
    created = post(client, key=str(uuid.uuid4())).json
    store = redis.Redis.from_url(redis_url)
    for name in store.scan_iter(match="idempotency:*"):
        kept = store.get(name)
        for seat in created["seats"]:
            assert seat["token"].encode() not in kept
