"""The public view (spec §2): everything is public except the order of the piles,
which does not exist until a tile is drawn, so every seat sees the same view."""

from __future__ import annotations

from .board import HUT
from .state import CATEGORIES, PIECE, ROLES, TILE
from .tileset import LAKE, MEADOW, RIVER, ZONE_NAMES

def features(board) -> list[dict]:
    """Forests, meadows, rivers and river systems: zones as [x, y, zone], open sides."""
    groups: dict[tuple, list[int]] = {}
    for g, zone in enumerate(board.zone):
        if zone.type != LAKE:
            groups.setdefault(("f", board.find(g)), []).append(g)
        if zone.type in (RIVER, LAKE):
            groups.setdefault(("s", board.find2(g)), []).append(g)
    out = []
    for (family, root), zones in groups.items():
        where = [list(board.where(g)) for g in zones]
        if family == "s":
            out.append({"type": "river_system", "zones": where,
                        "fish": sum(board.zone[g].fish for g in zones)})
            continue
        kind = board.zone[root].type
        feature = {"type": ZONE_NAMES[kind], "zones": where, "open_sides": board.opn[root]}
        if kind != MEADOW:
            feature["complete"] = board.opn[root] == 0
        out.append(feature)
    return out


def view(state) -> dict:
    board, ts = state.board, state.ts
    shown = {kind.id: kind for _, _, kind, _ in board.placements}
    if state.drawn is not None:
        shown[state.drawn.id] = state.drawn
    return {
        "phase": state.phase,
        "turn": state.turn,
        "to_move": [state.turn] if state.phase in (TILE, PIECE) else [],
        "board": [{"x": x, "y": y, "tile": kind.id, "rotation": r * 90} for x, y, kind, r in board.placements],
        "tiles": {tid: {"kind": kind.kind, "sides": kind.data["sides"], "zones": kind.data["zones"]}
                  for tid, kind in sorted(shown.items())},
        "pieces": [{"x": x, "y": y, "zone": zid, "seat": seat, "piece": "hut" if piece == HUT else "member",
                    "role": None if piece == HUT else ROLES[board.zone[g].type]}
                   for g, seat, piece in board.pieces for x, y, zid in [board.where(g)]],
        "features": features(board),
        "drawn_tile": state.drawn.id if state.drawn is not None and state.phase == TILE else None,
        "drawn_from": ("bonus" if state.bonus else "land") if state.phase == TILE else None,
        "last_placed": ({"x": board.placements[-1][0], "y": board.placements[-1][1],
                         "tile": board.placements[-1][2].id} if state.phase == PIECE else None),
        "bonus_due": state.bonus_due,
        "piles": {"land": state.land_n, "bonus": state.bonus_n},
        "removed": list(state.removed),
        "supply": [{"members": m, "huts": h} for m, h in zip(state.members, state.huts)],
        "scores": [{"seat": s, "total": sum(row), **dict(zip(CATEGORIES, row))}
                   for s, row in enumerate(state.scores)],
        "tile_set": {"id": ts.id, "hash": ts.hash},
    }
