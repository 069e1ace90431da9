"""Options (every decision of spec §13 and §14), move payload schemas (§15.1), and the
checks beyond the schema (replacement card data)."""

from marshmallow import RAISE, Schema, fields, validate

from engine.contract import JsonBoolean
from engine.problems import Problems, pointer

from . import components


def _choice(default, alternatives, ref, text):
    values = [default, *alternatives]
    fixed = "" if alternatives else " Fixed: only the default is accepted."
    return fields.String(load_default=default, validate=validate.OneOf(values),
                      metadata={"description": f"{ref}: {text} Values: {values}; default {default!r}.{fixed}"})


def _flag(default, ref, text, fixed=False):
    return JsonBoolean(load_default=default,
                          validate=validate.OneOf([default]) if fixed else None,
                          metadata={"description": f"{ref}: {text} Default {str(default).lower()}."
                                    + (" Fixed." if fixed else "")})


class Options(Schema):
    class Meta:
        unknown = RAISE
        ordered = True

    end_on_12th_card = _choice("immediately", ["end_of_round"], "A1",
                               "when a 12th display card ends the game: right after that play, or after the round.")
    robber_after_raid = _choice("advance", [], "A2", "after a raid the robber moves one more card.")
    raid_shortfall = _choice("partial_goods", ["bga"], "A3",
                             "a player who can pay neither part gives the goods he has (partial_goods), or "
                             "gives nothing and the opponent gains the VP part (bga).")
    limit_check = _choice("end_of_round", ["after_raid", "end_of_actions"], "A4",
                          "when the 10 goods / 3 gold limits are enforced.")
    allow_opposite_own_targi = _flag(True, "A5", "a Targi may be placed opposite an own Targi.")
    fata_morgana_target = _choice("face_up_unoccupied", ["any_unoccupied"], "A6",
                                  "Fata Morgana targets: face-up cards without a marker, or also face-down "
                                  "replacements (turned face up when targeted).")
    deck_exhaustion = _choice("reshuffle", ["none"], "A7",
                              "an empty deck is refilled from its discard pile, or yields nothing.")
    caravan_counts_as_goods_card = _flag(False, "A8",
                                         "a Caravan draw counts as 'from a goods card' for OA7, CR8, TA8, OA8.")
    we8_timing = _choice("once_per_round", ["unlimited"], "A9", "how often WE8 may be used per action phase.")
    we7_counts_itself = _flag(True, "A10", "WE7 counts itself among the display cards.")
    allow_opposite_robber = _flag(True, "A11", "the card opposite the robber may be used.")
    row_bonus_rule = _choice("four_distinct", [], "A12", "a 'different' row has 4 pairwise distinct symbols.")
    row_bonus_same_vp = fields.Integer(strict=True, load_default=4, validate=validate.OneOf([4]),
                                       metadata={"description": "A12: bonus for a full row of 4 identical "
                                                 "symbols. Default 4. Fixed."})
    row_bonus_different_vp = fields.Integer(strict=True, load_default=2, validate=validate.OneOf([2]),
                                            metadata={"description": "A12: bonus for a full row of 4 different "
                                                      "symbols. Default 2. Fixed."})
    gold_counts_as_good = _flag(False, "A13", "gold is a good.", fixed=True)
    edition = _choice("base", [], "A14", "the 2012 base game.")
    discount_can_reduce_gold = _flag(False, "P1", "a discount may remove 1 gold when no goods remain.")
    oa6_scope = _choice("all_raids", ["next_raid"], "P2", "which raids OA6 protects against.")
    ta7_always = _flag(True, "P3", "TA7 gives +1 VP at every raid, even if nothing was paid.")
    bonus_good_sources = _choice("central_goods_cards", ["central_and_border"], "P4",
                                 "which goods count as 'from a goods card' (OA7, CR8, TA8, OA8).")
    bonus_good_timing = _choice("on_receipt", ["end_of_action_phase"], "P5",
                                "when OA7/CR8/TA8 give their extra good.")
    oa8_timing = _choice("end_of_action_phase", ["end_of_round"], "P6", "when OA8 is checked.")
    we6_scope = _choice("robber_card_only", [], "P7", "WE6 lifts only the robber block.")
    we9_gold_in_stock = _flag(False, "P8", "WE9's gold goes into the stock instead of onto the card.")
    cr9_counts_after_placing = _flag(True, "P9", "CR9 counts free spaces after it is placed.")
    te9_mode = _choice("place_two", ["use_two"], "P10",
                       "TE9: the opponent places only 2 Targi next round, or places 3 and uses only 2 border cards.")
    oa9_mode = _choice("remove_and_reinsert", ["swap"], "P11",
                       "OA9: take up to 2 display cards out and put them back, or swap two cards.")
    te8_repeatable = _flag(True, "P12", "TE8's 1:1 Merchant exchange may be repeated.")
    te7_applies_to_we8 = _flag(False, "P13", "TE7's discount also applies to WE8 plays.")
    perm_effective = _choice("immediately", [], "P14", "Perm abilities work from the moment the card is placed.")
    once_resolution = _choice("immediate", [], "P15", "Once effects resolve right after placement.")
    raid_order = _choice("start_player_first", [], "O1", "raid payment order.")
    unused_source = _choice("no_effect", [], "O2", "unused action sources have no effect.")
    round_end_order = _choice("return,reveal,oa8,limits,end_check,token", [], "O3", "end-of-round order.")
    placement_mandatory = _flag(True, "O6", "every Targi must be placed.", fixed=True)
    final_tie = _choice("shared", [], "O5", "a tie after gold and goods is a shared win.")
    hand_visibility = _choice("hidden", ["recall", "public"], "H1",
                              "what the opponent sees of a hand card: nothing, a card that was face up when "
                              "taken, or always the card.")
    discard_piles_public = _flag(True, "H2", "the discard piles' contents are shown in views.")
    cards = fields.Dict(load_default=None, allow_none=True,
                        metadata={"description": "Replacement card data with the shape of the packaged "
                                  "data/cards_v1.json (format 'targi-cards': goods_cards, tribe_cards); "
                                  "null = the printed base-game cards (version 1)."})


def _schema(name, **fields_):
    return Schema.from_dict(fields_, name=name)


_GOOD = fields.String(required=True, validate=validate.OneOf(["D", "S", "P"]))
_SPACE = fields.List(fields.Integer(strict=True), required=True, validate=validate.Length(equal=2))
_INTEGER = fields.Integer(strict=True, required=True)
_NO_PAYLOAD = _schema("Empty")
_GOODS_VECTOR = _schema("GoodsVector", d=_INTEGER, s=_INTEGER, p=_INTEGER)
_CARD_ID = fields.String(required=True)

MOVE_SCHEMAS = {
    "place": _schema("Place", card=_INTEGER),
    "use": _schema("Use", card=fields.Integer(strict=True), space=fields.List(fields.Integer(strict=True),
                                                                  validate=validate.Length(equal=2))),
    "end_actions": _NO_PAYLOAD, "we8_play": _NO_PAYLOAD, "play": _NO_PAYLOAD, "keep": _NO_PAYLOAD,
    "discard": _NO_PAYLOAD,
    "pay": _schema("Pay", d=_INTEGER, s=_INTEGER, p=_INTEGER, gold=_INTEGER, we9=JsonBoolean(required=True)),
    "row": _schema("Row", row=_INTEGER),
    "good": _schema("Good", good=_GOOD),
    "goods": _GOODS_VECTOR,
    "ta9_goods": _NO_PAYLOAD, "ta9_gold": _NO_PAYLOAD, "ta9_vp": _NO_PAYLOAD,
    "oa9_take": _schema("Oa9Take", card=_CARD_ID),
    "oa9_put": _schema("Oa9Put", card=_CARD_ID, row=_INTEGER),
    "oa9_done": _NO_PAYLOAD,
    "oa9_swap": _schema("Oa9Swap", a=_CARD_ID, b=_CARD_ID),
    "oa9_none": _NO_PAYLOAD,
    "m_gold": _schema("MerchantGold", good=_GOOD),
    "m_two": _schema("MerchantTwo", give=_GOOD, get=_GOOD),
    "m_one": _schema("MerchantOne", give=_GOOD, get=_GOOD),
    "m_done": _NO_PAYLOAD,
    "s_two": _schema("SilverTwo", good=_GOOD),
    "s_four": _schema("SilverFour", good=_GOOD),
    "s_gold1": _NO_PAYLOAD, "s_gold2": _NO_PAYLOAD, "s_none": _NO_PAYLOAD,
    "fm": _schema("FataMorgana", marker=_SPACE, target=_SPACE),
    "fm_none": _NO_PAYLOAD,
    "raid_goods": _GOODS_VECTOR, "raid_gold": _NO_PAYLOAD, "raid_vp": _NO_PAYLOAD,
    "discard_goods": _GOODS_VECTOR,
}


def check_options(options: dict) -> Problems:
    """The problems of replacement card data, at ``/cards/...``."""
    problems = Problems()
    if options.get("cards") is not None:
        problems.extend(components.validate(options["cards"]), pointer("cards"))
    return problems
