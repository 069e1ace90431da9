"""Fair queues: AI turns, score sheets and hints travel on queues of their own, so a worker
of AI turns never waits behind hints; a seat has one hint task per version; hints are
limited per seat token. Real Redis, real Celery workers, through the HTTP API."""

from __future__ import annotations

import dataclasses
import json
import threading
from pathlib import Path

import pytest
import redis

from service.api.app import create_app
from service.config import Settings
from service.dispatch import (QUEUE_AI, QUEUE_CLOCKS, QUEUE_HINTS, QUEUE_OF_TASK, QUEUE_RECORDS, QUEUE_SCORES,
                              QUEUE_WEBHOOKS, TASK_HINT, CeleryDispatcher, make_celery)

from ..service.helpers import assert_error, bearer
from .players import flask_caller
from .procs import Processes, service_env, settings_for, store_for, wait_until


@pytest.fixture()
def procs(tmp_path: Path):
    with Processes(tmp_path) as processes:
        yield processes


def two_humans(call, ruleset: str = "great-plains", seed: int = 4) -> tuple[str, int, dict]:
    """A game of two humans: its id, the seat to move, and the seat tokens."""
    status, created = call("POST", "/v1/games", {"ruleset": ruleset, "seed": seed,
                                                 "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert status == 201, created
    game_id = created["game_id"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    return game_id, call("GET", f"/v1/games/{game_id}")[1]["to_move"][0], tokens


def test_every_task_has_a_queue_of_its_own_and_a_worker_takes_all_by_default():
    conf = make_celery(Settings.from_env()).conf
    assert {task: route["queue"] for task, route in conf.task_routes.items()} == QUEUE_OF_TASK
    assert sorted(QUEUE_OF_TASK.values()) == sorted([QUEUE_AI, QUEUE_HINTS, QUEUE_SCORES, QUEUE_WEBHOOKS,
                                                     QUEUE_RECORDS, QUEUE_CLOCKS])
    assert sorted(queue.name for queue in conf.task_queues) == sorted(QUEUE_OF_TASK.values())


def queued_tasks(store: redis.Redis, queue: str) -> list[str]:
    """The task names of the messages waiting in ``queue`` (kombu's Redis list of JSON)."""
    return [json.loads(message)["headers"]["task"] for message in store.lrange(queue, 0, -1)]


def test_each_task_is_queued_once_on_its_own_queue(procs):
    server = procs.redis()
    dispatcher = CeleryDispatcher(make_celery(settings_for(server.url)))
    dispatcher.ai_turn("g", 1)
    dispatcher.final_score("g", 2)
    dispatcher.hint("t", "g", 0, 1, "easy")
    dispatcher.webhook("g", "d", 1)
    dispatcher.validate_records("r", [])
    dispatcher.clock("g", 3, 0)
    store = redis.Redis.from_url(server.url)
    assert {queue: queued_tasks(store, queue) for queue in QUEUE_OF_TASK.values()} == {
        queue: [task] for task, queue in QUEUE_OF_TASK.items()}


def test_ai_turns_go_on_while_hints_wait_for_a_hint_worker(procs):
    """With a worker of AI turns and score sheets only, a whole AI-vs-AI game is played and
    scored while a hint sits in its own queue; a hint worker then answers it."""
    server = procs.redis()
    procs.worker("ai", service_env(server.url), queues=f"{QUEUE_AI},{QUEUE_SCORES}")
    call, store = flask_caller(create_app(settings_for(server.url))), store_for(server.url)
    waiting_game, seat, tokens = two_humans(call)
    status, asked = call("POST", f"/v1/games/{waiting_game}/hint", {"level": "easy"}, tokens[seat])
    assert status == 202, asked
    status, created = call("POST", "/v1/games", {"ruleset": "targi", "seed": 2, "seats": [
        {"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}]})
    assert status == 201, created
    ai_game = created["game_id"]
    wait_until(lambda: store.load(ai_game)[1] is not None, 60, 0.1, "the AI game played and scored")
    task = f"/v1/tasks/{asked['task_id']}"
    assert call("GET", task, token=tokens[seat])[1]["state"] == "PENDING"
    assert queued_tasks(store.redis, QUEUE_HINTS) == [TASK_HINT]   # the hint, untouched, alone in its queue
    procs.worker("hints", service_env(server.url), queues=QUEUE_HINTS)
    wait_until(lambda: call("GET", task, token=tokens[seat])[1]["state"] == "SUCCESS", 30, 0.1, "the hint")
    assert call("GET", task, token=tokens[seat])[1]["result"]["move"] is not None


def test_a_seat_has_one_hint_task_per_version(client):
    call = flask_caller(client.application)
    game_id, seat, tokens = two_humans(call)
    first = client.post(f"/v1/games/{game_id}/hint", headers=bearer(tokens[seat]), json={"level": "easy"})
    assert first.status_code == 202
    task_id = first.json["task_id"]
    for level in ("easy", "hard", None):                # again, at any level: the same task
        body = {"level": level} if level else None
        again = client.post(f"/v1/games/{game_id}/hint", headers=bearer(tokens[seat]), json=body)
        assert (again.status_code, again.json["task_id"]) == (202, task_id)
    wait_until(lambda: client.get(f"/v1/tasks/{task_id}", headers=bearer(tokens[seat])).json["state"] == "SUCCESS",
               30, 0.05, "the hint")
    move = client.get(f"/v1/tasks/{task_id}", headers=bearer(tokens[seat])).json["result"]["move"]
    played = client.post(f"/v1/games/{game_id}/moves", headers=bearer(tokens[seat]), json={"move": move})
    assert played.status_code == 200, played.json
    to_move = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    later = client.post(f"/v1/games/{game_id}/hint", headers=bearer(tokens[to_move]))
    assert later.status_code == 202 and later.json["task_id"] != task_id    # a new version: a new task


def test_concurrent_hint_requests_share_one_task(client):
    call = flask_caller(client.application)
    game_id, seat, tokens = two_humans(call, "woodwalkers", 3)
    ids, barrier = [], threading.Barrier(8)

    def ask():
        own = client.application.test_client()
        barrier.wait()
        ids.append(own.post(f"/v1/games/{game_id}/hint", headers=bearer(tokens[seat])).json["task_id"])
    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(ids) == 8 and len(set(ids)) == 1


def test_hints_are_limited_per_seat_token():
    settings = dataclasses.replace(Settings.from_env(), hint_rate_limit="3 per minute", rate_limit="off")
    client = create_app(settings).test_client()
    call = flask_caller(client.application)
    game_id, seat, tokens = two_humans(call)
    other_game, other_seat, other_tokens = two_humans(call)
    for _ in range(3):
        assert client.post(f"/v1/games/{game_id}/hint", headers=bearer(tokens[seat])).status_code == 202
    refused = client.post(f"/v1/games/{game_id}/hint", headers=bearer(tokens[seat]))
    assert_error(refused, 429, "rate_limited")
    assert int(refused.headers["Retry-After"]) >= 1
    # other requests of that token, and hints of other tokens, are not counted against it
    assert client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(tokens[seat])).status_code == 200
    assert client.post(f"/v1/games/{other_game}/hint", headers=bearer(other_tokens[other_seat])).status_code == 202


def test_a_hint_the_broker_cannot_take_is_refused_as_such_and_not_remembered(redis_url):
    """A broker that does not answer: 503 broker_unavailable, and the seat's next request
    (broker back) queues a hint instead of answering the id of one never sent."""
    store = redis.Redis.from_url(redis_url)
    broken = dataclasses.replace(settings_for(redis_url), broker_url="redis://127.0.0.1:1/0")   # nobody listens there
    client = create_app(broken).test_client()
    game_id, seat, tokens = two_humans(flask_caller(client.application))
    refused = client.post(f"/v1/games/{game_id}/hint", headers=bearer(tokens[seat]))
    assert_error(refused, 503, "broker_unavailable")
    assert refused.headers["Retry-After"]
    assert not store.keys(f"game:{{{game_id}}}:hint:*")
    healthy = create_app(settings_for(redis_url)).test_client()
    assert healthy.post(f"/v1/games/{game_id}/hint", headers=bearer(tokens[seat])).status_code == 202
    assert store.keys(f"game:{{{game_id}}}:hint:*")
