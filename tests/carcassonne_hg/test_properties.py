"""Hypothesis property tests under random play: the incremental feature graph equals a
recomputation, pieces are conserved, scores never decrease, nothing is scored twice."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Rng
from engine.games.carcassonne_hg import RULESET
from engine.games.carcassonne_hg.board import MEMBER
from engine.games.carcassonne_hg.components import FOREST, LAKE, RIVER, load_data

from .reference import components, legal_placements

TILES = {t["id"]: t for t in load_data("hg2002-default")["tiles"]}
SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


OPTIONS = st.fixed_dictionaries({
    "forestUnit": st.sampled_from(["segment", "tile"]), "riverUnit": st.sampled_from(["tile", "segment"]),
    "lakeFishPerRiver": st.sampled_from(["oncePerLake", "perEnd"]), "riverFish": st.sampled_from(["count", "ignore"]),
    "membersOnLakes": st.booleans(), "unplaceableBonus": st.sampled_from(["discardAndRedraw", "forfeit"]),
    "bonusPerTurn": st.integers(0, 3), "bonusOnFinalTurn": st.booleans(),
    "hutValue": st.sampled_from(["allFish", "largestLake"]), "scoreIncompleteAtEnd": st.booleans(),
    "shrineBypassesBlocking": st.booleans(), "startRotation": st.integers(0, 3),
})


def playout(seed: int, players: int, check_state, check_events=lambda events: None, options=None):
    """A random game driven directly through the ruleset; checks after every step."""
    rng = Rng(seed)
    state = RULESET.setup(players, RULESET.make_options(options or {}))
    while not RULESET.is_over(state):
        chance = RULESET.chance(state)
        if chance:
            events = RULESET.apply_chance(state, chance.draw(rng))
        else:
            seat = RULESET.to_move(state)[0]
            events = RULESET.apply(state, seat, rng.choice(RULESET.legal_moves(state, seat)))
        check_events(events)
        check_state(state)
    return state


def graph_of(state):
    """The incremental graph as partitions keyed like the reference: (x, y, zone id)."""
    board = state.board
    features, systems = {}, {}
    for g, zone in enumerate(board.zones):
        key = board.where(g)
        if zone.type != LAKE:
            features.setdefault(board.feature_root(g), set()).add(key)
        if zone.type in (RIVER, LAKE):
            systems.setdefault(board.system_root(g), set()).add(key)
    return ({frozenset(zones): board.open_sides[root] for root, zones in features.items()},
            {frozenset(zones) for zones in systems.values()})


@SETTINGS
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_feature_graph_and_placements_match_a_recomputation(seed, players):
    def check(state):
        data = RULESET.to_json(state)
        expected = components(data, TILES)
        features, systems = graph_of(state)
        assert features == expected["features"]
        assert systems == expected["systems"]
        if state.phase == "tile":
            moves = RULESET.legal_moves(state, state.turn)
            assert [(m["x"], m["y"], m["rotation"]) for m in moves] == legal_placements(data, TILES, state.drawn.id)
    playout(seed, players, check)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), options=OPTIONS)
def test_pieces_conserved_scores_monotone_and_features_scored_once(seed, players, options):
    last = [[0] * 4 for _ in range(players)]
    completed = []

    def check_state(state):
        on_board = [[0, 0] for _ in range(players)]
        for _, seat, piece in state.board.pieces:
            on_board[seat][piece] += 1
        for seat in range(players):
            assert on_board[seat][0] + state.members[seat] == 5
            assert on_board[seat][1] + state.huts[seat] == 2
            assert all(now >= before for now, before in zip(state.scores[seat], last[seat]))
            last[seat] = list(state.scores[seat])
        board = state.board
        if state.phase == "piece":
            return  # scoring and returns follow the piece step
        for g, zone in enumerate(board.zones):
            root = board.feature_root(g)
            if zone.type in (FOREST, RIVER) and board.open_sides[root] == 0:
                assert not any(board.feature_root(p[0]) == root for p in board.pieces if p[2] == MEMBER), \
                    "a member stays on a completed feature"

    def check_events(events):
        for event in events:
            if event["type"] == "feature_scored" and event["how"] == "completed":
                zones = {tuple(z) for z in event["zones"]}
                assert all(not zones & other for other in completed), "a feature scored twice"
                completed.append(zones)

    state = playout(seed, players, check_state, check_events, options)
    assert state.land_left == 0 and sum(state.members) + sum(
        1 for p in state.board.pieces if p[2] == MEMBER) == 5 * players
