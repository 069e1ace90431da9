"""Routes of a game's life around its moves: join an open seat, resign, abort, and the
admin's credentials (a seat's new token, spectator tokens)."""

from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from engine.i18n import N_

from ..errors import Unauthorized
from ..lifecycle import Lifecycle, retrying
from ..undo import undo
from . import examples
from .blueprint import Blueprint
from .contract import ADMIN, PUBLIC, SEAT, SEAT_OR_ADMIN, answers, headers
from .game_routes import bearer_token, games, load_as_seat, private_when_seat
from .schemas import GameOut, Strict
from .webhook_routes import load_as_admin

blp = Blueprint("lifecycle", __name__, url_prefix="/v1/games",
                description="A game's life: invites, resigning, aborting, tokens")
blp.after_request(private_when_seat)


class VersionIn(Strict):
    expected_version = fields.Integer(strict=True, validate=validate.Range(min=0),
                                      metadata={"description": "refuse (409 `stale_version`) unless the game is "
                                                               "at this version"})


class UndoIn(Strict):
    expected_version = fields.Integer(required=True, strict=True, validate=validate.Range(min=0), metadata={
        "description": "the version the seat saw: the undo is refused (409 `stale_version`) unless it is current"})


class JoinIn(Strict):
    invite = fields.String(required=True, validate=validate.Length(min=1, max=100),
                           metadata={"description": "the open seat's invite code from the create's answer"})
    name = fields.String(validate=validate.Length(min=1, max=40), metadata={"description": "the player's name"})


class SeatTokenOut(Schema):
    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={"description": "the seat's bearer token, returned only here"})
    version = fields.Integer(required=True, metadata={"description": "the version this change made"})


class SpectatorTokenOut(Schema):
    token = fields.String(required=True, metadata={
        "description": "a read-only bearer token: it sees what a spectator sees (stream included), also of a "
                       "private game; returned only here"})
    version = fields.Integer(required=True, metadata={"description": "the version this change made"})


def change(game_id: str, expected: int | None, act) -> tuple:
    """The game and what ``act(game)`` answers, loaded again when another change came first and
    no version was expected."""
    def acted(game):
        return game, act(game)

    def load():
        return games().load(game_id)
    return acted(load()) if expected is not None else retrying(load, acted)


@blp.route("/<game_id>/resign")
class Resign(MethodView):
    @blp.arguments(VersionIn, required=False, example={"expected_version": 7})
    @blp.response(200, GameOut, description="the game after the resignation, as the seat sees it",
                  headers=headers(private=True), examples=examples.game())
    @answers(blp, 400, 401, 404, 408, 409, 413, 422, 429, 500, 503, private=True,
             s409=["stale_version", "game_over", "game_not_started"],
             s503=["store_unavailable", "outcome_unknown"])
    @blp.doc(operationId="resignGame", security=SEAT)
    def post(self, body, game_id):
        """Resign

        The token's seat gives up. With two seats the game ends (`finished`) and the other
        seat wins; with more, an AI (level `easy`) plays the seat on and it ranks last. Its
        token no longer opens the seat. A new version (event `forfeit`, reason `resigned`)."""
        expected = (body or {}).get("expected_version")
        _, seat = load_as_seat(game_id)
        game, _ = change(game_id, expected, lambda g: Lifecycle(games()).resign(g, seat, expected))
        return game.view(seat)


@blp.route("/<game_id>/undo")
class Undo(MethodView):
    @blp.arguments(UndoIn, example={"expected_version": 7})
    @blp.response(200, GameOut, description="the game after the undo, as the seat sees it",
                  headers=headers(private=True), examples=examples.game())
    @answers(blp, 400, 401, 404, 408, 409, 413, 422, 429, 500, 503, private=True,
             s409=["stale_version", "game_over", "game_not_started", "undo_not_allowed"],
             s503=["store_unavailable", "outcome_unknown"])
    @blp.doc(operationId="undoMove", security=SEAT)
    def post(self, body, game_id):
        """Undo the seat's last decision

        With the game option `"undo": "own_last_move"`: takes back the token's seat's last
        decision while no other seat has acted since and no chance step or reveal of hidden
        information happened since that decision began (else 409 `undo_not_allowed`,
        `errors.reason` says why). A new version (event `undo`) whose state is the one
        before the undone decision; versions are never reused."""
        game, seat = load_as_seat(game_id)
        undo(games(), game, seat, body["expected_version"])
        return game.view(seat)


@blp.route("/<game_id>/abort")
class Abort(MethodView):
    @blp.arguments(VersionIn, required=False, example={"expected_version": 0})
    @blp.response(200, GameOut, description="the aborted game, as a spectator sees it",
                  headers=headers(private=True), examples=examples.game())
    @answers(blp, 400, 401, 404, 408, 409, 413, 422, 429, 500, 503, private=True,
             s409=["stale_version", "game_over"], s503=["store_unavailable", "outcome_unknown"])
    @blp.doc(operationId="abortGame", security=SEAT_OR_ADMIN)
    def post(self, body, game_id):
        """Abort the game

        Ends the game without a winner (`aborted`): with the admin token at any time, with a
        seat token only before the first move of a human seat. A new version (event
        `aborted`); the final sheet names no winner."""
        expected = (body or {}).get("expected_version")
        token = bearer_token(required=True)
        game = games().load(game_id)
        seat = game.seat_of(token)
        if seat is None and not game.is_admin(token):
            raise Unauthorized(N_("this needs a seat token or the game's admin token"))
        game, _ = change(game_id, expected, lambda g: Lifecycle(games()).abort(g, seat, expected))
        return game.view(None)


@blp.route("/<game_id>/join")
class Join(MethodView):
    @blp.arguments(JoinIn, example={"invite": examples.TOKENS[1], "name": "Ada"})
    @blp.response(200, SeatTokenOut, description="the seat taken, with its token (the only time it is sent)",
                  headers=headers(private=True), example={"seat": 1, "token": examples.TOKENS[1], "version": 1})
    @answers(blp, 400, 401, 404, 408, 409, 413, 422, 429, 500, 503, private=True,
             s409=["stale_version", "game_over"], s503=["store_unavailable", "outcome_unknown"])
    @blp.doc(operationId="joinGame", security=PUBLIC)
    def post(self, body, game_id):
        """Join an open seat

        Takes the open seat of an invite code (each works once: a used or unknown one is 401)
        and answers its seat token. Once every seat is taken the game starts (`active`). A
        new version (event `seat_joined`)."""
        game, (seat, token) = change(game_id, None, lambda g: Lifecycle(games()).join(g, body["invite"],
                                                                                     body.get("name")))
        return {"seat": seat, "token": token, "version": game.version}


@blp.route("/<game_id>/seats/<int:seat>/token")
class SeatToken(MethodView):
    @blp.response(201, SeatTokenOut, description="the seat's new token (the only time it is sent)",
                  headers=headers(private=True), example={"seat": 0, "token": examples.TOKENS[1], "version": 8})
    @answers(blp, 401, 404, 408, 409, 413, 422, 429, 500, 503, private=True, s409=["stale_version"],
             s503=["store_unavailable", "outcome_unknown"])
    @blp.doc(operationId="reissueSeatToken", security=ADMIN)
    def post(self, game_id, seat):
        """Reissue a seat's token

        A new token for a human seat whose player lost theirs; the old one is refused (401)
        from now on. A new version (event `seat_token_reissued`; the token is in no event)."""
        load_as_admin(game_id)
        game, token = change(game_id, None, lambda g: Lifecycle(games()).reissue_seat_token(g, seat))
        return {"seat": seat, "token": token, "version": game.version}, 201


@blp.route("/<game_id>/spectator-tokens")
class SpectatorTokens(MethodView):
    @blp.response(201, SpectatorTokenOut, description="a new spectator token (the only time it is sent)",
                  headers=headers(private=True), example={"token": examples.TOKENS[1], "version": 3})
    @answers(blp, 401, 404, 408, 409, 413, 422, 429, 500, 503, private=True, s409=["stale_version"],
             s503=["store_unavailable", "outcome_unknown"])
    @blp.doc(operationId="createSpectatorToken", security=ADMIN)
    def post(self, game_id):
        """Create a spectator token

        A read-only token that sees what a spectator sees (views, history, pictures, the
        stream), for a private game's audience; at most 100 per game (422). A new version
        (event `spectator_token_issued`)."""
        load_as_admin(game_id)
        game, token = change(game_id, None, lambda g: Lifecycle(games()).spectator_token(g))
        return {"token": token, "version": game.version}, 201
