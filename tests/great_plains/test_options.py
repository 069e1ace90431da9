"""Options, the shipped tile data and its validation (spec sections 4.3-4.4, 4.7, 9 and 10)."""

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from engine import InvalidOptions, Match
from engine.games.great_plains import RULESET
from engine.games.great_plains.board import mirror_rows
from engine.games.great_plains.components import COMPONENT_SETS

DEFAULT = COMPONENT_SETS["default"]
DEFAULT_TILES = DEFAULT["tiles"]
SIDE_B = {  # spec section 4.4, side B test vector
    "T1": ["HGG", "GGGM", "GMCMG", "MGGB", "GWM"], "T2": ["MGG", "GCGG", "GGMMM", "EMGH", "MGW"],
    "T3": ["MGM", "BMGG", "GGCEG", "WGMG", "GMM"], "T4": ["WGM", "GGMG", "MMCGG", "GGMB", "HGM"],
    "T5": ["GGM", "GGMG", "MWCGM", "EMGG", "MGG"], "T6": ["MWG", "GMGG", "GBCMM", "GMGG", "MGG"],
    "T7": ["MHM", "GGGG", "MCMMM", "GGGG", "WEG"],
}
SPEC_DEFAULTS = {
    "figures_per_player": 20, "caves_per_player": 3, "totems_per_kind": 3, "first_cave_player": "random",
    "token_on_power_placement": True, "token_on_push": False, "blocked_player": "auto_pass",
    "horse_skip_rule": "any", "eagle_max_mountains": None, "bear_requires_adjacency": True,
    "bear_push_direction": "from_source", "bear_push_into_occupied": "illegal", "totem_move_form": "combined",
    "leftover_totem_points": 1,
    "final_tiebreak": "grounds_won_then_draw", "spring_mode": "on_meadow", "component_set": "default",
    "components": None, "layout": "random",
}


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


def tiles():
    return copy.deepcopy(DEFAULT_TILES)


def problems(options) -> set[tuple[str, str, str]]:
    """Every problem of rejected options as (path, code, message)."""
    with pytest.raises(InvalidOptions) as info:
        RULESET.make_options(options)
    return {(p.path, p.code, p.message) for p in info.value.problems}


def problem_at(options, path) -> tuple[str, str]:
    """The one problem reported at ``path``: (code, message)."""
    found = [(code, message) for where, code, message in problems(options) if where == path]
    assert len(found) == 1, problems(options)
    return found[0]


def test_defaults_are_the_spec_defaults():
    assert RULESET.make_options({}) == SPEC_DEFAULTS


def test_every_option_is_documented():
    for name, field in RULESET.options_schema().fields.items():
        assert field.metadata.get("description"), name
    for name, schema in RULESET.move_schemas.items():
        for field_name, field in schema().fields.items():
            assert field.metadata.get("description"), (name, field_name)


@pytest.mark.parametrize("options, path, code, text", [
    ({"eagle_max_mountain": 2}, "/eagle_max_mountain", "unknown_option", "Unknown field"),
    ({"eagle_max_mountains": 0}, "/eagle_max_mountains", "invalid_value", "greater than or equal to 1"),
    ({"eagle_max_mountains": "2"}, "/eagle_max_mountains", "invalid_value", "integer"),
    ({"first_cave_player": 2}, "/first_cave_player", "invalid_value", '"random", 0 or 1'),
    ({"first_cave_player": True}, "/first_cave_player", "invalid_value", '"random", 0 or 1'),
    ({"horse_skip_rule": "most"}, "/horse_skip_rule", "invalid_value", "Must be one of"),
    ({"totem_move_form": "one_step"}, "/totem_move_form", "invalid_value", "Must be one of"),
    ({"token_on_push": "yes"}, "/token_on_push", "invalid_value", "boolean"),
    ({"leftover_totem_points": -1}, "/leftover_totem_points", "invalid_value", "greater than or equal to 0"),
    ({"component_set": "classic"}, "/component_set", "unknown_component_set", 'no component set "classic"'),
    ({"caves_per_player": 4}, "/caves_per_player", "cave_capacity", "2 × caves_per_player = 8 exceeds 7 cave spaces"),
    ({"bear_requires_adjacency": False}, "/bear_push_direction", "option_conflict",
     'bear_push_direction "from_source" requires bear_requires_adjacency = true'),
])
def test_invalid_options_name_the_path_and_code(options, path, code, text):
    found_code, message = problem_at(options, path)
    assert found_code == code and text in message


def test_schema_and_option_problems_come_in_one_answer():
    assert problems({"eagle_max_mountains": 0, "caves_per_player": 4, "layout": "spiral"}) == {
        ("/eagle_max_mountains", "invalid_value", "Must be greater than or equal to 1."),
        ("/caves_per_player", "cave_capacity", "2 × caves_per_player = 8 exceeds 7 cave spaces"),
        ("/layout", "invalid_value", 'layout is "random", "reference" or a list of 7 placements'),
    }


def test_custom_tiles_report_every_problem_with_its_path():
    bad = tiles()[:6] + [tiles()[1]]  # 7 tiles, the last reuses T2's id
    bad[0]["sides"]["B"][3] = "MXGB"
    bad[2]["sides"]["A"][1] = "GGMMM"
    bad[5]["sides"]["A"][2] = "MMGGG"
    bad[4]["sides"]["C"] = bad[4]["sides"]["A"]
    assert problems({"components": {"tiles": bad}}) == {
        ("/components/tiles/6/id", "duplicate_id", 'a tile id "T2" is used twice'),
        ("/components/tiles/0/sides/B/3", "terrain_code", '"X" is not one of G W H E B M C'),
        ("/components/tiles/2/sides/A/1", "row_shape", "expected 4 cells, got 5"),
        ("/components/tiles/5/sides/A", "cave_count", "expected 1 cave space, found 0"),
        ("/components/tiles/4/sides/C", "unknown_field", 'a tile has only the sides "A" and "B"'),
    }


@pytest.mark.parametrize("components, path, code, text", [
    ({"tiles": tiles()[:6]}, "/components/tiles", "count", "expected 7 tiles, got 6"),
    ({}, "/components/tiles", "count", "got none"),
    ({"tiles": "T1"}, "/components/tiles", "invalid_value", "tiles must be a list"),
    ([], "/components", "invalid_value", "JSON object"),
    ({"tiles": tiles(), "format": "other@2"}, "/components/format", "invalid_value", "format must be"),
    ({"tiles": tiles(), "provenance": "mine"}, "/components/provenance", "invalid_value", "provenance must be"),
    ({"tiles": tiles(), "colour": "red"}, "/components/colour", "unknown_field", 'unknown data set field "colour"'),
    ({"tiles": [*tiles()[:6], {"id": "T7"}]}, "/components/tiles/6/sides", "invalid_value", "sides is an object"),
    ({"tiles": [*tiles()[:6], {"id": "", "sides": tiles()[6]["sides"]}]}, "/components/tiles/6/id",
     "invalid_value", "non-empty"),
    ({"tiles": [*tiles()[:6], {"id": ["T7"], "sides": tiles()[6]["sides"]}]}, "/components/tiles/6/id",
     "invalid_value", "non-empty"),
    ({"tiles": [*tiles()[:6], {"id": "T7", "sides": {"A": ["GMG"]}}]}, "/components/tiles/6/sides/A",
     "row_shape", "expected 5 row strings"),
])
def test_custom_data_set_checks(components, path, code, text):
    found_code, message = problem_at({"components": components}, path)
    assert found_code == code and text in message


@pytest.mark.parametrize("layout, path, code, text", [
    ("spiral", "/layout", "invalid_value", "layout is"),
    ([{"position": 0, "tile": "T1", "side": "A", "rotation": 0}], "/layout", "count", "expected 7 placements, got 1"),
    ("rotation", "/layout/3/rotation", "invalid_value", "must be 0..5"),
    ("tile", "/layout/3/tile", "duplicate_id", 'tile "T3" used twice'),
    ("position", "/layout/3/position", "layout", "position 2 used twice"),
    ("side", "/layout/3/side", "invalid_value", 'must be "A" or "B"'),
    ("unknown", "/layout/3/tile", "layout", 'no tile "T9"'),
    ("extra", "/layout/3/colour", "unknown_field", 'unknown placement field "colour"'),
    ("entry", "/layout/3", "invalid_value", "a placement is {position, tile, side, rotation}"),
])
def test_layout_checks(layout, path, code, text):
    if not isinstance(layout, list) and layout != "spiral":
        fixed = [{"position": i, "tile": f"T{i + 1}", "side": "A", "rotation": 0} for i in range(7)]
        fixed[3] = "T4" if layout == "entry" else {**fixed[3], **{
            "rotation": {"rotation": 6}, "tile": {"tile": "T3"}, "position": {"position": 2}, "side": {"side": "C"},
            "unknown": {"tile": "T9"}, "extra": {"colour": "red"}}[layout]}
        layout = fixed
    found_code, message = problem_at({"layout": layout}, path)
    assert found_code == code and text in message


def test_a_whole_custom_board_is_played_as_given():
    custom = tiles()
    custom[0]["sides"]["A"] = ["GGG", "GGGG", "GGCGG", "GGGG", "GGG"]  # an open centre tile
    del custom[0]["sides"]["B"]
    layout = [{"position": 3 * i % 7, "tile": f"T{i + 1}", "side": "B" if i else "A", "rotation": i % 6}
              for i in range(7)]
    options = {"components": {"tiles": custom}, "layout": layout, "first_cave_player": 1}
    match = Match.create(RULESET, 2, options, 3)
    view = match.view(None)
    assert view["layout"] == sorted(layout, key=lambda e: e["position"])
    assert view["components"]["provenance"] == "custom" and view["components"]["hash"] != \
        COMPONENT_SETS["default"]["hash"]
    centre = {(c["q"], c["r"]): c["terrain"] for c in view["board"]}
    assert [centre[(q, 0)] for q in range(-2, 3)] == list("GGCGG") and match.to_move() == [1]


def test_side_b_defaults_to_the_mirror_of_side_a():
    custom = tiles()
    for tile in custom:
        del tile["sides"]["B"]
    state = RULESET.setup(2, RULESET.make_options({"components": {"tiles": custom}}))
    assert [t["sides"]["B"] for t in state.components["tiles"]] == [t["sides"]["B"] for t in DEFAULT_TILES]


def test_component_data_is_stored_in_the_state():
    match = Match.create(RULESET, 2, {}, 11)
    data = match.to_json()["state"]
    assert data["components"]["id"] == "default" and len(data["layout"]) == 7
    assert data["components"]["tiles"] == DEFAULT_TILES
