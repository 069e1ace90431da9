"""Client seeds and provable fairness through the HTTP API, against the real Redis and worker:
the CLIENT_SEEDS setting per kind of ruleset, the view's seed_chosen_by_client and
seed_commitment, no seed in any answer before the end, and a finished game that replays
from its revealed seed and its seats' moves to the same final view."""

from __future__ import annotations

import dataclasses
import hashlib
import json

import pytest

from engine import Rng, registry, replay
from service.api.app import create_app
from service.config import Settings
from service.store import record_key

from ..service.helpers import TOY, assert_error, bearer, tokens

pytestmark = pytest.mark.usefixtures("redis_url", "toy_registered")
SHIPPED = sorted(registry.rulesets())
HIDDEN = {"targi", "woodwalkers"}
CHOSEN_SEED = 8_406_113_775_920_465_129


def client_with(client_seeds: str):
    settings = dataclasses.replace(Settings.from_env(), rate_limit="off", client_seeds=client_seeds)
    return create_app(settings).test_client()


def create(client, ruleset: str, seed: int | None = None):
    body = {"ruleset": ruleset, "seats": [{"kind": "human"}, {"kind": "human"}]}
    if seed is not None:
        body["seed"] = seed
    return client.post("/v1/games", json=body)


def commitment(seed: int) -> str:
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


def stored_seed(client, game_id: str) -> int:
    record, _ = client.application.extensions["spielwerk"].store.load(game_id)
    return record["match"]["seed"]


def game_keys(client) -> int:
    return sum(1 for _ in client.application.extensions["spielwerk"].store.redis.scan_iter(match="game:*"))


def test_the_rulesets_with_hidden_information_are_targi_and_woodwalkers():
    assert {ruleset for ruleset in SHIPPED if registry.get(ruleset).hidden_information} == HIDDEN


@pytest.mark.parametrize("ruleset", [*SHIPPED, TOY])
def test_allowed_takes_a_chosen_seed_and_tells_every_viewer(client, ruleset):
    chosen = create(client, ruleset, CHOSEN_SEED)
    assert chosen.status_code == 201, chosen.json
    assert chosen.json["seed_chosen_by_client"] is True
    assert chosen.json["seed_commitment"] == commitment(CHOSEN_SEED)
    view = client.get(f"/v1/games/{chosen.json['game_id']}").json
    assert (view["seed_chosen_by_client"], view["seed_commitment"]) == (True, commitment(CHOSEN_SEED))

    drawn = create(client, ruleset).json
    seed = stored_seed(client, drawn["game_id"])
    for answer in (drawn, client.get(f"/v1/games/{drawn['game_id']}").json):
        assert (answer["seed_chosen_by_client"], answer["seed_commitment"]) == (False, commitment(seed))


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_refused_refuses_every_chosen_seed_and_creates_nothing(ruleset):
    client = client_with("refused")
    before = game_keys(client)
    refused = create(client, ruleset, CHOSEN_SEED)
    assert_error(refused, 422, "seed_refused")
    assert refused.json["errors"] == {"client_seeds": "refused"}
    assert str(CHOSEN_SEED) not in refused.get_data(as_text=True)
    assert game_keys(client) == before
    drawn = create(client, ruleset)
    assert drawn.status_code == 201 and drawn.json["seed_chosen_by_client"] is False


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_perfect_information_only_refuses_chosen_seeds_for_hidden_information_only(ruleset):
    client = client_with("perfect_information_only")
    before = game_keys(client)
    answer = create(client, ruleset, CHOSEN_SEED)
    if ruleset in HIDDEN:
        assert_error(answer, 422, "seed_refused")
        assert answer.json["errors"] == {"client_seeds": "perfect_information_only"}
        assert game_keys(client) == before
    else:
        assert answer.status_code == 201 and answer.json["seed_chosen_by_client"] is True
    assert create(client, ruleset).status_code == 201


def test_a_record_stored_without_the_flag_counts_as_client_chosen(client):
    """Games stored before the flag existed load; the server cannot vouch for their seed."""
    game_id = create(client, TOY).json["game_id"]
    store = client.application.extensions["spielwerk"].store
    record = store.load(game_id)[0]
    del record["seed_chosen_by_client"]
    store.redis.hset(record_key(game_id), "record", json.dumps(record))
    view = client.get(f"/v1/games/{game_id}")
    assert view.status_code == 200 and view.json["seed_chosen_by_client"] is True


def every_answer(client, game_id: str, toks: dict) -> list:
    """Every answer a seat, a spectator or a wrong request gets about the game now."""
    headers = [{}, *(bearer(token) for token in toks.values())]
    answers = []
    for header in headers:
        for path in ("", "/history", "/legal-moves", "/board.svg", "/score"):
            answers.append(client.get(f"/v1/games/{game_id}{path}", headers=header))
    for seat, token in toks.items():
        for body in ({"move": {"type": "no-such-move"}}, {"move": {"type": "x"}, "expected_version": 10**9}):
            answers.append(client.post(f"/v1/games/{game_id}/moves", headers=bearer(token), json=body))
            answers.append(client.post(f"/v1/games/{game_id}/moves/validate", headers=bearer(token), json=body))
    return answers


def play_to_the_end(client, created: dict, check, max_moves: int = 3000) -> None:
    """Random legal moves by the human seats until the game ends, ``check()`` at every version
    before the end."""
    game_id, toks, agent = created["game_id"], tokens(created), Rng(5)
    for _ in range(max_moves):
        view = client.get(f"/v1/games/{game_id}").json
        if view["status"] == "finished":
            return
        check()
        seat = view["to_move"][0]
        moves = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[seat])).json["moves"]
        response = client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[seat]),
                               json={"move": agent.choice(moves)})
        assert response.status_code == 200, response.json
    raise AssertionError(f"{created['ruleset']} did not end within {max_moves} moves")


def replayed_views(client, created: dict) -> dict:
    """The finished game rebuilt by ``engine.replay`` from its revealed seed and each entry's move
    as the seat that made it sees it in its history; the views by viewer."""
    game_id, toks = created["game_id"], tokens(created)
    view = client.get(f"/v1/games/{game_id}").json
    histories = {seat: client.get(f"/v1/games/{game_id}/history", headers=bearer(token)).json["entries"]
                 for seat, token in toks.items()}
    moves = [(entry["seat"], histories[entry["seat"]][index]["move"])
             for index, entry in enumerate(histories[0]) if "seat" in entry]
    match = replay(registry.get(created["ruleset"]), len(created["seats"]), None, view["seed"], moves)
    assert match.version == view["version"]
    return {viewer: match.view(viewer) for viewer in (None, *toks)}


@pytest.mark.parametrize("ruleset", [*SHIPPED, TOY])
def test_the_seed_is_in_no_answer_before_the_end_and_replays_the_game_after_it(client, ruleset):
    created = create(client, ruleset).json
    game_id, toks = created["game_id"], tokens(created)
    seed = stored_seed(client, game_id)

    def no_seed_in_any_answer():
        for answer in every_answer(client, game_id, toks):
            assert str(seed) not in answer.get_data(as_text=True), (answer.request.path, answer.status_code)

    assert str(seed) not in json.dumps(created)
    play_to_the_end(client, created, no_seed_in_any_answer)

    final = client.get(f"/v1/games/{game_id}").json
    assert final["status"] == "finished" and final["seed"] == seed
    assert final["seed_commitment"] == created["seed_commitment"] == commitment(final["seed"])
    views = replayed_views(client, created)
    assert views[None] == final["state"]
    for seat, token in toks.items():
        assert views[seat] == client.get(f"/v1/games/{game_id}", headers=bearer(token)).json["state"]
