"""Move generation and application for the cave and figure phases (spec sections 5-8)."""

from __future__ import annotations

from engine import IllegalMove

from .geometry import BEYOND, CELLS, DIRECTIONS, EMPTY, INDEX, NEIGHBOUR_SETS, NEIGHBOURS, STEP, TOTEM_KINDS
from .state import CAVES, FIGURES, OVER, refresh_front

HORSE, EAGLE, BEAR = 0, 1, 2
KIND_INDEX = {kind: i for i, kind in enumerate(TOTEM_KINDS)}
PLACE_FIELDS = {"type", "cell", "totem", "source", "direction"}


def _cell(i):
    return [*CELLS[i]]


# -- targets -------------------------------------------------------------------------
def _powered(st, seat, cache, reach) -> list:
    cells = st.cells
    return sorted({t for s in st.sources[seat] for t in (cache.get(s) or reach(s)) if cells[t] == EMPTY})


def horse_targets(st, seat) -> list:
    """Empty lowland cells a horse reaches from any source, in board order."""
    return _powered(st, seat, st.board.horse_cache, st.board.horse_from)


def eagle_targets(st, seat) -> list:
    """Empty lowland cells an eagle reaches from any source, in board order."""
    return _powered(st, seat, st.board.eagle_cache, st.board.eagle_from)


def _push_blocked(st, dest) -> bool:
    """True if a push to ``dest`` is illegal (an occupied field under the default rule)."""
    return dest >= 0 and st.cells[dest] in (0, 1) and st.rules["bear_push_into_occupied"] == "illegal"


def bear_pushes(st, seat) -> list:
    """Legal bear moves as ``(target, source or direction index)``, in move order.

    ``from_source``: the second item is the source cell; ``player_choice``: a direction.
    """
    cells, opp, out = st.cells, 1 - seat, []
    if st.rules["bear_push_direction"] == "from_source":
        opponents = set(st.sources[opp])
        for s in st.sources[seat]:
            for t in NEIGHBOUR_SETS[s] & opponents:
                if cells[t] == opp and not _push_blocked(st, BEYOND[s][t]):
                    out.append((t, s))
        out.sort()
        return out
    if st.rules["bear_requires_adjacency"]:
        targets = {n for s in st.sources[seat] for n in NEIGHBOURS[s] if cells[n] == opp}
    else:
        targets = {i for i in st.sources[opp] if cells[i] == opp}
    for t in sorted(targets):
        out.extend((t, d) for d in range(6) if not _push_blocked(st, STEP[t][d]))
    return out


#: per totem kind: its placements (targets, or bear ``(target, source or direction)`` pairs)
POWERS = (horse_targets, eagle_targets, bear_pushes)


def has_placement(st, seat) -> bool:
    """Whether ``seat`` (with figures in hand) can place at all, with or without a held totem."""
    return bool(st.front[seat]) or any(n and POWERS[kind](st, seat) for kind, n in enumerate(st.held[seat]))


# -- legal moves -----------------------------------------------------------------------
def cave_moves(st) -> list:
    return [{"type": "place_cave", "cell": _cell(i)} for i in st.board.caves if i not in st.caves]


def figure_moves(st, seat) -> list:
    """Every figure-phase move in the spec's order, or a lone pass.

    Combined form: normal, horse, eagle, bear placements. Two-step form: normal
    placements, then one ``use_totem`` per held kind with a placement; after it only that
    power's placements. (The hot path of random playouts: cell lists are built inline
    rather than via ``_cell``.)
    """
    if st.pending is not None:
        return power_moves(st, seat, st.pending)
    moves = [{"type": "place", "cell": [*CELLS[i]]} for i in sorted(st.front[seat])]
    two_step = st.rules["totem_move_form"] == "two_step"
    for kind, n in enumerate(st.held[seat]):
        if not n:
            continue
        if not two_step:
            moves += power_moves(st, seat, kind)
        elif POWERS[kind](st, seat):
            moves.append({"type": "use_totem", "kind": TOTEM_KINDS[kind]})
    return moves or [{"type": "pass"}]


def power_moves(st, seat, kind) -> list:
    """The place moves with the power of totem ``kind`` (in the combined form's shape)."""
    found = POWERS[kind](st, seat)
    if kind != BEAR:
        return [{"type": "place", "cell": [*CELLS[i]], "totem": TOTEM_KINDS[kind]} for i in found]
    if st.rules["bear_push_direction"] == "from_source":
        return [{"type": "place", "cell": [*CELLS[t]], "totem": "bear", "source": [*CELLS[s]]} for t, s in found]
    return [{"type": "place", "cell": [*CELLS[t]], "totem": "bear", "direction": list(DIRECTIONS[d])}
            for t, d in found]


# -- parsing -----------------------------------------------------------------------------
def _pair(move, key):
    value = move.get(key)
    if type(value) is not list or len(value) != 2 or type(value[0]) is not int or type(value[1]) is not int:
        raise IllegalMove(f"{key} must be a pair of integers [q, r]")
    return value[0], value[1]


def _board_cell(move, key="cell") -> int:
    i = INDEX.get(_pair(move, key))
    if i is None:
        raise IllegalMove(f"{key} {move[key]} is not on the board")
    return i


def _check_fields(move, allowed):
    if not move.keys() <= allowed:
        extra = sorted(move.keys() - allowed)[0]
        raise IllegalMove(f"unknown field {extra!r} in a {move['type']} move")


def _check_turn(st, seat, phase, what):
    if st.phase != phase:
        names = {CAVES: "cave phase", FIGURES: "figure phase"}
        raise IllegalMove(f"{what} only in the {names[phase]} (now: {names.get(st.phase, st.phase)})")
    if seat != st.turn:
        raise IllegalMove(f"it is seat {st.turn}'s turn")


# -- applying ------------------------------------------------------------------------------
def apply_cave(st, seat, move) -> list:
    _check_fields(move, {"type", "cell"})
    _check_turn(st, seat, CAVES, "cave tokens are placed")
    i = _board_cell(move)
    if st.board.terrain[i] != "C":
        raise IllegalMove("a cave token goes on a cave space (C field) in the mountains")
    if i in st.caves:
        raise IllegalMove("that cave space already holds a cave token")
    st.caves[i] = seat
    st.sources[seat].append(i)
    cells, front = st.cells, st.front[seat]
    for n in NEIGHBOURS[i]:
        if cells[n] == EMPTY:
            front.add(n)
    st.caves_left[seat] -= 1
    other = 1 - seat
    if st.caves_left[other]:
        st.turn = other
    elif not st.caves_left[seat]:
        st.phase = FIGURES
        _next_turn(st, other)  # the last cave placer takes the first figure turn
    return [{"type": "cave_placed", "seat": seat, "cell": _cell(i)}]


def apply_pass(st, seat, move) -> list:
    _check_fields(move, {"type"})
    _check_turn(st, seat, FIGURES, "passing is possible")
    if st.pending is not None or has_placement(st, seat):
        raise IllegalMove("a player may pass only when no placement exists (blocked_player = auto_pass)")
    _next_turn(st, seat)
    return [{"type": "pass", "seat": seat}]


def apply_use_totem(st, seat, move) -> list:
    """Two-step form: return a held totem with a placement; the same seat then places with it."""
    if st.rules["totem_move_form"] != "two_step":
        raise IllegalMove('use_totem exists only with totem_move_form = "two_step"; '
                          'name the totem in the place move instead ({"type": "place", "cell": …, "totem": …})')
    _check_fields(move, {"type", "kind"})
    _check_turn(st, seat, FIGURES, "totems are used")
    if st.pending is not None:
        raise IllegalMove(f"the {TOTEM_KINDS[st.pending]} is already in use: place the figure with its power")
    kind = _totem_kind(move, "kind")
    if not st.held[seat][kind]:
        raise IllegalMove(f"you hold no {TOTEM_KINDS[kind]} token")
    if not POWERS[kind](st, seat):
        raise IllegalMove(f"no placement with the {TOTEM_KINDS[kind]} exists, so it cannot be used")
    st.pending = kind
    return [_return_token(st, seat, kind)]


def apply_place(st, seat, move) -> list:
    _check_fields(move, PLACE_FIELDS)
    _check_turn(st, seat, FIGURES, "figures are placed")
    t = _board_cell(move)
    kind = _totem_kind(move, "totem") if "totem" in move else None
    if kind != st.pending and st.rules["totem_move_form"] == "two_step":
        if st.pending is None:
            raise IllegalMove('with totem_move_form = "two_step" a totem is used by a use_totem move before placing')
        name = TOTEM_KINDS[st.pending]
        raise IllegalMove(f'the {name} is in use: this placement names "totem": "{name}" and uses its power')
    push = _check_place(st, seat, t, kind, move)
    events = [] if kind is None or st.pending is not None else [_return_token(st, seat, kind)]
    st.pending = None
    return events + _place(st, seat, t, kind, push)


def _totem_kind(move, key) -> int:
    kind = KIND_INDEX.get(move.get(key)) if type(move.get(key)) is str else None
    if kind is None:
        raise IllegalMove(f'{key} must be "horse", "eagle" or "bear"')
    return kind


def _check_place(st, seat, t, kind, move):
    """Raise unless the placement is legal; returns the bear's push direction (else None)."""
    rules, cells = st.rules, st.cells
    if kind != BEAR and ("source" in move or "direction" in move):
        raise IllegalMove("source and direction belong to a bear move only")
    if not st.board.lowland[t]:
        raise IllegalMove("figures are placed only on lowland fields, never on mountains or cave spaces"
                          + (" or spring fields" if st.board.separate_springs else ""))
    if kind is not None and kind != st.pending and not st.held[seat][kind]:
        raise IllegalMove(f"you hold no {TOTEM_KINDS[kind]} token")
    if kind == BEAR:
        return _check_bear(st, seat, t, move)
    if cells[t] != EMPTY:
        raise IllegalMove("one figure per field: that field is occupied")
    if kind is None:
        if t not in st.front[seat]:
            raise IllegalMove("a figure must be placed adjacent to an own cave or figure")
    elif kind == HORSE:
        if t not in horse_targets(st, seat):
            rule = "at least one" if rules["horse_skip_rule"] == "any" else "only"
            raise IllegalMove(f"a horse places exactly two fields from an own cave or figure, jumping over {rule} "
                              "lowland field(s)")
    elif t not in eagle_targets(st, seat):
        limit = rules["eagle_max_mountains"]
        raise IllegalMove("an eagle must cross at least one mountain in a straight line from an own cave or "
                          "figure and land on the first lowland field behind it"
                          + (f" (at most {limit} mountain fields)" if limit else ""))
    return None


def _check_bear(st, seat, t, move) -> int:
    rules, opp = st.rules, 1 - seat
    if rules["bear_push_direction"] == "from_source":
        if "direction" in move or "source" not in move:
            raise IllegalMove('a bear move names its source (bear_push_direction = "from_source")')
        s = _board_cell(move, "source")
        if st.cells[s] != seat and st.caves.get(s) != seat:
            raise IllegalMove("the bear's source must be an own cave or figure")
        if t not in NEIGHBOURS[s]:
            raise IllegalMove("the bear's target must be adjacent to its source")
        d = STEP[s].index(t)
    else:
        if "source" in move or "direction" not in move:
            raise IllegalMove('a bear move names its direction (bear_push_direction = "player_choice")')
        pair = _pair(move, "direction")
        if pair not in DIRECTIONS:
            raise IllegalMove("direction must be one of the 6 hex directions")
        d = DIRECTIONS.index(pair)
        if rules["bear_requires_adjacency"] and not any(
                st.cells[n] == seat or st.caves.get(n) == seat for n in NEIGHBOURS[t]):
            raise IllegalMove("the bear's target must be adjacent to an own cave or figure")
    if st.cells[t] != opp:
        raise IllegalMove("a bear must enter a field occupied by an opponent figure")
    if _push_blocked(st, STEP[t][d]):
        raise IllegalMove("a bear cannot push a figure into an occupied field (no chain pushes)")
    return d


def _take_token(st, seat, cell, events):
    kind = st.board.kind[cell]
    if kind >= 0 and st.supply[kind]:
        st.supply[kind] -= 1
        st.held[seat][kind] += 1
        events.append({"type": "token_taken", "seat": seat, "kind": TOTEM_KINDS[kind]})


def _return_token(st, seat, kind) -> dict:
    st.held[seat][kind] -= 1
    st.supply[kind] += 1
    return {"type": "token_returned", "seat": seat, "kind": TOTEM_KINDS[kind]}


def _place(st, seat, t, kind, push) -> list:
    """Place after the totem (if any) is returned: the figure, the push, tokens, the next turn."""
    cells, rules, events = st.cells, st.rules, []
    placed = {"type": "placed", "seat": seat, "cell": _cell(t)}
    if kind is not None:
        placed["totem"] = TOTEM_KINDS[kind]
    events.append(placed)
    opp, pushed_to = 1 - seat, None
    cells[t] = seat
    st.sources[seat].append(t)
    st.front[0].discard(t)
    st.front[1].discard(t)
    if push is not None:
        st.sources[opp].remove(t)
        dest = STEP[t][push]
        if dest >= 0 and cells[dest] == EMPTY:
            cells[dest] = opp
            st.sources[opp].append(dest)
            st.front[seat].discard(dest)
            pushed_to = dest
            events.append({"type": "pushed", "seat": opp, "from": _cell(t), "to": _cell(dest)})
        else:
            st.removed[opp] += 1
            events.append({"type": "removed", "seat": opp, "cell": _cell(t)})
        refresh_front(st, opp)
    front = st.front[seat]
    for n in NEIGHBOURS[t]:
        if cells[n] == EMPTY:
            front.add(n)
    if kind is None or rules["token_on_power_placement"]:
        _take_token(st, seat, t, events)
    if pushed_to is not None and rules["token_on_push"]:
        _take_token(st, opp, pushed_to, events)
    st.hand[seat] -= 1
    _next_turn(st, seat)
    return events


def _next_turn(st, seat) -> None:
    """After ``seat``'s turn: the other player, else ``seat`` again, else the end.

    A player with an empty hand is skipped; one with figures but no placement gets the
    turn only to pass (blocked_player = auto_pass); when neither can place, the game ends.
    """
    other = 1 - seat
    if st.hand[other] and has_placement(st, other):
        st.turn = other
    elif st.hand[seat] and has_placement(st, seat):
        st.turn = other if st.hand[other] else seat
    else:
        st.phase, st.turn = OVER, None

