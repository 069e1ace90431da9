"""Every game is built alike: the same package files and the same test files, each with its job
(docs/engine.md), and the ruleset carries its own AI policy and renderer."""

from pathlib import Path

import pytest

from engine import registry
from engine.ai.policies import Policy

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.name for p in (ROOT / "engine" / "games").iterdir() if (p / "__init__.py").exists())
PACKAGE_FILES = {"__init__.py", "ruleset.py", "options.py", "components.py", "state.py", "board.py", "rules.py",
                 "flow.py", "scoring.py", "view.py", "svg.py", "texts.py"}
#: files a game package may add: its AI's evaluation at a rollout cut-off, and what its moves
#: promise the search (docs/ai.md)
OPTIONAL_FILES = {"evaluation.py", "promise.py"}
TEST_FILES = {"__init__.py", "helpers.py", "test_rules.py", "test_spec_examples.py", "test_move_counts.py",
              "test_playthroughs.py", "test_options.py", "test_properties.py", "test_hidden_information.py",
              "test_pictures.py"}


def test_there_are_four_games():
    assert GAMES == ["carcassonne_hg", "great_plains", "targi", "woodwalkers"]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_package_has_the_standard_files(game):
    package = ROOT / "engine" / "games" / game
    names = {p.name for p in package.glob("*.py")}
    assert PACKAGE_FILES <= names <= PACKAGE_FILES | OPTIONAL_FILES, names ^ PACKAGE_FILES
    assert list((package / "data").glob("*.json")), "shipped component data lives in data/"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_has_the_standard_test_files(game):
    folder = ROOT / "tests" / game
    names = {p.name for p in folder.glob("*.py")}
    assert TEST_FILES <= names
    extra = names - TEST_FILES
    assert all(name.startswith("test_rules_") or name == "reference.py" for name in extra), extra
    assert {p.name for p in (folder / "data").glob("*.json")} == {"move_counts.json", "playthroughs.json"}


@pytest.mark.parametrize("ruleset", registry.rulesets().values(), ids=lambda r: r.id)
def test_a_ruleset_carries_its_policy_and_renderer(ruleset):
    assert isinstance(ruleset.ai_policy, Policy)
    assert ruleset.renderer.__module__ == type(ruleset).__module__.rsplit(".", 1)[0] + ".svg"
    assert type(ruleset).__module__.endswith(".ruleset")
