"""A standalone SVG picture of a Great Plains view (drawn from the view JSON only).

The board of hex fields with each terrain explained in the legend, every hunting ground
outlined with its value, figures and cave tokens with their seat's number, each seat's
figures, caves and totem tokens, the supply, the decision in words; a target for every legal
move: the field of a normal placement or a cave, a lettered badge in the field for a horse or
eagle placement, a badge on the edge the bear comes over (one per source), and buttons for
the moves without a field (use a totem, pass).
"""

from __future__ import annotations

import math

from engine.i18n import DEFAULT, N_, translate
from engine.svg import (circle, document, group, group_targets, hl_polygon, hl_rect, hl_ring, legend, legend_height,
                        line, num, path, polygon, rect, seat_color, text, title, wrap)
from engine.texts import move_text, seat_name

from .texts import TOTEMS
from .view import ANIMALS

SIZE = 22  # hex radius (pointy top)
MARGIN = 12
TOP = 30
PANEL_W = 245
WIDTH = 780
BADGE = 7
TERRAIN = {"G": "#f1dc7c", "W": "#f1dc7c", "H": "#8cc56b", "E": "#8cc56b", "B": "#8cc56b",
           "M": "#a29d93", "C": "#7d786f"}
#: the totem kinds of the green fields (their words: texts.TOTEMS; the badge shows the word's initial)
TOTEM_FIELDS = {"H": "horse", "E": "eagle", "B": "bear"}
TERRAIN_WORDS = {
    "G": N_("meadow (yellow): 1 point for its hunting ground"),
    "W": N_("meadow with a spring: 2 points for its hunting ground"),
    "H": N_("horse field (green): take a horse totem token"),
    "E": N_("eagle field (green): take an eagle totem token"),
    "B": N_("bear field (green): take a bear totem token"),
    "M": N_("mountain: no figures"),
    "C": N_("cave space in the mountains: holds a cave token"),
}
SEPARATE_SPRING = N_("spring field: no figures; +1 point for each ground next to it")
POWERS = {"horse": N_("horse: place 2 fields away, over lowland"),
          "eagle": N_("eagle: fly straight over mountains"),
          "bear": N_("bear (on the edge it comes over): push an opponent figure")}
TRIBES = {"fox": N_("foxes"), "snake": N_("snakes")}
GROUND = "#5a3a14"
SPRING_FIELD = "#b9def5"
#: axial neighbour offset -> its edge (the corners k and k + 1 of a pointy-top hex)
EDGES = {(1, 0): 0, (0, 1): 1, (-1, 1): 2, (-1, 0): 3, (0, -1): 4, (1, -1): 5}


def _tribe(seat: int, lang: str) -> str:
    return translate(lang, TRIBES[ANIMALS[seat % 2]])


def _who(seat: int, lang: str) -> str:
    return translate(lang, N_("{seat} ({tribe})"), seat=seat_name(seat, lang), tribe=_tribe(seat, lang))


def _initial(kind: str, lang: str) -> str:
    """A totem kind's badge letter: the initial of its word (H/E/B, in German P/A/B)."""
    return translate(lang, TOTEMS[kind])[:1].upper()


def _centre(q, r):
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def _corners(x, y, size=SIZE):
    return [(x + size * math.cos(math.radians(60 * k - 30)), y + size * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _mark(terrain, x, y, lang) -> list[str]:
    """The terrain's own mark (never colour alone): a letter on green fields, a peak on mountains."""
    if terrain in TOTEM_FIELDS:
        return [text(x, y + 4, _initial(TOTEM_FIELDS[terrain], lang), size=13, anchor="middle", weight="bold",
                     fill="#1f4d12")]
    if terrain in "MC":
        return [polygon([(x - 9, y + 8), (x, y - 8), (x + 9, y + 8)], fill="#8a857b", stroke="#6b665d")]
    return []


def _fill(terrain, separate) -> str:
    """A field's colour; under ``spring_mode = "separate_field"`` a spring field is water blue."""
    return SPRING_FIELD if separate and terrain == "W" else TERRAIN.get(terrain, "#ffffff")


def _separate(view) -> bool:
    return view["rules"].get("spring_mode") == "separate_field"


def _cell(cell, x, y, separate, lang) -> str:
    terrain = cell["terrain"]
    parts = [polygon(_corners(x, y), fill=_fill(terrain, separate), stroke="#8a826f", stroke_width="1",
                     class_=f"cell t-{terrain}")]
    parts += _mark(terrain, x, y, lang)
    if cell.get("spring"):
        parts.append(circle(x, y + 14, 4, fill="#3a8fd8", stroke="#1d5d99", class_="spring"))
    if terrain == "C":
        seat = cell.get("cave")
        if seat is None:
            parts.append(circle(x, y + 2, 9, fill="#2f2b26", stroke="#111111", stroke_width="2", class_="cave"))
        else:
            parts.append(_cave(x, y + 2, seat, lang))
    if cell.get("figure") is not None:
        parts.append(_figure(x, y, cell["figure"], lang))
    return group(parts)


def _figure(x, y, seat, lang, css="figure") -> str:
    return group([title(translate(lang, N_("figure of {who}"), who=_who(seat, lang))),
                  circle(x, y, 10, fill=seat_color(seat), stroke="#ffffff", stroke_width="2"),
                  text(x, y + 4, str(seat + 1), size=12, anchor="middle", weight="bold", fill="#ffffff")],
                 class_=css)


def _cave(x, y, seat, lang, css="cave") -> str:
    return group([title(translate(lang, N_("cave token of {who}"), who=_who(seat, lang))),
                  rect(x - 10, y - 9, 20, 18, rx=4, fill=seat_color(seat), stroke="#111111", stroke_width="2"),
                  text(x, y + 4, str(seat + 1), size=12, anchor="middle", weight="bold", fill="#ffffff")],
                 class_=css)


def _outlines(view, place, lang) -> list[str]:
    """Each hunting ground: its border drawn thick, its value on a badge in a field near its middle."""
    parts = []
    board = {(c["q"], c["r"]): c for c in view["board"]}
    for ground in view["standings"]["grounds"]:
        cells = {tuple(c) for c in ground["cells"]}
        edges = []
        for q, r in sorted(cells):
            corners = _corners(*place(q, r))
            for (dq, dr), k in EDGES.items():
                if (q + dq, r + dr) not in cells:
                    (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 6]
                    edges.append(f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")
        centre = [sum(place(q, r)[i] for q, r in cells) / len(cells) for i in (0, 1)]
        home = min(sorted(cells), key=lambda c: (board[c]["figure"] is not None,
                                                 math.dist(place(*c), centre)))
        x, y = place(*home)
        lead = (translate(lang, N_("nobody leads")) if ground["leader"] is None
                else translate(lang, N_("{who} leads"), who=_who(ground["leader"], lang)))
        tip = translate(lang, N_("hunting ground {id}: {value} points; figures {first}:{second}; {lead}"),
                        id=ground["id"], value=ground["value"], first=ground["figures"][0],
                        second=ground["figures"][1], lead=lead)
        parts.append(group([title(tip), path("".join(edges), fill="none", stroke=GROUND, stroke_width="3.5",
                                                 stroke_linecap="round")], class_="ground"))
        parts.append(group([title(tip), rect(x - 13, y - 21, 26, 15, rx=7, fill="#ffffff", stroke=GROUND,
                                             stroke_width="1.5"),
                            text(x, y - 9.5, str(ground["value"]), size=11, anchor="middle", weight="bold",
                                 fill=GROUND)], class_="ground-value"))
    return parts


def _totem_of(move, view):
    return move.get("totem") or (view["pending_totem"] if move.get("type") == "place" else None)


def _target(view):
    def key(move):
        if move["type"] == "place_cave":
            return ("field", *move["cell"])
        if move["type"] != "place":
            return None
        totem = _totem_of(move, view)
        if totem == "bear":
            q, r = move["cell"]
            dq, dr = (move["source"][0] - q, move["source"][1] - r) if "source" in move else \
                (-move["direction"][0], -move["direction"][1])
            return ("bear", q, r, dq, dr)
        return ("field", *move["cell"]) if totem is None else (totem, *move["cell"])
    return key


def _badge(x, y, letter, indices, tip) -> list[str]:
    return [circle(x, y, BADGE, fill="#ffffff", stroke="#333333"),
            text(x, y + 4, letter, size=11, anchor="middle", weight="bold", class_="badge"),
            hl_ring(x, y, BADGE, indices, tip)]


def _targets(view, highlight, place, lang) -> list[str]:
    parts, badges = [], []
    for key, indices in sorted(group_targets(highlight, _target(view)).items()):
        tip = "; ".join(move_text(_ruleset(), highlight[i], lang) for i in indices)
        kind, q, r = key[:3]
        x, y = place(q, r)
        if kind == "field":
            parts.append(hl_polygon(_corners(x, y, SIZE - 2), indices, tip))
        elif kind == "bear":
            dq, dr = key[3:]
            step = math.hypot(*_centre(dq, dr)) or 1
            dx, dy = _centre(dq, dr)
            reach = SIZE * math.sqrt(3) / 2
            badges += _badge(x + dx / step * reach, y + dy / step * reach, _initial("bear", lang), indices, tip)
        else:
            badges += _badge(x, y + (-9 if kind == "horse" else 7), _initial(kind, lang), indices, tip)
    return parts + badges


def _ruleset():
    from . import RULESET
    return RULESET


def _decision(view, lang) -> str:
    phase = view["phase"]
    if phase == "over":
        winners = view["standings"]["winners"]
        if not winners:
            return translate(lang, N_("Game over"))
        return translate(lang, N_("Game over: {who} wins"), who=" & ".join(_who(s, lang) for s in winners))
    if not view["to_move"]:
        return translate(lang, N_("Chance step"))
    who = _who(view["to_move"][0], lang)
    if phase == "caves":
        return translate(lang, N_("{who}: place a cave token on a free cave space"), who=who)
    if view["pending_totem"]:
        return translate(lang, N_("{who}: place a figure with the {totem}"), who=who,
                         totem=translate(lang, TOTEMS[view["pending_totem"]]))
    return translate(lang, N_("{who}: place a figure next to an own cave or figure, or use a totem"), who=who)


def _panel(view, highlight, free, x, lang) -> tuple[list[str], float]:
    """Decision, buttons, players, supply, hunting grounds and the legend, top to bottom."""
    parts = []
    y = TOP + 4
    for row in wrap(_decision(view, lang), PANEL_W - 16, 13):
        parts.append(text(x, y + 12, row, size=13, weight="bold", class_="decision"))
        y += 17
    for i in free:
        words = move_text(_ruleset(), highlight[i], lang)
        parts += [rect(x, y + 4, PANEL_W, 26, rx=5, fill="#ffffff", stroke="#777777"),
                  text(x + 8, y + 21, words, size=12, class_="button-label"),
                  hl_rect(x, y + 4, PANEL_W, 26, [i], tip=words, rx=5)]
        y += 30
    y += 8
    scores = {s["seat"]: s for s in view["standings"]["scores"]}
    for player in view["players"]:
        seat = player["seat"]
        held = ", ".join(f"{player['totems'][kind]} {translate(lang, TOTEMS[kind])}" for kind in TOTEMS)
        score = scores.get(seat, {})
        rows = [translate(lang, N_("figures in hand: {hand} · removed: {removed}"), hand=player["figures_in_hand"],
                          removed=player["figures_removed"]),
                translate(lang, N_("cave tokens in hand: {caves}"), caves=player["caves_in_hand"]),
                translate(lang, N_("totem tokens: {held}"), held=held),
                translate(lang, N_("score: {total} ({grounds} hunting grounds won)"), total=score.get("total", 0),
                          grounds=score.get("grounds_won", 0))]
        parts += [rect(x, y, PANEL_W, 22 + 15 * len(rows), rx=5, fill="#ffffff", stroke=seat_color(seat),
                       stroke_width="3"),
                  text(x + 8, y + 16, _who(seat, lang) + (" ▶" if seat in view["to_move"] else ""), size=13,
                       weight="bold", class_="player")]
        for n, row in enumerate(rows):
            parts.append(text(x + 8, y + 32 + 15 * n, row, size=11, class_="player"))
        y += 28 + 15 * len(rows)
    supply = ", ".join(f"{view['supply'][kind]} {translate(lang, TOTEMS[kind])}" for kind in TOTEMS)
    for row in wrap(translate(lang, N_("supply of totem tokens: {supply}"), supply=supply), PANEL_W, 11):
        parts.append(text(x, y + 10, row, size=11, class_="supply"))
        y += 15
    y += 14
    parts.append(text(x, y, translate(lang, N_("Hunting grounds")), size=12, weight="bold"))
    y += 15
    parts.append(text(x, y, translate(lang, N_("points · figures of players 1:2 · leader")), size=11,
                      fill="#555555"))
    for ground in view["standings"]["grounds"]:
        y += 15
        lead = "–" if ground["leader"] is None else seat_name(ground["leader"], lang)
        parts.append(text(x, y, translate(lang, N_("{id}: {value} points · {first}:{second} · {lead}"),
                                          id=ground["id"], value=ground["value"], first=ground["figures"][0],
                                          second=ground["figures"][1], lead=lead), size=11, class_="ground-row"))
    return parts, y + 12


def _legends(view, y, lang) -> tuple[list[str], float]:
    """Two legend boxes side by side: the terrain, and the pieces, grounds and totem powers."""
    separate = _separate(view)
    terrain = []
    for t in "GWHEBMC":
        words = SEPARATE_SPRING if t == "W" and separate else TERRAIN_WORDS[t]
        swatch = [polygon(_corners(6, 6, 7), fill=_fill(t, separate), stroke="#6b6457")]
        if t in TOTEM_FIELDS:
            swatch.append(text(6, 10, _initial(TOTEM_FIELDS[t], lang), size=11, anchor="middle", weight="bold",
                               fill="#1f4d12"))
        if t == "W":
            swatch.append(circle(6, 9, 3, fill="#3a8fd8"))
        terrain.append((words, group(swatch)))
    pieces = [(N_("thick line: a hunting ground; the badge: its points"),
               group([line(0, 11, 12, 11, stroke=GROUND, stroke_width="3"),
                      rect(0, 0, 12, 8, rx=3, fill="#ffffff", stroke=GROUND)])),
              (N_("figure (the number: the player)"), group(_figure(0, 0, 0, lang, None),
                                                           transform="translate(6,6) scale(0.6)")),
              (N_("cave token (the number: the player)"), group(_cave(0, 0, 0, lang, None),
                                                               transform="translate(6,6) scale(0.6)")),
              (N_("empty cave space"), circle(6, 6, 6, fill="#2f2b26"))]
    pieces += [(POWERS[kind], group([circle(6, 6, 6, fill="#ffffff", stroke="#333333"),
                                     text(6, 10, _initial(kind, lang), size=11, anchor="middle", weight="bold")]))
               for kind in TOTEMS]
    half = (WIDTH - 2 * MARGIN) / 2
    parts = [legend(MARGIN, y, terrain, heading=N_("Terrain"), width=half - 4, lang=lang),
             legend(MARGIN + half + 4, y, pieces, heading=N_("Pieces, grounds and totem powers"), width=half - 4,
                    lang=lang)]
    return parts, y + max(legend_height(terrain), legend_height(pieces))


def render(view: dict, highlight: list[dict] | None = None, lang: str = DEFAULT) -> str:
    """The board with its grounds and targets, the decision, both tribes, the supply and a legend."""
    highlight = list(highlight or [])
    cells = view["board"]
    centres = [_centre(c["q"], c["r"]) for c in cells] or [(0.0, 0.0)]
    min_x, min_y = min(x for x, _ in centres) - SIZE, min(y for _, y in centres) - SIZE
    board_w = max(x for x, _ in centres) + SIZE - min_x
    board_h = max(y for _, y in centres) + SIZE - min_y

    def place(q, r):
        x, y = _centre(q, r)
        return x - min_x + MARGIN, y - min_y + TOP

    parts = [text(MARGIN, 22, translate(lang, N_("Great Plains")), size=16, weight="bold")]
    parts += [_cell(c, *place(c["q"], c["r"]), _separate(view), lang) for c in cells]
    parts += _outlines(view, place, lang)
    parts += _targets(view, highlight, place, lang)
    free = [i for i, move in enumerate(highlight) if _target(view)(move) is None]
    x = min(WIDTH - PANEL_W - 6, MARGIN + board_w + 12)
    panel, y = _panel(view, highlight, free, x, lang)
    parts += panel
    legends, height = _legends(view, max(TOP + board_h, y) + 10, lang)
    parts += legends
    return document(WIDTH, height + 10, parts, doc_title="Great Plains", desc=_decision(view, lang))
