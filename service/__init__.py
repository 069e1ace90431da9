"""Spielwerk's service: the HTTP-free core that the API and the worker share, and the API.

The core (use cases :mod:`service.games`, the Redis store :mod:`service.store`, settings
:mod:`service.config`, the task dispatcher :mod:`service.dispatch`, domain errors
:mod:`service.errors`) knows no Flask and no worker. The HTTP layer is :mod:`service.api`;
:mod:`service.dev` holds the helpers of ``make run``. The contracts in pyproject.toml
(``lint-imports``) keep it so.
"""
