"""Routes of liveness, readiness and ruleset metadata (the rulesets' types in the spec: ruleset_schemas)."""

from __future__ import annotations

from functools import cache

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask.views import MethodView

from engine import registry
from engine.i18n import N_, Text

from . import examples
from .blueprint import Blueprint
from .contract import PUBLIC, answers
from .errors import ApiError
from .game_routes import games
from .schemas import HealthOut, ReadyOut, RulesetDetailOut, RulesetOut

blp = Blueprint("meta", __name__, url_prefix="/v1", description="Liveness, readiness and rulesets")


def move_json_schema(move_type: str, payload: dict) -> dict:
    """A whole move object: its ``type`` constant plus the payload's fields."""
    return {
        "title": move_type,
        "type": "object",
        "properties": {"type": {"const": move_type}, **payload.get("properties", {})},
        "required": ["type", *payload.get("required", [])],
        "additionalProperties": False,
    }


@cache
def _to_json_schema():
    """Marshmallow -> JSON Schema, as the OpenAPI spec renders it (nested refs included)."""
    plugin = MarshmallowPlugin()
    APISpec("spielwerk", "1", "3.1.0", plugins=[plugin])
    return plugin.converter.schema2jsonschema


@cache
def ruleset_details(ruleset_id: str) -> dict:
    ruleset = registry.get(ruleset_id)
    to_json_schema = _to_json_schema()
    return {
        **ruleset.describe(),
        "defaults": ruleset.make_options({}),
        "options": to_json_schema(ruleset.options_schema),
        "move_types": {t: move_json_schema(t, to_json_schema(s)) for t, s in ruleset.move_schemas.items()},
        "docs": f"docs/rules/{ruleset.id}.md",
    }


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, HealthOut, description="the process serves", example={"status": "ok"})
    @answers(blp, 500)
    @blp.doc(operationId="getHealth", security=PUBLIC)
    def get(self):
        """Liveness

        200 while the process serves. Checks no dependency (that is `GET /v1/ready`); not
        rate limited."""
        return {"status": "ok"}


@blp.route("/ready")
class Ready(MethodView):
    @blp.response(200, ReadyOut, description="the game store and the broker answer",
                  example={"status": "ready", "store": "ok", "broker": "ok"})
    @answers(blp, 500, 503, s503=["not_ready"])
    @blp.doc(operationId="getReady", security=PUBLIC)
    def get(self):
        """Readiness

        200 when the game store and the broker both answer (each within 1 s); else 503
        `not_ready`, `errors.store` and `errors.broker` saying which is `down`. Not rate limited."""
        checks = games().readiness()
        down = [part for part, state in checks.items() if state != "ok"]
        if down:
            parts = Text(N_("{first} and {last}"), first=down[0], last=down[1]) if len(down) > 1 else down[0]
            raise ApiError("not_ready", N_("not ready: {parts} down"), checks, parts=parts)
        return {"status": "ready", **checks}


@blp.route("/rulesets")
class Rulesets(MethodView):
    @blp.response(200, RulesetOut(many=True), description="every ruleset", example=examples.rulesets())
    @answers(blp, 429, 500, s429=["rate_limited"])
    @blp.doc(operationId="listRulesets", security=PUBLIC)
    def get(self):
        """List the rulesets

        Every ruleset this server plays: its id (for `POST /v1/games`), name, seat counts and
        rules version."""
        return [r.describe() for r in registry.rulesets().values()]


@blp.route("/rulesets/<ruleset_id>")
class RulesetDetail(MethodView):
    @blp.response(200, RulesetDetailOut, description="the ruleset, its options and its move types",
                  example=ruleset_details(examples.ruleset_ids()[0]))
    @answers(blp, 404, 429, 500, s404=["not_found"], s429=["rate_limited"])
    @blp.doc(operationId="getRuleset", security=PUBLIC)
    def get(self, ruleset_id):
        """Get a ruleset

        A ruleset's options as JSON Schema (with defaults and docs), the defaults themselves
        and the JSON Schema of each move type."""
        return ruleset_details(ruleset_id)
