"""The ruleset contract every game implements (see docs/engine.md).

A ruleset is a stateless object; the game state is an engine-owned value that
``apply``/``apply_chance`` mutate in place *after* checking legality, so an illegal
move raises :class:`~engine.errors.IllegalMove` and changes nothing. ``apply`` is a
template method: :meth:`Ruleset.admit` checks game over, turn and the move's shape
once for every game, then the game's own :meth:`Ruleset.perform` applies its rules.
The driver (:mod:`engine.match`) adds chance resolution, forced moves and the move log.

Events are JSON objects with a ``type``. Fields that only one seat may see go under
``"_private": {"<seat>": {...}}``; :func:`event_view` merges them for that seat only.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from marshmallow import RAISE, Schema, ValidationError, fields

from .errors import GameOver, IllegalMove, InvalidOptions, NotYourTurn
from .i18n import N_
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


class Shape(Schema):
    """A JSON object the engine answers (a view or a part of one, an event's fields): exactly
    its declared fields. Documentation for the API spec (``Ruleset.view_schema``,
    ``Ruleset.event_schemas``), never used to load."""

    class Meta:
        unknown = RAISE
        ordered = True


def shape(name: str, declared: dict, description: str | None = None) -> type[Shape]:
    """A :class:`Shape` named ``name`` (the API spec's component name: unique across rulesets,
    so prefixed with the game's) with the fields ``declared`` (keys need not be identifiers)."""
    attrs = dict(declared)
    if description:
        attrs["Meta"] = type("Meta", (Shape.Meta,), {"description": description})
    return type(name, (Shape,), attrs)


class JsonBoolean(fields.Boolean):
    """``true`` or ``false`` only, as the API spec says (marshmallow's Boolean also takes 0, 1,
    "yes", ..., and truthy/falsy sets cannot tell 0 from false)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not bool:
            raise self.make_error("invalid", input=value)
        return value


def either(*json_types: str, **kwargs):
    """A field whose value is one of several JSON types (``"integer"``, ``"string"``, a
    ``{"$ref": ...}``-free JSON Schema dict), documented as such."""
    choices = [t if isinstance(t, dict) else {"type": t} for t in json_types]
    metadata = {**kwargs.pop("metadata", {}), "oneOf": choices}
    return fields.Raw(metadata=metadata, **kwargs)


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
    #: the marshmallow schema of what ``view`` answers, for a seat and for a spectator alike
    #: (what one viewer may not see is null or absent there, its description says when)
    view_schema: ClassVar[type[Schema] | None] = None
    #: event type -> marshmallow schema of its fields besides ``type`` (as a viewer sees them)
    event_schemas: ClassVar[dict[str, type[Schema]]] = {}
    #: event and move types (or their ``text_key``) -> the English template of their ``text``
    #: (``engine.texts``; translated through the catalogues of ``engine.i18n``)
    event_texts: ClassVar[dict[str, str]] = {}
    move_texts: ClassVar[dict[str, str]] = {}
    #: score sheet breakdown keys -> their name (a msgid: ``engine.texts.score_text``)
    score_texts: ClassVar[dict[str, str]] = {}
    #: options a player picks when starting a game (the /play form): option -> ``{"label": msgid,
    #: "choices": {value: msgid}}``, the first choice the option's default
    setup_texts: ClassVar[dict[str, dict]] = {}
    #: move types whose payload only their mover sees (``redact_move`` leaves others only the type)
    redacted_moves: ClassVar[tuple[str, ...]] = ()
    #: the AI's search settings for this game (an ``engine.ai.Policy``; None: the default)
    ai_policy: ClassVar[Any] = None
    #: the state class: ``State.from_json(data)``, ``state.to_json()``, ``state.copy()``
    state_type: ClassVar[type]
    #: ``render(view, highlight=None) -> SVG text`` (None: ``engine.svg.render_generic``)
    renderer: ClassVar[Callable[..., str] | None] = None
    #: True when the state holds information some seat cannot see (hands, face-down pieces);
    #: future chance draws alone do not count (``CLIENT_SEEDS=perfect_information_only``)
    hidden_information: ClassVar[bool] = False
    #: event types that reveal hidden information (a face-down card turned, a hidden identity
    #: shown): an undo may not take back a decision after one (``reveals``)
    reveal_events: ClassVar[frozenset[str]] = frozenset()

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

    def apply(self, state, seat: int, move) -> list[dict]:
        """Check and apply a move in place; returns events. Illegal: raise, change nothing."""
        self.admit(state, seat, move)
        return self.perform(state, seat, move)

    def admit(self, state, seat: int, move) -> None:
        """The checks before the rules, the same for every game: game over, turn, shape."""
        if self.is_over(state):
            raise GameOver(N_("the game has ended"))
        if seat not in self.to_move(state):
            raise NotYourTurn(seat)
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove(N_("a move is a JSON object with a string 'type'"))
        loader = self._move_loaders().get(move["type"])
        if loader is None:
            raise IllegalMove(N_("unknown move type {type}; this game's moves are {moves}"),
                              type=repr(move["type"]), moves=", ".join(sorted(self.move_schemas)))
        try:
            loader.load({key: value for key, value in move.items() if key != "type"})
        except ValidationError as exc:
            raise IllegalMove(N_("malformed {type} move"), exc.normalized_messages(),
                              type=repr(move["type"])) from None

    @classmethod
    def _move_loaders(cls) -> dict[str, Schema]:
        """One strict schema instance per move type, made once per ruleset class."""
        loaders = cls.__dict__.get("_loaders")
        if loaders is None:
            loaders = {kind: schema(unknown=RAISE) for kind, schema in cls.move_schemas.items()}
            cls._loaders = loaders
        return loaders

    @abstractmethod
    def perform(self, state, seat: int, move: dict) -> list[dict]:
        """Apply an admitted move (its seat is to move, its shape is valid) by the game's
        rules, in place; returns events. Against the rules: raise IllegalMove naming the
        rule, change nothing. Search may call it directly with a listed legal move."""

    @abstractmethod
    def is_over(self, state) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def score(self, state) -> dict:
        """``{"scores": [{"seat", "total", "breakdown"}], "winners": [seats]}``."""

    @abstractmethod
    def view(self, state, seat: int | None) -> dict:
        """What ``seat`` (None: a spectator) may see, as JSON."""

    # -- the state: a game's State class, or these overridden -------------------
    def to_json(self, state) -> dict:
        """The complete state as JSON (exact round trip with :meth:`from_json`)."""
        return state.to_json()

    def from_json(self, data: dict) -> Any:
        """Rebuild a state from :meth:`to_json` output."""
        return self.state_type.from_json(data)

    def copy_state(self, state):
        """An independent copy of ``state``, fast: search copies thousands a second."""
        return state.copy()

    # -- hooks with defaults ---------------------------------------------------
    def determinize(self, state, seat: int, rng: Rng):
        """A copy whose hidden information is resampled from what ``seat`` knows.

        Perfect-information rulesets (hidden information lives only in future chance
        steps) keep the default: a plain copy.
        """
        return self.copy_state(state)

    def reveals(self, event: dict) -> bool:
        """Whether ``event`` reveals hidden information: a type of ``reveal_events``, or an event
        with a part for some seats only (``_private``: one seat learnt something)."""
        return event.get("type") in self.reveal_events or "_private" in event

    def redact_move(self, move: dict, mover: int, viewer: int | None) -> dict:
        """A logged move as ``viewer`` may see it."""
        return move

    def text_key(self, item: dict) -> str:
        """The template of an event or move (``engine.texts``): its type, or ``type/variant``."""
        return item["type"]

    def text_words(self, item: dict, lang: str) -> dict:
        """An event's or move's fields in this game's words (card names, goods) for its template,
        in ``lang``; fields left out are put in words by ``engine.texts.words``."""
        return {}

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


def seat_label(seat: int) -> str:
    """What people call a seat: ``Player 1`` is seat 0 (default names, pictures, /play)."""
    return f"Player {seat + 1}"


def canonical(value) -> str:
    """Canonical JSON text, for equality checks and hashing."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
