"""Board geometry, tile data and the reference layout (spec sections 4.2-4.6, example 1)."""

import json
from collections import Counter
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.great_plains.components import COMPONENT_SETS, flat_sides
from engine.games.great_plains.geometry import CELLS, EDGE, INDEX, NEIGHBOURS, board_for, mirror_rows, terrain_of

from .helpers import new_game

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
SIDE_B = {  # spec section 4.4, side B test vector
    "T1": ["HGG", "GGGM", "GMCMG", "MGGB", "GWM"], "T2": ["MGG", "GCGG", "GGMMM", "EMGH", "MGW"],
    "T3": ["MGM", "BMGG", "GGCEG", "WGMG", "GMM"], "T4": ["WGM", "GGMG", "MMCGG", "GGMB", "HGM"],
    "T5": ["GGM", "GGMG", "MWCGM", "EMGG", "MGG"], "T6": ["MWG", "GMGG", "GBCMM", "GMGG", "MGG"],
    "T7": ["MHM", "GGGG", "MCMMM", "GGGG", "WEG"],
}
DEFAULT = COMPONENT_SETS["default"]


def test_default_data_file_is_versioned_and_project_default():
    data = json.loads(resources.files("engine.games.great_plains").joinpath("data/default.json").read_text())
    assert data["format"] == "great-plains/components@1"
    assert (data["id"], data["provenance"]) == ("default", "project-default")
    assert len(DEFAULT["hash"]) == 16


@pytest.mark.parametrize("tile", sorted(SIDE_B))
def test_side_b_is_the_mirror_of_side_a(tile):
    sides = next(t["sides"] for t in DEFAULT["tiles"] if t["id"] == tile)
    assert sides["B"] == SIDE_B[tile] == mirror_rows(sides["A"])


def test_tile_totals_match_the_spec():
    for side in "AB":
        counts = Counter("".join("".join(t["sides"][side]) for t in DEFAULT["tiles"]))
        assert counts == {"G": 66, "W": 7, "H": 4, "E": 4, "B": 4, "M": 41, "C": 7}


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
    assert len(EDGE) == 42
    assert all(len(NEIGHBOURS[i]) == 6 for i in range(len(CELLS)) if i not in EDGE)


layouts = st.permutations(range(7)).flatmap(lambda order: st.lists(
    st.tuples(st.sampled_from("AB"), st.integers(0, 5)), min_size=7, max_size=7).map(
    lambda picks: [{"position": p, "tile": f"T{order[p] + 1}", "side": s, "rotation": k}
                   for p, (s, k) in enumerate(picks)]))


@settings(max_examples=60, deadline=None)
@given(layout=layouts)
def test_example_1_every_layout_fills_the_fixed_outline(layout):
    terrain = terrain_of(layout, flat_sides(DEFAULT))
    assert len(terrain) == 133  # an unassigned cell would shorten the string
    assert Counter(terrain) == {"G": 66, "W": 7, "H": 4, "E": 4, "B": 4, "M": 41, "C": 7}
    board = board_for(terrain, False, False, None)
    assert sum(f for _, f, _ in board.grounds) == 73 and sum(s for _, _, s in board.grounds) == 7
    # every cave space has 3-4 lowland neighbours (spec section 4.4)
    assert all(3 <= sum(board.lowland[n] for n in NEIGHBOURS[c]) <= 4 for c in board.caves)


def test_separate_springs_split_g7_and_count_adjacent_springs():
    board = new_game(spring_mode="separate_field").board
    g7 = next(g for g in board.grounds if INDEX[(1, -1)] in g[0])
    assert ({CELLS[c] for c in g7[0]}, g7[1], g7[2]) == ({(1, -1), (1, 0), (2, -2)}, 3, 1)
    assert not board.lowland[INDEX[(2, -1)]]
