"""The project's Blueprint: flask-smorest's, with a JSON parser that survives deep nesting."""

import json

import flask_smorest
from webargs.flaskparser import FlaskParser


class SafeJSONParser(FlaskParser):
    """Parses request JSON; pathological nesting is invalid JSON (400), not a crash."""

    def _raw_load_json(self, req):
        try:
            return super()._raw_load_json(req)
        except RecursionError:
            raise json.JSONDecodeError("JSON nested too deeply", "[", 0) from None


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = SafeJSONParser()
