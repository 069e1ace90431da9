"""Every ruleset's types in the OpenAPI spec, built from the rulesets' own marshmallow schemas.

One source: a ruleset declares its options (``options_schema``), the payload of each move type
(``move_schemas``), its view (``view_schema``) and the fields of each event type
(``event_schemas``); this module turns them into uniquely named components, prefixed with
the ruleset (``TargiPlaceMove``, ``GreatPlainsView``, ``WoodwalkersDuelEvent``):

- ``<P><Type>Move`` per move type (``type`` a single-value enum) and ``<P>Move``, their
  ``oneOf`` with a ``discriminator`` on ``type``; for a ruleset that hides some moves from
  other seats (``redacted_moves``) also ``<P>HiddenMove`` (only the type) and
  ``<P>LoggedMove`` (a move as history shows it: either);
- ``<P>Options`` and ``<P>CreateGame`` (the create body with ``ruleset`` fixed);
- ``<P>View``, its parts as nested components;
- ``<P><Type>Event`` per event type, ``<P>AutoMoveEvent`` (a forced move the driver played)
  and the service's events common to every ruleset (``AiFallbackEvent``, ``ForfeitEvent``...:
  ``service_events``), and ``<P>Event``, their ``oneOf`` discriminated on ``type``.

Then the operations' schemas refer to them (:data:`WIRING`): the create body becomes a
``oneOf`` discriminated on ``ruleset``; ``move``, legal moves, views and events the union over
the rulesets. Move and event types repeat across rulesets (``pass``, ``placed``), so no single
discriminator on ``type`` could map them: the cross-ruleset level is an ``anyOf`` of the
per-ruleset unions (the game's ``ruleset`` says which one applies), each of those discriminated.
The request schemas still load as before (the engine checks a move's shape and legality).
"""

from __future__ import annotations

import re

from engine import registry
from engine.contract import Shape
from engine.match import AUTO_MOVE

from .service_events import SERVICE_EVENTS

REF = "#/components/schemas/"
AI_FALLBACK_EVENT = "AiFallbackEvent"
CREATE_BODY = "CreateGameIn"


def prefix(ruleset_id: str) -> str:
    """``great-plains`` -> ``GreatPlains``: the prefix of a ruleset's component names."""
    return "".join(part.capitalize() for part in re.split(r"[-_]", ruleset_id))


def camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def ref(name: str) -> dict:
    return {"$ref": REF + name}


def move_name(ruleset, move_type: str) -> str:
    return f"{prefix(ruleset.id)}{camel(move_type)}Move"


def event_name(ruleset, event_type: str) -> str:
    return f"{prefix(ruleset.id)}{camel(event_type)}Event"


def typed(type_value: str, payload: dict, description: str) -> dict:
    """A whole object of one type: ``type`` fixed to ``type_value`` plus the payload's fields."""
    return {
        "type": "object",
        "description": description,
        "properties": {"type": {"type": "string", "enum": [type_value]}, **payload.get("properties", {})},
        "required": ["type", *payload.get("required", [])],
        "additionalProperties": False,
    }


#: the ``text`` of every event and of a listed move (``engine.texts``), in the request's language
EVENT_TEXT = {"type": "string", "description": "the event in words, in the `Accept-Language` (English or German)"}
MOVE_TEXT = {"type": "string", "description": "the move in words, in the `Accept-Language` (English or German): "
                                               "legal-moves lists it; a posted move may keep it (it is ignored)"}


def worded(payload: dict, text: dict, required: bool = False) -> dict:
    """``payload`` (a JSON Schema object's properties and required) with a ``text`` property."""
    return {"properties": {**payload.get("properties", {}), "text": text},
            "required": [*payload.get("required", []), *(["text"] if required else [])]}


def union(names_by_type: dict[str, str], description: str) -> dict:
    return {"description": description, "oneOf": [ref(name) for name in names_by_type.values()],
            "discriminator": {"propertyName": "type",
                              "mapping": {kind: REF + name for kind, name in names_by_type.items()}}}


def rulesets_documented() -> list:
    """The rulesets whose types the spec carries: every registered one declaring a view."""
    return [r for r in registry.rulesets().values() if r.view_schema is not None]


def register(api) -> None:
    """Register every ruleset's components in ``api``'s spec and refer to them from the
    operations' schemas; call it after the blueprints are registered."""
    spec, convert = api.spec, api.ma_plugin.converter.schema2jsonschema
    rulesets = rulesets_documented()
    for event_type, (name, properties, required, description) in SERVICE_EVENTS.items():
        spec.components.schema(name, component=typed(
            event_type, worded({"properties": properties, "required": required}, EVENT_TEXT, required=True),
            description))
    for ruleset in rulesets:
        register_ruleset(spec, convert, ruleset)
    strict_shapes(api)
    wire(spec, rulesets)


def register_ruleset(spec, convert, ruleset) -> None:
    p, name = prefix(ruleset.id), ruleset.name
    moves = {}
    for move_type, payload in ruleset.move_schemas.items():
        moves[move_type] = move_name(ruleset, move_type)
        spec.components.schema(moves[move_type], component=typed(
            move_type, worded(convert(payload), MOVE_TEXT), f"{name}: a {move_type} move, as legal-moves lists it."))
    spec.components.schema(f"{p}Move", component=union(moves, f"{name}: a move, by its type."))
    logged = f"{p}Move"
    if ruleset.redacted_moves:
        spec.components.schema(f"{p}HiddenMove", component={
            "type": "object", "properties": {"type": {"type": "string", "enum": list(ruleset.redacted_moves)}},
            "required": ["type"], "additionalProperties": False,
            "description": f"{name}: another seat's {' or '.join(ruleset.redacted_moves)} move as history shows "
                           "it: only its type (hidden information)."})
        logged = f"{p}LoggedMove"
        spec.components.schema(logged, component={
            "description": f"{name}: a move as a viewer's history shows it: whole, or only its type where "
                           "it is another seat's hidden move.",
            "oneOf": [ref(f"{p}Move"), ref(f"{p}HiddenMove")]})
    spec.components.schema(f"{p}Options", schema=ruleset.options_schema)
    spec.components.schema(f"{p}View", schema=ruleset.view_schema)
    events = {}
    for event_type, payload in ruleset.event_schemas.items():
        events[event_type] = event_name(ruleset, event_type)
        spec.components.schema(events[event_type], component=typed(
            event_type, worded(convert(payload), EVENT_TEXT, required=True),
            f"{name}: a {event_type} event, as the viewer may see it."))
    events[AUTO_MOVE] = event_name(ruleset, AUTO_MOVE)
    spec.components.schema(events[AUTO_MOVE], component=typed(AUTO_MOVE, worded({
        "properties": {"seat": {"type": "integer"}, "move": ref(logged)}, "required": ["seat", "move"]},
        EVENT_TEXT, required=True),
        f"{name}: the only legal move of a seat, played for it."))
    events.update({event_type: entry[0] for event_type, entry in SERVICE_EVENTS.items()})
    spec.components.schema(f"{p}Event", component=union(events, f"{name}: an event, by its type."))


def strict_shapes(api) -> None:
    """A view's parts are exactly their fields (apispec leaves ``additionalProperties`` out of a
    schema with a description)."""
    schemas = api.spec.components.schemas
    for key, name in api.ma_plugin.converter.refs.items():
        if issubclass(key[0], Shape) and name in schemas:
            schemas[name]["additionalProperties"] = False


def any_of(rulesets, suffix: str, description: str) -> dict:
    return {"description": description, "anyOf": [ref(prefix(r.id) + suffix) for r in rulesets]}


def logged_suffix(ruleset) -> str:
    return "LoggedMove" if ruleset.redacted_moves else "Move"


def wire(spec, rulesets) -> None:
    """Point the operations' schemas at the rulesets' components (see the module's docstring)."""
    schemas = spec.components.schemas
    why = (" Move and event types repeat across rulesets, so this is an anyOf of the per-ruleset "
           "unions (each discriminated on `type`); the game's `ruleset` says which applies.")
    move = any_of(rulesets, "Move", "a move object as legal-moves lists it, of the game's ruleset." + why)
    logged = {"description": "the move, as this viewer may see it (another seat's hidden move: only its type)."
                             + why, "anyOf": [ref(prefix(r.id) + logged_suffix(r)) for r in rulesets]}
    event = any_of(rulesets, "Event", "an event of the game's ruleset, as this viewer may see it." + why)
    view = {"description": "the ruleset's view (its component names the ruleset): what this viewer may see; "
                           "what it may not is null or absent, as each view's fields say.",
            "oneOf": [ref(prefix(r.id) + "View") for r in rulesets]}

    def put(component: str, field: str, schema: dict, many: bool = False) -> None:
        if component not in schemas:  # an operation's schema not (yet) in this version of schemas.py
            return
        properties = schemas[component]["properties"]
        described = properties[field].get("description")
        properties[field] = ({"type": "array", "items": schema} if many else dict(schema))
        if described:
            properties[field]["description"] = described

    put("MoveIn", "move", move)
    put("LegalMovesOut", "moves", move, many=True)
    put("MoveOut", "events", event, many=True)
    put("MoveOut", "state", view)
    put("GameOut", "state", view)
    put("CreatedOut", "state", view)
    put("HistoryEntryOut", "events", event, many=True)
    put("HistoryEntryOut", "move", logged)
    hint = schemas.get("HintResultOut", {}).get("properties", {}).get("move", {})
    put("HintResultOut", "move", {"anyOf": [*move["anyOf"], {"type": "null"}]}
        if "null" in str(hint.get("type")) else move)
    wire_create_body(spec, rulesets)


def wire_create_body(spec, rulesets) -> None:
    """``CreateGameIn`` becomes a ``oneOf`` of the rulesets' create bodies, discriminated on
    ``ruleset``; each is the common body with its ruleset fixed, its seat count and its own
    ``options``."""
    schemas = spec.components.schemas
    common = schemas[CREATE_BODY]
    mapping = {}
    for ruleset in rulesets:
        p = prefix(ruleset.id)
        properties = dict(common["properties"])
        properties["ruleset"] = {"type": "string", "enum": [ruleset.id]}
        properties["seats"] = {**properties["seats"], "minItems": ruleset.min_players,
                               "maxItems": ruleset.max_players}
        properties["options"] = {**ref(f"{p}Options"),
                                 "description": properties.get("options", {}).get("description", "")}
        spec.components.schema(f"{p}CreateGame", component={
            **{k: v for k, v in common.items() if k not in ("properties", "description")},
            "description": f"Create a {ruleset.name} game.", "properties": properties})
        mapping[ruleset.id] = REF + f"{p}CreateGame"
    schemas[CREATE_BODY] = {
        "description": "a game to create: the body of its ruleset (each with its own options).",
        "oneOf": [{"$ref": target} for target in mapping.values()],
        "discriminator": {"propertyName": "ruleset", "mapping": mapping}}
