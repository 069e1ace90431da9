"""Bounded tasks: every search stops at AI_MAX_MS / AI_MAX_ITERATIONS whatever a seat or a
hint asks; every task has soft and hard time limits; an AI turn that fails repeatedly ends
in a fallback move the history shows. Real prefork Celery workers (time limits need the
prefork pool) with small limits set through their environment, each test on its own Redis."""

from __future__ import annotations

import time
from pathlib import Path

import psutil
import pytest

from engine import Match, registry
from engine.ai import Caps, analyse
from service.api.app import create_app
from service.config import TASK_HARD_MARGIN_SECONDS, TASK_TIME_MARGIN_SECONDS, Settings
from service.dispatch import make_celery

from .players import flask_caller
from .procs import Processes, service_env, settings_for, store_for, wait_until

pytestmark = pytest.mark.faults


@pytest.fixture()
def procs(tmp_path: Path):
    with Processes(tmp_path) as processes:
        yield processes


def stack(procs: Processes, **worker_env):
    """A Redis of its own, a prefork worker with ``worker_env``; returns (call, store)."""
    server = procs.redis()
    procs.worker("bounded", service_env(server.url, **worker_env), pool="prefork", concurrency=1)
    return flask_caller(create_app(settings_for(server.url))), store_for(server.url)


def greedy_ai_game(call) -> tuple[str, str]:
    """A Great Plains game: seat 0 a human, seat 1 an AI asking for 50,000 iterations and
    10 s a move (uncapped, about 10 s a move). Returns the game id and the human's token."""
    status, created = call("POST", "/v1/games", {"ruleset": "great-plains", "seed": 5, "seats": [
        {"kind": "human"}, {"kind": "ai", "level": "hard", "iterations": 50_000, "budget_ms": 10_000}]})
    assert status == 201, created
    return created["game_id"], created["seats"][0]["token"]


def human_moves_then_ai_replies(call, store, game_id: str, token: str, within: float) -> tuple[float, dict]:
    """Play the human's first legal move (the AI moves first if it is to move); returns the
    seconds until the AI's reply was stored, and the history entry of that reply."""
    wait_until(lambda: call("GET", f"/v1/games/{game_id}")[1]["to_move"] == [0], within, 0.05, "the human to move")
    moves = call("GET", f"/v1/games/{game_id}/legal-moves", token=token)[1]["moves"]
    status, entry = call("POST", f"/v1/games/{game_id}/moves", {"move": moves[0]}, token)
    assert status == 200, entry
    started = time.monotonic()
    wait_until(lambda: store.load(game_id)[0]["version"] > entry["version"], within, 0.05, "the AI's reply")
    took = time.monotonic() - started
    history = call("GET", f"/v1/games/{game_id}/history", token=token)[1]
    return took, next(e for e in history["entries"] if e["version"] == entry["version"] + 1)


def test_every_task_has_soft_and_hard_time_limits_derived_from_the_caps():
    settings = Settings(**{**vars(Settings.from_env()), "ai_max_ms": 4500, "task_soft_time_limit": 0,
                           "task_time_limit": 0})
    assert settings.soft_time_limit == 5 + TASK_TIME_MARGIN_SECONDS
    assert settings.hard_time_limit == settings.soft_time_limit + TASK_HARD_MARGIN_SECONDS
    conf = make_celery(settings).conf
    assert (conf.task_soft_time_limit, conf.task_time_limit) == (settings.soft_time_limit, settings.hard_time_limit)
    assert settings.hard_time_limit < settings.visibility_timeout


def test_caps_stop_a_search_at_the_capped_iterations_and_time():
    ruleset = registry.get("great-plains")
    match = Match.create(ruleset, 2, {}, 5)
    seat = match.to_move()[0]
    by_iterations = analyse(ruleset, match.state, seat, level="hard", iterations=50_000,
                            caps=Caps(iterations=7, budget_ms=60_000))
    assert by_iterations.iterations == 7
    by_time = analyse(ruleset, match.state, seat, level="hard", iterations=50_000,
                      caps=Caps(iterations=50_000, budget_ms=100))
    assert by_time.seconds < 5                          # uncapped: about 10 s (hard: 6 s)


def test_an_ai_seat_asking_for_more_than_the_cap_replies_within_the_cap(procs):
    call, store = stack(procs, AI_MAX_MS=300)
    game_id, token = greedy_ai_game(call)
    took, reply = human_moves_then_ai_replies(call, store, game_id, token, within=30)
    assert took < 5, f"the AI took {took:.1f} s; uncapped it takes about 10 s"
    assert all(event.get("type") != "ai_fallback" for event in reply["events"])


def assert_fallback_shown(call, store, game_id: str, reply: dict, reason: str) -> None:
    """The reply's entry begins with the fallback event, for its seat and a spectator alike,
    and the attempts of that version are forgotten."""
    fallback = {"type": "ai_fallback", "seat": reply["seat"], "reason": reason,
                "text": f"Player {reply['seat'] + 1} (AI) plays a random move"}
    assert reply["events"][0] == fallback
    spectator = call("GET", f"/v1/games/{game_id}/history")[1]
    assert [e for e in spectator["entries"] if e["version"] == reply["version"]][0]["events"][0] == fallback
    assert not store.redis.keys(f"game:{{{game_id}}}:ai_attempts:*")


def test_an_ai_turn_timing_out_every_attempt_ends_in_a_fallback_move_the_history_shows(procs):
    call, store = stack(procs, AI_MAX_MS=20_000, AI_MAX_ATTEMPTS=2, TASK_SOFT_TIME_LIMIT=1)
    game_id, token = greedy_ai_game(call)
    _, reply = human_moves_then_ai_replies(call, store, game_id, token, within=60)
    assert_fallback_shown(call, store, game_id, reply, "timeout")


def test_an_ai_turn_whose_worker_dies_is_redelivered_until_the_fallback_move(procs):
    server = procs.redis()
    worker = procs.worker("dying", service_env(server.url, AI_MAX_ATTEMPTS=1), pool="prefork", concurrency=1)
    call, store = flask_caller(create_app(settings_for(server.url))), store_for(server.url)
    status, created = call("POST", "/v1/games", {"ruleset": "great-plains", "seed": 5, "seats": [
        {"kind": "ai", "level": "hard", "budget_ms": 10_000}, {"kind": "human"}]})
    assert status == 201, created
    game_id = created["game_id"]
    wait_until(lambda: store.redis.hlen("unacked") == 1, 10, what="the worker took the AI task")
    time.sleep(0.5)                                     # the AI is thinking
    psutil.Process(worker.pid).children()[0].kill()     # its pool process dies: the task is requeued
    wait_until(lambda: store.load(game_id)[0]["version"] > 0, 30, 0.05, "the fallback move")
    history = call("GET", f"/v1/games/{game_id}/history")[1]
    reply = next(e for e in history["entries"] if e.get("seat") == 0)
    assert_fallback_shown(call, store, game_id, reply, "lost")


#: the hard level's iterations in Woodwalkers: uncapped, a hard hint there takes about a second
WOODWALKERS_HARD = registry.rulesets()["woodwalkers"].ai_policy.iterations["hard"]


def hint(call, **worker_env) -> dict:
    """The result of a ``hard`` hint for the human to move in a two-human Woodwalkers game
    (uncapped, ``WOODWALKERS_HARD`` iterations)."""
    status, created = call("POST", "/v1/games", {"ruleset": "woodwalkers", "seed": 3, "seats": [
        {"kind": "human"}, {"kind": "human"}]})
    assert status == 201, created
    game_id = created["game_id"]
    seat = call("GET", f"/v1/games/{game_id}")[1]["to_move"][0]
    token = created["seats"][seat]["token"]
    status, asked = call("POST", f"/v1/games/{game_id}/hint", {"level": "hard"}, token)
    assert status in (200, 202), asked
    path = f"/v1/tasks/{asked['task_id']}"
    wait_until(lambda: call("GET", path, token=token)[1]["state"] == "SUCCESS", 30, 0.1, "the hint")
    return call("GET", path, token=token)[1]["result"]


def test_a_hint_stops_at_the_time_cap(procs):
    """In 100 ms the search cannot do a tenth of its iterations (it does a few thousand a
    second), so no move has had that many visits."""
    call, _ = stack(procs, AI_MAX_MS=100)
    result = hint(call)
    assert result.get("error") is None and result["move"] is not None, result
    assert result["top"][0]["visits"] < WOODWALKERS_HARD / 10, result


def test_a_hint_over_the_soft_time_limit_answers_timeout(procs):
    call, _ = stack(procs, AI_MAX_MS=20_000, TASK_SOFT_TIME_LIMIT=0.3)
    result = hint(call)
    assert (result["move"], result["error"]) == (None, "timeout"), result
