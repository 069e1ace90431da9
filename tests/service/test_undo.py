"""Undo (game option ``"undo": "own_last_move"``, issue 17): the Board Game Arena policy over
the real stack, and the replay of seed and log through undos, for every ruleset."""

from __future__ import annotations

import random

import pytest

from engine import Match, registry
from engine.match import AUTO_MOVE
from engine.records import build, validate
from service.undo import replay_log

from .helpers import TOY, assert_error, bearer, tokens

#: the event types each ruleset's rules reveal hidden information with (this test's own list)
REVEALS = {"targi": {"revealed", "drew_goods_card", "drew_tribe_card"}, "woodwalkers": {"duel", "reveal"}}
#: the refusals each ruleset must show within the moves played (besides one accepted undo): a
#: reason, or the event type of a reveal (a Targi face-down card turned, a Woodwalkers night duel)
EXPECTED = {"targi": {"reveal", "revealed"}, "woodwalkers": {"reveal", "duel"}, "carcassonne-hg": {"chance"}}
OPTIONS = {"woodwalkers": {"variant": "night"}}
SEEDS = {"woodwalkers": 4}   # random play with this seed reaches a night duel within 60 decisions
#: move types played first when legal (towards duels)
PREFERRED = ["guess", "no_guess", "accept", "duel_roll", "move", "roll"]


def pick(rng: random.Random, moves: list[dict]) -> dict:
    for kind in PREFERRED:
        found = [move for move in moves if move["type"] == kind]
        if found:
            return rng.choice(found)
    return rng.choice(moves)


def created(client, ruleset_id, undo="own_last_move", seed=11):
    players = registry.get(ruleset_id).min_players
    answer = client.post("/v1/games", json={"ruleset": ruleset_id, "seed": seed, "undo": undo,
                                            "options": OPTIONS.get(ruleset_id, {}),
                                            "seats": [{"kind": "human"}] * players})
    assert answer.status_code == 201, answer.json
    return answer.json


def expected_refusal(ruleset_id, entry, seat):
    if any(e.get("type") in REVEALS.get(ruleset_id, ()) or "_private" in e for e in entry["events"]):
        return "reveal"
    if any("chance" in step for step in entry["steps"]):
        return "chance"
    if any(e.get("type") == AUTO_MOVE and e["seat"] != seat for e in entry["events"]):
        return "not_your_decision"
    return None


@pytest.mark.parametrize("ruleset_id", sorted(registry.rulesets()))
def test_undo_follows_the_policy_and_the_log_replays_every_version(client, app, ruleset_id):
    game = created(client, ruleset_id, seed=SEEDS.get(ruleset_id, 11))
    game_id, toks = game["game_id"], tokens(game)
    store = app.extensions["spielwerk"].store
    seen, accepted, rng = set(), 0, random.Random(3)
    views = {0: client.get(f"/v1/games/{game_id}").json["state"]}
    redo = None   # the undone move: played again (and not undone), so the game goes on as without undos
    for _ in range(300):
        view = client.get(f"/v1/games/{game_id}").json
        if view["status"] != "active" or (accepted and EXPECTED.get(ruleset_id, set()) <= seen):
            break
        seat = view["to_move"][0]
        before = client.get(f"/v1/games/{game_id}", headers=bearer(toks[seat])).json["state"]
        move = redo or pick(rng, client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[seat])).json["moves"])
        played = client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[seat]), json={"move": move})
        version = played.json["version"]
        views[version] = client.get(f"/v1/games/{game_id}").json["state"]
        if redo:
            redo = None
            continue
        if client.get(f"/v1/games/{game_id}").json["status"] != "active":
            answer = client.post(f"/v1/games/{game_id}/undo", headers=bearer(toks[seat]),
                                 json={"expected_version": version})
            assert_error(answer, 409, "game_over")
            break
        entry = store.log(game_id, version - 1, 1)[0]
        reason = expected_refusal(ruleset_id, entry, seat)
        answer = client.post(f"/v1/games/{game_id}/undo", headers=bearer(toks[seat]), json={"expected_version": version})
        if reason is None:
            assert answer.status_code == 200, answer.json
            assert answer.json["version"] == version + 1 and answer.json["state"] == before
            views[version + 1] = client.get(f"/v1/games/{game_id}").json["state"]
            assert views[version + 1] == views[version - 1]
            assert client.get(f"/v1/games/{game_id}/history?since={version}").json["entries"][0]["events"] == [
                {"type": "undo", "seat": seat, "undone_version": version, "text": f"Player {seat + 1} takes back a move"}]
            accepted += 1
            redo = move
        else:
            assert_error(answer, 409, "undo_not_allowed")
            assert answer.json["errors"]["reason"] == reason, (entry, answer.json)
            seen |= {reason, *(e.get("type") for e in entry["events"] if reason == "reveal")}
    assert accepted and EXPECTED.get(ruleset_id, set()) <= seen, (accepted, seen)
    record, _ = store.load(game_id)
    replayed = []
    final = replay_log(record, store.log(game_id), each=lambda m: replayed.append(m.view(None)))
    assert final.to_json() == record["match"]
    assert validate(build(final, store.log(game_id)))["valid"]    # the game record leaves the undone steps out
    assert replayed == [views[v] for v in range(len(replayed))] and len(replayed) == record["version"] + 1


def test_undo_is_refused_when_off_after_another_seats_move_and_at_a_stale_version(client):
    game = created(client, TOY, undo="off")
    game_id, toks = game["game_id"], tokens(game)
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    move = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[seat])).json["moves"][0]
    client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[seat]), json={"move": move})
    answer = client.post(f"/v1/games/{game_id}/undo", headers=bearer(toks[seat]), json={"expected_version": 1})
    assert_error(answer, 409, "undo_not_allowed")
    assert answer.json["errors"]["reason"] == "undo_off"

    game = created(client, TOY)
    game_id, toks = game["game_id"], tokens(game)
    first = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    move = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[first])).json["moves"][0]
    client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[first]), json={"move": move})
    assert_error(client.post(f"/v1/games/{game_id}/undo", headers=bearer(toks[first]), json={"expected_version": 0}),
                 409, "stale_version")
    other = bearer(toks[1 - first])
    answer = client.post(f"/v1/games/{game_id}/undo", headers=other, json={"expected_version": 1})
    assert answer.json["errors"]["reason"] == "not_your_decision"
    assert client.post(f"/v1/games/{game_id}/undo", headers=bearer(toks[first]),
                       json={"expected_version": 1}).status_code == 200
    answer = client.post(f"/v1/games/{game_id}/undo", headers=bearer(toks[first]), json={"expected_version": 2})
    assert answer.json["errors"]["reason"] == "nothing_to_undo"
    assert client.get(f"/v1/games/{game_id}").json["to_move"] == [first]



def test_a_companion_games_log_replays_through_an_undo(toy_registered):
    """The table's chance outcomes (``"chance": "table"``) are dealt again by the replay."""
    match = Match.create(toy_registered, 2, {}, 9, chance="table")
    log = [match.deal(card) for card in (3, 5, 7, 9)]          # the deal: two cards each
    before = match.to_json()
    seat = match.to_move()[0]
    log.append(match.play(seat, match.legal_moves(seat)[0]))
    log.append({"version": 6, "events": [{"type": "undo", "seat": seat, "undone_version": 5}], "steps": [],
                "undo": {"seat": seat, "to_version": 4}})
    record = {"ruleset": TOY, "match": {**before, "version": 6}}
    assert replay_log(record, log).to_json() == {**before, "version": 6}
