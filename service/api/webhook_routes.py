"""Routes of a game's webhook: register it (the signing secret is answered once), read it,
remove it, and list its deliveries; each needs the game's admin token."""

from __future__ import annotations

from datetime import datetime, timezone

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from engine.i18n import N_

from ..errors import Unauthorized
from ..games import Game
from ..webhooks import DELIVERED, EVENTS, FAILED, MAX_URL_CHARS, PENDING
from .blueprint import Blueprint
from .contract import ADMIN, answers, headers
from .game_routes import bearer_token, games, private_when_seat
from .schemas import Strict

blp = Blueprint("webhooks", __name__, url_prefix="/v1/games",
                description="A game's signed webhook (the game's admin token)")
blp.after_request(private_when_seat)

EXAMPLE_URL = "https://example.org/spielwerk/hook"


def load_as_admin(game_id: str) -> Game:
    """The game, if the request's bearer token is its admin token (else 401: a seat token too)."""
    token = bearer_token(required=True)
    game = games().load(game_id)
    if not game.is_admin(token):
        raise Unauthorized(N_("this needs the game's admin token (answered once by POST /v1/games)"))
    return game


class WebhookIn(Strict):
    url = fields.String(required=True, validate=validate.Length(min=1, max=MAX_URL_CHARS), metadata={
        "description": f"where to POST: `https` or `http`, at most {MAX_URL_CHARS} characters, no credentials "
                       "(`user:password@`) and no fragment; its host must resolve to public addresses only "
                       "(else 422 `webhook_refused`)"})
    events = fields.List(fields.String(validate=validate.OneOf(EVENTS)), load_default=lambda: list(EVENTS),
                         validate=validate.Length(min=1, max=len(EVENTS)), metadata={
                             "description": "what to deliver: `move` (every new version) and/or `final` (the final "
                                            "score sheet); default both"})


class WebhookOut(Schema):
    url = fields.String(required=True)
    events = fields.List(fields.String(validate=validate.OneOf(EVENTS)), required=True)


class WebhookSecretOut(WebhookOut):
    secret = fields.String(required=True, metadata={
        "description": "the signing secret, answered only here: `Spielwerk-Signature` is "
                       "`t=<unix time>,v1=<hex HMAC-SHA256 of \"<t>.<body>\" keyed with this secret>`"})


class DeliveryOut(Schema):
    delivery_id = fields.String(required=True, metadata={
        "description": "the `Spielwerk-Delivery` header: the same for every attempt at one game, version and event"})
    version = fields.Integer(required=True)
    event = fields.String(required=True, validate=validate.OneOf(EVENTS))
    status = fields.String(required=True, validate=validate.OneOf([PENDING, DELIVERED, FAILED]))
    attempts = fields.Integer(required=True)
    last_error = fields.String(required=True, allow_none=True, metadata={
        "description": "why the last attempt failed (`HTTP 500`, a timeout, a refused destination); null after none"})
    last_attempt_at = fields.DateTime(required=True, allow_none=True)
    next_attempt_at = fields.DateTime(required=True, allow_none=True, metadata={
        "description": "when a pending delivery is tried next; null once delivered or failed"})


class DeliveriesOut(Schema):
    deliveries = fields.List(fields.Nested(DeliveryOut), required=True, metadata={
        "description": "the newest deliveries first, at most `WEBHOOK_DELIVERIES_KEPT` (100)"})


def moment(seconds: float | None) -> datetime | None:
    return None if not seconds else datetime.fromtimestamp(seconds, timezone.utc)


@blp.route("/<game_id>/webhook")
class Webhook(MethodView):
    @blp.arguments(WebhookIn, example={"url": EXAMPLE_URL, "events": ["move", "final"]})
    @blp.response(200, WebhookSecretOut, description="the webhook with its signing secret (the only time it is sent)",
                  headers=headers(private=True),
                  example={"url": EXAMPLE_URL, "events": ["move", "final"], "secret": "whsec_" + "A" * 43})
    @answers(blp, 400, 401, 404, 408, 413, 422, 429, 500, 503, private=True,
             s422=["malformed_request", "webhook_refused"], s503=["store_unavailable"])
    @blp.doc(operationId="setWebhook", security=ADMIN)
    def put(self, body, game_id):
        """Set the webhook

        Registers the game's one webhook, or replaces it (a new secret each time). For every
        new version after the first registration the worker POSTs the spectator's payload
        (`move`), and once the game is over the final score sheet (`final`), signed with the
        secret, retrying failures for up to 24 hours (README, Webhooks)."""
        game = load_as_admin(game_id)
        return games().set_webhook(game, body["url"], body["events"])

    @blp.response(200, WebhookOut, description="the webhook, without its secret", headers=headers(private=True),
                  example={"url": EXAMPLE_URL, "events": ["move", "final"]})
    @answers(blp, 401, 404, 429, 500, 503, private=True, s503=["store_unavailable"])
    @blp.doc(operationId="getWebhook", security=ADMIN)
    def get(self, game_id):
        """Get the webhook

        The game's webhook without its secret; 404 `not_found` when it has none."""
        return games().webhook(load_as_admin(game_id))

    @blp.response(204, description="removed: its pending deliveries are no longer tried", headers=headers(private=True))
    @answers(blp, 401, 404, 429, 500, 503, private=True, s503=["store_unavailable"])
    @blp.doc(operationId="deleteWebhook", security=ADMIN)
    def delete(self, game_id):
        """Remove the webhook

        Removes the game's webhook and its deliveries; 404 `not_found` when it has none."""
        games().delete_webhook(load_as_admin(game_id))
        return "", 204


@blp.route("/<game_id>/webhook/deliveries")
class Deliveries(MethodView):
    @blp.response(200, DeliveriesOut, description="the newest deliveries first", headers=headers(private=True),
                  example={"deliveries": [{"delivery_id": "0b8f7c52-8a51-5d53-9d43-1c4c1e0e6d5a", "version": 7,
                                           "event": "move", "status": "pending", "attempts": 2,
                                           "last_error": "HTTP 503", "last_attempt_at": "2026-01-01T12:00:30+00:00",
                                           "next_attempt_at": "2026-01-01T12:01:10+00:00"}]})
    @answers(blp, 401, 404, 429, 500, 503, private=True, s503=["store_unavailable"])
    @blp.doc(operationId="listWebhookDeliveries", security=ADMIN)
    def get(self, game_id):
        """List the webhook's deliveries

        The newest deliveries first (at most `WEBHOOK_DELIVERIES_KEPT`, 100; older finished
        ones are dropped): each with its id, version, event, status (`pending`, `delivered`,
        `failed`), attempts, last error and the times of the last and next attempt. 404
        `not_found` when the game has no webhook."""
        found = games().webhook_deliveries(load_as_admin(game_id))
        return {"deliveries": [{**d, "last_attempt_at": moment(d["last_attempt_at"]),
                                "next_attempt_at": moment(d.get("next_attempt_at"))} for d in found]}
