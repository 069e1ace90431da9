"""A real Redis Cluster on loopback: 3 primaries and 3 replicas from the same redis-server
binary as ``EmbeddedRedis``, put together by hand (ADDSLOTS, MEET, REPLICATE: the binary
ships without redis-cli). Used by tests/cluster and bench/bench_cluster.py.
"""

from __future__ import annotations

import os
import socket
import tempfile
import time

import redis

from .embedded_redis import EmbeddedRedis, free_port

#: Hash slots of a Redis Cluster.
SLOTS = 16384
#: Milliseconds a node may be unreachable before the others call it failed (redis' default
#: is 15000): a replica is promoted about two of these after its primary died.
NODE_TIMEOUT_MS = 1000
#: A node's cluster bus listens on its port plus this.
BUS_OFFSET = 10000


class EmbeddedCluster:
    """``primaries`` primaries, each with one replica; ``url`` names every node."""

    def __init__(self, primaries: int = 3, data_dir: str | None = None):
        base = data_dir or tempfile.mkdtemp(prefix="spielwerk-cluster-")
        # a shard failing over stops only its own slots, not the whole cluster
        options = ("--cluster-enabled", "yes", "--cluster-node-timeout", str(NODE_TIMEOUT_MS),
                   "--cluster-require-full-coverage", "no")
        self.nodes = []
        for _ in range(2 * primaries):
            port = _cluster_port()
            node_dir = os.path.join(base, str(port))
            self.nodes.append(EmbeddedRedis(port, node_dir, (*options, "--cluster-config-file",
                                                             os.path.join(node_dir, "nodes.conf"))))
        self.primaries = primaries

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{node.port}" for node in self.nodes)

    def start(self, timeout: float = 20.0) -> "EmbeddedCluster":
        try:
            for node in self.nodes:
                node.start()
            self._form(time.monotonic() + timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _form(self, deadline: float) -> None:
        clients = [redis.Redis(port=node.port, decode_responses=True) for node in self.nodes]
        primaries, replicas = clients[:self.primaries], clients[self.primaries:]
        for index, client in enumerate(primaries):
            client.execute_command("CLUSTER ADDSLOTS", *range(index * SLOTS // self.primaries,
                                                               (index + 1) * SLOTS // self.primaries))
        for node in self.nodes[1:]:
            clients[0].execute_command("CLUSTER MEET", "127.0.0.1", node.port)
        ids = [client.execute_command("CLUSTER MYID") for client in clients]
        _until(deadline, "every node knows every other",
               lambda: all(len(client.execute_command("CLUSTER NODES")) == len(clients) for client in clients))
        for replica, primary_id in zip(replicas, ids):
            replica.execute_command("CLUSTER REPLICATE", primary_id)
        _until(deadline, "the cluster is ok and every replica in sync", lambda: all(
            client.execute_command("CLUSTER INFO")["cluster_state"] == "ok" for client in clients) and all(
            client.info("replication").get("master_link_status") == "up" for client in replicas))

    def node_of_key(self, key: str) -> EmbeddedRedis:
        """The node that serves ``key``'s slot now (the primary; after a failover, the promoted one)."""
        client = redis.RedisCluster(host="127.0.0.1", port=self.alive()[0].port)
        try:
            node = client.get_node_from_key(key)
        finally:
            client.close()
        return next(each for each in self.nodes if each.port == node.port)

    def alive(self) -> list[EmbeddedRedis]:
        return [node for node in self.nodes if node.process and node.process.poll() is None]

    def wait_ok(self, timeout: float = 15.0) -> None:
        """Until every live node calls the cluster ok (after a failover: once a replica was promoted)."""
        clients = [redis.Redis(port=node.port, decode_responses=True) for node in self.alive()]
        _until(time.monotonic() + timeout, "the cluster is ok again", lambda: all(
            client.execute_command("CLUSTER INFO")["cluster_state"] == "ok" for client in clients))

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()


def _cluster_port() -> int:
    """A free port whose cluster bus port (port + 10000, fixed in redis 6) is free too."""
    while True:
        port = free_port()
        if port + BUS_OFFSET <= 65535 and _free(port + BUS_OFFSET):
            return port


def _free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _until(deadline: float, what: str, check) -> None:
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"the Redis Cluster did not form: {what}")
        time.sleep(0.05)
