"""The game state, its fast copy and its JSON form.

The JSON form holds only what happened (tiles in placement order, pieces, piles,
supplies, scores, the turn); :func:`from_json` rebuilds the feature graph by placing
the tiles again, so the derived structures never need to be stored.
"""

from __future__ import annotations

from .board import HUT, MEMBER, Board
from .tileset import FOREST, LAKE, MEADOW, RIVER, for_options

START, DRAW, TILE, PIECE, BONUS_DRAW, OVER = "start", "draw", "tile", "piece", "bonus_draw", "over"
PIECE_NAMES = {MEMBER: "member", HUT: "hut"}
PIECE_CODES = {name: code for code, name in PIECE_NAMES.items()}
CATEGORIES = ("forest", "river", "hut", "meadow")
ROLES = {FOREST: "gatherer", RIVER: "fisherman", MEADOW: "hunter", LAKE: "fisherman"}


class State:
    """One game of Hunters & Gatherers."""

    __slots__ = ("options", "ts", "players", "board", "phase", "turn", "bonus", "drawn",
                 "bonus_due", "land", "land_n", "bonus_pile", "bonus_n", "removed", "members",
                 "huts", "scores")

    def __init__(self, players: int, options: dict):
        ts = for_options(options)
        self.options = options
        self.ts = ts
        self.players = players
        self.board = Board(ts)
        self.phase = START
        self.turn = 0
        self.bonus = False        # the drawn / just placed tile is a bonus tile
        self.drawn = None         # the Kind to place now (or just placed, in the piece step)
        self.bonus_due = 0        # bonus tiles still to play this turn
        self.land = [k.count if k.kind == "land" else 0 for k in ts.kinds]
        self.land_n = sum(self.land)
        self.bonus_pile = [k.count if k.kind == "bonus" else 0 for k in ts.kinds]
        self.bonus_n = sum(self.bonus_pile)
        self.removed: list[str] = []
        self.members = [5] * players
        self.huts = [2] * players
        self.scores = [[0, 0, 0, 0] for _ in range(players)]  # CATEGORIES order

    def copy(self) -> "State":
        new = State.__new__(State)
        new.options = self.options
        new.ts = self.ts
        new.players = self.players
        new.board = self.board.copy()
        new.phase = self.phase
        new.turn = self.turn
        new.bonus = self.bonus
        new.drawn = self.drawn
        new.bonus_due = self.bonus_due
        new.land = self.land[:]
        new.land_n = self.land_n
        new.bonus_pile = self.bonus_pile[:]
        new.bonus_n = self.bonus_n
        new.removed = self.removed[:]
        new.members = self.members[:]
        new.huts = self.huts[:]
        new.scores = [row[:] for row in self.scores]
        return new


def _pile(counts: list[int], ts) -> dict[str, int]:
    return {k.id: n for k, n in zip(ts.kinds, counts) if n}


def to_json(state: State) -> dict:
    board = state.board
    return {
        "options": state.options,
        "players": state.players,
        "phase": state.phase,
        "turn": state.turn,
        "bonus": state.bonus,
        "drawn": state.drawn.id if state.drawn else None,
        "bonus_due": state.bonus_due,
        "land": _pile(state.land, state.ts),
        "bonus_pile": _pile(state.bonus_pile, state.ts),
        "removed": list(state.removed),
        "board": [[x, y, kind.id, r] for x, y, kind, r in board.placements],
        "pieces": [[*board.where(g), seat, PIECE_NAMES[piece]] for g, seat, piece in board.pieces],
        "members": list(state.members),
        "huts": list(state.huts),
        "scores": [list(row) for row in state.scores],
    }


#: recently rebuilt layouts (no pieces), keyed by tile set hash and placements
_LAYOUTS: dict[tuple, Board] = {}
_LAYOUT_CACHE_SIZE = 256


def _layout(ts, placements: list) -> Board:
    """The feature graph of a layout: a copy of a cached one, extended tile by tile."""
    key = (ts.hash, *map(tuple, placements))
    board = _LAYOUTS.get(key)
    if board is None:
        shorter = _LAYOUTS.get(key[:-1]) if len(key) > 2 else None
        board = shorter.copy() if shorter is not None else Board(ts)
        for x, y, tile, r in placements[len(board.placements):]:
            board.place(ts.by_id[tile], x, y, r)
        if len(_LAYOUTS) >= _LAYOUT_CACHE_SIZE:
            del _LAYOUTS[next(iter(_LAYOUTS))]
        _LAYOUTS[key] = board
    return board.copy()


def from_json(data: dict) -> State:
    state = State(data["players"], data["options"])
    ts = state.ts
    state.board = board = _layout(ts, data["board"])
    for x, y, zid, seat, piece in data["pieces"]:
        p = board.at[(x, y)]
        g = board.base[p] + board.placements[p][2].local[zid]
        board.add_piece(g, seat, PIECE_CODES[piece])
    state.phase = data["phase"]
    state.turn = data["turn"]
    state.bonus = data["bonus"]
    state.drawn = ts.by_id[data["drawn"]] if data["drawn"] else None
    state.bonus_due = data["bonus_due"]
    state.land = [data["land"].get(k.id, 0) for k in ts.kinds]
    state.land_n = sum(state.land)
    state.bonus_pile = [data["bonus_pile"].get(k.id, 0) for k in ts.kinds]
    state.bonus_n = sum(state.bonus_pile)
    state.removed = list(data["removed"])
    state.members = list(data["members"])
    state.huts = list(data["huts"])
    state.scores = [list(row) for row in data["scores"]]
    return state
