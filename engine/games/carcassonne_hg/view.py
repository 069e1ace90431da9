"""What a seat may see (spec §2): everything is public except the order of the piles,
which does not exist until a tile is drawn, so every seat and spectator sees the same view."""

from __future__ import annotations

from marshmallow import fields, validate

from engine.contract import shape

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


# -- the schemas of the view and the events (the API spec's CarcassonneHgView, CarcassonneHg...Event) --

def _int(**kwargs):
    return fields.Integer(strict=True, **kwargs)


_SEAT = _int(required=True)
_PILE = fields.String(required=True, validate=validate.OneOf(["land", "bonus"]))
_ROLE = fields.String(required=True, allow_none=True, validate=validate.OneOf(sorted(set(ROLES.values()))),
                      metadata={"description": "the tribe member's role from its zone; null for a hut"})
_PIECE = fields.String(required=True, validate=validate.OneOf(sorted(PIECE_NAMES.values())))
_ZONES = fields.List(fields.List(_int()), required=True, metadata={"description": "zones as [x, y, zone id]"})

CarcassonneHgViewPlacement = shape("CarcassonneHgViewPlacement", {
    "x": _int(required=True), "y": _int(required=True), "tile": fields.String(required=True),
    "rotation": _int(required=True, validate=validate.OneOf([0, 90, 180, 270]),
                     metadata={"description": "degrees clockwise"}),
})
CarcassonneHgTileSide = shape("CarcassonneHgTileSide", {
    "type": fields.String(required=True, metadata={"description": "F forest, M meadow, R river"}),
    "zone": _int(), "left": _int(), "river": _int(), "right": _int(),
}, "a tile side in the hg-tileset/1 format: its zone, or for a river side its three zones")
CarcassonneHgTileZone = shape("CarcassonneHgTileZone", {
    "id": _int(required=True),
    "type": fields.String(required=True, validate=validate.OneOf(sorted(ZONE_NAMES.values()))),
    **{name: _int() for name in ("deer", "tiger", "mammoth", "aurochs", "gold", "mushrooms", "lake", "fish")},
    **{name: fields.Boolean() for name in ("spring", "fire", "shrine")},
}, "a tile zone in the hg-tileset/1 format, with its printed symbols")
CarcassonneHgViewTile = shape("CarcassonneHgViewTile", {
    "kind": fields.String(required=True),
    "sides": fields.List(fields.Nested(CarcassonneHgTileSide), required=True),
    "zones": fields.List(fields.Nested(CarcassonneHgTileZone), required=True),
})
CarcassonneHgViewPiece = shape("CarcassonneHgViewPiece", {
    "x": _int(required=True), "y": _int(required=True), "zone": _int(required=True), "seat": _SEAT,
    "piece": _PIECE, "role": _ROLE,
})
CarcassonneHgViewFeature = shape("CarcassonneHgViewFeature", {
    "type": fields.String(required=True, validate=validate.OneOf(["forest", "meadow", "river", "river_system"])),
    "zones": _ZONES,
    "open_sides": _int(metadata={"description": "forests, meadows and rivers"}),
    "complete": fields.Boolean(metadata={"description": "forests and rivers"}),
    "fish": _int(metadata={"description": "river systems"}),
})
CarcassonneHgViewLastPlaced = shape("CarcassonneHgViewLastPlaced", {
    "x": _int(required=True), "y": _int(required=True), "tile": fields.String(required=True)})
CarcassonneHgViewPiles = shape("CarcassonneHgViewPiles", {"land": _int(required=True), "bonus": _int(required=True)},
                               "tiles left in each pile (their order is drawn when a tile is drawn)")
CarcassonneHgViewSupply = shape("CarcassonneHgViewSupply", {"members": _int(required=True), "huts": _int(required=True)})
CarcassonneHgViewScore = shape("CarcassonneHgViewScore", {
    "seat": _SEAT, "total": _int(required=True), **{category: _int(required=True) for category in CATEGORIES}})
CarcassonneHgViewTileSet = shape("CarcassonneHgViewTileSet", {
    "id": fields.String(required=True), "hash": fields.String(required=True)})

View = shape("CarcassonneHgView", {
    "phase": fields.String(required=True),
    "turn": _int(required=True, metadata={"description": "the seat whose turn it is"}),
    "to_move": fields.List(_int(), required=True),
    "board": fields.List(fields.Nested(CarcassonneHgViewPlacement), required=True),
    "tiles": fields.Dict(keys=fields.String(), values=fields.Nested(CarcassonneHgViewTile), required=True,
                         metadata={"description": "the placed tiles and the drawn one, by id"}),
    "pieces": fields.List(fields.Nested(CarcassonneHgViewPiece), required=True),
    "features": fields.List(fields.Nested(CarcassonneHgViewFeature), required=True),
    "drawn_tile": fields.String(required=True, allow_none=True,
                                metadata={"description": "the tile to place; null outside the tile phase"}),
    "drawn_from": fields.String(required=True, allow_none=True, validate=validate.OneOf(["land", "bonus"]),
                                metadata={"description": "its pile; null outside the tile phase"}),
    "last_placed": fields.Nested(CarcassonneHgViewLastPlaced, required=True, allow_none=True,
                                 metadata={"description": "the tile a piece may go on; null outside the piece phase"}),
    "bonus_due": _int(required=True),
    "piles": fields.Nested(CarcassonneHgViewPiles, required=True),
    "removed": fields.List(fields.String(), required=True, metadata={"description": "ids of removed tiles"}),
    "supply": fields.List(fields.Nested(CarcassonneHgViewSupply), required=True, metadata={"description": "per seat"}),
    "scores": fields.List(fields.Nested(CarcassonneHgViewScore), required=True),
    "tile_set": fields.Nested(CarcassonneHgViewTileSet, required=True),
}, "Everything public, the same for every seat and spectators (the piles' order does not exist until a draw).")

EVENT_SCHEMAS = {
    "start_player": shape("CarcassonneHgStartPlayer", {"seat": _SEAT}),
    "tile_drawn": shape("CarcassonneHgTileDrawn", {
        "seat": _SEAT, "tile": fields.String(required=True), "pile": _PILE}),
    "tile_removed": shape("CarcassonneHgTileRemoved", {
        "seat": _SEAT, "tile": fields.String(required=True), "pile": _PILE}),
    "bonus_earned": shape("CarcassonneHgBonusEarned", {"seat": _SEAT}),
    "bonus_lost": shape("CarcassonneHgBonusLost", {"seat": _SEAT}),
    "tile_placed": shape("CarcassonneHgTilePlaced", {
        "seat": _SEAT, "tile": fields.String(required=True), "x": _int(required=True), "y": _int(required=True),
        "rotation": _int(required=True)}),
    "piece_placed": shape("CarcassonneHgPiecePlaced", {
        "seat": _SEAT, "x": _int(required=True), "y": _int(required=True), "zone": _int(required=True),
        "piece": _PIECE, "role": _ROLE}),
    "feature_scored": shape("CarcassonneHgFeatureScored", {
        "feature": fields.String(required=True), "how": fields.String(required=True),
        "points": _int(required=True), "scorers": fields.List(_int(), required=True), "zones": _ZONES,
        **{name: _int(metadata={"description": "a figure the score counted, where the feature has it"})
           for name in ("segments", "tiles", "lake_fish", "river_fish", "mushrooms", "gold", "deer", "mammoth",
                        "aurochs", "tiger")},
        "fire": fields.Boolean()}),
    "members_returned": shape("CarcassonneHgMembersReturned", {
        "seats": fields.List(_int(), required=True)}),
    "game_end": shape("CarcassonneHgGameEnd", {}),
}
