"""Server push over SSE (GET /v1/games/{id}/events) against real Redis, a real Celery worker and
real HTTP: each stream equals its viewer's history, entry by entry; resumes lose and repeat
nothing; tickets work once and expire; the per-client limit; hidden information stays hidden."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import redis

from service.events import Closed, Hub
from tests.reliability.procs import http_call

from .play import RULESETS, Reader, check_matches_history, create, history, play_out
from .sse import Stream


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_stream_equals_its_viewers_history(served_port, ruleset):
    game_id, tokens, admin = create(served_port, ruleset, humans=1, players=2, seed=11)
    path = f"/v1/games/{game_id}/events"
    seat, spectator = Reader(served_port, path, tokens[0]), Reader(served_port, path)
    as_admin = Reader(served_port, path, admin)
    view = play_out(served_port, game_id, tokens, seed=3)
    status, score = 202, None
    while status == 202:
        status, score = http_call(served_port, "GET", f"/v1/games/{game_id}/score")
    for reader, token in ((seat, tokens[0]), (spectator, None), (as_admin, None)):
        messages = reader.finish()
        check_matches_history(messages, history(served_port, game_id, token), view)
        assert messages[-1]["data"]["final"] == score
    assert [m["data"] for m in as_admin.messages] == [m["data"] for m in spectator.messages]
    # hidden information: no private field of any seat reaches a stream (the redaction of the history)
    for reader in (seat, spectator):
        assert "_private" not in "\n".join(reader.stream.text)


def test_hidden_information_stays_hidden_on_a_seats_stream(served_port):
    """Targi hides hands: seat 1's stream equals seat 1's history and differs from seat 0's where the
    other seat's draws are hidden from it."""
    game_id, tokens, _ = create(served_port, "targi", humans=2, players=2, seed=5)
    path = f"/v1/games/{game_id}/events"
    readers = {s: Reader(served_port, path, tokens[s]) for s in (0, 1)}
    view = play_out(served_port, game_id, tokens, seed=8)
    histories = {s: history(served_port, game_id, tokens[s]) for s in (0, 1)}
    for s in (0, 1):
        check_matches_history(readers[s].finish(), histories[s], view)
    assert histories[0] != histories[1]           # each seat saw things the other did not
    assert [m["data"]["events"] for m in readers[0].messages if m["event"] == "move"] != \
        [m["data"]["events"] for m in readers[1].messages if m["event"] == "move"]


def test_reconnecting_mid_game_while_moves_land_loses_and_repeats_nothing(served_port):
    game_id, tokens, _ = create(served_port, "targi", humans=2, players=2, seed=21)
    mover = threading.Thread(target=play_out, args=(served_port, game_id, tokens), kwargs={"seed": 4},
                             daemon=True)
    mover.start()
    got, last, connections = [], None, 0
    while not got or got[-1]["event"] != "final":
        stream = Stream(served_port, f"/v1/games/{game_id}/events", token=tokens[1], last_id=last)
        assert stream.status == 200
        connections += 1
        for index, message in enumerate(stream.messages()):
            got.append(message)
            last = message["id"]
            if message["event"] == "final" or index == connections % 5 + 1:
                break
        stream.close()
        time.sleep(0.05 * (connections % 3))       # moves land while disconnected
    mover.join(60)
    status, view = http_call(served_port, "GET", f"/v1/games/{game_id}")
    assert connections > 5
    check_matches_history(got, history(served_port, game_id, tokens[1]), view)


def test_since_resumes_like_last_event_id_and_a_finished_game_replays_to_its_sheet(port):
    game_id, tokens, _ = create(port, "great-plains", humans=1, players=2, seed=2)
    view = play_out(port, game_id, tokens)
    Reader(port, f"/v1/games/{game_id}/events").finish()   # the final sheet is written
    by_query = Reader(port, f"/v1/games/{game_id}/events?since=3").finish()
    by_header = Reader(port, f"/v1/games/{game_id}/events", last_id=3).finish()
    assert by_query == by_header
    assert [m["id"] for m in by_query if m["event"] == "move"] == list(range(4, view["version"] + 1))
    assert by_query[-1]["event"] == "final"


def test_a_ticket_opens_its_seats_stream_once_and_expires(port, app):
    game_id, tokens, admin = create(port, "targi", humans=2, players=2, seed=9)
    status, answer = http_call(port, "POST", f"/v1/games/{game_id}/stream-ticket", token=tokens[1])
    assert status == 201 and answer["expires_in"] == 60
    ticket = answer["ticket"]
    stream = Stream(port, f"/v1/games/{game_id}/events?ticket={ticket}")
    assert stream.status == 200 and stream.response.getheader("Cache-Control") == "private, no-store"
    first = next(stream.messages())
    shown = {k: v for k, v in first["data"].items() if k not in ("to_move", "status")}
    assert first["id"] == 0 and shown == history(port, game_id, tokens[1])[0]
    stream.close()
    again = Stream(port, f"/v1/games/{game_id}/events?ticket={ticket}")
    assert again.status == 401 and again.json()["code"] == "unauthorized"
    # no ticket for a spectator, the admin token or a wrong token; a ticket opens its own game only
    assert http_call(port, "POST", f"/v1/games/{game_id}/stream-ticket")[0] == 401
    assert http_call(port, "POST", f"/v1/games/{game_id}/stream-ticket", token=admin)[0] == 401
    other, other_tokens, _ = create(port, "targi", humans=2, players=2)
    _, answer = http_call(port, "POST", f"/v1/games/{other}/stream-ticket", token=other_tokens[0])
    assert Stream(port, f"/v1/games/{game_id}/events?ticket={answer['ticket']}").status == 401
    # Redis keeps the ticket's hash only, for 60 s
    store = redis.Redis.from_url(app.config.get("REDIS_URL") or __import__("os").environ["REDIS_URL"])
    _, answer = http_call(port, "POST", f"/v1/games/{game_id}/stream-ticket", token=tokens[0])
    keys = [k.decode() for k in store.scan_iter(match="stream_ticket:*")]
    assert keys and all(answer["ticket"] not in k for k in keys)
    assert all(0 < store.ttl(k) <= 60 for k in keys)
    tickets = app.extensions["spielwerk_streams"].tickets
    tickets.seconds = 1
    try:
        _, answer = http_call(port, "POST", f"/v1/games/{game_id}/stream-ticket", token=tokens[0])
        time.sleep(1.5)
        assert Stream(port, f"/v1/games/{game_id}/events?ticket={answer['ticket']}").status == 401
    finally:
        tickets.seconds = 60


def test_streams_per_client_are_limited(port, app):
    game_id, tokens, _ = create(port, "targi", humans=2, players=2, seed=4)
    slots = app.extensions["spielwerk_streams"].slots
    slots.redis.delete("streams:{127.0.0.1}")       # streams earlier tests left for the server to notice
    slots.limit = 2
    try:
        open_ = [Stream(port, f"/v1/games/{game_id}/events") for _ in range(2)]
        assert [s.status for s in open_] == [200, 200]
        refused = Stream(port, f"/v1/games/{game_id}/events")
        body = refused.json()
        assert refused.status == 429 and body["code"] == "too_many_streams" and body["errors"] == {"limit": 2}
        open_[0].close()
        # the server notices the closed connection when it next writes to it (a move here, else
        # the heartbeat) and gives the slot back
        for version in range(1, 20):
            play_out(port, game_id, tokens, seed=version, stop_at=version)
            again = Stream(port, f"/v1/games/{game_id}/events")
            if again.status == 200:
                break
            time.sleep(0.2)
        assert again.status == 200
        for s in open_[1:] + [again]:
            s.close()
    finally:
        slots.limit = 20


def test_a_subscriber_that_falls_behind_is_closed_after_what_it_had_queued(redis_url):
    hub = Hub(redis_url, bound=3)
    client = redis.Redis.from_url(redis_url)
    try:
        sub = hub.subscribe("behind")
        for version in range(1, 11):
            client.publish("events:{behind}", json.dumps({"kind": "move", "entry": {"version": version}}))
        time.sleep(0.5)
        got = []
        with pytest.raises(Closed) as ended:
            while True:
                item = sub.get(1)
                assert item is not None
                got.append(item.version)
        assert got == [1, 2, 3] and ended.value.args[0] == "overflow"
        assert hub.subscribers() == 1      # the route unsubscribes it
        hub.unsubscribe(sub)
        assert hub.subscribers() == 0
    finally:
        hub.stop()
        client.close()


def test_a_stream_counts_once_against_the_rate_limit(app):
    """An AI-only game followed to its end on one stream: the stream is one request of the
    client's four a minute, however many messages it carries."""
    import dataclasses

    from werkzeug.serving import make_server

    from service.api.app import create_app
    from service.config import Settings

    limited = create_app(dataclasses.replace(Settings.from_env(), rate_limit="4 per minute"))
    server = make_server("127.0.0.1", 0, limited, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_port
        status, created = http_call(port, "POST", "/v1/games", {"ruleset": "great-plains", "seats": [
            {"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}]})            # request 1
        assert status == 201
        messages = Reader(port, f"/v1/games/{created['game_id']}/events").finish()            # request 2
        assert messages[-1]["event"] == "final" and len(messages) > 10
        assert http_call(port, "GET", f"/v1/games/{created['game_id']}")[0] == 200          # 3
        assert http_call(port, "GET", f"/v1/games/{created['game_id']}")[0] == 200          # 4
        assert http_call(port, "GET", f"/v1/games/{created['game_id']}")[0] == 429          # 5: limited
    finally:
        server.shutdown()
        thread.join(10)
        limited.extensions["spielwerk_streams"].hub.stop()


def test_a_direct_write_the_socket_does_not_take_whole_is_finished_in_order():
    """Under gevent, as gunicorn serves streams: frames the socket does not take whole are
    finished by the stream's greenlet before anything else, and what came meanwhile follows
    in order: every version once, whole, in order."""
    done = subprocess.run([sys.executable, "-m", "tests.streams.direct_writes"], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["short_writes"] > 0                    # the socket did refuse some writes
    assert result["versions"] == list(range(1, 61))


# -- a seat token taken away (issue 17) ------------------------------------------------
def test_a_reissued_token_ends_its_open_stream_and_the_spectators_goes_on(served_port):
    """A new token for a seat ends the streams opened with the old one after that version (under
    gunicorn with live writes) and voids the tickets issued with it; a spectator's stream goes on."""
    game_id, tokens, admin = create(served_port, "targi", humans=2, players=2, seed=4)
    path = f"/v1/games/{game_id}/events"
    seat, spectator = Reader(served_port, path, tokens[0]), Reader(served_port, path)
    ticket = http_call(served_port, "POST", f"{path[:-len('/events')]}/stream-ticket", token=tokens[0])[1]["ticket"]
    status, issued = http_call(served_port, "POST", f"/v1/games/{game_id}/seats/0/token", token=admin)
    assert status == 201
    assert Stream(served_port, f"{path}?ticket={ticket}").status == 401   # issued with the old token
    messages = seat.finish(timeout=20)
    assert messages[-1]["id"] == issued["version"]
    assert messages[-1]["data"]["events"] == [{"type": "seat_token_reissued", "seat": 0,
                                               "text": "Player 1 gets a new seat token"}]
    assert http_call(served_port, "GET", path, token=tokens[0])[0] == 401
    assert spectator.is_alive()
    assert http_call(served_port, "POST", f"/v1/games/{game_id}/abort", token=admin)[0] == 200
    assert [m["event"] for m in spectator.finish(timeout=30)][-2:] == ["move", "final"]
