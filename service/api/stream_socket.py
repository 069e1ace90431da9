"""A stream's client socket under gunicorn's gevent workers, for the event dispatcher's direct writes.

gunicorn frames a streamed response in HTTP/1.1 chunks as the WSGI iterator yields it. The
dispatcher (``service.events``) writes live frames to the socket itself, bypassing the
iterator, so it writes whole chunks, framed the way gunicorn frames them; the stream's
greenlet finishes any chunk the socket did not take at once before it yields again. Both
run in one gevent loop, one at a time: ``Subscription`` relies on that, so direct writes are
used only where gevent has patched ``threading``.
"""

from __future__ import annotations

import os
import select
import socket

from gevent import monkey

#: Seconds a stream's client may take nothing at all before the stream is cut off.
STALLED_SECONDS = 30


def chunk(data: bytes) -> bytes:
    """``data`` as one HTTP/1.1 chunk (gunicorn's ``util.write_chunk``)."""
    return b"%X\r\n%s\r\n" % (len(data), data)


class Stalled(OSError):
    """The client took nothing for STALLED_SECONDS."""


class StreamSocket:
    """``send_now`` writes what the socket takes without waiting; ``send_all`` waits (a gevent
    wait: other greenlets run) until all is sent, at most STALLED_SECONDS without progress."""

    def __init__(self, sock, stalled_seconds: float = STALLED_SECONDS):
        self.sock = sock
        self.fd = sock.fileno()
        self.stalled_seconds = stalled_seconds

    @classmethod
    def of(cls, environ: dict) -> "StreamSocket | None":
        """The request's socket when direct writes are safe: gunicorn's, non-blocking, in a
        gevent-patched process, and a response gunicorn frames in chunks (an HTTP/1.1 GET);
        else None (the stream's greenlet then writes every message through gunicorn)."""
        sock = environ.get("gunicorn.socket")
        if (sock is None or environ.get("SERVER_PROTOCOL") != "HTTP/1.1" or environ.get("REQUEST_METHOD") != "GET"
                or not monkey.is_module_patched("threading")):
            return None
        try:
            return None if os.get_blocking(sock.fileno()) else cls(sock)
        except OSError:
            return None

    def send_now(self, data) -> int:
        try:
            return os.write(self.fd, data)
        except BlockingIOError:
            return 0

    def send_all(self, data: bytes) -> None:
        """Send all of ``data``; Stalled (after which the connection is unusable) when the
        client takes nothing for STALLED_SECONDS."""
        rest = memoryview(data)
        while rest:
            rest = rest[self.send_now(rest):]
            if rest and not select.select([], [self.fd], [], self.stalled_seconds)[1]:
                raise Stalled(f"the client took nothing for {self.stalled_seconds} s")

    def cut(self) -> None:
        """End the connection: whatever is still written to it fails at once."""
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
