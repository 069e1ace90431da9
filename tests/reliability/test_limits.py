"""Limits by design through the HTTP API (docs/operations.md, "Limits"): component data
above a game's maxima is refused at once as ``422 invalid_options`` with a ``too_large``
problem at its JSON Pointer; data at the limits cannot amplify; a create or move past
the record ceiling or the automatic-step limit answers ``422 limit_exceeded`` and
stores nothing."""

from __future__ import annotations

import copy
import json
import time

import pytest

from engine import match as match_module
from engine.games.carcassonne_hg import components as carcassonne
from engine.games.targi import components as targi
from engine.games.woodwalkers import components as woodwalkers
from service import store

from ..service.helpers import assert_error, bearer, create, tokens

#: within the strict JSON range, and far beyond any table, deck or draw a game can make
HUGE = 2 ** 62
HUMANS = [{"kind": "human"}, {"kind": "human"}]
WITH_AI = [{"kind": "human"}, {"kind": "ai", "level": "random"}]


def carcassonne_huge_count():
    data = copy.deepcopy(carcassonne.load_data("hg2002-default"))
    data["tiles"][5]["count"] = HUGE
    return {"customTileSet": data}, "/customTileSet/tiles/5/count"


def targi_huge_copies():
    data = copy.deepcopy(targi.packaged())
    data["goods_cards"][2]["copies"] = HUGE
    return {"cards": data}, "/cards/goods_cards/2/copies"


def woodwalkers_huge_count():
    tiles = copy.deepcopy(woodwalkers.component_sets()["default"]["forest_tiles"])
    tiles[3]["count"] = HUGE
    return {"components": {"forest_tiles": tiles}}, "/components/forest_tiles/3/count"


def woodwalkers_huge_board():
    return {"components": {"board": {"rows": ["." * 120] * 120}}}, "/components/board/rows"


CASES = {"carcassonne-hg": carcassonne_huge_count, "targi": targi_huge_copies,
         "woodwalkers": woodwalkers_huge_count, "woodwalkers-board": woodwalkers_huge_board}


@pytest.mark.parametrize("seats", [HUMANS, WITH_AI], ids=["humans", "with-ai"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_create_with_data_above_a_maximum_is_refused_quickly(client, case, seats):
    options, path = CASES[case]()
    body = {"ruleset": case.removesuffix("-board"), "seats": seats, "seed": 1, "options": options}
    started = time.monotonic()
    response = client.post("/v1/games", json=body)
    assert time.monotonic() - started < 2.0
    assert_error(response, 422, "invalid_options")
    assert {"path": path, "code": "too_large"} in [
        {"path": p["path"], "code": p["code"]} for p in response.json["errors"]["problems"]]


def test_tiles_that_never_fit_make_a_small_record_and_history(client):
    """The issue's 630-byte body: every land tile fits nowhere; at the tile limit the opening
    removes them all, and what is stored and answered stays small."""
    def tile(tile_id, kind, side, zone, count):
        return {"id": tile_id, "kind": kind, "count": count, "sides": [{"type": side, "zone": 0}] * 4,
                "zones": [{"id": 0, "type": zone}]}
    data = {"format": "hg-tileset/1", "tileSet": "never", "edition": "hg2002", "status": "derived",
            "tiles": [tile("S", "start", "F", "forest", 1), tile("L", "land", "M", "meadow", HUGE)]}
    body = {"ruleset": "carcassonne-hg", "seats": HUMANS, "seed": 1, "options": {"customTileSet": data}}
    refused = client.post("/v1/games", json=body)
    assert_error(refused, 422, "invalid_options")
    data["tiles"][1]["count"] = carcassonne.MAX_TILES - 1
    created = create(client, seats=HUMANS, ruleset="carcassonne-hg", options={"customTileSet": data})
    history = client.get(f"/v1/games/{created['game_id']}/history")
    assert history.status_code == 200
    assert len(history.get_data()) < 200_000
    assert client.get(f"/v1/games/{created['game_id']}").json["status"] == "finished"


def test_a_create_whose_record_would_pass_the_ceiling_stores_nothing(client, monkeypatch):
    monkeypatch.setattr(store, "MAX_RECORD_BYTES", 1000)
    response = client.post("/v1/games", json={"ruleset": "targi", "seats": HUMANS, "seed": 1})
    assert_error(response, 422, "limit_exceeded")
    assert response.json["errors"] == {"limit": "record_bytes", "maximum": 1000}


def test_a_move_whose_record_would_pass_the_ceiling_changes_nothing(client, monkeypatch):
    created = create(client, seats=HUMANS, ruleset="great-plains", options={"first_cave_player": 0})
    game_id, seat_token = created["game_id"], tokens(created)[0]
    url = f"/v1/games/{game_id}"
    move = client.get(f"{url}/legal-moves", headers=bearer(seat_token)).json["moves"][0]
    monkeypatch.setattr(store, "MAX_RECORD_BYTES", 1000)
    refused = client.post(f"{url}/moves", json={"move": move}, headers=bearer(seat_token))
    assert_error(refused, 422, "limit_exceeded")
    assert client.get(url).json["version"] == 0
    assert len(client.get(f"{url}/history").json["entries"]) == 1
    monkeypatch.undo()
    assert client.post(f"{url}/moves", json={"move": move}, headers=bearer(seat_token)).status_code == 200


def test_a_create_past_the_automatic_step_limit_answers_limit_exceeded(client, monkeypatch):
    """A random Woodwalkers arrangement is 14 chance steps; with a limit of 5 the create is
    refused with the contract's error, not a 500."""
    monkeypatch.setattr(match_module, "MAX_AUTO_STEPS", 5)
    response = client.post("/v1/games", json={"ruleset": "woodwalkers", "seats": HUMANS, "seed": 1,
                                              "options": {"arrangement": "random"}})
    assert_error(response, 422, "limit_exceeded")
    assert json.loads(response.get_data())["errors"] == {"limit": "auto_steps", "maximum": 5}
