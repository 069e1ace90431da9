"""Tile sets: the ``hg-tileset/1`` format (spec §7.2), its validation (§7.4) and compilation.

A tile set is JSON data; the engine holds no per-tile code. :func:`validate` returns
``(Problems, warnings)`` with problems at JSON Pointers into the set; :class:`TileSet`
compiles a valid set into the immutable tables that every game state using it shares.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from importlib import resources

from engine.cache import BoundedCache
from engine.i18n import N_, Text
from engine.limits import within, within_size
from engine.problems import Problems, pointer

FORMAT = "hg-tileset/1"
EDITION = "hg2002"
SHIPPED = ("hg2002-default",)

# Side and zone types share codes so that a side's type is its zones' type.
FOREST, MEADOW, RIVER, LAKE = 1, 2, 3, 4
SIDE_CODES = {"F": FOREST, "M": MEADOW, "R": RIVER}
ZONE_CODES = {"forest": FOREST, "meadow": MEADOW, "river": RIVER, "lake": LAKE}
ZONE_NAMES = {code: name for name, code in ZONE_CODES.items()}
ROTATIONS = range(4)

TILE_ID = re.compile(r"^[A-Z][A-Z0-9_-]{0,15}$")
TOP_KEYS = {"format", "tileSet", "edition", "status", "tiles"}
TILE_KEYS = {"id", "kind", "count", "sides", "zones"}
#: side type -> the keys naming its zones, clockwise
SIDE_ZONE_KEYS = {"F": ("zone",), "M": ("zone",), "R": ("left", "river", "right")}
ZONE_COUNTS = ("gold", "mushrooms", "deer", "mammoth", "tiger", "aurochs", "fish")
#: zone type -> (required keys, optional counts, optional flags)
ZONE_KEYS = {
    "forest": ({"id", "type"}, {"gold", "mushrooms"}, set()),
    "meadow": ({"id", "type"}, {"deer", "mammoth", "tiger", "aurochs"}, {"shrine", "fire"}),
    "river": ({"id", "type"}, {"fish", "lake"}, {"spring"}),
    "lake": ({"id", "type", "fish"}, {"fish"}, set()),
}
#: the 2002 edition's totals (V8): land tiles with the start tile, bonus tiles
EDITION_TOTALS = (79, 12)
#: limits of a tile set (``too_large``; the shipped set: 91 tiles, 29 KB, counts up to 4)
MAX_DATA_BYTES = 128 * 1024
MAX_TILES = 400
MAX_ZONE_COUNT = 99


def side_zones(side: dict) -> list[int]:
    """The zone ids along a side, clockwise: one for F and M, left-river-right for R."""
    return [side["left"], side["river"], side["right"]] if side["type"] == "R" else [side["zone"]]


def _side_parts(side: dict) -> list[tuple[int, str]]:
    """(zone id, the zone type it must have) along a side."""
    if side["type"] == "R":
        return list(zip(side_zones(side), ("meadow", "river", "meadow")))
    return [(side["zone"], "forest" if side["type"] == "F" else "meadow")]


# -- validation (spec §7.2 schema, §7.4 V1-V8) ---------------------------------------

def _check_keys(obj, required, allowed, path, problems) -> bool:
    """An object with its required keys and no others; False when it is no object."""
    if not isinstance(obj, dict):
        problems.add(path, "invalid_value", N_("must be an object"))
        return False
    for key in sorted(required - set(obj)):
        problems.add(path + pointer(key), "required", N_("missing required field"))
    problems.unknown_fields(obj, allowed, path)
    return True


def _check_list(value, path, fits, what, problems) -> bool:
    """A list whose length ``fits``; else ``invalid_value`` (no list) or ``count`` (``what``: a msgid)."""
    if isinstance(value, list) and fits(len(value)):
        return True
    problems.add(path, "count" if isinstance(value, list) else "invalid_value", N_("must be {what}"), what=Text(what))
    return False


def _check_zone_id(value, path, problems) -> None:
    if type(value) is not int or not 0 <= value <= 15:
        problems.add(path, "invalid_value", N_("must be a zone id, an integer 0-15"))


def _type_of(obj, types, names, path, problems) -> str | None:
    """The ``type`` of an object when it is one of ``types``; else a problem and None."""
    kind = obj.get("type") if isinstance(obj, dict) else None
    if isinstance(kind, str) and kind in types:
        return kind
    if isinstance(obj, dict):
        problems.add(path + "/type", "invalid_value", N_("must be {names}"), names=Text(names))
    else:
        problems.add(path, "invalid_value", N_("must be an object"))
    return None


def _check_side(side, path, problems) -> None:
    kind = _type_of(side, SIDE_ZONE_KEYS, N_("'F', 'M' or 'R'"), path, problems)
    if kind is None:
        return
    keys = {"type", *SIDE_ZONE_KEYS[kind]}
    if _check_keys(side, keys, keys, path, problems):
        for key in SIDE_ZONE_KEYS[kind]:
            if key in side:
                _check_zone_id(side[key], path + pointer(key), problems)


def _check_zone(zone, path, problems) -> None:
    kind = _type_of(zone, ZONE_KEYS, N_("'forest', 'meadow', 'river' or 'lake'"), path, problems)
    if kind is None:
        return
    required, counts, flags = ZONE_KEYS[kind]
    if not _check_keys(zone, required, required | counts | flags, path, problems):
        return
    if "id" in zone:
        _check_zone_id(zone["id"], path + "/id", problems)
    for key in sorted(counts & set(zone)):
        if key == "lake":
            _check_zone_id(zone[key], path + "/lake", problems)
        elif type(zone[key]) is not int or zone[key] < 0:
            problems.add(path + pointer(key), "invalid_value", N_("must be an integer >= 0"))
        else:
            within(zone[key], MAX_ZONE_COUNT, path + pointer(key), problems, Text(N_("a zone's {key}"), key=key))
    for key in sorted(flags & set(zone)):
        if kind == "river" and zone[key] is not True:
            problems.add(path + pointer(key), "invalid_value", N_("must be true when present"))
        elif not isinstance(zone[key], bool):
            problems.add(path + pointer(key), "invalid_value", N_("must be a boolean"))
    if kind == "river" and "lake" in zone and "spring" in zone:
        problems.add(path, "lake_and_spring", N_("a river zone names a lake or a spring, not both"))


def _check_tile_fields(tile, index, seen_ids, problems) -> None:
    """The schema of tile ``index``; ``seen_ids`` maps the tile ids seen so far to their index."""
    path = pointer("tiles", index)
    if not _check_keys(tile, TILE_KEYS, TILE_KEYS | {"origin"}, path, problems):
        return
    if "id" in tile:
        tile_id = tile["id"]
        if not isinstance(tile_id, str) or not TILE_ID.match(tile_id):
            problems.add(path + "/id", "invalid_value", N_("must match ^[A-Z][A-Z0-9_-]{0,15}$"))
        elif tile_id in seen_ids:
            problems.add(path + "/id", "duplicate_id",
                         N_("tile id {tile_id} is already used by {other}"),
                         tile_id=tile_id, other=pointer("tiles", seen_ids[tile_id]))
        else:
            seen_ids[tile_id] = index
    if "kind" in tile and tile["kind"] not in ("start", "land", "bonus"):
        problems.add(path + "/kind", "invalid_value", N_("must be 'start', 'land' or 'bonus'"))
    if "count" in tile and (type(tile["count"]) is not int or tile["count"] < 1):
        problems.add(path + "/count", "invalid_value", N_("must be an integer >= 1"))
    elif "count" in tile:
        within(tile["count"], MAX_TILES, path + "/count", problems, N_("a tile's count"))
    if "origin" in tile and not isinstance(tile["origin"], str):
        problems.add(path + "/origin", "invalid_value", N_("must be a string"))
    if "sides" in tile and _check_list(tile["sides"], path + "/sides", lambda n: n == 4,
                                       N_("a list of 4 sides (N, E, S, W)"), problems):
        for s, side in enumerate(tile["sides"]):
            _check_side(side, path + pointer("sides", s), problems)
    if "zones" in tile and _check_list(tile["zones"], path + "/zones", bool, N_("a non-empty list of zones"), problems):
        for z, zone in enumerate(tile["zones"]):
            _check_zone(zone, path + pointer("zones", z), problems)


def _check_tile_semantics(tile, path, problems, warnings) -> None:
    """V2-V6 on a tile whose fields are valid."""
    before = len(problems)
    zones = {}
    for i, zone in enumerate(tile["zones"]):
        if zone["id"] in zones:
            problems.add(path + pointer("zones", i, "id"), "duplicate_id",
                         N_("zone id {id} is not unique on the tile (V2)"), id=zone["id"])
        zones[zone["id"]] = zone
    perimeter, sides_of = [], {}
    for s, side in enumerate(tile["sides"]):
        for zone_id, wanted in _side_parts(side):
            zone = zones.get(zone_id)
            if zone is None:
                problems.add(path + pointer("sides", s), "side_zone",
                             N_("names zone {zone_id}, which the tile does not have (V2)"), zone_id=zone_id)
            elif zone["type"] != wanted:
                problems.add(path + pointer("sides", s), "side_zone_type",
                             N_("zone {zone_id} is a {type}, the side needs a {wanted} (V2)"),
                             zone_id=zone_id, type=zone["type"], wanted=wanted)
            perimeter.append(zone_id)
            sides_of.setdefault(zone_id, set()).add(s)
    lakes_named = set()
    for i, zone in enumerate(tile["zones"]):
        zone_path, kind = path + pointer("zones", i), zone["type"]
        on_sides = len(sides_of.get(zone["id"], ()))
        if kind == "lake":
            if on_sides:
                problems.add(zone_path, "lake_on_side", N_("a lake lies on no side (V3)"))
            if zone["fish"] > 4:
                warnings.append(f"{zone_path}: a lake with {zone['fish']} fish (printed lakes hold up to 4)")
        elif not on_sides:
            problems.add(zone_path, "zone_off_sides", N_("a {kind} zone must lie on at least one side (V3)"), kind=kind)
        if kind == "river" and on_sides:
            ends = ("lake" in zone) + ("spring" in zone)
            if on_sides > 2:
                problems.add(zone_path, "river_sides", N_("a river zone lies on one or two sides (V4)"))
            elif on_sides == 1 and ends != 1:
                problems.add(zone_path, "river_end", N_("a river zone on one side ends in a lake or at a spring (V4)"))
            elif on_sides == 2 and ends:
                problems.add(zone_path, "river_through",
                             N_("a river zone on two sides passes through: no lake or spring (V4)"))
        if kind == "river" and "lake" in zone:
            lake = zones.get(zone["lake"])
            if lake is None or lake["type"] != "lake":
                problems.add(zone_path + "/lake", "river_lake", N_("zone {lake} is not a lake of this tile (V4)"),
                             lake=zone["lake"])
            else:
                lakes_named.add(zone["lake"])
    for i, zone in enumerate(tile["zones"]):
        if zone["type"] == "lake" and zone["id"] not in lakes_named:
            problems.add(path + pointer("zones", i), "lake_without_river", N_("no river zone ends in this lake (V5)"))
    if len(problems) == before:
        _check_separation(zones, perimeter, path, problems)


def _check_separation(zones, perimeter, path, problems) -> None:
    """V6: a pass-through river or two rivers into one lake split the land in two."""
    positions: dict[int, list[int]] = {}
    for position, zone_id in enumerate(perimeter):
        if zones[zone_id]["type"] == "river":
            positions.setdefault(zone_id, []).append(position)
    cuts = [tuple(p) for p in positions.values() if len(p) == 2]
    by_lake: dict[int, list[int]] = {}
    for zone_id, where in positions.items():
        if "lake" in zones[zone_id]:
            by_lake.setdefault(zones[zone_id]["lake"], []).append(where[0])
    for ends in by_lake.values():
        cuts += [(a, b) for i, a in enumerate(ends) for b in ends[i + 1:]]

    def land(arc):
        return {z for z in arc if zones[z]["type"] in ("forest", "meadow")}

    for a, b in cuts:
        a, b = min(a, b), max(a, b)
        shared = land(perimeter[a + 1:b]) & land(perimeter[b + 1:] + perimeter[:a])
        if shared:
            problems.add(path + "/sides", "river_banks", N_("zones {zones} lie on both banks of a river (V6)"),
                         zones=sorted(shared))


def validate(data) -> tuple[Problems, list[str]]:
    """Check a tile set against the schema and V1-V8: ``(problems, warnings)``."""
    problems = Problems()
    warnings: list[str] = []
    if not isinstance(data, dict):
        problems.add("", "invalid_value", N_("a tile set is a JSON object"))
        return problems, warnings
    if not within_size(data, MAX_DATA_BYTES, "", problems, N_("the tile set")):
        return problems, warnings
    _check_keys(data, TOP_KEYS, TOP_KEYS | {"notes"}, "", problems)
    if "format" in data and data["format"] != FORMAT:
        problems.add("/format", "invalid_value", N_("must be {format}"), format=repr(FORMAT))
    if "tileSet" in data and (not isinstance(data["tileSet"], str) or not data["tileSet"]):
        problems.add("/tileSet", "invalid_value", N_("must be a non-empty string"))
    if "edition" in data and data["edition"] != EDITION:
        problems.add("/edition", "invalid_value", N_("must be {edition}"), edition=repr(EDITION))
    if "status" in data and data["status"] not in ("printed", "derived"):
        problems.add("/status", "invalid_value", N_("must be 'printed' or 'derived'"))
    if "notes" in data and not isinstance(data["notes"], str):
        problems.add("/notes", "invalid_value", N_("must be a string"))
    tiles = data.get("tiles")
    if "tiles" not in data or not _check_list(tiles, "/tiles", bool, N_("a non-empty list of tiles"), problems):
        return problems, warnings
    if not within(len(tiles), MAX_TILES, "/tiles", problems, N_("the number of tiles")):
        return problems, warnings
    seen_ids, totals = {}, {"start": 0, "land": 0, "bonus": 0}
    for t, tile in enumerate(tiles):
        before = len(problems)
        _check_tile_fields(tile, t, seen_ids, problems)
        if len(problems) == before:
            totals[tile["kind"]] += tile["count"]
            _check_tile_semantics(tile, pointer("tiles", t), problems, warnings)
    starts = [t for t in tiles if isinstance(t, dict) and t.get("kind") == "start"]
    if len(starts) != 1 or starts[0].get("count") != 1:
        problems.add("/tiles", "start_tile", N_("exactly one tile has kind 'start', with count 1 (V1)"))
    land, bonus = totals["start"] + totals["land"], totals["bonus"]
    within(land + bonus, MAX_TILES, "/tiles", problems, N_("the tiles' total count"))
    if not problems and (land, bonus) != EDITION_TOTALS:
        warnings.append(f"{land} land and {bonus} bonus tiles; the 2002 edition has "
                        f"{EDITION_TOTALS[0]} and {EDITION_TOTALS[1]} (V8)")
    return problems, warnings


# -- compilation -------------------------------------------------------------------------

class Zone:
    """One zone of a tile (immutable); counts default to 0, flags to False."""

    __slots__ = ("id", "type", "gold", "mushrooms", "fish", "deer", "mammoth", "tiger",
                 "aurochs", "shrine", "fire", "lake_index")

    def __init__(self, data: dict, zone_index: dict[int, int]):
        self.id = data["id"]
        self.type = ZONE_CODES[data["type"]]
        for key in ZONE_COUNTS:
            setattr(self, key, data.get(key, 0))
        self.shrine = data.get("shrine", False)
        self.fire = data.get("fire", False)
        #: the tile's index of the lake this river ends in, or -1
        self.lake_index = zone_index[data["lake"]] if "lake" in data else -1


class Tile:
    """A tile of the set (one record, ``count`` copies): its zones sorted by id and, per
    rotation, the zones facing each side."""

    __slots__ = ("index", "id", "kind", "count", "data", "zone_index", "zones", "side_types", "faces",
                 "faces_reversed", "frontier_bits", "is_river", "river_lakes", "fit_table")

    def __init__(self, index: int, data: dict):
        self.index = index
        self.id = data["id"]
        self.kind = data["kind"]
        self.count = data["count"]
        self.data = data
        ordered = sorted(data["zones"], key=lambda z: z["id"])
        #: zone id -> index in ``zones``
        self.zone_index = {z["id"]: i for i, z in enumerate(ordered)}
        self.zones = tuple(Zone(z, self.zone_index) for z in ordered)
        printed = [tuple(self.zone_index[zone_id] for zone_id in side_zones(s)) for s in data["sides"]]
        self.side_types = tuple(SIDE_CODES[s["type"]] for s in data["sides"])
        #: faces[r][d]: zone indexes on the side facing direction d, clockwise (left to right)
        self.faces = tuple(tuple(printed[(d - r) % 4] for d in range(4)) for r in ROTATIONS)
        #: the same zones right to left, as a neighbour on side d pairs with them
        self.faces_reversed = tuple(tuple(face[::-1] for face in faces) for faces in self.faces)
        #: frontier_bits[r][d]: what the free neighbour on side d must match, in its frontier pattern
        self.frontier_bits = tuple(tuple(self.side_types[(d - r) % 4] << 2 * ((d + 2) % 4) for d in range(4))
                                   for r in ROTATIONS)
        self.is_river = tuple(z.type == RIVER for z in self.zones)
        #: (river zone index, lake zone index) for every river that ends in a lake
        self.river_lakes = tuple((i, z.lake_index) for i, z in enumerate(self.zones) if z.lake_index >= 0)
        self.fit_table: tuple = ()


class TileSet:
    """A compiled tile set: tiles in file order with shared fit tables, id and content hash."""

    def __init__(self, data: dict, warnings: list[str]):
        self.id = data["tileSet"]
        self.hash = hashlib.sha256(_canonical(data).encode()).hexdigest()[:16]
        self.warnings = warnings
        self.tiles = tuple(Tile(i, t) for i, t in enumerate(data["tiles"]))
        self.by_id = {tile.id: tile for tile in self.tiles}
        self.ids = tuple(tile.id for tile in self.tiles)
        self.start = next(tile for tile in self.tiles if tile.kind == "start")
        tables: dict[tuple, tuple] = {}
        for tile in self.tiles:
            if tile.side_types not in tables:
                tables[tile.side_types] = _fit_table(tile.side_types)
            tile.fit_table = tables[tile.side_types]


def _fit_table(side_types: tuple) -> tuple:
    """Per frontier pattern (2 bits per direction: the side type a neighbour requires,
    0 = no neighbour): the rotations of a tile with these printed side types that fit."""
    table: list[list[int]] = [[] for _ in range(256)]
    for r in ROTATIONS:
        facing = [side_types[(d - r) % 4] for d in range(4)]
        for mask in range(16):
            table[sum(facing[d] << 2 * d for d in range(4) if mask >> d & 1)].append(r)
    return tuple(map(tuple, table))


def _canonical(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


# -- loading -------------------------------------------------------------------------------

def load_data(tile_set_id: str) -> dict:
    """The JSON data of a tile set shipped in the package's data folder."""
    return json.loads((resources.files(__package__) / "data" / f"{tile_set_id}.json").read_text())


def _compiled(data, what: str) -> TileSet:
    problems, warnings = validate(data)
    if problems:
        raise ValueError(f"{what} is invalid: {problems.as_list()}")
    return TileSet(data, warnings)


@cache
def shipped(tile_set_id: str) -> TileSet:
    """A shipped tile set, validated and compiled once per process."""
    return _compiled(load_data(tile_set_id), f"shipped tile set {tile_set_id}")


_CUSTOM = BoundedCache()


def custom(data: dict) -> TileSet:
    """A validated custom tile set, compiled once per content (a cache bounded in bytes)."""
    return _CUSTOM.get(_canonical(data), lambda: _compiled(data, "custom tile set"))


def for_options(options: dict) -> TileSet:
    """The tile set that validated options select."""
    if options.get("customTileSet") is not None:
        return custom(options["customTileSet"])
    return shipped(options["tileSet"])
