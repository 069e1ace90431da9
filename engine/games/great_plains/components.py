"""Component data: the versioned tile sets in ``data/`` and inline custom sets.

A data set is one JSON document (spec section 4.3). Validation names every problem
(``{path, code, message}``, paths as JSON Pointers); a resolved set carries its id,
provenance, a content hash and all 7 tiles with both sides (side B defaults to the
mirror of side A).
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources

from engine.i18n import N_, Text
from engine.limits import within_size
from engine.problems import Problems, pointer

from .board import CENTRES, ROW_LENGTHS, TERRAINS, mirror_rows

FORMAT = "great-plains/components@1"
PROVENANCES = ("project-default", "published", "custom")
TILE_COUNT = len(CENTRES)
SIDES = ("A", "B")
ROTATIONS = 6
#: limits (``too_large``): a data set's size (the shipped one: 1.1 KB) and the option numbers
MAX_DATA_BYTES = 16 * 1024
MAX_TOTEMS = 20
MAX_POINTS = 99


def _check_side(rows, path, problems):
    if not isinstance(rows, list) or len(rows) != len(ROW_LENGTHS):
        problems.add(path, "row_shape", N_("expected {count} row strings"), count=len(ROW_LENGTHS))
        return
    for j, (row, length) in enumerate(zip(rows, ROW_LENGTHS)):
        where = path + pointer(j)
        if not isinstance(row, str):
            problems.add(where, "row_shape", N_("a row is a string of terrain codes"))
            continue
        if len(row) != length:
            problems.add(where, "row_shape", N_("expected {length} cells, got {count}"), length=length, count=len(row))
        for char in dict.fromkeys(row):
            if char not in TERRAINS:
                problems.add(where, "terrain_code", N_("\"{char}\" is not one of {codes}"),
                             char=char, codes=" ".join(TERRAINS))
    if all(isinstance(row, str) for row in rows):
        caves = sum(row.count("C") for row in rows)
        if caves != 1:
            problems.add(path, "cave_count", N_("expected 1 cave space, found {caves}"), caves=caves)


def _check_tiles(tiles, problems) -> None:
    """Check the ``tiles`` list (exactly 7 tiles, unique ids, both sides well formed) at ``/tiles``."""
    path = pointer("tiles")
    if not isinstance(tiles, list):
        problems.add(path, "invalid_value", N_("tiles must be a list"))
        return
    if len(tiles) != TILE_COUNT:
        problems.add(path, "count", N_("expected {expected} tiles, got {count}"),
                     expected=TILE_COUNT, count=len(tiles))
    seen = set()
    for i, tile in enumerate(tiles):
        where = pointer("tiles", i)
        if not isinstance(tile, dict):
            problems.add(where, "invalid_value", N_("a tile is an object with id and sides"))
            continue
        problems.unknown_fields(tile, {"id", "sides"}, where, N_('unknown tile field "{key}"'))
        problems.unique_id(tile.get("id"), where + "/id", seen, N_("a tile id"))
        sides = tile.get("sides")
        if not isinstance(sides, dict) or "A" not in sides:
            problems.add(where + "/sides", "invalid_value", N_("sides is an object with A (and optional B)"))
            continue
        problems.unknown_fields(sides, SIDES, where + "/sides", N_('a tile has only the sides "A" and "B"'))
        for side in SIDES:
            if side in sides:
                _check_side(sides[side], pointer("tiles", i, "sides", side), problems)


def check_dataset(data, inline=False) -> Problems:
    """Every problem of a data set, at JSON Pointers from its root; ``inline`` sets (the
    ``components`` option) need only tiles."""
    problems = Problems()
    if not isinstance(data, dict):
        problems.add("", "invalid_value", N_("a component data set is a JSON object"))
        return problems
    if not within_size(data, MAX_DATA_BYTES, "", problems, N_("the data set")):
        return problems
    allowed = {"format", "id", "provenance", "tiles", "description"}
    problems.unknown_fields(data, allowed, "", N_('unknown data set field "{key}"'))
    if "format" in data or not inline:
        if data.get("format") != FORMAT:
            problems.add("/format", "invalid_value", N_("format must be \"{format}\""), format=FORMAT)
    if "id" in data or not inline:
        if not isinstance(data.get("id"), str) or not data.get("id"):
            problems.add("/id", "invalid_value", N_("id must be a non-empty string"))
    if "provenance" in data or not inline:
        if data.get("provenance") not in PROVENANCES:
            problems.add("/provenance", "invalid_value", N_("provenance must be one of {values}"),
                         values=", ".join(PROVENANCES))
    if "tiles" not in data:
        problems.add("/tiles", "count", N_("expected {expected} tiles, got none"), expected=TILE_COUNT)
    else:
        _check_tiles(data["tiles"], problems)
    return problems


def _resolve(data, default_id="custom") -> dict:
    """A checked data set with side B filled in, its content hash and provenance."""
    tiles = [{"id": t["id"], "sides": {"A": list(t["sides"]["A"]),
                                       "B": list(t["sides"].get("B") or mirror_rows(t["sides"]["A"]))}}
             for t in data["tiles"]]
    digest = hashlib.sha256(json.dumps({"format": FORMAT, "tiles": tiles}, sort_keys=True,
                                       separators=(",", ":")).encode()).hexdigest()[:16]
    return {"id": data.get("id", default_id), "provenance": data.get("provenance", "custom"),
            "hash": digest, "tiles": tiles}


def _load_sets() -> dict:
    found = {}
    for entry in sorted(resources.files(__package__).joinpath("data").iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        data = json.loads(entry.read_text(encoding="utf-8"))
        problems = check_dataset(data)
        if problems:
            raise ValueError(f"great-plains component data {entry.name} is invalid: {problems.as_list()}")
        found[data["id"]] = _resolve(data)
    return found


#: the shipped data sets by id
COMPONENT_SETS = _load_sets()


def resolve(options: dict) -> dict:
    """The component set a game uses: the selected set, its tiles replaced by ``components``."""
    base = COMPONENT_SETS[options["component_set"]]
    custom = options.get("components")
    if custom is None:
        return base
    return _resolve(custom)


def flat_sides(components) -> dict:
    """``(tile id, side)`` -> the side's 19 terrain characters in local order."""
    return {(t["id"], side): "".join(rows) for t in components["tiles"] for side, rows in t["sides"].items()}
