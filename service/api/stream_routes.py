"""Server push: a game's new versions as Server-Sent Events, and the tickets browsers open them with.

A stream subscribes to the game's channel first (``service.events.Hub``), then reads the game
and replays the log after the client's ``Last-Event-ID`` (or ``?since=``), then delivers live
messages of versions past the last one it sent: nothing is skipped or sent twice across a
reconnect, even when moves land during it. Every entry passes through the same redaction as
the history (``Match.entry_view``).
"""

from __future__ import annotations

import json
import logging
import re
import time

from flask import current_app, request
from flask.views import MethodView
from marshmallow import EXCLUDE, Schema, fields, validate

from engine import registry, replay
from engine.i18n import N_

from ..errors import Unauthorized
from ..events import HEARTBEAT_SECONDS, TICKET_SECONDS, Closed, Published, Streams
from ..games import MAX_HISTORY_PAGE, Game, Games
from ..lifecycle import revokes
from ..outcome import ABORTED, FINISHED
from .blueprint import Blueprint
from .contract import SEAT, SEAT_OR_SPECTATOR, answers, headers
from .errors import ApiError
from .game_routes import PRIVATE, bearer_token, games, load_as_seat, private_when_seat
from .languages import ACCEPT_LANGUAGE, language
from .schemas import MAX_SEED, ScoreOut
from .security import client_address
from .stream_socket import Stalled, StreamSocket, chunk

log = logging.getLogger("spielwerk")

blp = Blueprint("streams", __name__, url_prefix="/v1/games", description="Live games: server push")
blp.after_request(private_when_seat)

#: Sent first on every stream: EventSource reconnects after this many ms.
RETRY_MS = 2000

SSE_FORMAT = (
    "Server-Sent Events (`text/event-stream`). One message per new version:\n\n"
    "```\nid: <version>\nevent: move\ndata: {\"version\": 7, \"events\": [...], \"seat\": 0, \"move\": {...}, "
    "\"to_move\": [1], \"status\": \"active\"}\n```\n\n"
    "`data` is the viewer's history entry of that version (the same redaction as `GET .../history`: `version`, "
    "`events`, and `seat` and `move` for a seat's move) with `to_move` and `status` after it. Without "
    "`Last-Event-ID` or `since` the stream starts with the opening (version 0). Once the worker has written the "
    "final score sheet, a last message `event: final` (`id` the last version, `data` with `version`, `events` "
    "`[]`, `to_move` `[]`, `status` `finished` (`aborted` for an aborted game) and `final`, the sheet as "
    "`GET .../score` answers it) ends the "
    f"stream. A comment line (`: heartbeat`) comes at least every {HEARTBEAT_SECONDS} s. A stream may also end "
    "early (the server restarts, Redis is restarted, the client fell behind): reconnect with `Last-Event-ID` "
    "(or `since`) set to the last `id` received and nothing is lost or repeated.")
SSE = {"type": "string", "description": SSE_FORMAT}

LAST_EVENT_ID = {"in": "header", "name": "Last-Event-ID", "required": False,
                 "schema": {"type": "string", "pattern": "^[0-9]{1,18}$"},
                 "description": "the last `id` received: the stream replays the versions after it, then goes on "
                                "live (EventSource sends it when it reconnects); wins over `since`"}


class StreamQuery(Schema):
    class Meta:
        unknown = EXCLUDE   # a cache-busting parameter is no error

    since = fields.Integer(validate=validate.Range(min=0, max=MAX_SEED), metadata={
        "description": "the versions after this one (as `Last-Event-ID`); omit both to start at the opening"})
    ticket = fields.String(validate=validate.Length(min=1, max=100), metadata={
        "description": f"a seat's stream ticket (`POST .../stream-ticket`; works once, within {TICKET_SECONDS} s) "
                       "for clients that cannot send `Authorization`, such as a browser's EventSource"})


class TicketOut(Schema):
    ticket = fields.String(required=True, metadata={
        "description": "opens this seat's stream once: `GET .../events?ticket=<ticket>`"})
    expires_in = fields.Integer(required=True, metadata={"description": "seconds the ticket stays valid"})


def streams() -> Streams:
    return current_app.extensions["spielwerk_streams"]


@blp.route("/<game_id>/stream-ticket")
class StreamTicket(MethodView):
    @blp.response(201, TicketOut, description="a single-use ticket for this seat's event stream",
                  headers=headers(private=True), example={"ticket": "Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4",
                                                          "expires_in": TICKET_SECONDS})
    @answers(blp, 401, 404, 408, 413, 429, 500, 503, private=True, s503=["store_unavailable"])
    @blp.doc(operationId="createStreamTicket", security=SEAT)
    def post(self, game_id):
        """Create a stream ticket

        A ticket that opens the token's seat's event stream once (`GET .../events?ticket=`),
        valid for `expires_in` seconds: a browser's EventSource cannot send `Authorization`,
        and a seat token must never travel in a URL. The server keeps only its hash; a used
        or expired ticket is 401."""
        game, seat = load_as_seat(game_id)
        ticket = streams().tickets.issue(game.game_id, seat, game.seat_token_hash(seat))
        return {"ticket": ticket, "expires_in": TICKET_SECONDS}, 201


@blp.route("/<game_id>/events", parameters=[LAST_EVENT_ID, ACCEPT_LANGUAGE])   # path-level: the query arguments stay
class Events(MethodView):
    @blp.arguments(StreamQuery, location="query")
    @blp.response(200, SSE, content_type="text/event-stream", headers=headers(private=True), description=(
        "the game's versions as the token's seat (or the ticket's, or a spectator) may see them, live"))
    @answers(blp, 400, 401, 404, 422, 429, 500, 503, private=True, s400=["malformed_request"],
             s422=["malformed_request"], s429=["rate_limited", "too_many_streams"], s503=["store_unavailable"])
    @blp.doc(operationId="streamEvents", security=SEAT_OR_SPECTATOR)
    def get(self, query, game_id):
        """Stream the game's events

        Server-Sent Events: one message per new version, as the history shows it to the
        viewer, until the final score sheet. A seat sends its token as `Authorization`, or a
        `ticket` from `POST .../stream-ticket` (browsers); without either, or with the admin
        token, it is the spectators' stream. Resume with `Last-Event-ID` (or `since`).
        A client has at most `MAX_STREAMS_PER_CLIENT` streams open (429 `too_many_streams`)."""
        since = resume_point(query.get("since"))
        ticket, token = query.get("ticket"), None
        if ticket is not None:
            redeemed = streams().tickets.redeem(ticket, game_id)
            if redeemed is None:
                raise Unauthorized(N_("the stream ticket is unknown, used or expired"))
            seat, issued_with = redeemed
        else:
            token = bearer_token(required=False)
        hub, slots, client = streams().hub, streams().slots, client_address()
        slot = slots.take(client)
        if slot is None:
            raise ApiError("too_many_streams", N_("at most {limit} open event streams per client"),
                           {"limit": slots.limit}, limit=slots.limit)
        try:
            sub = hub.subscribe(game_id)
        except Exception:
            slots.give_back(client, slot)
            raise
        try:
            game = games().load(game_id)   # after subscribing: every later version reaches `sub`
            if ticket is None:
                seat = game.seat_of(token)     # 401 for a wrong token; None: a spectator (or the admin token)
            elif game.seat_token_hash(seat) != issued_with:
                raise Unauthorized(N_("the stream ticket was issued with a seat token that has been replaced"))
            games().resume_stalled(game)       # a reader waiting for AI moves resumes owed work, as history does
        except Exception:
            hub.unsubscribe(sub)
            slots.give_back(client, slot)
            raise
        body = messages(games(), streams(), game, (seat, language()), since, sub, client, slot,
                        StreamSocket.of(request.environ))
        return current_app.response_class(body, status=200, mimetype="text/event-stream", headers={
            "Cache-Control": PRIVATE if seat is not None else "no-store", "X-Accel-Buffering": "no",
            "Vary": "Authorization"})


def resume_point(since: int | None) -> int | None:
    """``Last-Event-ID`` (a version) if sent, else ``since``."""
    header = request.headers.get("Last-Event-ID")
    if header is None:
        return since
    if not re.fullmatch(r"[0-9]{1,18}", header.strip()):     # EventSource never sends an empty one
        raise ApiError("malformed_request", N_("Last-Event-ID must be a version number, e.g. 12"), status=400)
    return int(header.strip())


def frame(event: str, version: int, data: dict) -> bytes:
    return f"id: {version}\nevent: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def move_frame(game: Game, entry: dict, viewer: tuple[int | None, str], position: dict) -> bytes:
    shown = game.match.entry_view(entry, *viewer)
    return frame("move", entry["version"], {**shown, **position})


def live_frame(game: Game, item: Published, viewer: tuple[int | None, str]) -> bytes:
    return move_frame(game, item.entry, viewer, position_of(game, item.entry, []))


def final_frame(version: int, sheet: dict) -> bytes:
    status = ABORTED if sheet.get("aborted") else FINISHED
    return frame("final", version, {"version": version, "events": [], "to_move": [], "status": status,
                                    "final": ScoreOut().dump({"status": "final", **sheet})})


def position_of(game: Game, entry: dict, log: list[dict]) -> dict:
    """``to_move`` and ``status`` after ``entry``: stored in it since streams exist; for the
    opening and older entries, from a replay of the log up to it."""
    if "to_move" in entry:
        return {"to_move": entry["to_move"], "status": entry["status"]}
    if entry["version"] == game.version:
        return {"to_move": game.to_move(), "status": game.status}
    data = game.record["match"]
    again = replay(registry.get(game.record["ruleset"]), data["players"], data["options"], data["seed"],
                   [(item["seat"], item["move"]) for item in log[:entry["version"]]])
    return {"to_move": again.to_move(), "status": again.status}


def logged(games_: Games, game: Game, after: int, upto: int) -> list[dict]:
    """The raw log entries of the versions after ``after`` up to ``upto``."""
    return games_.store.log(game.game_id, after, upto - after) if upto > after else []


def messages(games_: Games, streams_: Streams, game: Game, viewer: tuple[int | None, str], since: int | None, sub,
             client: str, slot: str, sock: StreamSocket | None):
    """The stream's bytes: the replay after ``since``, then live messages, then the final sheet.
    ``viewer`` is the seat (None: a spectator) and the language of the events' words. With
    ``sock``, the dispatcher writes live versions to it directly while this waits."""
    seat = viewer[0]
    renewed = started = time.monotonic()

    def ends_stream(entry: dict) -> bool:
        """The entry took the stream's seat token away (a new token, a forfeit): the stream ends there."""
        return seat is not None and revokes(entry, seat)

    try:
        start = 0 if since is None else min(since, game.version)
        yield f"retry: {RETRY_MS}\n: versions after {since if since is not None else 'none'}\n\n".encode()
        older: list[dict] | None = None
        if since is None:
            opening = {"version": 0, "events": game.match.events_view(game.match.opening["events"], *viewer)}
            if game.version == 0:
                position = {"to_move": game.to_move(), "status": game.status}
            else:
                position = position_of(game, {"version": 0}, [])
            yield frame("move", 0, {**opening, **position})
        last = start
        while last < game.version:
            page = logged(games_, game, last, min(game.version, last + MAX_HISTORY_PAGE))
            for entry in page:
                needs_log = "to_move" not in entry and entry["version"] != game.version
                if needs_log and older is None:
                    older = logged(games_, game, 0, game.version)
                yield move_frame(game, entry, viewer, position_of(game, entry, older or []))
                last = entry["version"]
                if ends_stream(entry):
                    return
            if not page:
                break
        if game.final is not None:
            yield final_frame(game.version, game.final)
            return
        if sock is not None:            # an entry that revokes the seat's token comes here: it ends the stream
            sub.go_direct(sock.send_now, lambda item: chunk(live_frame(game, item, viewer)), ("chunk", viewer), last,
                          hand_over=lambda item: ends_stream(item.entry))
        while True:
            left = streams_.max_seconds - (time.monotonic() - started)
            if left <= 0:
                return                     # STREAM_MAX_SECONDS: the client resumes with Last-Event-ID
            sub.last = last
            item: Published | None = sub.get(min(HEARTBEAT_SECONDS, left))
            last = sub.last                # the dispatcher's direct writes
            rest = sub.take_leftover()
            if rest:
                sock.send_all(rest)
                if item is None:
                    continue
            now = time.monotonic()
            if item is None or now - renewed >= HEARTBEAT_SECONDS:
                renewed = now
                try:
                    streams_.slots.renew(client, slot)
                except Exception:  # the count is best effort; the stream goes on
                    log.warning("could not renew a stream slot", exc_info=True)
            if item is None:
                if time.monotonic() - started < streams_.max_seconds:
                    yield b": heartbeat\n\n"
                continue
            if item.version > last + (1 if item.kind == "move" else 0):   # missed versions: from the log
                for entry in logged(games_, game, last, item.version - (1 if item.kind == "move" else 0)):
                    yield move_frame(game, entry, viewer, position_of(game, entry, []))
                    last = entry["version"]
                    if ends_stream(entry):
                        return
            if item.kind == "final":
                yield final_frame(item.version, item.final)
                return
            if item.version <= last:
                continue
            yield item.frame(viewer, lambda: live_frame(game, item, viewer))
            last = item.version
            if ends_stream(item.entry):
                return
    except Closed:
        return
    except Stalled:
        sock.cut()                     # gunicorn's last chunk must not wait on it either
    finally:
        streams_.hub.unsubscribe(sub)
        try:
            streams_.slots.give_back(client, slot)
        except Exception:  # the lease ends it anyway
            log.warning("could not give a stream slot back", exc_info=True)
