"""Hypothesis properties over random games: resources never negative, limits after every
round, robber position per round, consistent decks, score total = sum of breakdown."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.games.targi.board import blocked_card

from .helpers import R, pending, random_states

OPTION_VARIANTS = [{}, {"limit_check": "after_raid", "raid_shortfall": "bga"},
                   {"end_on_12th_card": "end_of_round", "te9_mode": "use_two", "oa9_mode": "swap"},
                   {"deck_exhaustion": "none", "fata_morgana_target": "any_unoccupied", "we8_timing": "unlimited"}]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_resources(state):
    for p in state["players"]:
        assert min(p["goods"]) >= 0 and p["gold"] >= 0 and p["vp"] >= 0 and p["we9"] >= 0
        assert sum(map(len, p["display"])) <= 12 and all(len(r) <= 4 for r in p["display"])


def check_decks(state):
    """Undrawn identities (pool) = deck + face-down cards + a draw taken but not yet resolved."""
    chance = state["chance"]
    for kind in ("goods", "tribe"):
        face_down = sum(1 for k, _, status in state["central"] if k == kind and status == "down")
        drawing = int(chance is not None and chance["kind"] == kind and chance["why"] != "reveal")
        assert sum(state["pool"][kind].values()) == state["deck"][kind] + face_down + drawing


@SETTINGS
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(range(len(OPTION_VARIANTS))))
def test_resources_never_negative_and_decks_consistent(seed, variant):
    for state, _ in random_states(seed, OPTION_VARIANTS[variant]):
        check_resources(state)
        check_decks(state)


@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_limits_hold_after_every_round_and_robber_position(seed):
    rounds = 0
    for state, events in random_states(seed):
        if pending(state) == "PLACE" and not state["targi"]:
            rounds += 1
            assert state["robber"] == blocked_card(state["round"])
            assert state["start"] == (state["first"] if state["round"] % 2 else 1 - state["first"])
            if state["round"] > 1:
                for p in state["players"]:
                    assert sum(p["goods"]) <= 10 and p["gold"] <= 3
    assert rounds == state["round"]
    assert state["robber"] == 16 or any(sum(map(len, p["display"])) == 12 for p in state["players"])


@SETTINGS
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(range(len(OPTION_VARIANTS))))
def test_final_score_equals_sum_of_breakdown(seed, variant):
    for state, _ in random_states(seed, OPTION_VARIANTS[variant]):
        pass
    assert R.is_over(state)
    sheet = R.score(state)
    for entry in sheet["scores"]:
        assert entry["total"] == sum(entry["breakdown"].values())
    best = max((s["total"], s["tiebreak"]["gold"], s["tiebreak"]["goods"]) for s in sheet["scores"])
    assert sheet["winners"] == [s["seat"] for s in sheet["scores"]
                                if (s["total"], s["tiebreak"]["gold"], s["tiebreak"]["goods"]) == best]
