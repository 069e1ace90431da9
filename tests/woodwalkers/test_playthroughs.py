"""Seeded playthroughs reproduce their recorded outcome (see golden.py)."""

import json

import pytest

from .golden import CASES, DATA, playthrough

RECORDED = json.loads(DATA.read_text())


@pytest.mark.parametrize("case, recorded", list(zip(CASES, RECORDED)), ids=[f"{c[0]}p-seed{c[2]}" for c in CASES])
def test_seeded_playthrough_matches_the_record(case, recorded):
    assert playthrough(*case) == recorded
