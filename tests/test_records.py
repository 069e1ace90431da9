"""Game records (engine/records.py): random games of every ruleset and player count recorded and
checked, one step changed anywhere, records cut short, redaction, and the offline tool."""

import json
import subprocess
import sys
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Match
from engine.records import FORMAT, MAX_LEGAL_SAMPLE, build, redact, validate
from engine.registry import rulesets

from .conformance import random_playout
from .test_hidden_history import names

CASES = [(r.id, n) for r in rulesets().values() for n in range(r.min_players, r.max_players + 1)]
GARBAGE = "__changed__"


def recorded(ruleset_id: str, players: int, seed: int) -> tuple[Match, dict]:
    """A random game played to the end and its complete record."""
    ruleset = rulesets()[ruleset_id]
    _, moves = random_playout(ruleset, players, seed)
    match = Match.create(ruleset, players, None, seed)
    log = [match.play(seat, move) for seat, move in moves]
    return match, build(match, log)


@cache
def game(ruleset_id: str, players: int, seed: int = 1) -> tuple[dict, dict]:
    match, record = recorded(ruleset_id, players, seed)
    return match.score(), record


def changed(record: dict, index: int, donor: int) -> dict:
    """``record`` with step ``index`` replaced, so that it is illegal there: by step ``donor`` (a
    real step of the game, of another moment) when that one is, else by an impossible one of its
    kind (an unknown outcome, an unknown move type)."""
    steps = [dict(step) for step in record["steps"]]
    step = steps[index]
    steps[index] = dict(steps[donor])
    if not validate({**record, "steps": steps[:index + 1], "result": None})["valid"]:
        return {**record, "steps": steps}
    if "chance" in step:
        steps[index] = {"chance": GARBAGE}
    else:
        steps[index] = {"seat": step["seat"], "move": {**step["move"], "type": GARBAGE}}
    return {**record, "steps": steps}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}p")
def test_finished_games_validate_to_their_result(case):
    for seed in (1, 2):
        match, record = recorded(*case, seed)
        assert record["format"] == FORMAT and record["result"] == match.score()
        found = validate(json.loads(json.dumps(record)))
        assert found == {"valid": True, "steps_checked": len(record["steps"]), "first_error": None,
                         "status": "finished", "result": match.score()}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}p")
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.floats(0, 1, exclude_max=True), donor=st.floats(0, 1, exclude_max=True))
def test_one_step_changed_is_reported_at_its_index(case, where, donor):
    _, record = game(*case)
    count = len(record["steps"])
    index = int(where * count)
    broken = changed(record, index, int(donor * count))
    found = validate(broken)
    error = found["first_error"]
    assert error["index"] == index and found["steps_checked"] == index, (index, error)
    assert error["code"] in {"illegal_move", "illegal_outcome", "not_your_turn", "game_over"}, error
    assert error["message"] and len(error["legal"]) <= MAX_LEGAL_SAMPLE
    assert found["status"] is None and found["result"] is None


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}p")
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.floats(0, 1, exclude_max=True))
def test_a_record_cut_short_is_valid_and_active(case, where):
    _, record = game(*case)
    cut = int(where * len(record["steps"]))
    found = validate({**record, "steps": record["steps"][:cut], "result": None})
    assert found == {"valid": True, "steps_checked": cut, "first_error": None, "status": "active", "result": None}


def test_a_step_after_the_end_and_a_wrong_result_are_errors():
    score, record = game("great-plains", 2)
    extra = validate({**record, "steps": record["steps"] + [record["steps"][-1]]})
    assert extra["first_error"]["index"] == len(record["steps"]) and extra["first_error"]["code"] == "game_over"
    wrong = {**record, "result": {**score, "winners": [9]}}
    assert validate(wrong)["first_error"]["code"] == "malformed_record"


@pytest.mark.parametrize("change, code", [
    ({"format": 2}, "malformed_record"), ({"ruleset": "chess"}, "not_found"),
    ({"rules_version": "0"}, "rules_version"), ({"players": 7}, "malformed_record"),
    ({"options": {"nope": 1}}, "invalid_options"), ({"steps": {}}, "malformed_record"),
    ({"extra": 1}, "malformed_record"), ({"options": {}}, "malformed_record"),
])
def test_a_bad_header_is_an_error_without_an_index(change, code):
    _, record = game("great-plains", 2)
    found = validate({**record, **change})
    assert not found["valid"] and found["steps_checked"] == 0
    assert found["first_error"]["index"] is None and found["first_error"]["code"] == code, found


def test_a_malformed_step_is_reported_at_its_index():
    _, record = game("woodwalkers", 2)
    for bad in (None, [], {"seat": 0}, {"chance": 1, "seat": 0}, {"seat": 0, "move": {}, "x": 1}):
        steps = list(record["steps"])
        steps[5] = bad
        error = validate({**record, "steps": steps})["first_error"]
        assert (error["index"], error["code"]) == (5, "malformed_step"), bad


def test_redaction_leaves_out_what_a_seat_has_not_seen():
    """Targi's secret tribe draws (hand_visibility "secret"): the drawing seat sees the card, the other
    seat and spectators get ``{"chance": null}``; checking such a record stops there."""
    _, record = game("targi", 2)
    secret = [i for i, step in enumerate(record["steps"]) if "chance" in step and
              redact(record, None)["steps"][i]["chance"] is None]
    assert secret, "no secret draw in this game"
    for viewer in (0, 1):
        shown = redact(record, viewer)
        hidden = [i for i in secret if shown["steps"][i]["chance"] is None]
        assert 0 < len(hidden) < len(secret) and shown["viewer"] == viewer and "result" not in shown
        found = validate(shown)
        assert found["first_error"]["code"] == "hidden_outcome" and found["first_error"]["index"] == hidden[0]
    for ruleset_id in ("carcassonne-hg", "great-plains"):
        _, public = game(ruleset_id, 2)
        assert redact(public, None)["steps"] == public["steps"]


def test_the_offline_tool_prints_the_verdict(tmp_path):
    _, record = game("great-plains", 2)
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record))
    bad.write_text(json.dumps(changed(record, 3, 3)))
    for path, status in ((good, 0), (bad, 1)):
        done = subprocess.run([sys.executable, "-m", "engine.records", "validate", str(path)], capture_output=True,
                              text=True)
        assert done.returncode == status, done.stderr
        assert json.loads(done.stdout) == validate(json.loads(path.read_text()))
    usage = subprocess.run([sys.executable, "-m", "engine.records", "check"], capture_output=True, text=True)
    assert usage.returncode == 2


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}p")
def test_many_games_validate_and_every_change_is_found(case):
    for seed in range(3, 13):
        match, record = recorded(*case, seed)
        assert validate(record)["result"] == match.score()
        for index in range(0, len(record["steps"]), 7):
            assert validate(changed(record, index, index))["first_error"]["index"] == index


#: option values that change what a seat sees (as tests/test_hidden_history.py)
VISIBILITY = [("targi", {}), ("targi", {"hand_visibility": "recall"}), ("targi", {"hand_visibility": "public"}),
              ("woodwalkers", {"variant": "night"}), ("woodwalkers", {"arrangement": "random"}),
              ("carcassonne-hg", {}), ("great-plains", {})]


@pytest.mark.parametrize("ruleset_id, options", VISIBILITY, ids=lambda v: str(v))
def test_a_redacted_record_shows_no_more_than_the_viewers_history(ruleset_id, options):
    """Every step of a seat's (or a spectator's) record, at every version: a move is the move its
    history shows, and a chance outcome it shows names nothing its history has not named by then."""
    ruleset = rulesets()[ruleset_id]
    players = ruleset.max_players
    _, moves = random_playout(ruleset, players, 5, options)
    match = Match.create(ruleset, players, options, 5)
    log = [match.play(seat, move) for seat, move in moves]
    record = build(match, log)
    for viewer in [None, *range(players)]:
        shown = redact(record, viewer)["steps"]
        index, named = len(match.opening["steps"]), names(match.events_view(match.opening["events"], viewer))
        assert all(step["chance"] is None or names(step["chance"]) <= named for step in shown[:index])
        for entry in log:
            history = match.entry_view(entry, viewer)
            named |= names(history)
            assert shown[index] == {"seat": history["seat"], "move": history["move"]}
            for step in shown[index + 1:index + 1 + len(entry["steps"])]:
                assert "move" in step or step["chance"] is None or names(step["chance"]) <= named, (viewer, step)
            index += 1 + len(entry["steps"])
        assert index == len(shown)
