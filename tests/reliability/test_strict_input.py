"""Strict input (issue 14, class 6), through the HTTP API: every JSON body is read one way.

A duplicate key, a lone surrogate anywhere, a number with a fraction or exponent, an
integer beyond ±(2**63 - 1), NaN or Infinity is ``400 malformed_request`` with the reason,
on every endpoint that takes a body, and changes nothing; error answers echo at most
``MAX_ECHO_CHARS`` characters per string and ``MAX_ECHO_ITEMS`` entries per list or object.
"""

from __future__ import annotations

import json

import pytest

from service.api.errors import MAX_ECHO_CHARS, MAX_ECHO_ITEMS
from service.api.strict_json import MAX_INTEGER

from ..service.helpers import TOY, assert_error, bearer, create, tokens

SEATS = '[{"kind": "human", "name": "Ada"}, {"kind": "human"}]'
MOVE = '{"type": "play", "card": 1}'

#: (what, create body, move body, the reason's words)
REFUSED = [
    ("duplicate top-level key", f'{{"ruleset": "{TOY}", "ruleset": "{TOY}", "seats": {SEATS}}}',
     f'{{"move": {MOVE}, "move": {MOVE}}}', "appears twice"),
    ("duplicate nested key", f'{{"ruleset": "{TOY}", "seats": [{{"kind": "human", "kind": "ai"}}, {{"kind": "human"}}]}}',
     '{"move": {"type": "play", "card": 1, "card": 2}}', "appears twice"),
    ("lone high surrogate in a name", f'{{"ruleset": "{TOY}", "seats": [{{"kind": "human", "name": "\\ud800"}}, '
     '{"kind": "human"}]}', '{"move": {"type": "\\ud800"}}', "surrogate"),
    ("lone low surrogate deep in an array",
     f'{{"ruleset": "{TOY}", "seats": {SEATS}, "options": {{"a": [[{{"b": ["ok", "x\\udfff"]}}]]}}}}',
     '{"move": {"type": "play", "list": [["\\udc00"]]}}', "surrogate"),
    ("lone surrogate in a key", f'{{"ruleset": "{TOY}", "seats": {SEATS}, "options": {{"\\ud83d": 1}}}}',
     '{"move": {"\\ude00": 1, "type": "play"}}', "surrogate"),
    ("5000-digit integer", f'{{"ruleset": "{TOY}", "seats": {SEATS}, "seed": {"9" * 5000}}}',
     f'{{"move": {MOVE}, "expected_version": {"9" * 5000}}}', "beyond"),
    ("integer just beyond the range", f'{{"ruleset": "{TOY}", "seats": {SEATS}, "seed": {MAX_INTEGER + 1}}}',
     f'{{"move": {{"type": "play", "card": {-MAX_INTEGER - 1}}}}}', "beyond"),
    ("float meant as an integer", f'{{"ruleset": "{TOY}", "seats": {SEATS}, "seed": 3.0}}',
     f'{{"move": {MOVE}, "expected_version": 1e18}}', "integers only"),
    ("float inside a move", f'{{"ruleset": "{TOY}", "seats": [{{"kind": "ai", "budget_ms": 1E2}}, {{"kind": "human"}}]}}',
     '{"move": {"type": "play", "card": 1.0}}', "integers only"),
    ("NaN", f'{{"ruleset": "{TOY}", "seats": {SEATS}, "seed": NaN}}', f'{{"move": {MOVE}, "expected_version": NaN}}',
     "not a JSON number"),
    ("Infinity", f'{{"ruleset": "{TOY}", "seats": {SEATS}, "options": {{"x": -Infinity}}}}',
     '{"move": {"type": "play", "card": Infinity}}', "not a JSON number"),
]


@pytest.fixture()
def game(client):
    created = create(client)
    return created["game_id"], tokens(created)


def post(client, url, body: str, token=None):
    return client.post(url, data=body.encode(), content_type="application/json",
                       headers=bearer(token) if token else {})


def assert_refused(response, words):
    assert_error(response, 400, "malformed_request")
    assert words in response.json["message"], response.json


@pytest.mark.parametrize("what,create_body,move_body,words", REFUSED, ids=[case[0] for case in REFUSED])
def test_every_body_endpoint_refuses_what_strict_json_refuses(client, game, what, create_body, move_body, words):
    game_id, toks = game
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    games_before = len(client.application.extensions["spielwerk"].store.redis.keys("game:*"))
    assert_refused(post(client, "/v1/games", create_body), words)
    for path in ("moves", "moves/validate", "hint"):
        assert_refused(post(client, f"/v1/games/{game_id}/{path}", move_body, toks[seat]), words)
    assert client.get(f"/v1/games/{game_id}").json["version"] == 0
    assert len(client.application.extensions["spielwerk"].store.redis.keys("game:*")) == games_before


def test_what_strict_json_accepts(client):
    body = (f'{{"ruleset": "{TOY}", "seed": {MAX_INTEGER}, '
            '"seats": [{"kind": "human", "name": "\\ud83d\\ude00 Ada"}, {"kind": "human", "name": "Bo"}]}')
    created = post(client, "/v1/games", body)
    assert created.status_code == 201, created.json
    assert created.json["seats"][0]["name"] == "\U0001F600 Ada"
    game_id = created.json["game_id"]
    assert client.get(f"/v1/games/{game_id}/board.svg").status_code == 200
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    token = tokens(created.json)[seat]
    response = post(client, f"/v1/games/{game_id}/moves/validate",
                    f'{{"move": {{"type": "play", "card": {-MAX_INTEGER}}}, "expected_version": 0}}', token)
    assert response.status_code == 200 and response.json["legal"] is False, response.json


def test_the_surrogate_game_of_the_issue_cannot_be_made_and_pictures_stay_up(client):
    body = {"ruleset": "woodwalkers", "seats": [{"kind": "human", "name": "\ud800"}, {"kind": "human"}]}
    assert_refused(post(client, "/v1/games", json.dumps(body)), "surrogate")
    options = {"components": {"species": {"\udbff": {"name": "x\udc00"}}}}
    body = {"ruleset": "woodwalkers", "seats": [{"kind": "human"}, {"kind": "human"}], "options": options}
    assert_refused(post(client, "/v1/games", json.dumps(body)), "surrogate")


def answer_size(response) -> int:
    return len(response.get_data())


def test_error_answers_echo_little_of_the_input(client, game):
    game_id, toks = game
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    huge = "k" * 60_000
    cases = [
        ("/v1/games", {"ruleset": TOY, "seats": [{"kind": "human"}] * 2, huge: 1}, None),    # unknown field
        ("/v1/games", {"ruleset": TOY, "seats": [{"kind": "human", "name": huge}] * 2}, None),
        ("/v1/games", {"ruleset": huge[:64], "seats": [{"kind": huge}] * 2}, None),
        (f"/v1/games/{game_id}/moves", {"move": {"type": huge}}, toks[seat]),
        (f"/v1/games/{game_id}/moves", {"move": {"type": "play", "card": huge}}, toks[seat]),
        (f"/v1/games/{game_id}/hint", {"level": huge}, toks[seat]),
    ]
    duplicate = f'{{"{huge}": 1, "{huge}": 2}}'
    many_unknown = {"ruleset": TOY, "seats": [{"kind": "human"}] * 2, **{f"u{i}": 1 for i in range(3000)}}
    bodies = [(url, json.dumps(body), token) for url, body, token in cases]
    bodies += [("/v1/games", duplicate, None), ("/v1/games", json.dumps(many_unknown), None)]
    for url, body, token in bodies:
        response = post(client, url, body, token)
        assert 400 <= response.status_code < 500, response.json
        answer = response.json
        assert len(answer["message"]) <= MAX_ECHO_CHARS + 1
        assert answer_size(response) < 20 * MAX_ECHO_CHARS, (url, answer_size(response))
        assert len(answer["errors"]) <= MAX_ECHO_ITEMS
    answer = post(client, "/v1/games", json.dumps(many_unknown)).json
    assert len(answer["errors"]) == MAX_ECHO_ITEMS


def test_a_validation_answer_echoes_little_of_the_move(client, game):
    game_id, toks = game
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    response = post(client, f"/v1/games/{game_id}/moves/validate", json.dumps({"move": {"type": "k" * 60_000}}),
                    toks[seat])
    assert response.status_code == 200 and response.json["legal"] is False
    assert len(response.json["message"]) <= MAX_ECHO_CHARS + 1
