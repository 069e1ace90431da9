"""A standalone SVG picture of a Targi view (drawn from the view JSON only)."""

from __future__ import annotations

from engine.i18n import DEFAULT, N_, translate
from engine.texts import seat_name
from engine.svg import (circle, document, group, group_targets, hl_rect, legend, legend_height, move_label, rect,
                        score_box, seat_color, text, title)

from .board import BORDER, CORNERS, RAIDS

CARD_W, CARD_H, GAP = 92, 70, 6  # a card of the 5 x 5 grid
LEFT, TOP = 16, 64
PANEL = LEFT + 5 * (CARD_W + GAP) + 14
PANEL_W = 380
NAMES = {"noble": N_("Noble"), "merchant": N_("Merchant"), "fata_morgana": N_("Fata Morgana"),
         "silversmith": N_("Silversmith"), "caravan": N_("Caravan"), "tribal_expansion": N_("Tribal Exp."),
         "take_good": ""}
GOODS = (N_("Dates"), N_("Salt"), N_("Pepper"))
KIND_FILL = {"goods": "#f3e2b3", "tribe": "#cfe3c0"}
KIND_NAMES = {"goods": N_("goods card"), "tribe": N_("tribe card")}
SYMBOL_FILL = {"OA": "#9fd3e6", "CR": "#e8c48f", "WE": "#a9c7f0", "TE": "#e6b0b0", "TA": "#c9b3e6"}
ROBBER = "#6d6d6d"
#: border card number -> (row, col) of the 5 x 5 grid (§2.1)
GRID = {16: (0, 0), 1: (0, 1), 2: (0, 2), 3: (0, 3), 4: (0, 4), 5: (1, 4), 6: (2, 4), 7: (3, 4), 8: (4, 4),
        9: (4, 3), 10: (4, 2), 11: (4, 1), 12: (4, 0), 13: (3, 0), 14: (2, 0), 15: (1, 0)}


def _xy(row, col):
    return LEFT + col * (CARD_W + GAP), TOP + row * (CARD_H + GAP)


def _border_name(card, lang: str):
    if card in CORNERS:
        return translate(lang, N_("Raid {raid}"), raid=RAIDS[card][0])
    action, good = BORDER[card]
    return translate(lang, GOODS[good] if action == "take_good" else NAMES[action])


def _status(view, lang: str):
    if view["over"]:
        return translate(lang, N_("Game over"))
    if view["to_move"]:
        return translate(lang, N_("{seat} to move: {pending}"), seat=seat_name(view["to_move"][0], lang),
                         pending=view["pending"])
    return translate(lang, N_("Chance step"))


def _figures(view, card, x, y):
    parts = []
    if view["robber"] == card:
        parts.append(circle(x + CARD_W - 14, y + 14, 9, fill=ROBBER, stroke="#222222", class_="robber"))
    for i, figure in enumerate(f for f in view["targi"] if f["card"] == card):
        fill = "#ffffff" if figure["used"] else seat_color(figure["seat"])
        parts.append(group([title(f"Targi of seat {figure['seat']}{' (used)' if figure['used'] else ''}"),
                            circle(x + 16 + 20 * i, y + CARD_H - 14, 8, fill=fill, stroke=seat_color(figure["seat"]),
                                   stroke_width="3")], class_="targi"))
    return parts


def _board(view, targets, highlight, lang: str):
    parts = []
    for card, (row, col) in GRID.items():
        x, y = _xy(row, col)
        fill = "#e4dccb" if card in CORNERS else "#efe9dc"
        parts.append(group([rect(x, y, CARD_W, CARD_H, rx=5, fill=fill, stroke="#8a7f6a"),
                            text(x + 6, y + 15, str(card), size=11, weight="bold"),
                            text(x + CARD_W / 2, y + 38, _border_name(card, lang), size=11, anchor="middle")],
                           class_="border-card"))
        parts += _figures(view, card, x, y)
        if ("card", card) in targets:
            moves = targets[("card", card)]
            parts.append(hl_rect(x, y, CARD_W, CARD_H, moves, tip="; ".join(move_label(highlight[i]) for i in moves)))
    for cell in view["central"]:
        r, c = cell["space"]
        x, y = _xy(r, c)
        label = "face down" if cell["face_down"] else "empty" if cell["empty"] else cell["card"]
        fill = "#bbbbbb" if cell["face_down"] else KIND_FILL[cell["kind"]]
        parts.append(group([rect(x, y, CARD_W, CARD_H, rx=5, fill=fill,
                                 stroke="#6b6457", stroke_dasharray="4 3" if cell["empty"] else None),
                            text(x + CARD_W / 2, y + 22, translate(lang, KIND_NAMES[cell["kind"]]), size=10,
                                 anchor="middle", fill="#555555"),
                            text(x + CARD_W / 2, y + 42, label, size=13, anchor="middle", weight="bold")],
                           class_="central-card"))
        for marker in view["markers"]:
            if marker["space"] == [r, c]:
                used = marker["used"]
                parts.append(group([title(f"tribe marker of seat {marker['seat']}{' (used)' if used else ''}"),
                                    rect(x + 8, y + CARD_H - 20, 14, 14, fill="#ffffff" if used else
                                         seat_color(marker["seat"]), stroke=seat_color(marker["seat"]),
                                         stroke_width="3")],
                                   class_="marker"))
        if ("space", r, c) in targets:
            moves = targets[("space", r, c)]
            parts.append(hl_rect(x, y, CARD_W, CARD_H, moves, tip="; ".join(move_label(highlight[i]) for i in moves)))
    return parts


def _target(move):
    if move.get("type") in ("place", "use") and "card" in move:
        return ("card", move["card"])
    space = move.get("space") or move.get("target")
    return ("space", space[0], space[1]) if space else None


def _player(view, player, y, lang: str):
    x = PANEL
    stock = player["stock"]
    seat = player["seat"]
    hand = player.get("hand") or (translate(lang, N_("hidden card")) if player["hand_count"] else "–")
    we9 = translate(lang, N_("   WE9 gold: {gold}"), gold=player["we9_gold"]) if player["we9_gold"] else ""
    parts = [rect(x, y, PANEL_W, 168, rx=5, fill="#ffffff", stroke=seat_color(seat), stroke_width="2"),
             text(x + 10, y + 18, seat_name(seat, lang), size=13, weight="bold", fill=seat_color(seat)),
             text(x + 80, y + 18, translate(lang, N_("D {d}  S {s}  P {p}  gold {gold}  VP tokens {vp}"),
                                            vp=player["vp_tokens"], **stock), size=11, class_="stock"),
             text(x + 10, y + 36, translate(lang, N_("hand: {hand}"), hand=hand) + we9, size=11)]
    for r, row in enumerate(player["display"]):
        for i, card in enumerate(row):
            cx, cy = x + 10 + i * 64, y + 46 + r * 38
            parts.append(group([rect(cx, cy, 60, 32, rx=3, fill=SYMBOL_FILL.get(card[:2], "#dddddd"),
                                     stroke="#555555"),
                                text(cx + 30, cy + 20, card, size=12, anchor="middle")], class_="display-card"))
        for i in range(len(row), 4):
            parts.append(rect(x + 10 + i * 64, y + 46 + r * 38, 60, 32, rx=3, fill="none", stroke="#cccccc",
                              stroke_dasharray="3 3"))
    return group(parts, class_="player")


def render(view: dict, highlight: list[dict] | None = None, lang: str = DEFAULT) -> str:
    """The board, both players' stocks and displays, scores, whose turn, and the legal moves."""
    highlight = list(highlight or [])
    targets = group_targets(highlight, _target)
    robber = view["robber"]
    parts = [text(LEFT, 24, translate(lang, N_("Targi — round {round} · robber on {robber} · start player: seat "
                                               "{start}"), round=view["round"], robber=robber if robber else "–",
                                  start=view["start_player"]), size=15, weight="bold"),
             text(LEFT, 46, _status(view, lang), size=13, fill=seat_color(view["to_move"][0]) if view["to_move"]
                  else "#444444", class_="turn")]
    parts += _board(view, targets, highlight, lang)
    decks = view["decks"]
    info_y = TOP + 5 * (CARD_H + GAP) + 14
    parts.append(text(LEFT, info_y, translate(
        lang, N_("Decks: goods {goods}, tribe {tribe} · discards: goods {goods_out}, tribe {tribe_out}"),
        goods=decks["goods"], tribe=decks["tribe"], goods_out=view["discard_counts"]["goods"],
        tribe_out=view["discard_counts"]["tribe"]), size=11))
    for i, player in enumerate(view["players"]):
        parts.append(_player(view, player, TOP + i * 178, lang))
    winners = []
    if view["over"]:
        best = max(entry["total"] for entry in view["scores"])
        winners = [entry["seat"] for entry in view["scores"] if entry["total"] == best]
    rows = [{"seat": entry["seat"], "total": entry["total"], "to_move": entry["seat"] in view["to_move"],
             "winner": entry["seat"] in winners} for entry in view["scores"]]
    parts.append(score_box(PANEL, TOP + 2 * 178, rows, heading=N_("Scores (provisional)") if not view["over"]
                           else N_("Scores (points only)"), width=PANEL_W, lang=lang))
    free = [i for i, move in enumerate(highlight) if _target(move) is None]
    y = TOP + 2 * 178 + 92
    if free:
        parts.append(text(PANEL, y, translate(lang, N_("Your choices")), size=13, weight="bold"))
        for row, i in enumerate(free[:24]):
            bx, by = PANEL + (row % 2) * (PANEL_W / 2), y + 8 + (row // 2) * 22
            parts.append(hl_rect(bx, by, PANEL_W / 2 - 6, 18, [i], tip=move_label(highlight[i])))
            parts.append(text(bx + 5, by + 13, move_label(highlight[i])[:30], size=10))
    items = [(N_("seat 0 Targi / marker"), seat_color(0)), (N_("seat 1 Targi / marker"), seat_color(1)),
             (N_("used (hollow)"), "#ffffff"), (N_("robber"), ROBBER), (N_("goods card"), KIND_FILL["goods"]),
             (N_("tribe card"), KIND_FILL["tribe"]), (N_("face-down card"), "#bbbbbb")]
    legend_y = info_y + 14
    parts.append(legend(LEFT, legend_y, items, width=220, lang=lang))
    height = max(legend_y + legend_height(items), y + 12 + 22 * ((len(free[:24]) + 1) // 2)) + 12
    return document(PANEL + PANEL_W + 16, height, parts, doc_title=f"Targi round {view['round']}",
                    desc=_status(view, lang))
