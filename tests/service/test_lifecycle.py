"""A game's life around its moves (issue 17): resign, abort, private games and their spectator
tokens, a seat's new token. Real Redis and a real worker (final sheets, AI seats)."""

from __future__ import annotations

import pytest

from engine import registry
from service.lifecycle import MAX_SPECTATOR_TOKENS

from .helpers import TOY, assert_error, bearer, create, tokens, wait_for


def to_move(client, game_id, headers=None):
    return client.get(f"/v1/games/{game_id}", headers=headers or {}).json["to_move"]


def final(client, game_id, headers=None):
    return wait_for(lambda: (lambda r: r.status_code == 200 and r.json)(
        client.get(f"/v1/games/{game_id}/score", headers=headers or {})), what="the final sheet")


def last_entry(client, game_id, headers=None):
    return client.get(f"/v1/games/{game_id}/history", headers=headers or {}).json["entries"][-1]


# -- resign -------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset_id", sorted(set(registry.rulesets()) - {TOY}))
def test_resigning_a_two_seat_game_ends_it_and_the_other_seat_wins(client, ruleset_id):
    game = create(client, ruleset=ruleset_id, seats=[{"kind": "human"}, {"kind": "human"}])
    game_id, toks = game["game_id"], tokens(game)
    answer = client.post(f"/v1/games/{game_id}/resign", headers=bearer(toks[1]), json={"expected_version": 0})
    assert answer.status_code == 200, answer.json
    assert answer.json["status"] == "finished" and answer.json["to_move"] == [] and answer.json["version"] == 1
    assert answer.json["seats"][1]["forfeited"] == "resigned"
    sheet = final(client, game_id)
    assert sheet["status"] == "final" and sheet["winners"] == [0] and sheet["forfeited"] == [1]
    assert last_entry(client, game_id)["events"] == [
        {"type": "forfeit", "seat": 1, "reason": "resigned", "ai_takes_over": False, "text": "Player 2 forfeits"}]
    assert_error(client.get(f"/v1/games/{game_id}", headers=bearer(toks[1])), 401, "unauthorized")
    assert_error(client.post(f"/v1/games/{game_id}/resign", headers=bearer(toks[0])), 409, "game_over")
    assert client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[0])).json["moves"] == []
    assert "seed" in client.get(f"/v1/games/{game_id}").json
    assert client.get(f"/v1/games/{game_id}/record").status_code == 200


def test_a_seat_that_resigns_among_three_is_played_by_an_ai_and_ranks_last(client):
    game = create(client, seats=[{"kind": "human"}] * 3)
    game_id, toks = game["game_id"], tokens(game)
    resigned = client.post(f"/v1/games/{game_id}/resign", headers=bearer(toks[1])).json
    assert resigned["status"] == "active"
    assert resigned["seats"][1] | {"name": "x"} == {"seat": 1, "name": "x", "kind": "ai", "level": "easy",
                                                     "forfeited": "resigned"}
    assert last_entry(client, game_id)["events"][0]["ai_takes_over"] is True
    while True:   # the humans play their highest card, the AI plays seat 1
        view = client.get(f"/v1/games/{game_id}").json
        if view["status"] == "finished":
            break
        seat = view["to_move"][0] if view["to_move"] else None
        if seat in (0, 2):
            moves = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[seat])).json["moves"]
            client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[seat]), json={"move": moves[-1]})
        else:
            wait_for(lambda v=view["version"]: client.get(f"/v1/games/{game_id}").json["version"] > v,
                     what="the AI's move for the resigned seat")
    sheet = final(client, game_id)
    assert sheet["forfeited"] == [1] and 1 not in sheet["winners"] and sheet["winners"]
    best = max(line["total"] for line in sheet["scores"] if line["seat"] != 1)
    assert {line["seat"] for line in sheet["scores"] if line["seat"] != 1 and line["total"] == best} == \
        set(sheet["winners"])


def test_resign_is_refused_without_a_seat_token_and_at_a_stale_version(client):
    game = create(client)
    game_id = game["game_id"]
    assert_error(client.post(f"/v1/games/{game_id}/resign"), 401, "unauthorized")
    assert_error(client.post(f"/v1/games/{game_id}/resign", headers=bearer(game["admin_token"])), 401, "unauthorized")
    assert_error(client.post(f"/v1/games/{game_id}/resign", headers=bearer(tokens(game)[0]),
                             json={"expected_version": 3}), 409, "stale_version")
    assert client.get(f"/v1/games/{game_id}").json["status"] == "active"


# -- abort --------------------------------------------------------------------------------
def test_a_seat_aborts_before_the_first_human_move_and_the_admin_at_any_time(client):
    early = create(client)
    answer = client.post(f"/v1/games/{early['game_id']}/abort", headers=bearer(tokens(early)[1]))
    assert answer.status_code == 200 and answer.json["status"] == "aborted" and answer.json["to_move"] == []
    sheet = final(client, early["game_id"])
    assert sheet["winners"] == [] and sheet["aborted"] is True
    assert last_entry(client, early["game_id"])["events"] == [{"type": "aborted", "seat": 1, "text": "The game is aborted"}]
    assert_error(client.post(f"/v1/games/{early['game_id']}/abort", headers=bearer(early["admin_token"])),
                 409, "game_over")

    late = create(client)
    game_id, toks = late["game_id"], tokens(late)
    seat = to_move(client, game_id)[0]
    move = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[seat])).json["moves"][0]
    assert client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[seat]), json={"move": move}).status_code == 200
    assert_error(client.post(f"/v1/games/{game_id}/abort", headers=bearer(toks[0])), 401, "unauthorized")
    assert client.post(f"/v1/games/{game_id}/abort", headers=bearer(late["admin_token"])).json["status"] == "aborted"
    assert_error(client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[1 - seat]), json={"move": move}),
                 409, "game_over")
    stream = client.get(f"/v1/games/{game_id}/events", headers=bearer(late["admin_token"]))
    wait_for(lambda: client.get(f"/v1/games/{game_id}/score").status_code == 200, what="the sheet")
    text = stream.get_data(as_text=True)
    assert '"type":"aborted","seat":null' in text and '"status":"aborted"' in text and "event: final" in text


# -- private games and spectator tokens -------------------------------------------------
@pytest.mark.parametrize("ruleset_id", sorted(set(registry.rulesets()) - {TOY}))
def test_a_private_game_answers_404_to_every_token_less_read(client, ruleset_id):
    body = {"ruleset": ruleset_id, "seed": 3, "spectators": "private", "seats": [{"kind": "human"}, {"kind": "human"}]}
    game = client.post("/v1/games", json=body).json
    game_id, toks = game["game_id"], tokens(game)
    for path in ("", "/history", "/score", "/board.svg", "/events"):
        assert_error(client.get(f"/v1/games/{game_id}{path}"), 404, "not_found")
    assert client.get(f"/v1/games/{game_id}", headers=bearer(toks[0])).json["game_options"]["spectators"] == "private"
    admin = bearer(game["admin_token"])
    minted = client.post(f"/v1/games/{game_id}/spectator-tokens", headers=admin)
    assert minted.status_code == 201 and minted.json["version"] == 1
    spectator = bearer(minted.json["token"])
    for path in ("", "/history", "/score", "/board.svg"):
        as_spectator = client.get(f"/v1/games/{game_id}{path}", headers=spectator)
        assert as_spectator.status_code == 200 and as_spectator.data == client.get(
            f"/v1/games/{game_id}{path}", headers=admin).data, path
    assert client.get(f"/v1/games/{game_id}", headers=spectator).json["viewer"] is None
    assert_error(client.get(f"/v1/games/{game_id}/legal-moves", headers=spectator), 401, "unauthorized")
    assert_error(client.post(f"/v1/games/{game_id}/spectator-tokens", headers=spectator), 401, "unauthorized")
    assert_error(client.post(f"/v1/games/{game_id}/spectator-tokens", headers=bearer(toks[0])), 401, "unauthorized")
    assert client.get(f"/v1/games/{game_id}").status_code == 404
    client.post(f"/v1/games/{game_id}/abort", headers=admin)
    final(client, game_id, spectator)
    stream = client.get(f"/v1/games/{game_id}/events", headers=spectator)   # ends with the final sheet
    assert stream.status_code == 200 and "event: final" in stream.get_data(as_text=True)
    assert_error(client.get(f"/v1/games/{game_id}/events"), 404, "not_found")


def test_a_game_has_at_most_max_spectator_tokens(client):
    game = create(client)
    admin = bearer(game["admin_token"])
    for _ in range(MAX_SPECTATOR_TOKENS - 1):
        assert client.post(f"/v1/games/{game['game_id']}/spectator-tokens", headers=admin).status_code == 201
    last = client.post(f"/v1/games/{game['game_id']}/spectator-tokens", headers=admin).json
    assert last["version"] == MAX_SPECTATOR_TOKENS
    assert_error(client.post(f"/v1/games/{game['game_id']}/spectator-tokens", headers=admin), 422,
                 "malformed_request")
    assert client.get(f"/v1/games/{game['game_id']}", headers=bearer(last["token"])).json["viewer"] is None


def test_a_reissued_seat_token_revokes_the_old_one_at_once(client):
    game = create(client)
    game_id, toks, admin = game["game_id"], tokens(game), bearer(game["admin_token"])
    assert_error(client.post(f"/v1/games/{game_id}/seats/0/token", headers=bearer(toks[0])), 401, "unauthorized")
    answer = client.post(f"/v1/games/{game_id}/seats/0/token", headers=admin)
    assert answer.status_code == 201 and answer.json["seat"] == 0 and answer.json["token"] != toks[0]
    assert_error(client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[0])), 401, "unauthorized")
    assert client.get(f"/v1/games/{game_id}", headers=bearer(answer.json["token"])).json["viewer"] == 0
    assert last_entry(client, game_id)["events"] == [{"type": "seat_token_reissued", "seat": 0,
                                                      "text": "Player 1 gets a new seat token"}]
    assert_error(client.post(f"/v1/games/{game_id}/seats/7/token", headers=admin), 404, "not_found")


# -- invites ------------------------------------------------------------------------------
def test_open_seats_wait_for_single_use_invites_then_the_game_starts(client, app):
    body = {"ruleset": TOY, "seed": 4, "seats": [{"kind": "human", "name": "Ada"}, {"kind": "open"},
                                                  {"kind": "open"}]}
    game = client.post("/v1/games", json=body).json
    game_id, ada = game["game_id"], bearer(tokens(game)[0])
    assert game["status"] == "waiting" and [s.get("invite") is not None for s in game["seats"]] == [False, True, True]
    invites = {s["seat"]: s["invite"] for s in game["seats"] if "invite" in s}
    raw = app.extensions["spielwerk"].store.redis.hget(f"game:{{{game_id}}}", "record")
    assert all(code.encode() not in raw for code in invites.values())       # stored as hashes only
    view = client.get(f"/v1/games/{game_id}").json
    assert view["status"] == "waiting" and view["to_move"] == [] and view["seats"][1]["kind"] == "open"
    assert "invite_hash" not in str(view)
    assert client.get(f"/v1/games/{game_id}/legal-moves", headers=ada).json["moves"] == []
    assert_error(client.post(f"/v1/games/{game_id}/moves", headers=ada, json={"move": {"type": "play", "card": 1}}),
                 409, "game_not_started")
    joined = client.post(f"/v1/games/{game_id}/join", json={"invite": invites[2], "name": "Cy"})
    assert joined.status_code == 200 and joined.json["seat"] == 2 and joined.json["version"] == 1
    assert_error(client.post(f"/v1/games/{game_id}/join", json={"invite": invites[2]}), 401, "unauthorized")
    assert client.get(f"/v1/games/{game_id}").json["status"] == "waiting"
    second = client.post(f"/v1/games/{game_id}/join", json={"invite": invites[1]}).json
    view = client.get(f"/v1/games/{game_id}", headers=bearer(second["token"])).json
    assert view["status"] == "active" and view["viewer"] == 1 and view["to_move"]
    assert view["seats"][2]["name"] == "Cy" and view["seats"][0]["name"] == "Ada"
    assert [e["events"] for e in client.get(f"/v1/games/{game_id}/history").json["entries"][1:]] == [
        [{"type": "seat_joined", "seat": 2, "name": "Cy", "text": "Cy joins as Player 3"}],
        [{"type": "seat_joined", "seat": 1, "name": view["seats"][1]["name"],
          "text": f"{view['seats'][1]['name']} joins as Player 2"}]]
    seat = view["to_move"][0]
    own = {0: ada, 1: bearer(second["token"]), 2: bearer(joined.json["token"])}[seat]
    move = client.get(f"/v1/games/{game_id}/legal-moves", headers=own).json["moves"][0]
    assert client.post(f"/v1/games/{game_id}/moves", headers=own, json={"move": move}).status_code == 200


def test_an_open_seat_next_to_an_ai_seat_starts_the_ai_once_joined(client):
    game = client.post("/v1/games", json={"ruleset": TOY, "seed": 2, "seats": [
        {"kind": "ai", "level": "random"}, {"kind": "open"}]}).json
    game_id = game["game_id"]
    assert client.get(f"/v1/games/{game_id}").json["version"] == 0
    client.post(f"/v1/games/{game_id}/join", json={"invite": game["seats"][1]["invite"]})
    wait_for(lambda: client.get(f"/v1/games/{game_id}").json["version"] >= 2, what="the AI's first move")


def test_an_aborted_waiting_game_takes_no_join(client):
    game = client.post("/v1/games", json={"ruleset": TOY, "seats": [{"kind": "human"}, {"kind": "open"}]}).json
    game_id = game["game_id"]
    assert client.post(f"/v1/games/{game_id}/abort", headers=bearer(tokens(game)[0])).json["status"] == "aborted"
    assert_error(client.post(f"/v1/games/{game_id}/join", json={"invite": game["seats"][1]["invite"]}),
                 409, "game_over")
    assert client.get(f"/v1/games/{game_id}").json["version"] == 1
