"""Development helpers, apart from the core and the HTTP layer: ``make run`` and the
embedded redis-server that it and the tests start."""
