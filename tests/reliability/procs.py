"""Processes for fault and load tests: a Redis of their own, Celery workers, gunicorn.

Everything binds to 127.0.0.1 on free ports, runs in its own session (process group)
and is stopped by its own pid or group id; ``Processes`` stops whatever is still
running when the test ends, whatever happened.
"""

from __future__ import annotations

import dataclasses
import http.client
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import psutil

from engine import Match, canonical, registry, replay
from service.config import Settings
from service.dev.embedded_redis import EmbeddedRedis, free_port
from service.store import GameStore

from ..service.helpers import wait_for as wait_until

ROOT = Path(__file__).resolve().parents[2]


class Processes:
    """Starts children in their own process groups and stops all of them at the end."""

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.children: list[subprocess.Popen] = []
        self.servers: list[EmbeddedRedis] = []

    def __enter__(self) -> "Processes":
        return self

    def __exit__(self, *exc) -> None:
        for child in self.children:
            self.stop(child)
        for server in self.servers:
            server.stop()

    # -- Redis ---------------------------------------------------------------------
    def redis(self, port: int | None = None, data_dir: str | None = None) -> EmbeddedRedis:
        server = EmbeddedRedis(port or free_port(), data_dir or tempfile.mkdtemp(dir=self.workdir)).start()
        self.servers.append(server)
        return server

    # -- children ------------------------------------------------------------------
    def spawn(self, name: str, args: list[str], env: dict) -> subprocess.Popen:
        log = open(self.workdir / f"{name}.log", "ab")
        child = subprocess.Popen(args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                 start_new_session=True)
        child.log_path = self.workdir / f"{name}.log"
        self.children.append(child)
        return child

    def log(self, child: subprocess.Popen) -> str:
        return Path(child.log_path).read_text(errors="replace")

    def stop(self, child: subprocess.Popen, sig: int = signal.SIGTERM, timeout: float = 10) -> None:
        if child.poll() is None:
            try:
                os.killpg(child.pid, sig)
            except ProcessLookupError:
                pass
            try:
                child.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()
        # whatever is left of the group (a pool child, a gunicorn worker)
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def kill_group(self, child: subprocess.Popen) -> None:
        """SIGKILL the whole process group at once, as a crash of the machine's process would."""
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()

    def worker(self, name: str, env: dict, pool: str = "solo", concurrency: int = 1,
               queues: str | None = None) -> subprocess.Popen:
        """A Celery worker of ``queues`` (comma-separated; default: all); returns once it reported ready."""
        only = ["-Q", queues] if queues else []
        child = self.spawn(name, [sys.executable, "-m", "celery", "-A", "worker.app:celery", "worker", *only,
                                  f"--pool={pool}", f"--concurrency={concurrency}", "--loglevel=INFO",
                                  "--without-gossip", "--without-mingle", "--without-heartbeat",
                                  f"--hostname={name}@%h"], env)
        wait_until(lambda: "ready." in self.log(child) or child.poll() is not None, 30, 0.05,
                   f"worker {name} ready")
        assert child.poll() is None, self.log(child)
        return child

    def gunicorn(self, name: str, env: dict, workers: int = 2, extra: list[str] | None = None) -> tuple:
        """gunicorn serving the API on a free loopback port, with the served configuration
        (service/api/gunicorn_conf.py; ``extra`` options override it); returns (process, port)."""
        port = free_port()
        child = self.spawn(name, [sys.executable, "-m", "gunicorn", "-c", "python:service.api.gunicorn_conf",
                                  "--workers", str(workers), "--bind", f"127.0.0.1:{port}",
                                  "--graceful-timeout", "2", *(extra or []), "service.api.wsgi:app"], env)

        def up():
            assert child.poll() is None, self.log(child)
            try:
                return http_call(port, "GET", "/v1/health")[0] == 200
            except OSError:
                return False
        wait_until(up, 30, 0.05, f"gunicorn {name} serving")
        return child, port


def gunicorn_workers(master: subprocess.Popen) -> list[int]:
    return [p.pid for p in psutil.Process(master.pid).children()]


def service_env(redis_url: str, **extra) -> dict:
    env = {**os.environ, "REDIS_URL": redis_url, "RATE_LIMIT": "off", "PYTHONUNBUFFERED": "1"}
    env.pop("BROKER_URL", None)
    env.update({k: str(v) for k, v in extra.items()})
    return env


def settings_for(redis_url: str, **changes) -> Settings:
    changes = {"broker_url": redis_url, "rate_limit": "off", **changes}
    return dataclasses.replace(Settings.from_env(), redis_url=redis_url, **changes)


def store_for(redis_url: str) -> GameStore:
    return GameStore.from_settings(settings_for(redis_url))


def http_call(port: int, method: str, path: str, body=None, token: str | None = None, timeout: float = 10):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = conn.getresponse()
        data = response.read()
        return response.status, (json.loads(data) if data else None)
    finally:
        conn.close()


def check_consistent(store: GameStore, game_id: str) -> tuple[dict, list[dict]]:
    """The record and log of one game agree: gapless versions, log length = version, and
    replaying the seed and the logged moves gives exactly the stored match."""
    record, _ = store.load(game_id)
    log = store.log(game_id)
    assert [entry["version"] for entry in log] == list(range(1, len(log) + 1)), game_id
    assert record["version"] == len(log) == record["match"]["version"], game_id
    ruleset = registry.get(record["ruleset"])
    stored = Match.from_json(record["match"], ruleset)
    again = replay(ruleset, len(record["seats"]), record["match"]["options"], record["match"]["seed"],
                   [(entry["seat"], entry["move"]) for entry in log])
    assert canonical(again.to_json()) == canonical(stored.to_json()), game_id
    return record, log
