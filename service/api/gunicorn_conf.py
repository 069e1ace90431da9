"""gunicorn's settings for every way the API is served: ``make run`` (service/dev/run.py),
the Dockerfile and the reliability tests' ``Procs.gunicorn``.

    gunicorn -c python:service.api.gunicorn_conf service.api.wsgi:app

The serving model (docs/operations.md, "Serving model"): WEB_CONCURRENCY processes (2), each
a gevent worker holding up to WEB_CONNECTIONS connections (1000) as greenlets. A client that
sends slowly, or a long-lived stream, waits in its own greenlet and holds one connection,
never a worker. gunicorn's gevent worker reads each request's line and headers inside
``gevent.Timeout(keepalive)``: a connection that has not sent a whole request head within
KEEPALIVE_SECONDS of starting to wait for it (a slow-loris client, or an idle keep-alive
connection) is closed. Options given on gunicorn's command line override these.

Plain settings only: gunicorn's master imports this module before it forks, so nothing here
may import gevent or the app (gevent monkey-patches in each worker, before the app loads). The
worker class is named, not imported.
"""

import os

# -- where -----------------------------------------------------------------------------
bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"

# -- how many --------------------------------------------------------------------------
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
# gunicorn's gevent worker, sending a response's head and body in one call (gunicorn_worker.py)
worker_class = "service.api.gunicorn_worker.OneSendGeventWorker"
# Open connections per worker (slow clients, keep-alive connections and, later, event
# streams all count); past it a worker accepts no more until one closes, and new clients
# wait in the listen backlog (or go to another worker).
worker_connections = int(os.environ.get("WEB_CONNECTIONS", "1000"))

# -- how long --------------------------------------------------------------------------
# The bound on reading one request's line and headers, and on an idle keep-alive
# connection between requests (gunicorn's gevent worker uses ``keepalive`` for both).
KEEPALIVE_SECONDS = 5
keepalive = KEEPALIVE_SECONDS
# A worker whose event loop does not come round for this long (a CPU-bound request that
# never yields) is killed and replaced by the master; it does not bound a request that waits.
timeout = 30
# On SIGTERM / reload: requests and streams still open after this are cut off.
graceful_timeout = 30

# -- logs ------------------------------------------------------------------------------
accesslog = "-"
