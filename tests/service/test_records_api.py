"""Game records over HTTP: a game's record (complete at the end, redacted before), POST
/v1/records/validate, the batch on the worker, and the offline tool: all give the same verdicts."""

import json
import subprocess
import sys

from engine import Rng
from engine.records import validate
from service.records import MAX_BATCH_RECORDS

from .helpers import assert_error, bearer, create, tokens, wait_for


def play_to_the_end(client, created, seed: int) -> None:
    """Play random legal moves for the human seats until the game has ended."""
    game_id, keys, rng = created["game_id"], tokens(created), Rng(seed)
    while True:
        game = client.get(f"/v1/games/{game_id}").json
        if game["status"] != "active":
            return
        seat = game["to_move"][0]
        moves = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(keys[seat])).json["moves"]
        moved = client.post(f"/v1/games/{game_id}/moves", headers=bearer(keys[seat]),
                            json={"move": rng.choice(moves), "expected_version": game["version"]})
        assert moved.status_code == 200, moved.json


def record_of(client, game_id, token=None):
    answer = client.get(f"/v1/games/{game_id}/record", headers=bearer(token) if token else {})
    assert answer.status_code == 200, answer.json
    return answer.json


def offline(tmp_path, record) -> tuple[int, dict]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = subprocess.run([sys.executable, "-m", "engine.records", "validate", str(path)], capture_output=True,
                          text=True)
    return done.returncode, json.loads(done.stdout)


def test_a_finished_games_record_checks_alike_everywhere(client, tmp_path):
    created = create(client, ruleset="great-plains", seed=11)
    play_to_the_end(client, created, 11)
    game_id = created["game_id"]
    record = record_of(client, game_id)
    assert record == record_of(client, game_id, tokens(created)[0])   # complete for everyone at the end
    score = wait_for(lambda: (answer := client.get(f"/v1/games/{game_id}/score").json)["status"] == "final"
                     and answer, what="the final sheet")
    totals = [(line["seat"], line["total"], line["breakdown"]) for line in record["result"]["scores"]]
    assert totals == [(line["seat"], line["total"], line["breakdown"]) for line in score["scores"]]
    assert record["result"]["winners"] == score["winners"]
    broken = {**record, "steps": record["steps"][:6] + [record["steps"][2]] + record["steps"][7:]}
    short = {**record, "steps": record["steps"][:9], "result": None}
    batch = [record, broken, short]
    verdicts = [client.post("/v1/records/validate", json=each).json for each in batch]
    assert [v["valid"] for v in verdicts] == [True, False, True]
    assert verdicts[0]["status"] == "finished" and verdicts[0]["result"] == record["result"]
    assert verdicts[1]["first_error"]["index"] == 6 and verdicts[2]["status"] == "active"
    assert verdicts == [validate(each) for each in batch]
    for each, verdict in zip(batch, verdicts):
        assert offline(tmp_path, each) == (0 if verdict["valid"] else 1, verdict)
    task = client.post("/v1/records/validate-batch", json={"records": batch})
    assert task.status_code == 202, task.json
    url = f"/v1/records/validate-batch/{task.json['task_id']}"
    done = wait_for(lambda: (answer := client.get(url).json)["state"] == "SUCCESS" and answer, what="the batch")
    assert done["result"] == {"verdicts": verdicts}


def test_a_running_games_record_is_what_the_viewer_may_know(client):
    """Targi (hand_visibility secret): the drawer's own secret tribe draws are in its record; the
    other seat's and a spectator's record leave them out; a checked redacted record stops there."""
    created = create(client, ruleset="targi", seed=3)
    game_id, keys, rng = created["game_id"], tokens(created), Rng(3)
    while True:
        spectator = record_of(client, game_id)
        hidden = [i for i, step in enumerate(spectator["steps"]) if step == {"chance": None}]
        if hidden:
            break
        game = client.get(f"/v1/games/{game_id}").json
        seat = game["to_move"][0]
        moves = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(keys[seat])).json["moves"]
        client.post(f"/v1/games/{game_id}/moves", headers=bearer(keys[seat]), json={"move": rng.choice(moves)})
    assert spectator["viewer"] is None and "result" not in spectator
    seen = [record_of(client, game_id, keys[seat]) for seat in (0, 1)]
    left_out = [[i for i, step in enumerate(r["steps"]) if step == {"chance": None}] for r in seen]
    assert sorted(left_out) == [[], hidden] and [r["viewer"] for r in seen] == [0, 1]   # the drawer sees its draw
    verdict = client.post("/v1/records/validate", json=spectator).json
    assert verdict["first_error"]["code"] == "hidden_outcome" and verdict["first_error"]["index"] == hidden[0]


def test_bad_record_requests(client):
    assert_error(client.get("/v1/games/nope/record"), 404, "not_found")
    assert_error(client.post("/v1/records/validate", json={"format": 1}), 422, "malformed_request")
    assert_error(client.post("/v1/records/validate-batch", json={"records": []}), 422, "malformed_request")
    tiny = {"format": 1, "ruleset": "targi", "rules_version": "1", "players": 2, "options": {}, "steps": []}
    assert_error(client.post("/v1/records/validate-batch", json={"records": [tiny] * (MAX_BATCH_RECORDS + 1)}),
                 422, "malformed_request")
    assert_error(client.get("/v1/records/validate-batch/nope"), 404, "not_found")
    created = create(client, ruleset="great-plains")
    assert_error(client.get(f"/v1/games/{created['game_id']}/record", headers=bearer("wrong")), 401, "unauthorized")


def test_an_ended_games_record_is_complete_for_everyone(client):
    """Aborted too: its record shows every outcome, as its seed is public then."""
    created = create(client, ruleset="targi", seed=3)
    game_id = created["game_id"]
    running = record_of(client, game_id)
    assert running["viewer"] is None
    aborted = client.post(f"/v1/games/{game_id}/abort", headers=bearer(created["admin_token"]), json={})
    assert aborted.status_code == 200, aborted.json
    record = record_of(client, game_id)
    assert "viewer" not in record and "result" not in record
    assert validate(record)["valid"] and validate(record)["status"] == "active"
