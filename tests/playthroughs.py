"""Golden playthroughs, the same for every ruleset: seeded games kept in
``tests/<game>/data/playthroughs.json`` as regression guards.

A playthrough is recorded by a seeded agent (uniformly random unless the game's test
module gives it a preference) and kept with its moves, the stored state JSON half-way
through, the score sheet and every seat's final view. Its test replays the moves to the
same end, and loads the half-way state (as a record stored by an earlier version) and
plays on from it to the same end: rules, chance order, forced steps, views and the
stored format stay as recorded.

A game's ``test_playthroughs.py`` lists its cases and takes its test from
:func:`replay_test`. Rewrite after an intended change:
``.venv/bin/python -m tests.<game>.test_playthroughs``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

import pytest

from engine import Match, Rng, canonical, registry, replay

Prefer = Callable[[list[dict]], list[dict]]


def record(ruleset_id: str, players: int, options: dict, seed: int, prefer: Prefer | None = None) -> dict:
    """Play a seeded game to the end; its moves, half-way state and end."""
    ruleset = registry.get(ruleset_id)
    match, agent, moves, states = Match.create(ruleset, players, options, seed), Rng(seed + 1000), [], []
    while match.status == "active":
        seat = agent.choice(match.to_move())
        legal = match.legal_moves(seat)
        move = agent.choice((prefer(legal) if prefer else None) or legal)
        states.append(match.to_json())
        match.play(seat, move)
        moves.append([seat, move])
    return {"players": players, "options": options, "seed": seed, "moves": moves,
            "half_way": {"version": len(moves) // 2, "match": states[len(moves) // 2]},
            **ending(match)}


def ending(match: Match) -> dict:
    """What a finished game must reproduce: the score sheet, the views, the stored state."""
    views = {str(seat): match.view(seat) for seat in [None, *range(match.players)]}
    return {"score": match.score(), "final_views": json.loads(canonical(views)),
            "final_state_sha256": hashlib.sha256(canonical(match.to_json()).encode()).hexdigest()}


def check(ruleset_id: str, recorded: dict) -> None:
    """The recorded moves replay to the recorded end, also from the stored half-way state."""
    ruleset = registry.get(ruleset_id)
    moves = [(seat, move) for seat, move in recorded["moves"]]
    match = replay(ruleset, recorded["players"], recorded["options"], recorded["seed"], moves)
    assert match.status == "finished"
    assert ending(match) == {key: recorded[key] for key in ("score", "final_views", "final_state_sha256")}
    half = recorded["half_way"]
    resumed = Match.from_json(half["match"], ruleset)
    assert resumed.version == half["version"]
    for seat, move in moves[half["version"]:]:
        resumed.play(seat, move)
    assert ending(resumed) == ending(match)


def path_of(test_file: str) -> Path:
    return Path(test_file).parent / "data" / "playthroughs.json"


def load(test_file: str) -> list[dict]:
    return json.loads(path_of(test_file).read_text())


def write(test_file: str, ruleset_id: str, cases: list[tuple[int, dict, int]], prefer: Prefer | None = None) -> None:
    """Record every case anew into the game's data/playthroughs.json."""
    games = [record(ruleset_id, players, options, seed, prefer) for players, options, seed in cases]
    path_of(test_file).write_text(json.dumps(games, separators=(",", ":"), ensure_ascii=False) + "\n")


def replay_test(test_file: str, ruleset_id: str, cases: list[tuple[int, dict, int]]):
    """The test of a game's playthroughs: each recorded one replays to its end."""
    @pytest.mark.parametrize("recorded", load(test_file), ids=[f"{players}p-seed{seed}" for players, _, seed in cases])
    def test_seeded_playthrough_replays_to_the_recorded_end(recorded):
        check(ruleset_id, recorded)
    return test_seeded_playthrough_replays_to_the_recorded_end
