"""Game records for the API: a game's record as a viewer may know it, and batches of records
checked on the worker (``engine.records`` does the checking, here as offline)."""

from __future__ import annotations

import uuid

from engine.records import build, redact
from engine.i18n import N_

from .config import TASK_RESULT_SECONDS
from .dispatch import Dispatcher
from .errors import BrokerUnavailable, NotFound
from .games import Game
from .outcome import ENDED
from .store import GameStore

#: the most records one ``POST /v1/records/validate-batch`` takes (its body is also bounded by
#: MAX_BODY_BYTES; docs/operations.md, "Limits")
MAX_BATCH_RECORDS = 100


def batch_key(task_id: str) -> str:
    return f"records_task:{{{task_id}}}"


class Records:
    """Records of stored games, and batch checks by task id."""

    def __init__(self, store: GameStore, dispatcher: Dispatcher):
        self.store = store
        self.dispatcher = dispatcher

    def of_game(self, game: Game, seat: int | None) -> dict:
        """The complete record once the game has ended (finished or aborted: its seed is public
        then too); before, what ``seat`` (None: a spectator) may know of it (``engine.records.redact``).
        ``result`` is there when the rules ended the game."""
        record = build(game.match, self.store.log(game.game_id))
        return record if game.status in ENDED else redact(record, seat)

    def start_batch(self, records: list) -> str:
        """Queue the check of ``records`` on the worker; the task id (its result lists a verdict each)."""
        task_id = str(uuid.uuid4())
        self.store.redis.set(batch_key(task_id), 1, ex=TASK_RESULT_SECONDS)
        try:
            self.dispatcher.validate_records(task_id, records)
        except BrokerUnavailable:
            self.store.redis.delete(batch_key(task_id))
            raise
        return task_id

    def batch(self, task_id: str) -> dict:
        """A batch's state and, once SUCCESS, ``{"verdicts": [...]}``; NotFound for an id this
        service did not answer (or one older than TASK_RESULT_SECONDS)."""
        if not self.store.redis.exists(batch_key(task_id)):
            raise NotFound(N_("task"))
        state, result = self.dispatcher.task_result(task_id)
        return {"state": state, "result": result}
