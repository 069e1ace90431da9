"""A stream's live messages written straight to its socket by the dispatcher, run the way
gunicorn's gevent workers run it (``python -m tests.streams.direct_writes``, which patches
the process with gevent first): the dispatcher offers VERSIONS frames to a subscriber whose
socket takes only a few; a greenlet plays the stream's part (``get``, then the leftover,
then what was queued), and a slow reader drains the other end. Prints JSON: the versions
the reader got, in order, and how many writes the socket did not take whole."""

from gevent import monkey

monkey.patch_all()

import json  # noqa: E402
import socket  # noqa: E402
import time  # noqa: E402

import gevent  # noqa: E402

from service.api.stream_socket import StreamSocket, chunk  # noqa: E402
from service.events import Closed, Published, Subscription  # noqa: E402

VERSIONS = 60
SIZE = 3000


def frame(version: int) -> bytes:
    return b"%d:" % version + b"x" * SIZE + b"\n"


def main() -> None:
    ours, theirs = socket.socketpair()
    ours.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    theirs.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock = StreamSocket(ours)
    short = []

    def send_now(data) -> int:
        sent = sock.send_now(data)
        if sent < len(data):
            short.append(sent)
        return sent

    sub = Subscription("g", bound=VERSIONS)
    sub.go_direct(send_now, lambda message: chunk(frame(message.version)), "chunk", 0)

    def stream() -> None:               # the stream route's live loop, as far as writing goes
        while True:
            try:
                item = sub.get(1)
            except Closed:
                return
            rest = sub.take_leftover()
            if rest:
                sock.send_all(rest)
            if item is not None and item.version > sub.last:
                sock.send_all(chunk(frame(item.version)))
                sub.last = item.version

    def dispatch() -> None:
        for version in range(1, VERSIONS + 1):
            sub.offer(Published({"kind": "move", "entry": {"version": version}}))
            if version % 10 == 0:       # bursts of ten: offers come while a leftover waits
                gevent.sleep(0.05)
        gevent.sleep(0.5)
        sub.close("done")

    received = bytearray()

    def read() -> None:
        time.sleep(0.2)                 # a slow reader: the socket fills meanwhile
        while chunk_of := theirs.recv(65536):
            received.extend(chunk_of)

    reader = gevent.spawn(read)
    gevent.joinall([gevent.spawn(stream), gevent.spawn(dispatch)])
    ours.close()
    reader.join(10)
    versions, body = [], bytes(received)
    while body:                         # HTTP/1.1 chunks, each one frame
        size, _, body = body.partition(b"\r\n")
        data, body = body[:int(size, 16)], body[int(size, 16) + 2:]
        assert data == frame(int(data.split(b":")[0])), "a frame arrived broken"
        versions.append(int(data.split(b":")[0]))
    print(json.dumps({"versions": versions, "short_writes": len(short)}))


if __name__ == "__main__":
    main()
