"""A standalone SVG picture of a Hunters & Gatherers view (drawn from the view JSON only).

The board: every placed tile drawn from its data in ``view["tiles"]`` (meadow, forests,
rivers with their lakes and springs, and the printed animals, fish, gold nuggets,
mushrooms, fire and shrine as small symbols), the tribe members (standing gatherers and
fishermen, lying hunters) and fishing huts in seat colours with the seat's number. Below
it: the drawn tile in each legal rotation, or the tile just placed, enlarged with its
piece targets and a "no piece" button; the tiles left, each seat's supply and score
by category; a legend of every symbol.

Targets: every legal position shows the drawn tile in each legal rotation (one target
per move); each rotation preview below the board carries that rotation's moves; each
zone of the tile just placed has a target per piece (tribe member, hut).
"""

from __future__ import annotations

from engine import svg
from engine.i18n import DEFAULT, N_, translate
from engine.texts import seat_name

from .board import ROLES
from .components import ZONE_CODES, ZONE_COUNTS, ZONE_KEYS, side_zones
from .state import CATEGORIES
from .texts import MOVES, PIECES

WIDTH = 780
BOARD_HEIGHT = 680
MAX_TILE = 84
CORNERS = ((0, 0), (1, 0), (1, 1), (0, 1))  # clockwise; edge d runs from corner d to d + 1
MEADOW, FOREST, FOREST_EDGE, RIVER, LAKE = "#cfe6a8", "#3f7a3a", "#2c5a29", "#3a78c8", "#6aa8e8"
INK = "#222222"
TITLE = N_("Carcassonne – Hunters & Gatherers")
#: the printed symbols: the zones' counts (gold, animals, fish, ...) and flags (fire, shrine), as in the tile data
FLAGS = sorted(ZONE_KEYS["meadow"][2])

# -- symbols, each drawn in a 20 x 20 box -----------------------------------------------------------


def _ellipse(cx, cy, rx, ry, fill):
    return svg.el("ellipse", cx=cx, cy=cy, rx=rx, ry=ry, fill=fill)


def _legs(*xs, top=14, colour=INK):
    return "".join(svg.line(x, top, x, 18.5, stroke=colour, stroke_width=1.6, stroke_linecap="round") for x in xs)


GLYPHS = {
    "deer": (_ellipse(10, 12, 5.5, 3, "#a0602a") + _legs(6, 13.5, colour="#6b3d17")
             + svg.line(14, 11, 16, 7.5, stroke="#a0602a", stroke_width=2)
             + svg.el("ellipse", cx=16.8, cy=6.6, rx=2.2, ry=1.5, fill="#a0602a")
             + svg.path("M16 5.5 L14.2 1.5 M15 3.3 L12.8 2.8 M17.4 5.4 L18.8 1.4 M18.2 3.2 L20 3",
                        stroke="#6b3d17", stroke_width=1.2, fill="none", stroke_linecap="round")),
    "mammoth": (_ellipse(11.5, 10.5, 7, 5.5, "#7a5230") + svg.circle(5, 8.5, 3.6, fill="#7a5230")
                + svg.path("M2.6 9.5 Q1 14 3 17.5", stroke="#7a5230", stroke_width=2.2, fill="none",
                           stroke_linecap="round")
                + svg.path("M5 11.5 Q6.5 15.5 10 15", stroke="#fff8e0", stroke_width=1.5, fill="none",
                           stroke_linecap="round")
                + svg.rect(7.8, 13.5, 2.6, 5, fill="#7a5230") + svg.rect(14.5, 13.5, 2.6, 5, fill="#7a5230")),
    "aurochs": (_ellipse(11, 11.5, 6.5, 4, "#3b2a20") + _legs(7, 15.5, colour="#3b2a20")
                + svg.circle(4.6, 9.8, 2.7, fill="#3b2a20")
                + svg.path("M3.2 8 Q1.2 4.5 3.5 3 M6 8 Q7.5 4.5 10 4.5", stroke="#e8dcc0", stroke_width=1.4,
                           fill="none", stroke_linecap="round")),
    "tiger": (_ellipse(10, 12, 6.5, 3.5, "#e8891a") + _legs(6, 14, colour="#6b3d17")
              + svg.circle(16.5, 9.5, 2.9, fill="#e8891a")
              + svg.polygon([(14.6, 7.6), (15.2, 5.4), (16.4, 6.9)], fill="#e8891a")
              + svg.path("M7 9 L7.6 12.5 M9.6 8.7 L10 12.5 M12.2 9 L12.4 12.5 M16 9.4 L17.6 10",
                         stroke=INK, stroke_width=1.1, fill="none")
              + svg.path("M3.6 11 Q1.2 8.5 2.2 5.5", stroke="#e8891a", stroke_width=1.6, fill="none",
                         stroke_linecap="round")),
    "fish": (svg.path("M2.5 10 Q8.5 3.8 14.5 10 Q8.5 16.2 2.5 10 Z", fill="#eef7ff", stroke="#1f4f8a",
                      stroke_width=1.2)
             + svg.polygon([(14, 10), (19, 6), (19, 14)], fill="#eef7ff", stroke="#1f4f8a", stroke_width=1.2)
             + svg.circle(5.8, 9.2, 0.9, fill="#1f4f8a")),
    "gold": (svg.polygon([(3, 13), (6, 6.5), (12.5, 4), (17.5, 8.5), (16, 15), (8.5, 16.5)], fill="#f2c230",
                         stroke="#8a6a00", stroke_width=1.3)
             + svg.path("M7.5 8.5 L11.5 6.8", stroke="#fff6c0", stroke_width=1.4, stroke_linecap="round")),
    "mushrooms": (svg.rect(8, 10.5, 4, 7, fill="#f0e0c0", stroke="#7a6040", stroke_width=0.8)
                  + svg.path("M2.5 11.5 Q10 0.5 17.5 11.5 Z", fill="#c0392b", stroke="#6b1a12", stroke_width=0.8)
                  + svg.circle(7.5, 8, 1.2, fill="#ffffff") + svg.circle(12, 6.5, 1.1, fill="#ffffff")),
    "fire": (svg.path("M10 1.5 Q16.5 7.5 14.8 13 Q13.5 17.8 10 18.5 Q4.2 17.5 4.6 12 Q5 9 7 7.2 Q7 10 9 10.5 "
                      "Q7.8 6 10 1.5 Z", fill="#e8501a", stroke="#8a2a08", stroke_width=0.8)
             + svg.path("M10 9.5 Q13 12.5 12 15.5 Q10 17.8 8 15.5 Q7.5 12.5 10 9.5 Z", fill="#ffd23a")),
    "shrine": (svg.rect(4, 9, 3.5, 9.5, fill="#9a9a9a", stroke="#444444", stroke_width=0.8)
               + svg.rect(12.5, 9, 3.5, 9.5, fill="#9a9a9a", stroke="#444444", stroke_width=0.8)
               + svg.rect(2, 5, 16, 4.2, rx=1, fill="#b0b0b0", stroke="#444444", stroke_width=0.8)),
    "spring": (svg.circle(10, 10, 7, fill="none", stroke=RIVER, stroke_width=1.6)
               + svg.circle(10, 10, 3.8, fill=LAKE, stroke="#ffffff", stroke_width=1.4)),
    "tree": (svg.rect(9, 13, 2, 5.5, fill="#5a3a12")
             + svg.polygon([(10, 1.5), (16, 14), (4, 14)], fill="#2c5a29", stroke="#183a16", stroke_width=0.8)),
}
MEEPLE = ("M10 1.5 A3.2 3.2 0 0 1 12 7.3 L18.2 9.6 C19.5 10.2 19.3 12 17.9 12.2 L14.4 12.5 L17.6 18.8 L12.4 18.8 "
          "L10 15 L7.6 18.8 L2.4 18.8 L5.6 12.5 L2.1 12.2 C0.7 12 0.5 10.2 1.8 9.6 L8 7.3 A3.2 3.2 0 0 1 10 1.5 Z")
HUT = "M1.5 10 L10 2.5 L18.5 10 L16 10 L16 18.5 L4 18.5 L4 10 Z"

#: legend entries: symbol -> what it is and does (the rules' names)
MEANINGS = {
    "deer": N_("deer: 2 points for the meadow's hunters (a tiger eats one)"),
    "mammoth": N_("mammoth: 2 points for the meadow's hunters"),
    "aurochs": N_("aurochs (bonus tile): 2 points for hunters"),
    "tiger": N_("sabre-tooth tiger: eats one deer of its meadow"),
    "fish": N_("fish: 1 point for fishermen or fishing huts"),
    "gold": N_("gold nugget: completing its forest earns a bonus tile"),
    "mushrooms": N_("mushrooms (bonus tile): +2 for a completed forest"),
    "fire": N_("fire (bonus tile): tigers of its meadow eat no deer"),
    "shrine": N_("shrine (bonus tile): its hunter alone scores the meadow"),
    "spring": N_("spring: a river ends here"),
}
TERRAIN = ((N_("forest: its gatherers score 2 per piece when complete"), FOREST),
           (N_("meadow: its hunters score its animals at the end"), MEADOW),
           (N_("river: its fishermen score tiles + fish when complete"), RIVER),
           (N_("lake: a river ends here; its fish count"), LAKE))
CATEGORY_NAMES = {"forest": N_("Forest"), "river": N_("River"), "hut": N_("Huts"), "meadow": N_("Meadow")}


def glyph(name: str, cx: float, cy: float, size: float) -> str:
    """A symbol of ``size`` centred at (cx, cy)."""
    scale = svg.num(size / 20)
    return svg.group(GLYPHS[name], transform=f"translate({svg.num(cx - size / 2)},{svg.num(cy - size / 2)}) "
                                             f"scale({scale})", class_="symbol", data_symbol=name)


def _shape(d: str, cx: float, cy: float, size: float, rotate: int = 0, **attrs) -> str:
    scale = svg.num(size / 20)
    turn = f" rotate({rotate} 10 10)" if rotate else ""
    return svg.path(d, transform=f"translate({svg.num(cx - size / 2)},{svg.num(cy - size / 2)}) scale({scale}){turn}",
                    **attrs)


# -- tile geometry (tile units 0..1) ------------------------------------------------------------------

def _edge_point(d: int, t: float, inset: float) -> tuple[float, float]:
    """A point at fraction ``t`` along edge d (clockwise), moved ``inset`` towards the centre."""
    (ax, ay), (bx, by) = CORNERS[d], CORNERS[(d + 1) % 4]
    px, py = ax + t * (bx - ax), ay + t * (by - ay)
    return px + inset * (0.5 - px), py + inset * (0.5 - py)


def _sides_of(data: dict, rotation: int) -> dict[int, list[tuple[int, float]]]:
    """Zone id -> [(direction, fraction along the edge)] for the tile turned ``rotation`` degrees."""
    turns, out = rotation // 90, {}
    for d in range(4):
        parts = side_zones(data["sides"][(d - turns) % 4])
        for i, zid in enumerate(parts):
            out.setdefault(zid, []).append((d, 0.5 if len(parts) == 1 else (0.2, 0.5, 0.8)[i]))
    return out


def _lakes(data: dict, sides: dict) -> dict[int, tuple[float, float]]:
    """Lake id -> its centre: the tile's centre, or towards its rivers when a tile has several lakes."""
    lakes = [z["id"] for z in data["zones"] if z["type"] == "lake"]
    out = {}
    for lake in lakes:
        if len(lakes) == 1:
            out[lake] = (0.5, 0.5)
            continue
        ends = [_edge_point(d, t, 0) for z in data["zones"] if z.get("lake") == lake for d, t in sides[z["id"]]]
        mx, my = sum(p[0] for p in ends) / len(ends), sum(p[1] for p in ends) / len(ends)
        out[lake] = (0.5 + 0.45 * (mx - 0.5), 0.5 + 0.45 * (my - 0.5))
    return out


def anchors(data: dict, rotation: int) -> dict[int, tuple[float, float]]:
    """Zone id -> the point (tile units) where its symbols and pieces go."""
    sides = _sides_of(data, rotation)
    out = {}
    for zid, where in sides.items():
        inset = 0.36 if len(where) == 1 and where[0][1] == 0.5 else 0.3
        points = [_edge_point(d, t, inset) for d, t in where]
        out[zid] = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
    lakes = _lakes(data, sides)
    for zone in data["zones"]:
        if zone["type"] == "lake":
            out[zone["id"]] = lakes[zone["id"]]
        elif zone["type"] == "river" and len(sides[zone["id"]]) == 1:   # towards its lake or spring
            (d, t), end = sides[zone["id"]][0], lakes.get(zone.get("lake"), (0.5, 0.5))
            edge = _edge_point(d, t, 0)
            out[zone["id"]] = ((edge[0] + end[0]) / 2, (edge[1] + end[1]) / 2)
    return out


def _forest_shape(directions: list[int]) -> list[tuple[float, float]]:
    """The outline of a forest zone lying on these sides."""
    ds = sorted(directions)
    if len(ds) == 4:
        return list(CORNERS)
    if len(ds) == 1:
        d = ds[0]
        return [_edge_point(d, 0.04, 0), _edge_point(d, 0.96, 0), _edge_point(d, 0.8, 0.56), _edge_point(d, 0.2, 0.56)]
    if len(ds) == 3:
        m = next(d for d in range(4) if d not in ds)
        return [CORNERS[(m + 1) % 4], CORNERS[(m + 2) % 4], CORNERS[(m + 3) % 4], CORNERS[m],
                _edge_point(m, 0.2, 0.6), _edge_point(m, 0.8, 0.6)]
    a, b = ds
    if (b - a) % 2:   # two neighbouring sides: the corner between them
        first = a if (a + 1) % 4 == b else b
        corner = CORNERS[(first + 1) % 4]
        return [CORNERS[first], corner, CORNERS[(first + 2) % 4],
                (0.5 + 0.2 * (corner[0] - 0.5), 0.5 + 0.2 * (corner[1] - 0.5))]
    return [CORNERS[a], CORNERS[a + 1], _edge_point(a + 1, 0.3, 0.5), _edge_point(a + 1, 0.7, 0.5),
            CORNERS[b], CORNERS[(b + 1) % 4], _edge_point((b + 1) % 4, 0.3, 0.5), _edge_point((b + 1) % 4, 0.7, 0.5)]


def _cluster(items: list[tuple[str, int]], cx: float, cy: float, size: float) -> list[str]:
    """Symbols with their counts around a point: a count up to 2 as repeated symbols, more as ``×n``."""
    cells: list[tuple[str, int]] = []
    for name, count in items:
        cells += [(name, 1)] * count if count <= 2 else [(name, count)]
    per_row = 2 if len(cells) > 1 else 1
    rows = [cells[i:i + per_row] for i in range(0, len(cells), per_row)]
    out = []
    for r, row in enumerate(rows):
        y = cy + (r - (len(rows) - 1) / 2) * size
        widths = [size * (1.9 if count > 1 else 1) for _, count in row]
        x = cx - sum(widths) / 2
        for (name, count), w in zip(row, widths):
            out.append(glyph(name, x + size / 2, y, size))
            if count > 1:
                out.append(svg.text(x + size + 1, y + 4, f"×{count}", size=11, weight="bold", fill="#ffffff",
                                    stroke=INK, stroke_width=2.5, paint_order="stroke"))
            x += w
    return out


def tile(data: dict, rotation: int, x0: float, y0: float, size: float) -> str:
    """One tile at pixel (x0, y0), turned ``rotation`` degrees clockwise."""
    sides, at = _sides_of(data, rotation), anchors(data, rotation)
    lakes = _lakes(data, sides)

    def px(point):
        return x0 + point[0] * size, y0 + point[1] * size

    out = [svg.rect(x0, y0, size, size, fill=MEADOW, stroke="#8a9a70", stroke_width=1)]
    symbols = []
    for zone in data["zones"]:
        zid, kind = zone["id"], zone["type"]
        if kind == "forest":
            out.append(svg.polygon([px(p) for p in _forest_shape([d for d, _ in sides[zid]])], fill=FOREST,
                                   stroke=FOREST_EDGE, stroke_width=1))
        elif kind == "river":
            ends = [px(_edge_point(d, t, 0)) for d, t in sides[zid]]
            if len(ends) == 2:
                (ax, ay), (bx, by) = ends
                d = f"M{svg.num(ax)} {svg.num(ay)} Q{svg.num(x0 + size / 2)} {svg.num(y0 + size / 2)} " \
                    f"{svg.num(bx)} {svg.num(by)}"
            else:
                (ax, ay), (bx, by) = ends[0], px(lakes.get(zone.get("lake"), (0.5, 0.5)))
                d = f"M{svg.num(ax)} {svg.num(ay)} L{svg.num(bx)} {svg.num(by)}"
            out.append(svg.path(d, fill="none", stroke=RIVER, stroke_width=svg.num(max(3, size * 0.1)),
                                stroke_linecap="round"))
            if zone.get("spring"):
                symbols.append(glyph("spring", *px((0.5, 0.5)), size * 0.26))
    for zone in data["zones"]:
        if zone["type"] == "lake":
            cx, cy = px(lakes[zone["id"]])
            out.append(svg.el("ellipse", cx=svg.num(cx), cy=svg.num(cy), rx=svg.num(size * 0.22),
                              ry=svg.num(size * 0.19), fill=LAKE, stroke=RIVER, stroke_width=1.5))
    if size >= 24:
        for zone in data["zones"]:
            items = [(name, zone.get(name, 0)) for name in ZONE_COUNTS]
            items += [(name, 1) for name in FLAGS if zone.get(name)]
            items = [(name, count) for name, count in items if count]
            if zone["type"] == "forest" and not items:
                items = [("tree", 1)]
            if items:
                symbols += _cluster(items, *px(at[zone["id"]]), size * 0.24)
    return svg.group(out + symbols)


# -- pieces -------------------------------------------------------------------------------------------

def piece(seat: int, kind: str, cx: float, cy: float, size: float, extra: str = "", cls: str = "icon") -> str:
    """A tribe member (``gatherer``, ``fisherman``; a ``hunter`` lies down) or a ``hut`` in the seat's colour,
    with the seat's number (``cls``: ``piece`` for one on the board)."""
    colour = svg.seat_color(seat)
    shape = _shape(HUT if kind == "hut" else MEEPLE, cx, cy, size, rotate=90 if kind == "hunter" else 0,
                   fill=colour, stroke=INK, stroke_width=1.4)
    number = svg.text(cx, cy + size * 0.28, str(seat + 1), size=11, anchor="middle", weight="bold", fill="#ffffff",
                      stroke=INK, stroke_width=2.5, paint_order="stroke")
    return svg.group([shape, number, extra], class_=cls, data_piece=kind)


# -- the picture ----------------------------------------------------------------------------------------

def render(view: dict, highlight: list[dict] | None = None, lang: str = DEFAULT) -> str:
    moves = list(highlight or [])
    tiles = view["tiles"]
    places = svg.group_targets(moves, lambda m: (m["x"], m["y"]) if m["type"] == "place_tile" else None)
    spots = [(b["x"], b["y"]) for b in view["board"]] + list(places)
    min_x, min_y = min(x for x, _ in spots), min(y for _, y in spots)
    cols, rows = max(x for x, _ in spots) - min_x + 1, max(y for _, y in spots) - min_y + 1
    size = min(MAX_TILE, (WIDTH - 20) / cols, BOARD_HEIGHT / rows)
    left, top = (WIDTH - cols * size) / 2, 50

    def origin(x, y):
        return left + (x - min_x) * size, top + (y - min_y) * size

    parts = [svg.text(10, 22, translate(lang, TITLE), size=16, weight="bold", class_="title"),
             svg.text(10, 42, _headline(view, lang), size=13, weight="bold", class_="turn")]
    placed = {}
    for b in view["board"]:
        placed[(b["x"], b["y"])] = b
        parts.append(svg.group([tile(tiles[b["tile"]], b["rotation"], *origin(b["x"], b["y"]), size),
                                svg.title(f"{b['tile']} ({b['x']}, {b['y']}), {b['rotation']}°")], class_="tile"))
    for mark in view["pieces"]:
        b = placed[(mark["x"], mark["y"])]
        ax, ay = anchors(tiles[b["tile"]], b["rotation"])[mark["zone"]]
        x0, y0 = origin(mark["x"], mark["y"])
        tip = svg.title(f"{seat_name(mark['seat'], lang)}: {translate(lang, PIECES[mark['role'] or 'hut'])}")
        parts.append(piece(mark["seat"], mark["role"] or "hut", x0 + ax * size, y0 + ay * size, size * 0.34, tip,
                           cls="piece"))
    drawn = tiles.get(view["drawn_tile"]) if view["drawn_tile"] else None
    for (x, y), indices in places.items():
        parts.append(_position_targets(drawn, moves, indices, *origin(x, y), size, lang))
    last = view.get("last_placed")
    if last:
        parts.append(svg.rect(*origin(last["x"], last["y"]), size, size, fill="none", stroke="#ff00c8",
                              stroke_width=3, stroke_dasharray="6 3", class_="last"))
    y = top + rows * size + 14
    panel, y = _panel(view, moves, y, lang)
    parts.append(panel)
    return svg.document(WIDTH, y + 10, parts, doc_title=translate(lang, TITLE),
                        desc=translate(lang, N_("{count} tiles placed"), count=len(view["board"])))


def _headline(view: dict, lang: str) -> str:
    seat = view["to_move"][0] if view["to_move"] else None
    if view["phase"] == "over":
        return translate(lang, N_("Game over"))
    status = {"tile": N_("{seat} places a tile"), "piece": N_("{seat} may place a piece")}.get(view["phase"])
    if seat is not None and status:
        return translate(lang, status, seat=seat_name(seat, lang))
    return translate(lang, N_("Drawing"))


def _move_words(move: dict, lang: str, role: str | None = None) -> str:
    if move["type"] == "place_piece":
        return translate(lang, MOVES["place_piece"], zone=move["zone"],
                         piece=translate(lang, PIECES["hut" if move["piece"] == "hut" else role]))
    return translate(lang, MOVES[move["type"]], **{k: v for k, v in move.items() if k != "type"})


def _position_targets(drawn, moves, indices, x0, y0, size, lang) -> str:
    """A legal position: the drawn tile in each legal rotation there, one target each (a quarter of the
    position when there are several)."""
    out = []
    cell = size if len(indices) == 1 else size / 2
    for k, i in enumerate(sorted(indices, key=lambda i: moves[i]["rotation"])):
        x, y = x0 + (k % 2) * cell, y0 + (k // 2) * cell
        out.append(svg.hl_rect(x + 1, y + 1, cell - 2, cell - 2, [i], tip=_move_words(moves[i], lang), rx=2))
        if drawn is not None:   # over its target, letting clicks through
            out.append(svg.group(tile(drawn, moves[i]["rotation"], x + 3, y + 3, cell - 6), opacity="0.75",
                                 pointer_events="none"))
    return svg.group(out, class_="position")


def _panel(view: dict, moves: list[dict], y: float, lang: str) -> tuple[str, float]:
    """Below the board: the tile to place or to put a piece on, piles, supplies and scores, legend."""
    out, box_h = [], 0
    seat = view["to_move"][0] if view["to_move"] else None
    if view["drawn_tile"]:
        out.append(_rotations(view, moves, y, lang))
        box_h = 150
    elif view.get("last_placed"):
        out.append(_piece_targets(view, moves, seat, y, lang))
        box_h = 270
    x = 330 if box_h else 10
    piles = view["piles"]
    out.append(svg.text(x, y + 14, translate(lang, N_("Tiles left: {land} land tiles, {bonus} bonus tiles"),
                                             land=piles["land"], bonus=piles["bonus"]), size=12, class_="piles"))
    line = 32
    if view["removed"]:
        out.append(svg.text(x, y + line, translate(lang, N_("Removed (fit nowhere): {tiles}"),
                                                   tiles=", ".join(view["removed"])), size=11))
        line += 18
    table, table_h = _scores(view, x, y + line, lang)
    out.append(table)
    y += max(box_h, line + table_h) + 12
    legend, legend_h = _legend(view, moves, y, lang)
    out.append(legend)
    return svg.group(out, class_="panel"), y + legend_h


def _rotations(view: dict, moves: list[dict], y: float, lang: str) -> str:
    """The drawn tile in each legal rotation; each a target carrying that rotation's placements."""
    data = view["tiles"][view["drawn_tile"]]
    pile = translate(lang, N_("land tile") if view["drawn_from"] == "land" else N_("bonus tile"))
    out = [svg.text(10, y + 14, translate(lang, N_("Tile to place ({pile} {tile}), its rotations:"), pile=pile,
                                          tile=view["drawn_tile"]), size=12, weight="bold")]
    by_rotation = svg.group_targets(moves, lambda m: m["rotation"] if m["type"] == "place_tile" else None)
    rotations = sorted(by_rotation) or [0]
    for k, rotation in enumerate(rotations):
        x = 10 + k * 78
        if rotation in by_rotation:
            out.append(svg.hl_rect(x - 3, y + 21, 76, 76, by_rotation[rotation],
                                   tip=translate(lang, N_("Turned {rotation}°: choose a place"), rotation=rotation)))
            out.append(svg.text(x + 35, y + 126, translate(lang, N_("{count} places"),
                                                           count=len(by_rotation[rotation])), size=11,
                                anchor="middle", fill="#555555"))
        out.append(svg.group(tile(data, rotation, x, y + 24, 70), pointer_events="none"))
        out.append(svg.text(x + 35, y + 110, f"{rotation}°", size=12, anchor="middle"))
    return svg.group(out, class_="drawn")


def _piece_targets(view: dict, moves: list[dict], seat, y: float, lang: str) -> str:
    """The tile just placed, enlarged: a target per zone and piece, and a "no piece" button."""
    last = view["last_placed"]
    b = next(p for p in view["board"] if (p["x"], p["y"]) == (last["x"], last["y"]))
    data, size, x0, y0 = view["tiles"][b["tile"]], 200, 10, y + 22
    at = anchors(data, b["rotation"])
    kinds = {z["id"]: z["type"] for z in data["zones"]}
    out = [svg.text(10, y + 14, translate(lang, N_("Tile just placed ({tile}): place a piece?"), tile=b["tile"]),
                    size=12, weight="bold"), tile(data, b["rotation"], x0, y0, size)]
    for mark in view["pieces"]:
        if (mark["x"], mark["y"]) == (last["x"], last["y"]):
            ax, ay = at[mark["zone"]]
            out.append(piece(mark["seat"], mark["role"] or "hut", x0 + ax * size, y0 + ay * size, 26))
    by_zone = svg.group_targets(moves, lambda m: m["zone"] if m["type"] == "place_piece" else None)
    for zone, indices in sorted(by_zone.items()):
        cx, cy = x0 + at[zone][0] * size, y0 + at[zone][1] * size
        role = ROLES[ZONE_CODES[kinds[zone]]]
        offsets = [-13, 13] if len(indices) > 1 else [0]
        for i, dx in zip(sorted(indices, key=lambda i: moves[i]["piece"] != "member"), offsets):
            kind = role if moves[i]["piece"] == "member" else "hut"
            out.append(svg.group(piece(seat, kind, cx + dx, cy, 20), opacity="0.75", pointer_events="none"))
            out.append(svg.hl_ring(cx + dx, cy, 12, [i], tip=_move_words(moves[i], lang, role)))
    for i, move in enumerate(moves):
        if move["type"] == "no_piece":
            out.append(svg.hl_rect(x0, y0 + size + 10, size, 30, [i], tip=_move_words(move, lang), rx=6))
            out.append(svg.text(x0 + size / 2, y0 + size + 30, _move_words(move, lang), size=12, anchor="middle",
                                weight="bold", pointer_events="none"))
    return svg.group(out, class_="last-tile")


def _scores(view: dict, x: float, y: float, lang: str) -> tuple[str, float]:
    """Per seat: its supply (tribe members, huts) and its score by category."""
    columns = [(N_("Supply"), 92)] + [(CATEGORY_NAMES[c], 54) for c in CATEGORIES] + [(N_("Total"), 50)]
    name_w = 80
    out = [svg.text(x, y + 12, translate(lang, N_("Player")), size=11, weight="bold")]
    cx = x + name_w
    for msgid, w in columns:
        out.append(svg.text(cx + w / 2, y + 12, translate(lang, msgid), size=11, weight="bold", anchor="middle"))
        cx += w
    for r, row in enumerate(view["scores"]):
        top = y + 20 + r * 24
        s = row["seat"]
        out.append(svg.rect(x - 4, top, name_w + sum(w for _, w in columns) + 4, 22,
                            fill="#ffffff" if r % 2 else "#f1efe6"))
        out.append(svg.rect(x, top + 5, 12, 12, fill=svg.seat_color(s), stroke=INK))
        out.append(svg.text(x + 16, top + 15, seat_name(s, lang), size=11))
        supply = view["supply"][s]
        cx = x + name_w
        out.append(piece(s, "gatherer", cx + 10, top + 11, 18))
        out.append(svg.text(cx + 21, top + 16, f"×{supply['members']}", size=11))
        out.append(piece(s, "hut", cx + 54, top + 11, 18))
        out.append(svg.text(cx + 65, top + 16, f"×{supply['huts']}", size=11))
        cx += columns[0][1]
        for category, (_, w) in zip(CATEGORIES, columns[1:]):
            out.append(svg.text(cx + w / 2, top + 15, str(row[category]), size=11, anchor="middle"))
            cx += w
        out.append(svg.text(cx + columns[-1][1] / 2, top + 15, str(row["total"]), size=12, anchor="middle",
                            weight="bold", class_="score-total"))
    return svg.group(out, class_="scores"), 24 + 24 * len(view["scores"])


def _legend(view: dict, moves: list[dict], y: float, lang: str) -> tuple[str, float]:
    """Every symbol and colour of the picture, in words (two columns)."""
    entries = [(translate(lang, text), svg.rect(0, 0, 16, 16, fill=colour, stroke="#555555"))
               for text, colour in TERRAIN]
    entries += [(translate(lang, MEANINGS[name]), glyph(name, 8, 8, 16)) for name in MEANINGS]
    entries += [(translate(lang, N_("×3 beside a symbol: three of it")),
                 svg.text(8, 12, "×3", size=11, anchor="middle", weight="bold")),
                (translate(lang, N_("forest without symbols (a tree)")), glyph("tree", 8, 8, 16)),
                (translate(lang, N_("gatherer (forest) or fisherman (river), seat number")),
                 piece(0, "gatherer", 8, 8, 16)),
                (translate(lang, N_("hunter (lying, on a meadow), seat number")), piece(0, "hunter", 8, 8, 16)),
                (translate(lang, N_("fishing hut (river or lake), seat number")), piece(0, "hut", 8, 8, 16))]
    if view.get("last_placed"):
        entries.append((translate(lang, N_("dashed frame: the tile just placed")),
                        svg.rect(1, 1, 14, 14, fill="none", stroke="#ff00c8", stroke_width=2,
                                 stroke_dasharray="4 2")))
    if moves:
        entries.append((translate(lang, N_("pink: a choice you can click (a rotation of the tile where it fits)")),
                        svg.rect(0, 0, 16, 16, fill=svg.HIGHLIGHT, fill_opacity="0.3", stroke=svg.HIGHLIGHT,
                                 stroke_width=2)))
    half = (len(entries) + 1) // 2
    out = [svg.rect(4, y, WIDTH - 8, 30 + 20 * half, fill="#ffffff", stroke="#999999", rx=4, class_="legend"),
           svg.text(12, y + 17, translate(lang, N_("Legend")), size=12, weight="bold")]
    for k, (words, swatch) in enumerate(entries):
        x, top = (12 if k < half else 396), y + 26 + 20 * (k % half)
        out.append(svg.group(swatch, transform=f"translate({x},{top})"))
        out.append(svg.text(x + 22, top + 12, words, size=11))
    return svg.group(out), 30 + 20 * half
