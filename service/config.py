"""Configuration from environment variables (the same names for make run, tests, compose)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from engine.ai import DEFAULT_CAPS, Caps

from .redis_client import is_cluster


def _int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return default if value in (None, "") else int(value)


def _float(name: str, default: float) -> float:
    value = os.environ.get(name)
    return default if value in (None, "") else float(value)


def _limit(name: str, default: int) -> int:
    """A count limit; ``0`` or ``off`` turns it off (0)."""
    value = os.environ.get(name, "").strip().lower()
    return 0 if value in ("off", "none") else _int(name, default)


#: The values of CLIENT_SEEDS: whether a create may choose the game's seed.
CLIENT_SEEDS_ALLOWED, CLIENT_SEEDS_REFUSED, CLIENT_SEEDS_PERFECT_INFORMATION_ONLY = (
    "allowed", "refused", "perfect_information_only")
CLIENT_SEED_POLICIES = (CLIENT_SEEDS_ALLOWED, CLIENT_SEEDS_REFUSED, CLIENT_SEEDS_PERFECT_INFORMATION_ONLY)


def _choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    value = os.environ.get(name, "").strip().lower() or default
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
    return value


#: Seconds a task may take beyond the longest search (loading, committing, Redis waits).
TASK_TIME_MARGIN_SECONDS = 20
#: Seconds between a task's soft time limit (it ends cleanly) and its hard one (it is killed).
TASK_HARD_MARGIN_SECONDS = 10

#: Seconds a task's result (and who may read it) is kept.
TASK_RESULT_SECONDS = 3600

#: Seconds a readiness check waits for the game store or the broker before calling it down.
PROBE_TIMEOUT_SECONDS = 1.0


def broker_url(redis_url: str, broker: str) -> str:
    """BROKER_URL, else REDIS_URL; ValueError when that is a Redis Cluster, which Celery cannot
    use as its broker."""
    if is_cluster(broker or redis_url):
        named = "BROKER_URL names" if broker else "REDIS_URL names a Redis Cluster and BROKER_URL is unset, so it names"
        raise ValueError(f"{named} a Redis Cluster ({broker or redis_url}): Celery cannot use a cluster as its "
                         "broker. Set BROKER_URL to a single Redis (redis://host:6379/0) or RabbitMQ "
                         "(amqp://user:password@host:5672//).")
    return broker or redis_url


@dataclass(frozen=True)
class Settings:
    """Every setting the API and the worker read."""

    redis_url: str
    broker_url: str
    game_ttl_seconds: int
    finished_game_ttl_seconds: int
    max_body_bytes: int
    rate_limit: str
    rate_limit_storage_url: str  # empty: the game Redis (redis_url)
    trusted_proxies: int
    cors_origins: str
    visibility_timeout: int
    max_active_games_per_client: int  # 0: no quota
    redis_timeout_seconds: float = 5.0  # a game-store call that waits longer fails
    ai_max_ms: int = DEFAULT_CAPS.budget_ms  # every search stops after this many ms
    ai_max_iterations: int = DEFAULT_CAPS.iterations  # ... and after this many iterations
    ai_max_attempts: int = 3  # failed AI-turn attempts per version before the seat falls back
    task_soft_time_limit: float = 0  # seconds (fractions allowed); 0: derived (see soft_time_limit)
    task_time_limit: int = 0  # seconds; 0: derived (see hard_time_limit)
    client_seeds: str = CLIENT_SEEDS_ALLOWED  # one of CLIENT_SEED_POLICIES
    hint_rate_limit: str = "20 per minute"  # hint requests per seat token; off: none
    body_read_seconds: float = 10.0  # a request body must arrive within this long (408)
    webhook_allow_private: bool = False  # WEBHOOK_ALLOW_PRIVATE=1: deliver to private addresses too
    webhook_timeout_seconds: float = 5.0  # one delivery attempt: connect and answer
    webhook_retry_base_seconds: float = 10.0  # first back-off; doubled after each failure
    webhook_retry_max_seconds: float = 3600.0  # longest back-off
    webhook_retry_window_seconds: float = 24 * 3600.0  # no attempt later than this after the version
    webhook_deliveries_kept: int = 100  # finished deliveries kept (and listed) per game
    max_streams_per_client: int = 20  # open event streams per client (address key); 0: no limit
    stream_max_seconds: int = 3600  # an event stream ends after this long (the client resumes with Last-Event-ID)
    redis_wait_replicas: int = 0  # a create or move is answered once this many replicas have it (WAIT); 0: at once
    redis_wait_ms: int = 1000  # ... waiting at most this long (then 503 outcome_unknown)

    @property
    def ai_caps(self) -> Caps:
        """The ceilings on every search (AI turns and hints alike)."""
        return Caps(iterations=self.ai_max_iterations, budget_ms=self.ai_max_ms)

    @property
    def soft_time_limit(self) -> float:
        """Seconds before a task is told to stop: TASK_SOFT_TIME_LIMIT, else the longest search
        (AI_MAX_MS, rounded up) plus TASK_TIME_MARGIN_SECONDS."""
        return self.task_soft_time_limit or -(-self.ai_max_ms // 1000) + TASK_TIME_MARGIN_SECONDS

    @property
    def hard_time_limit(self) -> float:
        """Seconds before a task's process is killed: TASK_TIME_LIMIT, else the soft limit
        plus TASK_HARD_MARGIN_SECONDS."""
        return self.task_time_limit or self.soft_time_limit + TASK_HARD_MARGIN_SECONDS

    @classmethod
    def from_env(cls) -> "Settings":
        redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
        return cls(
            redis_url=redis_url,
            broker_url=broker_url(redis_url, os.environ.get("BROKER_URL", "")),
            game_ttl_seconds=_int("GAME_TTL_SECONDS", 7 * 24 * 3600),
            finished_game_ttl_seconds=_int("FINISHED_GAME_TTL_SECONDS", 24 * 3600),
            max_body_bytes=_int("MAX_BODY_BYTES", 64 * 1024),
            rate_limit=os.environ.get("RATE_LIMIT", "600 per minute"),
            rate_limit_storage_url=os.environ.get("RATE_LIMIT_STORAGE_URL", ""),
            trusted_proxies=_int("TRUSTED_PROXIES", 0),
            cors_origins=os.environ.get("CORS_ORIGINS", ""),
            visibility_timeout=_int("TASK_VISIBILITY_TIMEOUT", 300),
            max_active_games_per_client=_limit("MAX_ACTIVE_GAMES_PER_CLIENT", 100),
            redis_timeout_seconds=float(os.environ.get("REDIS_TIMEOUT_SECONDS") or 5.0),
            ai_max_ms=_int("AI_MAX_MS", DEFAULT_CAPS.budget_ms),
            ai_max_iterations=_int("AI_MAX_ITERATIONS", DEFAULT_CAPS.iterations),
            ai_max_attempts=_int("AI_MAX_ATTEMPTS", 3),
            task_soft_time_limit=_float("TASK_SOFT_TIME_LIMIT", 0),
            task_time_limit=_int("TASK_TIME_LIMIT", 0),
            hint_rate_limit=os.environ.get("HINT_RATE_LIMIT", "20 per minute"),
            body_read_seconds=_float("BODY_READ_SECONDS", 10.0),
            max_streams_per_client=_limit("MAX_STREAMS_PER_CLIENT", 20),
            stream_max_seconds=_int("STREAM_MAX_SECONDS", 3600),
            client_seeds=_choice("CLIENT_SEEDS", CLIENT_SEEDS_ALLOWED, CLIENT_SEED_POLICIES),
            webhook_allow_private=os.environ.get("WEBHOOK_ALLOW_PRIVATE", "").strip().lower() in ("1", "true", "yes"),
            webhook_timeout_seconds=_float("WEBHOOK_TIMEOUT_SECONDS", 5.0),
            webhook_retry_base_seconds=_float("WEBHOOK_RETRY_BASE_SECONDS", 10.0),
            webhook_retry_max_seconds=_float("WEBHOOK_RETRY_MAX_SECONDS", 3600.0),
            webhook_retry_window_seconds=_float("WEBHOOK_RETRY_WINDOW_SECONDS", 24 * 3600.0),
            webhook_deliveries_kept=_int("WEBHOOK_DELIVERIES_KEPT", 100),
            redis_wait_replicas=_int("REDIS_WAIT_REPLICAS", 0),
            redis_wait_ms=_int("REDIS_WAIT_MS", 1000),
        )
