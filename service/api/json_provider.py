"""Flask's JSON answers through orjson: every response body of the API is written here.

orjson writes UTF-8 directly and several times faster than the standard library; keys stay
in the order the answer builds them. What orjson cannot write (an integer beyond 64 bits, a
lone surrogate in a string stored before input was strict) falls back to the standard
library, which writes it as Flask always did. Request bodies are read by ``strict_json``.
"""

from __future__ import annotations

from flask.json.provider import DefaultJSONProvider

from ..json_bytes import json_bytes


class OrjsonProvider(DefaultJSONProvider):
    """``app.json``: orjson for answers, the standard library where orjson refuses a value."""

    def encode(self, obj) -> bytes:
        """``obj`` as one line of JSON with a newline, as Flask's answers are."""
        return json_bytes(obj, self.default) + b"\n"

    def dumps(self, obj, **kwargs) -> str:
        if kwargs:
            return super().dumps(obj, **kwargs)
        return json_bytes(obj, self.default).decode()

    def response(self, *args, **kwargs):
        return self._app.response_class(self.encode(self._prepare_response_obj(args, kwargs)),
                                        mimetype=self.mimetype)
