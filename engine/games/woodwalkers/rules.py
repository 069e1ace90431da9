"""Woodwalkers – The Game: the rules (spec /rules/woodwalkers.md, §5–§12).

The state is a JSON dict of flat lists. Per animal (see :mod:`.board`): ``species``
(-1 before it is placed), ``pos`` (field, -1 off the board), ``wounds``, ``out``
(eliminated), ``shown`` (identity shown in a duel). ``tiles`` per forest field: 0 face
down, -1 gone, v > 0 a face-up flag worth v. Chance steps: arrangement (random), the
combat-mode display, the first start player, dice, forest reveals, random returns.
"""

from __future__ import annotations

import json

from engine import Chance, IllegalMove, InvalidOptions, Ruleset
from engine.ai.policies import Policy

from . import svg
from . import hidden, scoring
from . import view as view_module
from .board import context, ctx, destinations, field_index, movement_masks, path_problem
from .components import ATTRIBUTES, board_seats, options_key, problems, seat_problems
from .schemas import MOVE_SCHEMAS, Options

#: the decision a seat faces -> the move types it may post
DECISIONS = {
    "arrange": ("arrange",),
    "choose_mode": ("choose_mode",),
    "turn": ("roll", "pass", "use_medicine"),
    "move": ("use_medicine", "reroll", "move", "stay"),
    "guess": ("guess", "no_guess"),
    "duel_roll": ("use_medicine", "duel_roll"),
    "duel_result": ("reroll", "accept"),
    "return": ("return",),
}
#: move type -> (required payload fields, all payload fields)
PAYLOAD = {kind: ({name for name, f in schema().fields.items() if f.required}, set(schema().fields))
           for kind, schema in MOVE_SCHEMAS.items()}
LIST_KEYS = ("species", "pos", "wounds", "out", "shown", "cell", "tiles", "mix", "pile",
             "display", "plus1", "duels", "med", "dice", "received")


class Woodwalkers(Ruleset):
    id = "woodwalkers"
    name = "Woodwalkers – The Game"
    min_players = 2
    max_players = 4
    rules_version = "1"
    options_schema = Options
    move_schemas = MOVE_SCHEMAS
    # a move decision offers up to ~270 (animal, destination) pairs; short rollouts,
    # because random play soon blurs who holds which flag
    ai_policy = Policy(rollout_depth=5, scale=10.0, effort=4)
    renderer = staticmethod(svg.render)

    # -- options and setup ---------------------------------------------------------
    def check_options(self, options):
        return problems(options)

    def setup(self, num_players, options):
        found = seat_problems(options, num_players)
        if found:
            raise InvalidOptions(found)
        key = options_key(options)
        cfg, lay = context(key, options, num_players)
        count = lay.count
        state = {
            "opts": options, "key": key, "n": num_players, "phase": "arrange", "rolling": None,
            "species": [-1] * count, "pos": [-1] * count, "wounds": [0] * count,
            "out": [0] * count, "shown": [0] * count, "cell": [-1] * (cfg.rows * cfg.cols),
            "tiles": [0] * len(cfg.forest), "mix": list(cfg.tile_counts),
            "pile": sorted(cfg.mode_tiles), "display": [], "mode": None, "mode_tile": None,
            "round": 1, "sp": -1, "turn": 0, "last": False, "actor": None, "roll": None,
            "last_roll": None, "plus1": [0] * num_players, "duels": [0] * num_players,
            "med": [0] * num_players, "dice": [0] * num_players, "received": [0] * num_players,
            "duel": None, "ret": None, "at": None,
        }
        first = options["first_start_player"]
        if first != "random":
            state["sp"] = lay.order.index(board_seats(options, num_players).index(first))
        return state

    # -- whose decision ----------------------------------------------------------------
    def decision(self, state) -> str | None:
        """The decision pending for a seat (None at chance steps and at the end)."""
        if state["rolling"] is not None:
            return None
        phase = state["phase"]
        if phase == "arrange":
            return None if state["opts"]["arrangement"] == "random" else "arrange"
        if phase == "mode":
            return "choose_mode"
        if phase in ("turn", "move", "return", "guess", "duel_roll", "duel_result"):
            if phase == "return" and state["opts"]["return_field_choice"] == "random":
                return None
            return phase
        return None

    def to_move(self, state):
        decision = self.decision(state)
        if decision is None:
            return []
        if decision == "arrange":
            cfg, lay = ctx(state)
            species, apl = state["species"], lay.apl
            return [s for s in range(state["n"]) if -1 in species[s * apl:(s + 1) * apl]]
        if decision == "choose_mode":
            return [ctx(state)[1].order[state["sp"]]]
        if decision in ("turn", "move"):
            return [state["actor"]]
        apl = ctx(state)[1].apl
        if decision == "return":
            return [state["ret"] // apl]
        duel = state["duel"]
        challenger_acts = decision != "guess" and duel["side"] == "c"
        return [(duel["c"] if challenger_acts else duel["d"]) // apl]

    def is_over(self, state):
        return state["phase"] == "over"

    # -- chance --------------------------------------------------------------------------
    def chance(self, state):
        cfg, lay = ctx(state)
        if state["rolling"] is not None:
            return Chance(list(cfg.die), [1] * len(cfg.die), "die")
        phase = state["phase"]
        if phase == "fill":
            return Chance.uniform(state["pile"], "combat_mode_tile")
        if phase == "first":
            return Chance.uniform(sorted(lay.bseat), "first_start_player")
        if phase == "reveal":
            mix = state["mix"]
            kinds = [i for i, n in enumerate(mix) if n]
            return Chance(kinds, [mix[i] for i in kinds], "forest_tile")
        if phase == "arrange" and state["opts"]["arrangement"] == "random":
            seat, _ = self._next_random_placement(state, lay)
            return Chance.uniform(self._free_slots(state, lay, seat), "arrangement")
        if phase == "return" and state["opts"]["return_field_choice"] == "random":
            return Chance.uniform(self._free_slots(state, lay, state["ret"] // lay.apl), "return")
        return None

    def apply_chance(self, state, outcome):
        cfg, lay = ctx(state)
        if state["rolling"] is not None:
            return self._rolled(state, outcome)
        phase = state["phase"]
        if phase == "fill":
            state["pile"].remove(outcome)
            state["display"].append(outcome)
            events = [{"type": "display", "tile": outcome,
                       "attribute": ATTRIBUTES[cfg.mode_attr[outcome]]}]
            self._after_fill(state)
            return events
        if phase == "first":
            state["sp"] = lay.order.index(lay.bseat.index(outcome))
            state["phase"] = "mode"
            return [{"type": "first_start_player", "seat": lay.order[state["sp"]]}]
        if phase == "reveal":
            return self._revealed(state, cfg, lay, outcome)
        if phase == "arrange":
            seat, species = self._next_random_placement(state, lay)
            return self._place(state, cfg, lay, seat, species, outcome)
        return self._return_to(state, cfg, lay, lay.starts[state["ret"] // lay.apl][outcome])

    def _rolled(self, state, value):
        seat, purpose = state["rolling"]
        state["rolling"] = None
        state["last_roll"] = [seat, value]
        duel = state["duel"]
        if duel is None:
            state["roll"] = value
        else:
            duel["cr" if duel["side"] == "c" else "dr"] = value
            state["phase"] = "duel_result"
        return [{"type": "roll", "seat": seat, "value": value, "purpose": purpose}]

    def _after_fill(self, state):
        size = state["opts"]["display_size"]
        if len(state["display"]) < size and state["pile"]:
            return
        if state["round"] > 1:
            state["last"] = len(state["display"]) < size
        state["phase"] = "first" if state["sp"] < 0 else "mode"

    def _revealed(self, state, cfg, lay, kind_index):
        state["mix"][kind_index] -= 1
        kind, value = cfg.tile_types[kind_index]
        field = state["at"]
        seat = state["actor"]
        state["tiles"][cfg.forest_index[field]] = value if kind == "flag" else -1
        if kind == "plus1":
            state["plus1"][seat] += 1
        elif kind == "medicine":
            state["med"][seat] += 1
        elif kind == "dice":
            state["dice"][seat] += 1
        state["at"] = None
        events = [{"type": "reveal", "seat": seat, "at": cfg.field(field), "kind": kind, "value": value}]
        self._end_turn(state, lay)
        return events

    # -- legal moves ---------------------------------------------------------------------
    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        cfg, lay = ctx(state)
        decision = self.decision(state)
        if decision == "arrange":
            placed = set(state["species"][seat * lay.apl:(seat + 1) * lay.apl])
            free = [cfg.field(f) for f in self._free_starts(state, lay, seat)]
            return [{"type": "arrange", "species": key, "to": to}
                    for i, key in enumerate(cfg.species) if i not in placed for to in free]
        if decision == "choose_mode":
            return [{"type": "choose_mode", "tile": t} for t in state["display"]]
        if decision == "turn":
            if not self._in_play(state, lay, seat):
                return [{"type": "pass"}]
            moves = [{"type": "roll"}]
            if state["opts"]["may_skip_turn"]:
                moves.append({"type": "pass"})
            return moves + self._medicine_moves(state, lay, seat)
        if decision == "move":
            moves = self._medicine_moves(state, lay, seat)
            if state["dice"][seat]:
                moves.append({"type": "reroll"})
            handles, steps, cols, die = lay.handles, [], cfg.cols, state["roll"]
            masks, pos = movement_masks(cfg, lay, state, seat), state["pos"]
            for a in self._in_play(state, lay, seat):
                handle = handles[a]
                steps += [{"type": "move", "animal": handle, "to": [f // cols, f % cols]}
                          for f in destinations(cfg, pos[a], die, masks)]
            if state["opts"]["allow_zero_move"] or not steps:
                steps.append({"type": "stay"})
            return moves + steps
        if decision == "guess":
            owner = state["duel"]["c"] // lay.apl
            moves = [{"type": "guess", "species": cfg.species[i]}
                     for i in self._species_in_play(state, lay, owner)]
            if state["opts"]["night_guess"] == "optional":
                moves.append({"type": "no_guess"})
            return moves
        if decision == "duel_roll":
            return self._medicine_moves(state, lay, seat) + [{"type": "duel_roll"}]
        if decision == "duel_result":
            return ([{"type": "reroll"}] if state["dice"][seat] else []) + [{"type": "accept"}]
        return [{"type": "return", "to": cfg.field(f)} for f in self._free_starts(state, lay, seat)]

    def _medicine_moves(self, state, lay, seat):
        if not state["med"][seat]:
            return []
        wounds, handles = state["wounds"], lay.handles
        return [{"type": "use_medicine", "animal": handles[a]}
                for a in self._in_play(state, lay, seat) if wounds[a]]

    # -- moves ----------------------------------------------------------------------------
    def perform(self, state, seat, move):
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("a move is a JSON object with a string 'type'")
        if seat not in self.to_move(state):
            raise IllegalMove(f"turn order: seat {seat} is not to move")
        kind = move["type"]
        decision = self.decision(state)
        if kind not in DECISIONS[decision]:
            raise IllegalMove(f"{kind!r} is not possible now: the decision is {decision!r} "
                              f"({', '.join(DECISIONS[decision])})")
        required, allowed = PAYLOAD[kind]
        keys = set(move) - {"type"}
        if not required <= keys <= allowed:
            raise IllegalMove(f"malformed move: {kind!r} takes the fields {sorted(allowed) or 'none'}")
        cfg, lay = ctx(state)
        return getattr(self, "_do_" + kind)(state, cfg, lay, seat, move)

    def _own_animal(self, state, lay, seat, handle, rule):
        a = lay.by_handle.get(handle) if isinstance(handle, str) else None
        if a is None or a // lay.apl != seat or state["pos"][a] < 0:
            raise IllegalMove(f"{rule}: {handle!r} is not one of your animals on the board")
        return a

    def _do_arrange(self, state, cfg, lay, seat, move):
        key = move["species"]
        species = cfg.species.index(key) if key in cfg.species else -1
        if species < 0:
            raise IllegalMove(f"arrangement: unknown species {key!r}")
        if species in state["species"][seat * lay.apl:(seat + 1) * lay.apl]:
            raise IllegalMove(f"arrangement: your {key} is already placed")
        f = field_index(cfg, move["to"])
        if f not in self._free_starts(state, lay, seat):
            raise IllegalMove("arrangement: animals go on empty start fields of your own")
        return self._place(state, cfg, lay, seat, species, lay.starts[seat].index(f))

    def _place(self, state, cfg, lay, seat, species, slot):
        a = seat * lay.apl + slot
        state["species"][a] = species
        state["pos"][a] = lay.home[a]
        state["cell"][lay.home[a]] = a
        events = [{"type": "arranged", "seat": seat, "_private": {str(seat): {
            "animal": lay.handles[a], "species": cfg.species[species], "at": cfg.field(lay.home[a])}}}]
        if -1 not in state["species"]:
            state["phase"] = "fill"
            events.append({"type": "arrangement_complete"})
        return events

    def _do_choose_mode(self, state, cfg, lay, seat, move):
        tile = move["tile"]
        if tile not in state["display"]:
            raise IllegalMove("combat mode: the start player chooses one of the displayed tiles")
        state["display"].remove(tile)
        state["mode"] = cfg.mode_attr[tile]
        state["mode_tile"] = tile
        self._start_turn(state, lay)
        return [{"type": "mode", "seat": seat, "tile": tile, "attribute": ATTRIBUTES[state["mode"]],
                 "round": state["round"], "last_round": state["last"]}]

    def _do_roll(self, state, cfg, lay, seat, move):
        state["rolling"] = [seat, "move"]
        state["phase"] = "move"
        return []

    def _do_pass(self, state, cfg, lay, seat, move):
        if state["opts"]["may_skip_turn"] is False and self._in_play(state, lay, seat):
            raise IllegalMove("turn: passing is off (may_skip_turn); roll the die")
        self._end_turn(state, lay)
        return [{"type": "pass", "seat": seat}]

    def _do_use_medicine(self, state, cfg, lay, seat, move):
        if not state["med"][seat]:
            raise IllegalMove("medicine: you hold no medicine tile")
        a = self._own_animal(state, lay, seat, move["animal"], "medicine")
        if not state["wounds"][a]:
            raise IllegalMove("medicine: the animal has no wound to heal")
        state["med"][seat] -= 1
        state["wounds"][a] -= 1
        public = {"type": "healed", "seat": seat, "species": cfg.species[state["species"][a]],
                  "wounds": state["wounds"][a]}
        if state["opts"]["variant"] == "night":
            return [{**public, "_private": {str(seat): {"animal": lay.handles[a]}}}]
        return [{**public, "animal": lay.handles[a]}]

    def _do_reroll(self, state, cfg, lay, seat, move):
        if not state["dice"][seat]:
            raise IllegalMove("dice tile: you hold no dice tile to re-roll with")
        state["dice"][seat] -= 1
        state["rolling"] = [seat, "reroll"]
        return [{"type": "dice_tile", "seat": seat}]

    def _do_accept(self, state, cfg, lay, seat, move):
        duel = state["duel"]
        if duel["side"] == "c":
            duel["side"] = "d"
            state["phase"] = "duel_roll"
            return []
        return self._resolve_duel(state, cfg, lay)

    def _do_move(self, state, cfg, lay, seat, move):
        a = self._own_animal(state, lay, seat, move["animal"], "movement")
        target = field_index(cfg, move["to"])
        die = state["roll"]
        masks = movement_masks(cfg, lay, state, seat)
        if target is None or target not in destinations(cfg, state["pos"][a], die, masks):
            raise IllegalMove(f"movement: the target must be reachable in 1 to {die} orthogonal steps "
                              "over free fields, and be empty or hold an opponent's animal, "
                              "never another seat's start field")
        if "path" in move:
            problem = path_problem(cfg, state, a, target, move["path"], die)
            if problem:
                raise IllegalMove(problem)
        origin = state["pos"][a]
        state["roll"] = None
        event = {"type": "moved", "seat": seat, "animal": lay.handles[a],
                 "from": cfg.field(origin), "to": cfg.field(target)}
        if state["opts"]["variant"] == "day":
            event["species"] = cfg.species[state["species"][a]]
        defender = state["cell"][target]
        if defender >= 0:
            return [event] + self._start_duel(state, cfg, lay, a, defender)
        state["cell"][origin] = -1
        state["cell"][target] = a
        state["pos"][a] = target
        k = cfg.forest_index.get(target)
        if k is not None and state["tiles"][k] == 0:
            state["phase"] = "reveal"
            state["at"] = target
        else:
            self._end_turn(state, lay)
        return [event]

    def _do_stay(self, state, cfg, lay, seat, move):
        masks = movement_masks(cfg, lay, state, seat)
        if not state["opts"]["allow_zero_move"] and any(
                destinations(cfg, state["pos"][a], state["roll"], masks) for a in self._in_play(state, lay, seat)):
            raise IllegalMove("movement: staying after a roll is off (allow_zero_move); move an animal")
        state["roll"] = None
        self._end_turn(state, lay)
        return [{"type": "stay", "seat": seat}]

    # -- duels ----------------------------------------------------------------------------
    def _start_duel(self, state, cfg, lay, challenger, defender):
        state["duel"] = {"c": challenger, "d": defender, "side": "c", "guess": None,
                         "cr": None, "dr": None}
        if state["opts"]["variant"] == "night":
            state["phase"] = "guess"
            return [{"type": "duel", "stage": "challenge", "challenger": lay.handles[challenger],
                     "defender": lay.handles[defender]}]
        state["phase"] = "duel_roll"
        return [self._duel_reveal_event(state, cfg, lay)]

    def _duel_reveal_event(self, state, cfg, lay):
        duel = state["duel"]
        c, d = duel["c"], duel["d"]
        state["shown"][c] = state["shown"][d] = 1
        return {"type": "duel", "stage": "reveal", "mode": ATTRIBUTES[state["mode"]],
                "challenger": lay.handles[c], "challenger_species": cfg.species[state["species"][c]],
                "defender": lay.handles[d], "defender_species": cfg.species[state["species"][d]]}

    def _do_guess(self, state, cfg, lay, seat, move):
        key = move["species"]
        owner = state["duel"]["c"] // lay.apl
        allowed = [cfg.species[i] for i in self._species_in_play(state, lay, owner)]
        if key not in allowed:
            raise IllegalMove("night guess: name a species the challenger's owner still has in play")
        return self._guessed(state, cfg, lay, seat, cfg.species.index(key))

    def _do_no_guess(self, state, cfg, lay, seat, move):
        if state["opts"]["night_guess"] == "mandatory":
            raise IllegalMove("night guess: guessing is mandatory (night_guess)")
        return self._guessed(state, cfg, lay, seat, -1)

    def _guessed(self, state, cfg, lay, seat, species):
        state["duel"]["guess"] = species
        state["phase"] = "duel_roll"
        return [{"type": "guess", "seat": seat, "species": cfg.species_key(species)},
                self._duel_reveal_event(state, cfg, lay)]

    def _do_duel_roll(self, state, cfg, lay, seat, move):
        state["rolling"] = [seat, "duel"]
        return []

    def duel_totals(self, state, cfg, lay) -> tuple[dict, dict]:
        """Both sides' value, bonus, roll and total in the running duel."""
        duel, opts = state["duel"], state["opts"]
        bonus = {"c": 0, "d": 0}
        if duel["guess"] is not None and duel["guess"] >= 0:
            right = duel["guess"] == state["species"][duel["c"]]
            bonus["d" if right else "c"] = opts["night_guess_bonus"]
        sides = []
        for side in ("c", "d"):
            a = duel[side]
            value = cfg.values[state["species"][a]][state["mode"]] - state["wounds"][a] * opts["wound_penalty"]
            if opts["value_floor"] is not None:
                value = max(value, opts["value_floor"])
            roll = duel[side + "r"]
            sides.append({"animal": lay.handles[a], "seat": a // lay.apl,
                          "species": cfg.species[state["species"][a]], "value": value,
                          "bonus": bonus[side], "roll": roll,
                          "total": value + bonus[side] + (roll or 0)})
        return sides[0], sides[1]

    def _resolve_duel(self, state, cfg, lay):
        duel, opts = state["duel"], state["opts"]
        challenger, defender = self.duel_totals(state, cfg, lay)
        c, d = duel["c"], duel["d"]
        won = challenger["total"] > defender["total"]
        winner, loser = (c, d) if won else (d, c)
        state["duels"][winner // lay.apl] += opts["duel_vp"]
        field = state["pos"][d]
        state["cell"][state["pos"][c]] = -1
        state["pos"][loser] = -1
        if won:
            state["cell"][field] = c
            state["pos"][c] = field
        state["wounds"][loser] += 1
        state["received"][loser // lay.apl] += 1
        eliminated = state["wounds"][loser] >= opts["wounds_to_eliminate"]
        state["duel"] = None
        events = [{"type": "duel", "stage": "result", "mode": ATTRIBUTES[state["mode"]],
                   "guess": cfg.species_key(duel["guess"]),
                   "challenger": challenger, "defender": defender,
                   "winner": "challenger" if won else "defender", "vp": opts["duel_vp"],
                   "loser": lay.handles[loser], "wounds": state["wounds"][loser],
                   "eliminated": eliminated}]
        if eliminated:
            state["out"][loser] = 1
            self._end_turn(state, lay)
        else:
            state["ret"] = loser
            state["phase"] = "return"
        return events

    def _do_return(self, state, cfg, lay, seat, move):
        f = field_index(cfg, move["to"])
        free = self._free_starts(state, lay, seat)
        if f not in free:
            raise IllegalMove("duel: the loser returns to an empty start field of its owner")
        return self._return_to(state, cfg, lay, f)

    def _return_to(self, state, cfg, lay, field):
        a = state["ret"]
        state["pos"][a] = field
        state["cell"][field] = a
        state["ret"] = None
        self._end_turn(state, lay)
        return [{"type": "returned", "seat": a // lay.apl, "animal": lay.handles[a], "at": cfg.field(field)}]

    # -- turn and round flow -----------------------------------------------------------------
    def _start_turn(self, state, lay):
        state["actor"] = lay.order[(state["sp"] + 1 + state["turn"]) % state["n"]]
        state["phase"] = "turn"

    def _end_turn(self, state, lay):
        state["turn"] += 1
        if state["turn"] < state["n"]:
            self._start_turn(state, lay)
            return
        if state["last"]:
            state["phase"] = "over"
            state["actor"] = None
            return
        state["round"] += 1
        state["sp"] = (state["sp"] + 1) % state["n"]
        state["turn"] = 0
        state["mode"] = state["mode_tile"] = state["actor"] = None
        state["phase"] = "fill"
        if not state["pile"]:
            state["last"] = True
            state["phase"] = "mode"

    # -- helpers -------------------------------------------------------------------------------
    def _in_play(self, state, lay, seat):
        pos = state["pos"]
        return [a for a in range(seat * lay.apl, (seat + 1) * lay.apl) if pos[a] >= 0]

    def _species_in_play(self, state, lay, seat):
        species, out = state["species"], state["out"]
        return sorted(species[a] for a in range(seat * lay.apl, (seat + 1) * lay.apl) if not out[a])

    def _free_starts(self, state, lay, seat):
        """The seat's empty start fields."""
        cell = state["cell"]
        return [f for f in lay.starts[seat] if cell[f] < 0]

    def _free_slots(self, state, lay, seat):
        """Indexes (in the seat's start field list) of its empty start fields."""
        return [lay.starts[seat].index(f) for f in self._free_starts(state, lay, seat)]

    def _next_random_placement(self, state, lay):
        species = state["species"]
        for seat in range(state["n"]):
            mine = species[seat * lay.apl:(seat + 1) * lay.apl]
            if -1 in mine:
                return seat, next(i for i in range(lay.apl) if i not in mine)
        raise AssertionError("arrangement complete")

    # -- score, views, hidden information, persistence ---------------------------------------
    def score(self, state):
        return scoring.score(state)

    def view(self, state, seat):
        return view_module.view(self, state, seat)

    def determinize(self, state, seat, rng):
        return hidden.determinize(self.copy_state(state), seat, rng)

    def redact_move(self, move, mover, viewer):
        return hidden.redact_move(move, mover, viewer)

    def copy_state(self, state):
        new = state.copy()
        for key in LIST_KEYS:
            new[key] = state[key][:]
        if state["duel"] is not None:
            new["duel"] = state["duel"].copy()
        return new

    def to_json(self, state):
        return json.loads(json.dumps(state))

    def from_json(self, data):
        return json.loads(json.dumps(data))
