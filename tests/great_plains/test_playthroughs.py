"""Golden playthroughs (tests/playthroughs.py): seeded games replay to their recorded end."""

import pytest

from tests import playthroughs

RULESET = "great-plains"
CASES = [(2, {}, 1), (2, {"layout": "reference"}, 2), (2, {"totem_move_form": "two_step", "bear_push_into_occupied": "remove"}, 3)]
RECORDED = playthroughs.load(__file__)


@pytest.mark.parametrize("recorded", RECORDED, ids=[f"{c[0]}p-seed{c[2]}" for c in CASES])
def test_seeded_playthrough_replays_to_the_recorded_end(recorded):
    playthroughs.check(RULESET, recorded)


if __name__ == "__main__":
    playthroughs.write(__file__, RULESET, CASES)
