"""Legal-move counts (perft: leaf sequences of legal moves to a depth) from fixed positions,
kept in data/move_counts.json; the first levels are checked by hand below."""

import json
from pathlib import Path

import pytest

from .helpers import R, game, place, set_player

DATA = json.loads((Path(__file__).parent / "data" / "move_counts.json").read_text())


def perft(state, depth):
    """Leaf count of the decision tree (chance steps stop a line: they are not moves)."""
    if depth == 0 or R.chance(state) is not None or R.is_over(state):
        return 1
    seat = R.to_move(state)[0]
    total = 0
    for move in R.legal_moves(state, seat):
        child = R.copy_state(state)
        R.apply(child, seat, move)
        total += perft(child, depth - 1)
    return total


def position(name):
    if name == "round1_placement":
        return game(first=0)
    if name == "round1_placement_no_opposite_own":
        return game({"allow_opposite_own_targi": False}, first=0)
    if name == "merchant_te8":  # seat 0 acts with Merchant, Silversmith, Caravan and TE8
        state = game(first=0)
        place(state, [5, 10, 13], [3, 11, 6])
        set_player(state, 0, d=2, s=1, p=1, gold=1, display=[["TE8"], [], []])
        return state
    raise KeyError(name)


def test_perft_first_levels_by_hand():
    state = game(first=0)  # robber on 1: 11 cards; then 9 (10 after 11, whose opposite is the robber)
    assert perft(state, 1) == 11
    assert perft(state, 2) == 10 * 9 + 10


@pytest.mark.parametrize("name", sorted(DATA))
def test_perft_counts(name):
    state = position(name)
    for depth, expected in enumerate(DATA[name], start=1):
        assert perft(state, depth) == expected, (name, depth)
