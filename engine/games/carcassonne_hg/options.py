"""Options (spec §9, one per decision D1-D17), their checks and the move payload schemas."""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from engine import InvalidOptions, Problem, Problems
from engine.contract import JsonBoolean
from engine.i18n import N_, Text

from . import components

MAX_PLAYERS = 5


def _choice(default, values, description):
    return fields.String(load_default=default, validate=validate.OneOf(values),
                         metadata={"description": description})


class StartPlayer(fields.Field):
    """``"random"`` or a seat index."""

    def _deserialize(self, value, attr, data, **kwargs):
        if value == "random" or (type(value) is int and 0 <= value < MAX_PLAYERS):
            return value
        raise ValidationError(f'must be "random" or a seat index 0-{MAX_PLAYERS - 1}')


class Options(Schema):
    class Meta:
        unknown = RAISE
        ordered = True

    forestUnit = _choice("segment", ("segment", "tile"),
                         "D1: a completed forest scores 2 per forest segment (zone) or 2 per tile, "
                         "plus 2 per mushroom patch")
    riverUnit = _choice("tile", ("tile", "segment"),
                        "D2: a completed river scores 1 per distinct tile or 1 per river zone")
    lakeFishPerRiver = _choice("oncePerLake", ("oncePerLake", "perEnd"),
                               "D3: a lake reached by both ends of one river counts its fish once or per end")
    riverFish = _choice("count", ("count", "ignore"),
                        "D4: fish printed on river zones count for the river's fisherman score and the hut "
                        "score of its river system, or are ignored")
    membersOnLakes = JsonBoolean(load_default=False, metadata={
        "description": "D5: tribe members may stand on lakes (as fishermen that never score and return at "
                       "game end); huts may always stand on rivers and lakes"})
    unplaceableBonus = _choice("discardAndRedraw", ("discardAndRedraw", "forfeit"),
                               "D6: an unplaceable bonus tile is removed and the next one drawn, or it is "
                               "removed and the bonus is lost")
    unplaceableLastLand = _choice("endGame", ("endGame",),
                                  "D7: an unplaceable last land tile is removed, the turn has no placement "
                                  "and the game ends")
    bonusPerTurn = fields.Integer(
        load_default=1, strict=True, validate=validate.Range(min=0, max=components.MAX_TILES), metadata={
            "description": "D8: bonus tiles played in a turn whose land tile completes a forest with gold"})
    bonusOnFinalTurn = JsonBoolean(load_default=True, metadata={
        "description": "D9: a bonus earned with the last land tile is still played before final scoring"})
    tieBreak = _choice("none", ("none",), "D10: tied players share the win")
    startPlayer = StartPlayer(load_default="random", metadata={
        "description": 'D11: "random" (a seeded chance step) or the seat index of the start player',
        "oneOf": [{"type": "string", "enum": ["random"]}, {"type": "integer", "minimum": 0, "maximum": 4}]})
    hutValue = _choice("allFish", ("allFish", "largestLake"),
                       "D12: a hut scores all fish of its river system (lakes, plus river fish per "
                       "riverFish) or the fish of its largest lake")
    scoreIncompleteAtEnd = JsonBoolean(load_default=False, metadata={
        "description": "D13: unfinished forests and rivers score their normal value at game end "
                       "(default: nothing)"})
    shrineBypassesBlocking = JsonBoolean(load_default=False, metadata={
        "description": "D14: a hunter may go on the shrine zone even when its meadow is occupied"})
    tileSet = _choice("hg2002-default", components.SHIPPED,
                      "D15/D16: the shipped tile set to play with (ignored when customTileSet is given)")
    customTileSet = fields.Dict(load_default=None, allow_none=True, metadata={
        "description": "a complete tile set in the hg-tileset/1 format (spec §7.2), validated like the "
                       "shipped ones; replaces tileSet"})
    startRotation = fields.Integer(load_default=0, strict=True, validate=validate.Range(min=0, max=3), metadata={
        "description": "D17: quarter turns clockwise of the start tile"})


def check_options(options: dict) -> Problems:
    """A custom tile set is validated like the shipped ones (problems under /customTileSet)."""
    problems = Problems()
    if options.get("customTileSet") is not None:
        problems.extend(components.validate(options["customTileSet"])[0], "/customTileSet")
    return problems


def check_players(num_players: int, options: dict) -> None:
    """A start player seat must exist in the game (``option_conflict``)."""
    start = options["startPlayer"]
    if start != "random" and start >= num_players:
        raise InvalidOptions(Problems([Problem("/startPlayer", "option_conflict",
                                               Text(N_("no seat {start} in a {players}-player game"),
                                                    start=start, players=num_players))]))


class PlaceTile(Schema):
    x = fields.Integer(required=True, strict=True, metadata={"description": "column, east is +x"})
    y = fields.Integer(required=True, strict=True, metadata={"description": "row, south is +y"})
    rotation = fields.Integer(required=True, strict=True, validate=validate.OneOf([0, 90, 180, 270]),
                              metadata={"description": "degrees clockwise"})


class PlacePiece(Schema):
    zone = fields.Integer(required=True, strict=True,
                          metadata={"description": "zone id of the tile just placed (tile set data)"})
    piece = fields.String(required=True, validate=validate.OneOf(["member", "hut"]),
                          metadata={"description": "a tribe member (role from the zone) or a fishing hut"})


class NoPiece(Schema):
    pass


MOVE_SCHEMAS = {"place_tile": PlaceTile, "place_piece": PlacePiece, "no_piece": NoPiece}
