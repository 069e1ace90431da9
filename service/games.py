"""Game use cases shared by the API and the worker: create, view, move, score, AI turns.

Everything that leaves here for a seat passes through the ruleset's redaction
(``view``, ``entry_view``); seat tokens are stored only as SHA-256 hashes.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
import uuid
from dataclasses import dataclass

from engine import GameOver, Match, NotYourTurn, derive_seed, registry, seat_label
from engine.ai import DEFAULT_CAPS, LEVELS, Caps, choose_move, hint
from engine.i18n import DEFAULT, N_, Text
from engine.texts import move_text

from .clocks import Deadlines, advance, clock_view, next_deadline
from .config import CLIENT_SEEDS_ALLOWED, CLIENT_SEEDS_PERFECT_INFORMATION_ONLY, CLIENT_SEEDS_REFUSED, Settings
from .dispatch import Dispatcher
from .errors import (BrokerUnavailable, GameNotStarted, MalformedRequest, NotFound, QuotaExceeded, SeedRefused,
                     StaleVersion, Unauthorized)
from .game_options import PRIVATE, of_record
from .outcome import ENDED, OPEN, WAITING, final_sheet, status_of
from .store import GameStore
from .webhooks import EVENT_FINAL, EVENT_MOVE, Policy, Webhooks, hook_key

log = logging.getLogger("spielwerk")
HUMAN, AI = "human", "ai"
DEFAULT_LEVEL = "medium" if "medium" in LEVELS else LEVELS[0]
#: The event in a move's log entry when an AI seat played a fallback move instead of searching.
AI_FALLBACK = "ai_fallback"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seed_commitment(seed: int) -> str:
    """The SHA-256 hex digest of the seed's decimal ASCII text (no sign, no leading zeros,
    no newline): ``sha256(b"42")`` for seed 42."""
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


@dataclass
class Game:
    """A loaded record with its match."""

    record: dict
    match: Match
    final: dict | None = None

    @property
    def game_id(self) -> str:
        return self.record["game_id"]

    @property
    def version(self) -> int:
        return self.match.version

    @property
    def status(self) -> str:
        return status_of(self.record, self.match)

    def to_move(self) -> list[int]:
        """The seats to move: none while the game waits for players or once it has ended."""
        return self.match.to_move() if self.status not in (WAITING, *ENDED) else []

    def require_playing(self) -> None:
        """GameNotStarted while seats are open; GameOver once the game has ended."""
        if self.status == WAITING:
            raise GameNotStarted()
        if self.status in ENDED:
            raise GameOver(N_("the game has ended"))

    def seat_of(self, token: str | None) -> int | None:
        """The seat a bearer token opens; None for the admin token and a spectator token, and for
        no token where the game is public (a private game is NotFound without one); Unauthorized
        for a wrong one. Every hash is compared, in constant time."""
        if token is None:
            if of_record(self.record)["spectators"] == PRIVATE:
                raise NotFound(N_("game"))
            return None
        digest = token_hash(token)
        found = None
        for seat in self.record["seats"]:
            if seat.get("token_hash") and hmac.compare_digest(seat["token_hash"], digest):
                found = seat["seat"]
        spectator = any([hmac.compare_digest(known, digest) for known in self.record.get("spectator_tokens", [])])
        if found is None and not spectator and not self.is_admin(token):
            raise Unauthorized()
        return found

    def seat_token_hash(self, seat: int) -> str | None:
        """The hash of ``seat``'s current token (None while the seat has none)."""
        return self.record["seats"][seat].get("token_hash")

    def is_admin(self, token: str | None) -> bool:
        """Whether ``token`` is the game's admin token (games created before it existed have none)."""
        stored = self.record.get("admin_token_hash")
        return token is not None and stored is not None and hmac.compare_digest(stored, token_hash(token))

    def require_version(self, expected: int | None) -> None:
        """The stale-version check: StaleVersion unless ``expected`` is None or the current version."""
        if expected is not None and expected != self.version:
            raise StaleVersion(self.version)

    def ai_seats_to_move(self) -> list[int]:
        return [s for s in self.to_move() if self.record["seats"][s]["kind"] == AI]

    def public_seats(self) -> list[dict]:
        """The seats without their credentials (token and invite hashes)."""
        return [{k: v for k, v in seat.items() if not k.endswith("_hash")} for seat in self.record["seats"]]

    def fairness(self) -> dict:
        """What every viewer may know of the seed: whether a client chose it and its commitment;
        the seed itself only once the game is finished. A record stored before the flag existed
        counts as client-chosen: the server cannot vouch that it chose that seed."""
        shown = {"seed_chosen_by_client": self.record.get("seed_chosen_by_client", True),
                 "seed_commitment": seed_commitment(self.match.seed)}
        if self.status in ENDED:
            shown["seed"] = self.match.seed
        return shown

    def view(self, seat: int | None) -> dict:
        return {
            "game_id": self.game_id,
            "ruleset": self.record["ruleset"],
            "rules_version": self.match.ruleset.rules_version,
            "version": self.version,
            "status": self.status,
            "to_move": self.to_move(),
            "viewer": seat,
            "seats": self.public_seats(),
            "game_options": of_record(self.record),
            "clock": clock_view(self.record),
            "state": self.match.view(seat),
            **self.fairness(),
        }


#: The most entries one page of a game's history holds.
MAX_HISTORY_PAGE = 500


class Games:
    """The use cases, over a store and a dispatcher."""

    def __init__(self, store: GameStore, dispatcher: Dispatcher, resume_after: float, quota: int = 0,
                 caps: Caps = DEFAULT_CAPS,
                 client_seeds: str = CLIENT_SEEDS_ALLOWED, webhooks: Webhooks | None = None):
        self.store = store
        self.webhooks = webhooks  # None: no webhooks (nothing is delivered)
        self.dispatcher = dispatcher
        self.resume_after = resume_after
        self.caps = caps  # AI_MAX_ITERATIONS, AI_MAX_MS: the ceilings on every search
        self.quota = quota  # active games per client; 0: no quota
        self.client_seeds = client_seeds  # CLIENT_SEEDS: may a create choose the seed?
        self.deadlines = Deadlines(store.redis)  # the clocks' deadlines, for the sweep (service.timeouts)

    @classmethod
    def from_settings(cls, settings: Settings, dispatcher: Dispatcher) -> "Games":
        store = GameStore.from_settings(settings)
        return cls(store, dispatcher, caps=settings.ai_caps,
                   resume_after=settings.visibility_timeout,
                   quota=settings.max_active_games_per_client, client_seeds=settings.client_seeds,
                   webhooks=Webhooks(store.redis, Policy.from_settings(settings), settings.game_ttl_seconds))

    # -- creation --------------------------------------------------------------
    def create(self, ruleset_id: str, seats: list[dict], seed: int | None, options: dict | None,
               client: str | None = None, game_options: dict | None = None):
        """Create a game for ``client`` (the key its quota of active games is counted by) with the
        service's ``game_options`` (``service.game_options``); returns (game, tokens by seat, the
        admin token, invite codes by open seat). Tokens and invites are stored only as hashes."""
        ruleset = registry.get(ruleset_id)
        if not ruleset.min_players <= len(seats) <= ruleset.max_players:
            fewest, most = ruleset.min_players, ruleset.max_players
            raise MalformedRequest(N_("{ruleset} takes {fewest} to {most} seats"),
                                   {"seats": [Text(N_("expected {fewest}-{most} seats"), fewest=fewest, most=most)]},
                                   ruleset=ruleset.id, fewest=fewest, most=most)
        chosen_by_client = seed is not None
        if chosen_by_client and (self.client_seeds == CLIENT_SEEDS_REFUSED or (
                self.client_seeds == CLIENT_SEEDS_PERFECT_INFORMATION_ONLY and ruleset.hidden_information)):
            raise SeedRefused(self.client_seeds, ruleset.id)
        seed = secrets.randbits(63) if seed is None else seed
        match = Match.create(ruleset, len(seats), options, seed,
                             chance=of_record({"game_options": game_options})["chance"])
        tokens, invites, stored = {}, {}, []
        for index, spec in enumerate(seats):
            seat = {"seat": index, "name": spec.get("name") or seat_label(index), "kind": spec["kind"]}
            if spec["kind"] == HUMAN:
                tokens[index] = secrets.token_urlsafe(16)
                seat["token_hash"] = token_hash(tokens[index])
            elif spec["kind"] == OPEN:
                invites[index] = secrets.token_urlsafe(16)
                seat["invite_hash"] = token_hash(invites[index])
            else:
                seat["level"] = spec.get("level") or DEFAULT_LEVEL
                seat.update({k: spec[k] for k in ("budget_ms", "iterations") if spec.get(k) is not None})
            stored.append(seat)
        now, admin = time.time(), secrets.token_urlsafe(16)
        record = {"game_id": secrets.token_urlsafe(16), "ruleset": ruleset.id, "seats": stored,
                  "admin_token_hash": token_hash(admin), "game_options": game_options or of_record({}),
                  "created_at": now, "updated_at": now, "client": client, "seed_chosen_by_client": chosen_by_client}
        game = Game(record, match)
        if self.quota > 0 and client and not self.store.admit_game(client, game.game_id, self.quota):
            raise QuotaExceeded(self.quota)
        self._clock(game, None)
        try:
            self.store.create(self._sync(game))
        except Exception:
            self._release(game)
            raise
        self._follow_up(game)
        return game, tokens, admin, invites

    # -- reading ---------------------------------------------------------------
    def load(self, game_id: str) -> Game:
        record, final = self.store.load(game_id)
        ruleset = registry.get(record["ruleset"])
        return Game(record, Match.from_json(record["match"], ruleset), final)

    def history(self, game: Game, seat: int | None, since: int | None = None,
                limit: int = MAX_HISTORY_PAGE, lang: str = DEFAULT) -> tuple[list[dict], bool]:
        """The entries of the versions after ``since`` (None: from the opening, version 0) up to
        ``game.version``, at most ``limit`` of them, as ``seat`` may see them (events in words of
        ``lang``); and whether more follow (ask again with ``since`` = the last entry's version)."""
        entries, after = [], min(since, game.version) if since is not None else 0
        if since is None:
            entries.append({"version": 0, "events": game.match.events_view(game.match.opening["events"], seat, lang)})
        count = min(limit - len(entries), game.version - after)
        logged = self.store.log(game.game_id, after, count) if count > 0 else []
        entries += [game.match.entry_view(entry, seat, lang) for entry in logged]
        last = entries[-1]["version"] if entries else after
        return entries, last < game.version

    # -- moves -----------------------------------------------------------------
    def play(self, game: Game, seat: int, move, expected_version: int | None, notes: tuple[dict, ...] = ()) -> dict:
        """Apply a seat's move with compare-and-set; returns the log entry (``notes`` first in its events)."""
        game.require_version(expected_version)
        game.require_playing()
        current = game.version
        entry = game.match.play(seat, move)
        entry["events"][:0] = notes
        if game.record["seats"][seat]["kind"] == HUMAN:
            game.record["human_moved"] = True   # a seat may abort only before this
        self.commit(game, current, entry)
        return entry

    def commit(self, game: Game, current: int, entry: dict) -> None:
        """Store ``game``'s new version, made by ``entry`` from version ``current`` (compare-and-set:
        StaleVersion when another writer came first), and enqueue what it owes."""
        # whose turn it is after the move, for streams that replay the log (public: every view shows it)
        entry.update(to_move=game.to_move(), status=game.status)
        self._clock(game, entry.get("seat"))
        # the webhook's config is read by the commit itself: a webhook registered before it gets this version
        hook = self.store.commit(self._sync(game), current, entry, watch=self.webhooks and hook_key(game.game_id))
        if game.status in ENDED:
            self._release(game)
        self._follow_up(game, hook)

    def check(self, game: Game, seat: int, move, expected_version: int | None) -> None:
        """Would the move be accepted now? Raises what ``play`` would; changes nothing."""
        game.require_version(expected_version)
        game.require_playing()
        game.match.check(seat, move)

    # -- hints and tasks ---------------------------------------------------------
    def request_hint(self, game: Game, seat: int, level: str | None) -> str:
        """Enqueue a hint for ``seat`` (which must be to move); returns the task id. A seat has
        one hint task per version: asking again, at any level, returns the first one's id."""
        if seat not in game.to_move():
            raise NotYourTurn(seat)
        task_id = str(uuid.uuid4())
        claimed = self.store.claim_hint(game.game_id, seat, game.version, task_id)
        if claimed != task_id:
            return claimed
        self.store.remember_task(task_id, game.game_id, seat)
        try:
            self.dispatcher.hint(task_id, game.game_id, seat, game.version, level)
        except BrokerUnavailable:
            self.store.drop_hint(game.game_id, seat, game.version)  # asking again sends a new one
            raise
        return task_id

    def task(self, task_id: str, token: str | None, lang: str = DEFAULT) -> dict:
        """A task's state and result, for the token of the seat that asked for it only; a hint's
        top moves get their ``text`` in ``lang``. NotFound for an unknown id, no token or another
        token alike (existence stays secret)."""
        owner = self.store.task_owner(task_id)
        if owner is None or token is None:
            raise NotFound(N_("task"))
        try:
            game = self.load(owner["game_id"])
            seat = game.seat_of(token)
        except (NotFound, Unauthorized):
            raise NotFound(N_("task")) from None
        if seat != owner["seat"]:
            raise NotFound(N_("task"))
        state, result = self.dispatcher.task_result(task_id)
        if result and result.get("top"):
            ruleset = game.match.ruleset
            result = {**result, "top": [{**entry, "text": move_text(ruleset, entry["move"], lang)}
                                        for entry in result["top"]]}
        return {"state": state, "result": result}

    def readiness(self) -> dict:
        """Whether the game store and the broker answer, each ``ok`` or ``down``."""
        return {"store": "ok" if self.store.ping() else "down",
                "broker": "ok" if self.dispatcher.broker_ok() else "down"}

    # -- worker side -------------------------------------------------------------
    def ai_turn(self, game_id: str, version: int, fallback: str | None = None) -> dict | None:
        """Move the first AI seat to move, if the game is still at ``version``. With ``fallback``
        (why earlier attempts failed) the seat plays a random legal move of a fixed seed instead
        of searching, and the entry's events begin with an ``ai_fallback`` event saying so."""
        try:
            game = self.load(game_id)
            game.require_version(version)
        except (NotFound, StaleVersion):
            return None
        seats = game.ai_seats_to_move()
        if not seats:
            return None
        seat = seats[0]
        notes = ()
        if fallback is None:
            move = self.suggest(game, seat, game.record["seats"][seat])
        else:
            log.error("AI seat %s of %s at version %s falls back to a random move: %s", seat, game_id, version,
                      fallback)
            move = self.suggest(game, seat, {"level": "random"})
            notes = ({"type": AI_FALLBACK, "seat": seat, "reason": fallback},)
        try:
            return self.play(game, seat, move, version, notes)
        except StaleVersion:
            return None

    def suggest(self, game: Game, seat: int, ai: dict) -> dict:
        """The move the AI suggests for ``seat``, from that seat's information only; the search
        stops at the caps (AI_MAX_ITERATIONS, AI_MAX_MS) whatever ``ai`` asks."""
        match = game.match
        return choose_move(match.ruleset, match.state, seat, level=ai.get("level", DEFAULT_LEVEL),
                           seed=ai_seed(match, seat), budget_ms=ai.get("budget_ms"), iterations=ai.get("iterations"),
                           caps=self.caps)

    def hint(self, game: Game, seat: int, level: str) -> dict:
        """A hint for ``seat`` (``engine.ai.hint``: the move ``suggest`` gives at ``level`` and the
        best moves explained), from that seat's information only, within the caps."""
        match = game.match
        return hint(match.ruleset, match.state, seat, level=level, seed=ai_seed(match, seat), caps=self.caps)

    def write_final_score(self, game_id: str, version: int) -> bool:
        """Write the final sheet once; then (also when a redelivered task finds it written) the
        webhook's ``final`` delivery is owed (claimed once)."""
        game = self.load(game_id)
        if game.status not in ENDED:
            return False
        wrote = False
        if game.final is None:
            wrote = self.store.set_final(game_id, version, final_sheet(game.record, game.match))
            if not wrote:
                return False
            game = self.load(game_id)
        self._deliver(game, EVENT_FINAL)
        return wrote

    # -- webhooks ----------------------------------------------------------------
    def set_webhook(self, game: Game, url: str, events: list[str]) -> dict:
        """Register (or replace) the game's webhook; the answer holds its signing secret, sent
        only here. It gets the versions after the first registration's."""
        return self._hooks().register(game.game_id, game.version, url, events)

    def webhook(self, game: Game) -> dict:
        """The game's webhook without its secret; NotFound without one."""
        found = self._hooks().config(game.game_id)
        if found is None:
            raise NotFound(N_("webhook"))
        return {"url": found["url"], "events": found["events"]}

    def delete_webhook(self, game: Game) -> None:
        self._hooks().remove(game.game_id)

    def webhook_deliveries(self, game: Game) -> list[dict]:
        """The newest deliveries (WEBHOOK_DELIVERIES_KEPT at most), newest first; NotFound without a webhook."""
        self.webhook(game)
        return self._hooks().deliveries(game.game_id)

    def deliver_webhook(self, game_id: str, delivery_id: str, attempt: int) -> str:
        """Worker side: make attempt ``attempt`` at a delivery and queue what follows (the next
        attempt after its back-off, or this one again when it is not due yet); returns ``later``
        when a task follows, else ``done``."""
        following = self._hooks().attempt(game_id, delivery_id, attempt)
        if following is None:
            return "done"
        self.dispatcher.webhook(game_id, delivery_id, *following)
        return "later"

    def _hooks(self) -> Webhooks:
        if self.webhooks is None:
            raise NotFound(N_("webhook"))
        return self.webhooks

    def _deliver(self, game: Game, event: str, stored: dict | None = None) -> None:
        """Claim and queue the webhook delivery of ``event`` at the game's version, if the game has
        a webhook for it registered before this version (``stored``: its hash as the commit read
        it; None: read it now). Best effort: a failure is logged (and a delivery claimed but not
        queued is marked failed)."""
        if self.webhooks is None or game.version == 0:
            return
        try:
            hook = self.webhooks.config(game.game_id, stored)
            if hook is None or event not in hook["events"] or game.version <= hook["since_version"]:
                return
            entry = self.store.log(game.game_id, game.version - 1, 1)[0]
            payload = {"game_id": game.game_id, **game.match.entry_view(entry, None), "version": game.version,
                       "event": event, "to_move": game.to_move(), "status": game.status}
            if event == EVENT_FINAL:
                payload["score"] = {"status": "final", **game.final}
            delivery = self.webhooks.claim(game.game_id, game.version, event, payload)
            if delivery is None:
                return
            try:
                self.dispatcher.webhook(game.game_id, delivery, 1)
            except Exception:
                self.webhooks.fail_unqueued(game.game_id, delivery)
                raise
        except Exception:  # the version stands; the delivery is lost (and says so when it could)
            log.warning("could not queue the %s webhook of %s at version %s", event, game.game_id, game.version,
                        exc_info=True)

    # -- internals ---------------------------------------------------------------
    def _sync(self, game: Game) -> dict:
        record = game.record
        record.update(match=game.match.to_json(), version=game.version, status=game.status,
                      updated_at=time.time())
        return record

    def _clock(self, game: Game, acted: int | None) -> None:
        """The clocks of the version about to be stored, its earliest deadline indexed first."""
        if of_record(game.record)["clock"] is not None:
            advance(game.record, game.to_move(), acted, time.time())
            earliest = next_deadline(game.record)
            self.deadlines.index(game.game_id, earliest and earliest[0])

    def _release(self, game: Game) -> None:
        """The game no longer counts against its client's quota. Best effort: should Redis fail
        here, it counts until GAME_TTL_SECONDS after its creation."""
        client = game.record.get("client")
        if not client:
            return
        try:
            self.store.release_game(client, game.game_id)
        except Exception:  # the move stands; the quota frees itself at the expiry
            log.warning("could not release %s from its client's quota", game.game_id, exc_info=True)

    def _follow_up(self, game: Game, hook: dict | None = None) -> None:
        """Enqueue what the new version owes (an AI turn, the final sheet, the webhook's delivery:
        ``hook`` is its config as the commit read it, None: read it). Best effort: the version
        is stored already, and resume_stalled enqueues again what got lost."""
        try:
            if game.status in ENDED:
                self.dispatcher.final_score(game.game_id, game.version)
            elif game.ai_seats_to_move():
                self.dispatcher.ai_turn(game.game_id, game.version)
            earliest = next_deadline(game.record)
            if earliest:   # a timer hop: never longer than the broker's visibility timeout allows
                self.dispatcher.clock(game.game_id, game.version,
                                      min(max(0.0, earliest[0] - time.time()), self.resume_after / 2))
        except Exception:  # broker unreachable: the version stands, the work is resumed later
            log.warning("could not enqueue the follow-up of %s at version %s", game.game_id, game.version,
                        exc_info=True)
        self._deliver(game, EVENT_MOVE, hook)

    def resume_stalled(self, game: Game) -> None:
        """Enqueue again an AI turn or a final score sheet that is owed and has not come for
        ``resume_after`` seconds: its task was lost (the process died, or Redis failed,
        between the commit and the enqueue). At most once per period per game; a task
        that was only slow then runs twice, and the version check makes that harmless."""
        owed = game.final is None if game.status in ENDED else bool(game.ai_seats_to_move())
        if not owed or time.time() - game.record.get("updated_at", 0) < self.resume_after:
            return
        try:
            if self.store.claim_resume(game.game_id, game.version, max(1, int(self.resume_after))):
                self._follow_up(game)
        except Exception:  # a read must not fail because of this
            log.warning("could not resume %s", game.game_id, exc_info=True)


def ai_seed(match: Match, seat: int) -> int:
    """The seed of the AI's search for ``seat`` at the match's version (AI turns and hints alike)."""
    return derive_seed(match.seed, "ai", match.version, seat)
