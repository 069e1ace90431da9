"""The project's Blueprint: flask-smorest's, reading every JSON body strictly (:mod:`.strict_json`)."""

import flask_smorest
from webargs import core
from webargs.flaskparser import FlaskParser, abort, is_json_request

from . import strict_json


class StrictJSONParser(FlaskParser):
    """Request bodies are read by :func:`strict_json.loads`; a refused body is ``400`` with the reason."""

    def _raw_load_json(self, req):
        if not is_json_request(req):
            if req.get_data(cache=True):   # a body in another type is refused, not ignored
                abort(400, messages={"json": ["a request body must be JSON (Content-Type: application/json)"]})
            return core.missing
        return strict_json.loads(req.get_data(cache=True))

    def _handle_invalid_json_error(self, error, req, *args, **kwargs):
        abort(400, exc=error, messages={"json": [getattr(error, "msg", str(error))]})


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = StrictJSONParser()
