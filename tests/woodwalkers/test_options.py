"""Options and component data (§4, §12, §13): defaults, replacement, validation."""

import copy

import pytest

from engine import InvalidOptions, Match
from engine.games.woodwalkers import RULESET as R
from engine.games.woodwalkers.components import component_sets
from engine.games.woodwalkers.rules import duel_totals
from engine.games.woodwalkers.state import Duel

from .helpers import animal, build

DEFAULT = component_sets()["default"]


def rows(*changes):
    board = list(DEFAULT["board"]["rows"])
    for i, row in changes:
        board[i] = row
    return {"rows": board}


def test_every_option_is_documented_with_its_default():
    schema = R.options_schema()
    for name, field in schema.fields.items():
        assert field.metadata.get("description"), name
    defaults = R.make_options({})
    assert defaults["variant"] == "day" and defaults["display_size"] == 3
    assert defaults["arrangement"] == "player_choice" and defaults["value_floor"] is None
    assert defaults["night_guess_bonus"] == 1 and defaults["tiebreak_wounds"] == "in_play"


def test_default_component_set_is_versioned_project_default():
    assert DEFAULT["format"] == "woodwalkers/components@1" and DEFAULT["provenance"] == "project-default"
    meta = Match.create(R, 2, {}, 1).view(0)["components"]
    assert meta["id"] == "default" and len(meta["hash"]) == 16


@pytest.mark.parametrize("raw, path, code", [
    ({"night_guess_bonuss": 1}, "/night_guess_bonuss", "unknown_option"),
    ({"display_size": 1}, "/display_size", "invalid_value"),
    ({"variant": "dusk"}, "/variant", "invalid_value"),
    ({"component_set": "print-2022"}, "/component_set", "unknown_component_set"),
    ({"components": {"board": rows((3, "2..F.F.F.4"))}}, "/components/board/rows/3", "board_shape"),
    ({"components": {"board": rows((0, "..33x3333.."))}}, "/components/board/rows/0", "board_code"),
    ({"components": {"board": rows((5, "...F.F.F..4"))}}, "/components/board/rows", "start_fields"),
    ({"components": {"board": {"rows": []}}}, "/components/board/rows", "count"),
    ({"components": {"board": {"rows": "..F.."}}}, "/components/board/rows", "invalid_value"),
    ({"components": {"board": rows((2, "2...F.F.F.4"))}}, "/components/forest_tiles", "count"),
    ({"components": {"night_board": rows((2, "2...F.F.F.4"))}}, "/components/night_board/rows", "count"),
    ({"components": {"species": DEFAULT["species"][:6]}}, "/components/species", "count"),
    ({"components": {"species": DEFAULT["species"][:6] + DEFAULT["species"][:1]}},
     "/components/species/6/key", "duplicate_id"),
    ({"components": {"species": [{**DEFAULT["species"][0], "strength": "9"}, *DEFAULT["species"][1:]]}},
     "/components/species/0/strength", "invalid_value"),
    ({"components": {"species": [{"name_de": "Puma"}, *DEFAULT["species"][1:]]}},
     "/components/species/0/key", "required"),
    ({"components": {"species": ["puma", *DEFAULT["species"][1:]]}}, "/components/species/0", "invalid_value"),
    ({"components": {"forest_tiles": [{"kind": "flag", "count": 25}]}}, "/components/forest_tiles/0/value",
     "required"),
    ({"components": {"forest_tiles": [{"kind": "flag", "count": -1, "value": 5}]}},
     "/components/forest_tiles/0/count", "invalid_value"),
    ({"components": {"combat_mode_tiles": DEFAULT["combat_mode_tiles"][:2]}}, "/components/combat_mode_tiles",
     "count"),
    ({"components": {"combat_mode_tiles": [{"id": "x", "attribute": "agility"}] * 3}},
     "/components/combat_mode_tiles/0/attribute", "invalid_value"),
    ({"components": {"combat_mode_tiles": [{"id": "x", "attribute": "speed"}] * 3}},
     "/components/combat_mode_tiles/2/id", "duplicate_id"),
    ({"components": {"characters": {"set1": ["Carag"]}}}, "/components/characters", "invalid_value"),
    ({"components": {"format": "other@2"}}, "/components/format", "invalid_value"),
    ({"seats": [1, 1, 3]}, "/seats", "invalid_value"),
    ({"seats": [1, 3], "first_start_player": 2}, "/first_start_player", "option_conflict"),
    ({"first_start_player": "soon"}, "/first_start_player", "invalid_value"),
    ({"components": {"forest_tile": []}}, "/components/forest_tile", "unknown_field"),
    ({"components": {"forest/tiles": []}}, "/components/forest~1tiles", "unknown_field"),
    ({"components": {"species": [{**DEFAULT["species"][0], "speeed": 3}, *DEFAULT["species"][1:]]}},
     "/components/species/0/speeed", "unknown_field"),
    ({"components": {"combat_mode_tiles": [{**DEFAULT["combat_mode_tiles"][0], "colour": "red"},
                                           *DEFAULT["combat_mode_tiles"][1:]]}},
     "/components/combat_mode_tiles/0/colour", "unknown_field"),
])
def test_invalid_options_name_path_and_code(raw, path, code):
    with pytest.raises(InvalidOptions) as info:
        R.make_options(raw)
    assert [p.code for p in info.value.problems.at(path)] == [code], info.value.problems.as_list()


def test_board_map_problems_name_the_row_and_column():
    with pytest.raises(InvalidOptions) as info:
        R.make_options({"components": {"board": rows((0, "..33x3333.."))}})
    assert [p.message for p in info.value.problems.at("/components/board/rows/0")] == [
        'column 4: "x" is not one of . F 1 2 3 4']
    assert [p.message for p in info.value.problems.at("/components/board/rows")] == [
        "seat 3 has 6 start fields, needs 7"]


def test_all_problems_are_collected():
    raw = {"components": {"board": rows((0, "..33x3333..")), "species": [], "combat_mode_tiles": []}}
    with pytest.raises(InvalidOptions) as info:
        R.make_options(raw)
    assert {"/components/board/rows/0", "/components/species",
            "/components/combat_mode_tiles"} <= info.value.problems.paths()


def test_schema_and_data_problems_come_in_one_answer():
    with pytest.raises(InvalidOptions) as info:
        R.make_options({"display_size": 1, "components": {"forest_tile": []}})
    assert [(p.path, p.code) for p in info.value.problems] == [("/display_size", "invalid_value"),
                                                              ("/components/forest_tile", "unknown_field")]


def test_seat_count_must_match_players():
    with pytest.raises(InvalidOptions) as info:
        Match.create(R, 3, {"seats": [1, 3]}, 1)
    assert [p.code for p in info.value.problems.at("/seats")] == ["option_conflict"]


def test_three_players_need_seat_two_start_fields():
    board = rows(*[(i, "." + DEFAULT["board"]["rows"][i][1:]) for i in range(2, 9)])
    Match.create(R, 2, {"components": {"board": board}}, 1)
    with pytest.raises(InvalidOptions) as info:
        Match.create(R, 3, {"components": {"board": board}}, 1)
    assert [(p.path, p.code) for p in info.value.problems] == [("/components/board/rows", "start_fields")]


def test_custom_seats_map_api_seats_to_board_seats():
    match = Match.create(R, 2, {"seats": [2, 4], "arrangement": "random"}, 1)
    view = match.view(0)
    assert view["board_seat"] == [2, 4]
    assert {tuple(a["at"]) for a in view["animals"] if a["seat"] == 0} == {(r, 0) for r in range(2, 9)}


def test_replaced_combat_mode_tiles_change_the_round_count():
    tiles = [{"id": f"t{i}", "attribute": "speed"} for i in range(4)]
    match = Match.create(R, 2, {"components": {"combat_mode_tiles": tiles}, "arrangement": "random"}, 5)
    rounds = 0
    while match.status == "active":
        seat = match.to_move()[0]
        moves = match.legal_moves(seat)
        rounds += moves[0]["type"] == "choose_mode"
        match.play(seat, next((m for m in moves if m["type"] == "pass"), moves[0]))
    assert rounds == 4 - 3 + 2


def test_replaced_species_values_are_used():
    species = copy.deepcopy(DEFAULT["species"])
    species[0]["strength"] = 9
    state = build(components={"species": species}, mode="strength")
    state.duel = Duel(animal(state, 0, "puma"), animal(state, 1, "puma"))
    challenger, defender = duel_totals(state)
    assert challenger["value"] == defender["value"] == 9
