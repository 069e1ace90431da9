"""What a move promises the AI's search (engine/games/woodwalkers/promise.py), on built positions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.games.woodwalkers.promise import KEPT_TILE, ROLL, move_prior, win_chance

from ..woodwalkers.helpers import build, field, handle


def test_win_chance_counts_the_dice_pairs_the_challenger_beats():
    assert win_chance(0, 6) == pytest.approx(15 / 36)        # strictly higher: ties go to the defender
    assert win_chance(1, 6) == pytest.approx(21 / 36)
    assert win_chance(-1, 6) == pytest.approx(10 / 36)
    assert win_chance(5, 6) == pytest.approx(35 / 36)        # only 1 against 6 loses
    assert win_chance(6, 6) == 1.0
    assert win_chance(-5, 6) == 0.0
    assert win_chance(0, 2) == pytest.approx(1 / 4)


def moved(state, seat, species, to):
    return {"type": "move", "animal": handle(state, seat, species), "to": list(to)}


def flag(state, rc, value):
    state.forest[state.config.forest_index[field(state, rc)]] = value


def test_a_free_flag_promises_its_value_and_leaving_one_costs_it():
    state = build(where={(0, "wolf"): (8, 2)})
    flag(state, (6, 2), 10)
    flag(state, (8, 2), 5)
    assert move_prior(state, 0, moved(state, 0, "wolf", (6, 2))) == 10 - 5
    assert move_prior(state, 0, moved(state, 0, "wolf", (9, 2))) == -5
    assert move_prior(state, 0, moved(state, 0, "puma", (9, 3))) == 0


def test_a_face_down_tile_promises_the_mean_worth_of_the_tiles_still_face_down():
    state = build(where={(0, "wolf"): (9, 2)})
    config = state.config
    worth = {"plus1": 1, "medicine": KEPT_TILE, "dice": KEPT_TILE}
    expected = Fraction(0)
    for (kind, value), left in zip(config.tile_types, state.tiles_left):
        expected += left * Fraction(value if kind == "flag" else worth[kind])
    expected /= sum(state.tiles_left)
    assert move_prior(state, 0, moved(state, 0, "wolf", (8, 2))) == pytest.approx(float(expected))
    assert float(expected) == pytest.approx((5 + 5 + 10 + 10 + 15 + 8 + 0.5 * 12) / 25)   # the default mix
    state.forest[config.forest_index[field(state, (8, 2))]] = -1                          # revealed and gone
    assert move_prior(state, 0, moved(state, 0, "wolf", (8, 2))) == 0


def test_an_attack_weighs_duel_points_and_the_defenders_flag_by_the_chance_to_win():
    # strength mode: bear 5 against squirrel 1, the squirrel on a 15 flag
    state = build(where={(0, "bear"): (5, 2), (1, "squirrel"): (6, 2)}, mode="strength")
    flag(state, (6, 2), 15)
    p = win_chance(5 - 1, 6)
    assert move_prior(state, 0, moved(state, 0, "bear", (6, 2))) == pytest.approx(p * (2 + 30) - (1 - p) * 2)
    # wounds lower the attacker's value; the weaker attacker promises less
    wounded = build(where={(0, "bear"): (5, 2), (1, "squirrel"): (6, 2)}, wounds={(0, "bear"): 2})
    flag(wounded, (6, 2), 15)
    q = win_chance(3 - 1, 6)
    assert move_prior(wounded, 0, moved(wounded, 0, "bear", (6, 2))) == pytest.approx(q * 32 - (1 - q) * 2)
    assert q < p


def test_rolling_promises_a_little_only_where_the_roller_may_stay():
    assert move_prior(build(), 0, {"type": "roll"}) == ROLL > 0
    assert move_prior(build(allow_zero_move=False), 0, {"type": "roll"}) == 0
    assert move_prior(build(), 0, {"type": "pass"}) == 0
