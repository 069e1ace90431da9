"""Clocks (issue 17): each seat's deadline as the views show it, and the timeout at the
deadline: an AI's move marked as such, or a forfeit. The stored clock arithmetic first."""

from __future__ import annotations

import pytest

from service.clocks import advance, next_deadline
from service.game_options import MAX_CLOCK_SECONDS

from .helpers import TOY, assert_error, bearer, tokens, wait_for


def record(clock, kinds=("human", "human")):
    return {"game_options": {"spectators": "public", "undo": "off", "clock": clock},
            "seats": [{"seat": i, "kind": kind} for i, kind in enumerate(kinds)]}


def test_a_per_move_clock_gives_each_decision_the_full_time_and_stops_when_the_seat_is_not_to_move():
    game = record({"type": "per_move", "seconds": 30, "on_timeout": "ai"})
    advance(game, [0], None, 100.0)
    assert [s["deadline"] for s in game["clocks"]] == [130.0, None]
    advance(game, [0], 0, 110.0)           # seat 0 decided and decides again: a new full time
    assert [s["deadline"] for s in game["clocks"]] == [140.0, None]
    advance(game, [1], 0, 120.0)
    assert [s["deadline"] for s in game["clocks"]] == [None, 150.0]
    advance(game, [0, 1], None, 125.0)     # simultaneous: seat 1's clock runs on, seat 0's starts
    assert [s["deadline"] for s in game["clocks"]] == [155.0, 150.0]
    assert next_deadline(game) == (150.0, 1)
    advance(game, [0], 1, 126.0)
    assert [s["deadline"] for s in game["clocks"]] == [155.0, None]
    advance(game, [], None, 127.0)         # over (or aborted): every clock stands
    assert next_deadline(game) is None


def test_a_fischer_clock_banks_the_time_left_plus_the_increment_and_ai_seats_have_none():
    game = record({"type": "fischer", "base_seconds": 60, "increment_seconds": 5, "on_timeout": "forfeit"},
                  kinds=("human", "human", "ai"))
    advance(game, [0], None, 0.0)
    assert game["clocks"][0]["deadline"] == 60.0
    advance(game, [1], 0, 20.0)            # 40 left + 5
    assert game["clocks"][0] == {"seat": 0, "deadline": None, "remaining": 45.0}
    assert game["clocks"][1]["deadline"] == 80.0
    advance(game, [2], 1, 90.0)            # seat 1 overran: nothing left, + 5; the AI seat is not timed
    assert game["clocks"][1]["remaining"] == 5.0 and next_deadline(game) is None
    advance(game, [0], 2, 91.0)
    assert game["clocks"][0]["deadline"] == 136.0


def clocked(client, clock, seats=2, seed=5, ruleset=TOY):
    answer = client.post("/v1/games", json={"ruleset": ruleset, "seed": seed, "clock": clock,
                                            "seats": [{"kind": "human"}] * seats})
    assert answer.status_code == 201, answer.json
    return answer.json


def test_at_the_deadline_an_easy_ai_decides_for_the_seat_marked_as_a_timeout_move(client):
    game = clocked(client, {"type": "per_move", "seconds": 1, "on_timeout": "ai"})
    game_id = game["game_id"]
    view = client.get(f"/v1/games/{game_id}").json
    seat = view["to_move"][0]
    running = {s["seat"]: s for s in view["clock"]["seats"]}
    assert view["clock"]["type"] == "per_move" and running[seat]["running"] and running[seat]["deadline"]
    assert 0 < running[seat]["remaining_ms"] <= 1000 and not running[1 - seat]["running"]
    entry = wait_for(lambda: (lambda h: len(h) > 1 and h[1])(
        client.get(f"/v1/games/{game_id}/history").json["entries"]), timeout=10, what="the timeout move")
    assert entry["events"][0] == {"type": "timeout", "seat": seat, "on_timeout": "ai",
                                  "text": f"Player {seat + 1} runs out of time"} and entry["seat"] == seat
    assert entry["move"]["type"] == "play"
    view = client.get(f"/v1/games/{game_id}").json
    assert view["to_move"] == [1 - seat] and {s["seat"]: s["running"] for s in view["clock"]["seats"]} == {
        seat: False, 1 - seat: True}


def test_a_forfeit_on_time_among_three_seats_hands_the_seat_to_an_ai(client):
    game = clocked(client, {"type": "fischer", "base_seconds": 1, "increment_seconds": 0, "on_timeout": "forfeit"},
                   seats=3)
    game_id, toks = game["game_id"], tokens(game)
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    entry = wait_for(lambda: (lambda h: len(h) > 1 and h[1])(
        client.get(f"/v1/games/{game_id}/history").json["entries"]), timeout=10, what="the forfeit")
    assert entry["events"] == [
        {"type": "timeout", "seat": seat, "on_timeout": "forfeit", "text": f"Player {seat + 1} runs out of time"},
        {"type": "forfeit", "seat": seat, "reason": "timeout", "ai_takes_over": True,
         "text": f"Player {seat + 1} forfeits"}]
    assert client.get(f"/v1/games/{game_id}").json["seats"][seat]["forfeited"] == "timeout"
    assert_error(client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[seat])), 401, "unauthorized")


@pytest.mark.parametrize("clock", [{"type": "per_move", "on_timeout": "ai"},
                                   {"type": "per_move", "seconds": 5, "base_seconds": 5, "on_timeout": "ai"},
                                   {"type": "fischer", "base_seconds": 5, "on_timeout": "ai"},
                                   {"type": "per_move", "seconds": 0, "on_timeout": "ai"},
                                   {"type": "per_move", "seconds": MAX_CLOCK_SECONDS + 1, "on_timeout": "ai"},
                                   {"type": "per_move", "seconds": 5, "on_timeout": "pass"}])
def test_a_malformed_clock_is_refused_and_creates_nothing(client, clock):
    answer = client.post("/v1/games", json={"ruleset": TOY, "clock": clock, "seats": [{"kind": "human"}] * 2})
    assert_error(answer, 422, "malformed_request")
