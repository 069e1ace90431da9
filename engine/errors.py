"""Typed errors raised by rulesets and the match driver.

Each error carries a stable machine ``code`` (the HTTP contract's error code) and a
human message. Messages must never reveal hidden information.
"""


class EngineError(Exception):
    """Base class: a request the rules refuse."""

    code = "engine_error"

    def __init__(self, message: str, errors: dict | None = None):
        super().__init__(message)
        self.message = message
        self.errors = errors or {}


class IllegalMove(EngineError):
    """The move breaks a rule; the message names the rule."""

    code = "illegal_move"


class NotYourTurn(EngineError):
    """The seat is not among the seats to move."""

    code = "not_your_turn"


class GameOver(EngineError):
    """The game has ended; no more moves."""

    code = "game_over"


class InvalidOptions(EngineError):
    """Options or custom component data rejected; ``errors`` maps paths to messages."""

    code = "invalid_options"


class UnknownRuleset(EngineError):
    """No ruleset is registered under that id."""

    code = "not_found"
