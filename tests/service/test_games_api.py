"""The HTTP contract of architecture.md, black-box through the Flask app, real Redis and worker."""

import json

import pytest

from engine import Match, canonical, registry, replay

from .helpers import TOY, assert_error, bearer, create, tokens, wait_for


def legal(client, game_id, token):
    response = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(token))
    assert response.status_code == 200
    return response.json


def bare(moves: list[dict]) -> list[dict]:
    """Listed moves without the words legal-moves adds to each (``text``)."""
    return [{k: v for k, v in m.items() if k != "text"} for m in moves]


def play_first_legal(client, created):
    """The seat to move plays its first legal move; returns (seat, response)."""
    game_id, toks = created["game_id"], tokens(created)
    view = client.get(f"/v1/games/{game_id}").json
    seat = view["to_move"][0]
    moves = legal(client, game_id, toks[seat])["moves"]
    return seat, client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[seat]),
                             json={"move": moves[0], "expected_version": view["version"]})


# -- meta -------------------------------------------------------------------------
def test_health_is_liveness_and_ready_reports_the_store_and_the_broker(client):
    response = client.get("/v1/health")
    assert response.status_code == 200
    assert response.json == {"status": "ok"}
    response = client.get("/v1/ready")
    assert response.status_code == 200
    assert response.json == {"status": "ready", "store": "ok", "broker": "ok"}


def test_rulesets_list_every_registered_ruleset(client):
    listed = {r["id"]: r for r in client.get("/v1/rulesets").json}
    assert set(listed) == set(registry.rulesets())
    assert set(listed[TOY]) == {"id", "name", "min_players", "max_players", "rules_version"}


def test_ruleset_details_show_options_with_defaults_and_move_types(client):
    details = client.get(f"/v1/rulesets/{TOY}").json
    assert details["defaults"] == {"bonus_for_nine": 0}
    assert details["options"]["properties"]["bonus_for_nine"]["default"] == 0
    assert "description" in details["options"]["properties"]["bonus_for_nine"]
    assert "play" in details["move_types"]


def test_unknown_ruleset_is_not_found(client):
    assert_error(client.get("/v1/rulesets/chess"), 404, "not_found")
    assert_error(client.post("/v1/games", json={"ruleset": "chess", "seats": [{"kind": "human"}] * 2}),
                 404, "not_found")


# -- creation ---------------------------------------------------------------------
def test_create_returns_tokens_once_and_a_spectator_view(client):
    created = create(client)
    assert set(created) == {"game_id", "ruleset", "version", "status", "seats", "admin_token", "state",
                            "seed_chosen_by_client", "seed_commitment"}
    assert created["version"] == 0 and created["status"] == "active"
    assert all(len(s["token"]) >= 22 for s in created["seats"])
    assert all("hand" not in p for p in created["state"]["players"])
    view = client.get(f"/v1/games/{created['game_id']}").json
    assert "token" not in json.dumps(view) and "token_hash" not in json.dumps(view)


@pytest.mark.parametrize("body, status", [
    ({"ruleset": TOY, "seats": [{"kind": "human"}]}, 422),                      # too few seats
    ({"ruleset": TOY, "seats": [{"kind": "robot"}, {"kind": "human"}]}, 422),   # unknown kind
    ({"ruleset": TOY, "seats": [{"kind": "human"}] * 2, "colour": "red"}, 422),  # unknown field
    ({"ruleset": TOY, "seats": [{"kind": "human"}] * 2, "seed": -1}, 422),      # bad seed
    ({"ruleset": TOY, "seats": "two"}, 422),                                    # wrong type
    ({"seats": [{"kind": "human"}] * 2}, 422),                                  # missing ruleset
])
def test_create_rejects_malformed_bodies(client, body, status):
    assert_error(client.post("/v1/games", json=body), status, "malformed_request")


def test_create_rejects_invalid_options_with_paths(client):
    response = client.post("/v1/games", json={"ruleset": TOY, "seats": [{"kind": "human"}] * 2,
                                              "options": {"bonus_for_nine": 99, "nope": 1}})
    assert_error(response, 422, "invalid_options")
    problems = response.json["errors"]["problems"]
    assert {(p["path"], p["code"]) for p in problems} == {("/bonus_for_nine", "invalid_value"),
                                                          ("/nope", "unknown_option")}
    assert all(set(p) == {"path", "code", "message"} and p["message"] for p in problems)
    assert response.json["message"].startswith("options rejected: ") and "(and 1 more)" in response.json["message"]


def test_malformed_json_and_content_type_and_size(client):
    assert_error(client.post("/v1/games", data="{not json", content_type="application/json"),
                 400, "malformed_request")
    assert_error(client.post("/v1/games", data="ruleset=toy", content_type="text/plain"),
                 400, "malformed_request")                       # a body in another type: refused
    assert_error(client.post("/v1/games", content_type="text/plain"), 422, "malformed_request")  # no body
    huge = json.dumps({"ruleset": TOY, "seats": [{"kind": "human"}] * 2, "options": {"x": "a" * 200_000}})
    response = client.post("/v1/games", data=huge, content_type="application/json")
    assert_error(response, 413, "malformed_request")
    deep = "[" * 20_000 + "]" * 20_000
    assert_error(client.post("/v1/games", data=deep, content_type="application/json"), 400, "malformed_request")


# -- viewing ----------------------------------------------------------------------
def test_views_are_redacted_per_seat(client):
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    views = {seat: client.get(f"/v1/games/{game_id}", headers=bearer(tok)).json for seat, tok in toks.items()}
    spectator = client.get(f"/v1/games/{game_id}").json
    for seat, view in views.items():
        players = view["state"]["players"]
        assert "hand" in players[seat] and "hand" not in players[1 - seat]
        assert view["viewer"] == seat
    assert all("hand" not in p for p in spectator["state"]["players"])
    assert spectator["viewer"] is None


def test_unknown_game_and_bad_tokens(client):
    created = create(client)
    game_id = created["game_id"]
    assert_error(client.get("/v1/games/nope"), 404, "not_found")
    assert_error(client.get(f"/v1/games/{game_id}", headers=bearer("guessed")), 401, "unauthorized")
    assert_error(client.get(f"/v1/games/{game_id}", headers={"Authorization": "Basic eDp5"}), 401, "unauthorized")
    assert_error(client.get(f"/v1/games/{game_id}/legal-moves"), 401, "unauthorized")
    other = create(client)
    # a token of another game does not open this one
    assert_error(client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(tokens(other)[0])),
                 401, "unauthorized")


def test_etag_and_if_none_match(client):
    created = create(client)
    url = f"/v1/games/{created['game_id']}"
    response = client.get(url)
    assert response.headers["ETag"] == '"0"'
    assert client.get(url, headers={"If-None-Match": '"0"'}).status_code == 304
    play_first_legal(client, created)
    assert client.get(url, headers={"If-None-Match": '"0"'}).status_code == 200


def test_legal_moves_are_empty_when_not_your_turn(client):
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    to_move = client.get(f"/v1/games/{game_id}").json["to_move"]
    for seat, tok in toks.items():
        listed = legal(client, game_id, tok)
        assert listed["seat"] == seat and listed["version"] == 0
        assert bool(listed["moves"]) == (seat in to_move)


# -- moves ------------------------------------------------------------------------
def test_a_legal_move_advances_the_version(client):
    created = create(client)
    seat, response = play_first_legal(client, created)
    assert response.status_code == 200
    assert response.json["version"] == 1 and response.headers["ETag"] == '"1"'
    assert response.json["events"][0]["type"] == "played"
    assert "hand" in response.json["state"]["players"][seat]


def test_rejected_moves_change_nothing(client):
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    before = client.get(f"/v1/games/{game_id}", headers=bearer(toks[seat])).json
    url, own, other = f"/v1/games/{game_id}/moves", bearer(toks[seat]), bearer(toks[1 - seat])
    move = legal(client, game_id, toks[seat])["moves"][0]
    assert_error(client.post(url, headers=own, json={"move": {"type": "play", "card": 42}}), 422, "illegal_move")
    assert_error(client.post(url, headers=own, json={"move": {**move, "extra": 1}}), 422, "illegal_move")
    assert_error(client.post(url, headers=own, json={"move": {"card": 1}}), 422, "illegal_move")
    assert_error(client.post(url, headers=own, json={"move": "play"}), 422, "malformed_request")
    assert_error(client.post(url, headers=own, json={"move": move, "expected_version": 5}), 409, "stale_version")
    assert_error(client.post(url, headers={**own, "If-Match": '"3"'}, json={"move": move}), 412, "stale_version")
    assert_error(client.post(url, headers=other, json={"move": move}), 409, "not_your_turn")
    assert_error(client.post(url, json={"move": move}), 401, "unauthorized")
    after = client.get(f"/v1/games/{game_id}", headers=bearer(toks[seat])).json
    assert after == before
    assert client.get(f"/v1/games/{game_id}/history").json["version"] == 0


def test_illegal_move_message_hides_the_opponents_hand(client):
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    for card in range(1, 10):
        response = client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[seat]),
                               json={"move": {"type": "play", "card": card}})
        if response.status_code == 422:
            assert str(card) not in response.json["message"]


def test_validate_answers_without_changing_anything(client):
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    move = legal(client, game_id, toks[seat])["moves"][0]
    url = f"/v1/games/{game_id}/moves/validate"
    assert client.post(url, headers=bearer(toks[seat]), json={"move": move}).json == \
        {"legal": True, "code": None, "message": None}
    bad = client.post(url, headers=bearer(toks[seat]), json={"move": {"type": "play", "card": 77}}).json
    assert bad["legal"] is False and bad["code"] == "illegal_move"
    assert client.post(url, headers=bearer(toks[1 - seat]), json={"move": move}).json["code"] == "not_your_turn"
    assert client.post(url, headers=bearer(toks[seat]), json={"move": move, "expected_version": 9}).json["code"] \
        == "stale_version"
    assert client.get(f"/v1/games/{game_id}").json["version"] == 0


def finish(client, created):
    while client.get(f"/v1/games/{created['game_id']}").json["status"] == "active":
        _, response = play_first_legal(client, created)
        assert response.status_code == 200


def test_a_finished_game_refuses_moves_and_gets_a_final_score(client):
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    assert client.get(f"/v1/games/{game_id}/score").json["status"] == "provisional"
    finish(client, created)
    final = wait_for(lambda: (r := client.get(f"/v1/games/{game_id}/score")).status_code == 200 and r.json)
    assert final["status"] == "final" and final["winners"]
    response = client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[0]),
                           json={"move": {"type": "play", "card": 1}})
    assert_error(response, 409, "game_over")


def test_score_answers_202_until_the_final_sheet_exists(client, app):
    created = create(client)
    finish(client, created)
    game_id = created["game_id"]
    wait_for(lambda: client.get(f"/v1/games/{game_id}/score").status_code == 200)
    store = app.extensions["spielwerk"].store
    store.redis.hdel(f"game:{{{game_id}}}", "final")   # as before the worker's write
    response = client.get(f"/v1/games/{game_id}/score")
    assert response.status_code == 202 and response.json["status"] == "computing"


def test_the_log_replays_the_game_exactly(client, app):
    created = create(client, seed=123)
    finish(client, created)
    store = app.extensions["spielwerk"].store
    record, _ = store.load(created["game_id"])
    log = store.log(created["game_id"])
    assert [e["version"] for e in log] == list(range(1, record["version"] + 1))
    ruleset = registry.get(TOY)
    again = replay(ruleset, 2, record["match"]["options"], record["match"]["seed"],
                   [(e["seat"], e["move"]) for e in log])
    assert canonical(again.to_json()) == canonical(Match.from_json(record["match"], ruleset).to_json())


def test_history_is_redacted_per_seat(client):
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    finish(client, created)
    for seat, tok in toks.items():
        entries = client.get(f"/v1/games/{game_id}/history", headers=bearer(tok)).json["entries"]
        dealt = [e for e in entries[0]["events"] if e["type"] == "dealt"]
        assert all(("card" in e) == (e["seat"] == seat) for e in dealt)
    spectator = client.get(f"/v1/games/{game_id}/history").json["entries"]
    assert all("card" not in e for e in spectator[0]["events"] if e["type"] == "dealt")
    assert "steps" not in json.dumps(spectator)


def test_records_expire_after_the_configured_ttl(client, app):
    created = create(client)
    store = app.extensions["spielwerk"].store
    key = f"game:{{{created['game_id']}}}"
    assert 0 < store.redis.ttl(key) <= store.game_ttl
    finish(client, created)
    assert 0 < store.redis.ttl(key) <= store.finished_ttl
    assert 0 < store.redis.ttl(key + ":log") <= store.finished_ttl


# -- AI seats, hints, tasks ---------------------------------------------------------
def test_ai_seats_move_by_themselves_until_the_end(client):
    created = create(client, seats=[{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"},
                                    {"kind": "ai", "level": "random"}])
    game_id = created["game_id"]
    assert all("token" not in s for s in created["seats"])
    wait_for(lambda: client.get(f"/v1/games/{game_id}").json["status"] == "finished")
    final = wait_for(lambda: (r := client.get(f"/v1/games/{game_id}/score")).status_code == 200 and r.json)
    assert final["status"] == "final"


def test_an_ai_seat_answers_a_human_move(client):
    created = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}])
    game_id, tok = created["game_id"], tokens(created)[0]
    view = client.get(f"/v1/games/{game_id}").json
    if view["to_move"] == [0]:
        move = legal(client, game_id, tok)["moves"][0]
        assert client.post(f"/v1/games/{game_id}/moves", headers=bearer(tok), json={"move": move}).status_code == 200
    wait_for(lambda: client.get(f"/v1/games/{game_id}").json["to_move"] in ([0], []))


def test_hint_is_computed_by_the_worker(client):
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    response = client.post(f"/v1/games/{game_id}/hint", headers=bearer(toks[seat]), json={"level": "random"})
    assert response.status_code == 202
    task_url = f"/v1/tasks/{response.json['task_id']}"
    done = wait_for(lambda: (r := client.get(task_url, headers=bearer(toks[seat])).json)["state"] == "SUCCESS" and r)
    assert done["result"]["move"] in bare(legal(client, game_id, toks[seat])["moves"])
    assert done["result"]["top"] == []  # random does not search
    assert_error(client.post(f"/v1/games/{game_id}/hint", headers=bearer(toks[1 - seat])), 409, "not_your_turn")
    assert_error(client.get("/v1/tasks/not-a-task"), 404, "not_found")


def test_a_searched_hint_explains_its_best_moves(client):
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    task_id = client.post(f"/v1/games/{game_id}/hint", headers=bearer(toks[seat]), json={"level": "easy"}).json
    task_url = f"/v1/tasks/{task_id['task_id']}"
    done = wait_for(lambda: (r := client.get(task_url, headers=bearer(toks[seat])).json)["state"] == "SUCCESS" and r)
    result = done["result"]
    listed = legal(client, game_id, toks[seat])["moves"]
    texts = {canonical(move): described["text"] for move, described in zip(bare(listed), listed)}
    assert 1 <= len(result["top"]) <= 3 and result["top"][0]["move"] == result["move"]
    assert all(set(t) == {"move", "text", "visits", "win_probability", "score_change"}
               and texts[canonical(t["move"])] == t["text"] and 0 <= t["win_probability"] <= 1 for t in result["top"])
    german = client.get(task_url, headers={**bearer(toks[seat]), "Accept-Language": "de"})
    assert german.headers["Content-Language"] == "de"
    assert [t["move"] for t in german.json["result"]["top"]] == [t["move"] for t in result["top"]]
    assert [t["visits"] for t in result["top"]] == sorted((t["visits"] for t in result["top"]), reverse=True)
