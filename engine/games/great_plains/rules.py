"""Legal moves and their rules in the cave and figure phases (spec sections 5-8).

:data:`PHASES` is the dispatch table: per phase its legal moves and the rule of each move
type. A rule checks an admitted move (its seat is to move, its shape is valid), raises
:class:`~engine.IllegalMove` naming the broken rule without changing anything, else
applies it and returns its events; :func:`.flow.end_move` then passes the turn on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine import IllegalMove
from engine.i18n import N_, Text, term

from .board import BEYOND, CELLS, DIRECTIONS, EMPTY, INDEX, NEIGHBOUR_SETS, NEIGHBOURS, STEP, TOTEM_KINDS
from .state import CAVES, FIGURES
from .texts import TOTEMS

HORSE, EAGLE, BEAR = 0, 1, 2
KIND_INDEX = {kind: i for i, kind in enumerate(TOTEM_KINDS)}


def _cell(i):
    return [*CELLS[i]]


# -- targets -------------------------------------------------------------------------
def _powered(state, seat, cache, reach) -> list:
    cells = state.cells
    return sorted({target for source in state.sources[seat] for target in (cache.get(source) or reach(source))
                   if cells[target] == EMPTY})


def horse_targets(state, seat) -> list:
    """Empty lowland cells a horse reaches from any source, in board order."""
    return _powered(state, seat, state.board.horse_cache, state.board.horse_from)


def eagle_targets(state, seat) -> list:
    """Empty lowland cells an eagle reaches from any source, in board order."""
    return _powered(state, seat, state.board.eagle_cache, state.board.eagle_from)


def _push_blocked(state, destination) -> bool:
    """True if a push to ``destination`` is illegal (an occupied field under the default rule)."""
    return (destination >= 0 and state.cells[destination] in (0, 1)
            and state.rules["bear_push_into_occupied"] == "illegal")


def bear_pushes(state, seat) -> list:
    """Legal bear moves as ``(target, source or direction index)``, in move order.

    ``from_source``: the second item is the source cell; ``player_choice``: a direction.
    """
    cells, opponent, out = state.cells, 1 - seat, []
    if state.rules["bear_push_direction"] == "from_source":
        opponents = set(state.sources[opponent])
        for source in state.sources[seat]:
            for target in NEIGHBOUR_SETS[source] & opponents:
                if cells[target] == opponent and not _push_blocked(state, BEYOND[source][target]):
                    out.append((target, source))
        out.sort()
        return out
    if state.rules["bear_requires_adjacency"]:
        targets = {n for source in state.sources[seat] for n in NEIGHBOURS[source] if cells[n] == opponent}
    else:
        targets = {i for i in state.sources[opponent] if cells[i] == opponent}
    for target in sorted(targets):
        out.extend((target, d) for d in range(6) if not _push_blocked(state, STEP[target][d]))
    return out


#: per totem kind: its placements (targets, or bear ``(target, source or direction)`` pairs)
POWERS = (horse_targets, eagle_targets, bear_pushes)


def has_placement(state, seat) -> bool:
    """Whether ``seat`` (with figures in hand) can place at all, with or without a held totem."""
    return bool(state.frontier[seat]) or any(
        held and POWERS[kind](state, seat) for kind, held in enumerate(state.held[seat]))


# -- legal moves -----------------------------------------------------------------------
def cave_moves(state, seat) -> list:
    return [{"type": "place_cave", "cell": _cell(i)} for i in state.board.caves if i not in state.caves]


def figure_moves(state, seat) -> list:
    """Every figure-phase move in the spec's order, or a lone pass.

    Combined form: normal, horse, eagle, bear placements. Two-step form: normal
    placements, then one ``use_totem`` per held kind with a placement; after it only that
    power's placements. (The hot path of random playouts: cell lists are built inline
    rather than via ``_cell``.)
    """
    if state.pending_totem is not None:
        return power_moves(state, seat, state.pending_totem)
    moves = [{"type": "place", "cell": [*CELLS[i]]} for i in sorted(state.frontier[seat])]
    two_step = state.rules["totem_move_form"] == "two_step"
    for kind, n in enumerate(state.held[seat]):
        if not n:
            continue
        if not two_step:
            moves += power_moves(state, seat, kind)
        elif POWERS[kind](state, seat):
            moves.append({"type": "use_totem", "kind": TOTEM_KINDS[kind]})
    return moves or [{"type": "pass"}]


def power_moves(state, seat, kind) -> list:
    """The place moves with the power of totem ``kind`` (in the combined form's shape)."""
    found = POWERS[kind](state, seat)
    if kind != BEAR:
        return [{"type": "place", "cell": [*CELLS[i]], "totem": TOTEM_KINDS[kind]} for i in found]
    if state.rules["bear_push_direction"] == "from_source":
        return [{"type": "place", "cell": [*CELLS[t]], "totem": "bear", "source": [*CELLS[s]]} for t, s in found]
    return [{"type": "place", "cell": [*CELLS[t]], "totem": "bear", "direction": list(DIRECTIONS[d])}
            for t, d in found]


# -- the rules of the moves ---------------------------------------------------------------
def _board_cell(move, key="cell") -> int:
    i = INDEX.get(tuple(move[key]))
    if i is None:
        raise IllegalMove(N_("{key} {value} is not on the board"), key=key, value=move[key])
    return i


def place_cave(state, seat, move) -> list:
    i = _board_cell(move)
    if state.board.terrain[i] != "C":
        raise IllegalMove(N_("a cave token goes on a cave space (C field) in the mountains"))
    if i in state.caves:
        raise IllegalMove(N_("that cave space already holds a cave token"))
    state.caves[i] = seat
    state.sources[seat].append(i)
    cells, frontier = state.cells, state.frontier[seat]
    for n in NEIGHBOURS[i]:
        if cells[n] == EMPTY:
            frontier.add(n)
    state.caves_left[seat] -= 1
    return [{"type": "cave_placed", "seat": seat, "cell": _cell(i)}]


def pass_turn(state, seat, move) -> list:
    if state.pending_totem is not None or has_placement(state, seat):
        raise IllegalMove(N_("a player may pass only when no placement exists (blocked_player = auto_pass)"))
    return [{"type": "pass", "seat": seat}]


def use_totem(state, seat, move) -> list:
    """Two-step form: return a held totem with a placement; the same seat then places with it."""
    if state.rules["totem_move_form"] != "two_step":
        raise IllegalMove(N_('use_totem exists only with totem_move_form = "two_step"; '
                             'name the totem in the place move instead ({"type": "place", "cell": …, "totem": …})'))
    if state.pending_totem is not None:
        raise IllegalMove(N_("the {totem} is already in use: place the figure with its power"),
                          totem=term(TOTEMS, TOTEM_KINDS[state.pending_totem]))
    kind = KIND_INDEX[move["kind"]]
    if not state.held[seat][kind]:
        raise IllegalMove(N_("you hold no {totem} token"), totem=term(TOTEMS, TOTEM_KINDS[kind]))
    if not POWERS[kind](state, seat):
        raise IllegalMove(N_("no placement with the {totem} exists, so it cannot be used"),
                          totem=term(TOTEMS, TOTEM_KINDS[kind]))
    state.pending_totem = kind
    return [_return_token(state, seat, kind)]


def place(state, seat, move) -> list:
    target = _board_cell(move)
    kind = KIND_INDEX[move["totem"]] if "totem" in move else None
    if kind != state.pending_totem and state.rules["totem_move_form"] == "two_step":
        if state.pending_totem is None:
            raise IllegalMove(N_('with totem_move_form = "two_step" a totem is used by a use_totem move before '
                                 'placing'))
        name = TOTEM_KINDS[state.pending_totem]
        raise IllegalMove(N_('the {totem} is in use: this placement names "totem": "{name}" and uses its power'),
                          totem=term(TOTEMS, name), name=name)
    push = _check_place(state, seat, target, kind, move)
    events = [] if kind is None or state.pending_totem is not None else [_return_token(state, seat, kind)]
    state.pending_totem = None
    return events + _place(state, seat, target, kind, push)


def _check_place(state, seat, target, kind, move):
    """Raise unless the placement is legal; returns the bear's push direction (else None)."""
    rules, cells = state.rules, state.cells
    if kind != BEAR and ("source" in move or "direction" in move):
        raise IllegalMove(N_("source and direction belong to a bear move only"))
    if not state.board.lowland[target]:
        raise IllegalMove(N_("figures are placed only on lowland fields, never on mountains or cave spaces or "
                             "spring fields") if state.board.separate_springs else
                          N_("figures are placed only on lowland fields, never on mountains or cave spaces"))
    if kind is not None and kind != state.pending_totem and not state.held[seat][kind]:
        raise IllegalMove(N_("you hold no {totem} token"), totem=term(TOTEMS, TOTEM_KINDS[kind]))
    if kind == BEAR:
        return _check_bear(state, seat, target, move)
    if cells[target] != EMPTY:
        raise IllegalMove(N_("one figure per field: that field is occupied"))
    if kind is None:
        if target not in state.frontier[seat]:
            raise IllegalMove(N_("a figure must be placed adjacent to an own cave or figure"))
    elif kind == HORSE:
        if target not in horse_targets(state, seat):
            raise IllegalMove(N_("a horse places exactly two fields from an own cave or figure, jumping over "
                                 "at least one lowland field(s)") if rules["horse_skip_rule"] == "any" else
                              N_("a horse places exactly two fields from an own cave or figure, jumping over "
                                 "only lowland field(s)"))
    elif target not in eagle_targets(state, seat):
        limit = rules["eagle_max_mountains"]
        if limit:
            raise IllegalMove(N_("an eagle must cross at least one mountain in a straight line from an own cave or "
                                 "figure and land on the first lowland field behind it (at most {limit} mountain "
                                 "fields)"), limit=limit)
        raise IllegalMove(N_("an eagle must cross at least one mountain in a straight line from an own cave or "
                             "figure and land on the first lowland field behind it"))
    return None


def _check_bear(state, seat, target, move) -> int:
    rules, opponent = state.rules, 1 - seat
    if rules["bear_push_direction"] == "from_source":
        if "direction" in move or "source" not in move:
            raise IllegalMove(N_('a bear move names its source (bear_push_direction = "from_source")'))
        source = _board_cell(move, "source")
        if state.cells[source] != seat and state.caves.get(source) != seat:
            raise IllegalMove(N_("the bear's source must be an own cave or figure"))
        if target not in NEIGHBOURS[source]:
            raise IllegalMove(N_("the bear's target must be adjacent to its source"))
        direction = STEP[source].index(target)
    else:
        if "source" in move or "direction" not in move:
            raise IllegalMove(N_('a bear move names its direction (bear_push_direction = "player_choice")'))
        if tuple(move["direction"]) not in DIRECTIONS:
            raise IllegalMove(N_("direction must be one of the 6 hex directions"))
        direction = DIRECTIONS.index(tuple(move["direction"]))
        if rules["bear_requires_adjacency"] and not any(
                state.cells[n] == seat or state.caves.get(n) == seat for n in NEIGHBOURS[target]):
            raise IllegalMove(N_("the bear's target must be adjacent to an own cave or figure"))
    if state.cells[target] != opponent:
        raise IllegalMove(N_("a bear must enter a field occupied by an opponent figure"))
    if _push_blocked(state, STEP[target][direction]):
        raise IllegalMove(N_("a bear cannot push a figure into an occupied field (no chain pushes)"))
    return direction


def _take_token(state, seat, cell, events):
    kind = state.board.kind[cell]
    if kind >= 0 and state.supply[kind]:
        state.supply[kind] -= 1
        state.held[seat][kind] += 1
        events.append({"type": "token_taken", "seat": seat, "kind": TOTEM_KINDS[kind]})


def _return_token(state, seat, kind) -> dict:
    state.held[seat][kind] -= 1
    state.supply[kind] += 1
    return {"type": "token_returned", "seat": seat, "kind": TOTEM_KINDS[kind]}


def _place(state, seat, target, kind, push) -> list:
    """Place after the totem (if any) is returned: the figure, the push, tokens."""
    cells, rules, events = state.cells, state.rules, []
    placed = {"type": "placed", "seat": seat, "cell": _cell(target)}
    if kind is not None:
        placed["totem"] = TOTEM_KINDS[kind]
    events.append(placed)
    opponent, pushed_to = 1 - seat, None
    cells[target] = seat
    state.sources[seat].append(target)
    state.frontier[0].discard(target)
    state.frontier[1].discard(target)
    if push is not None:
        state.sources[opponent].remove(target)
        destination = STEP[target][push]
        if destination >= 0 and cells[destination] == EMPTY:
            cells[destination] = opponent
            state.sources[opponent].append(destination)
            state.frontier[seat].discard(destination)
            pushed_to = destination
            events.append({"type": "pushed", "seat": opponent, "from": _cell(target), "to": _cell(destination)})
        else:
            state.removed[opponent] += 1
            events.append({"type": "removed", "seat": opponent, "cell": _cell(target)})
        state.refresh_frontier(opponent)
    frontier = state.frontier[seat]
    for n in NEIGHBOURS[target]:
        if cells[n] == EMPTY:
            frontier.add(n)
    if kind is None or rules["token_on_power_placement"]:
        _take_token(state, seat, target, events)
    if pushed_to is not None and rules["token_on_push"]:
        _take_token(state, opponent, pushed_to, events)
    state.hand[seat] -= 1
    return events


# -- dispatch ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Phase:
    """A phase with decisions: its name, its legal moves, the rule of each of its move types."""

    name: str
    legal_moves: Callable[..., list]
    rule_of: dict[str, Callable[..., list]]


PHASES = {
    CAVES: Phase(N_("cave phase"), cave_moves, {"place_cave": place_cave}),
    FIGURES: Phase(N_("figure phase"), figure_moves, {"place": place, "use_totem": use_totem, "pass": pass_turn}),
}


def legal_moves(state, seat) -> list:
    phase = PHASES.get(state.phase)
    return phase.legal_moves(state, seat) if phase is not None and seat == state.turn else []


def perform(state, seat, move) -> list:
    """Apply an admitted move by its rule; returns its events."""
    phase = PHASES[state.phase]
    rule = phase.rule_of.get(move["type"])
    if rule is None:
        home = next(other.name for other in PHASES.values() if move["type"] in other.rule_of)
        raise IllegalMove(N_("{type} moves are made only in the {home} (now: the {phase})"),
                          type=move["type"], home=Text(home), phase=Text(phase.name))
    return rule(state, seat, move)
