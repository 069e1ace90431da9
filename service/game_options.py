"""Service options of a game: chosen at creation, the same for every ruleset (the ruleset's
own options are ``options``). Who may watch (``spectators``), whether a seat may take back its
last move (``undo``), the seats' clock (``clock``), and who draws the chance steps (``chance``:
the server, or the table in companion mode, where the admin or the ``dealer`` seat posts them)."""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from engine.i18n import N_, Text
from engine.match import SERVER_CHANCE, TABLE_CHANCE

PUBLIC, PRIVATE = "public", "private"
UNDO_OFF, UNDO_OWN_LAST_MOVE = "off", "own_last_move"
PER_MOVE, FISCHER = "per_move", "fischer"
ON_TIMEOUT_AI, ON_TIMEOUT_FORFEIT = "ai", "forfeit"
#: the longest clock a seat may be given, in seconds (docs/operations.md, "Limits"): 30 days
MAX_CLOCK_SECONDS = 30 * 24 * 3600
#: the AI level that decides for a seat whose time ran out
TIMEOUT_LEVEL = "easy"


class ClockIn(Schema):
    class Meta:
        unknown = RAISE

    type = fields.String(required=True, validate=validate.OneOf([PER_MOVE, FISCHER]), metadata={
        "description": "`per_move`: `seconds` for each decision; `fischer`: a bank of `base_seconds`, "
                       "`increment_seconds` added after each decision"})
    seconds = fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_CLOCK_SECONDS),
                             metadata={"description": "per_move: seconds for each decision"})
    base_seconds = fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_CLOCK_SECONDS),
                                  metadata={"description": "fischer: each seat's starting bank"})
    increment_seconds = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_CLOCK_SECONDS),
                                       metadata={"description": "fischer: seconds added after each decision"})
    on_timeout = fields.String(required=True, validate=validate.OneOf([ON_TIMEOUT_AI, ON_TIMEOUT_FORFEIT]),
                               metadata={"description": "at the deadline an AI (level easy) decides for the seat "
                                                        "(`ai`), or the seat forfeits (`forfeit`)"})

    @validates_schema
    def _fields_of_type(self, data, **_):
        needed = {PER_MOVE: {"seconds"}, FISCHER: {"base_seconds", "increment_seconds"}}[data["type"]]
        given = set(data) - {"type", "on_timeout"}
        if given != needed:
            raise ValidationError(Text(N_("a {type} clock takes {fields} (and type, on_timeout)"),
                                       type=data["type"], fields=", ".join(sorted(needed))))


class GameOptionsIn(Schema):
    """The service options' fields of the create body."""

    spectators = fields.String(load_default=PUBLIC, validate=validate.OneOf([PUBLIC, PRIVATE]), metadata={
        "description": "`private`: reads without a token answer 404; the admin mints spectator tokens"})
    undo = fields.String(load_default=UNDO_OFF, validate=validate.OneOf([UNDO_OFF, UNDO_OWN_LAST_MOVE]),
                         metadata={"description": "`own_last_move`: a seat may take back its last decision "
                                                  "while nobody acted and nothing was revealed since"})
    clock = fields.Nested(ClockIn, load_default=None, allow_none=True,
                          metadata={"description": "the seats' clock; none (default): no time limit"})
    chance = fields.String(load_default=SERVER_CHANCE, validate=validate.OneOf([SERVER_CHANCE, TABLE_CHANCE]),
                           metadata={"description": "`table` (companion mode): the game waits at each chance step "
                                                    "for the outcome the table drew (`POST /v1/games/{id}/chance`); "
                                                    "`server` (default): the server draws"})
    dealer = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0), metadata={
        "description": "companion mode: the human seat whose token may post chance outcomes besides the admin "
                       "token; none (default): the admin token only"})

    @validates_schema
    def _dealer_is_a_human_seat_of_a_table_game(self, data, **_):
        dealer, seats = data.get("dealer"), data.get("seats")
        if dealer is None or seats is None:
            return
        if data.get("chance") != TABLE_CHANCE:
            raise ValidationError(Text(N_('a dealer needs "chance": "table"')), "dealer")
        if dealer >= len(seats) or seats[dealer].get("kind") != "human":
            raise ValidationError(Text(N_("the dealer must be a human seat of this game")), "dealer")


def of_record(record: dict) -> dict:
    """A game's service options (the defaults for a game created before they existed)."""
    return {"spectators": PUBLIC, "undo": UNDO_OFF, "clock": None, "chance": SERVER_CHANCE, "dealer": None,
            **(record.get("game_options") or {})}
