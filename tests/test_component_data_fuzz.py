"""Replaceable component data and options, mutated at random: refused cleanly or playable.

For every ruleset the complete options (defaults plus the shipped component data
passed inline) are mutated one to three times anywhere in the tree: a value replaced by
random JSON or by another value taken from the data itself, a key or list entry removed,
a list entry doubled. Creating the game must then either raise ``InvalidOptions`` that
names each problem (path, code, message), or give a game that plays 40 random steps.
Never any other exception.
"""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import InvalidOptions, Match, Rng
from engine.games.carcassonne_hg import RULESET as CARCASSONNE
from engine.games.carcassonne_hg.components import load_data
from engine.games.great_plains import RULESET as GREAT_PLAINS
from engine.games.great_plains.components import COMPONENT_SETS
from engine.games.targi import RULESET as TARGI
from engine.games.targi.components import packaged
from engine.games.woodwalkers import RULESET as WOODWALKERS
from engine.games.woodwalkers.components import component_sets


def _with_defaults(ruleset, data: dict) -> dict:
    return {**ruleset.make_options({}), **data}


#: ruleset id -> (ruleset, players, complete options, the option keys holding component data)
BASES = {
    "carcassonne-hg": (CARCASSONNE, 2, _with_defaults(CARCASSONNE, {"customTileSet": load_data("hg2002-default")}),
                       ["customTileSet"]),
    "great-plains": (GREAT_PLAINS, 2, _with_defaults(GREAT_PLAINS, {
        "components": {"tiles": [{"id": t["id"], "sides": t["sides"]} for t in COMPONENT_SETS["default"]["tiles"]]},
        "layout": [{"position": i, "tile": f"T{i + 1}", "side": "AB"[i % 2], "rotation": i % 6} for i in range(7)],
    }), ["components", "layout"]),
    "targi": (TARGI, 2, _with_defaults(TARGI, {"cards": packaged()}), ["cards"]),
    "woodwalkers": (WOODWALKERS, 3, _with_defaults(WOODWALKERS, {"components": component_sets()["default"]}),
                    ["components"]),
}

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 30) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _atoms(node, out: set) -> set:
    """Every scalar of the data: replacements that look plausible but may not fit."""
    if isinstance(node, dict):
        for value in node.values():
            _atoms(value, out)
    elif isinstance(node, list):
        for value in node:
            _atoms(value, out)
    else:
        out.add(json.dumps(node))
    return out


@st.composite
def mutated(draw, base: dict, data_keys: list[str]) -> dict:
    """``base`` changed 1-3 times, mostly inside its component data, at any depth."""
    data = copy.deepcopy(base)
    atoms = sorted(_atoms(base, set()))
    for _ in range(draw(st.integers(1, 3))):
        parent, key, node = None, None, data
        start = draw(st.sampled_from([None, *data_keys * 3]))
        if start is not None and start in data:
            parent, key, node = data, start, data[start]
        for _ in range(draw(st.integers(0, 7))):
            keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
            if not keys:
                break
            parent, key = node, draw(st.sampled_from(keys))
            node = parent[key]
        if parent is None:
            continue
        action = draw(st.sampled_from(["random", "atom", "delete", "double"]))
        if action == "random":
            parent[key] = draw(JSON)
        elif action == "atom":
            parent[key] = json.loads(draw(st.sampled_from(atoms)))
        elif action == "delete":
            del parent[key]
        elif isinstance(parent, list):
            parent.insert(key, copy.deepcopy(node))
    return data


def _created_or_refused(ruleset, players: int, options: dict) -> None:
    try:
        match = Match.create(ruleset, players, options, 7)
    except InvalidOptions as refused:
        assert refused.problems, "a refusal names at least one problem"
        for problem in refused.problems:
            assert isinstance(problem.path, str) and problem.code and problem.message, problem
        json.dumps(refused.errors)
        return
    agent = Rng(11)
    for _ in range(40):
        seats = match.to_move()
        if not seats:
            break
        seat = agent.choice(seats)
        match.play(seat, agent.choice(match.legal_moves(seat)))


def _fuzz(ruleset_id: str):
    ruleset, players, base, data_keys = BASES[ruleset_id]

    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(mutated(base, data_keys))
    def check(options):
        _created_or_refused(ruleset, players, options)

    return check


def test_base_options_create_a_game():
    for ruleset, players, base, _ in BASES.values():
        Match.create(ruleset, players, copy.deepcopy(base), 7)


test_carcassonne_data_fuzz = _fuzz("carcassonne-hg")
test_great_plains_data_fuzz = _fuzz("great-plains")
test_targi_data_fuzz = _fuzz("targi")
test_woodwalkers_data_fuzz = _fuzz("woodwalkers")
