"""The life of a game around its moves: joining an open seat, resigning, forfeiting, aborting,
and the credentials of a game (a seat's new token, spectator tokens).

Each change is a new version with a log entry of its own (no ``seat``/``move``: only its
events), stored by the same compare-and-set as a move, so it reaches the history, the
stream and the webhooks like one, and a change racing a move or another change is refused
(``stale_version``) instead of overwriting it. Credentials are stored only as hashes.
"""

from __future__ import annotations

import hmac
import secrets

from engine import GameOver
from engine.i18n import N_, Text

from .errors import MalformedRequest, NotFound, StaleVersion, Unauthorized
from .game_options import TIMEOUT_LEVEL
from .games import AI, HUMAN, Game, Games, token_hash
from .outcome import ABORTED, ENDED, FINISHED, OPEN

#: Why a seat forfeited (its seat's ``forfeited`` and the event's ``reason``).
RESIGNED, TIMEOUT = "resigned", "timeout"
#: the most spectator tokens a game may have (docs/operations.md, "Limits")
MAX_SPECTATOR_TOKENS = 100

FORFEIT, ABORT, SEAT_JOINED = "forfeit", "aborted", "seat_joined"
SEAT_TOKEN_REISSUED, SPECTATOR_TOKEN_ISSUED = "seat_token_reissued", "spectator_token_issued"


def revokes(entry: dict, seat: int) -> bool:
    """Whether ``entry`` took ``seat``'s token away (a new token, a forfeit): a stream opened
    with it ends there."""
    return any(event.get("type") in (SEAT_TOKEN_REISSUED, FORFEIT) and event.get("seat") == seat
               for event in entry["events"])


class Lifecycle:
    """The use cases of this module, over the games' use cases (``Games``)."""

    def __init__(self, games: Games):
        self.games = games

    def _append(self, game: Game, events: list[dict], expected_version: int | None = None) -> dict:
        """Store the game's record, changed by the caller, as a new version whose entry holds ``events``."""
        game.require_version(expected_version)
        current = game.version
        game.match.version += 1
        entry = {"version": game.version, "events": events, "steps": []}
        self.games.commit(game, current, entry)
        return entry

    # -- leaving ----------------------------------------------------------------------
    def resign(self, game: Game, seat: int, expected_version: int | None) -> dict:
        """The seat gives up: the forfeit's outcome (``forfeit``)."""
        game.require_playing()
        return self.forfeit(game, seat, RESIGNED, expected_version)

    def forfeit(self, game: Game, seat: int, reason: str, expected_version: int | None,
                notes: tuple[dict, ...] = ()) -> dict:
        """``seat`` leaves the game for ``reason``: with two seats the game ends and the other
        wins; with more, an AI (level easy) plays the seat on and it ranks last. Its token no
        longer opens it."""
        info = game.record["seats"][seat]
        takeover = len(game.record["seats"]) > 2
        info.pop("token_hash", None)
        info["forfeited"] = reason
        if takeover:
            info.update(kind=AI, level=TIMEOUT_LEVEL)
        else:
            game.record["ended"] = FINISHED
        event = {"type": FORFEIT, "seat": seat, "reason": reason, "ai_takes_over": takeover}
        return self._append(game, [*notes, event], expected_version)

    def abort(self, game: Game, seat: int | None, expected_version: int | None) -> dict:
        """End the game without a winner: by the admin (``seat`` None) at any time, by a seat
        only before the first move of a human seat."""
        if game.status in ENDED:
            raise GameOver(N_("the game has ended"))
        if seat is not None and game.record.get("human_moved"):
            raise Unauthorized(N_("a seat may abort only before the first move of a human seat; the admin token may"))
        game.record["ended"] = ABORTED
        return self._append(game, [{"type": ABORT, "seat": seat}], expected_version)

    # -- joining ----------------------------------------------------------------------
    def join(self, game: Game, invite: str, name: str | None) -> tuple[int, str]:
        """Take the open seat of ``invite`` (single use); returns the seat and its token.
        Once no seat is open the game starts. Unauthorized for an unknown or used invite,
        GameOver once the game was aborted."""
        if game.status in ENDED:
            raise GameOver(N_("the game has ended"))
        digest = token_hash(invite)
        seat = next((info["seat"] for info in game.record["seats"]
                     if info["kind"] == OPEN and hmac.compare_digest(info["invite_hash"], digest)), None)
        if seat is None:
            raise Unauthorized(N_("the invite is unknown or was used"))
        token = secrets.token_urlsafe(16)
        info = game.record["seats"][seat]
        del info["invite_hash"]
        info.update(kind=HUMAN, token_hash=token_hash(token), **({"name": name} if name else {}))
        self._append(game, [{"type": SEAT_JOINED, "seat": seat, "name": info["name"]}])
        return seat, token

    # -- credentials -------------------------------------------------------------------
    def reissue_seat_token(self, game: Game, seat: int) -> str:
        """A new token for a human seat; the old one is refused from this version on."""
        if not 0 <= seat < len(game.record["seats"]):
            raise NotFound(N_("seat"))
        info = game.record["seats"][seat]
        if info["kind"] != HUMAN:
            raise MalformedRequest(N_("seat {seat} is not a human seat: it has no token"),
                                   {"seat": [Text(N_("not a human seat"))]}, seat=seat)
        token = secrets.token_urlsafe(16)
        info["token_hash"] = token_hash(token)
        self._append(game, [{"type": SEAT_TOKEN_REISSUED, "seat": seat}])
        return token

    def spectator_token(self, game: Game) -> str:
        """A new read-only token that sees the spectator's view (of a private game too)."""
        known = game.record.setdefault("spectator_tokens", [])
        if len(known) >= MAX_SPECTATOR_TOKENS:
            raise MalformedRequest(N_("a game has at most {maximum} spectator tokens"),
                                   {"spectator_tokens": [Text(N_("at most {maximum}"), maximum=MAX_SPECTATOR_TOKENS)]},
                                   maximum=MAX_SPECTATOR_TOKENS)
        token = secrets.token_urlsafe(16)
        known.append(token_hash(token))
        self._append(game, [{"type": SPECTATOR_TOKEN_ISSUED}])
        return token


def retrying(load, change, attempts: int = 5):
    """``change(load())``, loaded again when another writer committed first (a change that does
    not depend on the version, such as minting a token); StaleVersion after ``attempts``."""
    for _ in range(attempts - 1):
        try:
            return change(load())
        except StaleVersion:
            continue
    return change(load())

