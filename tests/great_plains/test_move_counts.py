"""Perft: legal-move counts to a fixed depth from fixed positions (data/move_counts.json).

Each position is the reference layout (or options given) plus a move list from the
start of the cave phase. A node at depth 0 counts 1; a finished game before depth 0
counts 0. Regenerate the file with ``python -m tests.great_plains.test_move_counts``.
"""

import json
from pathlib import Path

import pytest

from engine import Rng
from engine.games.great_plains import RULESET

from .helpers import new_game

DATA = Path(__file__).parent / "data" / "move_counts.json"
CASES = json.loads(DATA.read_text())


def perft(state, depth) -> int:
    if depth == 0:
        return 1
    if RULESET.is_over(state):
        return 0
    seat = RULESET.to_move(state)[0]
    moves = RULESET.legal_moves(state, seat)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = RULESET.copy_state(state)
        RULESET.apply(child, seat, move)
        total += perft(child, depth - 1)
    return total


def start(case):
    state = new_game(**case["options"])
    for move in case["moves"]:
        RULESET.apply(state, RULESET.to_move(state)[0], move)
    return state


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_perft_counts(case):
    state = start(case)
    assert [perft(state, depth) for depth in range(1, len(case["counts"]) + 1)] == case["counts"]


def _random_moves(options, seed, figures):
    """Moves of a seeded random game from the cave phase until ``figures`` figures are placed."""
    rng, state, moves = Rng(seed), new_game(**options), []
    while not RULESET.is_over(state) and 40 - sum(state.hand) < figures:
        move = rng.choice(RULESET.legal_moves(state, state.turn))
        RULESET.apply(state, state.turn, move)
        moves.append(move)
    return moves


def generate():
    specs = [
        ("cave-phase-start", {}, [], 4),
        ("example-2-snake-to-move", {}, [{"type": "place_cave", "cell": c} for c in
                                         ([0, 0], [2, 2], [5, -4], [-3, -2], [-2, 5], [2, -5])], 3),
        ("mid-game-seed-7", {}, ("random", 7, 14), 3),
        ("horse-and-bear-seed-28", {}, ("random", 28, 24), 3),
        ("eagle-and-bear-seed-20", {}, ("random", 20, 30), 3),
        ("late-game-seed-3", {}, ("random", 3, 30), 3),
        ("variants-seed-5", {"bear_push_direction": "player_choice", "bear_requires_adjacency": False,
                             "bear_push_into_occupied": "remove", "horse_skip_rule": "all",
                             "eagle_max_mountains": 1, "spring_mode": "separate_field", "token_on_push": True},
         ("random", 5, 20), 3),
    ]
    cases = []
    for name, options, moves, depth in specs:
        if isinstance(moves, tuple):
            moves = _random_moves(options, moves[1], moves[2])
        case = {"name": name, "options": options, "moves": moves}
        state = start(case)
        case["counts"] = [perft(state, d) for d in range(1, depth + 1)]
        cases.append(case)
    DATA.write_text(json.dumps(cases, indent=1) + "\n")


if __name__ == "__main__":
    generate()
