"""Playing games over HTTP and reading their streams, for the stream tests."""

from __future__ import annotations

import random
import threading
import time

from tests.reliability.procs import http_call

from .sse import Stream

RULESETS = ["carcassonne-hg", "great-plains", "targi", "woodwalkers"]


def create(port: int, ruleset: str, humans: int = 1, players: int = 2, seed: int | None = None) -> tuple[str, dict, str]:
    seats = [{"kind": "human"} if i < humans else {"kind": "ai", "level": "random"} for i in range(players)]
    body = {"ruleset": ruleset, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    status, created = http_call(port, "POST", "/v1/games", body)
    assert status == 201, created
    return created["game_id"], {s["seat"]: s["token"] for s in created["seats"] if "token" in s}, \
        created["admin_token"]


def play_out(port: int, game_id: str, tokens: dict, seed: int = 1, deadline: float = 240,
             stop_at: int | None = None) -> dict:
    """The human seats play random legal moves until the game ends (or reaches ``stop_at``)."""
    rng = random.Random(seed)
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        status, view = http_call(port, "GET", f"/v1/games/{game_id}")
        if status != 200:
            time.sleep(0.1)
            continue
        if view["status"] == "finished" or (stop_at is not None and view["version"] >= stop_at):
            return view
        mine = [s for s in view["to_move"] if s in tokens]
        if not mine:
            time.sleep(0.02)
            continue
        seat = rng.choice(mine)
        status, legal = http_call(port, "GET", f"/v1/games/{game_id}/legal-moves", token=tokens[seat])
        if status != 200 or legal["version"] != view["version"] or not legal["moves"]:
            continue
        http_call(port, "POST", f"/v1/games/{game_id}/moves",
                  {"move": rng.choice(legal["moves"]), "expected_version": view["version"]}, token=tokens[seat])
    raise AssertionError(f"{game_id} did not end within {deadline} s")


def history(port: int, game_id: str, token: str | None = None) -> list[dict]:
    entries, since = [], None
    while True:
        path = f"/v1/games/{game_id}/history" + ("" if since is None else f"?since={since}")
        status, page = http_call(port, "GET", path, token=token)
        assert status == 200, page
        entries += page["entries"]
        if not page["more"]:
            return entries
        since = entries[-1]["version"]


class Reader(threading.Thread):
    """Reads a stream to its end in the background."""

    def __init__(self, port: int, path: str, token: str | None = None, last_id: int | None = None):
        super().__init__(daemon=True)
        self.stream = Stream(port, path, token=token, last_id=last_id, timeout=60)
        assert self.stream.status == 200, self.stream.json()
        self.messages: list[dict] = []
        self.error: Exception | None = None
        self.start()

    def run(self):
        try:
            for message in self.stream.messages():
                self.messages.append(message)
        except Exception as error:  # the test reports it
            self.error = error

    def finish(self, timeout: float = 60) -> list[dict]:
        self.join(timeout)
        assert not self.is_alive(), "the stream did not end"
        assert self.error is None, self.error
        return self.messages


def check_matches_history(messages: list[dict], entries: list[dict], view: dict) -> None:
    """One message per version, in order, each the history entry plus to_move and status; the
    final sheet last."""
    moves = [m for m in messages if m["event"] == "move"]
    assert [m["id"] for m in moves] == [e["version"] for e in entries], "a version skipped or repeated"
    for message, entry in zip(moves, entries):
        data = dict(message["data"])
        assert data.pop("status") in ("active", "finished")
        assert isinstance(data.pop("to_move"), list)
        assert data == entry, (message["id"], data, entry)
    assert moves[-1]["data"]["to_move"] == view["to_move"] and moves[-1]["data"]["status"] == view["status"]
    assert messages[-1]["event"] == "final" and messages[-1]["id"] == view["version"]
