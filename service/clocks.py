"""The seats' clocks (game option ``clock``): the stored deadlines and their index.

Each seat's clock is in the game's record (``record["clocks"]``): its deadline while it runs
(the seat is to move), and for a Fischer clock its bank while it stands. ``advance`` updates
them for every new version, before it is stored, so a deadline is stored with the version it
belongs to; simultaneous decisions run each seat's own clock. ``Deadlines`` indexes each game's
earliest deadline in one sorted set (written before the version, so it never misses one), for
the sweep that catches a timer lost with its worker (``service.timeouts``).
"""

from __future__ import annotations

import time
from datetime import datetime, timezone

from .game_options import FISCHER, of_record

HUMAN = "human"

#: The event first in the entry of a decision the clock made (an AI's move, or a forfeit).
TIMEOUT_EVENT = "timeout"
#: The sorted set of games by their earliest deadline (unix seconds).
DEADLINES_KEY = "clock:deadlines"

#: KEYS: the index. ARGV: game id, the score seen, the new score ('' drops the game). Changes
#: the entry only while it still has the score seen (a newer version may have written another).
SETTLE = """
local seen = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not seen or tonumber(seen) ~= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then redis.call('ZREM', KEYS[1], ARGV[1]) else redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
return 1
"""


def advance(record: dict, to_move: list[int], acted: int | None, now: float) -> None:
    """Update the record's clocks for a new version: ``to_move`` are the seats to move in it,
    ``acted`` the seat whose decision made it (None: nobody's). A seat that acted, or is no
    longer a human seat to move, stops its clock (Fischer: banks what is left plus the
    increment if it acted); a human seat to move whose clock stands starts it (per move: the
    full time again). AI seats (a forfeited seat too) have no clock."""
    clock = of_record(record)["clock"]
    if clock is None:
        return
    fischer = clock["type"] == FISCHER
    seats = record.setdefault("clocks", [{"seat": seat["seat"], "deadline": None,
                                          "remaining": clock.get("base_seconds")} for seat in record["seats"]])
    timed = [seat for seat in to_move if record["seats"][seat]["kind"] == HUMAN]
    for state in seats:
        seat = state["seat"]
        if state["deadline"] is not None and (seat == acted or seat not in timed):
            if fischer:
                state["remaining"] = max(0.0, state["deadline"] - now) + (
                    clock["increment_seconds"] if seat == acted else 0)
            state["deadline"] = None
        if seat in timed and state["deadline"] is None:
            state["deadline"] = now + (state["remaining"] if fischer else clock["seconds"])


def next_deadline(record: dict) -> tuple[float, int] | None:
    """The earliest running deadline and its seat; None when no clock runs."""
    running = [(state["deadline"], state["seat"]) for state in record.get("clocks", []) if state["deadline"]]
    return min(running) if running else None


def clock_view(record: dict, now: float | None = None) -> dict | None:
    """What every viewer sees of the clocks: the configuration and, per seat, whether it runs,
    its deadline and the time left (None: the game has no clock)."""
    clock = of_record(record)["clock"]
    if clock is None:
        return None
    now = time.time() if now is None else now
    seats = []
    for state in record.get("clocks", []):
        deadline = state["deadline"]
        left = deadline - now if deadline is not None else (state["remaining"] or clock.get("seconds", 0))
        seats.append({"seat": state["seat"], "running": deadline is not None,
                      "deadline": None if deadline is None else datetime.fromtimestamp(deadline, timezone.utc),
                      "remaining_ms": max(0, int(left * 1000))})
    return {**clock, "seats": seats}


class Deadlines:
    """The index of every game's earliest deadline."""

    def __init__(self, redis):
        self.redis = redis
        self._settle = redis.register_script(SETTLE)

    def index(self, game_id: str, when: float | None) -> None:
        if when is None:
            self.redis.zrem(DEADLINES_KEY, game_id)
        else:
            self.redis.zadd(DEADLINES_KEY, {game_id: when})

    def due(self, now: float, limit: int) -> list[tuple[str, float]]:
        """The games whose earliest deadline has passed, with it: at most ``limit``, the oldest first."""
        found = self.redis.zrangebyscore(DEADLINES_KEY, "-inf", now, start=0, num=limit, withscores=True)
        return [(member.decode(), score) for member, score in found]

    def settle(self, game_id: str, seen: float, when: float | None) -> None:
        """Replace the entry the sweep saw (``seen``) by the game's current deadline (None: drop it)."""
        self._settle(keys=[DEADLINES_KEY], args=[game_id, repr(seen), "" if when is None else repr(when)])
