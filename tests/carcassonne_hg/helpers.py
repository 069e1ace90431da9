"""Builders for the tests: fixture boards (spec §10.1) and compact custom tile sets.

``build`` inserts tiles and pieces directly, without turn history; ``turn`` then plays a
real turn through the ruleset: the draw (a chance outcome), the tile move, the piece move.
"""

from __future__ import annotations

import re

from engine.games.carcassonne_hg import RULESET
from engine.games.carcassonne_hg.board import HUT, MEMBER
from engine.games.carcassonne_hg.state import DRAW, TILE, State

SEATS = {"Red": 0, "Blue": 1, "Yellow": 2, "Green": 3, "Black": 4}
_TILE = re.compile(r"^(\w+)@\((-?\d+),(-?\d+)\)r([0-3])$")
_PIECE = re.compile(r"^(\w+):(F|R|H|hut)@(\w+|\(-?\d+,-?\d+\))\.[a-z]+(\d+)$")


def tileset(*tiles, name="test-set") -> dict:
    """A custom tile set in the hg-tileset/1 format."""
    return {"format": "hg-tileset/1", "tileSet": name, "edition": "hg2002", "status": "derived",
            "tiles": list(tiles)}


def tile(tid, kind, sides, zones, count=1) -> dict:
    """``sides`` like ``["F0", "M1", "R1-2-3", "M1"]``; ``zones`` as in the file format."""
    parsed = []
    for side in sides:
        if side[0] == "R":
            left, river, right = map(int, side[1:].split("-"))
            parsed.append({"type": "R", "left": left, "river": river, "right": right})
        else:
            parsed.append({"type": side[0], "zone": int(side[1:])})
    return {"id": tid, "kind": kind, "count": count, "sides": parsed, "zones": zones}


def _pile(tile_set, ids) -> list[int]:
    counts = [0] * len(tile_set.tiles)
    for tid in ids:
        counts[tile_set.by_id[tid].index] += 1
    return counts


def build(tiles, pieces=(), *, players=4, options=None, seat=0, land=None, bonus=None) -> State:
    """A state whose board holds ``tiles`` (``"L02@(0,0)r0"``) and ``pieces``
    (``"Red:R@L48.r1"``), with ``seat`` about to draw. ``land``/``bonus``: exact pile contents."""
    state = State(players, RULESET.make_options(options or {}))
    board, tile_set = state.board, state.tile_set
    for spec in tiles:
        tid, x, y, r = _TILE.match(spec).groups()
        placed, x, y, r = tile_set.by_id[tid], int(x), int(y), int(r)
        assert (x, y) not in board.placed_at and ((x, y) not in board.frontier or board.fits(placed, x, y, r)), \
            f"fixture tile {spec} does not fit"
        board.place(placed, x, y, r)
        for pile in (state.land_pile, state.bonus_pile):
            pile[placed.index] = max(0, pile[placed.index] - 1)
    for spec in pieces:
        colour, role, where, zid = _PIECE.match(spec).groups()
        if where.startswith("("):
            x, y = (int(v) for v in where[1:-1].split(","))
        else:
            x, y = next((x, y) for x, y, t, _ in board.placements if t.id == where)
        s = SEATS[colour]
        board.add_piece(board.zone_at(x, y, int(zid)), s, HUT if role == "hut" else MEMBER)
        if role == "hut":
            state.huts[s] -= 1
        else:
            state.members[s] -= 1
    if land is not None:
        state.land_pile = _pile(tile_set, land)
    if bonus is not None:
        state.bonus_pile = _pile(tile_set, bonus)
    state.land_left, state.bonus_left = sum(state.land_pile), sum(state.bonus_pile)
    state.phase, state.turn = DRAW, seat
    return state


def place(state, spec) -> list[dict]:
    """Draw the tile of ``spec`` from its pile (a chance outcome) and place it there."""
    tid, x, y, r = _TILE.match(spec).groups()
    events = RULESET.apply_chance(state, tid)
    assert state.phase == TILE, f"{tid} was not placeable: {events}"
    move = {"type": "place_tile", "x": int(x), "y": int(y), "rotation": int(r) * 90}
    return events + RULESET.apply(state, state.turn, move)


def piece_move(piece) -> dict:
    """``None`` -> no piece; ``"f1"`` -> a member on zone 1; ``"hut:r1"`` -> a hut."""
    if piece is None:
        return {"type": "no_piece"}
    kind, _, zone = piece.rpartition(":")
    return {"type": "place_piece", "zone": int(re.sub(r"\D", "", zone)), "piece": "hut" if kind else "member"}


def turn(state, spec, piece=None) -> list[dict]:
    """A whole turn (or bonus placement) of the seat to move."""
    events = place(state, spec)
    return events + RULESET.apply(state, state.turn, piece_move(piece))


def totals(state) -> list[int]:
    return [sum(row) for row in state.scores]


def scored(events) -> list[dict]:
    return [e for e in events if e["type"] == "feature_scored"]
