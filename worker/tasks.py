"""Celery tasks. Each is idempotent: it acts only on the version it was sent for."""

from functools import cache

from service.config import Settings
from service.games import DEFAULT_LEVEL, Games
from service.store import GameStore

from .app import TASK_AI_TURN, TASK_FINAL_SCORE, TASK_HINT, CeleryDispatcher, celery


@cache
def games() -> Games:
    settings = Settings.from_env()
    return Games(GameStore.from_settings(settings), CeleryDispatcher(celery))


@celery.task(name=TASK_AI_TURN)
def ai_turn(game_id: str, version: int) -> int | None:
    """Move the AI seat to move at ``version``; returns the new version, or None if stale."""
    entry = games().ai_turn(game_id, version)
    return entry["version"] if entry else None


@celery.task(name=TASK_FINAL_SCORE)
def final_score(game_id: str, version: int) -> bool:
    """Write the final score sheet of a finished game (once)."""
    return games().write_final_score(game_id, version)


@celery.task(name=TASK_HINT)
def hint(game_id: str, seat: int, version: int, level: str | None) -> dict:
    """A suggested move for a seat, computed only from that seat's information."""
    game = games().load(game_id)
    if game.version != version or seat not in game.match.to_move():
        return {"version": game.version, "seat": seat, "move": None}
    move = games().suggest(game, seat, {"level": level or DEFAULT_LEVEL})
    return {"version": version, "seat": seat, "move": move}
