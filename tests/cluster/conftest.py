"""A real Redis Cluster (3 primaries, 3 replicas, from the suite's redis-server binary) with a
plain Redis as the Celery broker, and the service on it: two gunicorn API processes and a
worker, all with REDIS_WAIT_REPLICAS=1. Started once for the tests of this folder."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from service.dev.embedded_cluster import EmbeddedCluster
from service.dev.embedded_redis import EmbeddedRedis, free_port
from service.store import GameStore

from ..reliability.procs import Processes, service_env, store_for


@dataclass
class Stack:
    cluster: EmbeddedCluster
    ports: list[int]      # the two API processes
    store: GameStore      # a store of this test process on the cluster


@pytest.fixture(scope="session")
def cluster_stack(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("cluster")
    cluster = EmbeddedCluster(data_dir=str(workdir / "nodes")).start()
    broker = EmbeddedRedis(free_port(), str(workdir / "broker")).start()
    try:
        with Processes(workdir) as processes:
            env = service_env(cluster.url, BROKER_URL=broker.url, REDIS_WAIT_REPLICAS=1, REDIS_WAIT_MS=500,
                              WEB_CONCURRENCY=1, REDIS_TIMEOUT_SECONDS=2,
                              WEBHOOK_ALLOW_PRIVATE=1, RATE_LIMIT="100000 per minute")
            processes.worker("cluster-worker", env)
            ports = [processes.gunicorn(f"cluster-api-{index}", env, workers=1)[1] for index in range(2)]
            yield Stack(cluster, ports, store_for(cluster.url))
    finally:
        broker.stop()
        cluster.stop()
