"""What a seat may see: everything (perfect information), with provisional standings."""

from __future__ import annotations

from marshmallow import fields, validate

from engine.contract import either, shape

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


# -- the schemas of the view and the events (the API spec's GreatPlainsView, GreatPlains...Event) --

def _int(**kwargs):
    return fields.Integer(strict=True, **kwargs)


def _cell(description="[q, r]", **kwargs):
    return fields.List(_int(), required=True, validate=validate.Length(equal=2),
                       metadata={"description": description}, **kwargs)


_TOTEMS = {kind: _int(required=True) for kind in TOTEM_KINDS}
_TOTEM_KIND = fields.String(required=True, validate=validate.OneOf(TOTEM_KINDS))

GreatPlainsTotems = shape("GreatPlainsTotems", _TOTEMS, "totem tokens by kind")
GreatPlainsViewBoardField = shape("GreatPlainsViewBoardField", {
    "q": _int(required=True),
    "r": _int(required=True),
    "terrain": fields.String(required=True, metadata={"description": "terrain code of the field"}),
    "spring": fields.Boolean(required=True),
    "cave": _int(required=True, allow_none=True, metadata={"description": "seat of the cave token here, else null"}),
    "figure": _int(required=True, allow_none=True, metadata={"description": "seat of the figure here, else null"}),
    "ground": fields.String(required=True, allow_none=True,
                            metadata={"description": "id of the hunting ground the field belongs to, else null"}),
})
GreatPlainsViewLayoutEntry = shape("GreatPlainsViewLayoutEntry", {
    "position": _int(required=True),
    "tile": fields.String(required=True),
    "side": fields.String(required=True, validate=validate.OneOf(["A", "B"])),
    "rotation": _int(required=True),
})
GreatPlainsViewPlayer = shape("GreatPlainsViewPlayer", {
    "seat": _int(required=True),
    "animal": fields.String(required=True, validate=validate.OneOf(ANIMALS)),
    "figures_in_hand": _int(required=True),
    "caves_in_hand": _int(required=True),
    "figures_removed": _int(required=True),
    "totems": fields.Nested(GreatPlainsTotems, required=True),
})
GreatPlainsViewGround = shape("GreatPlainsViewGround", {
    "id": fields.String(required=True),
    "cells": fields.List(fields.List(_int()), required=True),
    "fields": _int(required=True),
    "springs": _int(required=True),
    "value": _int(required=True),
    "figures": fields.List(_int(), required=True, metadata={"description": "figures per seat"}),
    "leader": _int(required=True, allow_none=True, metadata={"description": "the seat leading, null on a tie"}),
})
GreatPlainsViewScore = shape("GreatPlainsViewScore", {
    "seat": _int(required=True),
    "total": _int(required=True),
    "breakdown": fields.Dict(keys=fields.String(), values=_int(), required=True),
    "grounds_won": _int(required=True),
})
GreatPlainsViewStandings = shape("GreatPlainsViewStandings", {
    "grounds": fields.List(fields.Nested(GreatPlainsViewGround), required=True),
    "scores": fields.List(fields.Nested(GreatPlainsViewScore), required=True),
    "winners": fields.List(_int(), required=True),
})
GreatPlainsViewComponents = shape("GreatPlainsViewComponents", {
    "id": fields.String(required=True),
    "provenance": fields.String(required=True),
    "hash": fields.String(required=True),
})

View = shape("GreatPlainsView", {
    "phase": fields.String(required=True),
    "to_move": fields.List(_int(), required=True),
    "first_cave_player": _int(required=True, allow_none=True,
                              metadata={"description": "null until decided (option first_cave_player)"}),
    "components": fields.Nested(GreatPlainsViewComponents, required=True),
    "layout": fields.List(fields.Nested(GreatPlainsViewLayoutEntry), required=True),
    "board": fields.List(fields.Nested(GreatPlainsViewBoardField), required=True,
                         metadata={"description": "empty until the layout is complete"}),
    "supply": fields.Nested(GreatPlainsTotems, required=True),
    "pending_totem": fields.String(required=True, allow_none=True, validate=validate.OneOf(TOTEM_KINDS),
                                   metadata={"description": "the totem a use_totem move chose, its placement "
                                                            "still to come; else null"}),
    "players": fields.List(fields.Nested(GreatPlainsViewPlayer), required=True),
    "standings": fields.Nested(GreatPlainsViewStandings, required=True),
    "rules": fields.Dict(keys=fields.String(), values=either("boolean", "integer", "string", "null"), required=True,
                         metadata={"description": "the options the rules read during play"}),
}, "Everything, the same for every seat and spectators (perfect information).")

EVENT_SCHEMAS = {
    "tile_placed": shape("GreatPlainsTilePlaced", {
        "position": _int(required=True), "tile": fields.String(required=True),
        "side": fields.String(required=True), "rotation": _int(required=True)}),
    "first_cave_player": shape("GreatPlainsFirstCavePlayer", {"seat": _int(required=True)}),
    "cave_placed": shape("GreatPlainsCavePlaced", {"seat": _int(required=True), "cell": _cell()}),
    "placed": shape("GreatPlainsPlaced", {
        "seat": _int(required=True), "cell": _cell(),
        "totem": fields.String(validate=validate.OneOf(TOTEM_KINDS),
                               metadata={"description": "the totem used; absent for a normal placement"})}),
    "pushed": shape("GreatPlainsPushed", {"seat": _int(required=True), "from": _cell(), "to": _cell()}),
    "removed": shape("GreatPlainsRemoved", {"seat": _int(required=True), "cell": _cell()}),
    "token_taken": shape("GreatPlainsTokenTaken", {"seat": _int(required=True), "kind": _TOTEM_KIND}),
    "token_returned": shape("GreatPlainsTokenReturned", {"seat": _int(required=True), "kind": _TOTEM_KIND}),
}
