"""Golden playthroughs (tests/playthroughs.py): seeded games replay to their recorded end."""

from tests import playthroughs

RULESET = "carcassonne-hg"
CASES = [(2, {}, 1), (3, {"membersOnLakes": True, "shrineBypassesBlocking": True}, 2),
         (5, {"scoreIncompleteAtEnd": True}, 3)]

test_seeded_playthrough_replays_to_the_recorded_end = playthroughs.replay_test(__file__, RULESET, CASES)


if __name__ == "__main__":
    playthroughs.write(__file__, RULESET, CASES)
