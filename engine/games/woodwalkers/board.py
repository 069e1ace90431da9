"""Seat layout, animal handles and movement (spec §7).

Animals are numbered ``seat * animals_per_player + k`` where ``k`` is the index of the
start field the animal began on (row-major), so the public handle ``s<board seat>f<k+1>``
derives from public facts only.
"""

from __future__ import annotations

from .components import Config, board_seats


class Layout:
    """Per player count: board seats, turn order, start fields, handles."""

    __slots__ = ("bseat", "order", "apl", "home", "handles", "by_handle", "starts",
                 "no_stop_mask", "count")

    def __init__(self, cfg: Config, players: int):
        opts = cfg.opts
        self.apl = apl = opts["animals_per_player"]
        self.bseat = tuple(board_seats(opts, players))
        #: API seats clockwise (board seat order 1 -> 2 -> 3 -> 4)
        self.order = tuple(sorted(range(players), key=lambda s: self.bseat[s]))
        self.starts = tuple(cfg.start[b] for b in self.bseat)
        self.count = players * apl
        self.home = tuple(self.starts[a // apl][a % apl] for a in range(self.count))
        self.handles = tuple(f"s{self.bseat[a // apl]}f{a % apl + 1}" for a in range(self.count))
        self.by_handle = {h: a for a, h in enumerate(self.handles)}
        owner = [-1] * (cfg.rows * cfg.cols)
        for seat, fields in enumerate(self.starts):
            for f in fields:
                owner[f] = seat
        #: per API seat: bit mask of the other used seats' start fields (§7)
        self.no_stop_mask = tuple(sum(1 << f for f, o in enumerate(owner) if o >= 0 and o != seat)
                                  for seat in range(players))


_CONTEXTS: dict[tuple[str, int], tuple[Config, Layout]] = {}
MAX_CONTEXTS = 256


def context(key: str, options: dict, players: int) -> tuple[Config, Layout]:
    """The compiled config and seat layout for valid options (hash ``key``), cached."""
    found = _CONTEXTS.get((key, players))
    if found is None:
        if len(_CONTEXTS) >= MAX_CONTEXTS:  # many custom data sets: start afresh
            _CONTEXTS.clear()
        cfg = Config(options)
        found = _CONTEXTS[(key, players)] = (cfg, Layout(cfg, players))
    return found


def ctx(state) -> tuple[Config, Layout]:
    """The compiled config and seat layout of a state."""
    found = _CONTEXTS.get((state["key"], state["n"]))
    return found if found is not None else context(state["key"], state["opts"], state["n"])


def movement_masks(cfg: Config, lay: Layout, state: dict, seat: int) -> tuple[int, int]:
    """Bit masks over fields for the seat's movement: (may end there, may pass through)."""
    occupied = own = 0
    low, high = seat * lay.apl, (seat + 1) * lay.apl
    for a, f in enumerate(state["pos"]):
        if f >= 0:
            occupied |= 1 << f
            if low <= a < high:
                own |= 1 << f
    free = cfg.all_fields & ~occupied
    endable = (free | (occupied & ~own)) & ~lay.no_stop_mask[seat]
    if cfg.opts["forest_blocks_movement"]:
        tiles = state["tiles"]
        free &= ~sum(1 << f for k, f in enumerate(cfg.forest) if tiles[k] >= 0)
    return endable, free


def destinations(cfg: Config, origin: int, die: int, masks: tuple[int, int]) -> list[int]:
    """Fields an animal on ``origin`` may end on with ``die`` steps, ascending.

    Breadth-first over animal-free fields, one bit-parallel step per pip: the
    shortest such path decides (§7); ends are empty fields or opponents' animals.
    """
    endable, passable = masks
    cols, board = cfg.cols, cfg.all_fields
    not_first, not_last = cfg.not_first_col, cfg.not_last_col
    seen = frontier = 1 << origin
    found = 0
    for _ in range(die):
        reached = (((frontier << 1) & not_first) | ((frontier >> 1) & not_last)
                   | (frontier << cols) | (frontier >> cols)) & board & ~seen
        seen |= reached
        found |= reached & endable
        frontier = reached & passable
        if not frontier:
            break
    fields = []
    while found:
        bit = found & -found
        fields.append(bit.bit_length() - 1)
        found ^= bit
    return fields


def path_problem(cfg: Config, state: dict, animal: int, target: int, path, die: int) -> str | None:
    """Why an explicit path to a legal ``target`` is invalid (None: it is valid)."""
    if not isinstance(path, list) or not 1 <= len(path) <= die:
        return f"movement: a path has 1 to {die} fields"
    fields = [field_index(cfg, p) for p in path]
    if None in fields:
        return "movement: each path entry is a field [row, col] on the board"
    if fields[-1] != target:
        return "movement: the path must end on the target field"
    here = state["pos"][animal]
    visited = {here}
    blocking = cfg.opts["forest_blocks_movement"]
    for step, f in enumerate(fields):
        if f not in cfg.neighbours[here] or f in visited:
            return "movement: a path is a simple orthogonal path (no diagonals, no revisits)"
        if step < len(fields) - 1:
            if state["cell"][f] >= 0:
                return "movement: an animal may not pass a field holding another animal"
            k = cfg.forest_index.get(f)
            if blocking and k is not None and state["tiles"][k] >= 0:
                return "movement: forest tiles block movement (forest_blocks_movement)"
        visited.add(f)
        here = f
    return None


def field_index(cfg: Config, value) -> int | None:
    """The field index of ``[row, col]``, or None when it is not a field of the board."""
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return None
    r, c = value
    if 0 <= r < cfg.rows and 0 <= c < cfg.cols:
        return r * cfg.cols + c
    return None
