"""Clients that play real games through the HTTP API and remember every acknowledged move."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field

from engine import registry

from .procs import http_call


def flask_caller(app):
    """``call(method, path, body, token) -> (status, json)`` through an in-process test client."""
    client = app.test_client()

    def call(method, path, body=None, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = client.open(path, method=method, json=body, headers=headers)
        return response.status_code, (json.loads(response.data) if response.data else None)
    return call


def http_caller(port: int, timeout: float = 10):
    def call(method, path, body=None, token=None):
        return http_call(port, method, path, body, token, timeout=timeout)
    return call


def as_logged(move: dict) -> dict:
    """A move as legal-moves listed it, as the log keeps it: without its ``text`` (a description)."""
    return {key: value for key, value in move.items() if key != "text"}


@dataclass
class Ack:
    game_id: str
    version: int
    seat: int
    move: dict
    at: float


@dataclass
class Player:
    """Plays human-only games of the given rulesets, one move at a time, with expected_version.

    ``acks`` holds every move the server answered 200 to, with the monotonic time of the
    answer; ``failures`` every other outcome of a move (status or exception name).
    """

    call: object
    rulesets: list[str]
    seed: int = 0
    acks: list[Ack] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    games: dict = field(default_factory=dict)   # game_id -> {seat: token}
    current: str | None = None

    def new_game(self) -> str:
        ruleset = self.rulesets[len(self.games) % len(self.rulesets)]
        players = registry.get(ruleset).min_players
        status, created = self.call("POST", "/v1/games", {
            "ruleset": ruleset, "seed": self.seed * 1000 + len(self.games),
            "seats": [{"kind": "human"}] * players})
        assert status == 201, (status, created)
        self.games[created["game_id"]] = {s["seat"]: s["token"] for s in created["seats"]}
        self.current = created["game_id"]
        return self.current

    def step(self) -> bool:
        """One move in the current game (a new game when it ended); False on any failure."""
        game_id = self.current or self.new_game()
        tokens = self.games[game_id]
        status, view = self.call("GET", f"/v1/games/{game_id}")
        if status != 200:
            self.failures.append(f"view {status}")
            return False
        if view["status"] == "finished":
            self.new_game()
            return True
        seat = view["to_move"][0]
        status, listed = self.call("GET", f"/v1/games/{game_id}/legal-moves", token=tokens[seat])
        if status != 200:
            self.failures.append(f"legal-moves {status}")
            return False
        move = listed["moves"][(self.seed + listed["version"]) % len(listed["moves"])]
        status, body = self.call("POST", f"/v1/games/{game_id}/moves",
                                 {"move": move, "expected_version": listed["version"]}, tokens[seat])
        if status == 200:
            self.acks.append(Ack(game_id, body["version"], seat, as_logged(move), time.monotonic()))
            return True
        self.failures.append(f"move {status} {(body or {}).get('code')}")
        return False

    def play_until(self, stop: threading.Event, tolerate_failures: bool = False) -> None:
        while not stop.is_set():
            try:
                ok = self.step()
            except Exception as exc:  # connection refused/reset while a process is killed
                self.failures.append(type(exc).__name__)
                ok = False
            if not ok and not tolerate_failures:
                return
            if not ok:
                time.sleep(0.01)


def run_players(players: list[Player], seconds: float, tolerate_failures: bool = False,
                during=None) -> None:
    """Run the players in threads for ``seconds``; ``during()`` runs in this thread meanwhile."""
    stop = threading.Event()
    threads = [threading.Thread(target=p.play_until, args=(stop, tolerate_failures), daemon=True)
               for p in players]
    for thread in threads:
        thread.start()
    try:
        if during is not None:
            during()
        else:
            time.sleep(seconds)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
