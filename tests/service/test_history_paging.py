"""History pages: ``since`` and ``limit`` walk the log without gaps or repeats, each page
redacted as the whole history is, with ETag / 304; and default seat names."""

from __future__ import annotations

from engine import seat_label

from .helpers import assert_error, bearer, create, tokens


def play(client, created, moves: int) -> None:
    game_id, toks = created["game_id"], tokens(created)
    for _ in range(moves):
        view = client.get(f"/v1/games/{game_id}").json
        if view["status"] == "finished":
            return
        seat = view["to_move"][0]
        listed = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(toks[seat])).json["moves"]
        assert client.post(f"/v1/games/{game_id}/moves", headers=bearer(toks[seat]),
                           json={"move": listed[0]}).status_code == 200


def test_pages_walk_the_whole_history_as_one_answer_shows_it(client):
    created = create(client)
    play(client, created, 6)
    game_id, toks = created["game_id"], tokens(created)
    for headers in ({}, bearer(toks[0]), bearer(toks[1])):
        whole = client.get(f"/v1/games/{game_id}/history", headers=headers).json
        assert whole["more"] is False and [e["version"] for e in whole["entries"]] == list(range(whole["version"] + 1))
        for limit in (1, 2, 5):
            walked, since = [], None
            while True:
                query = {"limit": limit, **({} if since is None else {"since": since})}
                page = client.get(f"/v1/games/{game_id}/history", query_string=query, headers=headers).json
                assert len(page["entries"]) <= limit
                walked += page["entries"]
                if not page["more"]:
                    break
                since = page["entries"][-1]["version"]
            assert walked == whole["entries"]


def test_since_the_current_version_is_empty_and_later_versions_too(client):
    created = create(client)
    play(client, created, 2)
    game_id = created["game_id"]
    version = client.get(f"/v1/games/{game_id}").json["version"]
    for since in (version, version + 5):
        page = client.get(f"/v1/games/{game_id}/history", query_string={"since": since}).json
        assert page == {"version": version, "entries": [], "more": False}
    one = client.get(f"/v1/games/{game_id}/history", query_string={"since": version - 1}).json
    assert [e["version"] for e in one["entries"]] == [version]


def test_history_has_an_etag_and_answers_304(client):
    created = create(client)
    game_id = created["game_id"]
    first = client.get(f"/v1/games/{game_id}/history")
    etag = first.headers["ETag"]
    assert client.get(f"/v1/games/{game_id}/history", headers={"If-None-Match": etag}).status_code == 304
    play(client, created, 1)
    assert client.get(f"/v1/games/{game_id}/history", headers={"If-None-Match": etag}).status_code == 200


def test_bad_paging_arguments_are_refused(client):
    game_id = create(client)["game_id"]
    for query in ({"since": -1}, {"limit": 0}, {"limit": 501}, {"since": "x"}):
        assert_error(client.get(f"/v1/games/{game_id}/history", query_string=query), 422, "malformed_request")


def test_default_seat_names_are_the_labels_people_see(client):
    created = create(client, seats=[{"kind": "human"}, {"kind": "human", "name": "Bo"}])
    assert [s["name"] for s in created["seats"]] == [seat_label(0), "Bo"] == ["Player 1", "Bo"]
    view = client.get(f"/v1/games/{created['game_id']}").json
    assert [s["name"] for s in view["seats"]] == ["Player 1", "Bo"]
    picture = client.get(f"/v1/games/{created['game_id']}/board.svg").data.decode()
    assert "Player 1" in picture and "Seat " not in picture
