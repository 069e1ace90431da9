"""The options (spec §12/§13, every [D] decision) and move payloads as marshmallow
schemas, and the option checks beyond the schema (component data, seats)."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from engine.contract import JsonBoolean
from engine.i18n import N_
from engine.problems import Problems

from .board import board_seats
from .components import MAX_MODE_TILES, MAX_VALUE, SEATS, data_problems, merged, start_field_problems


def _choice(default, values, description):
    return fields.String(load_default=default, validate=validate.OneOf(values),
                         metadata={"description": description})


def _int(default, minimum, description, maximum=None):
    return fields.Integer(strict=True, load_default=default, validate=validate.Range(min=minimum, max=maximum),
                          metadata={"description": description})


def _bool(default, description):
    return JsonBoolean(load_default=default, metadata={"description": description})


class Options(Schema):
    class Meta:
        unknown = RAISE
        ordered = True

    variant = _choice("day", ["day", "night"],
                      "day: species visible to all; night: animal identities face down, known only "
                      "to their owner, shown only in duels, with the defender's guess")
    seats = fields.List(fields.Integer(strict=True), load_default=None, allow_none=True, metadata={
        "description": "board seats (1 bottom, 2 left, 3 top, 4 right) of the API seats in order; "
                       "null: 2 players [1,3], 3 players [1,2,3], 4 players [1,2,3,4]"})
    first_start_player = fields.Raw(load_default="random", metadata={
        "description": '"random" (drawn by a chance step) or the board seat that starts round 1'})
    arrangement = _choice("player_choice", ["player_choice", "random"],
                          "player_choice: each seat places its animals on its start fields, one "
                          "animal per move, hidden from the others; random: drawn by chance steps")
    used_mode_tile = _choice("removed", ["removed"],
                             "the chosen combat-mode tile leaves play (reserved)")
    allow_zero_move = _bool(True, "after rolling, the player may stay instead of moving")
    forest_blocks_movement = _bool(False, "true: forest tiles (face down or flags) cannot be "
                                          "passed through, only ended on")
    foreign_start_fields = _choice("no_stop", ["no_stop"],
                                   "no_stop: another used seat's start fields may be passed when "
                                   "empty, never ended on or attacked (reserved)")
    medicine_timing = _choice("own_turn_or_defending", ["own_turn_or_defending"],
                              "medicine is usable at turn start, after the movement roll, and "
                              "before one's own duel roll as challenger or defender (reserved)")
    dice_tile_timing = _choice("after_own_roll", ["after_own_roll"],
                               "a dice tile re-rolls one's own latest roll; chainable; the new "
                               "result binds (reserved)")
    return_field_choice = _choice("owner", ["owner", "random"],
                                  "where a duel loser returns: owner picks an empty own start "
                                  "field, or random (chance step)")
    value_floor = fields.Integer(strict=True, load_default=None, allow_none=True,
                                 validate=validate.Range(min=-MAX_VALUE, max=MAX_VALUE), metadata={
        "description": "lowest effective combat value after wounds; null: no floor"})
    tiebreak_wounds = _choice("in_play", ["in_play", "all_received"],
                              "tie-break 2 counts wounds on cards in play, or every wound ever "
                              "received (healed and eliminated ones too)")
    night_guess = _choice("optional", ["optional", "mandatory"],
                          "night: whether the defender may decline to guess the challenger")
    night_duel_reveal = _choice("reveal_then_hide", ["reveal_then_hide"],
                                "night: both duellists are shown during the duel, face down "
                                "afterwards (reserved)")
    night_guess_bonus = _int(1, 0, "night: +N to the defender's roll on a right guess, +N to "
                                   "the challenger's on a wrong one", MAX_VALUE)
    no_animals_left = _choice("auto_pass", ["auto_pass"],
                              "a seat without animals passes automatically; it still chooses "
                              "the mode as start player (reserved)")
    may_skip_turn = _bool(True, "a player may pass (no roll, no move)")
    animals_per_player = _int(7, 1, "animals (and start fields) per seat", 20)
    die_sides = _int(6, 1, "sides of each player's die", 100)
    duel_vp = _int(2, 0, "victory points for winning a duel (challenger or defender)", MAX_VALUE)
    wound_penalty = _int(1, 0, "reduction of all four values per wound", MAX_VALUE)
    wounds_to_eliminate = _int(3, 1, "the wound that removes an animal from the game", MAX_VALUE)
    display_size = _int(3, 2, "combat-mode tiles on display; the round whose refill falls short "
                              "is the last", MAX_MODE_TILES)
    component_set = fields.String(load_default="default", metadata={
        "description": "id of the shipped component data set (board, species, tiles)"})
    components = fields.Dict(load_default=None, allow_none=True, metadata={
        "description": "inline component data; each top-level key replaces that key of the "
                       "selected set (format woodwalkers/components@1)"})


def _schema(name: str, **declared) -> type[Schema]:
    return type(name, (Schema,), {"Meta": type("Meta", (), {"unknown": RAISE}), **declared})


def _field():
    return fields.List(fields.Integer(strict=True), required=True, validate=validate.Length(equal=2),
                       metadata={"description": "[row, col]"})


MOVE_SCHEMAS = {
    "arrange": _schema("ArrangeMove", species=fields.String(required=True), to=_field()),
    "choose_mode": _schema("ChooseModeMove", tile=fields.String(required=True)),
    "roll": _schema("RollMove"),
    "pass": _schema("PassMove"),
    "use_medicine": _schema("UseMedicineMove", animal=fields.String(required=True)),
    "reroll": _schema("RerollMove"),
    "accept": _schema("AcceptMove"),
    "move": _schema("MoveMove", animal=fields.String(required=True), to=_field(),
                    path=fields.List(fields.List(fields.Integer(strict=True)), metadata={
                        "description": "optional [[r,c], ...] from the next field to the target"})),
    "stay": _schema("StayMove"),
    "guess": _schema("GuessMove", species=fields.String(required=True)),
    "no_guess": _schema("NoGuessMove"),
    "duel_roll": _schema("DuelRollMove"),
    "return": _schema("ReturnMove", to=_field()),
}


def _first_player_problems(first, seats: list[int], out: Problems) -> None:
    if first != "random" and first not in seats:
        out.add("/first_start_player", "option_conflict", N_("first_start_player {first} is not among seats "
                                                             "{seats}"), first=first, seats=seats)


def check_options(options: dict) -> Problems:
    """Every problem of the options' component data and option combinations."""
    out = Problems()
    data = merged(options)
    if data is None:
        out.add("/component_set", "unknown_component_set", N_("no component set \"{component_set}\""),
                component_set=options["component_set"])
        return out
    seats = options["seats"]
    if seats is not None and (len(set(seats)) != len(seats) or not 2 <= len(seats) <= 4
                              or any(s not in SEATS for s in seats)):
        out.add("/seats", "invalid_value", N_("expected 2 to 4 distinct seats out of 1-4, got {seats}"), seats=seats)
        seats = None
    first = options["first_start_player"]
    if first != "random" and not (isinstance(first, int) and not isinstance(first, bool) and first in SEATS):
        out.add("/first_start_player", "invalid_value", N_('"random" or a seat number 1-4'))
    elif seats is not None:
        _first_player_problems(first, seats, out)
    out.extend(data_problems(data, options["animals_per_player"], seats, options["display_size"]))
    return out


def check_players(options: dict, players: int) -> Problems:
    """Problems of valid options that need the player count: the seats and their start fields."""
    out = Problems()
    seats = board_seats(options, players)
    if len(seats) != players:
        out.add("/seats", "option_conflict", N_("expected {players} distinct seats, got {seats}"),
                players=players, seats=seats)
        return out
    _first_player_problems(options["first_start_player"], seats, out)
    out.extend(start_field_problems(merged(options), options["animals_per_player"], seats))
    return out
