"""Feature values (spec §4.3, §4.4, §6.3, §6.4) and majorities (§4.5)."""

from __future__ import annotations

from .board import HUT, MEMBER
from .tileset import LAKE, RIVER


def majority(counts: dict[int, int]) -> list[int]:
    """Seats with the highest count >= 1 (all of them on a tie), sorted."""
    best = max(counts.values(), default=0)
    return sorted(seat for seat, n in counts.items() if n == best and best >= 1)


def members_on(board, root: int) -> dict[int, int]:
    """Tribe members per seat on the forest, river or meadow with this root."""
    counts: dict[int, int] = {}
    for g, seat, piece in board.pieces:
        if piece == MEMBER and board.find(g) == root:
            counts[seat] = counts.get(seat, 0) + 1
    return counts


def forest(board, root: int, options: dict) -> tuple[int, dict]:
    """``2 x segments (or tiles) + 2 x mushroom patches``; gold is reported, not scored."""
    zones = board.members(root)
    tiles = len({board.ztile[g] for g in zones})
    mushrooms = sum(board.zone[g].mushrooms for g in zones)
    gold = sum(board.zone[g].gold for g in zones)
    unit = len(zones) if options["forestUnit"] == "segment" else tiles
    return 2 * unit + 2 * mushrooms, {"segments": len(zones), "tiles": tiles,
                                      "mushrooms": mushrooms, "gold": gold}


def river(board, root: int, options: dict) -> tuple[int, dict]:
    """``U + FL + FR``: tiles (or segments), fish of the terminating lakes, river fish."""
    zones = board.members(root)
    tiles = len({board.ztile[g] for g in zones})
    ends = [board.lake_of(g) for g in zones if board.zone[g].lake >= 0]
    lakes = ends if options["lakeFishPerRiver"] == "perEnd" else sorted(set(ends))
    lake_fish = sum(board.zone[g].fish for g in lakes)
    river_fish = sum(board.zone[g].fish for g in zones) if options["riverFish"] == "count" else 0
    unit = tiles if options["riverUnit"] == "tile" else len(zones)
    return unit + lake_fish + river_fish, {"segments": len(zones), "tiles": tiles,
                                           "lake_fish": lake_fish, "river_fish": river_fish}


def meadow(board, root: int) -> tuple[int, dict]:
    """``2 x (mammoths + aurochs + max(0, deer - tigers))``; fire scares away every tiger."""
    zones = [board.zone[g] for g in board.members(root)]
    animals = {key: sum(getattr(z, key) for z in zones) for key in ("deer", "mammoth", "aurochs", "tiger")}
    fire = any(z.fire for z in zones)
    tigers = 0 if fire else animals["tiger"]
    value = 2 * (animals["mammoth"] + animals["aurochs"] + max(0, animals["deer"] - tigers))
    return value, {**animals, "fire": fire}


def meadow_scorers(board, root: int) -> list[int]:
    """Majority of hunters; a hunter on a shrine zone excludes everyone else (§6.4)."""
    hunters = [(g, seat) for g, seat, piece in board.pieces
               if piece == MEMBER and board.find(g) == root]
    shrine = [(g, seat) for g, seat in hunters if board.zone[g].shrine]
    counts: dict[int, int] = {}
    for _, seat in shrine or hunters:
        counts[seat] = counts.get(seat, 0) + 1
    return majority(counts)


def river_systems(board, options: dict) -> dict[int, dict]:
    """Per river-system root holding a hut: the huts per seat and the fish (§6.3)."""
    systems: dict[int, dict] = {}
    for g, seat, piece in board.pieces:
        if piece == HUT:
            system = systems.setdefault(board.find2(g), {"huts": {}, "lakes": [], "river_fish": 0,
                                                                  "zones": []})
            system["huts"][seat] = system["huts"].get(seat, 0) + 1
    if not systems:
        return systems
    count_river = options["riverFish"] == "count"
    for g, zone in enumerate(board.zone):
        if zone.type in (RIVER, LAKE):
            system = systems.get(board.find2(g))
            if system is None:
                continue
            system["zones"].append(g)
            if zone.type == LAKE:
                system["lakes"].append(zone.fish)
            elif count_river:
                system["river_fish"] += zone.fish
    for system in systems.values():
        if options["hutValue"] == "allFish":
            system["value"] = sum(system["lakes"]) + system["river_fish"]
        else:
            system["value"] = max(system["lakes"], default=0)
    return systems
