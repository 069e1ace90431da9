"""Server push: new versions fanned out through Redis pub/sub to each API process's streams.

The store's compare-and-set and final-sheet scripts publish every committed entry and the
final sheet on the game's channel (``store.events_channel``) in the same script as the
write, so a subscriber hears of every committed version and of nothing that was not
committed. Each API process holds **one** pub/sub connection, read by one dispatcher thread
(a greenlet under gunicorn's gevent workers, which monkey-patch ``threading``), shared by all
of its subscribers: the dispatcher subscribes a game's channel while the process has a
subscriber to it and hands each message to every subscriber. A subscriber waiting live with
nothing queued takes its next version straight from the dispatcher, which writes the frame
(rendered once per viewer) to its socket without waiting (``Subscription.go_direct``): one
write per subscriber, no greenlet woken, so a move reaches 1,000 subscribers in one pass.
Everything else (a frame the socket did not take whole, a gap, the final sheet, heartbeats)
goes through the subscriber's bounded queue and its own greenlet. A subscriber that falls
behind (its queue full) is closed, as is every subscriber when the connection to Redis is
lost: the client resumes with ``Last-Event-ID`` and replays the log (the stream route
subscribes first, then reads the log, then delivers live messages past what it sent).

Nothing here lives in one process's memory beyond its own subscribers: any API process
serves any subscriber. Also here: the per-client count of open streams (a sorted set in
Redis, leased, so a killed process's streams expire) and single-use stream tickets.
"""

from __future__ import annotations

import collections
import hashlib
import json
import logging
import secrets
import threading
import time

import redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisClusterException
from redis.retry import Retry

from .redis_client import connect
from .store import TAKE_LEASE, events_channel

log = logging.getLogger("spielwerk")

#: Messages a subscriber may have waiting; one that falls further behind is closed.
QUEUE_BOUND = 256
#: Seconds between comment heartbeats on an idle stream.
HEARTBEAT_SECONDS = 15
#: Seconds a stream ticket lives (``POST .../stream-ticket``); it works once.
TICKET_SECONDS = 60
#: Seconds an open stream's slot is leased for; heartbeats renew it, so a stream of a killed
#: process stops counting against its client after this.
SLOT_LEASE_SECONDS = 3 * HEARTBEAT_SECONDS
#: Seconds a new subscriber waits for Redis to confirm its subscription.
SUBSCRIBE_SECONDS = 5.0
#: The dispatcher's longest wait for a message before it looks at (un)subscriptions to send.
POLL_SECONDS = 0.02

#: Subscribers the dispatcher serves a message before it lets the process's other work run.
FANOUT_BATCH = 16

#: Closing reasons.
OVERFLOW, STORE_LOST, SHUTDOWN, GONE = "overflow", "store_lost", "shutdown", "gone"


class Published:
    """One message of a game's channel: ``kind`` ``move`` (``entry``) or ``final`` (``final``),
    and a cache of its rendered frames by viewer, shared by the process's subscribers."""

    __slots__ = ("kind", "version", "entry", "final", "frames")

    def __init__(self, data: dict):
        self.kind = data["kind"]
        self.entry = data.get("entry")
        self.final = data.get("final")
        self.version = self.entry["version"] if self.kind == "move" else data["version"]
        self.frames: dict = {}

    def frame(self, viewer, render) -> bytes:
        """``render()``, once per viewer (None: a spectator) for all of this process's subscribers."""
        found = self.frames.get(viewer)
        if found is None:
            found = self.frames[viewer] = render()
        return found


class Subscription:
    """A subscriber's end: ``get`` the next message (None after ``timeout``), until closed. A
    deque and an Event (cheaper than ``queue.Queue``'s condition per message, with 1,000
    subscribers woken per move); the dispatcher is the only producer.

    After ``go_direct`` the dispatcher writes a message itself while the subscriber waits in
    ``get`` with nothing queued and the message is the next version (``last`` + 1). A write
    the socket does not take whole leaves its rest in ``leftover``, and the subscriber's
    greenlet sends it (``take_leftover``) before anything else."""

    def __init__(self, game_id: str, bound: int):
        self.game_id = game_id
        self.bound = bound
        self.items: collections.deque = collections.deque()
        self.wake = threading.Event()
        self.ready = threading.Event()
        self.closed: str | None = None
        self.last = -1                   # the last version sent (kept by the stream while not direct)
        self.leftover = b""
        self.direct = False              # the dispatcher may write now (only while waiting in ``get``)
        self._send_now = self._render = self._hand_over = None
        self._key = None

    def go_direct(self, send_now, render, key, last: int, hand_over=lambda message: False) -> None:
        """Let the dispatcher write live versions after ``last``: ``send_now(data)`` writes what
        the socket takes at once and returns the count (it never waits); ``render(message)``
        gives the bytes to write, cached in the message under ``key``; a message for which
        ``hand_over(message)`` is true goes to the subscriber's own greenlet instead."""
        self._send_now, self._render, self._key, self.last = send_now, render, key, last
        self._hand_over = hand_over

    def offer(self, message: Published) -> None:
        if self.closed:
            return
        if (self.direct and message.kind == "move" and message.version == self.last + 1
                and not self._hand_over(message)):
            self._write(message)
            return
        if len(self.items) >= self.bound:
            self.closed = OVERFLOW      # what is queued is delivered, then the stream ends
        else:
            self.items.append(message)
        self.wake.set()

    def _write(self, message: Published) -> None:
        data = message.frame(self._key, lambda: self._render(message))
        try:
            sent = self._send_now(data)
        except OSError:                  # the client went away
            self.close(GONE)
            return
        self.last = message.version
        if sent < len(data):
            self.leftover, self.direct = data[sent:], False
            self.wake.set()

    def take_leftover(self) -> bytes:
        """The rest of a frame the dispatcher began to write; the caller sends it first."""
        rest, self.leftover = self.leftover, b""
        return rest

    def close(self, reason: str) -> None:
        self.closed = self.closed or reason
        self.wake.set()

    def get(self, timeout: float) -> Published | None:
        """The next message; None when none came within ``timeout`` (or the dispatcher left a
        ``leftover``); raises Closed at the end."""
        if not self.items and not self.leftover:
            if self.closed:
                raise Closed(self.closed)
            self.direct = self._send_now is not None
            self.wake.wait(timeout)
            self.direct = False
            self.wake.clear()
        if self.items:
            return self.items.popleft()
        if self.closed and not self.leftover:
            raise Closed(self.closed)
        return None


class Closed(Exception):
    """The subscription ended (``args[0]``: why): the client resumes with Last-Event-ID."""


class Hub:
    """One process's pub/sub connection and its subscribers, by game."""

    def __init__(self, redis_url: str, bound: int = QUEUE_BOUND):
        self.redis_url = redis_url
        self.bound = bound
        self._lock = threading.Lock()
        self._subs: dict[str, set[Subscription]] = {}
        self._live: set[str] = set()      # channels Redis confirmed
        self._pending: set[str] = set()   # SUBSCRIBE sent, not yet confirmed
        self._thread: threading.Thread | None = None
        self._stopped = False
        self.connected = False

    def subscribers(self) -> int:
        with self._lock:
            return sum(len(subs) for subs in self._subs.values())

    def subscribe(self, game_id: str, timeout: float = SUBSCRIBE_SECONDS) -> Subscription:
        """A subscription to ``game_id``, returned once Redis confirmed it: every version
        committed from now on reaches it. redis.ConnectionError when Redis does not confirm
        within ``timeout``."""
        self._start()
        sub = Subscription(game_id, self.bound)
        with self._lock:
            self._subs.setdefault(game_id, set()).add(sub)
            if game_id in self._live:
                sub.ready.set()
        if not sub.ready.wait(timeout):
            self.unsubscribe(sub)
            raise redis.ConnectionError("the event channel could not be subscribed")
        if sub.closed:
            self.unsubscribe(sub)
            raise redis.ConnectionError("the event channel was lost")
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.game_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.game_id]

    def stop(self) -> None:
        self._stopped = True

    # -- the dispatcher --------------------------------------------------------------
    def _start(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._stopped = False
                self._thread = threading.Thread(target=self._run, name="spielwerk-events", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while not self._stopped:
            opened = []
            try:   # a cluster client connects at once, hence inside
                client = connect(self.redis_url, retry=Retry(NoBackoff(), 0), socket_connect_timeout=2,
                                 socket_keepalive=True)
                pubsub = client.pubsub()   # on a cluster: one node's connection (PUBLISH reaches every node)
                opened += [pubsub, client]
                client.ping()                  # a dead Redis shows here
                self._serve(pubsub)
            except Exception as lost:  # ConnectionError, TimeoutError, a restart: every stream ends
                if not isinstance(lost, (redis.RedisError, RedisClusterException)):
                    log.exception("event dispatcher failed")
                self._lose_all()
                time.sleep(0.2)
            finally:
                self.connected = False
                try:
                    for each in opened:
                        each.close()
                except Exception:
                    pass
        self._lose_all(SHUTDOWN)

    def _lose_all(self, reason: str = STORE_LOST) -> None:
        with self._lock:
            self._live.clear()
            self._pending.clear()
            subs = [sub for group in self._subs.values() for sub in group]
            self._subs.clear()
        for sub in subs:
            sub.close(reason)
            sub.ready.set()                # a subscriber still waiting sees it closed

    def _serve(self, pubsub) -> None:
        self.connected = True
        while not self._stopped:
            with self._lock:
                wanted = set(self._subs)
                add = wanted - self._live - self._pending
                drop = self._live - wanted    # never one still pending: its confirmation comes first
                self._pending |= add
                self._live -= drop
            if add:
                pubsub.subscribe(*(events_channel(game) for game in add))
            if drop:
                pubsub.unsubscribe(*(events_channel(game) for game in drop))
            message = pubsub.get_message(timeout=POLL_SECONDS)
            while message is not None:
                self._handle(message)
                message = pubsub.get_message(timeout=0)

    def _handle(self, message: dict) -> None:
        if message.get("type") not in ("subscribe", "message"):
            return
        channel = message["channel"].decode()
        game = channel[len("events:{"):-1]
        if message["type"] == "subscribe":
            with self._lock:
                if game in self._pending:
                    self._pending.discard(game)
                    self._live.add(game)
                    for sub in self._subs.get(game, ()):
                        sub.ready.set()
            return
        if message["type"] != "message":
            return
        try:
            published = Published(json.loads(message["data"]))
        except (ValueError, KeyError, TypeError):
            log.warning("an unreadable message on %s", channel)
            return
        with self._lock:
            subs = list(self._subs.get(game, ()))
        for count, sub in enumerate(subs):
            if count % FANOUT_BATCH == 0:
                time.sleep(0)   # a gevent yield: the process's requests (the move's own answer) run first
            sub.offer(published)


# -- limits and tickets -------------------------------------------------------------
def slots_key(client: str) -> str:
    return f"streams:{{{client}}}"


def ticket_key(ticket: str) -> str:
    return f"stream_ticket:{{{hashlib.sha256(ticket.encode()).hexdigest()}}}"


class StreamSlots:
    """At most ``limit`` open streams per client, shared by every API process (0: no limit)."""

    def __init__(self, client: redis.Redis, limit: int, lease: int = SLOT_LEASE_SECONDS):
        self.redis = client
        self.limit = limit
        self.lease_ms = lease * 1000
        self._take = client.register_script(TAKE_LEASE)   # a client's open streams, by lease end

    def take(self, client: str) -> str | None:
        """A slot id for a new stream of ``client``; None when it has ``limit`` open ones."""
        slot = secrets.token_hex(8)
        if self.limit <= 0:
            return slot
        now = int(time.time() * 1000)
        taken = self._take(keys=[slots_key(client)], args=[now, slot, now + self.lease_ms, self.limit,
                                                            2 * self.lease_ms])
        return slot if taken else None

    def renew(self, client: str, slot: str) -> None:
        if self.limit > 0:
            self.redis.zadd(slots_key(client), {slot: int(time.time() * 1000) + self.lease_ms}, xx=True)
            self.redis.pexpire(slots_key(client), 2 * self.lease_ms)

    def give_back(self, client: str, slot: str) -> None:
        if self.limit > 0:
            self.redis.zrem(slots_key(client), slot)


class StreamTickets:
    """Short-lived single-use tickets that open one seat's stream (``?ticket=``): a browser's
    EventSource cannot send ``Authorization``, and a seat token must not travel in a URL.
    Redis keeps only the ticket's SHA-256; redeeming it is one GETDEL."""

    def __init__(self, client: redis.Redis, seconds: int = TICKET_SECONDS):
        self.redis = client
        self.seconds = seconds

    def issue(self, game_id: str, seat: int, token_hash: str) -> str:
        """A ticket for ``seat`` while its token is the one of ``token_hash`` (a reissued token
        voids the ticket: ``redeem`` hands the hash back for the caller to compare)."""
        ticket = secrets.token_urlsafe(24)
        self.redis.set(ticket_key(ticket), json.dumps({"game_id": game_id, "seat": seat, "token_hash": token_hash}),
                       ex=self.seconds)
        return ticket

    def redeem(self, ticket: str, game_id: str) -> tuple[int, str | None] | None:
        """The seat the ticket opens on ``game_id`` and the hash of the seat token it was issued
        with; None for an unknown, used, expired ticket or one of another game. A ticket works
        once, whatever the answer."""
        found = self.redis.getdel(ticket_key(ticket))
        if found is None:
            return None
        data = json.loads(found)
        return (data["seat"], data.get("token_hash")) if data["game_id"] == game_id else None


class Streams:
    """What the stream routes share in one process: the hub, the slots, the tickets."""

    def __init__(self, hub: Hub, slots: StreamSlots, tickets: StreamTickets, max_seconds: float = 3600):
        self.hub, self.slots, self.tickets = hub, slots, tickets
        self.max_seconds = max_seconds   # STREAM_MAX_SECONDS: a stream ends after it; the client resumes

    @classmethod
    def from_settings(cls, settings, client: redis.Redis) -> "Streams":
        return cls(Hub(settings.redis_url), StreamSlots(client, settings.max_streams_per_client),
                   StreamTickets(client), settings.stream_max_seconds)
