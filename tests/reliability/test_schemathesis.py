"""Schemathesis against the committed spec, in-process, with every built-in check.

Two passes over every operation: as generated (mostly unknown games and tokens), and
with the path's game id and the bearer token of a real game's seat substituted, and the
ruleset of a created game replaced by a registered one, so that generated bodies reach
the engine. Never a 5xx, every answer as the spec describes it.
"""

import json
import math
from pathlib import Path

import pytest
import schemathesis
from schemathesis import GenerationMode, checks
from schemathesis.core import NOT_SET
from schemathesis.core.parameters import ParameterLocation
from hypothesis import HealthCheck, settings

from engine import registry
from service.api.app import create_app
from service.api.strict_json import MAX_INTEGER

ROOT = Path(__file__).resolve().parents[2]
schema = schemathesis.openapi.from_dict(json.loads((ROOT / "openapi" / "openapi.json").read_text()))
# the app under test, built at import (REDIS_URL is set by then); checks that re-send a
# request (ignored_auth, ...) need it on the schema, not only in call()
schema.app = create_app()
schema.app.extensions["spielwerk_streams"].max_seconds = 0.5   # GET .../events ends for the checks to read it
RULESETS = sorted(registry.rulesets())
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)


def positive(case) -> bool:
    """A case generated to be schema-valid (a negative one's ruleset may be the invalid part)."""
    return case.meta is not None and case.meta.generation.mode == GenerationMode.POSITIVE


def negative_headers(case) -> bool:
    """A case generated with invalid headers (a missing or malformed Authorization, ...)."""
    headers = case.meta.components.get(ParameterLocation.HEADER) if case.meta is not None else None
    return headers is not None and headers.mode == GenerationMode.NEGATIVE


def as_integers(value):
    """``value`` with every number an integer within ±MAX_INTEGER. JSON Schema's ``integer``
    admits ``3.0`` and free-form objects admit any number, but the API's bodies take
    integers only (its description says so; tests/reliability/test_strict_input.py proves
    the refusals), so a schema-valid case is sent in that encoding."""
    if isinstance(value, dict):
        return {key: as_integers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [as_integers(item) for item in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return max(-MAX_INTEGER, min(MAX_INTEGER, int(value))) if math.isfinite(value) else 0
    return value


def excluded(case) -> list:
    """positive_data_acceptance (see the tests); and for the event stream the schema check, which
    under OpenAPI 3.1 reads the string `schema` of `text/event-stream` as each event's schema
    (tests/streams/ check every message against the history instead)."""
    skipped = [checks.positive_data_acceptance]
    if case.body is NOT_SET and not case.operation.definition.raw.get("requestBody", {}).get("required", True):
        # an optional body (a hint's, an abort's): without one there is nothing invalid to reject,
        # whatever part schemathesis meant to break (it reports such a case as a "positive test case")
        skipped.append(checks.negative_data_rejection)
    return skipped + ([checks.response_schema_conformance] if case.path.endswith("/events") else [])


@schema.parametrize()
@SETTINGS
def test_every_operation_as_generated(case, celery_worker):
    if positive(case):
        case.body = as_integers(case.body)
    # the spec's examples name real rulesets, so a schema-valid body may reach the rules and break
    # one (a seat count, 422): positive_data_acceptance is off, as on real games below
    case.call_and_validate(excluded_checks=excluded(case))


@pytest.fixture(scope="module")
def live_games(celery_worker):
    """One game per registered ruleset, two human seats each: (game_id, token of seat 0)."""
    client = schema.app.test_client()
    games = []
    for ruleset in RULESETS:
        created = client.post("/v1/games", json={"ruleset": ruleset, "seed": 3,
                                                 "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert created.status_code == 201, created.json
        games.append((created.json["game_id"], created.json["seats"][0]["token"]))
    return games


@schema.parametrize()
@SETTINGS
def test_every_operation_on_real_games(case, celery_worker, live_games):
    headers = None
    parameters = case.path_parameters or {}
    if "game_id" in parameters:
        game_id, token = live_games[len(str(parameters["game_id"])) % len(live_games)]
        parameters["game_id"] = game_id
        if not negative_headers(case):        # a case whose invalid part is its Authorization keeps it
            headers = {"Authorization": f"Bearer {token}"}
    if (case.method, case.path) == ("POST", "/v1/games") and isinstance(case.body, dict) \
            and isinstance(case.body.get("ruleset"), str) and positive(case):
        case.body["ruleset"] = RULESETS[len(case.body["ruleset"]) % len(RULESETS)]
    if positive(case):
        case.body = as_integers(case.body)
    # a schema-valid body may still break a rule (422 illegal_move) or a ruleset's seat
    # count (422): the spec cannot express the rules, so positive_data_acceptance is off
    case.call_and_validate(headers=headers, excluded_checks=excluded(case))
