"""The language of an answer (README, "Languages"): ``Accept-Language`` chooses English (the
default) or German (``de``, ``de-AT``, ...; q-values weigh them); any other language is English.
An answer whose words used it (events, moves, error messages, pictures) says so:
``Vary: Accept-Language`` and ``Content-Language``."""

from __future__ import annotations

from flask import Flask, g, has_request_context, request

from engine.i18n import DEFAULT, LANGUAGES

ACCEPT_LANGUAGE = {
    "in": "header", "name": "Accept-Language", "required": False, "schema": {"type": "string"},
    "example": "de-DE,de;q=0.9,en;q=0.8",
    "description": "the language of the answer's words (event and move `text`, error `message`, picture "
                   "labels): `en` (the default) or `de`, regions and q-values as usual; any other is English. "
                   "The answer says `Vary: Accept-Language` and `Content-Language`."}


def language() -> str:
    """The request's language (outside a request: English); the answer says it used it."""
    if not has_request_context():
        return DEFAULT
    g.language = chosen(request.accept_languages)
    return g.language


def chosen(accepted) -> str:
    """The first language of ``accepted`` (werkzeug's, best quality first) whose primary subtag is
    one of ours (``de-AT`` is ``de``; werkzeug's ``best_match`` would prefer ``en;q=0.5`` to it)."""
    for value, quality in accepted:
        primary = value.replace("_", "-").split("-")[0].lower()
        if quality > 0 and primary in LANGUAGES:
            return primary
    return DEFAULT


def say_language(response):
    if g.get("language") is not None:
        response.vary.add("Accept-Language")
        response.headers["Content-Language"] = g.language
    return response


def init_languages(app: Flask) -> None:
    app.after_request(say_language)
