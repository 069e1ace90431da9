"""Component data: versioned JSON sets in ``data/``, inline overrides, validation, compilation.

A set is selected with the ``component_set`` option; each top-level key of the
``components`` option replaces that key of the set. :func:`data_problems` lists every
defect as an :class:`engine.Problems` (JSON Pointers from the options' root; the shared
codes, and ``board_shape``, ``board_code``, ``start_fields`` for the rules of the board
map); :class:`Config` compiles valid options into plain tuples and bit masks (cached per
options hash by :func:`.board.context`).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources

from engine.i18n import N_, Text
from engine.limits import within, within_size
from engine.problems import Problems, pointer

FORMAT = "woodwalkers/components@1"
ATTRIBUTES = ("endurance", "speed", "strength", "intelligence")
KINDS = ("flag", "plus1", "medicine", "dice")
PROVENANCES = ("project-default", "published", "custom")
BOARD_CODES = ".F1234"
SEATS = (1, 2, 3, 4)
#: limits of component data (``too_large``; the shipped set: 11 x 11 board, 16 combat-mode
#: tiles, 23 forest tiles, values up to 5, 2.6 KB)
MAX_DATA_BYTES = 32 * 1024
MAX_BOARD_SIDE = 32
MAX_MODE_TILES = 64
MAX_VALUE = 99
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


def _is_str(value) -> bool:
    return isinstance(value, str)


def _checked(entry: dict, key: str, valid, message: str, path: str, out: Problems) -> bool:
    """Whether ``entry[key]`` is ``valid``; if not, a problem at ``path/key`` (``required`` when missing;
    ``message``: a msgid or a :class:`~engine.i18n.Text`)."""
    if key in entry and valid(entry[key]):
        return True
    out.add(path + pointer(key), "invalid_value" if key in entry else "required", message)
    return False


def _objects(value, path: str, out: Problems):
    """``(pointer, entry)`` of every object in the list ``value``; a problem for anything else."""
    if not isinstance(value, list):
        out.add(path, "invalid_value", N_("expected a list"))
        return
    for i, entry in enumerate(value):
        if isinstance(entry, dict):
            yield path + pointer(i), entry
        else:
            out.add(path + pointer(i), "invalid_value", N_("expected an object"))


def _unique(entry: dict, key: str, seen: set, path: str, out: Problems) -> None:
    """A ``duplicate_id`` problem when the string ``entry[key]`` was seen before."""
    if entry[key] in seen:
        out.add(path + pointer(key), "duplicate_id", N_("duplicate {key} \"{value}\""), key=key, value=entry[key])
    seen.add(entry[key])


def _rows(board) -> list | None:
    """A board's rows if they are a list of strings."""
    rows = board.get("rows") if isinstance(board, dict) else None
    if isinstance(rows, list) and all(isinstance(row, str) for row in rows):
        return rows
    return None


def _board_problems(data: dict, key: str, animals: int, seats, out: Problems) -> None:
    """Problems of the board ``data[key]``: its rows' shape and codes, its start fields."""
    path = pointer("components", key, "rows")
    rows = _rows(data.get(key))
    if rows is None:
        out.add(path, "invalid_value", N_("rows must be a list of strings"))
        return
    if not rows:
        out.add(path, "count", N_("a board needs at least one row"))
        return
    if not (within(len(rows), MAX_BOARD_SIDE, path, out, N_("the number of rows"))
            and within(len(rows[0]), MAX_BOARD_SIDE, path + "/0", out, N_("the number of columns"))):
        return
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            out.add(path + pointer(i), "board_shape", N_("expected {width} cells, got {count}"),
                    width=width, count=len(row))
        for j, cell in enumerate(row):
            if cell not in BOARD_CODES:
                out.add(path + pointer(i), "board_code", N_("column {j}: \"{cell}\" is not one of . F 1 2 3 4"),
                        j=j, cell=cell)
    _start_field_problems(rows, animals, seats, path, out)


def _start_field_problems(rows: list, animals: int, seats, path: str, out: Problems) -> None:
    """Used seats (None: the seats on the board) without ``animals`` start fields each."""
    text = "".join(rows)
    for seat in seats if seats is not None else [s for s in SEATS if str(s) in text]:
        count = text.count(str(seat))
        if count != animals:
            out.add(path, "start_fields", N_("seat {seat} has {count} start fields, needs {animals}"),
                    seat=seat, count=count, animals=animals)


def _forest_fields(data: dict, key: str) -> int | None:
    """The number of forest fields of the board ``data[key]`` (None: no usable rows)."""
    rows = _rows(data.get(key))
    return "".join(rows).count("F") if rows else None


def _unknown_field_problems(data: dict, out: Problems) -> None:
    """Keys the format does not have, in the set itself and in its boards and list entries."""
    objects = [("/components", data, FIELDS[""])]
    for key, allowed in FIELDS.items():
        value = data.get(key) if key else None
        if isinstance(value, dict):
            objects.append((pointer("components", key), value, allowed))
        elif isinstance(value, list):
            objects += [(pointer("components", key, i), entry, allowed) for i, entry in enumerate(value)]
    for path, obj, allowed in objects:
        if isinstance(obj, dict):
            out.unknown_fields(obj, allowed, path)


def _species_problems(species, animals: int, out: Problems) -> None:
    path = "/components/species"
    if isinstance(species, list) and len(species) != animals:
        out.add(path, "count", N_("expected {animals} species, got {count}"), animals=animals, count=len(species))
    seen = set()
    for where, entry in _objects(species, path, out):
        if _checked(entry, "key", _is_str, N_("each species needs a string key"), where, out):
            _unique(entry, "key", seen, where, out)
        for attribute in ATTRIBUTES:
            must = Text(N_("{attribute} must be an integer"), attribute=attribute)
            if _checked(entry, attribute, _is_int, must, where, out):
                within(entry[attribute], MAX_VALUE, where + pointer(attribute), out, Text(attribute))


def _forest_problems(tiles, forest_fields: int | None, out: Problems) -> None:
    path = "/components/forest_tiles"
    total = 0
    for where, entry in _objects(tiles, path, out):
        if (_checked(entry, "kind", KINDS.__contains__, N_("kind must be one of flag, plus1, medicine, dice"),
                     where, out)
                and entry["kind"] == "flag"):
            if _checked(entry, "value", lambda value: _is_int(value) and value >= 1,
                        N_("flag needs an integer value >= 1"), where, out):
                within(entry["value"], MAX_VALUE, where + "/value", out, N_("a flag's value"))
        if _checked(entry, "count", lambda count: _is_int(count) and count >= 0,
                    N_("count must be an integer >= 0"), where, out) and within(
                        entry["count"], MAX_BOARD_SIDE ** 2, where + "/count", out, N_("a tile count")):
            total += entry["count"]
    if forest_fields is not None and isinstance(tiles, list) and total != forest_fields:
        out.add(path, "count", N_("{forest_fields} forest fields but {total} forest tiles"),
                forest_fields=forest_fields, total=total)


def _mode_problems(tiles, display_size: int, out: Problems) -> None:
    path = "/components/combat_mode_tiles"
    if isinstance(tiles, list) and len(tiles) < display_size:
        out.add(path, "count", N_("{display_size} tiles needed for the display, got {count}"),
                display_size=display_size, count=len(tiles))
    if isinstance(tiles, list) and not within(len(tiles), MAX_MODE_TILES, path, out, N_("the number of tiles")):
        return
    seen = set()
    for where, entry in _objects(tiles, path, out):
        if _checked(entry, "id", _is_str, N_("each tile needs a string id"), where, out):
            _unique(entry, "id", seen, where, out)
        _checked(entry, "attribute", ATTRIBUTES.__contains__,
                 Text(N_("attribute must be one of {values}"), values=", ".join(ATTRIBUTES)), where, out)


def data_problems(data: dict, animals: int, seats, display_size: int) -> Problems:
    """Every problem of a merged component set (paths from the options' root).

    ``seats`` are the board seats in use (None: not known yet, every seat on the board).
    """
    out = Problems()
    if not within_size(data, MAX_DATA_BYTES, "/components", out, N_("the component data")):
        return out
    _unknown_field_problems(data, out)
    if data.get("format") != FORMAT:
        out.add("/components/format", "invalid_value", N_("format must be {format}"), format=FORMAT)
    if data.get("provenance") not in PROVENANCES:
        out.add("/components/provenance", "invalid_value", N_("provenance must be one of {values}"),
                values=", ".join(PROVENANCES))
    _board_problems(data, "board", animals, seats, out)
    forest_fields = _forest_fields(data, "board")
    if data.get("night_board") is not None:
        _board_problems(data, "night_board", animals, seats, out)
        night_forest = _forest_fields(data, "night_board")
        if night_forest is not None and forest_fields is not None and night_forest != forest_fields:
            out.add("/components/night_board/rows", "count",
                    N_("{night_forest} night forest fields but {forest_fields} day forest fields"),
                        night_forest=night_forest, forest_fields=forest_fields)
    characters = data.get("characters")
    if characters is not None and not (isinstance(characters, dict) and all(
            isinstance(names, dict) and all(isinstance(n, str) for n in names.values())
            for names in characters.values())):
        out.add("/components/characters", "invalid_value", N_("characters maps set1..set4 to {species: name}"))
    _species_problems(data.get("species"), animals, out)
    _forest_problems(data.get("forest_tiles"), forest_fields, out)
    _mode_problems(data.get("combat_mode_tiles"), display_size, out)
    return out


def start_field_problems(data: dict, animals: int, seats: list[int]) -> Problems:
    """Valid boards whose used ``seats`` lack start fields (known once the player count is)."""
    out = Problems()
    for key in ("board", "night_board"):
        if data.get(key) is not None:
            _start_field_problems(data[key]["rows"], animals, seats, pointer("components", key, "rows"), out)
    return out


# -- compilation ------------------------------------------------------------------

class Config:
    """Compiled, read-only game constants derived from the options."""

    __slots__ = ("rows", "cols", "board_rows", "neighbours", "all_fields", "not_first_col", "not_last_col",
                 "start_fields_by_board_seat", "forest", "forest_index", "species", "species_values",
                 "character_names", "tile_types", "tile_counts", "mode_tiles", "mode_attribute", "die_faces",
                 "meta", "options")

    def __init__(self, options: dict):
        data = merged(options)
        self.options = options
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
        self.start_fields_by_board_seat = {s: tuple(f for f, ch in enumerate(cells) if ch == str(s)) for s in SEATS}
        self.forest = tuple(f for f, ch in enumerate(cells) if ch == "F")
        self.forest_index = {f: i for i, f in enumerate(self.forest)}
        self.species = tuple(s["key"] for s in data["species"])
        #: per species, per attribute: its value
        self.species_values = tuple(tuple(s[a] for a in ATTRIBUTES) for s in data["species"])
        characters = data.get("characters") or {}
        #: board seat -> {species: character name} (cosmetic)
        self.character_names = {seat: dict(characters.get(f"set{seat}", {})) for seat in SEATS}
        types = {}
        for entry in data["forest_tiles"]:
            key = (entry["kind"], entry.get("value") if entry["kind"] == "flag" else None)
            types[key] = types.get(key, 0) + entry["count"]
        self.tile_types = tuple(k for k, n in types.items())
        self.tile_counts = tuple(types[k] for k in self.tile_types)
        self.mode_tiles = tuple(t["id"] for t in data["combat_mode_tiles"])
        #: combat-mode tile id -> attribute index
        self.mode_attribute = {t["id"]: ATTRIBUTES.index(t["attribute"]) for t in data["combat_mode_tiles"]}
        self.die_faces = list(range(1, options["die_sides"] + 1))
        self.meta = {"id": data.get("id"), "provenance": data.get("provenance"),
                     "hash": content_hash(data)}

    def species_key(self, index) -> str | None:
        """The key of a species index; None for None or -1 (no species, e.g. no guess)."""
        return self.species[index] if index is not None and index >= 0 else None

    def field(self, f: int) -> list[int]:
        """A field index as ``[row, col]``."""
        return [f // self.cols, f % self.cols]


def options_key(options: dict) -> str:
    """The content hash of validated options: the cache key of their compiled form."""
    return content_hash(options)
