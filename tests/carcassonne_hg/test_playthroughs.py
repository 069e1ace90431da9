"""Golden playthroughs (tests/playthroughs.py): seeded games replay to their recorded end."""

import pytest

from tests import playthroughs

RULESET = "carcassonne-hg"
CASES = [(2, {}, 1), (3, {"membersOnLakes": True, "shrineBypassesBlocking": True}, 2),
         (5, {"scoreIncompleteAtEnd": True}, 3)]
RECORDED = playthroughs.load(__file__)


@pytest.mark.parametrize("recorded", RECORDED, ids=[f"{c[0]}p-seed{c[2]}" for c in CASES])
def test_seeded_playthrough_replays_to_the_recorded_end(recorded):
    playthroughs.check(RULESET, recorded)


if __name__ == "__main__":
    playthroughs.write(__file__, RULESET, CASES)
