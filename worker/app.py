"""The worker's Celery app: the core's configuration, with the tasks of :mod:`worker.tasks` and
:mod:`worker.clocks` (the clocks' timer and sweep)."""

from service.config import Settings
from service.dispatch import make_celery

celery = make_celery(Settings.from_env(), include=("worker.tasks", "worker.clocks"))
