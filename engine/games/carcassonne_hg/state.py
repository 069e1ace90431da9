"""The game state, its fast copy and its JSON form.

The JSON form holds only what happened (tiles in placement order, pieces, piles,
supplies, scores, the turn); :meth:`State.from_json` rebuilds the feature graph by
placing the tiles again, so the derived structures are never stored.
"""

from __future__ import annotations

from .board import PIECE_CODES, PIECE_NAMES, Board
from .components import for_options

#: phases: chance steps (start, draw, bonus_draw), decisions (tile, piece), the end
START, DRAW, TILE, PIECE, BONUS_DRAW, OVER = "start", "draw", "tile", "piece", "bonus_draw", "over"
#: the score sheet's categories, in the order of a seat's score row
CATEGORIES = ("forest", "river", "hut", "meadow")
MEMBERS_PER_SEAT, HUTS_PER_SEAT = 5, 2


class State:
    """One game of Hunters & Gatherers."""

    __slots__ = ("options", "tile_set", "players", "board", "phase", "turn", "playing_bonus", "drawn",
                 "bonus_due", "land_pile", "land_left", "bonus_pile", "bonus_left", "removed", "members",
                 "huts", "scores")

    def __init__(self, players: int, options: dict):
        tile_set = for_options(options)
        self.options = options
        self.tile_set = tile_set
        self.players = players
        self.board = Board()
        self.phase = START
        self.turn = 0
        self.playing_bonus = False  # the drawn (or just placed) tile is a bonus tile
        self.drawn = None           # the Tile to place now (or just placed, in the piece step)
        self.bonus_due = 0          # bonus tiles still to play this turn
        self.land_pile = [t.count if t.kind == "land" else 0 for t in tile_set.tiles]    # per tile index
        self.land_left = sum(self.land_pile)
        self.bonus_pile = [t.count if t.kind == "bonus" else 0 for t in tile_set.tiles]  # per tile index
        self.bonus_left = sum(self.bonus_pile)
        self.removed: list[str] = []
        self.members = [MEMBERS_PER_SEAT] * players   # tribe members in each seat's supply
        self.huts = [HUTS_PER_SEAT] * players         # fishing huts in each seat's supply
        self.scores = [[0] * len(CATEGORIES) for _ in range(players)]

    def copy(self) -> "State":
        new = State.__new__(State)
        new.options = self.options
        new.tile_set = self.tile_set
        new.players = self.players
        new.board = self.board.copy()
        new.phase = self.phase
        new.turn = self.turn
        new.playing_bonus = self.playing_bonus
        new.drawn = self.drawn
        new.bonus_due = self.bonus_due
        new.land_pile = self.land_pile[:]
        new.land_left = self.land_left
        new.bonus_pile = self.bonus_pile[:]
        new.bonus_left = self.bonus_left
        new.removed = self.removed[:]
        new.members = self.members[:]
        new.huts = self.huts[:]
        new.scores = [row[:] for row in self.scores]
        return new

    def to_json(self) -> dict:
        board = self.board
        return {
            "options": self.options,
            "players": self.players,
            "phase": self.phase,
            "turn": self.turn,
            "bonus": self.playing_bonus,
            "drawn": self.drawn.id if self.drawn else None,
            "bonus_due": self.bonus_due,
            "land": self._pile_json(self.land_pile),
            "bonus_pile": self._pile_json(self.bonus_pile),
            "removed": list(self.removed),
            "board": [[x, y, tile.id, rotation] for x, y, tile, rotation in board.placements],
            "pieces": [[*board.where(zone), seat, PIECE_NAMES[piece]] for zone, seat, piece in board.pieces],
            "members": list(self.members),
            "huts": list(self.huts),
            "scores": [list(row) for row in self.scores],
        }

    def _pile_json(self, counts: list[int]) -> dict[str, int]:
        return {tile.id: n for tile, n in zip(self.tile_set.tiles, counts) if n}

    @classmethod
    def from_json(cls, data: dict) -> "State":
        state = cls(data["players"], data["options"])
        tile_set = state.tile_set
        state.board = board = _layout(tile_set, data["board"])
        for x, y, zone_id, seat, piece in data["pieces"]:
            board.add_piece(board.zone_at(x, y, zone_id), seat, PIECE_CODES[piece])
        state.phase = data["phase"]
        state.turn = data["turn"]
        state.playing_bonus = data["bonus"]
        state.drawn = tile_set.by_id[data["drawn"]] if data["drawn"] else None
        state.bonus_due = data["bonus_due"]
        state.land_pile = [data["land"].get(tile.id, 0) for tile in tile_set.tiles]
        state.land_left = sum(state.land_pile)
        state.bonus_pile = [data["bonus_pile"].get(tile.id, 0) for tile in tile_set.tiles]
        state.bonus_left = sum(state.bonus_pile)
        state.removed = list(data["removed"])
        state.members = list(data["members"])
        state.huts = list(data["huts"])
        state.scores = [list(row) for row in data["scores"]]
        return state


#: recently rebuilt layouts (no pieces), keyed by tile set hash and placements
_LAYOUTS: dict[tuple, Board] = {}
_LAYOUT_CACHE_SIZE = 256


def _layout(tile_set, placements: list) -> Board:
    """The feature graph of a layout: a copy of a cached one, extended tile by tile."""
    key = (tile_set.hash, *map(tuple, placements))
    board = _LAYOUTS.get(key)
    if board is None:
        shorter = _LAYOUTS.get(key[:-1]) if len(key) > 2 else None
        board = shorter.copy() if shorter is not None else Board()
        for x, y, tile_id, rotation in placements[len(board.placements):]:
            board.place(tile_set.by_id[tile_id], x, y, rotation)
        if len(_LAYOUTS) >= _LAYOUT_CACHE_SIZE:
            del _LAYOUTS[next(iter(_LAYOUTS))]
        _LAYOUTS[key] = board
    return board.copy()
