"""Races: many clients (threads, and separate processes each with its own app and Redis
connections) on one game and on many games. No move lost or duplicated: versions
gapless, log length equal to the version, every acknowledged move in the log at its
version exactly once, and the log replays to the stored match.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass

from engine import registry

from .players import as_logged, flask_caller
from .procs import check_consistent

RULESETS = sorted(registry.rulesets())


@dataclass(frozen=True)
class SharedGame:
    game_id: str
    tokens: dict


def create_shared(call, ruleset: str, players: int, seed: int) -> SharedGame:
    status, created = call("POST", "/v1/games", {"ruleset": ruleset, "seed": seed,
                                                  "seats": [{"kind": "human"}] * players})
    assert status == 201, created
    return SharedGame(created["game_id"], {s["seat"]: s["token"] for s in created["seats"]})


def contend(call, games: list[SharedGame], moves: int, seed: int) -> list[tuple]:
    """Race for moves on the shared games: read legal moves as some seat, post one with the
    version read. Returns the acknowledged (game_id, version, seat, move)."""
    rng = random.Random(seed)
    acks = []
    for _ in range(moves):
        game = rng.choice(games)
        seat = rng.choice(list(game.tokens))
        token = game.tokens[seat]
        status, listed = call("GET", f"/v1/games/{game.game_id}/legal-moves", token=token)
        assert status == 200, listed
        if not listed["moves"]:
            continue
        move = rng.choice(listed["moves"])
        status, body = call("POST", f"/v1/games/{game.game_id}/moves",
                            {"move": move, "expected_version": listed["version"]}, token)
        if status == 200:
            assert body["version"] == listed["version"] + 1
            acks.append((game.game_id, body["version"], seat, as_logged(move)))
        else:
            # losing a race is one of these answers, never anything else
            assert (status, body["code"]) in ((409, "stale_version"), (409, "not_your_turn"),
                                              (409, "game_over")), (status, body)
    return acks


def check_no_move_lost_or_duplicated(store, games: list[SharedGame], acks: list[tuple]) -> int:
    versions = [(a[0], a[1]) for a in acks]
    assert len(versions) == len(set(versions)), "two clients were told they made the same version"
    logs = {g.game_id: check_consistent(store, g.game_id)[1] for g in games}
    for game_id, version, seat, move in acks:
        entry = logs[game_id][version - 1]
        assert (entry["seat"], entry["move"]) == (seat, move)
    # every logged move was acknowledged to exactly one client
    assert sum(len(log) for log in logs.values()) == len(acks)
    return len(acks)


def test_threads_on_one_game(app):
    """Sixteen threads, four per seat of a four-player game, race for every version."""
    store = app.extensions["spielwerk"].store
    ruleset = next(r for r in RULESETS if registry.get(r).max_players >= 4)
    game = create_shared(flask_caller(app), ruleset, 4, seed=11)
    barrier = threading.Barrier(16)

    def client(index):
        call = flask_caller(app)
        barrier.wait()
        return contend(call, [game], 40, seed=index)

    with ThreadPoolExecutor(16) as pool:
        acks = [a for result in pool.map(client, range(16)) for a in result]
    assert check_no_move_lost_or_duplicated(store, [game], acks) > 10


def test_threads_on_many_games_of_every_ruleset(app):
    store = app.extensions["spielwerk"].store
    call = flask_caller(app)
    games = [create_shared(call, r, registry.get(r).min_players, seed=i)
             for i, r in enumerate(RULESETS * 2)]

    def client(index):
        return contend(flask_caller(app), games, 60, seed=100 + index)

    with ThreadPoolExecutor(12) as pool:
        acks = [a for result in pool.map(client, range(12)) for a in result]
    assert check_no_move_lost_or_duplicated(store, games, acks) > 100


def _process_client(redis_url: str, games: list[SharedGame], moves: int, seed: int) -> list[tuple]:
    """Runs in a fresh (spawned) process: its own app, store and Redis connections."""
    os.environ["REDIS_URL"] = redis_url
    os.environ["RATE_LIMIT"] = "off"
    from service.api.app import create_app
    app = create_app()
    threads_acks = []

    def thread(index):
        threads_acks.extend(contend(flask_caller(app), games, moves, seed=seed * 10 + index))

    workers = [threading.Thread(target=thread, args=(i,)) for i in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return threads_acks


def test_processes_on_shared_games(app, redis_url):
    """Four processes with three threads each, on one game of each ruleset."""
    store = app.extensions["spielwerk"].store
    call = flask_caller(app)
    games = [create_shared(call, r, registry.get(r).min_players, seed=50 + i) for i, r in enumerate(RULESETS)]
    with ProcessPoolExecutor(4, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(_process_client, redis_url, games, 40, seed) for seed in range(4)]
        acks = [a for future in futures for a in future.result(timeout=120)]
    assert check_no_move_lost_or_duplicated(store, games, acks) > 50
