"""Flask's JSON answers through orjson: every response body of the API is written here.

orjson writes UTF-8 directly and several times faster than the standard library; keys stay
in the order the answer builds them. What orjson cannot write (an integer beyond 64 bits, a
lone surrogate in a string stored before input was strict) falls back to the standard
library, which writes it as Flask always did. Request bodies are read by ``strict_json``.
"""

from __future__ import annotations

import json

import orjson
from flask.json.provider import DefaultJSONProvider

OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_APPEND_NEWLINE


class OrjsonProvider(DefaultJSONProvider):
    """``app.json``: orjson for answers, the standard library where orjson refuses a value."""

    def encode(self, obj) -> bytes:
        """``obj`` as one line of JSON with a newline, as Flask's answers are."""
        try:
            return orjson.dumps(obj, default=self.default, option=OPTIONS)
        except orjson.JSONEncodeError:
            return (json.dumps(obj, default=self.default, separators=(",", ":")) + "\n").encode()

    def dumps(self, obj, **kwargs) -> str:
        if kwargs:
            return super().dumps(obj, **kwargs)
        return self.encode(obj)[:-1].decode()

    def response(self, *args, **kwargs):
        return self._app.response_class(self.encode(self._prepare_response_obj(args, kwargs)),
                                        mimetype=self.mimetype)
