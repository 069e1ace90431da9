"""The Flask application factory."""

from __future__ import annotations

from copy import deepcopy
from pathlib import Path

import flask_swagger_ui
from flask import Flask, send_from_directory
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException

from ..config import Settings
from ..dispatch import CeleryDispatcher, make_celery
from ..games import Games
from ..idempotency import Replays
from ..records import Records
from ..events import Streams
from . import (contract, game_routes, lifecycle_routes, meta_routes, picture_routes, stream_routes, task_routes,
               webhook_routes)
from . import chance_routes, record_routes
from .errors import answer_http_exception, catalogue_table, register_error_handlers
from .json_provider import OrjsonProvider
from .languages import init_languages
from .ruleset_schemas import register as register_ruleset_types
from .schemas import ErrorOut
from .security import init_security
from .strict_json import MAX_INTEGER

DESCRIPTION = (
    "A rules-engine microservice for tabletop games.\n\n## Request bodies\n\n"
    "Bodies are JSON read strictly, at any depth (free-form objects such as `options` and `move` "
    "included): every number is an integer written without a fraction or an exponent (`3`, not "
    f"`3.0` or `3e0`) within ±{MAX_INTEGER}; duplicate keys, lone surrogates and NaN or Infinity "
    "are refused with 400 `malformed_request`.\n\n## Errors\n\n")


#: Where the API is: the server that serves this document (Swagger UI at /docs uses it), and
#: `make run`'s default address (HOST, PORT).
SERVERS = [{"url": "/", "description": "the server that serves this document"},
           {"url": "http://127.0.0.1:8000", "description": "`make run` (HOST 127.0.0.1, PORT 8000)"}]


class SpielwerkApi(Api):
    """flask-smorest's Api with the contract's error body: a string ``code``."""

    ERROR_SCHEMA = ErrorOut
    #: no catch-all ``default`` response: every operation lists each status it answers
    DEFAULT_ERROR_RESPONSE_NAME = None

    def handle_http_exception(self, error: HTTPException):
        return answer_http_exception(error)

    def _register_responses(self):
        """The error body is the component ``Error``, named before anything refers to it."""
        self.spec.components.schema("Error", schema=self.ERROR_SCHEMA)
        super()._register_responses()
        # @blp.arguments documents its 422 as UNPROCESSABLE_ENTITY: there too, the catalogue's codes
        responses = {**contract.RESPONSES, "UNPROCESSABLE_ENTITY": contract.RESPONSES[contract.error_response(422)]}
        for name, response in responses.items():
            response = deepcopy(response)
            prepare_response(response, self.spec, self.DEFAULT_RESPONSE_CONTENT_TYPE)
            self.spec.components.response(name, response, lazy=True)

    def _register_pagination_header(self):
        """No route pages with flask-smorest: no (unused) ``PaginationMetadata`` component."""


# Swagger UI 5's dist files (it reads OpenAPI 3.1; 4.x cannot), as the pinned flask-swagger-ui
# package ships them: flask-smorest's /docs page loads swagger-ui.css, swagger-ui-bundle.js and
# swagger-ui-standalone-preset.js from OPENAPI_SWAGGER_UI_URL, served from here (no CDN).
SWAGGER_UI_DIST = Path(flask_swagger_ui.__file__).resolve().parent / "dist"


def serve_swagger_ui_assets(app: Flask) -> None:
    """Swagger UI at /docs with the assets of the flask-swagger-ui package (no CDN)."""
    if not (SWAGGER_UI_DIST / "swagger-ui-bundle.js").is_file():
        raise RuntimeError(f"no Swagger UI assets in {SWAGGER_UI_DIST}: reinstall flask-swagger-ui")
    app.add_url_rule("/docs/assets/<path:filename>", "swagger_ui_assets",
                     lambda filename: send_from_directory(SWAGGER_UI_DIST, filename))


def create_app(settings: Settings | None = None) -> Flask:
    """Build the app over the Redis store and the Celery broker of ``settings`` (default: the
    environment's)."""
    settings = settings or Settings.from_env()
    app = Flask(__name__)
    app.json = OrjsonProvider(app)
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
            "info": {"description": DESCRIPTION + catalogue_table()},
            "servers": SERVERS,
            "components": {"securitySchemes": {
                "seatToken": {"type": "http", "scheme": "bearer"},
                "adminToken": {"type": "http", "scheme": "bearer",
                               "description": "the game's `admin_token`, answered once by `POST /v1/games`"}}},
        },
    )
    app.extensions["spielwerk"] = Games.from_settings(settings, CeleryDispatcher(make_celery(settings)))
    app.extensions["spielwerk_replays"] = Replays(app.extensions["spielwerk"].store)
    app.extensions["spielwerk_records"] = Records(app.extensions["spielwerk"].store,
                                                  app.extensions["spielwerk"].dispatcher)
    app.extensions["spielwerk_streams"] = Streams.from_settings(settings, app.extensions["spielwerk"].store.redis)

    api = SpielwerkApi(app)
    init_security(app, settings)
    register_error_handlers(app)
    init_languages(app)
    for blueprint in (meta_routes.blp, game_routes.blp, picture_routes.blp, stream_routes.blp, task_routes.blp,
                      webhook_routes.blp, lifecycle_routes.blp):
        api.register_blueprint(blueprint)
    api.register_blueprint(record_routes.blp)
    api.register_blueprint(chance_routes.blp)
    app.register_blueprint(picture_routes.play_page)  # GET /play, static files
    register_ruleset_types(api)  # every ruleset's moves, options, views, events (after the blueprints)
    serve_swagger_ui_assets(app)
    return app
