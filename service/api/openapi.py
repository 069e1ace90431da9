"""Print the OpenAPI spec generated from the app (``make openapi`` commits it)."""

import json

from .app import create_app


def generate() -> str:
    app = create_app()
    with app.app_context():
        spec = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    return json.dumps(spec, indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    print(generate(), end="")
