"""Fuzzed bodies and headers never produce a 5xx, and every error follows the contract."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import TOY, bearer, create, tokens

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=20,
)
create_like = st.fixed_dictionaries(
    {}, optional={"ruleset": st.sampled_from([TOY, "great-plains", "x"]) | st.text(max_size=5),
                  "seats": st.lists(st.fixed_dictionaries({"kind": st.sampled_from(["human", "ai", "?"])},
                                                          optional={"level": st.text(max_size=8),
                                                                    "name": json_values}), max_size=4) | json_values,
                  "seed": st.integers() | json_values, "options": json_values, "extra": json_values})
header_text = st.text(st.characters(min_codepoint=32, max_codepoint=255, blacklist_categories=("Cc",)), max_size=30)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def check_answer(response):
    assert response.status_code < 500, response.data
    if response.status_code >= 400:
        body = response.json
        assert set(body) == {"code", "status", "message", "errors"} and body["status"] == response.status_code


@FUZZ
@given(body=create_like | json_values)
def test_create_never_fails_on_fuzzed_bodies(client, body):
    check_answer(client.post("/v1/games", json=body))


@FUZZ
@given(raw=st.binary(max_size=200), content_type=st.sampled_from(["application/json", "text/plain", ""]))
def test_raw_bytes_never_crash(client, raw, content_type):
    check_answer(client.post("/v1/games", data=raw, content_type=content_type))


@FUZZ
@given(move=json_values, expected=st.integers() | json_values, header=header_text)
def test_moves_never_fail_on_fuzzed_input(client, move, expected, header):
    created = create(client)
    game_id, token = created["game_id"], tokens(created)[0]
    for url in (f"/v1/games/{game_id}/moves", f"/v1/games/{game_id}/moves/validate"):
        check_answer(client.post(url, headers=bearer(token), json={"move": move, "expected_version": expected}))
        check_answer(client.post(url, headers={**bearer(token), "If-Match": header}, json={"move": move}))
        check_answer(client.post(url, headers={"Authorization": header}, json={"move": move}))
    assert client.get(f"/v1/games/{game_id}").json["version"] in (0, 1)


def test_every_error_body_is_json_with_a_code(client):
    for response in (client.get("/v1/nowhere"), client.delete("/v1/games"), client.put("/v1/health")):
        check_answer(response)
        assert json.loads(response.data)["code"] in ("not_found", "method_not_allowed")
    assert client.delete("/v1/games").headers["Allow"]
