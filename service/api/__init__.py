"""The HTTP layer: the only part of Spielwerk that knows Flask, flask-smorest, webargs,
status codes and headers. ``create_app`` is in :mod:`service.api.app`."""
