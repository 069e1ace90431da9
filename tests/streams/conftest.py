"""The session's app (real Redis, real Celery worker) served over real HTTP on a free port."""

from __future__ import annotations

import threading

import pytest


@pytest.fixture(scope="module")
def port(app):
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="stream-server", daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        thread.join(10)
