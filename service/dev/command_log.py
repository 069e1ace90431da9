"""The commands clients send to a Redis server, seen from the server (MONITOR): what a request
costs in round trips (bench/bench_round_trips.py, tests/service/test_round_trips.py).

Commands a script runs (MONITOR's ``[0 lua]``) are left out: an EVALSHA counts once. A
pipeline's commands count one each; the request path sends none on a single Redis, so
there the count is the number of round trips.
"""

from __future__ import annotations

import secrets
import threading

import redis


class CommandLog:
    """A context: ``commands`` lists what clients other than this one sent while it was open,
    each as MONITOR shows it (``"EVALSHA <sha> 2 key ..."``)."""

    def __init__(self, url: str, timeout: float = 10.0):
        self.url = url
        self.timeout = timeout
        self.commands: list[str] = []
        self._marker = "command-log-" + secrets.token_hex(8)
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._client = redis.Redis.from_url(url)

    def __enter__(self) -> "CommandLog":
        self._thread.start()
        while not self._ready.wait(0.05):        # MONITOR sees our marker: it is listening
            self._client.echo(self._marker + ":start")
        return self

    def __exit__(self, *_) -> None:
        self._client.echo(self._marker + ":stop")
        self._thread.join(self.timeout)
        self._client.close()

    def _watch(self) -> None:
        with redis.Redis.from_url(self.url).monitor() as monitor:
            recording = False
            while True:
                seen = monitor.next_command()
                command = seen["command"]
                if command.startswith("ECHO " + self._marker):
                    if command.endswith(":stop"):
                        return
                    recording = True
                    self._ready.set()
                elif recording and seen["client_type"] != "lua":
                    self.commands.append(command)

    def names(self) -> list[str]:
        """The commands' names, in order (``["HMGET", "EVALSHA", ...]``)."""
        return [command.split(" ", 1)[0].upper() for command in self.commands]
