"""Options (every rule decision of the spec, sections 9 and 10), their checks and move payload schemas."""

from __future__ import annotations

import json

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from engine.contract import JsonBoolean
from engine.i18n import N_
from engine.problems import Problems, pointer

from .components import COMPONENT_SETS, MAX_POINTS, MAX_TOTEMS, ROTATIONS, SIDES, TILE_COUNT, check_dataset

#: the options the rules read during play (the others choose the components and the layout)
RULE_KEYS = ("figures_per_player", "caves_per_player", "totems_per_kind", "first_cave_player",
             "token_on_power_placement", "token_on_push", "blocked_player", "horse_skip_rule",
             "eagle_max_mountains", "bear_requires_adjacency", "bear_push_direction",
             "bear_push_into_occupied", "totem_move_form", "leftover_totem_points", "final_tiebreak",
             "spring_mode")


def _doc(text):
    return {"description": text}


def _seat_or_random(value):
    if value != "random" and (type(value) is not int or value not in (0, 1)):
        raise ValidationError('must be "random", 0 or 1')


class Options(Schema):
    class Meta:
        unknown = RAISE

    figures_per_player = fields.Integer(
        strict=True, load_default=20, validate=validate.Range(min=1, max=66),
        metadata=_doc("Tribe figures per player (20 foxes, 20 snakes)."))
    caves_per_player = fields.Integer(
        strict=True, load_default=3, validate=validate.Range(min=1, max=TILE_COUNT),
        metadata=_doc("Cave tokens per player; 2 x this must not exceed the 7 cave spaces."))
    totems_per_kind = fields.Integer(
        strict=True, load_default=3, validate=validate.Range(min=0, max=MAX_TOTEMS),
        metadata=_doc("Totem tokens of each kind (horse, eagle, bear) in the common supply."))
    first_cave_player = fields.Raw(
        load_default="random", validate=_seat_or_random,
        metadata=_doc('Who places the first cave token: "random" (a seeded chance step), 0 or 1. '
                      "The player who places the last cave token takes the first figure turn."))
    token_on_power_placement = JsonBoolean(
        load_default=True,
        metadata=_doc("A figure placed on a green totem field with the horse, eagle or bear "
                      "takes a matching token (if the supply has one)."))
    token_on_push = JsonBoolean(
        load_default=False,
        metadata=_doc("A figure pushed by a bear onto a green totem field earns its owner a token."))
    blocked_player = fields.String(
        load_default="auto_pass", validate=validate.OneOf(["auto_pass"]),
        metadata=_doc('A player with figures but no legal placement: "auto_pass" (the only value) '
                      "gives them a single forced pass; the game ends when neither player can place."))
    horse_skip_rule = fields.String(
        load_default="any", validate=validate.OneOf(["any", "all"]),
        metadata=_doc('Horse jump to distance 2: "any" needs at least one lowland field between '
                      'source and target, "all" needs every field in between to be lowland.'))
    eagle_max_mountains = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1),
        metadata=_doc("Most mountain fields an eagle may cross in a straight line "
                      "(null: unlimited; at least 1 is always required)."))
    bear_requires_adjacency = JsonBoolean(
        load_default=True,
        metadata=_doc("The bear's target (an opponent figure) must be adjacent to an own cave or figure."))
    bear_push_direction = fields.String(
        load_default="from_source", validate=validate.OneOf(["from_source", "player_choice"]),
        metadata=_doc('"from_source": the push continues the line from the named source through the '
                      'target; "player_choice": the move names any of the 6 directions.'))
    bear_push_into_occupied = fields.String(
        load_default="illegal", validate=validate.OneOf(["illegal", "remove"]),
        metadata=_doc('A push into a field holding a figure: "illegal" (no such bear move) or '
                      '"remove" (the pushed figure is removed from the game).'))
    totem_move_form = fields.String(
        load_default="combined", validate=validate.OneOf(["combined", "two_step"]),
        metadata=_doc('How a totem turn is entered: "combined" (one atomic place move naming its totem) or '
                      '"two_step" (a use_totem move, offered only for a kind with a placement, then that '
                      "power's place move; cannot be undone)."))
    leftover_totem_points = fields.Integer(
        strict=True, load_default=1, validate=validate.Range(min=0, max=MAX_POINTS),
        metadata=_doc("Points per totem token still held at the end (0: the GP3 reading)."))
    final_tiebreak = fields.String(
        load_default="grounds_won_then_draw", validate=validate.OneOf(["grounds_won_then_draw", "draw"]),
        metadata=_doc('Equal totals: "grounds_won_then_draw" (more hunting grounds won wins, '
                      'else a shared win) or "draw".'))
    spring_mode = fields.String(
        load_default="on_meadow", validate=validate.OneOf(["on_meadow", "separate_field"]),
        metadata=_doc('"on_meadow": a spring is a mark on a meadow field worth +1; "separate_field": '
                      "springs are unplaceable fields that count as mountains for the totems and add "
                      "+1 to every hunting ground they touch."))
    component_set = fields.String(
        load_default="default",
        metadata=_doc(f"Id of a shipped tile data set ({', '.join(sorted(COMPONENT_SETS))})."))
    components = fields.Raw(
        load_default=None, allow_none=True,
        metadata=_doc('Inline tile data replacing the selected set\'s tiles: {"tiles": [7 x {"id", '
                      '"sides": {"A": [5 rows], "B": [5 rows, optional]}}]}; optional "format", '
                      '"id", "provenance". Validated; every problem is reported with its path.'))
    layout = fields.Raw(
        load_default="random",
        metadata=_doc('"random" (seeded chance steps: one tile at a time with side and rotation), '
                      '"reference" (the tiles in data order on P0..P6, side A, rotation 0; the spec\'s '
                      'reference layout for the default set) or a list of 7 '
                      '{"position": 0..6, "tile": id, "side": "A"|"B", "rotation": 0..5}.'))


def check_options(options: dict) -> Problems:
    """Problems beyond the schema: data sets, layouts, option combinations."""
    problems = Problems()
    tile_ids = None
    if options["component_set"] not in COMPONENT_SETS:
        problems.add("/component_set", "unknown_component_set", N_("no component set \"{component_set}\""),
                     component_set=options["component_set"])
    else:
        tile_ids = {t["id"] for t in COMPONENT_SETS[options["component_set"]]["tiles"]}
    custom = options["components"]
    if custom is not None:
        problems.extend(check_dataset(custom, inline=True), "/components")
        tiles = custom.get("tiles") if isinstance(custom, dict) else None
        tile_ids = ({t["id"] for t in tiles if isinstance(t, dict) and isinstance(t.get("id"), str)}
                    if isinstance(tiles, list) else None)
    _check_layout(options["layout"], tile_ids, problems)
    if 2 * options["caves_per_player"] > TILE_COUNT:
        problems.add("/caves_per_player", "cave_capacity",
                     N_("2 × caves_per_player = {caves} exceeds {spaces} cave spaces"),
                     caves=2 * options["caves_per_player"], spaces=TILE_COUNT)
    if options["bear_push_direction"] == "from_source" and not options["bear_requires_adjacency"]:
        problems.add("/bear_push_direction", "option_conflict",
                     N_('bear_push_direction "from_source" requires bear_requires_adjacency = true'))
    return problems


def _check_layout(layout, tile_ids, problems) -> None:
    """The ``layout`` option: "random", "reference" or 7 placements of distinct tiles on distinct
    positions (``tile_ids``: the tiles of the component set, None when unknown)."""
    if layout in ("random", "reference"):
        return
    if not isinstance(layout, list):
        problems.add("/layout", "invalid_value", N_('layout is "random", "reference" or a list of 7 placements'))
        return
    if len(layout) != TILE_COUNT:
        problems.add("/layout", "count", N_("expected {expected} placements, got {count}"),
                     expected=TILE_COUNT, count=len(layout))
    positions, used = set(), set()
    for i, entry in enumerate(layout):
        where = pointer("layout", i)
        if not isinstance(entry, dict):
            problems.add(where, "invalid_value", N_("a placement is {position, tile, side, rotation}"))
            continue
        problems.unknown_fields(entry, {"position", "tile", "side", "rotation"}, where,
                                N_('unknown placement field "{key}"'))
        position, tile = entry.get("position"), entry.get("tile")
        if type(position) is not int or not 0 <= position < TILE_COUNT:
            problems.add(where + "/position", "invalid_value", N_("must be 0..{maximum}"), maximum=TILE_COUNT - 1)
        elif position in positions:
            problems.add(where + "/position", "layout", N_("position {position} used twice"), position=position)
        else:
            positions.add(position)
        if not isinstance(tile, str) or (tile_ids is not None and tile not in tile_ids):
            problems.add(where + "/tile", "layout", N_("no tile {json} in the component set"), json=json.dumps(tile))
        elif tile in used:
            problems.add(where + "/tile", "duplicate_id", N_("tile \"{tile}\" used twice"), tile=tile)
        else:
            used.add(tile)
        if entry.get("side") not in SIDES:
            problems.add(where + "/side", "invalid_value", N_('must be "A" or "B"'))
        rotation = entry.get("rotation")
        if type(rotation) is not int or not 0 <= rotation < ROTATIONS:
            problems.add(where + "/rotation", "invalid_value", N_("must be 0..{maximum}"), maximum=ROTATIONS - 1)


def _cell_field(required=True, text="a board cell [q, r] in axial coordinates"):
    return fields.List(fields.Integer(strict=True), required=required,
                       validate=validate.Length(equal=2), metadata=_doc(text))


class PlaceCaveMove(Schema):
    cell = _cell_field(text="a free cave space [q, r]")


class PlaceMove(Schema):
    cell = _cell_field(text="the empty lowland field [q, r] to place on (for the bear: the opponent's field)")
    totem = fields.String(validate=validate.OneOf(["horse", "eagle", "bear"]),
                          metadata=_doc("the held totem used at the start of the turn (omitted: normal placement); "
                                       'with totem_move_form = "two_step" the totem just used by use_totem'))
    source = _cell_field(required=False, text='bear only ("from_source"): the own cave or figure [q, r] '
                                              "the push line starts from")
    direction = _cell_field(required=False, text='bear only ("player_choice"): the push direction [dq, dr]')


class UseTotemMove(Schema):
    """totem_move_form = "two_step" only: the same seat then places with this power."""
    kind = fields.String(required=True, validate=validate.OneOf(["horse", "eagle", "bear"]),
                         metadata=_doc("the held totem to use; returned to the supply at once"))


class PassMove(Schema):
    """No fields: offered (and played automatically) only when no placement exists."""


MOVE_SCHEMAS = {"place_cave": PlaceCaveMove, "place": PlaceMove, "use_totem": UseTotemMove, "pass": PassMove}
