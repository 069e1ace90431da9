"""Component data: versioned JSON sets in ``data/``, inline overrides, validation, compilation.

A set is selected with the ``component_set`` option; each top-level key of the
``components`` option replaces that key of the set. :func:`problems` lists every
defect (``{path, code, message}``) in an :class:`engine.Problems`; :class:`Config` compiles valid options into
plain tuples and bit masks (cached per options hash by :func:`.board.context`).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources

from engine.problems import Problems

FORMAT = "woodwalkers/components@1"
ATTRIBUTES = ("endurance", "speed", "strength", "intelligence")
KINDS = ("flag", "plus1", "medicine", "dice")
PROVENANCES = ("project-default", "published", "custom")
BOARD_CODES = ".F1234"
SEATS = (1, 2, 3, 4)
DEFAULT_SEATS = {2: [1, 3], 3: [1, 2, 3], 4: [1, 2, 3, 4]}
#: the keys a component set ("") and each of its boards and list entries may have (spec §4.2)
FIELDS = {
    "": {"format", "id", "provenance", "version", "board", "night_board", "species", "characters",
         "forest_tiles", "combat_mode_tiles", "attribute_colours"},
    "board": {"rows"}, "night_board": {"rows"},
    "species": {"key", "name_de", *ATTRIBUTES},
    "forest_tiles": {"kind", "count", "value"},
    "combat_mode_tiles": {"id", "attribute"},
}


@cache
def component_sets() -> dict[str, dict]:
    """Every shipped component set by id."""
    found = {}
    for entry in resources.files(__package__).joinpath("data").iterdir():
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            found[data["id"]] = data
    return found


def merged(options: dict) -> dict | None:
    """The selected set with the inline ``components`` keys applied (None: unknown set)."""
    base = component_sets().get(options["component_set"])
    if base is None:
        return None
    return {**base, **(options.get("components") or {})}


def content_hash(data) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# -- validation -------------------------------------------------------------------

def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _board_problems(path: str, board, animals: int, seats, out: Problems) -> None:
    rows = board.get("rows") if isinstance(board, dict) else None
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        out.add(path, "board_shape", "rows must be a non-empty list of strings")
        return
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            out.add(f"{path}[{i}]", "board_shape", f"expected {width} cells, got {len(row)}")
        for j, ch in enumerate(row):
            if ch not in BOARD_CODES:
                out.add(f"{path}[{i}][{j}]", "board_code", f'"{ch}" is not one of . F 1 2 3 4')
    text = "".join(rows)
    for seat in seats if seats is not None else [s for s in SEATS if str(s) in text]:
        count = text.count(str(seat))
        if count != animals:
            out.add(f"{path}.seat{seat}", "start_fields", f"seat {seat} has {count} start fields, needs {animals}")


def _unknown_field_problems(data: dict, out: Problems) -> None:
    """Keys the format does not have, in the set itself and in its boards and list entries."""
    objects = [("components", data, FIELDS[""])]
    for key, allowed in FIELDS.items():
        value = data.get(key) if key else None
        if isinstance(value, dict):
            objects.append((f"components.{key}", value, allowed))
        elif isinstance(value, list):
            objects += [(f"components.{key}[{i}]", entry, allowed) for i, entry in enumerate(value)]
    for path, obj, allowed in objects:
        if isinstance(obj, dict):
            out.unknown_fields(obj, allowed, path)


def _species_problems(species, animals: int, out: Problems) -> None:
    path = "components.species"
    if not isinstance(species, list):
        out.add(path, "species", "expected a list")
        return
    if len(species) != animals:
        out.add(path, "species", f"expected {animals} species, got {len(species)}")
    seen = set()
    for i, entry in enumerate(species):
        if not isinstance(entry, dict) or not isinstance(entry.get("key"), str):
            out.add(f"{path}[{i}]", "species", "each entry needs a string key")
            continue
        if entry["key"] in seen:
            out.add(f"{path}[{i}]", "species", f'duplicate key "{entry["key"]}"')
        seen.add(entry["key"])
        for attribute in ATTRIBUTES:
            if not _is_int(entry.get(attribute)):
                out.add(f"{path}[{i}].{attribute}", "species", f"{attribute} must be an integer")


def _forest_problems(tiles, forest_fields: int | None, out: Problems) -> None:
    path = "components.forest_tiles"
    if not isinstance(tiles, list):
        out.add(path, "forest_tiles", "expected a list")
        return
    total = 0
    for i, entry in enumerate(tiles):
        where = f"{path}[{i}]"
        if not isinstance(entry, dict) or entry.get("kind") not in KINDS:
            out.add(where, "forest_tiles", "kind must be one of flag, plus1, medicine, dice")
            continue
        if not _is_int(entry.get("count")) or entry["count"] < 0:
            out.add(where, "forest_tiles", "count must be an integer >= 0")
            continue
        value = entry.get("value")
        if entry["kind"] == "flag" and not (_is_int(value) and value >= 1):
            out.add(where, "forest_tiles", "flag needs an integer value >= 1")
        total += entry["count"]
    if forest_fields is not None and total != forest_fields:
        out.add(path, "forest_count", f"{forest_fields} forest fields but {total} forest tiles")


def _mode_problems(tiles, display_size: int, out: Problems) -> None:
    path = "components.combat_mode_tiles"
    if not isinstance(tiles, list):
        out.add(path, "combat_mode_tiles", "expected a list")
        return
    if len(tiles) < display_size:
        out.add(path, "combat_mode_tiles", f"{display_size} tiles needed for the display, got {len(tiles)}")
    seen = set()
    for i, entry in enumerate(tiles):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            out.add(f"{path}[{i}]", "combat_mode_tiles", "each tile needs a string id")
            continue
        if entry["id"] in seen:
            out.add(f"{path}[{i}]", "combat_mode_tiles", f'duplicate id "{entry["id"]}"')
        seen.add(entry["id"])
        if entry.get("attribute") not in ATTRIBUTES:
            out.add(f"{path}[{i}]", "combat_mode_tiles", f'unknown attribute "{entry.get("attribute")}"')


def _first_player_problems(first, seats, out: Problems) -> None:
    if first != "random" and first not in seats:
        out.add("first_start_player", "option_conflict", f"first_start_player {first} is not among seats {seats}")


def problems(options: dict) -> Problems:
    """Every problem of the options' component data and option combinations."""
    out = Problems()
    data = merged(options)
    if data is None:
        out.add("component_set", "unknown_component_set", f'no component set "{options["component_set"]}"')
        return out
    animals = options["animals_per_player"]
    seats = options["seats"]
    if seats is not None and (len(set(seats)) != len(seats) or not 2 <= len(seats) <= 4
                              or any(s not in SEATS for s in seats)):
        out.add("seats", "seats", f"expected 2 to 4 distinct seats out of 1-4, got {seats}")
        seats = None
    first = options["first_start_player"]
    if first != "random" and not (_is_int(first) and first in SEATS):
        out.add("first_start_player", "invalid_value", '"random" or a seat number 1-4')
    elif seats is not None:
        _first_player_problems(first, seats, out)
    _unknown_field_problems(data, out)
    if data.get("format") != FORMAT:
        out.add("components.format", "invalid_value", f"format must be {FORMAT}")
    if data.get("provenance") not in PROVENANCES:
        out.add("components.provenance", "invalid_value", "provenance must be one of " + ", ".join(PROVENANCES))
    _board_problems("components.board.rows", data.get("board"), animals, seats, out)
    forest_fields = None
    if "components.board.rows" not in out:
        forest_fields = "".join(data["board"]["rows"]).count("F")
    if data.get("night_board") is not None:
        _board_problems("components.night_board.rows", data["night_board"], animals, seats, out)
        if "components.night_board.rows" not in out and forest_fields is not None:
            night_forest = "".join(data["night_board"]["rows"]).count("F")
            if night_forest != forest_fields:
                out.add("components.night_board.rows", "forest_count",
                        f"{night_forest} night forest fields but {forest_fields} day forest fields")
    characters = data.get("characters")
    if characters is not None and not (isinstance(characters, dict) and all(
            isinstance(names, dict) and all(isinstance(n, str) for n in names.values())
            for names in characters.values())):
        out.add("components.characters", "invalid_value", "characters maps set1..set4 to {species: name}")
    _species_problems(data.get("species"), animals, out)
    _forest_problems(data.get("forest_tiles"), forest_fields, out)
    _mode_problems(data.get("combat_mode_tiles"), options["display_size"], out)
    return out


def seat_problems(options: dict, players: int) -> Problems:
    """Problems that need the player count: the seat list and the used seats' start fields."""
    out = Problems()
    seats = board_seats(options, players)
    if len(seats) != players:
        out.add("seats", "seats", f"expected {players} distinct seats, got {seats}")
        return out
    _first_player_problems(options["first_start_player"], seats, out)
    data = merged(options)
    for key in ("board", "night_board"):
        if data.get(key) is not None:
            _board_problems(f"components.{key}.rows", data[key], options["animals_per_player"], seats, out)
    return out


def board_seats(options: dict, players: int) -> list[int]:
    return list(options["seats"]) if options["seats"] is not None else DEFAULT_SEATS[players]


# -- compilation ------------------------------------------------------------------

class Config:
    """Compiled, read-only game constants derived from the options."""

    __slots__ = ("rows", "cols", "board_rows", "neighbours", "all_fields", "not_first_col", "not_last_col", "start",
                 "forest", "forest_index", "species", "values", "names", "tile_types", "tile_counts",
                 "mode_tiles", "mode_attr", "die", "meta", "opts")

    def __init__(self, options: dict):
        data = merged(options)
        self.opts = options
        night = options["variant"] == "night" and data.get("night_board") is not None
        rows = data["night_board" if night else "board"]["rows"]
        self.board_rows = tuple(rows)
        self.rows, self.cols = len(rows), len(rows[0])
        cells = "".join(rows)
        cols = self.cols
        self.neighbours = tuple(
            tuple(r * cols + c for r, c in ((f // cols - 1, f % cols), (f // cols, f % cols - 1),
                                            (f // cols, f % cols + 1), (f // cols + 1, f % cols))
                  if 0 <= r < self.rows and 0 <= c < cols)
            for f in range(len(cells)))
        #: bit masks over fields (bit f = field f) for bit-parallel movement
        self.all_fields = (1 << len(cells)) - 1
        self.not_first_col = sum(1 << f for f in range(len(cells)) if f % cols)
        self.not_last_col = sum(1 << f for f in range(len(cells)) if f % cols != cols - 1)
        #: board seat -> its start fields in row-major order
        self.start = {s: tuple(f for f, ch in enumerate(cells) if ch == str(s)) for s in SEATS}
        self.forest = tuple(f for f, ch in enumerate(cells) if ch == "F")
        self.forest_index = {f: i for i, f in enumerate(self.forest)}
        self.species = tuple(s["key"] for s in data["species"])
        self.values = tuple(tuple(s[a] for a in ATTRIBUTES) for s in data["species"])
        characters = data.get("characters") or {}
        self.names = {seat: dict(characters.get(f"set{seat}", {})) for seat in SEATS}
        types = {}
        for entry in data["forest_tiles"]:
            key = (entry["kind"], entry.get("value") if entry["kind"] == "flag" else None)
            types[key] = types.get(key, 0) + entry["count"]
        self.tile_types = tuple(k for k, n in types.items())
        self.tile_counts = tuple(types[k] for k in self.tile_types)
        self.mode_tiles = tuple(t["id"] for t in data["combat_mode_tiles"])
        self.mode_attr = {t["id"]: ATTRIBUTES.index(t["attribute"]) for t in data["combat_mode_tiles"]}
        self.die = list(range(1, options["die_sides"] + 1))
        self.meta = {"id": data.get("id"), "provenance": data.get("provenance"),
                     "hash": content_hash(data)}

    def species_key(self, index) -> str | None:
        """The key of a species index; None for None or -1 (no species, e.g. no guess)."""
        return self.species[index] if index is not None and index >= 0 else None

    def field(self, f: int) -> list[int]:
        return [f // self.cols, f % self.cols]


def options_key(options: dict) -> str:
    return content_hash(options)
