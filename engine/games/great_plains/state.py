"""The game state: a ``__slots__`` object with a fast copy and an exact JSON form.

``cells`` holds one value per board cell: ``EMPTY`` (free lowland), a seat (a figure)
or ``BLOCKED`` (mountain, cave space or separate spring). Cave tokens live in ``caves``.
``pending`` is the kind index of a totem used by a ``use_totem`` move (``totem_move_form
= "two_step"``) whose placement is still to come, else None.
``sources`` (own caves and figures) and ``front`` (free lowland next to a source) are
derived, kept up to date by the rules and rebuilt by :func:`from_json`; the
terrain-derived :class:`~.geometry.Board` is shared, never serialised.
"""

from __future__ import annotations

from .components import TILE_COUNT, flat_sides
from .geometry import CELLS, EMPTY, INDEX, NEIGHBOURS, TOTEM_KINDS, board_for, terrain_of

#: phases in order
LAYOUT, FIRST, CAVES, FIGURES, OVER = "layout", "first_cave_player", "caves", "figures", "over"
#: the options the rules read during play (the rest only shape set-up)
RULE_KEYS = ("figures_per_player", "caves_per_player", "totems_per_kind", "first_cave_player",
             "token_on_power_placement", "token_on_push", "blocked_player", "horse_skip_rule",
             "eagle_max_mountains", "bear_requires_adjacency", "bear_push_direction",
             "bear_push_into_occupied", "totem_move_form", "leftover_totem_points", "final_tiebreak",
             "spring_mode")


class State:
    __slots__ = ("rules", "components", "layout", "board", "phase", "turn", "first", "cells", "caves",
                 "hand", "caves_left", "held", "supply", "removed", "pending", "sources", "front")

    def copy(self) -> "State":
        new = State.__new__(State)
        new.rules, new.components, new.board = self.rules, self.components, self.board
        new.layout = self.layout[:]
        new.phase, new.turn, new.first, new.pending = self.phase, self.turn, self.first, self.pending
        new.cells = self.cells[:] if self.cells is not None else None
        new.caves = self.caves.copy()
        new.hand, new.caves_left, new.removed = self.hand[:], self.caves_left[:], self.removed[:]
        new.held = [self.held[0][:], self.held[1][:]]
        new.supply = self.supply[:]
        new.sources = [self.sources[0][:], self.sources[1][:]]
        new.front = [self.front[0].copy(), self.front[1].copy()]
        return new


def new_state(rules: dict, components: dict, layout: list | None) -> State:
    """The state before the layout and cave chance steps."""
    st = State()
    st.rules, st.components = rules, components
    st.layout = list(layout or [])
    st.board = st.cells = st.turn = st.first = st.pending = None
    st.phase = LAYOUT
    st.caves = {}
    st.hand = [rules["figures_per_player"]] * 2
    st.caves_left = [rules["caves_per_player"]] * 2
    st.removed = [0, 0]
    st.held = [[0, 0, 0], [0, 0, 0]]
    st.supply = [rules["totems_per_kind"]] * 3
    st.sources, st.front = [[], []], [set(), set()]
    if len(st.layout) == TILE_COUNT:
        finish_layout(st)
    return st


def finish_layout(st: State) -> None:
    """Build the board of the complete layout and move on to choosing the first cave player."""
    rules = st.rules
    terrain = terrain_of(st.layout, flat_sides(st.components))
    st.board = board_for(terrain, rules["spring_mode"] == "separate_field",
                         rules["horse_skip_rule"] == "all", rules["eagle_max_mountains"])
    st.cells = st.board.blank[:]
    if rules["first_cave_player"] == "random":
        st.phase = FIRST
    else:
        start_caves(st, rules["first_cave_player"])


def start_caves(st: State, first: int) -> None:
    st.first = st.turn = first
    st.phase = CAVES


def refresh_front(st: State, seat: int) -> None:
    cells = st.cells
    st.front[seat] = {n for s in st.sources[seat] for n in NEIGHBOURS[s] if cells[n] == EMPTY}


def _cells_json(mapping) -> list:
    return [[*CELLS[i], seat] for i, seat in sorted(mapping)]


def to_json(st: State) -> dict:
    cells = st.cells or []
    return {
        "rules": dict(st.rules), "components": st.components, "layout": [dict(e) for e in st.layout],
        "phase": st.phase, "turn": st.turn, "first_cave_player": st.first,
        "figures": _cells_json((i, v) for i, v in enumerate(cells) if v in (0, 1)),
        "caves": _cells_json(st.caves.items()),
        "hand": st.hand[:], "caves_left": st.caves_left[:], "removed": st.removed[:],
        "held": [h[:] for h in st.held], "supply": st.supply[:],
        "pending_totem": None if st.pending is None else TOTEM_KINDS[st.pending],
    }


def from_json(data: dict) -> State:
    """The state of :func:`to_json`; states stored before ``totem_move_form`` load as "combined"."""
    st = new_state({"totem_move_form": "combined", **data["rules"]}, data["components"], data["layout"])
    st.phase, st.turn, st.first = data["phase"], data["turn"], data["first_cave_player"]
    st.hand, st.caves_left, st.removed = data["hand"][:], data["caves_left"][:], data["removed"][:]
    st.held = [h[:] for h in data["held"]]
    st.supply = data["supply"][:]
    pending = data.get("pending_totem")
    st.pending = None if pending is None else TOTEM_KINDS.index(pending)
    for q, r, seat in data["caves"]:
        st.caves[INDEX[(q, r)]] = seat
        st.sources[seat].append(INDEX[(q, r)])
    for q, r, seat in data["figures"]:
        st.cells[INDEX[(q, r)]] = seat
        st.sources[seat].append(INDEX[(q, r)])
    for seat in (0, 1):
        refresh_front(st, seat)
    return st
