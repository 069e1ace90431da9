"""The error catalogue: every code the API answers with, its HTTP status and meaning.

Engine errors (``engine.errors``) and domain errors (``service.errors``) carry a code and
know no status; this module alone turns them, werkzeug's HTTP errors and an unreachable
store into the contract's answer ``{"code", "status", "message", "errors"}``, its message
(and any message in ``errors``) in the request's language. The README's
error table and the OpenAPI description are :func:`catalogue_table`.
"""

from __future__ import annotations

import logging
from typing import NamedTuple

from flask import Flask
from werkzeug.exceptions import HTTPException

from engine import EngineError
from engine.i18n import DEFAULT, N_, Text

from ..store import UNREACHABLE
from .languages import language
from .strict_json import cut

log = logging.getLogger("spielwerk")

#: An error answer's strings (message, keys, details) are cut to this many characters...
MAX_ECHO_CHARS = 200
#: ...and its lists and objects (e.g. `invalid_options` problems) to this many entries.
MAX_ECHO_ITEMS = 50


class Entry(NamedTuple):
    """One code: its status (``other_statuses`` where the meaning says when), the meaning,
    and headers every answer with this code carries."""

    status: int
    meaning: str
    other_statuses: tuple[int, ...] = ()
    headers: tuple[tuple[str, str], ...] = ()

    @property
    def statuses(self) -> tuple[int, ...]:
        return (self.status, *self.other_statuses)


CATALOGUE: dict[str, Entry] = {
    "malformed_request": Entry(422, "schema violation, unknown field or a seat count the ruleset does not "
                                    "play (422); a body that is not strict JSON (a duplicate key, a lone "
                                    "surrogate, a number with a fraction or exponent, an integer beyond "
                                    "±(2**63 - 1), NaN; the message says which) or a malformed `If-Match` "
                                    "(400); a body too large (413)",
                               other_statuses=(400, 413)),
    "unauthorized": Entry(401, "missing or wrong seat token for this game (the webhook operations: its admin token)",
                          headers=(("WWW-Authenticate", 'Bearer realm="spielwerk"'),)),
    "not_found": Entry(404, "unknown game, ruleset, task or path"),
    "method_not_allowed": Entry(405, "the path does not take this method (`Allow` lists those it takes)"),
    "not_your_turn": Entry(409, "the seat is not to move"),
    "stale_version": Entry(409, "the expected version is not the current one (412 when it came as "
                                "`If-Match`); `errors.version` is the current one",
                           other_statuses=(412,)),
    "game_over": Entry(409, "the game has ended"),
    "game_not_started": Entry(409, "the game waits for its open seats to be joined (`status` `waiting`); no move "
                                   "is accepted yet"),
    "undo_not_allowed": Entry(409, "the undo is refused: `errors.reason` is `undo_off` (the game's `undo` option), "
                                   "`nothing_to_undo`, `not_your_decision` (another seat made the last decision or "
                                   "acted since), `chance` (a chance step followed) or `reveal` (hidden "
                                   "information was revealed since that decision began)"),
    "idempotency_conflict": Entry(409, "the `Idempotency-Key` of this create came before with another body, or its "
                                       "first request is still at work (retry shortly); nothing was created"),
    "illegal_move": Entry(422, "the move breaks a rule; the message names the rule"),
    "illegal_outcome": Entry(409, "companion mode: the chance outcome posted is not possible now (not among those "
                                  "`GET /v1/games/{id}/chance` lists), or no chance step is pending"),
    "invalid_options": Entry(422, "options or custom component data rejected; `errors.problems` "
                                  "lists the problems (the first 50) as `{path, code, message}`"),
    "limit_exceeded": Entry(422, "the create or move would take the game past a documented limit "
                                 "(docs/operations.md): `errors.limit` names it (`auto_steps`, "
                                 "`record_bytes`), `errors.maximum` is its value; nothing was stored"),
    "seed_refused": Entry(422, "the create chose a `seed`, which this server's `CLIENT_SEEDS` refuses (for every "
                               "ruleset, or for those with hidden information); `errors.client_seeds` is the "
                               "setting; omit `seed` and the server chooses it; nothing was created"),
    "webhook_refused": Entry(422, "the webhook URL's host does not resolve, or resolves to an address Spielwerk "
                                  "does not call (loopback, private, link-local, unique-local, multicast, reserved, "
                                  "cloud metadata) unless the server sets `WEBHOOK_ALLOW_PRIVATE`; `errors.url` "
                                  "says why; nothing was stored"),
    "request_timeout": Entry(408, "the request body did not arrive within `BODY_READ_SECONDS`; the connection is "
                                  "closed; nothing was done"),
    "rate_limited": Entry(429, "too many requests; retry after `Retry-After` seconds"),
    "quota_exceeded": Entry(429, "the client (its address; for IPv6 its /64 network) has as many active games "
                                 "as `MAX_ACTIVE_GAMES_PER_CLIENT` allows (`errors.quota`); one must finish or "
                                 "expire first"),
    "too_many_streams": Entry(429, "the client (its address; for IPv6 its /64 network) has as many event streams "
                                   "open as `MAX_STREAMS_PER_CLIENT` allows (`errors.limit`); close one first"),
    "internal_error": Entry(500, "a bug; the details go to the log only"),
    "store_unavailable": Entry(503, "the game store cannot be reached; retry after `Retry-After` seconds",
                               headers=(("Retry-After", "1"),)),
    "outcome_unknown": Entry(503, "the game store stalled after a move or create was sent and cannot say "
                                  "whether it applied; retry after `Retry-After` seconds with "
                                  "`expected_version` (a move that applied is then `409 stale_version`)",
                             headers=(("Retry-After", "1"),)),
    "broker_unavailable": Entry(503, "the task broker cannot be reached, so the hint was not queued; retry after "
                                     "`Retry-After` seconds", headers=(("Retry-After", "5"),)),
    "not_ready": Entry(503, "`GET /v1/ready` only: the game store or the broker does not answer; `errors.store` "
                            "and `errors.broker` are each `ok` or `down`; retry after `Retry-After` seconds",
                       headers=(("Retry-After", "5"),)),
}

#: The message in words other than English of a framework error whose English words are a
#: library's (werkzeug's, flask-smorest's): every other message is a msgid with its fields,
#: answered in the request's language (README, "Languages").
FRAMEWORK_TEXTS: dict[str, str] = {
    "malformed_request": N_("The request is malformed."),
    "unauthorized": N_("A valid token for this game is missing."),
    "not_found": N_("Not found."),
    "method_not_allowed": N_("This path does not take this method."),
    "rate_limited": N_("Too many requests; try again shortly."),
}


#: The codes of the errors that werkzeug and flask-smorest raise themselves, by status
#: (any other 4xx is a malformed_request, any 5xx an internal_error).
FRAMEWORK_CODES = {CATALOGUE[code].status: code
                   for code in ("unauthorized", "not_found", "method_not_allowed", "rate_limited")}


def code_for_status(status: int) -> str:
    """The code of a werkzeug HTTP error with ``status``."""
    if status >= 500:
        return "internal_error"
    return FRAMEWORK_CODES.get(status, "malformed_request")


class ApiError(Exception):
    """An answer of the catalogue: ``code`` must be in it; ``status`` defaults to the code's;
    ``message`` is a msgid with its ``fields`` (``engine.i18n.Text``)."""

    def __init__(self, code: str, message: str, errors: dict | None = None, status: int | None = None,
                 headers: dict | None = None, **fields):
        self.message = Text(message, **fields)
        super().__init__(self.message)
        entry = CATALOGUE[code]
        self.code = code
        self.status = status or entry.status
        self.errors = errors or {}
        self.headers = {**dict(entry.headers), **(headers or {})}

    @classmethod
    def of(cls, error: EngineError, status: int | None = None) -> "ApiError":
        """The answer to an engine or domain error."""
        return cls(error.code, error.message, error.errors, status)

    def answer(self) -> tuple[dict, int, dict]:
        lang = language()
        body = {"code": self.code, "status": self.status, "message": bounded(self.message, lang),
                "errors": bounded(self.errors, lang)}
        return body, self.status, self.headers


def bounded(value, lang: str = DEFAULT):
    """``value`` as an answer may echo it in ``lang`` (every ``Text`` rendered in it): every string
    cut to MAX_ECHO_CHARS characters, every list and object to its first MAX_ECHO_ITEMS entries
    (input echoed in messages, keys and details stays small, whatever the request held)."""
    if isinstance(value, Text):
        value = value.in_(lang)
    if isinstance(value, str):
        return cut(value, MAX_ECHO_CHARS)
    if isinstance(value, dict):
        return {bounded(key, lang): bounded(item, lang) for key, item in list(value.items())[:MAX_ECHO_ITEMS]}
    if isinstance(value, (list, tuple)):
        return [bounded(item, lang) for item in value[:MAX_ECHO_ITEMS]]
    return value


def answer_error(error: ApiError | EngineError):
    return (error if isinstance(error, ApiError) else ApiError.of(error)).answer()


def answer_store_unreachable(error: Exception):
    """Redis down, restarting or loading its AOF: a retryable 503, not a bug's 500."""
    log.warning("game store unreachable: %s", error)
    return ApiError("store_unavailable", N_("the game store is unreachable; retry shortly")).answer()


def answer_http_exception(error: HTTPException):
    """werkzeug's and flask-smorest's errors (bad JSON, schema violations, 404, 405, 429, a
    bug's 500) in the contract's format; a 500 names nothing of the bug. A library's words are
    English only: another language gets the code's :data:`FRAMEWORK_TEXTS`; the JSON parser's
    syntax errors and marshmallow's field messages in ``errors`` stay as the library gives them."""
    data = getattr(error, "data", None) or {}
    errors = data.get("errors") or data.get("messages") or {}
    if isinstance(errors, dict) and set(errors) == {"json"} and isinstance(errors["json"], dict):
        errors = errors["json"]
    status = error.code or 500
    code = code_for_status(status)
    if status >= 500:
        log.error("internal error", exc_info=getattr(error, "original_exception", None))
        message = Text(N_("internal error"))
    elif status == 400 and "messages" in data:
        reasons = errors.get("json") or [Text(N_("not valid JSON"))]
        message = Text(N_("the body is refused: {reasons}"),
                       reasons=reasons[0] if len(reasons) == 1 else "; ".join(reasons))
    elif status == 422 and "messages" in data:
        message = Text(N_("the request body does not match the schema"))
    else:
        message = data.get("message") or (error.description or error.name).split("\n")[0]
        if language() != DEFAULT:
            message = FRAMEWORK_TEXTS[code]
    headers = dict(data.get("headers") or {})
    if status == 405 and getattr(error, "valid_methods", None):
        headers["Allow"] = ", ".join(error.valid_methods)
    return ApiError(code, message, errors, status, headers).answer()


def register_error_handlers(app: Flask) -> None:
    """Engine, domain and API errors, and an unreachable store, answered from the catalogue
    (werkzeug's errors come through the Api's ``handle_http_exception``)."""
    for kind in (ApiError, EngineError):
        app.register_error_handler(kind, answer_error)
    for kind in UNREACHABLE:
        app.register_error_handler(kind, answer_store_unreachable)


def codes_answered_with(status: int) -> str:
    """The codes that may answer with ``status``, as prose (OpenAPI response descriptions)."""
    codes = [code for code, entry in CATALOGUE.items() if status in entry.statuses]
    return " or ".join(filter(None, [", ".join(codes[:-1]), codes[-1]]))


def catalogue_table() -> str:
    """The catalogue as a Markdown table (README, OpenAPI description)."""
    rows = ["| code | status | meaning |", "|---|---|---|"]
    for code, entry in CATALOGUE.items():
        statuses = " or ".join(str(s) for s in sorted(entry.statuses))
        rows.append(f"| `{code}` | {statuses} | {entry.meaning} |")
    return "\n".join(rows) + "\n"
