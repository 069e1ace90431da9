"""The Flask application factory."""

from __future__ import annotations

import logging

import redis
import swagger_ui_bundle
from flask import Flask, send_from_directory
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from engine import registry

from .config import Settings
from .errors import ApiError
from .games import Games
from .schemas import ErrorOut
from .security import init_security
from .store import GameStore

log = logging.getLogger("spielwerk")

HTTP_CODES = {400: "malformed_request", 401: "unauthorized", 404: "not_found", 405: "method_not_allowed",
              413: "malformed_request", 415: "malformed_request", 422: "malformed_request",
              429: "rate_limited"}


class SpielwerkApi(Api):
    """flask-smorest's Api with the contract's error body: a string ``code``."""

    ERROR_SCHEMA = ErrorOut

    def handle_http_exception(self, error: HTTPException):
        data = getattr(error, "data", None) or {}
        errors = data.get("errors") or data.get("messages") or {}
        if isinstance(errors, dict) and set(errors) == {"json"} and isinstance(errors["json"], dict):
            errors = errors["json"]
        status = error.code or 500
        code = HTTP_CODES.get(status, "internal_error" if status >= 500 else "malformed_request")
        if status >= 500:
            log.error("internal error", exc_info=getattr(error, "original_exception", None))
            message = "internal error"
        elif status == 400 and "messages" in data:
            message = "the body is not valid JSON"
        elif status == 422 and "messages" in data:
            message = "the request body does not match the schema"
        else:
            message = data.get("message") or _short(error)
        body = {"code": code, "status": status, "message": message, "errors": errors}
        headers = dict(data.get("headers") or {})
        if status == 405 and hasattr(error, "valid_methods") and error.valid_methods:
            headers["Allow"] = ", ".join(error.valid_methods)
        return body, status, headers


def _short(error: HTTPException) -> str:
    return (error.description or error.name).split("\n")[0]


def handle_api_error(error: ApiError):
    return error.payload(), error.status, error.headers


def handle_store_unreachable(error: redis.RedisError):
    """Redis down, restarting or loading its AOF: a retryable 503, not a bug's 500."""
    log.warning("game store unreachable: %s", error)
    return handle_api_error(ApiError("store_unavailable", 503, "the game store is unreachable; retry shortly",
                                     headers={"Retry-After": "1"}))


def serve_swagger_ui_assets(app: Flask) -> None:
    """Swagger UI at /docs with the assets of the swagger-ui-bundle package (no CDN)."""
    app.add_url_rule("/docs/assets/<path:filename>", "swagger_ui_assets",
                     lambda filename: send_from_directory(swagger_ui_bundle.swagger_ui_path, filename))


def create_app(settings: Settings | None = None, dispatcher=None, store: GameStore | None = None) -> Flask:
    """Build the app; ``dispatcher`` defaults to the Celery worker."""
    settings = settings or Settings.from_env()
    app = Flask(__name__)
    app.config.update(
        API_TITLE="Spielwerk",
        API_VERSION="1.0.0",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="docs",
        OPENAPI_SWAGGER_UI_URL="/docs/assets/",
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
        API_SPEC_OPTIONS={
            "info": {"description": "A rules-engine microservice for tabletop games."},
            "components": {"securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer"}}},
        },
    )
    if dispatcher is None:
        from worker.app import CeleryDispatcher, celery
        dispatcher = CeleryDispatcher(celery)
    store = store or GameStore.from_settings(settings)
    app.extensions["spielwerk"] = Games(store, dispatcher, resume_after=settings.visibility_timeout)
    app.extensions["spielwerk_settings"] = settings

    api = SpielwerkApi(app)
    init_security(app, settings)
    app.register_error_handler(ApiError, handle_api_error)
    for unreachable in (redis.ConnectionError, redis.TimeoutError):  # BusyLoadingError is a ConnectionError
        app.register_error_handler(unreachable, handle_store_unreachable)

    from . import games_api, meta_api, pictures_api, tasks_api
    for blueprint in (meta_api.blp, games_api.blp, pictures_api.blp, tasks_api.blp):
        api.register_blueprint(blueprint)
    app.register_blueprint(pictures_api.play_page)  # GET /play, static files
    meta_api.register_ruleset_schemas(api, registry.rulesets())
    serve_swagger_ui_assets(app)
    return app

