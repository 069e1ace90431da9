"""Builders for the Great Plains tests: positions on the reference layout (spec section 4.6)."""

from engine.games.great_plains import RULESET
from engine.games.great_plains.board import INDEX

FOX, SNAKE = 0, 1
TWO_STEP = {"totem_move_form": "two_step"}
#: the fox holds one token of each kind; its cave (0, 0) borders a snake on (1, -1)
ALL_POWERS = dict(caves=[(0, 0, FOX), (2, 2, SNAKE)], snakes=[(1, -1)], held=[[1, 1, 1], [0, 0, 0]],
                  supply=[2, 2, 2])


def reference_options(**options) -> dict:
    return RULESET.make_options({"layout": "reference", "first_cave_player": 0, **options})


def new_game(**options):
    """The reference layout at the start of the cave phase (the fox places first)."""
    return RULESET.setup(2, reference_options(**options))


def position(caves=(), foxes=(), snakes=(), turn=FOX, held=None, supply=None, hand=None, **options):
    """A figure-phase position with only the given caves ``[(q, r, seat)]`` and figures."""
    data = RULESET.to_json(new_game(**options))
    data.update(phase="figures", turn=turn, caves_left=[0, 0],
                caves=[[q, r, seat] for q, r, seat in caves],
                figures=sorted([[q, r, FOX] for q, r in foxes] + [[q, r, SNAKE] for q, r in snakes],
                               key=lambda f: INDEX[(f[0], f[1])]))
    if held is not None:
        data["held"] = [list(h) for h in held]
    if supply is not None:
        data["supply"] = list(supply)
    if hand is not None:
        data["hand"] = list(hand)
    return RULESET.from_json(data)


def horse_in_use():
    """Two-step form: the fox (holding every totem) has just used its horse."""
    state = position(**ALL_POWERS, **TWO_STEP)
    play(state, FOX, use_totem("horse"))
    return state


def use_totem(kind) -> dict:
    return {"type": "use_totem", "kind": kind}


def cell_moves(state, seat, totem=None) -> list:
    """The target cells of the seat's legal placements with ``totem`` (None: normal)."""
    return [tuple(m["cell"]) for m in RULESET.legal_moves(state, seat)
            if m["type"] == "place" and m.get("totem") == totem]


def play(state, seat, move) -> list:
    return RULESET.apply(state, seat, move)
