"""A move whose answer is lost while Redis stalls (issue 14, class 5), through the HTTP API
against the real Redis, stalled for real with ``CLIENT PAUSE <ms> WRITE`` from a second
connection (reads go on; every write, the move's compare-and-set included, waits).

The answer must be the truth: ``200`` when the move applied, ``503 store_unavailable`` when
it did not (and then never will), ``503 outcome_unknown`` only when Redis cannot be asked;
a retry with ``expected_version`` never applies a move twice.
"""

from __future__ import annotations

import threading
import time

import pytest
import redis
from redis.backoff import ConstantBackoff
from redis.retry import Retry

from service.store import GameStore

from ..service.helpers import assert_error, bearer, create, tokens, wait_for

#: The stalled store's client: a 0.3 s socket timeout, one resend after 0.5 s.
TIMEOUT, RESEND_AFTER = 0.3, 0.5
STORE = "stalled-store"


@pytest.fixture()
def stalling(app, redis_url):
    """An admin connection to stall Redis; the app's store on a client with a ``TIMEOUT``
    socket timeout and one resend (``stalling.use_timeout(seconds, resends)``: others)."""
    games = app.extensions["spielwerk"]
    original = games.store
    admin = redis.Redis.from_url(redis_url)
    clients = []

    def use(timeout, resends=1):
        client = redis.Redis.from_url(redis_url, socket_timeout=timeout, socket_connect_timeout=timeout,
                                      retry=Retry(ConstantBackoff(RESEND_AFTER), resends), client_name=STORE)
        clients.append(client)
        games.store = GameStore(client, original.game_ttl, original.finished_ttl)

    use(TIMEOUT)
    admin.use_timeout = use
    yield admin
    admin.execute_command("CLIENT", "UNPAUSE")
    games.store = original
    for client in clients:
        client.close()
    admin.close()


def first_move(client):
    created = create(client)
    game_id = created["game_id"]
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    token = tokens(created)[seat]
    move = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(token)).json["moves"][0]
    return game_id, token, move


def stored(app, game_id) -> tuple[int, int]:
    """The stored version and log length (always equal: a move applies whole or not at all)."""
    store = app.extensions["spielwerk"].store.redis
    return int(store.hget(f"game:{{{game_id}}}", "version")), store.llen(f"game:{{{game_id}}}:log")


def test_a_stall_shorter_than_the_resend_answers_200_and_applies_once(app, client, stalling):
    game_id, token, move = first_move(client)
    stalling.execute_command("CLIENT", "PAUSE", 600, "WRITE")   # the first send times out at 0.3 s
    response = client.post(f"/v1/games/{game_id}/moves", json={"move": move}, headers=bearer(token))
    assert response.status_code == 200, response.json
    assert stored(app, game_id) == (1, 1)


def test_a_connection_lost_after_the_send_answers_the_truth(app, client, stalling, caplog):
    """The compare-and-set is sent, Redis holds it (paused), the connection is killed, no
    resend: the store asks Redis once it answers again and says what happened (Redis runs
    the held command, so: 200, and the settling was needed to know it)."""
    game_id, token, move = first_move(client)
    stalling.use_timeout(5, resends=0)
    stalling.execute_command("CLIENT", "PAUSE", 2000, "WRITE")
    answers = []
    thread = threading.Thread(target=lambda: answers.append(
        client.post(f"/v1/games/{game_id}/moves", json={"move": move}, headers=bearer(token))))
    thread.start()
    held = wait_for(lambda: [c for c in stalling.client_list() if c["cmd"] == "evalsha" and c["name"] == STORE], timeout=5,
                    what="the compare-and-set held by the pause")
    stalling.client_kill_filter(_id=held[0]["id"])
    thread.join(10)
    if answers[0].status_code == 200:
        assert stored(app, game_id) == (1, 1)
        assert "applied although its answer was lost" in caplog.text
    else:
        assert_error(answers[0], 503, "store_unavailable")
        time.sleep(0.5)
        assert stored(app, game_id) == (0, 0)           # fenced: the held command never applies


def test_a_stall_longer_than_every_resend_is_outcome_unknown_and_a_retry_applies_once(app, client, stalling):
    game_id, token, move = first_move(client)
    stalling.execute_command("CLIENT", "PAUSE", 4000, "WRITE")
    started = time.monotonic()
    response = client.post(f"/v1/games/{game_id}/moves", json={"move": move}, headers=bearer(token))
    assert_error(response, 503, "outcome_unknown")
    assert response.headers["Retry-After"] == "1"
    assert time.monotonic() - started < 4
    stalling.execute_command("CLIENT", "UNPAUSE")
    retried = client.post(f"/v1/games/{game_id}/moves", json={"move": move, "expected_version": 0},
                          headers=bearer(token))
    assert retried.status_code in (200, 409), retried.json
    if retried.status_code == 409:
        assert retried.json["code"] == "stale_version"
    assert stored(app, game_id) == (1, 1)
