"""A slow, independent recomputation of the layout from the state's JSON (spec §7.1):
side matching, feature components, open sides and legal placements."""

from __future__ import annotations

STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def parts(side) -> list[int]:
    return [side["left"], side["river"], side["right"]] if side["type"] == "R" else [side["zone"]]


def facing(tiles, tid, rotation, d):
    """The printed side of a tile with ``rotation`` (quarter turns) that faces direction d."""
    return tiles[tid]["sides"][(d - rotation) % 4]


def components(data: dict, tiles: dict) -> dict:
    """``{"features": {frozenset: open sides}, "systems": [frozenset]}`` from the JSON state."""
    board = {(x, y): (tid, r) for x, y, tid, r in data["board"]}
    types = {(x, y, z["id"]): z["type"] for (x, y), (tid, _) in board.items() for z in tiles[tid]["zones"]}
    links, water, opened = {n: set() for n in types}, {n: set() for n in types}, dict.fromkeys(types, 0)
    for (x, y), (tid, r) in board.items():
        for z in tiles[tid]["zones"]:
            if "lake" in z:
                water[(x, y, z["id"])].add((x, y, z["lake"]))
                water[(x, y, z["lake"])].add((x, y, z["id"]))
        for d, (dx, dy) in enumerate(STEPS):
            mine = facing(tiles, tid, r, d)
            other = board.get((x + dx, y + dy))
            if other is None:
                for zid in parts(mine):
                    opened[(x, y, zid)] += 1
                continue
            theirs = facing(tiles, other[0], other[1], (d + 2) % 4)
            assert mine["type"] == theirs["type"], f"mismatched edge at {(x, y)} facing {d}"
            for a, b in zip(parts(mine), reversed(parts(theirs))):
                na, nb = (x, y, a), (x + dx, y + dy, b)
                links[na].add(nb)
                if types[na] == "river":
                    water[na].add(nb)

    def flood(start, graph):
        seen, todo = {start}, [start]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return frozenset(seen)

    features, systems = {}, set()
    for node, kind in types.items():
        if kind != "lake" and not any(node in f for f in features):
            group = flood(node, links)
            features[group] = sum(opened[n] for n in group)
        if kind in ("river", "lake"):
            systems.add(flood(node, water))
    return {"features": features, "systems": systems}


def legal_placements(data: dict, tiles: dict, tid: str) -> list[tuple]:
    """Every (x, y, rotation in degrees) where ``tid`` touches the layout and matches every edge."""
    board = {(x, y): (t, r) for x, y, t, r in data["board"]}
    spots = {(x + dx, y + dy) for x, y in board for dx, dy in STEPS} - set(board)
    out = []
    for x, y in sorted(spots):
        for r in range(4):
            if all(facing(tiles, tid, r, d)["type"] == facing(tiles, *board[(x + dx, y + dy)], (d + 2) % 4)["type"]
                   for d, (dx, dy) in enumerate(STEPS) if (x + dx, y + dy) in board):
                out.append((x, y, r * 90))
    return out
