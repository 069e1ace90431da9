"""A standalone SVG picture of a Woodwalkers view (drawn from the view JSON only)."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

CELL = 40
MARGIN = 20
PANEL = 300
SEAT_COLOURS = {1: "#d94f3d", 2: "#3d7fd9", 3: "#e0b12b", 4: "#8a4fd9"}
SPECIES_MARK = {"puma": "Pu", "wolf": "Wo", "bison": "Bi", "deer": "De", "bear": "Be",
                "otter": "Ot", "squirrel": "Sq"}


def _text(x, y, content, size=12, anchor="start", weight="normal", fill="#222") -> str:
    return (f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">{escape(str(content))}</text>')


def _rect(x, y, w, h, fill, stroke="#777", extra="") -> str:
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="{stroke}" {extra}/>'


def render(view: dict, highlight: list[dict] | None = None) -> str:
    rows = view["board"]["rows"]
    height, width = len(rows), len(rows[0])
    board_w, board_h = width * CELL, height * CELL
    total_w, total_h = MARGIN * 3 + board_w + PANEL, max(board_h + 2 * MARGIN, 520)
    seat_of = view["board_seat"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
           f'viewBox="0 0 {total_w} {total_h}">',
           _rect(0, 0, total_w, total_h, "#fbfaf5", "none")]

    def origin(at):
        return MARGIN + at[1] * CELL, MARGIN + at[0] * CELL

    for r, row in enumerate(rows):
        for c, code in enumerate(row):
            x, y = origin([r, c])
            out.append(_rect(x, y, CELL, CELL, "#cfe3bf" if code == "F" else "#eef0e4", "#b5b5a5"))
            if code in "1234" and int(code) in seat_of:
                out.append(_rect(x, y, CELL, CELL, SEAT_COLOURS[int(code)], "none", 'fill-opacity="0.3"'))
    for tile in view["forest"]:
        x, y = origin(tile["at"])
        if tile["revealed"]:
            out.append(f'<polygon points="{x + 8},{y + 6} {x + 30},{y + 12} {x + 8},{y + 18}" fill="#c0392b"/>')
            out.append(_text(x + 20, y + 34, tile["value"], 10, "middle", "bold"))
        else:
            out.append(_rect(x + 6, y + 6, CELL - 12, CELL - 12, "#3f6b35", "#2a4a23", 'rx="4"'))
            out.append(_text(x + CELL / 2, y + 25, "?", 12, "middle", "bold", "#fff"))
    for animal in view["animals"]:
        if animal["at"] is None:
            continue
        x, y = origin(animal["at"])
        colour = SEAT_COLOURS[seat_of[animal["seat"]]]
        label = SPECIES_MARK.get(animal["species"], (animal["species"] or "?")[:2])
        out.append(f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 2 - 5}" fill="{colour}" '
                   f'stroke="#222"><title>{escape(animal["handle"])}</title></circle>')
        out.append(_text(x + CELL / 2, y + CELL / 2 + 4, label, 11, "middle", "bold", "#fff"))
    for move in highlight or []:
        if isinstance(move.get("to"), list):
            x, y = origin(move["to"])
            out.append(_rect(x + 2, y + 2, CELL - 4, CELL - 4, "none", "#00a0ff",
                             f'stroke-width="3" data-move={quoteattr(move["type"])}'))
    out.extend(_panel(view, highlight, MARGIN * 2 + board_w))
    out.append("</svg>")
    return "\n".join(out)


def _panel(view, highlight, x) -> list[str]:
    seat_of = view["board_seat"]
    lines = [_text(x, 34, "Woodwalkers", 18, weight="bold"),
             _text(x, 56, f"{view['variant']} · round {view['round']}"
                          f"{' (last)' if view['last_round'] else ''} · mode {view['mode'] or '-'}"),
             _text(x, 74, f"display: {', '.join(view['display']) or '-'} · pile {view['mode_pile']}")]
    pending = view["pending"]
    turn = "game over" if view["phase"] == "over" else (
        f"to move: seat {', '.join(map(str, pending['seats']))} ({pending['decision']})" if pending else "…")
    lines.append(_text(x, 92, turn, weight="bold"))
    if view["last_roll"]:
        lines.append(_text(x, 110, f"last roll: seat {view['last_roll']['seat']} rolled {view['last_roll']['value']}"))
    y = 136
    lines.append(_text(x, y, "Scores", 14, weight="bold"))
    for seat, total in enumerate(view["scores"]):
        y += 20
        held = view["held"][seat]
        lines.append(_rect(x, y - 11, 12, 12, SEAT_COLOURS[seat_of[seat]]))
        lines.append(_text(x + 18, y, f"seat {seat} (board {seat_of[seat]}): {total} pts · "
                                      f"med {held['medicine']} · dice {held['dice']}"))
    if view["duel"]:
        duel = view["duel"]
        y += 26
        lines.append(_text(x, y, f"duel: {duel['challenger']} ({duel['challenger_species'] or '?'}) vs "
                                 f"{duel['defender']} ({duel['defender_species'] or '?'})", weight="bold"))
    y += 30
    lines.append(_text(x, y, "Legend", 14, weight="bold"))
    legend = [("#cfe3bf", "forest field"), ("#3f6b35", "face-down forest tile"),
              ("#c0392b", "revealed flag (value)"), ("#eef0e4", "plain field")]
    for fill, label in legend:
        y += 20
        lines.append(_rect(x, y - 11, 12, 12, fill))
        lines.append(_text(x + 18, y, label))
    y += 20
    lines.append(_text(x, y, "circles: animals (species, ? = hidden); tinted: start fields"))
    if highlight:
        y += 20
        lines.append(_rect(x, y - 11, 12, 12, "none", "#00a0ff", 'stroke-width="3"'))
        others = sorted({m["type"] for m in highlight if not isinstance(m.get("to"), list)})
        lines.append(_text(x + 18, y, "legal targets" + (f"; also: {', '.join(others)}" if others else "")))
    return lines
