"""What a seat may see (spec §2): everything is public except the order of the piles,
which does not exist until a tile is drawn, so every seat and spectator sees the same view."""

from __future__ import annotations

from .board import HUT, PIECE_NAMES, ROLES
from .components import LAKE, MEADOW, RIVER, ZONE_NAMES
from .flow import to_move
from .state import CATEGORIES, PIECE, TILE


def features(board) -> list[dict]:
    """Forests, meadows, rivers and river systems: zones as [x, y, zone], open sides."""
    groups: dict[tuple, list[int]] = {}
    for index, zone in enumerate(board.zones):
        if zone.type != LAKE:
            groups.setdefault(("feature", board.feature_root(index)), []).append(index)
        if zone.type in (RIVER, LAKE):
            groups.setdefault(("system", board.system_root(index)), []).append(index)
    out = []
    for (family, root), zones in groups.items():
        where = [list(board.where(z)) for z in zones]
        if family == "system":
            out.append({"type": "river_system", "zones": where, "fish": sum(board.zones[z].fish for z in zones)})
            continue
        kind = board.zones[root].type
        feature = {"type": ZONE_NAMES[kind], "zones": where, "open_sides": board.open_sides[root]}
        if kind != MEADOW:
            feature["complete"] = board.open_sides[root] == 0
        out.append(feature)
    return out


def view(state, seat: int | None = None) -> dict:
    board, tile_set, drawn = state.board, state.tile_set, state.drawn
    shown = {tile.id: tile for _, _, tile, _ in board.placements}
    if drawn is not None:
        shown[drawn.id] = drawn
    last_x, last_y, last_tile, _ = board.placements[-1]
    return {
        "phase": state.phase,
        "turn": state.turn,
        "to_move": to_move(state),
        "board": [{"x": x, "y": y, "tile": tile.id, "rotation": r * 90} for x, y, tile, r in board.placements],
        "tiles": {tile_id: {"kind": tile.kind, "sides": tile.data["sides"], "zones": tile.data["zones"]}
                  for tile_id, tile in sorted(shown.items())},
        "pieces": [{"x": x, "y": y, "zone": zone_id, "seat": owner, "piece": PIECE_NAMES[piece],
                    "role": None if piece == HUT else ROLES[board.zones[zone].type]}
                   for zone, owner, piece in board.pieces for x, y, zone_id in [board.where(zone)]],
        "features": features(board),
        "drawn_tile": drawn.id if drawn is not None and state.phase == TILE else None,
        "drawn_from": ("bonus" if state.playing_bonus else "land") if state.phase == TILE else None,
        "last_placed": {"x": last_x, "y": last_y, "tile": last_tile.id} if state.phase == PIECE else None,
        "bonus_due": state.bonus_due,
        "piles": {"land": state.land_left, "bonus": state.bonus_left},
        "removed": list(state.removed),
        "supply": [{"members": m, "huts": h} for m, h in zip(state.members, state.huts)],
        "scores": [{"seat": s, "total": sum(row), **dict(zip(CATEGORIES, row))} for s, row in enumerate(state.scores)],
        "tile_set": {"id": tile_set.id, "hash": tile_set.hash},
    }
