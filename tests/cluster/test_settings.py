"""Cluster settings: the URL form, and a cluster refused as Celery's broker at start-up."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from service.config import broker_url
from service.redis_client import cluster_nodes, is_cluster

from ..reliability.procs import ROOT


def test_cluster_url_names_every_node_and_the_password():
    nodes, user, password = cluster_nodes("redis+cluster://app:s%40cret@10.0.0.1:7000,10.0.0.2:7001/0")
    assert [(node.host, node.port) for node in nodes] == [("10.0.0.1", 7000), ("10.0.0.2", 7001)]
    assert (user, password) == ("app", "s@cret")
    assert is_cluster("REDIS+CLUSTER://h:1") and not is_cluster("redis://h:6379/0")
    with pytest.raises(ValueError, match="host:port"):
        cluster_nodes("redis+cluster://10.0.0.1")


@pytest.mark.parametrize("redis, broker, named", [
    ("redis+cluster://h:7000", "", "REDIS_URL names a Redis Cluster and BROKER_URL is unset"),
    ("redis://h:6379/0", "redis+cluster://h:7000", "BROKER_URL names a Redis Cluster")])
def test_a_cluster_broker_is_refused(redis, broker, named):
    with pytest.raises(ValueError, match=named) as refused:
        broker_url(redis, broker)
    assert "amqp://" in str(refused.value)


def test_the_worker_refuses_a_cluster_broker_at_start_up():
    env = {**os.environ, "REDIS_URL": "redis+cluster://127.0.0.1:7000"}
    env.pop("BROKER_URL", None)
    started = subprocess.run([sys.executable, "-c", "import worker.app"], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=60)
    assert started.returncode != 0
    assert "Celery cannot use a cluster as its broker" in started.stderr


def test_a_cluster_store_with_a_plain_broker_is_accepted():
    assert broker_url("redis+cluster://h:7000", "amqp://guest:guest@rabbit:5672//") == "amqp://guest:guest@rabbit:5672//"
