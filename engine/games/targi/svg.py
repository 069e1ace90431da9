"""A standalone SVG picture of a Targi view (drawn from the view JSON only).

The 5 x 5 grid of cards as printed: border cards with their action in words, central goods
cards with what they give, tribe cards with symbol, cost, victory points and ability (from the
printed card data, ``components.packaged``); Targi, tribe markers and the robber; each seat's
stock, hand size and display; the pending decision in words, with a target for every move: a
card of the grid or the display, or a button labelled with the move's words.
"""

from __future__ import annotations

from engine.i18n import DEFAULT, N_, translate
from engine.svg import (circle, document, group, group_targets, hl_rect, legend, legend_height, polygon, rect,
                        seat_color, text, title, wrap)
from engine.texts import move_text, seat_name

from .board import BORDER, CORNERS, RAIDS
from .components import EFFECTS, GOODS, card_set

WIDTH = 780
LEFT, TOP = 10, 54
CW, CH, GAP = 148, 88, 5            # a card of the 5 x 5 grid
MW, MH = 132, 70                    # a card of a display or a hand
PLAYER_H = 3 * (MH + 5) + 11        # a seat's box
BUTTON_H = 26
NO_SWATCH = "<g/>"
#: border card number -> (row, col) of the 5 x 5 grid (§2.1)
GRID = {16: (0, 0), 1: (0, 1), 2: (0, 2), 3: (0, 3), 4: (0, 4), 5: (1, 4), 6: (2, 4), 7: (3, 4), 8: (4, 4),
        9: (4, 3), 10: (4, 2), 11: (4, 1), 12: (4, 0), 13: (3, 0), 14: (2, 0), 15: (1, 0)}
ACTIONS = {"noble": (N_("Noble"), N_("play or discard the hand card")),
           "merchant": (N_("Merchant"), N_("trade goods, several times")),
           "fata_morgana": (N_("Fata Morgana"), N_("move a tribe marker")),
           "silversmith": (N_("Silversmith"), N_("one trade into victory points")),
           "caravan": (N_("Caravan"), N_("draw a goods card")),
           "tribal_expansion": (N_("Tribal Expansion"), N_("draw a tribe card"))}
GOOD_NAMES = (N_("Dates"), N_("Salt"), N_("Pepper"))
#: goods D, S, P and gold: chip colours (the chips carry their letter too)
CHIP = {"D": "#a0643c", "S": "#f4f4f4", "P": "#c8413a", "G": "#e8c23a"}
CHIP_TEXT = {"D": "#ffffff", "S": "#222222", "P": "#ffffff", "G": "#222222"}
SYMBOLS = {"oasis": (N_("Oasis"), "#8fd0e8"), "camel": (N_("Camel rider"), "#e8bf7a"),
           "well": (N_("Well"), "#9dbdf0"), "tent": (N_("Tent"), "#eaa3a3"), "targia": (N_("Targia"), "#c4abe8")}
TIMINGS = {"perm": N_("Perm"), "once": N_("Once"), "end": N_("End")}
#: effect key (components.EFFECTS) -> its short text; {symbol}, {good}, {n}: the effect's argument
EFFECT_TEXTS = {
    "discount": N_("further {symbol} cards cost 1 good less"),
    "raid_immunity": N_("pays nothing at raids"),
    "bonus_good_if_got": N_("+1 {good} in a round a goods card gives {good}"),
    "good_if_no_goods_card": N_("+1 good of choice in rounds without goods cards"),
    "move_2_display_cards": N_("move up to 2 display cards"),
    "vp_per_2": N_("+1 VP per 2 {symbol} cards"),
    "vp_if_more_cards_than_opponent": N_("+{n} VP with more cards than the opponent"),
    "vp_if_rightmost_of_full_row": N_("+{n} VP as the 4th card of a full row"),
    "vp_if_display_at_least": N_("+1 VP with at least {n} display cards"),
    "diff_row_bonus_4_for_2_rows": N_("up to 2 rows of 4 different symbols score 4 VP"),
    "goods_per_2_free_slots": N_("1 good of choice per 2 free display spaces"),
    "goods_per_2_display_cards": N_("1 good of choice per 2 display cards"),
    "choose_3_goods_or_1_gold_or_1_vp": N_("3 goods of choice, 1 gold or 1 VP"),
    "may_place_on_robber": N_("may place a Targi on the robber's card"),
    "play_hand_card_for_extra_good": N_("play the hand card without the Noble for 1 good more"),
    "stored_gold_for_gold_costs": N_("1 gold on this card pays 1 gold of a cost"),
    "noble_discount": N_("the Noble plays the hand card for 1 good less"),
    "merchant_1_to_1": N_("the Merchant also trades 1 good for 1"),
    "opponent_2_targi_next_round": N_("the opponent places only 2 Targi next round"),
    "vp_per_raid": N_("+1 VP at every raid"),
}
#: decision point -> what it asks, in words ({card}, {n}, {raid}: from the decision)
DECISIONS = {
    "PLACE": N_("place a Targi on a border card"),
    "CHOOSE_ACTION": N_("use a card under a Targi or tribe marker, or end the actions"),
    "NOBLE": N_("Noble: play the hand card or discard it"),
    "TRIBE_OUTCOME": N_("tribe card {card}: play it, keep it or discard it"),
    "PAYMENT": N_("pay for {card}"),
    "ROW": N_("choose the display row for {card}"),
    "CHOOSE_GOOD": N_("choose one good"),
    "GOODS_MULTI": N_("choose {n} goods ({card})"),
    "TA9": N_("{card}: 3 goods, 1 gold or 1 victory point"),
    "OA9": N_("{card}: move up to 2 display cards"),
    "MERCHANT": N_("Merchant: trade, then finish"),
    "SILVERSMITH": N_("Silversmith: one trade into victory points"),
    "FATA_MORGANA": N_("Fata Morgana: move a tribe marker to a card"),
    "RAID_PAY": N_("raid {raid}: give up goods or victory points"),
    "LIMIT_DISCARD": N_("discard {n} goods down to 10"),
}


def _cards():
    """The printed card data (a game with its own ``cards`` option shows the ids it does not know)."""
    return card_set(None)


def _lines(x, y, rows, size=11, step=13, **attrs):
    return [text(x, y + i * step, row, size=size, **attrs) for i, row in enumerate(rows)]


def _chip(x, y, key, count=None) -> str:
    """A goods (D, S, P) or gold (G) chip with its letter, ``count`` in front."""
    label = key if count is None else f"{count} {key}"
    w = 14 if count is None else 27
    return group([rect(x, y, w, 15, rx=4, fill=CHIP[key], stroke="#555555"),
                  text(x + w / 2, y + 11.5, label, size=11, anchor="middle", weight="bold", fill=CHIP_TEXT[key])],
                 class_="chip")


def _vp_badge(cx, cy, vp) -> str:
    """The victory points printed on a tribe card: a silver disc with the number."""
    return group([circle(cx, cy, 8, fill="#d9dde3", stroke="#6b6f75"),
                  text(cx, cy + 4, str(vp), size=11, anchor="middle", weight="bold")], class_="vp")


def _goods_words(lang, amounts, gold=0, vp=0, joiner=" + ") -> str:
    parts = [f"{n} {translate(lang, name)}" for n, name in zip(amounts, GOOD_NAMES) if n]
    parts += [translate(lang, N_("{n} gold"), n=gold)] if gold else []
    parts += [translate(lang, N_("{vp} VP"), vp=vp)] if vp else []
    return joiner.join(parts)


def goods_card_text(card: str, lang: str) -> list[str]:
    """What a goods card gives, in words (one or two lines)."""
    entry = _cards().goods_card.get(card)
    if entry is None:
        return [card]
    kind, amounts, gold, vp = entry
    if kind == "choose_one":
        return [_goods_words(lang, [1 if n else 0 for n in amounts], joiner=" / "), translate(lang, N_("choose one"))]
    return [_goods_words(lang, amounts, gold, vp)]


def effect_text(card: str, lang: str) -> str:
    """A tribe card's ability in words (``""`` for none): ``Perm: further Oasis cards cost 1 good less``."""
    cards = _cards()
    effect = cards.effect.get(card)
    if effect is None:
        return ""
    key, argument = effect
    fields = {"symbol": translate(lang, SYMBOLS[argument][0]) if key in ("discount", "vp_per_2") else "",
              "good": translate(lang, GOOD_NAMES[argument]) if key == "bonus_good_if_got" else "",
              "n": argument if isinstance(argument, int) else ""}
    return f"{translate(lang, TIMINGS[EFFECTS[key].timing])}: {translate(lang, EFFECT_TEXTS[key], **fields)}"


def _symbol(card: str):
    symbol = _cards().symbol.get(card)
    return SYMBOLS.get(symbol, (N_("tribe card"), "#dddddd"))


def _tribe_card(x, y, w, h, card, lang, cost=True, css="tribe-card") -> str:
    """A tribe card: symbol and id on the band, printed VP, cost chips, ability."""
    cards = _cards()
    name, colour = _symbol(card)
    parts = [rect(x, y, w, h, rx=5, fill="#fffdf6", stroke="#6b6457"),
             rect(x, y, w, 18, rx=5, fill=colour, stroke="#6b6457"),
             text(x + 5, y + 13, f"{translate(lang, name)} {card}", size=11, weight="bold")]
    if card not in cards.vp:
        return group(parts, class_=css)
    parts.append(_vp_badge(x + w - 11, y + 9, cards.vp[card]))
    line_y = y + 30
    if cost:
        (d, s, p), gold = cards.cost[card]
        cx = x + 5
        for key, n in (("D", d), ("S", s), ("P", p), ("G", gold)):
            if n:
                parts.append(_chip(cx, y + 21, key, n))
                cx += 30
        if cards.alt_gold[card]:
            word = translate(lang, N_("or"))
            parts.append(text(cx, y + 33, word, size=11))
            parts.append(_chip(cx + len(word) * 7 + 3, y + 21, "G", cards.alt_gold[card]))
        line_y = y + 48
    ability = effect_text(card, lang)
    rows = max(1, int((y + h - 4 - line_y) // 12) + 1)
    parts += _lines(x + 5, line_y, wrap(ability, w - 10, lines=rows), step=12, class_="effect")
    tip = f"{card}: {ability}" if ability else card
    return group([title(tip)] + parts, class_=css)


def _border_card(card, x, y, lang) -> str:
    parts = [rect(x, y, CW, CH, rx=5, fill="#e4d6b8" if card in CORNERS else "#efe6d2", stroke="#8a7f6a"),
             text(x + 6, y + 15, str(card), size=11, weight="bold", fill="#6b6457")]
    if card in CORNERS:
        raid, goods, vp = RAIDS[card]
        demand = (N_("give 1 gold or {vp} VP") if raid == 4 else N_("give 1 good or {vp} VP") if goods == 1
                  else N_("give {n} goods or {vp} VP"))
        name, action = translate(lang, N_("Raid {raid}"), raid=raid), translate(lang, demand, n=goods, vp=vp)
    elif BORDER[card][0] == "take_good":
        good = BORDER[card][1]
        name, action = translate(lang, GOOD_NAMES[good]), translate(lang, N_("take 1 {good}"),
                                                                  good=translate(lang, GOOD_NAMES[good]))
        parts.append(_chip(x + CW - 22, y + 4, GOODS[good]))
    else:
        name, action = (translate(lang, words) for words in ACTIONS[BORDER[card][0]])
    size = 13 if len(name) * 13 * 0.62 <= CW - 12 else 11
    parts.append(text(x + CW / 2, y + 31, name, size=size, anchor="middle", weight="bold"))
    parts += _lines(x + CW / 2, y + 47, wrap(action, CW - 10, lines=2), anchor="middle")
    return group([title(f"{card}: {name} — {action}")] + parts, class_="border-card")


def _goods_card(card, x, y, lang) -> str:
    parts = [rect(x, y, CW, CH, rx=5, fill="#f6e7bd", stroke="#6b6457"),
             rect(x, y, CW, 18, rx=5, fill="#e3c77c", stroke="#6b6457"),
             text(x + 5, y + 13, translate(lang, N_("Goods card {card}"), card=card), size=12, weight="bold")]
    rows = goods_card_text(card, lang)
    parts += _lines(x + CW / 2, y + 40, wrap(rows[0], CW - 10, size=13, lines=2), size=13, step=15,
                    anchor="middle", weight="bold")
    parts += _lines(x + CW / 2, y + 74, rows[1:], anchor="middle")
    return group([title(f"{card}: {' — '.join(rows)}")] + parts, class_="goods-card")


def _pawn(x, y, seat, used, tip, css="targi") -> str:
    """A Targi: a pawn in its seat's colour with the seat's number (hollow once used)."""
    colour = seat_color(seat)
    fill = "#ffffff" if used else colour
    return group([title(tip), circle(x, y - 9, 5, fill=fill, stroke=colour, stroke_width="2"),
                  polygon([(x - 8, y + 8), (x - 4, y - 4), (x + 4, y - 4), (x + 8, y + 8)], fill=fill, stroke=colour,
                          stroke_width="2"),
                  text(x, y + 6, str(seat + 1), size=11, anchor="middle", weight="bold",
                       fill=colour if used else "#ffffff")], class_=css)


def _robber(x, y, tip, css="robber") -> str:
    return group([title(tip), circle(x, y - 9, 5, fill="#3c3c3c"),
                  polygon([(x - 8, y + 8), (x - 4, y - 4), (x + 4, y - 4), (x + 8, y + 8)], fill="#3c3c3c"),
                  text(x, y + 6, "R", size=11, anchor="middle", weight="bold", fill="#ffffff")], class_=css)


def _marker(x, y, seat, used, tip, css="marker") -> str:
    colour = seat_color(seat)
    return group([title(tip), rect(x, y, 18, 18, rx=2, fill="#ffffff" if used else colour, stroke=colour,
                                   stroke_width="3"),
                  text(x + 9, y + 14, str(seat + 1), size=11, anchor="middle", weight="bold",
                       fill=colour if used else "#ffffff")], class_=css)


def _xy(row, col):
    return LEFT + col * (CW + GAP), TOP + row * (CH + GAP)


def _hl(x, y, w, h, targets, key, highlight, lang):
    moves = targets.get(key)
    if not moves:
        return []
    return [hl_rect(x, y, w, h, moves, tip="; ".join(move_text(_ruleset(), highlight[i], lang) for i in moves))]


def _ruleset():
    from . import RULESET
    return RULESET


def _grid(view, targets, highlight, lang) -> list[str]:
    parts = []
    for card, (row, col) in GRID.items():
        x, y = _xy(row, col)
        parts.append(_border_card(card, x, y, lang))
        if view["robber"] == card:
            parts.append(_robber(x + CW - 14, y + CH - 16, translate(lang, N_("robber"))))
        for i, figure in enumerate(f for f in view["targi"] if f["card"] == card):
            tip = translate(lang, N_("Targi of {seat}"), seat=seat_name(figure["seat"], lang))
            parts.append(_pawn(x + 14 + 22 * i, y + CH - 16, figure["seat"], figure["used"], tip))
        parts += _hl(x, y, CW, CH, targets, ("card", card), highlight, lang)
    for cell in view["central"]:
        r, c = cell["space"]
        x, y = _xy(r, c)
        kind = translate(lang, N_("goods card") if cell["kind"] == "goods" else N_("tribe card"))
        if cell["card"]:
            parts.append(_goods_card(cell["card"], x, y, lang) if cell["kind"] == "goods"
                         else _tribe_card(x, y, CW, CH, cell["card"], lang))
        else:
            state = N_("face down") if cell["face_down"] else N_("empty space")
            parts.append(group([rect(x, y, CW, CH, rx=5, fill="#b9b3a6" if cell["face_down"] else "#f7f3ea",
                                     stroke="#6b6457", stroke_dasharray=None if cell["face_down"] else "4 3"),
                                text(x + CW / 2, y + 40, kind if cell["face_down"] else "", size=12,
                                     anchor="middle", weight="bold"),
                                text(x + CW / 2, y + 56, translate(lang, state), size=11, anchor="middle")],
                               class_="central-card"))
        for marker in view["markers"]:
            if marker["space"] == [r, c]:
                tip = translate(lang, N_("tribe marker of {seat}"), seat=seat_name(marker["seat"], lang))
                parts.append(_marker(x + CW - 24, y + CH - 24, marker["seat"], marker["used"], tip))
        parts += _hl(x, y, CW, CH, targets, ("space", r, c), highlight, lang)
    return parts


def _target(move):
    kind = move.get("type")
    if kind in ("place", "use") and "card" in move:
        return ("card", move["card"])
    if kind == "use":
        return ("space", *move["space"])
    if kind == "fm":
        return ("space", *move["target"])
    if kind == "row":
        return ("row", move["row"])
    if kind == "oa9_take":
        return ("display", move["card"])
    if kind == "oa9_swap":
        return ("display", move["a"])
    return None


def _decision_words(view, lang) -> str:
    decision = view["decision"] or {}
    point = view["pending"]
    fields = {"card": decision.get("card") or translate(lang, N_("(hidden)")), "n": decision.get("n", ""),
              "raid": RAIDS[decision["corner"]][0] if "corner" in decision else ""}
    return translate(lang, DECISIONS[point], **fields) if point in DECISIONS else str(point)


def _status(view, lang) -> str:
    if view["over"]:
        return translate(lang, N_("Game over"))
    if view["to_move"]:
        return translate(lang, N_("{seat} to move: {pending}"), seat=seat_name(view["to_move"][0], lang),
                         pending=_decision_words(view, lang))
    return translate(lang, N_("Chance step"))


def _button(x, y, w, label, indices, tip) -> list[str]:
    return [rect(x, y, w, BUTTON_H, rx=5, fill="#ffffff", stroke="#777777", class_="button"),
            text(x + 8, y + 17, wrap(label, w - 14, size=12, lines=1)[0], size=12, class_="button-label"),
            hl_rect(x, y, w, BUTTON_H, indices, tip=tip, rx=5)]


def _button_label(move, lang) -> str:
    words = move_text(_ruleset(), move, lang)
    if move.get("we9"):
        words += translate(lang, N_(" + the gold stored on WE9"))
    return words


def _panel(view, highlight, free, y, lang) -> tuple[list[str], float]:
    """The pending decision in words, the card it is about, and a button for each move without a card."""
    parts = [text(LEFT, y + 16, _status(view, lang), size=14, weight="bold", class_="decision",
                  fill=seat_color(view["to_move"][0]) if view["to_move"] else "#444444")]
    decision = view["decision"] or {}
    card = decision.get("card")
    if card is None and view["pending"] == "NOBLE":
        card = view["players"][decision["seat"]].get("hand")
    x = LEFT
    top = y + 26
    bottom = top
    if card and view["pending"] != "CHOOSE_GOOD":
        parts.append(_tribe_card(LEFT, top, CW, CH, card, lang, css="decision-card"))
        x, bottom = LEFT + CW + 10, top + CH
    columns = 2
    width = (WIDTH - LEFT - x - 6 * (columns - 1)) / columns
    for n, i in enumerate(free):
        bx, by = x + (n % columns) * (width + 6), top + (n // columns) * (BUTTON_H + 5)
        label = _button_label(highlight[i], lang)
        parts += _button(bx, by, width, label, [i], label)
        bottom = max(bottom, by + BUTTON_H)
    return parts, bottom + 10


def _stock_rows(player, lang) -> list[tuple[str, str]]:
    stock = player["stock"]
    gold = translate(lang, N_("Gold"))
    return [("D", f"{translate(lang, GOOD_NAMES[0])} {stock['d']}"),
            ("S", f"{translate(lang, GOOD_NAMES[1])} {stock['s']}"),
            ("P", f"{translate(lang, GOOD_NAMES[2])} {stock['p']}"),
            ("G", f"{gold} {stock['gold']}")]


def _player(view, player, y, targets, highlight, lang) -> list[str]:
    seat = player["seat"]
    colour = seat_color(seat)
    score = next((s["total"] for s in view["scores"] if s["seat"] == seat), 0)
    marks = " ▶" if seat in view["to_move"] else ""
    parts = [rect(LEFT, y, WIDTH - 2 * LEFT, PLAYER_H, rx=6, fill="#ffffff", stroke=colour, stroke_width="3"),
             text(LEFT + 10, y + 20, seat_name(seat, lang) + marks, size=14, weight="bold", fill="#222222"),
             rect(LEFT + 10, y + 27, 60, 4, fill=colour)]
    for n, (key, words) in enumerate(_stock_rows(player, lang)):
        cx, cy = LEFT + 10 + (n % 2) * 96, y + 40 + (n // 2) * 19
        parts += [_chip(cx, cy, key), text(cx + 18, cy + 12, words, size=12, class_="stock")]
    hand = player.get("hand")
    extra = [translate(lang, N_("VP tokens: {vp}"), vp=player["vp_tokens"]),
             translate(lang, N_("score: {score}"), score=score)]
    if player["we9_gold"]:
        extra.append(translate(lang, N_("gold stored on WE9: {n}"), n=player["we9_gold"]))
    if player["limited_round"]:
        extra.append(translate(lang, N_("only 2 Targi in round {round}"), round=player["limited_round"]))
    extra.append(translate(lang, N_("hand:") if hand else N_("hand: 1 hidden card") if player["hand_count"]
                           else N_("hand: empty")))
    parts += _lines(LEFT + 10, y + 96, extra, size=12, step=16, class_="stock")
    if hand:
        top = y + 96 + 16 * len(extra) - 8
        parts.append(_tribe_card(LEFT + 10, top, 186, y + PLAYER_H - 6 - top, hand, lang, css="hand-card"))
    dx = LEFT + 214
    for r, row in enumerate(player["display"]):
        ry = y + 8 + r * (MH + 5)
        parts.append(text(dx - 6, ry + MH / 2 + 4, str(r + 1), size=12, anchor="end", weight="bold", fill="#6b6457"))
        for i in range(4):
            cx = dx + i * (MW + 4)
            if i < len(row):
                parts.append(_tribe_card(cx, ry, MW, MH, row[i], lang, cost=False, css="display-card"))
                parts += _hl(cx, ry, MW, MH, targets, ("display", row[i]), highlight, lang)
            else:
                parts.append(rect(cx, ry, MW, MH, rx=4, fill="none", stroke="#c9c2b3", stroke_dasharray="4 3"))
        if len(row) < 4 and seat in view["to_move"]:
            cx = dx + len(row) * (MW + 4)
            parts += _hl(cx, ry, MW, MH, targets, ("row", r + 1), highlight, lang)
    return [group(parts, class_="player")]


def _legends(y, lang) -> tuple[list[str], float]:
    pieces = [(N_("Targi (the number: the player)"), group(_pawn(0, 0, 0, False, "", None), transform="translate(6,7) scale(0.6)")),
              (N_("tribe marker"), group(_marker(0, 0, 0, False, "", None), transform="scale(0.7)")),
              (N_("hollow: used this round"), group(_marker(0, 0, 0, True, "", None), transform="scale(0.7)")),
              (N_("robber: blocks its card"), group(_robber(0, 0, "", None), transform="translate(6,7) scale(0.6)")),
              (N_("face-down card"), "#b9b3a6")]
    goods = [(GOOD_NAMES[0], _chip(0, -1, "D")), (GOOD_NAMES[1], _chip(0, -1, "S")),
             (GOOD_NAMES[2], _chip(0, -1, "P")), (N_("gold"), _chip(0, -1, "G")),
             (N_("VP: victory points"), _vp_badge(6, 6, 2))]
    cards = [(name, colour) for name, colour in SYMBOLS.values()]
    timing = [(N_("Perm: while in the display"), NO_SWATCH), (N_("Once: when played"), NO_SWATCH),
              (N_("End: at the game end"), NO_SWATCH)]
    boxes = [(pieces, N_("Pieces")), (goods, N_("Goods (cost chips)")), (cards + timing, N_("Tribe cards"))]
    widths = (270, 230, 250)
    parts, x = [], LEFT
    for (items, heading), width in zip(boxes, widths):
        parts.append(legend(x, y, items, heading=heading, width=width - 8, lang=lang))
        x += width
    return parts, y + max(legend_height(items) for items, _ in boxes)


def render(view: dict, highlight: list[dict] | None = None, lang: str = DEFAULT) -> str:
    """The grid of cards, the decision with its buttons, both players, the decks and a legend."""
    highlight = list(highlight or [])
    targets = group_targets(highlight, _target)
    free = [i for i, move in enumerate(highlight) if _target(move) is None]
    start = seat_name(view["start_player"], lang) if view["start_player"] is not None else "–"
    parts = [text(LEFT, 22, translate(lang, N_("Targi — round {round} of 12 · start player: {seat}"),
                                      round=view["round"], seat=start), size=16, weight="bold"),
             text(LEFT, 44, translate(lang, N_("Decks: {goods} goods cards, {tribe} tribe cards · discard piles: "
                                               "{goods_out} goods cards, {tribe_out} tribe cards"),
                                      goods=view["decks"]["goods"], tribe=view["decks"]["tribe"],
                                      goods_out=view["discard_counts"]["goods"],
                                      tribe_out=view["discard_counts"]["tribe"]), size=12, fill="#444444")]
    parts += _grid(view, targets, highlight, lang)
    panel, y = _panel(view, highlight, free, TOP + 5 * CH + 4 * GAP + 6, lang)
    parts += panel
    for player in view["players"]:
        parts += _player(view, player, y, targets, highlight, lang)
        y += PLAYER_H + 8
    legends, y = _legends(y + 4, lang)
    parts += legends
    return document(WIDTH, y + 10, parts, doc_title=f"Targi round {view['round']}", desc=_status(view, lang))
