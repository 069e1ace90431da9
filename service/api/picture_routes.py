"""Routes of pictures: a game drawn as SVG for the requesting seat, and the /play page.

The picture is drawn from the ruleset's view JSON for that seat (``match.view``),
the same redaction path as ``GET /v1/games/<id>``, so it never shows more.
"""

from __future__ import annotations

import logging
import re

import flask
from flask import current_app
from flask.views import MethodView
from marshmallow import EXCLUDE, Schema, fields

from engine import registry, seat_label, svg
from engine.i18n import DEFAULT, N_, translate
from engine.texts import score_text
from engine.texts import seat_name as player

from ..games import AI, Game
from ..outcome import ABORTED, FINISHED, final_sheet
from .blueprint import Blueprint
from .contract import CACHE_CONTROL, ETAG, SEAT_OR_SPECTATOR, answers
from .game_routes import IF_NONE_MATCH, load_as_viewer, not_modified, private_when_seat
from .languages import ACCEPT_LANGUAGE, language

log = logging.getLogger("spielwerk")

blp = Blueprint("pictures", __name__, url_prefix="/v1/games", description="Pictures of games")
blp.after_request(private_when_seat)

# The /play page: static files, outside the API (not in the OpenAPI spec).
play_page = flask.Blueprint("play", __name__, static_folder="static", static_url_path="/play/static")


class BoardArgs(Schema):
    class Meta:
        unknown = EXCLUDE  # cache-busting query parameters are harmless

    highlight = fields.Boolean(load_default=False, metadata={
        "description": "mark the requesting seat's legal-move targets (clickable: class `hl`, "
                       "`data-moves` = indices into GET legal-moves)"})


SVG = {"type": "string", "description": "SVG 1.1 document, no external references"}
PICTURE_HEADERS = {
    "ETag": {**ETAG, "description": "the picture's tag: version, viewer, highlight and language, quoted"},
    "Cache-Control": {**CACHE_CONTROL, "description": "`no-cache` (revalidate with the ETag); `private, no-store` "
                                                      "on an answer to a request with a seat token"},
}


@blp.route("/<game_id>/board.svg", parameters=[IF_NONE_MATCH, ACCEPT_LANGUAGE])   # path-level: the query arguments stay
class BoardPicture(MethodView):
    @blp.arguments(BoardArgs, location="query")
    @blp.response(200, SVG, content_type="image/svg+xml", headers=PICTURE_HEADERS, description=(
        "a standalone SVG picture of the position as this seat (or a spectator) may see it: the board, "
        "a legend, the scores and whose turn it is"))
    @blp.alt_response(304, description="not modified: the `If-None-Match` names the current picture",
                      headers=PICTURE_HEADERS)
    @answers(blp, 401, 404, 422, 429, 500, 503, private=True, s422=["malformed_request"],
             s503=["store_unavailable"])
    @blp.doc(operationId="getBoardSvg", security=SEAT_OR_SPECTATOR)
    def get(self, args, game_id):
        """Get the board as SVG

        The current position as an SVG picture (`image/svg+xml`, not JSON), for the token's
        seat or a spectator; with `highlight` the seat's legal-move targets are marked."""
        game, seat = load_as_viewer(game_id)
        highlight = bool(args["highlight"]) and seat is not None
        lang = language()
        etag = f'"{game.version}-{"s" if seat is None else seat}{"-h" if highlight else ""}' \
               f'{"" if lang == DEFAULT else "-" + lang}"'
        headers = {"ETag": etag, "Vary": "Authorization", "Cache-Control": "no-cache"}
        if not_modified(etag):
            return current_app.response_class(status=304, headers=headers)
        # a lone surrogate (in a name stored before input was strict) cannot be UTF-8: drawn as U+FFFD
        body = LONE_SURROGATE.sub("\ufffd", picture(game, seat, highlight, lang))
        return current_app.response_class(body, status=200, mimetype="image/svg+xml", headers=headers)


LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def picture(game: Game, seat: int | None, highlight: bool = False, lang: str = DEFAULT) -> str:
    """The framed SVG of ``game`` as ``seat`` may see it, its labels in ``lang``."""
    match = game.match
    view = match.view(seat)
    moves = match.legal_moves(seat) if highlight and seat is not None else None
    try:
        board = svg.renderer_for(match.ruleset)(view, moves, lang)
        svg.size_of(board)  # well-formed, with a size
    except Exception:  # a drawing bug must not hide the game: fall back to the generic picture
        log.exception("%s: SVG renderer failed; using the generic picture", match.ruleset.id)
        board = svg.render_generic(view, moves, lang)
    return svg.frame(board, heading=heading(game, seat, lang), banner=banner(game, seat, lang),
                     banner_seat=(game.to_move() or [None])[0], scores=score_rows(game, lang), lang=lang)


def seat_name(game: Game, seat: int, lang: str = DEFAULT) -> str:
    """A seat's name; the default one ("Player 1") in ``lang``."""
    name = game.record["seats"][seat].get("name")
    return player(seat, lang) if not name or name == seat_label(seat) else name


#: a game's status in words
STATUS_WORDS = {"waiting": N_("waiting"), "active": N_("active"), "finished": N_("finished"), "aborted": N_("aborted")}


def heading(game: Game, seat: int | None, lang: str = DEFAULT) -> str:
    name = None if seat is None else seat_name(game, seat, lang)
    who = translate(lang, N_("spectator")) if seat is None else name if name == player(seat, lang) else \
        f"{player(seat, lang)} ({name})"
    return translate(lang, N_("{game} · move {version} · {status} · viewed by {who}"), game=game.match.ruleset.name,
                     version=game.version, status=translate(lang, STATUS_WORDS.get(game.status, game.status)),
                     who=who)


def banner(game: Game, seat: int | None, lang: str = DEFAULT) -> str:
    if game.status == ABORTED:
        return translate(lang, N_("Game aborted — no winner"))
    if game.status == FINISHED:
        winners = final_sheet(game.record, game.match).get("winners") or []
        names = ", ".join(seat_name(game, s, lang) for s in winners)
        return translate(lang, N_("Game over — winner: {names}") if len(winners) == 1
                         else N_("Game over — winners: {names}"), names=names)
    to_move = game.to_move()
    if seat is not None and seat in to_move:
        return translate(lang, N_("Your turn") if len(to_move) == 1 else N_("Your turn (simultaneous)"))
    names = ", ".join(translate(lang, N_("{name} (AI)"), name=seat_name(game, s, lang))
                      if game.record["seats"][s]["kind"] == AI else seat_name(game, s, lang) for s in to_move)
    return translate(lang, N_("To move: {names}"), names=names) if names else translate(lang, N_("Waiting"))


def score_rows(game: Game, lang: str = DEFAULT) -> list[dict]:
    """The public score sheet (as GET /score shows anyone): provisional totals while the game
    runs; once it has ended, each seat's breakdown in words too (the final screen)."""
    sheet = final_sheet(game.record, game.match)
    ended = game.status in (FINISHED, ABORTED)
    winners = set(sheet.get("winners") or []) if game.status == FINISHED else set()
    to_move = set(game.to_move())
    rows = [{"seat": line["seat"], "name": seat_name(game, line["seat"], lang), "total": line["total"],
             "winner": line["seat"] in winners, "to_move": line["seat"] in to_move}
            for line in sheet["scores"]]
    if ended:
        for row, line in zip(rows, sheet["scores"]):
            row["breakdown"] = [(score_text(game.match.ruleset, key, lang), points)
                                for key, points in line["breakdown"].items()]
            row["forfeited"] = line["seat"] in sheet.get("forfeited", ())
    return rows


@play_page.route("/play")
def play():
    """The /play page: plain HTML and JavaScript over the public API."""
    return play_page.send_static_file("play.html")


#: the /play page's own words by key (its ``data-t`` labels and play.js's messages)
PAGE_TEXTS = {
    "title": N_("Spielwerk · play"), "game": N_("Game"), "players": N_("Players"), "ai_level": N_("AI level"),
    "level_random": N_("random"), "level_easy": N_("easy"), "level_medium": N_("medium"), "level_hard": N_("hard"),
    "your_name": N_("Your name"), "seed": N_("Seed"), "new_game": N_("New game"),
    "language": N_("Language"), "hint": N_("Hint"), "full_size": N_("Full size"), "your_moves": N_("Your moves"),
    "help": N_("Click a highlighted place on the board (or a move in this list)."),
    "scores": N_("Scores"), "history": N_("History"), "total": N_("Total"), "you": N_("{name} (you)"),
    "seat": N_("Player {number}"), "setup": N_("Setup"), "your_turn": N_("Your turn."),
    "game_over": N_("Game over."), "game_aborted": N_("Game aborted."), "waiting": N_("Waiting for {names}…"),
    "thinking": N_("{name} (AI) is thinking…"), "status_line": N_("{game} · move {version} · {status}"),
    "choose": N_("This place holds several moves: choose one."), "winners": N_("Won: {names}"),
    "no_winner": N_("No winner."), "gave_up": N_("gave up"), "hint_wait": N_("Looking for a good move…"),
    "hint_line": N_("{move}: win chance {percent} %, tried {visits} times"), "hint_move": N_("Hint: {move}"),
    "hint_none": N_("No hint: the game moved on or the search ran out of time."),
    "stale": N_("The game moved on meanwhile: choose again."), "refused": N_("The move was not accepted."),
    "no_game": N_("Cannot load the game."), "no_picture": N_("The board picture could not be read."),
    **{f"status_{status}": words for status, words in STATUS_WORDS.items()},
}


@play_page.route("/play/texts")
def play_texts():
    """The /play page's words, the names of every ruleset's score parts and the options its form
    offers when starting a game, in the request's language (``Accept-Language``), and the seat
    colours of the pictures (with the ink on each)."""
    lang = language()
    every = registry.rulesets().values()
    return {"lang": lang, "page": {key: translate(lang, msgid) for key, msgid in PAGE_TEXTS.items()},
            "seat_colors": [[colour, svg.ink_on(colour)] for colour in svg.SEAT_COLORS],
            "scores": {ruleset.id: {key: translate(lang, msgid) for key, msgid in ruleset.score_texts.items()}
                       for ruleset in every},
            "setup": {ruleset.id: [{"option": option, "label": translate(lang, words["label"]),
                                    "choices": [{"value": value, "text": translate(lang, text)}
                                                for value, text in words["choices"].items()]}
                                   for option, words in ruleset.setup_texts.items()]
                      for ruleset in every}}
