"""The API's error type and the mapping from engine errors to the HTTP contract."""

from __future__ import annotations

from engine import EngineError


class ApiError(Exception):
    """An error answered as ``{"code", "status", "message", "errors"}``."""

    def __init__(self, code: str, status: int, message: str, errors: dict | None = None,
                 headers: dict | None = None):
        super().__init__(message)
        self.code = code
        self.status = status
        self.message = message
        self.errors = errors or {}
        self.headers = headers or {}

    def payload(self) -> dict:
        return {"code": self.code, "status": self.status, "message": self.message, "errors": self.errors}


ENGINE_STATUS = {
    "illegal_move": 422,
    "not_your_turn": 409,
    "game_over": 409,
    "invalid_options": 422,
    "not_found": 404,
}


def from_engine(error: EngineError) -> ApiError:
    return ApiError(error.code, ENGINE_STATUS.get(error.code, 422), error.message, error.errors)


def not_found(what: str) -> ApiError:
    return ApiError("not_found", 404, f"{what} not found")


def unauthorized(message: str = "a valid seat token for this game is required") -> ApiError:
    return ApiError("unauthorized", 401, message, headers={"WWW-Authenticate": 'Bearer realm="spielwerk"'})


def stale(current: int, status: int = 409) -> ApiError:
    return ApiError("stale_version", status, f"the game is at version {current}", {"version": current})


def malformed(message: str, errors: dict | None = None, status: int = 422) -> ApiError:
    return ApiError("malformed_request", status, message, errors)
