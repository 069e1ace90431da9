"""Card data (goods and tribe cards): the packaged versioned file, validation, compilation.

The data can be replaced through the ``cards`` option with an object of the same shape
as ``data/cards_v1.json``; :func:`validate` reports every problem as a :class:`Problems`.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from engine.problems import Problems

from .abilities import ABILITIES, SYMBOLS, parse_effect
from .board import INITIAL_KIND

DATA_FILE = "cards_v1.json"
GOODS_KINDS = ("all", "choose_one")
TIMINGS = (None, "perm", "once", "end")
#: the keys each object of the data may have
FIELDS = {
    "cards": {"format", "version", "edition", "source", "goods_cards", "tribe_cards"},
    "goods_cards": {"id", "copies", "kind", "goods", "gold", "vp"},
    "tribe_cards": {"id", "symbol", "cost", "alt_gold", "vp", "timing", "effect"},
}


@cache
def packaged() -> dict:
    """The printed cards of the base game (version 1)."""
    return json.loads(resources.files(__package__).joinpath("data", DATA_FILE).read_text())


def _count(value, path, problems, minimum=0):
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        problems.add(path, "invalid_value", f"must be an integer >= {minimum}")
        return False
    return True


def _check_goods_card(card, path, problems):
    if not isinstance(card, dict):
        problems.add(path, "invalid_value", "must be an object")
        return
    _count(card.get("copies"), f"{path}.copies", problems, 1)
    if card.get("kind") not in GOODS_KINDS:
        problems.add(f"{path}.kind", "invalid_value", f"must be one of {list(GOODS_KINDS)}")
    goods = card.get("goods")
    if not isinstance(goods, dict) or set(goods) != {"D", "S", "P"}:
        problems.add(f"{path}.goods", "invalid_value", "must be an object with exactly D, S and P")
    else:
        ok = all([_count(goods[k], f"{path}.goods.{k}", problems) for k in "DSP"])
        if ok and card.get("kind") == "choose_one" and not any(goods.values()):
            problems.add(f"{path}.goods", "choose_one_empty", "a choose_one card needs at least one good")
    for key in ("gold", "vp"):
        if _count(card.get(key), f"{path}.{key}", problems) and card[key] and card.get("kind") == "choose_one":
            problems.add(f"{path}.{key}", "choose_one_goods_only", "a choose_one card offers goods only")


def _check_tribe_card(card, path, problems):
    if not isinstance(card, dict):
        problems.add(path, "invalid_value", "must be an object")
        return
    if card.get("symbol") not in SYMBOLS:
        problems.add(f"{path}.symbol", "invalid_value", f"must be one of {list(SYMBOLS)}")
    cost = card.get("cost")
    if not isinstance(cost, dict) or set(cost) != {"D", "S", "P", "gold"}:
        problems.add(f"{path}.cost", "invalid_value", "must be an object with exactly D, S, P and gold")
    else:
        for k in ("D", "S", "P", "gold"):
            _count(cost[k], f"{path}.cost.{k}", problems)
    if card.get("alt_gold") is not None:
        _count(card["alt_gold"], f"{path}.alt_gold", problems, 1)
    _count(card.get("vp"), f"{path}.vp", problems)
    timing, effect = card.get("timing"), card.get("effect")
    if timing not in TIMINGS:
        problems.add(f"{path}.timing", "invalid_value", "must be null, 'perm', 'once' or 'end'")
    if effect is None:
        if timing is not None:
            problems.add(f"{path}.effect", "required", "a card with a timing needs an effect")
        return
    if not isinstance(effect, str):
        problems.add(f"{path}.effect", "invalid_value", "must be a string or null")
        return
    try:
        key, _ = parse_effect(effect)
    except ValueError as exc:
        problems.add(f"{path}.effect", "invalid_effect", str(exc))
        return
    if ABILITIES[key].timing != timing:
        problems.add(f"{path}.timing", "effect_timing", f"effect {key!r} has timing {ABILITIES[key].timing!r}")


def validate(data) -> Problems:
    """Every problem of a card data object, at paths ``cards.<path>``."""
    problems = Problems()
    if not isinstance(data, dict):
        problems.add("cards", "invalid_value", "must be an object")
        return problems
    problems.unknown_fields(data, FIELDS["cards"], "cards")
    if data.get("format") != "targi-cards":
        problems.add("cards.format", "invalid_value", "must be 'targi-cards'")
    if not isinstance(data.get("version"), str):
        problems.add("cards.version", "invalid_value", "must be a string")
    needed = {"goods_cards": INITIAL_KIND.count("goods"), "tribe_cards": INITIAL_KIND.count("tribe")}
    checks = {"goods_cards": _check_goods_card, "tribe_cards": _check_tribe_card}
    ids = set()
    for section, check in checks.items():
        cards = data.get(section)
        if not isinstance(cards, list):
            problems.add(f"cards.{section}", "invalid_value", "must be a list")
            continue
        for i, card in enumerate(cards):
            path = f"cards.{section}.{i}"
            check(card, path, problems)
            if isinstance(card, dict):
                problems.unknown_fields(card, FIELDS[section], path)
            cid = card.get("id") if isinstance(card, dict) else None
            if not isinstance(cid, str) or not cid:
                problems.add(f"{path}.id", "invalid_value", "must be a non-empty string")
            elif cid in ids:
                problems.add(f"{path}.id", "duplicate_id", f"duplicate card id {cid!r}")
            else:
                ids.add(cid)
        total = sum(c.get("copies", 1) if isinstance(c, dict) and isinstance(c.get("copies", 1), int) else 0
                    for c in cards)
        if total < needed[section]:
            problems.add(f"cards.{section}", "count", f"needs at least {needed[section]} cards for the central area")
    return problems


class CardSet:
    """Compiled card tables plus the options: shared, immutable, never copied with a state."""

    __slots__ = ("opt", "goods", "copies", "tribe_ids", "symbol", "cost", "alt_gold", "vp", "effect",
                 "version")

    def __init__(self, options: dict):
        data = options.get("cards") or packaged()
        self.opt = options
        self.version = data["version"]
        self.goods = {c["id"]: (c["kind"], (c["goods"]["D"], c["goods"]["S"], c["goods"]["P"]), c["gold"], c["vp"])
                      for c in data["goods_cards"]}
        self.copies = {c["id"]: c["copies"] for c in data["goods_cards"]}
        tribe = data["tribe_cards"]
        self.tribe_ids = [c["id"] for c in tribe]
        self.symbol = {c["id"]: c["symbol"] for c in tribe}
        self.cost = {c["id"]: ((c["cost"]["D"], c["cost"]["S"], c["cost"]["P"]), c["cost"]["gold"]) for c in tribe}
        self.alt_gold = {c["id"]: c.get("alt_gold") for c in tribe}
        self.vp = {c["id"]: c["vp"] for c in tribe}
        self.effect = {c["id"]: parse_effect(c["effect"]) if c.get("effect") else None for c in tribe}


_COMPILED: dict[str, CardSet] = {}


def compile_options(options: dict) -> CardSet:
    """The (cached) compiled card set for validated options."""
    key = json.dumps(options, sort_keys=True)
    found = _COMPILED.get(key)
    if found is None:
        found = _COMPILED[key] = CardSet(options)
    return found
