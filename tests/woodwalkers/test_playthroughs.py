"""Golden playthroughs (tests/playthroughs.py): seeded games replay to their recorded end."""

import pytest

from tests import playthroughs

RULESET = "woodwalkers"
CASES = [(2, {}, 1), (2, {"variant": "night"}, 2), (3, {"arrangement": "random"}, 3), (4, {"variant": "night"}, 4)]
RECORDED = playthroughs.load(__file__)


@pytest.mark.parametrize("recorded", RECORDED, ids=[f"{c[0]}p-seed{c[2]}" for c in CASES])
def test_seeded_playthrough_replays_to_the_recorded_end(recorded):
    playthroughs.check(RULESET, recorded)


if __name__ == "__main__":
    playthroughs.write(__file__, RULESET, CASES)
