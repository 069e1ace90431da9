"""Every ruleset's moves, options, views and events are named components of the served spec,
and real answers of whole games, played through the HTTP API, validate against them.

Per ruleset and option variant, a game of human seats is played to its end with random
legal moves of a fixed seed. Validated (JSON Schema 2020-12, ``#/components/schemas/...``
resolved in the served /openapi.json): the create body and answer, every seat's and a
spectator's view at several versions, every legal-moves item and answer, every move body,
every move answer with its events, a hint, and every seat's and a spectator's history with
each entry's events and move. The last test proves the check bites: a spec with a hidden
Targi field described wrongly refuses the real answers.
"""

from __future__ import annotations

import copy
import json
import random

import jsonschema_rs
import pytest

from engine import registry
from engine.match import AUTO_MOVE, Match
from service.api.service_events import SERVICE_EVENTS
from service.api.ruleset_schemas import AI_FALLBACK_EVENT, event_name, move_name, prefix, rulesets_documented
from service.games import AI_FALLBACK

from .helpers import bearer, wait_for

REF = "#/components/schemas/"
RULESETS = ["carcassonne-hg", "great-plains", "targi", "woodwalkers"]
#: (ruleset, options, seats): the default game, and variants with other hidden information or moves
GAMES = [
    ("carcassonne-hg", {}, 2),
    ("carcassonne-hg", {"membersOnLakes": True}, 3),
    ("great-plains", {}, 2),
    ("great-plains", {"totem_move_form": "two_step", "bear_push_direction": "player_choice",
                      "bear_requires_adjacency": False, "bear_push_into_occupied": "remove"}, 2),
    ("targi", {}, 2),
    ("targi", {"hand_visibility": "recall", "discard_piles_public": False}, 2),
    ("woodwalkers", {}, 2),
    ("woodwalkers", {"variant": "night"}, 3),
]
VIEW_EVERY = 7          # versions between two rounds of views (every seat and a spectator)
MAX_MOVES = 3000


class Spec:
    """Validators of the served spec's components, each resolving refs in the whole document."""

    def __init__(self, document: dict):
        self.document = document
        self.components = document["components"]["schemas"]
        self._validators = {}
        self.counts: dict[str, int] = {}

    def check(self, name: str, instance, what: str = "") -> None:
        validator = self._validators.get(name)
        if validator is None:
            validator = jsonschema_rs.Draft202012Validator({"$ref": REF + name, "components": self.document["components"]})
            self._validators[name] = validator
        errors = [f"{error.message} at {list(error.instance_path)}" for error in validator.iter_errors(instance)]
        assert not errors, f"{what or name}: {instance!r:.600} is not a valid {name}: {errors[:3]}"
        self.counts[name] = self.counts.get(name, 0) + 1


@pytest.fixture(scope="module")
def spec(app):
    return Spec(app.test_client().get("/openapi.json").json)


def test_every_move_option_view_and_event_type_has_its_uniquely_named_component(spec):
    names = []
    for ruleset_id in RULESETS:
        ruleset = registry.get(ruleset_id)
        p = prefix(ruleset_id)
        own = [f"{p}Move", f"{p}Options", f"{p}View", f"{p}Event", f"{p}CreateGame",
               *(move_name(ruleset, t) for t in ruleset.move_schemas),
               *(event_name(ruleset, t) for t in [*ruleset.event_schemas, AUTO_MOVE])]
        names += own
        for name in own:
            assert name in spec.components, name
        moves = spec.components[f"{p}Move"]
        assert moves["discriminator"]["propertyName"] == "type"
        assert set(moves["discriminator"]["mapping"]) == set(ruleset.move_schemas)
        for move_type, target in moves["discriminator"]["mapping"].items():
            assert spec.components[target.removeprefix(REF)]["properties"]["type"]["enum"] == [move_type]
        events = spec.components[f"{p}Event"]["discriminator"]["mapping"]
        assert set(events) == {*ruleset.event_schemas, AUTO_MOVE, *SERVICE_EVENTS}
        assert events[AI_FALLBACK] == REF + AI_FALLBACK_EVENT
    assert len(names) == len(set(names)), "a component name made for two rulesets"
    assert {r.id for r in rulesets_documented()} >= set(RULESETS)
    # the create body is a oneOf discriminated on the ruleset, each with its own options
    body = spec.components["CreateGameIn"]
    assert body["discriminator"]["propertyName"] == "ruleset"
    for ruleset_id in RULESETS:
        variant = spec.components[body["discriminator"]["mapping"][ruleset_id].removeprefix(REF)]
        assert variant["properties"]["ruleset"]["enum"] == [ruleset_id]
        assert variant["properties"]["options"]["$ref"] == REF + prefix(ruleset_id) + "Options"


def test_the_operations_refer_to_the_rulesets_components(spec):
    text = str(spec.document["paths"])
    assert REF + "CreateGameIn" in text and REF + "MoveIn" in text
    move = spec.components["MoveIn"]["properties"]["move"]
    assert [s["$ref"] for s in move["anyOf"]] == [REF + prefix(r) + "Move" for r in RULESETS]
    assert spec.components["LegalMovesOut"]["properties"]["moves"]["items"]["anyOf"] == move["anyOf"]
    views = [REF + prefix(r) + "View" for r in RULESETS]
    for component in ("GameOut", "CreatedOut", "MoveOut"):
        assert [s["$ref"] for s in spec.components[component]["properties"]["state"]["oneOf"]] == views
    events = spec.components["MoveOut"]["properties"]["events"]["items"]["anyOf"]
    assert [s["$ref"] for s in events] == [REF + prefix(r) + "Event" for r in RULESETS]


def test_hidden_information_is_described_as_possibly_absent_or_null(spec):
    player = spec.components["TargiViewPlayer"]
    assert "hand" not in player["required"] and "hidden" in player["properties"]["hand"]["description"].lower()
    assert "card" not in spec.components["TargiViewDecision"]["required"]
    assert "card" not in spec.components["TargiDrewTribeCardEvent"]["required"]
    animal = spec.components["WoodwalkersViewAnimal"]["properties"]["species"]
    assert "null" in animal["type"] and "hidden" in animal["description"]
    for side in ("challenger_species", "defender_species"):
        assert "null" in spec.components["WoodwalkersViewDuel"]["properties"][side]["type"]
    assert set(spec.components["WoodwalkersArrangedEvent"]["required"]) == {"type", "seat", "text"}
    hidden = spec.components["WoodwalkersHiddenMove"]
    assert hidden["properties"]["type"]["enum"] == ["arrange", "use_medicine"]


def play_and_validate(client, spec: Spec, ruleset_id: str, options: dict, players: int, seed: int) -> dict:
    """One whole game; every answer validated. Returns counts of what was validated."""
    p = prefix(ruleset_id)
    body = {"ruleset": ruleset_id, "seats": [{"kind": "human"}] * players, "seed": seed, "options": options}
    spec.check("CreateGameIn", body)
    spec.check(f"{p}CreateGame", body)
    created = client.post("/v1/games", json=body)
    assert created.status_code == 201, created.json
    spec.check("CreatedOut", created.json)
    spec.check(f"{p}View", created.json["state"])
    game_id = created.json["game_id"]
    tokens = {seat["seat"]: seat["token"] for seat in created.json["seats"]}
    viewers = [None, *range(players)]
    rng = random.Random(seed)
    counts = {"views": 0, "legal_moves": 0, "moves": 0, "events": 0, "history_entries": 0}
    hinted = False
    for _ in range(MAX_MOVES):
        game = client.get(f"/v1/games/{game_id}").json
        if game["version"] % VIEW_EVERY == 0 or game["status"] == "finished":
            for viewer in viewers:
                seen = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[viewer]) if viewer is not None else {})
                spec.check("GameOut", seen.json)
                spec.check(f"{p}View", seen.json["state"], f"{ruleset_id} view of {viewer} at {game['version']}")
                counts["views"] += 1
        if game["status"] == "finished":
            break
        seat = game["to_move"][0]
        listed = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(tokens[seat])).json
        spec.check("LegalMovesOut", listed)
        for move in listed["moves"]:
            spec.check(f"{p}Move", move, f"{ruleset_id} legal move")
            counts["legal_moves"] += 1
        if not hinted:
            hinted = True
            check_a_hint(client, spec, game_id, tokens[seat])
        move = rng.choice(listed["moves"])
        sent = {"move": move, "expected_version": listed["version"]}
        spec.check("MoveIn", sent)
        answer = client.post(f"/v1/games/{game_id}/moves", json=sent, headers=bearer(tokens[seat]))
        assert answer.status_code == 200, answer.json
        spec.check("MoveOut", answer.json)
        spec.check(f"{p}View", answer.json["state"])
        for event in answer.json["events"]:
            spec.check(f"{p}Event", event, f"{ruleset_id} event")
        counts["moves"] += 1
    else:
        raise AssertionError(f"{ruleset_id} did not end within {MAX_MOVES} moves")
    for viewer in viewers:
        history = client.get(f"/v1/games/{game_id}/history",
                             headers=bearer(tokens[viewer]) if viewer is not None else {}).json
        spec.check("HistoryOut", history)
        for entry in history["entries"]:
            for event in entry["events"]:
                spec.check(f"{p}Event", event, f"{ruleset_id} history event for {viewer}")
                counts["events"] += 1
            if "move" in entry:
                logged = f"{p}LoggedMove" if registry.get(ruleset_id).redacted_moves else f"{p}Move"
                spec.check(logged, entry["move"], f"{ruleset_id} history move for {viewer}")
            counts["history_entries"] += 1
    return counts


def check_a_hint(client, spec: Spec, game_id: str, token: str) -> None:
    asked = client.post(f"/v1/games/{game_id}/hint", json={"level": "random"}, headers=bearer(token))
    assert asked.status_code == 202, asked.json
    url = f"/v1/tasks/{asked.json['task_id']}"
    done = wait_for(lambda: (r := client.get(url, headers=bearer(token)).json)["state"] == "SUCCESS" and r,
                    what="the hint")
    spec.check("TaskOut", done)


@pytest.mark.parametrize("ruleset_id, options, players", GAMES,
                         ids=[f"{r}-{i}" for i, (r, _, _) in enumerate(GAMES)])
def test_real_answers_of_whole_games_validate(client, spec, ruleset_id, options, players):
    counts = play_and_validate(client, spec, ruleset_id, options, players, seed=11 + len(options))
    assert counts["moves"] > 5 and counts["views"] > 3 * (players + 1)
    assert counts["legal_moves"] >= counts["moves"] and counts["events"] > 0
    print(ruleset_id, options, counts)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_views_of_a_table_dealt_game_validate_at_every_step(spec, ruleset_id):
    """Companion mode (``"chance": "table"``): every view, before and between the outcomes the
    table deals, as every seat and a spectator see it (a Targi round 1 before its start player
    is drawn has none)."""
    ruleset = registry.get(ruleset_id)
    players = ruleset.max_players
    match, rng = Match.create(ruleset, players, {}, 7, chance="table"), random.Random(3)
    for step in range(MAX_MOVES):
        for viewer in [None, *range(players)]:
            spec.check(f"{prefix(ruleset_id)}View", json.loads(json.dumps(match.view(viewer))),
                       f"{ruleset_id} view of {viewer} at step {step}")
        if match.status != "active":
            break
        pending = match.pending_chance()
        if pending is not None:
            match.deal(rng.choice(pending.outcomes))
        else:
            seat = match.to_move()[0]
            match.play(seat, rng.choice(match.legal_moves(seat)))
    assert match.status == "finished"


def test_a_wrong_schema_refuses_real_answers(client, spec):
    """The check bites: with the Targi hand card described as an integer, or the Woodwalkers
    ``arranged`` event's hidden fields required, real answers of real games fail."""
    wrong = copy.deepcopy(spec.document)
    wrong["components"]["schemas"]["TargiViewPlayer"]["properties"]["hand"]["type"] = ["integer", "null"]
    wrong["components"]["schemas"]["WoodwalkersArrangedEvent"]["required"] += ["species"]
    with pytest.raises(AssertionError, match="is not a valid"):
        play_and_validate(client, Spec(wrong), "targi", {}, 2, seed=11)
    with pytest.raises(AssertionError, match="is not a valid"):
        play_and_validate(client, Spec(wrong), "woodwalkers", {}, 2, seed=11)
