"""Legal-move counts (perft) from fixed layouts against data/move_counts.json, cross-checked
with the brute-force reference placement generator."""

import json
from pathlib import Path

import pytest

from engine.games.carcassonne_hg import RULESET
from engine.games.carcassonne_hg.components import load_data
from engine.games.carcassonne_hg.state import DRAW

from .helpers import build
from .reference import legal_placements

DATA = json.loads((Path(__file__).parent / "data" / "move_counts.json").read_text())
TILES = {t["id"]: t for t in load_data("hg2002-default")["tiles"]}
#: tiles whose tile + piece moves are counted (rivers, lakes, forests, meadows, the shrine)
DEPTH2 = ("L03", "L13", "L17", "L45", "L54", "L61", "B83", "B95")


def counts(state):
    """(placements per tile id, tile-and-piece move pairs for the DEPTH2 tiles)."""
    depth1, depth2 = {}, {}
    for tile in state.tile_set.tiles:
        if tile.kind == "start":
            continue
        trial = RULESET.copy_state(state)
        trial.phase, trial.drawn, trial.turn = "tile", tile, 0
        moves = RULESET.legal_moves(trial, 0)
        depth1[tile.id] = len(moves)
        if tile.id in DEPTH2:
            total = 0
            for move in moves:
                after = RULESET.copy_state(trial)
                RULESET.apply(after, 0, move)
                total += len(RULESET.legal_moves(after, 0))
            depth2[tile.id] = total
    return depth1, depth2


@pytest.mark.parametrize("layout", DATA["layouts"], ids=lambda layout: layout["name"])
def test_perft_counts_from_fixed_layouts(layout):
    state = build(layout["tiles"], players=2)
    assert state.phase == DRAW
    assert counts(state) == (layout["placements"], layout["tile_and_piece"])


@pytest.mark.parametrize("layout", DATA["layouts"], ids=lambda layout: layout["name"])
def test_perft_placements_agree_with_the_brute_force_reference(layout):
    state = build(layout["tiles"], players=2)
    data = RULESET.to_json(state)
    assert {tid: len(legal_placements(data, TILES, tid)) for tid in layout["placements"]} == layout["placements"]
