"""Secrets through the HTTP API: hint results only for the seat that asked, seat answers
never cached, and a seat's history hides what its view hides (Targi's kept card)."""

from __future__ import annotations

from engine import Rng

from ..service.helpers import assert_error, bearer, create, tokens, wait_for

PRIVATE = "private, no-store"


def test_a_hint_result_is_readable_only_with_the_token_of_the_seat_that_asked(client):
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    task_id = client.post(f"/v1/games/{game_id}/hint", headers=bearer(toks[seat]),
                          json={"level": "random"}).json["task_id"]
    url = f"/v1/tasks/{task_id}"
    done = wait_for(lambda: (r := client.get(url, headers=bearer(toks[seat]))).json["state"] == "SUCCESS" and r)
    assert done.headers["Cache-Control"] == PRIVATE
    stranger = tokens(create(client))[0]
    for headers in ({}, bearer(toks[1 - seat]), bearer(stranger), bearer("not-a-token")):
        answer = client.get(url, headers=headers)
        assert_error(answer, 404, "not_found")                      # as for an id never handed out
        assert answer.json == client.get("/v1/tasks/no-such-task", headers=headers).json


def test_seat_answers_are_private_and_spectator_answers_are_not(client):
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    mine = bearer(toks[seat])
    move = client.get(f"/v1/games/{game_id}/legal-moves", headers=mine).json["moves"][0]
    answers = [client.get(f"/v1/games/{game_id}", headers=mine),
               client.get(f"/v1/games/{game_id}/legal-moves", headers=mine),
               client.get(f"/v1/games/{game_id}/history", headers=mine),
               client.get(f"/v1/games/{game_id}/board.svg", headers=mine),
               client.post(f"/v1/games/{game_id}/moves/validate", headers=mine, json={"move": move}),
               client.post(f"/v1/games/{game_id}/hint", headers=mine, json={"level": "random"}),
               client.post(f"/v1/games/{game_id}/moves", headers=mine, json={"move": move})]
    for answer in answers:
        assert answer.status_code < 300, answer.request.path
        assert answer.headers.get("Cache-Control") == PRIVATE, answer.request.path
    for path in (f"/v1/games/{game_id}", f"/v1/games/{game_id}/history"):
        assert PRIVATE != client.get(path).headers.get("Cache-Control")


def test_targi_history_never_names_a_kept_card_the_opponent_cannot_see(client):
    """Default hand_visibility "hidden": the opponent's and a spectator's history show a
    ``keep`` without its card, the keeper's history with it."""
    created = create(client, ruleset="targi", seed=11)
    game_id, toks = created["game_id"], tokens(created)
    agent = Rng(3)
    for _ in range(400):
        view = client.get(f"/v1/games/{game_id}").json
        if not view["to_move"]:
            break
        seat = view["to_move"][0]
        moves = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[seat])).json["moves"]
        move = {"type": "keep"} if {"type": "keep"} in moves else agent.choice(moves)
        client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[seat]), json={"move": move})
    keeps = {viewer: [event for entry in client.get(f"/v1/games/{game_id}/history", headers=headers).json["entries"]
                      for event in entry["events"] if event["type"] == "keep"]
             for viewer, headers in ((0, bearer(toks[0])), (1, bearer(toks[1])), (None, {}))}
    assert keeps[0] and keeps[1], "the game kept no card"
    for viewer, events in keeps.items():
        for event in events:
            assert ("card" in event) is (event["seat"] == viewer), (viewer, event)
