"""Celery tasks. Each is idempotent: it acts only on the version it was sent for.

Tasks are acknowledged late, so a worker killed mid-task gets its task redelivered;
the version check makes the redelivered task a no-op if the move was already stored.
Lost Redis connections are retried with back-off.
"""

from functools import cache

import redis

from service.config import Settings
from service.errors import ApiError
from service.games import DEFAULT_LEVEL, Games
from service.store import GameStore

from .app import TASK_AI_TURN, TASK_FINAL_SCORE, TASK_HINT, CeleryDispatcher, celery

RETRY = {"autoretry_for": (redis.ConnectionError, redis.TimeoutError), "retry_backoff": True,
         "retry_backoff_max": 10, "max_retries": 8}


@cache
def games() -> Games:
    settings = Settings.from_env()
    return Games(GameStore.from_settings(settings), CeleryDispatcher(celery))


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
    except ApiError:  # the game expired meanwhile
        return False


@celery.task(name=TASK_HINT, **RETRY)
def hint(game_id: str, seat: int, version: int, level: str | None) -> dict:
    """A suggested move for a seat, computed only from that seat's information."""
    try:
        game = games().load(game_id)
    except ApiError as exc:
        return {"version": version, "seat": seat, "move": None, "error": exc.code}
    if game.version != version or seat not in game.match.to_move():
        return {"version": game.version, "seat": seat, "move": None, "error": "stale_version"}
    move = games().suggest(game, seat, {"level": level or DEFAULT_LEVEL})
    return {"version": version, "seat": seat, "move": move}
