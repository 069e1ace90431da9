"""Targi in words: the templates of its events and moves (``engine.texts``), in the
publisher's terms (Targi-Figur, Stammesmarker, Warenkarte, Stammeskarte, Datteln, Salz,
Pfeffer, Räuber, Überfall; the border cards Händler, Silberschmied, Fata Morgana)."""

from __future__ import annotations

from engine.i18n import N_, translate
from engine.texts import listing

EVENTS = {
    "round": N_("Round {round} begins; {start_player} starts"),
    "start_player": N_("{seat} is the start player"),
    "markers": N_("The tribe markers go on the crossings"),
    "placed": N_("{seat} places a Targi on border card {card}"),
    "no_placement": N_("{seat} has no space left for a Targi"),
    "revealed": N_("Card {card} is turned face up at {space}"),
    "reshuffle": N_("The {deck} cards are shuffled into a new deck"),
    "drew_goods_card": N_("{seat} draws goods card {card}"),
    "drew_tribe_card": N_("{seat} draws tribe card {card}"),
    "drew_tribe_card/hidden": N_("{seat} draws a tribe card"),
    "use": N_("{seat} uses card {card} at {space}"),
    "use/border": N_("{seat} uses border card {card}"),
    "end_actions": N_("{seat} ends the actions"),
    "play": N_("{seat} plays tribe card {card}"),
    "discard": N_("{seat} discards card {card}"),
    "keep": N_("{seat} takes tribe card {card} into the hand"),
    "keep/hidden": N_("{seat} takes a tribe card into the hand"),
    "paid": N_("{seat} pays {cost} for {card}"),
    "placed_card": N_("{seat} places {card} in row {row}"),
    "gain": N_("{seat} gains {goods}"),
    "bonus_good": N_("{seat} gains a bonus {good} from {card}"),
    "ability": N_("{seat} uses the ability of {card}"),
    "ta9_goods": N_("{seat} chooses goods"),
    "ta9_gold": N_("{seat} chooses 1 gold"),
    "ta9_vp": N_("{seat} chooses 1 victory point"),
    "oa9_take": N_("{seat} takes {card} from the display"),
    "oa9_put": N_("{seat} puts {card} in row {row}"),
    "oa9_done": N_("{seat} is done rearranging"),
    "oa9_swap": N_("{seat} swaps {a} and {b}"),
    "oa9_none": N_("{seat} leaves the display as it is"),
    "m_gold": N_("Merchant: {seat} trades three {good} for 1 gold"),
    "m_two": N_("Merchant: {seat} trades two {give} for one {get}"),
    "m_one": N_("Merchant: {seat} trades one {give} for one {get}"),
    "m_done": N_("Merchant: {seat} is done trading"),
    "s_two": N_("Silversmith: {seat} trades two {good} for 1 victory point"),
    "s_four": N_("Silversmith: {seat} trades four {good} for 3 victory points"),
    "s_gold1": N_("Silversmith: {seat} trades 1 gold for 2 victory points"),
    "s_gold2": N_("Silversmith: {seat} trades 2 gold for 4 victory points"),
    "s_none": N_("Silversmith: {seat} trades nothing"),
    "fm": N_("Fata Morgana: {seat} moves a tribe marker from {marker} to {target}"),
    "fm_none": N_("Fata Morgana: {seat} moves no tribe marker"),
    "robber": N_("The robber moves to border card {card}"),
    "raid": N_("Raid {raid}"),
    "raid_immune": N_("{seat} is protected from the raid"),
    "raid_goods": N_("{seat} gives up {goods} in the raid"),
    "raid_gold": N_("{seat} gives up 1 gold in the raid"),
    "raid_vp": N_("{seat} gives up 1 victory point in the raid"),
    "raid_shortfall": N_("{seat} cannot give up enough in the raid"),
    "raid_bonus": N_("{seat} gains {vp} victory point in the raid"),
    "raid_credit": N_("{seat} gains {vp} victory points in the raid"),
    "discard_goods": N_("{seat} discards {goods} over the limit"),
    "discard_gold": N_("{seat} discards {gold} gold over the limit"),
    "game_end": N_("The game ends"),
}
MOVES = {
    "place": N_("Place a Targi on border card {card}"),
    "use": N_("Use the card at {space}"),
    "use/border": N_("Use border card {card}"),
    "end_actions": N_("End the actions"),
    "we8_play": N_("Play a tribe card from the hand"),
    "play": N_("Play the tribe card"),
    "keep": N_("Take the tribe card into the hand"),
    "discard": N_("Discard the card"),
    "pay": N_("Pay {cost}"),
    "row": N_("Place the card in row {row}"),
    "good": N_("Take {good}"),
    "goods": N_("Take {goods}"),
    "ta9_goods": N_("Choose goods"),
    "ta9_gold": N_("Choose 1 gold"),
    "ta9_vp": N_("Choose 1 victory point"),
    "oa9_take": N_("Take {card} from the display"),
    "oa9_put": N_("Put {card} in row {row}"),
    "oa9_done": N_("Done rearranging"),
    "oa9_swap": N_("Swap {a} and {b}"),
    "oa9_none": N_("Leave the display as it is"),
    "m_gold": N_("Merchant: trade three {good} for 1 gold"),
    "m_two": N_("Merchant: trade two {give} for one {get}"),
    "m_one": N_("Merchant: trade one {give} for one {get}"),
    "m_done": N_("Merchant: done trading"),
    "s_two": N_("Silversmith: trade two {good} for 1 victory point"),
    "s_four": N_("Silversmith: trade four {good} for 3 victory points"),
    "s_gold1": N_("Silversmith: trade 1 gold for 2 victory points"),
    "s_gold2": N_("Silversmith: trade 2 gold for 4 victory points"),
    "s_none": N_("Silversmith: trade nothing"),
    "fm": N_("Fata Morgana: move the tribe marker from {marker} to {target}"),
    "fm_none": N_("Fata Morgana: move no tribe marker"),
    "raid_goods": N_("Give up {goods} in the raid"),
    "raid_gold": N_("Give up 1 gold in the raid"),
    "raid_vp": N_("Give up 1 victory point in the raid"),
    "discard_goods": N_("Discard {goods}"),
}
#: the score sheet's breakdown (scoring.breakdown)
SCORES = {
    "vp_tokens": N_("Victory points collected"),
    "printed_vp": N_("Victory points on cards"),
    "row_bonuses": N_("Row bonuses"),
    "abilities": N_("Card abilities at the end"),
}
SETUP = {}
GOODS = {"D": N_("dates"), "S": N_("salt"), "P": N_("pepper")}
DECKS = {"goods": N_("goods"), "tribe": N_("tribe")}


def key(item: dict) -> str:
    kind = item["type"]
    if kind == "use" and "space" not in item:
        return "use/border"
    if kind in ("keep", "drew_tribe_card") and "seat" in item and "card" not in item:   # another seat's card
        return f"{kind}/hidden"
    return kind


def amounts(lang: str, d=0, s=0, p=0, gold=0) -> str:
    """``2 dates, 1 salt`` (``nothing`` for none)."""
    parts = [f"{n} {translate(lang, name)}" for n, name in
             ((d, GOODS["D"]), (s, GOODS["S"]), (p, GOODS["P"]), (gold, N_("gold"))) if n]
    return listing(parts, lang) if parts else translate(lang, N_("nothing"))


def words(item: dict, lang: str) -> dict:
    out = {name: translate(lang, GOODS[item[name]]) for name in ("good", "give", "get") if item.get(name) in GOODS}
    if "d" in item:
        out["goods"] = amounts(lang, item["d"], item["s"], item["p"])
        out["cost"] = amounts(lang, item["d"], item["s"], item["p"], item.get("gold", 0))
    if item.get("type") == "gain" and item.get("good") in GOODS:
        out["goods"] = f"{item.get('n', 1)} {translate(lang, GOODS[item['good']])}"
    if item.get("deck") in DECKS:
        out["deck"] = translate(lang, DECKS[item["deck"]])
    return out
