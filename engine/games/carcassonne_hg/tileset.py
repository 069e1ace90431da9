"""Tile sets: validation of the ``hg-tileset/1`` format (spec §7.2, §7.4) and compilation.

A tile set is JSON data; the engine holds no per-tile code. :func:`validate` returns
``(Problems, warnings)``; :func:`compile_tileset` turns a valid set into the
immutable runtime tables shared by every game state that uses it.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from importlib import resources

from engine.problems import Problems

FORMAT = "hg-tileset/1"
EDITION = "hg2002"
SHIPPED = ("hg2002-default",)

# Side and zone types share codes so that a side's type is its zones' type.
FOREST, MEADOW, RIVER, LAKE = 1, 2, 3, 4
SIDE_CODES = {"F": FOREST, "M": MEADOW, "R": RIVER}
ZONE_CODES = {"forest": FOREST, "meadow": MEADOW, "river": RIVER, "lake": LAKE}
ZONE_NAMES = {code: name for name, code in ZONE_CODES.items()}
ROTATIONS = range(4)

_ID = re.compile(r"^[A-Z][A-Z0-9_-]{0,15}$")
_COUNTS = ("gold", "mushrooms", "deer", "mammoth", "tiger", "aurochs", "fish")
_ZONE_KEYS = {
    "forest": ({"id", "type"}, {"gold", "mushrooms"}, set()),
    "meadow": ({"id", "type"}, {"deer", "mammoth", "tiger", "aurochs"}, {"shrine", "fire"}),
    "river": ({"id", "type"}, {"fish", "lake"}, {"spring"}),
    "lake": ({"id", "type", "fish"}, {"fish"}, set()),
}


def _is_int(value) -> bool:
    return type(value) is int


def _check_keys(obj, required, allowed, path, problems) -> bool:
    if not isinstance(obj, dict):
        problems.add(path, "invalid_value", "must be an object")
        return False
    for key in sorted(required - set(obj)):
        problems.add(f"{path}.{key}" if path else key, "required", "missing required field")
    problems.unknown_fields(obj, allowed, path)
    return True


def _check_zid(value, path, problems) -> None:
    if not _is_int(value) or not 0 <= value <= 15:
        problems.add(path, "invalid_value", "must be a zone id, an integer 0-15")


def _check_side(side, path, problems) -> None:
    kind = side.get("type") if isinstance(side, dict) else None
    if kind in ("F", "M"):
        if _check_keys(side, {"type", "zone"}, {"type", "zone"}, path, problems) and "zone" in side:
            _check_zid(side["zone"], f"{path}.zone", problems)
    elif kind == "R":
        keys = {"type", "left", "river", "right"}
        if _check_keys(side, keys, keys, path, problems):
            for key in ("left", "river", "right"):
                if key in side:
                    _check_zid(side[key], f"{path}.{key}", problems)
    elif isinstance(side, dict):
        problems.add(f"{path}.type", "invalid_value", "must be 'F', 'M' or 'R'")
    else:
        problems.add(path, "invalid_value", "must be an object")


def _check_zone(zone, path, problems) -> None:
    kind = zone.get("type") if isinstance(zone, dict) else None
    if not isinstance(kind, str) or kind not in _ZONE_KEYS:
        if isinstance(zone, dict):
            problems.add(f"{path}.type", "invalid_value", "must be 'forest', 'meadow', 'river' or 'lake'")
        else:
            problems.add(path, "invalid_value", "must be an object")
        return
    required, counts, flags = _ZONE_KEYS[kind]
    if not _check_keys(zone, required, required | counts | flags, path, problems):
        return
    if "id" in zone:
        _check_zid(zone["id"], f"{path}.id", problems)
    for key in counts & set(zone):
        if key == "lake":
            _check_zid(zone[key], f"{path}.lake", problems)
        elif not _is_int(zone[key]) or zone[key] < 0:
            problems.add(f"{path}.{key}", "invalid_value", "must be an integer >= 0")
    for key in flags & set(zone):
        if kind == "river" and zone[key] is not True:
            problems.add(f"{path}.{key}", "invalid_value", "must be true when present")
        elif not isinstance(zone[key], bool):
            problems.add(f"{path}.{key}", "invalid_value", "must be a boolean")
    if kind == "river" and "lake" in zone and "spring" in zone:
        problems.add(path, "lake_and_spring", "a river zone names a lake or a spring, not both")


def _side_parts(side) -> list:
    if side["type"] == "R":
        return [(side["left"], "meadow"), (side["river"], "river"), (side["right"], "meadow")]
    return [(side["zone"], "forest" if side["type"] == "F" else "meadow")]


def _check_tile_semantics(tile, path, problems, warnings) -> None:
    """V2-V6 on a structurally valid tile."""
    before = len(problems)
    zones, ids = {}, set()
    for i, zone in enumerate(tile["zones"]):
        if zone["id"] in ids:
            problems.add(f"{path}.zones.{i}.id", "zone_id_unique",
                         f"zone id {zone['id']} is not unique on the tile (V2)")
        ids.add(zone["id"])
        zones[zone["id"]] = zone
    perimeter, sides_of = [], {}
    for s, side in enumerate(tile["sides"]):
        for zid, wanted in _side_parts(side):
            zone = zones.get(zid)
            if zone is None:
                problems.add(f"{path}.sides.{s}", "side_zone", f"names zone {zid}, which the tile does not have (V2)")
            elif zone["type"] != wanted:
                problems.add(f"{path}.sides.{s}", "side_zone_type",
                             f"zone {zid} is a {zone['type']}, the side needs a {wanted} (V2)")
            perimeter.append(zid)
            sides_of.setdefault(zid, set()).add(s)
    lakes_named = set()
    for i, zone in enumerate(tile["zones"]):
        zpath, zid, kind = f"{path}.zones.{i}", zone["id"], zone["type"]
        on_sides = len(sides_of.get(zid, ()))
        if kind == "lake":
            if on_sides:
                problems.add(zpath, "lake_on_side", "a lake lies on no side (V3)")
            if zone["fish"] > 4:
                warnings.append(f"{zpath}: a lake with {zone['fish']} fish (printed lakes hold up to 4)")
        elif not on_sides:
            problems.add(zpath, "zone_off_sides", f"a {kind} zone must lie on at least one side (V3)")
        if kind == "river" and on_sides:
            ends = ("lake" in zone) + ("spring" in zone)
            if on_sides > 2:
                problems.add(zpath, "river_sides", "a river zone lies on one or two sides (V4)")
            elif on_sides == 1 and ends != 1:
                problems.add(zpath, "river_end", "a river zone on one side ends in a lake or at a spring (V4)")
            elif on_sides == 2 and ends:
                problems.add(zpath, "river_through", "a river zone on two sides passes through: no lake or spring (V4)")
        if kind == "river" and "lake" in zone:
            lake = zones.get(zone["lake"])
            if lake is None or lake["type"] != "lake":
                problems.add(f"{zpath}.lake", "river_lake", f"zone {zone['lake']} is not a lake of this tile (V4)")
            else:
                lakes_named.add(zone["lake"])
    for i, zone in enumerate(tile["zones"]):
        if zone["type"] == "lake" and zone["id"] not in lakes_named:
            problems.add(f"{path}.zones.{i}", "lake_without_river", "no river zone ends in this lake (V5)")
    if len(problems) == before:
        _check_separation(tile, zones, perimeter, path, problems)


def _check_separation(tile, zones, perimeter, path, problems) -> None:
    """V6: a pass-through river or two rivers into one lake split the land in two."""
    positions: dict[int, list[int]] = {}
    for pos, zid in enumerate(perimeter):
        if zones[zid]["type"] == "river":
            positions.setdefault(zid, []).append(pos)
    cuts = [tuple(p) for p in positions.values() if len(p) == 2]
    by_lake: dict[int, list[int]] = {}
    for zid, pos in positions.items():
        if "lake" in zones[zid]:
            by_lake.setdefault(zones[zid]["lake"], []).append(pos[0])
    for ends in by_lake.values():
        cuts += [(a, b) for i, a in enumerate(ends) for b in ends[i + 1:]]
    for a, b in cuts:
        a, b = min(a, b), max(a, b)
        land = lambda arc: {z for z in arc if zones[z]["type"] in ("forest", "meadow")}  # noqa: E731
        shared = land(perimeter[a + 1:b]) & land(perimeter[b + 1:] + perimeter[:a])
        if shared:
            problems.add(f"{path}.sides", "river_banks", f"zones {sorted(shared)} lie on both banks of a river (V6)")


def _check_list(value, path, fits, what, problems) -> bool:
    """A list whose length ``fits``; else ``invalid_value`` (no list) or ``count``."""
    if isinstance(value, list) and fits(len(value)):
        return True
    problems.add(path, "count" if isinstance(value, list) else "invalid_value", f"must be {what}")
    return False


def validate(data) -> tuple[Problems, list]:
    """Check a tile set against the schema and V1-V8: ``(problems, warnings)``."""
    problems = Problems()
    warnings: list[str] = []
    if not isinstance(data, dict):
        problems.add("", "invalid_value", "a tile set is a JSON object")
        return problems, warnings
    top = {"format", "tileSet", "edition", "status", "tiles"}
    _check_keys(data, top, top | {"notes"}, "", problems)
    if "format" in data and data["format"] != FORMAT:
        problems.add("format", "invalid_value", f"must be {FORMAT!r}")
    if "tileSet" in data and (not isinstance(data["tileSet"], str) or not data["tileSet"]):
        problems.add("tileSet", "invalid_value", "must be a non-empty string")
    if "edition" in data and data["edition"] != EDITION:
        problems.add("edition", "invalid_value", f"must be {EDITION!r}")
    if "status" in data and data["status"] not in ("printed", "derived"):
        problems.add("status", "invalid_value", "must be 'printed' or 'derived'")
    if "notes" in data and not isinstance(data["notes"], str):
        problems.add("notes", "invalid_value", "must be a string")
    tiles = data.get("tiles")
    if "tiles" not in data or not _check_list(tiles, "tiles", bool, "a non-empty list of tiles", problems):
        return problems, warnings
    seen, totals = {}, {"start": 0, "land": 0, "bonus": 0}
    for t, tile in enumerate(tiles):
        path = f"tiles.{t}"
        keys = {"id", "kind", "count", "sides", "zones"}
        before = len(problems)
        if not _check_keys(tile, keys, keys | {"origin"}, path, problems):
            continue
        if "id" in tile:
            if not isinstance(tile["id"], str) or not _ID.match(tile["id"]):
                problems.add(f"{path}.id", "invalid_value", "must match ^[A-Z][A-Z0-9_-]{0,15}$")
            elif tile["id"] in seen:
                problems.add(f"{path}.id", "duplicate_id",
                             f"tile id {tile['id']} is already used by tiles.{seen[tile['id']]}")
            else:
                seen[tile["id"]] = t
        if "kind" in tile and (not isinstance(tile["kind"], str) or tile["kind"] not in totals):
            problems.add(f"{path}.kind", "invalid_value", "must be 'start', 'land' or 'bonus'")
        if "count" in tile and (not _is_int(tile["count"]) or tile["count"] < 1):
            problems.add(f"{path}.count", "invalid_value", "must be an integer >= 1")
        if "origin" in tile and not isinstance(tile["origin"], str):
            problems.add(f"{path}.origin", "invalid_value", "must be a string")
        sides, zones = tile.get("sides"), tile.get("zones")
        if "sides" in tile and _check_list(sides, f"{path}.sides", lambda n: n == 4,
                                           "a list of 4 sides (N, E, S, W)", problems):
            for s, side in enumerate(sides):
                _check_side(side, f"{path}.sides.{s}", problems)
        if "zones" in tile and _check_list(zones, f"{path}.zones", bool, "a non-empty list of zones", problems):
            for z, zone in enumerate(zones):
                _check_zone(zone, f"{path}.zones.{z}", problems)
        if len(problems) == before:
            totals[tile["kind"]] += tile["count"]
            _check_tile_semantics(tile, path, problems, warnings)
    starts = [t for t in tiles if isinstance(t, dict) and t.get("kind") == "start"]
    if len(starts) != 1 or starts[0].get("count") != 1:
        problems.add("tiles", "start_tile", "exactly one tile has kind 'start', with count 1 (V1)")
    if not problems and (totals["start"] + totals["land"] != 79 or totals["bonus"] != 12):
        warnings.append(f"{totals['start'] + totals['land']} land and {totals['bonus']} bonus tiles; "
                        "the 2002 edition has 79 and 12 (V8)")
    return problems, warnings


class Zone:
    """One zone of a tile kind (immutable); counts default to 0, flags to False."""

    __slots__ = ("zid", "type", "gold", "mushrooms", "fish", "deer", "mammoth", "tiger",
                 "aurochs", "shrine", "fire", "lake")

    def __init__(self, data: dict, local: dict[int, int]):
        self.zid = data["id"]
        self.type = ZONE_CODES[data["type"]]
        for key in _COUNTS:
            setattr(self, key, data.get(key, 0))
        self.shrine = data.get("shrine", False)
        self.fire = data.get("fire", False)
        self.lake = local[data["lake"]] if "lake" in data else -1  # local index of its lake


class Kind:
    """A tile kind: its zones (sorted by id) and, per rotation, the zones facing each side."""

    __slots__ = ("index", "id", "kind", "count", "zones", "local", "sig", "faces", "back", "bits", "river",
                 "lakes", "data", "fits")

    def __init__(self, index: int, data: dict):
        self.index = index
        self.id = data["id"]
        self.kind = data["kind"]
        self.count = data["count"]
        self.data = data
        ordered = sorted(data["zones"], key=lambda z: z["id"])
        self.local = {z["id"]: i for i, z in enumerate(ordered)}
        self.zones = tuple(Zone(z, self.local) for z in ordered)
        printed = [tuple(self.local[zid] for zid, _ in _side_parts(s)) for s in data["sides"]]
        self.sig = tuple(SIDE_CODES[s["type"]] for s in data["sides"])
        # faces[r][d]: local zones on the side facing direction d, clockwise (left to right)
        self.faces = tuple(tuple(printed[(d - r) % 4] for d in range(4)) for r in ROTATIONS)
        # back[r][d]: the same zones right to left, as a neighbour on side d pairs with them
        self.back = tuple(tuple(face[::-1] for face in faces) for faces in self.faces)
        # bits[r][d]: what the free neighbour on side d must match, in its frontier pattern
        self.bits = tuple(tuple(self.sig[(d - r) % 4] << 2 * ((d + 2) % 4) for d in range(4)) for r in ROTATIONS)
        self.river = tuple(z.type == RIVER for z in self.zones)
        self.lakes = tuple((i, z.lake) for i, z in enumerate(self.zones) if z.lake >= 0)


class TileSet:
    """A compiled tile set: kinds in file order, fit tables, id and content hash."""

    def __init__(self, data: dict, warnings: list[str]):
        self.data = data
        self.id = data["tileSet"]
        self.hash = hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":"))
                                   .encode()).hexdigest()[:16]
        self.warnings = warnings
        self.kinds = tuple(Kind(i, t) for i, t in enumerate(data["tiles"]))
        self.by_id = {k.id: k for k in self.kinds}
        self.ids = tuple(k.id for k in self.kinds)
        self.start = next(k for k in self.kinds if k.kind == "start")
        tables: dict[tuple, tuple] = {}
        for kind in self.kinds:
            kind.fits = tables.get(kind.sig) or tables.setdefault(kind.sig, _fit_table(kind.sig))


def _fit_table(sig: tuple) -> tuple:
    """Per frontier pattern (2 bits per direction: the side type a neighbour requires,
    0 = no neighbour): the rotations of a tile with printed side types ``sig`` that fit."""
    table: list[list[int]] = [[] for _ in range(256)]
    for r in ROTATIONS:
        facing = [sig[(d - r) % 4] for d in range(4)]
        for mask in range(16):
            table[sum(facing[d] << 2 * d for d in range(4) if mask >> d & 1)].append(r)
    return tuple(map(tuple, table))


def load_data(tile_set_id: str) -> dict:
    """The JSON data of a tile set shipped in the package's data folder."""
    text = (resources.files(__package__) / "data" / f"{tile_set_id}.json").read_text()
    return json.loads(text)


@cache
def shipped(tile_set_id: str) -> TileSet:
    """A shipped tile set, validated and compiled once per process."""
    data = load_data(tile_set_id)
    problems, warnings = validate(data)
    if problems:
        raise ValueError(f"shipped tile set {tile_set_id} is invalid: {problems.as_list()}")
    return TileSet(data, warnings)


_CUSTOM: dict[str, TileSet] = {}


def custom(data: dict) -> TileSet:
    """A validated custom tile set, compiled once per content (small cache)."""
    key = json.dumps(data, sort_keys=True, separators=(",", ":"))
    tileset = _CUSTOM.get(key)
    if tileset is None:
        problems, warnings = validate(data)
        if problems:
            raise ValueError(f"custom tile set is invalid: {problems.as_list()}")
        if len(_CUSTOM) >= 32:
            _CUSTOM.clear()
        tileset = _CUSTOM[key] = TileSet(data, warnings)
    return tileset


def for_options(options: dict) -> TileSet:
    """The tile set that validated options select."""
    if options.get("customTileSet") is not None:
        return custom(options["customTileSet"])
    return shipped(options["tileSet"])
