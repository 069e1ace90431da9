"""Game records: the format (docs/records.md), building one from a match's log, and checking one.

A record needs no seed: its ``steps`` hold every decision (``{"seat", "move"}``, forced
moves included) and every chance outcome (``{"chance": outcome}``) in order, so checking
it replays the rules step by step. :func:`validate` answers a *verdict*::

    {"valid", "steps_checked", "first_error": {"index", "code", "message", "legal"} | null,
     "status", "result"}

``first_error.index`` is the step's index (null for a problem of the record's header);
``legal`` a bounded sample of what was legal there. Offline:
``python -m engine.records validate FILE.json`` prints the verdict, exit status 0 only
for a valid record.
"""

from __future__ import annotations

import json
import sys

from . import registry
from .cache import bounded_cache
from .contract import Ruleset, canonical
from .errors import EngineError, GameOver, IllegalMove, IllegalOutcome, InvalidOptions, NotYourTurn, UnknownRuleset
from .i18n import N_
from .limits import MAX_RECORD_BYTES, json_size
from .match import ACTIVE, FINISHED, MAX_AUTO_STEPS, Match, possible

#: the record format's version (``format``): a change of its meaning gets a new number
FORMAT = 1
#: the most entries of ``first_error.legal`` (what was legal at the faulty step)
MAX_LEGAL_SAMPLE = 20
#: ``first_error.code`` beyond the engine's error codes
MALFORMED_RECORD, MALFORMED_STEP, HIDDEN_OUTCOME = "malformed_record", "malformed_step", "hidden_outcome"
RULES_VERSION, LIMIT = "rules_version", "limit_exceeded"
HEADER = {"format": int, "ruleset": str, "rules_version": str, "players": int, "options": dict, "steps": list}
OPTIONAL = {"result": (dict, type(None)), "viewer": (int, type(None))}


class StepError(Exception):
    """A step that cannot be checked: a verdict's error only, never an API error (``code``:
    ``malformed_step``, ``hidden_outcome``)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


# -- building ----------------------------------------------------------------------------------
def steps_of(match: Match, log: list[dict]) -> list[dict]:
    """The record's steps of a match and its log entries (a seat's move or a table's outcome)."""
    steps, added = list(match.opening["steps"]), 0
    for entry in log:
        if "undo" in entry or not ("seat" in entry or "chance" in entry):
            # an undo (service.undo) takes back the previous entry's steps; the service's other
            # entries (a join, a resignation, a token: service.lifecycle) change no state
            del steps[len(steps) - (added if "undo" in entry else 0):]
            added = 0
            continue
        steps.append({"seat": entry["seat"], "move": entry["move"]} if "seat" in entry
                     else {"chance": entry["chance"]})
        steps += entry["steps"]
        added = 1 + len(entry["steps"])
    return steps


def build(match: Match, log: list[dict]) -> dict:
    """The complete record of ``match`` with its ``log``; ``result`` once it is finished."""
    record = {"format": FORMAT, "ruleset": match.ruleset.id, "rules_version": match.ruleset.rules_version,
              "players": match.players, "options": match.options, "steps": steps_of(match, log)}
    if match.status == FINISHED:
        record["result"] = match.score()
    return record


def redact(record: dict, viewer: int | None) -> dict:
    """The record as ``viewer`` may know it while the game runs: other seats' moves as
    ``redact_move`` shows them, and ``{"chance": null}`` for each outcome the viewer has not
    seen. An outcome is seen when every event its step makes is one the viewer sees whole
    (no ``_private`` part, or one for the viewer): the rulesets put what only some seats
    learn of a draw there (docs/records.md lists, per ruleset, what each chance step reveals)."""
    ruleset = registry.get(record["ruleset"])
    state = ruleset.setup(record["players"], record["options"])
    shown = []
    for step in record["steps"]:
        if "chance" in step:
            events = ruleset.apply_chance(state, step["chance"])
            seen = all(not event.get("_private") or str(viewer) in event["_private"] for event in events)
            shown.append(step if seen else {"chance": None})
        else:
            ruleset.apply(state, step["seat"], step["move"])
            shown.append({"seat": step["seat"], "move": ruleset.redact_move(step["move"], step["seat"], viewer)})
    return {**{k: v for k, v in record.items() if k != "result"}, "viewer": viewer, "steps": shown}


# -- checking ----------------------------------------------------------------------------------
def verdict(checked: int, error: dict | None, status: str | None = None, result: dict | None = None) -> dict:
    return {"valid": error is None, "steps_checked": checked, "first_error": error, "status": status,
            "result": result}


def problem(index: int | None, code: str, message: str, legal: list | None = None) -> dict:
    return {"index": index, "code": code, "message": message, "legal": (legal or [])[:MAX_LEGAL_SAMPLE]}


def header_problem(record) -> dict | None:
    """What is wrong with a record's shape and header (None: the steps can be checked)."""
    if not isinstance(record, dict):
        return problem(None, MALFORMED_RECORD, "a record is a JSON object")
    size = json_size(record)
    if size > MAX_RECORD_BYTES:
        return problem(None, LIMIT, f"the record takes {size} bytes as JSON, at most {MAX_RECORD_BYTES} are allowed")
    unknown = sorted(set(record) - set(HEADER) - set(OPTIONAL))
    if unknown:
        return problem(None, MALFORMED_RECORD, f"unknown field {unknown[0]!r}")
    for key, kind in HEADER.items():
        if type(record.get(key)) is not kind:
            return problem(None, MALFORMED_RECORD, f"{key!r} is required and must be a JSON {kind.__name__}")
    for key, kinds in OPTIONAL.items():
        if key in record and not (record[key] is None or type(record[key]) in kinds):
            return problem(None, MALFORMED_RECORD, f"{key!r} has the wrong type")
    if record["format"] != FORMAT:
        return problem(None, MALFORMED_RECORD, f"format {record['format']} is unknown; this server reads {FORMAT}")
    return None


def start(record: dict) -> tuple[Ruleset, object] | dict:
    """The ruleset and the initial state of a record whose header is well formed, or its problem."""
    try:
        ruleset = registry.get(record["ruleset"])
    except UnknownRuleset as exc:
        return problem(None, exc.code, exc.message)
    if record["rules_version"] != ruleset.rules_version:
        return problem(None, RULES_VERSION, f"the record follows rules version {record['rules_version']!r}; "
                                            f"{ruleset.id} is at {ruleset.rules_version!r}")
    if not ruleset.min_players <= record["players"] <= ruleset.max_players:
        return problem(None, MALFORMED_RECORD, f"{ruleset.id} takes {ruleset.min_players}-{ruleset.max_players} players")
    options = resolved_options(ruleset.id, canonical(record["options"]))
    if isinstance(options, Problem):
        return dict(options)
    return ruleset, ruleset.setup(record["players"], options)


class Problem(dict):
    """A header problem (``problem(...)``) where options are expected (a cached answer)."""


@bounded_cache()
def resolved_options(ruleset_id: str, text: str) -> dict | Problem:
    """The loaded options of a record's ``options`` (canonical JSON ``text``) when they are valid
    and resolved, else their problem; cached (within a byte budget), as most records share them."""
    try:
        options = registry.get(ruleset_id).make_options(json.loads(text))
    except InvalidOptions as exc:
        return Problem(problem(None, exc.code, exc.message))
    if canonical(options) != text:
        return Problem(problem(None, MALFORMED_RECORD, "'options' must be resolved: every option, defaults filled "
                                                       "(as the game's record has them)"))
    return options


def validate(record) -> dict:
    """The verdict on a record: replays its steps by the rules, stopping at the first error."""
    found = header_problem(record)
    started = start(record) if found is None else found
    if isinstance(started, dict):
        return verdict(0, started)
    ruleset, state = started
    automatic = 0   # chance steps and forced moves in a row (a game's MAX_AUTO_STEPS after a move)
    for index, step in enumerate(record["steps"]):
        try:
            forced = check_step(ruleset, state, step)
        except (EngineError, StepError) as exc:
            return verdict(index, problem(index, exc.code, exc.message, getattr(exc, "legal", None)))
        automatic = automatic + 1 if forced else 0
        if automatic > MAX_AUTO_STEPS:
            return verdict(index, problem(index, LIMIT, f"more than {MAX_AUTO_STEPS} chance steps and forced moves "
                                                        "in a row"))
    over = ruleset.is_over(state)
    result = ruleset.score(state) if over else None
    if over and "result" in record and record["result"] is not None and canonical(record["result"]) != canonical(result):
        return verdict(len(record["steps"]), problem(None, MALFORMED_RECORD, "'result' is not the game's result"),
                       FINISHED, result)
    return verdict(len(record["steps"]), None, FINISHED if over else ACTIVE, result)


def refused(error: EngineError | StepError, legal: list) -> EngineError | StepError:
    """``error`` carrying ``legal``, what was legal at its step (a verdict shows a sample)."""
    error.legal = legal
    return error


def check_step(ruleset: Ruleset, state, step) -> bool:
    """Apply one step if the rules allow it, else raise (with ``legal``, a sample of what was);
    True for an automatic step (a chance step or a forced move)."""
    if ruleset.is_over(state):
        raise refused(GameOver(N_("the game has ended; no step may follow")), [])
    if not isinstance(step, dict) or not (set(step) == {"chance"} or set(step) == {"seat", "move"}):
        raise refused(StepError(MALFORMED_STEP, 'a step is {"seat": s, "move": {...}} or {"chance": outcome}'), [])
    chance = ruleset.chance(state)
    if chance is not None:
        if "chance" not in step:
            raise refused(IllegalOutcome(N_("a chance step is due here, not a move")), chance.outcomes)
        outcome = step["chance"]
        if outcome is None:
            raise refused(StepError(HIDDEN_OUTCOME, "this chance outcome is left out (a redacted record)"),
                          chance.outcomes)
        if not possible(chance, outcome):
            raise refused(IllegalOutcome(N_("that outcome is not possible at this chance step")), chance.outcomes)
        ruleset.apply_chance(state, outcome)
        return True
    seats = ruleset.to_move(state)
    if "chance" in step:
        raise refused(IllegalOutcome(N_("no chance step is due here: seat {seat} is to move"), seat=seats[0]),
                      ruleset.legal_moves(state, seats[0]))
    seat, move = step["seat"], step["move"]
    if type(seat) is not int or seat not in seats:
        raise refused(NotYourTurn(seat), ruleset.legal_moves(state, seats[0]))
    legal = ruleset.legal_moves(state, seat)
    if move not in legal:
        try:
            ruleset.admit(state, seat, move)
            ruleset.perform(ruleset.copy_state(state), seat, move)   # raises with the rule's message
            raise IllegalMove(N_("that move is not legal in this position"))
        except EngineError as exc:
            raise refused(exc, legal) from None
    ruleset.perform(state, seat, move)
    return len(legal) == 1


# -- offline -----------------------------------------------------------------------------------
def main(argv: list[str]) -> int:
    """``validate FILE.json``: print the verdict (JSON); 0 for a valid record, 1 for an invalid
    one, 2 for a usage error or a file that is not JSON."""
    if len(argv) != 2 or argv[0] != "validate":
        print("usage: python -m engine.records validate FILE.json", file=sys.stderr)
        return 2
    try:
        with open(argv[1], "rb") as file:
            record = json.load(file)
    except (OSError, ValueError) as exc:
        print(f"engine.records: cannot read {argv[1]}: {exc}", file=sys.stderr)
        return 2
    found = validate(record)
    print(json.dumps(found, indent=2))
    return 0 if found["valid"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
