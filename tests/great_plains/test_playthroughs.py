"""Golden playthroughs (tests/playthroughs.py): seeded games replay to their recorded end."""

from tests import playthroughs

RULESET = "great-plains"
CASES = [(2, {}, 1), (2, {"layout": "reference"}, 2),
         (2, {"totem_move_form": "two_step", "bear_push_into_occupied": "remove"}, 3)]

test_seeded_playthrough_replays_to_the_recorded_end = playthroughs.replay_test(__file__, RULESET, CASES)


if __name__ == "__main__":
    playthroughs.write(__file__, RULESET, CASES)
