"""Seat layout, animal handles and movement (spec §7).

Animals are numbered ``seat * animals_per_player + k`` where ``k`` is the index of the
start field the animal began on (row-major), so the public handle ``s<board seat>f<k+1>``
derives from public facts only.
"""

from __future__ import annotations

from .components import Config, board_seats, config_for


class Layout:
    """Per player count: board seats, turn order, start fields, handles."""

    __slots__ = ("bseat", "order", "apl", "home", "handles", "by_handle", "starts",
                 "no_stop", "count")

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
        #: per API seat: field -> True when it is another used seat's start field (§7)
        self.no_stop = tuple(tuple(o >= 0 and o != seat for o in owner) for seat in range(players))


_LAYOUTS: dict[tuple[int, int], Layout] = {}


def layout(cfg: Config, players: int) -> Layout:
    key = (id(cfg), players)
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = Layout(cfg, players)
    return found


_CONTEXTS: dict[tuple[str, int], tuple[Config, Layout]] = {}


def ctx(state) -> tuple[Config, Layout]:
    """The compiled config and seat layout of a state."""
    key = (state["key"], state["n"])
    found = _CONTEXTS.get(key)
    if found is None:
        cfg = config_for(state["key"], state["opts"])
        found = _CONTEXTS[key] = (cfg, layout(cfg, state["n"]))
    return found


def destinations(cfg: Config, lay: Layout, state: dict, animal: int, die: int) -> list[int]:
    """Fields the animal may end on with ``die`` steps, ascending (empty or duel targets).

    Breadth-first over animal-free fields: the shortest such path decides (§7).
    """
    cell = state["cell"]
    seat = animal // lay.apl
    low, high = seat * lay.apl, (seat + 1) * lay.apl
    no_stop = lay.no_stop[seat]
    nb = cfg.neighbours
    blocked = None
    if cfg.opts["forest_blocks_movement"]:
        tiles = state["tiles"]
        blocked = {f for k, f in enumerate(cfg.forest) if tiles[k] >= 0}
    origin = state["pos"][animal]
    seen = {origin}
    frontier = (origin,)
    found = []
    for _ in range(die):
        nxt = []
        for f in frontier:
            for g in nb[f]:
                if g in seen:
                    continue
                seen.add(g)
                occupant = cell[g]
                if occupant < 0:
                    if not no_stop[g]:
                        found.append(g)
                    if blocked is None or g not in blocked:
                        nxt.append(g)
                elif not no_stop[g] and not low <= occupant < high:
                    found.append(g)
        if not nxt:
            break
        frontier = nxt
    found.sort()
    return found


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
