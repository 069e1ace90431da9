"""Rate limiting (counters in Redis, ``service.api.rate_limits``), CORS (flask-cors) and proxy headers.

Two application-wide limits of ``RATE_LIMIT`` each (a ``limits`` string such as
``"600 per minute"``; ``off`` disables limiting):

- per client (:func:`client_address`: an IPv4 address, or the /64 network of an IPv6
  address, which one subscriber owns whole; behind ``TRUSTED_PROXIES`` reverse proxies
  the address they put into ``X-Forwarded-For``),
- per seat token, keyed by a SHA-256 prefix of the token: the raw token never reaches
  Redis.

and one of ``HINT_RATE_LIMIT`` per seat token on ``POST /v1/games/{id}/hint`` (hints cost a
search each; a seat has one hint task per version anyway, see ``Games.request_hint``).

Counters are sliding-window counters (two small keys per client and window; every limit of
a request in one Lua call) in the game Redis, or in ``RATE_LIMIT_STORAGE_URL`` when set (e.g.
a ``redis+cluster://`` URL), so every API process shares them. A breach answers 429
``rate_limited`` in the contract's error format with ``Retry-After`` (the breached limit's
window: an upper bound). When Redis cannot be reached the limiter lets the request
through; the request then succeeds or fails (``503 store_unavailable``) on its own
merits. ``/v1/health``, ``/v1/ready``, ``/openapi.json``, ``/docs``, ``/play`` and URLs
that name no route are exempt. The quota of active games per client (``service.games``)
uses the same client key.

``CORS_ORIGINS``: empty (default) sends no CORS headers; ``*`` allows any origin;
otherwise a comma-separated list of origins. Bearer tokens travel in a header, not a
cookie, so credentials are never allowed.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging

import redis
from flask import Flask, current_app, request
from flask_cors import CORS
from limits import parse_many
from redis.exceptions import RedisClusterException
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

from engine.i18n import N_

from ..redis_client import connect
from .errors import ApiError
from .rate_limits import Limit, RateLimits
from .slow_bodies import BodyDeadline

log = logging.getLogger("spielwerk")

EXEMPT_PATHS = ("/v1/health", "/v1/ready", "/openapi.json")
EXEMPT_PREFIXES = ("/docs", "/play")   # documentation and the /play page with its static files
TOO_MANY = N_("too many requests: retry after the number of seconds in Retry-After")
CORS_ALLOW_HEADERS = ["Authorization", "Content-Type", "If-Match", "If-None-Match"]
CORS_EXPOSE_HEADERS = ["ETag", "Retry-After"]
HINT_ENDPOINT = "games.Hint"


#: The prefix length of the network an IPv6 client is counted by (a subscriber's usual share).
IPV6_CLIENT_PREFIX = 64


def client_key(address: str) -> str:
    """The client an address belongs to: an IPv4 address itself (also when IPv4-mapped), an
    IPv6 address's /64 network; anything unparsable as it is."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if parsed.version == 4:
        return str(parsed)
    if parsed.ipv4_mapped is not None:
        return str(parsed.ipv4_mapped)
    return str(ipaddress.IPv6Network((int(parsed), IPV6_CLIENT_PREFIX), strict=False))


def client_address() -> str:
    """The request's client key, shared by the rate limiter and the game quota."""
    return client_key(request.remote_addr or "unknown")


def _bearer() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def token_key() -> str:
    token = _bearer() or ""
    return "token:" + hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _exempt() -> bool:
    return (request.method == "OPTIONS" or request.endpoint is None or request.path in EXEMPT_PATHS
            or request.path.startswith(EXEMPT_PREFIXES))


def _no_token() -> bool:
    return _exempt() or _bearer() is None


def _limit_streamed_body() -> None:
    """A chunked body (no Content-Length) is cut at MAX_CONTENT_LENGTH by werkzeug without
    an error; one that reaches the limit is refused with 413 like a declared one."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit and request.content_length is None and request.environ.get("wsgi.input_terminated"):
        if len(request.get_data(cache=True)) >= limit:
            raise RequestEntityTooLarge()


def _not_a_hint() -> bool:
    return _no_token() or request.method != "POST" or request.endpoint != HINT_ENDPOINT


def limits_enabled(rate_limit: str) -> bool:
    return rate_limit.strip().lower() not in ("", "off", "none", "0")


def application_limits(settings) -> list[Limit]:
    """The enabled limits of ``settings``: per client and per token (RATE_LIMIT), per token on
    hints (HINT_RATE_LIMIT)."""
    limits = []
    if limits_enabled(settings.rate_limit):
        for item in parse_many(settings.rate_limit):
            limits += [Limit(item, client_address, "address", _exempt), Limit(item, token_key, "token", _no_token)]
    if limits_enabled(settings.hint_rate_limit):
        limits += [Limit(item, token_key, "hint", _not_a_hint) for item in parse_many(settings.hint_rate_limit)]
    return limits


def init_security(app: Flask, settings) -> RateLimits | None:
    """Wire proxy headers, CORS and rate limiting into ``app``; returns the limiter."""
    proxies = settings.trusted_proxies
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)

    origins = [o.strip() for o in settings.cors_origins.split(",") if o.strip()]
    if origins:
        wildcard = origins == ["*"]
        CORS(app, resources={r"/*": {"origins": "*" if wildcard else origins}}, send_wildcard=wildcard,
             allow_headers=CORS_ALLOW_HEADERS, expose_headers=CORS_EXPOSE_HEADERS,
             methods=["GET", "POST", "OPTIONS"], supports_credentials=False, max_age=600)

    app.before_request(_limit_streamed_body)
    app.wsgi_app = BodyDeadline(app.wsgi_app, settings.body_read_seconds, settings.max_body_bytes)

    limits = application_limits(settings)
    if not limits:
        return None
    limiter = RateLimits(connect(settings.rate_limit_storage_url or settings.redis_url, socket_timeout=1,
                                 socket_connect_timeout=1), limits)

    @app.before_request
    def _rate_limit() -> None:
        try:
            full = limiter.breached()
        except (redis.RedisError, RedisClusterException) as error:   # unlimited rather than unavailable
            log.warning("rate limits not counted: %s", error)
            return
        if full is not None:
            raise ApiError("rate_limited", TOO_MANY, headers={"Retry-After": str(full.item.get_expiry())})

    return limiter
