"""Companion mode (game option ``"chance": "table"``): the server referees a physical game whose
table draws the tiles, cards and dice. The game waits at each chance step; the admin token or
the ``dealer`` seat's token lists the outcomes possible now and posts the one drawn, checked
like a move (compare-and-set on the version)."""

from __future__ import annotations

from engine.match import TABLE_CHANCE
from engine.i18n import N_

from .errors import NotFound, Unauthorized
from .game_options import of_record
from .games import Game, Games
from .outcome import ACTIVE


def require_dealer(game: Game, token: str) -> None:
    """The admin token and the dealer seat's token pass; any other token is Unauthorized, and a
    game whose server draws is NotFound (it has no table chance)."""
    seat, options = game.seat_of(token), of_record(game.record)
    if options["chance"] != TABLE_CHANCE:
        raise NotFound(N_("chance step (this game's server draws its chance: option chance is server)"))
    if not (game.is_admin(token) or (seat is not None and seat == options["dealer"])):
        raise Unauthorized(N_("this needs the game's admin token or the dealer seat's token"))


def pending(game: Game) -> dict:
    """The chance step waiting for the table: its label and every possible outcome with its weight
    (how many of it are left); ``pending`` false while a seat is to move, while open seats wait
    for their players, and after the end."""
    chance = game.match.pending_chance()
    if chance is None or game.status != ACTIVE:
        return {"version": game.version, "pending": False, "label": None, "outcomes": [], "weights": []}
    return {"version": game.version, "pending": True, "label": chance.label, "outcomes": chance.outcomes,
            "weights": chance.weights}


def deal(games: Games, game: Game, outcome, expected_version: int | None) -> dict:
    """Resolve the pending chance step with the table's ``outcome`` (IllegalOutcome when it is not
    possible now); returns the log entry, committed like a move."""
    game.require_version(expected_version)
    game.require_playing()
    current = game.version
    entry = game.match.deal(outcome)
    games.commit(game, current, entry)
    return entry
