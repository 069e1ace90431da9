"""Error messages in the request's language (issue 20): the specific message, which rule and
which field, in German for `de` (game words in the publishers' German terms), the same English
as before for `en`; a library's own words (werkzeug's) are a generic text per code in German."""

import pytest

from .helpers import assert_error, bearer, create, tokens

GERMAN, ENGLISH = {"Accept-Language": "de"}, {"Accept-Language": "en"}
HUMANS = [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]


def to_move(client, game_id: str, toks: dict) -> tuple[int, dict]:
    seat = client.get(f"/v1/games/{game_id}").json["to_move"][0]
    return seat, bearer(toks[seat])


def refused(client, game_id: str, auth: dict, move: dict) -> dict:
    """The answers to ``move`` in German and in English: the same code, each its language."""
    answers = {lang: client.post(f"/v1/games/{game_id}/moves", headers={**auth, **headers}, json={"move": move})
               for lang, headers in (("de", GERMAN), ("en", ENGLISH))}
    assert answers["de"].json["code"] == answers["en"].json["code"]
    assert answers["de"].headers["Content-Language"] == "de"
    return {lang: answer.json["message"] for lang, answer in answers.items()}


def legal(client, game_id: str, auth: dict) -> list[dict]:
    return client.get(f"/v1/games/{game_id}/legal-moves", headers=auth).json["moves"]


def test_carcassonne_names_the_rule_in_german(client):
    created = create(client, seats=HUMANS, ruleset="carcassonne-hg", seed=5)
    game_id = created["game_id"]
    seat, auth = to_move(client, game_id, tokens(created))
    assert refused(client, game_id, auth, {"type": "no_piece"}) == {
        "de": "jetzt muss die gezogene Karte gelegt werden: {type: place_tile, x, y, rotation} (§2 T2)",
        "en": "now the drawn tile must be placed: {type: place_tile, x, y, rotation} (§2 T2)"}
    assert refused(client, game_id, auth, {"type": "place_tile", "x": 0, "y": 0, "rotation": 0}) == {
        "de": "auf Position (0, 0) liegt schon eine Karte (§3.1)",
        "en": "position (0, 0) already holds a tile (§3.1)"}


def test_great_plains_names_phases_in_german(client):
    created = create(client, seats=HUMANS, ruleset="great-plains", seed=3)
    game_id = created["game_id"]
    seat, auth = to_move(client, game_id, tokens(created))
    cell = legal(client, game_id, auth)[0]["cell"]
    assert refused(client, game_id, auth, {"type": "place", "cell": cell}) == {
        "de": "Züge place gibt es nur in der Figurenphase (jetzt: Höhlenphase)",
        "en": "place moves are made only in the figure phase (now: the cave phase)"}


def test_targi_names_the_rule_in_german(client):
    created = create(client, seats=HUMANS, ruleset="targi", seed=3)
    game_id = created["game_id"]
    seat, auth = to_move(client, game_id, tokens(created))
    assert refused(client, game_id, auth, {"type": "place", "card": 4}) == {
        "de": "R3: Targi-Figuren kommen nur auf die 12 Randkarten, die keine Ecken sind",
        "en": "R3: Targi go only on the 12 non-corner border cards"}


def test_woodwalkers_names_the_species_in_german(client):
    created = create(client, seats=HUMANS, ruleset="woodwalkers", seed=3, options={"arrangement": "player_choice"})
    game_id, toks = created["game_id"], tokens(created)
    seat, auth = to_move(client, game_id, toks)
    squirrel = next(m for m in legal(client, game_id, auth) if m["species"] == "squirrel")
    assert client.post(f"/v1/games/{game_id}/moves", headers=auth, json={"move": squirrel}).status_code == 200
    again = next(m for m in legal(client, game_id, auth) if m["type"] == "arrange")
    assert refused(client, game_id, auth, {**again, "species": "squirrel"}) == {
        "de": "Aufstellung: dein Tierplättchen Hörnchen liegt schon",
        "en": "arrangement: your squirrel is already placed"}


def test_the_turn_and_the_options_in_german(client):
    created = create(client, seats=HUMANS, ruleset="targi", seed=3)
    game_id, toks = created["game_id"], tokens(created)
    seat, _ = to_move(client, game_id, toks)
    other = bearer(toks[1 - seat])
    assert refused(client, game_id, other, {"type": "place", "card": 1}) == {
        "de": f"Platz {1 - seat} ist nicht am Zug", "en": f"seat {1 - seat} is not to move"}

    body = {"ruleset": "great-plains", "seats": HUMANS, "options": {"layout": [], "caves_per_player": 4}}
    german = client.post("/v1/games", json=body, headers=GERMAN)
    assert_error(german, 422, "invalid_options")
    english = client.post("/v1/games", json=body, headers=ENGLISH).json
    assert german.json["message"] == "Optionen abgelehnt: /layout: 7 Platzierungen erwartet, bekam 0 (und 1 weitere)"
    assert english["message"] == "options rejected: /layout: expected 7 placements, got 0 (and 1 more)"
    problems = {p["path"]: p["message"] for p in german.json["errors"]["problems"]}
    assert problems == {"/layout": "7 Platzierungen erwartet, bekam 0", "/caves_per_player": "2 × caves_per_player = 8 übersteigt die 7 Höhlenfelder"}


@pytest.mark.parametrize("lang, message", [("de", "Spiel nicht gefunden"), ("en", "game not found")])
def test_service_errors_in_the_requested_language(client, lang, message):
    answer = client.get("/v1/games/nosuchgame", headers={"Accept-Language": lang})
    assert_error(answer, 404, "not_found")
    assert answer.json["message"] == message


def test_a_librarys_words_are_a_generic_text_in_german(client):
    german = client.get("/v1/no/such/path", headers=GERMAN)
    assert_error(german, 404, "not_found")
    assert german.json["message"] == "Nicht gefunden."
    english = client.get("/v1/no/such/path", headers=ENGLISH).json["message"]
    assert english != german.json["message"] and "not found" in english.lower()


def test_a_refused_request_body_in_german(client):
    created = create(client, seats=HUMANS, ruleset="targi", seed=3)
    game_id = created["game_id"]
    seat, auth = to_move(client, game_id, tokens(created))
    german = client.post(f"/v1/games/{game_id}/moves", headers={**auth, **GERMAN}, json={"moves": []})
    assert_error(german, 422, "malformed_request")
    assert german.json["message"] == "der Inhalt der Anfrage passt nicht zum Schema"
    unquoted = client.post(f"/v1/games/{game_id}/moves", headers={**auth, **GERMAN, "If-Match": "twelve"},
                           json={"move": {"type": "place", "card": 1}})
    assert_error(unquoted, 400, "malformed_request")
    assert unquoted.json["message"] == 'If-Match muss eine Versionsnummer in Anführungszeichen sein, z. B. "12"'
    stale = client.post(f"/v1/games/{game_id}/moves", headers={**auth, **GERMAN, "If-Match": '"12"'},
                        json={"move": {"type": "place", "card": 1}})
    assert_error(stale, 412, "stale_version")
    assert stale.json["message"] == "das Spiel ist bei Version 0"


def test_a_body_that_is_not_strict_json_is_refused_in_german(client):
    body = b'{"ruleset": "targi", "ruleset": "targi"}'
    answers = {lang: client.post("/v1/games", data=body, content_type="application/json",
                                 headers={"Accept-Language": lang}) for lang in ("de", "en")}
    assert_error(answers["de"], 400, "malformed_request")
    assert answers["de"].json["message"] == 'der Inhalt wird abgelehnt: der Schlüssel "ruleset" kommt zweimal in einem ' \
                                            'Objekt vor'
    assert answers["de"].json["errors"] == {"json": ['der Schlüssel "ruleset" kommt zweimal in einem Objekt vor']}
    assert answers["en"].json["message"] == 'the body is refused: key "ruleset" appears twice in one object'
