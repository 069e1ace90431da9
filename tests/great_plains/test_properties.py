"""Property tests over random games and option combinations (hypothesis)."""

from collections import Counter

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import IllegalMove, Rng, canonical
from engine.games.great_plains import RULESET
from engine.games.great_plains.board import CELLS, DIRECTIONS, INDEX, NEIGHBOURS, board_for, terrain_of
from engine.games.great_plains.components import COMPONENT_SETS, flat_sides
from engine.games.great_plains.scoring import standings

from ..conformance import full_check, random_playout
from .helpers import TWO_STEP

variant_options = st.fixed_dictionaries({}, optional={
    "layout": st.sampled_from(["random", "reference"]),
    "first_cave_player": st.sampled_from(["random", 0, 1]),
    "figures_per_player": st.integers(1, 30),
    "caves_per_player": st.integers(1, 3),
    "totems_per_kind": st.integers(0, 4),
    "token_on_power_placement": st.booleans(),
    "token_on_push": st.booleans(),
    "horse_skip_rule": st.sampled_from(["any", "all"]),
    "eagle_max_mountains": st.sampled_from([None, 1, 2]),
    "bear_push_into_occupied": st.sampled_from(["illegal", "remove"]),
    "totem_move_form": st.sampled_from(["combined", "two_step"]),
    "leftover_totem_points": st.integers(0, 3),
    "final_tiebreak": st.sampled_from(["grounds_won_then_draw", "draw"]),
    "spring_mode": st.sampled_from(["on_meadow", "separate_field"]),
    "bear": st.sampled_from([(True, "from_source"), (True, "player_choice"), (False, "player_choice")]),
})


def make_options(raw):
    raw = dict(raw)
    if "bear" in raw:
        adjacency, direction = raw.pop("bear")
        raw.update(bear_requires_adjacency=adjacency, bear_push_direction=direction)
    return RULESET.make_options(raw)


def playout(options, seed, visit):
    """A random game driven through the ruleset; ``visit(state, seat, move, events)`` after each move."""
    rng, state = Rng(seed), RULESET.setup(2, options)
    while not RULESET.is_over(state):
        chance = RULESET.chance(state)
        if chance is not None:
            RULESET.apply_chance(state, chance.draw(rng))
            continue
        seat = RULESET.to_move(state)[0]
        move = rng.choice(RULESET.legal_moves(state, seat))
        before = RULESET.copy_state(state)
        events = RULESET.apply(state, seat, move)
        visit(before, state, seat, move, events)
    return state


def candidates(state, seat):
    """Every move worth trying: all cells with every totem, bear sources and directions, every totem use."""
    yield {"type": "pass"}
    for kind in ("horse", "eagle", "bear"):
        yield {"type": "use_totem", "kind": kind}
    for q, r in CELLS:
        yield {"type": "place_cave", "cell": [q, r]}
        yield {"type": "place", "cell": [q, r]}
        yield {"type": "place", "cell": [q, r], "totem": "horse"}
        yield {"type": "place", "cell": [q, r], "totem": "eagle"}
        for n in dict.fromkeys(NEIGHBOURS[INDEX[(q, r)]] + (INDEX[(0, 0)],)):  # (0, 0) may be a neighbour
            yield {"type": "place", "cell": [q, r], "totem": "bear", "source": list(CELLS[n])}
        for d in DIRECTIONS + ((2, 0),):
            yield {"type": "place", "cell": [q, r], "totem": "bear", "direction": list(d)}


def snapshot(state):
    return (state.phase, state.turn, tuple(state.cells), sorted(state.caves.items()), state.hand, state.caves_left,
            state.held, state.supply, state.removed, state.pending_totem, state.layout, state.sources, state.frontier)


def accepted(state, seat) -> list:
    before, found = snapshot(state), []
    for move in candidates(state, seat):
        trial = RULESET.copy_state(state)
        try:
            RULESET.apply(trial, seat, move)
        except IllegalMove as exc:
            assert exc.message
            assert snapshot(trial) == before, f"rejected {move} changed the state"
        else:
            found.append(move)
    return found


def check_listed_equals_accepted(raw, seed, probes):
    options = make_options(raw)
    steps = []

    def visit(before, state, seat, move, events):
        steps.append(move)
        if state.phase in ("caves", "figures") and len(steps) in probes:
            legal = RULESET.legal_moves(state, state.turn)
            assert sorted(map(canonical, accepted(state, state.turn))) == sorted(map(canonical, legal))

    playout(options, seed, visit)


probe_steps = st.sets(st.integers(0, 50), min_size=1, max_size=2)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=variant_options, seed=st.integers(0, 2**32), probes=probe_steps)
def test_legal_moves_are_exactly_the_accepted_moves(raw, seed, probes):
    check_listed_equals_accepted(raw, seed, probes)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=variant_options, seed=st.integers(0, 2**32), probes=probe_steps)
def test_legal_moves_are_exactly_the_accepted_moves_many(raw, seed, probes):
    check_listed_equals_accepted(raw, seed, probes)


def board_figures(state) -> Counter:
    return Counter(v for v in state.cells if v in (0, 1))


@settings(max_examples=40, deadline=None)
@given(raw=variant_options, seed=st.integers(0, 2**32))
def test_invariants_along_random_games(raw, seed):
    options = make_options(raw)
    figures = options["figures_per_player"]

    def visit(before, state, seat, move, events):
        on_board = board_figures(state)
        for s in (0, 1):  # figures are conserved: on the board, in hand or removed
            assert on_board[s] + state.hand[s] + state.removed[s] == figures
        for kind in range(3):  # totem tokens are conserved
            assert state.supply[kind] + state.held[0][kind] + state.held[1][kind] == options["totems_per_kind"]
        for i, v in enumerate(state.cells):  # figures never stand on mountains, caves (or spring fields)
            assert v not in (0, 1) or state.board.lowland[i]
        assert state.frontier == [{n for s in state.sources[p] for n in NEIGHBOURS[s] if state.cells[n] == -1}
                               for p in (0, 1)]
        for event in events:
            if event["type"] == "removed":
                check_removal(before, move, event, options)

    final = playout(options, seed, visit)
    assert sum(final.hand) == 0 or not any(
        final.hand[s] and RULESET.legal_moves(_turned(final, s), s) != [{"type": "pass"}] for s in (0, 1))


def _turned(state, seat):
    copy = RULESET.copy_state(state)
    copy.phase, copy.turn = "figures", seat
    return copy


def check_removal(before, move, event, options):
    """A bear removes a figure only when its destination is off the board or not free lowland."""
    q, r = move["cell"]
    if "source" in move:
        dq, dr = q - move["source"][0], r - move["source"][1]
    else:
        dq, dr = move["direction"]
    dest = INDEX.get((q + dq, r + dr))
    assert event["cell"] == [q, r]
    if dest is None or not before.board.lowland[dest]:
        return
    assert before.cells[dest] in (0, 1) and options["bear_push_into_occupied"] == "remove"


def mirrored(state):
    """The same position with the seats' pieces swapped."""
    data = RULESET.to_json(state)
    data["figures"] = [[q, r, 1 - s] for q, r, s in data["figures"]]
    data["caves"] = [[q, r, 1 - s] for q, r, s in data["caves"]]
    data["held"] = data["held"][::-1]
    return RULESET.from_json(data)


@settings(max_examples=40, deadline=None)
@given(raw=variant_options, seed=st.integers(0, 2**32))
def test_scoring_invariants(raw, seed):
    options = make_options(raw)
    state = playout(options, seed, lambda *args: None)
    sheet, grounds = RULESET.score(state), standings(state)
    for entry in sheet["scores"]:
        assert entry["total"] == sum(entry["breakdown"].values())
        seat = entry["seat"]
        mine = [g for g in grounds if g["figures"][seat] > g["figures"][1 - seat]]
        assert entry["breakdown"]["hunting_grounds"] == sum(g["value"] for g in mine)
        assert entry["grounds_won"] == len(mine)
        assert entry["breakdown"]["leftover_totems"] == options["leftover_totem_points"] * sum(state.held[seat])
    on_meadow = sum(g["figures"][0] + g["figures"][1] for g in grounds)
    assert on_meadow <= sum(board_figures(state).values())
    assert sum(s["breakdown"]["hunting_grounds"] for s in sheet["scores"]) <= sum(g["value"] for g in grounds)
    best = max(s["total"] for s in sheet["scores"])
    assert sheet["winners"] and all(sheet["scores"][w]["total"] == best for w in sheet["winners"])
    swapped = RULESET.score(mirrored(state))
    assert [s["total"] for s in swapped["scores"]] == [s["total"] for s in sheet["scores"]][::-1]
    assert sorted(1 - w for w in swapped["winners"]) == sorted(sheet["winners"])


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), form=st.sampled_from(["combined", "two_step"]))
def test_copies_are_independent_and_json_round_trips(seed, form):
    options = make_options({"totem_move_form": form})

    def visit(before, state, seat, move, events):
        data = canonical(RULESET.to_json(state))
        copy = RULESET.copy_state(state)
        assert canonical(RULESET.to_json(RULESET.from_json(RULESET.to_json(state)))) == data
        if copy.turn is not None:
            RULESET.apply(copy, copy.turn, RULESET.legal_moves(copy, copy.turn)[-1])
        assert canonical(RULESET.to_json(state)) == data

    playout(options, seed, visit)


layouts = st.permutations(range(7)).flatmap(lambda order: st.lists(
    st.tuples(st.sampled_from("AB"), st.integers(0, 5)), min_size=7, max_size=7).map(
    lambda picks: [{"position": p, "tile": f"T{order[p] + 1}", "side": s, "rotation": k}
                   for p, (s, k) in enumerate(picks)]))


@settings(max_examples=60, deadline=None)
@given(layout=layouts)
def test_every_layout_fills_the_fixed_outline(layout):
    terrain = terrain_of(layout, flat_sides(COMPONENT_SETS["default"]))
    assert len(terrain) == 133  # an unassigned cell would shorten the string
    assert Counter(terrain) == {"G": 66, "W": 7, "H": 4, "E": 4, "B": 4, "M": 41, "C": 7}
    board = board_for(terrain, False, False, None)
    assert sum(f for _, f, _ in board.grounds) == 73 and sum(s for _, _, s in board.grounds) == 7
    # every cave space has 3-4 lowland neighbours (spec section 4.4)
    assert all(3 <= sum(board.lowland[n] for n in NEIGHBOURS[c]) <= 4 for c in board.caves)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_conformance_playouts_in_the_two_step_form(seed):
    _, moves = random_playout(RULESET, 2, seed, TWO_STEP)
    assert any(move["type"] == "use_totem" for _, move in moves)  # the seed exercises both steps
    assert full_check(RULESET, 2, seed, TWO_STEP).status == "finished"
