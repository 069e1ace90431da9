"""Signed webhooks: one per game, registered with the game's admin token; for each new version
(``move``) and the final score sheet (``final``) the worker POSTs the spectator's payload.

A delivery is claimed once per (game, version, event) in Redis (its id is a UUID derived from
the three, so a redelivery keeps it), then tried by the ``webhooks`` queue's tasks with
exponential back-off (``WEBHOOK_RETRY_BASE_SECONDS`` doubled, at most
``WEBHOOK_RETRY_MAX_SECONDS``) until ``WEBHOOK_RETRY_WINDOW_SECONDS`` after its version. Each
attempt resolves the URL's host once, refuses non-public addresses (unless
``WEBHOOK_ALLOW_PRIVATE``), connects to that very address (the Host header and TLS SNI carry
the name), follows no redirect and gives up after ``WEBHOOK_TIMEOUT_SECONDS``.

Keys share the game's hash tag: ``game:{id}:webhook`` (the config: url, events, the signing
secret as issued, the version it was registered at), ``...:webhook:deliveries`` (delivery id ->
its state as JSON), ``...:webhook:order`` (ids by version) and ``...:webhook:bodies`` (the exact
body of each pending delivery).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import secrets
import socket
import time
import uuid
from dataclasses import dataclass
from urllib.parse import SplitResult, urlsplit

import redis
import urllib3

from engine.i18n import N_, Text

from .config import Settings
from .errors import MalformedRequest, NotFound, WebhookRefused

EVENT_MOVE, EVENT_FINAL = "move", "final"
EVENTS = (EVENT_MOVE, EVENT_FINAL)
PENDING, DELIVERED, FAILED = "pending", "delivered", "failed"
#: The longest webhook URL taken.
MAX_URL_CHARS = 2048
SIGNATURE_HEADER, DELIVERY_HEADER, EVENT_HEADER = "Spielwerk-Signature", "Spielwerk-Delivery", "Spielwerk-Event"
#: Bytes of a receiver's answer read (the rest is dropped): its status is what counts.
ANSWER_BYTES = 1024
#: The namespace of delivery ids: uuid5(NAMESPACE, "<game id>/<version>/<event>").
NAMESPACE = uuid.UUID("6f0d8f4e-5b1c-4a57-9a3c-2f7e51d0c2a9")

#: Addresses of cloud metadata services, refused by name in the reason (most are link-local
#: or unique-local anyway; Alibaba's 100.100.100.200 is in the shared address space).
METADATA = {ipaddress.ip_address(a) for a in ("169.254.169.254", "169.254.170.2", "169.254.169.253",
                                              "fd00:ec2::254", "fd00:ec2::23", "100.100.100.200")}
UNIQUE_LOCAL = ipaddress.ip_network("fc00::/7")
NAT64 = ipaddress.ip_network("64:ff9b::/96")


def delivery_id(game_id: str, version: int, event: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{game_id}/{version}/{event}"))


def sign(secret: str, timestamp: int, body: bytes) -> str:
    """The ``Spielwerk-Signature`` value: ``t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">``."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def check_url(url: str) -> SplitResult:
    """The URL's parts; MalformedRequest unless it is an http(s) URL of at most MAX_URL_CHARS
    characters with a host, without credentials or a fragment."""
    def refuse(reason: str, **fields):
        reason = Text(reason, **fields)
        raise MalformedRequest(N_("the webhook url is refused: {reason}"), {"url": [reason]}, reason=reason)
    if not isinstance(url, str) or not url:
        refuse(N_("a URL is required"))
    if len(url) > MAX_URL_CHARS:
        refuse(N_("longer than {maximum} characters"), maximum=MAX_URL_CHARS)
    if any(ord(c) <= 0x20 or ord(c) >= 0x7f for c in url):
        refuse(N_("spaces, control and non-ASCII characters must be percent-encoded"))
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        refuse(N_("not a valid URL"))
    if parts.scheme not in ("http", "https"):
        refuse(N_("the scheme must be https or http"))
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        refuse(N_("credentials are not allowed in the URL"))
    if not parts.hostname:
        refuse(N_("the URL has no host"))
    if parts.fragment or url.endswith("#"):
        refuse(N_("a fragment is not allowed"))
    if port == 0:
        refuse(N_("port 0"))
    return parts


def refusal(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    """Why Spielwerk does not call ``address``, a ``Text`` (None: a public address)."""
    if address.version == 6:
        embedded = address.ipv4_mapped or address.sixtofour or (address.teredo[1] if address.teredo else None)
        if embedded is None and address in NAT64:
            embedded = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if embedded is not None:
            reason = refusal(embedded)
            if reason:
                return Text(N_("{reason} (embedded in {address})"), reason=reason, address=str(address))
    if address in METADATA:
        return Text(N_("{address} is a cloud metadata address"), address=str(address))
    for test, what in ((address.is_unspecified, N_("unspecified")), (address.is_loopback, N_("loopback")),
                       (address.is_link_local, N_("link-local")), (address.is_multicast, N_("multicast")),
                       (address.version == 6 and address in UNIQUE_LOCAL, N_("unique-local")),
                       (address.is_private, N_("private")), (address.is_reserved, N_("reserved")),
                       (not address.is_global, N_("not a public address"))):
        if test:
            return Text(N_("{address} is {what}"), address=str(address), what=Text(what))
    return None


def resolve(host: str, port: int, allow_private: bool, getaddrinfo=socket.getaddrinfo) -> str:
    """The one address to connect to for ``host``: the first it resolves to. WebhookRefused when
    it does not resolve or, unless ``allow_private``, when any of its addresses is not public
    (a name that also resolves to a private address is refused as a whole)."""
    try:
        found = getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, OSError) as exc:
        raise WebhookRefused(Text(N_("the host {host} does not resolve ({error})"), host=host[:100],
                                  error=exc.__class__.__name__)) from None
    addresses = [ipaddress.ip_address(info[4][0].split("%")[0]) for info in found]
    if not addresses:
        raise WebhookRefused(Text(N_("the host {host} does not resolve"), host=host[:100]))
    if not allow_private:
        for address in addresses:
            reason = refusal(address)
            if reason:
                raise WebhookRefused(reason if str(address) == host.strip("[]") else
                                     Text(N_("{host} resolves to {reason}"), host=host[:100], reason=reason))
    return str(addresses[0])


def send(url: str, body: bytes, headers: dict, timeout: float, allow_private: bool,
         getaddrinfo=socket.getaddrinfo) -> tuple[bool, str | None]:
    """POST ``body`` to ``url`` once: resolve the host once (checked as ``resolve`` does), connect
    to that address (Host header and TLS SNI and certificate check for the name), no redirects,
    ``timeout`` seconds in all for connecting and each read. (True, None) on a 2xx answer, else
    (False, why); WebhookRefused for a refused destination."""
    parts = check_url(url)
    https = parts.scheme == "https"
    host, port = parts.hostname, parts.port or (443 if https else 80)
    address = resolve(host, port, allow_private, getaddrinfo)
    shown_host = f"[{host}]" if ":" in host else host
    host_header = shown_host if parts.port is None else f"{shown_host}:{port}"
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    options = {"server_hostname": host, "assert_hostname": host, "cert_reqs": "CERT_REQUIRED"} if https else {}
    pool_class = urllib3.HTTPSConnectionPool if https else urllib3.HTTPConnectionPool
    pool = pool_class(address, port, maxsize=1, retries=False, timeout=urllib3.Timeout(total=timeout), **options)
    try:
        response = pool.urlopen("POST", target, body=body, headers={**headers, "Host": host_header,
                                                                     "Connection": "close"},
                                redirect=False, retries=False, preload_content=False, assert_same_host=False)
        try:
            response.read(ANSWER_BYTES)
        except (urllib3.exceptions.HTTPError, OSError):
            pass  # the status is what counts
        finally:
            response.release_conn()
    except (urllib3.exceptions.TimeoutError, socket.timeout, TimeoutError):
        return False, f"no answer within {timeout:g} s"
    except urllib3.exceptions.NewConnectionError as exc:
        return False, f"could not connect to {address} port {port}: {str(exc.__cause__ or exc)[-120:]}"
    except (urllib3.exceptions.HTTPError, OSError) as exc:
        return False, f"{exc.__class__.__name__}: {str(exc)[:160]}"
    finally:
        pool.close()
    if 200 <= response.status < 300:
        return True, None
    if 300 <= response.status < 400:
        return False, f"HTTP {response.status} (redirects are not followed)"
    return False, f"HTTP {response.status}"


@dataclass(frozen=True)
class Policy:
    """The settings of deliveries (docs/operations.md, "Webhooks")."""

    allow_private: bool = False
    timeout: float = 5.0
    retry_base: float = 10.0
    retry_max: float = 3600.0
    window: float = 24 * 3600.0
    kept: int = 100
    hop: float = 150.0  # longest countdown of one task: below the broker's visibility timeout

    @classmethod
    def from_settings(cls, settings: Settings) -> "Policy":
        return cls(allow_private=settings.webhook_allow_private, timeout=settings.webhook_timeout_seconds,
                   retry_base=settings.webhook_retry_base_seconds, retry_max=settings.webhook_retry_max_seconds,
                   window=settings.webhook_retry_window_seconds, kept=max(1, settings.webhook_deliveries_kept),
                   hop=max(1.0, settings.visibility_timeout / 2))

    def backoff(self, attempts: int) -> float:
        """Seconds to wait after the ``attempts``-th failed attempt."""
        return min(self.retry_max, self.retry_base * 2 ** min(attempts - 1, 60))


def hook_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:webhook"


def delivery_keys(game_id: str) -> list[str]:
    """The deliveries (id -> state JSON), their order (by version) and the pending bodies."""
    return [f"game:{{{game_id}}}:webhook:deliveries", f"game:{{{game_id}}}:webhook:order",
            f"game:{{{game_id}}}:webhook:bodies"]


#: KEYS[1..3]: deliveries, order, bodies; ``kept``: how many deliveries to keep. Drops the finished
#: deliveries older than the newest ``kept`` (by version); older pending ones stay until they finish,
#: so a delivery retried late never pushes a newer finished one out of the list.
TRIM = """
local function trim(kept)
  local excess = redis.call('ZCARD', KEYS[2]) - kept
  if excess <= 0 then return end
  for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, excess - 1)) do
    local raw = redis.call('HGET', KEYS[1], id)
    if (not raw) or cjson.decode(raw).status ~= 'pending' then
      redis.call('HDEL', KEYS[1], id)
      redis.call('HDEL', KEYS[3], id)
      redis.call('ZREM', KEYS[2], id)
    end
  end
end
"""

#: KEYS: deliveries, order, bodies, hook. ARGV: kept, id, order score, state JSON, body, ttl ms.
#: 1 when claimed; 0 when it was claimed before or there is no webhook.
CLAIM = TRIM + """
if redis.call('EXISTS', KEYS[4]) == 0 then return 0 end
if redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[2], ARGV[5])
trim(tonumber(ARGV[1]))
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[6]) end
return 1
"""

#: KEYS: deliveries. ARGV: id, attempt, now. Starts attempt ARGV[2] if the delivery is pending,
#: attempted ARGV[2] - 1 times and due: {'go'}; else {'gone'}, {'done'}, {'stale'} (another copy
#: of the task made this attempt) or {'wait', when}.
BEGIN = """
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return {'gone'} end
local d = cjson.decode(raw)
if d.status ~= 'pending' then return {'done'} end
if d.attempts ~= tonumber(ARGV[2]) - 1 then return {'stale'} end
if tonumber(ARGV[3]) + 0.05 < d.next_attempt_at then return {'wait', tostring(d.next_attempt_at)} end
d.attempts = tonumber(ARGV[2])
d.last_attempt_at = tonumber(ARGV[3])
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(d))
return {'go'}
"""

#: KEYS: deliveries, order, bodies. ARGV: kept, id, attempt, status, error ('' none), next attempt
#: time. Records the attempt's outcome if it is still the delivery's latest; 1 when recorded.
FINISH = TRIM + """
local raw = redis.call('HGET', KEYS[1], ARGV[2])
if not raw then return 0 end
local d = cjson.decode(raw)
if d.status ~= 'pending' or d.attempts ~= tonumber(ARGV[3]) then return 0 end
d.status = ARGV[4]
if ARGV[5] == '' then d.last_error = cjson.null else d.last_error = ARGV[5] end
d.next_attempt_at = tonumber(ARGV[6])
redis.call('HSET', KEYS[1], ARGV[2], cjson.encode(d))
if ARGV[4] ~= 'pending' then
  redis.call('HDEL', KEYS[3], ARGV[2])
  trim(tonumber(ARGV[1]))
end
return 1
"""

#: KEYS: hook. ARGV: url, events JSON, secret, version, ttl ms. The webhook's config; a webhook
#: replaced keeps the version it was first registered at. Answers that version.
REGISTER = """
redis.call('HSET', KEYS[1], 'url', ARGV[1], 'events', ARGV[2], 'secret', ARGV[3])
redis.call('HSETNX', KEYS[1], 'since_version', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return redis.call('HGET', KEYS[1], 'since_version')
"""


class Webhooks:
    """Webhook configs and deliveries in the game Redis, and the attempts at delivering."""

    def __init__(self, client: redis.Redis, policy: Policy, ttl_seconds: int, getaddrinfo=socket.getaddrinfo):
        self.redis = client
        self.policy = policy
        # every webhook key lives as long as an idle game, plus the retry window
        self.ttl_ms = int((ttl_seconds + policy.window) * 1000)
        self.getaddrinfo = getaddrinfo
        self._claim = client.register_script(CLAIM)
        self._begin = client.register_script(BEGIN)
        self._finish = client.register_script(FINISH)
        self._register = client.register_script(REGISTER)

    # -- the config ----------------------------------------------------------------------
    def register(self, game_id: str, version: int, url: str, events: list[str]) -> dict:
        """Check ``url`` (shape, then its destination) and store the webhook with a new secret;
        the answer holds the secret (the only time it is sent)."""
        parts = check_url(url)
        resolve(parts.hostname, parts.port or (443 if parts.scheme == "https" else 80), self.policy.allow_private,
                self.getaddrinfo)
        events = [event for event in EVENTS if event in events]
        secret = "whsec_" + secrets.token_urlsafe(32)
        self._register(keys=[hook_key(game_id)], args=[url, json.dumps(events), secret, version, self.ttl_ms])
        return {"url": url, "events": events, "secret": secret}

    def config(self, game_id: str, stored: dict | None = None) -> dict | None:
        """``{"url", "events", "secret", "since_version"}``, None without a webhook; from the hash
        ``stored`` at ``hook_key`` when read already (a commit reads it), else read now."""
        stored = self.redis.hgetall(hook_key(game_id)) if stored is None else stored
        found = {k.decode(): v.decode() for k, v in stored.items()}
        if "url" not in found:
            return None
        return {"url": found["url"], "events": json.loads(found["events"]), "secret": found["secret"],
                "since_version": int(found.get("since_version", 0))}

    def remove(self, game_id: str) -> None:
        """Remove the webhook and its deliveries (pending ones are no longer tried)."""
        if not self.redis.delete(hook_key(game_id)):
            raise NotFound(N_("webhook"))
        self.redis.delete(*delivery_keys(game_id))

    def deliveries(self, game_id: str) -> list[dict]:
        """The newest ``kept`` deliveries, newest first."""
        keys = delivery_keys(game_id)
        ids = self.redis.zrevrange(keys[1], 0, self.policy.kept - 1)
        if not ids:
            return []
        shown = []
        for raw in self.redis.hmget(keys[0], ids):
            if raw is not None:
                state = json.loads(raw)
                if state["status"] != PENDING:
                    state["next_attempt_at"] = None
                shown.append(state)
        return shown

    # -- deliveries ----------------------------------------------------------------------
    def claim(self, game_id: str, version: int, event: str, payload: dict) -> str | None:
        """Remember the delivery of ``event`` at ``version`` with its body; its id, or None when it
        was claimed before (or the webhook is gone): the caller then queues its first attempt."""
        did = delivery_id(game_id, version, event)
        now = time.time()
        state = {"delivery_id": did, "version": version, "event": event, "status": PENDING, "attempts": 0,
                 "last_error": None, "last_attempt_at": None, "next_attempt_at": now, "created_at": now}
        body = json.dumps(payload, separators=(",", ":"))
        score = version * 2 + (1 if event == EVENT_FINAL else 0)
        claimed = self._claim(keys=[*delivery_keys(game_id), hook_key(game_id)],
                              args=[self.policy.kept, did, score, json.dumps(state), body, self.ttl_ms])
        return did if claimed else None

    def fail_unqueued(self, game_id: str, did: str) -> None:
        """The first attempt could not be queued: the delivery fails (it says so)."""
        self._finish(keys=delivery_keys(game_id), args=[self.policy.kept, did, 0, FAILED,
                                                        "could not be queued: the task broker was unreachable", 0])

    def attempt(self, game_id: str, did: str, attempt: int) -> tuple[int, float] | None:
        """Make attempt number ``attempt`` at a delivery, if it is still owed and due; returns the
        attempt number and countdown of the task that must follow (the next attempt, or this one
        still waiting for its time), or None."""
        keys = delivery_keys(game_id)
        now = time.time()
        started = [part.decode() if isinstance(part, bytes) else part
                   for part in self._begin(keys=keys[:1], args=[did, attempt, now])]
        if started[0] == "wait":
            return attempt, min(self.policy.hop, max(0.0, float(started[1]) - now))
        if started[0] != "go":
            return None
        hook, body = self.config(game_id), self.redis.hget(keys[2], did)
        if hook is None or body is None:
            return None                       # removed meanwhile: nothing more to do
        state = json.loads(self.redis.hget(keys[0], did))
        timestamp = int(time.time())
        headers = {"Content-Type": "application/json", "User-Agent": "Spielwerk-Webhooks/1",
                   SIGNATURE_HEADER: sign(hook["secret"], timestamp, body), DELIVERY_HEADER: did,
                   EVENT_HEADER: state["event"]}
        try:
            ok, error = send(hook["url"], body, headers, self.policy.timeout, self.policy.allow_private,
                             self.getaddrinfo)
        except (WebhookRefused, MalformedRequest) as refused:   # the name now resolves elsewhere
            self._finish(keys=keys, args=[self.policy.kept, did, attempt, FAILED, refused.message[:300], 0])
            return None
        if ok:
            self._finish(keys=keys, args=[self.policy.kept, did, attempt, DELIVERED, "", 0])
            return None
        wait = self.policy.backoff(attempt)
        later = time.time() + wait
        if later - state["created_at"] > self.policy.window:
            self._finish(keys=keys, args=[self.policy.kept, did, attempt, FAILED,
                                          f"{error[:250]}; gave up after {attempt} attempts", 0])
            return None
        self._finish(keys=keys, args=[self.policy.kept, did, attempt, PENDING, error[:300], later])
        return attempt + 1, min(self.policy.hop, wait)
