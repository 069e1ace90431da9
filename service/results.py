"""Celery task results on a Redis Cluster (Celery's own Redis backend takes one server only).

``make_celery`` names it ``service.results:ClusterResults+redis+cluster://...`` when REDIS_URL
is a cluster. Each result is one key, ``celery-task-meta-<task id>``, kept TASK_RESULT_SECONDS.
"""

from __future__ import annotations

from celery.backends.base import KeyValueStoreBackend

from .redis_client import CLUSTER_SCHEME, cluster_nodes, connect


class ClusterResults(KeyValueStoreBackend):
    """The key-value operations Celery's results need, on a RedisCluster client."""

    def __init__(self, app, url: str, **kwargs):
        super().__init__(app=app, url=url, **kwargs)
        self.expires = self.prepare_expires(None, type=int)
        self.client = connect(url)

    def as_uri(self, include_password: bool = False) -> str:
        """The URL for the worker's banner; without user and password unless asked."""
        if include_password:
            return self.url
        return CLUSTER_SCHEME + ",".join(f"{node.host}:{node.port}" for node in cluster_nodes(self.url)[0])

    def get(self, key):
        return self.client.get(key)

    def mget(self, keys):
        return self.client.mget_nonatomic(keys)

    def set(self, key, value):
        self.client.set(key, value, ex=self.expires)

    def delete(self, key):
        self.client.delete(key)

    def incr(self, key):
        return self.client.incr(key)

    def expire(self, key, value):
        self.client.expire(key, value)
