"""The registry of rulesets: every module in :mod:`engine.games` that defines ``RULESET``."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from . import games
from .contract import Ruleset
from .errors import UnknownRuleset
from .i18n import N_


@cache
def rulesets() -> dict[str, Ruleset]:
    """All registered rulesets by id, sorted by id."""
    found = {}
    for module_info in pkgutil.iter_modules(games.__path__):
        module = importlib.import_module(f"{games.__name__}.{module_info.name}")
        ruleset = getattr(module, "RULESET", None)
        if isinstance(ruleset, Ruleset):
            found[ruleset.id] = ruleset
    return dict(sorted(found.items()))  # cached: register() adds to this dict


def register(ruleset: Ruleset) -> None:
    """Add a ruleset defined outside :mod:`engine.games` (a plug-in game, a test game)."""
    rulesets()[ruleset.id] = ruleset


def get(ruleset_id: str) -> Ruleset:
    try:
        return rulesets()[ruleset_id]
    except KeyError:
        raise UnknownRuleset(N_("no ruleset {ruleset_id}"), ruleset_id=repr(ruleset_id)) from None
