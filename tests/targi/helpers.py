"""Building Targi positions for rule tests: a controlled deal, placements, stock edits."""

from engine import EngineError, Rng
from engine.games.targi import RULESET as R
from engine.games.targi.rules import payments

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
    start = state.start_player
    order = []
    for i in range(max(len(start_cards), len(other_cards))):
        if i < len(start_cards):
            order.append((start, start_cards[i]))
        if i < len(other_cards):
            order.append((1 - start, other_cards[i]))
    for seat, card in order:
        R.apply(state, seat, {"type": "place", "card": card})


def set_player(state, seat, d=None, s=None, p=None, gold=None, vp=None, display=None, hand=None,
               stored_gold=None):
    """Overwrite parts of a player's stock; ``display`` is three lists of card ids."""
    player = state.players[seat]
    for i, value in enumerate((d, s, p)):
        if value is not None:
            player.goods[i] = value
    for key, value in (("gold", gold), ("vp", vp), ("stored_gold", stored_gold)):
        if value is not None:
            setattr(player, key, value)
    if display is not None:
        used = {c for row in display for c in row}
        for c in used:
            state.pool["tribe"].pop(c, None)
        player.display = [list(row) for row in display]
    if hand is not None:
        state.pool["tribe"].pop(hand, None)
        player.hand = hand
        player.hand_known = False


def stock(state, seat):
    player = state.players[seat]
    return (*player.goods, player.gold, player.vp)


def moves(state, seat=None):
    if seat is None:
        seat = R.to_move(state)[0]
    return R.legal_moves(state, seat)


def pending(state):
    """The pending decision point, or None at a chance step, a task or the end."""
    frame = state.decision()
    return None if frame is None else frame["dp"]


def illegal(state, seat, move) -> str:
    """The message of a move that must be refused (a rule, the turn) without any change."""
    before = R.to_json(state)
    try:
        R.apply(state, seat, move)
    except EngineError as exc:
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


def play_until(state, decision):
    """End actions (first outcome at chance steps) until ``decision`` is pending."""
    while pending(state) != decision:
        chance = R.chance(state)
        if chance is not None:
            R.apply_chance(state, chance.outcomes[0])
        else:
            R.apply(state, R.to_move(state)[0], {"type": "end_actions"})


def resolve_chance(state):
    """Draw the first outcome at every pending chance step."""
    while R.chance(state) is not None:
        R.apply_chance(state, R.chance(state).outcomes[0])


# -- positions --------------------------------------------------------------------
def acting(options=None, seat0=(5, 10, 13), seat1=(3, 11, 6), robber=1, **stock0):
    """Round 1, seat 0 to act; by default seat 0 holds the Merchant, Silversmith and Caravan."""
    state = game(options, first=0)
    state.robber = robber
    place(state, list(seat0), list(seat1))
    if stock0:
        set_player(state, 0, **stock0)
    return state


def central_play(card, options=None, row=1, **player):
    """Seat 0 (start player, round 1) plays ``card`` from central (1,2) into ``row``."""
    deal = DEAL[:1] + [card] + DEAL[2:]
    state = game(options, central=deal, first=0)
    place(state, [15, 2, 14], [3, 11, 13])  # seat 0 markers (1,2), (2,2)
    set_player(state, 0, **{"d": 9, "s": 9, "p": 9, "gold": 3, **player})
    do(state, 0, {"type": "use", "space": [1, 2]}, {"type": "play"})
    do(state, 0, moves(state, 0)[0], {"type": "row", "row": row})
    return state


def before_raid(corner, options=None):
    """A game whose next robber step lands on ``corner``; seat 0 is start player then."""
    state = game(options, first=1)
    place(state, [14, 7, 2], [3, 15, 11])
    state.robber = corner - 1
    state.round = {4: 3, 8: 6, 12: 9, 16: 12}[corner]
    return state


def t4_position(options=None):
    """T4: round 2, the robber on card 2, seat 1 (start player) has placed on 14."""
    state = game(options, first=1)
    state.robber = 2
    do(state, 1, {"type": "place", "card": 14})
    return state


#: T14: (3,1) GC10, (3,3) GC05
T14_DEAL = DEAL[:6] + ["GC10", "TE1", "GC05"]


def t14(options=None, display=(("OA7",), (), ())):
    """T14: seat 0 holds salt (3), the Caravan (13) and markers on (3,1) and (3,3)."""
    state = game(options, central=T14_DEAL, first=0)
    place(state, [3, 13, 11], [2, 6, 5])
    set_player(state, 0, d=0, s=0, p=0, display=[list(r) for r in display])
    return state


def placeable(state, seat):
    """The border cards ``seat`` may place on."""
    return [m["card"] for m in moves(state, seat)]


def payment_vectors(state, card, route, seat=0):
    """{(d, s, p, gold, stored gold used)} of the payments for ``card`` by ``route``."""
    return {(m["d"], m["s"], m["p"], m["gold"], m["we9"]) for m in payments(state, state.players[seat], card, route)}


def sheet(state, seat):
    return R.score(state)["scores"][seat]
