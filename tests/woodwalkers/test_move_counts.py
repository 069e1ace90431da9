"""Perft-style legal-move counts after a movement roll, kept in data/move_counts.json."""

import json
from pathlib import Path

import pytest

from engine.games.woodwalkers import RULESET as R

from .helpers import build, play

CASES = json.loads((Path(__file__).parent / "data" / "move_counts.json").read_text())["cases"]


def counts(players, options):
    found = []
    for die in range(1, 7):
        state = build(players=players, **options)
        play(state, 0, {"type": "roll"}, [die])
        found.append(len(R.legal_moves(state, 0)))
    return found


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['players']}p-{c['options']}")
def test_move_counts_after_the_movement_roll(case):
    assert counts(case["players"], case["options"]) == case["counts_by_die"]


def test_hand_counted_openings():
    # die 1: each of 7 animals one step up, the two corner animals also sideways; plus stay
    # die 2: corner animals 6 destinations each, the five others 4 each; plus stay
    assert counts(2, {})[:2] == [7 + 2 + 1, 6 + 6 + 5 * 4 + 1]
