"""The generated clients, exercised (make clients): a whole game of every ruleset against AI seats
through the TypeScript client (openapi-typescript + openapi-fetch, clients/typescript/play.ts
compiled by tsc --strict, run by node) and through the Python client (openapi-python-client,
clients/python/play.py), against the real stack: gunicorn, a Celery worker, Redis.

Each player branches on typed error codes and checks on its own: a deliberate 404 reads
`not_found`, a stale `expected_version` reads `stale_version` (409), a move after the end reads
`game_over` (409), the score sheet is final, board.svg answers the SVG text, its own moves are in
the history. Here: the summaries agree with the server (status, version, history, score), and the
stored log replays to the stored game. Missing node or generated code is a failure, not a skip.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from ..reliability.procs import ROOT, Processes, check_consistent, http_call, service_env, store_for

TS_PLAYER = ROOT / "clients" / "typescript" / "dist" / "play.js"
PY_PLAYER = ROOT / "clients" / "python" / "play.py"
PY_CLIENT = ROOT / "clients" / "python" / "generated" / "spielwerk_client"
SPEC = ROOT / "openapi" / "openapi.json"

# (client, ruleset, players): every ruleset through each client; seat counts across their ranges
GAMES = [
    ("typescript", "carcassonne-hg", 5), ("typescript", "great-plains", 2), ("typescript", "targi", 2),
    ("typescript", "woodwalkers", 4),
    ("python", "carcassonne-hg", 2), ("python", "great-plains", 2), ("python", "targi", 2),
    ("python", "woodwalkers", 3),
]


@pytest.fixture(scope="module")
def generated():
    """The clients of the current spec: `make clients` unless make test has just made them."""
    outputs = [TS_PLAYER, PY_CLIENT / "__init__.py"]
    inputs = [SPEC, ROOT / "clients" / "typescript" / "play.ts", ROOT / "clients" / "python" / "openapi-python-client.yaml",
              ROOT / "clients" / "python" / "model_template.py"]
    if not all(p.exists() for p in outputs) or \
            min(p.stat().st_mtime for p in outputs) < max(p.stat().st_mtime for p in inputs):
        run = subprocess.run(["make", "clients"], cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert shutil.which("node"), "node is needed to run the TypeScript client"
    return True


@pytest.fixture(scope="module")
def stack(tmp_path_factory, generated):
    with Processes(tmp_path_factory.mktemp("clients")) as procs:
        redis = procs.redis()
        env = service_env(redis.url, MAX_ACTIVE_GAMES_PER_CLIENT="off")
        procs.worker("worker", env)
        _, port = procs.gunicorn("api", env, workers=2)
        yield redis, port


def play(client: str, ruleset: str, players: int, port: int) -> dict:
    base = f"http://127.0.0.1:{port}"
    args = (["node", str(TS_PLAYER)] if client == "typescript" else [sys.executable, str(PY_PLAYER)])
    run = subprocess.run([*args, base, ruleset, str(players)], cwd=ROOT, capture_output=True, text=True,
                         timeout=240, env={**os.environ, "NO_COLOR": "1"})
    assert run.returncode == 0, f"{client} {ruleset}: {run.stderr[-4000:]}"
    return json.loads(run.stdout.strip().splitlines()[-1])


def history(port: int, game_id: str) -> list[dict]:
    """The whole log as a spectator sees it (paged)."""
    entries, since = [], None
    while True:
        query = "?limit=500" + ("" if since is None else f"&since={since}")
        status, page = http_call(port, "GET", f"/v1/games/{game_id}/history{query}")
        assert status == 200, page
        entries += page["entries"]
        if not page["more"] or not page["entries"]:
            return entries
        since = page["entries"][-1]["version"]


def test_whole_games_of_every_ruleset_through_both_generated_clients(stack):
    redis, port = stack
    with ThreadPoolExecutor(max_workers=4) as pool:
        summaries = list(pool.map(lambda game: play(*game, port), GAMES))

    store = store_for(redis.url)
    for (client, ruleset, players), summary in zip(GAMES, summaries):
        what = f"{client} {ruleset}"
        assert (summary["client"], summary["ruleset"], summary["players"]) == (client, ruleset, players)
        assert summary["status"] == "finished", what
        # the typed errors, read by code
        assert summary["checks"] == {"not_found": "not_found", "stale_version": "stale_version",
                                     "game_over": "game_over"}, what
        assert set(summary["errors_seen"]) <= {"stale_version", "not_your_turn", "game_over"}, what
        assert summary["moves_played"] > 0 and summary["svg_chars"] > 0, what

        # the server agrees: the game, its log, its score sheet
        status, game = http_call(port, "GET", f"/v1/games/{summary['game_id']}")
        assert status == 200 and game["status"] == "finished", what
        assert game["version"] == summary["version"], what
        assert [s["kind"] for s in game["seats"]] == ["human"] + ["ai"] * (players - 1), what
        log = history(port, summary["game_id"])
        assert summary["history"] == {"entries": len(log), "version": game["version"]}, what
        assert [e["version"] for e in log] == list(range(len(log))), what
        mine = {m["version"]: m["move"] for m in summary["my_moves"]}
        assert len(mine) == summary["moves_played"], what
        assert {e["version"] for e in log if e.get("seat") == summary["seat"]} == set(mine), what
        for version, move in mine.items():
            shown = log[version]["move"]  # a spectator sees some moves by their type only (Woodwalkers)
            assert shown == move or shown == {"type": move["type"]}, (what, version, shown, move)
        status, score = http_call(port, "GET", f"/v1/games/{summary['game_id']}/score")
        assert status == 200 and score["status"] == "final", what
        assert summary["score"] == {"status": "final", "winners": score["winners"],
                                    "totals": [[line["seat"], line["total"]] for line in score["scores"]]}, what
        record, stored_log = check_consistent(store, summary["game_id"])
        assert record["version"] == len(stored_log) == summary["version"], what
