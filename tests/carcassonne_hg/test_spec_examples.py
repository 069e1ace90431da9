"""Every worked example of the spec's §10, one named test each (Red=0, Blue=1, Yellow=2, Green=3)."""

import pytest

from engine import IllegalMove
from engine.games.carcassonne_hg import RULESET
from engine.games.carcassonne_hg.state import BONUS_DRAW, DRAW, OVER
from engine.texts import event_text

from .helpers import build, place, scored, tile, tileset, totals, turn

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def piece_moves(state):
    return [m for m in RULESET.legal_moves(state, state.turn) if m["type"] == "place_piece"]


# -- §10.2 concrete vectors (default tile set) ---------------------------------------------

def test_tv01_river_of_three_tiles_with_two_lakes_scores_6():
    state = build(["L02@(0,0)r0", "L48@(1,0)r0"], ["Red:R@L48.r1"], seat=RED)
    events = turn(state, "L00@(2,0)r3")
    assert totals(state) == [6, 0, 0, 0]
    assert state.scores[RED][1] == 6
    assert state.members[RED] == 5, "the fisherman returns"
    assert [event_text(RULESET, e, "en") for e in scored(events)] == ["Completed river: 6 points for Player 1"]


def test_tv02_river_completed_by_another_player_scores_for_the_fisherman():
    state = build(["L14@(0,0)r0"], ["Red:R@L14.r1"], seat=BLUE)
    place(state, "L59@(0,-1)r2")
    assert {"type": "place_piece", "zone": 3, "piece": "member"} in piece_moves(state)
    RULESET.apply(state, BLUE, {"type": "place_piece", "zone": 3, "piece": "member"})
    assert totals(state) == [3, 0, 0, 0]
    assert state.members == [5, 4, 5, 5]


def test_tv03_same_turn_fisherman_scores_river_5_and_returns():
    state = build(["L02@(0,0)r0", "L48@(1,0)r0"], seat=RED)
    events = turn(state, "L04@(2,0)r3", "r1")
    assert totals(state)[RED] == 5
    assert state.members[RED] == 5
    assert [e["type"] for e in events].index("members_returned") > [e["type"] for e in events].index("feature_scored")
    board = state.board
    other_exit = board.last_tile_zone(5)
    assert board.open_sides[board.feature_root(other_exit)] > 0, "the lake's other exit is a different, open river"


def test_tv04_same_turn_gatherer_scores_forest_4_without_bonus():
    state = build(["L37@(1,0)r3"], seat=RED)
    turn(state, "L35@(0,0)r0", "f1")
    assert totals(state)[RED] == 4 and state.members[RED] == 5
    assert state.phase == DRAW and state.turn == BLUE, "no gold: no bonus tile"


TV5 = ["L75@(0,0)r0", "L30@(1,0)r0", "L77@(0,1)r3"]


def test_tv05_completing_player_gets_the_bonus_tile_without_a_gatherer():
    state = build(TV5, ["Red:F@L75.f1"], seat=BLUE)
    place(state, "L76@(1,1)r1")
    assert {"type": "place_piece", "zone": 1, "piece": "member"} not in piece_moves(state)
    with pytest.raises(IllegalMove, match="forest already holds a tribe member"):
        RULESET.apply(state, BLUE, {"type": "place_piece", "zone": 1, "piece": "member"})
    events = RULESET.apply(state, BLUE, {"type": "no_piece"})
    assert totals(state) == [8, 0, 0, 0] and state.members[RED] == 5
    assert (scored(events)[0]["segments"], scored(events)[0]["gold"]) == (4, 4)
    assert state.phase == BONUS_DRAW and state.turn == BLUE
    assert any(e["type"] == "bonus_earned" and e["seat"] == BLUE for e in events)
    place(state, "B81@(-1,0)r2")
    assert state.turn == BLUE and RULESET.legal_moves(state, BLUE)


def test_tv06_returned_gatherer_may_go_onto_the_bonus_tile():
    state = build(TV5, seat=RED)
    turn(state, "L76@(1,1)r1", "f1")
    assert totals(state)[RED] == 8 and state.members[RED] == 5 and state.phase == BONUS_DRAW
    place(state, "B81@(2,0)r0")
    assert {"type": "place_piece", "zone": 1, "piece": "member"} in piece_moves(state)
    RULESET.apply(state, RED, {"type": "place_piece", "zone": 1, "piece": "member"})
    assert state.members[RED] == 4 and state.phase == DRAW and state.turn == BLUE


def test_tv07_tied_gatherers_both_score_8_and_the_placer_gets_the_bonus():
    state = build(TV5, ["Red:F@L75.f1", "Blue:F@L30.f1"], seat=YELLOW)
    turn(state, "L76@(1,1)r1")
    assert totals(state) == [8, 8, 0, 0] and state.members[:2] == [5, 5]
    assert state.phase == BONUS_DRAW and state.turn == YELLOW


def test_tv08_forest_majority_red_scores_10_blue_nothing():
    state = build(["L35@(0,0)r0", "L38@(1,0)r0", "L39@(2,0)r0", "L40@(3,0)r0"],
                  ["Red:F@L35.f1", "Red:F@L39.f1", "Blue:F@L38.f1"], seat=GREEN)
    events = turn(state, "L34@(4,0)r0")
    assert totals(state) == [10, 0, 0, 0] and state.members[:2] == [5, 5]
    assert scored(events)[0]["gold"] == 3 and state.phase == BONUS_DRAW and state.turn == GREEN


@pytest.mark.parametrize("unit, points", [("segment", 10), ("tile", 8)])
def test_tv09_forest_unit_counts_segments_or_tiles(unit, points):
    state = build(["L26@(0,0)r0", "L75@(-1,0)r0", "L77@(-1,1)r3"], ["Red:F@L75.f1"],
                  options={"forestUnit": unit}, seat=BLUE)
    events = turn(state, "L76@(0,1)r1")
    assert totals(state)[RED] == points
    assert (scored(events)[0]["segments"], scored(events)[0]["tiles"]) == (5, 4)
    assert state.phase == BONUS_DRAW


TV10 = ["L15@(0,0)r0", "L16@(1,0)r1", "L18@(1,1)r2"]


@pytest.mark.parametrize("river_fish, points", [("count", 5), ("ignore", 4)])
def test_tv10_closed_river_loop_scores_tiles_plus_river_fish(river_fish, points):
    state = build(TV10, ["Red:R@L15.r1"], options={"riverFish": river_fish}, seat=RED)
    turn(state, "L19@(0,1)r3")
    assert totals(state)[RED] == points and state.members[RED] == 5


def test_tv11_meadows_of_the_loop_board_at_game_end():
    state = build(TV10, ["Red:R@L15.r1", "Yellow:H@L16.m2", "Green:H@L18.m0"], land=["L19"], seat=RED)
    events = turn(state, "L19@(0,1)r3")
    assert state.phase == OVER
    assert [row[3] for row in state.scores] == [0, 0, 2, 2]
    assert totals(state) == [5, 0, 2, 2]
    meadows = [e for e in scored(events) if e["feature"] == "meadow"]
    assert sorted((e["deer"], e["tiger"], e["points"]) for e in meadows) == [(1, 0, 2), (2, 1, 2)]


@pytest.mark.parametrize("river_fish, points", [("count", 3), ("ignore", 2)])
def test_tv12_hut_scores_all_fish_of_its_river_system(river_fish, points):
    state = build(["L02@(0,0)r0", "L48@(1,0)r0", "L04@(2,0)r3"], ["Blue:hut@L48.r1"],
                  options={"riverFish": river_fish}, land=["L19"], seat=RED)
    place(state, "L19@(3,0)r2")
    moves = piece_moves(state)
    assert {"type": "place_piece", "zone": 1, "piece": "hut"} not in moves, "same river system as Blue's hut"
    assert {"type": "place_piece", "zone": 1, "piece": "member"} in moves, "huts do not block members"
    RULESET.apply(state, RED, {"type": "no_piece"})
    assert state.phase == OVER and state.scores[BLUE][2] == points and totals(state)[BLUE] == points


def test_tv13_gatherer_blocked_by_a_gatherer_in_the_joined_forest():
    state = build(["L35@(0,0)r0"], ["Red:F@L35.f1"], seat=BLUE)
    place(state, "L38@(1,0)r0")
    assert RULESET.legal_moves(state, BLUE) == [
        {"type": "place_piece", "zone": 0, "piece": "member"},
        {"type": "place_piece", "zone": 2, "piece": "member"},
        {"type": "no_piece"},
    ]


def test_tv14_hunter_blocked_after_meadows_merge_and_tie_at_game_end():
    state = build(["L34@(0,0)r0", "L61@(0,1)r0", "L62@(1,1)r0"], ["Red:H@L34.m1", "Blue:H@L61.m0"],
                  land=["L37"], seat=YELLOW)
    place(state, "L37@(1,0)r0")
    assert RULESET.legal_moves(state, YELLOW) == [{"type": "place_piece", "zone": 0, "piece": "member"},
                                                  {"type": "no_piece"}]
    with pytest.raises(IllegalMove, match="meadow already holds a tribe member"):
        RULESET.apply(state, YELLOW, {"type": "place_piece", "zone": 1, "piece": "member"})
    events = RULESET.apply(state, YELLOW, {"type": "no_piece"})
    assert state.phase == OVER and totals(state) == [8, 8, 0, 0]
    meadow = next(e for e in scored(events) if e["feature"] == "meadow")
    assert (meadow["deer"], meadow["mammoth"], meadow["points"], meadow["scorers"]) == (3, 1, 8, [RED, BLUE])


# -- §10.3 abstract vectors, on small custom tile sets --------------------------------------

def meadow_tile(tid, kind="land", count=1, **animals):
    return tile(tid, kind, ["M0", "M0", "M0", "M0"], [{"id": 0, "type": "meadow", **animals}], count)


def meadow_game(tiles, hunters, options=None):
    """A row of all-meadow tiles A, B, ... at (0,0), (1,0) ...; hunters as (seat, x);
    the last land tile Z is placed at (-1, 0) and ends the game. Returns the meadow points."""
    kinds = [meadow_tile("S", "start")] + [meadow_tile(t, **a) for t, a in tiles] + [meadow_tile("Z")]
    data = tileset(*kinds)
    layout = [f"{t}@({i},0)r0" for i, (t, _) in enumerate(tiles)]
    names = {0: "Red", 1: "Blue", 2: "Yellow", 3: "Green"}
    state = build(layout, [f"{names[s]}:H@({x},0).m0" for s, x in hunters],
                  options={"customTileSet": data, **(options or {})}, land=["Z"])
    turn(state, "Z@(-1,0)r0")
    assert state.phase == OVER
    return [row[3] for row in state.scores]


def test_tv15_meadow_one_deer():
    assert meadow_game([("A", {"deer": 1})], [(GREEN, 0)]) == [0, 0, 0, 2]


def test_tv16_meadow_tiger_takes_the_deer_and_tied_hunters_both_score():
    tiles = [("A", {"deer": 1}), ("B", {"mammoth": 1}), ("C", {"tiger": 1})]
    assert meadow_game(tiles, [(YELLOW, 0), (RED, 1)]) == [2, 0, 2, 0]


def test_tv17_meadow_majority_with_aurochs():
    tiles = [("A", {"deer": 2}), ("B", {"mammoth": 2}), ("C", {"aurochs": 1, "tiger": 1})]
    assert meadow_game(tiles, [(RED, 0), (RED, 1), (GREEN, 2)]) == [8, 0, 0, 0]


def test_tv18_surplus_tigers_give_no_negative_points():
    assert meadow_game([("A", {"deer": 1, "tiger": 2})], [(BLUE, 0)]) == [0, 0, 0, 0]


@pytest.mark.parametrize("fire, points", [(True, 8), (False, 4)])
def test_tv19_fire_scares_away_every_tiger(fire, points):
    tiles = [("A", {"deer": 3, "tiger": 2}), ("B", {"mammoth": 1, "fire": fire})]
    assert meadow_game(tiles, [(RED, 0)])[RED] == points


@pytest.mark.parametrize("fire, points", [(False, 4), (True, 6)])
def test_tv20_shrine_hunter_alone_scores_the_meadow(fire, points):
    tiles = [("A", {"deer": 2, "tiger": 1}), ("B", {"mammoth": 1, "fire": fire}), ("C", {"shrine": True}),
             ("D", {})]
    assert meadow_game(tiles, [(RED, 2), (BLUE, 0), (BLUE, 3)]) == [points, 0, 0, 0]


LAKE5 = tile("S", "start", ["M0", "R0-1-0", "M0", "M0"],
             [{"id": 0, "type": "meadow"}, {"id": 1, "type": "river", "lake": 8}, {"id": 8, "type": "lake", "fish": 5}])
STRAIGHT = tile("P", "land", ["M0", "R0-1-2", "M2", "R2-1-0"],
                [{"id": 0, "type": "meadow"}, {"id": 1, "type": "river"}, {"id": 2, "type": "meadow"}], count=3)


@pytest.mark.parametrize("huts, points", [
    (["Blue:hut@S.r1"], [0, 5]),
    (["Blue:hut@S.r1", "Blue:hut@(1,0).r1", "Red:hut@(2,0).r1"], [0, 5]),
    (["Blue:hut@S.r1", "Red:hut@(1,0).r1"], [5, 5]),
])
def test_tv21_hut_majority_in_a_river_system_of_5_fish(huts, points):
    data = tileset(LAKE5, STRAIGHT, meadow_tile("Z"))
    state = build(["S@(0,0)r0", "P@(1,0)r0", "P@(2,0)r0"], huts, options={"customTileSet": data}, land=["Z"])
    turn(state, "Z@(0,-1)r0")
    assert state.phase == OVER and [row[2] for row in state.scores][:2] == points


def lake_tile(tid, fish):
    return tile(tid, "start", ["M0", "R0-1-2", "R2-3-0", "M0"],
                [{"id": 0, "type": "meadow"}, {"id": 1, "type": "river", "lake": 8}, {"id": 2, "type": "meadow"},
                 {"id": 3, "type": "river", "lake": 8}, {"id": 8, "type": "lake", "fish": fish}])


CURVE = tile("C", "land", ["M0", "R0-1-2", "R2-1-0", "M0"],
             [{"id": 0, "type": "meadow"}, {"id": 1, "type": "river"}, {"id": 2, "type": "meadow"}], count=3)


@pytest.mark.parametrize("options, points", [({}, 7), ({"lakeFishPerRiver": "perEnd"}, 10),
                                             ({"riverUnit": "segment"}, 8)])
def test_tv22_river_leaving_and_reentering_the_same_lake(options, points):
    data = tileset(lake_tile("X", 3), CURVE)
    state = build(["X@(0,0)r0", "C@(1,0)r1", "C@(1,1)r2"], ["Red:R@X.r1"],
                  options={"customTileSet": data, **options}, seat=RED)
    events = turn(state, "C@(0,1)r3")
    assert totals(state)[RED] == points
    assert scored(events)[0]["tiles"] == 4 and scored(events)[0]["segments"] == 5


def test_tv23_two_rivers_share_one_lake_and_both_count_its_fish():
    spring = tile("Q", "land", ["M0", "M0", "M0", "R0-1-0"],
                  [{"id": 0, "type": "meadow"}, {"id": 1, "type": "river", "spring": True}], count=2)
    data = tileset(lake_tile("Y", 2), STRAIGHT, spring)
    state = build(["Y@(0,0)r0", "P@(0,1)r1"], ["Red:R@Y.r1", "Blue:R@Y.r3"], options={"customTileSet": data})
    turn(state, "Q@(1,0)r0")
    assert totals(state)[:2] == [4, 0], "river A: 2 tiles + 2 fish"
    turn(state, "Q@(0,2)r1")
    assert totals(state)[:2] == [4, 5], "river B: 3 tiles + 2 fish"


GOLD_CAP = tile("G", "land", ["F0", "M1", "M1", "M1"], [{"id": 0, "type": "forest", "gold": 1},
                                                        {"id": 1, "type": "meadow"}], count=4)
TWO_FORESTS = tile("T", "land", ["M0", "F1", "M0", "F2"], [{"id": 0, "type": "meadow"}, {"id": 1, "type": "forest"},
                                                           {"id": 2, "type": "forest"}])
BONUS_CAP = tile("B", "bonus", ["F0", "M1", "M1", "M1"], [{"id": 0, "type": "forest", "gold": 1},
                                                          {"id": 1, "type": "meadow"}], count=2)
LAKE4 = tile("W", "bonus", ["R0-1-2", "R2-3-4", "R4-5-6", "R6-7-0"],
             [{"id": 0, "type": "meadow"}, {"id": 2, "type": "meadow"}, {"id": 4, "type": "meadow"},
              {"id": 6, "type": "meadow"}, {"id": 1, "type": "river", "lake": 8},
              {"id": 3, "type": "river", "lake": 8}, {"id": 5, "type": "river", "lake": 8},
              {"id": 7, "type": "river", "lake": 8}, {"id": 8, "type": "lake", "fish": 1}])
GOLD_SET = tileset(meadow_tile("S", "start"), GOLD_CAP, TWO_FORESTS, BONUS_CAP, LAKE4,
                   {**LAKE4, "id": "V", "kind": "land"})
GOLD_BOARD = ["G@(-1,0)r1", "G@(1,0)r3", "G@(-1,-1)r1"]


def test_tv24_one_bonus_tile_per_turn_however_many_gold_forests():
    state = build(GOLD_BOARD, ["Red:F@(-1,0).f0", "Blue:F@(1,0).f0", "Yellow:F@(-1,-1).f0"],
                  options={"customTileSet": GOLD_SET}, bonus=["B", "B"], seat=GREEN)
    events = turn(state, "T@(0,0)r0")
    assert totals(state) == [4, 4, 0, 0] and state.phase == BONUS_DRAW
    assert sum(e["type"] == "bonus_earned" for e in events) == 1
    events = turn(state, "B@(0,-1)r3")
    assert totals(state) == [4, 4, 4, 0], "the bonus tile's forest scores too"
    assert state.phase == DRAW and state.turn == 0 and state.bonus_left == 1, "no second bonus tile"


@pytest.mark.parametrize("options, pile, played", [
    ({}, ["W", "B"], True),
    ({}, ["W"], False),
    ({"unplaceableBonus": "forfeit"}, ["W", "B"], False),
])
def test_tv25_unplaceable_bonus_tile_is_removed(options, pile, played):
    state = build(GOLD_BOARD[:2], options={"customTileSet": GOLD_SET, **options}, bonus=pile, seat=RED)
    turn(state, "T@(0,0)r0")
    assert state.phase == BONUS_DRAW
    events = RULESET.apply_chance(state, "W")
    assert events[0]["type"] == "tile_removed" and state.removed == ["W"]
    if played:
        assert state.phase == BONUS_DRAW and state.turn == RED
        turn(state, "B@(0,-1)r0")
        assert state.bonus_left == 0
    assert state.phase == DRAW and state.turn == BLUE


def test_tv26_unplaceable_last_land_tile_is_removed_and_the_game_ends():
    state = build(["S@(0,0)r0"], ["Red:H@S.m0"], options={"customTileSet": GOLD_SET}, land=["V"])
    events = RULESET.apply_chance(state, "V")
    assert state.removed == ["V"] and state.phase == OVER and len(state.board.placements) == 1
    assert [e["type"] for e in events][:2] == ["tile_removed", "game_end"]


@pytest.mark.parametrize("options, points", [({}, 0), ({"scoreIncompleteAtEnd": True}, 12)])
def test_tv27_unfinished_forest_scores_nothing_and_the_gatherer_returns(options, points):
    row = ["L38@(0,0)r0", "L39@(1,0)r0", "L40@(2,0)r0", "L60@(3,0)r0", "L44@(4,0)r0", "L63@(4,-1)r2"]
    state = build(row, ["Red:F@L38.f1"], options=options, land=["L62"])
    forest = state.board.feature_root(state.board.first_zone[0] + 1)
    assert state.board.feature_size[forest] == 6 and state.board.open_sides[forest] == 3
    turn(state, "L62@(0,1)r0")
    assert state.phase == OVER and totals(state)[RED] == points and state.members[RED] == 5
