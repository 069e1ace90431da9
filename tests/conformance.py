"""Checks every ruleset must pass, driven by random playouts (see test_conformance.py)."""

from __future__ import annotations

import json

from engine import GameOver, IllegalMove, Match, NotYourTurn, Rng, canonical, replay

SECRET_KEYS = {"rng", "seed", "rng_state", "_private"}
#: at each step at most this many listed moves are applied to copies (all, every 10th step)
SAMPLED_MOVES = 12
MAX_MOVES_PER_GAME = 5_000


def random_playout(ruleset, players: int, seed: int, options=None, check=None) -> tuple[Match, list]:
    """Play a game to the end with uniformly random moves; ``check(match, step)`` each step."""
    match = Match.create(ruleset, players, options, seed)
    agent = Rng(seed ^ 0x5EED)
    moves = []
    for step in range(MAX_MOVES_PER_GAME):
        if check:
            check(match, step)
        seats = match.to_move()
        if not seats:
            assert match.status == "finished", "no seat to move, yet the game is not over"
            return match, moves
        seat = agent.choice(seats)
        legal = match.legal_moves(seat)
        assert legal, f"seat {seat} is to move but has no legal move"
        move = agent.choice(legal)
        match.play(seat, move)
        moves.append((seat, move))
    raise AssertionError(f"game did not end within {MAX_MOVES_PER_GAME} moves")


def clone(match: Match) -> Match:
    return Match.from_json(json.loads(json.dumps(match.to_json())), match.ruleset)


def check_round_trip(match: Match) -> None:
    data = match.to_json()
    text = json.dumps(data)
    restored = Match.from_json(json.loads(text), match.ruleset)
    assert canonical(restored.to_json()) == canonical(data), "state JSON does not round-trip"
    for seat in match.to_move():
        assert restored.legal_moves(seat) == match.legal_moves(seat), "legal moves differ after round trip"


def check_turn_rules(match: Match) -> None:
    seats = match.to_move()
    for seat in range(match.players):
        if seat in seats:
            moves = match.legal_moves(seat)
            assert moves == match.ruleset.legal_moves(match.state, seat), "legal moves not deterministic"
            assert len({canonical(m) for m in moves}) == len(moves), "duplicate legal moves"
            for move in moves:
                assert isinstance(move, dict) and isinstance(move.get("type"), str)
                json.dumps(move)
        else:
            assert match.legal_moves(seat) == []
            try:
                clone(match).play(seat, match.legal_moves(seats[0])[0] if seats else {"type": "x"})
            except (NotYourTurn, GameOver):
                pass
            else:
                raise AssertionError(f"seat {seat} moved out of turn")


def check_listed_moves_apply(match: Match, step: int, rng: Rng) -> None:
    for seat in match.to_move():
        moves = list(match.legal_moves(seat))
        if step % 10 and len(moves) > SAMPLED_MOVES:
            rng.shuffle(moves)
            moves = moves[:SAMPLED_MOVES]
        for move in moves:
            trial = clone(match)
            trial.play(seat, json.loads(json.dumps(move)))  # must not raise
            assert trial.version == match.version + 1


def corruptions(move: dict):
    """Moves near a legal one: changed, dropped and added fields, other types."""
    yield {**move, "unexpected_field": 1}
    yield {**move, "type": "no_such_move"}
    for key, value in move.items():
        if key != "type":
            yield {k: v for k, v in move.items() if k != key}
        if isinstance(value, bool):
            yield {**move, key: not value}
        elif isinstance(value, int):
            for delta in (1, -1, 97):
                yield {**move, key: value + delta}
            yield {**move, key: str(value)}
        elif isinstance(value, str) and key != "type":
            yield {**move, key: value + "?"}
            yield {**move, key: 3}
        elif isinstance(value, list):
            yield {**move, key: []}
            yield {**move, key: value + value[:1]}
            if value and isinstance(value[0], int):
                yield {**move, key: [value[0] + 50] + value[1:]}
        elif value is None:
            yield {**move, key: 0}
    for junk in (None, "place", [], 7, {}):
        yield junk


def check_corrupted_moves_rejected(match: Match, rng: Rng) -> None:
    before = canonical(match.to_json())
    for seat in match.to_move():
        listed = match.legal_moves(seat)
        listed_keys = {canonical(m) for m in listed}
        for move in corruptions(rng.choice(listed)):
            if isinstance(move, dict) and canonical(move) in listed_keys:
                continue
            trial = clone(match)
            try:
                trial.play(seat, move)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"unlisted move accepted: {move!r}")
            assert canonical(trial.to_json()) == before, f"rejected move {move!r} changed the state"
    assert canonical(match.to_json()) == before


def _keys(value):
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from _keys(item)


def check_views(match: Match, rng: Rng) -> None:
    ruleset = match.ruleset
    for viewer in [None, *range(match.players)]:
        view = match.view(viewer)
        json.dumps(view)
        leaked = SECRET_KEYS & set(_keys(view))
        assert not leaked, f"view of {viewer} contains {leaked}"
        if viewer is None:
            continue
        # A view and the legal moves depend only on what the viewer knows.
        for _ in range(2):
            other = ruleset.determinize(match.state, viewer, rng)
            assert canonical(ruleset.view(other, viewer)) == canonical(view), "view depends on hidden information"
            if viewer in match.to_move():
                assert ruleset.legal_moves(other, viewer) == match.legal_moves(viewer), \
                    "legal moves depend on hidden information"


def check_score_sheet(match: Match) -> None:
    sheet = match.score()
    json.dumps(sheet)
    assert [s["seat"] for s in sheet["scores"]] == list(range(match.players))
    for entry in sheet["scores"]:
        numbers = [v for v in entry["breakdown"].values() if isinstance(v, (int, float))]
        assert entry["total"] == sum(numbers), f"total is not the sum of the breakdown: {entry}"
    assert set(sheet["winners"]) <= set(range(match.players))
    if match.status == "finished":
        assert sheet["winners"], "a finished game names its winners (all tied seats on a draw)"


def full_check(ruleset, players: int, seed: int, options=None) -> Match:
    """A random playout with every per-step check, then a replay from seed + moves."""
    rng = Rng(seed * 7 + 1)

    def check(match, step):
        check_round_trip(match)
        check_turn_rules(match)
        check_views(match, rng)
        if match.to_move():
            check_listed_moves_apply(match, step, rng)
            check_corrupted_moves_rejected(match, rng)
        check_score_sheet(match)

    match, moves = random_playout(ruleset, players, seed, options, check)
    again = replay(ruleset, players, options, seed, moves)
    assert canonical(again.to_json()) == canonical(match.to_json()), "replay from seed + moves differs"
    return match
