"""Compare-and-set under contention: of N writers on one version exactly one wins."""

from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

from .helpers import bearer, create, tokens


def test_sixteen_concurrent_writers_on_one_version(app):
    client = app.test_client()
    created = create(client)
    game_id, toks = created["game_id"], tokens(created)
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    move = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[seat])).json["moves"][0]
    barrier = Barrier(16)

    def write(_):
        own = app.test_client()
        barrier.wait()
        response = own.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[seat]),
                            json={"move": move, "expected_version": 0})
        return response.status_code, response.json.get("code")

    with ThreadPoolExecutor(16) as pool:
        results = list(pool.map(write, range(16)))
    assert results.count((200, None)) == 1, results
    assert results.count((409, "stale_version")) == 15, results
    store = app.extensions["spielwerk"].store
    assert len(store.log(game_id)) == 1
    assert client.get(f"/v1/games/{game_id}").json["version"] == 1


def test_writers_without_expected_version_never_lose_a_move(app):
    """Blind writers may lose the race (stale_version) but never overwrite each other."""
    client = app.test_client()
    created = create(client, seats=[{"kind": "human"}] * 3)
    game_id, toks = created["game_id"], tokens(created)
    store = app.extensions["spielwerk"].store

    def write(seat):
        own = app.test_client()
        accepted = 0
        for _ in range(20):
            moves = own.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[seat])).json["moves"]
            if moves:
                response = own.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[seat]), json={"move": moves[0]})
                accepted += response.status_code == 200
        return accepted

    with ThreadPoolExecutor(3) as pool:
        accepted = sum(pool.map(write, range(3)))
    log = store.log(game_id)
    assert [entry["version"] for entry in log] == list(range(1, len(log) + 1))
    assert len(log) == accepted == client.get(f"/v1/games/{game_id}").json["version"]
