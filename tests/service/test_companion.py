"""Companion mode over HTTP: games of every ruleset with chance from the table, played to the end
by posting the outcomes (admin token or the dealer seat), impossible outcomes refused, an AI seat
and a hint at work, and who may deal."""

import pytest

from engine import Rng
from engine.registry import rulesets

from .helpers import assert_error, bearer, tokens, wait_for

SHIPPED = sorted(rulesets().values(), key=lambda r: r.id)


def table_game(client, ruleset: str, seats: list[dict], dealer=None) -> dict:
    body = {"ruleset": ruleset, "seats": seats, "chance": "table"}
    if dealer is not None:
        body["dealer"] = dealer
    created = client.post("/v1/games", json=body)
    assert created.status_code == 201, created.json
    return created.json


def play_out(client, created: dict, dealer_token: str, seed: int) -> int:
    """Deal random listed outcomes and play random legal moves for the human seats until the end;
    the number of outcomes dealt. The first chance steps also get impossible outcomes (refused,
    nothing changed)."""
    game_id, keys, rng, dealt = created["game_id"], tokens(created), Rng(seed), 0
    chance_url = f"/v1/games/{game_id}/chance"
    while True:
        game = client.get(f"/v1/games/{game_id}").json
        if game["status"] == "finished":
            return dealt
        listed = client.get(chance_url, headers=bearer(dealer_token)).json
        if listed["version"] != game["version"]:   # an AI seat moved in between
            continue
        if not listed["pending"]:
            assert game["to_move"], "neither a seat to move nor a chance step"
            seat = game["to_move"][0]
            if seat not in keys:        # an AI seat: its worker moves
                wait_for(lambda: client.get(f"/v1/games/{game_id}").json["version"] > game["version"],
                         what="the AI seat's move")
                continue
            moves = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(keys[seat])).json["moves"]
            answer = client.post(f"/v1/games/{game_id}/moves", headers=bearer(keys[seat]),
                                 json={"move": rng.choice(moves), "expected_version": game["version"]})
            assert answer.status_code == 200, answer.json
            continue
        assert game["to_move"] == [] and len(listed["outcomes"]) == len(listed["weights"]) > 0
        if dealt < 2:
            for impossible in ("__no_such_outcome__", {"tile": "nope"}, 99):
                if impossible not in listed["outcomes"]:
                    assert_error(client.post(chance_url, headers=bearer(dealer_token),
                                             json={"outcome": impossible, "expected_version": game["version"]}),
                                 409, "illegal_outcome")
            assert client.get(f"/v1/games/{game_id}").json["version"] == game["version"]
        answer = client.post(chance_url, headers=bearer(dealer_token),
                             json={"outcome": rng.choice(listed["outcomes"]), "expected_version": game["version"]})
        assert answer.status_code == 200, answer.json
        assert answer.json["version"] == game["version"] + 1
        dealt += 1


@pytest.mark.parametrize("ruleset", SHIPPED, ids=lambda r: r.id)
def test_a_table_game_is_played_to_the_end_by_posting_outcomes(client, ruleset):
    seats = [{"kind": "human"} for _ in range(ruleset.max_players)]
    created = table_game(client, ruleset.id, seats)
    assert created["status"] == "active"
    dealt = play_out(client, created, created["admin_token"], 5)
    assert dealt > 0
    record = client.get(f"/v1/games/{created['game_id']}/record").json
    verdict = client.post("/v1/records/validate", json=record).json
    assert verdict["valid"] and verdict["status"] == "finished"
    assert sum("chance" in step for step in record["steps"]) == dealt   # the server drew nothing


def test_a_dealer_seat_deals_an_ai_seat_plays_and_hints_work(client):
    created = table_game(client, "great-plains", [{"kind": "human"}, {"kind": "ai", "level": "random"}], dealer=0)
    game_id, dealer = created["game_id"], tokens(created)[0]
    assert client.get(f"/v1/games/{game_id}", headers=bearer(dealer)).json["game_options"]["chance"] == "table"
    url = f"/v1/games/{game_id}/chance"
    listed = client.get(url, headers=bearer(dealer)).json
    assert listed["pending"] and listed["label"] == "tile"
    assert_error(client.post(url, json={"outcome": listed["outcomes"][0]}), 401, "unauthorized")
    assert_error(client.post(url, headers=bearer("wrong"), json={"outcome": listed["outcomes"][0]}), 401,
                 "unauthorized")
    assert_error(client.post(url, headers=bearer(dealer), json={"outcome": listed["outcomes"][0],
                                                                "expected_version": 3}), 409, "stale_version")
    while client.get(url, headers=bearer(dealer)).json["pending"]:      # the layout, then the first cave player
        listed = client.get(url, headers=bearer(dealer)).json
        client.post(url, headers=bearer(dealer), json={"outcome": listed["outcomes"][0]})
    assert client.get(f"/v1/games/{game_id}").json["to_move"] == [0]    # the first cave player: seat 0
    hint = client.post(f"/v1/games/{game_id}/hint", headers=bearer(dealer))
    assert hint.status_code == 202, hint.json
    task = f"/v1/tasks/{hint.json['task_id']}"
    done = wait_for(lambda: (answer := client.get(task, headers=bearer(dealer)).json)["state"] == "SUCCESS"
                    and answer, what="the hint")
    listed = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(dealer)).json["moves"]
    assert done["result"]["move"] in [{k: v for k, v in m.items() if k != "text"} for m in listed]  # their words out
    assert play_out(client, created, dealer, 6) >= 0


def test_who_may_deal_and_when(client):
    created = client.post("/v1/games", json={"ruleset": "targi", "seats": [{"kind": "human"}, {"kind": "human"}]})
    server_game = created.json["game_id"]
    assert_error(client.get(f"/v1/games/{server_game}/chance", headers=bearer(created.json["admin_token"])), 404,
                 "not_found")
    table = table_game(client, "targi", [{"kind": "human"}, {"kind": "human"}], dealer=1)
    keys = tokens(table)
    assert_error(client.get(f"/v1/games/{table['game_id']}/chance", headers=bearer(keys[0])), 401, "unauthorized")
    assert client.get(f"/v1/games/{table['game_id']}/chance", headers=bearer(keys[1])).status_code == 200
    for bad in ({"dealer": 0}, {"chance": "table", "dealer": 2}, {"chance": "dice"}):
        answer = client.post("/v1/games", json={"ruleset": "targi", **bad, "seats": [
            {"kind": "human"}, {"kind": "ai"}]})
        assert_error(answer, 422, "malformed_request")
    ai_dealer = client.post("/v1/games", json={"ruleset": "targi", "chance": "table", "dealer": 1, "seats": [
        {"kind": "human"}, {"kind": "ai"}]})
    assert_error(ai_dealer, 422, "malformed_request")
