"""GET /v1/games/<id>/board.svg and GET /play, over the real app (Redis + worker)."""

import json
import re
from xml.etree import ElementTree

import pytest

from engine import registry
from engine.i18n import translate

from ..service.helpers import TOY, assert_error, bearer, create, tokens

SVG = "{http://www.w3.org/2000/svg}svg"


def parse(response):
    assert response.status_code == 200, response.data[:300]
    assert response.mimetype == "image/svg+xml"
    root = ElementTree.fromstring(response.data)
    assert root.tag == SVG
    return root


def texts(root) -> str:
    return " ".join("".join(e.itertext()) for e in root.iter("{http://www.w3.org/2000/svg}text"))


def test_board_for_seat_and_spectator(client):
    game = create(client)
    gid, tok = game["game_id"], tokens(game)
    seat_view = parse(client.get(f"/v1/games/{gid}/board.svg", headers=bearer(tok[0])))
    spectator = parse(client.get(f"/v1/games/{gid}/board.svg"))
    assert "viewed by spectator" in texts(spectator)
    assert "viewed by Player 1 (Ada)" in texts(seat_view)
    assert "Players" in texts(seat_view) and "Ada" in texts(seat_view) and "Bo" in texts(seat_view)


def test_highlight_marks_legal_moves_of_the_seat_only(client):
    game = create(client)
    gid, tok = game["game_id"], tokens(game)
    view = client.get(f"/v1/games/{gid}").json
    seat = view["to_move"][0]
    moves = client.get(f"/v1/games/{gid}/legal-moves", headers=bearer(tok[seat])).json["moves"]
    root = parse(client.get(f"/v1/games/{gid}/board.svg?highlight=true", headers=bearer(tok[seat])))
    marked = [e for e in root.iter() if e.get("data-moves") is not None]
    assert marked and all(e.get("class") == "hl" for e in marked)
    indices = {int(i) for e in marked for i in e.get("data-moves").split()}
    assert indices <= set(range(len(moves))) and indices
    plain = parse(client.get(f"/v1/games/{gid}/board.svg", headers=bearer(tok[seat])))
    assert not [e for e in plain.iter() if e.get("data-moves") is not None]
    # a spectator asking for highlights gets none: it has no moves
    spect = parse(client.get(f"/v1/games/{gid}/board.svg?highlight=1"))
    assert not [e for e in spect.iter() if e.get("data-moves") is not None]


def test_deterministic_etag_and_not_modified(client):
    game = create(client)
    gid, tok = game["game_id"], tokens(game)
    first = client.get(f"/v1/games/{gid}/board.svg", headers=bearer(tok[0]))
    second = client.get(f"/v1/games/{gid}/board.svg", headers=bearer(tok[0]))
    assert first.data == second.data
    etag = first.headers["ETag"]
    assert first.headers["Vary"] == "Authorization, Accept-Language"
    again = client.get(f"/v1/games/{gid}/board.svg", headers={**bearer(tok[0]), "If-None-Match": etag})
    assert again.status_code == 304
    assert client.get(f"/v1/games/{gid}/board.svg").headers["ETag"] != etag


def test_errors_are_json(client):
    assert_error(client.get("/v1/games/nope/board.svg"), 404, "not_found")
    game = create(client)
    assert_error(client.get(f"/v1/games/{game['game_id']}/board.svg", headers=bearer("wrong")), 401, "unauthorized")


def test_documented_in_openapi(client):
    spec = client.get("/openapi.json").json
    op = spec["paths"]["/v1/games/{game_id}/board.svg"]["get"]
    assert "image/svg+xml" in op["responses"]["200"]["content"]
    assert any(p["name"] == "highlight" for p in op["parameters"])


@pytest.mark.parametrize("ruleset_id", sorted(registry.rulesets()))
def test_every_ruleset_has_a_picture(client, ruleset_id):
    ruleset = registry.get(ruleset_id)
    seats = [{"name": "Ada", "kind": "human"}] + [{"kind": "human"}] * (ruleset.min_players - 1)
    game = create(client, seats=seats, ruleset=ruleset_id, seed=11)
    gid, tok = game["game_id"], tokens(game)
    view = client.get(f"/v1/games/{gid}").json
    for seat in view["to_move"][:1] or [0]:
        root = parse(client.get(f"/v1/games/{gid}/board.svg?highlight=true", headers=bearer(tok[seat])))
        assert "Your turn" in texts(root)
        # the ruleset's own renderer drew it, not the generic fallback (used for the toy game)
        board = root.find("{http://www.w3.org/2000/svg}svg")
        generic = board.findtext("{http://www.w3.org/2000/svg}title") == "state"
        assert generic == (ruleset_id == TOY)
    parse(client.get(f"/v1/games/{gid}/board.svg"))


def text_sizes(element, scale: float = 1.0) -> list[float]:
    """The font size of every text as drawn: a nested picture scales its texts (width / viewBox)."""
    sizes = []
    for child in element:
        inner = scale
        if child.tag == SVG and child.get("viewBox"):
            inner = scale * float(child.get("width")) / float(child.get("viewBox").split()[2])
        if child.tag == "{http://www.w3.org/2000/svg}text":
            sizes.append(float(child.get("font-size")) * inner)
        sizes += text_sizes(child, inner)
    return sizes


@pytest.mark.parametrize("ruleset_id", sorted(set(registry.rulesets()) - {TOY}))
def test_every_ruleset_is_legible_and_ends_with_its_final_sheet(client, ruleset_id):
    """Mid-game (German, targets marked) and finished: at most 800 wide, no text below 11 units;
    the final screen names every part of every seat's score."""
    ruleset = registry.get(ruleset_id)
    game = create(client, seats=[{"kind": "human"}] * ruleset.min_players, ruleset=ruleset_id, seed=5)
    gid, tok = game["game_id"], tokens(game)
    german = {"Accept-Language": "de"}
    for step in range(1000):
        view = client.get(f"/v1/games/{gid}").json
        if view["status"] != "active":
            break
        seat = view["to_move"][0]
        if step == 12:
            mid = parse(client.get(f"/v1/games/{gid}/board.svg?highlight=true", headers={**bearer(tok[seat]), **german}))
            assert float(mid.get("width")) <= 800 and min(text_sizes(mid)) >= 11
        moves = client.get(f"/v1/games/{gid}/legal-moves", headers=bearer(tok[seat])).json["moves"]
        move = moves[step % len(moves)]
        move.pop("text")
        assert client.post(f"/v1/games/{gid}/moves", json={"move": move}, headers=bearer(tok[seat])).status_code == 200
    final = parse(client.get(f"/v1/games/{gid}/board.svg", headers={**bearer(tok[0]), **german}))
    assert float(final.get("width")) <= 800 and min(text_sizes(final)) >= 11
    parts = [text for e in final.iter() if e.get("class") == "final-part" for text in e.itertext()]
    assert parts[-1] == "Summe" and set(parts[:-1]) == {translate("de", msgid) for msgid in ruleset.score_texts.values()}
    points = [e for e in final.iter() if e.get("class") in ("final-points", "final-total")]
    assert len(points) == len(parts) * ruleset.min_players


def test_play_page_is_served(client):
    page = client.get("/play")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert b"/play/static/play.js" in page.data
    script = client.get("/play/static/play.js")
    assert script.status_code == 200 and b"/board.svg" in script.data
    assert client.get("/play/static/play.css").status_code == 200


def test_the_play_page_has_its_words_in_english_and_german(client):
    """Every label of play.html (data-t) and every text play.js asks for (t("key")) is served by
    GET /play/texts in both languages, and so is every part of every ruleset's score sheet."""
    html = client.get("/play").get_data(as_text=True)
    script = client.get("/play/static/play.js").get_data(as_text=True)
    wanted = set(re.findall(r'data-t="(\w+)"', html)) | set(re.findall(r'\bt\("(\w+)"', script))
    english, german = (client.get("/play/texts", headers={"Accept-Language": lang}).json for lang in ("en", "de-AT"))
    assert english["lang"] == "en" and german["lang"] == "de"
    assert wanted and wanted <= set(english["page"]) == set(german["page"])
    assert all(german["page"][key] != english["page"][key] for key in wanted)
    for ruleset_id, parts in english["scores"].items():
        assert parts.keys() == german["scores"][ruleset_id].keys()
        assert parts == {} or parts != german["scores"][ruleset_id]
    assert len(english["seat_colors"]) == 8


def test_the_play_form_offers_each_rulesets_setup_choices_in_words(client):
    """GET /play/texts lists, per ruleset, the options its form offers (Woodwalkers: day or night),
    each choice a valid value of the option, the first its default, in English and German."""
    english, german = (client.get("/play/texts", headers={"Accept-Language": lang}).json["setup"]
                       for lang in ("en", "de"))
    assert set(english) == set(german) == set(registry.rulesets())
    assert [entry["option"] for entry in english["woodwalkers"]] == ["variant"]
    for ruleset_id, entries in english.items():
        ruleset = registry.get(ruleset_id)
        for entry, in_german in zip(entries, german[ruleset_id], strict=True):
            values = [choice["value"] for choice in entry["choices"]]
            assert values == [choice["value"] for choice in in_german["choices"]]
            assert values[0] == ruleset.make_options({})[entry["option"]]
            for value in values:
                assert ruleset.make_options({entry["option"]: value})[entry["option"]] == value
            assert entry["label"] != in_german["label"]
            assert all(a["text"] != b["text"] for a, b in zip(entry["choices"], in_german["choices"]))


def test_the_final_screen_shows_every_seats_score_breakdown(client):
    """Once the game is over the picture's final sheet names each part of the score in words."""
    game = create(client)
    gid, tok = game["game_id"], tokens(game)
    assert client.post(f"/v1/games/{gid}/abort", headers=bearer(game["admin_token"])).status_code == 200
    root = parse(client.get(f"/v1/games/{gid}/board.svg", headers={**bearer(tok[0]), "Accept-Language": "de"}))
    sheet = [e for e in root.iter() if e.get("class") == "final-sheet"]
    assert sheet and "Endwertung" in texts(sheet[0]) and "Summe" in texts(sheet[0])
    assert not [e for e in root.iter() if e.get("class") == "final-winner"]  # aborted: nobody won


def test_the_final_screen_marks_the_winner_and_who_gave_up(client):
    game = create(client)
    gid, tok = game["game_id"], tokens(game)
    assert client.post(f"/v1/games/{gid}/resign", headers=bearer(tok[1])).status_code == 200
    root = parse(client.get(f"/v1/games/{gid}/board.svg", headers={"Accept-Language": "de"}))
    marks = {e.get("class"): "".join(e.itertext()) for e in root.iter() if e.get("class", "").startswith("final-")}
    assert marks["final-winner"] == "★ Sieger" and marks["final-forfeited"] == "aufgegeben"


def test_picture_shows_only_what_the_json_view_shows(client):
    """The toy game's hands are secret: the seat's own hand is drawn, nobody else's."""
    game = create(client)
    gid, tok = game["game_id"], tokens(game)

    def fields(root):
        return ["".join(e.itertext()).strip() for e in root.iter("{http://www.w3.org/2000/svg}text")
                if e.get("class") == "field"]
    mine = fields(parse(client.get(f"/v1/games/{gid}/board.svg", headers=bearer(tok[0]))))
    spectator = fields(parse(client.get(f"/v1/games/{gid}/board.svg")))
    assert mine.count("hand:") == 1 and spectator.count("hand:") == 0
    assert sum(f.startswith("hand_count: ") for f in mine) == 2
    assert sum(f.startswith("hand_count: ") for f in spectator) == 2


def test_a_broken_renderer_falls_back_to_the_generic_picture(client, monkeypatch):
    import engine.svg

    def broken(ruleset):
        def render(view, highlight=None):
            raise KeyError("a drawing bug")
        return render
    monkeypatch.setattr(engine.svg, "renderer_for", broken)
    game = create(client)
    root = parse(client.get(f"/v1/games/{game['game_id']}/board.svg"))
    assert root.find("{http://www.w3.org/2000/svg}svg").findtext("{http://www.w3.org/2000/svg}title") == "state"


@pytest.mark.parametrize("ruleset_id", sorted(registry.rulesets()))
def test_a_stored_lone_surrogate_name_is_drawn_not_fatal(client, app, ruleset_id):
    """A name with a lone surrogate, stored before input was strict JSON (as an old game
    would hold it), is drawn as U+FFFD: the picture of that game still answers 200."""
    players = registry.get(ruleset_id).min_players
    game = create(client, ruleset=ruleset_id, seats=[{"kind": "human"}] * players, seed=3)
    store = app.extensions["spielwerk"].store
    record, _ = store.load(game["game_id"])
    record["seats"][0]["name"] = "Ada\ud800"
    store.redis.hset(f"game:{{{game['game_id']}}}", "record", json.dumps(record))
    for headers in ({}, bearer(tokens(game)[0])):
        root = parse(client.get(f"/v1/games/{game['game_id']}/board.svg", headers=headers))
        assert "Ada\ufffd" in texts(root)
