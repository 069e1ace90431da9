"""Building Targi positions for rule tests: a controlled deal, placements, stock edits."""

from engine import IllegalMove, Rng
from engine.games.targi import RULESET as R

#: the default deal of T1: goods cards on r+c even, tribe cards on r+c odd
DEAL = ["GC01", "OA1", "GC02", "CR1", "GC10", "WE1", "GC11", "TE1", "GC05"]


def game(options=None, central=DEAL, first=0):
    """A new game after a controlled deal (row-major central cards, then the start player)."""
    state = R.setup(2, R.make_options(options or {}))
    for card in central:
        R.apply_chance(state, card)
    R.apply_chance(state, first)
    return state


def do(state, seat, *moves):
    """Apply moves of one seat in order; returns the events of the last."""
    events = []
    for move in moves:
        events = R.apply(state, seat, move)
    return events


def place(state, start_cards, other_cards):
    """Alternating placement, start player first (lists may differ in length under TE9)."""
    start = state["start"]
    order = []
    for i in range(max(len(start_cards), len(other_cards))):
        if i < len(start_cards):
            order.append((start, start_cards[i]))
        if i < len(other_cards):
            order.append((1 - start, other_cards[i]))
    for seat, card in order:
        R.apply(state, seat, {"type": "place", "card": card})


def set_player(state, seat, d=None, s=None, p=None, gold=None, vp=None, display=None, hand=None, we9=None):
    """Overwrite parts of a player's stock; ``display`` is three lists of card ids."""
    player = state["players"][seat]
    for i, value in enumerate((d, s, p)):
        if value is not None:
            player["goods"][i] = value
    for key, value in (("gold", gold), ("vp", vp), ("we9", we9)):
        if value is not None:
            player[key] = value
    if display is not None:
        used = {c for row in display for c in row}
        for c in used:
            state["pool"]["tribe"].pop(c, None)
        player["display"] = [list(row) for row in display]
    if hand is not None:
        state["pool"]["tribe"].pop(hand, None)
        player["hand"] = hand
        player["hand_known"] = False


def stock(state, seat):
    player = state["players"][seat]
    return (*player["goods"], player["gold"], player["vp"])


def moves(state, seat=None):
    if seat is None:
        seat = R.to_move(state)[0]
    return R.legal_moves(state, seat)


def types(state, seat=None):
    return [m["type"] for m in moves(state, seat)]


def pending(state):
    top = state["stack"][-1] if state["stack"] else None
    return None if state["chance"] is not None or top is None or "dp" not in top else top["dp"]


def illegal(state, seat, move) -> str:
    """The IllegalMove message of a move that must be rejected without any change."""
    before = R.to_json(state)
    try:
        R.apply(state, seat, move)
    except IllegalMove as exc:
        assert R.to_json(state) == before
        return exc.message
    raise AssertionError(f"{move} was accepted")


def random_states(seed, options=None):
    """Yield (state, event list) after every step of a uniformly random game."""
    state = R.setup(2, R.make_options(options or {}))
    rng = Rng(seed)
    while not R.is_over(state):
        chance = R.chance(state)
        if chance is not None:
            events = R.apply_chance(state, chance.draw(rng))
        else:
            seat = R.to_move(state)[0]
            legal = R.legal_moves(state, seat)
            events = R.apply(state, seat, legal[rng.below(len(legal))])
        yield state, events


def finish_round(state, chance_outcomes=()):
    """End both action phases (first listed move elsewhere) until the next placement.
    Chance steps (reveals) take ``chance_outcomes`` in order, else the first outcome."""
    outcomes = list(chance_outcomes)
    while not R.is_over(state):
        chance = R.chance(state)
        if chance is not None:
            R.apply_chance(state, outcomes.pop(0) if outcomes else chance.outcomes[0])
            continue
        if pending(state) == "PLACE":
            return
        seat = R.to_move(state)[0]
        legal = R.legal_moves(state, seat)
        R.apply(state, seat, {"type": "end_actions"} if {"type": "end_actions"} in legal else legal[0])
