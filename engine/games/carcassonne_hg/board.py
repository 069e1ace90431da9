"""The layout: placed tiles, the frontier of free positions and the feature graph.

Every placed zone gets a global index (consecutive per tile). Two union-find structures
join them incrementally (spec §7.5):

* ``parent`` joins forests, meadows and rivers (zone types never mix). Per root it
  tracks the open side parts (``opn``: 0 = complete), the zone count (``size``) and the
  tribe members on it (``occ``); ``nxt`` is a circular list of each set's members.
* ``parent2`` joins river zones and lakes into river systems; ``occ2`` counts huts.

All per-zone data lives in flat lists, so a copy is a handful of list copies.
"""

from __future__ import annotations

from .tileset import FOREST, RIVER

#: neighbour offsets by direction N, E, S, W (y grows to the south)
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: piece codes
MEMBER, HUT = 0, 1


class Board:
    """Placed tiles and their feature graph."""

    __slots__ = ("ts", "placements", "at", "frontier", "base", "zone", "ztile", "parent", "nxt",
                 "size", "opn", "occ", "parent2", "occ2", "pieces")

    def __init__(self, ts):
        self.ts = ts
        self.placements: list[tuple] = []    # (x, y, kind, rotation) in placement order
        self.at: dict[tuple, int] = {}       # (x, y) -> placement index
        self.frontier: dict[tuple, int] = {}  # free neighbour -> 2 bits per side type it must match
        self.base: list[int] = []            # placement -> global index of its first zone
        self.zone: list = []                 # global index -> Zone record
        self.ztile: list[int] = []           # global index -> placement index
        self.parent: list[int] = []
        self.nxt: list[int] = []
        self.size: list[int] = []
        self.opn: list[int] = []
        self.occ: list[int] = []
        self.parent2: list[int] = []
        self.occ2: list[int] = []
        self.pieces: list[tuple] = []        # (global zone, seat, MEMBER | HUT)

    def copy(self) -> "Board":
        new = Board.__new__(Board)
        new.ts = self.ts
        new.placements = self.placements[:]
        new.at = self.at.copy()
        new.frontier = self.frontier.copy()
        new.base = self.base[:]
        new.zone = self.zone[:]
        new.ztile = self.ztile[:]
        new.parent = self.parent[:]
        new.nxt = self.nxt[:]
        new.size = self.size[:]
        new.opn = self.opn[:]
        new.occ = self.occ[:]
        new.parent2 = self.parent2[:]
        new.occ2 = self.occ2[:]
        new.pieces = self.pieces[:]
        return new

    # -- union-find ------------------------------------------------------------
    def find(self, g: int) -> int:
        parent = self.parent
        while parent[g] != g:
            parent[g] = g = parent[parent[g]]
        return g

    def find2(self, g: int) -> int:
        parent = self.parent2
        while parent[g] != g:
            parent[g] = g = parent[parent[g]]
        return g

    def _union(self, a: int, b: int) -> None:
        a, b = self.find(a), self.find(b)
        if a == b:
            return
        size = self.size
        if size[a] < size[b]:
            a, b = b, a
        self.parent[b] = a
        size[a] += size[b]
        self.opn[a] += self.opn[b]
        self.occ[a] += self.occ[b]
        nxt = self.nxt
        nxt[a], nxt[b] = nxt[b], nxt[a]

    def _union2(self, a: int, b: int) -> None:
        a, b = self.find2(a), self.find2(b)
        if a != b:
            self.parent2[b] = a
            self.occ2[a] += self.occ2[b]

    def members(self, g: int) -> list[int]:
        """All zones of the feature (forest, meadow or river) that holds zone ``g``."""
        out, nxt, h = [g], self.nxt, self.nxt[g]
        while h != g:
            out.append(h)
            h = nxt[h]
        return out

    # -- placement -------------------------------------------------------------
    def placeable(self, kind) -> bool:
        table = kind.fits
        return any(table[p] for p in set(self.frontier.values()))

    def fits(self, kind, x: int, y: int, rotation: int) -> bool:
        pattern = self.frontier.get((x, y))
        return pattern is not None and rotation in kind.fits[pattern]

    def place(self, kind, x: int, y: int, rotation: int) -> int:
        """Put a tile (legality is the caller's job) and join its zones; returns its index."""
        p = len(self.placements)
        base = len(self.zone)
        self.placements.append((x, y, kind, rotation))
        self.at[(x, y)] = p
        self.frontier.pop((x, y), None)
        self.base.append(base)
        zones = kind.zones
        n = len(zones)
        self.zone += zones
        self.ztile += [p] * n
        new = list(range(base, base + n))
        self.parent += new
        self.nxt += new
        self.parent2 += new
        self.size += [1] * n
        self.opn += [0] * n
        self.occ += [0] * n
        self.occ2 += [0] * n
        faces, bits, at, opn, frontier = kind.faces[rotation], kind.bits[rotation], self.at, self.opn, self.frontier
        joins = []
        for d in range(4):
            dx, dy = STEPS[d]
            pos = (x + dx, y + dy)
            q = at.get(pos)
            if q is None:
                for z in faces[d]:
                    opn[base + z] += 1
                frontier[pos] = frontier.get(pos, 0) | bits[d]
            else:
                joins.append((d, q))
        river, find, union = kind.river, self.find, self._union
        for d, q in joins:
            _, _, other, orot = self.placements[q]
            obase = self.base[q]
            for z, t in zip(faces[d], other.back[orot][(d + 2) % 4]):
                mine, their = base + z, obase + t
                opn[find(their)] -= 1
                union(mine, their)
                if river[z]:
                    self._union2(mine, their)
        for z, lake in kind.lakes:
            self._union2(base + z, base + lake)
        return p

    def add_piece(self, g: int, seat: int, piece: int) -> None:
        self.pieces.append((g, seat, piece))
        if piece == HUT:
            self.occ2[self.find2(g)] += 1
        else:
            self.occ[self.find(g)] += 1

    def remove_members(self, zones: set[int]) -> list[tuple]:
        """Take every tribe member off the given zones; returns the removed pieces."""
        gone = [p for p in self.pieces if p[2] == MEMBER and p[0] in zones]
        if gone:
            self.pieces = [p for p in self.pieces if not (p[2] == MEMBER and p[0] in zones)]
            for g, _, _ in gone:
                self.occ[self.find(g)] -= 1
        return gone

    # -- queries ---------------------------------------------------------------
    def tile_zones(self, p: int) -> range:
        return range(self.base[p], self.base[p] + len(self.placements[p][2].zones))

    def completed(self, p: int) -> list[int]:
        """Roots of the forests and rivers through tile ``p`` that have no open side."""
        roots = []
        for g in self.tile_zones(p):
            if self.zone[g].type in (FOREST, RIVER):
                r = self.find(g)
                if self.opn[r] == 0 and r not in roots:
                    roots.append(r)
        return roots

    def lake_of(self, g: int) -> int:
        """Global index of the lake a river zone ends in, or -1."""
        lake = self.zone[g].lake
        return -1 if lake < 0 else self.base[self.ztile[g]] + lake

    def where(self, g: int) -> tuple[int, int, int]:
        """(x, y, zone id) of a global zone index."""
        x, y, _, _ = self.placements[self.ztile[g]]
        return x, y, self.zone[g].zid

