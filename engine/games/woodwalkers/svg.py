"""A standalone SVG picture of a Woodwalkers view (drawn from the view JSON only).

The board (day: green side; night: blue side) with its plain and forest fields, the
seats' start fields (tinted, with the seat's number), face-down forest tiles and
revealed flags with their values, and the animal tiles in seat colours with the
species' symbol and name ("?" where the viewer may not see it). Below it: what is
happening in words, buttons for the decisions without a field (roll, pass, re-roll,
keep, stay, guess, ...), the combat-mode tiles on display, the running duel, each seat's
character cards (wounds, medicine, dice tiles, points), the species' combat values and
a legend of every mark. Every legal move has a target.
"""

from __future__ import annotations

from engine import svg
from engine.i18n import DEFAULT, N_, translate
from engine.texts import move_text, seat_name

from .components import ATTRIBUTES, component_sets, content_hash
from .texts import ATTRIBUTES as ATTRIBUTE_NAMES
from .texts import SPECIES

WIDTH = 780
INK = "#222222"
#: board colours by variant: plain field, forest field, page
SIDES = {"day": ("#eef0e4", "#cfe3bf", "#fbf8f0"), "night": ("#c9d3ea", "#a9bde4", "#e9edf6")}
TILE, FLAG, WOUND = "#3f6b35", "#c0392b", "#b01c1c"
#: the cosmetic colours of the combat-mode tiles (data ``attribute_colours`` names them in words)
COLOURS = {"green": "#5aa04a", "yellow": "#e0b820", "purple": "#8a4fc0", "blue": "#3a6fd0"}

#: forest tiles by kind, as counted in the pile
TILE_NAMES = {"flag": N_("flag {value}"), "plus1": N_("+1 point"), "medicine": N_("medicine"), "dice": N_("dice tile")}

# -- species symbols, each in a 24 x 24 box ---------------------------------------------------------
_E = "#3a2a1a"
SYMBOLS = {
    "puma": (svg.polygon([(4, 9), (6, 2), (10, 7)], fill="#c8883a") + svg.polygon([(20, 9), (18, 2), (14, 7)],
                                                                                     fill="#c8883a")
             + svg.circle(12, 13, 8, fill="#c8883a") + svg.circle(9, 11.5, 1.2, fill=_E)
             + svg.circle(15, 11.5, 1.2, fill=_E) + svg.polygon([(10.5, 15), (13.5, 15), (12, 16.8)], fill=_E)
             + svg.path("M3 15 L8.5 16 M3 18 L8.5 17 M21 15 L15.5 16 M21 18 L15.5 17", stroke=_E, stroke_width=0.8)),
    "wolf": (svg.polygon([(4, 2), (9, 8), (5, 11)], fill="#7d7d8a") + svg.polygon([(20, 2), (15, 8), (19, 11)],
                                                                                 fill="#7d7d8a")
             + svg.polygon([(4, 8), (20, 8), (16, 16), (12, 22), (8, 16)], fill="#7d7d8a")
             + svg.circle(9, 11.5, 1.2, fill=_E) + svg.circle(15, 11.5, 1.2, fill=_E)
             + svg.circle(12, 20.5, 1.5, fill=_E)),
    "bison": (svg.path("M4 9 Q0.5 7 2 2.5 Q3.5 6 7 6.5 M20 9 Q23.5 7 22 2.5 Q20.5 6 17 6.5", stroke="#e8dcc0",
                       stroke_width=2, fill="none")
              + svg.el("ellipse", cx=12, cy=12, rx=8.5, ry=7, fill="#5a3a22")
              + svg.el("ellipse", cx=12, cy=17.5, rx=5, ry=4, fill="#7a5232")
              + svg.circle(8.5, 11, 1.2, fill="#f0e0c0") + svg.circle(15.5, 11, 1.2, fill="#f0e0c0")),
    "deer": (svg.path("M9 8 L6 2 M7.4 5 L3.5 4.5 M15 8 L18 2 M16.6 5 L20.5 4.5", stroke="#6b3d17", stroke_width=1.6,
                      fill="none", stroke_linecap="round")
             + svg.el("ellipse", cx=5.5, cy=10, rx=2.5, ry=1.5, fill="#b06a2e")
             + svg.el("ellipse", cx=18.5, cy=10, rx=2.5, ry=1.5, fill="#b06a2e")
             + svg.path("M7 9 Q12 6 17 9 L14 21 Q12 22.5 10 21 Z", fill="#b06a2e")
             + svg.circle(9.8, 12, 1.1, fill=_E) + svg.circle(14.2, 12, 1.1, fill=_E) + svg.circle(12, 20, 1.3,
                                                                                                   fill=_E)),
    "bear": (svg.circle(5.5, 6, 3.5, fill="#4a3020") + svg.circle(18.5, 6, 3.5, fill="#4a3020")
             + svg.circle(12, 13.5, 9, fill="#4a3020") + svg.el("ellipse", cx=12, cy=17, rx=4, ry=3, fill="#c8a070")
             + svg.circle(8.5, 11.5, 1.3, fill="#ffffff") + svg.circle(15.5, 11.5, 1.3, fill="#ffffff")
             + svg.circle(12, 15.8, 1.4, fill=_E)),
    "otter": (svg.path("M3 19 Q2 9 12 8 Q22 9 21 19 Q12 23 3 19 Z", fill="#8a5a3a")
              + svg.circle(5.5, 8.5, 2, fill="#8a5a3a") + svg.circle(18.5, 8.5, 2, fill="#8a5a3a")
              + svg.el("ellipse", cx=12, cy=17, rx=6, ry=4, fill="#e0c8a8")
              + svg.circle(8.5, 13, 1.2, fill=_E) + svg.circle(15.5, 13, 1.2, fill=_E) + svg.circle(12, 15.5, 1.3,
                                                                                                    fill=_E)
              + svg.path("M2 16 L8 17 M2 19 L8 18 M22 16 L16 17 M22 19 L16 18", stroke=_E, stroke_width=0.7)),
    "squirrel": (svg.path("M14 22 Q23 21 22 11 Q21 3 15 3 Q11 4 13 8 Q19 8 18 14 Q17 18 13 19 Z", fill="#d0622a")
                 + svg.el("ellipse", cx=9, cy=16, rx=4.5, ry=5.5, fill="#d0622a")
                 + svg.circle(7, 9, 3.3, fill="#d0622a") + svg.polygon([(5, 7), (5.5, 3.5), (7.5, 6)], fill="#d0622a")
                 + svg.circle(6, 8.5, 0.9, fill=_E)),
}


def symbol(species: str | None, cx: float, cy: float, size: float) -> str:
    """A species' symbol (a "?" for a hidden or unknown one) of ``size`` centred at (cx, cy)."""
    if species not in SYMBOLS:
        return svg.text(cx, cy + size * 0.3, "?", size=max(11, size * 0.8), anchor="middle", weight="bold", fill=INK)
    return svg.group(SYMBOLS[species], transform=f"translate({svg.num(cx - size / 2)},{svg.num(cy - size / 2)}) "
                                                 f"scale({svg.num(size / 24)})")


def species_name(species: str | None, lang: str) -> str:
    return translate(lang, SPECIES[species]) if species in SPECIES else "?"


def _outlined(x, y, words, size=11, anchor="middle", **attrs) -> str:
    """White text with a dark outline: legible on any seat colour."""
    return svg.text(x, y, words, size=size, anchor=anchor, weight="bold", fill="#ffffff", stroke=INK,
                    stroke_width=2.5, paint_order="stroke", **attrs)


def _flag(x, y, value) -> list[str]:
    return [svg.rect(x + 2, y + 2, 20, 24, rx=3, fill="#ffffff", stroke=INK, stroke_width=0.8) if value != "" else "",
            svg.line(x + 5, y + 4, x + 5, y + 15, stroke=INK, stroke_width=1.5),
            svg.polygon([(x + 5, y + 4), (x + 18, y + 8), (x + 5, y + 12)], fill=FLAG, stroke=INK, stroke_width=0.8),
            svg.text(x + 12, y + 25, str(value), size=11, weight="bold", anchor="middle", class_="flag-value")]


def _forest_tile(x, y, size) -> list[str]:
    return [svg.rect(x, y, size, size, rx=4, fill=TILE, stroke="#1f3a1a", class_="face-down"),
            svg.polygon([(x + size / 2, y + size * 0.18), (x + size * 0.78, y + size * 0.7),
                         (x + size * 0.22, y + size * 0.7)], fill="#8fc07a"),
            svg.rect(x + size * 0.45, y + size * 0.7, size * 0.1, size * 0.14, fill="#8fc07a")]


def animal_tile(animal: dict, x, y, size, wounds: int, own_secret: bool, lang: str) -> str:
    """An animal tile: the seat's colour and number, the species' symbol and name, wound markers."""
    seat, species = animal["seat"], animal["species"]
    parts = [svg.rect(x, y, size, size, rx=6, fill=svg.seat_color(seat), stroke=INK, stroke_width=1.5,
                      stroke_dasharray="5 3" if own_secret else None),
             svg.circle(x + size / 2, y + size * 0.42, size * 0.3, fill="#ffffff", stroke=INK, stroke_width=1),
             symbol(species, x + size / 2, y + size * 0.42, size * 0.46),
             _outlined(x + 3, y + 12, str(seat + 1), anchor="start"),
             _outlined(x + size / 2, y + size - 4, species_name(species, lang), class_="species") if species else ""]
    for w in range(wounds):
        parts.append(svg.circle(x + size - 5, y + size * 0.4 + 8 * w, 3.5, fill=WOUND, stroke="#ffffff",
                                stroke_width=1, class_="wound"))
    tip = translate(lang, N_("{seat}: {species}"), seat=seat_name(seat, lang), species=species_name(species, lang))
    return svg.group(parts + [svg.title(tip)], class_="animal", data_handle=animal["handle"], data_seat=seat)


def _die(x, y, value, size=26) -> str:
    pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
            5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    parts = [svg.rect(x, y, size, size, rx=5, fill="#ffffff", stroke=INK, stroke_width=1.5)]
    if value in pips:
        parts += [svg.circle(x + size * (0.25 + 0.25 * c), y + size * (0.25 + 0.25 * r), size * 0.08, fill=INK)
                  for c, r in pips[value]]
    else:
        parts.append(svg.text(x + size / 2, y + size * 0.68, str(value), size=12, anchor="middle", weight="bold"))
    return svg.group(parts, class_="die")


# -- data the view names -------------------------------------------------------------------------------

def _component_data(view: dict) -> dict | None:
    """The shipped component set the view names, if the game uses it unchanged (its hash matches)."""
    data = component_sets().get(view["components"]["id"])
    return data if data is not None and content_hash(data) == view["components"]["hash"] else None


def _words(move: dict, view: dict, lang: str) -> str:
    """A move in words (the texts /play shows), an animal named by its species where the viewer sees it."""
    from . import RULESET  # the package's ruleset object (it imports this module)
    named = {a["handle"]: a["species"] for a in view["animals"] if a["species"]}
    if move.get("animal") in named:
        move = {**move, "animal": species_name(named[move["animal"]], lang)}
    if move["type"] == "choose_mode":
        move = {**move, "tile": _attribute_of(view, move["tile"], lang)}
    return move_text(RULESET, move, lang)


def _attribute_of(view: dict, tile: str, lang: str) -> str:
    attribute = dict(zip(view["display"], view["display_attributes"])).get(tile)
    return translate(lang, ATTRIBUTE_NAMES[attribute]) if attribute else tile


# -- the picture ---------------------------------------------------------------------------------------

def render(view: dict, highlight: list[dict] | None = None, lang: str = DEFAULT) -> str:
    moves = list(highlight or [])
    covered: set[int] = set()
    rows = view["board"]["rows"]
    cell = min(56, (WIDTH - 40) / len(rows[0]))
    left, top = (WIDTH - cell * len(rows[0])) / 2 + 8, 48
    night = view["variant"] == "night"
    title = N_("Woodwalkers – night (animal tiles face down)") if night else N_("Woodwalkers – day")
    parts = [svg.text(10, 24, translate(lang, title), size=16, weight="bold", class_="title")]
    board, covered = _board(view, moves, left, top, cell, lang)
    parts.append(board)
    y = top + cell * len(rows) + 16
    panel, y = _panel(view, moves, covered, y, lang)
    parts.append(panel)
    return svg.document(WIDTH, y + 10, parts, doc_title=translate(lang, title), background=SIDES[view["variant"]][2],
                        desc=_status(view, lang))


def _board(view, moves, left, top, cell, lang) -> tuple[str, set[int]]:
    plain, forest, _ = SIDES[view["variant"]]
    seat_of_board = {b: s for s, b in enumerate(view["board_seat"])}
    rows = view["board"]["rows"]
    parts = []
    for c in range(len(rows[0])):
        parts.append(svg.text(left + c * cell + cell / 2, top - 4, str(c), size=11, anchor="middle", fill="#666666"))
    for r, row in enumerate(rows):
        parts.append(svg.text(left - 5, top + r * cell + cell / 2 + 4, str(r), size=11, anchor="end", fill="#666666"))
        for c, code in enumerate(row):
            x, y = left + c * cell, top + r * cell
            parts.append(svg.rect(x, y, cell, cell, fill=forest if code == "F" else plain, stroke="#9a9a8a"))
            if code in "1234" and int(code) in seat_of_board:
                seat = seat_of_board[int(code)]
                parts.append(svg.rect(x + 1, y + 1, cell - 2, cell - 2, fill=svg.seat_color(seat), fill_opacity="0.3",
                                      class_="start"))
                parts.append(svg.text(x + cell - 4, y + cell - 4, str(seat + 1), size=11, anchor="end",
                                      fill="#444444"))
    flags = []  # drawn above an animal standing on the flag
    for tile in view["forest"]:
        x, y = left + tile["at"][1] * cell, top + tile["at"][0] * cell
        if tile["revealed"]:
            flags += _flag(x + cell - 24, y, tile["value"])
        else:
            parts += _forest_tile(x + cell * 0.15, y + cell * 0.15, cell * 0.7)
    secret = view["variant"] == "night"
    for animal in view["animals"]:
        if animal["at"] is None:
            continue
        r, c = animal["at"]
        card = view["cards"][animal["seat"]].get(animal["species"]) if animal["species"] else None
        own_secret = secret and animal["species"] is not None and not _shown_to_all(view, animal)
        parts.append(animal_tile(animal, left + c * cell + 3, top + r * cell + 3, cell - 6,
                                 card["wounds"] if card else 0, own_secret, lang))
    parts += flags
    if view["duel"]:
        r, c = view["duel"]["at"]
        parts.append(svg.rect(left + c * cell - 2, top + r * cell - 2, cell + 4, cell + 4, fill="none",
                              stroke="#c08a30", stroke_width=3, stroke_dasharray="7 3", class_="duel-field"))
    covered = set()
    fields = svg.group_targets(moves, lambda m: tuple(m["to"]))
    species = {a["handle"]: a["species"] for a in view["animals"]}
    for (r, c), indices in sorted(fields.items()):
        x, y = left + c * cell, top + r * cell
        covered.update(indices)
        if not 1 < len(indices) <= 4 or any(moves[i]["type"] != "move" for i in indices):
            tip = "; ".join(_words(moves[i], view, lang) for i in indices)   # one move, or a choice in words
            parts.append(svg.hl_rect(x + 2, y + 2, cell - 4, cell - 4, indices, tip))
            continue
        part = cell / 2   # two to four animals reach this field: a quarter for each, with its symbol
        for k, i in enumerate(indices):
            px, py = x + (k % 2) * part, y + (k // 2) * part
            parts += [svg.hl_rect(px + 1, py + 1, part - 2, part - 2, [i], _words(moves[i], view, lang)),
                      svg.group(symbol(species.get(moves[i]["animal"]), px + part / 2, py + part / 2, part * 0.6),
                                pointer_events="none")]
    return svg.group(parts, class_="board"), covered


def _shown_to_all(view, animal) -> bool:
    """At night: whether everybody sees this animal now (a duellist after the guess)."""
    duel = view["duel"]
    return bool(duel and duel.get("values") and animal["handle"] in (duel["challenger"], duel["defender"]))


# -- below the board -------------------------------------------------------------------------------------

DECISIONS = {
    "arrange": N_("{seats}: place your animal tiles on your start fields"),
    "choose_mode": N_("{seats} chooses this round's combat mode"),
    "turn": N_("{seats}: roll the die and move, or pass"),
    "move": N_("{seats} rolled {die}: move one animal up to {die} fields"),
    "guess": N_("{seats} may guess the attacker (right: +1 for the defender, wrong: +1 for the attacker)"),
    "duel_roll": N_("{seats} rolls for the duel"),
    "duel_result": N_("{seats} may roll again with a dice tile or keep the roll"),
    "return": N_("{seats} takes the beaten animal back to a free start field"),
}


def _status(view, lang) -> str:
    pending = view["pending"]
    if view["phase"] == "over":
        return translate(lang, N_("Game over"))
    if not pending:
        return translate(lang, N_("Drawing"))
    seats = ", ".join(seat_name(s, lang) for s in pending["seats"])
    return translate(lang, DECISIONS.get(pending["decision"], N_("{seats} to move")), seats=seats,
                     die=pending.get("die"))


def _panel(view, moves, covered, y, lang) -> tuple[str, float]:
    out = [svg.text(10, y + 14, _status(view, lang), size=13, weight="bold", class_="status")]
    y += 24
    round_words = translate(lang, N_("Round {round}"), round=view["round"])
    if view["last_round"]:
        round_words += translate(lang, N_(" (the last round)"))
    mode = view["mode"]
    round_words += " · " + (translate(lang, N_("combat mode: {attribute}"),
                                      attribute=translate(lang, ATTRIBUTE_NAMES[mode])) if mode
                            else translate(lang, N_("no combat mode chosen yet")))
    if view["phase"] == "arrange":
        round_words = translate(lang, N_("Animal tiles placed: {counts}"), counts=", ".join(
            f"{seat_name(s, lang)} {n}/{len(card)}" for s, (n, card) in enumerate(zip(view["arranged"], view["cards"]))))
    out.append(svg.text(10, y + 12, round_words, size=12, class_="round"))
    if view["last_roll"]:
        roll = view["last_roll"]
        out.append(svg.text(734, y + 12, translate(lang, N_("Last roll: {seat}"), seat=seat_name(roll["seat"], lang)),
                            size=12, anchor="end"))
        out.append(_die(740, y - 6, roll["value"]))
    y += 26
    for block in (_buttons, _display, _duel, _cards, _values_and_legend):
        part, y = block(view, moves, covered, y, lang)
        out.append(part)
    x = 10
    for i in sorted(set(range(len(moves))) - covered):   # a decision the blocks above do not show
        words = _words(moves[i], view, lang)
        drawn, x = _button(x, y + 8, 16 + 7.2 * len(words), words, [i])
        out += drawn
    return svg.group(out, class_="panel"), y + (44 if len(covered) < len(moves) else 0)


def _button(x, y, w, words, indices, h=28) -> tuple[list[str], float]:
    return [svg.hl_rect(x, y, w, h, indices, tip=words, rx=6),
            svg.text(x + w / 2, y + h / 2 + 4, words, size=12, anchor="middle", weight="bold", pointer_events="none")
            ], x + w + 8


def _buttons(view, moves, covered, y, lang) -> tuple[str, float]:
    """A button per decision without a place on the board: species to place or guess, roll, pass, ..."""
    out, x = [], 10
    if not moves:
        return "", y
    species_moves = svg.group_targets(moves, lambda m: m["species"] if m["type"] in ("arrange", "guess") else None)
    if species_moves:
        kind = moves[next(iter(species_moves.values()))[0]]["type"]
        out.append(svg.text(10, y + 12, translate(lang, N_("Animal tiles to place (then choose a field):")
                                                  if kind == "arrange" else N_("Guess the attacker:")), size=12))
        y += 18
        for k, (species, indices) in enumerate(species_moves.items()):
            bx = 10 + k * 108
            out += [svg.hl_rect(bx, y, 100, 44, indices, tip=_words(moves[indices[0]], view, lang)
                                if kind == "guess" else species_name(species, lang), rx=6),
                    svg.group([symbol(species, bx + 20, y + 22, 30),
                               svg.text(bx + 38, y + 27, species_name(species, lang), size=12, weight="bold")],
                              pointer_events="none")]
            covered.update(indices)
        y += 52
    for i, move in enumerate(moves):
        if i in covered or move["type"] in ("use_medicine", "choose_mode"):
            continue
        words = _words(move, view, lang)
        width = 16 + 7.2 * len(words)
        if x + width > WIDTH - 10:
            x, y = 10, y + 36
        drawn, x = _button(x, y, width, words, [i])
        out += drawn
        covered.add(i)
    if x > 10:
        y += 36
    return svg.group(out, class_="buttons"), y


def _display(view, moves, covered, y, lang) -> tuple[str, float]:
    """The combat-mode tiles on display (each a target when the mode is to be chosen) and the pile."""
    data = _component_data(view) or {}
    colours = data.get("attribute_colours", {})
    label = translate(lang, N_("Combat-mode tiles on display:"))
    out = [svg.text(10, y + 20, label, size=12)]
    by_tile = svg.group_targets(moves, lambda m: m["tile"] if m["type"] == "choose_mode" else None)
    x = max(220, 24 + 6.6 * len(label))
    for tile, attribute in zip(view["display"], view["display_attributes"]):
        out += [svg.rect(x, y + 2, 130, 28, rx=5, fill=COLOURS.get(colours.get(attribute), "#999999"),
                         stroke=INK, class_="mode-tile"),
                _outlined(x + 65, y + 21, translate(lang, ATTRIBUTE_NAMES[attribute]), size=12)]
        if tile in by_tile:
            out.append(svg.hl_rect(x - 3, y - 1, 136, 34, by_tile[tile],
                                   tip=_words(moves[by_tile[tile][0]], view, lang), rx=6))
            covered.update(by_tile[tile])
        x += 140
    out.append(svg.text(x + 4, y + 20, translate(lang, N_("{count} in the pile"), count=view["mode_pile"]), size=11))
    return svg.group(out, class_="display"), y + 40


def _duel(view, moves, covered, y, lang) -> tuple[str, float]:
    """The running duel: who attacks whom, the guess at night, and each side's total."""
    duel = view["duel"]
    if not duel:
        return "", y
    night = view["variant"] == "night"
    values = duel.get("values")
    height = 30 + 20 * night + 44 * bool(values)
    out = [svg.rect(4, y, WIDTH - 8, height, rx=6, fill="#fff4e0", stroke="#c08a30")]
    head = translate(lang, N_("Duel at field ({row}, {col}): {challenger}'s {challenger_species} attacks "
                              "{defender}'s {defender_species}"), row=duel["at"][0], col=duel["at"][1],
                     challenger=seat_name(duel["challenger_seat"], lang), defender=seat_name(duel["defender_seat"], lang),
                     challenger_species=species_name(duel["challenger_species"], lang),
                     defender_species=species_name(duel["defender_species"], lang))
    out.append(svg.text(12, y + 18, head, size=12, weight="bold"))
    if night:
        guess = translate(lang, N_("The defender guesses: {species}"), species=species_name(duel["guess"], lang)) \
            if duel["guess"] else translate(lang, N_("The defender has not guessed") if not duel["guessed"]
                                            else N_("The defender does not guess"))
        out.append(svg.text(12, y + 38, guess, size=11))
    if values:
        line_y = y + 40 + 20 * night
        for k, side in enumerate(("challenger", "defender")):
            v = values[side]
            roll = "–" if v["roll"] is None else v["roll"]
            line = translate(lang, N_("{side}: value {value} + bonus {bonus} + die {roll} = {total}"),
                             side=translate(lang, N_("attacker") if side == "challenger" else N_("defender")),
                             value=v["value"], bonus=v["bonus"], roll=roll, total=v["total"])
            out.append(svg.text(12 + 380 * k, line_y, line, size=11))
        out.append(svg.text(12, line_y + 17, translate(lang, N_("value: the animal's combat value minus its wounds; bonus: "
                                                           "a night guess; the attacker needs a higher total")),
                            size=11, fill="#555555"))
    return svg.group(out, class_="duel"), y + height + 8


def _cards(view, moves, covered, y, lang) -> tuple[str, float]:
    """Per seat: medicine, dice tiles and points in words, and its character cards with wounds."""
    data = _component_data(view)
    values = {s["key"]: s for s in data["species"]} if data else {}
    medicine = svg.group_targets(moves, lambda m: m["animal"] if m["type"] == "use_medicine" else None)
    owners = {a["handle"]: (a["seat"], a["species"]) for a in view["animals"]}
    heal = {owners.get(handle): indices for handle, indices in medicine.items()}
    out = []
    if view["mode"] and values:
        out.append(svg.text(10, y + 12, translate(lang, N_("Character cards; the number: the value in this round's "
                                                           "combat mode ({attribute}), wounds subtracted"),
                                                  attribute=translate(lang, ATTRIBUTE_NAMES[view["mode"]])), size=11))
        y += 18
    for seat, card in enumerate(view["cards"]):
        held = view["held"][seat]
        out += [svg.rect(4, y, WIDTH - 8, 76, rx=4, fill="#ffffff", stroke=svg.seat_color(seat), stroke_width=2),
                svg.rect(4, y, 8, 76, fill=svg.seat_color(seat)),
                svg.text(18, y + 15, translate(lang, N_("{seat} · medicine: {medicine} · dice tiles: {dice} · points: "
                                                        "{vp} from duels and +1 tiles, {flags} from flags, {total} in all"),
                                               seat=seat_name(seat, lang), medicine=held["medicine"],
                                               dice=held["dice"], vp=view["vp"][seat],
                                               flags=view["scores"][seat] - view["vp"][seat],
                                               total=view["scores"][seat]),
                         size=12, weight="bold")]
        for k, (species, entry) in enumerate(card.items()):
            x = 18 + k * 108
            faded = "0.35" if entry["eliminated"] else None
            mini = [svg.rect(x, y + 22, 102, 48, rx=4, fill="#f6f3ea", stroke="#999999"),
                    symbol(species, x + 16, y + 40, 24),
                    svg.text(x + 31, y + 36, species_name(species, lang), size=11, weight="bold")]
            if view["mode"] and species in values:
                mini.append(svg.text(x + 94, y + 62, str(values[species][view["mode"]] - entry["wounds"]), size=16,
                                     anchor="end", weight="bold", class_="card-value"))
            for w in range(entry["wounds"]):
                mini.append(svg.circle(x + 36 + 9 * w, y + 61, 3.5, fill=WOUND, class_="wound"))
            if entry["eliminated"]:
                mini.append(svg.line(x + 4, y + 66, x + 98, y + 26, stroke=WOUND, stroke_width=2))
            mini.append(svg.title(f"{entry['name']}: {species_name(species, lang)}"))
            out.append(svg.group(mini, opacity=faded, class_="card"))
            indices = heal.get((seat, species))
            if indices:
                out.append(svg.hl_rect(x, y + 22, 102, 48, indices, tip=_words(moves[indices[0]], view, lang), rx=4))
                covered.update(indices)
        y += 82
    return svg.group(out, class_="cards"), y


def _values_and_legend(view, moves, covered, y, lang) -> tuple[str, float]:
    """The species' combat values (left) and every mark of the picture in words (right)."""
    out = []
    data = _component_data(view)
    height = 0
    if data:
        out.append(svg.text(10, y + 14, translate(lang, N_("Combat values (each wound: −1)")), size=12, weight="bold"))
        for k, attribute in enumerate(ATTRIBUTES):
            out.append(svg.text(140 + k * 64, y + 30 + 12 * (k % 2), translate(lang, ATTRIBUTE_NAMES[attribute]), size=11,
                                anchor="middle", weight="bold" if attribute == view["mode"] else None))
        for r, entry in enumerate(data["species"]):
            top = y + 46 + r * 22
            out += [symbol(entry["key"], 20, top + 10, 20),
                    svg.text(34, top + 15, species_name(entry["key"], lang), size=11)]
            out += [svg.text(140 + k * 64, top + 15, str(entry[a]), size=11, anchor="middle")
                    for k, a in enumerate(ATTRIBUTES)]
        height = 50 + 22 * len(data["species"])
    plain, forest, _ = SIDES[view["variant"]]
    marks = [(N_("plain field"), svg.rect(0, 0, 16, 16, fill=plain, stroke="#999999")),
             (N_("forest field"), svg.rect(0, 0, 16, 16, fill=forest, stroke="#999999")),
             (N_("start field of the player with this number"),
              svg.rect(0, 0, 16, 16, fill=svg.seat_color(0), fill_opacity="0.3", stroke="#999999")),
             (N_("forest tile, face down: medicine, dice, +1 or flag"), "".join(_forest_tile(0, 0, 16))),
             (N_("flag: its points go to the animal on it at the end"), "".join(_flag(-2, -4, ""))),
             (N_("animal tile: player number, species"), svg.rect(0, 0, 16, 16, rx=3, fill=svg.seat_color(0))),
             (N_("?: an animal tile face down"),
              svg.text(8, 13, "?", size=13, anchor="middle", weight="bold")),
             (N_("red dot: a wound (−1 on all values; 3 remove the animal)"),
              svg.circle(8, 8, 4, fill=WOUND))]
    marks.insert(0, (N_("numbers along the edges: row and column"),
                     svg.text(8, 12, "7", size=11, anchor="middle", fill="#666666")))
    if view["duel"]:
        marks.append((N_("orange dashed frame: the field of the duel"),
                      svg.rect(1, 1, 14, 14, fill="none", stroke="#c08a30", stroke_width=2, stroke_dasharray="4 2")))
    if view["variant"] == "night":
        marks.append((N_("dashed: your animal, face down for the others"),
                      svg.rect(1, 1, 14, 14, rx=3, fill="none", stroke=INK, stroke_dasharray="4 2")))
    if view["last_roll"]:
        marks.append((N_("die: the last roll"), _die(0, 0, 5, 16)))
    if moves:
        marks.append((N_("pink: a choice you can click"),
                      svg.rect(0, 0, 16, 16, fill=svg.HIGHLIGHT, fill_opacity="0.3", stroke=svg.HIGHLIGHT)))
    x0 = 380 if data else 10
    out.append(svg.text(x0, y + 14, translate(lang, N_("Legend")), size=12, weight="bold"))
    for k, (words, swatch) in enumerate(marks):
        top = y + 22 + 20 * k
        out += [svg.group(swatch, transform=f"translate({x0},{top})"),
                svg.text(x0 + 22, top + 12, translate(lang, words), size=11)]
    top = y + 40 + 20 * len(marks)
    out.append(svg.text(x0, top, translate(lang, N_("Forest tiles still face down:")), size=11, weight="bold"))
    for k, entry in enumerate(view["forest_left"]):
        out.append(svg.text(x0 + 10 + 120 * (k % 3), top + 18 + 16 * (k // 3),
                            f"{entry['count']} × {translate(lang, TILE_NAMES[entry['kind']], value=entry['value'])}",
                            size=11))
    height = max(height, 60 + 20 * len(marks) + 16 * ((len(view["forest_left"]) + 2) // 3))
    return svg.group(out, class_="legend"), y + height
