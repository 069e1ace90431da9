"""Options (§13.4) with defaults and descriptions, and the replaceable card data file
(problems at JSON Pointers)."""

import copy

import pytest

from engine import InvalidOptions, Match
from engine.games.targi.components import packaged

from .helpers import R, game, set_player

SPEC_DEFAULTS = {
    "end_on_12th_card": "immediately", "robber_after_raid": "advance", "raid_shortfall": "partial_goods",
    "limit_check": "end_of_round", "allow_opposite_own_targi": True, "fata_morgana_target": "face_up_unoccupied",
    "deck_exhaustion": "reshuffle", "caravan_counts_as_goods_card": False, "we8_timing": "once_per_round",
    "we7_counts_itself": True, "allow_opposite_robber": True, "row_bonus_rule": "four_distinct",
    "row_bonus_same_vp": 4, "row_bonus_different_vp": 2, "gold_counts_as_good": False, "edition": "base",
    "discount_can_reduce_gold": False, "oa6_scope": "all_raids", "ta7_always": True,
    "bonus_good_sources": "central_goods_cards", "bonus_good_timing": "on_receipt",
    "oa8_timing": "end_of_action_phase", "we6_scope": "robber_card_only", "we9_gold_in_stock": False,
    "cr9_counts_after_placing": True, "te9_mode": "place_two", "oa9_mode": "remove_and_reinsert",
    "te8_repeatable": True, "te7_applies_to_we8": False, "perm_effective": "immediately",
    "once_resolution": "immediate", "raid_order": "start_player_first", "unused_source": "no_effect",
    "round_end_order": "return,reveal,oa8,limits,end_check,token", "placement_mandatory": True,
    "final_tie": "shared", "hand_visibility": "hidden", "discard_piles_public": True, "cards": None,
}


def card_problems(data):
    """The problems of replacement card data (the option checks beyond the schema)."""
    return R.check_options({"cards": data})


def _found(problems):
    """The sorted ``(path, code)`` pairs of some problems."""
    return sorted((p.path, p.code) for p in problems)


def test_every_spec_option_with_its_default_and_a_description():
    assert R.make_options({}) == SPEC_DEFAULTS
    for name, field in R.options_schema().fields.items():
        assert field.metadata["description"], name


@pytest.mark.parametrize("option,value", [("edition", "expansion"), ("row_bonus_same_vp", 5),
                                          ("limit_check", "never"), ("gold_counts_as_good", True)])
def test_fixed_or_unknown_values_rejected(option, value):
    with pytest.raises(InvalidOptions) as info:
        R.make_options({option: value})
    assert [p.code for p in info.value.problems.at("/" + option)] == ["invalid_value"]


def test_packaged_card_data_is_valid_and_complete():
    data = packaged()
    assert not card_problems(data)
    assert data["version"] == "1"
    assert sum(c["copies"] for c in data["goods_cards"]) == 19 and len(data["tribe_cards"]) == 45
    symbols = [c["symbol"] for c in data["tribe_cards"]]
    assert all(symbols.count(s) == 9 for s in set(symbols))
    assert all(sum(c["vp"] for c in data["tribe_cards"] if c["symbol"] == s) == 16 for s in set(symbols))


def test_invalid_card_data_reports_every_problem_by_path():
    data = copy.deepcopy(packaged())
    data["tribe_cards"][0]["symbol"] = "camel-ish"
    data["tribe_cards"][1]["effect"] = "discount:nothing"
    data["tribe_cards"][2]["id"] = "OA1"
    data["goods_cards"][0]["copies"] = 0
    data["goods_cards"][9]["gold"] = 1  # GC10 is choose_one
    data["tribe_cards"][3]["timing"] = "once"  # OA4 is an end-game ability
    with pytest.raises(InvalidOptions) as info:
        R.make_options({"cards": data})
    assert _found(info.value.problems) == [
        ("/cards/goods_cards/0/copies", "invalid_value"), ("/cards/goods_cards/9/gold", "choose_one_goods_only"),
        ("/cards/tribe_cards/0/symbol", "invalid_value"), ("/cards/tribe_cards/1/effect", "invalid_effect"),
        ("/cards/tribe_cards/2/id", "duplicate_id"), ("/cards/tribe_cards/3/timing", "effect_timing")]
    assert info.value.errors == {"problems": info.value.problems.as_list()}
    assert info.value.problems.at("/cards/tribe_cards/2/id")[0].message == 'a card id "OA1" is used twice'


def test_several_kinds_of_defects_are_all_reported_with_path_and_code():
    data = copy.deepcopy(packaged())
    data["format"], data["version"] = "targi-cardz", 1
    data["goods_cards"][0]["goods"] = {"D": "x", "S": 0, "P": -1}
    data["goods_cards"][1]["id"] = ""
    data["goods_cards"][9]["goods"] = {"D": 0, "S": 0, "P": 0}  # GC10 is choose_one
    data["tribe_cards"] = data["tribe_cards"][:3]
    data["tribe_cards"][0]["cost"] = {"D": 0}
    data["tribe_cards"][1]["effect"] = "fly"
    data["tribe_cards"][2]["timing"] = "perm"  # OA3 has no effect
    assert _found(card_problems(data)) == [
        ("/cards/format", "invalid_value"), ("/cards/goods_cards/0/goods/D", "invalid_value"),
        ("/cards/goods_cards/0/goods/P", "invalid_value"), ("/cards/goods_cards/1/id", "invalid_value"),
        ("/cards/goods_cards/9/goods", "choose_one_empty"), ("/cards/tribe_cards", "count"),
        ("/cards/tribe_cards/0/cost", "invalid_value"), ("/cards/tribe_cards/1/effect", "invalid_effect"),
        ("/cards/tribe_cards/2/effect", "required"), ("/cards/version", "invalid_value")]


def test_unknown_fields_in_card_data_are_named():
    data = copy.deepcopy(packaged())
    data["notes"] = "mine"
    data["goods_cards"][2]["colour"] = "red"
    data["tribe_cards"][4]["vp "] = 3
    data["tribe_cards"][5]["a/b~c"] = 1
    assert _found(card_problems(data)) == [
        ("/cards/goods_cards/2/colour", "unknown_field"), ("/cards/notes", "unknown_field"),
        ("/cards/tribe_cards/4/vp ", "unknown_field"), ("/cards/tribe_cards/5/a~1b~0c", "unknown_field")]


@pytest.mark.parametrize("cards,path", [([], "/cards"), ({}, "/cards/format"), ("x", "/cards")])
def test_card_data_of_the_wrong_shape(cards, path):
    with pytest.raises(InvalidOptions) as info:
        R.make_options({"cards": cards})
    assert [p.code for p in info.value.problems.at(path)] == ["invalid_value"]


def test_too_few_cards_for_the_central_area():
    data = copy.deepcopy(packaged())
    data["tribe_cards"] = data["tribe_cards"][:3]
    assert [p.code for p in card_problems(data).at("/cards/tribe_cards")] == ["count"]


def test_custom_card_data_plays():
    data = copy.deepcopy(packaged())
    for card in data["tribe_cards"]:
        card["vp"] = 5
    match = Match.create(R, 2, {"cards": data}, 7)
    state = game({"cards": data})
    set_player(state, 0, display=[["OA1"], [], []])
    assert R.score(state)["scores"][0]["breakdown"]["printed_vp"] == 5
    assert match.view(0)["decks"]["tribe"] == 41
