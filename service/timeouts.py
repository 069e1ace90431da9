"""Timeouts: at a seat's deadline its decision is made by an AI (level easy) or it forfeits
(the clock's ``on_timeout``), exactly once.

Two things look at a deadline: the timer task queued with each version (``spielwerk.clock``,
a countdown) and the sweep of the deadline index (``service.clocks.Deadlines``) that every
worker runs, which catches a timer lost with its worker or its broker. Either acts only on
the version the deadline belongs to, by the same compare-and-set as a move: whichever comes
second (or a redelivered timer) finds the game moved on and does nothing.
"""

from __future__ import annotations

import logging
import time

from .clocks import TIMEOUT_EVENT, next_deadline
from .errors import NotFound, StaleVersion
from .game_options import ON_TIMEOUT_AI, TIMEOUT_LEVEL, of_record
from .games import Games
from .lifecycle import TIMEOUT, Lifecycle
from .outcome import ACTIVE

log = logging.getLogger("spielwerk")

#: Seconds between sweeps, and the most games one sweep handles.
SWEEP_SECONDS = 1.0
SWEEP_BATCH = 100
#: The sweep's lock: one sweep at a time across the workers.
SWEEP_LOCK = "clock:sweep"


class Timeouts:
    """The timer's and the sweep's use cases, over the games' (``Games``)."""

    def __init__(self, games: Games):
        self.games = games

    def expire(self, game_id: str, version: int | None = None) -> float | None:
        """Act on the earliest deadline of ``game_id`` if it has passed (and the game is still at
        ``version``, when given); returns how many seconds are left when it has not (the timer
        looks again then), else None."""
        try:
            game = self.games.load(game_id)
        except NotFound:
            return None
        earliest = next_deadline(game.record)
        if (version is not None and game.version != version) or earliest is None or game.status != ACTIVE:
            return None
        deadline, seat = earliest
        left = deadline - time.time()
        if left > 0:
            return left
        clock = of_record(game.record)["clock"]
        notes = ({"type": TIMEOUT_EVENT, "seat": seat, "on_timeout": clock["on_timeout"]},)
        try:
            if clock["on_timeout"] == ON_TIMEOUT_AI:
                move = self.games.suggest(game, seat, {"level": TIMEOUT_LEVEL})
                self.games.play(game, seat, move, game.version, notes)
            else:
                Lifecycle(self.games).forfeit(game, seat, TIMEOUT, game.version, notes)
        except StaleVersion:   # a move, or the other look at this deadline, came first
            return None
        log.info("seat %s of %s timed out at version %s (%s)", seat, game_id, game.version - 1,
                 clock["on_timeout"])
        return None

    def sweep(self) -> int:
        """Expire the games whose deadline has passed (at most SWEEP_BATCH), once per
        SWEEP_SECONDS across all workers; returns how many it looked at."""
        redis = self.games.store.redis
        if not redis.set(SWEEP_LOCK, "1", nx=True, px=int(SWEEP_SECONDS * 1000)):
            return 0
        due = self.games.deadlines.due(time.time(), SWEEP_BATCH)
        for game_id, seen in due:
            try:
                self.expire(game_id)
                record, _ = self.games.store.load(game_id)
                earliest = next_deadline(record)
            except NotFound:
                earliest = None
            except Exception:  # one game must not stop the sweep; it is looked at again next time
                log.exception("the clock sweep failed on %s", game_id)
                continue
            self.games.deadlines.settle(game_id, seen, earliest and earliest[0])
        return len(due)
