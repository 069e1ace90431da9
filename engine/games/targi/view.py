"""What one seat (or a spectator) sees (§14, §15.1 public view), and determinization."""

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
