"""Follow-up work for the worker: the task names, the Celery configuration both processes
use, and the dispatcher that enqueues by task name (``send_task``), never importing a task."""

from __future__ import annotations

from typing import Protocol

from celery import Celery
from celery.result import AsyncResult
from kombu import Exchange, Queue
from kombu.exceptions import OperationalError

from .config import PROBE_TIMEOUT_SECONDS, TASK_RESULT_SECONDS, Settings
from .errors import BrokerUnavailable
from .redis_client import is_cluster

TASK_AI_TURN = "spielwerk.ai_turn"
TASK_FINAL_SCORE = "spielwerk.final_score"
TASK_HINT = "spielwerk.hint"
TASK_WEBHOOK = "spielwerk.webhook"
TASK_CLOCK = "spielwerk.clock"
TASK_VALIDATE_RECORDS = "spielwerk.validate_records"

#: One queue per kind of work, so that no kind waits behind another: a flood of hints never
#: delays an AI seat's move, and a slow webhook receiver never delays anything but webhooks. A
#: worker consumes all of them unless told (``-Q``) which to take; ``make run`` and compose give
#: hints, webhooks and batches of records to check workers of their own.
QUEUE_AI, QUEUE_SCORES, QUEUE_HINTS, QUEUE_WEBHOOKS = "ai", "scores", "hints", "webhooks"
QUEUE_RECORDS = "records"
#: the clocks' timers: a deadline never waits behind AI searches (the AI worker takes it too)
QUEUE_CLOCKS = "clocks"
QUEUE_OF_TASK = {TASK_AI_TURN: QUEUE_AI, TASK_CLOCK: QUEUE_CLOCKS, TASK_FINAL_SCORE: QUEUE_SCORES,
                 TASK_HINT: QUEUE_HINTS, TASK_WEBHOOK: QUEUE_WEBHOOKS, TASK_VALIDATE_RECORDS: QUEUE_RECORDS}


def make_celery(settings: Settings, include: tuple[str, ...] = ()) -> Celery:
    """The Celery app for ``settings``; the worker names its task modules in ``include``."""
    backend = settings.redis_url
    if is_cluster(backend):  # Celery's "<backend class>+<url>" form
        backend = f"service.results:ClusterResults+{backend}"
    app = Celery("spielwerk", broker=settings.broker_url, backend=backend, include=list(include))
    app.conf.update(
        task_serializer="json",
        result_serializer="json",
        accept_content=["json"],
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_queues=[Queue(name, Exchange(name), routing_key=name)
                     for name in (QUEUE_AI, QUEUE_SCORES, QUEUE_HINTS, QUEUE_WEBHOOKS, QUEUE_RECORDS,
                                  QUEUE_CLOCKS)],
        task_default_queue=QUEUE_AI,
        task_routes={task: {"queue": queue} for task, queue in QUEUE_OF_TASK.items()},
        result_expires=TASK_RESULT_SECONDS,
        # every task ends: told to stop (SoftTimeLimitExceeded) at the soft limit, killed at the
        # hard one; both stay far below visibility_timeout (prefork pool only, the default)
        task_soft_time_limit=settings.soft_time_limit,
        task_time_limit=settings.hard_time_limit,
        # an unacknowledged task (its worker died) is redelivered once it is older than
        # visibility_timeout; sweep for such tasks at a fraction of that, not kombu's ~100 s
        broker_transport_options={"visibility_timeout": settings.visibility_timeout,
                                  "unacked_restore_interval": max(1, min(10, settings.visibility_timeout // 5)),
                                  "unacked_restore_throttle": 1},
        broker_connection_retry_on_startup=True,
        worker_hijack_root_logger=False,
    )
    return app


class Dispatcher(Protocol):
    """Where follow-up work goes (the Celery worker in production)."""

    def broker_ok(self) -> bool: ...
    def ai_turn(self, game_id: str, version: int) -> None: ...
    def final_score(self, game_id: str, version: int) -> None: ...
    def hint(self, task_id: str, game_id: str, seat: int, version: int, level: str | None) -> None: ...
    def webhook(self, game_id: str, delivery_id: str, attempt: int, countdown: float = 0) -> None: ...
    def clock(self, game_id: str, version: int, countdown: float) -> None: ...
    def validate_records(self, task_id: str, records: list) -> None: ...
    def task_result(self, task_id: str) -> tuple[str, object]: ...


class CeleryDispatcher:
    """Sends follow-up work to the worker by task name and reads task results. Only hints and
    record batches keep a result: the other tasks are sent with ``ignore_result`` (no result
    subscription on the send, no result written by the worker)."""

    def __init__(self, app: Celery):
        self.app = app

    def broker_ok(self) -> bool:
        """True when the broker answers a round trip within about PROBE_TIMEOUT_SECONDS. A fresh
        connection each time (a pooled one still looks connected after the broker died);
        connecting is the round trip: the Redis transport PINGs, AMQP shakes hands."""
        timeouts = {"socket_timeout": PROBE_TIMEOUT_SECONDS, "socket_connect_timeout": PROBE_TIMEOUT_SECONDS}
        try:
            with self.app.connection_for_write(connect_timeout=PROBE_TIMEOUT_SECONDS,
                                               transport_options=timeouts) as connection:
                connection.ensure_connection(max_retries=0)
            return True
        except Exception:  # any failure to connect means "down"
            return False

    def ai_turn(self, game_id: str, version: int) -> None:
        self.app.send_task(TASK_AI_TURN, (game_id, version), ignore_result=True)

    def final_score(self, game_id: str, version: int) -> None:
        self.app.send_task(TASK_FINAL_SCORE, (game_id, version), ignore_result=True)

    def hint(self, task_id: str, game_id: str, seat: int, version: int, level: str | None) -> None:
        """Queue the hint task ``task_id``; BrokerUnavailable when the broker cannot take it."""
        try:
            self.app.send_task(TASK_HINT, (game_id, seat, version, level), task_id=task_id)
        except OperationalError as exc:
            raise BrokerUnavailable() from exc

    def webhook(self, game_id: str, delivery_id: str, attempt: int, countdown: float = 0) -> None:
        """Queue attempt ``attempt`` at a webhook delivery, ``countdown`` seconds from now."""
        self.app.send_task(TASK_WEBHOOK, (game_id, delivery_id, attempt), countdown=countdown or None,
                           ignore_result=True)

    def validate_records(self, task_id: str, records: list) -> None:
        """Queue the batch check ``task_id`` of ``records``; BrokerUnavailable when the broker cannot take it."""
        try:
            self.app.send_task(TASK_VALIDATE_RECORDS, (records,), task_id=task_id)
        except OperationalError as exc:
            raise BrokerUnavailable() from exc

    def clock(self, game_id: str, version: int, countdown: float) -> None:
        """Queue the clock's look at ``game_id`` at ``version``, ``countdown`` seconds from now."""
        self.app.send_task(TASK_CLOCK, (game_id, version), countdown=countdown or None, ignore_result=True)

    def task_result(self, task_id: str) -> tuple[str, object]:
        """The task's state (PENDING, STARTED, SUCCESS, FAILURE) and its result once SUCCESS."""
        result = AsyncResult(task_id, app=self.app)
        state = result.state
        return state, result.result if state == "SUCCESS" else None
