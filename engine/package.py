"""A ruleset made of a game package's standard modules (docs/engine.md, "A game package").

A game under ``engine/games/`` names its modules once in :class:`GameModules`; its
contract methods are the functions of the same names in those modules, and its
schemas, state class and renderer are read from them:

- ``options``: ``Options`` (the options schema), ``MOVE_SCHEMAS``, ``check_options(options)``
- ``state``: ``State``
- ``flow``: ``setup(players, options)``, ``to_move``, ``chance``, ``apply_chance``, ``is_over``
- ``rules``: ``legal_moves(state, seat)``, ``perform(state, seat, move)``
- ``scoring``: ``score_sheet(state)``
- ``view``: ``view(state, seat)``, ``View`` (the view's schema), ``EVENT_SCHEMAS``
- ``svg``: ``render(view, highlight=None, lang="en")``
- ``texts``: ``EVENTS`` and ``MOVES`` (templates, ``engine.texts``), ``SCORES`` (the score sheet's
  breakdown keys in words), ``key(item)``, ``words(item, lang)``

A game overrides a method only where its package does something of its own there
(hidden information, a turn that ends outside ``rules``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

from .contract import Ruleset


@dataclass(frozen=True)
class GameModules:
    options: ModuleType
    state: ModuleType
    flow: ModuleType
    rules: ModuleType
    scoring: ModuleType
    view: ModuleType
    svg: ModuleType
    texts: ModuleType


class PackagedRuleset(Ruleset):
    """A :class:`Ruleset` whose contract methods delegate to its package's modules."""

    modules: ClassVar[GameModules]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.options_schema = cls.modules.options.Options
        cls.move_schemas = cls.modules.options.MOVE_SCHEMAS
        cls.view_schema = cls.modules.view.View
        cls.event_schemas = cls.modules.view.EVENT_SCHEMAS
        cls.state_type = cls.modules.state.State
        cls.renderer = staticmethod(cls.modules.svg.render)
        cls.event_texts = cls.modules.texts.EVENTS
        cls.move_texts = cls.modules.texts.MOVES
        cls.score_texts = cls.modules.texts.SCORES
        cls.setup_texts = cls.modules.texts.SETUP

    def check_options(self, options):
        return self.modules.options.check_options(options)

    def setup(self, num_players, options):
        return self.modules.flow.setup(num_players, options)

    def to_move(self, state):
        return self.modules.flow.to_move(state)

    def chance(self, state):
        return self.modules.flow.chance(state)

    def apply_chance(self, state, outcome):
        return self.modules.flow.apply_chance(state, outcome)

    def legal_moves(self, state, seat):
        return self.modules.rules.legal_moves(state, seat)

    def perform(self, state, seat, move):
        return self.modules.rules.perform(state, seat, move)

    def is_over(self, state):
        return self.modules.flow.is_over(state)

    def score(self, state):
        return self.modules.scoring.score_sheet(state)

    def view(self, state, seat):
        return self.modules.view.view(state, seat)

    def text_key(self, item):
        return self.modules.texts.key(item)

    def text_words(self, item, lang):
        return self.modules.texts.words(item, lang)
