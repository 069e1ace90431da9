"""Seeded playthroughs whose outcome is kept in data/playthroughs.json (regression guard).

Regenerate after an intended rules change: ``.venv/bin/python -m tests.woodwalkers.golden``.
"""

import json
from pathlib import Path

from engine import Match, Rng, canonical
from engine.games.woodwalkers import RULESET as R

DATA = Path(__file__).parent / "data" / "playthroughs.json"
CASES = [(2, {}, 1), (2, {"variant": "night"}, 2), (3, {"arrangement": "random"}, 3), (4, {"variant": "night"}, 4)]


def playthrough(players, options, seed) -> dict:
    """A game with a seeded uniformly random agent: its length, final view and score sheet."""
    match = Match.create(R, players, options, seed)
    agent = Rng(seed + 1000)
    moves = 0
    while match.status == "active":
        seat = agent.choice(match.to_move())
        match.play(seat, agent.choice(match.legal_moves(seat)))
        moves += 1
    return {"players": players, "options": options, "seed": seed, "moves": moves,
            "score": match.score(), "final_view_spectator": json.loads(canonical(match.view(None)))}


if __name__ == "__main__":
    DATA.write_text(json.dumps([playthrough(*case) for case in CASES], indent=1, ensure_ascii=False) + "\n")
