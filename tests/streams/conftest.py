"""The session's app (real Redis, real Celery worker) served over real HTTP on a free port:
in process (``port``), and under gunicorn with the served configuration (``served_port``)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.reliability.procs import Processes, service_env


@pytest.fixture(scope="module")
def port(live_server) -> int:
    return urlsplit(live_server).port


@pytest.fixture(scope="module")
def served_port(redis_url, celery_worker, tmp_path_factory) -> int:
    """gunicorn's gevent workers on the session's Redis and worker: there the event dispatcher
    writes live messages to the streams' sockets itself (``service.api.stream_socket``)."""
    with Processes(tmp_path_factory.mktemp("served")) as procs:
        yield procs.gunicorn("api", service_env(redis_url), workers=2)[1]
