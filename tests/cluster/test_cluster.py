"""The service on a Redis Cluster with a separate broker (issue 19): whole games of every
ruleset with AI seats, racing writers on two API processes, history, streams and replay;
no command crossed slots; then a primary killed under a running game."""

from __future__ import annotations

import json
import random
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import redis

from engine import registry
from service.store import record_key

from ..reliability.players import as_logged, http_caller
from ..reliability.procs import check_consistent, http_call
from ..reliability.test_races import check_no_move_lost_or_duplicated, contend, create_shared
from ..service.helpers import wait_for
from ..streams.play import Reader, check_matches_history, create, history, play_out

RULESETS = sorted(registry.rulesets())


def test_games_of_every_ruleset_end_with_ai_seats(cluster_stack):
    """All-AI games, each followed on a stream of the other API process to its final sheet:
    the stream, the history and a replay of the log agree."""
    port, other = cluster_stack.ports
    readers = {}
    for index, ruleset in enumerate(RULESETS):
        game_id, _, _ = create(port, ruleset, humans=0, players=registry.get(ruleset).min_players, seed=index)
        readers[game_id] = Reader(other, f"/v1/games/{game_id}/events")
    for game_id, reader in readers.items():
        messages = reader.finish(timeout=60)
        status, view = http_call(port, "GET", f"/v1/games/{game_id}")
        assert status == 200 and view["status"] == "finished", view
        check_matches_history(messages, history(other, game_id), view)
        check_consistent(cluster_stack.store, game_id)


def test_racing_writers_on_two_api_processes(cluster_stack):
    calls = [http_caller(port) for port in cluster_stack.ports]
    games = [create_shared(calls[0], ruleset, 2, seed) for seed, ruleset in enumerate(RULESETS)]
    acks: list[tuple] = []

    def writer(index):
        acks.extend(contend(calls[index % 2], games, 25, seed=index))
    threads = [threading.Thread(target=writer, args=(index,)) for index in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert check_no_move_lost_or_duplicated(cluster_stack.store, games, acks) > 20
    counters = list(cluster_stack.store.redis.scan_iter(match="*ratelimit*", count=1000))
    assert counters, "the rate limiter keeps its counters on the cluster"


def test_hint_and_webhooks_through_the_cluster(cluster_stack):
    """A hint task's result lives on the cluster (service/results.py) and reaches the seat; the
    webhook scripts (claim, begin, finish) deliver every move to a receiver."""
    received = []

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self):
            received.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass
    server = HTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = cluster_stack.ports[0]
    try:
        game_id, tokens, admin = create(port, "great-plains", humans=2, seed=3)
        status, hook = http_call(port, "PUT", f"/v1/games/{game_id}/webhook",
                                 {"url": f"http://127.0.0.1:{server.server_port}/hook", "events": ["move"]}, admin)
        assert status == 200, hook
        status, task = http_call(port, "POST", f"/v1/games/{game_id}/hint", {"level": "random"}, token=tokens[0])
        assert status == 202, task
        done = wait_for(lambda: (lambda answer: answer[1] if answer[1]["state"] == "SUCCESS" else None)(
            http_call(port, "GET", f"/v1/tasks/{task['task_id']}", token=tokens[0])), 30, 0.05, "the hint")
        assert done["result"]["move"] is not None, done
        play_out(port, game_id, tokens, stop_at=3)
        wait_for(lambda: len(received) >= 3, 30, 0.05, "three webhook deliveries")
    finally:
        server.shutdown()


def test_no_command_crossed_slots(cluster_stack):
    """After the games above, no node refused a command (CROSSSLOT, MOVED: rejected_calls) and
    no script failed but for NOSCRIPT (a node's first EVALSHA of a script; a script touching a
    key of another slot would fail with ERR)."""
    for node in cluster_stack.cluster.alive():
        client = redis.Redis(port=node.port)
        stats, errors = client.info("commandstats"), client.info("errorstats")
        assert not any("CROSSSLOT" in name for name in errors), (node.port, errors)
        assert all(stat["rejected_calls"] == 0 for stat in stats.values()), (node.port, stats)
        scripts_failed = stats.get("cmdstat_evalsha", {}).get("failed_calls", 0)
        assert scripts_failed == errors.get("errorstat_NOSCRIPT", {}).get("count", 0), (node.port, stats, errors)
        assert stats.get("cmdstat_evalsha", {}).get("calls", 0) > 0 or node in cluster_stack.cluster.nodes[3:]


def test_primary_killed_under_a_running_game(cluster_stack):
    """kill -9 of the primary of a game's slot while a player keeps moving: its replica is
    promoted, play goes on, and with REDIS_WAIT_REPLICAS=1 every move answered 200 is in the log."""
    cluster, port = cluster_stack.cluster, cluster_stack.ports[0]
    game = create_shared(http_caller(port), "woodwalkers", 2, seed=11)
    acks: list[tuple] = []
    failures: list[str] = []
    stop = threading.Event()

    def call(method, path, body=None, token=None):
        """The answer's body when 200, else None with the status (or exception) in ``failures``."""
        try:
            status, answer = http_call(port, method, path, body, token, timeout=5)
        except OSError as error:         # a connection reset while the node dies
            status = type(error).__name__
        if status == 200:
            return answer
        failures.append(f"{status} {method} {(answer or {}).get('code') if status != 'OSError' else ''}")
        time.sleep(0.05)
        return None

    def player():
        rng = random.Random(5)
        while not stop.is_set():
            view = call("GET", f"/v1/games/{game.game_id}", token=game.tokens[0])
            if view is None:
                continue
            if view["status"] == "finished":
                return
            seat = view["to_move"][0]
            listed = call("GET", f"/v1/games/{game.game_id}/legal-moves", token=game.tokens[seat])
            if listed is None:
                continue
            move = rng.choice(listed["moves"])
            body = call("POST", f"/v1/games/{game.game_id}/moves", {"move": move,
                                                                  "expected_version": listed["version"]},
                        game.tokens[seat])
            if body is not None:
                acks.append((game.game_id, body["version"], seat, as_logged(move)))

    thread = threading.Thread(target=player, daemon=True)
    thread.start()
    try:
        wait_for(lambda: len(acks) >= 5, 20, 0.02, "moves before the kill")
        victim = cluster.node_of_key(record_key(game.game_id))
        victim.kill()
        before = len(acks)
        promoted = wait_for(lambda: (lambda node: node if node is not victim else None)(
            cluster.node_of_key(record_key(game.game_id))), 20, 0.1, "a replica promoted")
        cluster.wait_ok(timeout=20)
        victim.start()                                   # back, as the replica of the promoted node
        wait_for(lambda: len(acks) >= before + 10, 30, 0.05, "moves after the failover")
    finally:
        stop.set()
        thread.join(15)
    assert cluster.node_of_key(record_key(game.game_id)) is promoted
    assert redis.Redis(port=victim.port).info("replication")["role"] == "slave"   # rejoined as its replica
    # every move answered 200 is in the log at its version; a logged move answered otherwise
    # was one told 503 outcome_unknown (applied on the new primary before a replica had it)
    _, log = check_consistent(cluster_stack.store, game.game_id)
    assert len({ack[1] for ack in acks}) == len(acks)
    for _, version, seat, move in acks:
        assert (log[version - 1]["seat"], log[version - 1]["move"]) == (seat, move), version
    assert len(log) - len(acks) <= failures.count("503 POST outcome_unknown"), failures
    # while the slot had no primary: 503 (store_unavailable, outcome_unknown) only, never a 500
    assert all(failure.startswith("503 ") for failure in failures), failures
