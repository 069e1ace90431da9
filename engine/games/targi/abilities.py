"""Tribe-card abilities as a table keyed by effect key (§12): one small handler each.

Every key names its timing, the kind of argument after the colon (``discount:oasis``),
an optional ``on_play`` handler (Once effects, run right after placement, P15) and an
optional ``end`` handler (end-game VP). Perm keys without handlers are queried where
their rule applies (``core.has``).
"""

from dataclasses import dataclass
from typing import Callable

from .core import DISPLAY_SIZE, display_count

SYMBOLS = ("oasis", "camel", "well", "tent", "targia")
GOOD_ARGS = ("dates", "salt", "pepper")


@dataclass(frozen=True)
class Ability:
    timing: str                      # "perm" | "once" | "end"
    arg: str | None = None           # None | "symbol" | "good" | "int"
    on_play: Callable | None = None  # (state, seat, card, arg) -> events
    end: Callable | None = None      # (arg, cfg, own, other, card) -> VP


# -- Once effects -----------------------------------------------------------------
def _goods_of_choice(state, seat, card, n):
    if n <= 0:
        return [{"type": "ability", "seat": seat, "card": card, "goods": 0}]
    state["stack"].append({"dp": "GOODS_MULTI", "seat": seat, "n": n, "card": card})
    return []


def once_we7(state, seat, card, arg):
    n = display_count(state["players"][seat])
    if not state["cfg"].opt["we7_counts_itself"]:
        n -= 1
    return _goods_of_choice(state, seat, card, n // 2)


def once_cr9(state, seat, card, arg):
    n = display_count(state["players"][seat])
    if not state["cfg"].opt["cr9_counts_after_placing"]:
        n -= 1
    return _goods_of_choice(state, seat, card, (DISPLAY_SIZE - n) // 2)


def once_ta9(state, seat, card, arg):
    state["stack"].append({"dp": "TA9", "seat": seat, "card": card})
    return []


def once_oa9(state, seat, card, arg):
    if state["cfg"].opt["oa9_mode"] == "swap":
        state["stack"].append({"dp": "OA9", "seat": seat, "card": card})
    else:
        state["stack"].append({"dp": "OA9", "seat": seat, "card": card, "taken": [], "put": False})
    return []


def once_te9(state, seat, card, arg):
    state["players"][1 - seat]["te9"] = state["round"] + 1
    return [{"type": "ability", "seat": seat, "card": card, "opponent_limited_round": state["round"] + 1}]


def once_we9(state, seat, card, arg):
    player = state["players"][seat]
    if state["cfg"].opt["we9_gold_in_stock"]:
        player["gold"] += 1
    else:
        player["we9"] += 1
    return [{"type": "ability", "seat": seat, "card": card, "gold": 1}]


def once_oa6(state, seat, card, arg):
    state["players"][seat]["oa6_next"] = True
    return []


# -- End-game scoring -------------------------------------------------------------
def _symbols(cfg, player):
    return [cfg.symbol[c] for row in player["display"] for c in row]


def end_vp_per_2(arg, cfg, own, other, card):
    return _symbols(cfg, own).count(arg) // 2


def end_more_cards(arg, cfg, own, other, card):
    return arg if display_count(own) > display_count(other) else 0


def end_rightmost(arg, cfg, own, other, card):
    return arg if any(len(row) == 4 and row[3] == card for row in own["display"]) else 0


def end_display_at_least(arg, cfg, own, other, card):
    return 1 if display_count(own) >= arg else 0


ABILITIES = {
    "discount": Ability("perm", "symbol"),
    "raid_immunity": Ability("perm", on_play=once_oa6),
    "bonus_good_if_got": Ability("perm", "good"),
    "good_if_no_goods_card": Ability("perm"),
    "move_2_display_cards": Ability("once", on_play=once_oa9),
    "vp_per_2": Ability("end", "symbol", end=end_vp_per_2),
    "vp_if_more_cards_than_opponent": Ability("end", "int", end=end_more_cards),
    "vp_if_rightmost_of_full_row": Ability("end", "int", end=end_rightmost),
    "vp_if_display_at_least": Ability("end", "int", end=end_display_at_least),
    "diff_row_bonus_4_for_2_rows": Ability("end"),
    "goods_per_2_free_slots": Ability("once", on_play=once_cr9),
    "goods_per_2_display_cards": Ability("once", on_play=once_we7),
    "choose_3_goods_or_1_gold_or_1_vp": Ability("once", on_play=once_ta9),
    "may_place_on_robber": Ability("perm"),
    "play_hand_card_for_extra_good": Ability("perm"),
    "stored_gold_for_gold_costs": Ability("perm", on_play=once_we9),
    "noble_discount": Ability("perm"),
    "merchant_1_to_1": Ability("perm"),
    "opponent_2_targi_next_round": Ability("once", on_play=once_te9),
    "vp_per_raid": Ability("perm"),
}


def parse_effect(text: str):
    """``"key:arg"`` -> (key, arg) with arg converted; raises ValueError with the reason."""
    key, _, raw = text.partition(":")
    ability = ABILITIES.get(key)
    if ability is None:
        raise ValueError(f"unknown effect key {key!r}")
    if ability.arg is None:
        if raw:
            raise ValueError(f"effect {key!r} takes no argument")
        return key, None
    if ability.arg == "symbol" and raw in SYMBOLS:
        return key, raw
    if ability.arg == "good" and raw in GOOD_ARGS:
        return key, raw
    if ability.arg == "int" and raw.isdigit():
        return key, int(raw)
    raise ValueError(f"effect {key!r} needs a {ability.arg} argument, got {raw!r}")
