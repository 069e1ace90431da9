"""Request and response schemas of the HTTP contract (marshmallow)."""

from marshmallow import RAISE, Schema, fields, validate

from engine.ai import LEVELS

from .errors import CATALOGUE

MAX_SEED = 2**63 - 1


class Strict(Schema):
    class Meta:
        unknown = RAISE


class SeatIn(Strict):
    name = fields.String(validate=validate.Length(min=1, max=40))
    kind = fields.String(required=True, validate=validate.OneOf(["human", "ai"]))
    level = fields.String(validate=validate.OneOf(LEVELS),
                          metadata={"description": "AI strength (kind ai only)"})
    budget_ms = fields.Integer(strict=True, validate=validate.Range(min=1, max=10_000),
                                   metadata={"description": "AI thinking time per move (kind ai only)"})
    iterations = fields.Integer(strict=True, validate=validate.Range(min=1, max=50_000),
                                    metadata={"description": "AI search iterations per move (kind ai only)"})


class CreateGameIn(Strict):
    ruleset = fields.String(required=True, validate=validate.Length(max=64))
    seats = fields.List(fields.Nested(SeatIn), required=True, validate=validate.Length(min=1, max=8))
    seed = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEED),
                         metadata={"description": (
                             "seed of the game's RNG; random when omitted. A server may refuse a chosen "
                             "seed (422 seed_refused, setting CLIENT_SEEDS); the view tells every "
                             "player that the seed was chosen (seed_chosen_by_client)")})
    options = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata={"description": "ruleset options (see GET /v1/rulesets/{ruleset})"})


class MoveIn(Strict):
    move = fields.Dict(keys=fields.String(), required=True,
                       metadata={"description": "a move object as listed by legal-moves"})
    expected_version = fields.Integer(strict=True, validate=validate.Range(min=0),
                                      metadata={"description": "reject unless the game is at this version"})


class HintIn(Strict):
    level = fields.String(validate=validate.OneOf(LEVELS))


class SeatOut(Schema):
    seat = fields.Integer()
    name = fields.String()
    kind = fields.String()
    level = fields.String()
    token = fields.String(metadata={"description": "bearer token of a human seat, returned only here"})


class Fairness(Schema):
    """Who chose the seed and the commitment to it; the seed once the game is finished."""

    seed_chosen_by_client = fields.Boolean(metadata={"description": (
        "the create request chose the seed (its chooser can predict every shuffle and roll); false: "
        "the server drew it at random")})
    seed_commitment = fields.String(metadata={"description": (
        "SHA-256 hex digest of the seed's decimal ASCII text (no sign, no leading zeros, no newline), "
        "from creation on")})
    seed = fields.Integer(metadata={"description": (
        "the seed, only once the game is finished: check it against seed_commitment and replay "
        "every shuffle and roll (docs/operations.md, Secrets)")})


class CreatedOut(Fairness):
    game_id = fields.String()
    ruleset = fields.String()
    version = fields.Integer()
    status = fields.String()
    seats = fields.List(fields.Nested(SeatOut))
    state = fields.Raw(metadata={"description": "the game as a spectator sees it"})


class GameOut(Fairness):
    game_id = fields.String()
    ruleset = fields.String()
    rules_version = fields.String()
    version = fields.Integer()
    status = fields.String(metadata={"description": "active or finished"})
    to_move = fields.List(fields.Integer())
    viewer = fields.Integer(allow_none=True)
    seats = fields.List(fields.Dict())
    state = fields.Raw(metadata={"description": "the ruleset's view for this seat"})


class LegalMovesOut(Schema):
    version = fields.Integer()
    seat = fields.Integer()
    moves = fields.List(fields.Dict())


class MoveOut(Schema):
    version = fields.Integer()
    events = fields.List(fields.Dict())
    state = fields.Raw()


class ValidateOut(Schema):
    legal = fields.Boolean()
    code = fields.String(allow_none=True)
    message = fields.String(allow_none=True)


class ScoreLine(Schema):
    seat = fields.Integer()
    total = fields.Raw()
    breakdown = fields.Dict()
    tiebreak = fields.Dict(metadata={"description": "tie-break figures, where the ruleset has them"})


class ScoreOut(Schema):
    status = fields.String(metadata={"description": "provisional or final"})
    scores = fields.List(fields.Nested(ScoreLine))
    winners = fields.List(fields.Integer())


class PendingOut(Schema):
    status = fields.String()
    message = fields.String()


class HistoryOut(Schema):
    version = fields.Integer()
    entries = fields.List(fields.Dict())


class TaskIdOut(Schema):
    task_id = fields.String()


class TaskOut(Schema):
    state = fields.String()
    result = fields.Raw(allow_none=True)


class HealthOut(Schema):
    status = fields.String(metadata={"description": "always `ok`: the process serves (no dependency is checked)"})


class ReadyOut(Schema):
    status = fields.String(metadata={"description": "`ready`"})
    store = fields.String(metadata={"description": "the game store (Redis) answered a PING: `ok`"})
    broker = fields.String(metadata={"description": "the Celery broker answered a round trip: `ok`"})


class RulesetOut(Schema):
    id = fields.String()
    name = fields.String()
    min_players = fields.Integer()
    max_players = fields.Integer()
    rules_version = fields.String()


class RulesetDetailOut(RulesetOut):
    defaults = fields.Dict()
    options = fields.Dict(metadata={"description": "JSON Schema of the options, with defaults and docs"})
    move_types = fields.Dict(metadata={"description": "JSON Schema of each move type's payload"})
    docs = fields.String()


class ErrorOut(Schema):
    code = fields.String(validate=validate.OneOf(list(CATALOGUE)),
                         metadata={"description": "stable machine code (the table under Errors)"})
    status = fields.Integer()
    message = fields.String()
    errors = fields.Dict(metadata={"description": (
        "details: for invalid_options every problem, {\"problems\": [{path, code, message}]}; "
        "for malformed_request the failing fields; for stale_version the current version")})
