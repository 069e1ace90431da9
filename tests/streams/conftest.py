"""The session's app (real Redis, real Celery worker) served over real HTTP on a free port."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest


@pytest.fixture(scope="module")
def port(live_server) -> int:
    return urlsplit(live_server).port
