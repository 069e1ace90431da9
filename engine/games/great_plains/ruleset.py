"""The Great Plains ruleset: set-up and chance steps, dispatch, view and JSON."""

from __future__ import annotations

from functools import lru_cache

from engine import Chance, IllegalMove, Ruleset
from engine.ai.policies import Policy

from . import svg
from . import components as comp
from . import rules, scoring
from .geometry import CELLS, TOTEM_KINDS
from .options import MOVE_SCHEMAS, Options, check_options
from .state import (CAVES, FIGURES, FIRST, LAYOUT, OVER, RULE_KEYS, finish_layout, from_json, new_state, start_caves,
                    to_json)

ANIMALS = ("fox", "snake")
FIRST_CHANCE = Chance.uniform([0, 1], "first_cave_player")
APPLY = {"place": rules.apply_place, "place_cave": rules.apply_cave, "use_totem": rules.apply_use_totem,
         "pass": rules.apply_pass}


@lru_cache(maxsize=1024)
def _tile_chance(open_tiles) -> Chance:
    """The next tile: every unplaced tile, either side, every rotation, uniformly (shared, read-only)."""
    return Chance.uniform([{"tile": tile, "side": side, "rotation": k}
                           for tile in open_tiles for side in comp.SIDES for k in range(comp.ROTATIONS)], "tile")


class GreatPlains(Ruleset):
    id = "great-plains"
    name = "Great Plains"
    min_players = 2
    max_players = 2
    rules_version = "1"
    options_schema = Options
    move_schemas = MOVE_SCHEMAS
    ai_policy = Policy(scale=10.0)
    renderer = staticmethod(svg.render)

    def check_options(self, options):
        return check_options(options)

    def setup(self, num_players, options):
        components = comp.resolve(options)
        return new_state({key: options[key] for key in RULE_KEYS}, components,
                         comp.fixed_layout(options["layout"], components))

    # -- chance: the layout (one tile at a time) and the first cave player -----------
    def _open_tiles(self, st):
        used = {entry["tile"] for entry in st.layout}
        return tuple(t["id"] for t in st.components["tiles"] if t["id"] not in used)

    def chance(self, st):
        if st.phase == LAYOUT:
            return _tile_chance(self._open_tiles(st))
        if st.phase == FIRST:
            return FIRST_CHANCE
        return None

    def apply_chance(self, st, outcome):
        if st.phase == LAYOUT:
            if (not isinstance(outcome, dict) or set(outcome) != {"tile", "side", "rotation"}
                    or outcome["tile"] not in self._open_tiles(st) or outcome["side"] not in comp.SIDES
                    or type(outcome["rotation"]) is not int or outcome["rotation"] not in range(comp.ROTATIONS)):
                raise IllegalMove("a tile outcome is {tile, side, rotation} with an unplaced tile")
            entry = {"position": len(st.layout), **outcome}
            st.layout.append(entry)
            if len(st.layout) == comp.TILE_COUNT:
                finish_layout(st)
            return [{"type": "tile_placed", **entry}]
        if st.phase == FIRST and outcome in (0, 1) and type(outcome) is int:
            start_caves(st, outcome)
            return [{"type": "first_cave_player", "seat": outcome}]
        raise IllegalMove("no chance step is pending" if st.phase != FIRST else "the first cave player is 0 or 1")

    # -- turns and moves ----------------------------------------------------------
    def to_move(self, st):
        return [st.turn] if st.phase in (CAVES, FIGURES) else []

    def legal_moves(self, st, seat):
        if seat != st.turn:
            return []
        if st.phase == FIGURES:
            return rules.figure_moves(st, seat)
        if st.phase == CAVES:
            return rules.cave_moves(st)
        return []

    def perform(self, st, seat, move):
        if not isinstance(move, dict) or not isinstance(move.get("type"), str) or move["type"] not in APPLY:
            raise IllegalMove('a move is {"type": "place_cave" | "place" | "use_totem" | "pass", ...}')
        return APPLY[move["type"]](st, seat, move)

    def is_over(self, st):
        return st.phase == OVER

    def score(self, st):
        return scoring.score_sheet(st)

    # -- view and persistence -------------------------------------------------------
    def view(self, st, seat):
        grounds = scoring.standings(st)
        ground_of = {tuple(c): g["id"] for g in grounds for c in g["cells"]}
        board = []
        if st.board is not None:
            for i, (q, r) in enumerate(CELLS):
                value = st.cells[i]
                board.append({"q": q, "r": r, "terrain": st.board.terrain[i], "spring": st.board.terrain[i] == "W",
                              "cave": st.caves.get(i), "figure": value if value in (0, 1) else None,
                              "ground": ground_of.get((q, r))})
        return {
            "phase": st.phase,
            "to_move": self.to_move(st),
            "first_cave_player": st.first,
            "components": {key: st.components[key] for key in ("id", "provenance", "hash")},
            "layout": [dict(entry) for entry in st.layout],
            "board": board,
            "supply": dict(zip(TOTEM_KINDS, st.supply)),
            "pending_totem": None if st.pending is None else TOTEM_KINDS[st.pending],
            "players": [{"seat": s, "animal": ANIMALS[s], "figures_in_hand": st.hand[s],
                         "caves_in_hand": st.caves_left[s], "figures_removed": st.removed[s],
                         "totems": dict(zip(TOTEM_KINDS, st.held[s]))} for s in (0, 1)],
            "standings": {"grounds": grounds, **scoring.score_sheet(st)},
            "rules": dict(st.rules),
        }

    def to_json(self, st):
        return to_json(st)

    def from_json(self, data):
        return from_json(data)

    def copy_state(self, st):
        return st.copy()
