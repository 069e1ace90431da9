"""Game records in Redis: one hash per game plus an append-only move log.

Keys share a hash tag per game (``game:{id}`` and ``game:{id}:log``), so one game
lives in one Redis Cluster slot. Every write is a compare-and-set on the version in
one Lua script that also appends the log entry and refreshes the TTL.
"""

from __future__ import annotations

import json
import logging
import secrets
import time

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from engine.errors import LimitExceeded
from engine.i18n import N_
from engine.limits import MAX_RECORD_BYTES  # a stored record or log entry: more is refused with LimitExceeded

from .config import PROBE_TIMEOUT_SECONDS, TASK_RESULT_SECONDS
from .errors import NotFound, OutcomeUnknown, StaleVersion
from .json_bytes import json_bytes
from .redis_client import CLUSTER_BUSY, UNREACHABLE, connect
from .replication import ReplicaWait

log = logging.getLogger("spielwerk")



#: A write attempt's mark (KEYS[3] of COMPARE_AND_SET, KEYS[2] of CREATE): 'applied' once it
#: applied, 'fenced' once SETTLE found it had not. A copy of the attempt that arrives again
#: (a resend) answers 1 if it applied already, and one that arrives late, once fenced, does nothing.
ATTEMPT_CHECK = """
local mark = redis.call('GET', KEYS[#KEYS])
if mark == 'applied' then return 1 end
if mark then return 0 end
"""

#: KEYS: record, log, [a hash of the game's to read with the commit,] the attempt's mark. ARGV:
#: expected version, new version, record JSON, entry JSON, ttl ms, mark ttl ms, the game's events
#: channel: the new entry is published there in the same script, so a stream subscriber
#: (service/events.py) hears of every committed version and of no other. With the hash: {1, its
#: fields and values as they stand at the commit}.
COMPARE_AND_SET = ATTEMPT_CHECK + """
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return -1 end
if tonumber(current) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'record', ARGV[3])
redis.call('RPUSH', KEYS[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('SET', KEYS[#KEYS], 'applied', 'PX', ARGV[6])
redis.call('PUBLISH', ARGV[7], '{"kind":"move","entry":' .. ARGV[4] .. '}')
if #KEYS == 4 then return {1, redis.call('HGETALL', KEYS[3])} end
return 1
"""

#: KEYS: record, the attempt's mark. ARGV: version, record JSON, ttl ms, mark ttl ms.
CREATE = ATTEMPT_CHECK + """
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'record', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('SET', KEYS[2], 'applied', 'PX', ARGV[4])
return 1
"""

#: After a write's answer was lost: did the attempt apply? KEYS: its mark. ARGV: mark ttl ms.
#: 1: it applied; 0: it did not, and the fence makes sure it never will.
SETTLE = ATTEMPT_CHECK + """
redis.call('SET', KEYS[1], 'fenced', 'PX', ARGV[1])
return 0
"""

#: How long an attempt's mark lives: far longer than a request with its resends and settling.
MARK_TTL_MS = 600 * 1000

#: KEYS: record. ARGV: version the sheet belongs to, sheet JSON, the game's events channel
#: (the sheet is published there in the same script).
SET_FINAL = """
local current = redis.call('HGET', KEYS[1], 'version')
if not current or tonumber(current) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'final', ARGV[2])
redis.call('PUBLISH', ARGV[3], '{"kind":"final","version":' .. ARGV[1] .. ',"final":' .. ARGV[2] .. '}')
return 1
"""


#: Claims KEYS[1]: the value stored there if there is one, else nil after storing ARGV[1] for
#: ARGV[2] seconds (a seat's hint task, an idempotency key's pending answer).
CLAIM = """
local found = redis.call('GET', KEYS[1])
if found then return found end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return false
"""

#: A capped set of leases (a client's active games, its open streams). KEYS: a sorted set of
#: members by the time their lease ends. ARGV: now ms, the member, its lease end ms, the cap,
#: the set's ttl ms. 1: admitted; 0: ``cap`` members hold a lease now.
TAKE_LEASE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
"""


def _stored(document: dict, what: str) -> bytes:
    """``document`` as the JSON to store (``json_bytes``); LimitExceeded when it is over
    MAX_RECORD_BYTES bytes (``what``: a msgid naming it)."""
    text = json_bytes(document)
    if len(text) > MAX_RECORD_BYTES:
        raise LimitExceeded("record_bytes", MAX_RECORD_BYTES, what)
    return text


def record_key(game_id: str) -> str:
    return f"game:{{{game_id}}}"


def log_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:log"


def events_channel(game_id: str) -> str:
    """The pub/sub channel of a game's new versions and final sheet (service/events.py)."""
    return f"events:{{{game_id}}}"


def attempt_key(game_id: str, attempt: str) -> str:
    return f"game:{{{game_id}}}:attempt:{attempt}"


def hint_key(game_id: str, seat: int, version: int) -> str:
    return f"game:{{{game_id}}}:hint:{seat}:{version}"


def idempotency_key(name: str) -> str:
    return f"idempotency:{{{name}}}"


def task_key(task_id: str) -> str:
    return f"task:{{{task_id}}}"


def ai_attempts_key(game_id: str, version: int) -> str:
    return f"game:{{{game_id}}}:ai_attempts:{version}"


def quota_key(client: str) -> str:
    return f"quota:{{{client}}}"


def single_try_client(url: str, timeout: float, **options) -> redis.Redis:
    """A client that sends each command once (no resends), waiting at most ``timeout`` seconds:
    for readiness checks, and for the compare-and-set writes, whose lost answers are settled
    instead (``GameStore._write``), so a write that failed while connecting was not sent."""
    return connect(url, retry=Retry(NoBackoff(), 0), socket_timeout=timeout, socket_connect_timeout=timeout,
                   **options)


def never_sent(error: Exception) -> bool:
    """redis-py's errors while opening a connection ("Error 111 connecting to ...", "Timeout
    connecting to server"): the command did not leave this process; or a cluster refused it
    while failing over (CLUSTER_BUSY): it did not run."""
    return isinstance(error, CLUSTER_BUSY) or "connecting to" in str(error)


class GameStore:
    """Reads and writes game records; stateless apart from the connection pool."""

    def __init__(self, client: redis.Redis, game_ttl: int, finished_ttl: int, probe: redis.Redis | None = None,
                 writer: redis.Redis | None = None, wait: ReplicaWait | None = None):
        self.redis = client
        self.wait = wait  # REDIS_WAIT_REPLICAS: creates and moves answered once replicated
        self.probe = probe or client
        self.writer = writer or client
        self.game_ttl = game_ttl
        self.finished_ttl = finished_ttl
        self._cas = client.register_script(COMPARE_AND_SET)
        self._create = client.register_script(CREATE)
        self._settle = client.register_script(SETTLE)
        self._set_final = client.register_script(SET_FINAL)
        self._admit_game = client.register_script(TAKE_LEASE)
        self._claim = client.register_script(CLAIM)

    @classmethod
    def from_settings(cls, settings) -> "GameStore":
        client = connect(settings.redis_url, health_check_interval=30, socket_timeout=settings.redis_timeout_seconds,
                         socket_connect_timeout=settings.redis_timeout_seconds)
        return cls(client, settings.game_ttl_seconds, settings.finished_game_ttl_seconds,
                   probe=single_try_client(settings.redis_url, PROBE_TIMEOUT_SECONDS),
                   writer=single_try_client(settings.redis_url, settings.redis_timeout_seconds,
                                            health_check_interval=30),
                   wait=ReplicaWait(settings.redis_wait_replicas, settings.redis_wait_ms)
                   if settings.redis_wait_replicas else None)

    def _ttl_ms(self, record: dict) -> int:
        seconds = self.finished_ttl if record["status"] in ("finished", "aborted") else self.game_ttl
        return seconds * 1000

    def create(self, record: dict) -> None:
        """Store a new game (settled like a move when Redis stalls: see ``_write``)."""
        game_id = record["game_id"]
        mark = attempt_key(game_id, "create")
        args = [record["version"], _stored(record, N_("the game record")), self._ttl_ms(record), MARK_TTL_MS]
        self._write(lambda: self._written(self._create, [record_key(game_id), mark], args), mark)

    def load(self, game_id: str) -> tuple[dict, dict | None]:
        """The record and the final score sheet (None until the worker wrote it)."""
        raw, final = self.redis.hmget(record_key(game_id), "record", "final")
        if raw is None:
            raise NotFound(N_("game"))
        return json.loads(raw), (json.loads(final) if final else None)

    def commit(self, record: dict, expected_version: int, entry: dict, watch: str | None = None) -> dict | None:
        """Store ``record`` and append ``entry`` if the stored version is still ``expected_version``;
        else StaleVersion (another writer committed first: the game is at least one further).
        With ``watch`` (a hash key of this game's), answers that hash as it stood at the commit
        (read by the same script); None when not asked or not known (the answer was settled)."""
        game_id = record["game_id"]
        mark = attempt_key(game_id, secrets.token_hex(8))
        keys = [record_key(game_id), log_key(game_id), *([watch] if watch else []), mark]
        args = [expected_version, record["version"], _stored(record, N_("the game record")),
                _stored(entry, N_("the move's log entry")), self._ttl_ms(record), MARK_TTL_MS, events_channel(game_id)]
        result = self._write(lambda: self._written(self._cas, keys, args), mark)
        if isinstance(result, list):
            return dict(zip(result[1][::2], result[1][1::2]))
        if result == -1:
            raise NotFound(N_("game"))
        if result == 0:
            raise StaleVersion(expected_version + 1)
        return None

    def _written(self, script, keys: list[str], args: list) -> int:
        """``script`` run by the writer; with REDIS_WAIT_REPLICAS, answered once replicated."""
        if self.wait:
            return self.wait.run(self.writer, script, keys, args)
        return script(keys=keys, args=args, client=self.writer)

    def _write(self, write, mark: str) -> int:
        """``write()``'s answer. A write that could not connect was not sent: the error again.
        When the answer is lost (a timeout or a dropped connection), SETTLE tells the truth from
        the attempt's ``mark``: 1 if the write applied, else the error again (nothing changed,
        and the fence keeps it so); OutcomeUnknown if Redis cannot be asked either."""
        try:
            return write()
        except UNREACHABLE as lost:
            if never_sent(lost):
                raise
            try:
                applied = self._settle(keys=[mark], args=[MARK_TTL_MS])
            except UNREACHABLE:
                raise OutcomeUnknown() from lost
            if not applied:
                raise
            log.warning("a write (%s) applied although its answer was lost: %s", mark, lost)
            return 1

    def set_final(self, game_id: str, version: int, sheet: dict) -> bool:
        return bool(self._set_final(keys=[record_key(game_id)], args=[version, json.dumps(sheet),
                                                                      events_channel(game_id)]))

    def log(self, game_id: str, after: int = 0, count: int | None = None) -> list[dict]:
        """The log entries of the versions after ``after``: all, or the first ``count``
        (entry i of the log is version i + 1)."""
        last = -1 if count is None else after + count - 1
        return [json.loads(item) for item in self.redis.lrange(log_key(game_id), after, last)]

    def claim_hint(self, game_id: str, seat: int, version: int, task_id: str) -> str:
        """The one hint task of ``seat`` at ``version``: ``task_id`` if none was claimed before
        (the caller then sends it and remembers its owner), else the earlier one."""
        found = self._claim(keys=[hint_key(game_id, seat, version)], args=[task_id, TASK_RESULT_SECONDS])
        return task_id if found is None else found.decode()

    def drop_hint(self, game_id: str, seat: int, version: int) -> None:
        """Forget the claimed hint task (it could not be sent)."""
        self.redis.delete(hint_key(game_id, seat, version))

    # -- answers kept for idempotent retries -----------------------------------------------
    def claim_once(self, name: str, pending: str, seconds: int) -> str | None:
        """The answer stored under ``name``; None after claiming it with ``pending`` for ``seconds``."""
        found = self._claim(keys=[idempotency_key(name)], args=[pending, seconds])
        return None if found is None else found.decode()

    def keep_once(self, name: str, answer: str, seconds: int) -> None:
        self.redis.set(idempotency_key(name), answer, ex=seconds)

    def drop_once(self, name: str) -> None:
        self.redis.delete(idempotency_key(name))

    def remember_task(self, task_id: str, game_id: str, seat: int) -> None:
        self.redis.set(task_key(task_id), json.dumps({"game_id": game_id, "seat": seat}), ex=TASK_RESULT_SECONDS)

    def task_owner(self, task_id: str) -> dict | None:
        """``{"game_id", "seat"}`` of the seat that asked for a task; None for an unknown id."""
        found = self.redis.get(task_key(task_id))
        return None if found is None else json.loads(found)

    def claim_resume(self, game_id: str, version: int, seconds: int) -> bool:
        """True for the first caller per game within ``seconds``: it may enqueue owed work again."""
        return bool(self.redis.set(f"resume:{{{game_id}}}", version, nx=True, ex=seconds))

    # -- attempts at an AI turn ----------------------------------------------------------
    def start_ai_attempt(self, game_id: str, version: int) -> tuple[int, str | None]:
        """Count one more attempt at the AI turn of ``game_id`` at ``version``: the attempts so
        far, and why an earlier one failed (None when none said)."""
        key = ai_attempts_key(game_id, version)
        with self.redis.pipeline() as pipe:
            pipe.hincrby(key, "attempts", 1).hget(key, "reason").expire(key, self.game_ttl)
            attempts, reason, _ = pipe.execute()
        return attempts, None if reason is None else reason.decode()

    def fail_ai_attempt(self, game_id: str, version: int, reason: str) -> None:
        self.redis.hset(ai_attempts_key(game_id, version), "reason", reason)

    def end_ai_attempts(self, game_id: str, version: int) -> None:
        self.redis.delete(ai_attempts_key(game_id, version))

    # -- the quota of active games per client ---------------------------------------
    def admit_game(self, client: str, game_id: str, quota: int) -> bool:
        """Count ``game_id`` among ``client``'s active games, unless it has ``quota`` of them
        already (False). A game counts until released or GAME_TTL after its admission."""
        now_ms, ttl_ms = int(time.time() * 1000), self.game_ttl * 1000
        admitted = self._admit_game(keys=[quota_key(client)], args=[now_ms, game_id, now_ms + ttl_ms, quota, ttl_ms])
        return bool(admitted)

    def release_game(self, client: str, game_id: str) -> None:
        """``game_id`` no longer counts among ``client``'s active games."""
        self.redis.zrem(quota_key(client), game_id)

    def ping(self) -> bool:
        """True when Redis answers a PING within PROBE_TIMEOUT_SECONDS; False otherwise."""
        try:
            return bool(self.probe.ping())
        except redis.RedisError:
            return False
