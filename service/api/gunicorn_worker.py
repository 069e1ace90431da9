"""The API's gunicorn worker: gunicorn's gevent worker, sending a response's head and body in one call.

gunicorn writes a response's head and then its body, each with its own ``sendall``; on
loopback every send pays a full pass through the TCP stack, about a tenth of a small
request's cost. Here the head of a response whose length is known (a ``Content-Length``
header: everything but streams and upgrades) waits for the first write of the body, or for
the end of the request, and leaves with it. Named by ``worker_class`` in
``service/api/gunicorn_conf.py``; imported by gunicorn's master before it forks, so it
imports nothing of the app (gunicorn's gevent worker module, as the plain ``gevent`` class).
"""

from __future__ import annotations

from gunicorn.workers.ggevent import GeventWorker

LENGTH_HEADER = b"\r\ncontent-length:"


class HeadWithBody:
    """A connection's socket for one request: the first ``sendall`` (gunicorn's response head)
    is held back when it announces a length, and sent joined to the next one, or by ``flush``.
    Any other use of the socket sends the held head first."""

    def __init__(self, sock):
        self._sock = sock
        self._head: bytes | None = None
        self._first = True

    def sendall(self, data: bytes) -> None:
        if self._first:
            self._first = False
            if LENGTH_HEADER in data.lower():
                self._head = data
                return
        elif self._head is not None:
            data, self._head = self._head + data, None
        self._sock.sendall(data)

    def flush(self) -> None:
        """Send the head still held (a response without a body: HEAD, 204, 304)."""
        if self._head is not None:
            head, self._head = self._head, None
            self._sock.sendall(head)

    def __getattr__(self, name: str):
        self.flush()
        return getattr(self._sock, name)


class OneSendGeventWorker(GeventWorker):
    """gunicorn's gevent worker, each request's socket a :class:`HeadWithBody`."""

    def handle_request(self, listener_name, req, sock, addr):
        held = HeadWithBody(sock)
        try:
            super().handle_request(listener_name, req, held, addr)
        finally:
            held.flush()
