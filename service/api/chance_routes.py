"""Routes of companion mode (game option ``"chance": "table"``): the chance step the game waits
for, and the outcome the table drew (``service/companion.py``)."""

from __future__ import annotations

from functools import cache

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from engine import Match, registry
from engine.match import TABLE_CHANCE

from .. import companion
from . import examples
from .blueprint import Blueprint
from .contract import SEAT_OR_ADMIN, answers, headers
from .game_routes import bearer_token, games, private_when_seat
from .languages import ACCEPT_LANGUAGE, language
from .schemas import MoveOut, Strict

blp = Blueprint("chance", __name__, url_prefix="/v1/games", description="Companion mode: chance from the table")
blp.after_request(private_when_seat)


class ChanceOut(Schema):
    version = fields.Integer(required=True)
    pending = fields.Boolean(required=True, metadata={"description": "the game waits for the table's outcome"})
    label = fields.String(required=True, allow_none=True, metadata={
        "description": "what is drawn (the ruleset's name of the chance step: `land_tile`, `die`, ...)"})
    outcomes = fields.List(fields.Raw(), required=True, metadata={
        "description": "every outcome possible now (a tile or card id, a die face, ...), in the ruleset's order"})
    weights = fields.List(fields.Integer(), required=True, metadata={
        "description": "how many of each outcome are left (its weight when the server draws)"})


class ChanceIn(Strict):
    outcome = fields.Raw(required=True, allow_none=False, metadata={
        "description": "one of the outcomes `GET .../chance` lists, as listed"})
    expected_version = fields.Integer(strict=True, validate=validate.Range(min=0),
                                      metadata={"description": "reject unless the game is at this version"})


@cache
def table_example() -> tuple[Match, dict]:
    """A Great Plains game of the examples' seed in companion mode, at its first chance step."""
    match = Match.create(registry.get("great-plains"), 2, {}, examples.SEED, chance=TABLE_CHANCE)
    chance = match.pending_chance()
    return match, {"version": 0, "pending": True, "label": chance.label, "outcomes": chance.outcomes,
                   "weights": chance.weights}


def dealt_example() -> dict:
    match, listed = table_example()
    match = Match.from_json(match.to_json(), match.ruleset)
    entry = match.deal(listed["outcomes"][0])
    return MoveOut().dump({"version": entry["version"], "events": match.entry_view(entry, None)["events"],
                           "state": match.view(None)})


@blp.route("/<game_id>/chance")
class TableChance(MethodView):
    @blp.response(200, ChanceOut, description="the chance step the game waits for and its possible outcomes",
                  headers=headers(private=True), example=table_example()[1])
    @answers(blp, 401, 404, 429, 500, 503, private=True, s503=["store_unavailable"])
    @blp.doc(operationId="getTableChance", security=SEAT_OR_ADMIN)
    def get(self, game_id):
        """List the outcomes the table may draw

        Companion mode (`"chance": "table"`): whether the game waits for a chance outcome and
        every outcome possible now with how many of each are left (the tiles still in the bag,
        the die's faces, the cards that can still be in a deck). The admin token or the dealer
        seat's token only (the list can tell what the seats may not know); a game whose server
        draws answers 404."""
        token = bearer_token(required=True)
        game = games().load(game_id)
        companion.require_dealer(game, token)
        return companion.pending(game)

    @blp.arguments(ChanceIn, example={"outcome": table_example()[1]["outcomes"][0], "expected_version": 0})
    @blp.response(200, MoveOut, description="the outcome was taken: the new version, its events and the view",
                  headers=headers("ETag", private=True), example=dealt_example())
    @answers(blp, 400, 401, 404, 408, 409, 413, 422, 429, 500, 503, private=True,
             s409=["stale_version", "game_over", "illegal_outcome", "game_not_started"],
             s422=["malformed_request", "limit_exceeded"], s503=["store_unavailable", "outcome_unknown"])
    @blp.doc(operationId="dealTableChance", security=SEAT_OR_ADMIN, parameters=[ACCEPT_LANGUAGE])
    def post(self, body, game_id):
        """Post the outcome the table drew

        Companion mode: resolves the pending chance step with the outcome the table drew, one of
        those `GET .../chance` lists, then plays on (forced moves, AI seats) up to the next
        decision or chance step, like a move: compare-and-set with `expected_version` (409
        `stale_version`), 409 `illegal_outcome` for an outcome not possible now (or when no
        chance step is pending). The admin token or the dealer seat's token only. The answer
        shows the events and view as that token sees them (the admin: as a spectator)."""
        token = bearer_token(required=True)
        game = games().load(game_id)
        companion.require_dealer(game, token)
        seat = game.seat_of(token)
        entry = companion.deal(games(), game, body["outcome"], body.get("expected_version"))
        return ({"version": entry["version"], "events": game.match.entry_view(entry, seat, language())["events"],
                 "state": game.match.view(seat)}, 200, {"ETag": f'"{game.version}"'})
