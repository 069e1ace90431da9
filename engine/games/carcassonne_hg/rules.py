"""The decisions of a turn (spec §2): place the drawn tile (§3.1), then a piece on it or
none (§3.2). :data:`DECISIONS` maps each decision to its legal moves and its move types."""

from __future__ import annotations

from typing import Callable, NamedTuple

from engine import IllegalMove
from engine.i18n import N_

from . import flow
from .board import HUT, MEMBER, PIECE_CODES, PIECE_NAMES, ROLES
from .components import FOREST, LAKE, MEADOW, RIVER
from .state import PIECE, TILE

#: the pieces that may ever stand on a zone type (the rest is refused by piece_problem)
PIECES_FOR = {FOREST: (MEMBER,), MEADOW: (MEMBER,), RIVER: (MEMBER, HUT), LAKE: (MEMBER, HUT)}


# -- the tile --------------------------------------------------------------------------------

def tile_moves(state) -> list[dict]:
    """Every fitting position and rotation of the drawn tile, sorted by (x, y, rotation)."""
    table = state.drawn.fit_table
    return [{"type": "place_tile", "x": x, "y": y, "rotation": r * 90}
            for (x, y), pattern in sorted(state.board.frontier.items()) for r in table[pattern]]


def place_tile(state, seat, move) -> list[dict]:
    x, y, rotation = move["x"], move["y"], move["rotation"]
    board, tile = state.board, state.drawn
    if (x, y) in board.placed_at:
        raise IllegalMove(N_("position ({x}, {y}) already holds a tile (§3.1)"), x=x, y=y)
    if (x, y) not in board.frontier:
        raise IllegalMove(N_("a tile must share at least one full edge with a placed tile (§3.1)"))
    if not board.fits(tile, x, y, rotation // 90):
        raise IllegalMove(N_("on every shared edge the sides must match: forest to forest, meadow to "
                             "meadow, river to river (§3.1)"))
    board.place(tile, x, y, rotation // 90)
    state.phase = PIECE
    return [{"type": "tile_placed", "seat": seat, "tile": tile.id, "x": x, "y": y, "rotation": rotation}]


# -- the piece -------------------------------------------------------------------------------

#: why a tribe member may not go on a zone whose feature already holds one, by zone type
BLOCKED = {FOREST: N_("this forest already holds a tribe member (blocking, §3.2)"),
           RIVER: N_("this river already holds a tribe member (blocking, §3.2)"),
           MEADOW: N_("this meadow already holds a tribe member (blocking, §3.2)"),
           LAKE: N_("this lake already holds a tribe member (blocking, §3.2)")}


def piece_problem(state, zone, piece: int) -> str | None:
    """Why ``piece`` may not go on ``zone`` of the tile just placed, a msgid (None: it may)."""
    board, seat, kind = state.board, state.turn, zone.type
    index = board.last_tile_zone(zone.id)
    options = state.options
    if piece == HUT:
        if kind not in (RIVER, LAKE):
            return N_("a fishing hut goes on a river or a lake (§3.2)")
        if not state.huts[seat]:
            return N_("you have no fishing hut left in your supply (§3.2)")
        if board.hut_count[board.system_root(index)]:
            return N_("this river system already holds a hut (blocking, §3.2)")
        return None
    if kind == LAKE and not options["membersOnLakes"]:
        return N_("tribe members may not stand on lakes (membersOnLakes, §3.2)")
    if not state.members[seat]:
        return N_("you have no tribe member left in your supply (§3.2)")
    if board.member_count[board.feature_root(index)] and not (zone.shrine and options["shrineBypassesBlocking"]):
        return BLOCKED[kind]
    return None


def piece_moves(state) -> list[dict]:
    """Members and huts the zones of the tile just placed may take (zone order), then no_piece."""
    moves = [{"type": "place_piece", "zone": zone.id, "piece": PIECE_NAMES[piece]}
             for zone in state.drawn.zones for piece in PIECES_FOR[zone.type]
             if piece_problem(state, zone, piece) is None]
    moves.append({"type": "no_piece"})
    return moves


def place_piece(state, seat, move) -> list[dict]:
    tile, piece = state.drawn, PIECE_CODES[move["piece"]]
    if move["zone"] not in tile.zone_index:
        raise IllegalMove(N_("{zone} is not a zone of the tile just placed (§3.2)"), zone=repr(move["zone"]))
    zone = tile.zones[tile.zone_index[move["zone"]]]
    problem = piece_problem(state, zone, piece)
    if problem:
        raise IllegalMove(problem)
    board = state.board
    board.add_piece(board.last_tile_zone(zone.id), seat, piece)
    x, y, _, _ = board.placements[-1]
    if piece == HUT:
        state.huts[seat] -= 1
    else:
        state.members[seat] -= 1
    events = [{"type": "piece_placed", "seat": seat, "x": x, "y": y, "zone": zone.id,
               "piece": PIECE_NAMES[piece], "role": None if piece == HUT else ROLES[zone.type]}]
    flow.finish_placement(state, events)
    return events


def no_piece(state, seat, move) -> list[dict]:
    events: list[dict] = []
    flow.finish_placement(state, events)
    return events


# -- dispatch ----------------------------------------------------------------------------------

class Decision(NamedTuple):
    moves: Callable[..., list[dict]]
    #: move type -> the function that applies it
    apply: dict[str, Callable[..., list[dict]]]
    #: the message for a move of another type (a msgid)
    expected: str


DECISIONS = {
    TILE: Decision(tile_moves, {"place_tile": place_tile},
                   N_("now the drawn tile must be placed: {type: place_tile, x, y, rotation} (§2 T2)")),
    PIECE: Decision(piece_moves, {"place_piece": place_piece, "no_piece": no_piece},
                    N_("now place a piece on the tile just placed, or none: "
                       "{type: place_piece, zone, piece} or {type: no_piece} (§2 T3)")),
}


def legal_moves(state, seat: int) -> list[dict]:
    decision = DECISIONS.get(state.phase)
    return decision.moves(state) if decision and seat == state.turn else []


def perform(state, seat: int, move: dict) -> list[dict]:
    decision = DECISIONS[state.phase]
    apply = decision.apply.get(move["type"])
    if apply is None:
        raise IllegalMove(decision.expected)
    return apply(state, seat, move)
