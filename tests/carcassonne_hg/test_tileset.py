"""The shipped tile set recomputes the spec's §8.4 totals; validation names every problem's path."""

import copy

import pytest

from engine import InvalidOptions, Match
from engine.games.carcassonne_hg import RULESET
from engine.games.carcassonne_hg.tileset import load_data, shipped, validate

from .fixtures import tile, tileset

DEFAULT = load_data("hg2002-default")

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
    assert validate(DEFAULT) == ({}, [])


def broken(mutate):
    data = copy.deepcopy(DEFAULT)
    mutate(data)
    return validate(data)[0]


@pytest.mark.parametrize("mutate, path, words", [
    (lambda d: d.update(format="hg-tileset/2"), "format", "hg-tileset/1"),
    (lambda d: d.update(extra=1), "extra", "unknown field"),
    (lambda d: d.pop("tiles"), "tiles", "missing"),
    (lambda d: d["tiles"][0].update(id="l00"), "tiles.0.id", "must match"),
    (lambda d: d["tiles"][1].update(id="L00"), "tiles.1.id", "already used"),
    (lambda d: d["tiles"][0].update(count=0), "tiles.0.count", ">= 1"),
    (lambda d: d["tiles"][0]["sides"].pop(), "tiles.0.sides", "4 sides"),
    (lambda d: d["tiles"][0]["sides"][1].update(type="X"), "tiles.0.sides.1.type", "'F', 'M' or 'R'"),
    (lambda d: d["tiles"][0]["sides"][1].update(zone=3), "tiles.0.sides.1", "V2"),
    (lambda d: d["tiles"][0]["sides"][1].update(zone=9), "tiles.0.sides.1", "V2"),
    (lambda d: d["tiles"][0]["zones"][2].update(deer=-1), "tiles.0.zones.2.deer", ">= 0"),
    (lambda d: d["tiles"][0]["zones"][3].update(deer=1), "tiles.0.zones.3.deer", "unknown field"),
    (lambda d: d["tiles"][0]["zones"][1].update(spring=True), "tiles.0.zones.1", "not both"),
    (lambda d: d["tiles"][0]["zones"][1].pop("lake"), "tiles.0.zones.1", "V4"),
    (lambda d: d["tiles"][0]["zones"][1].update(lake=4), "tiles.0.zones.1.lake", "V4"),
    (lambda d: d["tiles"][0]["zones"].append({"id": 9, "type": "lake", "fish": 1}), "tiles.0.zones.6", "V5"),
    (lambda d: d["tiles"][0]["zones"].append({"id": 7, "type": "forest"}), "tiles.0.zones.6", "V3"),
    (lambda d: d["tiles"][0]["zones"][1].update(id=2), "tiles.0.zones.2.id", "V2"),
    (lambda d: d["tiles"][56].update(kind="land"), "tiles", "V1"),
    (lambda d: d["tiles"][48]["sides"][3].update(left=0, right=2), "tiles.48.sides", "V6"),
])
def test_invalid_tile_set_names_the_path(mutate, path, words):
    errors = broken(mutate)
    assert path in errors, errors
    assert words in errors[path]


def test_every_problem_is_reported_at_once():
    def mutate(d):
        d["tiles"][0].update(count=0)
        d["tiles"][5]["zones"][0].update(tiger="x")
        d.update(status="guessed")
    assert set(broken(mutate)) == {"tiles.0.count", "tiles.5.zones.0.tiger", "status"}


def test_warnings_for_big_lakes_and_unusual_totals():
    small = tileset(tile("S", "start", ["M0", "R0-1-0", "M0", "M0"],
                         [{"id": 0, "type": "meadow"}, {"id": 1, "type": "river", "lake": 8},
                          {"id": 8, "type": "lake", "fish": 5}]))
    errors, warnings = validate(small)
    assert errors == {} and len(warnings) == 2
    assert "5 fish" in warnings[0] and "V8" in warnings[1]


def test_custom_tile_set_through_options_is_validated_with_paths():
    bad = copy.deepcopy(DEFAULT)
    bad["tiles"][3]["zones"][0]["type"] = "swamp"
    with pytest.raises(InvalidOptions) as info:
        Match.create(RULESET, 2, {"customTileSet": bad}, 1)
    assert info.value.errors == {"customTileSet.tiles.3.zones.0.type": "must be 'forest', 'meadow', 'river' or 'lake'"}
    with pytest.raises(InvalidOptions) as info:
        RULESET.make_options({"customTileSet": {"format": "hg-tileset/1"}})
    assert {"customTileSet.tileSet", "customTileSet.tiles", "customTileSet.edition"} <= set(info.value.errors)


def test_a_valid_custom_tile_set_is_played_and_named_in_the_view():
    data = copy.deepcopy(DEFAULT)
    data["tileSet"] = "my-set"
    data["tiles"] = [t for t in data["tiles"] if t["kind"] != "bonus"][:20] + [DEFAULT["tiles"][56]]
    match = Match.create(RULESET, 2, {"customTileSet": data}, 3)
    view = match.view(0)
    assert view["tile_set"]["id"] == "my-set" and view["piles"] == {"land": 19, "bonus": 0}
    assert view["tile_set"]["hash"] != shipped("hg2002-default").hash
