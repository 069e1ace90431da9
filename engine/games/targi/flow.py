"""The automatic procedure (§6, §7, §11): set-up, whose turn it is, chance steps, rounds,
robber and raids, markers, limits, reveals, the end.

Tasks ``{"t": <name>, ...}`` share ``state.stack`` with decision frames; :func:`advance`
runs tasks (:data:`TASKS`) until a decision, a chance step or the end.
"""

from engine import Chance, IllegalMove
from engine.i18n import N_

from .board import CORNERS, DISPLAY_SIZE, RAIDS, SPACES, intersections
from .rules import bonus_goods, pay_raid, raid_moves, raid_reward, receive_goods_card
from .state import Draw, Marker, Space, new_state

GOODS_LIMIT, GOLD_LIMIT = 10, 3
LAST_ROUND = 12


def setup(players: int, options: dict):
    state = new_state(options)
    advance(state)  # up to the first chance step: the deal of (1,1)
    return state


def is_over(state) -> bool:
    return state.over


def to_move(state) -> list[int]:
    frame = state.decision()
    return [] if frame is None else [frame["seat"]]


def advance(state) -> list[dict]:
    """Run automatic tasks until a decision, a chance step or the end of the game."""
    events = []
    stack = state.stack
    while stack and state.chance is None and not state.over:
        top = stack[-1]
        if "t" not in top:
            break
        stack.pop()
        events += TASKS[top["t"]](state, top)
    return events


def end_game(state, reason) -> list[dict]:
    state.over = True
    state.stack = []
    return [{"type": "game_end", "reason": reason}]


def _both(state, task, **extra):
    """The task for the start player and the other player, start player first (on top)."""
    return [{"t": task, "seat": 1 - state.start_player, **extra}, {"t": task, "seat": state.start_player, **extra}]


# -- tasks ------------------------------------------------------------------------
def reveal(state, task):
    """Set-up deal and end-of-round reveal, row-major; empty spaces are refilled (A7)."""
    events = []
    for i, space in enumerate(state.central):
        if space.status == "empty" and state.take_from_deck(space.kind, events):
            space = state.central[i] = Space(space.kind, None, "down")
        if space.status == "down":
            state.chance = Draw("reveal", space.kind, space=i)
            state.stack.append(task)
            break
    return events


def draw_start_player(state, task):
    state.chance = Draw("start")
    return []


def start_round(state, task):
    state.round += 1
    for player in state.players:
        player.received = [False] * 3
        player.bonus_given = []
        player.hand_card_plays = 0
        player.border_actions = 0
    start, other = state.start_player, 1 - state.start_player
    stack = state.stack
    stack.append({"t": "end_round"})
    stack += [{"t": "act", "seat": other}, {"t": "act", "seat": start}, {"t": "markers"}, {"t": "place"}]
    if state.options["limit_check"] == "after_raid":
        stack += _both(state, "limits")
    stack.append({"t": "robber"})
    return [{"type": "round", "round": state.round, "start_player": start}]


def move_robber(state, task):
    state.robber += 1
    events = [{"type": "robber", "card": state.robber}]
    if state.robber in CORNERS:
        corner = state.robber
        state.stack.append({"t": "raid_done", "corner": corner})
        state.stack += _both(state, "raid", corner=corner)
        state.raid_credit = [0, 0]
        events.append({"type": "raid", "raid": RAIDS[corner][0], "corner": corner})
    return events


def _immune(state, seat) -> bool:
    """OA6 (P2: at every raid, or at the next raid after it was placed)."""
    player = state.players[seat]
    if state.options["oa6_scope"] == "next_raid":
        immune, player.immune_next_raid = player.immune_next_raid, False
        return immune
    return state.cards.in_display(player.display, "raid_immunity")


def raid(state, task):
    """A3: immunity, a choice, a forced payment or a shortfall, then TA7."""
    seat, corner = task["seat"], task["corner"]
    if _immune(state, seat):
        return [{"type": "raid_immune", "seat": seat}] + raid_reward(state, seat, False)
    moves = raid_moves(state, seat, corner)
    if len(moves) > 1:
        state.stack.append({"dp": "RAID_PAY", "seat": seat, "corner": corner})
        return []
    if moves:
        return pay_raid(state, seat, corner, moves[0])
    player = state.players[seat]
    if state.options["raid_shortfall"] == "bga":
        state.raid_credit[1 - seat] += RAIDS[corner][2]
        return [{"type": "raid_shortfall", "seat": seat}] + raid_reward(state, seat, False)
    given = [0, 0, 0] if corner == 16 else player.goods  # all he has of the demanded kind
    if corner != 16:
        player.goods = [0, 0, 0]
    event = {"type": "raid_shortfall", "seat": seat, "d": given[0], "s": given[1], "p": given[2]}
    return [event] + raid_reward(state, seat, sum(given) > 0)


def finish_raid(state, task):
    events = []
    for seat, vp in enumerate(state.raid_credit):
        if vp:
            state.players[seat].vp += vp
            events.append({"type": "raid_credit", "seat": seat, "vp": vp})
    state.raid_credit = [0, 0]
    if task["corner"] != 16:  # A2: the robber never stays on a corner
        state.robber += 1
        events.append({"type": "robber", "card": state.robber})
    return events


def enforce_limits(state, task):
    seat = task["seat"]
    player = state.players[seat]
    events = []
    if player.gold > GOLD_LIMIT:
        events.append({"type": "discard_gold", "seat": seat, "gold": player.gold - GOLD_LIMIT})
        player.gold = GOLD_LIMIT
    excess = sum(player.goods) - GOODS_LIMIT
    if excess > 0:
        state.stack.append({"dp": "LIMIT_DISCARD", "seat": seat, "n": excess})
    return events


def start_placement(state, task):
    """O6/P10: 3 Targi each, 2 for the player limited by TE9 ("place_two")."""
    two = state.options["te9_mode"] == "place_two"
    quota = [2 if two and player.limited_round == state.round else 3 for player in state.players]
    state.stack.append({"dp": "PLACE", "seat": state.start_player, "quota": quota})
    return []


def place_markers(state, task):
    markers = []
    for seat in (0, 1):
        cards = [figure.card for figure in state.targi if figure.seat == seat]
        markers += [Marker(seat, r, c, False) for r, c in intersections(cards)]
    state.markers = markers
    return [{"type": "markers", "markers": [{"seat": marker.seat, "space": [marker.row, marker.col]}
                                            for marker in markers]}]


def start_actions(state, task):
    seat = task["seat"]
    options = state.options
    stack = state.stack
    if options["limit_check"] == "end_of_actions":
        stack.append({"t": "limits", "seat": seat})
    if options["oa8_timing"] == "end_of_action_phase":
        stack.append({"t": "oa8", "seat": seat})
    if options["bonus_good_timing"] == "end_of_action_phase":
        stack.append({"t": "bonus_end", "seat": seat})
    stack.append({"dp": "CHOOSE_ACTION", "seat": seat})
    return []


def bonus_goods_of_the_round(state, task):
    """P5 "end_of_action_phase": OA7/CR8/TA8 checked once over the whole round."""
    received = state.players[task["seat"]].received
    return bonus_goods(state, task["seat"], [i for i in range(3) if received[i]])


def good_if_no_goods_card(state, task):
    """OA8: a good of choice for a player who received nothing from a goods card (P6)."""
    seat = task["seat"]
    player = state.players[seat]
    if state.cards.in_display(player.display, "good_if_no_goods_card") and not any(player.received):
        state.stack.append({"dp": "CHOOSE_GOOD", "seat": seat, "amounts": [1, 1, 1], "q": False})
    return []


def after_play(state, task):
    """A1: the 12th display card ends the game at once (default)."""
    if state.players[task["seat"]].card_count() == DISPLAY_SIZE and \
            state.options["end_on_12th_card"] == "immediately":
        return end_game(state, "twelfth_card")
    return []


def end_round(state, task):
    """R7/O3: return figures, reveal, OA8, limits, 12th-card check, token."""
    state.targi = []
    state.markers = []
    options = state.options
    stack = state.stack
    stack += [{"t": "next_round"}, {"t": "end_check"}]
    if options["limit_check"] == "end_of_round":
        stack += _both(state, "limits")
    if options["oa8_timing"] == "end_of_round":
        stack += _both(state, "oa8")
    stack.append({"t": "reveal"})
    return []


def check_twelfth_card(state, task):
    if state.options["end_on_12th_card"] == "end_of_round" and \
            any(player.card_count() == DISPLAY_SIZE for player in state.players):
        return end_game(state, "twelfth_card")
    return []


def next_round(state, task):
    state.start_player = 1 - state.start_player
    if state.round < LAST_ROUND:
        state.stack.append({"t": "round"})
        return []
    stack = state.stack  # the robber's last step: raid 4, then the end (§11.1)
    stack.append({"t": "finish"})
    if state.options["limit_check"] == "after_raid":
        stack += _both(state, "limits")
    stack.append({"t": "robber"})
    return []


def finish(state, task):
    return end_game(state, "robber")


#: task name (its ``"t"`` in the stored stack) -> (state, task) -> events
TASKS = {
    "reveal": reveal, "start_player": draw_start_player, "round": start_round, "robber": move_robber,
    "raid": raid, "raid_done": finish_raid, "limits": enforce_limits, "place": start_placement,
    "markers": place_markers, "act": start_actions, "bonus_end": bonus_goods_of_the_round,
    "oa8": good_if_no_goods_card, "after_play": after_play, "end_round": end_round,
    "end_check": check_twelfth_card, "next_round": next_round, "finish": finish,
}


# -- chance -----------------------------------------------------------------------
def chance(state) -> Chance | None:
    draw = state.chance
    if draw is None:
        return None
    if draw.reason == "start":
        return Chance([0, 1], [1, 1], "start_player")
    pool = state.pool_of(draw.kind, draw.space)
    ids = sorted(pool)
    return Chance(ids, [pool[c] for c in ids], f"{draw.reason}_{draw.kind}")


def apply_chance(state, outcome) -> list[dict]:
    draw = state.chance
    if draw is None:
        raise IllegalMove(N_("no chance step is pending"))
    if draw.reason == "start":
        possible = type(outcome) is int and outcome in (0, 1)
    else:
        possible = isinstance(outcome, str) and outcome in state.pool_of(draw.kind, draw.space)
    if not possible:
        raise IllegalMove(N_("that outcome is not possible at this chance step"))
    return _resolve(state, draw, outcome) + advance(state)


def _resolve(state, draw, outcome) -> list[dict]:
    state.chance = None
    if draw.reason == "start":
        state.first_player = state.start_player = outcome
        return [{"type": "start_player", "seat": outcome}]
    kind, seat = draw.kind, draw.seat
    state.remove_from_pool(kind, outcome, draw.space)
    if draw.reason == "reveal":
        state.central[draw.space] = Space(kind, outcome, "up")
        r, c = SPACES[draw.space]
        return [{"type": "revealed", "space": [r, c], "card": outcome}]
    if draw.reason == "caravan":
        state.discards["goods"].append(outcome)
        from_goods_card = state.options["caravan_counts_as_goods_card"]
        return [{"type": "drew_goods_card", "seat": seat, "card": outcome}] + \
            receive_goods_card(state, seat, outcome, from_goods_card)
    secret = state.options["hand_visibility"] != "public"
    state.stack.append({"dp": "TRIBE_OUTCOME", "seat": seat, "card": outcome, "secret": secret})
    if secret:
        return [{"type": "drew_tribe_card", "seat": seat, "_private": {str(seat): {"card": outcome}}}]
    return [{"type": "drew_tribe_card", "seat": seat, "card": outcome}]
