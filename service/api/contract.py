"""How every operation is documented: its security, the headers it sets and every error status
it can answer, each with the ``Error`` schema and a description naming its codes (from the
catalogue, :mod:`.errors`). Routes decorate their methods with :func:`answers`."""

from __future__ import annotations

from http import HTTPStatus

from .errors import CATALOGUE
from .schemas import ErrorOut

#: ``security`` of an operation: public, with a seat token, or either (a spectator has none);
#: with the game's admin token, or a seat's or the admin's.
PUBLIC: list = []
SEAT = [{"seatToken": []}]
SEAT_OR_SPECTATOR = [{}, {"seatToken": []}]
ADMIN = [{"adminToken": []}]
SEAT_OR_ADMIN = [{"seatToken": []}, {"adminToken": []}]

STRING = {"type": "string"}
RETRY_AFTER = {"description": "seconds to wait before retrying", "schema": {"type": "integer", "minimum": 0}}
CACHE_CONTROL = {"description": "`private, no-store` on every answer to a request with a seat token "
                                "(the answer is for that seat only)", "schema": STRING}
WWW_AUTHENTICATE = {"description": 'the scheme expected: `Bearer realm="spielwerk"`', "schema": STRING}
ETAG = {"description": "the game's version, quoted (send it as `If-None-Match`, or to moves as `If-Match`)",
        "schema": STRING}

#: Headers an answer of each error status carries (besides Cache-Control).
ERROR_HEADERS = {401: {"WWW-Authenticate": WWW_AUTHENTICATE}, 429: {"Retry-After": RETRY_AFTER},
                 503: {"Retry-After": RETRY_AFTER}}


#: The codes any operation may answer with a status (the framework's, the store's); an operation
#: names the others it answers (``quota_exceeded``, ``outcome_unknown``, the rules' codes...).
GENERIC = {400: ["malformed_request"], 401: ["unauthorized"], 404: ["not_found"], 413: ["malformed_request"],
           422: ["malformed_request"], 429: ["rate_limited"], 500: ["internal_error"], 503: ["store_unavailable"]}


def codes_of(status: int) -> list[str]:
    """Every catalogue code that may answer with ``status``."""
    return [code for code, entry in CATALOGUE.items() if status in entry.statuses]


def example_error(code: str, status: int) -> dict:
    meaning = CATALOGUE[code].meaning.split(";")[0].split(" (")[0]
    return {"code": code, "status": status, "message": meaning, "errors": {}}


#: Every error response the routes use, by component name (``components/responses``): the
#: Api registers them (:meth:`SpielwerkApi._register_responses`), each operation refers to them.
RESPONSES: dict[str, dict] = {}


def camel(words: str) -> str:
    return "".join(part.capitalize() for part in words.replace("_", " ").replace("-", " ").split())


def error_response(status: int, codes: list[str] | None = None, private: bool = False) -> str:
    """The name of the response component of ``status`` answered with ``codes`` (default: the
    GENERIC codes of that status, else every code of it), registered in :data:`RESPONSES`."""
    every = GENERIC.get(status) or codes_of(status)
    codes = codes or every
    wrong = [code for code in codes if code not in CATALOGUE or status not in CATALOGUE[code].statuses]
    if wrong:
        raise ValueError(f"{status} is not a status of {wrong}")
    name = camel(HTTPStatus(status).phrase) if codes == every else "Or".join(camel(code) for code in codes)
    name += "Private" if private else ""
    if name not in RESPONSES:
        lines = "\n".join(f"- `{code}`: {CATALOGUE[code].meaning}" for code in codes)
        headers = dict(ERROR_HEADERS.get(status, {}))
        if private:
            headers["Cache-Control"] = CACHE_CONTROL
        RESPONSES[name] = {
            "description": f"{HTTPStatus(status).phrase}:\n\n{lines}", "schema": ErrorOut,
            **({"headers": headers} if headers else {}),
            "examples": {code: {"summary": code, "value": example_error(code, status)} for code in codes}}
    return name


def answers(blp, *statuses, private: bool = False, **codes: list[str]):
    """Decorator: document each error ``status`` of the operation; ``codes`` narrows a status's
    codes by its name (``s409=["not_your_turn"]``); ``private``: answers to a seat token's
    request carry Cache-Control."""
    def decorate(func):
        for status in reversed(statuses):
            func = blp.alt_response(status, error_response(status, codes.get(f"s{status}"), private))(func)
        return func
    return decorate


def headers(*names: str, private: bool = False) -> dict | None:
    """A success answer's headers: ``ETag`` and/or ``Cache-Control``."""
    known = {"ETag": ETAG, "Cache-Control": CACHE_CONTROL}
    chosen = {name: known[name] for name in names}
    if private:
        chosen["Cache-Control"] = CACHE_CONTROL
    return chosen or None
