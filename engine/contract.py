"""The ruleset contract every game implements (see docs/engine.md).

A ruleset is a stateless object; the game state is an engine-owned value that
``apply``/``apply_chance`` mutate in place *after* checking legality, so an illegal
move raises :class:`~engine.errors.IllegalMove` and changes nothing. The driver
(:mod:`engine.match`) adds chance resolution, forced moves and the move log.

Events are JSON objects with a ``type``. Fields that only one seat may see go under
``"_private": {"<seat>": {...}}``; :func:`event_view` merges them for that seat only.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from marshmallow import RAISE, Schema, ValidationError

from .errors import InvalidOptions
from .problems import Problems
from .rng import Rng


@dataclass(frozen=True)
class Chance:
    """A chance step: outcomes (JSON values) with positive integer weights."""

    outcomes: list
    weights: list[int]
    label: str = "chance"

    def draw(self, rng: Rng):
        return self.outcomes[rng.weighted_index(self.weights)]

    @classmethod
    def uniform(cls, outcomes, label="chance") -> "Chance":
        return cls(list(outcomes), [1] * len(outcomes), label)


class NoOptions(Schema):
    """A ruleset without options."""

    class Meta:
        unknown = RAISE


class Ruleset(ABC):
    """Metadata plus the pure rule functions of one game."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    options_schema: ClassVar[type[Schema]] = NoOptions
    #: move type -> marshmallow schema of its payload (documentation and shape checks)
    move_schemas: ClassVar[dict[str, type[Schema]]] = {}

    # -- options ---------------------------------------------------------------
    def make_options(self, raw: dict | None) -> dict:
        """Validate raw options and fill defaults; raise InvalidOptions naming every problem.

        When the schema refuses some options, the others (the refused ones at their
        defaults) still go through :meth:`check_options`, so one answer lists the
        problems of both passes.
        """
        raw = raw or {}
        schema = self.options_schema(unknown=RAISE)
        try:
            options = schema.load(raw)
        except ValidationError as exc:
            messages = exc.normalized_messages()
            problems = Problems.from_schema(messages)
            if isinstance(raw, dict):
                try:
                    problems.extend(self.check_options(
                        schema.load({key: value for key, value in raw.items() if key not in messages})))
                except ValidationError:
                    pass                                # the options as a whole are refused
            raise InvalidOptions(problems) from None
        problems = self.check_options(options)
        if problems:
            raise InvalidOptions(problems)
        return options

    def check_options(self, options: dict) -> Problems:
        """Checks beyond the schema (component data, option combinations): every problem."""
        return Problems()

    # -- the rules -------------------------------------------------------------
    @abstractmethod
    def setup(self, num_players: int, options: dict) -> Any:
        """The initial state; random set-up happens later through chance steps."""

    @abstractmethod
    def to_move(self, state) -> list[int]:
        """Seats whose decision it is; empty at a chance step or when the game is over."""

    def chance(self, state) -> Chance | None:
        """The pending chance step, if any."""
        return None

    def apply_chance(self, state, outcome) -> list[dict]:
        """Apply a drawn outcome; returns events."""
        raise NotImplementedError(f"{self.id} has no chance steps")

    @abstractmethod
    def legal_moves(self, state, seat: int) -> list[dict]:
        """Complete, sound, deterministically ordered moves of ``seat``."""

    @abstractmethod
    def apply(self, state, seat: int, move: dict) -> list[dict]:
        """Check and apply a move in place; returns events. Illegal: raise, change nothing."""

    @abstractmethod
    def is_over(self, state) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def score(self, state) -> dict:
        """``{"scores": [{"seat", "total", "breakdown"}], "winners": [seats]}``."""

    @abstractmethod
    def view(self, state, seat: int | None) -> dict:
        """What ``seat`` (None: a spectator) may see, as JSON."""

    @abstractmethod
    def to_json(self, state) -> dict:
        """The complete state as JSON (exact round trip with :meth:`from_json`)."""

    @abstractmethod
    def from_json(self, data: dict) -> Any:
        """Rebuild a state from :meth:`to_json` output."""

    # -- hooks with defaults ---------------------------------------------------
    def copy_state(self, state):
        """An independent copy of ``state`` (override for speed)."""
        return copy.deepcopy(state)

    def determinize(self, state, seat: int, rng: Rng):
        """A copy whose hidden information is resampled from what ``seat`` knows.

        Perfect-information rulesets (hidden information lives only in future chance
        steps) keep the default: a plain copy.
        """
        return self.copy_state(state)

    def redact_move(self, move: dict, mover: int, viewer: int | None) -> dict:
        """A logged move as ``viewer`` may see it."""
        return move

    def describe(self) -> dict:
        """Registry metadata as JSON."""
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "rules_version": self.rules_version,
        }


def event_view(event: dict, viewer: int | None) -> dict:
    """An event as ``viewer`` may see it: public fields plus that seat's private ones."""
    private = event.get("_private")
    if private is None:
        return event
    public = {k: v for k, v in event.items() if k != "_private"}
    if viewer is not None and str(viewer) in private:
        public.update(private[str(viewer)])
    return public


def canonical(value) -> str:
    """Canonical JSON text, for equality checks and hashing."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
