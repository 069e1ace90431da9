"""Error messages are msgids with fields, never finished English (issue 20): every raise site in
engine/ and service/ passes a msgid (``N_("...")``) or a text built from one, so the HTTP layer
can answer in the request's language; every such msgid has its German, placeholders and all."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine import registry
from engine.errors import EngineError, IllegalMove, InvalidOptions
from engine.i18n import Text, catalogue_path
from engine.problems import Problems
from service import errors as domain

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(p for folder in ("engine", "service") for p in (ROOT / folder).rglob("*.py"))
#: constructor name -> the position of its message argument (0 unless listed)
MESSAGE_AT = {"ApiError": 1, "Problem": 2, "add": 2, "unknown_fields": 3, "unique_id": 3, "LimitExceeded": 2,
              "UndoNotAllowed": 1}


def _subclasses(cls) -> set[str]:
    found = {cls.__name__}
    for sub in cls.__subclasses__():
        found |= _subclasses(sub)
    return found


ERRORS = _subclasses(EngineError) | {"ApiError", "Problem", "refuse", "Refused", "JSONDecodeError"}
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def constructor(call: ast.Call) -> str | None:
    """The name of the error (or problem) constructor ``call`` calls, if it is one."""
    func = call.func
    if isinstance(func, ast.Name) and func.id in ERRORS:
        return func.id
    if isinstance(func, ast.Attribute) and func.attr in ("add", "unknown_fields", "unique_id"):
        return func.attr if len(call.args) > MESSAGE_AT[func.attr] else None
    return None


def finished(node: ast.AST) -> bool:
    """Whether ``node`` builds a finished string: a literal, an f-string, ``+``/``%`` or ``.format``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and any(finished(side) for side in (node.left, node.right)):
        return True
    if isinstance(node, ast.IfExp):
        return finished(node.body) or finished(node.orelse)
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"


def msgids(node: ast.AST) -> list[str]:
    return [n.args[0].value for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and n.func.id == "N_" and n.args and isinstance(n.args[0], ast.Constant)]


def raise_sites():
    for path in SOURCES:
        for call in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(call, ast.Call) and (name := constructor(call)):
                yield f"{path.relative_to(ROOT)}:{call.lineno}", name, call


SITES = list(raise_sites())


def test_the_scan_finds_the_raise_sites():
    names = {name for _, name, _ in SITES}
    assert {"IllegalMove", "NotFound", "ApiError", "add", "IdempotencyConflict"} <= names
    assert len(SITES) > 250


def test_every_raise_site_passes_a_msgid_not_a_finished_string():
    wrong = []
    for where, name, call in SITES:
        at = MESSAGE_AT.get(name, 0)
        message = call.args[at] if len(call.args) > at else None
        if message is not None and finished(message):
            wrong.append(f"{where}: {ast.unparse(message)[:60]}")
        wrong += [f"{where}: {ast.unparse(node)[:60]}" for node in ast.walk(call) if isinstance(node, ast.JoinedStr)]
    assert not wrong, "pass N_(...) with fields (engine.i18n.Text), not a finished string:\n" + "\n".join(wrong)


def test_every_error_msgid_has_its_german():
    with catalogue_path("de").open("rb") as po:
        german = {m.id: m for m in read_po(po, locale="de") if m.id}
    ids = {msgid for _, _, call in SITES for msgid in msgids(call)}
    assert len(ids) > 200
    missing = sorted(i for i in ids if i not in german or not german[i].string or german[i].fuzzy)
    assert not missing, f"de: no translation (run `make messages`, then translate) for {missing}"
    for msgid in ids:
        assert sorted(PLACEHOLDER.findall(german[msgid].string)) == sorted(PLACEHOLDER.findall(msgid)), msgid


def test_an_error_renders_its_game_words_in_the_language():
    error = IllegalMove("arrangement: your {species} is already placed", species=Text("squirrel"))
    assert error.message == "arrangement: your squirrel is already placed" == str(error)
    assert error.message.in_("de") == "Aufstellung: dein Tierplättchen Hörnchen liegt schon"
    assert error.message.in_("fr") == error.message


def test_invalid_options_render_every_problem_in_the_language():
    problems = Problems()
    problems.add("/layout", "count", "expected {expected} placements, got {count}", expected=7, count=0)
    problems.add("/seats", "unknown_field", "Unknown field.")
    error = InvalidOptions(problems)
    assert error.message == "options rejected: /layout: expected 7 placements, got 0 (and 1 more)"
    assert error.message.in_("de") == "Optionen abgelehnt: /layout: 7 Platzierungen erwartet, bekam 0 (und 1 weitere)"
    assert [p["message"].in_("de") for p in error.errors["problems"]] == \
        ["7 Platzierungen erwartet, bekam 0", "Unbekanntes Feld."]


@pytest.mark.parametrize("ruleset, options", [
    ("carcassonne-hg", {"customTileSet": {}}), ("great-plains", {"layout": [], "no_such_option": 1}),
    ("targi", {"no_such_option": 1}), ("woodwalkers", {"seats": [1, 1]})])
def test_rejected_options_of_every_ruleset_read_in_german(ruleset, options):
    with pytest.raises(InvalidOptions) as info:
        registry.get(ruleset).make_options(options)
    assert info.value.message.in_("de").startswith("Optionen abgelehnt: ")
    for problem in info.value.errors["problems"]:
        assert problem["message"].in_("de") != problem["message"], problem
