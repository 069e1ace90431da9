"""§14 hidden information: hand card, Tribal Expansion draws, face-down cards, determinize,
private event fields, error messages (H1, H2)."""

import json

import pytest

from engine import IllegalMove, Rng, event_view

from .helpers import DEAL, R, do, game, illegal, place, set_player


def kept_from_tribal_expansion(options=None):
    state = game(options, first=0)
    place(state, [14, 2, 5], [3, 11, 13])
    draw = do(state, 0, {"type": "use", "card": 14}) + R.apply_chance(state, "TA3")
    keep = do(state, 0, {"type": "keep"})
    return state, draw + keep


def test_tribal_expansion_draw_and_keep_are_private():
    state, events = kept_from_tribal_expansion()
    for event in events:
        assert "TA3" not in json.dumps(event_view(event, 1))
        assert "TA3" not in json.dumps(event_view(event, None))
    assert any("TA3" in json.dumps(event_view(e, 0)) for e in events)


def test_H1_hidden_hand_in_views():
    state, _ = kept_from_tribal_expansion()
    mine, theirs = R.view(state, 0)["players"][0], R.view(state, 1)["players"][0]
    assert mine["hand"] == "TA3" and mine["hand_count"] == 1
    assert "hand" not in theirs and theirs["hand_count"] == 1
    assert "TA3" not in json.dumps(R.view(state, 1)) and "TA3" not in json.dumps(R.view(state, None))


def test_pending_draw_hidden_from_the_opponent():
    state = game(first=0)
    place(state, [14, 2, 5], [3, 11, 13])
    do(state, 0, {"type": "use", "card": 14})
    R.apply_chance(state, "TA3")
    assert R.view(state, 0)["decision"]["card"] == "TA3"
    assert "TA3" not in json.dumps(R.view(state, 1))
    assert "card" not in R.view(state, 1)["decision"]


def test_error_messages_do_not_reveal_the_drawn_card():
    state = game(first=0)
    place(state, [14, 2, 5], [3, 11, 13])
    set_player(state, 0, hand="OA1")
    do(state, 0, {"type": "use", "card": 14})
    R.apply_chance(state, "TA3")
    for move in ({"type": "keep"}, {"type": "row", "row": 1}, {"type": "oa9_take", "card": "X"}):
        assert "TA3" not in illegal(state, 0, move)
    assert "TA3" not in illegal(state, 1, {"type": "discard"})


@pytest.mark.parametrize("mode,visible", [("hidden", False), ("recall", False), ("public", True)])
def test_H1_tribal_expansion_keep_visibility(mode, visible):
    state, _ = kept_from_tribal_expansion({"hand_visibility": mode})
    assert ("hand" in R.view(state, 1)["players"][0]) is visible


@pytest.mark.parametrize("mode,visible", [("hidden", False), ("recall", True), ("public", True)])
def test_H1_central_keep_visibility(mode, visible):
    state = game({"hand_visibility": mode}, central=DEAL, first=0)
    place(state, [15, 2, 14], [3, 11, 13])  # seat 0 markers (1,2) OA1, (2,2)
    events = do(state, 0, {"type": "use", "space": [1, 2]}, {"type": "keep"})
    # it was face up, yet the log names it only where the views show it
    assert event_view(events[0], 1) == ({"type": "keep", "seat": 0, "card": "OA1"} if visible
                                        else {"type": "keep", "seat": 0})
    assert event_view(events[0], 0)["card"] == "OA1"
    assert (R.view(state, 1)["players"][0].get("hand") == "OA1") is visible


def test_determinize_resamples_only_the_opponents_unknown_hand():
    state, _ = kept_from_tribal_expansion()
    seen = set()
    for seed in range(30):
        other = R.determinize(state, 1, Rng(seed))
        seen.add(other.players[0].hand)
        assert R.view(other, 1) == R.view(state, 1)
        assert sum(other.pool["tribe"].values()) == sum(state.pool["tribe"].values())
        assert R.determinize(state, 0, Rng(seed)).players[0].hand == "TA3"
    assert len(seen) > 5 and all(c not in ("OA1", "CR1", "WE1", "TE1") for c in seen)


def test_determinize_keeps_a_publicly_taken_hand_card():
    state = game(central=DEAL, first=0)
    place(state, [15, 2, 14], [3, 11, 13])
    do(state, 0, {"type": "use", "space": [1, 2]}, {"type": "keep"})
    assert {R.determinize(state, 1, Rng(s)).players[0].hand for s in range(10)} == {"OA1"}


def test_face_down_replacement_has_no_identity_until_the_reveal():
    state = game(central=DEAL, first=0)
    place(state, [15, 2, 14], [3, 11, 13])
    do(state, 0, {"type": "use", "space": [2, 2]})
    assert state.central[4] == ("tribe", None, "down")  # undrawn: not in the state at all
    pool_before = sum(state.pool["tribe"].values())
    assert pool_before == state.deck_sizes["tribe"] + 1


def test_H2_discard_piles_hidden_option():
    state = game({"discard_piles_public": False}, central=DEAL, first=0)
    place(state, [15, 2, 14], [3, 11, 13])
    do(state, 0, {"type": "use", "space": [2, 2]})
    view = R.view(state, 1)
    assert view["discards"] == {"goods": [state.discards["goods"][-1]], "tribe": []}  # the top card only
    assert view["discard_counts"]["goods"] == 1


@pytest.mark.parametrize("outcome", ["NOPE", ["GC01"], 3, None])
def test_impossible_chance_outcomes_rejected(outcome):
    state = R.setup(2, R.make_options({}))
    with pytest.raises(IllegalMove):
        R.apply_chance(state, outcome)


def test_determinize_depends_only_on_what_the_seat_knows():
    """Two worlds seat 1 cannot tell apart give the same sample for the same generator."""
    worlds = []
    for kept in ("TA3", "CR9"):
        state = game(first=0)
        place(state, [14, 2, 5], [3, 11, 13])
        do(state, 0, {"type": "use", "card": 14})
        R.apply_chance(state, kept)
        do(state, 0, {"type": "keep"})
        worlds.append(state)
    for seed in range(5):
        a, b = (R.to_json(R.determinize(w, 1, Rng(seed))) for w in worlds)
        assert a == b
