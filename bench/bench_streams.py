"""Server push at scale: 1,000 SSE subscribers on one game, in one run.

Starts an embedded Redis and gunicorn with the served configuration (service/api/
gunicorn_conf.py: 2 gevent workers, 1000 connections each) on free ports, creates Targi games
of two human seats, and an asyncio client (aiohttp for the moves, bare asyncio protocols holding
the streams) that

1. plays MOVES moves (random legal ones) with no subscriber connected: the move's p50/p99
   (the `POST .../moves` round trip);
2. opens SUBSCRIBERS spectator streams (`GET .../events?since=<version>`) on the game and waits
   until each has its first bytes; the RSS of the gunicorn workers before and after, idle,
   gives the memory per subscriber;
3. plays MOVES moves again, one every PACE seconds: the move's p50/p99 with the subscribers
   connected, and per delivery the time from the move's commit to the subscriber reading the
   message's `id:` line (p50/p99 over all deliveries). The commit's time is when a probe
   subscribed to the game's Redis channel hears the store's publish (the same script as the
   write); the time from the move's request being sent is reported too (an upper bound).

The client shares the 2 cores with gunicorn and Redis. The streams are held by READERS
processes of their own (bare asyncio protocols; they do not parse the JSON but look for the
`id:` line), apart from the process that makes the moves: a move's round trip is then not
held up by the client reading 1,000 deliveries in the same event loop. Both read the same
system-wide monotonic clock.

    .venv/bin/python bench/bench_streams.py [--subscribers 1000] [--moves 100] [--pace 0.2] [--readers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import aiohttp
import psutil
import redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.dev.embedded_redis import EmbeddedRedis, free_port  # noqa: E402
from service.store import events_channel  # noqa: E402


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def workers_rss(master: subprocess.Popen) -> int:
    return sum(child.memory_info().rss for child in psutil.Process(master.pid).children())


class Game:
    """A Targi game of two human seats, played with random legal moves (a new one when it ends)."""

    def __init__(self, session: aiohttp.ClientSession, base: str, rng: random.Random):
        self.session, self.base, self.rng = session, base, rng

    async def create(self) -> None:
        async with self.session.post(f"{self.base}/v1/games", json={
                "ruleset": "targi", "seats": [{"kind": "human"}, {"kind": "human"}]}) as r:
            created = await r.json()
        self.game_id = created["game_id"]
        self.tokens = {s["seat"]: s["token"] for s in created["seats"]}

    async def version(self) -> int:
        async with self.session.get(f"{self.base}/v1/games/{self.game_id}") as r:
            return (await r.json())["version"]

    async def move(self) -> tuple[int, float, float] | None:
        """Play one move: (its version, when the request was sent, its round trip); None at the end."""
        async with self.session.get(f"{self.base}/v1/games/{self.game_id}") as r:
            view = await r.json()
        if view["status"] == "finished":
            return None
        seat = view["to_move"][0]
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"}
        async with self.session.get(f"{self.base}/v1/games/{self.game_id}/legal-moves", headers=headers) as r:
            moves = (await r.json())["moves"]
        sent = time.perf_counter()
        async with self.session.post(f"{self.base}/v1/games/{self.game_id}/moves", headers=headers, json={
                "move": self.rng.choice(moves), "expected_version": view["version"]}) as r:
            await r.read()
            assert r.status == 200, r.status
        return view["version"] + 1, sent, time.perf_counter() - sent


class Subscriber(asyncio.Protocol):
    """One stream as a bare asyncio protocol (aiohttp's per-chunk cost, about 100 us, would make the
    client, not the server, the bottleneck with 1,000 streams on 2 cores): notes when each
    message's ``id:`` line arrives."""

    def __init__(self, request: bytes, connected, arrivals: dict, ramp: asyncio.Semaphore):
        self.request, self.connected, self.arrivals, self.ramp = request, connected, arrivals, ramp
        self.buffer = b""
        self.headers_done = False

    def connection_made(self, transport):
        transport.write(self.request)

    def data_received(self, data: bytes):
        now = time.perf_counter()
        self.buffer += data
        if not self.headers_done:
            if b"\r\n\r\n" not in self.buffer:
                return
            head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
            assert head.startswith(b"HTTP/1.1 200"), head[:80]
            self.headers_done = True
            self.ramp.release()
            self.connected()
        while True:                       # chunked: each SSE message arrives in its own chunk
            at = self.buffer.find(b"\nid: ")
            if at < 0:
                self.buffer = self.buffer[-8:]
                return
            end = self.buffer.find(b"\n", at + 5)
            if end < 0:
                return
            self.arrivals.setdefault(int(self.buffer[at + 5:end]), []).append(now)
            self.buffer = self.buffer[end:]


async def subscribe_all(port: int, path: str, count: int, ramp_size: int, arrivals: dict) -> list:
    loop = asyncio.get_running_loop()
    ramp = asyncio.Semaphore(ramp_size)
    everyone = asyncio.Event()
    done = [0]

    def connected():
        done[0] += 1
        if done[0] == count:
            everyone.set()

    request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n").encode()
    transports = []
    for _ in range(count):
        await ramp.acquire()              # RAMP connecting at once, as clients arriving
        transport, _ = await loop.create_connection(lambda: Subscriber(request, connected, arrivals, ramp),
                                                    "127.0.0.1", port)
        transports.append(transport)
    await asyncio.wait_for(everyone.wait(), 120)
    return transports


def probe(redis_url: str, game_id: str, heard: dict, stop) -> None:
    """Note when each version's publish reaches a plain Redis subscriber: the commit's time."""
    pubsub = redis.Redis.from_url(redis_url).pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(events_channel(game_id))
    while not stop.is_set():
        message = pubsub.get_message(timeout=0.1)
        if message is not None:
            at = time.perf_counter()
            data = json.loads(message["data"])
            if data["kind"] == "move":
                heard[data["entry"]["version"]] = at
    pubsub.close()


def reader(conn, port: int) -> None:
    """A reader process: told (path, count, ramp), holds that many streams, answers "ready";
    told "stop", closes them and answers with the arrival times by version."""

    async def hold():
        path, count, ramp, niceness = conn.recv()
        os.nice(niceness)
        arrivals: dict[int, list[float]] = {}
        transports = await subscribe_all(port, path, count, ramp, arrivals)
        conn.send("ready")
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)
        for transport in transports:
            transport.close()
        conn.send(arrivals)

    asyncio.run(hold())


async def measure(args, port: int, master: subprocess.Popen, readers: list, redis_url: str) -> dict:
    base = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=4)) as mover:
        rng = random.Random(1)
        game = Game(mover, base, rng)
        await game.create()

        async def play(count: int, pace: float) -> list[tuple[int, float, float]]:
            played = []
            while len(played) < count:
                result = await game.move()
                if result is None:                   # the game ended: a new one (subscribers are on the first)
                    raise RuntimeError("the game ended: use fewer --moves")
                played.append(result)
                await asyncio.sleep(pace)
            return played

        await play(10, 0)                             # warm-up
        quiet = await play(args.moves, args.pace)
        await game.create()                           # a fresh game for the subscribers (a Targi game is short)
        await play(10, 0)
        await asyncio.sleep(1)
        rss_before = workers_rss(master)
        since = await game.version()
        started = time.perf_counter()
        path = f"/v1/games/{game.game_id}/events?since={since}"
        shares = [args.subscribers // len(readers) + (i < args.subscribers % len(readers)) for i in range(len(readers))]
        for conn, share in zip(readers, shares):
            conn.send((path, share, max(1, args.ramp // len(readers)), args.reader_nice))
        loop = asyncio.get_running_loop()
        for conn in readers:
            assert await loop.run_in_executor(None, conn.recv) == "ready"
        connect_seconds = time.perf_counter() - started
        await asyncio.sleep(3)
        rss_after = workers_rss(master)
        heard: dict[int, float] = {}
        stop = threading.Event()
        listener = threading.Thread(target=probe, args=(redis_url, game.game_id, heard, stop))
        listener.start()
        await asyncio.sleep(0.5)
        loaded = await play(args.moves, args.pace)
        await asyncio.sleep(2)
        stop.set()
        listener.join()
        arrivals: dict[int, list[float]] = {}
        for conn in readers:
            conn.send("stop")
            for version, times in (await loop.run_in_executor(None, conn.recv)).items():
                arrivals.setdefault(version, []).extend(times)
        delays, from_sent, missing = [], [], 0
        for version, sent, _ in loaded:
            got = arrivals.get(version, [])
            missing += args.subscribers - len(got)
            delays += [t - heard[version] for t in got]
            from_sent += [t - sent for t in got]
    return {"quiet": [t for _, _, t in quiet], "loaded": [t for _, _, t in loaded], "delays": delays,
            "from_sent": from_sent,
            "missing": missing, "rss_before": rss_before, "rss_after": rss_after,
            "connect_seconds": connect_seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--subscribers", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--pace", type=float, default=0.2, help="seconds between moves")
    parser.add_argument("--ramp", type=int, default=50, help="streams connecting at once")
    parser.add_argument("--readers", type=int, default=2, help="processes holding the streams")
    parser.add_argument("--reader-nice", type=int, default=0,
                        help="niceness of the reader processes (subscribers are other machines in production: "
                             "a positive value keeps their reading off the server's share of the cores)")
    args = parser.parse_args()
    server = EmbeddedRedis(free_port()).start()
    port = free_port()
    env = {**os.environ, "REDIS_URL": server.url, "RATE_LIMIT": "off", "MAX_ACTIVE_GAMES_PER_CLIENT": "off",
           "MAX_STREAMS_PER_CLIENT": "off"}
    api = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "python:service.api.gunicorn_conf",
                            "--bind", f"127.0.0.1:{port}", "--access-logfile", "/dev/null", "service.api.wsgi:app"],
                           cwd=ROOT, env=env, stderr=subprocess.DEVNULL)
    try:
        import http.client
        for _ in range(200):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", "/v1/health")
                conn.getresponse().read()
                break
            except OSError:
                time.sleep(0.1)
        pipes = [multiprocessing.Pipe() for _ in range(args.readers)]
        procs = [multiprocessing.Process(target=reader, args=(child, port), daemon=True) for _, child in pipes]
        for proc in procs:
            proc.start()
        result = asyncio.run(measure(args, port, api, [parent for parent, _ in pipes], server.url))
        for proc in procs:
            proc.join(10)
    finally:
        api.terminate()
        api.wait()
        server.stop()
    ms = lambda values, q: f"{1000 * percentile(values, q):.1f} ms"  # noqa: E731
    quiet_p50, loaded_p50 = statistics.median(result["quiet"]), statistics.median(result["loaded"])
    print(f"subscribers {args.subscribers}, moves {args.moves} per phase, one every {args.pace} s")
    print(f"all connected in {result['connect_seconds']:.1f} s")
    print(f"move without subscribers: p50 {ms(result['quiet'], 0.5)}, p99 {ms(result['quiet'], 0.99)}")
    print(f"move with subscribers:    p50 {ms(result['loaded'], 0.5)}, p99 {ms(result['loaded'], 0.99)}"
          f"  (p50 ratio {loaded_p50 / quiet_p50:.2f}x)")
    print(f"delivery (commit -> message read), {len(result['delays'])} deliveries, "
          f"{result['missing']} missing: p50 {ms(result['delays'], 0.5)}, p99 {ms(result['delays'], 0.99)}, "
          f"max {ms(result['delays'], 1.0)}")
    print(f"delivery (move request sent -> message read): p50 {ms(result['from_sent'], 0.5)}, "
          f"p99 {ms(result['from_sent'], 0.99)}")
    delta = result["rss_after"] - result["rss_before"]
    print(f"gunicorn workers' RSS {result['rss_before'] / 2**20:.1f} MiB -> {result['rss_after'] / 2**20:.1f} MiB: "
          f"{delta / args.subscribers / 1024:.1f} KiB per idle subscriber")


if __name__ == "__main__":
    main()
