"""A standalone SVG picture of a Great Plains view (drawn from the view JSON only)."""

from __future__ import annotations

import math

from engine.i18n import DEFAULT, N_, translate
from engine.svg import (circle, document, el, group, group_targets, hl_polygon, legend, legend_height, move_label,
                        num, polygon, score_box, seat_color, text, title)

from .view import ANIMALS

SIZE = 17  # hex radius (pointy top)
MARGIN = 24
PANEL = 250
TERRAIN = {"G": "#f1dc7c", "W": "#f1dc7c", "H": "#7fbf5f", "E": "#7fbf5f", "B": "#7fbf5f",
           "M": "#9b968c", "C": "#7d786f"}
NAMES = {"G": N_("meadow"), "W": N_("meadow with spring"), "H": N_("horse field"), "E": N_("eagle field"),
         "B": N_("bear field"), "M": N_("mountain"), "C": N_("cave space")}
#: the tribes (``view.ANIMALS``) in words
TRIBES = {"fox": N_("fox"), "snake": N_("snake")}


def _tribe(seat: int, lang: str) -> str:
    return translate(lang, TRIBES.get(ANIMALS[seat % 2], ANIMALS[seat % 2]))


def _centre(q, r):
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def _corners(x, y, size=SIZE):
    return [(x + size * math.cos(math.radians(60 * k - 30)), y + size * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _cell(cell, x, y) -> str:
    terrain = cell["terrain"]
    parts = [polygon(_corners(x, y), fill=TERRAIN.get(terrain, "#ffffff"), stroke="#6b6457", stroke_width="1",
                     class_=f"cell t-{terrain}")]
    if cell.get("spring"):
        parts.append(circle(x, y + 12.5, 2.8, fill="#3a8fd8", stroke="#1d5d99", class_="spring"))
    if terrain in "HEB":
        parts.append(text(x, y + 4, terrain, size=11, anchor="middle", weight="bold", fill="#2d5a1f"))
    if terrain == "C":
        seat = cell.get("cave")
        parts.append(circle(x, y, 9, fill="#3b3731" if seat is None else seat_color(seat), stroke="#222222",
                            stroke_width="2", class_="cave"))
    if cell.get("figure") is not None:
        seat = cell["figure"]
        parts.append(el("circle", title(f"{ANIMALS[seat % 2]} (seat {seat})"), cx=num(x), cy=num(y), r="9",
                        fill=seat_color(seat), stroke="#ffffff", stroke_width="2", class_="figure"))
    return group(parts)


def _swatch(terrain) -> str:
    return polygon(_corners(6, 6, 7), fill=TERRAIN[terrain], stroke="#6b6457")


def _status(view, lang: str) -> str:
    if view["phase"] == "over":
        return translate(lang, N_("game over"))
    if view["to_move"]:
        seat = view["to_move"][0]
        status = translate(lang, N_("{tribe} (seat {seat}) to move · {phase} phase"), tribe=_tribe(seat, lang),
                           seat=seat, phase=view["phase"])
        if view["pending_totem"]:
            status += translate(lang, N_(" · places with the {totem}"), totem=view["pending_totem"])
        return status
    return translate(lang, N_("{phase} (chance)"), phase=view["phase"])


def render(view: dict, highlight: list[dict] | None = None, lang: str = DEFAULT) -> str:
    cells = view["board"]
    centres = [_centre(c["q"], c["r"]) for c in cells] or [(0.0, 0.0)]
    min_x, min_y = min(x for x, _ in centres) - SIZE, min(y for _, y in centres) - SIZE
    board_w = max(x for x, _ in centres) + SIZE - min_x
    board_h = max(y for _, y in centres) + SIZE - min_y

    def place(q, r):
        x, y = _centre(q, r)
        return x - min_x + MARGIN, y - min_y + MARGIN + 30

    parts = [text(MARGIN, 26, "Great Plains", size=18, weight="bold"),
             text(MARGIN + 140, 26, _status(view, lang), size=13, class_="turn")]
    parts += [_cell(c, *place(c["q"], c["r"])) for c in cells]
    targets = group_targets(highlight, lambda m: tuple(m["cell"]))
    for (q, r), indices in sorted(targets.items()):
        tip = "; ".join(move_label(highlight[i]) for i in indices)
        parts.append(hl_polygon(_corners(*place(q, r), SIZE - 2), indices, tip))

    x = MARGIN * 2 + board_w
    standings = view["standings"]
    parts.append(score_box(x, 40, [{"seat": s["seat"], "name": _tribe(s["seat"], lang), "total": s["total"],
                                    "winner": view["phase"] == "over" and s["seat"] in standings["winners"],
                                    "to_move": s["seat"] in view["to_move"]} for s in standings["scores"]],
                           width=PANEL - 10, lang=lang))
    y = 40 + 30 + 20 * len(standings["scores"]) + 20
    supply = view["supply"]
    parts.append(text(x, y, translate(lang, N_("Supply: horse {horse} · eagle {eagle} · bear {bear}"), **supply),
                      size=11, class_="supply"))
    for p in view["players"]:
        y += 16
        held = p["totems"]
        parts.append(text(x, y, translate(
            lang, N_("{tribe}: hand {hand}, caves {caves}, removed {removed}; H{horse} E{eagle} B{bear}"),
            tribe=translate(lang, TRIBES.get(p["animal"], p["animal"])), hand=p["figures_in_hand"],
            caves=p["caves_in_hand"], removed=p["figures_removed"], **held), size=11, class_="player"))
    y += 22
    parts.append(text(x, y, translate(lang, N_("Hunting grounds (value, fox:snake)")), size=11, weight="bold"))
    for g in standings["grounds"]:
        y += 14
        lead = "–" if g["leader"] is None else _tribe(g["leader"], lang)
        parts.append(text(x, y, f"{g['id']}: {g['value']}  {g['figures'][0]}:{g['figures'][1]}  {lead}",
                          size=10, class_="ground"))
    marked = {i for indices in targets.values() for i in indices}
    others = [move_label(m) for i, m in enumerate(highlight or []) if i not in marked]  # pass, use_totem
    if others:
        y += 20
        parts.append(text(x, y, "; ".join(others), size=11, weight="bold"))
    items = [(NAMES[t], _swatch(t)) for t in "GHMC"]
    items += [(N_("spring (+1)"), circle(6, 6, 4, fill="#3a8fd8")),
              *[(translate(lang, N_("{tribe} figure / cave"), tribe=_tribe(s, lang)), seat_color(s)) for s in (0, 1)]]
    y += 16
    parts.append(legend(x, y, items, width=PANEL - 10, lang=lang))
    width = x + PANEL
    height = max(board_h + MARGIN * 2 + 30, y + legend_height(items) + 10)
    return document(width, height, parts, doc_title="Great Plains", desc=_status(view, lang))
