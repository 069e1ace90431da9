"""Redis round trips per request, counted by the server (MONITOR; service/dev/command_log.py).

One Redis of its own (the game store, the rate limiter's counters and the broker alike) and
the app in this process with the rate limits on and a webhook-less game: for a move between
two human seats, a move after which an AI seat is due (the task is enqueued on the broker,
which counts), a view and the legal moves, the commands clients sent while the request ran,
the scripts' own commands left out. The first move of each game warms the connections up
and is not counted.

    .venv/bin/python bench/bench_round_trips.py [--ruleset great-plains]
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.api.app import create_app  # noqa: E402
from service.config import Settings  # noqa: E402
from service.dev.command_log import CommandLog  # noqa: E402
from service.dev.embedded_redis import EmbeddedRedis, free_port  # noqa: E402


def counted(url: str, request) -> list[str]:
    with CommandLog(url) as log:
        answer = request()
    assert answer.status_code in (200, 201), answer.get_json()
    return log.names()


def measure(client, url: str, ruleset: str, seats: list[dict]) -> dict[str, list[str]]:
    """The commands of each kind of request on a new game of ``ruleset`` with ``seats``."""
    created = client.post("/v1/games", json={"ruleset": ruleset, "seats": seats, "seed": 5}).get_json()
    game_id, token = created["game_id"], created["seats"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}

    def move():
        listed = client.get(f"/v1/games/{game_id}/legal-moves", headers=auth).get_json()
        return lambda: client.post(f"/v1/games/{game_id}/moves", headers=auth,
                                   json={"move": listed["moves"][0], "expected_version": listed["version"]})

    seen = {"GET view": counted(url, lambda: client.get(f"/v1/games/{game_id}", headers=auth)),
            "GET legal-moves": counted(url, lambda: client.get(f"/v1/games/{game_id}/legal-moves", headers=auth))}
    if seats[1]["kind"] == "human":
        move()()                                             # warm-up: seat 0, then seat 1 plays
        token = created["seats"][1]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        seen["POST move (2 humans)"] = counted(url, move())
    else:
        seen["POST move (AI reply due)"] = counted(url, move())
    return seen


def run(ruleset: str) -> dict[str, list[str]]:
    server = EmbeddedRedis(free_port()).start()
    try:
        settings = dataclasses.replace(Settings.from_env(), redis_url=server.url, broker_url=server.url,
                                       rate_limit="100000 per minute", max_active_games_per_client=0)
        client = create_app(settings).test_client()
        measure(client, server.url, ruleset, [{"kind": "human"}] * 2)       # warms every connection up
        seen = measure(client, server.url, ruleset, [{"kind": "human"}] * 2)
        with_ai = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
        measure(client, server.url, ruleset, with_ai)                        # ... and the broker's
        seen.update(measure(client, server.url, ruleset, with_ai))
        return seen
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ruleset", default="great-plains")
    args = parser.parse_args()
    for request, names in run(args.ruleset).items():
        print(f"{request:26s} {len(names)} round trips: {' '.join(names)}")


if __name__ == "__main__":
    main()
