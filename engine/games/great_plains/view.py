"""What a seat may see: everything (perfect information), with provisional standings."""

from __future__ import annotations

from . import scoring
from .board import CELLS, TOTEM_KINDS
from .flow import to_move

ANIMALS = ("fox", "snake")


def view(state, seat) -> dict:
    """The same for every seat and spectators."""
    grounds = scoring.standings(state)
    ground_of = {tuple(c): g["id"] for g in grounds for c in g["cells"]}
    board = []
    if state.board is not None:
        for i, (q, r) in enumerate(CELLS):
            value = state.cells[i]
            board.append({"q": q, "r": r, "terrain": state.board.terrain[i], "spring": state.board.terrain[i] == "W",
                          "cave": state.caves.get(i), "figure": value if value in (0, 1) else None,
                          "ground": ground_of.get((q, r))})
    return {
        "phase": state.phase,
        "to_move": to_move(state),
        "first_cave_player": state.first_cave_player,
        "components": {key: state.components[key] for key in ("id", "provenance", "hash")},
        "layout": [dict(entry) for entry in state.layout],
        "board": board,
        "supply": dict(zip(TOTEM_KINDS, state.supply)),
        "pending_totem": None if state.pending_totem is None else TOTEM_KINDS[state.pending_totem],
        "players": [{"seat": s, "animal": ANIMALS[s], "figures_in_hand": state.hand[s],
                     "caves_in_hand": state.caves_left[s], "figures_removed": state.removed[s],
                     "totems": dict(zip(TOTEM_KINDS, state.held[s]))} for s in (0, 1)],
        "standings": {"grounds": grounds, **scoring.score_sheet(state)},
        "rules": dict(state.rules),
    }
