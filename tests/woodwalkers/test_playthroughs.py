"""Golden playthroughs (tests/playthroughs.py): seeded games replay to their recorded end."""

from tests import playthroughs

RULESET = "woodwalkers"
CASES = [(2, {}, 1), (2, {"variant": "night"}, 2), (3, {"arrangement": "random"}, 3), (4, {"variant": "night"}, 4)]

test_seeded_playthrough_replays_to_the_recorded_end = playthroughs.replay_test(__file__, RULESET, CASES)


if __name__ == "__main__":
    playthroughs.write(__file__, RULESET, CASES)
