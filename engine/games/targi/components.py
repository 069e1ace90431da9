"""Card data (goods and tribe cards): the shipped set, its validation, the compiled tables.

The data can be replaced through the ``cards`` option with an object of the same shape
as ``data/cards_v1.json``; :func:`validate` reports every problem at a JSON Pointer
inside that object. A tribe card's ``effect`` is ``"key"`` or ``"key:argument"`` (§12):
:data:`EFFECTS` gives each key its timing and the kind of its argument.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.cache import BoundedCache
from engine.i18n import N_, Text
from engine.limits import within, within_size
from engine.problems import Problems, pointer

from .board import INITIAL_KIND

DATA_FILE = "cards_v1.json"
#: goods in stock order (a stock is ``[dates, salt, pepper]``): keys in moves and card data
GOODS = ("D", "S", "P")
GOOD_INDEX = {"D": 0, "S": 1, "P": 2}
#: goods as effect arguments (``bonus_good_if_got:salt``)
GOOD_NAMES = ("dates", "salt", "pepper")
SYMBOLS = ("oasis", "camel", "well", "tent", "targia")
GOODS_CARD_KINDS = ("all", "choose_one")
TIMINGS = (None, "perm", "once", "end")
#: limits of card data (``too_large``; the printed cards: 12 goods cards with up to 3 copies,
#: 45 tribe cards, numbers up to 4, 8 KB)
MAX_DATA_BYTES = 64 * 1024
MAX_CARDS = 200
MAX_COPIES = 20
MAX_NUMBER = 99
#: the keys each object of the data may have
FIELDS = {
    "cards": {"format", "version", "edition", "source", "goods_cards", "tribe_cards"},
    "goods_cards": {"id", "copies", "kind", "goods", "gold", "vp"},
    "tribe_cards": {"id", "symbol", "cost", "alt_gold", "vp", "timing", "effect"},
}


@dataclass(frozen=True)
class Effect:
    timing: str                  # "perm" | "once" | "end"
    argument: str | None = None  # None | "symbol" | "good" | "int"


#: effect key -> its timing and argument (what the keys do: rules.ON_PLAY, scoring.END_SCORES,
#: and the rules that ask ``CardSet.in_display`` for a Perm key)
EFFECTS = {
    "discount": Effect("perm", "symbol"),
    "raid_immunity": Effect("perm"),
    "bonus_good_if_got": Effect("perm", "good"),
    "good_if_no_goods_card": Effect("perm"),
    "move_2_display_cards": Effect("once"),
    "vp_per_2": Effect("end", "symbol"),
    "vp_if_more_cards_than_opponent": Effect("end", "int"),
    "vp_if_rightmost_of_full_row": Effect("end", "int"),
    "vp_if_display_at_least": Effect("end", "int"),
    "diff_row_bonus_4_for_2_rows": Effect("end"),
    "goods_per_2_free_slots": Effect("once"),
    "goods_per_2_display_cards": Effect("once"),
    "choose_3_goods_or_1_gold_or_1_vp": Effect("once"),
    "may_place_on_robber": Effect("perm"),
    "play_hand_card_for_extra_good": Effect("perm"),
    "stored_gold_for_gold_costs": Effect("perm"),
    "noble_discount": Effect("perm"),
    "merchant_1_to_1": Effect("perm"),
    "opponent_2_targi_next_round": Effect("once"),
    "vp_per_raid": Effect("perm"),
}


def parse_effect(text: str):
    """``"key:argument"`` -> (key, argument): a symbol, a good index or an int; raises
    ValueError with the reason."""
    key, _, raw = text.partition(":")
    effect = EFFECTS.get(key)
    if effect is None:
        raise ValueError(Text(N_("unknown effect key {key}"), key=repr(key)))
    if effect.argument is None:
        if raw:
            raise ValueError(Text(N_("effect {key} takes no argument"), key=repr(key)))
        return key, None
    if effect.argument == "symbol" and raw in SYMBOLS:
        return key, raw
    if effect.argument == "good" and raw in GOOD_NAMES:
        return key, GOOD_NAMES.index(raw)
    if effect.argument == "int" and raw.isdigit():
        return key, int(raw)
    raise ValueError(Text(N_("effect {key} needs a {argument} argument, got {raw}"),
                          key=repr(key), argument=effect.argument, raw=repr(raw)))


@cache
def packaged() -> dict:
    """The printed cards of the base game (version 1)."""
    return json.loads(resources.files(__package__).joinpath("data", DATA_FILE).read_text())


# -- validation -------------------------------------------------------------------
def _count(value, path, problems, minimum=0, maximum=MAX_NUMBER):
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        problems.add(path, "invalid_value", N_("must be an integer >= {minimum}"), minimum=minimum)
        return False
    return within(value, maximum, path, problems, N_("the number"))


def _check_goods_card(card, path, problems):
    if not isinstance(card, dict):
        problems.add(path, "invalid_value", N_("must be an object"))
        return
    _count(card.get("copies"), path + "/copies", problems, 1, MAX_COPIES)
    if card.get("kind") not in GOODS_CARD_KINDS:
        problems.add(path + "/kind", "invalid_value", N_("must be one of {values}"), values=list(GOODS_CARD_KINDS))
    goods = card.get("goods")
    if not isinstance(goods, dict) or set(goods) != {"D", "S", "P"}:
        problems.add(path + "/goods", "invalid_value", N_("must be an object with exactly D, S and P"))
    else:
        valid = all([_count(goods[k], path + pointer("goods", k), problems) for k in GOODS])
        if valid and card.get("kind") == "choose_one" and not any(goods.values()):
            problems.add(path + "/goods", "choose_one_empty", N_("a choose_one card needs at least one good"))
    for key in ("gold", "vp"):
        if _count(card.get(key), path + pointer(key), problems) and card[key] and card.get("kind") == "choose_one":
            problems.add(path + pointer(key), "choose_one_goods_only", N_("a choose_one card offers goods only"))


def _check_tribe_card(card, path, problems):
    if not isinstance(card, dict):
        problems.add(path, "invalid_value", N_("must be an object"))
        return
    if card.get("symbol") not in SYMBOLS:
        problems.add(path + "/symbol", "invalid_value", N_("must be one of {values}"), values=list(SYMBOLS))
    cost = card.get("cost")
    if not isinstance(cost, dict) or set(cost) != {"D", "S", "P", "gold"}:
        problems.add(path + "/cost", "invalid_value", N_("must be an object with exactly D, S, P and gold"))
    else:
        for k in ("D", "S", "P", "gold"):
            _count(cost[k], path + pointer("cost", k), problems)
    if card.get("alt_gold") is not None:
        _count(card["alt_gold"], path + "/alt_gold", problems, 1)
    _count(card.get("vp"), path + "/vp", problems)
    timing, effect = card.get("timing"), card.get("effect")
    if timing not in TIMINGS:
        problems.add(path + "/timing", "invalid_value", N_("must be null, 'perm', 'once' or 'end'"))
    if effect is None:
        if timing is not None:
            problems.add(path + "/effect", "required", N_("a card with a timing needs an effect"))
        return
    if not isinstance(effect, str):
        problems.add(path + "/effect", "invalid_value", N_("must be a string or null"))
        return
    try:
        key, argument = parse_effect(effect)
    except ValueError as exc:
        problems.add(path + "/effect", "invalid_effect", exc.args[0])
        return
    if EFFECTS[key].argument == "int":
        within(argument, MAX_NUMBER, path + "/effect", problems, N_("the effect's number"))
    if EFFECTS[key].timing != timing:
        problems.add(path + "/timing", "effect_timing", N_("effect {key} has timing {timing}"),
                     key=repr(key), timing=repr(EFFECTS[key].timing))


def validate(data) -> Problems:
    """Every problem of a card data object, at JSON Pointers inside it (``""``: the object)."""
    problems = Problems()
    if not isinstance(data, dict):
        problems.add("", "invalid_value", N_("must be an object"))
        return problems
    if not within_size(data, MAX_DATA_BYTES, "", problems, N_("the card data")):
        return problems
    problems.unknown_fields(data, FIELDS["cards"], "")
    if data.get("format") != "targi-cards":
        problems.add("/format", "invalid_value", N_("must be 'targi-cards'"))
    if not isinstance(data.get("version"), str):
        problems.add("/version", "invalid_value", N_("must be a string"))
    needed = {"goods_cards": INITIAL_KIND.count("goods"), "tribe_cards": INITIAL_KIND.count("tribe")}
    checks = {"goods_cards": _check_goods_card, "tribe_cards": _check_tribe_card}
    ids = set()
    for section, check in checks.items():
        cards = data.get(section)
        if not isinstance(cards, list):
            problems.add(pointer(section), "invalid_value", N_("must be a list"))
            continue
        if not within(len(cards), MAX_CARDS, pointer(section), problems, N_("the number of cards")):
            continue
        for i, card in enumerate(cards):
            path = pointer(section, i)
            check(card, path, problems)
            if isinstance(card, dict):
                problems.unknown_fields(card, FIELDS[section], path)
            problems.unique_id(card.get("id") if isinstance(card, dict) else None, path + "/id", ids, N_("a card id"))
        total = sum(c.get("copies", 1) if isinstance(c, dict) and isinstance(c.get("copies", 1), int) else 0
                    for c in cards)
        if total < needed[section]:
            problems.add(pointer(section), "count", N_("needs at least {count} cards for the central area"),
                         count=needed[section])
        within(total, MAX_CARDS, pointer(section), problems, N_("the number of cards with their copies"))
    return problems


# -- compiled tables --------------------------------------------------------------
class CardSet:
    """The tables of one (validated) card data object: shared, immutable, never copied with a state."""

    __slots__ = ("goods_card", "copies", "tribe_ids", "symbol", "cost", "alt_gold", "vp", "effect")

    def __init__(self, data: dict):
        goods_cards, tribe = data["goods_cards"], data["tribe_cards"]
        #: goods card id -> (kind, (d, s, p), gold, vp)
        self.goods_card = {c["id"]: (c["kind"], (c["goods"]["D"], c["goods"]["S"], c["goods"]["P"]), c["gold"],
                                     c["vp"]) for c in goods_cards}
        self.copies = {c["id"]: c["copies"] for c in goods_cards}
        self.tribe_ids = [c["id"] for c in tribe]
        self.symbol = {c["id"]: c["symbol"] for c in tribe}
        #: tribe card id -> ((d, s, p), gold)
        self.cost = {c["id"]: ((c["cost"]["D"], c["cost"]["S"], c["cost"]["P"]), c["cost"]["gold"]) for c in tribe}
        self.alt_gold = {c["id"]: c.get("alt_gold") for c in tribe}
        self.vp = {c["id"]: c["vp"] for c in tribe}
        #: tribe card id -> (effect key, argument) or None
        self.effect = {c["id"]: parse_effect(c["effect"]) if c.get("effect") else None for c in tribe}

    def in_display(self, display, key: str, argument=None) -> bool:
        """Whether a card of ``display`` has effect ``key`` (with ``argument``): Perm abilities
        work from the moment their card is placed (P14)."""
        effects = self.effect
        for row in display:
            for card in row:
                effect = effects[card]
                if effect is not None and effect[0] == key and (argument is None or effect[1] == argument):
                    return True
        return False


_CARD_SETS = BoundedCache()


def card_set(data: dict | None) -> CardSet:
    """The tables of the ``cards`` option (replacement data, or None for the printed cards),
    cached in a cache bounded in bytes."""
    return _CARD_SETS.get(json.dumps(data, sort_keys=True), lambda: CardSet(data or packaged()))
