"""The game's admin token: returned once by the create, stored only as a hash, sees exactly
what a spectator sees (for every ruleset, hidden information included) and opens no seat."""

from __future__ import annotations

import base64
import uuid

import pytest

from engine import registry

from .helpers import assert_error, bearer, tokens


def created(client, ruleset_id: str, headers=None) -> dict:
    players = registry.get(ruleset_id).min_players
    answer = client.post("/v1/games", json={"ruleset": ruleset_id, "seed": 5, "seats": [{"kind": "human"}] * players},
                         headers=headers or {})
    assert answer.status_code == 201, answer.json
    return answer.json


def play_some(client, game: dict, moves: int) -> None:
    toks = tokens(game)
    for _ in range(moves):
        view = client.get(f"/v1/games/{game['game_id']}").json
        if view["status"] == "finished" or not view["to_move"]:
            return
        seat = view["to_move"][0]
        listed = client.get(f"/v1/games/{game['game_id']}/legal-moves", headers=bearer(toks[seat])).json["moves"]
        client.post(f"/v1/games/{game['game_id']}/moves", headers=bearer(toks[seat]), json={"move": listed[-1]})


def test_the_admin_token_is_random_and_stored_only_as_a_hash(client, app):
    game = created(client, "great-plains")
    admin = game["admin_token"]
    assert len(base64.urlsafe_b64decode(admin + "=" * (-len(admin) % 4))) * 8 >= 128
    assert admin not in tokens(game).values()
    store = app.extensions["spielwerk"].store
    for key in store.redis.scan_iter(match="*"):
        kind = store.redis.type(key)
        values = [store.redis.get(key)] if kind == b"string" else (
            store.redis.hvals(key) if kind == b"hash" else store.redis.lrange(key, 0, -1) if kind == b"list" else [])
        assert all(admin.encode() not in (value or b"") for value in values), key
    assert admin not in client.get(f"/v1/games/{game['game_id']}").get_data(as_text=True)


@pytest.mark.parametrize("ruleset_id", sorted(registry.rulesets()))
def test_the_admin_token_sees_what_a_spectator_sees(client, ruleset_id):
    game = created(client, ruleset_id)
    play_some(client, game, 6)
    game_id, admin = game["game_id"], bearer(game["admin_token"])
    for path in ("", "/history", "/score", "/board.svg"):
        as_admin, as_spectator = client.get(f"/v1/games/{game_id}{path}", headers=admin), \
            client.get(f"/v1/games/{game_id}{path}")
        assert as_admin.status_code == as_spectator.status_code == 200, path
        assert as_admin.data == as_spectator.data, path
    assert client.get(f"/v1/games/{game_id}", headers=admin).json["viewer"] is None


def test_the_admin_token_opens_no_seat(client):
    game = created(client, "targi")
    game_id, admin = game["game_id"], bearer(game["admin_token"])
    move = client.get(f"/v1/games/{game_id}/legal-moves",
                      headers=bearer(tokens(game)[client.get(f"/v1/games/{game_id}").json["to_move"][0]])).json
    for answer in (client.get(f"/v1/games/{game_id}/legal-moves", headers=admin),
                   client.post(f"/v1/games/{game_id}/moves", headers=admin, json={"move": move["moves"][0]}),
                   client.post(f"/v1/games/{game_id}/moves/validate", headers=admin, json={"move": move["moves"][0]}),
                   client.post(f"/v1/games/{game_id}/hint", headers=admin)):
        assert_error(answer, 401, "unauthorized")
    assert client.get(f"/v1/games/{game_id}").json["version"] == game["version"]


def test_another_games_admin_token_is_refused(client):
    one, other = created(client, "targi"), created(client, "targi")
    assert_error(client.get(f"/v1/games/{one['game_id']}", headers=bearer(other["admin_token"])), 401, "unauthorized")


def test_an_idempotent_retry_answers_the_same_admin_token(client):
    key = {"Idempotency-Key": str(uuid.uuid4())}
    assert created(client, "targi", key)["admin_token"] == created(client, "targi", key)["admin_token"]
