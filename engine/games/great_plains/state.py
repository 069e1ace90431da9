"""The game state: a ``__slots__`` object with a fast copy and an exact JSON form.

``cells`` holds one value per board cell: ``EMPTY`` (free lowland), a seat (a figure)
or ``BLOCKED`` (mountain, cave space or separate spring). Cave tokens live in ``caves``.
``pending_totem`` is the kind index of a totem used by a ``use_totem`` move
(``totem_move_form = "two_step"``) whose placement is still to come, else None.
``sources`` (own caves and figures) and ``frontier`` (free lowland next to a source)
are derived, kept up to date by the rules and rebuilt by :meth:`State.from_json`; the
terrain-derived :class:`~.board.Board` is shared, never serialised.
"""

from __future__ import annotations

from .board import CELLS, EMPTY, INDEX, NEIGHBOURS, TOTEM_KINDS, board_for, terrain_of
from .components import TILE_COUNT, flat_sides

#: phases in order
LAYOUT, FIRST_CAVE_PLAYER, CAVES, FIGURES, OVER = "layout", "first_cave_player", "caves", "figures", "over"


class State:
    __slots__ = ("rules", "components", "layout", "board", "phase", "turn", "first_cave_player", "cells",
                 "caves", "hand", "caves_left", "held", "supply", "removed", "pending_totem", "sources",
                 "frontier")

    @classmethod
    def start(cls, rules: dict, components: dict, layout: list) -> "State":
        """Figures, caves and totems in hand and supply; the board still to be laid out."""
        state = cls()
        state.rules, state.components = rules, components
        state.layout = list(layout)
        state.board = state.cells = state.turn = state.first_cave_player = state.pending_totem = None
        state.phase = LAYOUT
        state.caves = {}
        state.hand = [rules["figures_per_player"]] * 2
        state.caves_left = [rules["caves_per_player"]] * 2
        state.removed = [0, 0]
        state.held = [[0, 0, 0], [0, 0, 0]]
        state.supply = [rules["totems_per_kind"]] * 3
        state.sources, state.frontier = [[], []], [set(), set()]
        return state

    def lay_board(self) -> None:
        """The board of the complete layout (its tables shared with equal boards), no piece on it."""
        rules = self.rules
        terrain = terrain_of(self.layout, flat_sides(self.components))
        self.board = board_for(terrain, rules["spring_mode"] == "separate_field",
                               rules["horse_skip_rule"] == "all", rules["eagle_max_mountains"])
        self.cells = self.board.blank[:]

    def refresh_frontier(self, seat: int) -> None:
        cells = self.cells
        self.frontier[seat] = {n for s in self.sources[seat] for n in NEIGHBOURS[s] if cells[n] == EMPTY}

    def copy(self) -> "State":
        new = State.__new__(State)
        new.rules, new.components, new.board = self.rules, self.components, self.board
        new.layout = self.layout[:]
        new.phase, new.turn, new.first_cave_player = self.phase, self.turn, self.first_cave_player
        new.pending_totem = self.pending_totem
        new.cells = self.cells[:] if self.cells is not None else None
        new.caves = self.caves.copy()
        new.hand, new.caves_left, new.removed = self.hand[:], self.caves_left[:], self.removed[:]
        new.held = [self.held[0][:], self.held[1][:]]
        new.supply = self.supply[:]
        new.sources = [self.sources[0][:], self.sources[1][:]]
        new.frontier = [self.frontier[0].copy(), self.frontier[1].copy()]
        return new

    def to_json(self) -> dict:
        cells = self.cells or []
        return {
            "rules": dict(self.rules), "components": self.components, "layout": [dict(e) for e in self.layout],
            "phase": self.phase, "turn": self.turn, "first_cave_player": self.first_cave_player,
            "figures": _cells_json((i, v) for i, v in enumerate(cells) if v in (0, 1)),
            "caves": _cells_json(self.caves.items()),
            "hand": self.hand[:], "caves_left": self.caves_left[:], "removed": self.removed[:],
            "held": [h[:] for h in self.held], "supply": self.supply[:],
            "pending_totem": None if self.pending_totem is None else TOTEM_KINDS[self.pending_totem],
        }

    @classmethod
    def from_json(cls, data: dict) -> "State":
        """The state of :meth:`to_json`; states stored before ``totem_move_form`` load as "combined"."""
        state = cls.start({"totem_move_form": "combined", **data["rules"]}, data["components"], data["layout"])
        if len(state.layout) == TILE_COUNT:
            state.lay_board()
        state.phase, state.turn, state.first_cave_player = data["phase"], data["turn"], data["first_cave_player"]
        state.hand, state.caves_left, state.removed = data["hand"][:], data["caves_left"][:], data["removed"][:]
        state.held = [h[:] for h in data["held"]]
        state.supply = data["supply"][:]
        pending = data.get("pending_totem")
        state.pending_totem = None if pending is None else TOTEM_KINDS.index(pending)
        for q, r, seat in data["caves"]:
            state.caves[INDEX[(q, r)]] = seat
            state.sources[seat].append(INDEX[(q, r)])
        for q, r, seat in data["figures"]:
            state.cells[INDEX[(q, r)]] = seat
            state.sources[seat].append(INDEX[(q, r)])
        for seat in (0, 1):
            state.refresh_frontier(seat)
        return state


def _cells_json(mapping) -> list:
    """``[q, r, seat]`` per ``(cell index, seat)``, in board order."""
    return [[*CELLS[i], seat] for i, seat in sorted(mapping)]
