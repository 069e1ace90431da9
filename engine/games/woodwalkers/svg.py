"""A standalone SVG picture of a Woodwalkers view (drawn from the view JSON only)."""

from __future__ import annotations

from engine.i18n import DEFAULT, N_, translate
from engine.svg import (document, el, group, group_targets, hl_rect, legend, legend_height, move_label,
                        polygon, rect, score_box, seat_color, text, title)

CELL = 38
MARGIN = 24
PANEL = 260
FOREST, PLAIN, TILE, FLAG = "#cfe3bf", "#eef0e4", "#3f6b35", "#c0392b"
MARK = {"puma": "Pu", "wolf": "Wo", "bison": "Bi", "deer": "De", "bear": "Be", "otter": "Ot", "squirrel": "Sq"}


def _origin(at):
    return MARGIN + at[1] * CELL, MARGIN + at[0] * CELL


def _board(view) -> list[str]:
    seat_of_board = {b: s for s, b in enumerate(view["board_seat"])}
    parts = []
    for r, row in enumerate(view["board"]["rows"]):
        for c, code in enumerate(row):
            x, y = _origin([r, c])
            parts.append(rect(x, y, CELL, CELL, fill=FOREST if code == "F" else PLAIN, stroke="#b5b5a5"))
            if code in "1234" and int(code) in seat_of_board:
                parts.append(rect(x, y, CELL, CELL, fill=seat_color(seat_of_board[int(code)]),
                                  fill_opacity="0.3", class_="start"))
    flags = []  # drawn last, above an animal standing on the flag
    for tile in view["forest"]:
        x, y = _origin(tile["at"])
        if tile["revealed"]:
            flags.append(polygon([(x + 2, y + 2), (x + 13, y + 6), (x + 2, y + 10)], fill=FLAG, stroke="#ffffff",
                                 class_="flag"))
            flags.append(text(x + CELL - 2, y + 10, tile["value"], size=9, anchor="end", weight="bold"))
        else:
            parts.append(rect(x + 6, y + 6, CELL - 12, CELL - 12, fill=TILE, rx=4, class_="face-down"))
            parts.append(text(x + CELL / 2, y + 24, "?", size=12, anchor="middle", weight="bold", fill="#ffffff"))
    for animal in view["animals"]:
        if animal["at"] is None:
            continue
        x, y = _origin(animal["at"])
        species = animal["species"]
        tip = f"{animal['handle']} (seat {animal['seat']}): {species or 'face down'}"
        parts.append(el("circle", title(tip), cx=x + CELL / 2, cy=y + CELL / 2 + 2, r=CELL / 2 - 7,
                        fill=seat_color(animal["seat"]), stroke="#222222", class_="animal"))
        parts.append(text(x + CELL / 2, y + CELL / 2 + 6, MARK.get(species, "?") if species else "?",
                          size=11, anchor="middle", weight="bold", fill="#ffffff"))
    return parts + flags


def _status(view, lang: str) -> list[str]:
    pending = view["pending"]
    if view["phase"] == "over":
        turn = translate(lang, N_("game over"))
    elif pending:
        turn = translate(lang, N_("to move: seat {seats} ({decision})"), seats=", ".join(map(str, pending["seats"])),
                         decision=pending["decision"])
        if pending.get("die"):
            turn += translate(lang, N_(", die {die}"), die=pending["die"])
    else:
        turn = translate(lang, N_("chance step"))
    last = translate(lang, N_(" (last)")) if view["last_round"] else ""
    lines = [translate(lang, N_("{variant} · round {round}"), variant=view["variant"], round=view["round"]) + last,
             translate(lang, N_("mode: {mode} · display: {display}"), mode=view["mode"] or "–",
                       display=", ".join(view["display"]) or "–"),
             turn]
    duel = view["duel"]
    if duel:
        lines.append(translate(lang, N_("duel: {challenger} ({challenger_species}) vs {defender} ({defender_species})"),
                               challenger=duel["challenger"], challenger_species=duel["challenger_species"] or "?",
                               defender=duel["defender"], defender_species=duel["defender_species"] or "?"))
    return lines


def render(view: dict, highlight: list[dict] | None = None, lang: str = DEFAULT) -> str:
    rows = view["board"]["rows"]
    board_w, board_h = len(rows[0]) * CELL, len(rows) * CELL
    parts = _board(view)
    targets = group_targets(highlight, lambda m: tuple(m["to"]))
    for (r, c), indices in sorted(targets.items()):
        x, y = _origin([r, c])
        tip = "; ".join(move_label(highlight[i]) for i in indices)
        parts.append(hl_rect(x + 2, y + 2, CELL - 4, CELL - 4, indices, tip))
    x = MARGIN * 2 + board_w
    lines = _status(view, lang)
    parts += [text(x, MARGIN + 14 + 18 * i, line, size=12, weight="bold" if i == 2 else None, class_="status")
              for i, line in enumerate(lines)]
    y = MARGIN + 18 * len(lines) + 10
    rows_ = [{"seat": s, "name": translate(lang, N_("seat {seat} (board {board}) · med {medicine} · dice {dice}"),
                                           seat=s, board=view["board_seat"][s], **h),
              "total": total, "to_move": s in view["to_move"]}
             for s, (total, h) in enumerate(zip(view["scores"], view["held"]))]
    parts.append(score_box(x, y, rows_, width=PANEL - 10, lang=lang))
    y += 30 + 20 * len(rows_) + 12
    items = [(N_("forest field"), FOREST), (N_("plain field"), PLAIN), (N_("face-down forest tile"), TILE),
             (N_("revealed flag (value at the top right)"), FLAG),
             (N_("animal: species, ? = face down"), seat_color(0)), (N_("tinted: a seat's start fields"), seat_color(1))]
    if highlight:
        items.append((N_("legal target (click)"), "#ff00c8"))
    parts.append(legend(x, y, items, width=PANEL - 10, lang=lang))
    height = max(board_h + 2 * MARGIN, y + legend_height(items) + MARGIN)
    return document(x + PANEL, height, group(parts), doc_title="Woodwalkers",
                    desc=" | ".join(lines))
