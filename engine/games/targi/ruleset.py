"""Targi as a Spielwerk ruleset: the contract methods over the modules of this package."""

from engine import Ruleset
from engine.ai.policies import Policy

from . import flow, rules, scoring, svg, view
from .options import MOVE_SCHEMAS, Options, check_options
from .state import State


class Targi(Ruleset):
    id = "targi"
    name = "Targi"
    min_players = 2
    max_players = 2
    rules_version = "1"
    options_schema = Options
    move_schemas = MOVE_SCHEMAS
    ai_policy = Policy(scale=5.0)
    renderer = staticmethod(svg.render)

    def check_options(self, options):
        return check_options(options)

    def setup(self, num_players, options):
        return flow.setup(options)

    def to_move(self, state):
        return flow.to_move(state)

    def chance(self, state):
        return flow.chance(state)

    def apply_chance(self, state, outcome):
        return flow.apply_chance(state, outcome)

    def legal_moves(self, state, seat):
        return rules.legal_moves(state, seat)

    def perform(self, state, seat, move):
        return rules.perform(state, seat, move) + flow.advance(state)

    def is_over(self, state):
        return state.over

    def score(self, state):
        return scoring.score(state)

    def view(self, state, seat):
        return view.view(state, seat)

    def to_json(self, state):
        return state.to_json()

    def from_json(self, data):
        return State.from_json(data)

    def copy_state(self, state):
        return state.copy()

    def determinize(self, state, seat, rng):
        return view.determinize(state, seat, rng)
