"""A standalone SVG picture of a Hunters & Gatherers view (drawn from the view JSON only).

Tiles are drawn from the tile data in ``view["tiles"]``: meadow background, forests as
dark green wedges on their sides, rivers as blue lines to the centre, lakes with their
fish, animals and specials as short labels. Pieces sit at their zone's anchor point.
Highlights: tile positions (``place_tile``) and zones of the tile just placed
(``place_piece``).
"""

from __future__ import annotations

from engine import svg
from engine.i18n import DEFAULT, N_, translate
from engine.texts import seat_name

from .components import side_zones

TILE_SIZE = 64
MARGIN = 16
PANEL = 220
CORNERS = ((0, 0), (1, 0), (1, 1), (0, 1))  # clockwise; edge d runs from corner d to d + 1
MEADOW_COLOUR, FOREST_COLOUR, RIVER_COLOUR, LAKE_COLOUR = "#c9e4a6", "#3f7a3a", "#3a78c8", "#5b9be0"
ANIMALS = (("deer", "D"), ("mammoth", "M"), ("aurochs", "A"), ("tiger", "T"))
ROLE_MARK = {"gatherer": "G", "fisherman": "F", "hunter": "H"}


def _edge_point(d: int, t: float, inset: float) -> tuple[float, float]:
    """A point at fraction ``t`` along edge d (clockwise), moved ``inset`` towards the centre."""
    (ax, ay), (bx, by) = CORNERS[d], CORNERS[(d + 1) % 4]
    px, py = ax + t * (bx - ax), ay + t * (by - ay)
    return px + inset * (0.5 - px), py + inset * (0.5 - py)


def anchors(data: dict, rotation: int) -> dict[int, tuple[float, float]]:
    """Zone id -> anchor point in tile units (0..1) for a tile turned ``rotation`` degrees."""
    turns, points = rotation // 90, {}
    for d in range(4):
        parts = side_zones(data["sides"][(d - turns) % 4])
        for i, zid in enumerate(parts):
            t = 0.5 if len(parts) == 1 else (0.2, 0.5, 0.8)[i]
            points.setdefault(zid, []).append(_edge_point(d, t, 0.38 if len(parts) == 1 else 0.3))
    out = {zid: (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
           for zid, pts in points.items()}
    for zone in data["zones"]:
        if zone["type"] == "lake":
            out[zone["id"]] = (0.5, 0.5)
    return out


def tile(data: dict, rotation: int, x0: float, y0: float, size: float = TILE_SIZE) -> str:
    """One tile at pixel (x0, y0)."""
    turns = rotation // 90
    at = anchors(data, rotation)

    def px(point):
        return x0 + point[0] * size, y0 + point[1] * size

    out = [svg.rect(x0, y0, size, size, fill=MEADOW_COLOUR, stroke="#8a9a70")]
    for d in range(4):
        side = data["sides"][(d - turns) % 4]
        if side["type"] == "F":
            a, b = CORNERS[d], CORNERS[(d + 1) % 4]
            quad = [a, b, _edge_point(d, 0.85, 0.45), _edge_point(d, 0.15, 0.45)]
            out.append(svg.polygon([px(p) for p in quad], fill=FOREST_COLOUR))
    for d in range(4):
        side = data["sides"][(d - turns) % 4]
        if side["type"] == "R":
            (ax, ay), (bx, by) = px(_edge_point(d, 0.5, 0)), px((0.5, 0.5))
            out.append(svg.line(ax, ay, bx, by, stroke=RIVER_COLOUR, stroke_width=6, stroke_linecap="round"))
    for zone in data["zones"]:
        cx, cy = px(at[zone["id"]])
        if zone["type"] == "lake":
            out.append(svg.circle(cx, cy, size * 0.17, fill=LAKE_COLOUR, stroke=RIVER_COLOUR))
            out.append(svg.text(cx, cy + 4, f"{zone['fish']}", size=10, anchor="middle", fill="#ffffff"))
        elif zone["type"] == "river" and (zone.get("spring") or zone.get("fish")):
            mark = "spring" if zone.get("spring") else f"{zone['fish']} fish"
            out.append(svg.el("circle", svg.title(mark), cx=cx, cy=cy, r=3, fill="#ffffff", stroke=RIVER_COLOUR))
        elif zone["type"] == "forest" and (zone.get("gold") or zone.get("mushrooms")):
            out.append(svg.circle(cx, cy, 4, fill="#f2c230" if zone.get("gold") else "#8b5a2b", stroke="#333333"))
        elif zone["type"] == "meadow":
            label = " ".join(f"{zone[k]}{m}" for k, m in ANIMALS if zone.get(k))
            label += "".join(f" {k}" for k in ("fire", "shrine") if zone.get(k))
            if label:
                out.append(svg.text(cx, cy + 3, label.strip(), size=8, anchor="middle", fill="#5a3a12"))
    return svg.group(out)


def piece(mark: dict, x0: float, y0: float, point) -> str:
    cx, cy = x0 + point[0] * TILE_SIZE, y0 + point[1] * TILE_SIZE
    colour = svg.seat_color(mark["seat"])
    tip = svg.title(f"seat {mark['seat']}: {mark['role'] or 'hut'}")
    if mark["piece"] == "hut":
        shape = svg.polygon([(cx - 7, cy + 6), (cx + 7, cy + 6), (cx + 7, cy - 1), (cx, cy - 8), (cx - 7, cy - 1)],
                            fill=colour, stroke="#111111")
        letter = "h"
    else:
        shape = svg.circle(cx, cy, 8, fill=colour, stroke="#111111")
        letter = ROLE_MARK[mark["role"]]
    return svg.group([shape, svg.text(cx, cy + 4, letter, size=9, anchor="middle", weight="bold",
                                      fill="#ffffff"), tip], class_="piece")


def render(view: dict, highlight: list[dict] | None = None, lang: str = DEFAULT) -> str:
    moves = list(highlight or [])
    spots = [(b["x"], b["y"]) for b in view["board"]]
    spots += [(m["x"], m["y"]) for m in moves if m.get("type") == "place_tile"]
    min_x, min_y = min(x for x, _ in spots), min(y for _, y in spots)
    cols, rows = max(x for x, _ in spots) - min_x + 1, max(y for _, y in spots) - min_y + 1

    def origin(x, y):
        return MARGIN + (x - min_x) * TILE_SIZE, MARGIN + (y - min_y) * TILE_SIZE

    board_w, board_h = cols * TILE_SIZE + 2 * MARGIN, rows * TILE_SIZE + 2 * MARGIN
    parts, placed = [], {}
    for b in view["board"]:
        x0, y0 = origin(b["x"], b["y"])
        placed[(b["x"], b["y"])] = b
        parts.append(svg.group([tile(view["tiles"][b["tile"]], b["rotation"], x0, y0),
                                svg.title(f"{b['tile']} at ({b['x']}, {b['y']}) rotated {b['rotation']}°")],
                               class_="tile"))
    for mark in view["pieces"]:
        b = placed[(mark["x"], mark["y"])]
        point = anchors(view["tiles"][b["tile"]], b["rotation"])[mark["zone"]]
        parts.append(piece(mark, *origin(mark["x"], mark["y"]), point))
    for (x, y), indices in svg.group_targets(moves, lambda m: (m["x"], m["y"]) if m["type"] == "place_tile"
                                             else None).items():
        rotations = ", ".join(f"{moves[i]['rotation']}°" for i in indices)
        parts.append(svg.hl_rect(*origin(x, y), TILE_SIZE, TILE_SIZE, indices,
                                 tip=f"place at ({x}, {y}): {rotations}"))
    last = view.get("last_placed")
    if last:
        b = placed[(last["x"], last["y"])]
        at = anchors(view["tiles"][b["tile"]], b["rotation"])
        x0, y0 = origin(last["x"], last["y"])
        parts.append(svg.rect(x0, y0, TILE_SIZE, TILE_SIZE, fill="none", stroke="#222222", stroke_width=3,
                              class_="last"))
        for zid, indices in svg.group_targets(moves, lambda m: m["zone"] if m["type"] == "place_piece"
                                              else None).items():
            tip = " or ".join(moves[i]["piece"] for i in indices) + f" on zone {zid}"
            parts.append(svg.hl_ring(x0 + at[zid][0] * TILE_SIZE, y0 + at[zid][1] * TILE_SIZE, 10, indices,
                                     tip=tip))
    parts.append(_panel(view, board_w, moves, lang))
    height = max(board_h, 470)
    return svg.document(board_w + PANEL, height, parts, doc_title="Carcassonne – Hunters & Gatherers",
                        desc=f"{len(view['board'])} tiles placed")


def _panel(view: dict, x: float, moves: list[dict], lang: str) -> str:
    """Whose turn, the drawn tile, piles and supplies, scores and a legend (in ``lang``)."""
    seat = view["to_move"][0] if view["to_move"] else None
    status = {"tile": N_("{seat} places a tile"), "piece": N_("{seat} may place a piece")}.get(view["phase"])
    if view["phase"] == "over":
        headline = translate(lang, N_("Game over"))
    elif seat is not None and status:
        headline = translate(lang, status, seat=seat_name(seat, lang))
    else:
        headline = translate(lang, N_("Drawing"))
    out = [svg.text(x, 28, headline, size=14, weight="bold", fill=svg.seat_color(seat), class_="turn")]
    y = 44
    if view["drawn_tile"]:
        out.append(svg.text(x, y + 10, translate(lang, N_("Drawn: {tile} ({pile})"), tile=view["drawn_tile"],
                                                 pile=view["drawn_from"]), size=11))
        out.append(tile(view["tiles"][view["drawn_tile"]], 0, x, y + 18, 48))
        y += 74
    piles = view["piles"]
    out.append(svg.text(x, y + 10, translate(lang, N_("Left: {land} land, {bonus} bonus; removed {removed}"),
                                             land=piles["land"], bonus=piles["bonus"], removed=len(view["removed"])),
                        size=10))
    rows = [{"seat": s["seat"], "name": f"{svg.seat_label(s['seat'])} ({view['supply'][s['seat']]['members']}m "
                                       f"{view['supply'][s['seat']]['huts']}h)",
             "total": s["total"], "to_move": s["seat"] == seat} for s in view["scores"]]
    out.append(svg.score_box(x, y + 20, rows, width=PANEL - 16, lang=lang))
    y += 30 + svg.score_box_height(rows)
    items = [(N_("forest"), FOREST_COLOUR), (N_("meadow"), MEADOW_COLOUR), (N_("river / lake (fish)"), LAKE_COLOUR),
             (N_("gold nugget"), "#f2c230"), (N_("mushrooms"), "#8b5a2b"),
             (N_("D deer, M mammoth"), "#ffffff"), (N_("A aurochs, T tiger"), "#ffffff"),
             (N_("G gatherer, F fisherman"), "#888888"), (N_("H hunter, h fishing hut"), "#888888")]
    if moves:
        items.append((translate(lang, N_("{count} legal moves"), count=len(moves)), svg.HIGHLIGHT))
    out.append(svg.legend(x, y, items, width=PANEL - 16, lang=lang))
    return svg.group(out, class_="panel")
