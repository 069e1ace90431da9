"""``make run``: an embedded Redis, three Celery workers and gunicorn, stopped together.

REDIS_URL set: use that server instead of starting one. PORT (8000), HOST (127.0.0.1),
REDIS_PORT (6390, embedded only), WEB_CONCURRENCY (2), WEB_CONNECTIONS (1000 per gunicorn
worker; service/api/gunicorn_conf.py), WORKER_CONCURRENCY (1: the worker of AI turns,
score sheets and the clocks' timers), HINT_WORKER_CONCURRENCY (1: the worker of hints, at niceness 10, so that
hints never delay an AI seat), WEBHOOK_WORKER_CONCURRENCY (2: the worker of webhook
deliveries, which mostly wait on receivers) and RECORDS_WORKER_CONCURRENCY (1: the worker of
batches of records to check, at niceness 10) choose the rest. Ctrl-C or SIGTERM stops them all; if one dies, all stop.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from .embedded_redis import EmbeddedRedis


#: The hint worker's niceness: when the CPU is short, AI turns and requests come first.
HINT_WORKER_NICENESS = 10


def celery_worker(env: dict, queues: str, concurrency: str, niceness: int = 0, **popen) -> subprocess.Popen:
    """A Celery worker taking the tasks of ``queues`` (comma-separated), named after them, run
    at ``niceness``; ``popen`` goes to subprocess.Popen (cwd, stdout, ...)."""
    return subprocess.Popen(["nice", "-n", str(niceness), sys.executable, "-m", "celery", "-A", "worker.app:celery",
                             "worker", "-Q", queues, "-n", f"{queues.replace(',', '-')}@%h",
                             f"--loglevel={env.get('WORKER_LOGLEVEL', 'INFO')}", f"--concurrency={concurrency}"],
                            env=env, **popen)


def main() -> int:
    env = dict(os.environ)
    embedded = None
    if not env.get("REDIS_URL"):
        port = int(env.get("REDIS_PORT", "6390"))
        data_dir = os.path.abspath(env.get("REDIS_DIR", "var/redis"))
        try:
            embedded = EmbeddedRedis(port, data_dir).start()
        except RuntimeError as exc:
            print(f"spielwerk: cannot start the embedded Redis: {exc}", file=sys.stderr)
            return 1
        env["REDIS_URL"] = embedded.url
        print(f"spielwerk: embedded Redis on {embedded.url} (AOF in {data_dir})")
    bind = f"{env.get('HOST', '127.0.0.1')}:{env.get('PORT', '8000')}"
    children = [
        celery_worker(env, "ai,scores,clocks", env.get("WORKER_CONCURRENCY", "1")),
        celery_worker(env, "hints", env.get("HINT_WORKER_CONCURRENCY", "1"), HINT_WORKER_NICENESS),
        # webhook deliveries: a slow receiver holds only this worker, never AI turns or hints
        celery_worker(env, "webhooks", env.get("WEBHOOK_WORKER_CONCURRENCY", "2")),
        # batches of records to check (POST /v1/records/validate-batch): pure CPU, after AI turns
        celery_worker(env, "records", env.get("RECORDS_WORKER_CONCURRENCY", "1"), HINT_WORKER_NICENESS),
        # bind (HOST, PORT), workers (WEB_CONCURRENCY), WEB_CONNECTIONS: the config module reads them
        subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "python:service.api.gunicorn_conf",
                          "service.api.wsgi:app"], env=env),
    ]
    print(f"spielwerk: serving on http://{bind}/v1/health (Ctrl-C stops)")
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    code = 0
    try:
        while not stopping:
            dead = [c for c in children if c.poll() is not None]
            if dead:
                print(f"spielwerk: {' '.join(map(str, dead[0].args[3:10]))} exited with {dead[0].returncode}; stopping",
                      file=sys.stderr)
                code = 1
                break
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    for child in reversed(children):
        if child.poll() is None:
            child.terminate()
    for child in children:
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()
    if embedded:
        embedded.stop()
    print("spielwerk: stopped")
    return code


if __name__ == "__main__":
    sys.exit(main())
