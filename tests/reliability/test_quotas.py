"""The quota of active games per client, and the client key of every address limit: an IPv4
address, or the /64 network of an IPv6 address (through REMOTE_ADDR and through
TRUSTED_PROXIES + X-Forwarded-For), against the real Redis and worker."""

from __future__ import annotations

import dataclasses
import secrets
import time

import pytest

from service.api.app import create_app
from service.config import Settings
from service.store import quota_key

from ..service.helpers import TOY, assert_error, wait_for
from ..service.test_games_api import finish

pytestmark = pytest.mark.usefixtures("redis_url", "toy_registered")
HUMANS = [{"kind": "human"}, {"kind": "human"}]
ROBOTS = [{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}]


def client_with(**changes):
    return create_app(dataclasses.replace(Settings.from_env(), **{"rate_limit": "off", **changes})).test_client()


def ipv4() -> str:
    return f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250)}"


def ipv6_net() -> str:
    """A random /64 prefix of the documentation range, e.g. ``2001:db8:1a2b:3c4d``."""
    return f"2001:db8:{secrets.token_hex(2)}:{secrets.token_hex(2)}"


def create_from(client, address: str, seats=HUMANS, **request):
    return client.post("/v1/games", json={"ruleset": TOY, "seats": seats},
                       environ_base={"REMOTE_ADDR": address}, **request)


def test_the_quota_refuses_the_next_game_and_admits_one_after_a_game_finishes():
    client = client_with(max_active_games_per_client=3)
    address = ipv4()
    games = [create_from(client, address) for _ in range(3)]
    assert [g.status_code for g in games] == [201] * 3
    refused = create_from(client, address)
    assert_error(refused, 429, "quota_exceeded")
    assert refused.json["errors"] == {"quota": 3}
    assert "Retry-After" not in refused.headers
    store = client.application.extensions["spielwerk"].store
    assert store.redis.zcard(quota_key(address)) == 3     # the refused game was not counted
    assert create_from(client, ipv4()).status_code == 201  # another client is not affected

    finish(client, games[0].json)
    assert create_from(client, address).status_code == 201
    assert_error(create_from(client, address), 429, "quota_exceeded")


def test_a_game_the_ai_finishes_frees_its_place(celery_worker):
    client = client_with(max_active_games_per_client=1)
    address = ipv4()
    game_id = create_from(client, address, seats=ROBOTS).json["game_id"]
    wait_for(lambda: client.get(f"/v1/games/{game_id}").json["status"] == "finished", what="the AI game's end")
    assert create_from(client, address, seats=HUMANS).status_code == 201


def test_a_game_stops_counting_when_it_expires():
    client = client_with(max_active_games_per_client=1, game_ttl_seconds=1)
    address = ipv4()
    assert create_from(client, address).status_code == 201
    assert_error(create_from(client, address), 429, "quota_exceeded")
    time.sleep(1.1)
    assert create_from(client, address).status_code == 201


def test_the_quota_is_shared_by_every_api_process():
    first, second = (client_with(max_active_games_per_client=2) for _ in range(2))
    address = ipv4()
    assert [create_from(c, address).status_code for c in (first, second, first, second)] == [201, 201, 429, 429]


@pytest.mark.parametrize("value", ["0", "off"])
def test_zero_or_off_disables_the_quota(monkeypatch, value):
    monkeypatch.setenv("MAX_ACTIVE_GAMES_PER_CLIENT", value)
    assert Settings.from_env().max_active_games_per_client == 0
    client = client_with()
    address = ipv4()
    assert [create_from(client, address).status_code for _ in range(5)] == [201] * 5
    assert client.application.extensions["spielwerk"].store.redis.exists(quota_key(address)) == 0


def test_the_default_quota_is_100(monkeypatch):
    monkeypatch.delenv("MAX_ACTIVE_GAMES_PER_CLIENT", raising=False)
    assert Settings.from_env().max_active_games_per_client == 100


# -- the client key: IPv6 by /64 -------------------------------------------------------------
def test_ipv6_addresses_of_one_64_share_the_quota_and_two_64s_do_not():
    client = client_with(max_active_games_per_client=2)
    net = ipv6_net()
    assert create_from(client, f"{net}::1").status_code == 201
    assert create_from(client, f"{net}:ffff:ffff:ffff:fffe").status_code == 201
    assert_error(create_from(client, f"{net}:1234::9"), 429, "quota_exceeded")
    assert create_from(client, f"{ipv6_net()}::1").status_code == 201


def test_ipv6_addresses_of_one_64_share_the_rate_limit_behind_a_proxy():
    """Through TRUSTED_PROXIES + X-Forwarded-For: the proxy's address is the same for all."""
    client = client_with(rate_limit="4 per minute", trusted_proxies=1, max_active_games_per_client=0)
    net, other = ipv6_net(), ipv6_net()

    def get(address: str) -> int:
        return client.get("/v1/rulesets", headers={"X-Forwarded-For": address},
                          environ_base={"REMOTE_ADDR": "127.0.0.1"}).status_code

    answers = [get(f"{net}::{index + 1:x}:{secrets.token_hex(2)}") for index in range(6)]
    assert answers == [200] * 4 + [429] * 2
    assert get(f"{other}::1") == 200
    assert get(f"{net.upper()}:0:0:0:1") == 429            # the same /64 however it is written


def test_ipv4_addresses_are_limited_one_by_one():
    client = client_with(rate_limit="2 per minute", max_active_games_per_client=0)
    base = ipv4()
    neighbour = base.rsplit(".", 1)[0] + f".{(int(base.rsplit('.', 1)[1]) + 1) % 250}"
    codes = [client.get("/v1/rulesets", environ_base={"REMOTE_ADDR": a}).status_code
             for a in (base, base, base, neighbour)]
    assert codes == [200, 200, 429, 200]
