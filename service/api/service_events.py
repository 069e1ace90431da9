"""The events the service itself logs, the same for every ruleset (a game's life around its
moves: ``service.lifecycle``, ``service.undo``, ``service.timeouts``): their OpenAPI components, which
every ruleset's event union lists besides its own."""

from __future__ import annotations

from ..clocks import TIMEOUT_EVENT
from ..games import AI_FALLBACK
from ..lifecycle import (ABORT, FORFEIT, RESIGNED, SEAT_JOINED, SEAT_TOKEN_REISSUED, SPECTATOR_TOKEN_ISSUED,
                         TIMEOUT)
from ..undo import UNDO_EVENT

SEAT = {"type": "integer"}

#: event type -> (component name, properties, required, description)
SERVICE_EVENTS: dict[str, tuple[str, dict, list[str], str]] = {
    AI_FALLBACK: ("AiFallbackEvent", {"seat": SEAT, "reason": {"type": "string"}}, ["seat", "reason"],
                  "An AI seat's search failed AI_MAX_ATTEMPTS times: it played a random legal move instead "
                  "(first in its entry's events; every ruleset)."),
    FORFEIT: ("ForfeitEvent", {"seat": SEAT, "reason": {"type": "string", "enum": [RESIGNED, TIMEOUT]},
                               "ai_takes_over": {"type": "boolean"}}, ["seat", "reason", "ai_takes_over"],
              "A seat resigned or ran out of time (`forfeit` clock): with two seats the game ends and the other "
              "wins; with more, an AI (level easy) plays the seat on (`ai_takes_over`) and it ranks last."),
    ABORT: ("AbortedEvent", {"seat": {"type": ["integer", "null"]}}, ["seat"],
            "The game was aborted (no winner): by a seat before the first human move, or by the admin (`seat` null)."),
    SEAT_JOINED: ("SeatJoinedEvent", {"seat": SEAT, "name": {"type": "string"}}, ["seat", "name"],
                  "An invited player took an open seat; once none is open the game starts."),
    SEAT_TOKEN_REISSUED: ("SeatTokenReissuedEvent", {"seat": SEAT}, ["seat"],
                          "The admin issued the seat a new token; the old one is refused from this version on."),
    SPECTATOR_TOKEN_ISSUED: ("SpectatorTokenIssuedEvent", {}, [], "The admin minted a spectator token."),
    TIMEOUT_EVENT: ("TimeoutEvent", {"seat": SEAT, "on_timeout": {"type": "string", "enum": ["ai", "forfeit"]}},
                    ["seat", "on_timeout"],
                    "The seat's clock ran out: an AI (level easy) decided for it (`ai`: this entry's move) or it "
                    "forfeited (`forfeit`: a forfeit event follows). First in its entry's events."),
    UNDO_EVENT: ("UndoEvent", {"seat": SEAT, "undone_version": SEAT}, ["seat", "undone_version"],
                 "A seat took back its last decision (the version `undone_version`): the state is again the "
                 "one before it."),
}
