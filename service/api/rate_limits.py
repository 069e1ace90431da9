"""Every rate limit of a request checked and counted in one Redis round trip.

Each limit is a sliding-window counter with the ``limits`` library's keys and arithmetic
(its ``acquire_sliding_window.lua``): two counters per key, the previous window weighted
by how much of it still overlaps the sliding one. One script takes the windows of all of a
request's limits (:data:`SLIDING_WINDOWS`): the request counts in every window, or, when
one of them is full, in none. On a Redis Cluster the limits' keys lie in different slots:
there each limit runs the script on its own, all of them in one pipeline (one round trip
per node), and each counts by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from limits import RateLimitItem
from redis.cluster import RedisCluster

#: KEYS: per limit, its previous and its current window. ARGV: per limit, its amount and its
#: window in seconds. 0 when the request was counted in every window; else the number
#: (from 1) of the first full limit, and nothing was counted.
SLIDING_WINDOWS = """
local limits = #KEYS / 2
for i = 1, limits do
  local previous, current = KEYS[2 * i - 1], KEYS[2 * i]
  local amount, expiry = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i]) * 1000
  local current_ttl = tonumber(redis.call('pttl', current))
  if current_ttl > 0 and current_ttl < expiry then   -- the current window has ended: it becomes the previous
    redis.call('rename', current, previous)
    redis.call('set', current, 0, 'PX', current_ttl + expiry)
  end
  local previous_count = tonumber(redis.call('get', previous)) or 0
  local previous_ttl = math.max(tonumber(redis.call('pttl', previous)) or 0, 0)
  local current_count = tonumber(redis.call('get', current)) or 0
  if math.floor(previous_count * previous_ttl / expiry) + current_count + 1 > amount then return i end
end
for i = 1, limits do
  if redis.call('exists', KEYS[2 * i]) == 1 then
    redis.call('incrby', KEYS[2 * i], 1)
  else
    redis.call('set', KEYS[2 * i], 1, 'PX', tonumber(ARGV[2 * i]) * 2000)
  end
end
return 0
"""

#: The prefixes of the counters' keys (those flask-limiter gave them through ``limits``).
STORAGE_PREFIX, KEY_PREFIX = "LIMITS", "ratelimit"


@dataclass(frozen=True)
class Limit:
    """One limit: ``item`` per value of ``key`` (a client, a token's hash) in ``scope``; it
    does not apply to a request for which ``exempt()`` is true."""

    item: RateLimitItem
    key: Callable[[], str]
    scope: str
    exempt: Callable[[], bool]

    def windows(self) -> list[str]:
        """The keys of the request's previous and current window."""
        current = f"{STORAGE_PREFIX}:{{{self.item.key_for(KEY_PREFIX, self.key(), self.scope)}}}"
        return [current + "/-1", current]

    def args(self) -> list[int]:
        return [self.item.amount, self.item.get_expiry()]


class RateLimits:
    """The limits in a Redis (or a Redis Cluster) of their own."""

    def __init__(self, client, limits: list[Limit]):
        self.client = client
        self.limits = limits
        self.cluster = isinstance(client, RedisCluster)
        self._script = None if self.cluster else client.register_script(SLIDING_WINDOWS)

    def breached(self) -> Limit | None:
        """Count the request in the limits that apply to it; the first full one (the request
        then counted nowhere, but on a cluster in the others), or None. Redis errors propagate."""
        applying = [limit for limit in self.limits if not limit.exempt()]
        if not applying:
            return None
        if self.cluster:
            with self.client.pipeline() as pipe:
                for limit in applying:
                    pipe.execute_command("EVAL", SLIDING_WINDOWS, 2, *limit.windows(), *limit.args())
                full = [applying[i] for i, answer in enumerate(pipe.execute()) if answer]
            return full[0] if full else None
        keys = [key for limit in applying for key in limit.windows()]
        answer = self._script(keys=keys, args=[arg for limit in applying for arg in limit.args()])
        return applying[answer - 1] if answer else None
