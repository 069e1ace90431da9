"""Spielwerk's Celery worker: AI moves, hints and final score sheets."""
