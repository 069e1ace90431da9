"""What one seat (or a spectator) sees (§14, §15.1 public view), and determinization."""

from marshmallow import fields, validate

from engine.contract import either, shape

from .board import SPACES
from .scoring import score_sheet

#: decision-frame keys no view shows (a secret draw's card is shown to its owner only)
HIDDEN_FRAME_KEYS = ("secret", "seen", "q")


def hand_visible(state, owner, viewer) -> bool:
    mode = state.options["hand_visibility"]
    return owner == viewer or mode == "public" or (mode == "recall" and state.players[owner].hand_known)


def _player(state, seat, viewer):
    player = state.players[seat]
    goods = player.goods
    out = {"seat": seat, "stock": {"d": goods[0], "s": goods[1], "p": goods[2], "gold": player.gold},
           "vp_tokens": player.vp, "display": [list(row) for row in player.display],
           "hand_count": int(player.hand is not None), "we9_gold": player.stored_gold,
           "limited_round": player.limited_round or None}
    if hand_visible(state, seat, viewer):
        out["hand"] = player.hand
    return out


def view(state, viewer) -> dict:
    frame = state.decision()
    details = None
    if frame is not None:
        details = {k: v for k, v in frame.items() if k not in HIDDEN_FRAME_KEYS}
        if frame.get("secret") and viewer != frame["seat"]:
            details.pop("card")
    public = state.options["discard_piles_public"]
    return {
        "round": state.round,
        "start_player": state.start_player,
        "first_player": state.first_player,
        "robber": state.robber or None,
        "targi": [{"seat": figure.seat, "card": figure.card, "used": figure.used} for figure in state.targi],
        "markers": [{"seat": marker.seat, "space": [marker.row, marker.col], "used": marker.used}
                    for marker in state.markers],
        "central": [{"space": list(SPACES[i]), "kind": kind, "card": card if status == "up" else None,
                     "face_down": status == "down", "empty": status == "empty"}
                    for i, (kind, card, status) in enumerate(state.central)],
        "players": [_player(state, seat, viewer) for seat in (0, 1)],
        "decks": dict(state.deck_sizes),
        "discards": {k: list(v if public else v[-1:]) for k, v in state.discards.items()},
        "discard_counts": {k: len(v) for k, v in state.discards.items()},
        "pending": frame["dp"] if frame else None,
        "decision": details,
        "to_move": [] if frame is None else [frame["seat"]],
        "over": state.over,
        "scores": [{"seat": entry["seat"], "total": entry["total"]} for entry in score_sheet(state)["scores"]],
    }


def determinize(state, seat, rng):
    """A copy with the opponent's unknown hand card and undecided secret draw resampled (§14).

    The cards are drawn from the sorted multiset of every tribe card unknown to ``seat``
    (undrawn pool + the hidden cards), so the result depends only on what ``seat`` knows
    and on ``rng``."""
    state = state.copy()
    other = 1 - seat
    player = state.players[other]
    frame = state.decision()
    hidden_hand = (player.hand is not None and not player.hand_known and not hand_visible(state, other, seat))
    hidden_draw = frame is not None and frame.get("secret") and frame["seat"] == other
    if not (hidden_hand or hidden_draw):
        return state
    unknown = [card for card, copies in state.pool["tribe"].items() for _ in range(copies)]
    if hidden_hand:
        unknown.append(player.hand)
    if hidden_draw:
        unknown.append(frame["card"])
    unknown.sort()
    if hidden_hand:
        player.hand = unknown.pop(rng.below(len(unknown)))
    if hidden_draw:
        state.stack[-1] = {**frame, "card": unknown.pop(rng.below(len(unknown)))}
    state.pool["tribe"] = pool = {}
    for card in unknown:
        pool[card] = pool.get(card, 0) + 1
    return state


# -- the schemas of the view and the events (the API spec's TargiView, Targi...Event) ----------

def _int(**kwargs):
    return fields.Integer(strict=True, **kwargs)


def _space(**kwargs):
    metadata = kwargs.pop("metadata", {"description": "[row, col]"})
    return fields.List(_int(), validate=validate.Length(equal=2), metadata=metadata, **kwargs)


_SEAT = _int(required=True)
_GOOD = fields.String(required=True, validate=validate.OneOf(["D", "S", "P"]),
                      metadata={"description": "D dates, S salt, P pepper"})
_CARD = fields.String(required=True, metadata={"description": "a card id"})
_GOODS = {"d": _int(required=True), "s": _int(required=True), "p": _int(required=True)}
_HIDDEN_CARD = ("a card id; absent for every viewer but {who} (hidden information)")

TargiViewTargi = shape("TargiViewTargi", {"seat": _SEAT, "card": _int(required=True), "used": fields.Boolean(required=True)})
TargiViewMarker = shape("TargiViewMarker", {"seat": _SEAT, "space": _space(required=True),
                                            "used": fields.Boolean(required=True)})
TargiViewCentral = shape("TargiViewCentral", {
    "space": _space(required=True),
    "kind": fields.String(required=True),
    "card": fields.String(required=True, allow_none=True, metadata={
        "description": "the face-up card; null when the space is empty or its card face down (it has no "
                       "identity until revealed)"}),
    "face_down": fields.Boolean(required=True),
    "empty": fields.Boolean(required=True),
})
TargiViewStock = shape("TargiViewStock", {**_GOODS, "gold": _int(required=True)})
TargiViewPlayer = shape("TargiViewPlayer", {
    "seat": _SEAT,
    "stock": fields.Nested(TargiViewStock, required=True),
    "vp_tokens": _int(required=True),
    "display": fields.List(fields.List(fields.String()), required=True, metadata={"description": "3 rows of card ids"}),
    "hand_count": _int(required=True, metadata={"description": "0 or 1, shown to everybody"}),
    "we9_gold": _int(required=True),
    "limited_round": _int(required=True, allow_none=True),
    "hand": fields.String(allow_none=True, metadata={
        "description": "the hand card (null: none). Hidden information: absent for other viewers unless "
                       "option hand_visibility is public, or recall and the card was face up when taken"}),
})
TargiViewCounts = shape("TargiViewCounts", {"goods": _int(required=True), "tribe": _int(required=True)})
TargiViewDiscards = shape("TargiViewDiscards", {
    "goods": fields.List(fields.String(), required=True), "tribe": fields.List(fields.String(), required=True)},
    "the discard piles; only each pile's top card when option discard_piles_public is false")
TargiViewDecision = shape("TargiViewDecision", {
    "dp": fields.String(required=True, metadata={"description": "the decision point"}),
    "seat": _SEAT,
    "card": fields.String(metadata={"description": (
        "the card the decision is about. Hidden information: at a secret Tribal Expansion draw "
        "(TRIBE_OUTCOME) absent for every viewer but the deciding seat")}),
    "quota": fields.List(_int()),
    "n": _int(),
    "amounts": fields.List(_int()),
    "ones": _int(),
    "corner": _int(),
    "route": fields.String(),
    "taken": fields.List(fields.String()),
    "put": fields.Boolean(),
}, "the pending decision's details (which depend on dp), without what no view shows")
TargiViewScore = shape("TargiViewScore", {"seat": _SEAT, "total": _int(required=True)})

View = shape("TargiView", {
    "round": _int(required=True),
    "start_player": _int(required=True),
    "first_player": _int(required=True, allow_none=True, metadata={
        "description": "the start player of round 1; null until drawn (a table-dealt game before its first outcome)"}),
    "robber": _int(required=True, allow_none=True),
    "targi": fields.List(fields.Nested(TargiViewTargi), required=True),
    "markers": fields.List(fields.Nested(TargiViewMarker), required=True),
    "central": fields.List(fields.Nested(TargiViewCentral), required=True),
    "players": fields.List(fields.Nested(TargiViewPlayer), required=True),
    "decks": fields.Nested(TargiViewCounts, required=True),
    "discards": fields.Nested(TargiViewDiscards, required=True),
    "discard_counts": fields.Nested(TargiViewCounts, required=True),
    "pending": fields.String(required=True, allow_none=True, metadata={"description": "the decision point, else null"}),
    "decision": fields.Nested(TargiViewDecision, required=True, allow_none=True),
    "to_move": fields.List(_int(), required=True),
    "over": fields.Boolean(required=True),
    "scores": fields.List(fields.Nested(TargiViewScore), required=True),
}, "What one seat (or a spectator) sees: the opponent's hand card and a secret draw are absent (see "
   "players[].hand, decision.card).")


def _seat_only(name, **declared):
    return shape(name, {"seat": _SEAT, **declared})


TargiMarkersEntry = shape("TargiMarkersEntry", {"seat": _SEAT, "space": _space(required=True)})

EVENT_SCHEMAS = {
    "round": shape("TargiRound", {"round": _int(required=True), "start_player": _SEAT}),
    "start_player": _seat_only("TargiStartPlayer"),
    "markers": shape("TargiMarkers", {"markers": fields.List(fields.Nested(TargiMarkersEntry), required=True)}),
    "placed": _seat_only("TargiPlaced", card=_int(required=True)),
    "no_placement": _seat_only("TargiNoPlacement"),
    "revealed": shape("TargiRevealed", {"space": _space(required=True), "card": _CARD}),
    "reshuffle": shape("TargiReshuffle", {"deck": fields.String(required=True), "cards": _int(required=True)}),
    "drew_goods_card": _seat_only("TargiDrewGoodsCard", card=_CARD),
    "drew_tribe_card": _seat_only("TargiDrewTribeCard", card=fields.String(metadata={
        "description": _HIDDEN_CARD.format(who="the drawing seat when the draw is secret")})),
    "use": _seat_only("TargiUse", card=either("integer", "string", required=True, metadata={
        "description": "the border card number used, or the central card id at space"}),
        space=_space(), action=fields.String()),
    "end_actions": _seat_only("TargiEndActions"),
    "play": _seat_only("TargiPlay", card=_CARD, via=fields.String()),
    "discard": _seat_only("TargiDiscard", card=_CARD),
    "keep": _seat_only("TargiKeep", card=fields.String(metadata={
        "description": _HIDDEN_CARD.format(who="the keeping seat when the kept card was face down")})),
    "paid": _seat_only("TargiPaid", card=_CARD, **_GOODS, gold=_int(required=True), we9=fields.Boolean(required=True)),
    "placed_card": _seat_only("TargiPlacedCard", card=_CARD, row=_int(required=True)),
    "gain": _seat_only("TargiGain", good=fields.String(), n=_int(), card=fields.String(),
                       d=_int(), s=_int(), p=_int()),
    "bonus_good": _seat_only("TargiBonusGood", card=_CARD, good=_GOOD),
    "ability": _seat_only("TargiAbility", card=_CARD, goods=_int(), gold=_int(), opponent_limited_round=_int()),
    "ta9_goods": _seat_only("TargiTa9Goods"),
    "ta9_gold": _seat_only("TargiTa9Gold"),
    "ta9_vp": _seat_only("TargiTa9Vp"),
    "oa9_take": _seat_only("TargiOa9Take", card=_CARD),
    "oa9_put": _seat_only("TargiOa9Put", card=_CARD, row=_int(required=True)),
    "oa9_done": _seat_only("TargiOa9Done"),
    "oa9_swap": _seat_only("TargiOa9Swap", a=_CARD, b=_CARD),
    "oa9_none": _seat_only("TargiOa9None"),
    "m_gold": _seat_only("TargiMGold", good=_GOOD),
    "m_two": _seat_only("TargiMTwo", give=_GOOD, get=_GOOD),
    "m_one": _seat_only("TargiMOne", give=_GOOD, get=_GOOD),
    "m_done": _seat_only("TargiMDone"),
    "s_two": _seat_only("TargiSTwo", good=_GOOD),
    "s_four": _seat_only("TargiSFour", good=_GOOD),
    "s_gold1": _seat_only("TargiSGold1"),
    "s_gold2": _seat_only("TargiSGold2"),
    "s_none": _seat_only("TargiSNone"),
    "fm": _seat_only("TargiFm", marker=_space(required=True), target=_space(required=True)),
    "fm_none": _seat_only("TargiFmNone"),
    "robber": shape("TargiRobber", {"card": _int(required=True)}),
    "raid": shape("TargiRaid", {"raid": _int(required=True), "corner": _int(required=True)}),
    "raid_immune": _seat_only("TargiRaidImmune"),
    "raid_goods": _seat_only("TargiRaidGoods", raid=_int(required=True), **_GOODS),
    "raid_gold": _seat_only("TargiRaidGold", raid=_int(required=True)),
    "raid_vp": _seat_only("TargiRaidVp", raid=_int(required=True)),
    "raid_shortfall": _seat_only("TargiRaidShortfall", d=_int(), s=_int(), p=_int()),
    "raid_bonus": _seat_only("TargiRaidBonus", vp=_int(required=True)),
    "raid_credit": _seat_only("TargiRaidCredit", vp=_int(required=True)),
    "discard_goods": _seat_only("TargiDiscardGoods", **_GOODS),
    "discard_gold": _seat_only("TargiDiscardGold", gold=_int(required=True)),
    "game_end": shape("TargiGameEnd", {"reason": fields.String(required=True)}),
}
