"""The clocks' worker side: the timer task queued with each version, and the sweep of the
deadline index that every worker process runs in a thread from the moment it is ready (no
Celery beat needed: ``make run``, compose and the tests start only workers)."""

from __future__ import annotations

import logging
import threading
import time

from celery.signals import worker_ready

from service.dispatch import TASK_CLOCK
from service.store import UNREACHABLE
from service.timeouts import SWEEP_SECONDS, Timeouts

from .app import celery
from .tasks import RETRY, games

log = logging.getLogger("spielwerk")


@celery.task(name=TASK_CLOCK, **RETRY)
def clock(game_id: str, version: int) -> str:
    """Act on the game's deadline at ``version`` if it has passed; else look again when it is
    due (in hops: ``Games._follow_up`` never queues one longer than half the visibility timeout)."""
    left = Timeouts(games()).expire(game_id, version)
    if left is None:
        return "done"
    games().dispatcher.clock(game_id, version, min(left, games().resume_after / 2))
    return "later"


def sweep_forever() -> None:
    while True:
        time.sleep(SWEEP_SECONDS)
        try:
            Timeouts(games()).sweep()
        except UNREACHABLE:
            log.warning("the clock sweep could not reach Redis; it tries again")
        except Exception:  # the sweep must outlive any one failure
            log.exception("the clock sweep failed")


@worker_ready.connect
def start_sweep(**_) -> None:
    threading.Thread(target=sweep_forever, name="clock-sweep", daemon=True).start()
