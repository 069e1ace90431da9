"""Events and moves in words (their ``text``), in a language, made when they are shown.

A ruleset declares one English template per event type (``Ruleset.event_texts``) and per
move type (``Ruleset.move_texts``), keyed by :meth:`Ruleset.text_key` (the type, or
``type/variant`` where one type reads differently by a field). A template's ``{name}``
placeholders are the item's fields put in words: :meth:`Ruleset.text_words` gives a
game's own words, :func:`words` the rest (seats as "Player 1"). A field the viewer may not
see leaves its placeholder as "…". :data:`EVENT_TEXTS` are the events any game's log holds
besides its ruleset's: the driver's ``auto_move`` and the service's (a game's life around
its moves). :func:`score_text` names the parts of a score sheet's breakdown
(``Ruleset.score_texts``).
"""

from __future__ import annotations

from .i18n import N_, translate

#: event type -> template, for the events of every game (the driver's and the service's)
EVENT_TEXTS = {
    "auto_move": N_("{seat} has one move only: {move}"),
    "ai_fallback": N_("{seat} (AI) plays a random move"),
    "forfeit": N_("{seat} forfeits"),
    "aborted": N_("The game is aborted"),
    "seat_joined": N_("{name} joins as {seat}"),
    "seat_token_reissued": N_("{seat} gets a new seat token"),
    "spectator_token_issued": N_("A spectator token is issued"),
    "timeout": N_("{seat} runs out of time"),
    "undo": N_("{seat} takes back a move"),
}
#: fields that name a seat, in any game
SEAT_FIELDS = ("seat", "start_player")
HIDDEN = "…"


def seat_name(seat, lang: str) -> str:
    """``Player 1`` for seat 0 (``None``: nobody), in ``lang``."""
    if seat is None:
        return translate(lang, N_("nobody"))
    return translate(lang, N_("Player {number}"), number=seat + 1)


def listing(items: list[str], lang: str) -> str:
    """``a, b and c`` in ``lang``."""
    if len(items) < 2:
        return "".join(items) or translate(lang, N_("nobody"))
    return translate(lang, N_("{first} and {last}"), first=", ".join(items[:-1]), last=items[-1])


def words(name: str, value, lang: str) -> str:
    """A field's value in words: seats named, lists joined, coordinates in brackets."""
    if name in SEAT_FIELDS and (value is None or isinstance(value, int)):
        return seat_name(value, lang)
    if name == "seats" and isinstance(value, list):
        return listing([seat_name(s, lang) for s in sorted(set(value))], lang)
    if isinstance(value, bool):
        return translate(lang, N_("yes") if value else N_("no"))
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return "(" + ", ".join(str(v) for v in value) + ")"
    if isinstance(value, list):
        return ", ".join(words(name, v, lang) for v in value)
    return HIDDEN if value is None else str(value)


class _Fields(dict):
    """A template's values: a placeholder with no field reads "…"."""

    def __missing__(self, key):
        return HIDDEN


def worded(ruleset, item: dict, templates: dict, lang: str) -> str:
    """``item`` by its template in ``templates`` (or :data:`EVENT_TEXTS`); an item without one
    reads as its key (tests/test_texts.py finds none in the rulesets)."""
    key = ruleset.text_key(item)
    template = templates.get(key) or EVENT_TEXTS.get(key)
    if template is None:
        return key
    values = _Fields({name: words(name, value, lang) for name, value in item.items()})
    values.update(ruleset.text_words(item, lang))
    return translate(lang, template).format_map(values)


def event_text(ruleset, event: dict, lang: str) -> str:
    """An event (as its viewer sees it) in words."""
    if event.get("type") == "auto_move":
        event = {**event, "move": move_text(ruleset, event["move"], lang)}
    return worded(ruleset, event, ruleset.event_texts, lang)


def move_text(ruleset, move: dict, lang: str) -> str:
    """A move in words: what it does, not who plays it."""
    return worded(ruleset, move, ruleset.move_texts, lang)


def score_text(ruleset, key: str, lang: str) -> str:
    """A score sheet's breakdown key in words (``Ruleset.score_texts``; without one: the key)."""
    msgid = ruleset.score_texts.get(key)
    return key if msgid is None else translate(lang, msgid)
