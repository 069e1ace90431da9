"""Options (§9) and tile sets: the shipped set recomputes the spec's §8.4 totals; validation
names every problem's JSON Pointer and code."""

import copy

import pytest

from engine import InvalidOptions, Match
from engine.games.carcassonne_hg import RULESET
from engine.games.carcassonne_hg.components import load_data, shipped, validate
from engine.games.carcassonne_hg.options import Options

from ..conformance import full_check
from .helpers import tile, tileset

DEFAULT = load_data("hg2002-default")

# -- options (§9) -------------------------------------------------------------------------

SPEC_DEFAULTS = {
    "forestUnit": "segment", "riverUnit": "tile", "lakeFishPerRiver": "oncePerLake", "riverFish": "count",
    "membersOnLakes": False, "unplaceableBonus": "discardAndRedraw", "unplaceableLastLand": "endGame",
    "bonusPerTurn": 1, "bonusOnFinalTurn": True, "tieBreak": "none", "startPlayer": "random",
    "hutValue": "allFish", "scoreIncompleteAtEnd": False, "shrineBypassesBlocking": False,
    "tileSet": "hg2002-default", "customTileSet": None, "startRotation": 0,
}


def test_every_decision_of_spec_9_is_an_option_with_its_default_and_description():
    assert RULESET.make_options({}) == SPEC_DEFAULTS
    for name, field in Options().fields.items():
        assert field.metadata.get("description"), name


@pytest.mark.parametrize("start, players, expected", [(1, 2, 1), (4, 5, 4)])
def test_start_player_option(start, players, expected):
    match = Match.create(RULESET, players, {"startPlayer": start}, 9)
    assert match.to_move() == [expected]


@pytest.mark.parametrize("raw, path, code", [
    ({"startPlayer": 2}, "/startPlayer", "option_conflict"),
    ({"startPlayer": "youngest"}, "/startPlayer", "invalid_value"),
    ({"forestUnit": "acre"}, "/forestUnit", "invalid_value"), ({"bonusPerTurn": -1}, "/bonusPerTurn", "invalid_value"),
    ({"startRotation": 4}, "/startRotation", "invalid_value"), ({"tileSet": "hg2020"}, "/tileSet", "invalid_value"),
    ({"tieBreak": "age"}, "/tieBreak", "invalid_value"), ({"forestUnits": "tile"}, "/forestUnits", "unknown_option"),
])
def test_bad_options_are_rejected_with_their_path_and_code(raw, path, code):
    with pytest.raises(InvalidOptions) as info:
        Match.create(RULESET, 2, raw, 1)
    assert [p.code for p in info.value.problems.at(path)] == [code]
    assert info.value.problems.paths() == {path}


def test_random_start_player_is_a_chance_step_and_start_rotation_turns_the_volcano():
    state = RULESET.setup(3, RULESET.make_options({"startRotation": 3}))
    chance = RULESET.chance(state)
    assert chance.outcomes == [0, 1, 2] and chance.label == "start_player"
    assert RULESET.view(state, None)["board"] == [{"x": 0, "y": 0, "tile": "L56", "rotation": 270}]


def test_conformance_checks_with_every_option_changed():
    options = {"forestUnit": "tile", "riverUnit": "segment", "lakeFishPerRiver": "perEnd", "riverFish": "ignore",
               "membersOnLakes": True, "unplaceableBonus": "forfeit", "bonusPerTurn": 2,
               "bonusOnFinalTurn": False, "startPlayer": 1, "hutValue": "largestLake",
               "scoreIncompleteAtEnd": True, "shrineBypassesBlocking": True, "startRotation": 2}
    match = full_check(RULESET, 2, 5, options)
    assert match.status == "finished" and match.view(None)["board"][0]["rotation"] == 180


# -- tile sets (§7, §8) -------------------------------------------------------------------

#: §8.4: item -> (land incl. start, bonus)
TOTALS = {
    "deer": (30, 3), "mammoth": (14, 4), "tiger": (11, 3), "aurochs": (0, 3),
    "lakes": (20, 7), "lakes_1_fish": (14, 2), "lakes_2_fish": (5, 4), "lakes_3_fish": (1, 1),
    "lake_fish": (27, 13), "river_fish": (7, 0), "river_fish_zones": (6, 0), "fish": (34, 13),
    "gold": (30, 0), "mushrooms": (0, 2), "forest_zones": (71, 8), "river_zones": (80, 15),
    "springs": (7, 1), "fire": (0, 1), "shrine": (0, 1),
}


def totals(tiles) -> dict:
    out = dict.fromkeys(TOTALS, 0)
    for t in tiles:
        for z in t["zones"]:
            n = t["count"]
            for animal in ("deer", "mammoth", "tiger", "aurochs", "gold", "mushrooms"):
                out[animal] += n * z.get(animal, 0)
            out["fire"] += n * z.get("fire", False)
            out["shrine"] += n * z.get("shrine", False)
            if z["type"] == "lake":
                out["lakes"] += n
                out[f"lakes_{z['fish']}_fish"] += n
                out["lake_fish"] += n * z["fish"]
            elif z["type"] == "river":
                out["river_zones"] += n
                out["springs"] += n * z.get("spring", False)
                out["river_fish"] += n * z.get("fish", 0)
                out["river_fish_zones"] += n * ("fish" in z)
            elif z["type"] == "forest":
                out["forest_zones"] += n
    out["fish"] = out["lake_fish"] + out["river_fish"]
    return out


def test_default_set_matches_the_totals_of_spec_8_4():
    land = totals(t for t in DEFAULT["tiles"] if t["kind"] != "bonus")
    bonus = totals(t for t in DEFAULT["tiles"] if t["kind"] == "bonus")
    assert {k: (land[k], bonus[k]) for k in TOTALS} == TOTALS


def test_default_set_counts_79_land_tiles_with_the_volcano_start_and_12_bonus_tiles():
    kinds = [t["kind"] for t in DEFAULT["tiles"] for _ in range(t["count"])]
    assert (kinds.count("start"), kinds.count("land"), kinds.count("bonus")) == (1, 78, 12)
    ts = shipped("hg2002-default")
    assert ts.start.id == "L56" and ts.warnings == [] and len(ts.hash) == 16
    problems, warnings = validate(DEFAULT)
    assert problems.as_list() == [] and warnings == []


#: sides for tile L00 (zones: 0, 2 meadow, 1 river into lake 8, 3, 4 forest)
RIVER_0_2 = {"type": "R", "left": 0, "river": 1, "right": 2}
RIVER_2_2 = {"type": "R", "left": 2, "river": 1, "right": 2}
RIVER_2_0 = {"type": "R", "left": 2, "river": 1, "right": 0}
FOREST_3, FOREST_4 = {"type": "F", "zone": 3}, {"type": "F", "zone": 4}


def broken(mutate):
    data = copy.deepcopy(DEFAULT)
    mutate(data)
    return validate(data)[0]


@pytest.mark.parametrize("mutate, path, code, words", [
    (lambda d: d.update(format="hg-tileset/2"), "/format", "invalid_value", "hg-tileset/1"),
    (lambda d: d.update(extra=1), "/extra", "unknown_field", "unknown field"),
    (lambda d: d.update({"a/b~c": 1}), "/a~1b~0c", "unknown_field", "unknown field"),
    (lambda d: d.pop("tiles"), "/tiles", "required", "missing"),
    (lambda d: d.update(tiles=[]), "/tiles", "count", "non-empty list"),
    (lambda d: d["tiles"][0].pop("kind"), "/tiles/0/kind", "required", "missing"),
    (lambda d: d["tiles"][0].update(id="l00"), "/tiles/0/id", "invalid_value", "must match"),
    (lambda d: d["tiles"][1].update(id="L00"), "/tiles/1/id", "duplicate_id", "already used"),
    (lambda d: d["tiles"][0].update(count=0), "/tiles/0/count", "invalid_value", ">= 1"),
    (lambda d: d["tiles"][0].update(kind=[]), "/tiles/0/kind", "invalid_value", "'start', 'land' or 'bonus'"),
    (lambda d: d["tiles"][0]["zones"][0].update(type=[]), "/tiles/0/zones/0/type", "invalid_value", "'forest'"),
    (lambda d: d["tiles"][0]["sides"].pop(), "/tiles/0/sides", "count", "4 sides"),
    (lambda d: d["tiles"][0].update(zones={}), "/tiles/0/zones", "invalid_value", "list of zones"),
    (lambda d: d["tiles"][0]["sides"][1].update(type="X"), "/tiles/0/sides/1/type", "invalid_value", "'F', 'M' or 'R'"),
    (lambda d: d["tiles"][0]["sides"][1].update(zone=3), "/tiles/0/sides/1", "side_zone_type", "V2"),
    (lambda d: d["tiles"][0]["sides"][1].update(zone=9), "/tiles/0/sides/1", "side_zone", "V2"),
    (lambda d: d["tiles"][0]["zones"][2].update(deer=-1), "/tiles/0/zones/2/deer", "invalid_value", ">= 0"),
    (lambda d: d["tiles"][0]["zones"][3].update(deer=1), "/tiles/0/zones/3/deer", "unknown_field", "unknown field"),
    (lambda d: d["tiles"][0]["zones"][1].update(spring=True), "/tiles/0/zones/1", "lake_and_spring", "not both"),
    (lambda d: d["tiles"][0]["zones"][1].pop("lake"), "/tiles/0/zones/1", "river_end", "V4"),
    (lambda d: d["tiles"][0].update(sides=[RIVER_0_2, RIVER_2_2, FOREST_3, FOREST_4]), "/tiles/0/zones/1",
     "river_through", "V4"),
    (lambda d: d["tiles"][0].update(sides=[RIVER_0_2, RIVER_2_2, RIVER_2_0, FOREST_4]), "/tiles/0/zones/1",
     "river_sides", "V4"),
    (lambda d: d["tiles"][0]["zones"][1].update(lake=4), "/tiles/0/zones/1/lake", "river_lake", "V4"),
    (lambda d: d["tiles"][0]["sides"][1].update(zone=8), "/tiles/0/zones/5", "lake_on_side", "V3"),
    (lambda d: d["tiles"][0]["zones"].append({"id": 9, "type": "lake", "fish": 1}), "/tiles/0/zones/6",
     "lake_without_river", "V5"),
    (lambda d: d["tiles"][0]["zones"].append({"id": 7, "type": "forest"}), "/tiles/0/zones/6", "zone_off_sides", "V3"),
    (lambda d: d["tiles"][0]["zones"][1].update(id=2), "/tiles/0/zones/2/id", "duplicate_id", "V2"),
    (lambda d: d["tiles"][56].update(kind="land"), "/tiles", "start_tile", "V1"),
    (lambda d: d["tiles"][48]["sides"][3].update(left=0, right=2), "/tiles/48/sides", "river_banks", "V6"),
])
def test_invalid_tile_set_names_the_path_and_code(mutate, path, code, words):
    problems = broken(mutate)
    assert [p.code for p in problems.at(path)] == [code], problems.as_list()
    assert words in problems.at(path)[0].message


def test_a_tile_set_that_is_no_object_is_one_problem_at_the_root():
    root = {"code": "invalid_value", "message": "a tile set is a JSON object"}
    assert validate([])[0].as_list() == [{"path": "", **root}]
    assert RULESET.check_options({"customTileSet": []}).as_list() == [{"path": "/customTileSet", **root}]


def test_every_problem_is_reported_at_once():
    def mutate(d):
        d["tiles"][0].update(count=0)
        d["tiles"][5]["zones"][0].update(tiger="x")
        d.update(status="guessed")
    assert {(p.path, p.code) for p in broken(mutate)} == {
        ("/tiles/0/count", "invalid_value"), ("/tiles/5/zones/0/tiger", "invalid_value"), ("/status", "invalid_value")}


def test_a_tile_set_with_several_defects_reports_each_with_its_path_and_code():
    def mutate(d):
        d.update(edition="hg2020", extra=True)
        d.pop("tileSet")
        d["tiles"][1].update(id="L00")
        d["tiles"][2]["sides"][0].update(zone=9)
        d["tiles"][3]["zones"].append({"id": 7, "type": "forest"})
        d["tiles"][48]["sides"][3].update(left=0, right=2)
        d["tiles"][56].update(kind="land")
    assert [(p.path, p.code) for p in broken(mutate)] == [
        ("/tileSet", "required"), ("/extra", "unknown_field"), ("/edition", "invalid_value"),
        ("/tiles/1/id", "duplicate_id"), ("/tiles/2/sides/0", "side_zone"), ("/tiles/3/zones/7", "zone_off_sides"),
        ("/tiles/48/sides", "river_banks"), ("/tiles", "start_tile"),
    ]


def test_warnings_for_big_lakes_and_unusual_totals():
    small = tileset(tile("S", "start", ["M0", "R0-1-0", "M0", "M0"],
                         [{"id": 0, "type": "meadow"}, {"id": 1, "type": "river", "lake": 8},
                          {"id": 8, "type": "lake", "fish": 5}]))
    problems, warnings = validate(small)
    assert problems.as_list() == [] and len(warnings) == 2
    assert "5 fish" in warnings[0] and "V8" in warnings[1]


def test_custom_tile_set_through_options_is_validated_with_paths():
    bad = copy.deepcopy(DEFAULT)
    bad["tiles"][3]["zones"][0]["type"] = "swamp"
    with pytest.raises(InvalidOptions) as info:
        Match.create(RULESET, 2, {"customTileSet": bad}, 1)
    assert info.value.errors == {"problems": [{"path": "/customTileSet/tiles/3/zones/0/type", "code": "invalid_value",
                                               "message": "must be 'forest', 'meadow', 'river' or 'lake'"}]}
    with pytest.raises(InvalidOptions) as info:
        RULESET.make_options({"customTileSet": {"format": "hg-tileset/1"}})
    assert {(p.path, p.code) for p in info.value.problems} == {
        ("/customTileSet/tileSet", "required"), ("/customTileSet/tiles", "required"),
        ("/customTileSet/edition", "required"), ("/customTileSet/status", "required")}


def test_a_valid_custom_tile_set_is_played_and_named_in_the_view():
    data = copy.deepcopy(DEFAULT)
    data["tileSet"] = "my-set"
    data["tiles"] = [t for t in data["tiles"] if t["kind"] != "bonus"][:20] + [DEFAULT["tiles"][56]]
    match = Match.create(RULESET, 2, {"customTileSet": data}, 3)
    view = match.view(0)
    assert view["tile_set"]["id"] == "my-set" and view["piles"] == {"land": 19, "bonus": 0}
    assert view["tile_set"]["hash"] != shipped("hg2002-default").hash
