"""A request body must arrive within BODY_READ_SECONDS, or the request is answered 408.

gunicorn bounds the reading of a request's head (``gunicorn_conf.KEEPALIVE_SECONDS``) but
not of its body: a client that trickles a body, a byte now and then, would hold its
connection as long as it likes, and enough of them fill a worker's connections. This WSGI
middleware reads the body before the app sees it (at most the body limit and one byte
more: a larger one is then refused with 413 as before), against one deadline for the whole
body, and hands the app the bytes read. At the deadline a timer (a greenlet under gevent)
shuts the reading side of the client socket (``gunicorn.socket``; without one, as through
werkzeug's test client, the body is read as it comes), and the answer is 408 with
``Connection: close``.
"""

from __future__ import annotations

import io
import json
import socket
import threading

from engine.i18n import N_

from .errors import ApiError


class BodyDeadline:
    """WSGI middleware: the body within ``seconds`` (at most ``max_bytes`` + 1 of it), else 408."""

    def __init__(self, app, seconds: float, max_bytes: int):
        self.app = app
        self.seconds = seconds
        self.max_bytes = max_bytes

    def __call__(self, environ, start_response):
        declared = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if not chunked and (not declared.isdigit() or int(declared) == 0 or int(declared) > self.max_bytes):
            return self.app(environ, start_response)       # no body, or one refused unread (413)
        try:
            body = self._read(environ, int(declared) if not chunked else self.max_bytes + 1)
        except TimeoutError:
            return self._too_slow(start_response)
        environ["wsgi.input"] = io.BytesIO(body)
        if not chunked:
            environ["CONTENT_LENGTH"] = str(len(body))
        return self.app(environ, start_response)

    def _read(self, environ, wanted: int) -> bytes:
        """Up to ``wanted`` bytes of the body. When the deadline passes first, a timer shuts the
        socket's reading side, so the read (however many small pieces it waits for) ends at once,
        and TimeoutError says so."""
        stream, sock = environ["wsgi.input"], environ.get("gunicorn.socket")
        if sock is None:
            return stream.read(wanted)
        expired = threading.Event()
        timer = threading.Timer(self.seconds, _cut, (sock, expired))
        timer.start()
        try:
            body = stream.read(wanted)
        except Exception:
            if expired.is_set():
                raise TimeoutError("the request body did not arrive in time") from None
            raise
        finally:
            timer.cancel()
        if expired.is_set():
            raise TimeoutError("the request body did not arrive in time")
        return body

    def _too_slow(self, start_response):
        body, status, headers = ApiError("request_timeout", N_("the request body did not arrive within "
                                                               "{seconds:g} s"), seconds=self.seconds).answer()
        data = json.dumps(body).encode()
        start_response(f"{status} Request Timeout", [*headers.items(), ("Content-Type", "application/json"),
                                                     ("Content-Length", str(len(data))), ("Connection", "close")])
        return [data]

def _cut(sock, expired: threading.Event) -> None:
    expired.set()
    try:
        sock.shutdown(socket.SHUT_RD)
    except OSError:
        pass
