"""Moves shaped like each ruleset's move schemas (from the committed spec) but with hostile
values: out-of-range and negative coordinates, huge integers, unknown names, wrong
combinations, at many points of real games. The engine must refuse them as
``illegal_move`` (or accept them when they happen to be legal), never crash into a 5xx,
and the game must stay consistent.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Match, registry
from service.api.strict_json import MAX_INTEGER

from .players import flask_caller
from .procs import check_consistent

ROOT = Path(__file__).resolve().parents[2]
SPEC = json.loads((ROOT / "openapi" / "openapi.json").read_text())
RULESETS = sorted(registry.rulesets())
#: Hostile but within the range a body may hold (beyond it the strict reader answers 400:
#: tests/reliability/test_strict_input.py).
INTEGERS = st.integers(-3, 15) | st.sampled_from([-1, 2**31, -MAX_INTEGER, 10**18, MAX_INTEGER])


def harvested_strings(ruleset_id: str) -> list[str]:
    """Every string value in the legal moves of a few random playouts (card names, ...)."""
    ruleset, found = registry.get(ruleset_id), set()
    for seed in range(3):
        match, rng = Match.create(ruleset, ruleset.min_players, {}, seed), random.Random(seed)
        for _ in range(400):
            if match.status == "finished":
                break
            seat = match.to_move()[0]
            moves = match.legal_moves(seat)
            for move in moves:
                found.update(v for v in move.values() if isinstance(v, str))
                found.update(x for v in move.values() if isinstance(v, list) for x in v if isinstance(x, str))
            match.play(seat, rng.choice(moves))
    return sorted(found)


def strategy(schema: dict, strings: list[str]):
    if "$ref" in schema:
        return strategy(SPEC["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]], strings)
    if "oneOf" in schema:
        return st.one_of([strategy(s, strings) for s in schema["oneOf"]])
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "object":
        properties = {k: strategy(v, strings) for k, v in schema.get("properties", {}).items()}
        required = set(schema.get("required", []))
        return st.fixed_dictionaries({k: v for k, v in properties.items() if k in required},
                                     optional={k: v for k, v in properties.items() if k not in required})
    if kind == "array":
        return st.lists(strategy(schema.get("items", {}), strings), min_size=schema.get("minItems", 0),
                        max_size=schema.get("maxItems", 6))
    if kind == "integer":
        return INTEGERS
    if kind == "string":
        return (st.sampled_from(strings) if strings else st.nothing()) | st.text(max_size=8)
    if kind == "boolean":
        return st.booleans()
    return st.none() | st.integers(-MAX_INTEGER, MAX_INTEGER) | st.text(max_size=5)


def schema_name(ruleset_id: str) -> str:
    return "".join(part.capitalize() for part in ruleset_id.split("-")) + "Move"


@pytest.fixture(scope="module")
def positions(app):
    """Per ruleset, three games: fresh, a few moves in, many moves in (two human seats)."""
    call = flask_caller(app)
    games = {}
    for ruleset in RULESETS:
        games[ruleset] = []
        for depth in (0, 7, 40):
            status, created = call("POST", "/v1/games", {"ruleset": ruleset, "seed": depth,
                                                          "seats": [{"kind": "human"}] * 2})
            assert status == 201, created
            game_id = created["game_id"]
            tokens = {s["seat"]: s["token"] for s in created["seats"]}
            for step in range(depth):
                view = call("GET", f"/v1/games/{game_id}")[1]
                if view["status"] == "finished":
                    break
                seat = view["to_move"][0]
                moves = call("GET", f"/v1/games/{game_id}/legal-moves", token=tokens[seat])[1]["moves"]
                assert call("POST", f"/v1/games/{game_id}/moves", {"move": moves[step % len(moves)]},
                            tokens[seat])[0] == 200
            games[ruleset].append((game_id, tokens))
    return games


@pytest.mark.parametrize("ruleset", RULESETS)
def test_schema_shaped_hostile_moves_never_crash(app, positions, ruleset):
    name = schema_name(ruleset)
    assert name in SPEC["components"]["schemas"], f"{name} missing from the spec"
    moves = strategy(SPEC["components"]["schemas"][name], harvested_strings(ruleset))
    call = flask_caller(app)
    answers = {}

    @settings(max_examples=80, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(move=moves, which=st.integers(0, 2), pick=st.integers(0, 4))
    def post(move, which, pick):
        game_id, tokens = positions[ruleset][which]
        to_move = call("GET", f"/v1/games/{game_id}")[1]["to_move"] or [0]
        seat = to_move[0] if pick else 1 - to_move[0]      # the seat to move 4 times in 5
        status, body = call("POST", f"/v1/games/{game_id}/moves/validate", {"move": move}, tokens[seat])
        assert status == 200, (move, status, body)
        status, body = call("POST", f"/v1/games/{game_id}/moves", {"move": move}, tokens[seat])
        assert status in (200, 409, 422), (move, status, body)
        if status != 200:
            assert set(body) == {"code", "status", "message", "errors"}
            assert body["code"] in ("illegal_move", "not_your_turn", "game_over", "malformed_request"), body
        answers[status] = answers.get(status, 0) + 1

    post()
    assert answers.get(422, 0) > 0, answers
    store = app.extensions["spielwerk"].store
    for game_id, _ in positions[ruleset]:
        check_consistent(store, game_id)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_schema_shaped_hostile_options_never_crash(app, ruleset):
    """Options drawn from the ruleset's options schema with hostile integers and strings:
    a game is created (201) or refused (422 invalid_options / malformed_request)."""
    name = "".join(part.capitalize() for part in ruleset.split("-")) + "Options"
    assert name in SPEC["components"]["schemas"], f"{name} missing from the spec"
    options = strategy(SPEC["components"]["schemas"][name], harvested_strings(ruleset))
    call = flask_caller(app)
    answers = {}

    @settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(options=options, players=st.integers(2, 5))
    def create(options, players):
        players = min(players, registry.get(ruleset).max_players)
        status, body = call("POST", "/v1/games", {"ruleset": ruleset, "seats": [{"kind": "human"}] * players,
                                                  "options": options})
        assert status in (201, 422), (options, status, body)
        if status == 422:
            assert body["code"] in ("invalid_options", "malformed_request"), body
        else:          # a game created with such options must also be playable for a move
            game_id = body["game_id"]
            view = call("GET", f"/v1/games/{game_id}")[1]
            if view["to_move"]:
                token = body["seats"][view["to_move"][0]]["token"]
                listed = call("GET", f"/v1/games/{game_id}/legal-moves", token=token)
                assert listed[0] == 200, listed
                if listed[1]["moves"]:
                    moved = call("POST", f"/v1/games/{game_id}/moves", {"move": listed[1]["moves"][0]}, token)
                    assert moved[0] == 200, moved
        answers[status] = answers.get(status, 0) + 1

    create()
    assert answers.get(422, 0) > 0, answers
