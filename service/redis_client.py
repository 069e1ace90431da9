"""Redis clients from a URL: one server (``redis://``, ``rediss://``, ``unix://``) or a Redis
Cluster (``redis+cluster://[user:password@]host:port[,host:port...]``, the form the
``limits`` library takes too).

Every store use goes through ``connect``; on a cluster every script and transaction names
keys of one game (or one client, task, ticket) only, all under one hash tag, so each runs
in one slot (tests/cluster/test_slots.py).
"""

from __future__ import annotations

from urllib.parse import unquote

import redis
from redis.cluster import ClusterNode, RedisCluster
from redis.exceptions import ClusterDownError, RedisClusterException, SlotNotCoveredError, TryAgainError

CLUSTER_SCHEME = "redis+cluster://"

#: What a cluster answers while a failover is under way (a slot without a primary yet): the
#: command was refused, not run.
CLUSTER_BUSY = (ClusterDownError, TryAgainError, SlotNotCoveredError)
#: What a store call raises while Redis cannot be reached (down, restarting, loading its AOF:
#: BusyLoadingError is a ConnectionError; a cluster failing over); retrying later helps.
UNREACHABLE = (redis.ConnectionError, redis.TimeoutError, *CLUSTER_BUSY)


def is_cluster(url: str) -> bool:
    return url.strip().lower().startswith(CLUSTER_SCHEME)


def cluster_nodes(url: str) -> tuple[list[ClusterNode], str | None, str | None]:
    """The startup nodes, user name and password of a ``redis+cluster://`` URL; ValueError
    when it names no ``host:port``."""
    rest = url.strip()[len(CLUSTER_SCHEME):].split("/", 1)[0].split("?", 1)[0]
    user = password = None
    if "@" in rest:
        auth, rest = rest.rsplit("@", 1)
        user, _, password = auth.rpartition(":") if ":" in auth else ("", "", auth)
        user, password = unquote(user) or None, unquote(password) or None
    nodes = []
    for part in rest.split(","):
        host, _, port = part.strip().rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"a Redis Cluster URL names host:port pairs separated by commas, not {part!r} "
                             f"(redis+cluster://host:port[,host:port...])")
        nodes.append(ClusterNode(host, int(port)))
    return nodes, user, password


def connect(url: str, **options) -> redis.Redis | RedisCluster:
    """A client of ``url``; ``options`` (timeouts, ``retry``, ...) go to every connection.
    A cluster client learns the cluster's slots from the first startup node that answers
    and follows failovers (MOVED, refreshed slots) by itself."""
    if not is_cluster(url):
        return redis.Redis.from_url(url, **options)
    nodes, user, password = cluster_nodes(url)
    return RedisCluster(startup_nodes=nodes, username=user, password=password, **options)


def node_client(client: redis.Redis | RedisCluster, key: str) -> redis.Redis:
    """The client of the server that holds ``key``: ``client`` itself, or on a cluster the
    primary of the key's slot (for commands that must share a connection with a write, WAIT)."""
    if isinstance(client, RedisCluster):
        return client.get_redis_connection(client.get_node_from_key(key))
    return client


def refresh_slots(client: redis.Redis | RedisCluster) -> None:
    """Ask the cluster again which node holds which slot (nothing to do for one server)."""
    if isinstance(client, RedisCluster):
        try:
            client.nodes_manager.initialize()
        except (redis.RedisError, RedisClusterException):   # no node answers now: its next command tries again
            pass
