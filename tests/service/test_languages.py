"""Accept-Language over HTTP (issue 20): English by default, German for `de` (regions, q-values);
event and move `text`, error messages; the answers say `Vary: Accept-Language` and `Content-Language`."""

from .helpers import assert_error, bearer, create, tokens

GERMAN, FRENCH = {"Accept-Language": "de-AT,en;q=0.5"}, {"Accept-Language": "fr-CH, fr;q=0.9"}
HUMANS = [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]


def says_language(response, lang: str) -> None:
    assert response.headers["Content-Language"] == lang
    assert "Accept-Language" in response.headers["Vary"]


def test_moves_events_and_errors_in_the_requested_language(client):
    created = create(client, seats=HUMANS, ruleset="great-plains", seed=3)
    game_id, toks = created["game_id"], tokens(created)
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    url = f"/v1/games/{game_id}/legal-moves"
    english = client.get(url, headers=bearer(toks[seat]))
    german = client.get(url, headers={**bearer(toks[seat]), **GERMAN})
    says_language(english, "en")
    says_language(german, "de")
    first = german.json["moves"][0]
    assert first["text"].startswith("Höhle auf") and english.json["moves"][0]["text"].startswith("Place a cave at")
    assert [{k: v for k, v in m.items() if k != "text"} for m in german.json["moves"]] == \
        [{k: v for k, v in m.items() if k != "text"} for m in english.json["moves"]]

    moved = client.post(f"/v1/games/{game_id}/moves", headers={**bearer(toks[seat]), **GERMAN},
                        json={"move": first})          # a listed move, its text and all, is playable
    assert moved.status_code == 200, moved.json
    says_language(moved, "de")
    assert moved.json["events"][0]["text"] == "Spieler %d setzt eine Höhle auf %s" % (
        seat + 1, "(" + ", ".join(map(str, first["cell"])) + ")")

    history = {lang: client.get(f"/v1/games/{game_id}/history", headers=headers)
               for lang, headers in (("en", {}), ("de", GERMAN), ("fr", FRENCH))}
    texts = {lang: [e["text"] for entry in answer.json["entries"] for e in entry["events"]]
             for lang, answer in history.items()}
    assert texts["fr"] == texts["en"] != texts["de"] and all(texts["de"])
    assert history["de"].headers["ETag"] != history["en"].headers["ETag"] == history["fr"].headers["ETag"]
    again = client.get(f"/v1/games/{game_id}/history",
                       headers={**GERMAN, "If-None-Match": history["de"].headers["ETag"]})
    assert again.status_code == 304

    late = client.post(f"/v1/games/{game_id}/moves", headers={**bearer(toks[seat]), **GERMAN}, json={"move": first})
    assert_error(late, 409, "not_your_turn")
    says_language(late, "de")
    assert late.json["message"] == f"Platz {seat} ist nicht am Zug"
    assert client.post(f"/v1/games/{game_id}/moves", headers={**bearer(toks[seat]), **FRENCH},
                       json={"move": first}).json["message"] == f"seat {seat} is not to move"
