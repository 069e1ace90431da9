"""Scoring: feature values (spec §4.3, §4.4, §6.3, §6.4), majorities (§4.5), the scoring of
completed features (§2 T4-T5) and at the end (§6), and the score sheet."""

from __future__ import annotations

from .board import HUT, MEMBER
from .components import FOREST, LAKE, RIVER
from .state import CATEGORIES


# -- values and majorities -------------------------------------------------------------

def majority(counts: dict[int, int]) -> list[int]:
    """Seats with the highest count >= 1 (all of them on a tie), sorted."""
    best = max(counts.values(), default=0)
    return sorted(seat for seat, n in counts.items() if n == best and best >= 1)


def members_on(board, root: int) -> dict[int, int]:
    """Tribe members per seat on the forest, river or meadow with this root."""
    counts: dict[int, int] = {}
    for zone, seat, piece in board.pieces:
        if piece == MEMBER and board.feature_root(zone) == root:
            counts[seat] = counts.get(seat, 0) + 1
    return counts


def forest_value(board, root: int, options: dict) -> tuple[int, dict]:
    """``2 x segments (or tiles) + 2 x mushroom patches``; gold is reported, not scored."""
    zones = board.feature_zones(root)
    tiles = len({board.zone_placement[z] for z in zones})
    mushrooms = sum(board.zones[z].mushrooms for z in zones)
    gold = sum(board.zones[z].gold for z in zones)
    unit = len(zones) if options["forestUnit"] == "segment" else tiles
    return 2 * unit + 2 * mushrooms, {"segments": len(zones), "tiles": tiles, "mushrooms": mushrooms, "gold": gold}


def river_value(board, root: int, options: dict) -> tuple[int, dict]:
    """``U + FL + FR``: tiles (or segments), fish of the terminating lakes, river fish."""
    zones = board.feature_zones(root)
    tiles = len({board.zone_placement[z] for z in zones})
    ends = [board.lake_of(z) for z in zones if board.zones[z].lake_index >= 0]
    lakes = ends if options["lakeFishPerRiver"] == "perEnd" else sorted(set(ends))
    lake_fish = sum(board.zones[z].fish for z in lakes)
    river_fish = sum(board.zones[z].fish for z in zones) if options["riverFish"] == "count" else 0
    unit = tiles if options["riverUnit"] == "tile" else len(zones)
    return unit + lake_fish + river_fish, {"segments": len(zones), "tiles": tiles,
                                           "lake_fish": lake_fish, "river_fish": river_fish}


def meadow_value(board, root: int) -> tuple[int, dict]:
    """``2 x (mammoths + aurochs + max(0, deer - tigers))``; fire scares away every tiger."""
    zones = [board.zones[z] for z in board.feature_zones(root)]
    animals = {key: sum(getattr(z, key) for z in zones) for key in ("deer", "mammoth", "aurochs", "tiger")}
    fire = any(z.fire for z in zones)
    tigers = 0 if fire else animals["tiger"]
    value = 2 * (animals["mammoth"] + animals["aurochs"] + max(0, animals["deer"] - tigers))
    return value, {**animals, "fire": fire}


def meadow_scorers(board, root: int) -> list[int]:
    """Majority of hunters; a hunter on a shrine zone excludes everyone else (§6.4)."""
    hunters = [(zone, seat) for zone, seat, piece in board.pieces
               if piece == MEMBER and board.feature_root(zone) == root]
    shrine = [(zone, seat) for zone, seat in hunters if board.zones[zone].shrine]
    counts: dict[int, int] = {}
    for _, seat in shrine or hunters:
        counts[seat] = counts.get(seat, 0) + 1
    return majority(counts)


def river_systems(board, options: dict) -> dict[int, dict]:
    """Per river-system root holding a hut: the huts per seat, the fish and the value (§6.3)."""
    systems: dict[int, dict] = {}
    for zone, seat, piece in board.pieces:
        if piece == HUT:
            system = systems.setdefault(board.system_root(zone), {"huts": {}, "lakes": [], "river_fish": 0,
                                                                  "zones": []})
            system["huts"][seat] = system["huts"].get(seat, 0) + 1
    if not systems:
        return systems
    count_river = options["riverFish"] == "count"
    for index, zone in enumerate(board.zones):
        if zone.type in (RIVER, LAKE):
            system = systems.get(board.system_root(index))
            if system is None:
                continue
            system["zones"].append(index)
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


# -- awarding points -----------------------------------------------------------------------

def award(state, feature, category, points, info, scorers, how, zones) -> dict:
    """Add ``points`` in ``category`` to every scorer; the event that says so."""
    column = CATEGORIES.index(category)
    for seat in scorers:
        state.scores[seat][column] += points
    return {"type": "feature_scored", "feature": feature, "how": how, "points": points,
            "scorers": scorers, **info, "zones": sorted(list(state.board.where(z)) for z in zones)}


def score_feature(state, root: int, how: str) -> dict:
    """Score the forest or river with this root for the majority of its members."""
    board = state.board
    feature = "forest" if board.zones[root].type == FOREST else "river"
    value = forest_value if feature == "forest" else river_value
    points, info = value(board, root, state.options)
    return award(state, feature, feature, points, info, majority(members_on(board, root)), how,
                 board.feature_zones(root))


def return_members(state, zones, events) -> None:
    """Tribe members on ``zones`` go back to their supplies (§2 T5)."""
    returned = state.board.remove_members(zones)
    for _, seat, _ in returned:
        state.members[seat] += 1
    if returned:
        events.append({"type": "members_returned", "seats": [s for _, s, _ in returned]})


def score_completed(state, events) -> bool:
    """Score the forests and rivers the tile just placed completed, return their members.

    Returns whether one of the completed forests holds gold.
    """
    board = state.board
    gold, done = False, set()
    for root in board.completed_features(len(board.placements) - 1):
        event = score_feature(state, root, "completed")
        events.append(event)
        gold = gold or event.get("gold", 0) > 0
        done.update(board.feature_zones(root))
    return_members(state, done, events)
    return gold


def score_end(state, events) -> None:
    """§6: unfinished forests and rivers, members back, then huts and hunters."""
    board, options = state.board, state.options
    standing = [zone for zone, _, piece in board.pieces
                if piece == MEMBER and board.zones[zone].type in (FOREST, RIVER, LAKE)]
    if options["scoreIncompleteAtEnd"]:
        for root in sorted({board.feature_root(z) for z in standing if board.zones[z].type != LAKE}):
            events.append(score_feature(state, root, "unfinished"))
    return_members(state, set(standing), events)
    for _, system in sorted(river_systems(board, options).items()):
        info = {"lake_fish": sum(system["lakes"]), "river_fish": system["river_fish"]}
        events.append(award(state, "river system", "hut", system["value"], info,
                            majority(system["huts"]), "scored for huts", system["zones"]))
    for root in sorted({board.feature_root(zone) for zone, _, piece in board.pieces if piece == MEMBER}):
        points, info = meadow_value(board, root)
        events.append(award(state, "meadow", "meadow", points, info, meadow_scorers(board, root),
                            "scored for hunters", board.feature_zones(root)))


# -- the score sheet -------------------------------------------------------------------------

def score_sheet(state) -> dict:
    """Points per category so far (huts and meadows count only at the end); most points win."""
    scores = [{"seat": s, "total": sum(row), "breakdown": dict(zip(CATEGORIES, row))}
              for s, row in enumerate(state.scores)]
    best = max(entry["total"] for entry in scores)
    return {"scores": scores, "winners": [e["seat"] for e in scores if e["total"] == best]}
