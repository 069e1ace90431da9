"""Domain errors of the core. Each has a stable ``code`` (the HTTP status that goes with it
is the HTTP layer's business: the catalogue in :mod:`service.api.errors`), a message that
reveals nothing hidden (a msgid with its fields, as engine errors have: ``engine.errors``),
and details (``errors``)."""

from __future__ import annotations

from engine import EngineError
from engine.i18n import N_, Text


class DomainError(EngineError):
    """Base class: a request the core refuses (code, message and details as the engine's)."""


class NotFound(DomainError):
    """No game (never created, or expired) or task under that id (``what``: a msgid)."""

    code = "not_found"

    def __init__(self, what: str):
        super().__init__(N_("{what} not found"), what=Text(what))


class Unauthorized(DomainError):
    """No seat token, or one that opens no seat of this game."""

    code = "unauthorized"

    def __init__(self, message: str = N_("a valid seat token for this game is required")):
        super().__init__(message)


class StaleVersion(DomainError):
    """The move or check was made against a version the game has left."""

    code = "stale_version"

    def __init__(self, current: int):
        super().__init__(N_("the game is at version {current}"), {"version": current}, current=current)
        self.current = current


class MalformedRequest(DomainError):
    """A request the ruleset cannot take in that shape (e.g. a seat count it does not play)."""

    code = "malformed_request"


class QuotaExceeded(DomainError):
    """The client (its address; an IPv6 /64) has as many active games as it may have."""

    code = "quota_exceeded"

    def __init__(self, quota: int):
        super().__init__(N_("this client has {quota} active games, its quota: one must finish or expire first"),
                         {"quota": quota}, quota=quota)


class OutcomeUnknown(DomainError):
    """A write whose answer was lost while Redis stalled, and Redis cannot be asked whether it
    applied: retry with the expected version (docs/operations.md)."""

    code = "outcome_unknown"

    def __init__(self):
        super().__init__(N_("the game store stalled after the write was sent; it may or may not have "
                            "applied: retry with expected_version (a move that applied is then 409)"))


class SeedRefused(DomainError):
    """A create chose the seed where the server's CLIENT_SEEDS setting does not allow it."""

    code = "seed_refused"

    def __init__(self, policy: str, ruleset_id: str):
        super().__init__(N_("this server does not take a client-chosen seed for {ruleset_id} "
                            "(CLIENT_SEEDS={policy}): omit seed"), {"client_seeds": policy},
                         ruleset_id=ruleset_id, policy=policy)


class BrokerUnavailable(DomainError):
    """The task broker could not be reached, so the asked-for task was not queued."""

    code = "broker_unavailable"

    def __init__(self):
        super().__init__(N_("the task broker is unreachable; nothing was queued: retry shortly"))


class IdempotencyConflict(DomainError):
    """An Idempotency-Key that came with another request body, or whose first request is still
    at work."""

    code = "idempotency_conflict"


class WebhookRefused(DomainError):
    """A webhook URL whose host resolves to an address Spielwerk does not call (loopback,
    private, link-local, unique-local, multicast, reserved, cloud metadata), or does not resolve
    (``reason``: a msgid or a ``Text``)."""

    code = "webhook_refused"

    def __init__(self, reason: str):
        reason = Text(reason)
        super().__init__(N_("this webhook destination is refused: {reason}"), {"url": [reason]}, reason=reason)


class GameNotStarted(DomainError):
    """A move (or undo) while the game waits for invited players to join."""

    code = "game_not_started"

    def __init__(self):
        super().__init__(N_("the game waits for its open seats to be joined; no move is accepted yet"))


class UndoNotAllowed(DomainError):
    """An undo the game's undo option or the undo policy refuses; ``errors.reason`` says why."""

    code = "undo_not_allowed"

    def __init__(self, reason: str, message: str):
        super().__init__(N_("this undo is not allowed: {why}"), {"reason": reason}, why=Text(message))
