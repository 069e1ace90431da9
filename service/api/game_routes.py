"""Routes of games: create, view, legal moves, moves, validation, score, history, hints."""

from __future__ import annotations

import re

from flask import current_app, jsonify, request
from flask.views import MethodView

from engine import EngineError
from engine.i18n import DEFAULT, N_

from ..errors import StaleVersion, Unauthorized
from ..game_options import GameOptionsIn
from ..games import Game, Games
from ..outcome import ENDED
from ..idempotency import MAX_KEY_CHARS, Replays, fingerprint
from . import examples
from .blueprint import Blueprint, as_built
from .contract import PUBLIC, SEAT, SEAT_OR_SPECTATOR, answers, headers
from .errors import ApiError, bounded
from .languages import ACCEPT_LANGUAGE, language
from .schemas import (CreatedOut, CreateGameIn, GameOut, HintIn, HistoryOut, HistoryQuery, LegalMovesOut, MoveIn,
                      MoveOut, PendingOut, ScoreOut, TaskIdOut, ValidateMoveIn, ValidateOut)
from .security import client_address

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="Games and moves")
#: the Cache-Control of every answer to a request with a seat token (seat-specific)
PRIVATE = "private, no-store"


IF_NONE_MATCH = {"in": "header", "name": "If-None-Match", "required": False, "schema": {"type": "string"},
                 "description": "an `ETag` of this game: 304 while it is the current one"}
IDEMPOTENCY_KEY = {
    "in": "header", "name": "Idempotency-Key", "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY_CHARS, "pattern": "^[\\x21-\\x7e]+$"},
    "description": "a unique value (a UUID) to retry the create safely: within 24 hours the same key from the same "
                   "client with the same body answers the first game again, tokens included, creating nothing "
                   "(`Idempotent-Replayed: true`); with another body it is 409 `idempotency_conflict`"}
IF_MATCH = {"in": "header", "name": "If-Match", "required": False, "schema": {"type": "string"},
            "description": "the quoted version the move expects (412 `stale_version` when it is not the current one)"}


def games() -> Games:
    return current_app.extensions["spielwerk"]


def replays() -> Replays:
    return current_app.extensions["spielwerk_replays"]


def bearer_token(required: bool) -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        if required:
            raise Unauthorized()
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized(N_("the Authorization header must be 'Bearer <seat token>'"))
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
    """The game and the seat of the request's seat token (the admin token opens no seat)."""
    token = bearer_token(required=True)
    game = games().load(game_id)
    seat = game.seat_of(token)
    if seat is None:
        raise Unauthorized(N_("this needs a seat token; the admin token sees the game as a spectator"))
    return game, seat


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
        raise ApiError("malformed_request", N_("If-Match must be a quoted version number, e.g. \"12\""), status=400)
    return int(value)


@blp.route("")
class GamesCollection(MethodView):
    @blp.arguments(CreateGameIn, examples=examples.create_bodies())
    @blp.response(201, CreatedOut, description="the game, with each human seat's token (the only time it is sent)",
                  examples=examples.created(), headers={"Idempotent-Replayed": {
                      "description": "with an `Idempotency-Key`: `true` when this is the first request's answer "
                                     "again (nothing was created), else `false`",
                      "schema": {"type": "string", "enum": ["true", "false"]}}})
    @answers(blp, 400, 404, 408, 409, 413, 422, 429, 500, 503, s404=["not_found"], s409=["idempotency_conflict"],
             s422=["malformed_request", "invalid_options", "limit_exceeded", "seed_refused"],
             s429=["rate_limited", "quota_exceeded"], s503=["store_unavailable", "outcome_unknown"])
    @blp.doc(operationId="createGame", security=PUBLIC, parameters=[IDEMPOTENCY_KEY])
    def post(self, body):
        """Create a game

        Creates a game of a ruleset (`GET /v1/rulesets`) with its seats, options and, where the
        server allows it, a chosen seed. The answer holds each human seat's bearer token, sent
        only here: keep it. AI seats move on their own, in the background. A client has at
        most `MAX_ACTIVE_GAMES_PER_CLIENT` unfinished games (429 `quota_exceeded`). Send an
        `Idempotency-Key` to retry safely: a retry answers the first game again."""
        key = idempotency_key()
        if key is None:
            return create_game(body)
        answer, replayed = replays().run(client_address(), key, fingerprint(body), lambda: create_game(body))
        return answer, 201, {"Idempotent-Replayed": "true" if replayed else "false"}


def create_game(body: dict) -> dict:
    """Create the game of ``body``; the answer with each human seat's token."""
    game, tokens, admin, invites = games().create(body["ruleset"], body["seats"], body.get("seed"), body["options"],
                                                  client=client_address(), game_options=game_options(body))
    seats = []
    for seat in game.public_seats():
        if seat["seat"] in tokens:
            seat["token"] = tokens[seat["seat"]]
        if seat["seat"] in invites:
            seat["invite"] = invites[seat["seat"]]
        seats.append(seat)
    return {"game_id": game.game_id, "ruleset": game.record["ruleset"], "version": game.version,
            "status": game.status, "seats": seats, "admin_token": admin, "state": game.match.view(None),
            **game.fairness()}


def game_options(body: dict) -> dict:
    """The create body's service options (``service.game_options``)."""
    return {name: body[name] for name in GameOptionsIn().fields}


def idempotency_key() -> str | None:
    """The request's ``Idempotency-Key`` header: 1 to 255 printable ASCII characters."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and not re.fullmatch(r"[\x21-\x7e]{1,%d}" % MAX_KEY_CHARS, key):
        raise ApiError("malformed_request", N_("Idempotency-Key must be 1 to {maximum} printable ASCII "
                                               "characters without spaces, e.g. a UUID"),
                       status=400, maximum=MAX_KEY_CHARS)
    return key


@blp.route("/<game_id>")
class GameResource(MethodView):
    @blp.response(200, GameOut, description="the game as the token's seat (or a spectator) sees it",
                  headers=headers("ETag", private=True), examples=examples.game())
    @blp.alt_response(304, description="not modified: the `If-None-Match` names the current version",
                      headers=headers("ETag", private=True))
    @answers(blp, 401, 404, 429, 500, 503, private=True, s503=["store_unavailable"])
    @blp.doc(operationId="getGame", security=SEAT_OR_SPECTATOR, parameters=[IF_NONE_MATCH])
    @as_built
    def get(self, game_id):
        """Get a game

        The game as the token's seat may see it, or as a spectator without a token: status,
        whose turn it is, the seats and the ruleset's view (`state`). The `ETag` is the quoted
        version; with `If-None-Match` naming it the answer is 304 without a body."""
        game, seat = load_as_viewer(game_id)
        etag = f'"{game.version}"'
        if not_modified(etag):
            return current_app.response_class(status=304, headers={"ETag": etag, "Vary": "Authorization"})
        return game.view(seat), 200, {"ETag": etag, "Vary": "Authorization"}


@blp.route("/<game_id>/legal-moves")
class LegalMoves(MethodView):
    @blp.response(200, LegalMovesOut, description="the seat's legal moves", headers=headers(private=True),
                  examples=examples.legal_moves())
    @answers(blp, 401, 404, 429, 500, 503, private=True, s503=["store_unavailable"])
    @blp.doc(operationId="listLegalMoves", security=SEAT, parameters=[ACCEPT_LANGUAGE])
    @as_built
    def get(self, game_id):
        """List the seat's legal moves

        Every move the token's seat may play now, each a move object of the ruleset as
        `moves` takes it, with its `text` (the move in words, in the `Accept-Language`); empty
        when it is not the seat's turn."""
        game, seat = load_as_seat(game_id)
        moves = game.match.described_moves(seat, language()) if seat in game.to_move() else []
        return {"version": game.version, "seat": seat, "moves": moves}


@blp.route("/<game_id>/moves")
class Moves(MethodView):
    @blp.arguments(MoveIn, examples=examples.move_bodies())
    @blp.response(200, MoveOut, description="the move was played: the new version, its events and the view",
                  headers=headers("ETag", private=True), examples=examples.moved())
    @answers(blp, 400, 401, 404, 408, 409, 412, 413, 422, 429, 500, 503, private=True,
             s409=["not_your_turn", "stale_version", "game_over"],
             s422=["malformed_request", "illegal_move", "limit_exceeded"],
             s503=["store_unavailable", "outcome_unknown"])
    @blp.doc(operationId="playMove", security=SEAT, parameters=[IF_MATCH, ACCEPT_LANGUAGE])
    @as_built
    def post(self, body, game_id):
        """Play a move

        Plays a move for the token's seat, compare-and-set on the version when the body has
        `expected_version` or the request `If-Match` (409 or 412 `stale_version` when the game
        moved on; `errors.version` is the current one). AI seats to move next move in the
        background."""
        game, seat = load_as_seat(game_id)
        if_match = if_match_version()
        expected = body.get("expected_version") if if_match is None else if_match
        try:
            entry = games().play(game, seat, body["move"], expected)
        except StaleVersion as exc:
            if if_match is None:
                raise                                        # 409
            raise ApiError.of(exc, status=412) from None     # the version came as If-Match
        return ({"version": entry["version"], "events": game.match.entry_view(entry, seat, language())["events"],
                 "state": game.match.view(seat)}, 200, {"ETag": f'"{game.version}"'})


@blp.route("/<game_id>/moves/validate")
class ValidateMove(MethodView):
    @blp.arguments(ValidateMoveIn, examples=examples.move_bodies())
    @blp.response(200, ValidateOut, description="whether the move would be accepted, and if not why",
                  headers=headers(private=True), examples=examples.validated())
    @answers(blp, 400, 401, 404, 408, 413, 422, 429, 500, 503, private=True, s422=["malformed_request"],
             s503=["store_unavailable"])
    @blp.doc(operationId="validateMove", security=SEAT, parameters=[ACCEPT_LANGUAGE])
    def post(self, body, game_id):
        """Validate a move

        Would `moves` accept this move for the token's seat now? Changes nothing: a refused
        move answers 200 with `legal: false` and the code `moves` would answer."""
        game, seat = load_as_seat(game_id)
        try:
            games().check(game, seat, body["move"], body.get("expected_version"))
        except EngineError as exc:
            return {"legal": False, "code": exc.code, "message": bounded(exc.message, language())}
        return {"legal": True, "code": None, "message": None}


@blp.route("/<game_id>/score")
class Score(MethodView):
    @blp.response(200, ScoreOut, description="the provisional or the final score sheet",
                  headers=headers(private=True), examples=examples.scores())
    @blp.alt_response(202, schema=PendingOut, description="the game is over; the final sheet is being computed",
                      headers=headers(private=True), success=True)
    @answers(blp, 401, 404, 429, 500, 503, private=True, s503=["store_unavailable"])
    @blp.doc(operationId="getScore", security=SEAT_OR_SPECTATOR)
    def get(self, game_id):
        """Get the score

        Provisional scores while the game is played; once it is over, 202 until the worker
        has written the final sheet, then the final sheet."""
        game, _ = load_as_viewer(game_id)
        if game.status not in ENDED:
            return {"status": "provisional", **game.match.score()}
        if game.final is None:
            # a Response of its own: a plain dict would be dumped through ScoreOut (the 200's schema),
            # which drops `message` that PendingOut requires
            return jsonify(PendingOut().dump({"status": "computing",
                                              "message": "the final score sheet is being computed"})), 202
        return {"status": "final", **game.final}


@blp.route("/<game_id>/history", parameters=[IF_NONE_MATCH, ACCEPT_LANGUAGE])
class History(MethodView):
    @blp.response(200, HistoryOut, description="the log, oldest entry first", headers=headers("ETag", private=True),
                  examples=examples.history())
    @blp.alt_response(304, description="not modified: the `If-None-Match` names the current version",
                      headers=headers("ETag", private=True))
    @answers(blp, 401, 404, 422, 429, 500, 503, private=True, s422=["malformed_request"], s503=["store_unavailable"])
    @blp.arguments(HistoryQuery, location="query")
    @blp.doc(operationId="getHistory", security=SEAT_OR_SPECTATOR)
    @as_built
    def get(self, query, game_id):
        """Get the history

        The move log with its events, as the token's seat (or a spectator) may see it: the
        opening (version 0), then one entry per move; with `since`, the entries after that
        version, at most `limit` of them (`more` says whether others follow). The `ETag` is
        the quoted version (and the language, when not English: `"12-de"`); with `If-None-Match`
        naming it the answer is 304 without a body."""
        game, seat = load_as_viewer(game_id)
        lang = language()
        etag = f'"{game.version}"' if lang == DEFAULT else f'"{game.version}-{lang}"'
        if not_modified(etag):
            return current_app.response_class(status=304, headers={"ETag": etag, "Vary": "Authorization"})
        entries, more = games().history(game, seat, query.get("since"), query["limit"], lang)
        return {"version": game.version, "entries": entries, "more": more}, 200, {"ETag": etag, "Vary": "Authorization"}


@blp.route("/<game_id>/hint")
class Hint(MethodView):
    @blp.arguments(HintIn, required=False, example={"level": "easy"})
    @blp.response(202, TaskIdOut, description="the hint task's id: read it with `GET /v1/tasks/{task_id}`",
                  headers=headers(private=True), example={"task_id": examples.TASK_ID})
    @answers(blp, 400, 401, 404, 408, 409, 413, 422, 429, 500, 503, private=True, s409=["not_your_turn"],
             s422=["malformed_request"], s429=["rate_limited"], s503=["store_unavailable", "broker_unavailable"])
    @blp.doc(operationId="requestHint", security=SEAT)
    def post(self, body, game_id):
        """Request a hint

        Asks the worker for a suggested move for the token's seat, which must be to move. One
        hint task per seat and version: asking again before the game moves on, at any level,
        answers the first task's id. Limited per seat token (`HINT_RATE_LIMIT`)."""
        game, seat = load_as_seat(game_id)
        return {"task_id": games().request_hint(game, seat, (body or {}).get("level"))}
