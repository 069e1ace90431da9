"""Limits by design (docs/operations.md, "Limits"): the RNG for every bound, component data
above each game's maxima refused as ``too_large`` before any work, caches bounded in bytes,
and the automatic steps after one request."""

from __future__ import annotations

import copy
import json
import time
from collections import Counter

import pytest

from engine import InvalidOptions, Match, Rng, registry
from engine import match as match_module
from engine.cache import BoundedCache, bounded_cache, deep_size
from engine.errors import LimitExceeded
from engine.games.carcassonne_hg import components as carcassonne
from engine.games.great_plains import components as great_plains
from engine.games.targi import components as targi
from engine.games.woodwalkers import components as woodwalkers

HUGE = 10 ** 30


# -- the RNG ---------------------------------------------------------------------------------

@pytest.mark.parametrize("bound", [2 ** 64 + 1, 3 * 2 ** 64, 2 ** 200 - 1, HUGE, 10 ** 400])
def test_below_terminates_in_range_for_bounds_beyond_64_bits(bound):
    rng = Rng(5)
    draws = [rng.below(bound) for _ in range(200)]
    assert all(0 <= x < bound for x in draws)
    assert max(draws) > bound // 2 > min(draws)  # not stuck on one word's range


def test_below_is_unbiased_across_a_multi_word_bound():
    """With n = 3 * 2**64 each third of the range is equally likely (a modulo over 128 bits
    would favour none here, but a draw of one 64-bit word would hit only the first third)."""
    rng, third = Rng(11), 2 ** 64
    counts = Counter(rng.below(3 * third) // third for _ in range(6000))
    assert set(counts) == {0, 1, 2} and all(1800 < n < 2200 for n in counts.values()), counts


def test_below_draws_as_before_for_bounds_up_to_64_bits():
    """One word and the same rejection as always: seeded games replay unchanged."""
    mask = 2 ** 64 - 1
    for bound in (1, 6, 1000, 2 ** 63 + 5, 2 ** 64):
        new, old = Rng(3), Rng(3)
        limit = 2 ** 64 - 2 ** 64 % bound
        for _ in range(50):
            x = old.next64()
            while x >= limit:
                x = old.next64()
            assert new.below(bound) == (x & mask) % bound


def test_weighted_index_with_huge_weights():
    rng = Rng(2)
    picks = Counter(rng.weighted_index([HUGE, HUGE, 0]) for _ in range(400))
    assert set(picks) == {0, 1}


@pytest.mark.parametrize("bound", [0, -1, 2.5, True, "3"])
def test_below_refuses_what_is_not_a_positive_integer(bound):
    with pytest.raises(ValueError):
        Rng(1).below(bound)


# -- component data limits ------------------------------------------------------------------

def carcassonne_set(**changes):
    data = copy.deepcopy(carcassonne.load_data("hg2002-default"))
    data["tiles"][1].update(changes)
    return {"customTileSet": data}


def targi_cards(section="goods_cards", **changes):
    data = copy.deepcopy(targi.packaged())
    data[section][0].update(changes)
    return {"cards": data}


def woodwalkers_tiles(**changes):
    tiles = copy.deepcopy(woodwalkers.component_sets()["default"]["forest_tiles"])
    tiles[0].update(changes)
    return {"components": {"forest_tiles": tiles}}


def board(rows, cols):
    return {"components": {"board": {"rows": ["." * cols] * rows}}}


TOO_LARGE = [
    ("carcassonne-hg", carcassonne_set(count=HUGE), "/customTileSet/tiles/1/count"),
    ("carcassonne-hg", carcassonne_set(count=carcassonne.MAX_TILES + 1), "/customTileSet/tiles/1/count"),
    ("carcassonne-hg", carcassonne_set(count=carcassonne.MAX_TILES - 50), "/customTileSet/tiles"),
    ("carcassonne-hg", carcassonne_set(notes="x" * carcassonne.MAX_DATA_BYTES), "/customTileSet"),
    ("carcassonne-hg", {"customTileSet": {**carcassonne.load_data("hg2002-default"), "tiles": [
        {"id": f"T{i}"} for i in range(carcassonne.MAX_TILES + 1)]}}, "/customTileSet/tiles"),
    ("targi", targi_cards(copies=HUGE), "/cards/goods_cards/0/copies"),
    ("targi", targi_cards(copies=targi.MAX_COPIES + 1), "/cards/goods_cards/0/copies"),
    ("targi", targi_cards(vp=HUGE), "/cards/goods_cards/0/vp"),
    ("targi", targi_cards("tribe_cards", vp=targi.MAX_NUMBER + 1), "/cards/tribe_cards/0/vp"),
    ("targi", targi_cards("tribe_cards", timing="end", effect=f"vp_if_display_at_least:{HUGE}"),
     "/cards/tribe_cards/0/effect"),
    ("targi", {"cards": {**targi.packaged(), "tribe_cards": targi.packaged()["tribe_cards"] * 5}},
     "/cards/tribe_cards"),
    ("targi", {"cards": {**targi.packaged(), "version": "x" * targi.MAX_DATA_BYTES}}, "/cards"),
    ("woodwalkers", woodwalkers_tiles(count=HUGE), "/components/forest_tiles/0/count"),
    ("woodwalkers", woodwalkers_tiles(value=HUGE), "/components/forest_tiles/0/value"),
    ("woodwalkers", board(woodwalkers.MAX_BOARD_SIDE + 1, 11), "/components/board/rows"),
    ("woodwalkers", board(11, woodwalkers.MAX_BOARD_SIDE + 1), "/components/board/rows/0"),
    ("woodwalkers", {"components": {"combat_mode_tiles": [{"id": f"m{i}", "attribute": "speed"}
                                                          for i in range(woodwalkers.MAX_MODE_TILES + 1)]}},
     "/components/combat_mode_tiles"),
    ("woodwalkers", {"components": {"species": [{"key": "a", "endurance": HUGE, "speed": 1, "strength": 1,
                                                 "intelligence": 1}]}}, "/components/species/0/endurance"),
    ("woodwalkers", {"components": {"characters": {"set1": {"a": "x" * woodwalkers.MAX_DATA_BYTES}}}},
     "/components"),
    ("great-plains", {"components": {"description": "x" * great_plains.MAX_DATA_BYTES, "tiles": []}},
     "/components"),
]


@pytest.mark.parametrize("ruleset, options, path", TOO_LARGE,
                         ids=[f"{r}{p}-{i}" for i, (r, _, p) in enumerate(TOO_LARGE)])
def test_data_above_a_maximum_is_too_large_at_its_path(ruleset, options, path):
    started = time.monotonic()
    with pytest.raises(InvalidOptions) as refused:
        Match.create(registry.get(ruleset), 2, options, 1)
    assert time.monotonic() - started < 1.0
    assert ("too_large", path) in {(p.code, p.path) for p in refused.value.problems}


@pytest.mark.parametrize("ruleset, options, path", [
    ("carcassonne-hg", {"bonusPerTurn": HUGE}, "/bonusPerTurn"),
    ("woodwalkers", {"display_size": HUGE}, "/display_size"),
    ("woodwalkers", {"duel_vp": HUGE}, "/duel_vp"),
    ("woodwalkers", {"value_floor": -HUGE}, "/value_floor"),
    ("great-plains", {"totems_per_kind": HUGE}, "/totems_per_kind"),
    ("great-plains", {"caves_per_player": HUGE}, "/caves_per_player"),
])
def test_option_numbers_have_maxima(ruleset, options, path):
    with pytest.raises(InvalidOptions) as refused:
        Match.create(registry.get(ruleset), 2, options, 1)
    assert path in refused.value.problems.paths()


def test_data_at_the_maxima_is_accepted():
    """The limits are generous: a few times the shipped sets still play."""
    tiles = copy.deepcopy(carcassonne.load_data("hg2002-default"))
    tiles["tiles"][1]["count"] = carcassonne.MAX_TILES - 90
    wide = ["." * woodwalkers.MAX_BOARD_SIDE] * woodwalkers.MAX_BOARD_SIDE
    wide[0] = "1" * 7 + "." * (woodwalkers.MAX_BOARD_SIDE - 7)
    wide[-1] = "3" * 7 + "." * (woodwalkers.MAX_BOARD_SIDE - 7)
    for ruleset, options in [("carcassonne-hg", {"customTileSet": tiles}),
                             ("woodwalkers", {"components": {"board": {"rows": wide}, "night_board": None,
                                                             "forest_tiles": []}})]:
        started = time.monotonic()
        assert Match.create(registry.get(ruleset), 2, options, 1).status == "active"
        assert time.monotonic() - started < 1.0


def test_tiles_that_never_fit_amplify_no_more_than_the_tile_limit():
    """The issue's amplification: every land tile fits nowhere, so the opening removes them
    all; at the tile limit the record stays small and the create fast."""
    def tile(tile_id, kind, side, zone, count):
        return {"id": tile_id, "kind": kind, "count": count, "sides": [{"type": side, "zone": 0}] * 4,
                "zones": [{"id": 0, "type": zone}]}
    data = {"format": "hg-tileset/1", "tileSet": "never", "edition": "hg2002", "status": "derived",
            "tiles": [tile("S", "start", "F", "forest", 1), tile("L", "land", "M", "meadow",
                                                                   carcassonne.MAX_TILES - 1)]}
    started = time.monotonic()
    match = Match.create(registry.get("carcassonne-hg"), 2, {"customTileSet": data}, 1)
    assert time.monotonic() - started < 1.0
    assert match.status == "finished" and len(match.opening["steps"]) == carcassonne.MAX_TILES
    assert len(json.dumps(match.to_json())) < 100_000


# -- the automatic steps after one request --------------------------------------------------

def test_more_automatic_steps_than_the_limit_are_refused(monkeypatch):
    """A random Woodwalkers arrangement is 14 chance steps in the opening."""
    monkeypatch.setattr(match_module, "MAX_AUTO_STEPS", 5)
    with pytest.raises(LimitExceeded) as refused:
        Match.create(registry.get("woodwalkers"), 2, {"arrangement": "random"}, 1)
    assert refused.value.errors == {"limit": "auto_steps", "maximum": 5}


# -- caches bounded in bytes ----------------------------------------------------------------

def test_a_cache_keeps_its_byte_budget_under_a_stream_of_distinct_keys():
    cache = BoundedCache(max_bytes=20_000)
    for i in range(500):
        assert cache.get(f"key{i}", lambda: list(range(i % 50))) == list(range(i % 50))
        assert cache.bytes <= 20_000
    assert 0 < len(cache) < 500
    assert cache.bytes == sum(deep_size(key) + deep_size(value) for key, (value, _) in cache._entries.items())


def test_a_cache_drops_the_least_recently_used_and_never_stores_an_oversized_value():
    cache = BoundedCache(max_bytes=deep_size("a") + deep_size([1]) + deep_size("b") + deep_size([2]))
    cache.get("a", lambda: [1])
    cache.get("b", lambda: [2])
    cache.get("a", lambda: pytest.fail("a is cached"))
    cache.get("c", lambda: [3])
    assert list(cache._entries) == ["a", "c"]
    cache.get("big", lambda: list(range(10_000)))
    assert "big" not in cache._entries


def test_compiled_custom_data_is_cached_within_the_byte_budget():
    calls = []

    @bounded_cache(max_bytes=50_000)
    def compiled(text):
        calls.append(text)
        return text * 10

    for i in range(1000):
        compiled(f"set {i} " * 20)
    assert compiled.cache.bytes <= 50_000 and len(calls) == 1000
    compiled("set 999 " * 20)
    assert len(calls) == 1000
