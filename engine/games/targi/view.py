"""What one seat (or a spectator) sees (§14, §15.1 public view)."""

from .board import SPACES
from .scoring import score

HIDDEN_FRAME_KEYS = ("secret", "seen", "q")


def hand_visible(state, owner, viewer) -> bool:
    mode = state["cfg"].opt["hand_visibility"]
    return owner == viewer or mode == "public" or (mode == "recall" and state["players"][owner]["hand_known"])


def decision(state):
    """The top decision frame, or None at a chance step, a task or the end."""
    if state["over"] or state["chance"] is not None or not state["stack"]:
        return None
    top = state["stack"][-1]
    return top if "dp" in top else None


def _player(state, seat, viewer):
    p = state["players"][seat]
    out = {"seat": seat, "stock": {"d": p["goods"][0], "s": p["goods"][1], "p": p["goods"][2], "gold": p["gold"]},
           "vp_tokens": p["vp"], "display": [list(row) for row in p["display"]],
           "hand_count": int(p["hand"] is not None), "we9_gold": p["we9"],
           "limited_round": p["te9"] or None}
    if hand_visible(state, seat, viewer):
        out["hand"] = p["hand"]
    return out


def view(state, viewer) -> dict:
    frame = decision(state)
    details = None
    if frame is not None:
        details = {k: v for k, v in frame.items() if k not in HIDDEN_FRAME_KEYS}
        if frame.get("secret") and viewer != frame["seat"]:
            details.pop("card")
    public = state["cfg"].opt["discard_piles_public"]
    return {
        "round": state["round"],
        "start_player": state["start"],
        "first_player": state["first"],
        "robber": state["robber"] or None,
        "targi": [{"seat": t[0], "card": t[1], "used": t[2]} for t in state["targi"]],
        "markers": [{"seat": m[0], "space": [m[1], m[2]], "used": m[3]} for m in state["markers"]],
        "central": [{"space": list(SPACES[i]), "kind": kind, "card": card if status == "up" else None,
                     "face_down": status == "down", "empty": status == "empty"}
                    for i, (kind, card, status) in enumerate(state["central"])],
        "players": [_player(state, seat, viewer) for seat in (0, 1)],
        "decks": dict(state["deck"]),
        "discards": {k: (list(v) if public else None) for k, v in state["discard"].items()},
        "discard_counts": {k: len(v) for k, v in state["discard"].items()},
        "pending": frame["dp"] if frame else None,
        "decision": details,
        "to_move": [] if frame is None else [frame["seat"]],
        "over": state["over"],
        "scores": [{"seat": e["seat"], "total": e["total"]} for e in score(state)["scores"]],
    }
