"""A clock's timeout happens exactly once even when the worker holding its timer is killed
just before the deadline (issue 17): the next worker's sweep of the stored deadlines acts on
it, and the lost timer, redelivered after the visibility timeout, finds the game moved on.
A real Redis of its own and real Celery workers, killed with SIGKILL."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from service.clocks import next_deadline
from service.dispatch import CeleryDispatcher, make_celery
from service.games import Games

from .procs import Processes, service_env, settings_for, wait_until

pytestmark = pytest.mark.faults

#: short, so that the killed worker's timer comes back within the test, yet longer than the
#: deadline plus a worker's start: a timeout before it cannot be the redelivered timer's
VISIBILITY_SECONDS = 8


def test_a_timer_lost_with_its_worker_just_before_the_deadline_still_times_out_exactly_once(tmp_path: Path):
    with Processes(tmp_path) as procs:
        server = procs.redis()
        env = service_env(server.url, TASK_VISIBILITY_TIMEOUT=VISIBILITY_SECONDS)
        first = procs.worker("clock-first", env)
        settings = settings_for(server.url, visibility_timeout=VISIBILITY_SECONDS)
        games = Games.from_settings(settings, CeleryDispatcher(make_celery(settings)))
        clock = {"type": "per_move", "seconds": 2, "on_timeout": "forfeit"}
        created = time.time()
        game, _, _, _ = games.create("great-plains", [{"kind": "human"}, {"kind": "human"}], None, {},
                                     game_options={"spectators": "public", "undo": "off", "clock": clock})
        deadline, seat = next_deadline(game.record)
        redis = games.store.redis
        wait_until(lambda: redis.hlen("unacked") == 1, 5, 0.02, "the first worker holding the timer")
        time.sleep(max(0.0, deadline - 0.4 - time.time()))
        procs.kill_group(first)
        assert games.load(game.game_id).version == 0 and time.time() < deadline
        second = procs.worker("clock-second", env)
        assert "spielwerk.clock[" not in procs.log(second)
        wait_until(lambda: games.load(game.game_id).version >= 1, 20, 0.05, "the timeout")
        assert deadline <= time.time() < created + VISIBILITY_SECONDS, "not the sweep's timeout"
        wait_until(lambda: "spielwerk.clock[" in procs.log(second) and "'done'" in procs.log(second),
                   VISIBILITY_SECONDS + 15, 0.1, "the lost timer, redelivered to the second worker")
        log = games.store.log(game.game_id)
        assert [entry["events"] for entry in log] == [[
            {"type": "timeout", "seat": seat, "on_timeout": "forfeit"},
            {"type": "forfeit", "seat": seat, "reason": "timeout", "ai_takes_over": False}]]
        final = games.load(game.game_id)
        assert final.version == 1 and final.status == "finished"
        assert final.record["seats"][seat]["forfeited"] == "timeout"
        assert next_deadline(final.record) is None and redis.zscore("clock:deadlines", game.game_id) is None
