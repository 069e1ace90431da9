"""The automatic steps (spec §2): set-up, the start player and tile draws (chance), the gold
bonus (§5), turn progression and the end (§6).

A turn is a chance step (the land tile), a ``place_tile`` move and a piece move; a forest
with gold completed by the land tile adds a bonus draw, tile and piece move.
"""

from __future__ import annotations

from itertools import compress

from engine import Chance, IllegalMove
from engine.i18n import N_

from . import scoring
from .options import check_players
from .state import BONUS_DRAW, DRAW, OVER, PIECE, START, TILE, State


def setup(num_players: int, options: dict) -> State:
    """The start tile at (0, 0); the start player is drawn unless the options name one."""
    check_players(num_players, options)
    state = State(num_players, options)
    state.board.place(state.tile_set.start, 0, 0, options["startRotation"])
    if options["startPlayer"] != "random":
        state.turn, state.phase = options["startPlayer"], DRAW
    if state.land_left == 0:
        state.phase = OVER
    return state


def to_move(state) -> list[int]:
    return [state.turn] if state.phase in (TILE, PIECE) else []


def is_over(state) -> bool:
    return state.phase == OVER


# -- chance ----------------------------------------------------------------------------------

def chance(state) -> Chance | None:
    """The start player, or a tile drawn from the land or bonus pile (weighted by count)."""
    if state.phase == START:
        return Chance.uniform(range(state.players), "start_player")
    if state.phase == DRAW:
        pile, label = state.land_pile, "land_tile"
    elif state.phase == BONUS_DRAW:
        pile, label = state.bonus_pile, "bonus_tile"
    else:
        return None
    return Chance(list(compress(state.tile_set.ids, pile)), list(filter(None, pile)), label)


def apply_chance(state, outcome) -> list[dict]:
    if state.phase == START:
        return _start_player(state, outcome)
    return _draw(state, outcome)


def _start_player(state, seat) -> list[dict]:
    if type(seat) is not int or seat not in range(state.players):
        raise IllegalMove(N_("no seat {seat}"), seat=repr(seat))
    state.turn, state.phase = seat, DRAW
    return [{"type": "start_player", "seat": seat}]


def _draw(state, tile_id) -> list[dict]:
    """The drawn tile is to be placed, or removed when it fits nowhere (§3.1, D6, D7)."""
    bonus = state.phase == BONUS_DRAW
    pile = state.bonus_pile if bonus else state.land_pile
    tile = state.tile_set.by_id.get(tile_id) if isinstance(tile_id, str) else None
    if state.phase not in (DRAW, BONUS_DRAW) or tile is None or not pile[tile.index]:
        raise IllegalMove(N_("{tile_id} is not a tile left in the pile"), tile_id=repr(tile_id))
    pile[tile.index] -= 1
    which = "bonus" if bonus else "land"
    if bonus:
        state.bonus_left -= 1
    else:
        state.land_left -= 1
    if state.board.fits_anywhere(tile):
        state.drawn, state.playing_bonus, state.phase = tile, bonus, TILE
        return [{"type": "tile_drawn", "seat": state.turn, "tile": tile.id, "pile": which}]
    state.removed.append(tile.id)
    events = [{"type": "tile_removed", "seat": state.turn, "tile": tile.id, "pile": which}]
    if bonus:
        if state.options["unplaceableBonus"] == "forfeit":
            state.bonus_due -= 1
            events.append({"type": "bonus_lost", "seat": state.turn})
        _continue_bonus(state, events)
    elif not state.land_left:
        _end_turn(state, events)
    return events


# -- after the piece step ----------------------------------------------------------------------

def finish_placement(state, events) -> None:
    """Score what the tile completed, then the gold bonus (§5.1) or the next turn."""
    gold = scoring.score_completed(state, events)
    if state.playing_bonus:
        state.bonus_due -= 1
    elif gold:
        _earn_bonus(state, events)
    _continue_bonus(state, events)


def _earn_bonus(state, events) -> None:
    """§5.1: gold in a forest completed by the land tile earns the placer bonus tiles."""
    options = state.options
    if not options["bonusPerTurn"] or not (state.land_left or options["bonusOnFinalTurn"]):
        return
    if not state.bonus_left:
        events.append({"type": "bonus_lost", "seat": state.turn})
        return
    state.bonus_due = options["bonusPerTurn"]
    events.append({"type": "bonus_earned", "seat": state.turn})


def _continue_bonus(state, events) -> None:
    """Draw the next bonus tile due, or end the turn."""
    if state.bonus_due > 0 and state.bonus_left:
        state.phase, state.drawn, state.playing_bonus = BONUS_DRAW, None, False
        return
    if state.bonus_due > 0:
        events.append({"type": "bonus_lost", "seat": state.turn})
    _end_turn(state, events)


def _end_turn(state, events) -> None:
    """The next seat draws; after the last land tile, final scoring (§6)."""
    state.bonus_due, state.drawn, state.playing_bonus = 0, None, False
    if state.land_left:
        state.turn = (state.turn + 1) % state.players
        state.phase = DRAW
        return
    events.append({"type": "game_end"})
    scoring.score_end(state, events)
    state.phase = OVER
