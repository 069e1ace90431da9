"""The project's Blueprint: flask-smorest's, reading every JSON body strictly (:mod:`.strict_json`);
and :func:`as_built` for answers that their response schema only documents."""

from functools import wraps

import flask_smorest
from flask import jsonify
from webargs import core
from webargs.flaskparser import FlaskParser, abort, is_json_request

from engine.i18n import N_, Text

from . import strict_json


class StrictJSONParser(FlaskParser):
    """Request bodies are read by :func:`strict_json.loads`; a refused body is ``400`` with the reason."""

    def _raw_load_json(self, req):
        if not is_json_request(req):
            if req.get_data(cache=True):   # a body in another type is refused, not ignored
                must = Text(N_("a request body must be JSON (Content-Type: application/json)"))
                abort(400, messages={"json": [must]})
            return core.missing
        return strict_json.loads(req.get_data(cache=True))

    def _handle_invalid_json_error(self, error, req, *args, **kwargs):
        abort(400, exc=error, messages={"json": [getattr(error, "msg", str(error))]})


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = StrictJSONParser()


def as_built(view):
    """Write ``view``'s JSON answer as the view builds it, without ``@blp.response``'s schema dump
    (flask-smorest passes a Response through): for large answers whose schema declares every
    key they have and converts nothing, so the dump would copy them unchanged
    (tests/service/test_answers_as_built.py checks that it would)."""
    @wraps(view)
    def written(*args, **kwargs):
        answer = view(*args, **kwargs)
        if isinstance(answer, tuple) and isinstance(answer[0], dict):
            return (jsonify(answer[0]), *answer[1:])
        return jsonify(answer) if isinstance(answer, dict) else answer
    return written
