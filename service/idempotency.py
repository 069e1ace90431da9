"""Idempotent creates: a request retried with the same ``Idempotency-Key`` gets the first
one's answer instead of doing the work again.

A key is scoped by its client (the key of the quota and the rate limits) and kept
``ANSWER_SECONDS`` (24 h). Redis holds, under a hash of scope and key, the request's
fingerprint and the answer encrypted (Fernet) with a key derived from the idempotency key
itself: the answer holds seat tokens, and whoever reads Redis without the idempotency key
cannot read them (seat tokens are otherwise stored only as hashes). Only successful answers
are kept; a failed request frees its key for the retry.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from engine import canonical
from engine.i18n import N_

from .errors import IdempotencyConflict
from .store import GameStore

#: Seconds an answer is kept for retries.
ANSWER_SECONDS = 24 * 3600
#: Seconds a key stays claimed by a request still at work (then a retry may claim it again).
PENDING_SECONDS = 60
#: The longest key taken; printable ASCII only (a UUID is the usual choice).
MAX_KEY_CHARS = 255


def fingerprint(body) -> str:
    """The request body's identity: SHA-256 of its canonical JSON."""
    return hashlib.sha256(canonical(body).encode()).hexdigest()


def _derive(scope: str, key: str, purpose: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=scope.encode(), info=purpose).derive(key.encode())


class Replays:
    """Runs a request once per (scope, idempotency key) and replays its answer."""

    def __init__(self, store: GameStore):
        self.store = store

    def run(self, scope: str, key: str, body_fingerprint: str, work: Callable[[], dict]) -> tuple[dict, bool]:
        """``work()``'s answer, and False; or the answer of the first request with this key, and
        True. IdempotencyConflict when the key came with another body or is still at work."""
        name = _derive(scope, key, b"spielwerk idempotency name").hex()
        cipher = Fernet(base64.urlsafe_b64encode(_derive(scope, key, b"spielwerk idempotency answer")))
        pending = json.dumps({"fingerprint": body_fingerprint})
        found = self.store.claim_once(name, pending, PENDING_SECONDS)
        if found is not None:
            return self._replay(json.loads(found), body_fingerprint, cipher), True
        try:
            answer = work()
        except BaseException:
            self.store.drop_once(name)
            raise
        sealed = cipher.encrypt(json.dumps(answer).encode()).decode()
        self.store.keep_once(name, json.dumps({"fingerprint": body_fingerprint, "answer": sealed}), ANSWER_SECONDS)
        return answer, False

    @staticmethod
    def _replay(stored: dict, body_fingerprint: str, cipher: Fernet) -> dict:
        if stored["fingerprint"] != body_fingerprint:
            raise IdempotencyConflict(N_("this Idempotency-Key was used with another request body"))
        if "answer" not in stored:
            raise IdempotencyConflict(N_("the first request with this Idempotency-Key is still at work: retry shortly"))
        try:
            return json.loads(cipher.decrypt(stored["answer"].encode()))
        except InvalidToken:  # cannot happen for the same scope and key; never show another's answer
            raise IdempotencyConflict(N_("this Idempotency-Key was used with another request body")) from None
