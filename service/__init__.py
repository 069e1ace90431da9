"""Spielwerk's HTTP service: a stateless Flask + flask-smorest API over Redis.

The app factory lives in :mod:`service.app`; this package import stays free of Flask
so that the worker can share :mod:`service.store` and :mod:`service.config`.
"""
