"""A hypothesis state machine over the game API: games of every ruleset (and the test
game) played by legal, stale, out-of-turn, unauthenticated and garbage requests, against
a model of each game's version. After every step the server agrees with the model:
version, history length, status, whose turn, nothing changed by a refused request.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from engine import registry

from ..service.helpers import TOY
from .players import flask_caller

json_leaf = st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=8)
json_value = st.recursive(json_leaf, lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=6), c,
                                                                                          max_size=3), max_leaves=8)
garbage_move = st.one_of(
    st.dictionaries(st.text(max_size=8), json_value, max_size=4),
    st.fixed_dictionaries({"type": st.text(max_size=12)}, optional={"x": json_value, "card": json_value}),
)


class GameApi(RuleBasedStateMachine):
    games = Bundle("games")

    def __init__(self, app):
        super().__init__()
        self.call = flask_caller(app)
        self.model: dict[str, dict] = {}
        self.touched: str | None = None

    # -- helpers ---------------------------------------------------------------------
    def view(self, game_id, token=None):
        status, body = self.call("GET", f"/v1/games/{game_id}", token=token)
        assert status == 200, body
        return body

    def expect_error(self, answer, status, *codes):
        got_status, body = answer
        assert got_status == status and body["code"] in codes, (got_status, body, status, codes)
        assert set(body) == {"code", "status", "message", "errors"}

    # -- rules -----------------------------------------------------------------------
    @initialize(target=games, ruleset=st.sampled_from(sorted(registry.rulesets())), seed=st.integers(0, 10**6))
    def first_game(self, ruleset, seed):
        return self.create_game(ruleset, None, seed)

    @rule(target=games, ruleset=st.sampled_from(sorted(registry.rulesets()) + [TOY]),
          players=st.integers(2, 5), seed=st.integers(0, 2**63 - 1))
    def create_game(self, ruleset, players, seed):
        spec = registry.get(ruleset)
        count = spec.min_players if players is None else min(max(players, spec.min_players), spec.max_players)
        status, created = self.call("POST", "/v1/games", {"ruleset": ruleset, "seed": seed,
                                                          "seats": [{"kind": "human"}] * count})
        assert status == 201, created
        assert created["version"] == 0 and len(created["seats"]) == count
        game_id = created["game_id"]
        self.model[game_id] = {"tokens": {s["seat"]: s["token"] for s in created["seats"]}, "version": 0,
                               "status": created["status"]}
        self.touched = game_id
        return game_id

    @rule(game_id=games, data=st.data())
    def play_a_legal_move(self, game_id, data):
        model, self.touched = self.model[game_id], game_id
        view = self.view(game_id)
        if view["status"] == "finished":
            token = model["tokens"][0]
            self.expect_error(self.call("POST", f"/v1/games/{game_id}/moves",
                                        {"move": {"type": "any"}}, token), 409, "game_over")
            return
        seat = data.draw(st.sampled_from(view["to_move"]))
        status, listed = self.call("GET", f"/v1/games/{game_id}/legal-moves", token=model["tokens"][seat])
        assert status == 200 and listed["version"] == model["version"] and listed["moves"], listed
        move = data.draw(st.sampled_from(listed["moves"]))
        status, checked = self.call("POST", f"/v1/games/{game_id}/moves/validate", {"move": move},
                                    model["tokens"][seat])
        assert status == 200 and checked["legal"] is True, checked
        status, done = self.call("POST", f"/v1/games/{game_id}/moves",
                                 {"move": move, "expected_version": model["version"]}, model["tokens"][seat])
        assert status == 200 and done["version"] == model["version"] + 1, done
        model["version"] += 1

    @rule(game_id=games, offset=st.sampled_from([-1, 1, 5]))
    def a_stale_move_changes_nothing(self, game_id, offset):
        model, self.touched = self.model[game_id], game_id
        view = self.view(game_id)
        if view["status"] == "finished" or model["version"] + offset < 0:
            return
        seat = view["to_move"][0]
        move = self.call("GET", f"/v1/games/{game_id}/legal-moves", token=model["tokens"][seat])[1]["moves"][0]
        self.expect_error(self.call("POST", f"/v1/games/{game_id}/moves",
                                    {"move": move, "expected_version": model["version"] + offset},
                                    model["tokens"][seat]), 409, "stale_version")

    @rule(game_id=games)
    def a_seat_out_of_turn_is_refused(self, game_id):
        model, self.touched = self.model[game_id], game_id
        view = self.view(game_id)
        waiting = [s for s in model["tokens"] if s not in view["to_move"]]
        if view["status"] == "finished" or not waiting:
            return
        mover = view["to_move"][0]
        move = self.call("GET", f"/v1/games/{game_id}/legal-moves", token=model["tokens"][mover])[1]["moves"][0]
        self.expect_error(self.call("POST", f"/v1/games/{game_id}/moves", {"move": move},
                                    model["tokens"][waiting[0]]), 409, "not_your_turn")
        status, listed = self.call("GET", f"/v1/games/{game_id}/legal-moves", token=model["tokens"][waiting[0]])
        assert status == 200 and listed["moves"] == []

    @rule(game_id=games, other=games)
    def tokens_open_only_their_own_game(self, game_id, other):
        self.touched = game_id
        if other == game_id:
            return
        token = self.model[other]["tokens"][0]
        self.expect_error(self.call("GET", f"/v1/games/{game_id}/legal-moves", token=token), 401, "unauthorized")
        self.expect_error(self.call("POST", f"/v1/games/{game_id}/moves", {"move": {"type": "x"}}, token),
                          401, "unauthorized")
        self.expect_error(self.call("POST", f"/v1/games/{game_id}/moves", {"move": {"type": "x"}}),
                          401, "unauthorized")

    @rule(game_id=games, move=garbage_move, expected=st.none() | st.integers(-2, 300))
    def garbage_is_refused_or_is_a_legal_move(self, game_id, move, expected):
        model, self.touched = self.model[game_id], game_id
        view = self.view(game_id)
        seat = view["to_move"][0] if view["to_move"] else 0
        body = {"move": move} if expected is None else {"move": move, "expected_version": expected}
        status, answer = self.call("POST", f"/v1/games/{game_id}/moves", body, model["tokens"][seat])
        assert status < 500, answer
        if status == 200:                               # the garbage happened to be a legal move
            model["version"] += 1
        else:
            assert answer["code"] in ("illegal_move", "malformed_request", "stale_version", "game_over",
                                      "not_your_turn"), answer

    # -- invariants ------------------------------------------------------------------
    @invariant()
    def server_agrees_with_the_model(self):
        if self.touched is None:
            return
        game_id, model = self.touched, self.model[self.touched]
        spectator = self.view(game_id)
        assert spectator["version"] == model["version"]
        assert spectator["viewer"] is None
        text = json.dumps(spectator)
        assert "token_hash" not in text and all(t not in text for t in model["tokens"].values())
        status, history = self.call("GET", f"/v1/games/{game_id}/history")
        assert status == 200 and history["version"] == model["version"]
        assert [e["version"] for e in history["entries"]] == list(range(model["version"] + 1))
        status, score = self.call("GET", f"/v1/games/{game_id}/score")
        assert status in (200, 202) and score["status"] in ("provisional", "final", "computing")
        assert (spectator["status"] == "finished") == (score["status"] != "provisional")


def test_game_api_state_machine(app):
    run_state_machine_as_test(
        lambda: GameApi(app),
        settings=settings(max_examples=10, stateful_step_count=25, deadline=None,
                          suppress_health_check=list(HealthCheck)))
