"""The board: the fixed 133-cell flower of 7 tiles (computed once) and per-terrain tables.

Cells are axial ``(q, r)`` and indexed in ``(r, q)`` order, which is also the order of
legal moves. Everything that depends only on the outline (neighbours, straight lines,
distance-2 jumps, tile placement) is a module constant; everything that depends on the
terrain lives in a :class:`Board`, built once per terrain and shared by all states.
"""

from __future__ import annotations

from functools import lru_cache

#: the six neighbour offsets, in the spec's order
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
#: flower positions P0..P6 (tile centres)
CENTRES = ((0, 0), (3, 2), (-2, 5), (-5, 3), (-3, -2), (2, -5), (5, -3))
#: the 19 local cells of a tile in encoding order (rows r = -2..2, increasing q)
LOCAL = tuple((q, r) for r in range(-2, 3) for q in range(max(-2, -2 - r), min(2, 2 - r) + 1))
ROW_LENGTHS = (3, 4, 5, 4, 3)
TERRAINS = "GWHEBMC"
TOTEM_KINDS = ("horse", "eagle", "bear")
KIND_OF_TERRAIN = {"H": 0, "E": 1, "B": 2}

EMPTY, BLOCKED = -1, 2  # cell values besides the seats 0 and 1


def rotate(cell, k):
    """Rotate a local cell by ``k`` times 60 degrees: ``(q, r) -> (-r, q + r)``."""
    q, r = cell
    for _ in range(k % 6):
        q, r = -r, q + r
    return q, r


def mirror_rows(rows):
    """Side B from side A: the local mirror ``(q, r) -> (r, q)``, as 5 row strings."""
    terrain = dict(zip(LOCAL, "".join(rows)))
    flat = "".join(terrain[(r, q)] for q, r in LOCAL)
    out, start = [], 0
    for length in ROW_LENGTHS:
        out.append(flat[start:start + length])
        start += length
    return out


CELLS = tuple(sorted({(q + cq, r + cr) for cq, cr in CENTRES for q, r in LOCAL},
                     key=lambda c: (c[1], c[0])))
INDEX = {cell: i for i, cell in enumerate(CELLS)}
N_CELLS = len(CELLS)


def _cell_at(q, r):
    return INDEX.get((q, r), -1)


#: STEP[i][d]: the neighbour of cell i in direction d, or -1 off the board
STEP = tuple(tuple(_cell_at(q + dq, r + dr) for dq, dr in DIRECTIONS) for q, r in CELLS)
NEIGHBOURS = tuple(tuple(n for n in row if n >= 0) for row in STEP)
NEIGHBOUR_SETS = tuple(frozenset(row) for row in NEIGHBOURS)
#: BEYOND[i][n]: for a neighbour n of i, the next cell on the line i -> n (-1 off the board)
BEYOND = tuple({n: STEP[n][d] for d, n in enumerate(row) if n >= 0} for row in STEP)


def _ray(i, d):
    out = []
    while (i := STEP[i][d]) >= 0:
        out.append(i)
    return tuple(out)


#: RAYS[i][d]: the cells on the straight line from i in direction d, up to the edge
RAYS = tuple(tuple(_ray(i, d) for d in range(6)) for i in range(N_CELLS))


def _jumps(i):
    """``(target, x1, x2)`` at hex distance 2, where x1, x2 are the fields in between.

    A straight jump has one field in between (x2 == x1); a field off the board is
    ``N_CELLS``, which never counts as lowland.
    """
    q, r = CELLS[i]
    out = []
    for a, b in DIRECTIONS:
        for c, d in DIRECTIONS:
            dq, dr = a + c, b + d
            if max(abs(dq), abs(dr), abs(dq + dr)) != 2 or (a, b) > (c, d):
                continue
            t = INDEX.get((q + dq, r + dr))
            if t is not None:
                x1, x2 = (INDEX.get((q + a, r + b), N_CELLS), INDEX.get((q + c, r + d), N_CELLS))
                out.append((t, x1, x2))
    return tuple(sorted(out))


JUMPS = tuple(_jumps(i) for i in range(N_CELLS))
#: PLACEMENT[rotation][position]: global indices of a tile's 19 local cells
PLACEMENT = tuple(
    tuple(tuple(INDEX[(rq + cq, rr + cr)] for rq, rr in (rotate(c, k) for c in LOCAL))
          for cq, cr in CENTRES)
    for k in range(6))


def terrain_of(layout, sides) -> str:
    """The 133-character terrain string of a complete layout.

    ``sides`` maps ``(tile id, side)`` to the side's 19 characters in local order.
    """
    cells = [""] * N_CELLS
    for entry in layout:
        flat = sides[(entry["tile"], entry["side"])]
        for j, index in enumerate(PLACEMENT[entry["rotation"]][entry["position"]]):
            cells[index] = flat[j]
    return "".join(cells)


class Board:
    """Terrain-derived tables for one board; immutable and shared between states.

    Jump, flight and ground tables are built lazily, so a fresh random layout costs
    almost nothing until a power or the scoring needs them.
    """

    __slots__ = ("terrain", "separate_springs", "horse_all", "eagle_max", "lowland",
                 "blank", "kind", "caves", "horse_cache", "eagle_cache", "_grounds")

    def __init__(self, terrain: str, separate_springs: bool, horse_all: bool, eagle_max):
        self.terrain = terrain
        self.separate_springs = separate_springs
        self.horse_all = horse_all
        self.eagle_max = eagle_max
        self.lowland = tuple(map(("GHEB" if separate_springs else "GWHEB").__contains__, terrain))
        #: the cell values of an empty board: EMPTY on lowland, BLOCKED elsewhere
        self.blank = [EMPTY if low else BLOCKED for low in self.lowland]
        self.kind = tuple(map(KIND_OF_TERRAIN.get, terrain, (-1,) * N_CELLS))
        self.caves = tuple(i for i, t in enumerate(terrain) if t == "C")
        #: lazily filled tables: source cell -> reachable lowland cells
        self.horse_cache = {}
        self.eagle_cache = {}
        self._grounds = None

    def horse_from(self, i) -> tuple:
        """Lowland cells a horse reaches from source i (occupancy not considered)."""
        found = self.horse_cache.get(i)
        if found is None:
            low = self.lowland
            x = low + (False,)  # index N_CELLS: off the board
            if self.horse_all:
                found = tuple(t for t, a, b in JUMPS[i] if low[t] and x[a] and x[b])
            else:
                found = tuple(t for t, a, b in JUMPS[i] if low[t] and (x[a] or x[b]))
            self.horse_cache[i] = found
        return found

    def eagle_from(self, i) -> tuple:
        """Lowland cells an eagle reaches from source i (occupancy not considered)."""
        found = self.eagle_cache.get(i)
        if found is None:
            low, limit, out = self.lowland, self.eagle_max, []
            for ray in RAYS[i]:
                for crossed, cell in enumerate(ray):
                    if low[cell]:
                        if crossed and (limit is None or crossed <= limit):
                            out.append(cell)
                        break
            found = self.eagle_cache[i] = tuple(out)
        return found

    @property
    def grounds(self) -> tuple:
        """Hunting grounds as ``(cells, fields, springs)``, in the spec's G1, G2 ... order."""
        if self._grounds is None:
            self._grounds = _hunting_grounds(self.terrain, self.separate_springs)
        return self._grounds


def _hunting_grounds(terrain, separate_springs):
    meadow = "G" if separate_springs else "GW"
    todo = [t in meadow for t in terrain]
    grounds = []
    for start in range(N_CELLS):
        if not todo[start]:
            continue
        todo[start] = False
        stack, cells = [start], []
        while stack:
            cell = stack.pop()
            cells.append(cell)
            for n in NEIGHBOURS[cell]:
                if todo[n]:
                    todo[n] = False
                    stack.append(n)
        if separate_springs:
            springs = len({n for c in cells for n in NEIGHBOURS[c] if terrain[n] == "W"})
        else:
            springs = sum(terrain[c] == "W" for c in cells)
        cells.sort()
        grounds.append((tuple(cells), len(cells), springs))
    grounds.sort(key=lambda g: (-(g[1] + g[2]), -g[1], CELLS[min(g[0], key=CELLS.__getitem__)]))
    return tuple(grounds)


@lru_cache(maxsize=256)
def board_for(terrain: str, separate_springs: bool, horse_all: bool, eagle_max) -> Board:
    """The shared :class:`Board` of a terrain and the options that shape its tables.

    Bounded by entries, which bounds the bytes: every board has the same 133 cells, so
    an entry's size is fixed (measuring each new board would cost more than building it)."""
    return Board(terrain, separate_springs, horse_all, eagle_max)
