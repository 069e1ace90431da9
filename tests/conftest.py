"""Test session: a real Redis server and a real Celery worker, no mocks.

Redis is TEST_REDIS_URL when set, else the embedded redis-server on a free port. The
URL is put into REDIS_URL before any project module reads its settings.
"""

from __future__ import annotations

import multiprocessing.util
import os
import threading

import pytest
import redis

from service.dev.embedded_redis import EmbeddedRedis, free_port

_embedded: EmbeddedRedis | None = None


def pytest_configure(config):
    global _embedded
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        _embedded = EmbeddedRedis(free_port())
        url = _embedded.url
    os.environ["REDIS_URL"] = url
    # the default per-address limit would throttle the suite's single client address;
    # tests/reliability/test_security.py checks 429 with an app of its own tiny limit
    os.environ.setdefault("RATE_LIMIT", "100000 per minute")
    os.environ.setdefault("HINT_RATE_LIMIT", "100000 per minute")  # tests/reliability/test_fair_queues.py
    # likewise the quota of active games; tests/reliability/test_quotas.py sets its own
    os.environ.setdefault("MAX_ACTIVE_GAMES_PER_CLIENT", "off")
    os.environ.pop("BROKER_URL", None)


def pytest_unconfigure(config):
    if _embedded is not None:
        # Stop Redis after kombu's own exit finalizers, which still talk to it.
        multiprocessing.util.Finalize(_embedded, _embedded.stop, exitpriority=-10)


@pytest.fixture(scope="session")
def redis_url():
    if _embedded is not None and _embedded.process is None:
        _embedded.start()
    return os.environ["REDIS_URL"]


@pytest.fixture(scope="session")
def toy_registered():
    """The test-only game, registered for this test session only."""
    from engine import registry

    from .toy_game import TOY
    registry.register(TOY)
    return TOY


@pytest.fixture(scope="session")
def celery_worker(redis_url, toy_registered):
    from celery.contrib.testing.worker import start_worker

    from worker.app import celery
    with start_worker(celery, pool="solo", perform_ping_check=False, loglevel="WARNING",
                      shutdown_timeout=10) as worker:
        yield worker


@pytest.fixture(scope="session")
def app(redis_url, celery_worker):
    from service.api.app import create_app
    return create_app()


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(autouse=True, scope="module")
def forget_games_after_module():
    """Delete the module's games, so AI turns it left queued end at once instead of
    keeping the one in-process worker busy for later modules."""
    yield
    if _embedded is not None and _embedded.process is None:
        return  # Redis never started: nothing to forget
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    for key in client.scan_iter(match="game:*", count=1000):
        client.delete(key)
    client.close()


@pytest.fixture(scope="module")
def live_server(app):
    """The session's app served over real HTTP on a free loopback port: its base URL."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(10)
