"""Component data: the versioned tile sets in ``data/``, inline custom sets, layouts.

A data set is one JSON document (spec section 4.3). Validation adds every problem
to an :class:`engine.Problems` (``{path, code, message}``); a resolved set carries its id, provenance, a content
hash and all 7 tiles with both sides (side B defaults to the mirror of side A).
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources

from engine.problems import Problems

from .geometry import CENTRES, ROW_LENGTHS, TERRAINS, mirror_rows

FORMAT = "great-plains/components@1"
PROVENANCES = ("project-default", "published", "custom")
TILE_COUNT = len(CENTRES)
SIDES = ("A", "B")
ROTATIONS = 6


def _check_side(rows, path, problems):
    if not isinstance(rows, list) or len(rows) != len(ROW_LENGTHS):
        problems.add(path, "row_shape", f"expected {len(ROW_LENGTHS)} row strings")
        return
    for j, (row, length) in enumerate(zip(rows, ROW_LENGTHS)):
        where = f"{path}[{j}]"
        if not isinstance(row, str):
            problems.add(where, "row_shape", "a row is a string of terrain codes")
            continue
        if len(row) != length:
            problems.add(where, "row_shape", f"expected {length} cells, got {len(row)}")
        for char in dict.fromkeys(row):
            if char not in TERRAINS:
                problems.add(where, "terrain_code", f'"{char}" is not one of {" ".join(TERRAINS)}')
    if all(isinstance(row, str) for row in rows):
        caves = sum(row.count("C") for row in rows)
        if caves != 1:
            problems.add(path, "cave_count", f"expected 1 cave space, found {caves}")


def check_tiles(tiles, path, problems) -> None:
    """Check a ``tiles`` list (exactly 7 tiles, unique ids, both sides well formed)."""
    if not isinstance(tiles, list):
        problems.add(path, "invalid_value", "tiles must be a list")
        return
    if len(tiles) != TILE_COUNT:
        problems.add(path, "tile_count", f"expected {TILE_COUNT} tiles, got {len(tiles)}")
    seen = set()
    for i, tile in enumerate(tiles):
        where = f"{path}[{i}]"
        if not isinstance(tile, dict):
            problems.add(where, "invalid_value", "a tile is an object with id and sides")
            continue
        problems.unknown_fields(tile, {"id", "sides"}, where, 'unknown tile field "{key}"')
        tile_id = tile.get("id")
        if not isinstance(tile_id, str) or not tile_id:
            problems.add(f"{where}.id", "invalid_value", "a tile id is a non-empty string")
        elif tile_id in seen:
            problems.add(f"{where}.id", "duplicate_id", f'"{tile_id}" already used')
        else:
            seen.add(tile_id)
        sides = tile.get("sides")
        if not isinstance(sides, dict) or "A" not in sides:
            problems.add(f"{where}.sides", "invalid_value", "sides is an object with A (and optional B)")
            continue
        problems.unknown_fields(sides, SIDES, f"{where}.sides", 'a tile has only the sides "A" and "B"')
        for side in SIDES:
            if side in sides:
                _check_side(sides[side], f"{where}.sides.{side}", problems)


def check_dataset(data, path, problems, inline=False) -> None:
    """Check a whole data set; ``inline`` sets (the ``components`` option) need only tiles."""
    if not isinstance(data, dict):
        problems.add(path, "invalid_value", "a component data set is a JSON object")
        return
    allowed = {"format", "id", "provenance", "tiles", "description"}
    problems.unknown_fields(data, allowed, path, 'unknown data set field "{key}"')
    if "format" in data or not inline:
        if data.get("format") != FORMAT:
            problems.add(f"{path}.format", "invalid_value", f'format must be "{FORMAT}"')
    if "id" in data or not inline:
        if not isinstance(data.get("id"), str) or not data.get("id"):
            problems.add(f"{path}.id", "invalid_value", "id must be a non-empty string")
    if "provenance" in data or not inline:
        if data.get("provenance") not in PROVENANCES:
            problems.add(f"{path}.provenance", "invalid_value",
                     f"provenance must be one of {', '.join(PROVENANCES)}")
    if "tiles" not in data:
        problems.add(f"{path}.tiles", "tile_count", f"expected {TILE_COUNT} tiles, got none")
    else:
        check_tiles(data["tiles"], f"{path}.tiles", problems)


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
        problems = Problems()
        check_dataset(data, entry.name, problems)
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


def check_layout(layout, tile_ids, problems) -> None:
    """Check the ``layout`` option: "random", "reference" or 7 fixed placements."""
    if layout in ("random", "reference"):
        return
    if not isinstance(layout, list):
        problems.add("layout", "layout", 'layout is "random", "reference" or a list of 7 placements')
        return
    if len(layout) != TILE_COUNT:
        problems.add("layout", "layout", f"expected {TILE_COUNT} placements, got {len(layout)}")
    positions, used = set(), set()
    for i, entry in enumerate(layout):
        where = f"layout[{i}]"
        if not isinstance(entry, dict):
            problems.add(where, "layout", "a placement is {position, tile, side, rotation}")
            continue
        problems.unknown_fields(entry, {"position", "tile", "side", "rotation"}, where,
                                'unknown placement field "{key}"', code="layout")
        position, tile = entry.get("position"), entry.get("tile")
        if type(position) is not int or not 0 <= position < TILE_COUNT:
            problems.add(f"{where}.position", "layout", f"must be 0..{TILE_COUNT - 1}")
        elif position in positions:
            problems.add(f"{where}.position", "layout", f"position {position} used twice")
        else:
            positions.add(position)
        if not isinstance(tile, str) or (tile_ids is not None and tile not in tile_ids):
            problems.add(f"{where}.tile", "layout", f"no tile {json.dumps(tile)} in the component set")
        elif tile in used:
            problems.add(f"{where}.tile", "layout", f'tile "{tile}" used twice')
        else:
            used.add(tile)
        if entry.get("side") not in SIDES:
            problems.add(f"{where}.side", "layout", 'must be "A" or "B"')
        rotation = entry.get("rotation")
        if type(rotation) is not int or not 0 <= rotation < ROTATIONS:
            problems.add(f"{where}.rotation", "layout", f"must be 0..{ROTATIONS - 1}")


def fixed_layout(layout, components) -> list | None:
    """The layout as a list sorted by position, or None when it is drawn at random."""
    if layout == "random":
        return None
    if layout == "reference":
        return [{"position": i, "tile": t["id"], "side": "A", "rotation": 0}
                for i, t in enumerate(components["tiles"])]
    return sorted(({key: entry[key] for key in ("position", "tile", "side", "rotation")} for entry in layout),
                  key=lambda e: e["position"])


def flat_sides(components) -> dict:
    """``(tile id, side)`` -> the side's 19 terrain characters in local order."""
    return {(t["id"], side): "".join(rows) for t in components["tiles"] for side, rows in t["sides"].items()}
