"""Request and response schemas of the HTTP contract (marshmallow)."""

from marshmallow import EXCLUDE, RAISE, Schema, fields, post_load, validate

from engine.ai import LEVELS

from ..game_options import ClockIn, GameOptionsIn
from ..games import MAX_HISTORY_PAGE
from ..outcome import STATUSES
from .errors import CATALOGUE

MAX_SEED = 2**63 - 1


class Strict(Schema):
    class Meta:
        unknown = RAISE


class SeatIn(Strict):
    name = fields.String(validate=validate.Length(min=1, max=40))
    kind = fields.String(required=True, validate=validate.OneOf(["human", "ai", "open"]), metadata={
        "description": "`open`: a seat for an invited player (the answer holds its invite code; the game "
                       "waits until every open seat is joined)"})
    level = fields.String(validate=validate.OneOf(LEVELS),
                          metadata={"description": "AI strength (kind ai only)"})
    budget_ms = fields.Integer(strict=True, validate=validate.Range(min=1, max=10_000),
                                   metadata={"description": "AI thinking time per move (kind ai only)"})
    iterations = fields.Integer(strict=True, validate=validate.Range(min=1, max=50_000),
                                    metadata={"description": "AI search iterations per move (kind ai only)"})


class CreateGameIn(GameOptionsIn, Strict):
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

    @post_load
    def without_text(self, data, **kwargs):
        """A move as legal-moves lists it may keep its ``text``: words about the move, not part of it."""
        data["move"].pop("text", None)
        return data


class ValidateMoveIn(MoveIn):
    """The body of moves/validate: any move object, whose answer says whether it is legal (its
    shape included), so ``move`` is not narrowed to the rulesets' move types as in ``MoveIn``."""

    move = fields.Dict(keys=fields.String(), required=True, metadata={"description": (
        "any move object: the answer says whether it is legal now, its shape included (the rulesets' "
        "move types: `MoveIn`)")})


class HintIn(Strict):
    level = fields.String(validate=validate.OneOf(LEVELS))


#: Every status a game has.
GAME_STATUSES = STATUSES
#: The states GET /v1/tasks/{id} reports: Celery's (PENDING also for an id the backend no longer knows).
TASK_STATES = ["PENDING", "RECEIVED", "STARTED", "RETRY", "SUCCESS", "FAILURE", "REVOKED"]
#: Why a hint has no move: the game is gone, it (or the seat's turn) moved on, the search timed out.
HINT_ERRORS = ["not_found", "stale_version", "timeout"]


class PublicSeatOut(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["human", "ai", "open"]), metadata={
        "description": "`open`: not joined yet; a seat that forfeited is `ai` from then on"})
    level = fields.String(validate=validate.OneOf(LEVELS), metadata={"description": "AI strength (kind ai only)"})
    forfeited = fields.String(validate=validate.OneOf(["resigned", "timeout"]), metadata={
        "description": "the seat resigned or ran out of time: it ranks last (an AI plays it on in a game of "
                       "more than two seats)"})
    budget_ms = fields.Integer(metadata={"description": "AI thinking time per move, where the create set it"})
    iterations = fields.Integer(metadata={"description": "AI search iterations per move, where the create set it"})


class SeatOut(PublicSeatOut):
    token = fields.String(metadata={"description": "bearer token of a human seat, returned only here"})
    invite = fields.String(metadata={"description": "the single-use invite code of an open seat, returned only here: "
                                                   "`POST /v1/games/{game_id}/join` with it takes the seat"})


class Fairness(Schema):
    """Who chose the seed and the commitment to it; the seed once the game is finished."""

    seed_chosen_by_client = fields.Boolean(required=True, metadata={"description": (
        "the create request chose the seed (its chooser can predict every shuffle and roll); false: "
        "the server drew it at random")})
    seed_commitment = fields.String(required=True, metadata={"description": (
        "SHA-256 hex digest of the seed's decimal ASCII text (no sign, no leading zeros, no newline), "
        "from creation on")})
    seed = fields.Integer(metadata={"description": (
        "the seed, only once the game is finished: check it against seed_commitment and replay "
        "every shuffle and roll (docs/operations.md, Secrets)")})


class CreatedOut(Fairness):
    game_id = fields.String(required=True)
    ruleset = fields.String(required=True)
    version = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(GAME_STATUSES))
    seats = fields.List(fields.Nested(SeatOut), required=True)
    admin_token = fields.String(required=True, metadata={"description": (
        "bearer token of the party that manages the game (a backend), returned only here: it reads the game "
        "as a spectator and manages it (webhooks); it opens no seat")})
    state = fields.Raw(required=True, metadata={"description": "the game as a spectator sees it (the ruleset's view)"})


class ClockSeatOut(Schema):
    seat = fields.Integer(required=True)
    running = fields.Boolean(required=True, metadata={"description": "the seat is to move and its time runs"})
    deadline = fields.DateTime(required=True, allow_none=True, metadata={
        "description": "when the seat's time runs out (UTC); null while its clock stands"})
    remaining_ms = fields.Integer(required=True, metadata={
        "description": "the time left: until the deadline while running, else what the seat has for its next "
                       "decision (Fischer: its bank; per move: the full time)"})


class ClockOut(ClockIn):
    seats = fields.List(fields.Nested(ClockSeatOut), required=True)


class GameOut(Fairness):
    game_id = fields.String(required=True)
    ruleset = fields.String(required=True)
    rules_version = fields.String(required=True)
    version = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(GAME_STATUSES))
    to_move = fields.List(fields.Integer(), required=True, metadata={"description": "the seats to move (none once finished)"})
    viewer = fields.Integer(required=True, allow_none=True, metadata={"description": "the token's seat; null: a spectator"})
    seats = fields.List(fields.Nested(PublicSeatOut), required=True)
    game_options = fields.Nested(GameOptionsIn, required=True, metadata={
        "description": "the service options the game was created with (`spectators`, `undo`, `clock`)"})
    clock = fields.Nested(ClockOut, required=True, allow_none=True, metadata={
        "description": "the seats' clocks; null when the game has none"})
    state = fields.Raw(required=True, metadata={"description": "the ruleset's view for this seat"})


class LegalMovesOut(Schema):
    version = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    moves = fields.List(fields.Dict(), required=True, metadata={
        "description": "the seat's legal moves, each a move object of the ruleset (empty when it is not its turn)"})


class MoveOut(Schema):
    version = fields.Integer(required=True)
    events = fields.List(fields.Dict(), required=True, metadata={
        "description": "what the move caused, as this seat may see it: the ruleset's events"})
    state = fields.Raw(required=True, metadata={"description": "the ruleset's view for this seat after the move"})


class ValidateOut(Schema):
    legal = fields.Boolean(required=True)
    code = fields.String(required=True, allow_none=True, validate=validate.OneOf(list(CATALOGUE)),
                         metadata={"description": "why not (the error code `moves` would answer); null when legal"})
    message = fields.String(required=True, allow_none=True, metadata={"description": "null when legal"})


class ScoreLine(Schema):
    seat = fields.Integer(required=True)
    total = fields.Integer(required=True)
    breakdown = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                            metadata={"description": "the total's parts, named by the ruleset"})
    tiebreak = fields.Dict(keys=fields.String(), values=fields.Integer(),
                           metadata={"description": "tie-break figures, where the ruleset has them"})


class ScoreOut(Schema):
    status = fields.String(required=True, validate=validate.OneOf(["provisional", "final"]))
    scores = fields.List(fields.Nested(ScoreLine), required=True)
    winners = fields.List(fields.Integer(), required=True,
                          metadata={"description": "the seats with the best score (all leaders while provisional); "
                                                   "none once aborted; never a seat that forfeited"})
    forfeited = fields.List(fields.Integer(), metadata={
        "description": "the seats that resigned or forfeited on time: they rank last (absent when none did)"})
    aborted = fields.Boolean(metadata={"description": "true: the game was aborted, no one won (absent otherwise)"})


class PendingOut(Schema):
    status = fields.String(required=True, validate=validate.OneOf(["computing"]))
    message = fields.String(required=True)


class HistoryEntryOut(Schema):
    version = fields.Integer(required=True, metadata={"description": "the version this entry made (0: the opening)"})
    seat = fields.Integer(metadata={"description": "the seat that moved (absent in the opening entry)"})
    move = fields.Dict(metadata={"description": "the move, as this seat may see it (absent in the opening entry)"})
    events = fields.List(fields.Dict(), required=True, metadata={
        "description": "what happened, as this seat may see it: the ruleset's events"})


class HistoryQuery(Schema):
    class Meta:
        unknown = EXCLUDE   # a cache-busting parameter is no error

    since = fields.Integer(validate=validate.Range(min=0, max=MAX_SEED), metadata={
        "description": "only the entries of the versions after this one (omit: from the opening, version 0); "
                       "ask again with the last entry's version while `more` is true"})
    limit = fields.Integer(load_default=MAX_HISTORY_PAGE, validate=validate.Range(min=1, max=MAX_HISTORY_PAGE),
                           metadata={"description": f"the most entries to answer (at most {MAX_HISTORY_PAGE})"})


class HistoryOut(Schema):
    version = fields.Integer(required=True)
    entries = fields.List(fields.Nested(HistoryEntryOut), required=True)
    more = fields.Boolean(required=True, metadata={
        "description": "true when entries after the last one answered exist (the page reached `limit`)"})


class TaskIdOut(Schema):
    task_id = fields.String(required=True)


class HintMoveOut(Schema):
    move = fields.Dict(required=True, metadata={"description": "a move object of the ruleset"})
    text = fields.String(required=True, metadata={"description": "the move in words, in the `Accept-Language` of "
                                                                 "the task read (English or German)"})
    visits = fields.Integer(required=True, metadata={"description": "how often the search tried it"})
    win_probability = fields.Float(required=True, metadata={"description": (
        "the search's estimate of the seat's chance to win after it, 0 to 1 (its mean reward: the win share "
        "of the lines that reached the end, the score lead of those cut off before)")})
    score_change = fields.Float(required=True, metadata={"description": (
        "the mean change of the seat's lead (its total minus the best other seat's) from now to the end of "
        "the searched lines through it (the game's end or the search's look-ahead), in score points")})


class HintResultOut(Schema):
    version = fields.Integer(required=True, metadata={"description": "the version the hint is for (with "
                                                                     "error stale_version: the current one)"})
    seat = fields.Integer(required=True)
    move = fields.Dict(required=True, allow_none=True, metadata={
        "description": "the suggested move, a move object of the ruleset; null with `error`"})
    top = fields.List(fields.Nested(HintMoveOut), metadata={"description": (
        "with a move: the (at most three) moves the search tried most, most tried first (the first is `move`), "
        "computed from the seat's information only; empty at level `random`, which does not search")})
    error = fields.String(validate=validate.OneOf(HINT_ERRORS), metadata={
        "description": "why there is no move: the game is gone (not_found), it or the seat's turn moved on "
                       "(stale_version), the search reached its time limit (timeout)"})


class TaskOut(Schema):
    state = fields.String(required=True, validate=validate.OneOf(TASK_STATES))
    result = fields.Nested(HintResultOut, required=True, allow_none=True,
                           metadata={"description": "the hint once `state` is SUCCESS, else null"})


class HealthOut(Schema):
    status = fields.String(required=True, validate=validate.OneOf(["ok"]),
                           metadata={"description": "always `ok`: the process serves (no dependency is checked)"})


class ReadyOut(Schema):
    status = fields.String(required=True, validate=validate.OneOf(["ready"]))
    store = fields.String(required=True, validate=validate.OneOf(["ok"]),
                          metadata={"description": "the game store (Redis) answered a PING"})
    broker = fields.String(required=True, validate=validate.OneOf(["ok"]),
                           metadata={"description": "the Celery broker answered a round trip"})


class RulesetOut(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    rules_version = fields.String(required=True)


class RulesetDetailOut(RulesetOut):
    defaults = fields.Dict(keys=fields.String(), required=True,
                           metadata={"description": "the options a create without `options` plays with"})
    options = fields.Dict(keys=fields.String(), required=True,
                          metadata={"description": "JSON Schema of the options, with defaults and docs"})
    move_types = fields.Dict(keys=fields.String(), values=fields.Dict(), required=True,
                             metadata={"description": "JSON Schema of each move type's move object, by type"})
    docs = fields.String(required=True, metadata={"description": "the rules document's path in the repository"})


class ErrorOut(Schema):
    """Every error answer (the component ``Error``)."""

    code = fields.String(required=True, validate=validate.OneOf(list(CATALOGUE)),
                         metadata={"description": "stable machine code (the table under Errors)"})
    status = fields.Integer(required=True, metadata={"description": "the HTTP status, repeated"})
    message = fields.String(required=True, metadata={"description": "for people; may change"})
    errors = fields.Dict(keys=fields.String(), required=True, metadata={"description": (
        "details: for invalid_options every problem, {\"problems\": [{path, code, message}]}; "
        "for malformed_request the failing fields; for stale_version the current version")})
