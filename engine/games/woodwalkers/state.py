"""The game state: a ``__slots__`` object with a fast copy and the stored JSON form.

Animals are numbered ``seat * animals_per_player + k`` (see :class:`.board.Seating`);
per-animal and per-field facts are flat lists of ints. The compiled component data
(``config``) and seat layout (``seating``) are shared, read-only and never stored: they
follow from the options. :data:`STORED` names the JSON key of every stored attribute.
"""

from __future__ import annotations

import json

from .board import context
from .components import options_key

#: the sides of a duel as stored ("side", and the keys of the duellists and their rolls)
CHALLENGER, DEFENDER = "c", "d"

#: attribute -> its key in the stored JSON, in stored order
STORED = {
    "options": "opts",             # the validated options
    "options_key": "key",          # their content hash (the cache key of config and seating)
    "players": "n",
    "phase": "phase",              # arrange, fill, first, mode, turn, move, reveal, guess,
                                   # duel_roll, duel_result, return, over
    "rolling": "rolling",          # [seat, purpose] while a die roll is pending, else None
    "species": "species",          # per animal: species index, -1 before it is placed
    "positions": "pos",            # per animal: field, -1 off the board
    "wounds": "wounds",            # per animal
    "eliminated": "out",           # per animal: 1 once eliminated
    "shown": "shown",              # per animal: 1 once its identity was shown in a duel
    "occupant": "cell",            # per field: the animal on it, -1 none
    "forest": "tiles",             # per forest field: 0 face down, -1 gone, v > 0 a flag worth v
    "tiles_left": "mix",           # per forest tile type: how many are still face down
    "mode_pile": "pile",           # combat-mode tiles not yet displayed
    "display": "display",          # combat-mode tiles on display
    "mode": "mode",                # the round's combat attribute (index), None before the choice
    "mode_tile": "mode_tile",
    "round": "round",
    "start_index": "sp",           # the start player's place in the clockwise order, -1 undrawn
    "turns_taken": "turn",         # turns taken this round
    "last_round": "last",
    "active": "actor",             # the seat whose turn it is
    "movement_roll": "roll",       # the movement die before the animal moves
    "last_roll": "last_roll",      # [seat, value] of the latest roll
    "plus1": "plus1",              # per seat: +1 tiles revealed
    "duel_points": "duels",        # per seat: points for duels won
    "medicine": "med",             # per seat: medicine tiles held
    "dice_tiles": "dice",          # per seat: dice tiles held
    "wounds_received": "received",  # per seat: every wound ever received
    "duel": "duel",                # the running :class:`Duel`, else None
    "returning": "ret",            # the duel loser that returns to a start field, else None
    "revealing": "at",             # the forest field whose tile is being revealed, else None
}


class Duel:
    """A running duel: the two animals, the side to act, the night guess, the rolls."""

    __slots__ = ("challenger", "defender", "side", "guess", "challenger_roll", "defender_roll")

    def __init__(self, challenger: int, defender: int):
        self.challenger, self.defender = challenger, defender
        self.side = CHALLENGER
        #: the guessed species index; -1 no guess, None not (yet) guessed
        self.guess = None
        self.challenger_roll = self.defender_roll = None

    def copy(self) -> "Duel":
        new = Duel.__new__(Duel)
        new.challenger, new.defender, new.side = self.challenger, self.defender, self.side
        new.guess, new.challenger_roll, new.defender_roll = self.guess, self.challenger_roll, self.defender_roll
        return new

    def to_json(self) -> dict:
        return {CHALLENGER: self.challenger, DEFENDER: self.defender, "side": self.side, "guess": self.guess,
                "cr": self.challenger_roll, "dr": self.defender_roll}

    @classmethod
    def from_json(cls, data: dict) -> "Duel":
        duel = cls(data[CHALLENGER], data[DEFENDER])
        duel.side, duel.guess = data["side"], data["guess"]
        duel.challenger_roll, duel.defender_roll = data["cr"], data["dr"]
        return duel


class State:
    """The whole game state (attributes: :data:`STORED` plus ``config`` and ``seating``)."""

    __slots__ = (*STORED, "config", "seating")

    @classmethod
    def initial(cls, options: dict, players: int) -> "State":
        """The state before the arrangement (no start player yet)."""
        state = cls()
        state.options, state.options_key, state.players = options, options_key(options), players
        state.config, state.seating = config, seating = context(state.options_key, options, players)
        animals = seating.animal_count
        state.phase, state.rolling = "arrange", None
        state.species, state.positions = [-1] * animals, [-1] * animals
        state.wounds, state.eliminated, state.shown = [0] * animals, [0] * animals, [0] * animals
        state.occupant = [-1] * (config.rows * config.cols)
        state.forest, state.tiles_left = [0] * len(config.forest), list(config.tile_counts)
        state.mode_pile, state.display = sorted(config.mode_tiles), []
        state.mode = state.mode_tile = None
        state.round, state.start_index, state.turns_taken, state.last_round = 1, -1, 0, False
        state.active = state.movement_roll = state.last_roll = None
        state.plus1, state.duel_points = [0] * players, [0] * players
        state.medicine, state.dice_tiles, state.wounds_received = [0] * players, [0] * players, [0] * players
        state.duel = state.returning = state.revealing = None
        return state

    def copy(self) -> "State":
        """An independent copy (fast: the AI copies states thousands of times a second)."""
        new = State.__new__(State)
        new.options, new.options_key, new.players = self.options, self.options_key, self.players
        new.config, new.seating = self.config, self.seating
        new.phase, new.rolling = self.phase, self.rolling
        new.species, new.positions, new.wounds = self.species[:], self.positions[:], self.wounds[:]
        new.eliminated, new.shown, new.occupant = self.eliminated[:], self.shown[:], self.occupant[:]
        new.forest, new.tiles_left = self.forest[:], self.tiles_left[:]
        new.mode_pile, new.display = self.mode_pile[:], self.display[:]
        new.mode, new.mode_tile, new.round = self.mode, self.mode_tile, self.round
        new.start_index, new.turns_taken, new.last_round = self.start_index, self.turns_taken, self.last_round
        new.active, new.movement_roll, new.last_roll = self.active, self.movement_roll, self.last_roll
        new.plus1, new.duel_points, new.medicine = self.plus1[:], self.duel_points[:], self.medicine[:]
        new.dice_tiles, new.wounds_received = self.dice_tiles[:], self.wounds_received[:]
        new.duel = None if self.duel is None else self.duel.copy()
        new.returning, new.revealing = self.returning, self.revealing
        return new

    def to_json(self) -> dict:
        """The stored form: a JSON dict of flat lists under the keys of :data:`STORED`."""
        data = {key: getattr(self, name) for name, key in STORED.items()}
        data["duel"] = None if self.duel is None else self.duel.to_json()
        return json.loads(json.dumps(data))

    @classmethod
    def from_json(cls, data: dict) -> "State":
        data = json.loads(json.dumps(data))
        state = cls()
        for name, key in STORED.items():
            setattr(state, name, data[key])
        if state.duel is not None:
            state.duel = Duel.from_json(state.duel)
        state.config, state.seating = context(state.options_key, state.options, state.players)
        return state
