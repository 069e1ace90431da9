"""Rule-by-rule scenarios: placement (§3.1), pieces and blocking (§3.2), the turn (§2),
bonus tiles (§5), the end (§6), events, the stored state and copies."""

import json

import pytest

from engine import IllegalMove, NotYourTurn, canonical
from engine.games.carcassonne_hg import RULESET
from engine.games.carcassonne_hg.state import BONUS_DRAW, DRAW, OVER, PIECE
from engine.texts import event_text

from .helpers import build, place, piece_move, tile, tileset, turn

RED, BLUE = 0, 1


def unchanged_after(state, seat, move, match) -> IllegalMove:
    before = canonical(RULESET.to_json(state))
    with pytest.raises(IllegalMove, match=match) as info:
        RULESET.apply(state, seat, move)
    assert canonical(RULESET.to_json(state)) == before
    return info.value


# -- §3.1 tiles -------------------------------------------------------------------------

@pytest.mark.parametrize("move, rule", [
    ({"type": "place_tile", "x": 5, "y": 5, "rotation": 0}, "share at least one full edge"),
    ({"type": "place_tile", "x": 0, "y": 0, "rotation": 0}, "already holds a tile"),
    ({"type": "no_piece"}, "drawn tile must be placed"),
    ({"type": "place_piece", "zone": 1, "piece": "member"}, "drawn tile must be placed"),
])
def test_tile_placement_rules_name_the_rule_and_change_nothing(move, rule):
    state = build(["L02@(0,0)r0"])
    RULESET.apply_chance(state, "L48")
    unchanged_after(state, RED, move, rule)


@pytest.mark.parametrize("move, field", [
    ({"type": "place_tile", "x": 1, "y": 0, "rotation": 45}, "rotation"),
    ({"type": "place_tile", "x": "1", "y": 0, "rotation": 0}, "x"),
    ({"type": "place_tile", "x": 1, "y": True, "rotation": 0}, "y"),
    ({"type": "place_tile", "x": 1, "y": 0}, "rotation"),
    ({"type": "place_tile", "x": 1, "y": 0, "rotation": 0, "zone": 1}, "zone"),
])
def test_malformed_tile_moves_are_refused_naming_the_field_and_change_nothing(move, field):
    state = build(["L02@(0,0)r0"])
    RULESET.apply_chance(state, "L48")
    error = unchanged_after(state, RED, move, "malformed 'place_tile' move")
    assert set(error.errors) == {field}


def test_a_river_side_never_matches_a_meadow_side():
    state = build(["L02@(0,0)r0"])  # east side: river
    RULESET.apply_chance(state, "L48")  # N meadow, E river, S meadow, W river
    moves = RULESET.legal_moves(state, RED)
    assert {"type": "place_tile", "x": 1, "y": 0, "rotation": 0} in moves
    assert {"type": "place_tile", "x": 1, "y": 0, "rotation": 90} not in moves
    unchanged_after(state, RED, {"type": "place_tile", "x": 1, "y": 0, "rotation": 90}, "sides must match")


def test_symmetric_tiles_list_every_rotation():
    state = build(["L62@(0,0)r0"])
    RULESET.apply_chance(state, "L61")
    moves = RULESET.legal_moves(state, RED)
    assert len(moves) == 16 and moves == sorted(moves, key=lambda m: (m["x"], m["y"], m["rotation"]))


def test_unplaceable_land_tile_is_removed_shown_and_another_drawn():
    data = tileset(tile("S", "start", ["M0", "M0", "M0", "M0"], [{"id": 0, "type": "meadow"}]),
                   tile("R", "land", ["R0-1-2", "R2-3-4", "R4-5-6", "R6-7-0"],
                        [{"id": 0, "type": "meadow"}, {"id": 2, "type": "meadow"}, {"id": 4, "type": "meadow"},
                         {"id": 6, "type": "meadow"}, {"id": 1, "type": "river", "lake": 8},
                         {"id": 3, "type": "river", "lake": 8}, {"id": 5, "type": "river", "lake": 8},
                         {"id": 7, "type": "river", "lake": 8}, {"id": 8, "type": "lake", "fish": 1}]),
                   tile("M", "land", ["M0", "M0", "M0", "M0"], [{"id": 0, "type": "meadow"}], count=2))
    state = build(["S@(0,0)r0"], options={"customTileSet": data}, land=["R", "M", "M"])
    events = RULESET.apply_chance(state, "R")
    assert events[0]["type"] == "tile_removed" and events[0]["tile"] == "R"
    assert state.phase == DRAW and state.land_left == 2
    view = RULESET.view(state, BLUE)
    assert view["removed"] == ["R"] and view["piles"] == {"land": 2, "bonus": 0}
    assert RULESET.chance(state).outcomes == ["M"] and RULESET.chance(state).weights == [2]


# -- §3.2 pieces ------------------------------------------------------------------------

def test_huts_go_on_rivers_and_lakes_and_members_not_on_lakes():
    state = build(["L02@(0,0)r0", "L48@(1,0)r0"])
    place(state, "L04@(2,0)r3")  # m0, r1 -> lake8, m2, f3, m4, r5 -> lake8, lake8
    moves = RULESET.legal_moves(state, RED)
    assert {"type": "place_piece", "zone": 8, "piece": "hut"} in moves
    assert {"type": "place_piece", "zone": 8, "piece": "member"} not in moves
    unchanged_after(state, RED, {"type": "place_piece", "zone": 8, "piece": "member"}, "may not stand on lakes")
    unchanged_after(state, RED, {"type": "place_piece", "zone": 3, "piece": "hut"}, "river or a lake")
    unchanged_after(state, RED, {"type": "place_piece", "zone": 7, "piece": "member"}, "not a zone")
    unchanged_after(state, RED, {"type": "place_tile", "x": 3, "y": 0, "rotation": 0}, "place a piece")
    error = unchanged_after(state, RED, {"type": "place_piece", "zone": 1, "piece": "totem"}, "malformed")
    assert set(error.errors) == {"piece"}


def test_members_on_lakes_option_allows_a_member_on_a_lake():
    state = build(["L02@(0,0)r0", "L48@(1,0)r0"], options={"membersOnLakes": True})
    place(state, "L04@(2,0)r3")
    assert {"type": "place_piece", "zone": 8, "piece": "member"} in RULESET.legal_moves(state, RED)
    events = RULESET.apply(state, RED, {"type": "place_piece", "zone": 8, "piece": "member"})
    assert events[0]["role"] == "fisherman" and state.members[RED] == 4


def test_fishermen_block_per_river_but_huts_per_river_system():
    # L01's lake has two exits (E, W): two rivers, one river system.
    state = build(["L01@(0,0)r0", "L48@(1,0)r0"], ["Blue:R@L48.r1", "Blue:hut@L48.r1"])
    place(state, "L52@(-1,0)r0")
    moves = RULESET.legal_moves(state, RED)
    assert {"type": "place_piece", "zone": 1, "piece": "member"} in moves, "another river of the same lake"
    assert {"type": "place_piece", "zone": 1, "piece": "hut"} not in moves, "the river system has a hut"
    unchanged_after(state, RED, {"type": "place_piece", "zone": 1, "piece": "hut"}, "already holds a hut")


def test_empty_supply_leaves_only_no_piece():
    state = build(["L02@(0,0)r0"])
    state.members[RED], state.huts[RED] = 0, 0
    place(state, "L48@(1,0)r0")
    assert RULESET.legal_moves(state, RED) == [{"type": "no_piece"}]
    unchanged_after(state, RED, {"type": "place_piece", "zone": 0, "piece": "member"}, "no tribe member left")
    unchanged_after(state, RED, {"type": "place_piece", "zone": 1, "piece": "hut"}, "no fishing hut left")


def test_hunters_and_huts_never_return():
    state = build(["L02@(0,0)r0"], land=["L48", "L00", "L62"])
    turn(state, "L48@(1,0)r0", "hut:r1")
    turn(state, "L00@(2,0)r3", "m2")  # completes the river: no fisherman, the hut stays
    assert state.huts[RED] == 1 and state.members[BLUE] == 4 and len(state.board.pieces) == 2


@pytest.mark.parametrize("bypass, legal", [(False, False), (True, True)])
def test_shrine_hunter_follows_blocking_unless_the_option_says_otherwise(bypass, legal):
    state = build(["L61@(0,0)r0"], ["Blue:H@L61.m0"], options={"shrineBypassesBlocking": bypass},
                  bonus=["B95"])
    state.phase, state.bonus_due = BONUS_DRAW, 1
    place(state, "B95@(1,0)r0")  # its W meadow (the shrine zone) joins Blue's meadow
    assert ({"type": "place_piece", "zone": 0, "piece": "member"} in RULESET.legal_moves(state, RED)) is legal


# -- §2 turn, §5 bonus, §6 end -------------------------------------------------------------

def test_turn_is_tile_then_piece_then_next_seat():
    state = build(["L02@(0,0)r0"], players=3, seat=2)
    place(state, "L48@(1,0)r0")
    assert state.phase == PIECE and RULESET.to_move(state) == [2]
    assert RULESET.legal_moves(state, 0) == []
    with pytest.raises(NotYourTurn, match="not to move"):
        RULESET.apply(state, 0, {"type": "no_piece"})
    RULESET.apply(state, 2, {"type": "no_piece"})
    assert state.phase == DRAW and state.turn == 0 and RULESET.to_move(state) == []


@pytest.mark.parametrize("options, bonus", [({}, True), ({"bonusPerTurn": 0}, False)])
def test_bonus_per_turn_option(options, bonus):
    state = build(["L75@(0,0)r0", "L30@(1,0)r0", "L77@(0,1)r3"], options=options)
    turn(state, "L76@(1,1)r1")
    assert (state.phase == BONUS_DRAW) is bonus


@pytest.mark.parametrize("final_bonus", [True, False])
def test_bonus_earned_with_the_last_land_tile(final_bonus):
    state = build(["L75@(0,0)r0", "L30@(1,0)r0", "L77@(0,1)r3"], options={"bonusOnFinalTurn": final_bonus},
                  land=["L76"])
    turn(state, "L76@(1,1)r1")
    if final_bonus:
        assert state.phase == BONUS_DRAW and state.turn == RED
        turn(state, "B85@(-1,0)r0")
    assert state.phase == OVER and RULESET.is_over(state)


def test_game_ends_after_the_last_land_tile_and_score_sheet_has_the_categories():
    state = build(["L02@(0,0)r0"], ["Blue:hut@L02.r1"], land=["L48"], players=2)
    turn(state, "L48@(1,0)r0")
    sheet = RULESET.score(state)
    assert state.phase == OVER and RULESET.to_move(state) == []
    assert sheet["scores"][BLUE] == {"seat": 1, "total": 1, "breakdown": {"forest": 0, "river": 0, "hut": 1,
                                                                          "meadow": 0}}
    assert sheet["winners"] == [BLUE]


def test_shared_win_on_a_tie():
    state = build(["L62@(0,0)r0"], players=2, land=["L61"])
    turn(state, "L61@(1,0)r0")
    assert RULESET.score(state)["winners"] == [0, 1]


def test_gold_with_an_empty_bonus_pile_gives_no_bonus_tile():
    state = build(["L75@(0,0)r0", "L30@(1,0)r0", "L77@(0,1)r3"], bonus=[])
    events = turn(state, "L76@(1,1)r1")
    assert state.phase == DRAW and state.turn == BLUE
    assert [event_text(RULESET, e, "en") for e in events if e["type"] == "bonus_lost"] == [
        "Player 1 gets no bonus tile"]


def test_two_bonus_tiles_per_turn_when_the_option_says_so():
    state = build(["L75@(0,0)r0", "L30@(1,0)r0", "L77@(0,1)r3"], options={"bonusPerTurn": 2},
                  bonus=["B85", "B90"])
    turn(state, "L76@(1,1)r1")
    turn(state, "B85@(-1,0)r0")
    assert state.phase == BONUS_DRAW and state.turn == RED and state.bonus_due == 1
    turn(state, "B90@(0,-1)r2")
    assert state.phase == DRAW and state.turn == BLUE and state.bonus_left == 0


def test_hut_value_largest_lake_option():
    state = build(["L02@(0,0)r0", "L48@(1,0)r0", "L00@(2,0)r3"], ["Blue:hut@L48.r1"],
                  options={"hutValue": "largestLake"}, land=["L62"])
    turn(state, "L62@(1,1)r0")
    assert state.scores[BLUE][2] == 2, "the larger of the lakes with 1 and 2 fish"


# -- events, JSON, copies -----------------------------------------------------------------------

def test_events_name_what_happened():
    state = build(["L02@(0,0)r0", "L48@(1,0)r0"], ["Red:R@L48.r1"], seat=RED)
    events = turn(state, "L00@(2,0)r3")
    assert [event_text(RULESET, e, "en") for e in events] == [
        "Player 1 draws the land tile L00", "Player 1 places L00 at (2, 0), turned 270°",
        "Completed river: 6 points for Player 1", "Tribe members return to Player 1"]
    assert [event_text(RULESET, e, "de") for e in events] == [
        "Spieler 1 zieht die Landschaftskarte L00", "Spieler 1 legt L00 auf (2, 0), um 270° gedreht",
        "Fertiger Fluss: 6 Punkte für Spieler 1", "Stammesmitglieder kehren zurück zu Spieler 1"]


def test_json_round_trip_rebuilds_the_feature_graph():
    state = build(["L75@(0,0)r0", "L30@(1,0)r0", "L77@(0,1)r3"], ["Red:F@L75.f1"], seat=BLUE)
    place(state, "L76@(1,1)r1")
    data = json.loads(json.dumps(RULESET.to_json(state)))
    again = RULESET.from_json(data)
    assert canonical(RULESET.to_json(again)) == canonical(data)
    assert RULESET.legal_moves(again, BLUE) == RULESET.legal_moves(state, BLUE)
    RULESET.apply(again, BLUE, piece_move(None))
    assert again.scores[RED][0] == 8


def test_copy_state_is_independent():
    state = build(["L02@(0,0)r0"])
    copy = RULESET.copy_state(state)
    turn(copy, "L48@(1,0)r0", "r1")
    assert len(state.board.placements) == 1 and state.members[RED] == 5 and state.phase == DRAW
    assert RULESET.determinize(state, 1, None) is not state
