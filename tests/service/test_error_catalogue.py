"""One error catalogue: every code raised anywhere or answered by the HTTP layer is in it,
every entry is used, and the README's table is the catalogue's."""

import ast
from pathlib import Path

import pytest

from engine import EngineError, registry
from service.api.errors import CATALOGUE, ApiError, catalogue_table, code_for_status
from service.errors import DomainError

ROOT = Path(__file__).resolve().parents[2]


def subclasses(cls) -> set[type]:
    found = set(cls.__subclasses__())
    return found.union(*(subclasses(sub) for sub in found))


def raised_codes() -> set[str]:
    """The code of every engine and domain error class (every ruleset imported)."""
    registry.rulesets()
    return {error.code for error in subclasses(EngineError) if error is not DomainError}


def http_layer_codes() -> set[str]:
    """Codes the HTTP layer writes out (``ApiError("code", ...)``; only errors.py computes
    one, with code_for_status) or gives werkzeug's errors."""
    written = set()
    for path in (ROOT / "service" / "api").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ApiError" and node.args:
                if isinstance(node.args[0], ast.Constant):
                    written.add(node.args[0].value)
                else:
                    assert path.name == "errors.py", f"{path.name}: ApiError with a computed code"
    return written | {code_for_status(status) for status in range(400, 600)}


def test_every_engine_and_domain_error_code_is_in_the_catalogue():
    assert raised_codes() - set(CATALOGUE) == set()


def test_every_code_the_http_layer_answers_with_is_in_the_catalogue():
    assert http_layer_codes() - set(CATALOGUE) == set()


def test_every_catalogue_entry_is_answered_somewhere():
    assert set(CATALOGUE) - raised_codes() - http_layer_codes() == set()


def test_an_answer_outside_the_catalogue_cannot_be_made():
    with pytest.raises(KeyError):
        ApiError("teapot", "no such code")


def test_the_readme_error_table_is_the_catalogue():
    assert catalogue_table() in (ROOT / "README.md").read_text()
