"""Celery tasks, registered under the core's task names. Each is idempotent: it acts only
on the version it was sent for.

Tasks are acknowledged late, so a worker killed mid-task gets its task redelivered;
the version check makes the redelivered task a no-op if the move was already stored.
Lost Redis connections are retried with back-off. Every task has the soft and hard time
limits of the settings (see ``make_celery``); an AI turn that fails, times out or loses
its worker AI_MAX_ATTEMPTS times for one version is played as a fallback move instead.
"""

import logging
from functools import cache

from celery.exceptions import SoftTimeLimitExceeded

from service.config import Settings
from engine.records import validate
from service.dispatch import (TASK_AI_TURN, TASK_FINAL_SCORE, TASK_HINT, TASK_VALIDATE_RECORDS, TASK_WEBHOOK,
                              CeleryDispatcher)
from service.errors import NotFound, StaleVersion
from service.games import DEFAULT_LEVEL, Games
from service.store import UNREACHABLE

from .app import celery

log = logging.getLogger("spielwerk")
RETRY = {"autoretry_for": UNREACHABLE, "retry_backoff": True, "retry_backoff_max": 10, "max_retries": 8}
#: Why an AI turn's attempts failed: ``lost`` when none reported back (its worker died or
#: was killed at the hard time limit), else what the last one reported.
TIMEOUT, ERROR, LOST = "timeout", "error", "lost"


@cache
def settings() -> Settings:
    return Settings.from_env()


@cache
def games() -> Games:
    return Games.from_settings(settings(), CeleryDispatcher(celery))


def fallback_reason(game_id: str, version: int) -> str | None:
    """Count this attempt at the AI turn (in the store, so that redelivery and retries end);
    once the earlier ones used up AI_MAX_ATTEMPTS, the reason to play a fallback move."""
    attempts, reason = games().store.start_ai_attempt(game_id, version)
    return None if attempts <= settings().ai_max_attempts else (reason or LOST)


@celery.task(name=TASK_AI_TURN, bind=True, acks_on_timeout=False, **RETRY)
def ai_turn(self, game_id: str, version: int) -> int | None:
    """Move the AI seat to move at ``version``; returns the new version, or None if stale.
    A failed or timed-out attempt is retried at once; a hard time-out is redelivered
    (``acks_on_timeout=False``); ``fallback_reason`` ends both."""
    fallback = fallback_reason(game_id, version)
    try:
        entry = games().ai_turn(game_id, version, fallback)
    except UNREACHABLE:
        raise
    except Exception as exc:
        reason = TIMEOUT if isinstance(exc, SoftTimeLimitExceeded) else ERROR
        log.exception("AI turn of %s at version %s failed (%s)", game_id, version, reason)
        games().store.fail_ai_attempt(game_id, version, reason)
        raise self.retry(exc=exc, countdown=0) from exc
    games().store.end_ai_attempts(game_id, version)
    return entry["version"] if entry else None


@celery.task(name=TASK_FINAL_SCORE, **RETRY)
def final_score(game_id: str, version: int) -> bool:
    """Write the final score sheet of a finished game (once)."""
    try:
        return games().write_final_score(game_id, version)
    except NotFound:  # the game expired meanwhile
        return False


@celery.task(name=TASK_HINT, **RETRY)
def hint(game_id: str, seat: int, version: int, level: str | None) -> dict:
    """A suggested move for a seat and the best moves explained (``Games.hint``), computed only
    from that seat's information; ``error``
    says why there is none (the game is gone, or it or the seat's turn moved on, or the
    search reached the soft time limit: ``timeout``)."""
    answer = {"version": version, "seat": seat, "move": None}
    try:
        game = games().load(game_id)
        game.require_version(version)
        if seat not in game.match.to_move():
            raise StaleVersion(game.version)
        return {**answer, **games().hint(game, seat, level or DEFAULT_LEVEL)}
    except NotFound as exc:
        return {**answer, "error": exc.code}
    except StaleVersion as exc:
        return {**answer, "version": exc.current, "error": exc.code}
    except SoftTimeLimitExceeded:
        return {**answer, "error": TIMEOUT}


@celery.task(name=TASK_WEBHOOK, **RETRY)
def webhook(game_id: str, delivery_id: str, attempt: int) -> str:
    """Attempt ``attempt`` at a webhook delivery (on the ``webhooks`` queue: a slow receiver
    holds only webhook workers). A failed attempt queues the next one after its back-off, as a
    new task; a copy of this task delivered twice finds the attempt made and does nothing."""
    return games().deliver_webhook(game_id, delivery_id, attempt)


@celery.task(name=TASK_VALIDATE_RECORDS)
def validate_records(records: list) -> dict:
    """The verdict on each record of a batch, in order (on the ``records`` queue: a batch never
    delays an AI turn); pure engine work, so a redelivered batch answers the same."""
    return {"verdicts": [validate(record) for record in records]}
