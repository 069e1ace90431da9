"""Request and response schemas of game records (docs/records.md): the record, the verdict, batches."""

from marshmallow import Schema, fields, validate

from engine.records import FORMAT, MAX_LEGAL_SAMPLE

from ..records import MAX_BATCH_RECORDS
from .schemas import TASK_STATES, Strict

STEP = ('a step: `{"seat": s, "move": {...}}` (a decision, forced moves included) or `{"chance": outcome}` '
        '(a chance step\'s outcome; `null` in a redacted record where the viewer has not seen it)')


class RecordIn(Strict):
    """A game record, format 1 (docs/records.md). Its steps are free-form here: a malformed step is
    an error of the verdict, at its index."""

    format = fields.Integer(strict=True, required=True, metadata={"description": f"the record format: {FORMAT}"})
    ruleset = fields.String(required=True, metadata={"description": "a ruleset id"})
    rules_version = fields.String(required=True, metadata={"description": "the ruleset's rules version"})
    players = fields.Integer(strict=True, required=True)
    options = fields.Dict(keys=fields.String(), required=True, metadata={
        "description": "the options resolved: every option, defaults filled in"})
    steps = fields.List(fields.Raw(metadata={"description": STEP}), required=True,
                        metadata={"description": "every step in order, from the opening on"})
    result = fields.Dict(allow_none=True, metadata={
        "description": "the final score sheet `{scores, winners}` of a finished game"})
    viewer = fields.Integer(strict=True, allow_none=True, metadata={
        "description": "a redacted record's seat (null: a spectator's)"})


class RecordOut(RecordIn):
    """A game's record as ``GET /v1/games/{game_id}/record`` answers it."""

    steps = fields.List(fields.Dict(metadata={"description": STEP}), required=True)


class BatchIn(Strict):
    records = fields.List(fields.Nested(RecordIn), required=True,
                          validate=validate.Length(min=1, max=MAX_BATCH_RECORDS),
                          metadata={"description": f"1 to {MAX_BATCH_RECORDS} records"})


class RecordErrorOut(Schema):
    index = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the step's index; null for a problem of the record's header"})
    code = fields.String(required=True, metadata={"description": "why (docs/records.md lists the codes)"})
    message = fields.String(required=True)
    legal = fields.List(fields.Raw(), required=True, metadata={
        "description": f"at most {MAX_LEGAL_SAMPLE} of the moves or outcomes legal at that step"})


class VerdictOut(Schema):
    valid = fields.Boolean(required=True, metadata={"description": "every step is legal (a record cut short "
                                                                   "is valid: its status is `active`)"})
    steps_checked = fields.Integer(required=True, metadata={"description": "steps found legal before the error"})
    first_error = fields.Nested(RecordErrorOut, required=True, allow_none=True)
    status = fields.String(required=True, allow_none=True, validate=validate.OneOf(["active", "finished"]),
                           metadata={"description": "the game's status after the steps; null when invalid"})
    result = fields.Dict(required=True, allow_none=True, metadata={
        "description": "the final score sheet when the record is complete and valid, else null"})


class BatchResultOut(Schema):
    verdicts = fields.List(fields.Nested(VerdictOut), required=True,
                           metadata={"description": "one verdict per record, in order"})


class BatchTaskOut(Schema):
    state = fields.String(required=True, validate=validate.OneOf(TASK_STATES))
    result = fields.Nested(BatchResultOut, required=True, allow_none=True,
                           metadata={"description": "the verdicts once `state` is SUCCESS, else null"})
