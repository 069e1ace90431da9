"""Celery tasks, registered under the core's task names. Each is idempotent: it acts only
on the version it was sent for.

Tasks are acknowledged late, so a worker killed mid-task gets its task redelivered;
the version check makes the redelivered task a no-op if the move was already stored.
Lost Redis connections are retried with back-off.
"""

from functools import cache

from service.config import Settings
from service.dispatch import TASK_AI_TURN, TASK_FINAL_SCORE, TASK_HINT, CeleryDispatcher
from service.errors import NotFound, StaleVersion
from service.games import DEFAULT_LEVEL, Games
from service.store import UNREACHABLE

from .app import celery

RETRY = {"autoretry_for": UNREACHABLE, "retry_backoff": True, "retry_backoff_max": 10, "max_retries": 8}


@cache
def games() -> Games:
    return Games.from_settings(Settings.from_env(), CeleryDispatcher(celery))


@celery.task(name=TASK_AI_TURN, **RETRY)
def ai_turn(game_id: str, version: int) -> int | None:
    """Move the AI seat to move at ``version``; returns the new version, or None if stale."""
    entry = games().ai_turn(game_id, version)
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
    """A suggested move for a seat, computed only from that seat's information; ``error``
    says why there is none (the game is gone, or it or the seat's turn moved on)."""
    answer = {"version": version, "seat": seat, "move": None}
    try:
        game = games().load(game_id)
        game.require_version(version)
        if seat not in game.match.to_move():
            raise StaleVersion(game.version)
    except NotFound as exc:
        return {**answer, "error": exc.code}
    except StaleVersion as exc:
        return {**answer, "version": exc.current, "error": exc.code}
    return {**answer, "move": games().suggest(game, seat, {"level": level or DEFAULT_LEVEL})}
