"""The conformance checks (tests/conformance.py) under non-default options."""

import pytest

from engine.games.targi import RULESET as R
from tests.conformance import full_check

ALTERNATIVES = {
    "end_on_12th_card": "end_of_round", "raid_shortfall": "bga", "limit_check": "after_raid",
    "allow_opposite_own_targi": False, "fata_morgana_target": "any_unoccupied", "deck_exhaustion": "none",
    "caravan_counts_as_goods_card": True, "we8_timing": "unlimited", "we7_counts_itself": False,
    "allow_opposite_robber": False, "discount_can_reduce_gold": True, "oa6_scope": "next_raid",
    "ta7_always": False, "bonus_good_sources": "central_and_border", "bonus_good_timing": "end_of_action_phase",
    "oa8_timing": "end_of_round", "we9_gold_in_stock": True, "cr9_counts_after_placing": False,
    "te9_mode": "use_two", "oa9_mode": "swap", "te8_repeatable": False, "te7_applies_to_we8": True,
    "hand_visibility": "recall", "discard_piles_public": False,
}
COMBINED = [
    {k: ALTERNATIVES[k] for k in list(ALTERNATIVES)[i::3]} for i in range(3)
] + [{"limit_check": "end_of_actions", "hand_visibility": "public"}]


@pytest.mark.parametrize("options", COMBINED, ids=lambda o: ",".join(sorted(o))[:60])
def test_conformance_with_alternative_options(options):
    full_check(R, 2, 4, options)


@pytest.mark.slow
@pytest.mark.parametrize("option", sorted(ALTERNATIVES))
def test_conformance_with_each_alternative(option):
    for seed in (1, 2, 3):
        full_check(R, 2, seed, {option: ALTERNATIVES[option]})
