"""The two-step totem form (spec section 12, option ``totem_move_form = "two_step"``)."""

import pytest

from engine import IllegalMove, Match, canonical
from engine.ai import analyse, choose_move
from engine.games.great_plains import RULESET

from .helpers import ALL_POWERS, FOX, SNAKE, TWO_STEP, cell_moves, horse_in_use, play, position
from .helpers import use_totem as use

BEAR_FORMS = [{}, {"bear_push_direction": "player_choice"}]


def normal_moves(state, seat):
    return [m for m in RULESET.legal_moves(state, seat) if m["type"] == "place" and "totem" not in m]


def game_json(state) -> str:
    """The state JSON without the option that tells the two forms apart."""
    data = RULESET.to_json(state)
    data["rules"] = {k: v for k, v in data["rules"].items() if k != "totem_move_form"}
    return canonical(data)


# -- which totems are offered ----------------------------------------------------------------
def test_use_totem_is_offered_only_for_held_kinds_with_a_placement():
    state = position(caves=[(0, 0, FOX)], held=[[1, 1, 1], [0, 0, 0]], supply=[2, 2, 2], **TWO_STEP)
    assert cell_moves(state, FOX, "bear") == []  # no snake next to the fox: no bear placement
    assert RULESET.legal_moves(state, FOX) == normal_moves(state, FOX) + [use("horse"), use("eagle")]
    before = canonical(RULESET.to_json(state))
    with pytest.raises(IllegalMove, match="no placement with the bear exists"):
        play(state, FOX, use("bear"))
    assert canonical(RULESET.to_json(state)) == before
    held_eagle = position(caves=[(0, 0, FOX)], held=[[0, 1, 0], [0, 0, 0]], **TWO_STEP)
    assert [m for m in RULESET.legal_moves(held_eagle, FOX) if m["type"] == "use_totem"] == [use("eagle")]
    with pytest.raises(IllegalMove, match="you hold no horse token"):
        play(held_eagle, FOX, use("horse"))


def test_the_two_step_lists_are_the_combined_lists_regrouped():
    combined, two_step = position(**ALL_POWERS), position(**ALL_POWERS, **TWO_STEP)
    listed = RULESET.legal_moves(combined, FOX)
    assert normal_moves(two_step, FOX) == [m for m in listed if "totem" not in m]
    assert [m for m in RULESET.legal_moves(two_step, FOX) if m["type"] == "use_totem"] == [
        use("horse"), use("eagle"), use("bear")]


# -- use_totem + place equals the combined move ------------------------------------------------
@pytest.mark.parametrize("options", BEAR_FORMS, ids=["from_source", "player_choice"])
@pytest.mark.parametrize("kind", ["horse", "eagle", "bear"])
def test_use_totem_then_place_equals_the_combined_move(kind, options):
    combined_moves = [m for m in RULESET.legal_moves(position(**ALL_POWERS, **options), FOX) if m.get("totem") == kind]
    assert combined_moves
    for move in combined_moves:
        combined, two_step = position(**ALL_POWERS, **options), position(**ALL_POWERS, **options, **TWO_STEP)
        expected = play(combined, FOX, move)
        first = play(two_step, FOX, use(kind))
        assert first == [{"type": "token_returned", "seat": FOX, "kind": kind}]
        assert RULESET.to_move(two_step) == [FOX] and RULESET.legal_moves(two_step, FOX) == combined_moves
        assert first + play(two_step, FOX, move) == expected
        assert two_step.pending_totem is None and game_json(two_step) == game_json(combined)
        assert RULESET.score(two_step) == RULESET.score(combined)


# -- the pending totem ----------------------------------------------------------------------
@pytest.mark.parametrize("move, rule", [
    ({"type": "place", "cell": [-1, 0]}, "the horse is in use"),
    ({"type": "place", "cell": [0, 2], "totem": "eagle"}, "the horse is in use"),
    ({"type": "place", "cell": [1, -1], "totem": "bear", "source": [0, 0]}, "the horse is in use"),
    ({"type": "place", "cell": [0, 2], "totem": "horse"}, "a horse places exactly two fields"),
    ({"type": "use_totem", "kind": "eagle"}, "already in use"),
    ({"type": "use_totem", "kind": "horse"}, "already in use"),
    ({"type": "pass"}, "only when no placement exists"),
])
def test_after_use_totem_only_that_powers_placements_are_legal(move, rule):
    state = horse_in_use()
    assert RULESET.legal_moves(state, FOX) == [
        m for m in RULESET.legal_moves(position(**ALL_POWERS), FOX) if m.get("totem") == "horse"]
    assert RULESET.legal_moves(state, SNAKE) == []
    before = canonical(RULESET.to_json(state))
    with pytest.raises(IllegalMove, match=rule):
        play(state, FOX, move)
    assert canonical(RULESET.to_json(state)) == before


def test_the_last_token_of_a_kind_can_be_placed_after_use():
    state = horse_in_use()
    assert state.held[FOX] == [0, 1, 1] and state.supply == [3, 2, 2]
    events = play(state, FOX, {"type": "place", "cell": [2, -2], "totem": "horse"})
    assert events[0] == {"type": "placed", "seat": FOX, "cell": [2, -2], "totem": "horse"}
    assert state.turn == SNAKE


def test_a_state_stored_before_the_option_existed_loads_in_the_combined_form():
    state = position(**ALL_POWERS)
    data = RULESET.to_json(state)
    del data["pending_totem"]
    del data["rules"]["totem_move_form"]
    old = RULESET.from_json(data)
    assert old.pending_totem is None and old.rules["totem_move_form"] == "combined"
    assert RULESET.legal_moves(old, FOX) == RULESET.legal_moves(state, FOX)


# -- the form the option does not select ---------------------------------------------------------
def test_combined_form_rejects_use_totem():
    state = position(**ALL_POWERS)
    before = canonical(RULESET.to_json(state))
    with pytest.raises(IllegalMove, match='use_totem exists only with totem_move_form = "two_step"'):
        play(state, FOX, use("horse"))
    assert canonical(RULESET.to_json(state)) == before
    assert RULESET.view(state, None)["pending_totem"] is None


def test_two_step_form_rejects_a_combined_totem_placement():
    state = position(**ALL_POWERS, **TWO_STEP)
    before = canonical(RULESET.to_json(state))
    with pytest.raises(IllegalMove, match="a totem is used by a use_totem move before placing"):
        play(state, FOX, {"type": "place", "cell": [2, -2], "totem": "horse"})
    assert canonical(RULESET.to_json(state)) == before


# -- the driver and the AI ------------------------------------------------
def test_the_driver_plays_a_lone_pending_placement_automatically():
    state = position(caves=[(0, 0, FOX)], snakes=[(1, -1)], held=[[0, 0, 1], [0, 0, 0]], **TWO_STEP)
    match = Match.create(RULESET, 2, {**TWO_STEP, "layout": "reference", "first_cave_player": 0}, 1)
    match.state = state
    entry = match.play(FOX, use("bear"))  # one bear placement: it follows as an auto move
    assert [e["type"] for e in entry["events"]] == ["token_returned", "auto_move", "placed", "pushed"]


def test_the_ai_chooses_legal_moves_at_both_steps():
    for state in (position(**ALL_POWERS, **TWO_STEP), horse_in_use()):
        legal = RULESET.legal_moves(state, FOX)
        assert choose_move(RULESET, state, FOX, level="easy", seed=1, iterations=60) in legal
        ranked = analyse(RULESET, state, FOX, level="easy", seed=2, iterations=60).ranked
        assert sorted(canonical(s.move) for s in ranked) == sorted(canonical(m) for m in legal)
