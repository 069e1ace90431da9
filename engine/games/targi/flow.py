"""The automatic procedure (§6, §7, §11): set-up, rounds, robber and raids, markers,
limits, reveals, game end. Tasks ``{"t": name, ...}`` share ``state["stack"]`` with
decision frames; :func:`advance` runs tasks until a decision, a chance step or the end.
"""

from .board import CORNERS, INITIAL_KIND, RAIDS, SPACES, intersections
from .core import DISPLAY_SIZE, bonus_goods, display_count, has, remove_from_pool, take_from_deck
from .decisions import pay_raid, raid_moves, raid_reward, receive_goods_card

START_GOODS, START_GOLD, START_VP = 2, 1, 4
GOODS_LIMIT, GOLD_LIMIT = 10, 3
LAST_ROUND = 12


def new_player() -> dict:
    return {"goods": [START_GOODS] * 3, "gold": START_GOLD, "vp": START_VP, "display": [[], [], []],
            "hand": None, "hand_known": False, "we9": 0, "got": [False] * 3, "bonus": [], "we8": 0,
            "border_used": 0, "te9": 0, "oa6_next": False}


def new_state(cfg) -> dict:
    """§6: empty central area and full decks; the deal and start player are chance steps."""
    return {
        "cfg": cfg, "round": 0, "start": 0, "first": None, "robber": 0, "targi": [], "markers": [],
        "central": [[kind, None, "empty"] for kind in INITIAL_KIND],
        "deck": {"goods": sum(cfg.copies.values()), "tribe": len(cfg.tribe_ids)},
        "pool": {"goods": dict(cfg.copies), "tribe": {c: 1 for c in cfg.tribe_ids}},
        "discard": {"goods": [], "tribe": []},
        "players": [new_player(), new_player()],
        "stack": [{"t": "round"}, {"t": "start_player"}, {"t": "reveal"}],
        "chance": None, "over": False, "credit": [0, 0],
    }


def advance(state) -> list[dict]:
    """Run automatic tasks until a decision, a chance step or the end of the game."""
    events = []
    stack = state["stack"]
    while stack and state["chance"] is None and not state["over"]:
        top = stack[-1]
        if "t" not in top:
            break
        stack.pop()
        events += TASKS[top["t"]](state, top)
    return events


def end_game(state, reason) -> list[dict]:
    state["over"] = True
    state["stack"] = []
    return [{"type": "game_end", "reason": reason}]


def _both(state, task, **extra):
    """The task for the start player and the other player, start player first (on top)."""
    return [{"t": task, "seat": 1 - state["start"], **extra}, {"t": task, "seat": state["start"], **extra}]


# -- tasks ------------------------------------------------------------------------
def t_reveal(state, task):
    """Set-up deal and end-of-round reveal, row-major; empty spaces are refilled (A7)."""
    events = []
    for i, space in enumerate(state["central"]):
        if space[2] == "empty" and take_from_deck(state, space[0], events):
            space[2] = "down"
        if space[2] == "down":
            state["chance"] = {"why": "reveal", "kind": space[0], "seat": None, "space": i}
            state["stack"].append(task)
            break
    return events


def t_start_player(state, task):
    state["chance"] = {"why": "start", "kind": None, "seat": None, "space": None}
    return []


def t_round(state, task):
    state["round"] += 1
    for p in state["players"]:
        p["got"] = [False] * 3
        p["bonus"] = []
        p["we8"] = 0
        p["border_used"] = 0
    opt = state["cfg"].opt
    start, other = state["start"], 1 - state["start"]
    stack = state["stack"]
    stack.append({"t": "end_round"})
    stack += [{"t": "act", "seat": other}, {"t": "act", "seat": start}, {"t": "markers"}, {"t": "place"}]
    if opt["limit_check"] == "after_raid":
        stack += _both(state, "limits")
    stack.append({"t": "robber"})
    return [{"type": "round", "round": state["round"], "start_player": start}]


def t_robber(state, task):
    state["robber"] += 1
    events = [{"type": "robber", "card": state["robber"]}]
    if state["robber"] in CORNERS:
        corner = state["robber"]
        state["stack"].append({"t": "raid_done", "corner": corner})
        state["stack"] += _both(state, "raid", corner=corner)
        state["credit"] = [0, 0]
        events.append({"type": "raid", "raid": RAIDS[corner][0], "corner": corner})
    return events


def _immune(state, seat) -> bool:
    player = state["players"][seat]
    if state["cfg"].opt["oa6_scope"] == "next_raid":
        immune, player["oa6_next"] = player["oa6_next"], False
        return immune
    return has(state["cfg"], player, "raid_immunity")


def t_raid(state, task):
    """A3: immunity, a choice, a forced payment or a shortfall, then TA7."""
    seat, corner = task["seat"], task["corner"]
    if _immune(state, seat):
        return [{"type": "raid_immune", "seat": seat}] + raid_reward(state, seat, False)
    moves = raid_moves(state, seat, corner)
    if len(moves) > 1:
        state["stack"].append({"dp": "RAID_PAY", "seat": seat, "corner": corner})
        return []
    if moves:
        return pay_raid(state, seat, corner, moves[0])
    player = state["players"][seat]
    if state["cfg"].opt["raid_shortfall"] == "bga":
        state["credit"][1 - seat] += RAIDS[corner][2]
        return [{"type": "raid_shortfall", "seat": seat}] + raid_reward(state, seat, False)
    given = [0, 0, 0] if corner == 16 else player["goods"]  # all he has of the demanded kind
    if corner != 16:
        player["goods"] = [0, 0, 0]
    event = {"type": "raid_shortfall", "seat": seat, "d": given[0], "s": given[1], "p": given[2]}
    return [event] + raid_reward(state, seat, sum(given) > 0)


def t_raid_done(state, task):
    events = []
    for seat, vp in enumerate(state["credit"]):
        if vp:
            state["players"][seat]["vp"] += vp
            events.append({"type": "raid_credit", "seat": seat, "vp": vp})
    state["credit"] = [0, 0]
    if task["corner"] != 16:  # A2: the robber never stays on a corner
        state["robber"] += 1
        events.append({"type": "robber", "card": state["robber"]})
    return events


def t_limits(state, task):
    seat = task["seat"]
    player = state["players"][seat]
    events = []
    if player["gold"] > GOLD_LIMIT:
        events.append({"type": "discard_gold", "seat": seat, "gold": player["gold"] - GOLD_LIMIT})
        player["gold"] = GOLD_LIMIT
    excess = sum(player["goods"]) - GOODS_LIMIT
    if excess > 0:
        state["stack"].append({"dp": "LIMIT_DISCARD", "seat": seat, "n": excess})
    return events


def t_place(state, task):
    """O6/P10: 3 Targi each, 2 for the player hit by TE9 ("place_two")."""
    two = state["cfg"].opt["te9_mode"] == "place_two"
    quota = [2 if two and p["te9"] == state["round"] else 3 for p in state["players"]]
    state["stack"].append({"dp": "PLACE", "seat": state["start"], "quota": quota})
    return []


def t_markers(state, task):
    markers = []
    for seat in (0, 1):
        cards = [t[1] for t in state["targi"] if t[0] == seat]
        markers += [[seat, r, c, False] for r, c in intersections(cards)]
    state["markers"] = markers
    return [{"type": "markers", "markers": [{"seat": m[0], "space": [m[1], m[2]]} for m in markers]}]


def t_act(state, task):
    seat = task["seat"]
    opt = state["cfg"].opt
    stack = state["stack"]
    if opt["limit_check"] == "end_of_actions":
        stack.append({"t": "limits", "seat": seat})
    if opt["oa8_timing"] == "end_of_action_phase":
        stack.append({"t": "oa8", "seat": seat})
    if opt["bonus_good_timing"] == "end_of_action_phase":
        stack.append({"t": "bonus_end", "seat": seat})
    stack.append({"dp": "CHOOSE_ACTION", "seat": seat})
    return []


def t_bonus_end(state, task):
    """P5 "end_of_action_phase": OA7/CR8/TA8 checked once over the whole round."""
    got = state["players"][task["seat"]]["got"]
    return bonus_goods(state, task["seat"], [i for i in range(3) if got[i]])


def t_oa8(state, task):
    seat = task["seat"]
    player = state["players"][seat]
    if has(state["cfg"], player, "good_if_no_goods_card") and not any(player["got"]):
        state["stack"].append({"dp": "CHOOSE_GOOD", "seat": seat, "amounts": [1, 1, 1], "q": False})
    return []


def t_after_play(state, task):
    """A1: the 12th display card ends the game at once (default)."""
    if display_count(state["players"][task["seat"]]) == DISPLAY_SIZE and \
            state["cfg"].opt["end_on_12th_card"] == "immediately":
        return end_game(state, "twelfth_card")
    return []


def t_end_round(state, task):
    """R7/O3: return figures, reveal, OA8, limits, 12th-card check, token."""
    state["targi"] = []
    state["markers"] = []
    opt = state["cfg"].opt
    stack = state["stack"]
    stack += [{"t": "next_round"}, {"t": "end_check"}]
    if opt["limit_check"] == "end_of_round":
        stack += _both(state, "limits")
    if opt["oa8_timing"] == "end_of_round":
        stack += _both(state, "oa8")
    stack.append({"t": "reveal"})
    return []


def t_end_check(state, task):
    if state["cfg"].opt["end_on_12th_card"] == "end_of_round" and \
            any(display_count(p) == DISPLAY_SIZE for p in state["players"]):
        return end_game(state, "twelfth_card")
    return []


def t_next_round(state, task):
    state["start"] = 1 - state["start"]
    if state["round"] < LAST_ROUND:
        state["stack"].append({"t": "round"})
        return []
    stack = state["stack"]  # the robber's last step: raid 4, then the end (§11.1)
    stack.append({"t": "finish"})
    if state["cfg"].opt["limit_check"] == "after_raid":
        stack += _both(state, "limits")
    stack.append({"t": "robber"})
    return []


def t_finish(state, task):
    return end_game(state, "robber")


TASKS = {
    "reveal": t_reveal, "start_player": t_start_player, "round": t_round, "robber": t_robber,
    "raid": t_raid, "raid_done": t_raid_done, "limits": t_limits, "place": t_place, "markers": t_markers,
    "act": t_act, "bonus_end": t_bonus_end, "oa8": t_oa8, "after_play": t_after_play,
    "end_round": t_end_round, "end_check": t_end_check, "next_round": t_next_round, "finish": t_finish,
}


# -- chance -----------------------------------------------------------------------
def apply_chance(state, outcome) -> list[dict]:
    desc = state["chance"]
    state["chance"] = None
    why = desc["why"]
    if why == "start":
        state["first"] = state["start"] = outcome
        return [{"type": "start_player", "seat": outcome}]
    kind = desc["kind"]
    remove_from_pool(state, kind, outcome)
    seat = desc["seat"]
    if why == "reveal":
        state["central"][desc["space"]] = [kind, outcome, "up"]
        r, c = SPACES[desc["space"]]
        return [{"type": "revealed", "space": [r, c], "card": outcome}]
    if why == "caravan":
        state["discard"]["goods"].append(outcome)
        qualifying = state["cfg"].opt["caravan_counts_as_goods_card"]
        return [{"type": "drew_goods_card", "seat": seat, "card": outcome}] + \
            receive_goods_card(state, seat, outcome, qualifying)
    secret = state["cfg"].opt["hand_visibility"] != "public"
    state["stack"].append({"dp": "TRIBE_OUTCOME", "seat": seat, "card": outcome, "secret": secret})
    if secret:
        return [{"type": "drew_tribe_card", "seat": seat, "_private": {str(seat): {"card": outcome}}}]
    return [{"type": "drew_tribe_card", "seat": seat, "card": outcome}]
