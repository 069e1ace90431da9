"""Typed errors raised by rulesets and the match driver.

Each error carries a stable machine ``code`` (the HTTP contract's error code: its status
and meaning are in the error catalogue, ``service/api/errors.py``) and a human message: a
msgid marked with ``N_`` and its fields, ``IllegalMove(N_("your {species} is placed"),
species=Text(N_("wolf")))``. ``message`` is its English rendering (logs, records);
``message.in_(lang)`` renders it in another language (so does any ``Text`` in
``errors``), game words in that language's terms (README, "Languages"). Messages must
never reveal hidden information.
"""

from .i18n import N_, Text
from .problems import Problems


class EngineError(Exception):
    """Base class: a request the rules refuse; every subclass names its ``code``."""

    code: str

    def __init__(self, message: str, errors: dict | None = None, **fields):
        self.message = Text(message, **fields)
        super().__init__(self.message)
        self.errors = errors or {}


class IllegalMove(EngineError):
    """The move breaks a rule; the message names the rule."""

    code = "illegal_move"


class NotYourTurn(EngineError):
    """The seat is not among the seats to move."""

    code = "not_your_turn"

    def __init__(self, seat: int):
        super().__init__(N_("seat {seat} is not to move"), seat=seat)


class GameOver(EngineError):
    """The game has ended; no more moves."""

    code = "game_over"


class IllegalOutcome(EngineError):
    """A chance outcome the pending chance step cannot have, or an outcome where no chance step
    is pending (companion mode, game records)."""

    code = "illegal_outcome"


class InvalidOptions(EngineError):
    """Options or custom component data rejected: every problem, ``{path, code, message}``.

    The HTTP error's ``errors`` is ``{"problems": [...]}`` (each message a ``Text``, answered in
    the request's language); the message counts them and names the first.
    """

    code = "invalid_options"

    def __init__(self, problems: Problems):
        first = next(iter(problems))
        where = (N_("options rejected: {path}: {problem}{more}") if first.path
                 else N_("options rejected: {problem}{more}"))
        more = Text(N_(" (and {count} more)"), count=len(problems) - 1) if len(problems) > 1 else ""
        super().__init__(where, {"problems": problems.as_list()}, path=first.path, problem=first.message, more=more)
        self.problems = problems


class UnknownRuleset(EngineError):
    """No ruleset is registered under that id."""

    code = "not_found"


class LimitExceeded(EngineError):
    """A create or move would take a game past a documented limit (``limit``: its name,
    ``maximum``: its value, both in ``errors``); nothing was stored. ``what`` is a msgid."""

    code = "limit_exceeded"

    def __init__(self, limit: str, maximum: int, what: str):
        super().__init__(N_("{what} would exceed the limit of {maximum}"), {"limit": limit, "maximum": maximum},
                         what=Text(what), maximum=maximum)
