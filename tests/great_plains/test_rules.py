"""Rules of spec sections 5-8 beyond the worked examples, one scenario per rule."""

import pytest

from engine import GameOver, IllegalMove, Match, NotYourTurn, canonical
from engine.games.great_plains import RULESET

from .helpers import FOX, SNAKE, cell_moves, new_game, play, position, reference_options

BLOCKED_FOX = dict(caves=[(-5, 3, FOX), (2, 2, SNAKE)], snakes=[(-6, 3), (-5, 4), (-4, 2)])


def place(q, r, **extra):
    return {"type": "place", "cell": [q, r], **extra}


# -- set-up and chance ------------------------------------------------------------------
def test_random_layout_is_drawn_one_tile_at_a_time_then_the_first_cave_player():
    state = RULESET.setup(2, RULESET.make_options({}))
    sizes = []
    while (chance := RULESET.chance(state)) is not None and chance.label == "tile":
        sizes.append(len(chance.outcomes))
        assert RULESET.to_move(state) == [] and RULESET.legal_moves(state, FOX) == []
        outcome = chance.outcomes[-1]
        events = RULESET.apply_chance(state, outcome)
        assert events == [{"type": "tile_placed", "position": len(sizes) - 1, **outcome}]
    assert sizes == [84, 72, 60, 48, 36, 24, 12]
    assert sorted(e["tile"] for e in state.layout) == [f"T{i}" for i in range(1, 8)]
    assert chance.label == "first_cave_player" and chance.outcomes == [0, 1]
    assert RULESET.apply_chance(state, 1) == [{"type": "first_cave_player", "seat": 1}]
    assert RULESET.to_move(state) == [SNAKE] and RULESET.view(state, None)["layout"] == state.layout


@pytest.mark.parametrize("outcome", [{"tile": "T9", "side": "A", "rotation": 0},
                                     {"tile": "T1", "side": "C", "rotation": 0},
                                     {"tile": "T1", "side": "A", "rotation": 6},
                                     {"tile": "T1", "side": "A", "rotation": 1.0}, 3])
def test_a_foreign_tile_outcome_is_rejected(outcome):
    state = RULESET.setup(2, RULESET.make_options({}))
    with pytest.raises(IllegalMove):
        RULESET.apply_chance(state, outcome)
    assert state.layout == []


def test_fixed_layout_and_first_player_need_no_chance_step():
    state = new_game()
    assert RULESET.chance(state) is None and RULESET.to_move(state) == [FOX]


# -- cave phase ------------------------------------------------------------------------
@pytest.mark.parametrize("first", [FOX, SNAKE])
def test_cave_phase_alternates_and_the_last_cave_placer_starts(first):
    state = new_game(first_cave_player=first)
    order = []
    while state.phase == "caves":
        seat = RULESET.to_move(state)[0]
        order.append(seat)
        play(state, seat, RULESET.legal_moves(state, seat)[0])
    assert order == [first, 1 - first] * 3
    assert RULESET.to_move(state) == [1 - first] and len(state.caves) == 6


def test_cave_moves_are_the_free_cave_spaces_in_board_order():
    state = new_game()
    assert [tuple(m["cell"]) for m in RULESET.legal_moves(state, FOX)] == [
        (2, -5), (5, -4), (-3, -2), (0, 0), (2, 2), (-5, 3), (-2, 5)]
    play(state, FOX, {"type": "place_cave", "cell": [0, 0]})
    assert [0, 0] not in [m["cell"] for m in RULESET.legal_moves(state, SNAKE)]


@pytest.mark.parametrize("move, rule", [
    ({"type": "place_cave", "cell": [1, 0]}, "cave space"),
    ({"type": "place_cave", "cell": [9, 9]}, "not on the board"),
    ({"type": "place", "cell": [1, 0]}, "figure phase"),
    ({"type": "pass"}, "figure phase"),
])
def test_cave_phase_rejects(move, rule):
    state = new_game()
    with pytest.raises(IllegalMove, match=rule):
        play(state, FOX, move)


def test_a_cave_space_holds_one_token():
    state = new_game()
    play(state, FOX, {"type": "place_cave", "cell": [0, 0]})
    with pytest.raises(IllegalMove, match="already holds"):
        play(state, SNAKE, {"type": "place_cave", "cell": [0, 0]})


def test_fewer_caves_per_player_leave_more_spaces_empty():
    state = new_game(caves_per_player=2)
    for _ in range(4):
        play(state, state.turn, RULESET.legal_moves(state, state.turn)[0])
    assert state.phase == "figures" and len(state.caves) == 4 and state.turn == SNAKE


def test_place_cave_in_the_figure_phase_is_illegal():
    state = position(caves=[(0, 0, FOX)])
    with pytest.raises(IllegalMove, match="cave phase"):
        play(state, FOX, {"type": "place_cave", "cell": [2, 2]})


# -- normal placement --------------------------------------------------------------------
@pytest.mark.parametrize("cell, rule", [
    ((2, 0), "never on mountains"),
    ((0, 0), "never on mountains"),
    ((-2, -2), "adjacent to an own cave or figure"),
    ((1, -1), "one figure per field"),
    ((40, 0), "not on the board"),
])
def test_normal_placement_rules(cell, rule):
    state = position(caves=[(0, 0, FOX)], snakes=[(1, -1)])
    before = canonical(RULESET.to_json(state))
    with pytest.raises(IllegalMove, match=rule):
        play(state, FOX, place(*cell))
    assert canonical(RULESET.to_json(state)) == before


def test_placement_adjacent_to_an_own_figure_and_turn_passes():
    state = position(caves=[(0, 0, FOX), (2, 2, SNAKE)], foxes=[(-1, 0)])
    assert (-2, 1) in cell_moves(state, FOX)
    events = play(state, FOX, place(-2, 1))
    assert events == [{"type": "placed", "seat": FOX, "cell": [-2, 1]}]
    assert state.turn == SNAKE and state.hand == [19, 20]


# -- totems --------------------------------------------------------------------------------
@pytest.mark.parametrize("totem", ["horse", "eagle", "bear"])
def test_a_totem_can_only_be_used_when_held(totem):
    state = position(caves=[(0, 0, FOX)], snakes=[(1, 0)])
    assert cell_moves(state, FOX, totem) == []
    extra = {"source": [0, 0]} if totem == "bear" else {}
    with pytest.raises(IllegalMove, match=f"you hold no {totem} token"):
        play(state, FOX, place(*((1, 0) if totem == "bear" else (-2, 0)), totem=totem, **extra))


def test_a_token_taken_this_turn_is_used_from_the_next_turn():
    state = position(caves=[(0, 0, FOX), (2, 2, SNAKE)], foxes=[(0, 1)])
    play(state, FOX, place(1, 1))  # bear field
    assert state.held[FOX] == [0, 0, 1]
    play(state, SNAKE, place(2, 1))
    assert any(m.get("totem") == "bear" for m in RULESET.legal_moves(state, FOX))


def test_a_used_totem_returns_to_the_supply_at_once():
    state = position(caves=[(0, 0, FOX)], held=[[1, 0, 0], [0, 0, 0]], supply=[2, 3, 3])
    events = play(state, FOX, place(-2, 0, totem="horse"))  # a horse field
    assert [e["type"] for e in events] == ["token_returned", "placed", "token_taken"]
    assert state.held[FOX] == [1, 0, 0] and state.supply == [2, 3, 3]


def test_a_totem_may_be_used_for_a_normally_reachable_field():
    state = position(caves=[(0, 0, FOX)], foxes=[(-1, 1)], held=[[1, 0, 0], [0, 0, 0]])
    assert (-2, 2) in cell_moves(state, FOX) and (-2, 2) in cell_moves(state, FOX, "horse")


def test_horse_skip_rule_all_needs_every_field_in_between_lowland():
    # (0,0) -> (2,-1): in between (1,-1) lowland and (1,0) lowland; (0,0) -> (-1,-1): (-1,0) G and (0,-1) M
    any_rule = position(caves=[(0, 0, FOX)], held=[[1, 0, 0], [0, 0, 0]])
    all_rule = position(caves=[(0, 0, FOX)], held=[[1, 0, 0], [0, 0, 0]], horse_skip_rule="all")
    assert (-1, -1) in cell_moves(any_rule, FOX, "horse")
    assert (-1, -1) not in cell_moves(all_rule, FOX, "horse") and (2, -1) in cell_moves(all_rule, FOX, "horse")
    with pytest.raises(IllegalMove, match="horse"):
        play(all_rule, FOX, place(-1, -1, totem="horse"))


def test_horse_over_only_mountain_or_off_board_fields_is_illegal():
    state = position(caves=[(0, 0, FOX)], held=[[1, 0, 0], [0, 0, 0]])
    with pytest.raises(IllegalMove, match="a horse places exactly two fields"):
        play(state, FOX, place(0, 2, totem="horse"))


def test_eagle_needs_a_mountain_in_between():
    state = position(foxes=[(1, -1)], held=[[0, 1, 0], [0, 0, 0]])
    with pytest.raises(IllegalMove, match="an eagle must cross at least one mountain in a straight line"):
        play(state, FOX, place(1, 1, totem="eagle"))  # over (1,0), a meadow


@pytest.mark.parametrize("move, rule", [
    (place(1, 0, totem="bear"), "names its source"),
    (place(1, 0, totem="bear", source=[0, 0], direction=[1, 0]), "names its source"),
    (place(1, 0, totem="bear", source=[-1, 0]), "source must be an own cave or figure"),
    (place(1, 0, totem="bear", source=[6, -3]), "adjacent to its source"),
    (place(-1, 0, totem="bear", source=[0, 0]), "occupied by an opponent figure"),
    (place(1, 0, source=[0, 0]), "bear move only"),
    (place(1, 0, totem="wolf", source=[0, 0]), "malformed 'place' move"),
])
def test_bear_rules(move, rule):
    state = position(caves=[(0, 0, FOX)], foxes=[(6, -3)], snakes=[(1, 0)], held=[[0, 0, 1], [0, 0, 0]])
    with pytest.raises(IllegalMove, match=rule):
        play(state, FOX, move)


def test_bear_push_into_occupied_remove_removes_the_pushed_figure():
    options = dict(caves=[(0, 0, FOX)], foxes=[(1, 0)], snakes=[(1, -1), (2, -2)], held=[[0, 0, 1], [0, 0, 0]])
    state = position(bear_push_into_occupied="remove", **options)
    events = play(state, FOX, place(1, -1, totem="bear", source=[0, 0]))
    assert {"type": "removed", "seat": SNAKE, "cell": [1, -1]} in events
    assert state.removed == [0, 1]
    cells = {(c["q"], c["r"]): c["figure"] for c in RULESET.view(state, None)["board"]}
    assert (cells[(1, -1)], cells[(2, -2)]) == (FOX, SNAKE)


def test_bear_player_choice_lists_every_direction():
    state = position(caves=[(0, 0, FOX)], snakes=[(1, 0)], held=[[0, 0, 1], [0, 0, 0]],
                     bear_push_direction="player_choice")
    moves = [m for m in RULESET.legal_moves(state, FOX) if m.get("totem") == "bear"]
    # (1,0): towards (0,0) hits the fox cave (a mountain: removal), every other direction too or is free
    assert [m["direction"] for m in moves] == [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]]
    events = play(state, FOX, place(1, 0, totem="bear", direction=[1, -1]))
    assert {"type": "pushed", "seat": SNAKE, "from": [1, 0], "to": [2, -1]} in events


def test_bear_without_adjacency_reaches_any_opponent_figure():
    common = dict(caves=[(0, 0, FOX)], snakes=[(6, -3)], held=[[0, 0, 1], [0, 0, 0]],
                  bear_push_direction="player_choice")
    assert cell_moves(position(**common), FOX, "bear") == []
    far = position(bear_requires_adjacency=False, **common)
    assert set(cell_moves(far, FOX, "bear")) == {(6, -3)}
    with pytest.raises(IllegalMove, match="direction must be one of the 6 hex directions"):
        play(far, FOX, place(6, -3, totem="bear", direction=[2, 0]))


# -- blocked players and the end -------------------------------------------------------------
def test_a_blocked_player_may_only_pass():
    state = position(turn=FOX, **BLOCKED_FOX)
    assert RULESET.legal_moves(state, FOX) == [{"type": "pass"}]
    assert play(state, FOX, {"type": "pass"}) == [{"type": "pass", "seat": FOX}]
    assert state.turn == SNAKE and state.hand == [20, 20]


def test_pass_is_illegal_while_a_placement_exists():
    state = position(caves=[(0, 0, FOX)])
    with pytest.raises(IllegalMove, match="only when no placement exists"):
        play(state, FOX, {"type": "pass"})


def test_the_driver_passes_a_blocked_player_automatically():
    data = RULESET.to_json(position(turn=SNAKE, **BLOCKED_FOX))
    match = Match.create(RULESET, 2, reference_options(), 1)
    match.state = RULESET.from_json(data)
    entry = match.play(SNAKE, {"type": "place", "cell": [3, 1]})
    assert {"type": "pass", "seat": FOX} in entry["events"] and match.to_move() == [SNAKE]


def test_a_player_with_an_empty_hand_is_skipped():
    state = position(caves=[(0, 0, FOX), (2, 2, SNAKE)], turn=SNAKE, hand=[0, 3])
    events = play(state, SNAKE, place(3, 1))
    assert [e["type"] for e in events] == ["placed"] and state.turn == SNAKE


def test_the_game_ends_when_all_figures_are_placed():
    state = position(caves=[(0, 0, FOX), (2, 2, SNAKE)], turn=SNAKE, hand=[0, 1])
    play(state, SNAKE, place(3, 1))
    assert RULESET.is_over(state) and RULESET.to_move(state) == [] and RULESET.legal_moves(state, SNAKE) == []
    with pytest.raises(GameOver):
        play(state, SNAKE, place(3, 2))


def test_the_game_ends_when_neither_player_can_place():
    state = position(turn=SNAKE, hand=[5, 1], **BLOCKED_FOX)
    play(state, SNAKE, place(3, 1))
    assert RULESET.is_over(state) and state.hand == [5, 0]
    assert RULESET.score(state)["winners"]


@pytest.mark.parametrize("move, rule", [
    ({"type": "place", "cell": [-1, 0], "extra": 1}, "malformed 'place' move"),
    ({"type": "place", "cell": [-1]}, "malformed 'place' move"),
    ({"type": "place", "cell": [-1, True]}, "malformed 'place' move"),
    ({"type": "place", "cell": "-1,0"}, "malformed 'place' move"),
    ({"type": "place", "cell": [-1, 0], "direction": [1.0, 0]}, "malformed 'place' move"),
    ({"type": "use_totem"}, "malformed 'use_totem' move"),
    ({"type": "jump"}, "unknown move type 'jump'"),
    ({"type": ["place"]}, "a move is a JSON object"),
    ([], "a move is a JSON object"),
])
def test_malformed_moves_are_rejected_without_change(move, rule):
    state = position(caves=[(0, 0, FOX)])
    before = canonical(RULESET.to_json(state))
    with pytest.raises(IllegalMove, match=rule):
        play(state, FOX, move)
    assert canonical(RULESET.to_json(state)) == before


def test_moving_out_of_turn_is_refused():
    state = position(caves=[(0, 0, FOX), (2, 2, SNAKE)])
    assert RULESET.legal_moves(state, SNAKE) == []
    with pytest.raises(NotYourTurn, match="seat 1 is not to move"):
        play(state, SNAKE, place(3, 1))
