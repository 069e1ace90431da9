"""Small helpers for API tests."""

import time

TOY = "toy-high-card"


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def create(client, seats=None, seed=7, ruleset=TOY, options=None):
    body = {"ruleset": ruleset, "seats": seats or [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}],
            "seed": seed}
    if options is not None:
        body["options"] = options
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.json
    return response.json


def tokens(created) -> dict:
    return {s["seat"]: s["token"] for s in created["seats"] if "token" in s}


def wait_for(predicate, timeout=45.0, interval=0.02, what="condition"):
    """Poll until ``predicate()`` is truthy; returns its value or fails naming ``what``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"{what} not reached within {timeout} s")


def assert_error(response, status, code):
    assert response.status_code == status, (response.status_code, response.json)
    body = response.json
    assert body["code"] == code and body["status"] == status
    assert isinstance(body["message"], str) and body["message"]
    assert isinstance(body["errors"], dict)
