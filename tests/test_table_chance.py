"""Companion mode in the match driver (chance="table"): it stops at every chance step until the
table's outcome is dealt; with the outcomes of a server game it is that same game."""

import json

import pytest

from engine import IllegalOutcome, Match, Rng, canonical
from engine.match import TABLE_CHANCE
from engine.records import build, validate
from engine.registry import rulesets

from .conformance import random_playout

RULESETS = list(rulesets().values())


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_a_table_game_dealt_the_server_games_outcomes_is_that_game(ruleset):
    players = ruleset.max_players
    server, moves = random_playout(ruleset, players, 4)
    replayed = Match.create(ruleset, players, None, 4)
    record = build(replayed, [replayed.play(seat, move) for seat, move in moves])
    table = Match.create(ruleset, players, None, 4, chance=TABLE_CHANCE)
    log, steps = [], iter(record["steps"])
    for step in steps:
        if "chance" in step:
            entry = table.deal(step["chance"])
        else:
            assert table.pending_chance() is None and step["seat"] in table.to_move()
            entry = table.play(step["seat"], step["move"])
        log.append(entry)
        for _ in entry["steps"]:     # forced moves the driver played by itself
            next(steps)
    assert table.status == "finished" and table.score() == server.score()
    assert canonical(table.view(None)) == canonical(server.view(None))
    assert build(table, log) == record


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_the_table_deals_a_whole_game_and_impossible_outcomes_change_nothing(ruleset):
    match, rng, log = Match.create(ruleset, ruleset.min_players, None, 9, chance=TABLE_CHANCE), Rng(9), []
    stored = Match.from_json(json.loads(json.dumps(match.to_json())), ruleset)
    assert stored.chance == TABLE_CHANCE and stored.pending_chance() == match.pending_chance()
    refused = 0
    while match.status == "active":
        chance = match.pending_chance()
        if chance is None:
            seat = rng.choice(match.to_move())
            with pytest.raises(IllegalOutcome):
                match.deal(0)
            log.append(match.play(seat, rng.choice(match.legal_moves(seat))))
            continue
        assert match.to_move() == []
        if refused < 3:
            before = canonical(match.to_json())
            for impossible in ("__no_such_outcome__", True, {"tile": None}):
                with pytest.raises(IllegalOutcome):
                    match.deal(impossible)
            assert canonical(match.to_json()) == before
            refused += 1
        log.append(match.deal(chance.draw(rng)))
    assert refused and validate(build(match, log))["result"] == match.score()


def test_a_server_game_takes_no_outcome():
    ruleset = rulesets()["targi"]
    match = Match.create(ruleset, 2, None, 1)
    assert match.pending_chance() is None and "chance" not in match.to_json()
    with pytest.raises(IllegalOutcome, match="the server draws"):
        match.deal("GC01")
