"""A golden playthrough: a seeded game's moves replay to the recorded end (score sheet and
spectator view), so chance order, forced steps and rules stay stable across changes.

The game was recorded by :func:`record` (a seeded player that plays or keeps a tribe card
when it can, and otherwise moves at random but avoids ending its actions early,
discarding and exchanging); rewrite it after an intended rules change with
``.venv/bin/python -m tests.targi.test_golden``.
"""

import json
from pathlib import Path

from engine import Match, Rng, replay
from engine.games.targi import RULESET

GOLDEN = Path(__file__).parent / "data" / "golden_seed11.json"
WASTEFUL = {"end_actions", "discard", "m_gold", "m_two", "m_one", "s_two", "s_four", "s_gold1", "s_gold2"}


def record(seed: int, options: dict) -> dict:
    match, agent, moves = Match.create(RULESET, 2, options, seed), Rng(seed), []
    while match.to_move():
        seat = match.to_move()[0]
        legal = match.legal_moves(seat)
        preferred = [m for m in legal if m["type"] in ("play", "we8_play", "keep")] or \
                    [m for m in legal if m["type"] not in WASTEFUL] or legal
        move = agent.choice(preferred)
        match.play(seat, move)
        moves.append([seat, move])
    return {"seed": seed, "options": options, "moves": moves, "score": match.score(),
            "final_view": match.view(None)}


def test_golden_playthrough_replays_to_the_recorded_end():
    data = json.loads(GOLDEN.read_text())
    match = replay(RULESET, 2, data["options"], data["seed"], [(s, m) for s, m in data["moves"]])
    assert match.status == "finished"
    assert match.score() == data["score"]
    assert match.view(None) == data["final_view"]


def test_golden_game_plays_tribe_cards():
    data = json.loads(GOLDEN.read_text())
    assert sum(len(sum(p["display"], [])) for p in data["final_view"]["players"]) >= 10


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record(11, {}), separators=(",", ":")) + "\n")
