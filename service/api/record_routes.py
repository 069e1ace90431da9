"""Routes of game records (docs/records.md): a game's record, and records checked one at a time
(here) or in batches (on the worker)."""

from __future__ import annotations

from functools import cache

from flask import current_app
from flask.views import MethodView

from engine.records import build, validate

from ..records import Records
from . import examples
from .blueprint import Blueprint
from .contract import PUBLIC, SEAT_OR_SPECTATOR, answers, headers
from .game_routes import load_as_viewer, private_when_seat
from .record_schemas import BatchIn, BatchTaskOut, RecordIn, RecordOut, VerdictOut
from .schemas import TaskIdOut

blp = Blueprint("records", __name__, url_prefix="/v1", description="Game records: export and validation")
blp.after_request(private_when_seat)


def records() -> Records:
    return current_app.extensions["spielwerk_records"]


# -- examples: a Great Plains game of the examples' seed, cut after its first move -----------------
@cache
def record_example() -> dict:
    match = examples.fresh("great-plains")
    return build(match, [match.play(*examples.first_move(match))])


def verdict_examples() -> dict:
    record = record_example()
    wrong = {**record, "steps": record["steps"][:-1] + [record["steps"][0]]}
    return {"valid": {"summary": "a valid record, cut short: the game goes on", "value": validate(record)},
            "invalid": {"summary": "a step the rules refuse", "value": validate(wrong)}}


@blp.route("/games/<game_id>/record")
class GameRecord(MethodView):
    @blp.response(200, RecordOut, description="the game's record: complete once the game has ended, else as the "
                                              "token's seat (or a spectator) may know it",
                  headers=headers(private=True), example=record_example())
    @answers(blp, 401, 404, 429, 500, 503, private=True, s503=["store_unavailable"])
    @blp.doc(operationId="getGameRecord", security=SEAT_OR_SPECTATOR)
    def get(self, game_id):
        """Get the game's record

        The game as a record (docs/records.md): every step, forced moves and chance outcomes
        included, so it needs no seed. Once the game has ended it is complete for everyone,
        with `result`; while it runs it is what the token's seat (or a spectator) may know:
        other seats' moves as the history shows them and `{"chance": null}` for each chance
        outcome the viewer has not seen (`viewer` names the seat)."""
        game, seat = load_as_viewer(game_id)
        return records().of_game(game, seat)


@blp.route("/records/validate")
class ValidateRecord(MethodView):
    @blp.arguments(RecordIn, example=record_example())
    @blp.response(200, VerdictOut, description="the verdict", examples=verdict_examples())
    @answers(blp, 400, 408, 413, 422, 429, 500)
    @blp.doc(operationId="validateRecord", security=PUBLIC)
    def post(self, body):
        """Validate a game record

        Checks a whole record by the rules, step by step, without storing anything: the
        verdict says whether it is valid, how many steps were checked, the first error (its
        step's index, a code, a message naming the rule and a sample of what was legal there),
        the game's status after the steps and, for a complete valid record, its result. The
        same verdict as `python -m engine.records validate FILE.json`. A record is bounded like
        a game (1 MiB of JSON, 10,000 automatic steps in a row) and by `MAX_BODY_BYTES`."""
        return validate(body)


@blp.route("/records/validate-batch")
class ValidateBatch(MethodView):
    @blp.arguments(BatchIn, example={"records": [record_example()]})
    @blp.response(202, TaskIdOut, description="the batch's task id: read it with "
                                              "`GET /v1/records/validate-batch/{task_id}`",
                  example={"task_id": examples.TASK_ID})
    @answers(blp, 400, 408, 413, 422, 429, 500, 503, s503=["store_unavailable", "broker_unavailable"])
    @blp.doc(operationId="validateRecordBatch", security=PUBLIC)
    def post(self, body):
        """Validate records in a batch

        Queues the check of up to 100 records (`MAX_BATCH_RECORDS`; the body is bounded by
        `MAX_BODY_BYTES` too) on the worker and answers the task's id; its result lists one
        verdict per record, in order, each as `POST /v1/records/validate` answers it."""
        return {"task_id": records().start_batch(body["records"])}


@blp.route("/records/validate-batch/<task_id>")
class BatchTask(MethodView):
    @blp.response(200, BatchTaskOut, description="the batch's state, and its verdicts once SUCCESS",
                  example={"state": "SUCCESS", "result": {"verdicts": [validate(record_example())]}})
    @answers(blp, 404, 429, 500, 503, s503=["store_unavailable"])
    @blp.doc(operationId="getRecordBatch", security=PUBLIC)
    def get(self, task_id):
        """Get a batch's verdicts

        The batch's state and, once `SUCCESS`, one verdict per record. Its id is the only key:
        whoever has it may read the verdicts (an unknown id answers 404 `not_found`). Results
        are kept for a limited time (then 404)."""
        return records().batch(task_id)
