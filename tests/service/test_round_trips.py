"""A move's Redis round trips, counted by the server (MONITOR): the rate limits in one script, the
record's read, the compare-and-set (which also reads the webhook's config), and the AI turn's
task on the broker when one is due. bench/bench_round_trips.py prints the same for every kind
of request."""

from __future__ import annotations

import dataclasses

import pytest

from service.api.app import create_app
from service.config import Settings
from service.dev.command_log import CommandLog
from service.dev.embedded_redis import EmbeddedRedis, free_port

from .helpers import TOY, bearer, create, tokens


@pytest.fixture(scope="module")
def counted_app(toy_registered):
    """An app whose store, limiter counters and broker are one Redis of its own (nothing else talks to it)."""
    server = EmbeddedRedis(free_port()).start()
    settings = dataclasses.replace(Settings.from_env(), redis_url=server.url, broker_url=server.url,
                                   rate_limit="1000 per minute", hint_rate_limit="1000 per minute",
                                   max_active_games_per_client=0)
    yield create_app(settings).test_client(), server.url
    server.stop()


def move_commands(client, url: str, created: dict, seat: int) -> list[str]:
    game_id, token = created["game_id"], tokens(created)[seat]
    listed = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(token)).json
    with CommandLog(url) as log:
        answer = client.post(f"/v1/games/{game_id}/moves", headers=bearer(token),
                             json={"move": listed["moves"][0], "expected_version": listed["version"]})
    assert answer.status_code == 200, answer.json
    return log.names()


def test_a_move_costs_three_round_trips_and_four_with_an_ai_reply_due(counted_app):
    client, url = counted_app
    with_ai = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
    move_commands(client, url, create(client, ruleset=TOY, seats=with_ai), 0)   # connects to the store and broker
    assert move_commands(client, url, create(client, ruleset=TOY), 0) == ["EVALSHA", "HMGET", "EVALSHA"]
    assert move_commands(client, url, create(client, ruleset=TOY, seats=with_ai), 0) == [
        "EVALSHA", "HMGET", "EVALSHA", "LPUSH"]


def test_every_limit_is_counted_by_the_one_script(counted_app):
    """The address's and the token's windows both counted (and only them): one script, two limits."""
    client, url = counted_app
    humans = create(client, ruleset=TOY)
    with CommandLog(url) as log:
        client.get(f"/v1/games/{humans['game_id']}", headers=bearer(tokens(humans)[1]))
    limits = [command for command in log.commands if command.upper().startswith("EVALSHA")]
    assert len(limits) == 1
    windows = [part for part in limits[0].split(" ") if part.startswith("LIMITS:{")]
    assert len(windows) == 4 and sum("/address/" in w for w in windows) == sum("/token/" in w for w in windows) == 2
