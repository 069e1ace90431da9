"""The match driver: a ruleset's state plus its seeded RNG, chance and forced steps.

After every accepted move the driver resolves chance steps with the game's RNG and
applies every decision that has exactly one legal move, logging both. In companion mode
(``chance="table"``) it stops at each chance step instead, until :meth:`Match.deal` is
given the outcome the table drew. One accepted
move makes one log entry and one new version; the entry lists the move, the steps
that followed it and their events, so a game replays exactly from seed + moves.
"""

from __future__ import annotations

from .contract import Chance, Ruleset, canonical, event_view
from .errors import GameOver, IllegalMove, IllegalOutcome, LimitExceeded
from .i18n import DEFAULT, N_
from .rng import Rng, derive_seed
from .texts import event_text, move_text

ACTIVE, FINISHED = "active", "finished"
AUTO_MOVE = "auto_move"
#: who resolves chance steps: the driver with the game's RNG, or the table (companion mode)
SERVER_CHANCE, TABLE_CHANCE = "server", "table"
#: chance steps and forced moves after one create or move (docs/operations.md, "Limits"):
#: more raise LimitExceeded and the create or move is refused
MAX_AUTO_STEPS = 10_000


class Match:
    """One game: ruleset, options, players, seed, RNG, state and version."""

    def __init__(self, ruleset: Ruleset, players: int, options: dict, seed: int,
                 state, rng: Rng, version: int = 0, opening: dict | None = None, chance: str = SERVER_CHANCE):
        self.ruleset = ruleset
        self.players = players
        self.options = options
        self.seed = seed
        self.state = state
        self.rng = rng
        self.version = version
        self.opening = opening or {"steps": [], "events": []}
        self.chance = chance
        self._legal: dict[int, list[dict]] = {}

    @classmethod
    def create(cls, ruleset: Ruleset, players: int, options: dict | None, seed: int,
               chance: str = SERVER_CHANCE) -> "Match":
        """Validate options, set up, and play the opening chance and forced steps (up to the first
        chance step when the table draws)."""
        if not ruleset.min_players <= players <= ruleset.max_players:
            raise ValueError(f"{ruleset.id} takes {ruleset.min_players}-{ruleset.max_players} players")
        opts = ruleset.make_options(options)
        state = ruleset.setup(players, opts)
        match = cls(ruleset, players, opts, seed, state, Rng(derive_seed("game", seed)), chance=chance)
        match.opening = match._advance()
        return match

    # -- queries ---------------------------------------------------------------
    @property
    def status(self) -> str:
        return FINISHED if self.ruleset.is_over(self.state) else ACTIVE

    def to_move(self) -> list[int]:
        return [] if self.ruleset.is_over(self.state) else self.ruleset.to_move(self.state)

    def legal_moves(self, seat: int) -> list[dict]:
        """The seat's legal moves (empty when it is not to move)."""
        if seat not in self.to_move():
            return []
        if seat not in self._legal:
            self._legal[seat] = self.ruleset.legal_moves(self.state, seat)
        return self._legal[seat]

    def view(self, seat: int | None) -> dict:
        return self.ruleset.view(self.state, seat)

    def pending_chance(self) -> Chance | None:
        """The chance step waiting for the table's outcome (companion mode only)."""
        if self.chance != TABLE_CHANCE or self.ruleset.is_over(self.state):
            return None
        return self.ruleset.chance(self.state)

    def score(self) -> dict:
        return self.ruleset.score(self.state)

    # -- moves -----------------------------------------------------------------
    def check(self, seat: int, move) -> None:
        """Raise the error a move would get, without changing anything."""
        self.ruleset.admit(self.state, seat, move)
        if move not in self.legal_moves(seat):
            trial = self.ruleset.copy_state(self.state)
            self.ruleset.perform(trial, seat, move)  # raises with the rule's message
            raise IllegalMove(N_("that move is not legal in this position"))

    def play(self, seat: int, move: dict) -> dict:
        """Apply a seat's move and what follows it; returns the new log entry."""
        events = self.ruleset.apply(self.state, seat, move)
        self._legal.clear()
        after = self._advance()
        self.version += 1
        return {
            "version": self.version,
            "seat": seat,
            "move": move,
            "events": list(events) + after["events"],
            "steps": after["steps"],
        }

    def deal(self, outcome) -> dict:
        """Resolve the pending chance step with the table's ``outcome`` and what follows it (up
        to the next chance step); returns the new log entry. Refused: GameOver, IllegalOutcome."""
        if self.ruleset.is_over(self.state):
            raise GameOver(N_("the game has ended"))
        chance = self.pending_chance()
        if chance is None:
            raise IllegalOutcome(N_("no chance step is pending: a seat is to move") if self.chance == TABLE_CHANCE
                                 else N_("no chance step is pending: the server draws this game's chance"))
        if not possible(chance, outcome):
            raise IllegalOutcome(N_("that outcome is not possible at this chance step"))
        events = self.ruleset.apply_chance(self.state, outcome)
        self._legal.clear()
        after = self._advance()
        self.version += 1
        return {"version": self.version, "chance": outcome, "events": list(events) + after["events"],
                "steps": after["steps"]}

    def _advance(self) -> dict:
        """Resolve chance steps and forced moves until a real decision or the end."""
        steps, events = [], []
        rules = self.ruleset
        for _ in range(MAX_AUTO_STEPS):
            if rules.is_over(self.state):
                break
            chance = rules.chance(self.state)
            if chance is not None and self.chance == TABLE_CHANCE:
                break
            if chance is not None:
                outcome = chance.draw(self.rng)
                events.extend(rules.apply_chance(self.state, outcome))
                steps.append({"chance": outcome})
                self._legal.clear()
                continue
            forced = [(seat, self.legal_moves(seat)) for seat in rules.to_move(self.state)]
            forced = [(seat, moves[0]) for seat, moves in forced if len(moves) == 1]
            if not forced:
                break
            seat, move = forced[0]
            events.append({"type": AUTO_MOVE, "seat": seat, "move": move})
            events.extend(rules.apply(self.state, seat, move))
            steps.append({"seat": seat, "move": move})
            self._legal.clear()
        else:
            raise LimitExceeded("auto_steps", MAX_AUTO_STEPS, N_("the automatic steps after this move"))
        return {"steps": steps, "events": events}

    # -- redaction -------------------------------------------------------------
    def entry_view(self, entry: dict, viewer: int | None, lang: str = DEFAULT) -> dict:
        """A log entry as ``viewer`` may see it: redacted moves and events in words (``lang``), no steps."""
        out = {"version": entry["version"], "events": self.events_view(entry["events"], viewer, lang)}
        if "seat" in entry:
            out["seat"] = entry["seat"]
            out["move"] = self.ruleset.redact_move(entry["move"], entry["seat"], viewer)
        return out

    def events_view(self, events: list[dict], viewer: int | None, lang: str = DEFAULT) -> list[dict]:
        """Events as ``viewer`` may see them, each with its ``text`` in ``lang``."""
        shown = []
        for event in events:
            event = event_view(event, viewer)
            if event.get("type") == AUTO_MOVE:
                event = {**event, "move": self.ruleset.redact_move(event["move"], event["seat"], viewer)}
            shown.append({**event, "text": event_text(self.ruleset, event, lang)})
        return shown

    def described_moves(self, seat: int, lang: str = DEFAULT) -> list[dict]:
        """The seat's legal moves, each with its ``text`` in ``lang``."""
        return [{**move, "text": move_text(self.ruleset, move, lang)} for move in self.legal_moves(seat)]

    # -- persistence -------------------------------------------------------------
    def to_json(self) -> dict:
        table = {"chance": TABLE_CHANCE} if self.chance == TABLE_CHANCE else {}
        return {
            **table,
            "ruleset": self.ruleset.id,
            "rules_version": self.ruleset.rules_version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "rng": self.rng.state,
            "version": self.version,
            "opening": self.opening,
            "state": self.ruleset.to_json(self.state),
        }

    @classmethod
    def from_json(cls, data: dict, ruleset: Ruleset) -> "Match":
        return cls(ruleset, data["players"], data["options"], data["seed"],
                   ruleset.from_json(data["state"]), Rng(data["rng"]),
                   data["version"], data["opening"], data.get("chance", SERVER_CHANCE))


def possible(chance: Chance, outcome) -> bool:
    """Whether ``outcome`` is one of the chance step's outcomes, JSON types included (1 is not true)."""
    return any(o == outcome and canonical(o) == canonical(outcome) for o in chance.outcomes)


def replay(ruleset: Ruleset, players: int, options: dict | None, seed: int,
           moves: list[tuple[int, dict]]) -> Match:
    """Rebuild a game from its seed and the seats' moves, in order."""
    match = Match.create(ruleset, players, options, seed)
    for seat, move in moves:
        match.play(seat, move)
    return match
