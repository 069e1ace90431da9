"""Golden playthroughs (tests/playthroughs.py): seeded games replay to their recorded end.

The agent plays or keeps a tribe card when it can, and otherwise avoids ending its
actions early, discarding and exchanging, so the games reach the card rules.
"""

from tests import playthroughs

RULESET = "targi"
CASES = [(2, {}, 11), (2, {}, 12)]
WASTEFUL = {"end_actions", "discard", "m_gold", "m_two", "m_one", "s_two", "s_four", "s_gold1", "s_gold2"}


def prefer(legal: list[dict]) -> list[dict]:
    return ([m for m in legal if m["type"] in ("play", "we8_play", "keep")]
            or [m for m in legal if m["type"] not in WASTEFUL])


test_seeded_playthrough_replays_to_the_recorded_end = playthroughs.replay_test(__file__, RULESET, CASES)


def test_the_playthroughs_reach_the_tribe_cards():
    for recorded in playthroughs.load(__file__):
        displays = [card for player in recorded["final_views"]["None"]["players"] for row in player["display"]
                    for card in row]
        assert len(displays) >= 10


if __name__ == "__main__":
    playthroughs.write(__file__, RULESET, CASES, prefer)
