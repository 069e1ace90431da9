"""Examples of the OpenAPI spec, taken from the running code: for every registered ruleset a
fresh game of seed ``SEED`` (two seats), its first legal move and what the API answers.

A client that sends a create example and then that ruleset's move example plays a legal move:
the create chooses the same seed, so the game is the one these examples were taken from.
Every answer goes through its response schema, as the routes send it.
"""

from __future__ import annotations

from functools import cache

from engine import EngineError, Match, registry

from ..game_options import of_record
from ..games import seed_commitment
from .schemas import (CreatedOut, GameOut, HistoryOut, LegalMovesOut, MoveOut, RulesetOut, ScoreOut, TaskOut,
                      ValidateOut)

SEED = 42
GAME_ID = "q7Xb3nT0aZ1kR8sYpL2wVg"
TOKENS = ("Vq9mD2xN7cL4pR1sT8wYzA", "Hk3fJ6uB0eG5iO2qW9rXtE")
ADMIN_TOKEN = "Zp4sC8vL1nQ6tY3wR0mKxG"
TASK_ID = "6f1c3e0a-2b7d-4c59-9e1a-53d8b0f4a217"
SEATS_IN = [{"name": "Ada", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "easy"}]


def ruleset_ids() -> list[str]:
    return sorted(registry.rulesets())


def fresh(ruleset_id: str) -> Match:
    return Match.create(registry.get(ruleset_id), len(SEATS_IN), {}, SEED)


def first_move(match: Match) -> tuple[int, dict]:
    seat = match.to_move()[0]
    return seat, match.legal_moves(seat)[0]


def named(values: dict[str, object], summary: str) -> dict:
    """OpenAPI ``examples``: one per ruleset, ``summary`` formatted with the ruleset's name."""
    return {rid: {"summary": summary.format(name=registry.get(rid).name), "value": value}
            for rid, value in values.items()}


def per_ruleset(make, summary: str, first_only: bool = False) -> dict:
    """``make(ruleset_id)`` for every ruleset; ``first_only``: for the first one (answers that
    hold a whole view, which is large, show one ruleset's)."""
    ids = ruleset_ids()[:1] if first_only else ruleset_ids()
    return named({rid: make(rid) for rid in ids}, summary)


# -- requests ------------------------------------------------------------------
@cache
def create_bodies() -> dict:
    return per_ruleset(lambda rid: {"ruleset": rid, "seats": SEATS_IN, "seed": SEED},
                       "{name}: a human seat and an AI seat, a chosen seed")


@cache
def move_bodies() -> dict:
    def body(rid):
        match = fresh(rid)
        return {"move": first_move(match)[1], "expected_version": match.version}
    return per_ruleset(body, "{name}: the first legal move of the game the create example makes")


# -- answers -------------------------------------------------------------------
def seats_out(with_tokens: bool) -> list[dict]:
    seats = [{"seat": 0, "name": "Ada", "kind": "human"}, {"seat": 1, "name": "Bot", "kind": "ai", "level": "easy"}]
    if with_tokens:
        seats[0] = {**seats[0], "token": TOKENS[0]}
    return seats


def fairness() -> dict:
    return {"seed_chosen_by_client": True, "seed_commitment": seed_commitment(SEED)}


@cache
def created() -> dict:
    def answer(rid):
        match = fresh(rid)
        return CreatedOut().dump({"game_id": GAME_ID, "ruleset": rid, "version": match.version,
                                  "status": match.status, "seats": seats_out(True), "admin_token": ADMIN_TOKEN,
                                  "state": match.view(None), **fairness()})
    return per_ruleset(answer, "{name}: the answer to the create example", first_only=True)


@cache
def game() -> dict:
    def answer(rid):
        match = fresh(rid)
        return GameOut().dump({"game_id": GAME_ID, "ruleset": rid, "rules_version": match.ruleset.rules_version,
                               "version": match.version, "status": match.status, "to_move": match.to_move(),
                               "viewer": 0, "seats": seats_out(False), "game_options": of_record({}), "clock": None,
                               "state": match.view(0), **fairness()})
    return per_ruleset(answer, "{name}: the created game as seat 0 sees it", first_only=True)


@cache
def legal_moves() -> dict:
    def answer(rid):
        match = fresh(rid)
        seat = match.to_move()[0]
        return LegalMovesOut().dump({"version": match.version, "seat": seat, "moves": match.legal_moves(seat)})
    return per_ruleset(answer, "{name}: the created game's legal moves of the seat to move")


@cache
def moved() -> dict:
    def answer(rid):
        match = fresh(rid)
        seat, move = first_move(match)
        entry = match.play(seat, move)
        return MoveOut().dump({"version": entry["version"], "events": match.entry_view(entry, seat)["events"],
                               "state": match.view(seat)})
    return per_ruleset(answer, "{name}: the answer to the move example", first_only=True)


@cache
def validated() -> dict:
    match = fresh(ruleset_ids()[0])
    seat, move = first_move(match)
    others = [s for s in range(len(SEATS_IN)) if s not in match.to_move()]
    refused = {"legal": True, "code": None, "message": None}
    if others:
        try:
            match.check(others[0], move)
        except EngineError as exc:
            refused = {"legal": False, "code": exc.code, "message": exc.message}
    return {"legal": {"summary": "the move would be accepted", "value": ValidateOut().dump(
                {"legal": True, "code": None, "message": None})},
            "refused": {"summary": "the move would be refused (here: another seat's turn)",
                        "value": ValidateOut().dump(refused)}}


@cache
def scores() -> dict:
    return per_ruleset(lambda rid: ScoreOut().dump({"status": "provisional", **fresh(rid).score()}),
                       "{name}: the created game's provisional scores")


@cache
def history() -> dict:
    def answer(rid):
        match = fresh(rid)
        opening = {"version": 0, "events": match.events_view(match.opening["events"], 0)}
        seat, move = first_move(match)
        entry = match.entry_view(match.play(seat, move), 0)
        return HistoryOut().dump({"version": match.version, "entries": [opening, entry], "more": False})
    return per_ruleset(answer, "{name}: the history after the move example, as seat 0 sees it")


@cache
def tasks() -> dict:
    match = fresh(ruleset_ids()[0])
    seat, move = first_move(match)
    done = {"version": match.version, "seat": seat, "move": move,
            "top": [{"move": move, "text": match.described_moves(seat)[0]["text"], "visits": 212,
                     "win_probability": 0.64, "score_change": 3.5}]}
    return {
        "pending": {"summary": "queued or not yet known", "value": TaskOut().dump({"state": "PENDING", "result": None})},
        "hint": {"summary": "a suggested move", "value": TaskOut().dump({"state": "SUCCESS", "result": done})},
        "timeout": {"summary": "the search reached its time limit", "value": TaskOut().dump(
            {"state": "SUCCESS", "result": {"version": match.version, "seat": seat, "move": None,
                                            "error": "timeout"}})},
    }


def rulesets() -> list[dict]:
    return RulesetOut(many=True).dump([registry.get(rid).describe() for rid in ruleset_ids()])
