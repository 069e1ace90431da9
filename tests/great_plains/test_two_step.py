"""The two-step totem form (spec section 12, option ``totem_move_form = "two_step"``)."""

from xml.etree import ElementTree

import pytest

from engine import IllegalMove, Match, canonical
from engine.ai import analyse, choose_move
from engine.games.great_plains import RULESET
from engine.games.great_plains.svg import render

from ..conformance import full_check, random_playout
from ..pictures.checks import check_position, positions
from .helpers import FOX, SNAKE, cell_moves, play, position

TWO_STEP = {"totem_move_form": "two_step"}
#: the fox holds one token of each kind; its cave (0, 0) borders a snake on (1, -1)
ALL_POWERS = dict(caves=[(0, 0, FOX), (2, 2, SNAKE)], snakes=[(1, -1)], held=[[1, 1, 1], [0, 0, 0]],
                  supply=[2, 2, 2])
BEAR_FORMS = [{}, {"bear_push_direction": "player_choice"}]


def use(kind):
    return {"type": "use_totem", "kind": kind}


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
        assert two_step.pending is None and game_json(two_step) == game_json(combined)
        assert RULESET.score(two_step) == RULESET.score(combined)


# -- the pending totem ----------------------------------------------------------------------
@pytest.fixture
def horse_in_use():
    state = position(**ALL_POWERS, **TWO_STEP)
    play(state, FOX, use("horse"))
    return state


@pytest.mark.parametrize("move, rule", [
    ({"type": "place", "cell": [-1, 0]}, "the horse is in use"),
    ({"type": "place", "cell": [0, 2], "totem": "eagle"}, "the horse is in use"),
    ({"type": "place", "cell": [1, -1], "totem": "bear", "source": [0, 0]}, "the horse is in use"),
    ({"type": "place", "cell": [0, 2], "totem": "horse"}, "a horse places exactly two fields"),
    ({"type": "use_totem", "kind": "eagle"}, "already in use"),
    ({"type": "use_totem", "kind": "horse"}, "already in use"),
    ({"type": "pass"}, "only when no placement exists"),
])
def test_after_use_totem_only_that_powers_placements_are_legal(horse_in_use, move, rule):
    assert RULESET.legal_moves(horse_in_use, FOX) == [
        m for m in RULESET.legal_moves(position(**ALL_POWERS), FOX) if m.get("totem") == "horse"]
    assert RULESET.legal_moves(horse_in_use, SNAKE) == []
    before = canonical(RULESET.to_json(horse_in_use))
    with pytest.raises(IllegalMove, match=rule):
        play(horse_in_use, FOX, move)
    assert canonical(RULESET.to_json(horse_in_use)) == before


def test_the_last_token_of_a_kind_can_be_placed_after_use(horse_in_use):
    assert horse_in_use.held[FOX] == [0, 1, 1] and horse_in_use.supply == [3, 2, 2]
    events = play(horse_in_use, FOX, {"type": "place", "cell": [2, -2], "totem": "horse"})
    assert events[0] == {"type": "placed", "seat": FOX, "cell": [2, -2], "totem": "horse"}
    assert horse_in_use.turn == SNAKE


def test_a_pending_totem_is_public_round_trips_and_is_copied(horse_in_use):
    view = RULESET.view(horse_in_use, None)
    assert view["pending_totem"] == "horse" and view == RULESET.view(horse_in_use, SNAKE)
    assert view["players"][FOX]["totems"] == {"horse": 0, "eagle": 1, "bear": 1}
    data = RULESET.to_json(horse_in_use)
    assert data["pending_totem"] == "horse"
    again = RULESET.from_json(data)
    assert canonical(RULESET.to_json(again)) == canonical(data)
    assert RULESET.legal_moves(again, FOX) == RULESET.legal_moves(horse_in_use, FOX)
    copy = RULESET.copy_state(horse_in_use)
    play(copy, FOX, RULESET.legal_moves(copy, FOX)[0])
    assert copy.pending is None and canonical(RULESET.to_json(horse_in_use)) == canonical(data)


def test_a_state_stored_before_the_option_existed_loads_in_the_combined_form():
    state = position(**ALL_POWERS)
    data = RULESET.to_json(state)
    del data["pending_totem"]
    del data["rules"]["totem_move_form"]
    old = RULESET.from_json(data)
    assert old.pending is None and old.rules["totem_move_form"] == "combined"
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


# -- whole games, the driver, the AI and the picture ------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_conformance_playouts_in_the_two_step_form(seed):
    _, moves = random_playout(RULESET, 2, seed, TWO_STEP)
    assert any(move["type"] == "use_totem" for _, move in moves)  # the seed exercises both steps
    assert full_check(RULESET, 2, seed, TWO_STEP).status == "finished"


def test_the_driver_plays_a_lone_pending_placement_automatically():
    state = position(caves=[(0, 0, FOX)], snakes=[(1, -1)], held=[[0, 0, 1], [0, 0, 0]], **TWO_STEP)
    match = Match.create(RULESET, 2, {**TWO_STEP, "layout": "reference", "first_cave_player": 0}, 1)
    match.state = state
    entry = match.play(FOX, use("bear"))  # one bear placement: it follows as an auto move
    assert [e["type"] for e in entry["events"]] == ["token_returned", "auto_move", "placed", "pushed"]


def test_the_ai_chooses_legal_moves_at_both_steps(horse_in_use):
    for state in (position(**ALL_POWERS, **TWO_STEP), horse_in_use):
        legal = RULESET.legal_moves(state, FOX)
        assert choose_move(RULESET, state, FOX, level="easy", seed=1, iterations=60) in legal
        ranked = analyse(RULESET, state, FOX, level="easy", seed=2, iterations=60).ranked
        assert sorted(canonical(s.move) for s in ranked) == sorted(canonical(m) for m in legal)


def test_the_picture_names_the_totem_in_use_and_marks_its_targets(horse_in_use):
    moves = RULESET.legal_moves(horse_in_use, FOX)
    root = ElementTree.fromstring(render(RULESET.view(horse_in_use, FOX), moves))
    assert "places with the horse" in " ".join(root.itertext())
    marked = [int(i) for e in root.iter() if e.get("class") == "hl" for i in e.get("data-moves").split()]
    assert sorted(marked) == list(range(len(moves)))


def test_the_picture_lists_the_totems_to_use():
    state = position(**ALL_POWERS, **TWO_STEP)
    svg = render(RULESET.view(state, FOX), RULESET.legal_moves(state, FOX))
    assert "use_totem kind=horse; use_totem kind=eagle; use_totem kind=bear" in svg


def test_pictures_along_a_two_step_playout():
    checked = 0
    for match in positions(RULESET.id, 2, seed=5, steps=500, every=4, options=TWO_STEP):
        check_position(match, targeted=lambda m: m["type"] in ("place", "place_cave"))
        checked += 1
    assert checked >= 5
