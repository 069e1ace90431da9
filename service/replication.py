"""REDIS_WAIT_REPLICAS: a game write is answered only once N replicas have it.

The write's script and ``WAIT N timeout`` go in one pipeline on one connection to the
primary that holds the game's slot (WAIT counts the writes of its own connection). When
fewer than N replicas acknowledged within REDIS_WAIT_MS, the write did apply on the primary
but could still be lost with it: the caller hears OutcomeUnknown (503, retry with the
expected version), never 200.
"""

from __future__ import annotations

from redis.commands.core import Script
from redis.exceptions import MovedError, NoScriptError

from .errors import OutcomeUnknown
from .redis_client import CLUSTER_BUSY, UNREACHABLE, node_client, refresh_slots

#: Answers that mean the script did not run on that node (the slot moved, a failover is
#: under way, the node had not loaded the script): worth one more attempt.
NOT_RUN = (NoScriptError, MovedError, *CLUSTER_BUSY)


class ReplicaWait:
    """Runs a script, then WAITs for ``replicas`` replicas at most ``timeout_ms``."""

    def __init__(self, replicas: int, timeout_ms: int):
        self.replicas = replicas
        self.timeout_ms = timeout_ms

    def run(self, client, script: Script, keys: list[str], args: list) -> object:
        """``script``'s answer on ``client`` (a Redis or a RedisCluster), once replicated."""
        for attempt in range(2):
            node = node_client(client, keys[0])
            try:
                with node.pipeline(transaction=False) as pipe:
                    pipe.evalsha(script.sha, len(keys), *keys, *args)
                    pipe.execute_command("WAIT", self.replicas, self.timeout_ms)
                    result, acked = pipe.execute()
            except NOT_RUN as not_run:
                if attempt:
                    raise
                if isinstance(not_run, NoScriptError):
                    node.script_load(script.script)
                else:
                    refresh_slots(client)
                continue
            except UNREACHABLE:
                refresh_slots(client)   # a dead or moved primary: the next write asks the cluster anew
                raise
            if acked < self.replicas:
                raise OutcomeUnknown()
            return result
