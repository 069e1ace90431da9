"""Routes of games: create, view, legal moves, moves, validation, score, history, hints."""

from __future__ import annotations

import re

from flask import current_app, request
from flask.views import MethodView

from engine import EngineError

from ..errors import StaleVersion, Unauthorized
from ..games import Game, Games
from .blueprint import Blueprint
from .errors import ApiError, bounded, codes_answered_with
from .schemas import (CreatedOut, CreateGameIn, GameOut, HintIn, HistoryOut, LegalMovesOut, MoveIn,
                      MoveOut, PendingOut, ScoreOut, TaskIdOut, ValidateOut)
from .security import client_address

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="Games and moves")
SEAT = [{"seatToken": []}]
SEAT_OR_SPECTATOR = [{}, {"seatToken": []}]
#: the Cache-Control of every answer to a request with a seat token (seat-specific)
PRIVATE = "private, no-store"


def games() -> Games:
    return current_app.extensions["spielwerk"]


def bearer_token(required: bool) -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        if required:
            raise Unauthorized()
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("the Authorization header must be 'Bearer <seat token>'")
    return token.strip()


def private_when_seat(response):
    """An answer to a request with a seat token is for that seat only: no cache may keep it."""
    if "Authorization" in request.headers:
        response.headers["Cache-Control"] = PRIVATE
    return response


blp.after_request(private_when_seat)


def load_as_viewer(game_id: str) -> tuple[Game, int | None]:
    """The game and the seat of the request's token (None for a spectator)."""
    token = bearer_token(required=False)
    game = games().load(game_id)
    seat = game.seat_of(token)
    games().resume_stalled(game)          # readers wait for AI moves and final sheets here
    return game, seat


def load_as_seat(game_id: str) -> tuple[Game, int]:
    token = bearer_token(required=True)
    game = games().load(game_id)
    return game, game.seat_of(token)


def not_modified(etag: str) -> bool:
    """True when the request's If-None-Match names ``etag`` (or ``*``)."""
    tags = [tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")]
    return etag in tags or "*" in tags


def if_match_version() -> int | None:
    header = request.headers.get("If-Match")
    if header is None:
        return None
    value = header.strip().removeprefix("W/").strip('"')
    if not re.fullmatch(r"[0-9]{1,18}", value):
        raise ApiError("malformed_request", "If-Match must be a quoted version number, e.g. \"12\"", status=400)
    return int(value)


@blp.route("")
class GamesCollection(MethodView):
    @blp.arguments(CreateGameIn)
    @blp.response(201, CreatedOut)
    @blp.alt_response(404, description="unknown ruleset")
    @blp.alt_response(429, description="quota_exceeded (this client's active games) or rate_limited")
    def post(self, body):
        """Create a game; returns each human seat's token once."""
        game, tokens = games().create(body["ruleset"], body["seats"], body.get("seed"), body["options"],
                                      client=client_address())
        seats = []
        for seat in game.public_seats():
            if seat["seat"] in tokens:
                seat["token"] = tokens[seat["seat"]]
            seats.append(seat)
        return {"game_id": game.game_id, "ruleset": game.record["ruleset"], "version": game.version,
                "status": game.match.status, "seats": seats, "state": game.match.view(None), **game.fairness()}


@blp.route("/<game_id>")
class GameResource(MethodView):
    @blp.response(200, GameOut, headers={"ETag": {"description": "the quoted version", "schema": {"type": "string"}}})
    @blp.alt_response(304, description="not modified (If-None-Match)")
    @blp.doc(security=SEAT_OR_SPECTATOR)
    def get(self, game_id):
        """The game as the token's seat (or a spectator) may see it."""
        game, seat = load_as_viewer(game_id)
        etag = f'"{game.version}"'
        if not_modified(etag):
            return current_app.response_class(status=304, headers={"ETag": etag, "Vary": "Authorization"})
        return game.view(seat), 200, {"ETag": etag, "Vary": "Authorization"}


@blp.route("/<game_id>/legal-moves")
class LegalMoves(MethodView):
    @blp.response(200, LegalMovesOut)
    @blp.doc(security=SEAT)
    def get(self, game_id):
        """The seat's legal moves (empty when it is not its turn)."""
        game, seat = load_as_seat(game_id)
        return {"version": game.version, "seat": seat, "moves": game.match.legal_moves(seat)}


@blp.route("/<game_id>/moves")
class Moves(MethodView):
    @blp.arguments(MoveIn)
    @blp.response(200, MoveOut, headers={"ETag": {"description": "the new version", "schema": {"type": "string"}}})
    @blp.alt_response(409, description=codes_answered_with(409))
    @blp.alt_response(412, description=f"{codes_answered_with(412)} (If-Match)")
    @blp.doc(security=SEAT, parameters=[{"in": "header", "name": "If-Match", "required": False,
                                          "schema": {"type": "string"}, "description": "the quoted version"}])
    def post(self, body, game_id):
        """Submit a move (compare-and-set on the version)."""
        game, seat = load_as_seat(game_id)
        if_match = if_match_version()
        expected = body.get("expected_version") if if_match is None else if_match
        try:
            entry = games().play(game, seat, body["move"], expected)
        except StaleVersion as exc:
            if if_match is None:
                raise                                        # 409
            raise ApiError.of(exc, status=412) from None     # the version came as If-Match
        return ({"version": entry["version"], "events": game.match.entry_view(entry, seat)["events"],
                 "state": game.match.view(seat)}, 200, {"ETag": f'"{game.version}"'})


@blp.route("/<game_id>/moves/validate")
class ValidateMove(MethodView):
    @blp.arguments(MoveIn)
    @blp.response(200, ValidateOut)
    @blp.doc(security=SEAT)
    def post(self, body, game_id):
        """Would this move be accepted now? Changes nothing."""
        game, seat = load_as_seat(game_id)
        try:
            games().check(game, seat, body["move"], body.get("expected_version"))
        except EngineError as exc:
            return {"legal": False, "code": exc.code, "message": bounded(exc.message)}
        return {"legal": True, "code": None, "message": None}


@blp.route("/<game_id>/score")
class Score(MethodView):
    @blp.response(200, ScoreOut)
    @blp.alt_response(202, schema=PendingOut, description="the final sheet is being computed")
    @blp.doc(security=SEAT_OR_SPECTATOR)
    def get(self, game_id):
        """Provisional scores while playing; the final sheet once the worker wrote it."""
        game, _ = load_as_viewer(game_id)
        if game.match.status != "finished":
            return {"status": "provisional", **game.match.score()}
        if game.final is None:
            return {"status": "computing", "message": "the final score sheet is being computed"}, 202
        return {"status": "final", **game.final}


@blp.route("/<game_id>/history")
class History(MethodView):
    @blp.response(200, HistoryOut)
    @blp.doc(security=SEAT_OR_SPECTATOR)
    def get(self, game_id):
        """The move log with events, as this seat (or a spectator) may see it."""
        game, seat = load_as_viewer(game_id)
        return {"version": game.version, "entries": games().history(game, seat)}


@blp.route("/<game_id>/hint")
class Hint(MethodView):
    @blp.arguments(HintIn, required=False)
    @blp.response(202, TaskIdOut)
    @blp.doc(security=SEAT)
    def post(self, body, game_id):
        """Ask the worker for a suggested move for this seat.

        One hint task per seat and version: asking again before the game moves on, at any
        level, answers the first task's id. Limited per seat token (``HINT_RATE_LIMIT``)."""
        game, seat = load_as_seat(game_id)
        return {"task_id": games().request_hint(game, seat, (body or {}).get("level"))}
