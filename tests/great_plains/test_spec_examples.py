"""The spec's reference layout (section 4.6) and the worked examples of section 13, on the
reference layout with default options."""

import pytest

from engine import IllegalMove
from engine.games.great_plains import RULESET
from engine.games.great_plains.board import CELLS, INDEX, NEIGHBOURS
from engine.games.great_plains.scoring import standings, winners

from .helpers import FOX, SNAKE, cell_moves, new_game, play, position

REFERENCE_ROWS = {
    -7: (2, "GGM"), -6: (1, "GBMG"), -5: (0, "MMCGGMGW"), -4: (-3, "MEMWGMGGCGE"),
    -3: (-4, "GWMGGGMMGMGG"), -2: (-5, "GGCGGGMGHGMG"), -1: (-5, "GMGGGMGWMGM"), 0: (-5, "MGMHGCGMGEM"),
    1: (-5, "MGHGGMBGGMG"), 2: (-6, "GMGGGMGMCMGW"), 3: (-7, "WGCMMGWGGGMH"), 4: (-7, "GMGBBGGMGGM"),
    5: (-7, "MGGMMCMM"), 6: (-4, "GGEG"), 7: (-4, "MGG"),
}
FEATURES = {
    "C": {(0, 0), (2, 2), (-2, 5), (-5, 3), (-3, -2), (2, -5), (5, -4)},
    "H": {(-3, 1), (-2, 0), (3, -2), (4, 3)},
    "E": {(-2, -4), (-2, 6), (4, 0), (7, -4)},
    "B": {(-4, 4), (-3, 4), (1, 1), (2, -6)},
    "W": {(-7, 3), (-3, -3), (-1, 3), (0, -4), (2, -1), (5, 2), (7, -5)},
}
G1 = {(-4, 0), (-4, 1), (-4, 2), (-3, -1), (-3, 2), (-2, -2), (-2, -1), (-2, 1), (-2, 2), (-2, 3), (-2, 4),
      (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 3), (-1, 4), (0, -4), (0, -3), (0, -2), (0, 2),
      (0, 3), (1, -4), (1, -3), (1, 3), (1, 4), (2, 3), (2, 4)}
GROUNDS = [  # (fields, springs, cells) for G1..G10
    (29, 2, G1),
    (11, 0, {(2, 1), (3, -5), (3, -4), (3, 0), (3, 1), (4, -6), (4, -5), (4, -4), (4, -3), (4, -2), (4, -1)}),
    (6, 1, {(6, -5), (6, -4), (6, -3), (6, -2), (7, -5), (7, -3)}),
    (5, 1, {(-5, -2), (-5, -1), (-4, -3), (-4, -2), (-3, -3)}),
    (5, 0, {(-4, 6), (-3, 6), (-3, 7), (-2, 7), (-1, 6)}),
    (4, 1, {(-7, 3), (-7, 4), (-6, 2), (-6, 3)}),
    (4, 1, {(1, -1), (1, 0), (2, -2), (2, -1)}),
    (3, 1, {(4, 2), (5, 1), (5, 2)}),
    (3, 0, {(-6, 5), (-5, 4), (-5, 5)}),
    (3, 0, {(1, -6), (2, -7), (3, -7)}),
]
CAVE_ORDER = [(FOX, (0, 0)), (SNAKE, (2, 2)), (FOX, (5, -4)), (SNAKE, (-3, -2)), (FOX, (-2, 5)), (SNAKE, (2, -5))]


def test_reference_layout_terrain_rows():
    board = new_game().board
    for r, (q0, row) in REFERENCE_ROWS.items():
        assert "".join(board.terrain[INDEX[(q0 + k, r)]] for k in range(len(row))) == row
    assert sum(len(row) for _, row in REFERENCE_ROWS.values()) == len(CELLS) == 133


@pytest.mark.parametrize("code", sorted(FEATURES))
def test_reference_layout_features(code):
    board = new_game().board
    assert {CELLS[i] for i, t in enumerate(board.terrain) if t == code} == FEATURES[code]


def test_example_1_reference_hunting_grounds():
    grounds = new_game().board.grounds
    assert [(f, s, {CELLS[c] for c in cells}) for cells, f, s in grounds] == GROUNDS


def test_example_1_edge_cells():
    edge = [i for i in range(len(CELLS)) if len(NEIGHBOURS[i]) < 6]  # fewer than 6 neighbours on the board
    assert len(edge) == 42


@pytest.fixture
def after_caves():
    state = new_game()
    for seat, cell in CAVE_ORDER:
        assert RULESET.to_move(state) == [seat]
        play(state, seat, {"type": "place_cave", "cell": list(cell)})
    return state


def bear(cell, source):
    return {"type": "place", "cell": list(cell), "totem": "bear", "source": list(source)}


def ground(state, cell):
    return next(g for g in standings(state) if list(cell) in g["cells"])


def test_example_2_cave_phase_leaves_one_cave_empty_and_last_placer_starts(after_caves):
    view = RULESET.view(after_caves, None)
    empty = [(c["q"], c["r"]) for c in view["board"] if c["terrain"] == "C" and c["cave"] is None]
    assert empty == [(-5, 3)]
    assert view["phase"] == "figures" and RULESET.to_move(after_caves) == [SNAKE]


def test_example_3_snake_normal_placements(after_caves):
    assert sorted(cell_moves(after_caves, SNAKE)) == [(-4, -2), (-3, -3), (-3, -1), (-2, -2), (1, -4), (1, 3), (2, -6),
                                                      (2, 1), (2, 3), (3, -5), (3, 1)]


def test_example_4_fox_normal_placements(after_caves):
    after_caves.turn = FOX
    assert sorted(cell_moves(after_caves, FOX)) == [(-3, 6), (-2, 4), (-2, 6), (-1, 0), (-1, 1), (-1, 4), (1, -1),
                                                    (1, 0), (4, -4), (4, -3), (6, -5), (6, -4)]


def test_example_5_placing_on_a_totem_field_takes_a_token(after_caves):
    events = play(after_caves, SNAKE, {"type": "place", "cell": [2, -6]})
    assert {"type": "token_taken", "seat": SNAKE, "kind": "bear"} in events
    assert after_caves.held[SNAKE] == [0, 0, 1] and after_caves.supply == [3, 3, 2]


def test_example_6_empty_supply_gives_nothing(after_caves):
    after_caves.held[FOX], after_caves.supply = [0, 0, 3], [3, 3, 0]
    events = play(after_caves, SNAKE, {"type": "place", "cell": [2, -6]})
    assert [e["type"] for e in events] == ["placed"]
    assert after_caves.held[SNAKE] == [0, 0, 0] and after_caves.supply == [3, 3, 0]


def horse_position():
    return position(caves=[(0, 0, FOX)], snakes=[(1, -1)], held=[[1, 0, 0], [0, 0, 0]], supply=[2, 3, 3])


def test_example_7_horse_targets_may_jump_occupied_fields_never_only_mountains():
    state = horse_position()
    assert sorted(cell_moves(state, FOX, "horse")) == [(-2, 0), (-2, 1), (-2, 2), (-1, -1), (1, 1), (2, -2), (2, -1)]
    for cell in ([0, 2], [0, -2]):
        with pytest.raises(IllegalMove, match="horse"):
            play(state, FOX, {"type": "place", "cell": cell, "totem": "horse"})


def test_example_8_horse_onto_a_bear_field_takes_a_bear_token():
    state = horse_position()
    events = play(state, FOX, {"type": "place", "cell": [1, 1], "totem": "horse"})
    assert [e["type"] for e in events] == ["token_returned", "placed", "token_taken"]
    assert state.held[FOX] == [0, 0, 1] and state.supply == [3, 3, 2]


def test_example_8_without_token_on_power_placement_nothing_is_taken():
    state = position(caves=[(0, 0, FOX)], snakes=[(1, -1)], held=[[1, 0, 0], [0, 0, 0]], supply=[2, 3, 3],
                     token_on_power_placement=False)
    play(state, FOX, {"type": "place", "cell": [1, 1], "totem": "horse"})
    assert state.held[FOX] == [0, 0, 0] and state.supply == [3, 3, 3]


def test_example_9_eagle_from_a_cave_crosses_one_mountain():
    state = position(caves=[(0, 0, FOX)], held=[[0, 1, 0], [0, 0, 0]])
    assert cell_moves(state, FOX, "eagle") == [(0, -2), (0, 2)]


@pytest.mark.parametrize("caves", [[], [(0, 0, SNAKE)]], ids=["empty-cave-space", "snake-cave"])
def test_example_10_eagle_crosses_caves_and_mountain_ranges(caves):
    state = position(caves=caves, foxes=[(1, 0)], held=[[0, 1, 0], [0, 0, 0]])
    assert sorted(cell_moves(state, FOX, "eagle")) == sorted([(-1, 0), (3, 0), (-2, 3)])
    limited = position(caves=caves, foxes=[(1, 0)], held=[[0, 1, 0], [0, 0, 0]], eagle_max_mountains=1)
    assert sorted(cell_moves(limited, FOX, "eagle")) == sorted([(-1, 0), (3, 0)])
    with pytest.raises(IllegalMove, match="an eagle must cross at least one mountain in a straight line"):
        play(limited, FOX, {"type": "place", "cell": [-2, 3], "totem": "eagle"})


@pytest.mark.parametrize("limit, targets", [(None, [(2, -2), (0, 2)]), (3, [(2, -2), (0, 2)]),
                                            (2, [(2, -2)]), (1, [(2, -2)])])
def test_example_11_eagle_over_three_mountain_fields(limit, targets):
    state = position(caves=[(0, 0, SNAKE)], foxes=[(0, -2)], held=[[0, 1, 0], [0, 0, 0]], eagle_max_mountains=limit)
    assert cell_moves(state, FOX, "eagle") == targets


def test_example_12_bear_push_onto_a_mountain_removes_the_figure():
    state = position(caves=[(0, 0, FOX)], snakes=[(1, 0)], held=[[0, 0, 1], [0, 0, 0]], supply=[3, 3, 2])
    events = play(state, FOX, bear((1, 0), (0, 0)))
    assert [e["type"] for e in events] == ["token_returned", "placed", "removed"]
    view = RULESET.view(state, None)
    cells = {(c["q"], c["r"]): c for c in view["board"]}
    assert cells[(1, 0)]["figure"] == FOX and cells[(2, 0)]["figure"] is None
    assert state.removed == [0, 1] and state.supply == [3, 3, 3] and state.held[FOX] == [0, 0, 0]


def test_example_13_bear_push_off_the_board_removes_the_figure():
    state = position(foxes=[(6, -3)], snakes=[(7, -3)], held=[[0, 0, 1], [0, 0, 0]], supply=[3, 3, 2])
    events = play(state, FOX, bear((7, -3), (6, -3)))
    assert {"type": "removed", "seat": SNAKE, "cell": [7, -3]} in events
    assert state.removed == [0, 1]


def test_example_14_bear_source_sets_the_push_direction():
    def start(extra_snakes=(), extra_foxes=()):
        return position(caves=[(0, 0, FOX)], foxes=[(1, 0), *extra_foxes], snakes=[(1, -1), *extra_snakes],
                        held=[[0, 0, 1], [0, 0, 0]], supply=[3, 3, 2])

    state = start()
    assert {"type": "pushed", "seat": SNAKE, "from": [1, -1], "to": [2, -2]} in play(state, FOX, bear((1, -1), (0, 0)))
    state = start()
    assert {"type": "removed", "seat": SNAKE, "cell": [1, -1]} in play(state, FOX, bear((1, -1), (1, 0)))
    state = start(extra_snakes=[(2, -2)])
    bears = [m for m in RULESET.legal_moves(state, FOX) if m.get("totem") == "bear" and m["cell"] == [1, -1]]
    assert bears == [bear((1, -1), (1, 0))]
    with pytest.raises(IllegalMove, match="occupied"):
        play(state, FOX, bear((1, -1), (0, 0)))
    # a fox on (2,-2) is a source (D = the fox cave (0,0), a mountain) and blocks the push from (0,0)
    state = start(extra_foxes=[(2, -2)])
    bears = [m for m in RULESET.legal_moves(state, FOX) if m.get("totem") == "bear" and m["cell"] == [1, -1]]
    assert bears == [bear((1, -1), (2, -2)), bear((1, -1), (1, 0))]


def test_example_15_pushed_figure_on_a_green_field_earns_no_token():
    state = position(caves=[(0, 0, FOX)], snakes=[(-1, 0)], held=[[0, 0, 1], [0, 0, 0]], supply=[3, 3, 2])
    events = play(state, FOX, bear((-1, 0), (0, 0)))
    assert {"type": "pushed", "seat": SNAKE, "from": [-1, 0], "to": [-2, 0]} in events
    assert state.held[SNAKE] == [0, 0, 0] and state.supply == [3, 3, 3]


def test_example_15_with_token_on_push_the_pushed_figure_earns_a_token():
    state = position(caves=[(0, 0, FOX)], snakes=[(-1, 0)], held=[[0, 0, 1], [0, 0, 0]], supply=[3, 3, 2],
                     token_on_push=True)
    events = play(state, FOX, bear((-1, 0), (0, 0)))
    assert events[-1] == {"type": "token_taken", "seat": SNAKE, "kind": "horse"}
    assert state.held[SNAKE] == [1, 0, 0]


def test_example_16_bear_retakes_its_own_token():
    state = position(foxes=[(1, 0)], snakes=[(1, 1)], held=[[0, 0, 1], [0, 0, 0]], supply=[3, 3, 2])
    events = play(state, FOX, bear((1, 1), (1, 0)))
    assert [e["type"] for e in events] == ["token_returned", "placed", "removed", "token_taken"]
    assert state.held[FOX] == [0, 0, 1] and state.supply == [3, 3, 2] and state.removed == [0, 1]


def test_example_17_majority_with_a_spring_green_fields_do_not_count():
    state = position(foxes=[(1, -1), (2, -1)], snakes=[(1, 0), (1, 1)])
    g7 = ground(state, (1, 0))
    assert (g7["id"], g7["figures"], g7["leader"], g7["value"]) == ("G7", [2, 1], FOX, 5)
    assert RULESET.score(state)["scores"][FOX]["breakdown"]["hunting_grounds"] == 5


def test_example_18_tie_scores_nothing():
    state = position(foxes=[(6, -5)], snakes=[(6, -3), (7, -4)])
    g3 = ground(state, (6, -5))
    assert (g3["id"], g3["value"], g3["figures"], g3["leader"]) == ("G3", 7, [1, 1], None)
    assert [s["total"] for s in RULESET.score(state)["scores"]] == [0, 0]


def test_example_19_empty_ground_scores_nothing():
    state = position(foxes=[(1, 0)])
    g9 = ground(state, (-6, 5))
    assert (g9["id"], g9["figures"], g9["leader"]) == ("G9", [0, 0], None)


def test_example_20_large_ground_majority_scores_fields_plus_springs():
    foxes = [(-4, 0), (-4, 1), (-4, 2), (-3, -1), (-3, 2)]
    snakes = [(0, 2), (0, 3), (1, 3), (1, 4)]
    state = position(foxes=foxes, snakes=snakes)
    g1 = ground(state, (-4, 0))
    assert (g1["id"], g1["figures"], g1["leader"], g1["value"]) == ("G1", [5, 4], FOX, 31)
    assert RULESET.score(state)["scores"][FOX]["breakdown"]["hunting_grounds"] == 31


@pytest.mark.parametrize("points, expected", [(None, 2), (0, 0), (3, 6)])
def test_example_21_leftover_totems(points, expected):
    options = {} if points is None else {"leftover_totem_points": points}
    state = position(held=[[1, 1, 0], [0, 0, 0]], **options)
    fox = RULESET.score(state)["scores"][FOX]
    assert fox["breakdown"]["leftover_totems"] == expected and fox["total"] == expected


@pytest.mark.parametrize("won, rule, expected", [
    ([3, 2], "grounds_won_then_draw", [FOX]),
    ([2, 3], "grounds_won_then_draw", [SNAKE]),
    ([2, 2], "grounds_won_then_draw", [FOX, SNAKE]),
    ([3, 2], "draw", [FOX, SNAKE]),
])
def test_example_22_final_tie_break(won, rule, expected):
    assert winners([30, 30], won, rule) == expected


def test_example_22_higher_total_wins_regardless_of_grounds():
    assert winners([31, 30], [1, 5], "grounds_won_then_draw") == [FOX]


def test_example_23_separate_spring_fields():
    state = position(caves=[(2, 2, FOX)], foxes=[(2, -2)], spring_mode="separate_field")
    g7 = ground(state, (1, 0))
    assert (g7["cells"], g7["fields"], g7["springs"], g7["value"]) == ([[2, -2], [1, -1], [1, 0]], 3, 1, 4)
    assert (2, -1) not in cell_moves(state, FOX)
    with pytest.raises(IllegalMove, match="spring"):
        play(state, FOX, {"type": "place", "cell": [2, -1]})


def test_separate_springs_split_g7_and_count_adjacent_springs():
    board = new_game(spring_mode="separate_field").board
    g7 = next(g for g in board.grounds if INDEX[(1, -1)] in g[0])
    assert ({CELLS[c] for c in g7[0]}, g7[1], g7[2]) == ({(1, -1), (1, 0), (2, -2)}, 3, 1)
    assert not board.lowland[INDEX[(2, -1)]]
