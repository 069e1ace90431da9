"""The layout: placed tiles, the frontier of free positions, the pieces and the feature graph.

Every placed zone gets a board index (consecutive per tile). Two union-find structures
join them incrementally (spec §7.5):

* features: forests, meadows and rivers (zone types never mix). Per root it tracks the
  open side parts (``open_sides``: 0 = complete), the zone count and the tribe members
  on it; ``next_zone`` is a circular list of each feature's zones.
* river systems: river zones and their lakes; per root the fishing huts on it.

All per-zone data lives in flat lists, so a copy is a handful of list copies.
"""

from __future__ import annotations

from .components import FOREST, LAKE, MEADOW, RIVER

#: neighbour offsets by direction N, E, S, W (y grows to the south)
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: piece codes, and their names in moves, events and the stored state
MEMBER, HUT = 0, 1
PIECE_NAMES = {MEMBER: "member", HUT: "hut"}
PIECE_CODES = {name: code for code, name in PIECE_NAMES.items()}
#: a tribe member's role by the type of its zone
ROLES = {FOREST: "gatherer", RIVER: "fisherman", MEADOW: "hunter", LAKE: "fisherman"}


class Board:
    """Placed tiles, their pieces and their feature graph."""

    __slots__ = ("placements", "placed_at", "frontier", "first_zone", "zones", "zone_placement",
                 "feature_parent", "next_zone", "feature_size", "open_sides", "member_count", "system_parent",
                 "hut_count", "pieces")

    def __init__(self):
        self.placements: list[tuple] = []         # (x, y, Tile, quarter turns) in placement order
        self.placed_at: dict[tuple, int] = {}     # (x, y) -> placement index
        self.frontier: dict[tuple, int] = {}      # free neighbour -> 2 bits per side type it must match
        self.first_zone: list[int] = []           # placement index -> board index of its first zone
        self.zones: list = []                     # board index -> Zone
        self.zone_placement: list[int] = []       # board index -> placement index
        self.feature_parent: list[int] = []
        self.next_zone: list[int] = []
        self.feature_size: list[int] = []
        self.open_sides: list[int] = []
        self.member_count: list[int] = []
        self.system_parent: list[int] = []
        self.hut_count: list[int] = []
        self.pieces: list[tuple] = []             # (board index, seat, MEMBER | HUT)

    def copy(self) -> "Board":
        new = Board.__new__(Board)
        new.placements = self.placements[:]
        new.placed_at = self.placed_at.copy()
        new.frontier = self.frontier.copy()
        new.first_zone = self.first_zone[:]
        new.zones = self.zones[:]
        new.zone_placement = self.zone_placement[:]
        new.feature_parent = self.feature_parent[:]
        new.next_zone = self.next_zone[:]
        new.feature_size = self.feature_size[:]
        new.open_sides = self.open_sides[:]
        new.member_count = self.member_count[:]
        new.system_parent = self.system_parent[:]
        new.hut_count = self.hut_count[:]
        new.pieces = self.pieces[:]
        return new

    # -- union-find ------------------------------------------------------------
    def feature_root(self, zone: int) -> int:
        parent = self.feature_parent
        while parent[zone] != zone:
            parent[zone] = zone = parent[parent[zone]]
        return zone

    def system_root(self, zone: int) -> int:
        parent = self.system_parent
        while parent[zone] != zone:
            parent[zone] = zone = parent[parent[zone]]
        return zone

    def _join_features(self, a: int, b: int) -> None:
        a, b = self.feature_root(a), self.feature_root(b)
        if a == b:
            return
        size = self.feature_size
        if size[a] < size[b]:
            a, b = b, a
        self.feature_parent[b] = a
        size[a] += size[b]
        self.open_sides[a] += self.open_sides[b]
        self.member_count[a] += self.member_count[b]
        following = self.next_zone
        following[a], following[b] = following[b], following[a]

    def _join_systems(self, a: int, b: int) -> None:
        a, b = self.system_root(a), self.system_root(b)
        if a != b:
            self.system_parent[b] = a
            self.hut_count[a] += self.hut_count[b]

    def feature_zones(self, zone: int) -> list[int]:
        """All zones of the feature (forest, meadow or river) that holds ``zone``."""
        out, following, other = [zone], self.next_zone, self.next_zone[zone]
        while other != zone:
            out.append(other)
            other = following[other]
        return out

    # -- placement -------------------------------------------------------------
    def fits_anywhere(self, tile) -> bool:
        table = tile.fit_table
        return any(table[pattern] for pattern in set(self.frontier.values()))

    def fits(self, tile, x: int, y: int, rotation: int) -> bool:
        pattern = self.frontier.get((x, y))
        return pattern is not None and rotation in tile.fit_table[pattern]

    def place(self, tile, x: int, y: int, rotation: int) -> int:
        """Put a tile (legality is the caller's job) and join its zones; returns its placement index."""
        p = len(self.placements)
        base = len(self.zones)
        self.placements.append((x, y, tile, rotation))
        self.placed_at[(x, y)] = p
        self.frontier.pop((x, y), None)
        self.first_zone.append(base)
        n = len(tile.zones)
        self.zones += tile.zones
        self.zone_placement += [p] * n
        new = list(range(base, base + n))
        self.feature_parent += new
        self.next_zone += new
        self.system_parent += new
        self.feature_size += [1] * n
        self.open_sides += [0] * n
        self.member_count += [0] * n
        self.hut_count += [0] * n
        faces, bits = tile.faces[rotation], tile.frontier_bits[rotation]
        placed_at, open_sides, frontier = self.placed_at, self.open_sides, self.frontier
        joins = []
        for d in range(4):
            dx, dy = STEPS[d]
            position = (x + dx, y + dy)
            q = placed_at.get(position)
            if q is None:
                for z in faces[d]:
                    open_sides[base + z] += 1
                frontier[position] = frontier.get(position, 0) | bits[d]
            else:
                joins.append((d, q))
        is_river, root = tile.is_river, self.feature_root
        for d, q in joins:
            _, _, other, other_rotation = self.placements[q]
            other_base = self.first_zone[q]
            for z, t in zip(faces[d], other.faces_reversed[other_rotation][(d + 2) % 4]):
                mine, theirs = base + z, other_base + t
                open_sides[root(theirs)] -= 1
                self._join_features(mine, theirs)
                if is_river[z]:
                    self._join_systems(mine, theirs)
        for river, lake in tile.river_lakes:
            self._join_systems(base + river, base + lake)
        return p

    def add_piece(self, zone: int, seat: int, piece: int) -> None:
        self.pieces.append((zone, seat, piece))
        if piece == HUT:
            self.hut_count[self.system_root(zone)] += 1
        else:
            self.member_count[self.feature_root(zone)] += 1

    def remove_members(self, zones: set[int]) -> list[tuple]:
        """Take every tribe member off the given zones; returns the removed pieces."""
        gone = [p for p in self.pieces if p[2] == MEMBER and p[0] in zones]
        if gone:
            self.pieces = [p for p in self.pieces if not (p[2] == MEMBER and p[0] in zones)]
            for zone, _, _ in gone:
                self.member_count[self.feature_root(zone)] -= 1
        return gone

    # -- queries ---------------------------------------------------------------
    def zone_at(self, x: int, y: int, zone_id: int) -> int:
        """The board index of zone ``zone_id`` of the tile at (x, y)."""
        p = self.placed_at[(x, y)]
        return self.first_zone[p] + self.placements[p][2].zone_index[zone_id]

    def last_tile_zone(self, zone_id: int) -> int:
        """The board index of zone ``zone_id`` of the tile placed last."""
        return self.first_zone[-1] + self.placements[-1][2].zone_index[zone_id]

    def completed_features(self, p: int) -> list[int]:
        """Roots of the forests and rivers through placement ``p`` that have no open side."""
        roots = []
        end = self.first_zone[p] + len(self.placements[p][2].zones)
        for zone in range(self.first_zone[p], end):
            if self.zones[zone].type in (FOREST, RIVER):
                root = self.feature_root(zone)
                if self.open_sides[root] == 0 and root not in roots:
                    roots.append(root)
        return roots

    def lake_of(self, zone: int) -> int:
        """Board index of the lake a river zone ends in, or -1."""
        lake = self.zones[zone].lake_index
        return -1 if lake < 0 else self.first_zone[self.zone_placement[zone]] + lake

    def where(self, zone: int) -> tuple[int, int, int]:
        """(x, y, zone id) of a board index."""
        x, y, _, _ = self.placements[self.zone_placement[zone]]
        return x, y, self.zones[zone].id
