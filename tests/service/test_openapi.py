"""The committed OpenAPI spec is what the app generates, and a contract clients can be generated
from: every operation named, described and secured, every status it answers listed with its
schema (errors from the catalogue), real answers valid against it, and the lint in make test."""

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema_rs
import pytest

from service.api.errors import CATALOGUE, catalogue_table

from .helpers import bearer, wait_for

ROOT = Path(__file__).resolve().parents[2]


def generated() -> dict:
    env = {k: v for k, v in os.environ.items()}
    out = subprocess.run([sys.executable, "-m", "service.api.openapi"], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_committed_spec_matches_the_app():
    committed = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    assert committed == generated(), "openapi/openapi.json is stale: run `make openapi`"


def test_spec_is_openapi_31_with_every_contract_path():
    spec = generated()
    assert spec["openapi"] == "3.1.0"
    for path in ("/v1/health", "/v1/ready", "/v1/rulesets", "/v1/rulesets/{ruleset_id}", "/v1/games", "/v1/games/{game_id}",
                 "/v1/games/{game_id}/legal-moves", "/v1/games/{game_id}/moves",
                 "/v1/games/{game_id}/moves/validate", "/v1/games/{game_id}/score",
                 "/v1/games/{game_id}/history", "/v1/games/{game_id}/hint", "/v1/tasks/{task_id}"):
        assert path in spec["paths"], path


def test_spec_describes_every_error_code_of_the_catalogue():
    spec = generated()
    assert catalogue_table() in spec["info"]["description"]
    error = spec["components"]["schemas"]["Error"]
    assert error["properties"]["code"]["enum"] == list(CATALOGUE)
    assert set(error["required"]) == {"code", "status", "message", "errors"}


def test_served_spec_is_the_generated_one(client):
    served = client.get("/openapi.json").json
    assert served["paths"].keys() == generated()["paths"].keys()


# -- operations ------------------------------------------------------------------
#: operationId -> (method, path, the error statuses it answers)
TOKEN_ROUTE = {401, 404, 429, 500, 503}
OPERATIONS = {
    "getHealth": ("get", "/v1/health", {500}),
    "getReady": ("get", "/v1/ready", {500, 503}),
    "listRulesets": ("get", "/v1/rulesets", {429, 500}),
    "getRuleset": ("get", "/v1/rulesets/{ruleset_id}", {404, 429, 500}),
    "createGame": ("post", "/v1/games", {400, 404, 408, 409, 413, 422, 429, 500, 503}),
    "getGame": ("get", "/v1/games/{game_id}", TOKEN_ROUTE),
    "getBoardSvg": ("get", "/v1/games/{game_id}/board.svg", TOKEN_ROUTE | {422}),
    "listLegalMoves": ("get", "/v1/games/{game_id}/legal-moves", TOKEN_ROUTE),
    "playMove": ("post", "/v1/games/{game_id}/moves", TOKEN_ROUTE | {400, 408, 409, 412, 413, 422}),
    "validateMove": ("post", "/v1/games/{game_id}/moves/validate", TOKEN_ROUTE | {400, 408, 413, 422}),
    "getScore": ("get", "/v1/games/{game_id}/score", TOKEN_ROUTE),
    "getHistory": ("get", "/v1/games/{game_id}/history", TOKEN_ROUTE | {422}),
    "requestHint": ("post", "/v1/games/{game_id}/hint", TOKEN_ROUTE | {400, 408, 409, 413, 422}),
    "getTask": ("get", "/v1/tasks/{task_id}", TOKEN_ROUTE),
    "getGameRecord": ("get", "/v1/games/{game_id}/record", TOKEN_ROUTE),
    "validateRecord": ("post", "/v1/records/validate", {400, 408, 413, 422, 429, 500}),
    "validateRecordBatch": ("post", "/v1/records/validate-batch", {400, 408, 413, 422, 429, 500, 503}),
    "getRecordBatch": ("get", "/v1/records/validate-batch/{task_id}", {404, 429, 500, 503}),
    "getTableChance": ("get", "/v1/games/{game_id}/chance", TOKEN_ROUTE),
    "dealTableChance": ("post", "/v1/games/{game_id}/chance", TOKEN_ROUTE | {400, 408, 409, 413, 422}),
    "setWebhook": ("put", "/v1/games/{game_id}/webhook", TOKEN_ROUTE | {400, 408, 413, 422}),
    "getWebhook": ("get", "/v1/games/{game_id}/webhook", TOKEN_ROUTE),
    "deleteWebhook": ("delete", "/v1/games/{game_id}/webhook", TOKEN_ROUTE),
    "listWebhookDeliveries": ("get", "/v1/games/{game_id}/webhook/deliveries", TOKEN_ROUTE),
    "streamEvents": ("get", "/v1/games/{game_id}/events", TOKEN_ROUTE | {400, 422}),
    "createStreamTicket": ("post", "/v1/games/{game_id}/stream-ticket", TOKEN_ROUTE | {408, 413}),
    "resignGame": ("post", "/v1/games/{game_id}/resign", TOKEN_ROUTE | {400, 408, 409, 413, 422}),
    "abortGame": ("post", "/v1/games/{game_id}/abort", TOKEN_ROUTE | {400, 408, 409, 413, 422}),
    "undoMove": ("post", "/v1/games/{game_id}/undo", TOKEN_ROUTE | {400, 408, 409, 413, 422}),
    "joinGame": ("post", "/v1/games/{game_id}/join", TOKEN_ROUTE | {400, 408, 409, 413, 422}),
    "reissueSeatToken": ("post", "/v1/games/{game_id}/seats/{seat}/token", TOKEN_ROUTE | {408, 409, 413, 422}),
    "createSpectatorToken": ("post", "/v1/games/{game_id}/spectator-tokens", TOKEN_ROUTE | {408, 409, 413, 422}),
}
#: operations that take the game's admin token only
ADMIN_OPERATIONS = {"setWebhook", "getWebhook", "deleteWebhook", "listWebhookDeliveries", "reissueSeatToken",
                    "createSpectatorToken"}
#: operations on a game that take no token (an invite code in the body)
PUBLIC_GAME_OPERATIONS = {"joinGame"}
#: codes each operation answers with a status, where it is not every code of that status
NARROWED = {
    ("createGame", 422): {"malformed_request", "invalid_options", "limit_exceeded", "seed_refused"},
    ("createGame", 429): {"rate_limited", "quota_exceeded"},
    ("createGame", 409): {"idempotency_conflict"},
    ("getHistory", 422): {"malformed_request"},
    ("playMove", 409): {"not_your_turn", "stale_version", "game_over"},
    ("playMove", 422): {"malformed_request", "illegal_move", "limit_exceeded"},
    ("requestHint", 409): {"not_your_turn"},
    ("requestHint", 503): {"store_unavailable", "broker_unavailable"},
    ("validateRecordBatch", 503): {"store_unavailable", "broker_unavailable"},
    ("dealTableChance", 409): {"stale_version", "game_over", "illegal_outcome", "game_not_started"},
    ("dealTableChance", 422): {"malformed_request", "limit_exceeded"},
    ("getReady", 503): {"not_ready"},
    ("setWebhook", 422): {"malformed_request", "webhook_refused"},
    ("streamEvents", 429): {"rate_limited", "too_many_streams"},
    ("resignGame", 409): {"stale_version", "game_over", "game_not_started"},
    ("abortGame", 409): {"stale_version", "game_over"},
    ("undoMove", 409): {"stale_version", "game_over", "game_not_started", "undo_not_allowed"},
    ("joinGame", 409): {"stale_version", "game_over"},
    ("reissueSeatToken", 409): {"stale_version"},
    ("createSpectatorToken", 409): {"stale_version"},
}
WRITES = {"createGame", "playMove", "resignGame", "abortGame", "undoMove", "joinGame", "reissueSeatToken",
          "createSpectatorToken", "dealTableChance"}


@pytest.fixture(scope="module")
def spec():
    return generated()


def operations(spec):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield method, path, operation


def resolve(spec, node):
    while "$ref" in node:
        kind, name = node["$ref"].split("/")[-2:]
        node = spec["components"][kind][name]
    return node


def codes_named(description: str) -> set[str]:
    return {code for code in CATALOGUE if f"`{code}`" in description}


def expected_codes(operation_id: str, status: int) -> set[str]:
    default = {code for code, entry in CATALOGUE.items() if status in entry.statuses}
    if status == 503:   # outcome_unknown only where a write is sent, not_ready and broker_unavailable where named
        default = {"store_unavailable"} | ({"outcome_unknown"} if operation_id in WRITES else set())
    if status in (422, 429):   # a schema violation, a rate limit; others where NARROWED names them
        default = {"malformed_request"} if status == 422 else {"rate_limited"}
    if status == 404 and operation_id == "createGame":
        default = {"not_found"}
    return NARROWED.get((operation_id, status), default)


def test_every_operation_is_named_described_and_secured(spec):
    seen = {}
    for method, path, operation in operations(spec):
        operation_id = operation.get("operationId")
        assert operation_id in OPERATIONS, (method, path, operation_id)
        assert OPERATIONS[operation_id][:2] == (method, path), operation_id
        assert operation_id not in seen, f"{operation_id} twice"
        seen[operation_id] = path
        assert operation.get("summary") and len(operation["summary"]) <= 60, operation_id
        assert operation.get("description"), operation_id
        assert "security" in operation, operation_id
    assert set(seen) == set(OPERATIONS)
    assert spec["servers"]


def test_security_is_what_the_route_reads(spec):
    for method, path, operation in operations(spec):
        security = operation["security"]
        if operation["operationId"] in ADMIN_OPERATIONS:
            assert security == [{"adminToken": []}], operation["operationId"]
        elif operation["operationId"] in PUBLIC_GAME_OPERATIONS:
            assert security == [], operation["operationId"]
        elif path.startswith("/v1/games/{game_id}") or path.startswith("/v1/tasks/"):
            assert {"seatToken": []} in security, operation["operationId"]
        else:
            assert security == [], operation["operationId"]


def test_every_status_is_listed_with_its_codes_and_headers(spec):
    for method, path, operation in operations(spec):
        operation_id = operation["operationId"]
        responses = operation["responses"]
        assert "default" not in responses, operation_id
        errors = {int(status) for status in responses if int(status) >= 400}
        assert errors == OPERATIONS[operation_id][2], (operation_id, sorted(errors))
        for status in errors:
            response = resolve(spec, responses[str(status)])
            schema = response["content"]["application/json"]["schema"]
            assert schema == {"$ref": "#/components/schemas/Error"}, (operation_id, status)
            assert codes_named(response["description"]) == expected_codes(operation_id, status), (operation_id, status)
            headers = response.get("headers", {})
            if status in (429, 503):
                assert "Retry-After" in headers, (operation_id, status)
            if status == 401:
                assert "WWW-Authenticate" in headers, operation_id
            if {"seatToken": []} in operation["security"]:
                assert "Cache-Control" in headers, (operation_id, status)


def test_success_answers_and_their_headers(spec):
    paths = spec["paths"]
    svg = paths["/v1/games/{game_id}/board.svg"]["get"]["responses"]["200"]
    assert list(svg["content"]) == ["image/svg+xml"]
    assert svg["content"]["image/svg+xml"]["schema"]["type"] == "string"
    for path, method, status in (("/v1/games/{game_id}", "get", "200"), ("/v1/games/{game_id}", "get", "304"),
                                 ("/v1/games/{game_id}/moves", "post", "200"),
                                 ("/v1/games/{game_id}/board.svg", "get", "200")):
        assert "ETag" in paths[path][method]["responses"][status]["headers"], (path, status)
    for method, path, operation in operations(spec):
        for status, response in operation["responses"].items():
            if int(status) < 400 and {"seatToken": []} in operation["security"]:
                assert "Cache-Control" in response.get("headers", {}), (operation["operationId"], status)


def test_request_examples_for_every_ruleset(spec):
    from engine import registry

    from .helpers import TOY
    for path in ("/v1/games", "/v1/games/{game_id}/moves", "/v1/games/{game_id}/moves/validate"):
        examples = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["examples"]
        assert set(examples) == set(registry.rulesets()) - {TOY}, path


def test_closed_sets_are_enums(spec):
    schemas = spec["components"]["schemas"]
    statuses = ["waiting", "active", "finished", "aborted"]
    assert schemas["GameOut"]["properties"]["status"]["enum"] == statuses
    assert schemas["CreatedOut"]["properties"]["status"]["enum"] == statuses
    assert schemas["PublicSeatOut"]["properties"]["kind"]["enum"] == ["human", "ai", "open"]
    assert "easy" in schemas["PublicSeatOut"]["properties"]["level"]["enum"]
    assert "SUCCESS" in schemas["TaskOut"]["properties"]["state"]["enum"]
    assert schemas["HintResultOut"]["properties"]["error"]["enum"] == ["not_found", "stale_version", "timeout"]
    assert schemas["ScoreOut"]["properties"]["status"]["enum"] == ["provisional", "final"]
    assert schemas["ScoreLine"]["properties"]["total"]["type"] == "integer"


# -- real answers against the schemas ------------------------------------------------
def validator(spec, schema: dict):
    return jsonschema_rs.Draft202012Validator({**schema, "components": spec["components"]})


def assert_valid(spec, operation_id: str, response):
    method, path, _ = OPERATIONS[operation_id]
    declared = spec["paths"][path][method]["responses"][str(response.status_code)]
    declared = resolve(spec, declared)
    schema = declared["content"]["application/json"]["schema"]
    errors = [str(e) for e in validator(spec, schema).iter_errors(response.json)]
    assert not errors, (operation_id, response.status_code, errors[:3])


def test_real_answers_validate_against_the_spec(client, spec):
    from engine import registry
    assert_valid(spec, "getHealth", client.get("/v1/health"))
    assert_valid(spec, "getReady", client.get("/v1/ready"))
    assert_valid(spec, "listRulesets", client.get("/v1/rulesets"))
    from .helpers import TOY
    for ruleset in sorted(set(registry.rulesets()) - {TOY}):   # the spec knows the shipped rulesets
        assert_valid(spec, "getRuleset", client.get(f"/v1/rulesets/{ruleset}"))
        created = client.post("/v1/games", json={"ruleset": ruleset, "seed": 5, "seats": [
            {"name": "Ada", "kind": "human"}, {"kind": "ai", "level": "random"}]})
        assert created.status_code == 201, created.json
        assert_valid(spec, "createGame", created)
        game_id, seat0 = created.json["game_id"], bearer(created.json["seats"][0]["token"])
        base = f"/v1/games/{game_id}"
        assert_valid(spec, "getGame", client.get(base))
        assert_valid(spec, "getGame", client.get(base, headers=seat0))
        moves = client.get(f"{base}/legal-moves", headers=seat0)
        assert_valid(spec, "listLegalMoves", moves)
        assert_valid(spec, "getScore", client.get(f"{base}/score"))
        if moves.json["moves"]:
            move = {"move": moves.json["moves"][0]}
            assert_valid(spec, "validateMove", client.post(f"{base}/moves/validate", json=move, headers=seat0))
            hint = client.post(f"{base}/hint", json={"level": "random"}, headers=seat0)
            assert_valid(spec, "requestHint", hint)
            task = wait_for(lambda: (answer := client.get(f"/v1/tasks/{hint.json['task_id']}", headers=seat0))
                            .json["state"] == "SUCCESS" and answer, what="hint")
            assert_valid(spec, "getTask", task)
            assert_valid(spec, "playMove", client.post(f"{base}/moves", json=move, headers=seat0))
            assert_valid(spec, "playMove", client.post(f"{base}/moves", json={**move, "expected_version": 0},
                                                       headers=seat0))   # 409 stale_version
        assert_valid(spec, "getHistory", client.get(f"{base}/history", headers=seat0))
        assert_valid(spec, "getGame", client.get(f"{base}", headers={"Authorization": "Bearer wrong"}))  # 401
    assert_valid(spec, "getGame", client.get("/v1/games/nope"))                                      # 404
    assert_valid(spec, "createGame", client.post("/v1/games", json={"ruleset": "nope", "seats": []}))  # 422


# -- the lint ----------------------------------------------------------------------
def test_make_test_lints_the_spec_with_a_pinned_redocly():
    makefile = (ROOT / "Makefile").read_text()
    test_rule = next(line for line in makefile.splitlines() if line.startswith("test:"))
    assert "lint-openapi" in test_rule.split()
    lint_rule = makefile[makefile.index("\nlint-openapi:"):].split("\n\n")[0]
    assert "redocly" in makefile and " lint " in lint_rule and "openapi/openapi.json" in lint_rule
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["@redocly/cli"]
    assert pinned[0].isdigit(), "pin @redocly/cli exactly"
    locked = json.loads((ROOT / "package-lock.json").read_text())["packages"]["node_modules/@redocly/cli"]
    assert locked["version"] == pinned
