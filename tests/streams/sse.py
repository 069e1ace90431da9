"""A small Server-Sent Events client for the stream tests (http.client, no browser)."""

from __future__ import annotations

import http.client
import json


class Stream:
    """``GET path`` on 127.0.0.1:``port``; ``messages()`` yields ``{"id", "event", "data"}``."""

    def __init__(self, port: int, path: str, token: str | None = None, last_id: int | None = None,
                 timeout: float = 40):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        headers = {"Accept": "text/event-stream"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if last_id is not None:
            headers["Last-Event-ID"] = str(last_id)
        self.conn.request("GET", path, headers=headers)
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.text: list[str] = []

    def json(self):
        return json.loads(self.response.read())

    def messages(self):
        fields: dict = {}
        while True:
            line = self.response.readline()
            if not line:
                return                                   # the server ended the stream
            line = line.decode().rstrip("\n")
            self.text.append(line)
            if line == "":
                if "data" in fields:
                    yield {"id": int(fields["id"]), "event": fields.get("event", "message"),
                           "data": json.loads(fields["data"])}
                fields = {}
            elif not line.startswith(":"):
                name, _, value = line.partition(":")
                fields[name] = value[1:] if value.startswith(" ") else value

    def close(self):
        self.response.close()     # the response holds the socket open too
        self.conn.close()
